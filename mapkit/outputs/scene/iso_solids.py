"""Pieces that stand on the map, drawn as solids in the isometric view: road walls, battlements,
ladders, flags and the door of a castle arch; palms and ruins as shapes a builder knows (fronds,
a broken wall). Other obstacles: `iso_obstacles`.

Every part is a polygon in the view's projection (`layout.Oblique`), tagged with its piece's
index and a class naming the part, so a test (or an SVG editor) finds it. Heights not given by
a piece's catalog entry are drawing choices, named here.
"""

from __future__ import annotations

import math
from typing import Any

from mapkit.outputs.scene import style
from mapkit.outputs.scene.layout import EDGE_OF_DIRECTION, UNIT_CORNERS, Oblique, hex_center
from mapkit.outputs.scene.shapes import Group, Poly

RGB = tuple[int, int, int]
Point = tuple[float, float]

#: In levels (`render_style.json` "iso", which names their sources): a ladder piece's height
#: (Hexoscape's), a flag's pole and the depth of a battlement's crenels (drawing choices); a
#: battlement's thickness in hex pitches (an assumption).
LADDER_LEVELS = float(style.style_data()["iso"]["ladder_levels"])
FLAG_POLE_LEVELS = float(style.style_data()["iso"]["flag_pole_levels"])
CRENEL_LEVELS = float(style.style_data()["iso"]["crenel_levels"])
BATTLEMENT_THICKNESS = float(style.style_data()["iso"]["battlement_thickness"])


def battlement_levels() -> float:
    """A battlement's height from its bottom: the rise at which the catalog plants a flag in it
    (`stands_on`; 5, an assumption from Hexoscape's battlement and VirtualScape's West Barbican,
    docs/formats.md), so a flag is drawn on the battlement's top."""
    from mapkit.model.catalog import catalog

    try:
        return float(catalog()["castle-flag"].stands_on.get("castle-battlement", 5))
    except KeyError:
        return 5.0


def slab(g: Group, a: Point, b: Point, bottom: float, top: float, thickness: float, proj: Oblique, rgb: RGB,
         attrs: dict[str, Any], p: float, crenels: int = 0) -> None:
    """A wall `thickness` thick along a -> b on the table, from level `bottom` to `top`: the faces
    the viewer sees (south-facing sides and ends, farthest first), then the top. With `crenels`
    (a battlement) the wall stops `CRENEL_LEVELS` lower and that many merlons stand on it, each a
    block of its own, so the notched top reads from any side (seen end-on, the merlons one behind
    the other make a solid strip, not floating dots)."""
    if crenels:
        notch = max(bottom + (top - bottom) * 0.5, top - CRENEL_LEVELS)
        slab(g, a, b, bottom, notch, thickness, proj, rgb, attrs, p)
        steps = 2 * crenels - 1
        merlons = [(_along(a, b, k / steps), _along(a, b, (k + 1) / steps)) for k in range(0, steps, 2)]
        merlons.sort(key=lambda ends: max(ends[0][1], ends[1][1]))          # the farther first
        for m0, m1 in merlons:
            slab(g, m0, m1, notch, top, thickness, proj, rgb, {**attrs, "data-merlon": "1"}, p)
        return
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * thickness / 2, dx / length * thickness / 2
    ring = [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)]
    area = sum(ring[i][0] * ring[(i + 1) % 4][1] - ring[(i + 1) % 4][0] * ring[i][1] for i in range(4))
    turn = 1.0 if area > 0 else -1.0
    ink = style.darker(rgb, 0.5)
    faces = []
    for i in range(4):
        (ax, ay), (bx, by) = ring[i], ring[(i + 1) % 4]
        ox, oy = (by - ay) * turn, -(bx - ax) * turn           # outward normal, y grows south
        if oy > 1e-9:
            shade = rgb if abs(ox) < abs(oy) else style.darker(rgb, 0.8)
            faces.append((max(ay, by), (ax, ay), (bx, by), shade))
    faces.sort()
    for _, (ax, ay), (bx, by), shade in faces:
        pts = [proj.project(ax, ay, bottom), proj.project(bx, by, bottom), proj.project(bx, by, top),
               proj.project(ax, ay, top)]
        g.add(Poly(pts, fill=shade, stroke=ink, width=p * 0.012, attrs={**attrs, "data-part": "side"}))
    lid = style.darker(rgb, 1.15) if sum(rgb) < 600 else rgb
    g.add(Poly([proj.project(x, y, top) for x, y in ring], fill=lid, stroke=ink, width=p * 0.012,
               attrs={**attrs, "data-part": "top"}))


