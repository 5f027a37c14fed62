"""1:1 floor plans of C3G buildings: hexes at the real 44.45 mm pitch, tiled across pages.

A builder prints the plan at 100 %, trims at the crop marks, glues the pages edge over edge
(they overlap by a few millimetres, and every hex is labelled with its coordinates so the
pages line up), and lays the building model on it. Each page carries a 100 mm scale bar to
check the printer did not scale, and the wound-marker size the Half Hex test assumed.

The plan is plain data (`FloorPlan`), built from a Book by `plan_from_book` or by hand, so
this module only draws: the Full/Half/Partial classification is the geometry's job.
"""

from __future__ import annotations

import math
from typing import Any, Sequence

from mapkit.geometry.shapes import erode
from mapkit.model.grid import HEX_PITCH_MM, hex_center_mm, hex_corners_mm
from mapkit.outputs import Drawn
from mapkit.outputs.paint.pdf import (
    PT_PER_MM,
    Sheet,
    bold_font,
    crop_marks,
    draw_polygon,
    font,
    new_canvas,
    paper_mm,
    polygon_path,
    scale_bar,
    text_width,
    tile_windows,
)
from mapkit.records import Record, field

Point = tuple[float, float]

#: Hex classes, in the order the legend lists them.
HEX_CLASSES = ("full", "half", "partial", "covered")
#: How much a class colour is paled for the fill: ink-friendly, and the pattern stays readable.
FILL_FADE = 0.8
#: A class this module does not know is drawn plainly with a question mark, never as Full.
UNKNOWN_STYLE = ((235, 235, 255), (120, 120, 200), "?", None, "unknown class")


def class_style(cls: str) -> tuple[tuple[int, int, int], tuple[int, int, int], str, str | None, str]:
    """(fill, ink, letter, pattern, label) of a hex class, from the renderer's C3G style, so the
    plan, the PNG/SVG overlay and their legends use one vocabulary (F/H/P/C, hatching, dots)."""
    from mapkit.outputs.scene.style import style_data

    entry = style_data()["c3g"]["classes"].get(cls)
    if entry is None:
        return UNKNOWN_STYLE
    ink = tuple(int(v) for v in entry["rgb"])
    fill = tuple(int(v + (255 - v) * FILL_FADE) for v in ink)
    return fill, ink, entry["letter"], entry.get("pattern"), entry["label"]  # type: ignore[return-value]


class PlanMark(Record):
    """A marked space: its hex in the plan's frame, what it is, and its number or label."""

    q: int
    r: int
    kind: str
    label: str = ""


class PlanFloor(Record):
    """One floor: hex classes, the footprint (outer wall line) and the walkable interior."""

    name: str
    hexes: dict[tuple[int, int], str]
    footprint: list[Point] = field(default_factory=list)
    interior: list[Point] = field(default_factory=list)
    marks: list[PlanMark] = field(default_factory=list)


class FloorPlan(Record):
    """Everything printed on a floor plan. `assumptions` are printed on every page."""

    title: str
    floors: list[PlanFloor]
    assumptions: list[str] = field(default_factory=list)
    pitch_mm: float = HEX_PITCH_MM


class PlanLayout(Record, frozen=True):
    """Page geometry in millimetres: margins around the window, bands for header and footer."""

    paper: str = "letter"
    margin: float = 7.0
    header: float = 10.0
    footer: float = 17.0
    overlap: float = 12.0


def floor_extent(floor: PlanFloor, pitch: float) -> tuple[float, float, float, float]:
    """The model rectangle (mm) holding every hex and the footprint, with a small border."""
    xs: list[float] = []
    ys: list[float] = []
    for q, r in floor.hexes:
        for x, y in hex_corners_mm(q, r, pitch):
            xs.append(x)
            ys.append(y)
    for x, y in floor.footprint:
        xs.append(x)
        ys.append(y)
    if not xs:
        return 0.0, 0.0, pitch, pitch
    pad = 0.5
    return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad


def render_plan(plan: FloorPlan, target: Any, layout: PlanLayout = PlanLayout()) -> int:
    """Write the plan as a PDF to `target` (a path or binary file); returns the page count."""
    w_mm, h_mm = paper_mm(layout.paper)
    c = new_canvas(target, layout.paper, title=f"{plan.title}: 1:1 floor plan")
    pages = 0
    for floor in plan.floors:
        x0, y0, x1, y1 = floor_extent(floor, plan.pitch_mm)
        # portrait or landscape, whichever needs fewer sheets for this floor
        options = []
        for pw, ph in ((w_mm, h_mm), (h_mm, w_mm)):
            ww = pw - 2 * layout.margin
            wh = ph - 2 * layout.margin - layout.header - layout.footer
            options.append((len(tile_windows(x0, y0, x1, y1, ww, wh, layout.overlap)), pw, ph, ww, wh))
        _, pw, ph, win_w, win_h = min(options, key=lambda o: o[0])
        windows = tile_windows(x0, y0, x1, y1, win_w, win_h, layout.overlap)
        rows = 1 + max(w[0] for w in windows)
        cols = 1 + max(w[1] for w in windows)
        for row, col, wx, wy in windows:
            c.setPageSize((pw * PT_PER_MM, ph * PT_PER_MM))
            left = layout.margin * PT_PER_MM
            top = (ph - layout.margin - layout.header) * PT_PER_MM
            sheet = Sheet(wx, wy, left, top, 1.0)
            _draw_window(c, plan, floor, sheet, win_w, win_h)
            bottom = top - win_h * PT_PER_MM
            right = left + win_w * PT_PER_MM
            crop_marks(c, left, bottom, right, top)
            _header(c, plan, floor, row, col, rows, cols, layout, pw, ph)
            _footer(c, plan, layout)
            c.showPage()
            pages += 1
    c.save()
    return pages


def _draw_window(c: Any, plan: FloorPlan, floor: PlanFloor, sheet: Sheet, win_w: float, win_h: float) -> None:
    """Everything inside the page window, clipped to it."""
    c.saveState()
    left, top = sheet.left_pt, sheet.top_pt
    clip = c.beginPath()
    clip.rect(left, top - win_h * PT_PER_MM, win_w * PT_PER_MM, win_h * PT_PER_MM)
    c.clipPath(clip, stroke=0, fill=0)
    pitch = plan.pitch_mm
    visible = _visible_hexes(floor, sheet, pitch, win_w, win_h)
    for q, r in visible:
        _draw_hex(c, sheet, q, r, floor.hexes[(q, r)], pitch)
    _draw_walls(c, sheet, floor)
    for mark in floor.marks:
        _draw_mark(c, sheet, mark, pitch)
    c.restoreState()


def _visible_hexes(floor: PlanFloor, sheet: Sheet, pitch: float, win_w: float, win_h: float
                   ) -> list[tuple[int, int]]:
    """Hexes whose cell touches the window, in row order (so the file reads predictably)."""
    reach = pitch / math.sqrt(3)
    x0, y0 = sheet.origin_x, sheet.origin_y
    out = []
    for q, r in sorted(floor.hexes, key=lambda h: (h[1], h[0])):
        cx, cy = hex_center_mm(q, r, pitch)
        if x0 - reach <= cx <= x0 + win_w + reach and y0 - reach <= cy <= y0 + win_h + reach:
            out.append((q, r))
    return out


def _draw_hex(c: Any, sheet: Sheet, q: int, r: int, cls: str, pitch: float) -> None:
    fill, ink, code, pattern, _ = class_style(cls)
    corners = [sheet.pt(x, y) for x, y in hex_corners_mm(q, r, pitch)]
    c.setFillColorRGB(*(v / 255 for v in fill))
    c.setStrokeColorRGB(0.25, 0.25, 0.25)
    c.setLineWidth(0.5)
    c.drawPath(polygon_path(c, corners), stroke=1, fill=1)
    if pattern:
        _pattern(c, corners, sheet.length(pitch), pattern, ink)
    cx, cy = sheet.pt(*hex_center_mm(q, r, pitch))
    c.setFillColorRGB(0.35, 0.35, 0.35)
    c.setFont(font(), 5)
    c.drawCentredString(cx, cy - sheet.length(pitch) * 0.38, f"{q},{r}")
    if code:
        c.setFont(bold_font(), 9)
        c.setFillColorRGB(*(v / 255 * 0.6 for v in ink))
        c.drawCentredString(cx, cy + sheet.length(pitch) * 0.22, code)


