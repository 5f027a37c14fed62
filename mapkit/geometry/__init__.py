"""The overlay of square C3G footprints on the hex grid (Full, Half, Partial, covered hexes).

API:
    OverlayParams(hex_region="cell"|"cap", base_diameter=33.0, marker_diameter=19.0 [assumed])
    classify(book, params) -> Overlay              one Book in its own frame
    place(overlay, q, r, level, rotation) -> PlacedOverlay
    ground_overlay([(book, q, r, level, rotation), ...], params) -> {level: {(q, r): class}}
    classify_area(polygon, inside, params) -> {(q, r): class}
"""

from mapkit.geometry.classify import CLASSES, rank
from mapkit.geometry.overlay import (FloorOverlay, Overlay, PlacedOverlay, classify, classify_area, ground_overlay,
                                     move_hex, place, place_points, placed_footprint)
from mapkit.geometry.params import OverlayParams

__all__ = ["CLASSES", "rank", "OverlayParams", "Overlay", "FloorOverlay", "PlacedOverlay", "classify",
           "classify_area", "ground_overlay", "move_hex", "place", "place_points", "placed_footprint"]
