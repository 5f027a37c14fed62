"""C3G buildings, destructible objects and vehicles in the isometric view, as solids cut along
the hex grid.

A building is taller and wider than a hex, so painting it whole before or after the tiles
hides tiles in front of it or shows tiles behind it. Cut into its share of each hex it stands
over, each share is a prism inside one hex column, and `iso.iso_view` paints it with that
hex's tiles, in the one order (north row first, then bottom to top) that paints every hex
column over the ones it hides. Only the cuts' outer walls are drawn: a share's inner faces
are covered by the next share south, and a roof is stroked along the footprint only.

A building shows the walls facing the viewer, one band per storey, doorways (dark) and windows
(pale blue) on the wall nearest the space the Book marks, and a side the Book leaves open as
open floors; objects and vehicles are solids over their Book's footprint as tall as their card
says, on rings marking their spaces.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from mapkit.model.grid import HEX_PITCH_MM
from mapkit.model.map import Map
from mapkit.outputs.scene import c3g, style, symbols
from mapkit.outputs.scene.layout import Oblique, hex_center, hex_corners
from mapkit.outputs.scene.shapes import Group, Poly

RGB = tuple[int, int, int]
Point = tuple[float, float]
#: Objects are painted before buildings in a hex, so an elevator car in its shaft stays hidden.
RING, OBJECT, BUILDING = 0, 1, 2
#: How thick a floor shows at an open side, in levels (a drawing choice).
OPEN_FLOOR_LEVELS = 0.35
_EPS = 1e-6


@dataclass
class Part:
    """One solid's share of one hex: painted with the tiles of hex (q, r) standing at `bottom`."""

    q: int
    r: int
    bottom: float
    rank: int
    group: Group


def iso_parts(m: Map, p: float, proj: Oblique) -> tuple[list[Part], c3g.C3GLayer]:
    """Every building's, object's and vehicle's shares of the hexes, and the legend they need."""
    out = c3g.C3GLayer()
    pbs = c3g.placed_or_note(m, out)
    if pbs is None:
        return [], out
    from mapkit.geometry.placing import place_points

    parts: list[Part] = []
    wall = c3g.rgb_of("wall_rgb")
    obj = c3g.rgb_of("object_rgb")
    k = p / HEX_PITCH_MM                               # Books are in millimetres, the view in units of p
    for pb in pbs.buildings:
        if pb.placed is None:
            continue
        po = pb.placed
        footprint = [(x * k, y * k) for x, y in place_points(pb.book.footprint, po.q, po.r, po.rotation)]
        levels = sorted({po.level} | {po.floor_level(f) for f in po.floors})
        if len(levels) == 1:                           # no floor above the ground: the Book gives no height
            levels.append(levels[0] + int(c3g.c3g_style()["iso_storey_levels"]))
        marks: dict[int, list] = {}
        open_at: dict[int, set[int]] = {}
        for floor in po.floors:
            lv = po.floor_level(floor)
            marks.setdefault(lv, []).extend(mk for mk in floor.marks if mk.kind in ("doorway", "window"))
            open_at.setdefault(lv, set()).update(_open_sides(pb.book, floor.index))
        solid = _Solid(footprint, p)
        name = f"building-{pb.index + 1}"
        for q, r, n, piece in solid.shares():
            g = Group(f"{name}-{q}-{r}" + (f"-{n}" if n else ""), None,
                      {"class": "building", "data-book": pb.book.name, "data-q": q, "data-r": r,
                       "data-building": pb.index + 1}, [])
            _building_share(g, solid, piece, levels, marks, open_at, p, proj, wall)
            parts.append(Part(q, r, float(po.level), BUILDING, g))
    for pb in pbs.objects:
        pl = pb.placement
        name = f"object-{pb.index + 1}"
        for q, r in pb.spaces():
            g = Group(f"{name}-ring-{q}-{r}", None, {"class": "object-space", "data-q": q, "data-r": r}, [])
            ring = [proj.project(x, y, pl.level) for x, y in symbols.hexagon(*hex_center(q, r, p), p, 0.7)]
            g.add(Poly(ring, fill=(236, 222, 244), stroke=obj, width=p * 0.05))
            parts.append(Part(q, r, float(pl.level), RING, g))
        if pb.book is None or len(pb.book.footprint) < 3:
            continue
        footprint = [(x * k, y * k) for x, y in place_points(pb.book.footprint, pl.q, pl.r, pl.rotation)]
        tall = object_levels(pb.book)
        solid = _Solid(footprint, p)
        for q, r, n, piece in solid.shares():
            g = Group(f"{name}-{q}-{r}" + (f"-{n}" if n else ""), None,
                      {"class": "object", "data-book": pb.book.name, "data-q": q, "data-r": r,
                       "data-object": pb.index + 1, "data-height": tall}, [])
            _block_share(g, solid, piece, float(pl.level), pl.level + tall, p, proj, obj)
            parts.append(Part(q, r, float(pl.level), OBJECT, g))
    if pbs.buildings:
        out.legend.append(style.LegendEntry("c3g-wall", "wall", "C3G building (walls, doorways dark, windows blue)",
                                            wall))
    if pbs.objects:
        out.legend.append(style.LegendEntry("c3g-object", None, "destructible object / vehicle", obj))
    return parts, out


