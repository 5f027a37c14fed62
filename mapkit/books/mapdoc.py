"""Read a map that places Books, until the native `.mapkit.json` format lands in main.

When `mapkit.formats.native` exists, `load_map` uses the format registry. Otherwise it reads
the fields the native format will carry (`pieces`, `buildings`, `objects`, metadata) straight
into the model, so the C3G samples can be validated and drawn today. Placement fields match
`mapkit.model.map.Placement`; Book paths are relative to the map file.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

from mapkit.errors import FormatError
from mapkit.model.catalog import catalog
from mapkit.model.map import Map, Piece, Placement


def load_map(path: str | Path) -> Map:
    """A map file: through the format registry when it can read it, else the fallback below."""
    path = Path(path)
    if not str(path).endswith(".mapkit.json") or importlib.util.find_spec("mapkit.formats.native") is not None:
        from mapkit.formats import read_map

        return read_map(path)
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise FormatError(f"cannot read: {exc}", file=str(path)) from None
    return map_from_doc(doc, str(path))


def _need(obj: Any, key: str, kind: type, where: str, file: str | None) -> Any:
    value = obj.get(key) if isinstance(obj, dict) else None
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise FormatError(f"{key} must be {kind.__name__}", file=file, where=where)
    return value


def _opt(obj: dict[str, Any], key: str, kind: type, default: Any, where: str, file: str | None) -> Any:
    if key not in obj:
        return default
    return _need(obj, key, kind, where, file)


def _placements(doc: dict[str, Any], key: str, file: str | None) -> list[Placement]:
    out = []
    for i, raw in enumerate(_opt(doc, key, list, [], "$", file)):
        where = f"$.{key}[{i}]"
        out.append(Placement(
            book=_need(raw, "book", str, where, file), q=_need(raw, "q", int, where, file),
            r=_need(raw, "r", int, where, file), level=_need(raw, "level", int, where, file),
            rotation=_opt(raw, "rotation", int, 0, where, file), occupants=_opt(raw, "occupants", list, [], where, file),
            attrs=_opt(raw, "attrs", dict, {}, where, file)))
        for j, occupant in enumerate(out[-1].occupants):
            if not isinstance(occupant, dict):
                raise FormatError("an occupant is a JSON object", file=file, where=f"{where}.occupants[{j}]")
    return out


def map_from_doc(doc: Any, file: str | None = None) -> Map:
    """The model of a native-style map document (the fields Books need)."""
    if not isinstance(doc, dict):
        raise FormatError("a map document is a JSON object", file=file, where="$")
    cat = catalog()
    pieces = []
    for i, raw in enumerate(_opt(doc, "pieces", list, [], "$", file)):
        where = f"$.pieces[{i}]"
        ptype = _need(raw, "type", str, where, file)
        if ptype not in cat:
            raise FormatError(f"unknown piece type {ptype!r}", file=file, where=where + ".type")
        pieces.append(Piece(ptype, _need(raw, "q", int, where, file), _need(raw, "r", int, where, file),
                            _need(raw, "z", int, where, file), _opt(raw, "rotation", int, 0, where, file),
                            _opt(raw, "attrs", dict, {}, where, file)))
    return Map(name=str(doc.get("name", "")), author=str(doc.get("author", "")), scenario=str(doc.get("scenario", "")),
               pieces=pieces, buildings=_placements(doc, "buildings", file), objects=_placements(doc, "objects", file),
               attrs=_opt(doc, "attrs", dict, {}, "$", file), source_format="mapkit")
