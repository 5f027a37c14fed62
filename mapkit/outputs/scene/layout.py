"""Where things go on the page: hex geometry in millimetres, levels, visible tops, projection.

All drawings work in millimetres on the table (x east, y south, hex (0, 0) centred at the
origin, `HEX_PITCH_MM` between neighbouring centres); a painter scales to pixels or points. The
hex's geometry (centre, corners, edges) is the grid's (`mapkit.model.grid`), named here as the
drawings have always called it.
Shapes are turned into outlines once per (shape, rotation) and moved to each piece, so a
10 000-piece map costs a lookup per piece, not a geometry computation.

Levels, as a builder counts them (`mapkit.model.levels`): a tile whose bottom is at z is
Level z + 1, and what stands on a surface (obstacles, glyphs, start zones, figures, edge
pieces, all stored one above the tile under them) stands on the Level of that surface. So
"Level 2" shows the tiles of the second layer and everything put on top of them.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Iterable, NamedTuple

from mapkit.model.catalog import PieceType, catalog
from mapkit.model.grid import (  # noqa: F401  (the grid's geometry, as every drawing takes it)
    DIRECTIONS,
    EDGE_OF_DIRECTION,
    HEX_PITCH_MM,
    LEVEL_HEIGHT_MM,
    SQRT3,
    UNIT_CORNERS,
    corner_offsets,
    hex_corners,
)
from mapkit.model.grid import hex_center_mm as hex_center
from mapkit.model import levels
from mapkit.model.map import Map, Piece
from mapkit.records import Record

#: How thin tiles (fluids) are drawn in the isometric view, in levels (a drawing choice).
FLUID_THICKNESS = 0.4


def edge_segment(q: float, r: float, direction: int, pitch: float = HEX_PITCH_MM, size: float = 1.0
                 ) -> tuple[tuple[float, float], tuple[float, float]]:
    """The edge of hex (q, r) facing grid direction `direction` (0 = east, clockwise)."""
    cx, cy = hex_center(q, r, pitch)
    offsets = corner_offsets(pitch, size)
    e = EDGE_OF_DIRECTION[direction % 6]
    (ax, ay), (bx, by) = offsets[e], offsets[(e + 1) % 6]
    return (cx + ax, cy + ay), (cx + bx, cy + by)


# -- piece shapes ---------------------------------------------------------------------------

@lru_cache(maxsize=None)
def shape_cells(shape: str, turns: int) -> tuple[tuple[int, int], ...]:
    return catalog().footprint(shape, turns)


@lru_cache(maxsize=None)
def shape_outline(shape: str, turns: int) -> tuple[tuple[tuple[float, float], ...], ...]:
    """The boundary rings of a shape at pitch 1, relative to its origin hex centre.

    Hex edges not shared by two cells of the shape, chained into closed rings (one ring for
    every catalog shape; a shape with a hole would give two).
    """
    cells = set(shape_cells(shape, turns))
    nxt: dict[tuple[int, int], tuple[float, float]] = {}
    points: dict[tuple[int, int], tuple[float, float]] = {}

    def key(p: tuple[float, float]) -> tuple[int, int]:
        return round(p[0] * 1e6), round(p[1] * 1e6)

    for q, r in cells:
        corners = hex_corners(q, r, 1.0)
        for d, (dq, dr) in enumerate(DIRECTIONS):
            if (q + dq, r + dr) in cells:
                continue
            e = EDGE_OF_DIRECTION[d]
            a, b = corners[e], corners[(e + 1) % 6]
            points[key(a)] = a
            points[key(b)] = b
            nxt[key(a)] = b
    rings = []
    while nxt:
        start = min(nxt)
        ring = [points[start]]
        k = start
        while True:
            b = nxt.pop(k)
            k = key(b)
            if k == start:
                break
            ring.append(b)
        rings.append(tuple(ring))
    return tuple(rings)


def piece_turns(piece: Piece) -> int:
    return int(piece.rotation) % 6


def piece_cells(m: Map, piece: Piece) -> list[tuple[int, int]]:
    """The hexes a piece covers (as `Map.footprint`, cached by type, size and turn)."""
    q, r = piece.q, piece.r
    return [(q + dq, r + dr) for dq, dr in _offsets(piece.type, piece.attrs.get("size") if piece.attrs else None,
                                                      int(piece.rotation) % 6)]


@lru_cache(maxsize=4096)
def _offsets(type_id: str, size: int | None, turns: int) -> tuple[tuple[int, int], ...]:
    cat = catalog()
    return shape_cells(cat.shape_for(cat[type_id], size), turns)


def piece_outline(piece: Piece, pitch: float = HEX_PITCH_MM) -> list[list[tuple[float, float]]]:
    """The outline rings of a piece's footprint in millimetres (or the units of `pitch`)."""
    cat = catalog()
    shape = cat.shape_for(cat[piece.type], piece.attrs.get("size"))
    ox, oy = hex_center(piece.q, piece.r, pitch)
    return [[(ox + pitch * x, oy + pitch * y) for x, y in ring] for ring in shape_outline(shape, piece_turns(piece))]