def object_levels(book: Any) -> float:
    """How tall a destructible object or vehicle stands, in levels: its card's Height, else
    `iso_object_levels` (render_style.json, an assumption named there)."""
    height = book.card.get("height")
    if isinstance(height, (int, float)) and not isinstance(height, bool) and height > 0:
        return float(height)
    return float(c3g.c3g_style()["iso_object_levels"])


def _open_sides(book: Any, index: int) -> set[int]:
    floor = next((f for f in book.floors if f.index == index), None)
    return set(floor.open_sides) if floor is not None else set()


class _Solid:
    """A footprint (a ring of points, the Book's edge order kept) and its shares of the hexes."""

    def __init__(self, footprint: list[Point], p: float):
        from shapely.geometry import Polygon
        from shapely.geometry.polygon import orient

        self.points = footprint
        self.p = p
        self.area = orient(Polygon(footprint).buffer(0), 1.0)
        n = len(footprint)
        signed = sum(footprint[i][0] * footprint[(i + 1) % n][1] - footprint[(i + 1) % n][0] * footprint[i][1]
                     for i in range(n))
        self.turn = 1.0 if signed > 0 else -1.0       # which side of an edge is outside

    def shares(self) -> list[tuple[int, int, int, Any]]:
        """(q, r, n, polygon) for each part of the footprint inside each hex it covers."""
        import shapely
        from shapely.geometry import Polygon
        from shapely.geometry.polygon import orient

        from mapkit.geometry.hexes import touched_hexes

        qs, rs = touched_hexes(self.area, self.p)
        out = []
        for q, r in sorted(zip(qs.tolist(), rs.tolist()), key=lambda c: (c[1], c[0])):
            cut = self.area.intersection(Polygon(hex_corners(q, r, self.p)))
            pieces = [g for g in shapely.get_parts(cut) if g.geom_type == "Polygon" and g.area > _EPS]
            for n, piece in enumerate(pieces):
                out.append((q, r, n, orient(piece, 1.0)))
        return out

    def edge_of(self, a: Point, b: Point) -> tuple[int, float, float] | None:
        """The footprint edge the segment a-b lies on, and where along it (0..1) a and b are;
        None for a cut along the grid inside the footprint."""
        n = len(self.points)
        for i in range(n):
            (ax, ay), (bx, by) = self.points[i], self.points[(i + 1) % n]
            dx, dy = bx - ax, by - ay
            length2 = dx * dx + dy * dy
            if length2 <= _EPS:
                continue
            ts = []
            for px, py in (a, b):
                t = ((px - ax) * dx + (py - ay) * dy) / length2
                if abs((px - ax) * dy - (py - ay) * dx) / math.sqrt(length2) > 1e-4 or not -1e-6 <= t <= 1 + 1e-6:
                    break
                ts.append(t)
            else:
                return i, ts[0], ts[1]
        return None

    def walls(self, piece: Any) -> tuple[list[tuple[float, int, Point, Point, float, float, bool]],
                                          list[tuple[Point, Point]]]:
        """The share's outer walls: those facing the viewer (farthest first: depth, edge, a, b,
        t at a, t at b, whether it faces south more than east or west), and every outer edge (for the roof's outline)."""
        ring = list(piece.exterior.coords)[:-1]
        seen = []
        outline = []
        for j in range(len(ring)):
            a, b = ring[j], ring[(j + 1) % len(ring)]
            on = self.edge_of(a, b)
            if on is None:
                continue
            outline.append((a, b))
            i, ta, tb = on
            (ax, ay), (bx, by) = self.points[i], self.points[(i + 1) % len(self.points)]
            nx, ny = (by - ay) * self.turn, -(bx - ax) * self.turn     # outward normal (y grows south)
            if ny > 1e-9:                                                # else it faces away, or edge-on
                seen.append((max(a[1], b[1]), i, a, b, ta, tb, abs(nx) < abs(ny)))
        seen.sort(key=lambda w: (w[0], w[1]))
        return seen, outline


