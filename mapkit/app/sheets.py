"""Printable sheets (`mapkit print`): build instructions of a map, 1:1 floor plans of Books, markers.

Each function returns the PDF as bytes and its page count. The Books a map places are found
next to the map file (`books.placed.resolve_book`); one that cannot be read is left out of
the build sheets with a warning (through `warn`), never stopping them.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any, Callable

from mapkit.errors import OptionError
from mapkit.model.map import Map

Warn = Callable[[str], None]


def _stderr(message: str) -> None:
    sys.stderr.write(f"mapkit: {message}\n")


def build_sheets(m: Map, map_file: str | None = None, paper: str = "letter", levels_per_page: int = 1,
                 hex_names: bool = False, cover: bool = False, warn: Warn = _stderr) -> tuple[bytes, int]:
    """Build instructions, a level (or `levels_per_page`) per page; the map's own name or the
    file's stem titles them (the map itself is not changed)."""
    from mapkit.records import replace

    from mapkit.drawing.pdf_build import BuildOptions, render_build

    if levels_per_page < 1:
        raise OptionError("levels per page must be 1 or more")
    if not m.pieces:
        raise OptionError(f"{map_file or m.name or 'the map'}: the map has no pieces to print")
    if not m.name and map_file:
        m = replace(m, name=Path(map_file).stem)
    footprints = placed_footprints(m, map_file, warn)
    buf = io.BytesIO()
    pages = render_build(m, buf, BuildOptions(paper, levels_per_page, hex_names, footprints, cover,
                                              map_file=map_file))
    return buf.getvalue(), pages


def plan_sheets(books: list[Any], paper: str = "letter", overlap: float = 12.0, params: Any = None,
                source: str | None = None) -> tuple[bytes, int]:
    """1:1 floor plans: one Book's, or (several Books, those a map places) one plan with each
    floor named after its Book; `source` names the map in the title."""
    from mapkit.drawing.pdf_plan import FloorPlan, PlanLayout, plan_from_book, render_plan

    plans = [plan_from_book(book, params) for book in books]
    if len(plans) == 1:
        merged = plans[0]
    else:
        floors = []
        for plan in plans:
            for floor in plan.floors:
                floor.name = f"{plan.title}, {floor.name}"
                floors.append(floor)
        merged = FloorPlan(f"C3G buildings of {Path(source or 'the map').name}", floors, plans[0].assumptions)
    buf = io.BytesIO()
    pages = render_plan(merged, buf, PlanLayout(paper=paper, overlap=overlap))
    return buf.getvalue(), pages


def marker_sheets(books: list[Any] = (), paper: str = "letter", params: Any = None) -> tuple[bytes, int]:  # type: ignore[assignment]
    """Cut-out doorway, window and transit markers at true size: those the Books mark, or a
    general sheet when there are none."""
    from mapkit.drawing.pdf_markers import book_tokens, default_tokens, render_markers

    title, tokens = "Markers", default_tokens()
    if books:
        tokens = [t for book in books for t in book_tokens(book, params)] or tokens
        title = "Markers: " + ", ".join(dict.fromkeys(getattr(b, "name", "") or "Book" for b in books))
    buf = io.BytesIO()
    pages = render_markers(tokens, buf, paper, title=title)
    return buf.getvalue(), pages


def load_books(path: str, is_book: bool, fmt: str | None = None) -> list[Any]:
    """The Book itself, or the Books of the buildings and objects placed on the map at `path`."""
    from mapkit.books import load_book
    from mapkit.books.placed import resolve_book

    if is_book:
        return [load_book(path)]
    from mapkit.formats import read_map

    m = read_map(path, fmt)
    placements = list(m.buildings) + list(m.objects)
    if not placements:
        raise OptionError(f"{path}: the map places no C3G buildings or objects")
    seen: dict[str, object] = {}
    for placement in placements:
        if placement.book not in seen:
            seen[placement.book] = load_book(resolve_book(placement.book, path))
    return list(seen.values())


def placed_footprints(m: Map, path: str | None, warn: Warn = _stderr) -> tuple[Any, ...]:
    """Outlines of the C3G Books the map places, for the build sheets."""
    from mapkit.books import load_book, placed_footprint
    from mapkit.books.placed import resolve_book
    from mapkit.drawing.pdf_build import Footprint

    placements = list(m.buildings) + list(m.objects)
    out = []
    for placement in placements:
        try:
            book = load_book(resolve_book(placement.book, path))
        except Exception as exc:  # noqa: BLE001 - one bad Book must not stop the build sheets
            warn(f"{path}: warning: {placement.book}: not drawn ({exc})")
            continue
        poly = placed_footprint(book, placement.q, placement.r, placement.rotation)
        ring = getattr(poly, "exterior", None)
        if ring is None:  # a footprint made valid into several parts: draw its hull
            ring = poly.convex_hull.exterior
        out.append(Footprint(book.name, placement.level, tuple(ring.coords)[:-1]))
    return tuple(out)