# -- levels ----------------------------------------------------------------------------------

def is_surface(ptype: PieceType) -> bool:
    """Does this piece make a surface (fill hexes), rather than stand on one? A piece planted in
    another (the castle flag in a battlement) is a layer piece in the model but stands."""
    return levels.is_layer(ptype) and not ptype.stands_on


def build_level(ptype: PieceType, piece: Piece) -> int:
    """The Level whose page shows this piece (`mapkit.model.levels.level`); what stands on
    the table is shown with Level 1, the first layer laid."""
    n = levels.level(ptype, piece.z)
    return n if levels.is_layer(ptype) else max(n, 1)


def surface_top(ptype: PieceType, piece: Piece) -> float:
    """The height of a surface piece's top, in levels: fluids add no height, others their own."""
    if ptype.kind == "fluid" and not ptype.adds_height:
        return float(piece.z)
    return float(piece.z + ptype.height)


def map_levels(m: Map) -> list[int]:
    """The build levels that hold at least one piece, lowest first."""
    cat = catalog()
    return sorted({build_level(cat[p.type], p) for p in m.pieces})


#: Order within a level: surfaces first, then what stands on them, figures last; a start zone's
#: ring or a glyph before the edge pieces, whose band inside the hex edge the ring would cover.
KIND_ORDER = {"land": 0, "fluid": 1, "custom": 1, "castle": 2, "obstacle": 3, "marker": 4, "edge": 5, "figure": 6}


def build_levels(m: Map) -> dict[int, list[int]]:
    """Build level -> indices of the pieces placed at that step, lowest level first (as the
    pictures count: `build_level`)."""
    cat = catalog()
    out: dict[int, list[int]] = {}
    for i, piece in enumerate(m.pieces):
        out.setdefault(build_level(cat[piece.type], piece), []).append(i)
    return dict(sorted(out.items()))


def sheet_groups(m: Map, levels: dict[int, list[int]]) -> dict[int, tuple[int, ...]]:
    """The Levels each build sheet (and each panel of the picture by Level) shows: a Level of its
    own, then the Levels above it that add only edge pieces (a castle's ladders, Level by Level
    up its walls; battlements) or a single piece that is no tile (a flag on a tower): those go
    with the Level below them, the one they hang on or stand over, rather than on a sheet or a
    panel holding a 2 mm mark. The first Level always has its own."""
    cat = catalog()
    groups: dict[int, tuple[int, ...]] = {}
    for level, indices in levels.items():
        kinds = [cat[m.pieces[i].type].kind for i in indices]
        small = all(k == "edge" for k in kinds) or (len(kinds) == 1 and kinds[0] not in ("land", "fluid", "custom"))
        if groups and small:
            last = list(groups)[-1]
            groups[last] += (level,)
        else:
            groups[level] = (level,)
    return groups


def levels_label(level: int) -> str:
    return levels.label(level)


def group_label(group: Iterable[int]) -> str:
    """ "Level 3", or "Level 3 (with 5, 7, 9)" for a sheet or panel that places pieces of Levels above."""
    first, *rest = group
    return levels_label(first) if not rest else f"{levels_label(first)} (with {', '.join(str(lv) for lv in rest)})"


def draw_order(m: Map, indices: Iterable[int] | None = None) -> list[int]:
    """Piece indices sorted for drawing from above: by build level, then kind, then file order
    (surfaces by the height of their top, lowest first; then what stands, figures last)."""
    pieces = m.pieces
    chosen = enumerate(pieces) if indices is None else ((i, pieces[i]) for i in indices)
    facts = _facts()
    keys = []
    for i, piece in chosen:
        surface, layer, shift, rise, order = facts[piece.type]
        z = piece.z
        level = z + shift
        if surface:                          # (build_level, 0, surface_top, kind, i)
            keys.append((level, 0, z + rise, order, i))
        else:
            keys.append((level if layer or level > 1 else 1, 1, 0, order, i))
    keys.sort()
    return [key[-1] for key in keys]


