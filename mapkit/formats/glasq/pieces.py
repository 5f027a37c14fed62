"""Which catalog piece a page's code stands for, and where its drawing puts it.

A code's drawing gives the hexes it covers; those are matched to the catalog piece's shape,
which fixes the model's origin and rotation (preferring the page's own turn). Edge pieces
(battlements, ladders) cover no hex: their drawing marks one side of a hex, and the piece
belongs to the hex on the side where the mark is drawn (see `edge_of`).
"""

from __future__ import annotations

import math
import re
from typing import Any

from mapkit.formats.glasq.svg import Drawing, area_centroid, centre, nearest_hex
from mapkit.model.grid import DIRECTIONS
from mapkit.records import Record, field

_START_ZONE = re.compile(r"P([1-8])SZ$")
_FIGURE = re.compile(r"P([1-8])F([12])$")
_GLYPH = re.compile(r"G([A-Z])?$")

#: Turns to add to the page's rotation so a piece faces as VirtualScape's rotation says.
#: The RotV ruins: in both corpus maps transcribed both ways (Table of the Giants, Migol's
#: Tomb) all four ruins cover the same hexes with rotations exactly 3 apart. The castle's
#: straight and end pieces: in The West Barbican of Idona Castle (both formats in
#: shared/corpus/pairs) all 9 straight and 6 end bases and walls are one turn on from the page's
#: (the straight ones also fit half a turn round: they are symmetric), while all 20 corners
#: agree. The footprints are one hex or symmetric, so only facing changes.
FACING_TURNS = {"ruin-2": 3, "ruin-3": 3,
                "castle-base-straight": 1, "castle-wall-straight": 1,
                "castle-base-end": 1, "castle-wall-end": 1}

#: Base codes -> the obstacle terrain that comes standing on that base: the glacier's ice base
#: (GB, the ice-N tile of that size) and the outcrop's holed shadow (RB, shadow-N).
BASE_OF = {"GB01": "glacier", "GB03": "glacier", "GB04": "glacier", "GB06": "glacier",
           "RB01": "outcrop", "RB03": "outcrop"}

#: The code that draws a battlement again, with its hex filled, to show which one holds the
#: castle flag (the flag `FLG` is drawn at the same place).
FLAG_BATTLEMENT = "BFG"


class Placed(Record):
    """A code placed on the page, before its level is known."""

    code: str
    type: str
    q: int
    r: int
    rotation: int
    attrs: dict[str, Any]
    line: int
    layer: Any  # the Layer (level or scenario drawing) it was drawn in
    cells: list[tuple[int, int]]
    anchor: tuple[int, int] = (0, 0)  # the hex its transform is drawn at
    base: "Placed | None" = None  # the glacier/outcrop base folded into this piece (see fold_bases)
    count: int = 1  # pieces stacked at this place (a ladder labelled with a number)
    extras: dict[str, Any] = field(default_factory=dict)
    #: Heights the page writes on the piece, by hex (the 7, 5 and 9 beside a rock outcrop).
    written: dict[tuple[int, int], int] = field(default_factory=dict)

    @property
    def scenario(self) -> int | None:
        return self.layer.scenario


def piece_for(code: str, drawing: Drawing) -> tuple[str, dict[str, Any]] | None:
    """The catalog type id and attrs a code stands for, or None if the catalog lacks it."""
    from mapkit.model.catalog import catalog

    cat = catalog()
    match = _START_ZONE.match(code)
    if match:
        return "start-zone", {"player": int(match.group(1))}
    match = _FIGURE.match(code)
    if match:
        return ("figure" if match.group(2) == "1" else "figure-double"), {"player": int(match.group(1))}
    ptype = cat.by_glasq.get(code)
    if ptype is not None and ptype.id != "glyph":
        return ptype.id, {}
    match = _GLYPH.match(code)
    if match or code.startswith("TG") or (ptype is not None and ptype.id == "glyph"):
        return "glyph", _glyph_attrs(code, match, drawing, cat.glyphs)
    if len(code) <= 4 and code.startswith("G") and any(drawing.texts):
        return "glyph", _glyph_attrs(code, None, drawing, cat.glyphs)
    return None


def _glyph_attrs(code: str, match: Any, drawing: Drawing, letters: dict) -> dict[str, Any]:
    """Letter from the symbol id (GA -> A, G -> ?); other ids are "?" and keep their drawn label."""
    if match and match.group(1) in letters:
        return {"letter": match.group(1)}
    label = " ".join(t for t in drawing.texts if t) or (match.group(1) if match else "")
    attrs: dict[str, Any] = {"letter": "?"}
    if code.startswith("TG"):
        attrs["treasure"] = True
    if label and label != "?":
        attrs["label"] = label
    return attrs


