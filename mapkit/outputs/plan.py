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
from mapkit.model.grid import HEX_PITCH_MM, hex_center_mm, hex_corners, hex_corners_mm
from mapkit.outputs import Drawn
from mapkit.outputs.scene.c3g import HEX_CLASSES, class_pattern, class_style  # noqa: F401  (as plans name them)
from mapkit.outputs.scene.layout import Box
from mapkit.outputs.scene.page import Writer, crop_marks, page, paper_mm, scale_bar, window, windows
from mapkit.outputs.scene.shapes import Area, Circle, Group, Poly, Rect, Scene, Text
from mapkit.outputs.scene.text import POINT, Measure
from mapkit.records import Record, field

Point = tuple[float, float]


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
    footer: float = 24.0
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
    from mapkit.outputs.paint.pdf import measure, paint

    pages = plan_pages(plan, layout, measure)
    data = paint(pages, title=f"{plan.title}: 1:1 floor plan")
    if hasattr(target, "write"):
        target.write(data)
    else:
        from pathlib import Path

        Path(target).write_bytes(data)
    return len(pages)


def plan_pages(plan: FloorPlan, layout: PlanLayout, measure: Measure) -> list[Scene]:
    """The plan's pages: each floor drawn once at 1:1 and shown through as many page windows as
    it takes (neighbours overlapping by `layout.overlap`), in the orientation that needs fewer."""
    w_mm, h_mm = paper_mm(layout.paper)
    pages = []
    for floor in plan.floors:
        x0, y0, x1, y1 = floor_extent(floor, plan.pitch_mm)
        options = []
        for pw, ph in ((w_mm, h_mm), (h_mm, w_mm)):
            ww = pw - 2 * layout.margin
            wh = ph - 2 * layout.margin - layout.header - layout.footer
            options.append((len(windows(x0, y0, x1, y1, ww, wh, layout.overlap)), pw, ph, ww, wh))
        _, pw, ph, win_w, win_h = min(options, key=lambda o: o[0])
        wins = windows(x0, y0, x1, y1, win_w, win_h, layout.overlap)
        rows = 1 + max(w[0] for w in wins)
        cols = 1 + max(w[1] for w in wins)
        drawing = floor_drawing(floor, plan.pitch_mm)
        for row, col, wx, wy in wins:
            sheet = page(pw, ph, plan.title)
            w = Writer(sheet.root, measure)
            left, top = layout.margin, layout.margin + layout.header
            sheet.root.add(window(drawing, wx, wy, left, top, win_w, win_h))
            crop_marks(sheet.root, left, top, left + win_w, top + win_h)
            _header(w, plan, floor, row, col, rows, cols, layout, pw)
            seen = _seen(floor, plan.pitch_mm, (wx, wy, wx + win_w, wy + win_h))
            _footer(w, plan, layout, pw, ph, *seen)
            pages.append(sheet)
    return pages


def floor_drawing(floor: PlanFloor, pitch: float) -> Group:
    """One floor at 1:1 (table millimetres): its hexes by class, each labelled with its place,
    the wall band and line, and its marked spaces, as the map pictures mark them. A row of hexes is
    a group that knows its bounds, so a page paints only the rows its window shows."""
    from mapkit.outputs.scene.c3g import mark_symbol

    g = Group("floor", label=floor.name)
    by_row: dict[int, list[tuple[int, int]]] = {}
    for q, r in sorted(floor.hexes, key=lambda h: (h[1], h[0])):
        by_row.setdefault(r, []).append((q, r))
    reach = pitch / math.sqrt(3)
    for r, cells in by_row.items():
        row = g.group(f"row-{r}")
        xs = [hex_center_mm(q, rr, pitch)[0] for q, rr in cells]
        y = hex_center_mm(0, r, pitch)[1]
        row.bounds = Box(min(xs) - pitch, y - reach, max(xs) + pitch, y + reach)
        for q, rr in cells:                        # each hex a group of its own: a page paints only its own
            x, _ = hex_center_mm(q, rr, pitch)
            row.add(Group(items=_hex(q, rr, floor.hexes[(q, rr)], pitch),
                          bounds=Box(x - pitch / 2, y - reach, x + pitch / 2, y + reach)))
    if len(floor.footprint) >= 3:
        if len(floor.interior) >= 3:
            g.add(Area([list(floor.footprint), list(floor.interior)], (38, 38, 38), 0.55))
        g.add(Poly(list(floor.footprint), stroke=(0, 0, 0), width=1.6 * POINT))
    for mark in floor.marks:
        number = int(mark.label) if mark.label.isdecimal() else None
        items = mark_symbol(mark.kind, 0, 0, pitch * MARK_SIZE, number) if mark.kind in MARK_KINDS else \
            _unknown_mark(mark, pitch)
        # on the page whose window holds its hex's middle (every middle is inside some window)
        g.add(Group(items=items, offset=hex_center_mm(mark.q, mark.r, pitch), bounds=Box(-0.1, -0.1, 0.1, 0.1)))
    return g


def _hex(q: int, r: int, cls: str, pitch: float) -> list[Any]:
    """A hex of the plan, as the C3G layer fills one by its class (`scene.c3g.class_hex`)."""
    from mapkit.outputs.scene.c3g import class_hex

    return class_hex(q, r, cls, pitch)


