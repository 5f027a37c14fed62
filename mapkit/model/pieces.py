"""The pieces of a map, in map order: one sequence of `Piece`, whatever holds them.

A map built piece by piece holds its pieces in a list. The fast readers (VirtualScape, Hexoscape,
mapkit JSON) hold them as columns (`mapkit.model.columns.Columns`) and make a `Piece` only when
one is asked for, since the first questions most commands ask (how many of each type, how far the
map reaches, which pieces are glyphs) need no object at all. `Pieces` is the same sequence either
way, with a list's changes, and asks those questions of its storage as methods: over the columns
without making a piece, or piece by piece over the list. Nothing about it changes its storage
behind a caller's back: a piece handed out of the columns is kept as its row's object (so a change
to it sticks), and only a change to the order of the rows (deleting, inserting, sorting) makes a
list of them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import MutableSequence
from operator import attrgetter

from mapkit.model.extents import piece_bounds, piece_column_range, piece_level_range, piece_ranges
from mapkit.model.piece import Piece

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any, Iterable, Iterator

    from mapkit.model.columns import Columns


_attrs_of = attrgetter("attrs")


class Pieces(MutableSequence):
    """A map's pieces, in order (see the module docstring).

    `Pieces(pieces)` holds a list given to it as its storage (not copied: a map has always held
    the list it was given) and a list of any other iterable; `Pieces.of_columns(table)` holds a
    reader's columns. Equal to a list or a `Pieces` of equal pieces in the same order.
    """

    __slots__ = ("_list", "_columns")
    _list: list[Piece] | None  #: the pieces, where a list holds them
    _columns: Columns  #: the columns that hold them otherwise (None while the list does)

    def __init__(self, pieces: Iterable[Piece] = ()):
        self._list = pieces if type(pieces) is list else list(pieces)
        self._columns = None  # type: ignore[assignment]

    @classmethod
    def of_columns(cls, table: Columns) -> Pieces:
        """The pieces a reader holds as columns."""
        new = cls.__new__(cls)
        new._list, new._columns = None, table
        return new

    @property
    def columnar(self) -> bool:
        """Whether the pieces are held as columns (read by a fast reader) rather than a list."""
        return self._columns is not None

    # -- the sequence ------------------------------------------------------------------------
    def __len__(self) -> int:
        listed = self._list
        return len(listed) if listed is not None else len(self._columns)

    def __getitem__(self, index: Any) -> Any:  # a Piece, or a list of them for a slice
        listed = self._list
        if listed is not None:
            return listed[index]
        return self._columns.get(index)

    def __iter__(self) -> Iterator[Piece]:
        listed = self._list
        return iter(listed if listed is not None else self._columns.every_piece())

    def __reversed__(self) -> Iterator[Piece]:
        return reversed(self._list if self._list is not None else self._columns.every_piece())

    def __contains__(self, value: object) -> bool:
        return value in self._pieces()

    def index(self, value: Any, start: int = 0, stop: int | None = None) -> int:
        return self._pieces().index(value, start, len(self) if stop is None else stop)

    def count(self, value: Any) -> int:
        return self._pieces().count(value)

    def _pieces(self) -> list[Piece]:
        """The pieces in order, to look through (the columns' rows made afresh, not handed out)."""
        return self._list if self._list is not None else self._columns.snapshot()

    def __setitem__(self, index: Any, value: Any) -> None:
        if self._list is not None:
            self._list[index] = value
        elif isinstance(index, slice):
            self._listed()[index] = value
        else:
            self._columns.put(index, value)

    def __delitem__(self, index: Any) -> None:
        del self._listed()[index]

    def insert(self, index: int, value: Piece) -> None:
        if self._columns is not None and index >= len(self._columns):
            self.append(value)
        else:
            self._listed().insert(index, value)

    def append(self, value: Piece) -> None:
        if self._list is not None:
            self._list.append(value)
        elif len(self._columns):  # (a table of no rows may list no kind to give a row)
            self._columns.append(value)
        else:
            self._listed().append(value)

    def extend(self, values: Iterable[Piece]) -> None:
        if self._list is not None:
            self._list.extend(values)
        else:
            for value in list(values):
                self.append(value)

    def sort(self, *args: Any, **kwargs: Any) -> None:
        self._listed().sort(*args, **kwargs)

    def reverse(self) -> None:
        self._listed().reverse()

    def clear(self) -> None:
        self._list, self._columns = [], None  # type: ignore[assignment]

    def copy(self) -> Pieces:
        """Pieces of their own holding the same pieces (as a list's copy, the pieces are shared)."""
        if self._list is not None:
            return Pieces(list(self._list))
        return Pieces.of_columns(self._columns.copy())

    __copy__ = copy

    def _listed(self) -> list[Piece]:
        """The list to change the order of the rows in: the columns' pieces, every one handed out,
        become the list (the rows they were no longer line up with the columns)."""
        if self._list is None:
            self._list = self._columns.every_piece()
            self._columns = None  # type: ignore[assignment]
        return self._list

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Pieces):
            return self._pieces() == other._pieces()
        if isinstance(other, list):
            return self._pieces() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, as a list

    def __add__(self, other: Iterable[Piece]) -> list[Piece]:
        return list(self) + list(other)

    def __radd__(self, other: Iterable[Piece]) -> list[Piece]:
        return list(other) + list(self)

    def __repr__(self) -> str:
        if self._list is not None:
            return f"Pieces({self._list!r})"
        return f"<Pieces: {len(self)} as columns, {len(self._columns.objects())} of them as objects>"

    def __reduce__(self) -> Any:  # pickles (to worker processes) as it stands
        if self._list is not None:
            return (Pieces, (self._list,))
        return (Pieces.of_columns, (self._columns,))

    # -- reductions: the same answers whatever the storage -------------------------------------
    def type_counts(self) -> Counter[str]:
        """How many pieces of each type."""
        if self._list is not None:
            return Counter(map(attrgetter("type"), self._list))
        return self._columns.type_counts()

    def indices_of(self, type_ids: Iterable[str]) -> list[int]:
        """The indices of the pieces of these types, in order (no other piece is made)."""
        if self._list is not None:
            wanted = set(type_ids)
            return [i for i, p in enumerate(self._list) if p.type in wanted]
        return self._columns.indices_of(type_ids)

    def of_type(self, type_ids: Iterable[str]) -> list[Piece]:
        """The pieces of these types, in order (no other piece is made)."""
        if self._list is not None:
            wanted = set(type_ids)
            return [p for p in self._list if p.type in wanted]
        return self._columns.of_type(type_ids)

    def objects(self) -> list[tuple[int, Piece]]:
        """(index, piece) of every piece that exists as an object, in order: the only ones that
        can carry attrs or extras (every piece of a list; of columns, the reader's pieces with
        attrs or extras and those handed out)."""
        if self._list is not None:
            return list(enumerate(self._list))
        return self._columns.objects()

    def with_attrs(self) -> list[Piece]:
        """The pieces that say something of themselves (their attrs), in order: of columns, only
        objects can. Passed over in C: a report asks this (`Map.scenario_pieces`) several times,
        of every piece once the rules have made them all."""
        if self._list is not None:
            return list(filter(_attrs_of, self._list))
        return self._columns.with_attrs()

    def bounds(self) -> tuple[int, int, int, int, int, int] | None:
        """(min q, max q, min r, max r, min z, max z) over every cell a piece fills, or None."""
        if self._list is not None:
            return piece_bounds(self._list)
        return self._columns.bounds()

    def origin_ranges(self) -> tuple[int, int, int, int, int, int] | None:
        """(min q, max q, min r, max r, min z, max z) of the pieces' origin hexes and bottoms, or None."""
        if self._list is not None:
            return piece_ranges(self._list)
        return self._columns.origin_ranges()

    def level_range(self) -> tuple[int, int] | None:
        """(lowest, highest) Level the pieces take up (`mapkit.model.levels.span`), or None."""
        if self._list is not None:
            return piece_level_range(self._list)
        return self._columns.level_range()

    def column_range(self) -> tuple[int, int] | None:
        """(first, last) column of the odd-r offset grid any piece covers, or None."""
        if self._list is not None:
            return piece_column_range(self._list)
        return self._columns.column_range()