def _along(a: Point, b: Point, t: float) -> Point:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def road_wall(g: Group, cells: list[tuple[int, int]], cell: tuple[int, int], z: float, height: float, p: float,
              proj: Oblique, rgb: RGB, attrs: dict[str, Any]) -> None:
    """The part of a road wall over one of its hexes: the wall runs through the hex centres (as the
    top view draws it), each hex drawing its half to either neighbour, so tiles of later rows
    cover what they hide."""
    centres = [hex_center(q, r, p) for q, r in cells]
    i = cells.index(cell)
    here = centres[i]
    a = here if i == 0 else _mid(centres[i - 1], here)
    b = here if i == len(centres) - 1 else _mid(here, centres[i + 1])
    slab(g, a, b, z, z + height, p * 0.16, proj, rgb, attrs, p)


def battlement(g: Group, q: int, r: int, direction: int, z: float, p: float, proj: Oblique, rgb: RGB,
               attrs: dict[str, Any]) -> None:
    """A battlement along the hex edge facing `direction` (0 = east, clockwise): a notched wall
    from its bottom `z` (VirtualScape stores it at the z of the wall-walk whose side it hangs
    on) up `battlement_levels()`, above the walk's top."""
    a, b = _edge(q, r, direction, p)
    slab(g, a, b, z, z + battlement_levels(), p * BATTLEMENT_THICKNESS, proj, rgb, attrs, p, crenels=3)


def ladder(g: Group, q: int, r: int, direction: int, z: float, p: float, proj: Oblique, rgb: RGB,
           attrs: dict[str, Any]) -> None:
    """A ladder piece upright on the hex edge facing `direction`: two rails and rungs."""
    a, b = _edge(q, r, direction, p)
    top = z + LADDER_LEVELS
    rails = [(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t) for t in (0.25, 0.75)]
    for x, y in rails:
        g.add(Poly([proj.project(x, y, z), proj.project(x, y, top)], stroke=rgb, width=p * 0.05, closed=False,
                   attrs={**attrs, "data-part": "rail"}))
    (x0, y0), (x1, y1) = rails
    for k in range(1, 5):
        lv = z + LADDER_LEVELS * k / 5
        g.add(Poly([proj.project(x0, y0, lv), proj.project(x1, y1, lv)], stroke=rgb, width=p * 0.035, closed=False,
                   attrs={**attrs, "data-part": "rung"}))


def flag(g: Group, cx: float, cy: float, z: float, p: float, proj: Oblique, rgb: RGB, attrs: dict[str, Any]) -> None:
    """A pole and a pennant."""
    top = z + FLAG_POLE_LEVELS
    g.add(Poly([proj.project(cx, cy, z), proj.project(cx, cy, top)], stroke=(60, 50, 40), width=p * 0.04,
               closed=False, attrs={**attrs, "data-part": "pole"}))
    tx, ty = proj.project(cx, cy, top)
    _, lift = proj.scales()
    drop = lift * FLAG_POLE_LEVELS * 0.3
    g.add(Poly([(tx, ty), (tx + p * 0.4, ty + drop / 2), (tx, ty + drop)], fill=rgb, stroke=style.darker(rgb, 0.5),
               width=p * 0.015, attrs={**attrs, "data-part": "pennant"}))


def palm(g: Group, bx: float, by: float, tx: float, ty: float, p: float, rgb: RGB, attrs: dict[str, Any]) -> None:
    """A leaning trunk and a crown of fronds (a round tree is a ball on a stick)."""
    lean = p * 0.12
    crown = (tx + lean, ty)
    g.add(Poly([(bx, by), ((bx + crown[0]) / 2 + lean * 0.6, (by + crown[1]) / 2), crown], stroke=(120, 84, 44),
               width=p * 0.07, closed=False, attrs={**attrs, "data-part": "trunk"}))
    ink = style.darker(rgb, 0.55)
    for k in range(6):
        angle = math.radians(-180 + k * 36)                   # fronds fan out, drooping at the ends
        reach = p * 0.42
        ex, ey = crown[0] + reach * math.cos(angle), crown[1] + reach * 0.55 * math.sin(angle) + p * 0.12
        mx, my = crown[0] + reach * 0.5 * math.cos(angle), crown[1] + reach * 0.5 * math.sin(angle) * 0.9 - p * 0.04
        side = (-(ey - crown[1]) * 0.12, (ex - crown[0]) * 0.12)
        g.add(Poly([crown, (mx + side[0], my + side[1]), (ex, ey), (mx - side[0], my - side[1])], fill=rgb,
                   stroke=ink, width=p * 0.012, attrs={**attrs, "data-part": "frond"}))


