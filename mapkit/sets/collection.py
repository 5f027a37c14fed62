"""A collection someone owns: read it from a file, compare it with what a map needs, write it as a table."""

from __future__ import annotations

from typing import Mapping

from mapkit.model.catalog import catalog, in_piece_order

#: Collection keys the catalog has no Hexoscape id for, as Hexoscape's inventory names them.
INVENTORY_NAMES = {"castle-flag": "flag"}


def missing(need: Mapping[str, int], have: Mapping[str, int]) -> dict[str, int]:
    """type -> how many more pieces the collection needs (only types short).

    "Any glyph" (`requirements.ANY_GLYPH`) takes the collection's glyphs of whatever letters
    are left over once each lettered glyph the map needs is taken; an Age of Annihilation Laur
    piece, the stackable piece of Ruins at Laur's Edge left over (`mapkit.sets.laur`)."""
    from mapkit.sets.laur import stand_in
    from mapkit.sets.requirements import ANY_GLYPH

    short = {t: n - have.get(t, 0) for t, n in in_piece_order(need) if t != ANY_GLYPH and n > have.get(t, 0)}
    short = stand_in(short, need, have)
    wanted = need.get(ANY_GLYPH, 0)
    if wanted > 0:
        spare = sum(n if t == ANY_GLYPH else max(0, n - need.get(t, 0))
                    for t, n in have.items() if t.startswith("glyph:"))
        if wanted > spare:
            short[ANY_GLYPH] = wanted - spare
            short = dict(in_piece_order(short))
    return short


def read_collection(path: str, warnings: list[str] | None = None, called: str = "collection") -> dict[str, int]:
    """A VirtualScape .vsc collection, a Hexoscape inventory table or a list of sets and pieces
    (`mapkit.sets.owned`), as type id -> count; `path` may also be such a list itself
    ("2xRotV,RttFF"), when no file has that name.

    What the reader skipped (a .vsc key naming no piece mapkit knows) is added to `warnings`; an
    error in a list names it and its items as the caller `called` it ("the collection list", "collection item 2")."""
    import os

    from mapkit import limits
    from mapkit.errors import FormatError
    from mapkit.io import STDIO, read_input
    from mapkit.registry import detect
    from mapkit.sets import owned

    if path != STDIO and not os.path.lexists(path) and not _file_like(path):
        if len(path) > limits.COLLECTION_BYTES.value:
            raise limits.COLLECTION_BYTES.exceeded(len(path), what=f"the {called} list")
        try:
            return owned.read_text(path, warnings, called)
        except FormatError as exc:
            raise FormatError(f"{exc.message}; nor is there a file of that name", where=exc.where) from None
    data = read_input(path, limits.COLLECTION_BYTES)
    fmt = detect(path, data, ("collection",), hint=" (expected a VirtualScape .vsc, a Hexoscape inventory table "
                                                   "or a list of sets and pieces)")
    try:
        return fmt.module.read(data, path, warnings)
    except FormatError as exc:
        raise exc.with_file(path) from None


def _file_like(text: str) -> bool:
    """Whether a collection given as text names a file (a folder in it, or a collection's extension)
    rather than a list of sets and pieces ("2xRotV,RttFF")."""
    from mapkit.registry import formats

    extensions = tuple(ext for f in formats("collection") for ext in f.extensions)
    return "/" in text or "\\" in text or text.lower().endswith(extensions)


def collection_tsv(have: Mapping[str, int]) -> str:
    """A collection as Hexoscape's inventory table (ID, Type, Size, Count), which `inventory
    --collection` and `fit --collection` read back. Glyphs and types no Hexoscape inventory
    names are left out (they have no ID there)."""
    cat = catalog()
    lines = ["ID\tType\tSize\tCount"]
    for type_id, n in in_piece_order(have):
        ptype = cat.types.get(type_id)
        if ptype is None:
            continue
        key = ptype.hexoscape_inventory or INVENTORY_NAMES.get(type_id) or ptype.hexoscape
        if key:
            lines.append(f"{key}\t{ptype.name}\t{ptype.hexes}\t{n}")
    return "\n".join(lines) + "\n"
