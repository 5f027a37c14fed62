"""Obstacles in the isometric view at their real height and footprint: evergreens, palms, brush,
shroudshrooms and ruins as shapes a builder knows; outcrops, glaciers, the hive and walls as
columns over each of their hexes.

Every height is the piece's own (`PieceType.height_of_cell`: the map's per-hex heights, the
catalog's `hex_heights`, else its `obstacle_height`); how each symbol is drawn, and the widths,
are drawing choices in `render_style.json` ("iso"). Every part is a polygon in the view's
projection (`layout.Oblique`), tagged with a `data-part`, so a test measures it.
"""

from __future__ import annotations

import math
from typing import Any

from mapkit.model.catalog import PieceType
from mapkit.model.map import Piece
from mapkit.outputs.scene import style
from mapkit.outputs.scene.layout import UNIT_CORNERS, Oblique, hex_center
from mapkit.outputs.scene.shapes import Group, Poly

RGB = tuple[int, int, int]
#: The forms drawn once per piece (a 4-hex tree is one tree), not once per hex.
WHOLE = ("tree", "palm", "brush", "mushroom")
TRUNK_RGB = (100, 66, 36)


def iso_data() -> dict[str, Any]:
    return style.style_data()["iso"]


def form_of(ptype: PieceType) -> str:
    """How the view draws this obstacle ('tree', 'rock', ...; `render_style.json` "iso"); a Laur
    wall piece ('laur') as the top view draws it, stood up."""
    symbol = style.obstacle_style(ptype)[0]
    if symbol.startswith("laur-"):
        return "laur"
    return str(iso_data()["forms"].get(symbol, "rock"))


def laur(g: Group, symbol: str, cx: float, cy: float, z: float, height: float, turn: float, p: float,
         proj: Oblique, rgb: RGB) -> None:
    """A Laur wall piece stood up from its top-view shape (`symbols.laur`), turned as the map turns
    it: a pillar a prism the piece's full height, a wall a slab from its pillar to the next, a
    ruin a stub, its catalog height at the pillar, breaking off lower, so the three never look alike."""
    from mapkit.outputs.scene import symbols

    name = symbol[:-len("-stack")] if symbol.endswith("-stack") else symbol
    if name in ("laur-pillar", "laur-pillar-triangle"):
        ring = [pt for item in symbols.laur(name, cx, cy, p, rgb, turn)[:1] for pt in item.pts]
        prism(g, ring, z, z + height, p, proj, rgb)
        return
    a = math.radians(60.0 * turn)
    ux, uy = math.cos(a), math.sin(a)
    thick = p * symbols.LAUR_BAR * 2
    if name in symbols.LAUR_REACH:
        start, end = symbols.LAUR_REACH[name]
        parts = [(start, end, 1.0)]
    else:                                        # a ruin: a stub, the far end broken off lower
        edge = symbols.LAUR_RUINS.get(name, symbols.LAUR_RUINS["laur-wall-ruin"])
        parts = [(edge[0][0], edge[1][0], 1.0), (edge[1][0], edge[-1][0], 0.55)]
    for start, end, share in parts:
        ring = _slab_ring(cx + ux * p * start, cy + uy * p * start, cx + ux * p * end, cy + uy * p * end, thick)
        prism(g, ring, z, z + height * share, p, proj, style.darker(rgb, 0.92) if share < 1 else rgb)


def ruin_wall(g: Group, line: tuple[tuple[float, float], ...], piece: Piece, z: float, height: float, p: float,
              proj: Oblique, rgb: RGB) -> None:
    """A ruin's wall along the side of its hexes it stands on (`style.wall_line`, as the top view
    draws it), turned with the piece: a slab along each stretch, its full height at the first and
    crumbling lower along the rest (a drawing choice: no source gives the profile), the farthest
    stretch painted first."""
    from mapkit.outputs.scene import iso_solids
    from mapkit.outputs.scene.layout import piece_turns

    a = math.radians(60 * piece_turns(piece))
    c, s = math.cos(a), math.sin(a)
    ox, oy = hex_center(piece.q, piece.r, p)
    pts = [(ox + p * (x * c - y * s), oy + p * (x * s + y * c)) for x, y in line]
    stretches = list(zip(pts, pts[1:]))
    n = len(stretches)
    order = sorted(range(n), key=lambda i: max(stretches[i][0][1], stretches[i][1][1]))
    for i in order:
        share = 1.0 - 0.55 * i / max(1, n - 1)
        a0, b0 = stretches[i]
        iso_solids.slab(g, a0, b0, z, z + height * share, p * 0.1, proj, rgb, {"class": "ruin"}, p)


def whole_row(piece: Piece, ptype: PieceType, cells: list[tuple[int, int]], p: float) -> int | None:
    """The row a piece drawn once over its hexes is painted with (the southernmost it stands
    over): a tree or other `WHOLE` form, a ruin's wall, a Laur wall (its own hex's row, or the
    next hex's where it reaches into it); None for a piece drawn hex by hex."""
    from mapkit.model.grid import mm_to_hex

    form = form_of(ptype)
    if form in WHOLE or style.wall_line(ptype) is not None:
        return max(r for _, r in cells)
    if form == "laur":
        dx, dy = laur_reach(style.obstacle_style(ptype)[0], float(piece.rotation), p)
        cx, cy = hex_center(piece.q, piece.r, p)
        return max(piece.r, mm_to_hex(cx + dx, cy + dy, p)[1])
    return None


