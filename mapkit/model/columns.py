"""Pieces kept as columns: what a reader decoded, held as arrays until a `Piece` is asked for.

Reading a 100 000-tile map into one `Piece` object per tile spends most of its time making
objects and collecting garbage, while the first questions most commands ask (how many of each
type, how far the map reaches) are sums and extremes that need no object at all. `Columns`, the
storage of a `Pieces` (`mapkit.model.pieces`) a fast reader fills, keeps the plain pieces (no
attrs, no extras) as `array.array` columns: a *kind* per row (an index into the table's list of
(type, turn, shift) kinds), q, r and z; and the few pieces that carry attrs or extras as the
objects the reader made. Every reduction is a few passes of C-level `map`s and `min`/`max` over
the columns, with per-kind tables for what depends on the type and turn. (Standard-library
arrays, not numpy: numpy costs more to import than a 100 000-tile map takes to read and
summarise this way.)

A piece handed out (by index, slice or iteration) is made once and kept as the row's object,
so a change to it sticks; the reductions (`type_counts`, `bounds`, `indices_of`, `objects` ...)
look at the columns for the rows never handed out and at the objects for the rest, so they stay
exact whatever a caller did to the pieces it was given.
"""

from __future__ import annotations

from array import array
from collections import Counter, namedtuple
from collections.abc import Iterable, Iterator, Sequence
from itertools import accumulate, compress, repeat
from operator import add, and_, attrgetter, mul, rshift

from mapkit.model import lanes
from mapkit.model.catalog import catalog
from mapkit.model.extents import (merge_bounds, merge_ranges, piece_bounds, piece_column_range, piece_level_range,
                                  piece_ranges)
from mapkit.model.lanes import BIAS, KindPlanes
from mapkit.model.piece import Piece

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any, NamedTuple


class StringColumn(Sequence):
    """Many short strings kept as one: their text joined, and where each ends. A list of three
    million strings costs about 60 bytes a string; this costs their characters and 8 bytes."""

    __slots__ = ("_parts", "_text", "_ends")

    def __init__(self, strings: Iterable[str] = ()):
        self._parts: list[str] = []
        self._text = ""
        self._ends = array("q")
        self.extend(strings)

    def extend(self, strings: Iterable[str]) -> None:
        strings = list(strings)
        old = len(self._ends)
        self._ends.extend(accumulate(map(len, strings), initial=self._ends[-1] if old else 0))
        del self._ends[old]  # the running total it started from
        self._parts.append("".join(strings))

    def extend_joined(self, text: str, lengths: Iterable[int]) -> None:
        """Add the strings `text` holds end to end, of these lengths (no string is made)."""
        old = len(self._ends)
        start = self._ends[-1] if old else 0
        self._ends.extend(accumulate(lengths, initial=start))
        del self._ends[old]
        if self._ends[-1] - start != len(text):
            del self._ends[old:]
            raise ValueError("the lengths do not add up to the text")
        self._parts.append(text)

    def _joined(self) -> str:
        if self._parts:
            self._text += "".join(self._parts)
            self._parts = []
        return self._text

    def __len__(self) -> int:
        return len(self._ends)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        ends = self._ends
        if index < 0:
            index += len(ends)
        if not 0 <= index < len(ends):
            raise IndexError("string index out of range")
        return self._joined()[ends[index - 1] if index else 0:ends[index]]

    def __iter__(self) -> Iterator[str]:
        text, start = self._joined(), 0
        for end in self._ends:
            yield text[start:end]
            start = end

    def __eq__(self, other: object) -> bool:
        return isinstance(other, StringColumn) and list(self) == list(other)

    def __reduce__(self):
        return (StringColumn, (list(self),))


#: Turns per full circle.
TURNS = 6


if TYPE_CHECKING:
    class Kind(NamedTuple):
        type: str
        turn: int
        dq: int = 0
        dr: int = 0
else:
    Kind = namedtuple("Kind", "type turn dq dr", defaults=(0, 0))
