"""The overlay of square footprints on the hex grid (Full, Half, Partial, covered hexes).

It works on shapes and hexes, never on Books (`mapkit.books.overlay` classifies a Book with it).

API:
    OverlayParams(hex_region="cell"|"cap", base_diameter=33.0, marker_diameter=19.0 [assumed])
    classify_area(polygon, inside, params) -> {(q, r): class}
    ground_classes({level: [polygon, ...]}, params) -> {level: {(q, r): class}}
    place_points(points, q, r, rotation), placed_polygon(points, q, r, rotation), move_hex(q, r, origin, rotation)
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from mapkit.geometry.classify import CLASSES, rank
    from mapkit.geometry.params import OverlayParams
    from mapkit.geometry.placing import classify_area, ground_classes, move_hex, place_points, placed_polygon

#: Each name's module, loaded on first use: a drawing takes a constant of `params` without the
#: shapes' modules (and shapely, numpy) a picture of a map without Books never uses.
_WHERE = {"CLASSES": "classify", "rank": "classify", "OverlayParams": "params", "classify_area": "placing",
          "ground_classes": "placing", "move_hex": "placing", "place_points": "placing", "placed_polygon": "placing"}

__all__ = ["CLASSES", "rank", "OverlayParams", "classify_area", "ground_classes", "move_hex", "place_points",
           "placed_polygon"]


def __getattr__(name: str) -> Any:
    import importlib

    if name not in _WHERE:
        raise AttributeError(f"module 'mapkit.geometry' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"mapkit.geometry.{_WHERE[name]}"), name)
    globals()[name] = value
    return value