def laur_reach(symbol: str, turn: float, p: float) -> tuple[float, float]:
    """How far a Laur piece reaches from its hex centre (model mm, x and y): a wall into the next
    hex, which the view paints it with."""
    from mapkit.outputs.scene import symbols

    name = symbol[:-len("-stack")] if symbol.endswith("-stack") else symbol
    end = symbols.LAUR_REACH.get(name, (0.0, 0.0))[1]
    a = math.radians(60.0 * turn)
    return math.cos(a) * p * end, math.sin(a) * p * end


def _slab_ring(x0: float, y0: float, x1: float, y1: float, thick: float) -> list[tuple[float, float]]:
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * thick / 2, dx / length * thick / 2
    return [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)]


def prism(g: Group, ring: list[tuple[float, float]], bottom: float, top: float, p: float, proj: Oblique,
          rgb: RGB) -> None:
    """A solid standing on `ring` (points on the table, any turn) from level `bottom` to `top`: the
    faces the viewer sees, shaded by the way they face, then the top."""
    if _area(ring) < 0:                            # clockwise on screen, as `column` takes its corners
        ring = list(reversed(ring))
    ink = style.darker(rgb, 0.5)
    n = len(ring)
    faces = []
    for i in range(n):
        (ax, ay), (bx, by) = ring[i], ring[(i + 1) % n]
        face = [proj.project(ax, ay, bottom), proj.project(bx, by, bottom), proj.project(bx, by, top),
                proj.project(ax, ay, top)]
        if _area(face) <= 1e-9:
            continue
        ox = (by - ay) / (math.hypot(bx - ax, by - ay) or 1.0)        # outward normal's x: east darker
        faces.append((max(ay, by), face, style.darker(rgb, 0.75 - 0.2 * ox)))
    for _, face, shade in sorted(faces, key=lambda f: f[0]):
        g.add(Poly(face, fill=shade, stroke=ink, width=p * 0.012, attrs={"data-part": "side"}))
    g.add(Poly([proj.project(x, y, top) for x, y in ring], fill=rgb, stroke=ink, width=p * 0.012,
               attrs={"data-part": "top"}))


def cell_height(piece: Piece, ptype: PieceType, k: int) -> float:
    """Levels the obstacle rises over its k-th hex (footprint order), as movement counts them."""
    heights = piece.attrs.get("heights") or ptype.hex_heights
    tall = ptype.height_of_cell(k, heights) if heights else ptype.obstacle_height
    return float(tall or ptype.height)


def centre_of(cells: list[tuple[int, int]], p: float) -> tuple[float, float]:
    centres = [hex_center(q, r, p) for q, r in cells]
    return sum(x for x, _ in centres) / len(centres), sum(y for _, y in centres) / len(centres)


def draw_whole(g: Group, form: str, cells: list[tuple[int, int]], z: float, height: float, p: float,
               proj: Oblique, rgb: RGB) -> None:
    """A piece drawn once over its footprint's middle (`WHOLE` forms), `height` levels tall."""
    x, y = centre_of(cells, p)
    if form == "tree":
        radius = p * float(iso_data()["tree_crown"]) * math.sqrt(len(cells))
        tree(g, x, y, z, height, radius, p, proj, rgb)
    elif form == "palm":
        palm(g, x, y, z, height, p, proj, rgb)
    elif form == "brush":
        brush(g, x, y, z, height, p, proj, rgb)
    else:
        mushroom(g, x, y, z, height, p, proj, rgb)


def _ring(x: float, y: float, radius: float, level: float, proj: Oblique, a0: float, a1: float,
          steps: int = 10) -> list[tuple[float, float]]:
    """Points of a circle on the table at `level`, from angle a0 to a1 (0 east, pi/2 south)."""
    return [proj.project(x + radius * math.cos(a), y + radius * math.sin(a), level)
            for a in (a0 + (a1 - a0) * i / steps for i in range(steps + 1))]


def tree(g: Group, x: float, y: float, z: float, height: float, radius: float, p: float, proj: Oblique,
         rgb: RGB) -> None:
    """An evergreen: a trunk, then three tiers of crown, each a cone whose front half shows, the
    top tier's tip at the tree's full height."""
    bare = float(iso_data()["tree_trunk"])
    w = max(radius * 0.14, p * 0.05)
    trunk_top = z + height * (bare + 0.1)
    g.add(Poly([proj.project(x - w, y, z), proj.project(x + w, y, z), proj.project(x + w, y, trunk_top),
                proj.project(x - w, y, trunk_top)], fill=TRUNK_RGB, stroke=style.darker(TRUNK_RGB, 0.6),
               width=p * 0.01, attrs={"data-part": "trunk"}))
    ink, shade = style.darker(rgb, 0.55), style.darker(rgb, 0.78)
    crown = 1.0 - bare
    for i in range(3):
        base = z + height * (bare + crown * 0.27 * i)
        tip = z + height * (bare + crown * (0.5 + 0.25 * i))
        r = radius * (1.0 - 0.24 * i)
        apex = proj.project(x, y, tip)
        g.add(Poly(_ring(x, y, r, base, proj, 0.0, math.pi) + [apex], fill=rgb, stroke=ink, width=p * 0.012,
                   attrs={"data-part": "crown"}))
        g.add(Poly(_ring(x, y, r, base, proj, 0.0, math.pi / 2, 5) + [apex], fill=shade,
                   attrs={"data-part": "crown-shade"}))


