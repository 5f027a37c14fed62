"""A collection stated as a builder states it: sets and loose pieces, with copies.

    2 x Rise of the Valkyrie
    Road to the Forgotten Forest
    3 x rock-1

One item a line, or several on a line separated by commas (`--collection "2xRotV,RttFF"`).
An item is a set (its id, RotV, or its name, in any spelling `mapkit.sets.declared` knows) or a
piece (its catalog id, rock-1, its name, "Rock 1-hex", or its Hexoscape id), with an optional
count before it ("2 x", "2x", "2 ") or after it ("x 2"). A set adds the pieces it holds, as many
times as its copies; `#` starts a comment. A name that is neither is refused, named with its line.
"""

from __future__ import annotations

import re
from functools import lru_cache

from mapkit.errors import FormatError, OptionError, excerpt
from mapkit.model.catalog import catalog
from mapkit.sets.counts import read_count

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Mapping

    from mapkit.sets.declared import Product


_BEFORE = re.compile(r"^(\d+)\s*[x×*]?\s+(\S.*)$|^(\d+)\s*[x×*]\s*(\S.*)$", re.IGNORECASE)
_AFTER = re.compile(r"^(\S.*?)\s*[x×*]\s*(\d+)$", re.IGNORECASE)


def sniff(head: bytes) -> float:
    """Possible for plain text whose first item reads as a set or a piece (a table's header, an
    INI section or a JSON document does not)."""
    try:
        text = head.decode("utf-8-sig")
    except UnicodeDecodeError:
        return 0.0
    lines = [line.split("#", 1)[0].strip() for line in text.splitlines()]
    first = next((line for line in lines if line), "")
    if not first or first[0] in "[{<" or "\t" in first:
        return 0.0
    name, _ = _split(first.split(",", 1)[0].strip())
    return 0.5 if _piece(name) or _set(name) else 0.0