def piece_level(piece: Piece) -> int:
    """`build_level` of a piece, by its type's facts (worked out once per type)."""
    _, layer, shift, _, _ = _facts()[piece.type]
    level = piece.z + shift
    return level if layer or level > 1 else 1


class Top(NamedTuple):
    """What is seen from above at one hex: the surface's height and the piece that makes it."""

    level: float
    piece: int


def visible_tops(m: Map, indices: Iterable[int] | None = None) -> dict[tuple[int, int], Top]:
    """For each hex, the surface piece seen from above: the one the top view paints last
    (highest bottom, then highest top, then last in file order), so the two always agree. With
    `indices`, among those pieces only (in file order)."""
    tops: dict[tuple[int, int], Top] = {}
    ranks: dict[tuple[int, int], tuple[int, float]] = {}
    pieces = m.pieces
    chosen = enumerate(pieces) if indices is None else ((index, pieces[index]) for index in indices)
    facts = _facts()
    shapes: dict[tuple[str, int | None, float], tuple[int, tuple[tuple[int, int], ...]]] = {}
    new_top = tuple.__new__                       # (a NamedTuple's own constructor is a call in Python)
    for index, piece in chosen:
        size = piece.attrs.get("size") if piece.attrs else None
        shape = shapes.get((piece.type, size, piece.rotation))
        if shape is None:                         # its top's rise and its hexes, once per type and turn
            surface, _, _, rise, _ = facts[piece.type]
            shape = shapes[(piece.type, size, piece.rotation)] = (
                (rise, _offsets(piece.type, size, int(piece.rotation) % 6)) if surface else (0, ()))
        rise, offsets = shape
        if not offsets:                           # not a surface
            continue
        z = piece.z
        height = float(z + rise)                  # `surface_top`
        rank = (z, height)                        # the order the top view paints them in
        top = new_top(Top, (height, index))
        q, r = piece.q, piece.r
        for dq, dr in offsets:
            cell = (q + dq, r + dr)
            if rank >= ranks.get(cell, rank):
                tops[cell] = top
                ranks[cell] = rank
    return tops


class _Facts(dict[str, tuple[bool, bool, int, int, int]]):
    """What drawing order and tops need of each type, by type id, worked out on first use, as
    `is_surface`, `build_level` and `surface_top` say them: (a surface, a layer, Level = z +
    shift (a standing piece's at least 1), top = z + rise, its kind's rank)."""

    def __missing__(self, type_id: str) -> tuple[bool, bool, int, int, int]:
        ptype = catalog()[type_id]
        surface = is_surface(ptype)
        rise = int(surface_top(ptype, Piece(type_id, 0, 0, 0)))
        found = self[type_id] = (surface, levels.is_layer(ptype), levels.level(ptype, 0), rise,
                                 KIND_ORDER.get(ptype.kind, 9))
        return found


@lru_cache(maxsize=1)
def _facts() -> _Facts:
    return _Facts()


class ContourEdge(NamedTuple):
    """A hex edge where the top surface drops: from hex (q, r) towards `direction`."""

    q: int
    r: int
    direction: int
    drop: float


def contour_edges(tops: dict[tuple[int, int], Top]) -> list[ContourEdge]:
    """Edges where the surface seen from above changes height, each listed once (on the high side).

    The map's rim counts as a drop to the table (level 0).
    """
    out = []
    new_edge = tuple.__new__                          # (a NamedTuple's own constructor is a call in Python)
    for (q, r), top in tops.items():
        level = top.level
        for d, (dq, dr) in enumerate(DIRECTIONS):
            other = tops.get((q + dq, r + dr))
            low = other.level if other is not None else 0.0
            if low < level:
                out.append(new_edge(ContourEdge, (q, r, d, level - low)))
    return out


