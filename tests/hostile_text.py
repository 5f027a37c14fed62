"""A map and a Book whose every text field holds markup and terminal control characters.

The documents are built from the schemas themselves (`schemas/map.schema.json`,
`schemas/book.schema.json`): `fill` walks a base document beside its schema and puts `PAYLOAD`
in every free string the schema allows (a property, a free key of an object, a value of a
free object), adding the optional ones the base lacks. `free_string_paths` lists the schema's
own free strings, so a test can check that a field added to a schema one day is filled too.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from mapkit.schemas import load

#: Markup that would run or inject if written unescaped into HTML or SVG, quotes of both kinds,
#: an entity, and terminal control characters (ESC sequence, BEL, NUL, C1 CSI).
PAYLOAD = "</title><script>alert(1)</script><img src=x onerror=alert(2)>\"'&amp;\x1b[31m\x07\x00\x9b"
#: The control characters in it: none may reach an output raw.
CONTROLS = ("\x1b", "\x07", "\x00", "\x9b")
#: A one-line value that would add a line to a report ("FAKE..."), or show what follows it in
#: another order (a right-to-left override, an isolate) or hide it (zero-width space, byte order mark).
LINES_PAYLOAD = "x\nFAKE line\r\u202eRLO\u2066LRI\u200bZW\ufeffBOM\u2028LS"
#: The characters of it no terminal text may carry raw (the newline is a line's own end).
INVISIBLE = ("\r", "\u202e", "\u2066", "\u200b", "\ufeff", "\u2028")

ROOT = Path(__file__).resolve().parent.parent


def _resolve(node: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """A schema node with its $ref and allOf merged in (enough for mapkit's two schemas)."""
    node = dict(node) if isinstance(node, dict) else {}
    while "$ref" in node:
        ref = node.pop("$ref")
        target = schema
        for part in ref.partition("#")[2].strip("/").split("/"):
            target = target[part]
        node = {**target, **node}
    for part in node.pop("allOf", []):
        part = _resolve(part, schema)
        merged = dict(part.get("properties", {}), **node.get("properties", {}))
        node = {**part, **node, "properties": merged}
    return node


def _free_string(node: dict[str, Any]) -> bool:
    kinds = node.get("type")
    kinds = kinds if isinstance(kinds, list) else [kinds]
    return "string" in kinds and "enum" not in node and "const" not in node and "pattern" not in node


def _free_object(node: dict[str, Any]) -> bool:
    """An object any key may be added to (no additionalProperties false)."""
    return node.get("type") == "object" and node.get("additionalProperties", True) is not False \
        and "unevaluatedProperties" not in node


def fill(doc: Any, node: dict[str, Any], schema: dict[str, Any], keep: frozenset[str] = frozenset(),
         payload: str = PAYLOAD) -> Any:
    """`doc` with `payload` in every free string of its schema `node` (see the module docstring);
    properties named in `keep` (a piece's catalog type) are left as they are."""
    node = _resolve(node, schema)
    for branch in node.get("oneOf", []) + node.get("anyOf", []):
        branch = _resolve(branch, schema)
        if _fits(doc, branch):
            return fill(doc, branch, schema, keep, payload)
    if _free_string(node) and (isinstance(doc, str) or doc is None):
        limit = node.get("maxLength", len(payload))
        return payload[:limit]
    if isinstance(doc, dict):
        out = {}
        props = node.get("properties", {})
        for key, value in doc.items():
            out[key] = value if key in keep else fill(value, props.get(key, _extra(node)), schema, keep, payload)
        for key, sub in props.items():
            if key not in out and key not in keep and _free_string(_resolve(sub, schema)):
                out[key] = fill(None, sub, schema, keep, payload)
        extra = _extra(node)
        if _free_object(node) and (extra is True or _free_string(_resolve(extra, schema))) \
                and "propertyNames" not in node:
            out[payload] = payload
        return out
    if isinstance(doc, list):
        items = node.get("items", {})
        prefix = node.get("prefixItems", [])
        return [fill(v, prefix[i] if i < len(prefix) else items if isinstance(items, dict) else {}, schema, keep,
                     payload)
                for i, v in enumerate(doc)]
    if isinstance(doc, str) and node == {}:
        return payload  # a free object's string value
    return doc


def _extra(node: dict[str, Any]) -> Any:
    extra = node.get("additionalProperties", True)
    return {"type": "string"} if extra is True else extra if isinstance(extra, dict) else {}


def _fits(doc: Any, branch: dict[str, Any]) -> bool:
    kind = branch.get("type")
    return (kind == "object" and isinstance(doc, dict)) or (kind == "array" and isinstance(doc, list))


def free_string_paths(schema: dict[str, Any]) -> set[str]:
    """Every property of the schema (by its name) that holds a free string."""
    found: set[str] = set()

    def walk(node: Any, name: str, seen: frozenset[str]) -> None:
        if not isinstance(node, dict):
            return
        if "$ref" in node:
            if node["$ref"] in seen:
                return
            seen = seen | {node["$ref"]}
        node = _resolve(node, schema)
        if _free_string(node):
            found.add(name)
        for key, sub in node.get("properties", {}).items():
            walk(sub, key, seen)
        for key in ("items", "additionalProperties"):
            walk(node.get(key), f"{name}[]", seen)
        for key in ("oneOf", "anyOf", "prefixItems"):
            for sub in node.get(key, []):
                walk(sub, name, seen)

    walk(schema, "$", frozenset())
    return found


def filled_paths(doc: Any) -> set[str]:
    """The names of the properties of `doc` that hold PAYLOAD (as `free_string_paths` names them)."""
    found: set[str] = set()

    def walk(value: Any, name: str) -> None:
        if isinstance(value, dict):
            for key, sub in value.items():
                walk(sub, name + "[]" if key == PAYLOAD else key)
                if key == PAYLOAD or (isinstance(sub, str) and PAYLOAD[:20] in sub):
                    found.add(name + "[]")  # a free key, or the value of one
        elif isinstance(value, list):
            for sub in value:
                walk(sub, f"{name}[]")
        elif isinstance(value, str) and PAYLOAD[:20] in value:
            found.add(name)

    walk(doc, "$")
    return found


def hostile_book(folder: Path, payload: str = PAYLOAD) -> Path:
    """The sample Skyscraper and Sports Car with `payload` in every free text: returns the skyscraper's path."""
    schema = load("book.schema.json")
    for name in ("skyscraper", "sports-car"):
        doc = json.loads((ROOT / "samples" / "books" / f"{name}.book.json").read_text(encoding="utf-8"))
        doc.setdefault("sources", {"default": "x"})
        for floor in doc.get("floors", []):
            floor.setdefault("name", "x")
        (folder / f"{name}.book.json").write_text(json.dumps(fill(doc, schema, schema, payload=payload)),
                                                  encoding="utf-8")
    return folder / "skyscraper.book.json"


def hostile_map(folder: Path, payload: str = PAYLOAD) -> Path:
    """The sample street with `payload` in every free text of the map schema, two scenarios, a room,
    a glyph and start zones whose colours are named by PAYLOAD, and its Books (filled too) beside it."""
    schema = load("map.schema.json")
    doc = json.loads((ROOT / "samples" / "maps" / "street.mapkit.json").read_text(encoding="utf-8"))
    hostile_book(folder, payload)
    for role in ("buildings", "objects"):
        for placement in doc[role]:
            name = placement["book"].rsplit("/", 1)[-1]
            placement["book"] = name if name in ("skyscraper.book.json", "sports-car.book.json") else \
                str(ROOT / "samples" / "books" / name)
            placement["attrs"] = {"note": "x"}
    doc["objects"].append({"book": payload, "q": 9, "r": 0, "level": 1, "rotation": 0})
    doc["attrs"] = {"zone_colours": {"1": "x", "2": "x"}, "sets_used": {"x": 1}, "note": "x"}
    doc["extras"] = {"note": "x"}
    doc["warnings"] = ["x"]
    doc["scenarios"] = [{"number": 1, "name": "x", "players": "x", "notes": "x",
                         "attrs": {"army_colours": {"1": "x"}, "sets_used": ["x"]}},
                        {"number": 2, "name": "x"}]
    doc["rooms"] = [{"number": 1, "name": "x", "attrs": {"note": "x"}}]
    attrs = {"name": "x", "label": "x", "file": "x", "texture_top": "x", "texture_side": "x", "base_of": "x",
             "note": "x"}
    doc["pieces"][0] = dict(doc["pieces"][0], attrs=dict(attrs), extras={"note": "x"})
    doc["pieces"].append({"type": "glyph", "q": 5, "r": 0, "z": 1, "attrs": {"letter": "x", "name": "x"}})
    doc["pieces"].append({"type": "start-zone", "q": 5, "r": 1, "z": 1, "attrs": {"player": 1, "scenario": 1}})
    doc["pieces"].append({"type": "tree-10", "q": 9, "r": 5, "z": 1, "attrs": {"scenario": 2, "name": "x"}})
    filled = fill(copy.deepcopy(doc), schema, schema, keep=frozenset({"type", "format", "book"}), payload=payload)
    for role in ("buildings", "objects"):  # the Books must still be found: their names stay
        for placement, given in zip(filled[role], doc[role]):
            placement["book"] = given["book"]
    path = folder / "hostile.mapkit.json"
    path.write_text(json.dumps(filled), encoding="utf-8")
    return path
