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

from mapkit.model import levels as levels_model
from mapkit.model.catalog import PieceType, catalog
from mapkit.model.grid import (
    HEX_PITCH_MM,
    axial_to_offset,
    hex_center_mm,
    hex_corners_mm,
)
from mapkit.model.map import Map, Piece
from mapkit.drawing.layout import draw_order, edge_segment, piece_outline
from mapkit.drawing.pdf_common import (
    PT_PER_MM,
    Sheet,
    bold_font,
    column_letters,
    font,
    hexes_literal,
    new_canvas,
    paper_mm,
    polygon_path,
    rgb,
    rings_literal,
)
from mapkit.drawing.style import (
    castle_rgb,
    contrast_text,
    darker,
    piece_fill,
    player_rgb,
)

MARKER_KINDS = ("marker",)
FLUID_BORDER = (30, 90, 200)
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
    # the orientation that draws the map bigger
    if _map_scale(frame, h_mm, w_mm, per_page) > _map_scale(frame, w_mm, h_mm, per_page) * 1.02:
        w_mm, h_mm = h_mm, w_mm
    c = new_canvas(target, options.paper, title=f"{m.name or 'Map'}: build instructions", author=m.author or "mapkit")
    c.setPageSize((w_mm * PT_PER_MM, h_mm * PT_PER_MM))
    order = list(levels)
    pages = 0
    if options.cover:
        _cover_page(c, m, w_mm, h_mm, len(order))
        c.showPage()
        c.setPageSize((w_mm * PT_PER_MM, h_mm * PT_PER_MM))
        pages += 1
    for start in range(0, len(order), per_page):
        chunk = order[start:start + per_page]
        _level_page(c, m, frame, levels, chunk, order, w_mm, h_mm, options,
                    1 + (len(whole.scenarios()) if several else 0))
        c.showPage()
        c.setPageSize((w_mm * PT_PER_MM, h_mm * PT_PER_MM))
        pages += 1
    _totals_page(c, m, levels, w_mm, h_mm, options.footprints, whole.scenarios() if several else [])
    c.showPage()
    pages += 1
    if several:
        for number in whole.scenarios():
            c.setPageSize((w_mm * PT_PER_MM, h_mm * PT_PER_MM))
            _scenario_page(c, whole, number, frame, w_mm, h_mm)
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


def _map_scale(frame: "_MapFrame", w_mm: float, h_mm: float, per_page: int) -> float:
    """Paper mm per model mm for the map drawing of one level panel on this page shape."""
    width = w_mm - 2 * PAGE_MARGIN
    height = (h_mm - 2 * PAGE_MARGIN - PAGE_HEADER - PAGE_LEGEND) / per_page
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


