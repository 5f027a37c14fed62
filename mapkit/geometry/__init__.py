"""The overlay of square footprints on the hex grid (Full, Half, Partial, covered hexes).

It works on shapes and hexes, never on Books (`mapkit.books.overlay` classifies a Book with it).

API:
    OverlayParams(hex_region="cell"|"cap", base_diameter=33.0, marker_diameter=19.0 [assumed])
    classify_area(polygon, inside, params) -> {(q, r): class}
    ground_classes({level: [polygon, ...]}, params) -> {level: {(q, r): class}}
    place_points(points, q, r, rotation), placed_polygon(points, q, r, rotation), move_hex(q, r, origin, rotation)
"""

from mapkit.geometry.classify import CLASSES, rank
from mapkit.geometry.params import OverlayParams
from mapkit.geometry.placing import classify_area, ground_classes, move_hex, place_points, placed_polygon

__all__ = ["CLASSES", "rank", "OverlayParams", "classify_area", "ground_classes", "move_hex", "place_points",
           "placed_polygon"]
