"""Read `*.book.json` files: JSON, then the schema, then the model. Errors name the JSON path."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from mapkit.books.model import Book, book_from_dict
from mapkit.books.schema import book_errors
from mapkit import limits
from mapkit.errors import FormatError
from mapkit.formats._json import parse_json
from mapkit.io import read_input, remember_input


def read_book_json(path: str | Path) -> Any:
    """The parsed JSON of a Book file, or FormatError naming the file and the place (size,
    nesting and digits bounded: `mapkit.limits`)."""
    path = Path(path)
    data = read_input(path, limits.BOOK_BYTES)
    try:
        return parse_json(data)
    except FormatError as exc:
        raise exc.with_file(str(path)) from None


def check_vertices(doc: Any, path: str | None = None) -> None:
    """Refuse a Book whose polygons have more corners in all than the limit, before the schema
    and the geometry spend time on them (a 200,000-vertex Book took 5 s to be refused)."""
    if not isinstance(doc, dict):
        return
    polygons = []
    footprint = doc.get("footprint")
    if isinstance(footprint, dict):
        polygons.append(("$.footprint.polygon", footprint.get("polygon")))
    floors = doc.get("floors")
    if isinstance(floors, list):
        polygons += [(f"$.floors[{i}].interior", f.get("interior")) for i, f in enumerate(floors) if isinstance(f, dict)]
    total = 0
    for where, polygon in polygons:
        if isinstance(polygon, list):
            total += len(polygon)
            if total > limits.BOOK_VERTICES.value:
                raise limits.BOOK_VERTICES.exceeded(total, file=path, where=where, what="the Book's polygons")


def book_from_json(doc: Any, path: str | None = None) -> Book:
    """Validate a parsed document and build the Book; FormatError at the first error."""
    check_vertices(doc, path)
    errors = book_errors(doc)
    if errors:
        where, message = errors[0]
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise FormatError(message + more, file=path, where=where)
    return book_from_dict(doc, path)


def load_book(path: str | Path) -> Book:
    """Load and validate one Book file."""
    resolved = Path(path).resolve()
    remember_input(resolved)  # an input of this run even when the cache answers
    try:
        stat = resolved.stat()
        stamp = (stat.st_mtime_ns, stat.st_size)
    except OSError:
        stamp = (0, 0)
    return _load_cached(str(resolved), str(path), stamp)


@lru_cache(maxsize=256)
def _load_cached(resolved: str, shown: str, stamp: tuple[int, int]) -> Book:
    return book_from_json(read_book_json(resolved), shown)
