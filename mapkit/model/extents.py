"""Extents of piece objects: the bounds, origins, Levels and board columns a list of pieces
takes up, one cached footprint extent per (shape, turn) rather than per piece. `Pieces` asks these
of the list that holds its pieces; its columns (`mapkit.model.columns`) of the pieces they hold as
objects, merged with what the columns give."""

from __future__ import annotations

from mapkit.model.catalog import catalog
from mapkit.model.piece import Piece

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Iterable


def piece_bounds(pieces: Iterable[Piece]) -> tuple[int, int, int, int, int, int] | None:
    """`Map.bounds` over piece objects, one cached footprint extent per (shape, turn)."""
    cat = catalog()
    found = None
    for p in pieces:
        ptype = cat[p.type]
        if ptype.height <= 0:
            continue
        shape = cat.shape_for(ptype, p.attrs.get("size"))
        dq0, dq1, dr0, dr1 = cat.extent(shape, p.rotation)
        box = (p.q + dq0, p.q + dq1, p.r + dr0, p.r + dr1, p.z, p.z + ptype.height - 1)
        if found is None:
            found = list(box)
        else:
            for k in (0, 2, 4):
                if box[k] < found[k]:
                    found[k] = box[k]
                if box[k + 1] > found[k + 1]:
                    found[k + 1] = box[k + 1]
    return tuple(found) if found is not None else None  # type: ignore[return-value]


def piece_ranges(pieces: Iterable[Piece]) -> tuple[int, int, int, int, int, int] | None:
    """(min q, max q, min r, max r, min z, max z) of piece objects' origins and bottoms."""
    pieces = list(pieces)
    if not pieces:
        return None
    qs, rs, zs = [p.q for p in pieces], [p.r for p in pieces], [p.z for p in pieces]
    return min(qs), max(qs), min(rs), max(rs), min(zs), max(zs)


def piece_level_range(pieces: Iterable[Piece]) -> tuple[int, int] | None:
    """`Map.level_range` over piece objects."""
    from mapkit.model import levels

    cat = catalog()
    spans = [levels.span(cat[p.type], p.z) for p in pieces]
    if not spans:
        return None
    return min(s.start for s in spans), max(s.stop - 1 for s in spans)


def piece_column_range(pieces: Iterable[Piece]) -> tuple[int, int] | None:
    """`Pieces.column_range` over piece objects."""
    cat = catalog()
    low: int | None = None
    high: int | None = None
    for p in pieces:
        ptype = cat[p.type]
        first, last = cat.column_extent(cat.shape_for(ptype, p.attrs.get("size")), p.rotation, p.r & 1)
        col = p.q + (p.r >> 1)
        low = col + first if low is None else min(low, col + first)
        high = col + last if high is None else max(high, col + last)
    return None if low is None or high is None else (low, high)


def merge_ranges(ranges: list) -> tuple[int, int] | None:
    ranges = [x for x in ranges if x is not None]
    if not ranges:
        return None
    return min(x[0] for x in ranges), max(x[1] for x in ranges)


def merge_bounds(boxes: list) -> tuple[int, int, int, int, int, int] | None:
    boxes = [b for b in boxes if b is not None]
    if not boxes:
        return None
    return (min(b[0] for b in boxes), max(b[1] for b in boxes), min(b[2] for b in boxes),
            max(b[3] for b in boxes), min(b[4] for b in boxes), max(b[5] for b in boxes))
