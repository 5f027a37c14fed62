"""Build instructions: one page per level (or N levels per page), as map posts on
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
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Any, Sequence

from mapkit.model.catalog import PieceType, catalog
from mapkit.model.grid import (
    HEX_PITCH_MM,
    axial_to_offset,
    hex_center_mm,
    hex_corners_mm,
)
from mapkit.model import levels as levels_model
from mapkit.model.map import Map, Piece
from mapkit.drawing.pdf_common import (
    PT_PER_MM,
    Sheet,
    bold_font,
    column_letters,
    font,
    new_canvas,
    paper_mm,
    polygon_path,
    rgb,
)

MARKER_KINDS = ("marker",)
COORDINATE_NOTE = ("Coordinates, as VirtualScape's numbered print names hexes: columns A, B, C ... (then AA, AB) "
                   "are the odd-r offset columns from the westmost one used; rows 1, 2, 3 ... run north to south; "
                   "odd rows sit half a hex east. A hex is named column then row, e.g. C7.")


@dataclass(frozen=True)
class BuildOptions:
    paper: str = "letter"
    levels_per_page: int = 1
    #: Print each hex's coordinate name (C7) in the pieces of the level, as VirtualScape's numbered print.
    hex_names: bool = False
    #: C3G buildings and objects placed on the map, drawn on the level they stand on.
    footprints: tuple["Footprint", ...] = ()
    #: Start with a cover page: title, author and the renderer's isometric picture, as
    #: VirtualScape's printout starts.
    cover: bool = False
    #: The map's file, so the C3G Books it places are found (paths are relative to it).
    map_file: str | None = None


@dataclass(frozen=True)
class Footprint:
    """A placed Book's outline in map millimetres, the level its floor stands on, and its name."""

    name: str
    level: int
    points: tuple[tuple[float, float], ...]


def build_levels(m: Map) -> dict[int, list[int]]:
    """Build level -> indices of the pieces placed at that step, lowest level first.

    As a builder counts, and as the render views count (`mapkit.drawing.layout.build_level`): a
    tile whose bottom is at z is level z + 1; what stands on a surface (obstacles, glyphs, start
    zones, figures, ladders, all stored one above the tile under them) belongs to that tile's
    level, laid once the level is built.
    """
    from mapkit.drawing.layout import build_level

    cat = catalog()
    levels: dict[int, list[int]] = defaultdict(list)
    for i, piece in enumerate(m.pieces):
        levels[build_level(cat[piece.type], piece)].append(i)
    return dict(sorted(levels.items()))


def footprint_page(level: int) -> int:
    """The build level a C3G placement is drawn with: like anything standing, the level under it."""
    return max(level, 1)


def size_label(m: Map, piece: Piece, ptype: PieceType) -> str:
    """What the builder reads on a piece: its hex count for tiles, a short name otherwise."""
    if ptype.kind in ("land", "fluid", "custom"):
        return str(len(m.footprint(piece)))
    if ptype.kind == "castle":
        return ptype.name.replace("Castle ", "").split(" (")[0]
    return ptype.name.split(" (")[0]


