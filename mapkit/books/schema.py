"""Validate a Book document against `schemas/book.schema.json`, naming the JSON path of each error.

A tiny local loader: main has no shared `mapkit/schemas.py` yet. The schema is found in the
installed package (`mapkit/schemas/`, force-included by pyproject) or beside the checkout.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

SCHEMA_NAME = "book.schema.json"


def _schema_path(name: str) -> Path:
    here = Path(__file__).resolve().parent.parent
    for candidate in (here / "schemas" / name, here.parent / "schemas" / name):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(f"schema {name} not found beside mapkit")


@lru_cache(maxsize=None)
def validator(name: str = SCHEMA_NAME) -> Any:
    """A compiled Draft 2020-12 validator for a schema shipped with mapkit."""
    import jsonschema

    schema = json.loads(_schema_path(name).read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def json_path(parts: Iterable[Any]) -> str:
    """`$.floors[2].windows[0]` from a jsonschema error path."""
    out = "$"
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def schema_errors(doc: Any, name: str = SCHEMA_NAME) -> list[tuple[str, str]]:
    """(JSON path, message) for each schema violation, in document order."""
    errors = sorted(validator(name).iter_errors(doc), key=lambda e: [str(p) for p in e.absolute_path])
    return [(json_path(e.absolute_path), _short(e)) for e in errors]


def _short(error: Any) -> str:
    """A one-line message (jsonschema repeats whole sub-documents in some messages)."""
    message = error.message
    return message if len(message) <= 160 else message[:157] + "..."
