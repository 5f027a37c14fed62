"""The Level pages of the build instructions: one page per level (or N levels per page), as map posts on
heroscapers.com carry them (landscape.md §2.2, §11).

Each level shows the pieces placed at that level, outlined one by one and labelled with
their size (24, 7, 3 ...), over the lower levels drawn faded; the parts list of the level
beside it; start zones and glyphs on the level they sit on; column letters and row numbers
around the map so a builder can find a hex. The last page lists the parts in total.

Coordinates (printed in every legend): columns are the odd-r offset columns VirtualScape
stores, lettered A, B, C ... from the westmost used column; rows are numbered 1, 2, 3 ...
from the northmost used row; odd rows are shifted half a hex east. A hex is named by its
column letter then its row number, e.g. C7.
"""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Any, Sequence

from mapkit.model.catalog import catalog
from mapkit.model.grid import (
    HEX_PITCH_MM,
    axial_to_offset,
    hex_center_mm,
    hex_corners_mm,
)
from mapkit.model.board import column_letters
from mapkit.model.map import Map
from mapkit.outputs.paint.pdf import (
    PT_PER_MM,
    Sheet,
    bold_font,
    fit_text,
    font,
    polygon_path,
    text_width,
    wrap_text,
)
from mapkit.outputs.scene.parts import parts_list
from mapkit.records import Record

MARKER_KINDS = ("marker",)
#: A placed Book's outline and the words on its name's plate.
BOOK_RGB = (0.45, 0.1, 0.6)
COORDINATE_NOTE = ("Coordinates, as VirtualScape's numbered print names hexes: columns A, B, C ... (then AA, AB) "
                   "are the odd-r offset columns from the westmost one used; rows 1, 2, 3 ... run north to south; "
                   "odd rows sit half a hex east. A hex is named column then row, e.g. C7.")


class BuildOptions(Record, frozen=True):
    paper: str = "letter"
    levels_per_page: int = 1
    #: Print each hex's coordinate name (C7) in the pieces of the level, as VirtualScape's numbered print.
    hex_names: bool = False
    #: C3G buildings and objects placed on the map, drawn on the level they stand on.
    footprints: tuple["Footprint", ...] = ()
    #: Start with a cover page: title, author and the renderer's isometric picture, as
    #: VirtualScape's printout starts.
    cover: bool = False


class Footprint(Record, frozen=True):
    """A placed Book's outline in map millimetres, the Level it stands on, its name, and how
    findings number it ("building 2", "object 1": its place in the map's list, from 1)."""

    name: str
    level: int
    points: tuple[tuple[float, float], ...]
    label: str = ""


def build_levels(m: Map) -> dict[int, list[int]]:
    """Build level -> indices of the pieces placed at that step, lowest level first.

    As a builder counts, and as the render views count (`mapkit.outputs.scene.layout.build_level`): a
    tile whose bottom is at z is level z + 1; what stands on a surface (obstacles, glyphs, start
    zones, figures, ladders, all stored one above the tile under them) belongs to that tile's
    level, laid once the level is built.
    """
    from mapkit.outputs.scene.layout import build_level

    cat = catalog()
    levels: dict[int, list[int]] = defaultdict(list)
    for i, piece in enumerate(m.pieces):
        levels[build_level(cat[piece.type], piece)].append(i)
    return dict(sorted(levels.items()))


def sheet_groups(m: Map, levels: dict[int, list[int]]) -> dict[int, tuple[int, ...]]:
    """The Levels each build sheet shows: a Level of its own, then the Levels above it that add
    only edge pieces (a castle's ladders, Level by Level up its walls; battlements) or a single
    piece that is no tile (a flag on a tower): those go on the sheet of the Level below them, the
    one they hang on or stand over, rather than on a sheet holding a 2 mm mark. The first Level
    always has its own sheet."""
    cat = catalog()
    groups: dict[int, tuple[int, ...]] = {}
    for level, indices in levels.items():
        kinds = [cat[m.pieces[i].type].kind for i in indices]
        small = all(k == "edge" for k in kinds) or (len(kinds) == 1 and kinds[0] not in ("land", "fluid", "custom"))
        if groups and small:
            last = list(groups)[-1]
            groups[last] += (level,)
        else:
            groups[level] = (level,)
    return groups


def group_label(group: Sequence[int]) -> str:
    """ "Level 3", or "Level 3 (with 5, 7, 9)" for a sheet that places pieces of Levels above."""
    first = levels_label(group[0])
    return first if len(group) == 1 else f"{first} (with {', '.join(str(lv) for lv in group[1:])})"