def _building_share(g: Group, solid: _Solid, piece: Any, levels: list[int], marks: dict[int, list],
                    open_at: dict[int, set[int]], p: float, proj: Oblique, wall: RGB) -> None:
    """A building's share of one hex: for each storey the walls facing the viewer (shaded by the
    way they face; an open side shows its floor and the dark inside), the doorways and windows
    on them, then the roof on the top floor, outlined along the footprint only."""
    stone = (226, 216, 198)                          # the walls' face: the outline colour mixed with stone
    edge_rgb = style.darker(wall, 0.45)

    def mix(t: float) -> RGB:
        return tuple(int(round(w + (s_ - w) * t)) for w, s_ in zip(wall, stone))  # type: ignore[return-value]

    light, dark = mix(0.7), mix(0.45)
    seen, outline = solid.walls(piece)
    n = len(solid.points)
    for low, high in zip(levels, levels[1:]):
        for _, i, a, b, ta, tb, front in seen:
            face = [proj.project(*a, low), proj.project(*b, low), proj.project(*b, high), proj.project(*a, high)]
            if i in open_at.get(low, ()):
                g.add(Poly(face, fill=(70, 66, 62), attrs={"class": "open-side", "data-level": low, "data-edge": i}))
                g.items.extend(_face_lines(face, ta, tb, edge_rgb, p * 0.015))
                slab = [proj.project(*a, low), proj.project(*b, low), proj.project(*b, low + OPEN_FLOOR_LEVELS),
                        proj.project(*a, low + OPEN_FLOOR_LEVELS)]
                g.add(Poly(slab, fill=light if front else dark, stroke=edge_rgb, width=p * 0.01,
                           attrs={"class": "floor-edge", "data-level": low}))
                continue
            g.add(Poly(face, fill=light if front else dark, attrs={"class": "wall-face", "data-level": low,
                                                                  "data-edge": i}))
            g.items.extend(_face_lines(face, ta, tb, edge_rgb, p * 0.015))
            for mark in marks.get(low, []):
                on, t = _on_wall(solid.points, hex_center(mark.q, mark.r, p))
                if on == i:
                    hole = _opening(mark, (solid.points[i], solid.points[(i + 1) % n]), t, (ta, tb), low, high,
                                    p, proj)
                    if hole is not None:
                        g.add(hole)
    top = levels[-1]
    ring = list(piece.exterior.coords)[:-1]
    g.add(Poly([proj.project(x, y, top) for x, y in ring], fill=mix(0.85),
               attrs={"class": "roof", "data-level": top}))
    for a, b in outline:
        g.add(Poly([proj.project(*a, top), proj.project(*b, top)], stroke=edge_rgb, width=p * 0.03, closed=False,
                   attrs={"class": "roof-edge", "data-level": top}))


