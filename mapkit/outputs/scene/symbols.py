"""Symbols drawn inside one hex: obstacles, castle parts, glyphs, start zones, figures, patterns.

Each function takes the hex centre and the pitch (millimetres) and returns scene shapes, so
the same symbol appears on the map, in the legend, in the SVG and in the PDF.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from mapkit.geometry.params import BASE_DIAMETER_MM
from mapkit.model.grid import HEX_PITCH_MM
from mapkit.outputs.scene import style
from mapkit.outputs.scene.layout import EDGE_OF_DIRECTION, UNIT_CORNERS
from mapkit.outputs.scene.shapes import Circle, Poly, Text

RGB = tuple[int, int, int]


def _pts(cx: float, cy: float, p: float, unit: list[tuple[float, float]]) -> list[tuple[float, float]]:
    return [(cx + p * x, cy + p * y) for x, y in unit]


def hexagon(cx: float, cy: float, p: float, size: float = 1.0) -> list[tuple[float, float]]:
    return [(cx + p * size * ux, cy + p * size * uy) for ux, uy in UNIT_CORNERS]


def pattern(name: str | None, cx: float, cy: float, p: float, rgb: RGB) -> list:
    """Marks that tell a terrain apart without its colour: waves, dots, hatch or cross."""
    if not name:
        return []
    ink = style.darker(rgb, 0.72) if sum(rgb) > 200 else style.darker((255 - rgb[0], 255 - rgb[1], 255 - rgb[2]), 0.5)
    w = p * 0.025
    if name == "waves":
        out = []
        for dy in (-0.16, 0.16):
            pts = [(cx + p * (-0.24 + 0.08 * i), cy + p * (dy + (0.035 if i % 2 else -0.035))) for i in range(7)]
            out.append(Poly(pts, stroke=ink, width=w, closed=False, detail=True))
        return out
    if name == "dots":
        return [Circle(cx + p * dx, cy + p * dy, p * 0.035, fill=ink, detail=True)
                for dx, dy in ((-0.18, -0.12), (0.18, -0.12), (0.0, 0.2))]
    if name == "hatch":
        return [Poly([(cx + p * (d - 0.12), cy + p * 0.2), (cx + p * (d + 0.12), cy - p * 0.2)], stroke=ink, width=w,
                     closed=False, detail=True) for d in (-0.2, 0.0, 0.2)]
    if name == "cross":
        return [Poly([(cx - p * 0.22, cy - p * 0.1), (cx + p * 0.06, cy + p * 0.22)], stroke=ink, width=w, closed=False,
                     detail=True),
                Poly([(cx + p * 0.24, cy - p * 0.16), (cx - p * 0.04, cy + p * 0.12)], stroke=ink, width=w,
                     closed=False,
                     detail=True)]
    return []


#: A one-hex obstacle on a base tile of its own (a rock outcrop on its holed shadow tile,
#: `PieceType.base_tiles`): the base drawn this share of the hex, so the tile under it shows round
#: it, and the obstacle's symbol this share of its usual size on it.
BASE_SIZE = 0.8
ON_BASE_SCALE = 0.78


def on_bases(symbol: str, cx: float, cy: float, p: float, rgb: RGB, bases: list[RGB], turn: float = 0.0) -> list:
    """A one-hex obstacle seen from above on the base tiles of its own, each in its colour
    (`bases`; none: the obstacle alone), as the map and the legend draw it."""
    out: list = [Poly(hexagon(cx, cy, p, BASE_SIZE), fill=shade, stroke=style.darker(shade, 0.6), width=p * 0.02,
                      attrs={"class": "base-tile"}) for shade in bases]
    return out + obstacle(symbol, cx, cy, p * (ON_BASE_SCALE if out else 1.0), rgb, turn)


def obstacle(symbol: str, cx: float, cy: float, p: float, rgb: RGB, turn: float = 0.0) -> list:
    """An obstacle seen from above; `turn` (in steps of 60 degrees clockwise, half steps too) turns
    the symbols of pieces that point somewhere (a Laur wall runs from its pillar the way it is
    turned, as Hexoscape's 2D map draws it; `render_style.json` "piece_symbols")."""
    ink = style.darker(rgb, 0.55)
    w = p * 0.03
    if symbol.startswith("laur-"):
        return laur(symbol, cx, cy, p, rgb, turn)
    if symbol == "tree":
        return [Circle(cx, cy, p * 0.34, fill=rgb, stroke=ink, width=w),
                Circle(cx - p * 0.1, cy - p * 0.08, p * 0.12, fill=style.darker(rgb, 1.25) if sum(rgb) < 600 else rgb,
                       stroke=None),
                Circle(cx, cy, p * 0.06, fill=(110, 72, 40))]
    if symbol == "palm":                         # Ticalla palm: a star of narrow fronds
        pts = []
        for i in range(12):
            a = math.radians(i * 30 - 90)
            rad = p * (0.38 if i % 2 == 0 else 0.14)
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
        return [Poly(pts, fill=rgb, stroke=ink, width=w), Circle(cx, cy, p * 0.06, fill=(110, 72, 40))]
    if symbol == "jungle-tree":                  # Laur jungle tree: a crown of five broad round leaves
        out: list = []
        for i in range(5):
            a = math.radians(i * 72 - 90)
            out.append(Circle(cx + p * 0.19 * math.cos(a), cy + p * 0.19 * math.sin(a), p * 0.15, fill=rgb, stroke=ink,
                              width=w))
        return out + [Circle(cx, cy, p * 0.12, fill=style.darker(rgb, 0.8), stroke=ink, width=w * 0.7),
                      Circle(cx, cy, p * 0.05, fill=(110, 72, 40))]
    if symbol == "brush":                        # Ticalla underbrush: three round bushes
        return [Circle(cx + p * dx, cy + p * dy, p * 0.15, fill=rgb, stroke=ink, width=w)
                for dx, dy in ((-0.15, 0.1), (0.15, 0.1), (0.0, -0.15))]
    if symbol == "jungle-brush":                 # Laur underbrush: a fan of pointed leaves
        out = []
        for angle in (-140, -105, -75, -40):
            a = math.radians(angle)
            tip = (cx + p * 0.36 * math.cos(a), cy + p * 0.2 + p * 0.36 * math.sin(a))
            side = (-math.sin(a) * p * 0.08, math.cos(a) * p * 0.08)
            mid = (cx + p * 0.18 * math.cos(a), cy + p * 0.2 + p * 0.18 * math.sin(a))
            out.append(Poly([(cx, cy + p * 0.2), (mid[0] + side[0], mid[1] + side[1]), tip,
                             (mid[0] - side[0], mid[1] - side[1])], fill=rgb, stroke=ink, width=w * 0.8))
        return out
    if symbol == "swamp-brush":                  # swamp underbrush: reeds with cattail heads
        out = []
        for dx, top in ((-0.2, -0.18), (-0.07, -0.3), (0.07, -0.22), (0.2, -0.32)):
            out.append(Poly(_pts(cx, cy, p, [(dx, 0.3), (dx, top)]), stroke=ink, width=w, closed=False))
            out.append(Poly(_pts(cx, cy, p, [(dx - 0.04, top), (dx + 0.04, top), (dx + 0.04, top + 0.14),
                                             (dx - 0.04, top + 0.14)]), fill=rgb, stroke=ink, width=w * 0.6))
        return out
    if symbol == "ruin":
        return [Poly(_pts(cx, cy, p, [(-0.3, -0.22), (0.05, -0.22), (0.05, -0.1), (-0.18, -0.1), (-0.18, 0.3),
                                      (-0.3, 0.3)]), fill=rgb, stroke=ink, width=w),
                Poly(_pts(cx, cy, p, [(0.14, -0.22), (0.3, -0.22), (0.3, 0.05), (0.14, 0.05)]), fill=rgb, stroke=ink,
                     width=w)]
    if symbol == "glacier":
        return [Poly(_pts(cx, cy, p, [(0.0, -0.36), (0.3, 0.22), (-0.3, 0.22)]), fill=rgb, stroke=ink, width=w),
                Poly(_pts(cx, cy, p, [(0.0, -0.36), (0.06, 0.22)]), stroke=ink, width=w * 0.7, closed=False)]
    if symbol == "hive":
        return [Poly(hexagon(cx, cy, p, 0.55), fill=rgb, stroke=ink, width=w),
                Poly(hexagon(cx, cy, p, 0.25), fill=None, stroke=ink, width=w)]
    if symbol == "mushroom":
        cap = [(cx + p * 0.32 * math.cos(math.radians(a)), cy + p * 0.05 + p * 0.3 * math.sin(math.radians(a)))
               for a in range(180, 361, 20)]
        return [Poly(_pts(cx, cy, p, [(-0.07, 0.05), (0.07, 0.05), (0.07, 0.32), (-0.07, 0.32)]), fill=(230, 220, 200),
                     stroke=ink, width=w),
                Poly(cap, fill=rgb, stroke=ink, width=w),
                Circle(cx - p * 0.1, cy - p * 0.1, p * 0.04, fill=(240, 240, 240)),
                Circle(cx + p * 0.1, cy - p * 0.05, p * 0.04, fill=(240, 240, 240))]
    if symbol == "wall":                         # a crenellated wall block
        return [Poly(_pts(cx, cy, p, [(-0.34, -0.06), (-0.22, -0.06), (-0.22, -0.14), (-0.06, -0.14), (-0.06, -0.06),
                                      (0.06, -0.06), (0.06, -0.14), (0.22, -0.14), (0.22, -0.06), (0.34, -0.06),
                                      (0.34, 0.1), (-0.34, 0.1)]), fill=rgb, stroke=ink, width=w)]
    if symbol == "ship":                         # timber planks
        return [Poly(_pts(cx, cy, p, [(-0.3, -0.2), (0.3, -0.2), (0.3, 0.2), (-0.3, 0.2)]), fill=rgb, stroke=ink,
                     width=w)] + [Poly(_pts(cx, cy, p, [(-0.3, y), (0.3, y)]), stroke=ink, width=w * 0.6, closed=False)
                                  for y in (-0.067, 0.067)]
    if symbol == "cannon":                       # a wheel and a barrel, pointing the way it is turned
        return [Poly(_turn_pts(cx, cy, p, [(-0.05, -0.07), (0.36, -0.05), (0.36, 0.05), (-0.05, 0.07)], turn),
                     fill=rgb, stroke=ink, width=w),
                Circle(cx - p * 0.08, cy, p * 0.15, fill=style.darker(rgb, 1.4), stroke=ink, width=w)]
    # outcrop and anything unknown: a rough rock
    return [Poly(_pts(cx, cy, p, [(-0.3, 0.12), (-0.18, -0.26), (0.12, -0.3), (0.32, -0.04), (0.2, 0.28),
                                  (-0.12, 0.3)]), fill=rgb, stroke=ink, width=w)]


def _turn_pts(cx: float, cy: float, p: float, unit: list[tuple[float, float]], turn: float
              ) -> list[tuple[float, float]]:
    """`unit` points (pitch 1, about the hex centre, drawn for turn 0: east) turned `turn` x 60
    degrees clockwise and placed at (cx, cy)."""
    a = math.radians(60.0 * turn)
    c, s = math.cos(a), math.sin(a)
    return [(cx + p * (x * c - y * s), cy + p * (x * s + y * c)) for x, y in unit]


#: Laur wall pieces at turn 0 (pointing east), in pitches from their hex centre, as Hexoscape's
#: 2D map draws them (getLaurPillarShape, getLaurShortWallSvgPolygonPoints ...): a wall runs from
#: its pillar towards the next pillar, one hex on (the short wall) or two (the long wall); a
#: ruin is a broken stub of it.
LAUR_BAR = 0.075
LAUR_REACH = {"laur-wall-short": (0.125, 0.875), "laur-wall-long": (0.144, 1.732), "laur-wall-arch": (0.125, 0.875)}
LAUR_RUINS = {"laur-wall-ruin": ((0.144, 0.0), (0.5, 0.0), (0.56, 0.06), (0.6, -0.02), (0.635, 0.04)),
              "laur-wall-ruin-2": ((0.144, 0.0), (0.42, 0.0), (0.48, -0.07), (0.53, 0.03), (0.6, -0.05)),
              "laur-wall-ruin-3": ((0.144, 0.0), (0.36, 0.0), (0.41, 0.07), (0.47, -0.07), (0.52, 0.07))}


def laur_swatch(symbol: str, cx: float, cy: float, p: float, rgb: RGB) -> list:
    """A Laur piece for a legend line: a wall shrunk to fit the swatch and centred on it (on the
    map it runs from its hex's middle into the next hex)."""
    name = symbol[:-len("-stack")] if symbol.endswith("-stack") else symbol
    a, b = LAUR_REACH.get(name, (LAUR_RUINS.get(name, LAUR_RUINS["laur-wall-ruin"])[0][0],
                                 LAUR_RUINS.get(name, LAUR_RUINS["laur-wall-ruin"])[-1][0]))
    if name.startswith("laur-pillar"):
        return laur(symbol, cx, cy, p, rgb)
    k = min(1.0, 0.8 / (b - a))
    return laur(symbol, cx - p * k * (a + b) / 2, cy, p * k, rgb)


def laur(symbol: str, cx: float, cy: float, p: float, rgb: RGB, turn: float = 0.0) -> list:
    """A Laur wall piece turned `turn` x 60 degrees: a square or triangular pillar; a wall from its
    pillar to the next (the arch one drawn open, hollow); a ruin, a stub ending in a break. A
    stackable piece ("-stack") carries two short ticks across it."""
    ink = style.darker(rgb, 0.5)
    w = p * 0.025
    stack = symbol.endswith("-stack")
    name = symbol[:-len("-stack")] if stack else symbol
    out: list = []
    if name in ("laur-pillar", "laur-pillar-triangle"):
        if name == "laur-pillar":
            unit = [(-0.18, -0.18), (0.18, -0.18), (0.18, 0.18), (-0.18, 0.18)]
        else:                                     # pointing west at turn 0, as the editor draws it
            unit = [(0.14, -0.25), (0.14, 0.25), (-0.29, 0.0)]
        out.append(Poly(_turn_pts(cx, cy, p, unit, turn), fill=rgb, stroke=ink, width=w * 1.4))
        ticks_at: tuple[float, ...] = (0.0,)
    elif name in LAUR_REACH:
        a, b = LAUR_REACH[name]
        bar = [(a, -LAUR_BAR), (b, -LAUR_BAR), (b, LAUR_BAR), (a, LAUR_BAR)]
        if name == "laur-wall-arch":             # an arch: its two faces, open between them
            for y in (-LAUR_BAR, LAUR_BAR):
                out.append(Poly(_turn_pts(cx, cy, p, [(a, y), (b, y)], turn), stroke=ink, width=w * 1.6,
                                closed=False))
            out.append(Poly(_turn_pts(cx, cy, p, [(a, -LAUR_BAR), (a, LAUR_BAR)], turn), stroke=ink, width=w * 1.6,
                            closed=False))
            out.append(Poly(_turn_pts(cx, cy, p, [(b, -LAUR_BAR), (b, LAUR_BAR)], turn), stroke=ink, width=w * 1.6,
                            closed=False))
        else:
            out.append(Poly(_turn_pts(cx, cy, p, bar, turn), fill=rgb, stroke=ink, width=w))
        ticks_at = ((a + b) / 2,)
    else:                                         # a ruin: a stub ending in a jagged break
        edge = LAUR_RUINS.get(name, LAUR_RUINS["laur-wall-ruin"])
        top = [(x, y - LAUR_BAR) for x, y in edge]
        bottom = [(x, y + LAUR_BAR) for x, y in edge[:2]]
        ring = top + [(edge[-1][0], edge[-1][1] + LAUR_BAR * 0.3)] + list(reversed(bottom))
        out.append(Poly(_turn_pts(cx, cy, p, ring, turn), fill=rgb, stroke=ink, width=w))
        ticks_at = ()
    if stack:
        for x0 in ticks_at:
            for dx in (-0.05, 0.05):
                out.append(Poly(_turn_pts(cx, cy, p, [(x0 + dx, -0.13), (x0 + dx, 0.13)], turn), stroke=ink,
                                width=w * 1.2, closed=False))
    return out


#: How wide a castle piece's joining band is drawn, as a share of the pitch: a base's groove, a wall's body.
CASTLE_BAND = {"castle-base": 0.16, "castle-wall": 0.3}


def castle(symbol: str, cx: float, cy: float, p: float, rgb: RGB, sides: tuple[int, ...] | None = None) -> list:
    """Castle parts seen from above (edge pieces are drawn by `edge`). A base or a wall is drawn
    as a band from its middle to each side where it joins the next castle piece (`sides`, grid
    directions: 0 east, clockwise), so its kind and the way it turns show: one arm an end, two
    opposite arms a straight, two arms at 120 degrees a corner; a base's band is a narrow groove,
    a wall's a broad body. Without `sides` (a legend swatch) a straight piece is drawn."""
    ink = style.darker(rgb, 0.55)
    w = p * 0.035
    if symbol in CASTLE_BAND:
        ring = castle_band(cx, cy, p, (3, 0) if sides is None else sides, CASTLE_BAND[symbol])
        if symbol == "castle-wall":
            return [Poly(ring, fill=rgb, stroke=ink, width=w)]
        return [Poly(ring, fill=style.darker(rgb, 0.62), stroke=style.darker(rgb, 0.4), width=w * 0.5)]
    if symbol == "arch":                         # squeezed into one hex: a legend swatch
        return arch(cx - p * 0.36, cy, cx, cy, cx + p * 0.36, cy, p * 0.4, rgb)
    if symbol == "flag":
        return [Poly(_pts(cx, cy, p, [(-0.12, 0.3), (-0.12, -0.32)]), stroke=(60, 40, 30), width=w, closed=False),
                Poly(_pts(cx, cy, p, [(-0.12, -0.32), (0.26, -0.2), (-0.12, -0.06)]), fill=rgb, stroke=ink,
                     width=w * 0.6)]
    return []


def castle_band(cx: float, cy: float, p: float, sides: tuple[int, ...], width: float) -> list[tuple[float, float]]:
    """The outline of a band `width` x pitch wide from (cx, cy) to the middle of each side in
    `sides` (an end: one arm, squared off at the middle; no sides: a square block)."""
    return [(cx + p * x, cy + p * y) for x, y in _band_outline(tuple(sides), width)]


@lru_cache(maxsize=256)
def _band_outline(sides: tuple[int, ...], width: float) -> tuple[tuple[float, float], ...]:
    """`castle_band` about (0, 0) at pitch 1: the same for every piece of a kind and turn."""
    from shapely.geometry import Polygon
    from shapely.ops import unary_union

    half = width / 2
    parts = [Polygon([(-half, -half), (half, -half), (half, half), (-half, half)])]
    for d in sides:
        (ax, ay), (bx, by) = _side(0.0, 0.0, 1.0, d)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        norm = math.hypot(mx, my) or 1.0
        nx, ny = -my / norm * half, mx / norm * half
        parts.append(Polygon([(nx, ny), (mx + nx, my + ny), (mx - nx, my - ny), (-nx, -ny)]))
        parts.append(Polygon([(half * math.cos(math.radians(a)), half * math.sin(math.radians(a)))
                              for a in range(0, 360, 30)]))
    shape: Any = unary_union(parts)          # one polygon: every arm meets the middle square
    return tuple((float(x), float(y)) for x, y in shape.exterior.coords[:-1])


def _side(cx: float, cy: float, p: float, direction: int) -> tuple[tuple[float, float], tuple[float, float]]:
    e = EDGE_OF_DIRECTION[direction % 6]
    return ((cx + p * UNIT_CORNERS[e][0], cy + p * UNIT_CORNERS[e][1]),
            (cx + p * UNIT_CORNERS[(e + 1) % 6][0], cy + p * UNIT_CORNERS[(e + 1) % 6][1]))


def arch(x0: float, y0: float, x1: float, y1: float, x2: float, y2: float, p: float, rgb: RGB,
         door: bool = True) -> list:
    """A castle arch over three hexes in a row, centres (x0, y0), (x1, y1), (x2, y2): a pillar
    on each end hex, the arch's two faces along the row over the middle hex (its doorway), and
    an arrow across the row, the way through (a bar across it where the arch has its door).
    The first shape is the doorway's arrow; the pillars and faces follow."""
    ink = style.darker(rgb, 0.55)
    w = p * 0.035
    ux, uy = x2 - x0, y2 - y0
    norm = math.hypot(ux, uy) or 1.0
    ux, uy = ux / norm, uy / norm
    nx, ny = -uy, ux                                  # across the row
    out: list = []
    arrow = p * 0.34
    tip = p * 0.1
    shaft = [(x1 - nx * arrow, y1 - ny * arrow), (x1 + nx * arrow, y1 + ny * arrow)]
    out.append(Poly(shaft, stroke=ink, width=w, closed=False))
    for sgn in (-1, 1):
        tx, ty = x1 + sgn * nx * arrow, y1 + sgn * ny * arrow
        out.append(Poly([(tx - sgn * nx * tip + ux * tip * 0.7, ty - sgn * ny * tip + uy * tip * 0.7), (tx, ty),
                         (tx - sgn * nx * tip - ux * tip * 0.7, ty - sgn * ny * tip - uy * tip * 0.7)],
                        stroke=ink, width=w, closed=False))
    face = p * 0.2
    for sgn in (-1, 1):                               # the arch's two faces, pillar to pillar
        out.append(Poly([(x0 + ux * p * 0.3 + sgn * nx * face, y0 + uy * p * 0.3 + sgn * ny * face),
                         (x2 - ux * p * 0.3 + sgn * nx * face, y2 - uy * p * 0.3 + sgn * ny * face)],
                        stroke=ink, width=w * 1.4, closed=False))
    if door:
        out.append(Poly([(x1 - ux * p * 0.16, y1 - uy * p * 0.16), (x1 + ux * p * 0.16, y1 + uy * p * 0.16)],
                        stroke=(110, 72, 40), width=w * 2.2, closed=False))
    for x, y in ((x0, y0), (x2, y2)):
        out.append(Poly(hexagon(x, y, p, 0.5), fill=rgb, stroke=ink, width=w))
    return out


def edge(symbol: str, cx: float, cy: float, p: float, direction: int, rgb: RGB) -> list:
    """A battlement, ladder or road wall along the hex edge facing `direction` (0 = east, clockwise)."""
    e = EDGE_OF_DIRECTION[direction % 6]
    a = (cx + p * UNIT_CORNERS[e][0] * 0.92, cy + p * UNIT_CORNERS[e][1] * 0.92)
    b = (cx + p * UNIT_CORNERS[(e + 1) % 6][0] * 0.92, cy + p * UNIT_CORNERS[(e + 1) % 6][1] * 0.92)
    ink = style.darker(rgb, 0.6)
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    nx, ny = cx - mx, cy - my                      # inward normal (not unit)
    norm = math.hypot(nx, ny) or 1.0
    nx, ny = nx / norm, ny / norm
    if symbol == "ladder":
        depth = p * 0.22
        a2 = (a[0] + nx * depth, a[1] + ny * depth)
        b2 = (b[0] + nx * depth, b[1] + ny * depth)
        # rails run inward from the edge; rungs parallel to it
        ra = (a[0] * 0.7 + b[0] * 0.3, a[1] * 0.7 + b[1] * 0.3)
        rb = (a[0] * 0.3 + b[0] * 0.7, a[1] * 0.3 + b[1] * 0.7)
        out: list[Poly | Circle] = [
            Poly([ra, (ra[0] + nx * depth, ra[1] + ny * depth)], stroke=rgb, width=p * 0.04, closed=False),
            Poly([rb, (rb[0] + nx * depth, rb[1] + ny * depth)], stroke=rgb, width=p * 0.04, closed=False)]
        for t in (0.3, 0.7):
            out.append(Poly([(ra[0] + nx * depth * t, ra[1] + ny * depth * t),
                             (rb[0] + nx * depth * t, rb[1] + ny * depth * t)], stroke=rgb, width=p * 0.03,
                            closed=False))
        del a2, b2
        return out
    # battlement: a thick bar along the edge with merlons
    depth = p * 0.12
    bar = [a, b, (b[0] + nx * depth, b[1] + ny * depth), (a[0] + nx * depth, a[1] + ny * depth)]
    out = [Poly(bar, fill=rgb, stroke=ink, width=p * 0.02)]
    if symbol == "battlement":
        for t in (0.2, 0.5, 0.8):
            px, py = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
            out.append(Circle(px + nx * depth * 0.5, py + ny * depth * 0.5, p * 0.045, fill=ink))
    return out


def glyph(cx: float, cy: float, p: float, letter: str) -> list:
    ring = style.mark_rgb("glyph_ring")
    return [Circle(cx, cy, p * 0.3, fill=style.mark_rgb("glyph_fill"), stroke=ring, width=p * 0.06),
            Text(cx, cy, letter or "?", p * 0.32, fill=ring, bold=True)]


def start_zone(cx: float, cy: float, p: float, player: int, rgb: style.RGB) -> list:
    """An inset ring in the player's colour, and the player's number (colour is not the only cue)."""
    return [Poly(hexagon(cx, cy, p, 0.8), fill=None, stroke=rgb, width=p * 0.09),
            Poly(hexagon(cx, cy, p, 0.9), fill=None, stroke=(0, 0, 0), width=p * 0.015),
            Text(cx, cy + p * 0.24, str(player), p * 0.24, fill=(0, 0, 0), bold=True, halo=rgb)]


def figure(cx: float, cy: float, p: float, label: str, rgb: style.RGB) -> list:
    """A figure's base (33 mm, to scale) in its player's colour, with what the map writes on it (a
    number, a letter, a short name: smaller type for a longer word, so it stays on the base)."""
    radius = p * BASE_DIAMETER_MM / HEX_PITCH_MM / 2
    size = min(p * 0.26, radius * 1.7 / (0.6 * max(1, len(label))))
    return [Circle(cx, cy, radius, fill=rgb, stroke=(30, 30, 30), width=p * 0.04),
            Text(cx, cy, label, size, fill=style.contrast_text(rgb), bold=True)]


def finding(cx: float, cy: float, p: float, severity: str, number: int) -> list:
    """A finding: a ring in the severity's colour and its number in a badge."""
    rgb = style.severity_rgb(severity)
    bx, by = cx + p * 0.3, cy - p * 0.32
    return [Poly(hexagon(cx, cy, p, 0.98), fill=None, stroke=rgb, width=p * 0.08),
            Circle(bx, by, p * 0.17, fill=rgb, stroke=(255, 255, 255), width=p * 0.02),
            Text(bx, by, str(number), p * 0.2, fill=(255, 255, 255), bold=True)]