def footprint_page(level: int) -> int:
    """The build level a C3G placement is drawn with: like anything standing, the level under it."""
    return max(level, 1)


PAGE_MARGIN, PAGE_HEADER = 10.0, 12.0
LABEL_PAD = 6.0


def _panel_box(width: float, height: float) -> tuple[float, float, float]:
    """(parts-list width, map width, map height) of a level panel, in mm."""
    list_w = min(62.0, width * 0.32)
    return list_w, width - list_w - 4, height


def _map_scale(frame: "_MapFrame", w_mm: float, h_mm: float, per_page: int, legend: "_Legend") -> float:
    """Paper mm per model mm for the map drawing of one level panel on this page shape."""
    width = w_mm - 2 * PAGE_MARGIN
    return panel_scale(frame, width, panel_height(h_mm, legend.height(width), per_page))


def panel_height(h_mm: float, legend_h: float, panels: int) -> float:
    """The height (mm) of each of `panels` Level panels on a page `h_mm` tall."""
    return (h_mm - 2 * PAGE_MARGIN - PAGE_HEADER - legend_h) / panels


def panel_scale(frame: "_MapFrame", width: float, height: float) -> float:
    """Paper mm per model mm of the map drawing in a Level panel `width` x `height` mm."""
    _, map_w, map_h = _panel_box(width, height)
    return min((map_w - 2 * LABEL_PAD) / frame.width, (map_h - 2 * LABEL_PAD - 6) / frame.height, 1.0)


class _MapFrame:
    """The map's extent in model millimetres and its odd-r column/row range (shared by all pages)."""

    def __init__(self, m: Map, footprints: tuple[Footprint, ...] = ()):
        cells = {(q, r) for piece in m.pieces for q, r in m.footprint(piece)} or {(0, 0)}
        xs, ys = [], []
        for q, r in cells:
            for x, y in hex_corners_mm(q, r):
                xs.append(x)
                ys.append(y)
        for fp in footprints:
            xs.extend(x for x, _ in fp.points)
            ys.extend(y for _, y in fp.points)
        self.x0, self.y0, self.x1, self.y1 = min(xs), min(ys), max(xs), max(ys)
        offsets = [axial_to_offset(q, r) for q, r in cells]
        self.col0, self.col1 = min(o[0] for o in offsets), max(o[0] for o in offsets)
        self.row0, self.row1 = min(o[1] for o in offsets), max(o[1] for o in offsets)

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def name(self, q: int, r: int) -> str:
        col, row = axial_to_offset(q, r)
        return f"{column_letters(col - self.col0)}{row - self.row0 + 1}"


def _level_page(c: Any, m: Map, frame: _MapFrame, levels: dict[int, list[int]], chunk: list[tuple[int, ...]],
                order: list[int], w_mm: float, h_mm: float, options: BuildOptions, legend: "_Legend",
                parts_page: int, sheet: tuple[int, int]) -> None:
    """A sheet of level panels, one per group of Levels (`sheet_groups`); `sheet` is (its page
    number, the number of pages of the PDF)."""
    margin, header = PAGE_MARGIN, PAGE_HEADER
    width = w_mm - 2 * margin
    legend_h = legend.height(width)
    right = f"{', '.join(group_label(group) for group in chunk)} \u00b7 sheet {sheet[0]} of {sheet[1]}"
    c.setFillColorRGB(0, 0, 0)
    c.setFont(font(), 8)
    c.drawRightString((w_mm - margin) * PT_PER_MM, (h_mm - margin - 5) * PT_PER_MM, right)
    room = width * PT_PER_MM - text_width(right, font(), 8) - 12
    c.setFont(bold_font(), 12)
    tail = ": build instructions"
    title = fit_text(m.name or "Untitled map", bold_font(), 12, room - text_width(tail, bold_font(), 12)) + tail
    c.drawString(margin * PT_PER_MM, (h_mm - margin - 5) * PT_PER_MM, title)
    panel_h = panel_height(h_mm, legend_h, len(chunk))
    for i, group in enumerate(chunk):
        top = h_mm - margin - header - i * panel_h
        _level_panel(c, m, frame, levels, group, order, margin, top, width, panel_h, options, parts_page)
    legend.draw(c, margin, margin + legend_h, width)