def _level_page(c: Any, m: Map, frame: _MapFrame, levels: dict[int, list[int]], chunk: list[int],
                order: list[int], w_mm: float, h_mm: float, options: BuildOptions, after: int = 1) -> None:
    """A sheet of level panels; `after` is how many sheets follow the level sheets (totals, scenarios)."""
    margin, header, legend_h = PAGE_MARGIN, PAGE_HEADER, PAGE_LEGEND
    c.setFillColorRGB(0, 0, 0)
    c.setFont(bold_font(), 12)
    title = m.name or "Untitled map"
    c.drawString(margin * PT_PER_MM, (h_mm - margin - 5) * PT_PER_MM, f"{title}: build instructions")
    c.setFont(font(), 8)
    sheet_no = order.index(chunk[0]) // len(chunk) + 1
    sheets = -(-len(order) // len(chunk))
    c.drawRightString((w_mm - margin) * PT_PER_MM, (h_mm - margin - 5) * PT_PER_MM,
                      f"{', '.join(f'Level {lv}' for lv in chunk)} · sheet {sheet_no} of {sheets + after}")
    panel_h = (h_mm - 2 * margin - header - legend_h) / len(chunk)
    for i, level in enumerate(chunk):
        top = h_mm - margin - header - i * panel_h
        _level_panel(c, m, frame, levels, level, order, margin, top, w_mm - 2 * margin, panel_h, options)
    _legend(c, m, margin, margin + legend_h - 4, w_mm - 2 * margin)


def _level_panel(c: Any, m: Map, frame: _MapFrame, levels: dict[int, list[int]], level: int, order: list[int],
                 left: float, top: float, width: float, height: float, options: BuildOptions) -> None:
    """One level: the map drawing on the left, its parts list on the right (all in mm)."""
    list_w, map_w, _ = _panel_box(width, height)
    label_pad = LABEL_PAD
    scale = min((map_w - 2 * label_pad) / frame.width, (height - 2 * label_pad - 6) / frame.height, 1.0)
    draw_w, draw_h = frame.width * scale, frame.height * scale
    ox = left + label_pad + (map_w - 2 * label_pad - draw_w) / 2
    oy = top - 6 - label_pad - (height - 2 * label_pad - 6 - draw_h) / 2
    sheet = Sheet(frame.x0, frame.y0, ox * PT_PER_MM, oy * PT_PER_MM, scale)
    c.setFont(bold_font(), 10)
    c.setFillColorRGB(0, 0, 0)
    c.drawString(left * PT_PER_MM, (top - 4) * PT_PER_MM, f"Level {level}")
    _draw_below(c, m, sheet, levels, level)
    for idx in draw_order(m, levels[level]):  # surfaces first, then what stands on them
        _draw_piece(c, m, sheet, idx)
    here = [f for f in options.footprints if footprint_page(f.level) == level]
    for fp in here:
        _footprint(c, sheet, fp)
    _coordinates(c, frame, sheet)
    if options.hex_names:
        _hex_names(c, m, frame, sheet, levels[level])
    y = _parts_column(c, m, levels[level], (left + width - list_w) * PT_PER_MM, (top - 4) * PT_PER_MM,
                      f"Parts for Level {level}")
    if here:
        c.setFont(bold_font(), 7)
        c.drawString((left + width - list_w) * PT_PER_MM, y - 4, "C3G buildings and objects")
        c.setFont(font(), 7)
        for n, fp in enumerate(here, start=1):
            c.drawString((left + width - list_w + 6) * PT_PER_MM, y - 4 - 9 * n, fp.name[:40])


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


def _draw_below(c: Any, m: Map, sheet: Sheet, levels: dict[int, list[int]], level: int) -> None:
    """What is already built, faded: each hex in the colour of its highest piece below `level`.

    As VirtualScape prints it, the level just below is paler than the page's pieces and the
    deeper ones paler still. One pass over the hexes, however many levels lie below.
    """
    cat = catalog()
    top: dict[tuple[int, int], tuple[int, int]] = {}  # hex -> (top level, piece index)
    for lower, indices in levels.items():
        if lower >= level:
            break
        for idx in indices:
            piece = m.pieces[idx]
            ptype = cat[piece.type]
            if ptype.kind in MARKER_KINDS or ptype.kind == "edge":
                continue
            height = piece.z + ptype.height
            for cell in m.footprint(piece):
                if cell not in top or height >= top[cell][0]:
                    top[cell] = (height, idx)
    groups: dict[tuple[float, float, float], list[tuple[int, int]]] = defaultdict(list)
    for cell, (height, idx) in top.items():
        fade = 0.55 if height >= level - 1 else 0.75  # the level just below is paler than the page
        groups[rgb(_fill_colour(m.pieces[idx]), fade)].append(cell)
    c.setLineWidth(0.25)
    c.setStrokeColorRGB(*rgb((150, 150, 150), 0.5))
    for colour, cells in groups.items():
        c.setFillColorRGB(*colour)
        c.addLiteral(hexes_literal(sheet, sorted(cells, key=lambda h: (h[1], h[0])), HEX_PITCH_MM))


def _fill_colour(piece: Piece) -> tuple[int, int, int]:
    """The renderer's colour for a piece, so sheets and pictures agree."""
    return piece_fill(catalog()[piece.type], piece.attrs)


def _draw_piece(c: Any, m: Map, sheet: Sheet, idx: int) -> None:
    """One piece placed at the page's level: its hexes, its outline and its size label."""
    piece = m.pieces[idx]
    ptype = catalog()[piece.type]
    cells = m.footprint(piece)
    if ptype.id == "start-zone":
        _start_zone(c, sheet, piece)
        return
    if ptype.id == "glyph":
        _glyph(c, sheet, piece)
        return
    if ptype.kind == "edge" and len(cells) == 1:
        _edge(c, sheet, piece)
        return
    colour = _fill_colour(piece)
    c.setFillColorRGB(*rgb(colour))
    c.setStrokeColorRGB(*rgb((150, 150, 150)))
    c.setLineWidth(0.25)
    c.addLiteral(hexes_literal(sheet, cells, HEX_PITCH_MM))
    c.setStrokeColorRGB(*rgb(FLUID_BORDER if ptype.kind == "fluid" else (0, 0, 0)))
    c.setLineWidth(1.3)
    c.addLiteral(rings_literal(sheet, piece_outline(piece)))
    _piece_label(c, sheet, cells, size_label(m, piece, ptype), colour)


def _piece_label(c: Any, sheet: Sheet, cells: list[tuple[int, int]], text: str, colour) -> None:
    mx = sum(hex_center_mm(q, r)[0] for q, r in cells) / len(cells)
    my = sum(hex_center_mm(q, r)[1] for q, r in cells) / len(cells)
    q, r = min(cells, key=lambda h: math.dist(hex_center_mm(*h), (mx, my)))
    x, y = sheet.pt(*hex_center_mm(q, r))
    size = max(4.0, min(9.0, sheet.length(44.45) * 0.38))
    c.setFillColorRGB(*rgb(contrast_text(colour)))
    c.setFont(bold_font(), size)
    if len(text) > 4:
        c.setFont(font(), size * 0.6)
        text = text[:14]
    c.drawCentredString(x, y - size * 0.35, text)


def _edge(c: Any, sheet: Sheet, piece: Piece) -> None:
    """Battlements and ladders: a thick bar on the hex edge they stand on (rotation 0 = east)."""
    a, b = edge_segment(piece.q, piece.r, int(piece.rotation) % 6)
    (x1, y1), (x2, y2) = sheet.pt(*a), sheet.pt(*b)
    c.setStrokeColorRGB(*rgb(castle_rgb("ladder" if piece.type == "castle-ladder" else "battlement")))
    c.setLineWidth(2.5)
    c.line(x1, y1, x2, y2)


def _start_zone(c: Any, sheet: Sheet, piece: Piece) -> None:
    player = int(piece.attrs.get("player", 0) or 0)
    colour = player_rgb(player)
    corners = [sheet.pt(x, y) for x, y in hex_corners_mm(piece.q, piece.r, size=44.45 * 0.78)]
    c.saveState()
    c.setStrokeColorRGB(1, 1, 1)  # a white halo keeps a green zone visible on grass
    c.setLineWidth(2.6)
    c.drawPath(polygon_path(c, corners), stroke=1, fill=0)
    c.setStrokeColorRGB(*rgb(colour))
    c.setLineWidth(1.6)
    c.setDash(2, 1.2)
    c.drawPath(polygon_path(c, corners), stroke=1, fill=0)
    c.restoreState()
    x, y = sheet.pt(*hex_center_mm(piece.q, piece.r))
    size = max(3.5, sheet.length(44.45) * 0.22)
    text = f"P{player}"
    from reportlab.pdfbase.pdfmetrics import stringWidth

    w = stringWidth(text, bold_font(), size)
    ty = y + sheet.length(44.45) * 0.12
    c.setFillColorRGB(1, 1, 1)
    c.rect(x - w / 2 - 0.8, ty - size * 0.25, w + 1.6, size * 1.05, stroke=0, fill=1)
    c.setFillColorRGB(*rgb(darker(colour, 0.75)))
    c.setFont(bold_font(), size)
    c.drawCentredString(x, ty, text)


def _glyph(c: Any, sheet: Sheet, piece: Piece) -> None:
    x, y = sheet.pt(*hex_center_mm(piece.q, piece.r))
    radius = sheet.length(44.45) * 0.3
    c.setFillColorRGB(0.98, 0.85, 0.2)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.8)
    c.circle(x, y, radius, stroke=1, fill=1)
    c.setFillColorRGB(0, 0, 0)
    c.setFont(bold_font(), max(4.0, radius * 1.1))
    c.drawCentredString(x, y - radius * 0.38, str(piece.attrs.get("letter", "?")))


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
                  max_lines: int = 60) -> float:
    """A parts list from page point (x, y) downwards; returns the y below it."""
    c.setFillColorRGB(0, 0, 0)
    c.setFont(bold_font(), 8)
    c.drawString(x, y, title)
    y -= 11
    c.setFont(font(), 7)
    rows = parts_list(m, indices)
    for name, count in rows[:max_lines]:
        c.drawRightString(x + 14, y, str(count))
        c.drawString(x + 18, y, f"x {name}")
        y -= 9
    if len(rows) > max_lines:
        c.drawString(x + 18, y, f"... and {len(rows) - max_lines} more kinds (see the last page)")
        y -= 9
    return y


