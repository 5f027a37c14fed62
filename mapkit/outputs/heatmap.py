"""A top-down picture of how many turns each hex is from the start (`mapkit analyze -o`).

One hexagon per hex, coloured by the fewest turns to end a move on any of its spaces (a
greenish ramp from 1 turn to reddish for many), the start in white; grey where the report says
nobody reaches (its `unreachable` spaces, with a start the spaces it never reaches), slate
where no move of the figure ends (a figure stands there, too low under a bridge ...), and a
grey dot on a hex whose other space nobody reaches (one under or over the one coloured). Hexes
the map fills with no space (trees, castle walls ...) are hatched in a shade per kind of piece.
Start zones are outlined in their player's colour, glyphs lettered, turns written when the
hexes are large enough to read them; a legend under the map names every colour drawn.

The board's column letters and row numbers run round the map, as on the build sheets, so a
place `analyze` names (C7) is found on the picture. `analyze_map` hands over a `Heatmap` (the
report's own per-space entries); this module, the output registry's `heatmap-png`, lays it out
as a scene in pixels, its words measured by the raster painter that paints it.
"""

from __future__ import annotations

import math

from mapkit.errors import HeatmapError
from mapkit.model.grid import SQRT3, corner_offsets, hex_center_mm
from mapkit.movement.analysis_report import Heatmap
from mapkit.outputs import Drawn
from mapkit.outputs.paint.raster import measure
from mapkit.outputs.scene.layout import Box
from mapkit.outputs.scene.shapes import Circle, Group, Poly, Rect, Scene, Text
from mapkit.records import Record, field

RAMP = [(46, 139, 87), (120, 180, 70), (200, 205, 60), (240, 170, 50), (230, 110, 45), (200, 50, 50), (140, 30, 60)]
UNREACHED = (150, 150, 150)
START = (255, 255, 255)
#: No move of this figure ends there (`Heatmap.blocked`).
NO_END = (88, 96, 128)
#: Reached by riding an Elevator Car: the turns of the ride are not counted.
BY_LIFT = (120, 170, 220)
#: Shades of the hexes the map fills with no space, one per kind of piece (hatched over).
HOLE_SHADES = [(96, 72, 48), (52, 84, 60), (104, 64, 88), (64, 88, 104), (112, 100, 56), (80, 80, 80)]
HATCH = (20, 20, 24)
BACKGROUND = (32, 32, 40)
#: Hexes are drawn at least 6 px wide, so a map spread thin would make a huge picture: refuse it.
MAX_PIXELS = 40_000_000
#: Pixel sizes of the title and the legend's words.
TITLE_PX = 15
LEGEND_PX = 12

BANNER = (255, 214, 10)


def colour(turns: int | None) -> tuple[int, int, int]:
    if turns is None:
        return UNREACHED
    if turns == 0:
        return START
    return RAMP[min(turns - 1, len(RAMP) - 1)]


class HexState(Record):
    """What one hex shows: the fill and whether one of its other spaces is nobody's (the dot)."""

    fill: tuple[int, int, int]
    turns: int | None = None
    also_unreached: bool = False
    hole: str | None = None


def hex_states(heat: Heatmap) -> dict[tuple[int, int], HexState]:
    """Each hex's fill, from the report's own per-space entries: reached (turns, or by lift),
    nobody reaches (grey), no move ends (slate); and the map's holes named by what fills them."""
    spaces = heat.spaces
    reached = heat.reached if heat.reached is not None else [t is not None for t in heat.turns]
    blocked = heat.blocked if heat.blocked is not None else [None] * len(spaces)
    seen: dict[tuple[int, int], list[int]] = {}
    for s in range(len(spaces)):
        if spaces.clearance[s] > 0:
            seen.setdefault((spaces.q[s], spaces.r[s]), []).append(s)
    shades = {kind: HOLE_SHADES[n % len(HOLE_SHADES)] for n, kind in enumerate(sorted(set(heat.holes.values())))}
    out = {cell: HexState(shades[kind], hole=kind) for cell, kind in heat.holes.items() if cell not in seen}
    for cell, ids in seen.items():
        got = [s for s in ids if reached[s]]
        nobody = any(not reached[s] and blocked[s] is None for s in ids)
        if got:
            counted = [heat.turns[s] for s in got if heat.turns[s] is not None]
            best = min(counted) if counted else None  # type: ignore[type-var]
            out[cell] = HexState(colour(best) if counted else BY_LIFT, best, nobody)
        else:
            out[cell] = HexState(UNREACHED if nobody else NO_END)
    return out


