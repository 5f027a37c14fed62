"""Drawings of terrain that is already there: they are that piece, not a second one.

A scenario's picture shows the whole battlefield with the scenario's own pieces on it, and some
pages draw a piece of the shared terrain again in it (the Marro hive, a ruin, a tile): the same
piece on the same hexes is the shared piece. A scenario that draws an obstacle's base where the
obstacle stands removes the obstacle and leaves its base (Shadow Cavern Room 1, scenario 2:
"Remove all rock outcrops from the battlefield, leaving their shadow bases in place"). What a
scenario adds, moves or removes otherwise is its own.

A picture that draws one code twice with the same transform draws one piece (River of Blood
Room 3, Level 2: two shadow tiles and a rock 3-hex drawn twice): the reader keeps the first.
Each redrawing is named in the page's warnings (one line per code, with its lines).
"""

from __future__ import annotations

from typing import Any, Callable

from mapkit.formats.glasq.pieces import BASE_OF, Placed

#: Kinds of piece a scenario picture may draw again: the terrain the scenarios share, and the start
#: zones, glyphs and figures the level pictures already place.
_TERRAIN_KINDS = frozenset({"land", "fluid", "obstacle", "castle", "edge", "marker", "figure"})
#: What else makes two drawings the same piece: a zone's player, a glyph's letter.
_SAME = ("player", "letter")


def resolve(placed: list[Placed], cat: Any, skip: Callable[[Placed, str], None]) -> list[Placed]:
    """The pieces with each scenario's redrawings of shared terrain folded into the shared
    piece (`skip` hears of each), and each base drawn on its obstacle turned into that
    obstacle's removal: the obstacle's `absent_in` lists the scenario, and the base stays as
    the scenario's own piece, `base_of` naming the obstacle it came with."""
    shared: set[tuple] = set()
    obstacles_at: dict[tuple[str, frozenset], list[Placed]] = {}
    for p in placed:
        if p.scenario is None:
            shared.add(_key(p))
            ptype = cat[p.type]
            if ptype.kind == "obstacle":
                obstacles_at.setdefault((ptype.terrain, frozenset(p.cells)), []).append(p)
    kept: list[Placed] = []
    for p in placed:
        if p.scenario is None or cat[p.type].kind not in _TERRAIN_KINDS:
            kept.append(p)
            continue
        cells = frozenset(p.cells)
        terrain = BASE_OF.get(p.code)
        under = obstacles_at.get((terrain, cells)) if terrain else None
        if under:
            for obstacle in under:
                absent = obstacle.attrs.setdefault("absent_in", [])
                if p.scenario not in absent:
                    absent.append(p.scenario)
            p.attrs["base_of"] = under[0].type
            kept.append(p)
        elif _key(p) in shared:
            skip(p, f"is drawn again by scenario {p.scenario} where the shared terrain already has that piece: "
                    "read as that piece, not another")
        else:
            kept.append(p)
    return kept


def _key(p: Placed) -> tuple:
    return (p.type, frozenset(p.cells)) + tuple(p.attrs.get(k) for k in _SAME)
