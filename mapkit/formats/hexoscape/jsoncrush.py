"""JSONCrush: the compression Hexoscape uses for its `?m=` share links.

Hexoscape hands the map JSON to Frank Force's JSONCrush (npm `jsoncrush`), so a link made
here must crush to the same characters the JavaScript library produces, and any link the
site made must uncrush here. The algorithm, as the library defines it:

1. drop every U+0001 (it becomes the separator), then swap the JSON characters that URL
   encoding would escape for ones it leaves alone (`"` and `'`, `':` and `!`, `,'` and `~`,
   `}` and `)`, `{` and `(`);
2. repeatedly pick the repeated substring whose replacement by one unused character saves
   the most URL bytes, replace it, and append the character and the substring to the end;
3. the result is `body + U+0001 + the replacement characters (newest first) + "_"`.

Uncrushing undoes the replacements in that order, then the swaps in reverse order.

JavaScript strings are sequences of UTF-16 code units, and the library's choices (string
positions, lengths, `indexOf`) count code units, so the work is done on a Python string
holding one character per code unit. The library keeps its substring counts in a plain
JavaScript object, whose keys iterate with array-index-like keys ("12") first in numeric
order and the rest in insertion order; ties between equally good substrings are decided by
that order, so it is reproduced here too.
"""

from __future__ import annotations

import re
from bisect import bisect_left

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Callable

DELIMITER = "\u0001"
#: Characters encodeURIComponent leaves as they are (besides ASCII letters and digits).
_UNESCAPED_PUNCTUATION = "-_.!~*'()"
#: Names an empty JavaScript object already answers (inherited from Object.prototype);
#: the library's "already counted?" test sees them as counted and never counts them.
_INHERITED = frozenset((
    "constructor", "__proto__", "__defineGetter__", "__defineSetter__", "__lookupGetter__",
    "__lookupSetter__", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable",
    "toLocaleString", "toString", "valueOf",
))
#: Groups of (a, b) the library swaps, in its order.
_SWAPS = (('"', "'"), ("':", "!"), (",'", "~"), ("}", ")"), ("{", "("))
_SWAP_PATTERNS = tuple((re.compile(re.escape(a) + "|" + re.escape(b)), a, b) for a, b in _SWAPS)


class UncrushError(ValueError):
    """The text cannot be uncrushed (it would take too long)."""


class UncrushTooLong(UncrushError):
    """The text would grow past the size limit when uncrushed."""


def _replacement_characters() -> str:
    """The library's replacement characters; it takes them from the end of this string."""
    chars = [chr(i) for i in range(126, 0, -1)
             if chr(i).isascii() and (chr(i).isalnum() or chr(i) in _UNESCAPED_PUNCTUATION)]
    for i in range(32, 255):
        c = chr(i)
        if c != "\\" and c not in chars:
            chars.insert(0, c)
    return "".join(chars)


REPLACEMENT_CHARACTERS = _replacement_characters()


# -- UTF-16 code units --------------------------------------------------------------------
def to_code_units(text: str) -> str:
    """One Python character per UTF-16 code unit (astral characters become surrogate pairs)."""
    if text.isascii() or max(text) < "\U00010000":
        return text
    data = text.encode("utf-16-le", "surrogatepass")
    return "".join(chr(data[i] | data[i + 1] << 8) for i in range(0, len(data), 2))


def from_code_units(units: str) -> str:
    """Join surrogate pairs back into characters (lone surrogates stay as they are)."""
    if units.isascii():
        return units
    data = b"".join(ord(c).to_bytes(2, "little") for c in units)
    return data.decode("utf-16-le", "surrogatepass")


# -- the library's size measure -----------------------------------------------------------
def _unit_cost(code: int) -> int:
    if code < 0x80:
        c = chr(code)
        return 1 if (c.isalnum() or c in _UNESCAPED_PUNCTUATION) else 3
    if code < 0x800:
        return 6
    return 9


def byte_length(units: str) -> int:
    """Length of encodeURI(encodeURIComponent(s)) with every escape counted as 3 characters,
    i.e. 1 for a character left alone and 3 per UTF-8 byte otherwise."""
    total = 0
    i = 0
    n = len(units)
    while i < n:
        code = ord(units[i])
        if 0xD800 <= code <= 0xDBFF and i + 1 < n and 0xDC00 <= ord(units[i + 1]) <= 0xDFFF:
            total += 12
            i += 2
            continue
        total += _unit_cost(code)
        i += 1
    return total


def _unmatched_surrogate_at_ends(units: str) -> bool:
    first, last = ord(units[0]), ord(units[-1])
    return 0xDC00 <= first <= 0xDFFF or 0xD800 <= last <= 0xDBFF


def _is_array_index(key: str) -> bool:
    """Would JavaScript order this object key before the others (a canonical array index)?"""
    if not key or not key.isascii() or not key.isdigit():
        return False
    if len(key) > 1 and key[0] == "0":
        return False
    return int(key) < 4294967295


def _js_key_order(counts: dict[str, int]) -> list[str]:
    numeric = sorted((k for k in counts if _is_array_index(k)), key=int)
    return numeric + [k for k in counts if not _is_array_index(k)]


