"""Strict JSON decoding shared by every JSON reader (maps, Books, share links), with errors that
say where, and the limits of `mapkit.limits` checked before the parse.

Before `json.loads` spends memory on a document, two byte-level passes (C-speed `replace`,
`translate` and substring search: a few ms per MB) bound its nesting depth and the digits of
its numbers; while parsing, a float that overflows to infinity (`1e400`) is refused.
Only when a limit is crossed does a slower scan find the line and column to name.
"""

from __future__ import annotations

import json
import math
import re
from array import array
from itertools import accumulate

from mapkit import limits
from mapkit.errors import FormatError

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any

#: Every byte but the four brackets and the quote, deleted by `bytes.translate`.
_NOT_STRUCTURE = bytes(b for b in range(256) if b not in b'[]{}"')
#: Opening brackets to +1, closing to -1 (as signed bytes).
_STEP = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")
#: Digits to "0", every other byte to a space: a run of digits longer than the limit is then a
#: plain substring search.
_DIGITS_AS_ZERO = bytes(48 if 48 <= b <= 57 else 32 for b in range(256))
_LONG_DIGITS = re.compile(rb"\d{%d}" % (limits.DIGITS.value + 1))
_TOKEN = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{}]|-?\d[\d.eE+-]*')


class _BadNumber(ValueError):
    def __init__(self, token: str):
        self.token = token
        super().__init__(token)


def parse_json(data: bytes, *, document: str = "JSON") -> Any:
    """UTF-8 JSON (a BOM allowed) to Python; NaN, Infinity and numbers that overflow refused;
    nesting and digits bounded (`mapkit.limits`); every error names the line and column."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FormatError(f"not UTF-8 text ({exc.reason})", where=f"byte {exc.start}") from None
    check_nesting(data)
    check_digits(data)
    try:
        return json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float)
    except json.JSONDecodeError as exc:
        raise FormatError(f"malformed {document}: {exc.msg}", where=f"line {exc.lineno}, column {exc.colno}") from None
    except _BadNumber as exc:
        where = _place_of_number(data, exc.token)
        raise FormatError(f"the number {_shorten(exc.token)} is not finite (NaN, Infinity or beyond a double's "
                          "range): JSON maps hold ordinary numbers", where=where) from None
    except RecursionError:  # cannot happen below the nesting limit; kept as a last guard
        raise limits.NESTING.exceeded(None) from None
    except ValueError as exc:  # a conversion Python itself refuses
        raise FormatError(f"malformed {document}: {exc}") from None


def check_nesting(data: bytes) -> None:
    """Refuse JSON nested deeper than the nesting limit, before parsing it.

    Escapes are removed first (`\\\\`, then `\\"`), so every quote left opens or closes a
    string; the text between quote pairs is dropped, leaving the brackets outside strings,
    whose running sum is the depth."""
    plain = data.replace(b"\\\\", b"").replace(b'\\"', b"") if b"\\" in data else data
    structure = plain.translate(None, _NOT_STRUCTURE)
    if b'"' in structure:
        # adjacent quotes bound a string with no bracket in it (or the gap between two strings):
        # dropping them keeps the parity of what follows; the few quotes left are split on
        structure = structure.replace(b'""', b"")
        if b'"' in structure:
            structure = b"".join(structure.split(b'"')[::2])
    if len(structure) <= limits.NESTING.value:
        return
    deepest = max(accumulate(array("b", structure.translate(_STEP))), default=0)
    if deepest > limits.NESTING.value:
        raise limits.NESTING.exceeded(deepest, where=_place_of_depth(data, limits.NESTING.value + 1))


def check_digits(data: bytes) -> None:
    """Refuse a number with more digits than the limit, before parsing it (a run of digits
    inside a string, a hash or an image, is not a number and passes)."""
    if b"0" * (limits.DIGITS.value + 1) not in data.translate(_DIGITS_AS_ZERO):
        return
    candidates = [m.start() for m in _LONG_DIGITS.finditer(data)]
    number = _number_among(data, candidates)
    if number is not None:
        start, token = number
        digits = sum(ch in b"0123456789" for ch in token)
        raise limits.DIGITS.exceeded(digits, where=_line_column(data, start),
                                     what=f"the number {_shorten(token.decode('ascii', 'replace'))}")


def _finite_float(token: str) -> float:
    value = float(token)
    if not math.isfinite(value):
        raise _BadNumber(token)
    return value


def _reject_constant(name: str) -> Any:
    raise _BadNumber(name)


def _number_among(data: bytes, offsets: list[int]) -> tuple[int, bytes] | None:
    """The first number token covering one of the (sorted) offsets, skipping those inside
    strings: (its start, the token), or None. One pass of the tokenizer."""
    pending = iter(offsets)
    offset = next(pending)
    for match in _TOKEN.finditer(data):
        while match.start() > offset:  # the offset fell between tokens: not in any
            following = next(pending, None)
            if following is None:
                return None
            offset = following
        if match.end() <= offset:
            continue
        if not match.group().startswith(b'"'):
            return match.start(), match.group()
        while offset < match.end():
            following = next(pending, None)
            if following is None:
                return None
            offset = following
    return None


def _place_of_number(data: bytes, token: str) -> str | None:
    """Where a number token (or NaN/Infinity) first stands outside a string."""
    wanted = token.encode("ascii", "replace")
    for match in re.finditer(rb'"(?:[^"\\]|\\.)*"|' + re.escape(wanted), data):
        if not match.group().startswith(b'"'):
            return _line_column(data, match.start())
    return None


def _place_of_depth(data: bytes, depth: int) -> str | None:
    """Where the nesting first reaches `depth` (a slow scan, run only to name the place)."""
    level = 0
    for match in _TOKEN.finditer(data):
        char = match.group()[:1]
        if char in (b"[", b"{"):
            level += 1
            if level >= depth:
                return _line_column(data, match.start())
        elif char in (b"]", b"}"):
            level -= 1
    return None


def _line_column(data: bytes, offset: int) -> str:
    line = data.count(b"\n", 0, offset) + 1
    column = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    return f"line {line}, column {column}"


def _shorten(token: str) -> str:
    return token if len(token) <= 24 else f"{token[:10]}...{token[-6:]} ({len(token):,} characters)"


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def escape_lone_surrogates(text: str) -> str:
    """Spell lone UTF-16 halves (VirtualScape strings may hold them) as JSON escapes.

    In JSON text such characters occur only inside strings, so `\\udXXX` is valid there and
    reads back as the same character; raw, they cannot be encoded as UTF-8 at all.
    """
    return _LONE_SURROGATE.sub(lambda m: "\\u%04x" % ord(m.group()), text)