def chain_segments(segments: Iterable[tuple[tuple[float, float], tuple[float, float]]]
                   ) -> list[list[tuple[float, float]]]:
    """Join segments that meet end to start into polylines (fewer, longer lines to draw).

    Contour edges run clockwise round the higher hex, so the edges of one step line up head
    to tail; a closed loop comes back as a polyline whose last point equals its first.
    """
    def key(p: tuple[float, float]) -> tuple[int, int]:
        return round(p[0] * 1000), round(p[1] * 1000)

    by_start: dict[tuple[int, int], list[tuple[tuple[float, float], tuple[float, float]]]] = {}
    ends: set[tuple[int, int]] = set()
    for a, b in segments:
        by_start.setdefault(key(a), []).append((a, b))
        ends.add(key(b))
    lines: list[list[tuple[float, float]]] = []
    # open chains first (a start nobody ends at), then what is left is loops
    starts = [k for k in by_start if k not in ends] + list(by_start)
    for k in starts:
        while by_start.get(k):
            a, b = by_start[k].pop()
            line = [a, b]
            nxt = key(b)
            while by_start.get(nxt):
                _, b = by_start[nxt].pop()
                line.append(b)
                nxt = key(b)
            lines.append(line)
    return lines


#: Hex corners on an integer lattice: corner i of hex (q, r) is (2q + r + DX[i], 3r + DY[i]),
#: in units of half a pitch across and pitch / (2 sqrt 3) down, so shared corners compare exactly.
_CORNER_DX = (0, 1, 1, 0, -1, -1)
_CORNER_DY = (-2, -1, 1, 2, 1, -1)
#: The edge towards each direction, from corner e to corner e + 1 (e its `EDGE_OF_DIRECTION`), on
#: that lattice: (ax, ay, bx, by) from the hex's own (2q + r, 3r).
_EDGE_CORNERS = tuple((_CORNER_DX[e], _CORNER_DY[e], _CORNER_DX[(e + 1) % 6], _CORNER_DY[(e + 1) % 6])
                      for e in (EDGE_OF_DIRECTION[d] for d in range(6)))


def chain_edges(edges: Iterable[tuple[int, int, int]], pitch: float = HEX_PITCH_MM) -> list[list[tuple[float, float]]]:
    """`chain_segments` for hex edges given as (q, r, direction), joined on exact corner ids."""
    by_start: dict[tuple[int, int], list[tuple[int, int]]] = {}
    ends: set[tuple[int, int]] = set()
    for q, r, d in edges:
        ax, ay, bx, by = _EDGE_CORNERS[d]
        x, y = 2 * q + r, 3 * r
        b = (x + bx, y + by)
        by_start.setdefault((x + ax, y + ay), []).append(b)
        ends.add(b)
    sx, sy = pitch / 2.0, pitch / (2.0 * SQRT3)
    lines = []
    for k in [k for k in by_start if k not in ends] + list(by_start):
        while by_start.get(k):
            line = [k, by_start[k].pop()]
            while by_start.get(line[-1]):
                line.append(by_start[line[-1]].pop())
            lines.append([(sx * x, sy * y) for x, y in line])
    return lines


# -- bounds and projection ---------------------------------------------------------------

class Box(Record, frozen=True):
    """An axis-aligned box in drawing units."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def union(self, other: "Box") -> "Box":
        return Box(min(self.x0, other.x0), min(self.y0, other.y0), max(self.x1, other.x1), max(self.y1, other.y1))


def cells_box(cells: Iterable[tuple[int, int]], pitch: float = HEX_PITCH_MM) -> Box | None:
    """The box around whole hexes (corners included) at these cells."""
    xs, ys = [], []
    for q, r in cells:
        x, y = hex_center(q, r, pitch)
        xs.append(x)
        ys.append(y)
    if not xs:
        return None
    half_w, half_h = pitch / 2.0, pitch / SQRT3
    return Box(min(xs) - half_w, min(ys) - half_h, max(xs) + half_w, max(ys) + half_h)


class Oblique(Record, frozen=True):
    """The isometric view: seen from the south, looking down at `elevation` degrees.

    A point (x, y) on the table at height h millimetres lands at
    (x, y * sin(elevation) - h * cos(elevation)). Seen from due south, a hex prism shows its
    top and its two south faces, and drawing cells by row (north first), then by level
    (lowest first), paints every cell over the ones it hides.
    """

    elevation: float = 40.0
    level_height: float = LEVEL_HEIGHT_MM

    def scales(self) -> tuple[float, float]:
        """(factor on y, millimetres up the picture per level)."""
        e = math.radians(self.elevation)
        return math.sin(e), self.level_height * math.cos(e)

    def project(self, x: float, y: float, level: float) -> tuple[float, float]:
        e = math.radians(self.elevation)
        return x, y * math.sin(e) - level * self.level_height * math.cos(e)
