"""A whole column of integers as one big int of 16-bit lanes: sums and extremes at C speed.

The summaries of a map read as columns (`mapkit.model.columns`) ask for extremes such as the
least q + (how far a piece of this kind reaches west) over 100,000 rows. A pass of `map` and
`min` costs about 50 ns a row; searching only the rows near the column's own extreme was fast
only when few rows lay there, so its cost depended on how a map's kinds are spread. Here every
such question is a fixed number of passes of the standard library's C loops, whatever the rows
hold:

- a column becomes one `int` whose 16-bit little-endian lanes hold value + `BIAS` (each byte of
  a lane is a strided slice of the column's bytes); adding two such ints adds lane by lane, as
  no lane can overflow with the biases and ranges here;
- a per-kind value becomes lanes too: each row's kind is first given a one-byte slot (a
  `bytes.translate` of the kind column's low bytes, once per high byte that occurs), then any
  per-kind table is one `translate` of the slots;
- the greatest lane is found a byte plane at a time: the greatest high byte (one `translate`
  to nibbles, then a few `bytes.__contains__`, i.e. memchr), then the greatest low byte among
  the rows holding it (a mask of 0x00/0xFF bytes, applied with `&` of ints); the least is the
  greatest of the lanes' complements.

Standard library only: numpy costs more to import than a 100,000-tile map takes to summarise.
Where lanes cannot hold a column (a value outside [-BIAS, BIAS), a big-endian machine, items
that are not 4- or 8-byte signed integers) `lanes_of` answers None and the caller takes its
row-by-row way.
"""

from __future__ import annotations

import sys
from array import array
from itertools import compress

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Iterable

#: Added to every value so that a lane holds a non-negative number: values lie in [-BIAS, BIAS),
#: which a real map's coordinates and Levels do by far (16,384 hexes from the origin).
BIAS = 1 << 14
#: Added to every per-kind value (a footprint's reach, a height): they lie in [-KIND_BIAS, KIND_BIAS).
#: The greatest sum, x's lanes (bias 1.5 BIAS, below 3 BIAS) plus 2 KIND_BIAS, stays below 2**16.
KIND_BIAS = 1 << 10
WIDTH = 2
_LANE = (1 << 8 * WIDTH) - 1
LITTLE = sys.byteorder == "little"
#: translate tables. _SIGN: 0xFF for a byte with the top bit set (the sign byte of a lane's top byte)
_SIGN = bytes(0x80) + b"\xff" * 0x80
#: 1 for the top byte of a 16-bit value outside [-BIAS, BIAS) (its top two bits differ), else 0
_OUTSIDE = bytes(0x40) + b"\x01" * 0x80 + bytes(0x40)
_ADD_BIAS = bytes((b + (BIAS >> 8)) & 0xFF for b in range(256))
class _Equal:
    """EQUAL[v]: the translate table giving 0xFF where a byte is v, else 0x00 (made when asked)."""

    def __getitem__(self, v: int) -> bytes:
        return bytes(v) + b"\xff" + bytes(255 - v)


EQUAL = _Equal()
_ONE = tuple(bytes((v,)) for v in range(256))
#: a mask byte to 1 where it leaves the row out (0x00), else 0
_DROPPED = b"\x01" + bytes(255)
#: a byte to its high nibble, the first step of finding the greatest byte of a plane
_NIBBLE = bytes(b >> 4 for b in range(256))


def _int(data: bytes | bytearray) -> int:
    return int.from_bytes(data, "little")


def _and(a: bytes, b: bytes) -> bytes:
    return (_int(a) & _int(b)).to_bytes(len(a), "little")


def lanes_of(column: array) -> int | None:
    """The column as lanes of value + BIAS, or None where lanes cannot hold it (see above)."""
    if not LITTLE or column.typecode not in "ilq" or column.itemsize not in (4, 8):
        return None
    size = column.itemsize
    raw = column.tobytes()
    top = raw[1::size]
    if b"\x01" in top.translate(_OUTSIDE):
        return None
    sign = top.translate(_SIGN)
    if any(raw[k::size] != sign for k in range(2, size)):
        return None
    return of_planes([raw[0::size], top.translate(_ADD_BIAS)])


def of_planes(planes: list[bytes]) -> int:
    """Lanes whose bytes, from the lowest, are these planes (one byte per row each)."""
    buf = bytearray(WIDTH * len(planes[0]))
    for k, plane in enumerate(planes):
        buf[k::WIDTH] = plane
    return _int(buf)


def repeat_lane(value: int, n: int) -> int:
    """n lanes of one value."""
    return _int(value.to_bytes(WIDTH, "little") * n)


def lane(lanes: int, row: int) -> int:
    """The value of one lane."""
    return (lanes >> (8 * WIDTH * row)) & _LANE


class Keep:
    """The rows an extreme is taken over, as lanes: every other row is given the value of a
    kept one before the extreme is taken (one `&`, one `*`, one `|` of ints)."""

    __slots__ = ("n", "first", "_kept", "_dropped")

    def __init__(self, mask: bytes):
        """mask: one byte per row, 0xFF to keep the row, 0x00 to leave it out; at least one kept."""
        self.n = len(mask)
        self.first = mask.find(0xFF)
        if self.first < 0:
            raise ValueError("no row is kept")
        self._kept = of_planes([mask] * WIDTH)
        self._dropped = of_planes([mask.translate(_DROPPED)])  # 1 in each left-out lane

    def apply(self, lanes: int) -> int:
        return (lanes & self._kept) | (self._dropped * lane(lanes, self.first))


