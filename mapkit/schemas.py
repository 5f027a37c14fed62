"""The JSON Schemas mapkit validates its documents with (maps, C3G Books).

The schema files live once, in the checkout's top-level `schemas/` folder; wheels carry them
as `mapkit/schemas/` (pyproject force-includes the folder). `load` looks in the installed
package first, then in the checkout, so the schema file stays the single source of truth.
Compiled validators are cached: building one costs far more than using it.
"""

from __future__ import annotations

import json
import os
from functools import lru_cache

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any, Callable

_PACKAGE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "schemas")
_CHECKOUT_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "schemas")


def schema_text(name: str) -> str:
    """The text of `schemas/<name>` (e.g. "map.schema.json"): the installed package's copy, else
    the checkout's. Read as a plain file (importlib.resources, whose import costs about 10 ms,
    only for a package inside a zip archive)."""
    for folder in (_PACKAGE_DIR, _CHECKOUT_DIR):
        try:
            with open(os.path.join(folder, name), encoding="utf-8") as handle:
                return handle.read()
        except (FileNotFoundError, NotADirectoryError):
            continue
    try:
        from importlib import resources

        packaged = resources.files("mapkit").joinpath("schemas").joinpath(name)
        if packaged.is_file():
            return packaged.read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError):
        pass
    raise FileNotFoundError(f"mapkit schema {name!r} not found in the package or in {_CHECKOUT_DIR}")


@lru_cache(maxsize=None)
def load(name: str) -> dict[str, Any]:
    """The schema `schemas/<name>` as a dict (loaded once; do not mutate it)."""
    return json.loads(schema_text(name))


def json_path(parts: Any) -> str:
    """A JSON path such as `$.pieces[3].q` from a sequence of keys and indices."""
    out = "$"
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif isinstance(part, str) and part.isidentifier():
            out += f".{part}"
        else:
            out += "[" + json.dumps(str(part)) + "]"
    return out


@lru_cache(maxsize=None)
def validator(name: str, fast: bool = False) -> Callable[[Any], str | None]:
    """A function that checks a document against `schemas/<name>`.

    It returns None when the document is valid, else one message that starts with the JSON
    path of the first problem met (`$.pieces[3].q: ...`). The validator is built once.

    `fast=True` compiles the schema to Python with fastjsonschema (about 20 times faster than
    jsonschema on a 100 000-piece map). fastjsonschema implements drafts 4-7 only, so use it
    just for schemas that keep to the keywords those drafts share with 2020-12 ($ref into
    $defs, type, const, minimum, exclusiveMaximum, multipleOf, required,
    additionalProperties, items): it would silently skip 2020-12-only ones such as
    prefixItems or unevaluatedProperties.
    """
    schema = load(name)
    if fast:  # (the shipped schemas are checked against 2020-12 by the tests: importing jsonschema
        return _fast_validator(schema)  # to check one again would cost 0.1 s a command)
    from jsonschema import Draft202012Validator

    Draft202012Validator.check_schema(schema)
    checker = Draft202012Validator(schema)

    def check(document: Any) -> str | None:
        error = next(iter(checker.iter_errors(document)), None)
        if error is None:
            return None
        return f"{json_path(error.absolute_path)}: {_short(error.message)}"

    return check


def _fast_validator(schema: dict[str, Any]) -> Callable[[Any], str | None]:
    import fastjsonschema

    compiled = fastjsonschema.compile(schema)

    def check(document: Any) -> str | None:
        try:
            compiled(document)
        except fastjsonschema.JsonSchemaValueException as exc:
            # exc.name is "data.pieces[3].q"; its message repeats that name first.
            where = "$" + (exc.name or "data")[len("data"):]
            message = exc.message
            if exc.name and message.startswith(exc.name):
                message = message[len(exc.name):].strip()
            return f"{where}: {_short(message)}"
        return None

    return check


def _short(message: str, limit: int = 200) -> str:
    """jsonschema quotes the whole offending value; keep messages to one readable line."""
    message = " ".join(message.split())
    return message if len(message) <= limit else message[: limit - 3] + "..."
