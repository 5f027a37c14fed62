"""Surface heights to shades of a terrain's colour (see `style.shade`)."""

from __future__ import annotations

from mapkit.model.catalog import catalog
from mapkit.model.map import Map
from mapkit.outputs.scene import layout, style


class Shading:
    """Surface heights to shades. The range comes from the land and fluid tops, so one tall
    castle does not squeeze the whole landscape into the dark end; castle tops above it
    keep their full colour."""

    def __init__(self, tops: dict[tuple[int, int], layout.Top], m: Map | None = None):
        cat = catalog()
        levels = [t.level for t in tops.values()
                  if m is None or cat[m.pieces[t.piece].type].kind != "castle"] or [t.level for t in tops.values()]
        self.low = min(levels) if levels else 0.0
        self.high = max(levels) if levels else 1.0

    def __call__(self, rgb: tuple[int, int, int], level: float) -> tuple[int, int, int]:
        return style.shade(rgb, level, self.low, self.high)
