"""Hexoscape's array form decoded with numpy, a run of pieces at a time, for big maps.

The regular-expression path of `_stream` makes eight strings and a tuple per piece and then
an int of four of them: about 3 µs a piece, most of `mapkit info` on a map of millions. A run
of canonical pieces (`_stream.ARRAY_RUN` matched it whole, and it is ASCII) has a fixed shape:
strings hold no quote, so every piece has exactly twenty `"` and each field sits between two
of them at a known place. Here the fields are cut out of the bytes by those places and the
numbers added up from their digits, a column at a time, with no object per piece.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

#: Quotes per canonical piece: keys uid, inventoryID, altitude, rotation, pieceCoords, q, r, s
#: and the values uid and inventoryID, two each.
QUOTES = 20
_POWERS = 10 ** np.arange(10, dtype=np.int64)
_QUOTE, _MINUS, _ZERO = ord('"'), ord("-"), ord("0")


class Run(NamedTuple):
    """The pieces of one run, as columns (numpy arrays of one value per piece)."""

    hids: list[str]        # the distinct inventory ids of the run
    hid: Any               # per piece: its index in `hids`
    altitude: Any
    whole_turn: Any        # the whole part of the rotation
    half_turn: Any         # True where the rotation is n.5
    q: Any
    r: Any
    s: Any
    uids: str              # every uid, end to end
    uid_length: Any        # per piece: its uid's length


def decode(text: str) -> Run:
    """The pieces of `text`: a run of canonical array-form pieces, each followed by `,` (the
    last may be followed by `]`), all ASCII. The caller has matched it against the pattern."""
    b = np.frombuffer(text.encode("ascii"), dtype=np.uint8)
    quotes = np.flatnonzero(b == _QUOTE)
    if len(quotes) % QUOTES:
        raise ValueError("not a run of canonical pieces")
    at = quotes.reshape(-1, QUOTES)
    # `..."s":S}},{"uid"...`: S ends 4 before the next piece's first quote; the last one 3
    # before the end (`}},` or `}}]`).
    s_end = np.append(at[1:, 0] - 4, len(b) - 3)
    turn_start, turn_end = at[:, 11] + 2, at[:, 12] - 1
    hid_names, hid_index = _strings(b, at[:, 6] + 1, at[:, 7])
    uid_start, uid_end = at[:, 2] + 1, at[:, 3]
    return Run(hids=hid_names, hid=hid_index,
               altitude=_integers(b, at[:, 9] + 2, at[:, 10] - 1),
               whole_turn=b[turn_start].astype(np.int64) - _ZERO,
               half_turn=(turn_end - turn_start) == 3,
               q=_integers(b, at[:, 15] + 2, at[:, 16] - 1),
               r=_integers(b, at[:, 17] + 2, at[:, 18] - 1),
               s=_integers(b, at[:, 19] + 2, s_end),
               uids=_joined(b, uid_start, uid_end - uid_start),
               uid_length=uid_end - uid_start)


def _integers(b: Any, start: Any, end: Any) -> Any:
    """The integers written in b[start:end] (an optional `-`, then at most ten digits)."""
    negative = b[start] == _MINUS
    start = start + negative
    length = end - start
    place = np.arange(int(length.max()))
    present = place < length[:, None]
    digits = np.where(present, b[np.minimum(start[:, None] + place, len(b) - 1)].astype(np.int64) - _ZERO, 0)
    value = (digits * _POWERS[np.where(present, length[:, None] - 1 - place, 0)]).sum(axis=1)
    return np.where(negative, -value, value)


def _strings(b: Any, start: Any, end: Any) -> tuple[list[str], Any]:
    """The distinct strings b[start:end] (none holds a NUL), in the order they first appear,
    and each one's index among them."""
    length = end - start
    place = np.arange(max(int(length.max()), 1))
    padded = np.where(place < length[:, None], b[np.minimum(start[:, None] + place, len(b) - 1)], 0)
    names, first, index = np.unique(np.ascontiguousarray(padded).view(f"S{len(place)}").ravel(), return_index=True,
                                    return_inverse=True)
    order = np.argsort(first)  # in the order they first appear, as the piece-by-piece path meets them
    rank = np.empty_like(order)
    rank[order] = np.arange(len(order))
    return [name.decode("ascii") for name in names[order].tolist()], rank[index.ravel()]


def _joined(b: Any, start: Any, length: Any) -> str:
    """The spans b[start:start + length] end to end, as text (one gather of their bytes)."""
    before = np.cumsum(length) - length
    at = np.arange(int(length.sum())) + np.repeat(start - before, length)
    return b[at].tobytes().decode("ascii")
