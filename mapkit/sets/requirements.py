"""The pieces a map needs, by catalog type: one per placed piece, with VirtualScape's look-alikes
counted as the official pieces they stand for (`inventory_as`, e.g. a tall water = 2 water tiles)."""

from __future__ import annotations

from collections import Counter

from mapkit.model.catalog import PieceType, catalog, in_piece_order
from mapkit.model.map import Map
from mapkit.sets.laur import stacked

#: Kinds that are no piece one owns in a set (start zones are skipped too, by their terrain).
NOT_TERRAIN = frozenset({"figure"})
#: The requirement of an unlettered glyph ("?"): any glyph will do.
ANY_GLYPH = "glyph:any"


def requirements(m: Map) -> Counter[str]:
    """type id -> pieces needed. Glyphs count as 'glyph:<letter>', an unlettered one as
    ANY_GLYPH; start zones are not pieces; a piece that stands on a tile of its set (catalog
    `base_tiles`: a rock outcrop's shadow) needs it.

    A map that sets up several scenarios is built one scenario at a time, so it needs, piece by
    piece, the most any one scenario needs (the shared terrain and that scenario's own pieces),
    not the pieces of every scenario at once. Glyphs likewise: of each letter the most any
    scenario places, and as many more of any letter as the scenario placing the most glyphs
    needs beyond those (6 unlettered glyphs in one scenario and A, B, C in another: A, B, C and
    3 of any letter)."""
    if m.several_scenarios():
        need: Counter[str] = Counter()
        most_glyphs = 0
        for _, view in m.per_scenario():
            own = _pieces_needed(view)
            for type_id, n in own.items():
                if type_id != ANY_GLYPH:
                    need[type_id] = max(need[type_id], n)
            most_glyphs = max(most_glyphs, sum(n for t, n in own.items() if t.startswith("glyph:")))
        lettered = sum(n for t, n in need.items() if t.startswith("glyph:"))
        if most_glyphs > lettered:
            need[ANY_GLYPH] = most_glyphs - lettered
        return need
    return _pieces_needed(m)


def _pieces_needed(m: Map) -> Counter[str]:
    """From the map's counts by type (a reduction over columns, for a map read fast): only glyphs and
    personal tiles, told apart by their attributes, are looked at one by one."""
    cat = catalog()
    need: Counter[str] = Counter()
    counts = m.piece_counts()
    for type_id, count in in_piece_order(counts):
        ptype = cat.types.get(type_id)
        if ptype is None or not is_piece(ptype):
            continue
        if ptype.terrain == "glyph":
            for piece in m.of_type(type_id):
                letter = piece.attrs.get("letter", "?")
                need[ANY_GLYPH if letter in ("?", "", None) else f"glyph:{cat.glyph_key(piece.attrs)}"] += 1
        elif ptype.inventory_as:
            for other, n in ptype.inventory_as.items():
                need[other] += n * count
        elif ptype.id == "personal":
            need.update(f"personal:{piece.attrs.get('size', 1)}" for piece in m.of_type(type_id))
        else:
            need[ptype.id] += count
        for base, n in ptype.base_tiles.items():  # the tile it stands on, one of its set's (an outcrop's shadow)
            need[base] += n * count
    need.update(stacked(m, counts))  # a Laur pillar or wall standing on another is a stackable one
    return +need


def is_piece(ptype: PieceType) -> bool:
    """Whether a placed piece of this type is a piece one owns (a tile, an obstacle, a glyph ...),
    not a marker of a place: a start-zone space or a figure."""
    return ptype.kind not in NOT_TERRAIN and ptype.terrain != "start-zone"


def markers(m: Map) -> dict[str, int]:
    """type id -> how many the map places of what is no piece one owns (start-zone spaces, figures):
    what `info` counts apart from the pieces (`requirements` counts those)."""
    cat = catalog()
    return {t: n for t, n in in_piece_order(m.piece_counts()) if t in cat.types and not is_piece(cat.types[t])}


def terrain_requirements(m: Map) -> dict[str, int]:
    """`requirements` without glyphs: what official sets and terrain packs must supply."""
    return {t: n for t, n in requirements(m).items() if not t.startswith("glyph:")}


def hexes_of(type_id: str) -> int:
    """Footprint size of a requirement key (glyphs and unknown keys count 1)."""
    cat = catalog()
    if type_id in cat:
        return max(1, cat[type_id].hexes)
    if type_id.startswith("personal:"):
        return int(type_id.split(":", 1)[1] or 1)
    return 1


def describe(type_id: str) -> str:
    cat = catalog()
    if type_id in cat:
        return cat[type_id].name
    if type_id == ANY_GLYPH:
        return "Any glyph (unlettered: any letter will do)"
    if type_id.startswith("glyph:"):
        letter, _, name = type_id.split(":", 1)[1].partition(" ")  # "H Holdir": a letter two glyphs have
        return f"Glyph {letter} ({name or cat.glyphs.get(letter, {}).get('name', 'unknown')})"
    if type_id.startswith("personal:"):
        size = type_id.split(":", 1)[1]
        return f"Personal tile, {size} {'hex' if size == '1' else 'hexes'}"
    return type_id