class Layout(Record):
    """Where things go in the picture, in pixels: the hexes' pitch and offset, the bands above and
    below, the room left round the map for the board's letters and numbers."""

    pitch: float
    x0: float
    y0: float
    top_band: int
    width: int
    height: int
    title_lines: list[str] = field(default_factory=list)
    banner_lines: list[str] = field(default_factory=list)
    legend: list[list[tuple[str, str]]] = field(default_factory=list)  # rows of (kind, label)
    legend_top: int = 0
    #: Room (pixels) on each side of the map for the board's lettering.
    rim: float = 0.0

    def centre(self, q: int, r: int) -> tuple[float, float]:
        """Where hex (q, r)'s centre lands (the grid's centre, `model.grid.hex_center_mm`, at
        `pitch` pixels a hex, moved into the picture)."""
        x, y = hex_center_mm(q, r, self.pitch)
        return x - self.x0 * self.pitch + 0.6 * self.pitch + 10 + self.rim, \
            y - self.y0 * self.pitch + 0.7 * self.pitch + 10 + self.top_band + self.rim

    def dot(self, cx: float, cy: float) -> tuple[float, float, float]:
        """Centre and radius of the grey dot of a hex with another space nobody reaches."""
        return cx, cy - self.pitch * 0.3, max(2.0, self.pitch * 0.12)


def _words(text: str, width_px: float, size: int) -> list[str]:
    """`text` in lines no wider than `width_px` at `size` pixels (measured by the raster painter)."""
    lines: list[str] = []
    for word in text.split():
        if lines and measure(f"{lines[-1]} {word}", size) <= width_px:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def _legend_entries(heat: Heatmap, states: dict[tuple[int, int], HexState]) -> list[tuple[str, str]]:
    """(kind, label) of what the picture draws besides the turn ramp, in the order drawn: each
    player's start-zone ring ("zone:PLAYER"), the glyphs' discs, then the hexes' own fills."""
    fills = {st.fill for st in states.values() if st.hole is None}
    spaces = heat.spaces
    out = [(f"zone:{player}", f"start zone, player {player}")
           for player in sorted({int(z) for z in spaces.zone if z})]
    if any(g is not None for g in spaces.glyph):
        out.append(("glyph", "glyph: its letter (? face down, or no letter given)"))
    if UNREACHED in fills:
        out.append(("unreached", "nobody reaches"))
    if any(st.also_unreached for st in states.values()):
        out.append(("dot", "another space of the hex nobody reaches"))
    if NO_END in fills:
        out.append(("no-end", "no move ends there (see the text)"))
    if BY_LIFT in fills:
        out.append(("lift", "reached by Elevator Car (turns not counted)"))
    out += [("hole:" + kind, kind) for kind in sorted({st.hole for st in states.values() if st.hole})]
    return out


RAMP_LABELS = ["start"] + [str(k) for k in range(1, len(RAMP))] + [f"{len(RAMP)}+"]
SWATCH = 34


def lettering_px(pitch: float) -> float:
    """The size (pixels) of the board's letters round a map drawn `pitch` pixels a hex."""
    return max(9.0, min(14.0, pitch * 0.3))


