"""Build instructions of a map (`mapkit print MAP`): a Level (or several) per page, its parts, a cover.

`render_build` lays the pages out: `levels` draws the Level pages (the renderer's top view of
each Level, with what a builder counts), `pages` the cover, the parts list and the scenarios.
The Books a map places are those it carries (`Map.books`, found beside its file when it was
read); one that cannot be read is left out of the build sheets with a warning (through `warn`),
never stopping them.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any, Callable

from mapkit.errors import OptionError
from mapkit.model.map import Map
from mapkit.outputs import Drawn
from mapkit.outputs.sheets.pages import _cover_page, _scenario_page, _totals_pages
from mapkit.outputs.sheets.levels import (
    BuildOptions,
    Footprint,
    _Legend,
    _level_page,
    _map_scale,
    _MapFrame,
    build_levels,
    sheet_groups,
)
from mapkit.outputs.paint.pdf import PT_PER_MM, new_canvas, paper_mm

__all__ = ["draw", "build_sheets", "render_build", "placed_footprints", "BuildOptions", "Footprint", "build_levels",
           "sheet_groups", "label_layouts"]

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
    buf = io.BytesIO()
    pages = render_build(m, buf, BuildOptions(paper, levels_per_page, hex_names, footprints, cover))
    return buf.getvalue(), pages


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
    """Write the build instructions to `target`; returns the number of pages.

    A map that sets up several scenarios is built once: the level pages and the parts list are
    those of the terrain the scenarios share, then a page per scenario places its own pieces
    and start zones on the finished terrain, with its parts and its text."""
    whole = m
    several = m.several_scenarios()
    if several:
        m = m.terrain()
    levels = build_levels(m)
    per_page = max(1, options.levels_per_page)
    frame, legend, w_mm, h_mm = _page_shape(m, whole, options)
    c = new_canvas(target, options.paper, title=f"{m.name or 'Map'}: build instructions", author=m.author or "mapkit")
    c.setPageSize((w_mm * PT_PER_MM, h_mm * PT_PER_MM))
    groups = sheet_groups(m, levels)
    order = list(groups)
    level_sheets = -(-len(order) // per_page)
    first_sheet = 2 if options.cover else 1
    parts_page = first_sheet + level_sheets         # where the parts list starts: cross-references say so
    scenarios = whole.scenarios() if several else []
    # the sheets after the Levels, counted before a Level page says "sheet N of M": the parts list
    # takes as many pages as its lines need (laid out once on a scratch canvas), then the scenarios
    scratch = new_canvas(io.BytesIO(), options.paper)
    scratch.setPageSize((w_mm * PT_PER_MM, h_mm * PT_PER_MM))
    page_of = {lv: first_sheet + n // per_page for n, first in enumerate(order) for lv in groups[first]}
    after = _totals_pages(scratch, m, levels, w_mm, h_mm, options.footprints, page_of, scenarios) + len(scenarios)
    pages = 0
    if options.cover:
        _cover_page(c, m, w_mm, h_mm, len(order))
        c.showPage()
        c.setPageSize((w_mm * PT_PER_MM, h_mm * PT_PER_MM))
        pages += 1
    total = parts_page - 1 + after                  # cover, Level sheets, parts list, scenarios
    for n, start in enumerate(range(0, len(order), per_page)):
        chunk = [groups[lv] for lv in order[start:start + per_page]]
        _level_page(c, m, frame, levels, chunk, order, w_mm, h_mm, options, legend, parts_page,
                    (first_sheet + n, total))
        c.showPage()
        c.setPageSize((w_mm * PT_PER_MM, h_mm * PT_PER_MM))
        pages += 1
    pages += _totals_pages(c, m, levels, w_mm, h_mm, options.footprints, page_of, scenarios)
    for number in scenarios:
        c.setPageSize((w_mm * PT_PER_MM, h_mm * PT_PER_MM))
        _scenario_page(c, whole, number, frame, w_mm, h_mm, options)
        c.showPage()
        pages += 1
    c.save()
    return pages


def _page_shape(m: Map, whole: Map, options: BuildOptions) -> tuple[_MapFrame, _Legend, float, float]:
    """The map's frame, the legend, and the page's width and height (mm) in the orientation that
    draws the map bigger (`m`: the terrain the Level sheets build, `whole`: the map)."""
    per_page = max(1, options.levels_per_page)
    frame = _MapFrame(whole, options.footprints)
    w_mm, h_mm = paper_mm(options.paper)
    legend = _Legend(m, options)
    if _map_scale(frame, h_mm, w_mm, per_page, legend) > _map_scale(frame, w_mm, h_mm, per_page, legend) * 1.02:
        w_mm, h_mm = h_mm, w_mm
    return frame, legend, w_mm, h_mm


def label_layouts(m: Map, options: BuildOptions = BuildOptions()) -> list[tuple[tuple[int, ...], Any]]:
    """Each Level panel's label layout (`labels.Layout`) as `render_build` places it, with the
    Levels the panel shows: the geometry of the sheets' plates, measured without drawing a page."""
    from mapkit.outputs.paint.pdf import Sheet
    from mapkit.outputs.sheets.levels import (
        PAGE_MARGIN,
        _hex_words,
        footprint_page,
        panel_height,
        panel_labels,
        panel_scale,
    )

    whole = m
    if m.several_scenarios():
        m = m.terrain()
    levels = build_levels(m)
    frame, legend, w_mm, h_mm = _page_shape(m, whole, options)
    groups = sheet_groups(m, levels)
    order = list(groups)
    per_page = max(1, options.levels_per_page)
    width = w_mm - 2 * PAGE_MARGIN
    out = []
    for start in range(0, len(order), per_page):
        chunk = [groups[lv] for lv in order[start:start + per_page]]
        scale = panel_scale(frame, width, panel_height(h_mm, legend.height(width), len(chunk)))
        sheet = Sheet(frame.x0, frame.y0, 0.0, 0.0, scale)
        for group in chunk:
            here = [f for f in options.footprints if footprint_page(f.level) == group[0]]
            words = _hex_words(m, frame, sheet, levels[group[0]], options)
            out.append((group, panel_labels(m, frame, levels, group, sheet.length(1.0), words, here)))
    return out
