"""Validate a Book document against `schemas/book.schema.json`, naming the JSON path of each error.

Unlike the map loader, a Book check reports every violation, so a designer fixes them in one go.
What a JSON Schema cannot say is checked after it (`shape_errors`): polygons that cross
themselves, enclose no area or leave the footprint, open sides naming a footprint edge that does
not exist, and floors stacked on the same level.
"""

from __future__ import annotations

from functools import lru_cache
from math import isfinite
from operator import itemgetter
from typing import Any

from mapkit import limits
from mapkit.schemas import json_path, load

SCHEMA_NAME = "book.schema.json"


@lru_cache(maxsize=None)
def _validator(name: str) -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(load(name))


def schema_errors(doc: Any, name: str = SCHEMA_NAME) -> list[tuple[str, str]]:
    """(JSON path, message) for each schema violation, in document order."""
    if name == SCHEMA_NAME:
        doc = _long_polygons_checked(doc)
    errors = sorted(_validator(name).iter_errors(doc), key=lambda e: [str(p) for p in e.absolute_path])
    return [(json_path(e.absolute_path), _short(e)) for e in errors]


#: Polygons with more points than this are checked here, a column at a time, rather than by
#: jsonschema, which takes about 0.1 ms a point (a 200,000-point footprint: 20 s).
LONG_POLYGON = 256


def _long_polygons_checked(doc: Any) -> Any:
    """The document with every long polygon that the point schema accepts cut to its first three
    points (and every long list of open sides the schema accepts, to its first three), so that
    jsonschema meets only the short ones. Each point was checked as the schema
    would (a pair of numbers within the bounds `$defs.point` gives, the count within
    `$defs.polygon`'s), so the cut document is valid exactly when the whole one is; a polygon
    with any bad point is left whole, and jsonschema names the point and what is wrong with it."""
    if not isinstance(doc, dict):
        return doc
    out = doc
    footprint = doc.get("footprint")
    if isinstance(footprint, dict) and _points_valid(footprint.get("polygon")):
        out = dict(doc, footprint=dict(footprint, polygon=footprint["polygon"][:3]))
    floors = doc.get("floors")
    if isinstance(floors, list) and any(isinstance(f, dict) and (_points_valid(f.get("interior"))
                                                                 or _sides_valid(f.get("open_sides"))) for f in floors):
        out = dict(out, floors=[_floor_cut(f) if isinstance(f, dict) else f for f in floors])
    return out


def _floor_cut(floor: dict[str, Any]) -> dict[str, Any]:
    """A floor with its long interior and open sides cut, where the schema accepts them whole."""
    if _points_valid(floor.get("interior")):
        floor = dict(floor, interior=floor["interior"][:3])
    if _sides_valid(floor.get("open_sides")):
        floor = dict(floor, open_sides=floor["open_sides"][:3])
    return floor


def _sides_valid(sides: Any) -> bool:
    """Whether `sides` is a long list the open sides schema accepts: whole numbers from 0, each
    once (C-level passes; jsonschema takes about 20 µs an item)."""
    return type(sides) is list and len(sides) > LONG_POLYGON and set(map(type, sides)) == {int} \
        and min(sides) >= 0 and len(set(sides)) == len(sides)


@lru_cache(maxsize=1)
def _point_rules() -> tuple[int, int, tuple[tuple[float, float], ...]]:
    """(fewest points, most points, (minimum, maximum) per coordinate), from the schema itself."""
    defs = load(SCHEMA_NAME)["$defs"]
    point, polygon = defs["point"], defs["polygon"]
    if point.get("minItems") != len(point["prefixItems"]) or point.get("items") is not False \
            or any(set(item) != {"type", "minimum", "maximum"} or item["type"] != "number"
                   for item in point["prefixItems"]):
        raise ValueError("book.schema.json's point is no longer a bounded pair of numbers: update _points_valid")
    return (polygon["minItems"], polygon["maxItems"],
            tuple((item["minimum"], item["maximum"]) for item in point["prefixItems"]))


def _points_valid(points: Any) -> bool:
    """Whether `points` is a long list the polygon schema accepts (C-level passes, no loop in Python)."""
    fewest, most, bounds = _point_rules()
    if type(points) is not list or not max(fewest, LONG_POLYGON + 1) <= len(points) <= most:
        return False
    if set(map(type, points)) != {list} or set(map(len, points)) != {len(bounds)}:
        return False
    for axis, (low, high) in enumerate(bounds):
        values = list(map(itemgetter(axis), points))
        if not set(map(type, values)) <= {int, float} or not all(map(isfinite, values)):
            return False  # a bool is not a number to the schema; NaN compares false to any bound
        if min(values) < low or max(values) > high:
            return False
    return True


