"""A top-down picture of how many turns each hex is from the start (`mapkit analyze -o`).

One hexagon per hex, coloured by the fewest turns to end a move on any of its spaces (a
greenish ramp from 1 turn to reddish for many), the start in white; grey where the report says
nobody reaches (its `unreachable` spaces, with a start the spaces it never reaches), slate
where no move of the figure ends (a figure stands there, too low under a bridge ...), and a
grey dot on a hex whose other space nobody reaches (one under or over the one coloured). Hexes
the map fills with no space (trees, castle walls ...) are hatched in a shade per kind of piece.
Start zones are outlined in their player's colour, glyphs lettered, turns written when the
hexes are large enough to read them; a legend under the map names every colour drawn.

`analyze_map` hands over a `Heatmap` (the report's own per-space entries); this module, the
output registry's `heatmap-png`, lays it out in pixels on the raster painter's `Canvas`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from mapkit.errors import HeatmapError
from mapkit.model.grid import SQRT3
from mapkit.movement.analysis_report import Heatmap
from mapkit.outputs import Drawn
from mapkit.outputs.paint.raster import Canvas

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


@dataclass
class HexState:
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


@dataclass
class Layout:
    """Where things go in the picture: the hexes' pitch and offset, the bands above and below."""

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

    def centre(self, q: int, r: int) -> tuple[float, float]:
        return ((q + r / 2.0 - self.x0 + 0.6) * self.pitch + 10,
                (r * SQRT3 / 2.0 - self.y0 + 0.7) * self.pitch + 10 + self.top_band)

    def corners(self, cx: float, cy: float, scale: float = 1.0) -> list[tuple[float, float]]:
        rad = self.pitch / SQRT3 * scale
        return [(cx + rad * math.cos(math.radians(a)), cy + rad * math.sin(math.radians(a)))
                for a in (-90, -30, 30, 90, 150, 210)]

    def dot(self, cx: float, cy: float) -> tuple[float, float, float]:
        """Centre and radius of the grey dot of a hex with another space nobody reaches."""
        return cx, cy - self.pitch * 0.3, max(2.0, self.pitch * 0.12)


def _words(text: str, width_px: float, size: int, measure: Canvas) -> list[str]:
    """`text` in lines no wider than `width_px` at `size` pixels."""
    lines: list[str] = []
    for word in text.split():
        if lines and measure.text_length(f"{lines[-1]} {word}", size) <= width_px:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def _legend_entries(states: dict[tuple[int, int], HexState]) -> list[tuple[str, str]]:
    """(kind, label) of what the picture draws besides the turn ramp, in the order drawn."""
    fills = {st.fill for st in states.values() if st.hole is None}
    out = []
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


def layout(heat: Heatmap, states: dict[tuple[int, int], HexState], max_px: int = 1600) -> Layout:
    """The picture's layout, or HeatmapError when there is nothing to draw or it would pass `MAX_PIXELS`."""
    if not any(st.hole is None for st in states.values()):
        raise HeatmapError("not written: the map has no spaces to draw")
    xs = [q + r / 2.0 for q, r in states]
    ys = [r * SQRT3 / 2.0 for _, r in states]
    width_units = max(xs) - min(xs) + 1.2
    height_units = max(ys) - min(ys) + 1.4
    pitch = max(6.0, min(40.0, (max_px - 20) / max(width_units, height_units)))
    img_w = max(int(width_units * pitch) + 20, 480)
    if img_w * (height_units * pitch) > MAX_PIXELS:
        raise HeatmapError(f"not written: the map spans {width_units:.0f} x {height_units:.0f} hex widths, "
                           f"a heatmap of {img_w} x {int(height_units * pitch) + 20} pixels")
    measure = Canvas((1, 1), BACKGROUND)
    title_lines = _words(heat.title, img_w - 20, TITLE_PX, measure) if heat.title else []
    banner_lines = _words(heat.banner, img_w - 30, 14, measure) if heat.banner else []
    top_band = 6 + (TITLE_PX + 5) * len(title_lines) + 22 * len(banner_lines) + 4
    # the legend: the turn ramp on its own row, then the other entries, wrapped
    rows: list[list[tuple[str, str]]] = [[("ramp", label) for label in RAMP_LABELS]]
    x = 10.0
    for kind, label in _legend_entries(states):
        need = 22 + measure.text_length(label, LEGEND_PX) + 16
        if len(rows) == 1 or x + need > img_w - 10:
            rows.append([])
            x = 10.0
        rows[-1].append((kind, label))
        x += need
    map_h = int(height_units * pitch) + 20
    legend_top = top_band + map_h
    img_h = legend_top + 20 * len(rows) + 6
    if img_w * img_h > MAX_PIXELS:
        raise HeatmapError(f"not written: the map spans {width_units:.0f} x {height_units:.0f} hex widths, "
                           f"a heatmap of {img_w} x {img_h} pixels")
    return Layout(pitch, min(xs), min(ys), top_band, img_w, img_h, title_lines, banner_lines, rows, legend_top)


