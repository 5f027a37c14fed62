"""Arrays of hexagons on the millimetre grid, built at once with shapely 2 (no loop per hex)."""

from __future__ import annotations

import math
from typing import Any

from mapkit.geometry.params import EPS_EDGE
from mapkit.geometry.shapes import erode
from mapkit.model.grid import HEX_PITCH_MM, SQRT3, hex_center_mm

_ANGLES = [math.radians(a) for a in (-90, -30, 30, 90, 150, 210, -90)]


def centres(qs: Any, rs: Any, pitch: float = HEX_PITCH_MM) -> tuple[Any, Any]:
    """Hex centres in mm for arrays of axial coordinates (grid.hex_center_mm, vectorised)."""
    import numpy as np

    return hex_center_mm(np.asarray(qs, dtype=float), np.asarray(rs, dtype=float), pitch)  # type: ignore[arg-type]


def hexagons(qs: Any, rs: Any, flat_mm: float = HEX_PITCH_MM, pitch: float = HEX_PITCH_MM) -> Any:
    """Pointy-top hexagons of flat-to-flat width `flat_mm` centred on each hex (a shapely array)."""
    import numpy as np
    import shapely

    cx, cy = centres(qs, rs, pitch)
    radius = flat_mm / SQRT3
    dx = radius * np.cos(_ANGLES)
    dy = radius * np.sin(_ANGLES)
    coords = np.stack([cx[:, None] + dx[None, :], cy[:, None] + dy[None, :]], axis=-1)
    if len(coords) == 0:
        return np.empty(0, dtype=object)
    return shapely.polygons(coords)


def hexes_in_bounds(bounds: tuple[float, float, float, float], pitch: float = HEX_PITCH_MM) -> tuple[Any, Any]:
    """Axial coordinates of every hex whose cell may meet the box (minx, miny, maxx, maxy)."""
    import numpy as np

    minx, miny, maxx, maxy = bounds
    row_h = pitch * SQRT3 / 2.0
    r0 = math.floor(miny / row_h) - 1
    r1 = math.ceil(maxy / row_h) + 1
    rs_list, qs_list = [], []
    for r in range(r0, r1 + 1):
        q0 = math.floor(minx / pitch - r / 2.0) - 1
        q1 = math.ceil(maxx / pitch - r / 2.0) + 1
        qs_list.append(np.arange(q0, q1 + 1))
        rs_list.append(np.full(q1 - q0 + 1, r))
    return np.concatenate(qs_list), np.concatenate(rs_list)


def touched_hexes(area: Any, pitch: float = HEX_PITCH_MM, eps: float = EPS_EDGE) -> tuple[Any, Any]:
    """(qs, rs) of the hexes whose grid cell shares some area with `area`.

    Touching is not enough, nor is an overlap thinner than `eps` mm (rounding noise): the test
    is against `area` shrunk by `eps`, so a footprint edge lying on a hex edge stays outside
    that hex however the Book is turned.
    """
    import numpy as np
    import shapely

    if area is None or area.is_empty:
        return np.empty(0, dtype=int), np.empty(0, dtype=int)
    # One box per part: buildings far apart on a map would otherwise sweep every hex between them.
    boxes = [hexes_in_bounds(part.bounds, pitch) for part in shapely.get_parts(area)]
    pairs = np.unique(np.stack([np.concatenate([b[0] for b in boxes]), np.concatenate([b[1] for b in boxes])],
                               axis=1), axis=0)
    qs, rs = pairs[:, 0], pairs[:, 1]
    cells = hexagons(qs, rs, pitch, pitch)
    core = erode(area, eps, join_style="mitre")
    shapely.prepare(core)
    hit = shapely.intersects(core, cells)
    return qs[hit], rs[hit]
