"""Surface heights to shades of a terrain's colour (see `style.shade`)."""

from __future__ import annotations

from mapkit.model import levels
from mapkit.model.catalog import catalog
from mapkit.model.map import Map
from mapkit.outputs.scene import layout, style


class Shading:
    """Surface heights to shades. The range comes from the land and fluid tops, so one tall
    castle does not squeeze the whole landscape into the dark end; castle tops above it
    keep their full colour."""

    def __init__(self, tops: dict[tuple[int, int], layout.Top], m: Map | None = None):
        cat = catalog()
        shaded = [t for t in tops.values() if m is None or cat[m.pieces[t.piece].type].kind != "castle"] \
            or list(tops.values())
        heights = [t.level for t in shaded]
        self.low = min(heights) if heights else 0.0
        self.high = max(heights) if heights else 0.0   # no surfaces (or one Level drawn alone): no shading
        #: (lowest, highest) Level of the shaded surfaces, as the legend names them: the Level of
        #: the tile seen (`mapkit.model.levels`), so water laid on the table is Level 1, as `info`
        #: says, though its surface is at height 0, where the shading starts.
        self.levels = (int(self.low), int(self.high))
        if m is not None and shaded:
            tiles = [(cat[m.pieces[t.piece].type], m.pieces[t.piece].z) for t in shaded]
            top_levels = [levels.span(ptype, z)[-1] for ptype, z in tiles]
            self.levels = (min(top_levels), max(top_levels))

    def __call__(self, rgb: tuple[int, int, int], level: float) -> tuple[int, int, int]:
        """`rgb` shaded for a surface at `level` (unchanged where the range is one height)."""
        return style.shade(rgb, level, self.low, self.high)