# -- swaps ----------------------------------------------------------------------------------
def swap(text: str, forward: bool = True) -> str:
    """The library's character swaps (forward for crushing, reverse order for uncrushing)."""
    patterns = _SWAP_PATTERNS if forward else tuple(reversed(_SWAP_PATTERNS))
    for pattern, a, b in patterns:
        text = pattern.sub(_swapper(a, b), text)
    return text


def _swapper(a: str, b: str) -> Callable[[re.Match[str]], str]:
    """A replacement that turns `a` into `b` and anything else the pattern matched into `a`."""
    return lambda match: b if match.group(0) == a else a


# -- crush ------------------------------------------------------------------------------------
def _initial_counts(units: str, max_substring_length: int) -> dict[str, int]:
    """The library's first census: for each length 2..max-1 and each start position (the last
    one excluded, as there), a substring not yet counted is counted as 1 + its non-overlapping
    occurrences after it; kept if more than 1. Occurrence lists per length replace the
    library's repeated scans of the whole text (same counts, far less work)."""
    counts: dict[str, int] = {}
    n = len(units)
    for length in range(2, max_substring_length):
        if n - length <= 0:
            break
        where: dict[str, list[int]] = {}
        for i in range(0, n - length + 1):
            where.setdefault(units[i:i + length], []).append(i)
        for i in range(0, n - length):
            sub = units[i:i + length]
            positions = where[sub]
            if len(positions) < 2 or sub in counts or sub in _INHERITED:
                continue
            if _unmatched_surrogate_at_ends(sub):
                continue
            count = 1 + _greedy_count(positions, i + length, length)
            if count > 1:
                counts[sub] = count
    return counts


def _greedy_count(positions: list[int], start: int, length: int) -> int:
    """Non-overlapping occurrences at or after `start`, taken left to right (like indexOf)."""
    count = 0
    index = bisect_left(positions, start)
    while index < len(positions):
        count += 1
        index = bisect_left(positions, positions[index] + length, index + 1)
    return count


def _crush_units(units: str, max_substring_length: int) -> tuple[str, str]:
    chars = REPLACEMENT_CHARACTERS
    position = len(chars)
    split_chars = ""
    counts = _initial_counts(units, max_substring_length)
    cost_cache: dict[str, int] = {}

    def cost(s: str) -> int:
        value = cost_cache.get(s)
        if value is None:
            value = cost_cache[s] = byte_length(s)
        return value

    delimiter_cost = byte_length(DELIMITER)
    while True:
        # the next replacement character that does not occur in the text
        while True:
            old = position
            position -= 1
            if old == 0 or chars[position] not in units:
                break
        if position < 0:
            break
        replacement = chars[position]
        replacement_cost = cost(replacement)
        best, best_delta = None, 0
        for sub in _js_key_order(counts):
            count = counts[sub]
            delta = (count - 1) * cost(sub) - (count + 1) * replacement_cost
            if not split_chars:
                delta -= delimiter_cost
            if delta <= 0:
                del counts[sub]
            elif delta > best_delta:
                best, best_delta = sub, delta
        if best is None:
            break
        units = units.replace(best, replacement) + replacement + best
        split_chars = replacement + split_chars
        updated: dict[str, int] = {}
        for sub in _js_key_order(counts):
            new_sub = sub.replace(best, replacement)
            count = units.count(new_sub)  # non-overlapping, left to right: the library's loop
            if count > 1 and new_sub != "__proto__":
                updated[new_sub] = count
        counts = updated
    return units, split_chars


def crush(text: str, max_substring_length: int = 50) -> str:
    """JSONCrush.crush: the same characters the JavaScript library returns."""
    units = to_code_units(text.replace(DELIMITER, ""))
    units = swap(units, forward=True)
    body, split_chars = _crush_units(units, max_substring_length)
    if split_chars:
        body += DELIMITER + split_chars
    return from_code_units(body + "_")


def uncrush(text: str, max_length: int = 50_000_000, max_work: int | None = None) -> str:
    """JSONCrush.uncrush. Raises UncrushError rather than grow past `max_length` code units
    (each replacement can multiply the length, so hostile links could otherwise exhaust memory),
    or scan more than `max_work` of them in all (default 40 x max_length: a link can hold
    millions of replacements, each scanning the whole text, so a long text kept long by
    hostile replacements could otherwise run for days)."""
    budget = 40 * max_length if max_work is None else max_work
    units = to_code_units(text)[:-1]
    parts = units.split(DELIMITER)
    result = parts[0]
    if len(parts) > 1:
        for char in _code_points(parts[1]):
            budget -= len(result)
            if budget < 0:
                raise UncrushError("uncrushing would take too long (too many replacements over a long text)")
            pieces = result.split(char)
            last = pieces.pop()
            new_length = sum(map(len, pieces)) + max(len(pieces) - 1, 0) * len(last)
            if new_length > max_length:
                raise UncrushTooLong(f"uncrushed text would exceed {max_length} characters")
            result = last.join(pieces)
    return from_code_units(swap(result, forward=False))


def _code_points(units: str) -> list[str]:
    """Iterate like JavaScript's for...of: surrogate pairs stay together."""
    out: list[str] = []
    i = 0
    while i < len(units):
        c = units[i]
        if "\ud800" <= c <= "\udbff" and i + 1 < len(units) and "\udc00" <= units[i + 1] <= "\udfff":
            out.append(units[i:i + 2])
            i += 2
        else:
            out.append(c)
            i += 1
    return out