def parts_list(m: Map, indices: list[int]) -> list[tuple[str, int]]:
    """(piece name, count) for the given pieces, start zones counted in hexes, biggest first."""
    cat = catalog()
    counts: Counter[str] = Counter()
    for i in indices:
        piece = m.pieces[i]
        ptype = cat[piece.type]
        if ptype.id == "start-zone":
            counts[f"start zone spaces, player {piece.attrs.get('player', '?')}"] += 1
        elif ptype.id == "glyph":
            counts[f"glyph {piece.attrs.get('letter', '?')}"] += 1
        elif ptype.id == "personal":
            counts[f"personal tile {piece.attrs.get('name') or piece.attrs.get('label') or ''} "
                   f"({len(m.footprint(piece))}-hex)".replace("  ", " ")] += 1
        else:
            counts[ptype.name] += 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))


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
    frame = _MapFrame(whole, options.footprints)
    w_mm, h_mm = paper_mm(options.paper)
    legend = _Legend(m, options)
    # the orientation that draws the map bigger
    if _map_scale(frame, h_mm, w_mm, per_page, legend) > _map_scale(frame, w_mm, h_mm, per_page, legend) * 1.02:
        w_mm, h_mm = h_mm, w_mm
    c = new_canvas(target, options.paper, title=f"{m.name or 'Map'}: build instructions", author=m.author or "mapkit")
    c.setPageSize((w_mm * PT_PER_MM, h_mm * PT_PER_MM))
    order = list(levels)
    level_sheets = -(-len(order) // per_page)
    first_sheet = 2 if options.cover else 1
    parts_page = first_sheet + level_sheets         # where the parts list starts: cross-references say so
    pages = 0
    if options.cover:
        _cover_page(c, m, w_mm, h_mm, len(order))
        c.showPage()
        c.setPageSize((w_mm * PT_PER_MM, h_mm * PT_PER_MM))
        pages += 1
    for start in range(0, len(order), per_page):
        chunk = order[start:start + per_page]
        _level_page(c, m, frame, levels, chunk, order, w_mm, h_mm, options, legend, parts_page,
                    1 + (len(whole.scenarios()) if several else 0))
        c.showPage()
        c.setPageSize((w_mm * PT_PER_MM, h_mm * PT_PER_MM))
        pages += 1
    scenarios = whole.scenarios() if several else []
    pages += _totals_pages(c, m, levels, w_mm, h_mm, options.footprints, first_sheet, per_page, scenarios)
    for number in scenarios:
        c.setPageSize((w_mm * PT_PER_MM, h_mm * PT_PER_MM))
        _scenario_page(c, whole, number, frame, w_mm, h_mm, options)
        c.showPage()
        pages += 1
    c.save()
    return pages


PAGE_MARGIN, PAGE_HEADER, PAGE_LEGEND = 10.0, 12.0, 24.0
LABEL_PAD = 6.0


def _panel_box(width: float, height: float) -> tuple[float, float, float]:
    """(parts-list width, map width, map height) of a level panel, in mm."""
    list_w = min(62.0, width * 0.32)
    return list_w, width - list_w - 4, height


def _map_scale(frame: "_MapFrame", w_mm: float, h_mm: float, per_page: int, legend: "_Legend") -> float:
    """Paper mm per model mm for the map drawing of one level panel on this page shape."""
    width = w_mm - 2 * PAGE_MARGIN
    height = (h_mm - 2 * PAGE_MARGIN - PAGE_HEADER - legend.height(width)) / per_page
    _, map_w, map_h = _panel_box(width, height)
    return min((map_w - 2 * LABEL_PAD) / frame.width, (map_h - 2 * LABEL_PAD - 6) / frame.height, 1.0)


def fit_text(text: str, font_name: str, size: float, width_pt: float) -> str:
    """`text` cut to `width_pt` points, ending in an ellipsis when it was cut."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if stringWidth(text, font_name, size) <= width_pt:
        return text
    lo, hi = 0, len(text)
    while lo < hi:                                  # the longest prefix that fits with its ellipsis
        mid = (lo + hi + 1) // 2
        if stringWidth(text[:mid].rstrip() + "\u2026", font_name, size) <= width_pt:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "\u2026"


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


def _level_page(c: Any, m: Map, frame: _MapFrame, levels: dict[int, list[int]], chunk: list[int],
                order: list[int], w_mm: float, h_mm: float, options: BuildOptions, legend: "_Legend",
                parts_page: int, after: int = 1) -> None:
    """A sheet of level panels; `after` is how many sheets follow the level sheets (parts, scenarios)."""
    margin, header = PAGE_MARGIN, PAGE_HEADER
    width = w_mm - 2 * margin
    legend_h = legend.height(width)
    sheet_no = order.index(chunk[0]) // len(chunk) + 1
    sheets = -(-len(order) // len(chunk))
    right = f"{', '.join(levels_label(lv) for lv in chunk)} \u00b7 sheet {sheet_no} of {sheets + after}"
    c.setFillColorRGB(0, 0, 0)
    c.setFont(font(), 8)
    c.drawRightString((w_mm - margin) * PT_PER_MM, (h_mm - margin - 5) * PT_PER_MM, right)
    from reportlab.pdfbase.pdfmetrics import stringWidth

    room = width * PT_PER_MM - stringWidth(right, font(), 8) - 12
    c.setFont(bold_font(), 12)
    tail = ": build instructions"
    title = fit_text(m.name or "Untitled map", bold_font(), 12, room - stringWidth(tail, bold_font(), 12)) + tail
    c.drawString(margin * PT_PER_MM, (h_mm - margin - 5) * PT_PER_MM, title)
    panel_h = (h_mm - 2 * margin - header - legend_h) / len(chunk)
    for i, level in enumerate(chunk):
        top = h_mm - margin - header - i * panel_h
        _level_panel(c, m, frame, levels, level, order, margin, top, width, panel_h, options, parts_page)
    legend.draw(c, margin, margin + legend_h, width)


def levels_label(level: int) -> str:
    from mapkit.model.levels import label

    return label(level)


def _level_panel(c: Any, m: Map, frame: _MapFrame, levels: dict[int, list[int]], level: int, order: list[int],
                 left: float, top: float, width: float, height: float, options: BuildOptions,
                 parts_page: int) -> None:
    """One level: the map drawing on the left, its parts list on the right (all in mm).

    The drawing is the renderer's top view of this Level (`views.top_view`: its pieces over a
    grey ghost of the Levels below), the scene the PNG and SVG pictures draw, walked onto the
    page; the sheet adds what a builder counts: hex counts, heights and coordinates.
    """
    from mapkit.drawing.pdf_scene import draw_group
    from mapkit.drawing.views import RenderOptions, top_view

    list_w, map_w, _ = _panel_box(width, height)
    label_pad = LABEL_PAD
    scale = min((map_w - 2 * label_pad) / frame.width, (height - 2 * label_pad - 6) / frame.height, 1.0)
    draw_w, draw_h = frame.width * scale, frame.height * scale
    ox = left + label_pad + (map_w - 2 * label_pad - draw_w) / 2
    oy = top - 6 - label_pad - (height - 2 * label_pad - 6 - draw_h) / 2
    sheet = Sheet(frame.x0, frame.y0, ox * PT_PER_MM, oy * PT_PER_MM, scale)
    c.setFont(bold_font(), 10)
    c.setFillColorRGB(0, 0, 0)
    c.drawString(left * PT_PER_MM, (top - 4) * PT_PER_MM, levels_label(level))
    scene, _, _ = top_view(m, RenderOptions(view="levels", level=level, pitch=HEX_PITCH_MM,
                                            map_file=options.map_file), level)
    draw_group(c, scene, sheet)
    here = [f for f in options.footprints if footprint_page(f.level) == level]
    for fp in here:
        _footprint(c, sheet, fp)
    _piece_labels(c, m, sheet, levels[level])       # last: nothing drawn covers a number
    _coordinates(c, frame, sheet)
    if options.hex_names:
        _hex_names(c, m, frame, sheet, levels[level])
    bottom_pt = (top - height + 2) * PT_PER_MM
    y = _parts_column(c, m, levels[level], (left + width - list_w) * PT_PER_MM, (top - 4) * PT_PER_MM,
                      f"Parts for {levels_label(level)}", bottom_pt=bottom_pt + 9 * (len(here) + 2 if here else 0),
                      more=f"see the parts list, page {parts_page}")
    if here:
        c.setFont(bold_font(), 7)
        c.drawString((left + width - list_w) * PT_PER_MM, y - 4, "C3G buildings and objects")
        c.setFont(font(), 7)
        for n, fp in enumerate(here, start=1):
            c.drawString((left + width - list_w + 6) * PT_PER_MM, y - 4 - 9 * n, fp.name[:40])


def piece_height(ptype: PieceType) -> int | None:
    """The height a builder reads off a standing piece or a castle wall, in levels (None for a tile)."""
    if ptype.kind in ("land", "fluid", "custom", "marker", "figure"):
        return None
    if ptype.obstacle_height:
        return int(ptype.obstacle_height)
    return int(ptype.height) if ptype.height > 1 else None


def _piece_labels(c: Any, m: Map, sheet: Sheet, indices: list[int]) -> None:
    """What a builder counts, on every piece of the Level: a tile's hex count (24, 7, 3), the
    height of a tree, ruin, glacier or wall (H10), each on a white plate above everything else,
    so start-zone rings and glyphs never cover a number."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    cat = catalog()
    size = max(4.0, min(9.0, sheet.length(44.45) * 0.34))
    plates = []
    for i in indices:
        piece = m.pieces[i]
        ptype = cat[piece.type]
        if ptype.kind in ("land", "fluid", "custom"):
            text = str(len(m.footprint(piece)))
        else:
            height = piece_height(ptype)
            if height is None:
                continue
            text = f"H{height}"
        cells = m.footprint(piece)
        mx = sum(hex_center_mm(q, r)[0] for q, r in cells) / len(cells)
        my = sum(hex_center_mm(q, r)[1] for q, r in cells) / len(cells)
        q, r = min(cells, key=lambda h: math.dist(hex_center_mm(*h), (mx, my)))
        x, y = sheet.pt(*hex_center_mm(q, r))
        if ptype.kind not in ("land", "fluid", "custom"):
            y -= sheet.length(44.45) * 0.22       # under a standing piece's symbol, not on it
        plates.append((x, y, text))
    for x, y, text in plates:
        w = stringWidth(text, bold_font(), size)
        c.setFillColorRGB(1, 1, 1)
        c.setStrokeColorRGB(0.35, 0.35, 0.35)
        c.setLineWidth(0.3)
        c.roundRect(x - w / 2 - 1.2, y - size * 0.42, w + 2.4, size * 1.05, 1.2, stroke=1, fill=1)
        c.setFillColorRGB(0, 0, 0)
        c.setFont(bold_font(), size)
        c.drawCentredString(x, y - size * 0.3, text)