def ruin(g: Group, cx: float, cy: float, z: float, height: float, p: float, proj: Oblique, rgb: RGB,
         attrs: dict[str, Any], axis: Point = (1.0, 0.0)) -> None:
    """A broken wall across the hex along `axis` (a unit vector: the line of the ruin's hexes, the
    way its wall runs): full height at one end, crumbling to a stub, with a gap, drawn through
    their middle: for a piece drawn as a ruin whose wall's side no source gives (a crashed ship's
    wall); the ruins whose side is known stand their wall on it (`iso_obstacles.ruin_wall`)."""
    ux, uy = axis
    if uy < 0 or (uy == 0 and ux < 0):              # run it left to right, its face towards the viewer
        ux, uy = -ux, -uy
    a, b = (cx - p * 0.36 * ux, cy - p * 0.36 * uy), (cx + p * 0.36 * ux, cy + p * 0.36 * uy)
    nx, ny = -uy * p * 0.06, ux * p * 0.06          # towards the viewer (south)
    if ny < 0:
        nx, ny = -nx, -ny
    steps = [(0.0, 1.0), (0.28, 1.0), (0.28, 0.72), (0.45, 0.72), (0.45, 0.0), (0.58, 0.0), (0.58, 0.45),
             (0.8, 0.45), (0.8, 0.25), (1.0, 0.25)]
    ink = style.darker(rgb, 0.5)
    front = [proj.project(a[0] + nx, a[1] + ny, z), proj.project(b[0] + nx, b[1] + ny, z)]
    front += [proj.project(a[0] + (b[0] - a[0]) * t + nx, a[1] + (b[1] - a[1]) * t + ny, z + max(h, 0.05) * height)
              for t, h in reversed(steps)]
    g.add(Poly(front, fill=rgb, stroke=ink, width=p * 0.015, attrs={**attrs, "data-part": "side"}))


def _edge(q: int, r: int, direction: int, p: float) -> tuple[Point, Point]:
    cx, cy = hex_center(q, r, p)
    e = EDGE_OF_DIRECTION[direction % 6]
    a = (cx + p * UNIT_CORNERS[e][0] * 0.95, cy + p * UNIT_CORNERS[e][1] * 0.95)
    b = (cx + p * UNIT_CORNERS[(e + 1) % 6][0] * 0.95, cy + p * UNIT_CORNERS[(e + 1) % 6][1] * 0.95)
    return a, b


def _mid(a: Point, b: Point) -> Point:
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def arch_door(g: Group, m: Any, index: int, q: int, r: int, bottom: float, top: float, p: float,
              proj: Oblique) -> None:
    """The door of a castle arch: a wooden leaf across its doorway (hex (q, r)), along the arch,
    from the bases' Level (`bottom`) up to the underside of the arch (`top`)."""
    from mapkit.outputs.scene.layout import piece_cells

    cells = piece_cells(m, m.pieces[index])
    (x0, y0), (x1, y1) = hex_center(*cells[0], p), hex_center(*cells[-1], p)
    cx, cy = hex_center(q, r, p)
    hx, hy = (x1 - x0) / 4, (y1 - y0) / 4                     # half a hex along the arch
    rgb = _door_rgb()
    ink = style.darker(rgb, 0.5)
    leaf = [proj.project(cx - hx, cy - hy, bottom), proj.project(cx + hx, cy + hy, bottom),
            proj.project(cx + hx, cy + hy, top), proj.project(cx - hx, cy - hy, top)]
    g.add(Poly(leaf, fill=rgb, stroke=ink, width=p * 0.015, attrs={"data-part": "door", "data-piece": index + 1}))
    g.add(Poly([proj.project(cx, cy, bottom), proj.project(cx, cy, top)], stroke=ink, width=p * 0.015,
               closed=False, attrs={"data-part": "door-seam"}))


def _door_rgb() -> RGB:
    rgb = style.style_data()["iso"]["door_rgb"]
    return int(rgb[0]), int(rgb[1]), int(rgb[2])
