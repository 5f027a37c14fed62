"""Strict JSON decoding shared by the JSON-based readers, with errors that say where."""

from __future__ import annotations

import json
import re
from typing import Any

from mapkit.errors import FormatError


def parse_json(data: bytes) -> Any:
    """UTF-8 JSON (a BOM allowed) to Python; NaN/Infinity refused; errors name line and column."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FormatError(f"not UTF-8 text ({exc.reason})", where=f"byte {exc.start}") from None
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise FormatError(f"malformed JSON: {exc.msg}", where=f"line {exc.lineno}, column {exc.colno}") from None
    except RecursionError:
        raise FormatError("malformed JSON: nested too deeply") from None
    except ValueError as exc:  # integers with more digits than Python converts; NaN, Infinity
        raise FormatError(f"malformed JSON: {exc}") from None


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def escape_lone_surrogates(text: str) -> str:
    """Spell lone UTF-16 halves (VirtualScape strings may hold them) as JSON escapes.

    In JSON text such characters occur only inside strings, so `\\udXXX` is valid there and
    reads back as the same character; raw, they cannot be encoded as UTF-8 at all.
    """
    return _LONE_SURROGATE.sub(lambda m: "\\u%04x" % ord(m.group()), text)