def read_collection(data: bytes, filename: str = "", warnings: list[str] | None = None) -> dict[str, int]:
    """type id -> count: the pieces of the sets named, times their copies, and the loose pieces."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FormatError(f"not UTF-8 text (byte {exc.start})", file=filename or None) from None
    counts: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        where = f"line {number}" if filename else f"item {number}"
        for item in line.split("#", 1)[0].split(","):
            item = " ".join(item.split())
            if item:
                _add(counts, item, filename or None, where, warnings)
    return counts


#: The registry's name for the reader.
read = read_collection


def read_text(text: str, warnings: list[str] | None = None, called: str = "collection") -> dict[str, int]:
    """A collection written as a list ("2xRotV,RttFF"), its items named as the caller `called` the list."""
    counts: dict[str, int] = {}
    for index, item in enumerate((" ".join(i.split()) for i in text.split(",")), 1):
        if item:
            _add(counts, item, None, f"{called} item {index}", warnings)
    return counts


#: How a collection counts glyphs: by letter ("glyph:A", `mapkit.sets.vsc`), not by piece.
GLYPH = "glyph:"


def read_mapping(items: Mapping[str, int], called: str = "collection") -> dict[str, int]:
    """A collection a program gives as a mapping, each key a set or a piece as a list's item names
    it (RotV, "Rise of the Valkyrie", rock-1, "Rock 1-hex"; a glyph by its letter, "glyph:A") and
    its value the copies of the set or the count of the piece: type id -> count. OptionError (naming the mapping as `called`) for a
    key that is neither, with the closest names, or a value that is not a whole number of 0 or more."""
    counts: dict[str, int] = {}
    for name, copies in items.items():
        if isinstance(copies, bool) or not isinstance(copies, int) or copies < 0:
            raise OptionError(f"{called}[{excerpt(str(name))!r}]: a count is a whole number of 0 or more, "
                              f"not {excerpt(repr(copies))}", option=called)
        piece = name if str(name).startswith(GLYPH) else _piece(str(name))  # (a glyph by its letter, as .vsc counts it)
        if piece is not None:
            counts[piece] = counts.get(piece, 0) + copies
            continue
        product = _set(str(name))
        if product is None:
            close = closest(str(name))
            hint = f"; the closest: {', '.join(close)}" if close else ""
            raise OptionError(f"{called}: {excerpt(str(name))!r} names no set or piece mapkit knows{hint} (a set: its "
                              "id such as RotV, or its name; a piece: its id such as rock-1, or its name)",
                              option=called)
        for type_id, n in product.set.pieces if product.set is not None else ():
            counts[type_id] = counts.get(type_id, 0) + n * copies
    return counts


def _add(counts: dict[str, int], item: str, file: str | None, where: str, warnings: list[str] | None) -> None:
    name, copies_text = _split(item)
    copies = read_count(name, copies_text, file, where) if copies_text is not None else 1
    piece = _piece(name)
    if piece is not None:
        counts[piece] = counts.get(piece, 0) + copies
        return
    product = _set(name)
    if product is None:
        close = closest(name)
        hint = f"; the closest: {', '.join(close)}" if close else ""
        raise FormatError(f"{excerpt(name)!r} names no set or piece mapkit knows{hint} (a set: its id such as RotV, "
                          "or its name; a piece: its id such as rock-1, or its name)", file=file, where=where)
    if product.set is None:
        if warnings is not None:
            warnings.append(f"{where}: {product.name} holds no terrain (it adds no pieces)")
        return
    for type_id, n in product.set.pieces:
        counts[type_id] = counts.get(type_id, 0) + n * copies


#: How many names a refusal offers, and the longest item they are looked for (a name no one
#: would type is not compared with every name: the refusal stays one short line, and quick).
CLOSEST = 3
_CLOSEST_CHARS = 80


def closest(name: str) -> list[str]:
    """The known sets and pieces nearest a name no set or piece has, nearest first, each as it may
    be written ("RttFF (Road to the Forgotten Forest)", "rock-1"): letters and digits compared in
    lower case, so "RiseOfTheValkyrie" finds RotV and "RttF" RttFF."""
    import difflib

    key = _compact(name)
    if not key or len(name) > _CLOSEST_CHARS:
        return []
    names = _names()
    found = difflib.get_close_matches(key, list(names), n=CLOSEST * 3, cutoff=0.5)
    ratio = {match: difflib.SequenceMatcher(None, key, match).ratio() for match in found}
    out: list[str] = []
    for match in found:  # nearest first; those much farther than the nearest are no help
        if names[match] not in out and ratio[match] >= ratio[found[0]] - 0.1:
            out.append(names[match])
    return out[:CLOSEST]


def _compact(name: str) -> str:
    return "".join(ch for ch in name.casefold() if ch.isalnum())


@lru_cache(maxsize=1)
def _names() -> dict[str, str]:
    """Every set's id and name and every piece's id and name (compacted) -> how a refusal shows it."""
    from mapkit.sets.sets import all_sets

    out: dict[str, str] = {}
    for s in all_sets().values():
        shown = f"{s.id} ({' '.join(re.sub(r'[(][^)]*[)]', ' ', s.name).split())})"
        for spelling in (s.id, s.name, re.sub(r"[(][^)]*[)]", " ", s.name)):
            out.setdefault(_compact(spelling), shown)
    for ptype in catalog().types.values():
        for spelling in (ptype.id, ptype.name):
            if spelling:
                out.setdefault(_compact(spelling), ptype.id)
    return out


def _split(item: str) -> tuple[str, str | None]:
    """(name, copies as written, or None) of one item."""
    before = _BEFORE.match(item)
    if before:
        copies, name = (before.group(1), before.group(2)) if before.group(1) else (before.group(3), before.group(4))
        return name.strip(), copies
    after = _AFTER.match(item)
    if after and (_piece(after.group(1)) or _set(after.group(1))):
        return after.group(1).strip(), after.group(2)
    return item.strip(), None


@lru_cache(maxsize=1)
def _pieces() -> dict[str, str]:
    """Every way a piece is named (lower case) -> its type id."""
    out: dict[str, str] = {}
    for ptype in catalog().types.values():
        for name in (ptype.id, ptype.name, ptype.hexoscape_inventory, ptype.hexoscape):
            if name:
                out.setdefault(name.lower(), ptype.id)
    return out


def _piece(name: str) -> str | None:
    return _pieces().get(name.strip().lower())


def product_named(name: str) -> Product | None:
    """The set (or product) a collection row names exactly, or None."""
    return _set(name)


def _set(name: str) -> Product | None:
    """The product a name stands for, when it is a set or a product mapkit knows exactly (no
    loose match: a collection is counted, not guessed)."""
    from mapkit.sets import declared

    product, loose = declared.resolve(name)
    return None if loose or product.kind == declared.UNKNOWN else product