def _footprint(c: Any, sheet: Sheet, fp: Footprint) -> None:
    """A placed Book: its outline dashed in purple, its name at the middle."""
    if len(fp.points) < 3:
        return
    c.saveState()
    c.setStrokeColorRGB(0.45, 0.1, 0.6)
    c.setLineWidth(1.6)
    c.setDash(3, 1.5)
    c.drawPath(polygon_path(c, [sheet.pt(x, y) for x, y in fp.points]), stroke=1, fill=0)
    mx = sum(x for x, _ in fp.points) / len(fp.points)
    my = sum(y for _, y in fp.points) / len(fp.points)
    px, py = sheet.pt(mx, my)
    c.setFillColorRGB(0.45, 0.1, 0.6)
    c.setFont(bold_font(), max(4.0, min(8.0, sheet.length(44.45) * 0.3)))
    c.drawCentredString(px, py, fp.name[:30])
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


def _hex_names(c: Any, m: Map, frame: _MapFrame, sheet: Sheet, indices: list[int]) -> None:
    """The coordinate name of every hex the level's pieces cover, small, under the hex centre."""
    size = max(3.0, min(6.0, sheet.length(44.45) * 0.2))
    c.setFont(font(), size)
    c.setFillColorRGB(0.1, 0.1, 0.1)
    cat = catalog()
    cells = {h for i in indices if cat[m.pieces[i].type].kind not in MARKER_KINDS for h in m.footprint(m.pieces[i])}
    for q, r in sorted(cells, key=lambda h: (h[1], h[0])):
        x, y = sheet.pt(*hex_center_mm(q, r))
        c.drawCentredString(x, y - sheet.length(44.45) * 0.36, frame.name(q, r))


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