def _short(error: Any) -> str:
    """What is wrong, in one line that quotes nothing of the document: only the rule it breaks
    and the schema's own words (its property names, its allowed values, its bounds). A Book is
    often a file a map points to by any path, which may be any JSON file (a configuration, a list
    of keys): its content must never reach a message, a report or a SARIF log (issue 32).
    jsonschema's own messages quote the value (`['...'] is not of type 'object'`)."""
    rule, bound, instance = error.validator, error.validator_value, error.instance
    what = _kind_of(instance)
    if rule == "type":
        wanted = " or ".join(_ARTICLE.get(t, str(t)) for t in (bound if isinstance(bound, list) else [bound]))
        return f"{what}, where the schema wants {wanted}"
    if rule == "required":
        return error.message  # names the property the schema requires, from the schema
    if rule in ("additionalProperties", "unevaluatedProperties"):
        allowed = sorted(error.schema.get("properties", {}))
        listed = f" (it allows {', '.join(allowed)})" if allowed else ""
        return f"{what} with {_keys_named(_unknown_keys(instance, error.schema))} the schema does not allow here{listed}"
    if rule == "enum":
        return f"{what}, not one of {', '.join(_quoted_schema(v) for v in bound)}"
    if rule == "const":
        return f"{what}, not {_quoted_schema(bound)}, the only value the schema allows"
    if rule in _BOUNDS:
        return f"{what}, {_BOUNDS[rule].format(_quoted_schema(bound))}"
    if rule == "items" and bound is False:
        return f"{what}, more items than the schema allows"
    if rule in ("oneOf", "anyOf"):
        return f"{what}, which matches none of the shapes the schema allows here"
    return f"{what}, which breaks the schema's {rule} rule"


#: How many unknown keys a message names (each cut to an excerpt); the rest are counted.
KEYS_NAMED = 3


def _unknown_keys(instance: Any, schema: dict[str, Any]) -> list[str]:
    """The keys of `instance` that `schema` names neither as a property nor by a pattern."""
    import re

    if not isinstance(instance, dict):
        return []
    known, patterns = schema.get("properties", {}), list(schema.get("patternProperties", {}))
    return [key for key in instance if key not in known and not any(re.search(p, key) for p in patterns)]


def _keys_named(keys: list[str]) -> str:
    """The unknown keys of an object by their names: a key is the file's own word for a field,
    not a value, so it is named (cut to an excerpt, quoted as Python quotes a text, so a control
    character is spelled); the first KEYS_NAMED of them, and how many more."""
    from mapkit.errors import excerpt

    if not keys:
        return "properties"
    named = ", ".join(repr(excerpt(key)) for key in keys[:KEYS_NAMED])
    more = f" and {len(keys) - KEYS_NAMED:,} more" if len(keys) > KEYS_NAMED else ""
    return f"the propert{'y' if len(keys) == 1 else 'ies'} {named}{more}"


#: How each bound is said after the value it bounds ("a number, below the minimum 0").
_BOUNDS = {"minimum": "below the minimum {}", "maximum": "above the maximum {}",
           "exclusiveMinimum": "not above {}", "exclusiveMaximum": "not below {}",
           "minItems": "fewer than the {} items the schema asks for",
           "maxItems": "more than the {} items the schema allows",
           "minLength": "shorter than {} characters", "maxLength": "longer than {} characters",
           "minProperties": "fewer than the {} properties the schema asks for",
           "maxProperties": "more than the {} properties the schema allows",
           "multipleOf": "not a multiple of {}", "pattern": "not of the form {}",
           "uniqueItems": "with an item repeated (the schema wants each once)"}
_ARTICLE = {"object": "an object", "array": "an array", "string": "a text", "number": "a number",
            "integer": "a whole number", "boolean": "true or false", "null": "null"}


def _kind_of(instance: Any) -> str:
    """A value said by its kind and size, never by its content."""
    if isinstance(instance, bool):
        return "true or false"
    if isinstance(instance, dict):
        return f"an object of {len(instance):,} propert{'y' if len(instance) == 1 else 'ies'}"
    if isinstance(instance, list):
        return f"an array of {len(instance):,} item{'' if len(instance) == 1 else 's'}"
    if isinstance(instance, str):
        return f"a text of {len(instance):,} character{'' if len(instance) == 1 else 's'}"
    if isinstance(instance, (int, float)):
        return "a whole number" if isinstance(instance, int) or float(instance).is_integer() else "a number"
    return "null"


