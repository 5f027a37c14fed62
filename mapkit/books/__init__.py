"""C3G Books: the rules page of a structure, destructible object or vehicle, as JSON data.

API:
    load_book(path) -> Book                 schema-validated; FormatError names the JSON path
    book_from_json(doc, path=None) -> Book
    Book, Floor, Mark, SIZES, KINDS
    classify(book, params) -> Overlay       one Book in its own frame (mapkit.books.overlay)
    place(overlay, q, r, level, rotation) -> PlacedOverlay
    ground_overlay([(book, q, r, level, rotation), ...], params) -> {level: {(q, r): class}}
"""

from mapkit.books.load import book_from_json, load_book
from mapkit.books.model import KINDS, MARK_KINDS, SIZES, Book, Floor, Mark
from mapkit.books.overlay import (FloorOverlay, Overlay, PlacedOverlay, classify, ground_overlay, place,
                                  placed_footprint)

__all__ = ["load_book", "book_from_json", "Book", "Floor", "Mark", "KINDS", "MARK_KINDS", "SIZES", "FloorOverlay",
           "Overlay", "PlacedOverlay", "classify", "ground_overlay", "place", "placed_footprint"]
