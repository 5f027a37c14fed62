"""Full, Half, Partial or covered: the largest disc that fits in the open part of each hex.

seeds/000: a Full Hex holds a figure's base entirely; a Half Hex does not, but holds an official
Wound Marker; a Partial Hex holds neither. A disc of radius ρ fits in a region exactly when the
region eroded by ρ (a negative buffer) is not empty.

Erosion distributes over the open part, so nothing is eroded per hex:
- inside a floor, open = hex ∩ A, and (hex ∩ A) ⊖ ρ = (hex ⊖ ρ) ∩ (A ⊖ ρ);
- outside the walls, open = hex − A, and (hex − A) ⊖ ρ = (hex ⊖ ρ) − (A ⊕ ρ).
A hexagon eroded by ρ is the same hexagon 2ρ narrower, built directly; A is eroded or dilated
once per floor (shapely buffer). Each class is then one vectorised predicate over all hexes of
the floor (`intersects` / `covers` against a prepared geometry): no Python loop per hex.
"""

from __future__ import annotations

from typing import Any

from mapkit.geometry.hexes import hexagons
from mapkit.geometry.params import EPS_EDGE, EPS_FIT, OverlayParams
from mapkit.geometry.shapes import erode
from mapkit.model.grid import HEX_PITCH_MM

#: Classes from best to worst; their index is the class code in arrays.
CLASSES = ("full", "half", "partial", "covered")
FULL, HALF, PARTIAL, COVERED = range(4)
#: Segments per quarter circle when buffering (shapely's default is 8). The polygonal arcs lie
#: within ρ·(1 − cos(π/4/QUAD_SEGS)) of the true ones: 0.02 mm for a 33 mm base.
QUAD_SEGS = 16


def rank(cls: str) -> int:
    """0 = full (best) ... 3 = covered (worst)."""
    return CLASSES.index(cls)


def _fits(qs: Any, rs: Any, area: Any, inside: bool, diameter: float, flat: float, pitch: float) -> Any:
    """Whether a disc of `diameter` fits in each hex's open part (vectorised)."""
    import numpy as np
    import shapely

    radius = diameter / 2.0 - EPS_FIT
    width = flat - 2.0 * radius
    if width <= 0:
        return np.zeros(len(qs), dtype=bool)
    cores = hexagons(qs, rs, width, pitch)  # each hex eroded by the radius
    if inside:
        room = erode(area, radius, quad_segs=QUAD_SEGS)
        if room.is_empty:
            return np.zeros(len(qs), dtype=bool)
        shapely.prepare(room)
        return shapely.intersects(room, cores)
    walls = shapely.buffer(area, radius, quad_segs=QUAD_SEGS)
    shapely.prepare(walls)
    return ~shapely.covers(walls, cores)


def classify_hexes(qs: Any, rs: Any, area: Any, inside: bool, params: OverlayParams,
                   pitch: float = HEX_PITCH_MM) -> Any:
    """Class codes of hexes (qs, rs) whose open part is `region ∩ area` (inside) or `region − area` (outside)."""
    import numpy as np
    import shapely

    n = len(qs)
    codes = np.full(n, COVERED, dtype=np.int8)
    if n == 0:
        return codes
    flat = params.region_flat_mm
    if area is None or area.is_empty:
        if inside:
            return codes
        area = shapely.Polygon()
    regions = hexagons(qs, rs, flat, pitch)
    # Open area at all? Judged against the area shrunk (inside) or grown (outside) by EPS_EDGE mm,
    # so that an edge lying on a hex edge counts the same however the Book is turned.
    if inside:
        core = erode(area, EPS_EDGE, join_style="mitre")
        shapely.prepare(core)
        has_room = shapely.intersects(core, regions)
    else:
        grown = shapely.buffer(area, EPS_EDGE, join_style="mitre")
        shapely.prepare(grown)
        has_room = ~shapely.covers(grown, regions)
    codes[has_room] = PARTIAL
    marker = _fits(qs, rs, area, inside, params.marker_diameter, flat, pitch) & has_room
    codes[marker] = HALF
    base = _fits(qs, rs, area, inside, params.base_diameter, flat, pitch) & marker
    codes[base] = FULL
    return codes