def layout(heat: Heatmap, states: dict[tuple[int, int], HexState], max_px: int = 1600) -> Layout:
    """The picture's layout, or HeatmapError when there is nothing to draw or it would pass `MAX_PIXELS`."""
    if not any(st.hole is None for st in states.values()):
        raise HeatmapError("not written: the map has no spaces to draw")
    xs = [q + r / 2.0 for q, r in states]
    ys = [r * SQRT3 / 2.0 for _, r in states]
    width_units = max(xs) - min(xs) + 1.2
    height_units = max(ys) - min(ys) + 1.4
    pitch = max(6.0, min(40.0, (max_px - 20) / max(width_units, height_units)))
    rim = lettering_px(pitch) * 2.4 if heat.board is not None else 0.0
    img_w = max(int(width_units * pitch + 2 * rim) + 20, 480)
    if img_w * (height_units * pitch) > MAX_PIXELS:
        raise HeatmapError(f"not written: the map spans {width_units:.0f} x {height_units:.0f} hex widths, "
                           f"a heatmap of {img_w} x {int(height_units * pitch) + 20} pixels")
    title_lines = _words(heat.title, img_w - 20, TITLE_PX) if heat.title else []
    banner_lines = _words(heat.banner, img_w - 30, 14) if heat.banner else []
    top_band = 6 + (TITLE_PX + 5) * len(title_lines) + 22 * len(banner_lines) + 4
    # the legend: the turn ramp on its own row, then the other entries, wrapped
    rows: list[list[tuple[str, str]]] = [[("ramp", label) for label in RAMP_LABELS]]
    x = 10.0
    for kind, label in _legend_entries(heat, states):
        need = 22 + measure(label, LEGEND_PX) + 16
        if len(rows) == 1 or x + need > img_w - 10:
            rows.append([])
            x = 10.0
        rows[-1].append((kind, label))
        x += need
    map_h = int(height_units * pitch + 2 * rim) + 20
    legend_top = top_band + map_h
    img_h = legend_top + 20 * len(rows) + 6
    if img_w * img_h > MAX_PIXELS:
        raise HeatmapError(f"not written: the map spans {width_units:.0f} x {height_units:.0f} hex widths, "
                           f"a heatmap of {img_w} x {img_h} pixels")
    return Layout(pitch, min(xs), min(ys), top_band, img_w, img_h, title_lines, banner_lines, rows, legend_top, rim)


def _hatch(g: Group, cx: float, cy: float, rad: float) -> None:
    """Lines at 45 degrees across a hole hex, inside its inner circle (radius 0.8 of `rad`)."""
    inner = rad * 0.8
    step = max(4.0, rad / 2.5)
    k = -inner + step / 2
    while k < inner:
        half = math.sqrt(max(0.0, inner * inner - k * k))
        mx, my = cx + k * 0.7071, cy + k * 0.7071       # the foot of the line, k from the centre
        dx, dy = half * 0.7071, -half * 0.7071           # along the line
        g.add(Poly([(mx - dx, my - dy), (mx + dx, my + dy)], stroke=HATCH, width=1.0, closed=False))
        k += step


def draw(heat: Heatmap, max_px: int = 1600) -> Drawn:
    """The output registry's `heatmap-png`: `max_px` bounds the map's longer side. HeatmapError
    when there is nothing to draw or the picture would pass `MAX_PIXELS`."""
    from mapkit.outputs.paint.raster import render_png

    states = hex_states(heat)
    lay = layout(heat, states, max_px)
    return Drawn(render_png(scene(heat, states, lay), scale=lay.pitch))


def scene(heat: Heatmap, states: dict[tuple[int, int], HexState], lay: Layout) -> Scene:
    """The picture as a scene in pixels (one unit a pixel; `lay.pitch` units a hex)."""
    root = Group()
    pitch = lay.pitch
    hexes = root.group("hexes")
    for (q, r), st in states.items():
        cx, cy = lay.centre(q, r)
        hexes.add(Poly([(cx + x, cy + y) for x, y in corner_offsets(pitch, 0.96)], fill=st.fill, stroke=(20, 20, 20),
                       width=1.0))
        if st.hole is not None:
            _hatch(hexes, cx, cy, pitch / SQRT3)
            continue
        if pitch >= 18 and st.turns is not None:
            hexes.add(Text(cx, cy, str(st.turns), 11.0))
        if st.also_unreached:
            x, y, rad = lay.dot(cx, cy)
            hexes.add(Circle(x, y, rad, fill=UNREACHED, stroke=(20, 20, 20), width=1.0))
    from mapkit.outputs.scene.players import colour_of

    spaces = heat.spaces
    zone_rgb = {player: colour_of(heat.zone_colours, player).rgb for player in {int(z) for z in spaces.zone} if player}
    marks = root.group("zones-and-glyphs")
    for s in range(len(spaces)):
        cx, cy = lay.centre(spaces.q[s], spaces.r[s])
        if spaces.zone[s]:
            pts = [(cx + x, cy + y) for x, y in corner_offsets(pitch, 0.9)]
            marks.add(Poly(pts, stroke=zone_rgb.get(int(spaces.zone[s]), (255, 255, 255)),
                           width=max(1, int(pitch / 10))))
        if spaces.glyph[s] is not None:
            rad = pitch * 0.28
            marks.add(Circle(cx, cy, rad, fill=(250, 250, 250), stroke=(0, 0, 0), width=1.0))
            marks.add(Text(cx, cy, spaces.glyph[s] or "?", max(8.0, rad * 1.1), bold=True))
    if heat.board is not None:
        root.add(_lettering(heat, states, lay))
    y = 6.0
    for line in lay.title_lines:
        root.add(Text(10, y + TITLE_PX * 0.6, line, TITLE_PX, fill=(235, 235, 235), anchor="start"))
        y += TITLE_PX + 5
    for line in lay.banner_lines:
        root.add(Rect(6, y, lay.width - 6, y + 20, fill=BANNER))
        root.add(Text(12, y + 10, line, 14, anchor="start"))
        y += 22
    _draw_legend(root, lay, states, zone_rgb)
    return Scene(Box(0.0, 0.0, lay.width - 1e-6, lay.height - 1e-6), root, BACKGROUND, heat.title, pitch)


