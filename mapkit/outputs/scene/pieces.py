"""Each piece seen from above, drawn so a builder can tell it from the pieces that look like it
and place it: its hexes, or its symbol turned as the map turns it, and for a piece of several
hexes its outline (a solid line just inside its footprint, so two pieces side by side never run
together) and which way it faces (each hex's height where they differ, a ruin's wall on the
side it stands on).

An edge piece is drawn on the edge of the hex it stands on, as the builder places it: a ladder
on its own hex, a battlement on the wall-walk it hangs on (the file stores a battlement in the
hex beyond the walk, turned to face it: `PieceType.hangs_beside_tile`); a flag in the battlement
it is planted in (`PieceType.stands_on`), not as a tile of its own.

`piece_marks` is what a piece draws over its hexes and `piece_area` the outline no other piece's
plate may enter: what every word on a map keeps off (`scene.keep_off`, `scene.placing`).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Iterable, Sequence

from mapkit.model.catalog import PieceType, catalog
from mapkit.model.grid import DIRECTIONS
from mapkit.model.map import Map, Piece
from mapkit.outputs.scene import layout, players, style, symbols
from mapkit.outputs.scene.layout import hex_center
from mapkit.outputs.scene.shapes import Circle, Group, Poly, Text

#: How far inside its footprint a piece of several hexes draws its outline, in pitches: two
#: pieces side by side show two lines with a gap, not one.
OUTLINE_INSET = 0.07
#: The width of that outline, in pitches.
OUTLINE_WIDTH = 0.04
#: A piece's hexes of different heights: each hex's symbol between this share of its size (the
#: lowest) and the whole (the highest).
LOWEST_SCALE = 0.55


def draw_piece_top(g: Group, m: Map, piece: Piece, ptype: PieceType, p: float,
                   tops: dict[tuple[int, int], layout.Top] | None = None, index: int = -1) -> None:
    """One piece seen from above: its hexes, pattern and outline, or its symbol.

    With `tops`, hexes another piece covers are flagged `covered` (a PNG skips them).
    """
    cells = layout.piece_cells(m, piece)
    kind = ptype.kind
    if not layout.is_surface(ptype):
        g.items.extend(piece_marks(m, piece, ptype, cells, p))
        return
    fill = style.piece_fill(ptype, piece.attrs)          # the legend's colour, on every Level
    grid = style.darker(fill, 0.82)
    pattern = style.terrain_pattern(ptype.terrain) if kind in ("land", "fluid") else None
    start = len(g.items)
    hidden = 0
    for q, r in cells:
        covered = tops is not None and tops[(q, r)].piece != index
        hidden += covered
        hexagon = Poly(layout.hex_corners(q, r, p), fill=fill, stroke=grid, width=p * 0.012,
                       attrs={"class": "hex", "data-q": q, "data-r": r})
        hexagon.covered = covered
        g.add(hexagon)
        if pattern:
            cx, cy = hex_center(q, r, p)
            marks = symbols.pattern(pattern, cx, cy, p, fill)
            if covered:
                for mark in marks:
                    mark.covered = True
            g.items.extend(marks)
    g.items.extend(piece_marks(m, piece, ptype, cells, p, fill))
    for ring in layout.piece_outline(piece, p):
        g.add(Poly(ring, stroke=style.mark_rgb("outline"), width=p * 0.03, attrs={"class": "outline"}))
    if hidden == len(cells):                 # nothing of it shows: skip its marks in a PNG too
        for item in g.items[start:]:
            if not isinstance(item, Group):
                item.covered = True


def piece_marks(m: Map, piece: Piece, ptype: PieceType, cells: Sequence[tuple[int, int]], p: float,
                fill: style.RGB | None = None) -> list:
    """What a piece draws over its hexes: its symbol (a tree, a castle wall's band, an arch), its
    marks (a ladder on its edge, a glyph, a start zone's ring and number, a figure), the name on a
    personal tile (`fill`: the tile's colour). These are what the build sheets' labels keep off
    (`sheets.labels`); a tile's hexes, pattern and outline are not among them."""
    kind = ptype.kind
    out: list = []
    if kind == "castle":
        return castle_marks(m, piece, ptype, cells, p)
    if kind == "custom":
        if piece.attrs.get("label"):
            cx, cy = hex_center(*cells[0], p)
            out.append(Text(cx, cy, str(piece.attrs["label"])[:6], p * 0.22,
                            fill=style.contrast_text(fill or style.piece_fill(ptype, piece.attrs))))
        return out
    if kind == "obstacle":
        return obstacle_marks(piece, ptype, cells, p)
    if kind == "edge":
        symbol, _, rgb = style.castle_symbol(ptype)
        if symbol == "road-wall":
            pts = [hex_center(q, r, p) for q, r in cells]
            return [Poly(pts, stroke=rgb, width=p * 0.16, closed=False)]
        (q, r), side = standing(m, piece, ptype)
        cx, cy = hex_center(q, r, p)
        return symbols.edge(symbol, cx, cy, p, side if side is not None else int(piece.rotation), rgb)
    if kind == "marker":
        for q, r in cells:
            cx, cy = hex_center(q, r, p)
            if piece.type == "glyph":
                out.extend(symbols.glyph(cx, cy, p, str(piece.attrs.get("letter", "?"))))
            elif piece.type == "start-zone":
                player = int(piece.attrs.get("player", 0) or 0)
                out.extend(symbols.start_zone(cx, cy, p, player, players.zone_colour(m, player).rgb))
            else:
                out.append(Circle(cx, cy, p * 0.2, fill=ptype.vs_colour))
        return out
    if kind == "figure":
        label, rgb = players.figure_label(piece), players.figure_colour(m, piece).rgb
        for q, r in cells:
            cx, cy = hex_center(q, r, p)
            out.extend(symbols.figure(cx, cy, p, label, rgb))
    return out


def obstacle_marks(piece: Piece, ptype: PieceType, cells: Sequence[tuple[int, int]], p: float) -> list:
    """An obstacle: one hex its symbol, turned with the piece (on its own base tile where it has
    one); several hexes their outline inside the footprint, then what shows which way the piece
    faces: a ruin's wall on the side it stands on, else a symbol on each hex, sized by that hex's
    height (and the height written) where the hexes differ."""
    symbol, rgb, _ = style.obstacle_style(ptype)
    turn = float(piece.rotation)
    if len(cells) == 1:
        cx, cy = hex_center(*cells[0], p)
        return symbols.on_bases(symbol, cx, cy, p, rgb, style.base_fills(ptype), turn)
    ink = style.darker(rgb, 0.45)
    ox, oy = hex_center(piece.q, piece.r, p)
    out: list = [Poly([(ox + p * x, oy + p * y) for x, y in ring], stroke=ink, width=p * OUTLINE_WIDTH,
                      attrs={"class": "piece-outline"})
                 for ring in inset_outline(_shape(piece, ptype), layout.piece_turns(piece))]
    wall = style.wall_line(ptype)
    if wall is not None:
        line = [(ox + p * x, oy + p * y) for x, y in _turned(wall, layout.piece_turns(piece))]
        return out + [Poly(line, stroke=ink, width=p * 0.13, closed=False, attrs={"class": "wall"}),
                      Poly(line, stroke=rgb, width=p * 0.08, closed=False, attrs={"class": "wall"})]
    heights = hex_heights(piece, ptype, len(cells))
    low, high = min(heights), max(heights)
    for (q, r), height in zip(cells, heights):
        cx, cy = hex_center(q, r, p)
        if high > low:
            k = LOWEST_SCALE + (1 - LOWEST_SCALE) * (height - low) / (high - low)
            out.extend(symbols.obstacle(symbol, cx, cy - p * 0.06, p * 0.8 * k, rgb, turn))
            out.append(Text(cx, cy + p * 0.27, str(height), p * 0.17, fill=ink, bold=True, halo=(255, 255, 255)))
        else:
            out.extend(symbols.obstacle(symbol, cx, cy, p * 0.8, rgb, turn))
    return out


def hex_heights(piece: Piece, ptype: PieceType, hexes: int) -> list[int]:
    """The obstacle height of each of a piece's `hexes` hexes (footprint order)."""
    return [ptype.height_of_cell(k, piece.attrs.get("heights")) for k in range(hexes)]


def heights_note(m: Map, indices: Iterable[int]) -> str | None:
    """The legend's line on the heights written in the hexes of a piece (`obstacle_marks`), where
    one of the pieces `indices` has hexes of different heights; else None."""
    cat = catalog()
    for i in indices:
        piece = m.pieces[i]
        ptype = cat[piece.type]
        if ptype.kind != "obstacle" or not (ptype.hex_heights or piece.attrs.get("heights")):
            continue
        heights = hex_heights(piece, ptype, len(layout.piece_cells(m, piece)))
        if len(heights) > 1 and min(heights) < max(heights):
            return str(style.style_data()["sheet_labels"]["heights_legend"])
    return None


def piece_area(m: Map, piece: Piece, ptype: PieceType, p: float) -> list[list[tuple[float, float]]]:
    """The outline rings of a piece of several hexes standing on the map (an obstacle): its own
    plate goes inside (or beside, pointing at it), no other piece's plate enters it; [] for a
    tile or a piece of one hex."""
    if ptype.kind != "obstacle" or len(layout.shape_cells(_shape(piece, ptype), 0)) < 2:
        return []
    ox, oy = hex_center(piece.q, piece.r, p)
    return [[(ox + p * x, oy + p * y) for x, y in ring]
            for ring in inset_outline(_shape(piece, ptype), layout.piece_turns(piece))]


def _shape(piece: Piece, ptype: PieceType) -> str:
    return catalog().shape_for(ptype, piece.attrs.get("size"))


@lru_cache(maxsize=None)
def inset_outline(shape: str, turns: int) -> tuple[tuple[tuple[float, float], ...], ...]:
    """The footprint's outline `OUTLINE_INSET` inside it, at pitch 1 about its origin hex, as
    shapely insets it (`inset_by_shapely`): taken from the table of what shapely gave for every
    footprint of the catalog (`data/inset_outlines.json`, `inset_table`) where it holds these
    hexes at this inset, so that a picture of a map loads neither shapely nor numpy (a tenth of a
    second, more than the report of a 7,000-piece map spends drawing it)."""
    cells = tuple(layout.shape_cells(shape, turns))
    table = _inset_data()
    if table["inset"] == OUTLINE_INSET and cells in table["outlines"]:
        return table["outlines"][cells]
    return inset_by_shapely(cells)


def inset_by_shapely(cells: Sequence[tuple[int, int]]) -> tuple[tuple[tuple[float, float], ...], ...]:
    """The outline of these hexes `OUTLINE_INSET` inside them (mitred corners), at pitch 1."""
    from shapely.geometry import Polygon
    from shapely.ops import unary_union

    whole: Any = unary_union([Polygon(layout.hex_corners(q, r, 1.0)).buffer(1e-9) for q, r in cells])
    inner: Any = whole.buffer(-OUTLINE_INSET, join_style="mitre")
    parts = getattr(inner, "geoms", [inner])
    return tuple(tuple((float(x), float(y)) for x, y in part.exterior.coords[:-1]) for part in parts
                 if not part.is_empty)


def inset_table() -> dict[str, Any]:
    """What `data/inset_outlines.json` holds: the inset, and each footprint of the catalog's
    shapes at each turn (its hexes) with its outline as shapely insets it (tests/test_inset_outlines.py
    keeps the file so, and says how to write it again)."""
    footprints = sorted({tuple(layout.shape_cells(shape, turns)) for shape in catalog().shapes for turns in range(6)})
    return {"inset": OUTLINE_INSET,
            "outlines": [{"cells": [list(c) for c in cells], "rings": [[list(pt) for pt in ring]
                                                                        for ring in inset_by_shapely(cells)]}
                         for cells in footprints if len(cells) > 1]}


@lru_cache(maxsize=1)
def _inset_data() -> dict[str, Any]:
    import json

    from mapkit import data

    table = json.loads(data.text("inset_outlines.json"))
    return {"inset": table["inset"],
            "outlines": {tuple(tuple(c) for c in row["cells"]): tuple(tuple((x, y) for x, y in ring)
                                                                   for ring in row["rings"])
                         for row in table["outlines"]}}


def _turned(points: Sequence[tuple[float, float]], turns: int) -> list[tuple[float, float]]:
    """Points turned `turns` x 60 degrees clockwise about the origin (x east, y south), as the
    catalog turns a footprint."""
    a = math.radians(60 * turns)
    c, s = math.cos(a), math.sin(a)
    return [(x * c - y * s, x * s + y * c) for x, y in points]


def standing(m: Map, piece: Piece, ptype: PieceType) -> tuple[tuple[int, int], int | None]:
    """The hex a builder puts a one-hex piece on, and the side of that hex it stands on (a grid
    direction, 0 east clockwise; None for a piece on no edge): a ladder on its own hex's side; a
    battlement on the side of the wall-walk it hangs on (the file stores it in the hex beyond,
    turned to face the walk); a flag on the battlement it is planted in (the hex and side of
    that battlement), or on its own hex where the map has no such battlement."""
    d = int(piece.rotation) % 6
    if ptype.kind == "edge":
        if ptype.hangs_beside_tile:
            dq, dr = DIRECTIONS[d]
            return (piece.q + dq, piece.r + dr), (d + 3) % 6
        return (piece.q, piece.r), d
    if ptype.stands_on:
        cat = catalog()
        for other in m.pieces:
            rise = ptype.stands_on.get(other.type)
            if rise is not None and (other.q, other.r, other.z + rise) == (piece.q, piece.r, piece.z):
                return standing(m, other, cat[other.type])
    return (piece.q, piece.r), None


def castle_marks(m: Map, piece: Piece, ptype: PieceType, cells: Sequence[tuple[int, int]], p: float) -> list:
    """A castle piece's symbol: a base or wall as the band joining the sides it joins (the
    catalog's `joins`, turned with it), an arch over its three hexes with the way through, a flag
    in the battlement it is planted in (at that battlement's edge)."""
    symbol, _, rgb = style.castle_symbol(ptype)
    if symbol == "arch" and len(cells) == 3:
        (x0, y0), (x1, y1), (x2, y2) = (hex_center(q, r, p) for q, r in cells)
        return symbols.arch(x0, y0, x1, y1, x2, y2, p, rgb, door=not ptype.id.endswith("no-door"))
    if symbol == "flag":
        (q, r), side = standing(m, piece, ptype)
        cx, cy = hex_center(q, r, p)
        if side is not None:                          # near the middle of the battlement's edge
            (ax, ay), (bx, by) = layout.edge_segment(q, r, side, p)
            cx, cy = cx + ((ax + bx) / 2 - cx) * 0.55, cy + ((ay + by) / 2 - cy) * 0.55
        return symbols.castle("flag", cx, cy, p * 0.8, rgb)
    sides = ptype.joined_directions(piece.rotation) if ptype.joins else None
    out: list = []
    for q, r in cells:
        cx, cy = hex_center(q, r, p)
        out.extend(symbols.castle(symbol, cx, cy, p, rgb, sides))
    return out
