"""C3G Books: the rules page of a structure, destructible object or vehicle, as JSON data.

API:
    load_book(path) -> Book                 schema-validated; FormatError names the JSON path
    book_from_json(doc, path=None) -> Book
    Book, Floor, Mark, SIZES, KINDS
    check_book_file(path) -> list[Finding]  (mapkit.books.check; used by `mapkit validate`)
"""

from mapkit.books.load import book_from_json, load_book
from mapkit.books.model import KINDS, MARK_KINDS, SIZES, Book, Floor, Mark

__all__ = ["load_book", "book_from_json", "Book", "Floor", "Mark", "KINDS", "MARK_KINDS", "SIZES"]