def panel_labels(m: Map, frame: _MapFrame, levels: dict[int, list[int]], group: Sequence[int], pt_per_mm: float,
                 words: Sequence[Any] = (), books: Sequence[Footprint] = ()) -> Any:
    """The label layout of one Level panel (`labels.layout_labels`): the plates of every piece
    the panel places and the names of the C3G Books it places (`books`), off the symbols of
    those pieces, off the marks of the Books on its Level (Door, Win, T4 ...: `labels.c3g_marks`)
    and off the other `words` printed on the map (scene text), inside the map's frame."""
    from mapkit.outputs.scene import c3g
    from mapkit.outputs.sheets.labels import c3g_marks, layout_labels, shapes_of

    pieces = [i for lv in group for i in levels[lv]]
    marks = c3g_marks(c3g.c3g_layer(m, HEX_PITCH_MM, group[0]).groups) if c3g.has_c3g(m) else []
    return layout_labels(m, pieces, pieces, pt_per_mm, (frame.x0, frame.y0, frame.x1, frame.y1),
                         shapes_of(list(marks) + list(words), pt_per_mm), books, group[0])


def _hex_words(m: Map, frame: _MapFrame, sheet: Sheet, indices: list[int], options: BuildOptions) -> list[Any]:
    """What else a panel prints on the map: the hex names, if asked."""
    return _hex_name_words(m, frame, sheet, indices) if options.hex_names else []


def levels_label(level: int) -> str:
    from mapkit.model.levels import label

    return label(level)


def _level_panel(c: Any, m: Map, frame: _MapFrame, levels: dict[int, list[int]], group: tuple[int, ...],
                 order: list[int], left: float, top: float, width: float, height: float, options: BuildOptions,
                 parts_page: int) -> None:
    """One level (with the few pieces of the Levels above it that `group` adds): the map drawing
    on the left, its parts list on the right, Level by Level (all in mm).

    The drawing is the renderer's top view of this Level (`views.top_view`: its pieces over a
    faded copy of the Levels below), the scene the PNG and SVG pictures draw, walked onto the
    page; the sheet adds what a builder counts: hex counts, heights and coordinates.
    """
    from mapkit.outputs.paint.pdf import draw_group, draw_items
    from mapkit.outputs.scene.views import RenderOptions, top_view

    list_w, map_w, _ = _panel_box(width, height)
    label_pad = LABEL_PAD
    scale = panel_scale(frame, width, height)
    draw_w, draw_h = frame.width * scale, frame.height * scale
    ox = left + label_pad + (map_w - 2 * label_pad - draw_w) / 2
    oy = top - 6 - label_pad - (height - 2 * label_pad - 6 - draw_h) / 2
    sheet = Sheet(frame.x0, frame.y0, ox * PT_PER_MM, oy * PT_PER_MM, scale)
    c.setFont(bold_font(), 10)
    c.setFillColorRGB(0, 0, 0)
    level, above = group[0], group[1:]
    c.drawString(left * PT_PER_MM, (top - 4) * PT_PER_MM, group_label(group))
    scene, _, _ = top_view(m, RenderOptions(view="levels", level=level, pitch=HEX_PITCH_MM), level, above)
    draw_group(c, scene, sheet)
    here = [f for f in options.footprints if footprint_page(f.level) == level]
    for fp in here:
        _footprint(c, sheet, fp)
    words = _hex_words(m, frame, sheet, levels[level], options)
    draw_items(c, ((word, 0.0, 0.0) for word in words), sheet)
    layout = panel_labels(m, frame, levels, group, sheet.length(1.0), words, here)
    draw_plates(c, layout, sheet)                  # last: nothing drawn covers a number or a name
    _coordinates(c, frame, sheet)
    bottom_pt = (top - height + 2) * PT_PER_MM
    y = _parts_column(c, m, levels[level], (left + width - list_w) * PT_PER_MM, (top - 4) * PT_PER_MM,
                      f"Parts for {levels_label(level)}", bottom_pt=bottom_pt + 9 * (len(here) + 2 if here else 0),
                      more=f"see the parts list, page {parts_page}")
    for lv in above:                                # what this sheet places on the Levels above
        if y - 20 < bottom_pt:
            break
        y = _parts_column(c, m, levels[lv], (left + width - list_w) * PT_PER_MM, y - 6, f"Then on {levels_label(lv)}",
                          bottom_pt=bottom_pt, more=f"see the parts list, page {parts_page}")
    edges = [want for want in layout.listed if want.kind == "edge"]
    if edges:
        y = _crowded_edges(c, frame, edges, (left + width - list_w) * PT_PER_MM, y - 6, bottom_pt)
    if here:
        unnamed = {-1 - want.piece for want in layout.listed if want.kind == "book"}
        c.setFont(bold_font(), 7)
        c.drawString((left + width - list_w) * PT_PER_MM, y - 4, "C3G buildings and objects")
        c.setFont(font(), 7)
        for n, fp in enumerate(here):
            text = (f"{fp.label}: {fp.name}" if fp.label else fp.name)[:48]
            if n in unnamed:            # crowded: its name found no room on the map, so its hex is named
                text += f" ({_book_hex(frame, fp)}, no room for its name)"
            c.drawString((left + width - list_w + 6) * PT_PER_MM, y - 13 - 9 * n, text[:70])


