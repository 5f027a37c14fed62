"""Build instructions of a map (`mapkit print MAP`): a Level (or several) per page, its parts, a cover.

The sheets are composed as pages (`scene.page`) and painted once by the PDF painter
(`paint.pdf.paint`): `levels` composes the Level pages (the pictures' top view of each Level,
with what a builder counts), `pages` the cover, the parts list and the scenarios. The Books a map
places are those it carries (`Map.books`, found beside its file when it was read); one that
cannot be read is left out of the build sheets with a warning (through `warn`), never stopping
them.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable

from mapkit.errors import OptionError
from mapkit.model.map import Map
from mapkit.outputs import Drawn
from mapkit.outputs.scene.page import paper_mm
from mapkit.outputs.scene.shapes import Scene
from mapkit.outputs.sheets.frame import (
    PAGE_HEADER,
    PAGE_MARGIN,
    BuildOptions,
    Footprint,
    MapFrame,
    build_levels,
    panel_scale,
    sheet_groups,
)
from mapkit.outputs.sheets.levels import Build, Header, level_pages, write_header

__all__ = ["draw", "build_sheets", "render_build", "compose", "placed_footprints", "BuildOptions", "Footprint",
           "build_levels", "sheet_groups", "label_layouts"]

Warn = Callable[[str], None]


def _stderr(message: str) -> None:
    sys.stderr.write(f"mapkit: {message}\n")


def draw(m: Map, **options: Any) -> Drawn:
    """The output registry's `build-pdf`: the PDF and its page count (options as `build_sheets`)."""
    data, pages = build_sheets(m, **options)
    return Drawn(data, pages)


def build_sheets(m: Map, source: str | None = None, paper: str = "letter", levels_per_page: int = 1,
                 hex_names: bool = False, cover: bool = False, warn: Warn = _stderr) -> tuple[bytes, int]:
    """Build instructions, a level (or `levels_per_page`) per page; the map's own name or the
    stem of its file (`source`, as messages name it) titles them (the map itself is not changed)."""
    from mapkit.records import replace

    if levels_per_page < 1:
        raise OptionError("levels per page must be 1 or more")
    if not m.pieces:
        raise OptionError(f"{source or m.name or 'the map'}: the map has no pieces to print")
    if not m.name and source:
        m = replace(m, name=Path(source).stem)
    footprints = placed_footprints(m, source, warn)
    pages = compose(m, BuildOptions(paper, levels_per_page, hex_names, footprints, cover))
    return _paint(m, pages), len(pages)


def _paint(m: Map, pages: list[Scene]) -> bytes:
    from mapkit.outputs.paint.pdf import paint

    return paint(pages, title=f"{m.name or 'Map'}: build instructions", author=m.author or "mapkit")


def placed_footprints(m: Map, source: str | None = None, warn: Warn = _stderr) -> tuple[Any, ...]:
    """Outlines of the C3G Books the map places, for the build sheets (`source` names the map in
    the warning for a Book that could not be read)."""
    from mapkit.books import placed_footprint
    from mapkit.books.placed import source_of

    placements = [(f"building {n}", p) for n, p in enumerate(m.buildings, 1)] + \
        [(f"object {n}", p) for n, p in enumerate(m.objects, 1)]
    out = []
    for label, placement in placements:
        found = source_of(m, placement.book)
        book = found.book
        if book is None:  # one bad Book must not stop the build sheets
            if placement.book in m.books:  # found unread as the map was read, and said then (`reader_warnings`)
                continue
            warn(f"{source + ': ' if source else ''}warning: {placement.book}: not drawn ({found.error})")
            continue
        poly = placed_footprint(book, placement.q, placement.r, placement.rotation)
        ring = getattr(poly, "exterior", None)
        if ring is None:  # a footprint made valid into several parts: draw its hull
            ring = poly.convex_hull.exterior
        out.append(Footprint(book.name, placement.level, tuple(ring.coords)[:-1], label))
    return tuple(out)


def render_build(m: Map, target: Any, options: BuildOptions = BuildOptions()) -> int:
    """Write the build instructions to `target` (a binary file or a path); returns the number of pages."""
    pages = compose(m, options)
    data = _paint(m, pages)
    if hasattr(target, "write"):
        target.write(data)
    else:
        Path(target).write_bytes(data)
    return len(pages)


def setting(m: Map, options: BuildOptions) -> Build:
    """What every page shares: the map's frame and Levels, and the page's shape, in the
    orientation that draws the map bigger (`m`: the terrain the Level sheets build)."""
    from mapkit.outputs.paint.pdf import measure

    whole = m
    if m.several_scenarios():
        m = m.terrain()
    levels = build_levels(m)
    frame = MapFrame(whole, options.footprints)
    w_mm, h_mm = paper_mm(options.paper)
    per_page = max(1, options.levels_per_page)

    def scale(w: float, h: float) -> float:
        width = w - 2 * PAGE_MARGIN
        return panel_scale(frame, width, (h - 2 * PAGE_MARGIN - PAGE_HEADER - 40.0) / per_page)

    if scale(h_mm, w_mm) > scale(w_mm, h_mm) * 1.02:
        w_mm, h_mm = h_mm, w_mm
    return Build(m, options, levels, frame, w_mm, h_mm, measure)


def compose(m: Map, options: BuildOptions = BuildOptions(), build: Build | None = None) -> list[Scene]:
    """The pages of the build instructions, composed and not yet painted.

    A map that sets up several scenarios is built once: the Level pages and the parts list are
    those of the terrain the scenarios share, then a page per scenario places its own pieces
    and start zones on the finished terrain, with its parts and its text."""
    from mapkit.outputs.sheets.pages import cover_page, parts_pages, scenario_pages

    whole = m
    b = build or setting(m, options)
    groups = sheet_groups(b.m, b.levels)
    order = list(groups)
    per_page = max(1, options.levels_per_page)
    pages: list[Scene] = [cover_page(b)] if options.cover else []
    headers: list[tuple[Header, int]] = []
    page_of: dict[int, int] = {}
    for start in range(0, len(order), per_page):
        chunk = [groups[lv] for lv in order[start:start + per_page]]
        sheet, more, header = level_pages(b, chunk)
        pages.append(sheet)
        headers.append((header, len(pages)))
        page_of.update({lv: len(pages) for group in chunk for lv in group})
        pages += more
    scenarios = whole.scenarios() if whole.several_scenarios() else []
    pages += parts_pages(b, page_of, scenarios)
    for number in scenarios:
        pages += scenario_pages(b, whole, number)
    for header, number in headers:
        write_header(b, header, number, len(pages))
    return pages


def label_layouts(m: Map, options: BuildOptions = BuildOptions(), scenarios: bool = False
                  ) -> list[tuple[tuple[int, ...], Any]]:
    """Each Level panel's label layout (`labels.Layout`) as the sheets place it, with the Levels
    the panel shows: the geometry of the sheets' plates, from the pages as composed (nothing
    painted). With `scenarios`, each scenario page's too, as (-its number,)."""
    b = setting(m, options)
    compose(m, options, b)
    return [(group, layout) for group, layout in b.layouts if scenarios or group[0] >= 0]
