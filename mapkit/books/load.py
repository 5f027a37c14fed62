"""Read C3G Books: JSON, then the schema, then the model. Errors name the JSON path.

Also the Book's entry in the format registry (`sniff`, `read`): a Book is known by its content,
whatever its name (`box.json` as well as `box.book.json`)."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from mapkit import limits, registry
from mapkit.books.model import KINDS, Book, book_from_dict
from mapkit.books.schema import book_errors
from mapkit.errors import FormatError
from mapkit.formats._json import parse_json
from mapkit.io import check_name, read_input, remember_input

#: The format's name, from its registry row: what a Book file says it is in its "format" key.
NAME = registry.declared(__name__).name
_FORMAT_KEY = re.compile(rb'"format"\s*:\s*"' + re.escape(NAME.encode()) + rb'"')
_KIND_KEY = re.compile(rb'"kind"\s*:\s*"(' + b"|".join(k.encode() for k in KINDS) + rb')"')


def sniff(head: bytes) -> float:
    """Certain for a JSON object whose "format" is "mapkit-book"; likely for one with a Book's
    "kind" and a "footprint" (both required by the schema; "format" is not)."""
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if not text.startswith(b"{"):
        return 0.0
    if _FORMAT_KEY.search(text, 0, 400):
        return 1.0
    return 0.8 if _KIND_KEY.search(text) and b'"footprint"' in text else 0.0


def read(data: bytes, filename: str = "") -> Book:
    """A Book from the bytes of its file; FormatError names the file and the JSON path."""
    if len(data) > limits.BOOK_BYTES.value:
        raise limits.BOOK_BYTES.exceeded(len(data), file=filename or None, what="more than")
    try:
        doc = parse_json(data)
    except FormatError as exc:
        raise (exc.with_file(filename) if filename else exc) from None
    return book_from_json(doc, filename or None)


def read_book_json(path: str | Path) -> Any:
    """The parsed JSON of a Book file, or FormatError naming the file and the place (size,
    nesting and digits bounded: `mapkit.limits`)."""
    path = Path(path)
    data = read_input(path, limits.BOOK_BYTES)
    try:
        return parse_json(data)
    except FormatError as exc:
        raise exc.with_file(str(path)) from None


def book_json(data: bytes, shown: str) -> Any:
    """The parsed JSON of a Book file's bytes as `mapkit.formats.read_file` read them, refused
    as `read_book_json` refuses the file (past the Book size limit, not JSON), `shown` naming it."""
    if len(data) > limits.BOOK_BYTES.value:
        raise limits.BOOK_BYTES.exceeded(None, file=shown)
    try:
        return parse_json(data)
    except FormatError as exc:
        raise exc.with_file(shown) from None


def book_from_bytes(data: bytes, shown: str) -> Book:
    """A Book from the bytes of its file, refused as `load_book` refuses the file."""
    return book_from_json(book_json(data, shown), shown)


def book_from_json(doc: Any, path: str | None = None) -> Book:
    """Validate a parsed document and build the Book; FormatError at the first error."""
    errors = book_errors(doc, path)
    if errors:
        where, message = errors[0]
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise FormatError(message + more, file=path, where=where)
    return book_from_dict(doc, path)


def load_book(path: str | Path) -> Book:
    """Load and validate one Book file."""
    check_name(str(path))
    resolved = Path(path).resolve()
    remember_input(resolved)  # an input of this run even when the cache answers
    try:
        stat = resolved.stat()
        stamp = (stat.st_mtime_ns, stat.st_size)
    except (OSError, ValueError):
        stamp = (0, 0)
    return _load_cached(str(resolved), str(path), stamp)


@lru_cache(maxsize=256)
def _load_cached(resolved: str, shown: str, stamp: tuple[int, int]) -> Book:
    try:
        doc = read_book_json(resolved)
    except FormatError as exc:  # name the file as the user gave it, not its resolved path
        if exc.file == resolved:
            exc.file = None
        raise exc.with_file(shown) from None
    return book_from_json(doc, shown)