def _legend(c: Any, m: Map, left: float, top: float, width: float) -> None:
    x, y = left * PT_PER_MM, top * PT_PER_MM
    c.setStrokeColorRGB(0.6, 0.6, 0.6)
    c.setLineWidth(0.4)
    c.line(x, y + 8, x + width * PT_PER_MM, y + 8)
    c.setFillColorRGB(0, 0, 0)
    c.setFont(bold_font(), 7)
    c.drawString(x, y, "Legend")
    _terrain_swatches(c, m, x + 34, y + 2.5, x + width * PT_PER_MM)
    c.setFillColorRGB(0, 0, 0)
    c.setFont(font(), 6.5)
    lines = [
        "Numbers on pieces: how many hexes the piece has. Thick black outline: land piece; blue outline: fluid "
        "(water, lava, ice ...); pale pieces: the levels below, already built.",
        "Dashed hexagon P1, P2 ...: start zone of that player. Yellow disc with a letter: glyph. Thick brown bar: "
        "battlement or ladder on that hex edge. Purple dashed outline: a C3G building or object (its Book's name).",
        COORDINATE_NOTE,
    ]
    wrapped = [part for line in lines for part in wrap_text(line, font(), 6.5, width * PT_PER_MM)]
    for i, line in enumerate(wrapped):
        c.drawString(x, y - (9 + 7.5 * i), line)


