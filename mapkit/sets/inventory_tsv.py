"""Hexoscape personal inventory: a table with a piece id column and a count column.

Read as the web editor reads an inventory file (Dissolutio/heroscape-map-editor,
src/utils/piece-inventory.ts, 2026; facts restated, no code copied): a header row, the separator
guessed from the rows (comma, tab, "|", ";" or the ASCII record and unit separators, as its CSV
parser guesses), the id under "ID", "PieceID" or "Piece ID" and the count under "Count",
"Quantity" or "Qty", in any case, and blank lines skipped. Its own export is ID, Type, Size,
Count. A row whose id no piece has is skipped, as the editor skips it, and named in the warnings.

IDs are Hexoscape's inventory keys (`grass24`, `castleBaseCorner`) or short piece ids (`ld`);
both are catalog fields (`hexoscape_inventory`, `hexoscape`). A row may also name a set (its
pieces, Count times). Hexoscape's own template lists `swampBrush10` twice, once typed "Laur
Underbrush": the Type column settles which piece is meant.
"""

from __future__ import annotations

import csv
import io
from functools import lru_cache

from mapkit.errors import FormatError, excerpt
from mapkit.model.catalog import catalog
from mapkit.sets import owned
from mapkit.sets.counts import read_count

#: Type names that pick a piece when the ID is ambiguous.
TYPE_HINTS = {"laur underbrush": "laur-brush-10", "swamp underbrush": "swamp-brush-10"}
#: IDs the catalog does not carry (Hexoscape's inventory key for the castle flag).
ID_ALIASES = {"flag": "castle-flag"}


#: The column headers the editor takes for the piece id and for the count (compared in lower case).
ID_HEADERS = ("id", "pieceid", "piece id")
COUNT_HEADERS = ("count", "quantity", "qty")
#: The separators the editor's CSV parser guesses among, in its order of preference.
SEPARATORS = (",", "\t", "|", ";", "\x1e", "\x1f")
#: Lines the separator is guessed from.
_GUESS_LINES = 10


def sniff(head: bytes) -> float:
    """Likely when the first line is a header with a piece id column and a count column (a table
    with such a header could be something else)."""
    lines = head.lstrip(b"\xef\xbb\xbf").decode("utf-8", "replace").splitlines()[:_GUESS_LINES]
    header = _columns(lines, separator(lines)) if lines else []
    return 0.8 if _find(header, ID_HEADERS) is not None and _find(header, COUNT_HEADERS) is not None else 0.0


def separator(lines: list[str]) -> str:
    """The separator of a table from its first lines: of those that split the header into more than
    one column, the one that splits the most lines into as many columns (the earlier on a tie)."""
    rows = [line for line in lines if line.strip()][:_GUESS_LINES]
    best, chosen = (0, 0), ","
    for sep in SEPARATORS:
        widths = [len(_split(line, sep)) for line in rows]
        if widths and widths[0] > 1:
            score = (sum(w == widths[0] for w in widths), widths[0])
            if score > best:
                best, chosen = score, sep
    return chosen


def _split(line: str, sep: str) -> list[str]:
    """The cells of one line (none where the line is no row: a field past csv's size limit)."""
    try:
        return next(csv.reader([line], delimiter=sep), [])
    except csv.Error:
        return []


def _columns(lines: list[str], sep: str) -> list[str]:
    first = next((line for line in lines if line.strip()), "")
    return [h.strip().lower() for h in _split(first, sep)]


def _find(header: list[str], names: tuple[str, ...]) -> int | None:
    return next((header.index(name) for name in names if name in header), None)


def _renamed() -> dict[str, str]:
    """Hexoscape's newer inventory names for pieces the catalog knows by their older ones
    (laurWallSquarePillar, laurWallRuin1: the aliases of the set table)."""
    from mapkit.sets.sets import set_table

    return {key: entry["type"] for key, entry in set_table().get("aliases", {}).items()}


def _piece(key: str, type_name: str) -> str | None:
    hint = TYPE_HINTS.get(type_name.strip().lower())
    return hint or _pieces_by_key().get(key)


@lru_cache(maxsize=1)
def _pieces_by_key() -> dict[str, str]:
    """Every id a row may give -> the piece's type id, made once (each row was looked for through
    the whole catalog: 800,000 rows, within the collection size, took 10 s). First the aliases,
    then the newer names, the inventory keys (the first piece of each), the short piece ids."""
    cat = catalog()
    found = {key: ptype.id for key, ptype in cat.by_hexoscape.items()}
    keyed: dict[str, str] = {}
    for ptype in cat.types.values():
        if ptype.hexoscape_inventory is not None:
            keyed.setdefault(ptype.hexoscape_inventory, ptype.id)
    found.update(keyed)
    found.update((key, renamed) for key, renamed in _renamed().items() if renamed)
    found.update(ID_ALIASES)
    return found


def read_collection(data: bytes, filename: str = "", warnings: list[str] | None = None) -> dict[str, int]:
    """type id -> count. A row naming no piece or set is skipped and named, with its line, in
    `warnings`. FormatError for a table that is no inventory (no id or count column, a count that
    is no whole number)."""
    try:
        return _read(data, filename, warnings)
    except csv.Error as exc:
        raise FormatError(f"malformed table: {exc}", file=filename or None) from None


#: The registry's name for the reader.
read = read_collection


def _read(data: bytes, filename: str, warnings: list[str] | None) -> dict[str, int]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FormatError(f"not UTF-8 text (byte {exc.start})", file=filename or None) from None
    sep = separator(text.split("\n", _GUESS_LINES)[:_GUESS_LINES])
    rows = csv.reader(io.StringIO(text), delimiter=sep)
    header: list[str] = []
    number = 0
    for number, row in enumerate(rows, 1):  # (blank lines before the header are skipped too)
        if any(cell.strip() for cell in row):
            header = [h.strip().lower() for h in row]
            break
    if not header:
        raise FormatError("empty inventory", file=filename or None) from None
    col_id, col_count = _find(header, ID_HEADERS), _find(header, COUNT_HEADERS)
    if col_id is None or col_count is None:
        lacking = [what for what, col in (("a piece id (ID, PieceID, Piece ID)", col_id),
                                          ("a count (Count, Quantity, Qty)", col_count)) if col is None]
        raise FormatError(f"header lacks {' and '.join(lacking)} (expected ID, Type, Size, Count)",
                          file=filename or None, where=f"line {number}")
    col_type = header.index("type") if "type" in header else None
    counts: dict[str, int] = {}
    for number, row in enumerate(rows, number + 1):
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
                if warnings is not None:  # (the editor skips such a row too)
                    warnings.append(f"line {number}: unknown piece or set {excerpt(key)!r} ({count} of it) skipped")
                continue
            for set_type, n in product.set.pieces if product.set is not None else ():
                counts[set_type] = counts.get(set_type, 0) + n * count
            continue
        counts[type_id] = counts.get(type_id, 0) + count
    return counts
