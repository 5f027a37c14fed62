"""Shapes placed on the hex grid: turning and moving a local frame, and classifying the hexes an area leaves open.

Everything here takes points, polygons and hexes, never a Book: `mapkit.books.overlay` hands a
Book's footprint and floors to these functions.
"""

from __future__ import annotations

import math
from typing import Any, Iterable, Mapping

from mapkit.geometry.classify import CLASSES, classify_hexes
from mapkit.geometry.hexes import touched_hexes
from mapkit.geometry.params import OverlayParams
from mapkit.model.grid import HEX_PITCH_MM, hex_center_mm, rotate

Hex = tuple[int, int]


def classify_area(area: Any, inside: bool, params: OverlayParams, hexes: Any = None) -> dict[Hex, str]:
    """Class of each hex in `hexes` ((qs, rs); default: those `area` touches), open part inside or outside `area`."""
    qs, rs = hexes if hexes is not None else touched_hexes(area, HEX_PITCH_MM)
    codes = classify_hexes(qs, rs, area, inside, params)
    return {(int(q), int(r)): CLASSES[c] for q, r, c in zip(qs, rs, codes)}


def move_hex(q: int, r: int, origin: Hex, rotation: int) -> Hex:
    """A hex (q, r) of a local frame placed at `origin` turned `rotation` × 60° clockwise."""
    dq, dr = rotate(q, r, rotation)
    return origin[0] + dq, origin[1] + dr


def place_points(points: Iterable[tuple[float, float]], q: int, r: int, rotation: int) -> list[tuple[float, float]]:
    """Local-frame millimetres to map millimetres: turn k × 60° clockwise, then move to hex (q, r)."""
    theta = math.radians(60 * (int(rotation) % 6))
    c, s = math.cos(theta), math.sin(theta)
    ox, oy = hex_center_mm(q, r)
    return [(ox + x * c - y * s, oy + x * s + y * c) for x, y in points]


def polygon(points: Any) -> Any:
    """A shapely polygon from (x, y) points, made valid if they cross. Built from one array
    (`shapely.Polygon` on a list walks it point by point: 0.3 s for 200,000 points)."""
    import numpy as np
    import shapely

    poly: Any = shapely.polygons(np.asarray(points, dtype=float).reshape(-1, 2))  # one polygon, not an array
    return poly if poly.is_valid else shapely.make_valid(poly)


def placed_polygon(points: Iterable[tuple[float, float]], q: int, r: int, rotation: int) -> Any:
    """A polygon given in a local frame, placed at hex (q, r) turned k × 60° clockwise (made
    valid). The same arithmetic as `place_points`, on arrays."""
    import numpy as np

    xy = np.asarray(points if isinstance(points, (list, tuple, np.ndarray)) else list(points), dtype=float)
    xy = xy.reshape(-1, 2)
    theta = math.radians(60 * (int(rotation) % 6))
    c, s = math.cos(theta), math.sin(theta)
    ox, oy = hex_center_mm(q, r)
    x, y = xy[:, 0], xy[:, 1]
    return polygon(np.stack([ox + x * c - y * s, oy + x * s + y * c], axis=1))


def ground_classes(areas_by_level: Mapping[int, list[Any]], params: OverlayParams | None = None
                   ) -> dict[int, dict[Hex, str]]:
    """Outside classes per level for the areas standing on each level, united first."""
    import shapely

    params = params or OverlayParams()
    return {level: classify_area(shapely.union_all(polys), False, params) for level, polys in areas_by_level.items()}