def _block_share(g: Group, solid: _Solid, piece: Any, low: float, high: float, p: float, proj: Oblique,
                 rgb: RGB) -> None:
    """An object's or vehicle's share of one hex: its walls facing the viewer, then its top."""
    ink = style.darker(rgb, 0.5)
    seen, outline = solid.walls(piece)
    for _, _, a, b, ta, tb, front in seen:
        face = [proj.project(*a, low), proj.project(*b, low), proj.project(*b, high), proj.project(*a, high)]
        g.add(Poly(face, fill=style.darker(rgb, 0.8 if front else 0.62), attrs={"class": "object-side"}))
        g.items.extend(_face_lines(face, ta, tb, ink, p * 0.015))
    ring = list(piece.exterior.coords)[:-1]
    g.add(Poly([proj.project(x, y, high) for x, y in ring], fill=style.faded(rgb, 0.35),
               attrs={"class": "object-top", "data-level": high}))
    for a, b in outline:
        g.add(Poly([proj.project(*a, high), proj.project(*b, high)], stroke=ink, width=p * 0.02, closed=False,
                   attrs={"class": "object-edge"}))


def _on_wall(footprint: list, point: tuple[float, float]) -> tuple[int, float]:
    """The footprint edge nearest a marked space's centre (the wall the mark is on), and how far
    along it (0..1) the point nearest the space lies."""
    best = (math.inf, 0, 0.5)
    n = len(footprint)
    mx, my = point
    for i in range(n):
        (ax, ay), (bx, by) = footprint[i], footprint[(i + 1) % n]
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((mx - ax) * dx + (my - ay) * dy) / ((dx * dx + dy * dy) or 1.0)))
        d = (ax + t * dx - mx) ** 2 + (ay + t * dy - my) ** 2
        if d < best[0]:
            best = (d, i, t)
    return best[1], best[2]


def _face_lines(face: list[Point], ta: float, tb: float, rgb: RGB, width: float) -> list[Poly]:
    """The outline of a wall face (bottom a-b, then b up, top, a down), its upright sides only
    where they are corners of the footprint, not where the grid cuts the wall."""
    a0, b0, b1, a1 = face
    lines = [Poly([a0, b0], stroke=rgb, width=width, closed=False), Poly([a1, b1], stroke=rgb, width=width, closed=False)]
    for t, (lo, hi) in ((ta, (a0, a1)), (tb, (b0, b1))):
        if t <= 1e-6 or t >= 1 - 1e-6:
            lines.append(Poly([lo, hi], stroke=rgb, width=width, closed=False))
    return lines


def _opening(mark: Any, edge: tuple, t: float, span: tuple[float, float], low: int, high: int, p: float,
             proj: Oblique) -> Poly | None:
    """The part of a doorway (floor to three quarters up the storey) or window (a third to three
    quarters up), half a hex wide on its wall, that falls on this share's stretch of the wall
    (`span`, from..to along the wall); None where none does."""
    (ax, ay), (bx, by) = edge
    length = math.hypot(bx - ax, by - ay) or 1.0
    half = min(p * 0.22, length * 0.45) / length         # half the opening's width, as a share of the wall
    t = max(half, min(1.0 - half, t))                     # the opening stays on its wall
    lo, hi = max(t - half, min(span)), min(t + half, max(span))
    if hi - lo <= 1e-6:
        return None
    (x0, y0), (x1, y1) = [(ax + (bx - ax) * u, ay + (by - ay) * u) for u in (lo, hi)]
    storey = high - low
    z0, z1 = (low, low + storey * 0.75) if mark.kind == "doorway" else (low + storey * 0.35, low + storey * 0.75)
    hole = [proj.project(x0, y0, z0), proj.project(x1, y1, z0), proj.project(x1, y1, z1), proj.project(x0, y0, z1)]
    fill = (60, 40, 30) if mark.kind == "doorway" else (170, 215, 240)
    return Poly(hole, fill=fill, stroke=(30, 30, 30), width=p * 0.012,
                attrs={"class": mark.kind, "data-q": mark.q, "data-r": mark.r, "data-level": low})