Kind.__doc__ = """What the rows of one kind share: the piece type, its turn, and the shift from the
coordinates the columns hold to the piece's origin hex (origin = (q - dq, r - dr))."""


def type_turn_kinds(types: Sequence[str]) -> tuple[Kind, ...]:
    """The kinds of a table whose columns hold origins: kind code * 6 + turn."""
    return tuple(Kind(t, turn) for t in types for turn in range(TURNS))


def kind_column(code: Iterable[int], rotation: Iterable[int]) -> array:
    """The kind column for `type_turn_kinds`, from a type-code column and a whole-turn column."""
    return array("H", map(add, map(mul, code, repeat(TURNS)), rotation))


class Columns:
    """Pieces stored as columns: the storage of a `Pieces` a fast reader fills (see the module
    docstring).

    Row i is a piece of `kinds[kind[i]]`: that kind's type and turn, its bottom at `z[i]`, its
    origin hex at `(q[i] - dq, r[i] - dr)` with the kind's shift (a reader may keep the
    coordinates its file stores: VirtualScape stores a turned piece by another hex than the
    model's origin). `objects` maps a row to the piece that stands for it (its column values
    are then ignored): the pieces with attrs or extras, half-step turns, and every piece
    handed out. `tag`, if given, is `(format, key, strings)`: every row's piece carries
    `extras[format][key] = strings[row]` (a format's per-piece id, such as Hexoscape's uid).
    """

    __slots__ = ("_kinds", "_kind", "_q", "_r", "_z", "_objects", "_by_kind", "_tag", "_extremes_of")

    def __init__(self, kinds: Sequence[Kind], kind: array, q: array, r: array, z: array,
                 objects: dict[int, Piece] | None = None, tag: tuple[str, str, StringColumn] | None = None):
        # (a reader hands the same tuple of Kinds to every table: no need to make them again)
        self._kinds = kinds if kinds is _CHECKED[0] or (type(kinds) is tuple and all(type(k) is Kind for k in kinds)) \
            else tuple(Kind(*k) for k in kinds)
        _CHECKED[0] = self._kinds
        self._kind = kind if isinstance(kind, array) else array("H", kind)
        self._q, self._r, self._z = (c if isinstance(c, array) else array("q", c) for c in (q, r, z))
        n = len(self._kind)
        if not all(len(column) == n for column in (self._q, self._r, self._z)):
            raise ValueError("piece columns of different lengths")
        if n and _greatest_kind(self._kind) >= len(self._kinds):
            raise ValueError("a kind the table does not list")
        self._objects: dict[int, Piece] = dict(objects or {})
        self._by_kind: Counter[int] | None = None
        self._extremes_of: tuple[int, _Extremes | None] | None = None
        if tag is not None and len(tag[2]) != n:
            raise ValueError("one tag per row")
        self._tag = tag

    # -- rows and the pieces handed out ----------------------------------------------------------
    def __len__(self) -> int:
        return len(self._kind)

    def _row(self, index: Any) -> int:
        n = len(self._kind)
        i = index.__index__()
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("piece index out of range")
        return i

    def get(self, index: Any) -> Any:  # a Piece, or a list of them for a slice
        """The piece of a row (made once, then kept: a change to it sticks and is seen by the
        reductions), or the pieces of a slice of rows."""
        if isinstance(index, slice):
            return [self._piece(i) for i in range(*index.indices(len(self._kind)))]
        return self._piece(self._row(index))

    def _piece(self, i: int) -> Piece:
        piece = self._objects.get(i)
        if piece is None:
            kind = self._kinds[self._kind[i]]
            piece = Piece(kind.type, self._q[i] - kind.dq, self._r[i] - kind.dr, self._z[i], kind.turn)
            if self._tag is not None:
                piece.extras = {self._tag[0]: {self._tag[1]: self._tag[2][i]}}
            self._objects[i] = piece
        return piece

    def put(self, index: Any, piece: Piece) -> None:
        """Let `piece` stand for a row (the row's column values are ignored from then on)."""
        self._objects[self._row(index)] = piece

    def append(self, piece: Piece) -> None:
        """A row for `piece` at the end, held as the object (its columns say the first kind, unread).
        ValueError for a table that lists no kind."""
        if not self._kinds:
            raise ValueError("a table that lists no kind takes no row")
        n = len(self._kind)
        self._kind.append(0)
        self._q.append(0)
        self._r.append(0)
        self._z.append(0)
        if self._tag is not None:
            self._tag[2].extend([""])
        self._objects[n] = piece
        self._by_kind = None

    def every_piece(self) -> list[Piece]:
        """Every piece, in row order, each made once and kept, as `get` makes it; the rows are then
        held as objects and the reductions look at those, as they would at a list's pieces."""
        n = len(self._kind)
        if len(self._objects) < n:
            pieces = self._build()
            self._objects = dict(enumerate(pieces))
            return pieces
        return list(map(self._objects.__getitem__, range(n)))

    def snapshot(self) -> list[Piece]:
        """The pieces in row order, the rows never handed out made afresh and not kept (to
        compare, copy or pickle without handing anything out)."""
        return self._build()

    def copy(self) -> Columns:
        """A table of its own holding the same pieces (the objects shared, as a list's copy shares them)."""
        tag = None if self._tag is None else (self._tag[0], self._tag[1], StringColumn(self._tag[2]))
        return Columns(self._kinds, array("H", self._kind), array("q", self._q), array("q", self._r),
                       array("q", self._z), self._objects, tag)

    def __reduce__(self):  # pickles (to worker processes) as it stands
        return (Columns, (self._kinds, self._kind, self._q, self._r, self._z, self._objects, self._tag))

    def _build(self) -> list[Piece]:
        """One Piece per row (the objects as they are), without a constructor call per piece."""
        kinds = self._kinds
        new = object.__new__
        pieces = [new(Piece) for _ in range(len(self._kind))]
        for p, k, q, r, z in zip(pieces, map(kinds.__getitem__, self._kind), self._q, self._r, self._z):
            p.type = k.type
            p.q = q - k.dq
            p.r = r - k.dr
            p.z = z
            p.rotation = k.turn
            p.attrs = {}
            p.extras = {}
        if self._tag is not None:
            fmt, key, strings = self._tag
            for p, value in zip(pieces, strings):
                p.extras = {fmt: {key: value}}
        for i, piece in self._objects.items():
            pieces[i] = piece
        return pieces

    # -- reductions (exact over columns and objects alike) ---------------------------------------
    def objects(self) -> list[tuple[int, Piece]]:
        """(row, piece) of every piece that exists as an object, in row order: the only ones
        that can carry attrs or extras."""
        objects = self._objects
        if len(objects) == len(self._kind):       # every row handed out (a pass over the pieces)
            return list(enumerate(map(objects.__getitem__, range(len(objects)))))
        return sorted(objects.items(), key=_row_of)

    def with_attrs(self) -> list[Piece]:
        """The objects that carry attrs, in row order (`Pieces.with_attrs`)."""
        objects = self._objects
        if len(objects) == len(self._kind):       # every row handed out
            return list(filter(_attrs_of, map(objects.__getitem__, range(len(objects)))))
        return [p for _, p in sorted(objects.items(), key=_row_of) if p.attrs]

    def _kind_counts(self) -> Counter[int]:
        """How many rows of each kind the columns hold (object rows included; kept until a row is added)."""
        if self._by_kind is None:
            if len(self._kind) >= NUMPY_ROWS:
                import numpy as np

                counts = np.bincount(_numpy_view(self._kind)).tolist()
                self._by_kind = Counter({k: n for k, n in enumerate(counts) if n})
            else:
                self._by_kind = Counter(self._kind)
        return self._by_kind

    def type_counts(self) -> Counter[str]:
        """How many pieces of each type: the rows still held as columns by their kind, then the
        objects one by one (counted in C: after the rules have handed every piece out, a report
        asks this of 7,000 objects several times)."""
        objects = self._objects
        if len(objects) == len(self._kind):      # every row handed out
            by_kind: Counter[int] = Counter()
        elif objects:                              # (subtracting drops the kinds left at 0)
            by_kind = self._kind_counts() - Counter(map(self._kind.__getitem__, objects))
        else:
            by_kind = self._kind_counts()
        counts: Counter[str] = Counter()
        for k, n in sorted(by_kind.items()):
            counts[self._kinds[k].type] += n
        counts.update(map(_type_of, objects.values()))
        return counts

    def indices_of(self, type_ids: Iterable[str]) -> list[int]:
        """The rows of the pieces of these types, in order."""
        wanted = set(type_ids)
        kinds = [k for k in self._kind_counts() if self._kinds[k].type in wanted]
        rows = rows_of(self._kind, kinds)
        objects = self._objects
        rows = [i for i in rows if i not in objects]
        rows += [i for i, p in objects.items() if p.type in wanted]
        return sorted(rows)

    def of_type(self, type_ids: Iterable[str]) -> list[Piece]:
        """The pieces of these types, in order (handed out; no other piece is made)."""
        return [self._piece(i) for i in self.indices_of(type_ids)]

    def bounds(self) -> tuple[int, int, int, int, int, int] | None:
        """(min q, max q, min r, max r, min z, max z) over every cell a piece fills."""
        boxes = [piece_bounds(self._objects.values())]
        extremes = self._extremes()
        if extremes is not None:
            offsets = _kind_offsets(self._kinds, extremes.present)
            boxes.append(tuple(extremes.extreme(extreme, name, offsets[i])  # type: ignore[arg-type]
                               for i, (name, extreme) in enumerate(_BOX)))
        return merge_bounds(boxes)

    def origin_ranges(self) -> tuple[int, int, int, int, int, int] | None:
        """(min q, max q, min r, max r, min z, max z) of the pieces' origins and bottoms."""
        boxes: list[tuple[int, int, int, int, int, int] | None] = [piece_ranges(self._objects.values())]
        extremes = self._extremes()
        if extremes is not None:
            offsets = _kind_offsets(self._kinds, extremes.present)
            boxes.append(tuple(extremes.extreme(extreme, name, offsets[6 + i])  # type: ignore[arg-type]
                               for i, (name, extreme) in enumerate(_BOX)))
        return merge_bounds(boxes)

    def level_range(self) -> tuple[int, int] | None:
        """(lowest, highest) Level the pieces take up (`mapkit.model.levels.span`)."""
        ranges = [piece_level_range(self._objects.values())]
        extremes = self._extremes()
        if extremes is not None:
            low, high = _kind_levels(self._kinds, extremes.present)
            ranges.append((extremes.extreme(min, "z", low), extremes.extreme(max, "z", high)))
        return merge_ranges(ranges)

    def column_range(self) -> tuple[int, int] | None:
        """(first, last) column of the odd-r offset grid any piece covers (`Map.board_size`).
        Per row: q + (r >> 1) plus a per-kind, per-row-parity offset, so C-level maps again."""
        ranges = [piece_column_range(self._objects.values())]
        extremes = self._extremes()
        if extremes is not None:
            low, high = _kind_columns(self._kinds, extremes.present)
            ranges.append((extremes.extreme(min, "x", low), extremes.extreme(max, "x", high)))
        return merge_ranges(ranges)

    def _extremes(self) -> _Extremes | None:
        """The reductions over the rows the columns speak for (None if none is left), kept while
        those rows stay the same: while the table holds columns, rows only ever join `objects`."""
        if self._extremes_of is None or self._extremes_of[0] != len(self._objects):
            self._extremes_of = (len(self._objects), self._plain_rows())
        return self._extremes_of[1]

    def _plain_rows(self) -> _Extremes | None:
        """The extremes over the rows the columns speak for: every row but those held as
        objects and those of types that fill no level (no cell either). None if none is left."""
        present = self._kind_counts()
        kind = self._kind
        if not kind:
            return None
        planes = KindPlanes(kind, present) if kind.itemsize == 2 and LANE_ROWS <= len(kind) < NUMPY_ROWS and \
            len(present) <= 256 and lanes.LITTLE else None
        heights = _kind_offsets(self._kinds, present)[5]
        empty = [k for k in present if heights[k] < 0]  # a type that fills no level fills no cell
        if not self._objects and not empty:
            return _Extremes(kind, self._q, self._r, self._z, present, None, planes)
        if planes is not None:
            keep = bytearray(planes.mask(set(present) - set(empty)))
        else:
            keep = bytearray(b"\xff" * len(kind))
            if empty:  # (no catalog type fills no level today: a pass per row only for such a type)
                gone = set(empty)
                for i, k in enumerate(kind):
                    if k in gone:
                        keep[i] = 0
        for i in self._objects:
            keep[i] = 0
        left = Counter(present)
        left.subtract(kind[i] for i in self._objects)
        left = +left
        for k in empty:
            del left[k]
        if not left:
            return None
        return _Extremes(kind, self._q, self._r, self._z, left, bytes(keep), planes)


