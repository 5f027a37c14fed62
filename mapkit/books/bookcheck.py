"""The C3G rules that a Book can break on its own, in the Book's frame.

Each check yields `Issue`s at local hexes; `mapkit.rules.c3g` moves them onto the map (or leaves
them local for `mapkit validate BOOK`). Rule documentation: `mapkit/data/rules/c3g.json`.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Iterator, NamedTuple

from mapkit.books.model import Book, Mark
from mapkit.geometry.hexes import hexagons
from mapkit.geometry.classify import CLASSES
from mapkit.books.overlay import Overlay
from mapkit.model.grid import HEX_PITCH_MM

PASSABLE = ("full", "half")


class Issue(NamedTuple):
    code: str
    message: str
    q: int
    r: int
    floor: int | None  # None = outside, on the ground


def _judged(ov: Overlay, cls: str) -> str:
    """What follows 'on a' in a message; a Partial verdict says when it rests on the assumed marker size."""
    if cls == "partial" and ov.params.marker_source == "assumed":
        return f"partial hex (judged with the assumed {ov.params.marker_diameter:g} mm wound marker)"
    return f"{cls} hex" if cls in CLASSES else "hex outside the footprint"


def _cells_meeting(hexes: list[tuple[int, int]], line: Any) -> set[tuple[int, int]]:
    """The hexes among `hexes` whose grid cell meets `line` (vectorised)."""
    import shapely

    if not hexes:
        return set()
    cells = hexagons([h[0] for h in hexes], [h[1] for h in hexes], HEX_PITCH_MM)
    hit = shapely.intersects(line, cells)
    return {h for h, yes in zip(hexes, hit) if yes}


def _open_side_hexes(book: Book, sides: tuple[int, ...], hexes: list[tuple[int, int]]) -> set[tuple[int, int]]:
    import shapely

    segments = book.side_segments(sides)
    if not segments:
        return set()
    band = shapely.buffer(shapely.MultiLineString(segments), book.wall_thickness + 0.5)
    return _cells_meeting(hexes, band)


def windows(book: Book, ov: Overlay) -> Iterator[Issue]:
    """C101: windows only on Half hexes of an open side."""
    for f, fo in zip(book.floors, ov.floors):
        marks = f.marked("window")
        on_side = _open_side_hexes(book, f.open_sides, [(m.q, m.r) for m in marks])
        for m in marks:
            cls = fo.classes.get((m.q, m.r), "outside the footprint")
            if cls != "half":
                yield Issue("C101", f"window on a {_judged(ov, cls)}; windows go only on Half hexes", m.q, m.r, f.index)
            elif (m.q, m.r) not in on_side:
                yield Issue("C101", "window not on an open side of the structure", m.q, m.r, f.index)


def doorways(book: Book, ov: Overlay) -> Iterator[Issue]:
    """C102: doorways on the wall line, on hexes a figure can pass."""
    wall = book.footprint_polygon().boundary
    for f, fo in zip(book.floors, ov.floors):
        marks = f.marked("doorway")
        on_wall = _cells_meeting([(m.q, m.r) for m in marks], wall)
        for m in marks:
            cls = fo.classes.get((m.q, m.r), "outside the footprint")
            if (m.q, m.r) not in on_wall:
                yield Issue("C102", "doorway not on the structure's wall line", m.q, m.r, f.index)
            elif cls not in PASSABLE:
                yield Issue("C102", f"doorway on a {_judged(ov, cls)}, which no figure can pass", m.q, m.r, f.index)


def _transit_spaces(book: Book) -> list[tuple[Mark, int | None]]:
    out: list[tuple[Mark, int | None]] = [(m, None) for m in book.exits if m.number is not None]
    for f in book.floors:
        out += [(m, f.index) for m in f.marks if m.number is not None]
    return out


def transit_groups(book: Book, ov: Overlay) -> Iterator[Issue]:
    """C103: Transit Spaces come in groups of at least two with the same Transit Number."""
    by_number: dict[int, list[tuple[Mark, int | None]]] = defaultdict(list)
    for m, floor in _transit_spaces(book):
        by_number[m.number].append((m, floor))  # type: ignore[index]
    for number, spaces in sorted(by_number.items()):
        if len(spaces) < 2:
            m, floor = spaces[0]
            yield Issue("C103", f"the only Transit Space with Transit Number {number}: a figure has nowhere to go",
                        m.q, m.r, floor)
    for m in book.exits:
        if m.number is None:
            yield Issue("C103", "exit without a Transit Number (give the Book a transit_number)", m.q, m.r, None)


def transit_classes(book: Book, ov: Overlay) -> Iterator[Issue]:
    """C104: Transit Spaces are never on Partial (or covered) hexes."""
    floors = {fo.index: fo.classes for fo in ov.floors}
    for m, floor in _transit_spaces(book):
        classes = ov.exterior if floor is None else floors.get(floor, {})
        cls = classes.get((m.q, m.r), "full" if floor is None else "outside the footprint")
        if cls not in PASSABLE:
            yield Issue("C104", f"{m.kind} (Transit Number {m.number}) on a {_judged(ov, cls)}, which figures cannot enter",
                        m.q, m.r, floor)


def stairways(book: Book, ov: Overlay) -> Iterator[Issue]:
    """C105: a Stairway Up on floor k pairs with a Stairway Down on floor k + 1 with the same number."""
    floors = book.floors
    for k, f in enumerate(floors):
        above = {m.number for m in floors[k + 1].marked("stairway-down")} if k + 1 < len(floors) else set()
        below = {m.number for m in floors[k - 1].marked("stairway-up")} if k > 0 else set()
        for m in f.marked("stairway-up"):
            if m.number not in above:
                yield Issue("C105", f"Stairway Up {m.number} has no Stairway Down {m.number} on the floor above",
                            m.q, m.r, k)
        for m in f.marked("stairway-down"):
            if m.number not in below:
                yield Issue("C105", f"Stairway Down {m.number} has no Stairway Up {m.number} on the floor below",
                            m.q, m.r, k)


def elevator_shafts(book: Book, ov: Overlay) -> Iterator[Issue]:
    """C106: shaft spaces at the same hex on consecutive floors; C107: nothing else marked there."""
    floors_of: dict[tuple[int, int], list[int]] = defaultdict(list)
    for f in book.floors:
        for m in f.marked("elevator-shaft"):
            floors_of[(m.q, m.r)].append(f.index)
    for (q, r), idx in sorted(floors_of.items()):
        idx = sorted(set(idx))
        if len(idx) < 2:
            yield Issue("C106", "an Elevator Shaft space on one floor only: a shaft joins consecutive floors",
                        q, r, idx[0])
        for a, b in zip(idx, idx[1:]):
            if b != a + 1:
                yield Issue("C106", f"Elevator Shaft broken between floors {a + 1} and {b + 1}", q, r, b)
    floor_classes = {fo.index: fo.classes for fo in ov.floors}
    for f in book.floors:
        shafts = {(m.q, m.r) for m in f.marked("elevator-shaft")}
        for m in f.marks:
            if m.kind != "elevator-shaft" and (m.q, m.r) in shafts:
                yield Issue("C107", f"{m.kind} on an Elevator Shaft space: only an Elevator Car may be there",
                            m.q, m.r, f.index)
        for q, r in sorted(shafts):
            cls = floor_classes.get(f.index, {}).get((q, r), "outside the footprint")
            if cls not in PASSABLE:
                yield Issue("C107", f"Elevator Shaft space on a {_judged(ov, cls)}: an Elevator Car cannot stand there",
                            q, r, f.index)


def marks_inside(book: Book, ov: Overlay) -> Iterator[Issue]:
    """C108: every marked floor space lies on that floor; exits lie outside the walls."""
    floor_classes = {fo.index: fo.classes for fo in ov.floors}
    for f in book.floors:
        classes = floor_classes.get(f.index, {})
        for m in f.marks:
            if book.kind != "interior-access":
                yield Issue("C108", f"{m.kind} marked on a floor of a {book.kind} Book, which has no interior play",
                            m.q, m.r, f.index)
            elif (m.q, m.r) not in classes:
                yield Issue("C108", f"{m.kind} outside the structure's footprint", m.q, m.r, f.index)
    for m in book.exits:
        if ov.exterior.get((m.q, m.r)) == "covered":
            yield Issue("C108", "exit space under the structure's walls", m.q, m.r, None)


BOOK_CHECKS = {
    "C101": windows, "C102": doorways, "C103": transit_groups, "C104": transit_classes,
    "C105": stairways, "C106": elevator_shafts, "C107": elevator_shafts, "C108": marks_inside,
}


def book_issues(book: Book, ov: Overlay, code: str) -> list[Issue]:
    """The issues of one rule code (elevator checks share a pass and are split by code)."""
    return [i for i in BOOK_CHECKS[code](book, ov) if i.code == code]
