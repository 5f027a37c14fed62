"""Hexoscape personal inventory: a TSV or CSV table with the columns ID, Type, Size, Count.

IDs are Hexoscape's inventory keys (`grass24`, `castleBaseCorner`) or short piece ids (`ld`);
both are catalog fields (`hexoscape_inventory`, `hexoscape`). Hexoscape's own template lists
`swampBrush10` twice, once typed "Laur Underbrush": the Type column settles which piece is meant.
"""

from __future__ import annotations

import csv
import io

from mapkit.errors import FormatError, excerpt
from mapkit.model.catalog import catalog
from mapkit.sets import owned
from mapkit.sets.counts import read_count

#: Type names that pick a piece when the ID is ambiguous.
TYPE_HINTS = {"laur underbrush": "laur-brush-10", "swamp underbrush": "swamp-brush-10"}
#: IDs the catalog does not carry (Hexoscape's inventory key for the castle flag).
ID_ALIASES = {"flag": "castle-flag"}


def sniff(head: bytes) -> float:
    """Likely when the first line is a header with ID first and a Count column (a table with
    such a header could be something else)."""
    first = head.lstrip(b"\xef\xbb\xbf").split(b"\n", 1)[0].lower()
    return 0.8 if first.startswith(b"id") and b"count" in first else 0.0


def _renamed() -> dict[str, str]:
    """Hexoscape's newer inventory names for pieces the catalog knows by their older ones
    (laurWallSquarePillar, laurWallRuin1: the aliases of the set table)."""
    from mapkit.sets.sets import set_table

    return {key: entry["type"] for key, entry in set_table().get("aliases", {}).items()}


def _piece(key: str, type_name: str) -> str | None:
    cat = catalog()
    hint = TYPE_HINTS.get(type_name.strip().lower())
    if hint:
        return hint
    if key in ID_ALIASES:
        return ID_ALIASES[key]
    renamed = _renamed().get(key)
    if renamed:
        return renamed
    for ptype in cat.types.values():
        if ptype.hexoscape_inventory == key:
            return ptype.id
    found = cat.by_hexoscape.get(key)
    return found.id if found else None


def read_collection(data: bytes, filename: str = "", warnings: list[str] | None = None) -> dict[str, int]:
    """type id -> count. Skips nothing (an unknown ID is an error), so `warnings` stays as given."""
    try:
        return _read(data, filename)
    except csv.Error as exc:
        raise FormatError(f"malformed table: {exc}", file=filename or None) from None


#: The registry's name for the reader.
read = read_collection


def _read(data: bytes, filename: str) -> dict[str, int]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FormatError(f"not UTF-8 text (byte {exc.start})", file=filename or None) from None
    first = text.split("\n", 1)[0]
    delimiter = "\t" if "\t" in first else (";" if first.count(";") > first.count(",") else ",")
    rows = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        header = [h.strip().lower() for h in next(rows)]
    except StopIteration:
        raise FormatError("empty inventory", file=filename or None) from None
    missing = [c for c in ("id", "count") if c not in header]
    if missing:
        raise FormatError(f"header lacks column(s) {', '.join(missing)} (expected ID, Type, Size, Count)",
                          file=filename or None, where="line 1")
    col_id, col_count = header.index("id"), header.index("count")
    col_type = header.index("type") if "type" in header else None
    counts: dict[str, int] = {}
    for number, row in enumerate(rows, 2):
        if not row or not any(cell.strip() for cell in row):
            continue
        if len(row) <= max(col_id, col_count):
            raise FormatError("too few columns", file=filename or None, where=f"line {number}")
        key, value = row[col_id].strip(), row[col_count].strip()
        count = read_count(key, value, filename or None, f"line {number}")
        type_id = _piece(key, row[col_type] if col_type is not None and col_type < len(row) else "")
        if type_id is None:
            product = owned.product_named(key)  # a row may name a set: its pieces, Count times
            if product is None:
                raise FormatError(f"unknown piece or set {excerpt(key)!r}", file=filename or None,
                                  where=f"line {number}")
            for set_type, n in product.set.pieces if product.set is not None else ():
                counts[set_type] = counts.get(set_type, 0) + n * count
            continue
        counts[type_id] = counts.get(type_id, 0) + count
    return counts