def palm(g: Group, x: float, y: float, z: float, height: float, p: float, proj: Oblique, rgb: RGB) -> None:
    """A leaning trunk up to the palm's height and a crown of drooping fronds."""
    from mapkit.outputs.scene import iso_solids

    bx, by = proj.project(x, y, z)
    tx, ty = proj.project(x, y, z + height)
    iso_solids.palm(g, bx, by, tx, ty, p, rgb, {})


def brush(g: Group, x: float, y: float, z: float, height: float, p: float, proj: Oblique, rgb: RGB) -> None:
    """Underbrush: a clump of tall blades, the middle one the piece's full height."""
    ink = style.darker(rgb, 0.55)
    for k in (-2, 2, -1, 1, 0):                                    # outer blades first, the tallest last
        tall = height * (1.0 - 0.12 * abs(k))
        base = x + k * p * 0.09
        tip = proj.project(x + k * p * 0.17, y, z + tall)
        width = p * 0.05
        g.add(Poly([proj.project(base - width, y, z), proj.project(base + width, y, z), tip],
                   fill=rgb if k % 2 == 0 else style.darker(rgb, 0.82), stroke=ink, width=p * 0.01,
                   attrs={"data-part": "blade"}))


def mushroom(g: Group, x: float, y: float, z: float, height: float, p: float, proj: Oblique, rgb: RGB) -> None:
    """A shroudshroom: a pale stem and a domed cap whose top is the piece's height."""
    stem = (226, 218, 200)
    cap_base = z + height * 0.72
    w = p * 0.08
    g.add(Poly([proj.project(x - w, y, z), proj.project(x + w, y, z), proj.project(x + w, y, cap_base),
                proj.project(x - w, y, cap_base)], fill=stem, stroke=style.darker(stem, 0.6), width=p * 0.01,
               attrs={"data-part": "stem"}))
    radius = p * 0.42
    ex, ey = proj.project(x, y, cap_base)
    top = proj.project(x, y, z + height)[1]
    rim = _ring(x, y, radius, cap_base, proj, 0.0, math.pi)
    dome = [(ex + radius * math.cos(a), ey - (ey - top) * math.sin(a)) for a in
            (math.pi - math.pi * i / 12 for i in range(13))]
    g.add(Poly(rim + dome[1:], fill=rgb, stroke=style.darker(rgb, 0.55), width=p * 0.015, attrs={"data-part": "cap"}))


def column(g: Group, q: int, r: int, z: float, height: float, p: float, proj: Oblique, rgb: RGB,
           taper: float = 1.0, size: float = 0.97) -> None:
    """A column over hex (q, r), `size` of the hex at its foot, `taper` of that at its top, from
    level z up `height` levels: the faces turned towards the viewer (their shade by the way they
    face), then the top."""
    cx, cy = hex_center(q, r, p)
    foot = [(cx + p * size * ux, cy + p * size * uy) for ux, uy in UNIT_CORNERS]
    head = [(cx + p * size * taper * ux, cy + p * size * taper * uy) for ux, uy in UNIT_CORNERS]
    top = z + height
    ink = style.darker(rgb, 0.5)
    for e in range(6):
        a, b = e, (e + 1) % 6
        face = [proj.project(*foot[a], z), proj.project(*foot[b], z), proj.project(*head[b], top),
                proj.project(*head[a], top)]
        if _area(face) <= 1e-9:                    # faces away (or is seen edge-on)
            continue
        mx = (UNIT_CORNERS[a][0] + UNIT_CORNERS[b][0]) / 2                # which way it faces: east darker
        g.add(Poly(face, fill=style.darker(rgb, 0.72 - 0.2 * mx * math.sqrt(3)), stroke=ink, width=p * 0.012,
                   attrs={"data-part": "side"}))
    g.add(Poly([proj.project(x, y, top) for x, y in head], fill=rgb, stroke=ink, width=p * 0.012,
               attrs={"data-part": "top"}))


def _area(pts: list[tuple[float, float]]) -> float:
    """Twice the signed area on screen (y grows down): positive for a face whose corners, taken
    clockwise round the hex as seen from above, the viewer sees from outside."""
    return sum(pts[i][0] * pts[(i + 1) % len(pts)][1] - pts[(i + 1) % len(pts)][0] * pts[i][1]
               for i in range(len(pts)))