def _quoted_schema(value: Any) -> str:
    """A value the schema itself gives (an allowed value, a bound), short."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


#: Polygons enclosing less than this many mm² enclose nothing (a line, a point).
MIN_AREA_MM2 = 1.0
#: An interior may run this far past the footprint's outline (rounding in hand-made Books).
EDGE_SLACK_MM = 0.01


def book_errors(doc: Any, path: str | None = None) -> list[tuple[str, str]]:
    """Schema errors, else shape errors: every reason the document is not a usable Book. Its
    sizes are bounded first (LimitError naming `path`): its vertices, and the length of every list
    the schema bounds (`limits.check_lists`), before the schema walks them."""
    limits.check_lists(doc, SCHEMA_NAME, path)  # first: 1,000,000 floors are refused before they are walked
    check_vertices(doc, path)
    return open_side_counts(doc) or schema_errors(doc) or shape_errors(doc)


def open_side_counts(doc: Any) -> list[tuple[str, str]]:
    """(JSON path, message) for each floor naming more open sides than the footprint has edges:
    each names an edge once, so no more can be right, and each would be walked by the schema and
    found wrong one by one (1,000,000 open sides of a 4-edge footprint took 7 s and 1.1 GB, and
    said a million errors). Checked before the schema, on the lengths alone."""
    footprint = doc.get("footprint") if isinstance(doc, dict) else None
    edges = footprint.get("polygon") if isinstance(footprint, dict) else None
    floors = doc.get("floors") if isinstance(doc, dict) else None
    if not isinstance(edges, list) or not isinstance(floors, list):
        return []
    return [(f"$.floors[{i}].open_sides", f"{len(sides):,} open sides, but the footprint has {len(edges):,} "
             "edges, each an open side at most once")
            for i, floor in enumerate(floors) if isinstance(floor, dict)
            for sides in [floor.get("open_sides")] if isinstance(sides, list) and len(sides) > len(edges)]


def check_vertices(doc: Any, path: str | None = None) -> None:
    """Refuse a Book whose polygons have more corners in all than the limit, before the schema
    and the geometry spend time on them (a 200,000-vertex Book took 5 s to be refused)."""
    if not isinstance(doc, dict):
        return
    polygons = []
    footprint = doc.get("footprint")
    if isinstance(footprint, dict):
        polygons.append(("$.footprint.polygon", footprint.get("polygon")))
    floors = doc.get("floors")
    if isinstance(floors, list):
        polygons += [(f"$.floors[{i}].interior", f.get("interior")) for i, f in enumerate(floors) if isinstance(f, dict)]
    total = 0
    for where, polygon in polygons:
        if isinstance(polygon, list):
            total += len(polygon)
            if total > limits.BOOK_VERTICES.value:
                raise limits.BOOK_VERTICES.exceeded(total, file=path, where=where, what="the Book's polygons")



def shape_errors(doc: dict[str, Any]) -> list[tuple[str, str]]:
    """(JSON path, message) for each polygon that crosses itself, has no area or (an interior) leaves
    the footprint, each open side that is not an edge of the footprint, and each upper floor on the
    level of the one below. Expects a document that passed the schema."""
    import numpy as np
    import shapely

    def polygon(points: list[list[float]]) -> Any:
        return shapely.polygons(np.asarray(points, dtype=float))  # one call, not one per point

    def polygon_error(points: list[list[float]]) -> str | None:
        poly = polygon(points)
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
    outline = None if problem else shapely.buffer(polygon(footprint), EDGE_SLACK_MM, join_style="mitre")
    for i, floor in enumerate(doc.get("floors", [])):
        if i > 0 and floor["height"] == 0:
            errors.append((f"$.floors[{i}].height", "0: a floor above another stands at least one level higher "
                           "(two floors on one level are one floor)"))
        if "interior" in floor:
            problem = polygon_error(floor["interior"])
            if problem:
                errors.append((f"$.floors[{i}].interior", problem))
            elif outline is not None and not outline.covers(polygon(floor["interior"])):
                errors.append((f"$.floors[{i}].interior", "reaches outside the footprint: a floor lies within "
                               "the structure's walls"))
        for j, side in enumerate(floor.get("open_sides", [])):
            if side >= len(footprint):
                errors.append((f"$.floors[{i}].open_sides[{j}]", f"the footprint has no edge {side} "
                               f"(its {len(footprint)} edges are numbered 0 to {len(footprint) - 1})"))
    return errors