def _terrain_swatches(c: Any, m: Map, x: float, y: float, right: float) -> None:
    """A small hexagon in each terrain colour the map uses, with the terrain's name, on one line."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from mapkit.drawing.style import legend_entries

    cat = catalog()
    entries = [e for e in legend_entries({cat[p.type] for p in m.pieces}) if e.swatch == "terrain"]
    radius = 3.2
    for entry in entries:
        label = str(entry.label)
        need = 2 * radius + 3 + stringWidth(label, font(), 6.5) + 8
        if x + need > right:
            break
        corners = [(x + radius + radius * math.cos(math.radians(a)), y + radius * math.sin(math.radians(a)))
                   for a in (90, 30, -30, -90, -150, 150)]
        c.setFillColorRGB(*rgb(entry.rgb))
        c.setStrokeColorRGB(0.3, 0.3, 0.3)
        c.setLineWidth(0.3)
        c.drawPath(polygon_path(c, corners), stroke=1, fill=1)
        c.setFillColorRGB(0, 0, 0)
        c.setFont(font(), 6.5)
        c.drawString(x + 2 * radius + 3, y - 2.2, label)
        x += need


def _cover_page(c: Any, m: Map, w_mm: float, h_mm: float, n_levels: int) -> None:
    """Title, author and an isometric picture of the whole map (a note if it cannot be drawn)."""
    import io

    margin = 15.0
    c.setFillColorRGB(0, 0, 0)
    c.setFont(bold_font(), 22)
    c.drawCentredString(w_mm / 2 * PT_PER_MM, (h_mm - margin - 12) * PT_PER_MM, (m.name or "Untitled map")[:60])
    c.setFont(font(), 11)
    facts = [f"by {m.author}" if m.author else "", f"{m.players} players" if m.players else "",
             f"{len(m.pieces)} pieces on {n_levels} levels"]
    c.drawCentredString(w_mm / 2 * PT_PER_MM, (h_mm - margin - 20) * PT_PER_MM, " · ".join(f for f in facts if f))
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


def _scenario_page(c: Any, whole: Map, number: int, frame: _MapFrame, w_mm: float, h_mm: float) -> None:
    """One scenario of a map that sets up several: the finished terrain faded, the scenario's own
    pieces and start zones on it, their parts list, and the scenario's text."""
    view = whole.for_scenario(number)
    setup = view.scenario_setup(number)
    own = [i for i, p in enumerate(view.pieces) if p.attrs.get("scenario") == number]
    levels = build_levels(view)
    margin = PAGE_MARGIN
    width = w_mm - 2 * margin
    c.setFillColorRGB(0, 0, 0)
    title, size = _fitted(f"{whole.name or 'Untitled map'}: {setup.title}", bold_font(), 12, width * PT_PER_MM)
    c.setFont(bold_font(), size)
    c.drawString(margin * PT_PER_MM, (h_mm - margin - 5) * PT_PER_MM, title)
    players = f"for {setup.players} players · " if setup.players else ""
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
    terrain = {lv: [i for i in idx if i not in set(own)] for lv, idx in levels.items()}
    _draw_below(c, view, sheet, terrain, max(levels, default=0) + 2)
    for idx in draw_order(view, own):
        _draw_piece(c, view, sheet, idx)
    _coordinates(c, frame, sheet)
    y = _parts_column(c, view, own, (margin + width - list_w) * PT_PER_MM, (top - 4) * PT_PER_MM,
                      f"Pieces of scenario {number}")
    by_level = Counter(levels_of_pieces(view, own))
    if by_level:
        c.setFont(font(), 7)
        words = "on " + ", ".join(f"Level {lv}: {n}" for lv, n in sorted(by_level.items()))
        for n, line in enumerate(wrap_text(words, font(), 7, list_w * PT_PER_MM)):
            c.drawString((margin + width - list_w) * PT_PER_MM, y - 4 - 9 * n, line)
    if setup.notes.strip():
        _scenario(c, setup.notes, margin * PT_PER_MM, (top - height - 4) * PT_PER_MM, width * PT_PER_MM,
                  max_lines=int((h_mm - 2 * margin - PAGE_HEADER - height - 10) / 3.2))