class _Legend:
    """The one legend of a map's build sheets: the renderer's legend lines (same swatches, same
    words as the PNG and SVG), then what the sheet adds. Laid out in columns across the foot of
    every level page; its height is known before the page is laid out."""

    LINE_MM = 4.6
    COLUMN_MM = 62.0
    TEXT_PT = 6.5

    def __init__(self, m: Map, options: BuildOptions):
        from mapkit.drawing.style import legend_entries

        cat = catalog()
        types = {cat[p.type] for p in m.pieces}
        players = sorted({int(p.attrs.get("player", 0) or 0) for p in m.pieces if p.type == "start-zone"})
        self.entries = [e for e in legend_entries(types, players) if e.swatch != "line" or e.value == "outline"]
        self.notes = [
            "Numbers on white plates: a tile's hex count; H10: the height of a tree, ruin, glacier or wall, "
            "in levels. Grey hexes: the Levels below, already built.",
            COORDINATE_NOTE,
        ]
        if options.footprints:
            self.notes.insert(1, "Purple dashed outline: a C3G building or object (its Book's name).")

    def _columns(self, width_mm: float) -> int:
        return max(1, int(width_mm // self.COLUMN_MM))

    def _note_lines(self, width_mm: float) -> list[str]:
        return [part for note in self.notes for part in wrap_text(note, font(), self.TEXT_PT, width_mm * PT_PER_MM)]

    def height(self, width_mm: float) -> float:
        rows = -(-len(self.entries) // self._columns(width_mm))
        return 8 + rows * self.LINE_MM + len(self._note_lines(width_mm)) * 3.0

    def draw(self, c: Any, left: float, top: float, width: float) -> None:
        """The legend in the band from `top` (mm from the page's foot) down."""
        from mapkit.drawing.legend import _swatch
        from mapkit.drawing.pdf_scene import draw_items

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


def _cover_page(c: Any, m: Map, w_mm: float, h_mm: float, n_levels: int) -> None:
    """Title, author and an isometric picture of the whole map (a note if it cannot be drawn)."""
    import io

    margin = 15.0
    c.setFillColorRGB(0, 0, 0)
    c.setFont(bold_font(), 22)
    c.drawCentredString(w_mm / 2 * PT_PER_MM, (h_mm - margin - 12) * PT_PER_MM,
                        fit_text(m.name or "Untitled map", bold_font(), 22, (w_mm - 2 * margin) * PT_PER_MM))
    c.setFont(font(), 11)
    facts = [f"by {m.author}" if m.author else "", f"{m.players} players" if m.players else "",
             f"{len(m.pieces)} pieces on {n_levels} levels"]
    c.drawCentredString(w_mm / 2 * PT_PER_MM, (h_mm - margin - 20) * PT_PER_MM,
                        fit_text(" · ".join(f for f in facts if f), font(), 11, (w_mm - 2 * margin) * PT_PER_MM))
    box_w, box_h = w_mm - 2 * margin, h_mm - 2 * margin - 40
    try:
        from reportlab.lib.utils import ImageReader

        from mapkit.drawing import RenderOptions, build_scene, render_png

        scene = build_scene(m, RenderOptions(view="iso", name=m.name, legend=False, title=False))
        image = ImageReader(io.BytesIO(render_png(scene, scale=24.0)))
    except Exception as exc:  # noqa: BLE001 - a cover without a picture still helps
        c.setFont(font(), 9)
        c.drawCentredString(w_mm / 2 * PT_PER_MM, h_mm / 2 * PT_PER_MM,
                            f"(no picture: {type(exc).__name__}: {str(exc)[:80]})")
        return
    iw, ih = image.getSize()
    k = min(box_w / iw, box_h / ih)
    x = margin + (box_w - iw * k) / 2
    y = margin + 10 + (box_h - ih * k) / 2
    c.drawImage(image, x * PT_PER_MM, y * PT_PER_MM, iw * k * PT_PER_MM, ih * k * PT_PER_MM)
    c.setFont(font(), 8)
    c.drawCentredString(w_mm / 2 * PT_PER_MM, margin * PT_PER_MM, "Build instructions made with mapkit")


def _totals_pages(c: Any, m: Map, levels: dict[int, list[int]], w_mm: float, h_mm: float,
                  footprints: tuple[Footprint, ...] = (), first_level_page: int = 1, per_page: int = 1,
                  scenarios: Sequence[int] = ()) -> int:
    """The parts list: the whole map's, then each Level's; as many pages as it takes, every line
    inside the page. Returns the number of pages."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    margin = 12.0
    width_pt = (w_mm - 2 * margin) * PT_PER_MM
    x, top = margin * PT_PER_MM, (h_mm - margin - 5) * PT_PER_MM
    bottom = (margin + 4) * PT_PER_MM
    frame = _MapFrame(m)
    everything = [i for idx in levels.values() for i in idx]
    lines: list[tuple[str, str, str]] = []          # (style, count, text)
    meta = [f"author: {m.author}" if m.author else "", f"players: {m.players}" if m.players else "",
            f"{len(m.pieces)} pieces on {len(levels)} Levels",
            f"table space {frame.width / 10:.1f} x {frame.height / 10:.1f} cm "
            f"({frame.width / 25.4:.1f} x {frame.height / 25.4:.1f} in)"]
    lines += [("small", "", part) for part in wrap_text(" · ".join(s for s in meta if s), font(), 8, width_pt)]
    lines.append(("gap", "", ""))
    lines.append(("head", "", "Total"))
    lines += [("row", str(n), name) for name, n in parts_list(m, everything)]
    if footprints:
        lines.append(("gap", "", ""))
        lines.append(("head", "", "C3G buildings and objects"))
        lines += [("row", str(n), name) for name, n in sorted(Counter(f.name for f in footprints).items())]
    if scenarios:
        lines.append(("gap", "", ""))
        lines += [("text", "", part) for part in wrap_text(
            f"the terrain {len(scenarios)} scenarios share; each scenario's own pieces, start zones and text are "
            "on a page of their own after the parts list", font(), 7.5, width_pt)]
    elif m.scenario and m.scenario.strip():
        lines.append(("gap", "", ""))
        lines.append(("head", "", "Scenario"))
        lines += [("text", "", part) for part in wrap_text(m.scenario, font(), 7.5, width_pt)]
    for n, (level, idx) in enumerate(levels.items()):
        lines.append(("gap", "", ""))
        lines.append(("head", "", f"{levels_label(level)} (drawn on page {first_level_page + n // per_page})"))
        lines += [("row", str(k), name) for name, k in parts_list(m, idx)]
    pages = 0
    i = 0
    while i < len(lines) or pages == 0:
        pages += 1
        if pages > 1:
            c.showPage()
        c.setFillColorRGB(0, 0, 0)
        c.setFont(bold_font(), 12)
        tail = ": parts list" + (" (continued)" if pages > 1 else "")
        name = fit_text(m.name or "Untitled map", bold_font(), 12, width_pt - stringWidth(tail, bold_font(), 12))
        c.drawString(x, top, name + tail)
        y = top - 14
        while i < len(lines) and y > bottom:
            kind, count, text = lines[i]
            if kind == "gap":
                y -= 6
            elif kind == "head":
                c.setFont(bold_font(), 8)
                c.drawString(x, y, fit_text(text, bold_font(), 8, width_pt))
                y -= 11
            elif kind == "row":
                c.setFont(font(), 7)
                c.drawRightString(x + 14, y, count)
                c.drawString(x + 18, y, fit_text(f"x {text}", font(), 7, width_pt - 18))
                y -= 9
            else:
                c.setFont(font(), 8 if kind == "small" else 7.5)
                c.drawString(x, y, text)
                y -= 10 if kind == "small" else 9
            i += 1
    c.showPage()
    return pages


def _fitted(text: str, face: str, size: float, width: float, smallest: float = 7.0) -> tuple[str, float]:
    """`text` and a font size at which it fits in `width` points: smaller down to `smallest`,
    then cut with an ellipsis."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    while size > smallest and stringWidth(text, face, size) > width:
        size -= 0.5
    if stringWidth(text, face, size) <= width:
        return text, size
    while text and stringWidth(text + "…", face, size) > width:
        text = text[:-1]
    return text.rstrip() + "…", size


def wrap_text(text: str, font: str, size: float, width: float) -> list[str]:
    """Lines of `text` no wider than `width` points (paragraphs kept apart; a word longer than a
    line is broken where it reaches the edge)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    lines: list[str] = []
    for para in text.replace("\r", "").split("\n"):
        line = ""
        for word in para.split():
            while stringWidth(word, font, size) > width and len(word) > 1:
                cut = max(1, int(len(word) * width / stringWidth(word, font, size)))
                while cut > 1 and stringWidth(word[:cut], font, size) > width:
                    cut -= 1
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:cut])
                word = word[cut:]
            trial = f"{line} {word}".strip()
            if stringWidth(trial, font, size) > width and line:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def levels_of_pieces(m: Map, indices: list[int]) -> list[int]:
    """The Level each of these pieces is placed on (`mapkit.model.levels`)."""
    cat = catalog()
    return [levels_model.level(cat[m.pieces[i].type], m.pieces[i].z) for i in indices]


def _scenario_page(c: Any, whole: Map, number: int, frame: _MapFrame, w_mm: float, h_mm: float,
                   options: BuildOptions) -> None:
    """One scenario of a map that sets up several: the scenario's map from above (the renderer's
    top view, as on the Level pages), its own pieces labelled, their parts list, and its text."""
    from mapkit.drawing.pdf_scene import draw_group
    from mapkit.drawing.views import RenderOptions, top_view

    view = whole.for_scenario(number)
    setup = view.scenario_setup(number)
    own = [i for i, p in enumerate(view.pieces) if p.attrs.get("scenario") == number]
    margin = PAGE_MARGIN
    width = w_mm - 2 * margin
    c.setFillColorRGB(0, 0, 0)
    title, size = _fitted(f"{whole.name or 'Untitled map'}: {setup.title}", bold_font(), 12, width * PT_PER_MM)
    c.setFont(bold_font(), size)
    c.drawString(margin * PT_PER_MM, (h_mm - margin - 5) * PT_PER_MM, title)
    players = f"for {setup.players} players \u00b7 " if setup.players else ""
    subtitle, size = _fitted(f"{players}its pieces and start zones on the built terrain", font(), 8,
                             width * PT_PER_MM)
    c.setFont(font(), size)  # under the title: a long title and this line never overlap
    c.drawString(margin * PT_PER_MM, (h_mm - margin - 10) * PT_PER_MM, subtitle)
    height = (h_mm - 2 * margin - PAGE_HEADER) * 0.62
    top = h_mm - margin - PAGE_HEADER
    list_w, map_w, _ = _panel_box(width, height)
    scale = min((map_w - 2 * LABEL_PAD) / frame.width, (height - 2 * LABEL_PAD - 6) / frame.height, 1.0)
    ox = margin + LABEL_PAD + (map_w - 2 * LABEL_PAD - frame.width * scale) / 2
    oy = top - 6 - LABEL_PAD - (height - 2 * LABEL_PAD - 6 - frame.height * scale) / 2
    sheet = Sheet(frame.x0, frame.y0, ox * PT_PER_MM, oy * PT_PER_MM, scale)
    scene, _, _ = top_view(view, RenderOptions(pitch=HEX_PITCH_MM, map_file=options.map_file))
    draw_group(c, scene, sheet)
    _piece_labels(c, view, sheet, own)
    _coordinates(c, frame, sheet)
    y = _parts_column(c, view, own, (margin + width - list_w) * PT_PER_MM, (top - 4) * PT_PER_MM,
                      f"Pieces of scenario {number}", bottom_pt=(top - height) * PT_PER_MM)
    by_level = Counter(levels_of_pieces(view, own))
    if by_level:
        c.setFont(font(), 7)
        words = "on " + ", ".join(f"Level {lv}: {n}" for lv, n in sorted(by_level.items()))
        for n, line in enumerate(wrap_text(words, font(), 7, list_w * PT_PER_MM)):
            c.drawString((margin + width - list_w) * PT_PER_MM, y - 4 - 9 * n, line)
    if setup.notes.strip():
        lines = wrap_text(setup.notes, font(), 7.5, width * PT_PER_MM)
        room = int(((top - height - 4) - margin - 2) * PT_PER_MM // 9)
        c.setFont(font(), 7.5)
        y = (top - height - 4) * PT_PER_MM
        for line in lines[:room - 1] if len(lines) > room else lines:
            c.drawString(margin * PT_PER_MM, y, line)
            y -= 9
        if len(lines) > room:
            c.drawString(margin * PT_PER_MM, y, "\u2026 (the scenario's text goes on in the map's own file)")
