"""Read `*.book.json` files: JSON, then the schema, then the model. Errors name the JSON path."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from mapkit.books.model import Book, book_from_dict
from mapkit.books.schema import book_errors
from mapkit import limits
from mapkit.errors import FormatError
from mapkit.io import read_input


def read_book_json(path: str | Path) -> Any:
    """The parsed JSON of a Book file, or FormatError naming the file and line."""
    path = Path(path)
    data = read_input(path, limits.BOOK_BYTES)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FormatError(f"not UTF-8 text (byte {exc.start})", file=str(path)) from None
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise FormatError(f"invalid JSON: {exc.msg}", file=str(path), where=f"line {exc.lineno} column {exc.colno}") from None
    except _NotJSON as exc:
        raise FormatError(f"invalid JSON: {exc} is not a number JSON allows", file=str(path)) from None


class _NotJSON(ValueError):
    pass


def _no_constant(name: str) -> Any:
    """Python's json reads NaN and Infinity; JSON has no such numbers, and geometry chokes on them."""
    raise _NotJSON(name)


def book_from_json(doc: Any, path: str | None = None) -> Book:
    """Validate a parsed document and build the Book; FormatError at the first error."""
    errors = book_errors(doc)
    if errors:
        where, message = errors[0]
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise FormatError(message + more, file=path, where=where)
    return book_from_dict(doc, path)


def load_book(path: str | Path) -> Book:
    """Load and validate one Book file."""
    resolved = Path(path).resolve()
    try:
        stat = resolved.stat()
        stamp = (stat.st_mtime_ns, stat.st_size)
    except OSError:
        stamp = (0, 0)
    return _load_cached(str(resolved), str(path), stamp)


@lru_cache(maxsize=256)
def _load_cached(resolved: str, shown: str, stamp: tuple[int, int]) -> Book:
    return book_from_json(read_book_json(resolved), shown)