def levels_of_pieces(m: Map, indices: list[int]) -> list[int]:
    """The Level each of these pieces is placed on (`mapkit.model.levels`)."""
    cat = catalog()
    return [levels_model.level(cat[m.pieces[i].type], m.pieces[i].z) for i in indices]


def _totals_page(c: Any, m: Map, levels: dict[int, list[int]], w_mm: float, h_mm: float,
                 footprints: tuple[Footprint, ...] = (), scenarios: Sequence[int] = ()) -> None:
    margin = 12.0
    x, y = margin * PT_PER_MM, (h_mm - margin - 5) * PT_PER_MM
    c.setFillColorRGB(0, 0, 0)
    c.setFont(bold_font(), 12)
    c.drawString(x, y, f"{m.name or 'Untitled map'}: parts list")
    c.setFont(font(), 8)
    frame = _MapFrame(m)
    meta = [f"author: {m.author}" if m.author else "", f"players: {m.players}" if m.players else "",
            f"{len(m.pieces)} pieces on {len(levels)} levels",
            f"table space {frame.width / 10:.1f} x {frame.height / 10:.1f} cm "
            f"({frame.width / 25.4:.1f} x {frame.height / 25.4:.1f} in)"]
    c.drawString(x, y - 12, " · ".join(s for s in meta if s))
    y -= 30
    if scenarios:
        c.drawString(x, y + 6, f"the terrain {len(scenarios)} scenarios share; each scenario's own pieces, start "
                               "zones and text are on a page of their own after this one")
        y -= 8
    elif m.scenario and m.scenario.strip():
        y = _scenario(c, m.scenario, x, y, (w_mm - 2 * margin) * PT_PER_MM) - 10
    everything = [i for idx in levels.values() for i in idx]
    col_w = (w_mm - 2 * margin) / 2 * PT_PER_MM
    y_total = _parts_column(c, m, everything, x, y, "Total", max_lines=70)
    if footprints:
        c.setFont(bold_font(), 8)
        c.drawString(x, y_total - 6, "C3G buildings and objects")
        c.setFont(font(), 7)
        for n, (name, count) in enumerate(sorted(Counter(f.name for f in footprints).items()), start=1):
            c.drawRightString(x + 14, y_total - 6 - 9 * n, str(count))
            c.drawString(x + 18, y_total - 6 - 9 * n, f"x {name}")
    yy = y
    for level, idx in levels.items():
        if yy < 30 * PT_PER_MM:
            break
        yy = _parts_column(c, m, idx, x + col_w, yy, f"Level {level}", max_lines=12) - 6


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
    """Lines of `text` no wider than `width` points (paragraphs kept apart)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    lines: list[str] = []
    for para in text.replace("\r", "").split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}".strip()
            if stringWidth(trial, font, size) > width and line:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def _scenario(c: Any, text: str, x: float, y: float, width: float, max_lines: int = 14) -> float:
    """The map's scenario text, wrapped to the page width; returns the y below it."""
    c.setFont(bold_font(), 8)
    c.drawString(x, y, "Scenario")
    y -= 11
    c.setFont(font(), 7.5)
    lines = wrap_text(text, font(), 7.5, width)
    for line in lines[:max_lines]:
        c.drawString(x, y, line)
        y -= 9
    if len(lines) > max_lines:
        c.drawString(x, y, "...")
        y -= 9
    return y
