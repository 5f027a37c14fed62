"""The Level pages of the build instructions: one page per Level (or N Levels per page), as map
posts on heroscapers.com carry them (landscape.md §2.2, §11).

Each Level shows the pieces placed on it, outlined one by one and labelled with their size (24,
7, 3 ...), over the lower Levels drawn faded (the pictures' top view of that Level: the same
scene the PNG and SVG paint); beside it the Level's parts, then its start zones and glyphs and its
figures apart (they are set out on the built terrain, not laid); column letters and row numbers
around the map so a builder can find a hex. A Level's lists are never cut: they take more columns
beside the map, and what still does not fit goes on a page of its own right after.

Everything here composes pages (`scene.page`); nothing is painted.
"""

from __future__ import annotations

from typing import Any, Sequence

from mapkit.model.catalog import catalog
from mapkit.model.grid import HEX_PITCH_MM, hex_center_mm
from mapkit.model.map import Map
from mapkit.outputs.scene.board import edges
from mapkit.outputs.scene.page import Row, Writer, columns, page, row_height, set_rows
from mapkit.outputs.scene.parts import sections
from mapkit.outputs.scene.plates import plates
from mapkit.outputs.scene.shapes import Group, Poly, Scene, Text
from mapkit.outputs.scene.steps import RIM_REACH
from mapkit.outputs.scene.text import POINT, Measure
from mapkit.outputs.sheets.frame import (
    BOOK_RGB,
    LABEL_PAD,
    PAGE_HEADER,
    PAGE_MARGIN,
    BuildOptions,
    Footprint,
    MapFrame,
    footprint_page,
    group_label,
    hex_of,
    levels_label,
    panel_box,
    panel_scale,
    stacked_edges,
)
from mapkit.outputs.sheets.legend import PageLegend
from mapkit.records import Record, field

MARKER_KINDS = ("marker",)
#: At most this many columns of parts beside a Level's map, each only while the map keeps `KEEP`
#: of the size it has beside one column; the rest of a long list goes on the next page.
MOST_COLUMNS = 3
KEEP = 0.97
#: A list a little too long for its columns is set this much smaller before it runs on.
TIGHT = 0.86


class Build(Record):
    """What every page of one map's build sheets shares."""

    m: Map
    options: BuildOptions
    levels: dict[int, list[int]]
    frame: MapFrame
    width: float
    height: float
    measure: Measure
    #: Each Level panel's label layout, as placed: (the Levels it shows, `labels.Layout`).
    layouts: list[tuple[tuple[int, ...], Any]] = field(default_factory=list)


class Header(Record):
    """A page's title band, written once the number of pages is known."""

    page: Scene
    title: str
    right: str


def level_pages(b: Build, chunk: Sequence[tuple[int, ...]]) -> tuple[Scene, list[Scene], Header]:
    """A sheet of Level panels, one per group of Levels (`frame.sheet_groups`), the pages that
    carry on the lists that did not fit beside them, and its header (written later)."""
    m, margin = b.m, PAGE_MARGIN
    width = b.width - 2 * margin
    sheet = page(b.width, b.height, m.name or "")
    w = Writer(sheet.root, b.measure)
    shown = [i for group in chunk for lv in group for i in b.levels[lv]]
    here = [f for f in b.options.footprints if footprint_page(f.level) in {group[0] for group in chunk}]
    legend = PageLegend(m, shown, _c3g_entries(m, [lv for group in chunk for lv in group]),
                        stacked=any(len(group) > 1 for group in chunk) and stacked_edges(m), books=bool(here))
    legend_h = legend.height(w, width)
    panel_h = (b.height - 2 * margin - PAGE_HEADER - legend_h) / len(chunk)
    more: list[Scene] = []
    for i, group in enumerate(chunk):
        top = margin + PAGE_HEADER + i * panel_h
        overflow = _panel(b, w, group, margin, top, width, panel_h)
        if overflow:
            more += continued(b, f"{group_label(group)}: parts (continued)", overflow)
    legend.compose(w, margin, b.height - margin - legend_h, width)
    title = ", ".join(group_label(group) for group in chunk)
    return sheet, more, Header(sheet, f"{m.name or 'Untitled map'}: build instructions", title)


def write_header(b: Build, header: Header, number: int, total: int) -> None:
    """The title band of a page: the map's name and what the page is on the left, its number on
    the right."""
    w = Writer(header.page.root, b.measure)
    right = f"{header.right} \u00b7 sheet {number} of {total}" if header.right else f"sheet {number} of {total}"
    y = PAGE_MARGIN + 5
    w.text(b.width - PAGE_MARGIN, y, right, 8, anchor="end")
    room = b.width - 2 * PAGE_MARGIN - w.width(right, 8) - 4
    w.text(PAGE_MARGIN, y, w.fit(header.title, 12, room, bold=True), 12, bold=True)