def _pattern(c: Any, corners: Sequence[Point], size: float, pattern: str, ink: Sequence[int]) -> None:
    """Hatching (one diagonal), cross-hatching (both) or dots across the hex, clipped to it."""
    cx = sum(x for x, _ in corners) / 6
    cy = sum(y for _, y in corners) / 6
    c.saveState()
    c.clipPath(polygon_path(c, corners), stroke=0, fill=0)
    c.setStrokeColorRGB(*(v / 255 * 0.8 for v in ink))
    step = 2.5 * PT_PER_MM
    reach = size / math.sqrt(3)  # the hex's circumradius: nothing beyond it is visible
    ops = []
    if pattern == "dots":
        step *= 1.6
        n = int(reach / step) + 1
        for j in range(-n, n + 1):
            for i in range(-n, n + 1):
                x, y = cx + i * step + (j % 2) * step / 2, cy + j * step * 0.87
                ops.append(f"{x:.2f} {y:.2f} m {x:.2f} {y:.2f} l")
        c.setLineCap(1)  # round caps turn the zero-length strokes into dots
        c.setLineWidth(1.0)
    else:
        n = int(2 * reach / step) + 1
        for sign in ((1, -1) if pattern == "cross" else (1,)):
            for i in range(-n, n + 1):
                off = i * step
                ops.append(f"{cx + off - reach:.2f} {cy - sign * reach:.2f} m "
                           f"{cx + off + reach:.2f} {cy + sign * reach:.2f} l")
        c.setLineWidth(0.35)
    c.addLiteral("\n".join(ops) + "\nS")
    c.restoreState()


def _draw_walls(c: Any, sheet: Sheet, floor: PlanFloor) -> None:
    """The wall band (footprint minus interior) filled dark, the outer wall line thick."""
    if len(floor.footprint) < 3:
        return
    c.saveState()
    if len(floor.interior) >= 3:
        path = polygon_path(c, [sheet.pt(x, y) for x, y in floor.footprint])
        inner = [sheet.pt(x, y) for x, y in floor.interior]
        path.moveTo(*inner[0])
        for p in inner[1:]:
            path.lineTo(*p)
        path.close()
        c.setFillColorRGB(0.15, 0.15, 0.15, alpha=0.55)
        c.drawPath(path, stroke=0, fill=1, fillMode=0)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(1.6)
    draw_polygon(c, sheet, floor.footprint, stroke=True, fill=False)
    c.restoreState()


def _draw_mark(c: Any, sheet: Sheet, mark: PlanMark, pitch: float) -> None:
    """A symbol and its label at the hex centre; `draw_mark_symbol` is shared with the markers sheet."""
    cx, cy = sheet.pt(*hex_center_mm(mark.q, mark.r, pitch))
    draw_mark_symbol(c, cx, cy, sheet.length(pitch) * 0.42, mark.kind, mark.label)