def _book_hex(frame: _MapFrame, fp: Footprint) -> str:
    """The name of the hex at the middle of a placed Book's outline (C7)."""
    from mapkit.model.grid import mm_to_hex

    mx = sum(x for x, _ in fp.points) / len(fp.points)
    my = sum(y for _, y in fp.points) / len(fp.points)
    return frame.name(*mm_to_hex(mx, my))


def _crowded_edges(c: Any, frame: _MapFrame, listed: Sequence[Any], x: float, y: float, bottom_pt: float) -> float:
    """The edge pieces whose hexes left no room for their plate (crowded against the map's rim):
    a line each, by hex name, under the parts list; returns where the next block starts."""
    rows = [f"{frame.name(*want.cells[0])}: {want.text}"
            for want in sorted(listed, key=lambda w: (w.cells[0][1], w.cells[0][0]))]
    c.setFillColorRGB(0, 0, 0)
    c.setFont(bold_font(), 8)
    c.drawString(x, y, "Edge pieces on crowded hexes")
    c.setFont(font(), 7)
    y -= 9
    room = max(1, int((y - bottom_pt) // 9))
    shown = rows if len(rows) <= room else rows[:room - 1] + [f"... and {len(rows) - room + 1} more"]
    for line in shown:
        c.drawString(x + 6, y, line[:60])
        y -= 9
    return y


def _piece_labels(c: Any, m: Map, sheet: Sheet, labelled: list[int], drawn: list[int] | None = None,
                  area: tuple[float, float, float, float] | None = None, extra: Sequence[Any] = ()) -> None:
    """What a builder counts and picks, on the pieces `labelled`: a tile's hex count (24, 7, 3), a
    castle piece's kind (C, S, E, arch), the height of a tree, ruin or glacier (H10), each on a
    white plate placed off every symbol and marker of the pieces `drawn` and off each other
    (`labels.layout_labels`), beside its piece with a leader line where the piece is full."""
    from mapkit.outputs.sheets.labels import layout_labels

    layout = layout_labels(m, labelled, labelled if drawn is None else drawn, sheet.length(1.0), area, extra)
    draw_plates(c, layout, sheet)


def draw_plates(c: Any, layout: Any, sheet: Sheet) -> None:
    """The plates of a label layout: leader lines first, then each plate and its text."""
    size = layout.size_pt
    c.saveState()
    for plate in layout.placed:
        if plate.leader is None:
            continue
        (x0, y0), (x1, y1) = (sheet.pt(*pt) for pt in plate.leader)
        ink = BOOK_RGB if plate.wanted.kind == "book" else (0.2, 0.2, 0.2)   # to a Book's outline: purple
        c.setStrokeColorRGB(*ink)
        c.setLineWidth(0.5)
        c.line(x0, y0, x1, y1)
        c.setFillColorRGB(*ink)
        c.circle(x1, y1, 0.9, stroke=0, fill=1)
    for plate in layout.placed:
        x0, y0, x1, y1 = plate.box
        left, top = sheet.pt(x0, y0)
        right, bottom = sheet.pt(x1, y1)
        book = plate.wanted.kind == "book"
        c.setFillColorRGB(1, 1, 1)
        if book:                                   # a placed Book's name: purple, as its outline
            c.setStrokeColorRGB(*BOOK_RGB)
        else:
            c.setStrokeColorRGB(0.35, 0.35, 0.35)
        c.setLineWidth(0.3)
        c.roundRect(left, bottom, right - left, top - bottom, 1.2, stroke=1, fill=1)
        c.setFillColorRGB(*(BOOK_RGB if book else (0, 0, 0)))
        c.setFont(bold_font(), size)
        x, y = sheet.pt(plate.x, plate.y)
        c.drawCentredString(x, y - size * 0.33, plate.wanted.text)
    c.restoreState()


def _footprint(c: Any, sheet: Sheet, fp: Footprint) -> None:
    """A placed Book: its outline dashed in purple (its name on a plate: `labels.book_wants`)."""
    if len(fp.points) < 3:
        return
    c.saveState()
    c.setStrokeColorRGB(*BOOK_RGB)
    c.setLineWidth(1.6)
    c.setDash(3, 1.5)
    c.drawPath(polygon_path(c, [sheet.pt(x, y) for x, y in fp.points]), stroke=1, fill=0)
    c.restoreState()


def _coordinates(c: Any, frame: _MapFrame, sheet: Sheet) -> None:
    """Column letters above and below, row numbers left and right."""
    size = max(3.5, min(7.0, sheet.length(44.45) * 0.3))
    c.setFont(font(), size)
    c.setFillColorRGB(0.3, 0.3, 0.3)
    top = sheet.pt(0, frame.y0)[1] + 2
    bottom = sheet.pt(0, frame.y1)[1] - 2 - size
    step = max(1, math.ceil(size * 1.6 / sheet.length(44.45)))
    even_row = frame.row0 + (frame.row0 & 1)
    for col in range(frame.col0, frame.col1 + 1, step):
        q = col - (even_row >> 1)
        x = sheet.pt(*hex_center_mm(q, even_row))[0]
        text = column_letters(col - frame.col0)
        c.drawCentredString(x, top, text)
        c.drawCentredString(x, bottom, text)
    left = sheet.pt(frame.x0, 0)[0] - 2
    right = sheet.pt(frame.x1, 0)[0] + 2
    rstep = max(1, math.ceil(size * 1.3 / (sheet.length(44.45) * 0.866)))
    for row in range(frame.row0, frame.row1 + 1, rstep):
        y = sheet.pt(*hex_center_mm(0, row))[1] - size * 0.35
        c.drawRightString(left, y, str(row - frame.row0 + 1))
        c.drawString(right, y, str(row - frame.row0 + 1))


def _hex_name_words(m: Map, frame: _MapFrame, sheet: Sheet, indices: list[int]) -> list[Any]:
    """The coordinate name of every hex the level's pieces cover, small, under the hex centre
    (scene text in model mm)."""
    from mapkit.outputs.scene.shapes import Text

    size = max(3.0, min(6.0, sheet.length(44.45) * 0.2)) / sheet.length(1.0)
    cat = catalog()
    cells = {h for i in indices if cat[m.pieces[i].type].kind not in MARKER_KINDS for h in m.footprint(m.pieces[i])}
    out = []
    for q, r in sorted(cells, key=lambda h: (h[1], h[0])):
        x, y = hex_center_mm(q, r)
        out.append(Text(x, y + 44.45 * 0.36, frame.name(q, r), size, fill=(26, 26, 26)))
    return out


def _parts_column(c: Any, m: Map, indices: list[int], x: float, y: float, title: str,
                  max_lines: int = 60, bottom_pt: float = 0.0, more: str = "") -> float:
    """A parts list from page point (x, y) downwards, no lower than `bottom_pt`; returns the y
    below it. Kinds that do not fit are counted, with `more` saying where they are listed."""
    c.setFillColorRGB(0, 0, 0)
    c.setFont(bold_font(), 8)
    c.drawString(x, y, title)
    y -= 11
    c.setFont(font(), 7)
    rows = parts_list(m, indices)
    room = int((y - bottom_pt) // 9) if bottom_pt else max_lines
    shown = rows if len(rows) <= min(max_lines, room) else rows[:max(0, min(max_lines, room) - 1)]
    for name, count in shown:
        c.drawRightString(x + 14, y, str(count))
        c.drawString(x + 18, y, f"x {name}"[:60])
        y -= 9
    if len(shown) < len(rows):
        c.drawString(x + 18, y, f"... and {len(rows) - len(shown)} more kinds" + (f" ({more})" if more else ""))
        y -= 9
    return y


def _stacked_edges(m: Map) -> bool:
    """Whether a sheet of several Levels may stack edge pieces on one edge (`labels.wanted`)."""
    cat = catalog()
    seen = set()
    for piece in m.pieces:
        if cat[piece.type].kind == "edge":
            key = (piece.type, piece.q, piece.r, int(piece.rotation) % 6)
            if key in seen:
                return True
            seen.add(key)
    return False


class _Legend:
    """The one legend of a map's build sheets: the renderer's legend lines (same swatches, same
    words as the PNG and SVG), then what the sheet adds. Laid out in columns across the foot of
    every level page; its height is known before the page is laid out."""

    LINE_MM = 4.6
    COLUMN_MM = 62.0
    TEXT_PT = 6.5

    def __init__(self, m: Map, options: BuildOptions):
        from mapkit.outputs.scene.players import Cast
        from mapkit.outputs.scene.style import legend_entries, style_data

        cat = catalog()
        types = {cat[p.type] for p in m.pieces}
        self.entries = [e for e in legend_entries(types, Cast(m).legend()) if e.swatch != "line" or e.value == "outline"]
        self.notes = [
            "Numbers on white plates: a tile's hex count; H10: the height of a tree, ruin or glacier, in levels; "
            "a plate beside its piece points at it with a line. Pale hexes: the Levels below, already built, in "
            "faded colours (the Level just below less pale).",
            COORDINATE_NOTE,
        ]
        self._wrapped: dict[float, list[str]] = {}
        kinds = style_data()["sheet_labels"]
        if any(t.id in kinds["pieces"] for t in types):
            self.notes.insert(1, str(kinds["legend"]))
        if any(t.id in kinds["edges"] or t.id in kinds["flag"] for t in types):
            self.notes.insert(1, str(kinds["edge_legend"]))
        if _stacked_edges(m):
            self.notes.insert(1, str(kinds["stack_legend"]))
        if any(t.id in kinds["ruin_walls"] for t in types):
            self.notes.insert(1, str(kinds["ruin_legend"]))
        if options.footprints:
            self.notes.insert(1, "Purple dashed outline: a C3G building or object; its Book's name on a plate "
                                 "edged in purple, beside it with a purple line to its outline where the Book's "
                                 "marks leave no room inside (where the map leaves none, listed under the parts).")

    def _columns(self, width_mm: float) -> int:
        return max(1, int(width_mm // self.COLUMN_MM))

    def _note_lines(self, width_mm: float) -> list[str]:
        lines = self._wrapped.get(width_mm)           # asked for on every page: wrapped once
        if lines is None:
            lines = [part for note in self.notes for part in wrap_text(note, font(), self.TEXT_PT, width_mm * PT_PER_MM)]
            self._wrapped[width_mm] = lines
        return lines

    def height(self, width_mm: float) -> float:
        rows = -(-len(self.entries) // self._columns(width_mm))
        return 8 + rows * self.LINE_MM + len(self._note_lines(width_mm)) * 3.0

    def draw(self, c: Any, left: float, top: float, width: float) -> None:
        """The legend in the band from `top` (mm from the page's foot) down."""
        from mapkit.outputs.scene.legend import _swatch
        from mapkit.outputs.paint.pdf import draw_items

        x, y = left * PT_PER_MM, top * PT_PER_MM
        c.setStrokeColorRGB(0.6, 0.6, 0.6)
        c.setLineWidth(0.4)
        c.line(x, y - 2, x + width * PT_PER_MM, y - 2)
        c.setFillColorRGB(0, 0, 0)
        c.setFont(bold_font(), 7)
        c.drawString(x, y - 9, "Legend")
        cols = self._columns(width)
        rows = -(-len(self.entries) // cols)
        col_w = width / cols
        p = 7.0                                          # swatch scale: a hex 7 mm across on paper
        for n, entry in enumerate(self.entries):
            col, row = n // rows if rows else 0, n % rows if rows else 0
            cx = left + col * col_w + 14 + 2.2
            cy = top - 8 - 2.0 - row * self.LINE_MM       # mm from the page's foot
            sheet = Sheet(0.0, 0.0, cx * PT_PER_MM, cy * PT_PER_MM, 1.0)
            draw_items(c, ((item, 0.0, 0.0) for item in _swatch(entry, 0.0, 0.0, p, p * 0.5)), sheet)
            c.setFillColorRGB(0, 0, 0)
            c.setFont(font(), self.TEXT_PT)
            label = fit_text(str(entry.label), font(), self.TEXT_PT, (col_w - 22) * PT_PER_MM)
            c.drawString((cx + 4.5) * PT_PER_MM, cy * PT_PER_MM - 2.2, label)
        y_notes = (top - 8 - rows * self.LINE_MM - 1.5) * PT_PER_MM
        c.setFont(font(), self.TEXT_PT)
        for i, line in enumerate(self._note_lines(width)):
            c.drawString(x, y_notes - 8.5 * i, line)
