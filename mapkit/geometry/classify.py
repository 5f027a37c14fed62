"""Full, Half, Partial or covered: the largest disc that fits in the open part of each hex.

seeds/000: a Full Hex holds a figure's base entirely; a Half Hex does not, but holds an official
Wound Marker; a Partial Hex holds neither. A disc of radius ρ fits in a region R exactly when R
eroded by ρ (a negative buffer) is not empty. Every hex of a floor is classified in one
vectorised shapely pass; only hexes the walls actually cut are eroded.
"""

from __future__ import annotations

from typing import Any

from mapkit.geometry.hexes import hexagons
from mapkit.geometry.params import EPS_AREA, EPS_FIT, OverlayParams
from mapkit.model.grid import HEX_PITCH_MM

#: Classes from best to worst; their index is the class code in arrays.
CLASSES = ("full", "half", "partial", "covered")
FULL, HALF, PARTIAL, COVERED = range(4)
#: Segments per quarter circle when eroding (shapely's default is 8; 16 keeps the chord error tiny).
QUAD_SEGS = 16


def rank(cls: str) -> int:
    """0 = full (best) ... 3 = covered (worst)."""
    return CLASSES.index(cls)


def _fits(regions: Any, diameter: float) -> Any:
    import shapely

    eroded = shapely.buffer(regions, -(diameter / 2.0 - EPS_FIT), quad_segs=QUAD_SEGS)
    return ~shapely.is_empty(eroded)


def classify_open(regions: Any, params: OverlayParams) -> Any:
    """Class codes for an array of open regions (one per hex)."""
    import numpy as np
    import shapely

    codes = np.full(len(regions), COVERED, dtype=np.int8)
    if len(regions) == 0:
        return codes
    has_area = shapely.area(regions) > EPS_AREA
    idx = np.nonzero(has_area)[0]
    codes[idx] = PARTIAL
    marker = _fits(regions[idx], params.marker_diameter)
    idx = idx[marker]
    codes[idx] = HALF
    base = _fits(regions[idx], params.base_diameter)
    codes[idx[base]] = FULL
    return codes


def bare_class(params: OverlayParams) -> int:
    """The class of a hex nothing cuts (full, unless a disc is larger than the hex region)."""
    cell = hexagons([0], [0], params.region_flat_mm)
    return int(classify_open(cell, params)[0])


def classify_hexes(qs: Any, rs: Any, area: Any, inside: bool, params: OverlayParams,
                   pitch: float = HEX_PITCH_MM) -> Any:
    """Class codes of hexes (qs, rs) whose open part is `region ∩ area` (inside) or `region − area` (outside).

    Hexes the area leaves whole (inside: the region lies within it; outside: the region misses it)
    take the bare class without eroding; the rest are cut and eroded together.
    """
    import numpy as np
    import shapely

    regions = hexagons(qs, rs, params.region_flat_mm, pitch)
    codes = np.full(len(regions), bare_class(params), dtype=np.int8)
    if len(regions) == 0:
        return codes
    if area is None or area.is_empty:
        if inside:
            codes[:] = COVERED
        return codes
    shapely.prepare(area)
    if inside:
        whole = shapely.contains_properly(area, regions)
        cut = np.nonzero(~whole)[0]
        open_regions = shapely.intersection(regions[cut], area)
    else:
        whole = ~shapely.intersects(area, regions)
        cut = np.nonzero(~whole)[0]
        open_regions = shapely.difference(regions[cut], area)
    codes[cut] = classify_open(open_regions, params)
    return codes