def _pattern(cx: float, cy: float, pitch: float, pattern: str, ink: Sequence[int]) -> list[Any]:
    return class_pattern(cx, cy, pitch, pattern, tuple(ink))  # type: ignore[arg-type]


#: The marks the map pictures draw (`scene.c3g.mark_symbol`); another is ringed with its name.
MARK_KINDS = ("doorway", "window", "transit", "stairway-up", "stairway-down", "elevator-shaft", "exit")


#: A marked space's symbol on the 1:1 plan, against its size on the map pictures: its words fit
#: inside the page's margin wherever the hex is.
MARK_SIZE = 0.7


def _unknown_mark(mark: PlanMark, pitch: float) -> list[Any]:
    cx, cy = 0.0, 0.0
    return [Circle(cx, cy, pitch * 0.15, stroke=(13, 51, 140), width=pitch * 0.02),
            Text(cx, cy + pitch * 0.28, f"{mark.kind} {mark.label}".strip(), pitch * 0.12, fill=(13, 51, 140))]


def _seen(floor: PlanFloor, pitch: float, box: tuple[float, float, float, float]) -> tuple[list[str], list[str]]:
    """The classes and the kinds of mark a page window shows (its legend lists those)."""
    reach = pitch / math.sqrt(3)

    def inside(q: int, r: int) -> bool:
        x, y = hex_center_mm(q, r, pitch)
        return box[0] - reach <= x <= box[2] + reach and box[1] - reach <= y <= box[3] + reach

    classes = {cls for (q, r), cls in floor.hexes.items() if inside(q, r)}
    kinds = {mark.kind for mark in floor.marks if inside(mark.q, mark.r)}
    return [c for c in HEX_CLASSES if c in classes], [k for k in MARK_KINDS if k in kinds]


def _header(w: Writer, plan: FloorPlan, floor: PlanFloor, row: int, col: int, rows: int, cols: int,
            layout: PlanLayout, width: float) -> None:
    x = layout.margin + 2.5                    # clear of the crop marks rising from the window corners
    right = width - layout.margin - 2.5
    y = layout.margin + 4
    sheet_text = f"sheet row {row + 1} of {rows}, column {col + 1} of {cols}"
    w.text(right, y, sheet_text, 7, anchor="end")
    room = right - x - w.width(sheet_text, 7) - 2
    title = f"{plan.title}: {floor.name}" if plan.title not in floor.name else floor.name
    w.text(x, y, w.fit(title, 10, room, bold=True), 10, bold=True)
    w.text(x, y + 4, w.fit(f"1:1 (hex pitch {plan.pitch_mm:g} mm). Print at 100 % (no 'fit to page'). Neighbouring "
                           f"sheets overlap by {layout.overlap:g} mm: trim at the crop marks and match the hex labels "
                           "(q,r).", 7, right - x), 7)


_PATTERN_WORDS = {"hatch": ", hatched", "cross": ", cross-hatched", "dots": ", dotted"}


def _footer(w: Writer, plan: FloorPlan, layout: PlanLayout, width: float, height: float, classes: list[str],
            kinds: list[str]) -> None:
    """The scale bar, the legend of what this page shows (its hex classes and marks, the wall
    band) and the assumptions, kept inside the footer band (smaller type when there is more to say)."""
    from mapkit.outputs.scene.c3g import mark_legend, mark_symbol

    x = layout.margin
    y = height - layout.margin - layout.footer + 4
    scale_bar(w, x, y)
    entries: list[tuple[list[Any], str]] = []
    for cls in classes:
        fill, ink, code, pattern, label = class_style(cls)
        swatch: list[Any] = [Poly(hex_corners(0, 0, 6.0), fill=fill, stroke=(64, 64, 64), width=0.3 * POINT)]
        if pattern:
            swatch.append(Group(items=_pattern(0, 0, 13.0, pattern, ink), clip=hex_corners(0, 0, 13.0), scale=0.46))
        swatch.append(Text(0, 0, code, 2.2, bold=True, fill=tuple(int(v * 0.6) for v in ink)))  # type: ignore[arg-type]
        entries.append((swatch, label + _PATTERN_WORDS.get(pattern or "", "")))
    for kind in kinds:
        entries.append(([it for it in mark_symbol(kind, 0, 0, 14.0) if not isinstance(it, Text)], mark_legend(kind)))
    if len(plan.floors) and any(len(f.footprint) >= 3 for f in plan.floors):
        entries.append(([Rect(-3, -1.2, 3, 1.2, fill=(38, 38, 38))], "dark band: walls; thick line: the outer wall"))
    size = 6.5
    cx, cy = x + 3, y + 5.5
    for swatch, label in entries:
        need = 4 + w.width(label, size)
        if cx + need > width - layout.margin:
            cx, cy = x + 3, cy + 4.2
        w.group.add(Group(items=swatch, offset=(cx, cy)))
        w.text(cx + 4, cy + 0.8, label, size)
        cx += need + 5
    room = height - layout.margin - (cy + 3)
    while True:
        lines = [part for text in plan.assumptions[:2] for part in w.wrap(text, size, width - 2 * layout.margin)]
        if len(lines) * size * 1.25 * POINT <= room or size <= 4.0:
            break
        size -= 0.25
    for i, line in enumerate(lines):
        w.text(x, cy + 3 + (i + 1) * size * 1.25 * POINT, line, size)


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