def draw_mark_symbol(c: Any, cx: float, cy: float, radius: float, kind: str, label: str) -> None:
    """Door, window, transit, stair, elevator and exit symbols, drawn around page point (cx, cy)."""
    c.saveState()
    c.setStrokeColorRGB(0.05, 0.2, 0.55)
    c.setFillColorRGB(0.05, 0.2, 0.55)
    c.setLineWidth(1.0)
    s = radius * 0.45
    if kind == "doorway":
        c.rect(cx - s * 0.55, cy - s, s * 1.1, s * 1.7, stroke=1, fill=0)
        c.circle(cx + s * 0.3, cy - s * 0.1, s * 0.08, stroke=0, fill=1)
    elif kind == "window":
        c.rect(cx - s * 0.7, cy - s * 0.5, s * 1.4, s * 1.2, stroke=1, fill=0)
        c.line(cx, cy - s * 0.5, cx, cy + s * 0.7)
        c.line(cx - s * 0.7, cy + s * 0.1, cx + s * 0.7, cy + s * 0.1)
    elif kind in ("stairway-up", "stairway-down"):
        d = 1 if kind == "stairway-up" else -1
        c.line(cx, cy - d * s, cx, cy + d * s)
        c.line(cx, cy + d * s, cx - s * 0.4, cy + d * s * 0.5)
        c.line(cx, cy + d * s, cx + s * 0.4, cy + d * s * 0.5)
    elif kind == "elevator-shaft":
        c.rect(cx - s * 0.8, cy - s * 0.8, s * 1.6, s * 1.6, stroke=1, fill=0)
        c.line(cx - s * 0.8, cy - s * 0.8, cx + s * 0.8, cy + s * 0.8)
        c.line(cx - s * 0.8, cy + s * 0.8, cx + s * 0.8, cy - s * 0.8)
    elif kind == "exit":
        c.line(cx - s, cy, cx + s, cy)
        c.line(cx + s, cy, cx + s * 0.5, cy + s * 0.4)
        c.line(cx + s, cy, cx + s * 0.5, cy - s * 0.4)
    else:  # transit and anything unknown: a ring around the number
        c.circle(cx, cy, s * 1.1, stroke=1, fill=0)
    if label:
        c.setFont(bold_font(), max(6.0, radius * 0.32))
        y = cy - s * 0.3 if kind == "transit" else cy - radius * 0.75
        c.drawCentredString(cx, y, label)
    c.restoreState()


def _header(c: Any, plan: FloorPlan, floor: PlanFloor, row: int, col: int, rows: int, cols: int,
            layout: PlanLayout, w_mm: float, h_mm: float) -> None:
    x = (layout.margin + 2.5) * PT_PER_MM  # clear of the crop marks rising from the window corners
    right = (w_mm - layout.margin - 2.5) * PT_PER_MM
    y = (h_mm - layout.margin - 4) * PT_PER_MM
    c.setFillColorRGB(0, 0, 0)
    sheet_text = f"sheet row {row + 1} of {rows}, column {col + 1} of {cols}"
    c.setFont(font(), 7)
    c.drawRightString(right, y, sheet_text)
    room = right - x - text_width(sheet_text, font(), 7) - 6
    title = f"{plan.title}: {floor.name}" if plan.title not in floor.name else floor.name
    while len(title) > 8 and text_width(title, bold_font(), 10) > room:
        title = title[:-2].rstrip() + "…" if not title.endswith("…") else title[:-2].rstrip() + "…"
    c.setFont(bold_font(), 10)
    c.drawString(x, y, title)
    c.setFont(font(), 7)
    c.drawString(x, y - 4 * PT_PER_MM,
                 f"1:1 (hex pitch {plan.pitch_mm:g} mm). Print at 100 % (no 'fit to page'). Neighbouring sheets "
                 f"overlap by {layout.overlap:g} mm: trim at the crop marks and match the hex labels (q,r).")


_PATTERN_WORDS = {"hatch": ", hatched", "cross": ", cross-hatched", "dots": ", dotted"}


def _footer(c: Any, plan: FloorPlan, layout: PlanLayout) -> None:
    """Scale bar, the legend of hex classes and the assumptions, wrapped to the page's width and
    kept inside the footer band (smaller type when there is more to say)."""
    from mapkit.outputs.paint.pdf import wrap_text

    x = layout.margin * PT_PER_MM
    y = (layout.margin + layout.footer - 4) * PT_PER_MM
    scale_bar(c, x, y)
    width = c._pagesize[0] - 2 * x
    legend = " · ".join(f"{class_style(cls)[2]} {class_style(cls)[4]}" + _PATTERN_WORDS.get(class_style(cls)[3] or "", "")
                        for cls in HEX_CLASSES) + " · dark band: walls"
    band = (layout.footer - 4 - 2.5) * PT_PER_MM       # from under the scale bar to the margin
    size = 6.5
    while True:
        lines = [part for text in [legend, *plan.assumptions[:2]] for part in wrap_text(text, font(), size, width)]
        step = size * 1.25
        if len(lines) * step <= band or size <= 4.0:
            break
        size -= 0.25
    c.setFont(font(), size)
    c.setFillColorRGB(0, 0, 0)
    for i, line in enumerate(lines):
        c.drawString(x, y - 2.5 * PT_PER_MM - size - i * step, line)