def _hatch(pen: Canvas, cx: float, cy: float, rad: float) -> None:
    """Lines at 45 degrees across a hole hex, inside its inner circle (radius 0.8 of `rad`)."""
    inner = rad * 0.8
    step = max(4.0, rad / 2.5)
    k = -inner + step / 2
    while k < inner:
        half = math.sqrt(max(0.0, inner * inner - k * k))
        mx, my = cx + k * 0.7071, cy + k * 0.7071       # the foot of the line, k from the centre
        dx, dy = half * 0.7071, -half * 0.7071           # along the line
        pen.line([(mx - dx, my - dy), (mx + dx, my + dy)], fill=HATCH, width=1)
        k += step


def draw(heat: Heatmap, max_px: int = 1600) -> Drawn:
    """The output registry's `heatmap-png`: `max_px` bounds the map's longer side. HeatmapError
    when there is nothing to draw or the picture would pass `MAX_PIXELS`."""
    states = hex_states(heat)
    lay = layout(heat, states, max_px)
    pen = Canvas((lay.width, lay.height), BACKGROUND)
    pitch = lay.pitch
    for (q, r), st in states.items():
        cx, cy = lay.centre(q, r)
        pts = lay.corners(cx, cy, 0.96)
        pen.polygon(pts, fill=st.fill, outline=(20, 20, 20))
        if st.hole is not None:
            _hatch(pen, cx, cy, pitch / SQRT3)
            continue
        if pitch >= 18 and st.turns is not None:
            pen.text((cx, cy), str(st.turns), fill=(0, 0, 0), anchor="mm")
        if st.also_unreached:
            x, y, rad = lay.dot(cx, cy)
            pen.ellipse((x - rad, y - rad, x + rad, y + rad), fill=UNREACHED, outline=(20, 20, 20))
    from mapkit.outputs.scene.players import colour_of

    spaces = heat.spaces
    zone_rgb = {player: colour_of(heat.zone_colours, player).rgb for player in {int(z) for z in spaces.zone} if player}
    for s in range(len(spaces)):
        cx, cy = lay.centre(spaces.q[s], spaces.r[s])
        if spaces.zone[s]:
            pts = lay.corners(cx, cy, 0.9)
            pen.line(pts + pts[:1], fill=zone_rgb.get(int(spaces.zone[s]), (255, 255, 255)),
                     width=max(1, int(pitch / 10)))
        if spaces.glyph[s] is not None:
            rad = pitch * 0.28
            pen.ellipse((cx - rad, cy - rad, cx + rad, cy + rad), fill=(250, 250, 250), outline=(0, 0, 0))
            pen.text((cx, cy), spaces.glyph[s] or "?", fill=(0, 0, 0), anchor="mm")
    y = 6
    for line in lay.title_lines:
        pen.text((10, y), line, fill=(235, 235, 235), size=TITLE_PX)
        y += TITLE_PX + 5
    for line in lay.banner_lines:
        pen.rectangle((6, y, lay.width - 6, y + 20), fill=BANNER)
        pen.text((12, y + 3), line, fill=(0, 0, 0), size=14)
        y += 22
    _draw_legend(pen, lay, states)
    return Drawn(pen.png())


def _draw_legend(pen: Canvas, lay: Layout, states: dict[tuple[int, int], HexState]) -> None:
    shades = {st.hole: st.fill for st in states.values() if st.hole}
    for n, row in enumerate(lay.legend):
        y = lay.legend_top + 20 * n
        x = 10.0
        for kind, label in row:
            if kind == "ramp":
                rgb = START if label == "start" else RAMP[RAMP_LABELS.index(label) - 1]
                pen.rectangle((x, y, x + SWATCH - 4, y + 15), fill=rgb)
                pen.text((x + (SWATCH - 4) / 2, y + 8), label, fill=(0, 0, 0), size=LEGEND_PX, anchor="mm")
                x += SWATCH
                continue
            box = (x, y, x + 16, y + 15)
            if kind == "dot":
                pen.rectangle(box, fill=RAMP[0])
                pen.ellipse((x + 4, y + 3, x + 12, y + 11), fill=UNREACHED, outline=(20, 20, 20))
            elif kind.startswith("hole:"):
                pen.rectangle(box, fill=shades[label])
                for a in (0, 5, 10):
                    pen.line([(x + a, y + 15), (x + 16, y + a - 1)], fill=HATCH)
                    pen.line([(x, y + 15 - a), (x + 15 - a, y)], fill=HATCH)
            else:
                pen.rectangle(box, fill={"unreached": UNREACHED, "no-end": NO_END, "lift": BY_LIFT}[kind])
            pen.text((x + 22, y + 8), label, fill=(235, 235, 235), size=LEGEND_PX, anchor="lm")
            x += 22 + pen.text_length(label, LEGEND_PX) + 16
