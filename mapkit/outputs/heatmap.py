"""A top-down picture of how many turns each hex is from the start (`mapkit analyze -o`).

One hexagon per hex, coloured by the fewest turns to end a move on any of its spaces (a
greenish ramp from 1 turn to reddish for many), grey where no move can end, the start in
white; start zones outlined in their player's colour, glyphs lettered, numbers written when
the hexes are large enough to read them.

`analyze_map` hands over a `Heatmap` (the turns of one analysis); this module, the output
registry's `heatmap-png`, lays it out in pixels on the raster painter's `Canvas`.
"""

from __future__ import annotations

import math

from mapkit.errors import MapkitError
from mapkit.model.grid import SQRT3
from mapkit.movement.report import Heatmap
from mapkit.outputs import Drawn
from mapkit.outputs.paint.raster import Canvas

RAMP = [(46, 139, 87), (120, 180, 70), (200, 205, 60), (240, 170, 50), (230, 110, 45), (200, 50, 50), (140, 30, 60)]
UNREACHED = (150, 150, 150)
START = (255, 255, 255)
#: Hexes are drawn at least 6 px wide, so a map spread thin would make a huge picture: refuse it.
MAX_PIXELS = 40_000_000


BANNER = (255, 214, 10)


class HeatmapError(MapkitError):
    """A heatmap that cannot be drawn (no spaces, or too many pixels); the caller names the file."""


def _wrap(text: str, width_px: int, char_px: float) -> list[str]:
    """Lines of at most `width_px` pixels, at `char_px` pixels a character."""
    import textwrap

    return textwrap.wrap(text, max(10, int(width_px / char_px)))


def colour(turns: int | None) -> tuple[int, int, int]:
    if turns is None:
        return UNREACHED
    if turns == 0:
        return START
    return RAMP[min(turns - 1, len(RAMP) - 1)]


def draw(heat: Heatmap, max_px: int = 1600) -> Drawn:
    """The output registry's `heatmap-png`: `max_px` bounds the longer side. HeatmapError when there
    is nothing to draw or the picture would pass `MAX_PIXELS`."""
    spaces, turns, title, banner = heat.spaces, heat.turns, heat.title, heat.banner
    best: dict[tuple[int, int], int | None] = {}
    for s in range(len(spaces)):
        if spaces.clearance[s] <= 0:
            continue
        key = (spaces.q[s], spaces.r[s])
        t = turns[s]
        if key not in best or (t is not None and (best[key] is None or t < best[key])):  # type: ignore[operator]
            best[key] = t
    if not best:
        raise HeatmapError("not written: the map has no spaces to draw")
    xs = [q + r / 2.0 for q, r in best]
    ys = [r * SQRT3 / 2.0 for _, r in best]
    width_units = max(xs) - min(xs) + 1.2
    height_units = max(ys) - min(ys) + 1.4
    pitch = max(6.0, min(40.0, (max_px - 20) / max(width_units, height_units)))
    top_band = 24 if title else 4
    img_w = max(int(width_units * pitch) + 20, 420)
    banner_lines = _wrap(banner, img_w - 20, 9) if banner else []
    top_band += 22 * len(banner_lines)
    img_h = int(height_units * pitch) + 20 + top_band
    if img_w * img_h > MAX_PIXELS:
        raise HeatmapError(f"not written: the map spans {width_units:.0f} x {height_units:.0f} hex widths, "
                           f"a heatmap of {img_w} x {img_h} pixels")
    pen = Canvas((img_w, img_h), (32, 32, 40))
    x0, y0 = min(xs), min(ys)

    def centre(q: int, r: int) -> tuple[float, float]:
        return ((q + r / 2.0 - x0 + 0.6) * pitch + 10, (r * SQRT3 / 2.0 - y0 + 0.7) * pitch + 10 + top_band)

    def corners(cx: float, cy: float, scale: float = 1.0) -> list[tuple[float, float]]:
        rad = pitch / SQRT3 * scale
        return [(cx + rad * math.cos(math.radians(a)), cy + rad * math.sin(math.radians(a)))
                for a in (-90, -30, 30, 90, 150, 210)]

    for (q, r), t in best.items():
        cx, cy = centre(q, r)
        pen.polygon(corners(cx, cy, 0.96), fill=colour(t), outline=(20, 20, 20))
        if pitch >= 18 and t is not None:
            pen.text((cx, cy), str(t), fill=(0, 0, 0), anchor="mm")
    from mapkit.outputs.scene.players import colour_of

    zone_rgb = {player: colour_of(heat.zone_colours, player).rgb for player in {int(z) for z in spaces.zone} if player}
    for s in range(len(spaces)):
        cx, cy = centre(spaces.q[s], spaces.r[s])
        if spaces.zone[s]:
            pts = corners(cx, cy, 0.9)
            pen.line(pts + pts[:1], fill=zone_rgb.get(int(spaces.zone[s]), (255, 255, 255)),
                     width=max(1, int(pitch / 10)))
        if spaces.glyph[s] is not None:
            rad = pitch * 0.28
            pen.ellipse((cx - rad, cy - rad, cx + rad, cy + rad), fill=(250, 250, 250), outline=(0, 0, 0))
            pen.text((cx, cy), spaces.glyph[s] or "?", fill=(0, 0, 0), anchor="mm")
    if title:
        pen.text((10, 6), title, fill=(235, 235, 235))
    for i, line in enumerate(banner_lines):
        pen.rectangle((6, 26 + 22 * i, img_w - 6, 46 + 22 * i), fill=BANNER)
        pen.text((12, 30 + 22 * i), line, fill=(0, 0, 0), size=14)
    legend_x = img_w - 10
    for i, label in reversed(list(enumerate(["start"] + [str(k) for k in range(1, len(RAMP))] + [f"{len(RAMP)}+", "none"]))):
        rgb = START if i == 0 else (UNREACHED if label == "none" else RAMP[i - 1])
        legend_x -= 34
        pen.rectangle((legend_x, 4, legend_x + 30, 18), fill=rgb)
        pen.text((legend_x + 15, 11), label, fill=(0, 0, 0), anchor="mm")
    return Drawn(pen.png())