def _lettering(heat: Heatmap, states: dict[tuple[int, int], HexState], lay: Layout) -> Group:
    """The board's column letters and row numbers round the map, as the build sheets print them."""
    from mapkit.model.board import Board
    from mapkit.outputs.scene.board import Lettering, edges

    assert heat.board is not None
    lettering = Lettering(Board(*heat.board), states)
    cells = list(states)
    xs = [lay.centre(q, r)[0] for q, r in cells]
    ys = [lay.centre(q, r)[1] for q, r in cells]
    half_w, half_h = lay.pitch / 2, lay.pitch / SQRT3
    box = Box(min(xs) - half_w, min(ys) - half_h, max(xs) + half_w, max(ys) + half_h)
    # the board's columns and rows sit where the grid puts them, moved as the hexes are moved
    dx, dy = lay.centre(0, 0)
    g = edges(lettering, Box(box.x0 - dx, box.y0 - dy, box.x1 - dx, box.y1 - dy), lettering_px(lay.pitch),
              lay.pitch, ink=(200, 200, 205))
    g.offset = (dx, dy)
    return g


def _draw_legend(root: Group, lay: Layout, states: dict[tuple[int, int], HexState],
                 zone_rgb: dict[int, tuple[int, int, int]]) -> None:
    shades = {st.hole: st.fill for st in states.values() if st.hole}
    g = root.group("legend")
    for n, row in enumerate(lay.legend):
        y = lay.legend_top + 20 * n
        x = 10.0
        for kind, label in row:
            if kind == "ramp":
                rgb = START if label == "start" else RAMP[RAMP_LABELS.index(label) - 1]
                g.add(Rect(x, y, x + SWATCH - 4, y + 15, fill=rgb))
                g.add(Text(x + (SWATCH - 4) / 2, y + 8, label, LEGEND_PX))
                x += SWATCH
                continue
            if kind == "dot":
                g.add(Rect(x, y, x + 16, y + 15, fill=RAMP[0]))
                g.add(Circle(x + 8, y + 7, 4, fill=UNREACHED, stroke=(20, 20, 20), width=1.0))
            elif kind.startswith("zone:"):
                g.add(Rect(x, y, x + 16, y + 15, fill=START, stroke=zone_rgb.get(int(kind[5:]), (255, 255, 255)),
                           width=2.0))
            elif kind == "glyph":
                g.add(Circle(x + 8, y + 7, 6, fill=(250, 250, 250), stroke=(0, 0, 0), width=1.0))
            elif kind.startswith("hole:"):
                g.add(Rect(x, y, x + 16, y + 15, fill=shades[label]))
                for a in (0, 5, 10):
                    g.add(Poly([(x + a, y + 15), (x + 16, y + a - 1)], stroke=HATCH, width=1.0, closed=False))
                    g.add(Poly([(x, y + 15 - a), (x + 15 - a, y)], stroke=HATCH, width=1.0, closed=False))
            else:
                g.add(Rect(x, y, x + 16, y + 15, fill={"unreached": UNREACHED, "no-end": NO_END, "lift": BY_LIFT}[kind]))
            g.add(Text(x + 22, y + 8, label, LEGEND_PX, fill=(235, 235, 235), anchor="start"))
            x += 22 + measure(label, LEGEND_PX) + 16
