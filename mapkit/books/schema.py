"""Validate a Book document against `schemas/book.schema.json`, naming the JSON path of each error.

Unlike the map loader, a Book check reports every violation, so a designer fixes them in one go.
What a JSON Schema cannot say is checked after it (`shape_errors`): polygons that cross
themselves, enclose no area or leave the footprint, open sides naming a footprint edge that does
not exist, and floors stacked on the same level.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from mapkit.schemas import json_path, load

SCHEMA_NAME = "book.schema.json"


@lru_cache(maxsize=None)
def _validator(name: str) -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(load(name))


def schema_errors(doc: Any, name: str = SCHEMA_NAME) -> list[tuple[str, str]]:
    """(JSON path, message) for each schema violation, in document order."""
    errors = sorted(_validator(name).iter_errors(doc), key=lambda e: [str(p) for p in e.absolute_path])
    return [(json_path(e.absolute_path), _short(e)) for e in errors]


def _short(error: Any) -> str:
    """A one-line message. jsonschema quotes the whole value in its messages: a long one is
    said instead by the rule it breaks ("an array of 200,000 items breaks maxItems 10000")."""
    message = error.message
    if len(message) <= 160:
        return message
    instance = error.instance
    if isinstance(instance, (list, dict)):
        what = f"{'an array' if isinstance(instance, list) else 'an object'} of {len(instance):,} items"
    else:
        text = repr(instance)
        what = text if len(text) <= 40 else f"{text[:30]}... ({len(text):,} characters)"
    rule = repr(error.validator_value)
    rule = rule if len(rule) <= 60 else rule[:57] + "..."
    return f"{what} breaks the schema's {error.validator} {rule}"


#: Polygons enclosing less than this many mm² enclose nothing (a line, a point).
MIN_AREA_MM2 = 1.0
#: An interior may run this far past the footprint's outline (rounding in hand-made Books).
EDGE_SLACK_MM = 0.01


def book_errors(doc: Any) -> list[tuple[str, str]]:
    """Schema errors, else shape errors: every reason the document is not a usable Book."""
    return schema_errors(doc) or shape_errors(doc)


def shape_errors(doc: dict[str, Any]) -> list[tuple[str, str]]:
    """(JSON path, message) for each polygon that crosses itself, has no area or (an interior) leaves
    the footprint, each open side that is not an edge of the footprint, and each upper floor on the
    level of the one below. Expects a document that passed the schema."""
    import shapely

    def polygon_error(points: list[list[float]]) -> str | None:
        poly = shapely.Polygon(points)
        if not poly.is_valid:
            return f"not a simple polygon ({shapely.is_valid_reason(poly)})"
        if poly.area < MIN_AREA_MM2:
            return f"encloses {poly.area:g} mm², no area (are its points in a line?)"
        return None

    errors = []
    footprint = doc["footprint"]["polygon"]
    problem = polygon_error(footprint)
    if problem:
        errors.append(("$.footprint.polygon", problem))
    outline = None if problem else shapely.buffer(shapely.Polygon(footprint), EDGE_SLACK_MM, join_style="mitre")
    for i, floor in enumerate(doc.get("floors", [])):
        if i > 0 and floor["height"] == 0:
            errors.append((f"$.floors[{i}].height", "0: a floor above another stands at least one level higher "
                           "(two floors on one level are one floor)"))
        if "interior" in floor:
            problem = polygon_error(floor["interior"])
            if problem:
                errors.append((f"$.floors[{i}].interior", problem))
            elif outline is not None and not outline.covers(shapely.Polygon(floor["interior"])):
                errors.append((f"$.floors[{i}].interior", "reaches outside the footprint: a floor lies within "
                               "the structure's walls"))
        for j, side in enumerate(floor.get("open_sides", [])):
            if side >= len(footprint):
                errors.append((f"$.floors[{i}].open_sides[{j}]", f"the footprint has no edge {side} "
                               f"(its {len(footprint)} edges are numbered 0 to {len(footprint) - 1})"))
    return errors
