"""A Book's overlay: the class of every hex its footprint touches, outside and on each floor.

The geometry (`mapkit.geometry`) works on shapes and hexes; this module hands it a Book's
footprint and floors and keeps the Book's marked spaces with the result.

Computed once in the Book's own frame (`classify`), then moved onto a map (`place`): the hex
lattice is symmetric under 60° turns about a hex centre, so every copy shares one computation.
Buildings that share hexes on a map are overlaid together (`ground_overlay`).
"""

from __future__ import annotations

from typing import Any, Iterable

from mapkit.books.model import Book, Mark
from mapkit.geometry.hexes import touched_hexes
from mapkit.geometry.params import OverlayParams
from mapkit.geometry.placing import Hex, classify_area, ground_classes, move_hex, placed_polygon
from mapkit.model.grid import HEX_PITCH_MM
from mapkit.records import Record, field


class FloorOverlay(Record):
    """One floor: its index, its level above the building's base, and the class of each hex."""

    index: int
    offset: int
    classes: dict[Hex, str]
    marks: list[Mark] = field(default_factory=list)


class Overlay(Record):
    """A Book classified in its own frame."""

    book: Book
    params: OverlayParams
    exterior: dict[Hex, str]
    floors: list[FloorOverlay]

    def to_json(self) -> dict[str, Any]:
        """The `mapkit overlay --json` document."""
        return {
            "book": self.book.name,
            "kind": self.book.kind,
            "illustrative": self.book.illustrative,
            "parameters": self.params.describe(),
            "exterior": _cells_json(self.exterior),
            "exits": [_mark_json(m) for m in self.book.exits],
            "floors": [
                {"floor": f.index + 1, "level_offset": f.offset, "hexes": _cells_json(f.classes),
                 "marks": [_mark_json(m) for m in f.marks]}
                for f in self.floors
            ],
        }


class PlacedOverlay(Record):
    """An overlay moved onto a map: map hexes, absolute levels."""

    book: Book
    q: int
    r: int
    level: int
    rotation: int
    exterior: dict[Hex, str]
    floors: list[FloorOverlay]
    exits: list[Mark]

    def floor_level(self, floor: FloorOverlay) -> int:
        return self.level + floor.offset

    def cells(self) -> dict[tuple[int, int, int], str]:
        """(q, r, level) -> class, exterior at the base level, each floor at its own level."""
        out = {(q, r, self.level): c for (q, r), c in self.exterior.items()}
        for f in self.floors:
            out.update({(q, r, self.level + f.offset): c for (q, r), c in f.classes.items()})
        return out


def _cells_json(classes: dict[Hex, str]) -> list[dict[str, Any]]:
    return [{"q": q, "r": r, "class": c} for (q, r), c in sorted(classes.items(), key=lambda kv: (kv[0][1], kv[0][0]))]


def _mark_json(m: Mark) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": m.kind, "q": m.q, "r": m.r}
    if m.number is not None:
        out["number"] = m.number
    return out


def classify(book: Book, params: OverlayParams | None = None) -> Overlay:
    """Classify a Book: outside on the ground (every Book) and inside each floor (interior access)."""
    params = params or OverlayParams()
    footprint = book.footprint_polygon()
    touched = touched_hexes(footprint, HEX_PITCH_MM)
    exterior = classify_area(footprint, False, params, touched)
    floors = []
    if book.kind == "interior-access":
        for floor in book.floors:
            classes = classify_area(book.interior_polygon(floor), True, params, touched)
            floors.append(FloorOverlay(floor.index, floor.base_offset, classes, list(floor.marks)))
    return Overlay(book, params, exterior, floors)


# -- placing on a map -------------------------------------------------------------------------

def _move_mark(m: Mark, origin: Hex, rotation: int) -> Mark:
    q, r = move_hex(m.q, m.r, origin, rotation)
    return Mark(m.kind, q, r, m.number)


def place(overlay: Overlay, q: int, r: int, level: int = 0, rotation: int = 0) -> PlacedOverlay:
    """Move an overlay (classes and marked spaces) to origin hex (q, r), `level`, k × 60° clockwise."""
    origin = (q, r)
    k = int(rotation) % 6

    def move(classes: dict[Hex, str]) -> dict[Hex, str]:
        return {move_hex(a, b, origin, k): c for (a, b), c in classes.items()}

    floors = [FloorOverlay(f.index, f.offset, move(f.classes), [_move_mark(m, origin, k) for m in f.marks])
              for f in overlay.floors]
    exits = [_move_mark(m, origin, k) for m in overlay.book.exits]
    return PlacedOverlay(overlay.book, q, r, level, k, move(overlay.exterior), floors, exits)


def placed_footprint(book: Book, q: int, r: int, rotation: int) -> Any:
    """The footprint polygon in map millimetres."""
    return placed_polygon(book.footprint, q, r, rotation)


def ground_overlay(placed: Iterable[tuple[Book, int, int, int, int]], params: OverlayParams | None = None
                   ) -> dict[int, dict[Hex, str]]:
    """Outside classes per level for Books placed as (book, q, r, level, rotation), overlaid together.

    Footprints standing on the same level are united first, so a thin strip left between two
    buildings is judged by what both leave open.
    """
    by_level: dict[int, list[Any]] = {}
    for book, q, r, level, rotation in placed:
        by_level.setdefault(level, []).append(placed_footprint(book, q, r, rotation))
    return ground_classes(by_level, params)