def plan_from_book(book: Any, params: Any = None) -> FloorPlan:
    """The floor plan of a C3G Book (`mapkit.books.Book`), classified by `mapkit.geometry`.

    One plan per floor of an interior-access structure, plus the ground around the building
    (its exits and the hexes its walls leave open) for every Book.
    """
    try:
        from mapkit.books.overlay import classify
        from mapkit.geometry import OverlayParams
    except ImportError:
        from mapkit.errors import OptionError

        raise OptionError("floor plans need the C3G overlay (mapkit.geometry), missing from this mapkit") from None
    params = params or OverlayParams()
    overlay = classify(book, params)
    footprint = [tuple(p) for p in book.footprint]
    floors = [PlanFloor("ground around the building", dict(overlay.exterior), footprint, _wall_inner(book),
                        [_plan_mark(m) for m in book.exits])]
    for floor, fo in zip(getattr(book, "floors", []), overlay.floors):
        interior = book.interior_polygon(floor)
        ring = list(interior.exterior.coords)[:-1] if hasattr(interior, "exterior") else []
        name = floor.name or f"floor {fo.index + 1}"
        floors.append(PlanFloor(f"{name} (level +{fo.offset})", dict(fo.classes), footprint, ring,
                                [_plan_mark(m) for m in fo.marks]))
    assumptions = [marker_line(params)]
    if hasattr(params, "legend_line"):
        assumptions.append(f"Overlay parameters: {params.legend_line()}")
    if getattr(book, "illustrative", False):
        assumptions.append("This Book is illustrative: its measurements are not from a real model.")
    return FloorPlan(book.name, floors, assumptions)


def _wall_inner(book: Any) -> list[Point]:
    """The inner line of the outer walls (the footprint shrunk by the wall thickness), if any."""
    import shapely

    thickness = float(getattr(book, "wall_thickness", 0) or 0)
    if thickness <= 0 or len(book.footprint) < 3:
        return []
    inner = erode(shapely.Polygon(book.footprint), thickness, join_style="mitre")
    if inner.is_empty or not hasattr(inner, "exterior"):
        return []
    return [tuple(p) for p in list(inner.exterior.coords)[:-1]]


def marker_line(params: Any) -> str:
    """The wound-marker size the Half Hex test used, said plainly (no measurement is published)."""
    diameter = getattr(params, "marker_diameter", None)
    source = getattr(params, "marker_source", "assumed")
    if diameter is None:
        return "Wound marker size: unknown to this plan."
    if source == "assumed":
        return (f"Wound marker diameter {diameter:g} mm: ASSUMED (no published measurement of the official "
                "marker; measure one and pass its size). Half Hexes depend on it.")
    return f"Wound marker diameter {diameter:g} mm ({source}). Half Hexes depend on it."


def _plan_mark(mark: Any) -> PlanMark:
    number = getattr(mark, "number", None)
    return PlanMark(mark.q, mark.r, mark.kind, "" if number is None else str(number))


# -- the product ------------------------------------------------------------------------------

def draw(books: list[Any], **options: Any) -> Drawn:
    """The output registry's `plan-pdf`: the PDF and its page count (options as `plan_sheets`)."""
    data, pages = plan_sheets(books, **options)
    return Drawn(data, pages)


def plan_sheets(books: list[Any], paper: str = "letter", overlap: float = 12.0, params: Any = None,
                source: str | None = None) -> tuple[bytes, int]:
    """1:1 floor plans: one Book's, or (several Books, those a map places) one plan with each
    floor named after its Book; `source` names the map in the title."""
    import io
    from pathlib import Path

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
