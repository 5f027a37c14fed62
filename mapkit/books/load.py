"""Read C3G Books: JSON, then the schema, then the model. Errors name the JSON path.

Also the Book's entry in the format registry (`sniff`, `read`): a Book is known by its content,
whatever its name (`box.json` as well as `box.book.json`)."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from mapkit import limits
from mapkit.books.model import KINDS, Book, book_from_dict
from mapkit.books.schema import book_errors
from mapkit.errors import FormatError
from mapkit.io import read_input

NAME = "mapkit-book"
EXTENSIONS = (".book.json",)
DESCRIPTION = "C3G Book (mapkit JSON)"
_FORMAT_KEY = re.compile(rb'"format"\s*:\s*"mapkit-book"')
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
    """A Book from the bytes of its file; FormatError names the JSON path."""
    if len(data) > limits.BOOK_BYTES.value:
        raise limits.BOOK_BYTES.exceeded(len(data), file=filename or None, what="more than")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FormatError(f"not UTF-8 text (byte {exc.start})", file=filename or None) from None
    return book_from_json(_parse(text, filename or None), filename or None)


def read_book_json(path: str | Path) -> Any:
    """The parsed JSON of a Book file, or FormatError naming the file and line."""
    path = Path(path)
    data = read_input(path, limits.BOOK_BYTES)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FormatError(f"not UTF-8 text (byte {exc.start})", file=str(path)) from None
    return _parse(text, str(path))


def _parse(text: str, shown: str | None) -> Any:
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise FormatError(f"invalid JSON: {exc.msg}", file=shown, where=f"line {exc.lineno} column {exc.colno}") from None
    except _NotJSON as exc:
        raise FormatError(f"invalid JSON: {exc} is not a number JSON allows", file=shown) from None
    except RecursionError:
        raise FormatError("invalid JSON: nested too deeply", file=shown) from None


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