def greatest(lanes: int, n: int, keep: Keep | None = None) -> int:
    """The greatest of n (> 0) lanes, over the rows `keep` holds (all if None)."""
    if keep is not None:
        lanes = keep.apply(lanes)
    data = lanes.to_bytes(WIDTH * n, "little")
    high, low = data[1::2], data[0::2]
    top = _greatest_byte(high)
    if high != _ONE[top] * n:  # (a compare: counting loops over every byte, a compare is memcmp)
        low = _and(low, high.translate(EQUAL[top]))  # rows below read 0, which no row holding top is below
    return (top << 8) | _greatest_byte(low)


def least(lanes: int, n: int, keep: Keep | None = None) -> int:
    """The least of n (> 0) lanes, over the rows `keep` holds (all if None)."""
    if keep is not None:
        lanes = keep.apply(lanes)
    return _LANE - greatest(repeat_lane(_LANE, n) - lanes, n)


def _greatest_byte(plane: bytes) -> int:
    """The greatest byte of a non-empty plane: its high nibble from one translate and at most
    16 memchr, then at most 16 memchr more."""
    nibbles = plane.translate(_NIBBLE)
    high = next(h for h in range(15, -1, -1) if _ONE[h] in nibbles)
    return next(v for v in range(16 * high + 15, 16 * high - 1, -1) if _ONE[v] in plane)


class KindPlanes:
    """A one-byte slot per row for a kind column ('H'): what turning a per-kind table into one
    byte per row needs (`plane`). Up to 256 kinds may occur."""

    __slots__ = ("n", "slots", "order")

    def __init__(self, kind: array, kinds: Iterable[int]):
        """kind: the column; kinds: every kind it holds (more is allowed, fewer is not)."""
        self.order = sorted(set(kinds))
        if kind.itemsize != 2 or not LITTLE or len(self.order) > 256:
            raise ValueError("a kind column of 2-byte items, holding at most 256 kinds, on a little-endian machine")
        raw = kind.tobytes()
        self.n = len(kind)
        low, high = raw[0::2], raw[1::2]
        by_high: dict[int, bytearray] = {}
        for slot, k in enumerate(self.order):
            by_high.setdefault(k >> 8, bytearray(256))[k & 0xFF] = slot
        if list(by_high) == [0] or high == bytes(self.n):
            self.slots = low.translate(by_high.get(0, bytes(256)))
        else:
            total = 0
            for h, lookup in by_high.items():
                total |= _int(low.translate(lookup)) & _int(high.translate(EQUAL[h]))
            self.slots = total.to_bytes(self.n, "little")

    def plane(self, byte_of_kind: list[int]) -> bytes:
        """One byte per row: byte_of_kind[the row's kind]."""
        return self.slots.translate(bytes([byte_of_kind[k] for k in self.order]).ljust(256, b"\0"))

    def per_kind(self, table: list[int]) -> list[bytes] | None:
        """The planes (low byte, high byte) of table[kind] + KIND_BIAS per row; None if a value of
        the table for a kind here lies outside [-KIND_BIAS, KIND_BIAS)."""
        biased = [table[k] + KIND_BIAS for k in self.order]
        if biased and not 0 <= min(biased) <= max(biased) < 2 * KIND_BIAS:
            return None
        lookup = {k: v for k, v in zip(self.order, biased)}
        low = bytes([lookup[k] & 0xFF for k in self.order]).ljust(256, b"\0")
        high = bytes([lookup[k] >> 8 for k in self.order]).ljust(256, b"\0")
        return [self.slots.translate(low), self.slots.translate(high)]

    def mask(self, kinds: Iterable[int]) -> bytes:
        """0xFF where a row's kind is one of these, else 0x00."""
        wanted = set(kinds)
        return self.slots.translate(bytes([0xFF if k in wanted else 0 for k in self.order]).ljust(256, b"\0"))


def kind_mask(kind: array, kinds: Iterable[int]) -> bytes:
    """0xFF where a kind column ('H') holds one of these kinds, else 0x00 (no kind need be known
    to occur: one `translate` per high byte among the kinds asked for)."""
    if kind.itemsize != 2 or not LITTLE:
        raise ValueError("a kind column of 2-byte items on a little-endian machine")
    raw = kind.tobytes()
    low, high = raw[0::2], raw[1::2]
    by_high: dict[int, bytearray] = {}
    for k in kinds:
        by_high.setdefault(k >> 8, bytearray(256))[k & 0xFF] = 0xFF
    total = 0
    for h, lookup in by_high.items():
        total |= _int(low.translate(lookup)) & _int(high.translate(EQUAL[h]))
    return total.to_bytes(len(low), "little")


def rows_in(mask: bytes) -> list[int]:
    """The rows a mask holds 0xFF for, in order: by memchr when few, by one pass of `compress`
    when many."""
    if mask.count(0xFF) * 8 > len(mask):
        return list(compress(range(len(mask)), mask))
    rows, at = [], mask.find(0xFF)
    while at >= 0:
        rows.append(at)
        at = mask.find(0xFF, at + 1)
    return rows


def select(mask: bytes, if_clear: list[bytes], if_set: list[bytes]) -> list[bytes]:
    """Plane by plane, the bytes of `if_set` where mask is 0xFF and of `if_clear` elsewhere."""
    m = _int(mask)
    out = []
    for a, b in zip(if_clear, if_set):
        x, y = _int(a), _int(b)
        out.append((x ^ ((x ^ y) & m)).to_bytes(len(a), "little"))
    return out