def fit_shape(shape: str, cells: set[tuple[int, int]], prefer: int, anchor: tuple[int, int]
              ) -> tuple[int, int, int] | None:
    """(q, r, rotation) placing catalog `shape` exactly on `cells`, or None.

    Symmetric shapes fit several ways: prefer the page's own rotation, then its anchor hex.
    """
    from mapkit.model.catalog import catalog

    cat = catalog()
    target = sorted(cells)
    fits = []
    for k in range(6):
        turned = sorted(cat.footprint(shape, k))
        if len(turned) != len(target):
            return None
        dq, dr = target[0][0] - turned[0][0], target[0][1] - turned[0][1]
        if all((a + dq, b + dr) == t for (a, b), t in zip(turned, target)):
            fits.append(((k - prefer) % 6 != 0, (dq, dr) != anchor, k, dq, dr))
    if not fits:
        return None
    _, _, k, q, r = min(fits)
    return q, r, k


def edge_of(drawing: Drawing) -> tuple[int, int, int] | None:
    """(q, r, side) of an edge piece: the hex edge its marks are drawn against, and the hex on
    the marks' side of that edge; `side` is the direction (0 = E, clockwise) of the edge seen from
    that hex, as the model stores edge pieces.

    A ladder is drawn as its hex with rungs inside against one side; a battlement as a strip
    outside a wall-walk hex's side, so it belongs to the hex beyond that side, facing back, as
    VirtualScape stores battlements. None if the drawing marks no side.
    """
    marks = drawing.marks()
    point = area_centroid(marks) if marks else None
    if point is None:
        return None
    here = nearest_hex(*point)
    x0, y0 = centre(*here)

    def gap(turn: int) -> float:
        """How far the drawing's centre is from the middle of this hex and its neighbour `turn`."""
        dq, dr = DIRECTIONS[turn]
        x1, y1 = centre(here[0] + dq, here[1] + dr)
        return math.dist(((x0 + x1) / 2, (y0 + y1) / 2), point)

    return here[0], here[1], min(range(len(DIRECTIONS)), key=gap)


def fold_bases(placed: list[Placed], cat: Any) -> list[Placed]:
    """Fold each base drawn under its own glacier or outcrop into that obstacle.

    VirtualScape's glaciers (13001-13006) and outcrops (27001/27003) include their base and
    Hexoscape stands them straight on land, so mapkit keeps one piece: the obstacle, at the
    base's level (VirtualScape's habit: the supporting tile's z + 1) with its own origin and turn.
    A base and its obstacle cover the same hexes; the obstacle may be drawn on the base's page
    level or the next one up. A base with nothing of its kind on it stays a plain fluid tile
    (ice-N / shadow-N, the catalog's glasq codes), as the set inventories count those bases.
    """
    waiting: dict[tuple[str, tuple, int], list[Placed]] = {}
    for p in placed:
        ptype = cat[p.type]
        if p.scenario is None and ptype.kind == "obstacle":
            waiting.setdefault((ptype.terrain, tuple(p.cells), p.layer.order), []).append(p)
    folded: set[int] = set()
    for step in (0, 1):  # an obstacle on the base's own level first, then one drawn a level up
        for i, p in enumerate(placed):
            terrain = BASE_OF.get(p.code) if p.scenario is None else None
            if terrain is None or i in folded:
                continue
            key = (terrain, tuple(p.cells), p.layer.order + step)
            on_it = next((o for o in waiting.get(key, ()) if o.base is None), None)
            if on_it is not None:
                on_it.base = p
                folded.add(i)
    return [p for i, p in enumerate(placed) if i not in folded]


def written_heights(p: Placed, cat: Any) -> list[int] | None:
    """The heights a page writes on a tall piece, one per hex in footprint order, where they
    differ from the catalog's (a number on one hex of a piece speaks for the whole piece, as
    the large tree's single "15"); None where the page writes none or agrees."""
    if not p.written:
        return None
    ptype = cat[p.type]
    offsets = cat.footprint(ptype.shape, p.rotation)
    cells = [(p.q + dq, p.r + dr) for dq, dr in offsets]
    catalog_heights = [ptype.height_of_cell(k) for k in range(len(cells))]
    values = set(p.written.values())
    if len(values) == 1 and len(p.written) < len(cells):
        heights = [values.pop()] * len(cells)
    else:
        heights = [p.written.get(cell, catalog_heights[k]) for k, cell in enumerate(cells)]
    return None if heights == catalog_heights else heights