def continued(b: Build, title: str, cols: list[list[Row]], column: float | None = None) -> list[Scene]:
    """Pages carrying on a list: its columns set across the page, about `column` mm wide (the
    width its words were wrapped to: `COLUMN_MM` by default), as many pages as they take."""
    from mapkit.outputs.scene.page import COLUMN_MM

    width = b.width - 2 * PAGE_MARGIN
    per_page = max(1, int(width // (column or COLUMN_MM)))
    col_w = width / per_page
    out = []
    for start in range(0, len(cols), per_page):
        sheet = page(b.width, b.height, title)
        w = Writer(sheet.root, b.measure)
        w.text(PAGE_MARGIN, PAGE_MARGIN + 5, w.fit(f"{b.m.name or 'Untitled map'}: {title}", 12, width, bold=True), 12,
               bold=True)
        for n, col in enumerate(cols[start:start + per_page]):
            set_rows(w, col, PAGE_MARGIN + n * col_w, PAGE_MARGIN + PAGE_HEADER + 3, col_w - 4)
        out.append(sheet)
    return out


def _c3g_entries(m: Map, levels: Sequence[int]) -> list[Any]:
    """The legend lines of what the C3G layer draws on these Levels (classes, marks, objects)."""
    from mapkit.outputs.scene import c3g

    if not c3g.has_c3g(m):
        return []
    out: list[Any] = []
    for level in levels:
        for entry in c3g.c3g_layer(m, HEX_PITCH_MM, level).legend:
            if entry not in out:
                out.append(entry)
    return out


def parts_rows(m: Map, indices: list[int], title: str, where: str) -> list[Row]:
    """Lists of some pieces under `title`: their parts, then their start zones and glyphs, then
    their figures, each heading saying `where` they are ("on Level 2")."""
    parts, markers, figures = sections(m, indices)
    rows = [Row("head", title)]
    rows += [Row("row", text, str(n)) for text, n in parts]
    if not (parts or markers or figures):
        rows.append(Row("text", "nothing"))
    if markers:
        rows += [Row("gap"), Row("head", f"Start zones and glyphs {where}")]
        rows += [Row("row", text, str(n)) for text, n in markers]
    if figures:
        rows += [Row("gap"), Row("head", f"Figures {where}")]
        rows += [Row("row", text, str(n)) for text, n in figures]
    return rows


def _panel(b: Build, w: Writer, group: tuple[int, ...], left: float, top: float, width: float,
           height: float) -> list[list[Row]]:
    """One Level (with the few pieces of the Levels above it that `group` adds): the map on the
    left, its lists on the right in as many columns as they take (up to `MOST_COLUMNS`); returns
    the columns that did not fit."""
    from mapkit.outputs.scene.views import RenderOptions, top_view

    m, frame = b.m, b.frame
    level, above = group[0], group[1:]
    rows = parts_rows(m, b.levels[level], f"Parts for {levels_label(level)}", f"on {levels_label(level)}")
    for lv in above:                                  # what this sheet places on the Levels above
        rows += [Row("gap")] + parts_rows(m, b.levels[lv], f"Then on {levels_label(lv)}", f"on {levels_label(lv)}")
    room = height - 8
    cols = 1
    for n in range(2, MOST_COLUMNS + 1):   # more columns beside the map while it keeps most of its size
        if len(columns(rows, room)) >= n and panel_scale(frame, width, height, n) >= KEEP * panel_scale(frame, width,
                                                                                                        height):
            cols = n
    list_w, map_w, _ = panel_box(width, height, cols)
    scale = panel_scale(frame, width, height, cols)
    draw_w, draw_h = frame.width * scale, frame.height * scale
    ox = left + LABEL_PAD + (map_w - 2 * LABEL_PAD - draw_w) / 2
    oy = top + 6 + LABEL_PAD + (height - 2 * LABEL_PAD - 6 - draw_h) / 2
    w.text(left, top + 4, group_label(group), 10, bold=True)
    scene, _, _ = top_view(m, RenderOptions(view="levels", level=level, pitch=HEX_PITCH_MM), level, above)
    drawing = Group("map", items=[scene], offset=(ox - frame.x0 * scale, oy - frame.y0 * scale), scale=scale)
    here = [f for f in b.options.footprints if footprint_page(f.level) == level]
    for fp in here:
        _footprint(drawing, fp, scale)
    words = hex_words(m, frame, scale, b.levels[level]) if b.options.hex_names else []
    drawing.items.extend(words)
    layout = panel_labels(m, frame, b.levels, group, scale, words, here)
    b.layouts.append((tuple(group), layout))
    drawing.add(plates(layout, scale))              # last: nothing drawn covers a number or a name
    drawing.add(edges(frame.lettering, frame.box, coordinate_size(scale) * POINT / scale,
                      gap=2 * POINT / scale + RIM_REACH * HEX_PITCH_MM))       # clear of the rim's line
    w.group.add(drawing)
    crowded = [want for want in layout.listed if want.kind != "book"]
    if crowded:
        rows += [Row("gap"), Row("head", "Pieces on crowded hexes")]
        rows += [Row("text", f"{frame.name(*want.cells[0])}: {want.text}")
                 for want in sorted(crowded, key=lambda wt: (wt.cells[0][1], wt.cells[0][0]))]
    if here:
        unnamed = {-1 - want.piece for want in layout.listed if want.kind == "book"}
        rows += [Row("gap"), Row("head", "C3G buildings and objects")]
        for n, fp in enumerate(here):
            text = f"{fp.label}: {fp.name}" if fp.label else fp.name
            if n in unnamed:            # crowded: its name found no room on the map, so its hex is named
                text += f" ({hex_of(frame, fp.points)}, no room for its name)"
            rows += [Row("text", line) for line in w.wrap(text, 7.5, list_w / cols - 3)]
    k = 1.0
    laid = columns(rows, room)
    if len(laid) > cols and len(columns(rows, room, k=TIGHT)) <= cols:
        k, laid = TIGHT, columns(rows, room, k=TIGHT)       # a list a little too long: set tighter
    if len(laid) > cols:                       # the rest on the next page, and this column says so
        laid = columns(rows, room - row_height(Row("text")) - row_height(Row("gap")))
        laid[cols - 1] = laid[cols - 1] + [Row("gap"), Row("text", "continued on the next page")]
    col_w = list_w / cols
    for n, col in enumerate(laid[:cols]):
        set_rows(w, col, left + width - list_w + n * col_w, top + 4, col_w - 3, k)
    return laid[cols:]


def coordinate_size(scale: float) -> float:
    """The size (points) of the letters and numbers around a map drawn at `scale`."""
    return max(3.5, min(7.0, HEX_PITCH_MM * scale / POINT * 0.3))


def panel_labels(m: Map, frame: MapFrame, levels: dict[int, list[int]], group: Sequence[int], scale: float,
                 words: Sequence[Any] = (), books: Sequence[Footprint] = ()) -> Any:
    """The label layout of one Level panel (`labels.layout_labels`): the plates of every piece
    the panel places and the names of the C3G Books it places (`books`), off the symbols of
    those pieces, off the marks of the Books on its Level (Door, Win, T4 ...: `labels.c3g_marks`)
    and off the other `words` printed on the map (scene text), inside the map's frame."""
    from mapkit.outputs.scene import c3g
    from mapkit.outputs.sheets.labels import c3g_marks, layout_labels, shapes_of

    pt_per_mm = scale / POINT
    pieces = [i for lv in group for i in levels[lv]]
    marks = c3g_marks(c3g.c3g_layer(m, HEX_PITCH_MM, group[0]).groups) if c3g.has_c3g(m) else []
    return layout_labels(m, pieces, pieces, pt_per_mm, (frame.x0, frame.y0, frame.x1, frame.y1),
                         shapes_of(list(marks) + list(words), pt_per_mm), books, group[0])


def hex_words(m: Map, frame: MapFrame, scale: float, indices: list[int]) -> list[Text]:
    """The name of every hex the Level's pieces cover (C7), small, under the hex centre (table mm)."""
    size = max(3.0, min(6.0, HEX_PITCH_MM * scale / POINT * 0.2)) * POINT / scale
    cat = catalog()
    cells = {h for i in indices if cat[m.pieces[i].type].kind not in MARKER_KINDS for h in m.footprint(m.pieces[i])}
    out = []
    for q, r in sorted(cells, key=lambda h: (h[1], h[0])):
        x, y = hex_center_mm(q, r)
        out.append(Text(x, y + HEX_PITCH_MM * 0.36, frame.name(q, r), size, fill=(26, 26, 26)))
    return out


def _footprint(drawing: Group, fp: Footprint, scale: float) -> None:
    """A placed Book: its outline dashed in purple (its name on a plate: `labels.book_wants`)."""
    if len(fp.points) >= 3:
        drawing.add(Poly(list(fp.points), stroke=BOOK_RGB, width=1.6 * POINT / scale, dash=True))