#: The tuple of kinds a table was last made with, known to hold only Kinds.
_CHECKED: list[Any] = [None]


def _greatest_kind(kind: array) -> int:
    """The greatest kind in a kind column: as 16-bit lanes where the items are and the column is
    long enough for lanes to pay (`lanes.greatest`, `LANE_ROWS`)."""
    if len(kind) >= LANE_ROWS and kind.typecode == "H" and kind.itemsize == 2 and lanes.LITTLE:
        return lanes.greatest(int.from_bytes(kind.tobytes(), "little"), len(kind))
    return max(kind)


#: Rows from which the reductions take lanes (`mapkit.model.lanes`): below, the few dozen C-level
#: calls an extreme costs that way take longer than a pass per row (measured: about 700 rows).
LANE_ROWS = 1024
#: Rows from which the reductions run in numpy: a pass of the builtin min over an array makes an
#: int per row (about 25 ns), numpy's takes under 1 ns, and importing numpy about 0.1 s.
NUMPY_ROWS = 500_000


def _numpy_view(column: array) -> Any:
    """The column as a numpy array (no copy)."""
    import numpy as np

    return np.frombuffer(column, dtype=np.dtype(column.typecode))


#: (column, extreme) of each of the six bounds, in `bounds` order.
_BOX = (("q", min), ("q", max), ("r", min), ("r", max), ("z", min), ("z", max))
#: translate table: a byte to 0xFF if it is odd (the low byte of an odd row number r)
_ODD = bytes(0xFF if b & 1 else 0 for b in range(256))


