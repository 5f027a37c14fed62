"""Validate a Book document against `schemas/book.schema.json`, naming the JSON path of each error.

Unlike the map loader, a Book check reports every violation, so a designer fixes them in one go.
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
    return [(json_path(e.absolute_path), _short(e.message)) for e in errors]


def _short(message: str) -> str:
    """A one-line message (jsonschema repeats whole sub-documents in some messages)."""
    return message if len(message) <= 160 else message[:157] + "..."