class _Extremes:
    """min and max of a column plus a per-kind value, over the rows `keep` holds 0xFF for (all
    if None): the columns q, r, z and x (the odd-r offset-grid column of the stored hex,
    q + (r >> 1), whose per-kind table is indexed by 2 * kind + the parity of r).

    A per-kind value that is the same for every kind present only shifts the column's own
    extreme. Otherwise the sums are taken as lanes of one big int (`mapkit.model.lanes`): a
    fixed number of C-level passes, whatever the rows hold; a row-by-row pass (numpy's on big
    tables) where lanes cannot hold the values.
    """

    __slots__ = ("kind", "present", "_keep", "_kept", "_planes", "_columns", "_lanes", "_ends")

    def __init__(self, kind: array, q: array, r: array, z: array, present: Counter[int], keep: bytes | None,
                 planes: KindPlanes | None):
        self.kind, self.present, self._keep, self._planes = kind, present, keep, planes
        self._kept: lanes.Keep | None = None
        self._columns: dict[str, Any] = {"q": q, "r": r, "z": z}
        self._lanes: dict[str, tuple[int, int] | None] = {}
        self._ends: dict[tuple, int] = {}

    def column(self, name: str) -> Any:
        if name not in self._columns:  # "x"
            q, r = self._columns["q"], self._columns["r"]
            if len(q) >= NUMPY_ROWS:
                self._columns[name] = array("q", (_numpy_view(q) + (_numpy_view(r) >> 1)).astype("q").tobytes())
            else:
                self._columns[name] = list(map(add, q, map(rshift, r, repeat(1))))
        return self._columns[name]

    def _lanes_of(self, name: str) -> tuple[int, int] | None:
        """(lanes, the bias each lane adds) of a column, or None where lanes cannot hold it."""
        if self._planes is None:
            return None
        if name not in self._lanes:
            if name == "x":
                q, r = self._lanes_of("q"), self._lanes_of("r")
                n = len(self.kind)
                # (r + BIAS) >> 1 = (r >> 1) + BIAS / 2, lane by lane once the bit from above is cleared
                self._lanes[name] = None if q is None or r is None else \
                    (q[0] + ((r[0] >> 1) & lanes.repeat_lane(0x7FFF, n)), BIAS + BIAS // 2)
            else:
                found = lanes.lanes_of(self._columns[name])
                self._lanes[name] = None if found is None else (found, BIAS)
        return self._lanes[name]

    def end(self, extreme: Any, name: str) -> int:
        """The column's own min or max."""
        key = (name, extreme)
        if key not in self._ends:
            held = self._lanes_of(name)
            if held is not None:
                find = lanes.greatest if extreme is max else lanes.least
                self._ends[key] = find(held[0], len(self.kind), self._keep_lanes()) - held[1]
            elif len(self.kind) >= NUMPY_ROWS:
                rows = self._numpy_rows(_numpy_view(self.column(name)))
                self._ends[key] = int(rows.min() if extreme is min else rows.max())
            else:
                column = self.column(name)
                self._ends[key] = extreme(column if self._keep is None else compress(column, self._keep))
        return self._ends[key]

    def _keep_lanes(self) -> lanes.Keep | None:
        if self._keep is None:
            return None
        if self._kept is None:
            self._kept = lanes.Keep(self._keep)
        return self._kept

    def _numpy_rows(self, rows: Any) -> Any:
        if self._keep is None:
            return rows
        import numpy as np

        return rows[np.frombuffer(self._keep, dtype=np.uint8).astype(bool)]

    def _slots(self, name: str) -> list[int]:
        """The table entries the rows can use: per kind present (and parity, for x)."""
        if name == "x":
            return [2 * k + parity for k in self.present for parity in (0, 1)]
        return list(self.present)

    def extreme(self, extreme: Any, name: str, table: list[int]) -> int:
        """min or max over the rows of column `name` + `table[the row's kind]` (kept: the
        bounds and the board ask again)."""
        slots = self._slots(name)
        values = {table[slot] for slot in slots}
        if len(values) == 1:
            return self.end(extreme, name) + values.pop()
        key = (name, extreme, tuple([table[slot] for slot in slots]))
        if key not in self._ends:
            found = self._lane_extreme(extreme, name, table)
            self._ends[key] = found if found is not None else self._full_pass(extreme, name, table)
        return self._ends[key]

    def _lane_extreme(self, extreme: Any, name: str, table: list[int]) -> int | None:
        held, planes = self._lanes_of(name), self._planes
        if held is None or planes is None:
            return None
        if name == "x":
            even, odd = planes.per_kind(table[0::2]), planes.per_kind(table[1::2])
            if even is None or odd is None:
                return None
            r = self._columns["r"]
            per_row: list[bytes] | None = lanes.select(r.tobytes()[0::r.itemsize].translate(_ODD), even, odd)
        else:
            per_row = planes.per_kind(table)
        if per_row is None:
            return None
        find = lanes.greatest if extreme is max else lanes.least
        return find(held[0] + lanes.of_planes(per_row), len(self.kind), self._keep_lanes()) - held[1] - lanes.KIND_BIAS

    def _full_pass(self, extreme: Any, name: str, table: list[int]) -> int:
        column, kind = self.column(name), self.kind
        if name == "x":
            slots: Any = map(add, map(mul, kind, repeat(2)), map(and_, self._columns["r"], repeat(1)))
        else:
            slots = kind
        if len(column) >= NUMPY_ROWS:
            r = _numpy_view(self._columns["r"])
            index = _numpy_view(kind).astype("q") * 2 + (r & 1) if name == "x" else _numpy_view(kind)
            rows = self._numpy_rows(_numpy_view(column) + _numpy_view(array("q", table))[index])
            return int(rows.min() if extreme is min else rows.max())
        sums = map(add, column, map(table.__getitem__, slots))
        return extreme(sums if self._keep is None else compress(sums, self._keep))


def rows_of(kind: array, kinds: Iterable[int]) -> list[int]:
    """The rows of a kind column holding any of these kinds, in order."""
    kinds = set(kinds)
    if not kinds:
        return []
    if kind.itemsize == 2 and lanes.LITTLE:
        return lanes.rows_in(lanes.kind_mask(kind, kinds))
    return [i for i, k in enumerate(kind) if k in kinds]


_LEVELS: dict[Kind, tuple[int, int]] = {}
_COLUMNS: dict[Kind, tuple[int, int, int, int]] = {}


def _kind_levels(kinds: tuple[Kind, ...], present: Iterable[int]) -> tuple[list[int], list[int]]:
    """Per kind: what to add to z for the lowest and highest Level a piece takes up (worked out
    for the kinds present, 0 for the rest)."""
    from mapkit.model import levels

    low, high = [0] * len(kinds), [0] * len(kinds)
    for k in present:
        kind = kinds[k]
        values = _LEVELS.get(kind)
        if values is None:
            span = levels.span(catalog()[kind.type], 0)
            values = _LEVELS[kind] = (span.start, span.stop - 1)
        low[k], high[k] = values
    return low, high


def _kind_columns(kinds: tuple[Kind, ...], present: Iterable[int]) -> tuple[list[int], list[int]]:
    """Per kind and parity of the stored row (index 2 * kind + parity): what to add to
    q + (r >> 1) for the first and last offset-grid column of the footprint, the kind's shift
    (origin = (q - dq, r - dr)) undone (worked out for the kinds present, 0 for the rest)."""
    low, high = [0] * (2 * len(kinds)), [0] * (2 * len(kinds))
    for k in present:
        kind = kinds[k]
        values = _COLUMNS.get(kind)
        if values is None:
            cat = catalog()
            shape = cat[kind.type].shape
            found = []
            for parity in (0, 1):
                origin_parity = (parity - kind.dr) & 1
                # origin row >> 1 = (r >> 1) + ((parity - dr) >> 1); its column is q - dq plus that
                first, last = cat.column_extent(shape, kind.turn, origin_parity)
                shift = -kind.dq + ((parity - kind.dr) >> 1)
                found += [shift + first, shift + last]
            values = _COLUMNS[kind] = (found[0], found[1], found[2], found[3])
        low[2 * k], high[2 * k], low[2 * k + 1], high[2 * k + 1] = values
    return low, high


_OFFSETS: dict[Kind, tuple[int, ...]] = {}


def _kind_offsets(kinds: tuple[Kind, ...], present: Iterable[int]) -> tuple[list[int], ...]:
    """Per kind, twelve tables: what to add to the q column for the lowest and highest q of the
    footprint, the same for r, to z for the lowest and highest level filled (0 and height - 1);
    then what to add to the q, r, z columns for the origin (twice each: lowest, highest).
    Worked out for the kinds present (a map uses a few of the hundreds a format can name)."""
    tables: tuple[list[int], ...] = tuple([0] * len(kinds) for _ in range(12))
    for k in present:
        kind = kinds[k]
        values = _OFFSETS.get(kind)
        if values is None:
            cat = catalog()
            ptype = cat[kind.type]
            dq0, dq1, dr0, dr1 = cat.extent(ptype.shape, kind.turn)
            values = _OFFSETS[kind] = (dq0 - kind.dq, dq1 - kind.dq, dr0 - kind.dr, dr1 - kind.dr, 0,
                                       ptype.height - 1, -kind.dq, -kind.dq, -kind.dr, -kind.dr, 0, 0)
        for table, value in zip(tables, values):
            table[k] = value
    return tables


def _row_of(item: tuple[int, Piece]) -> int:
    return item[0]


_type_of, _attrs_of = attrgetter("type"), attrgetter("attrs")
