"""The picture of an overlay (`mapkit overlay -o`): each hex's class told apart by fill pattern and
letter, not colour alone.

Full = plain pale green "F"; Half = yellow with diagonal hatching "H"; Partial = orange with
cross-hatching "P"; covered = dark grey with dots "C". Marked spaces carry short labels
(Door, Win, T4, Up3, Dn3, Lift, Exit4). A legend and the parameter line (the assumed wound-marker
size flagged) sit under the panels. One panel per floor, or per level for a map. Laid out in
pixels and painted on the raster painter's `Canvas`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypedDict

from mapkit.books.model import Mark
from mapkit.geometry.params import OverlayParams
from mapkit.model.grid import hex_center_mm, hex_corners_mm
from mapkit.outputs import Drawn
from mapkit.outputs.paint.raster import Canvas
from mapkit.wording import option

SCALE = 2.2  # pixels per millimetre
MARGIN = 24
TITLE_H = 28


class ClassStyle(TypedDict):
    """How the overlay picture draws one class of hex."""

    fill: tuple[int, int, int]
    ink: tuple[int, int, int]
    pattern: str | None
    letter: str


STYLE: dict[str, ClassStyle] = {
    "full": {"fill": (214, 240, 208), "ink": (40, 110, 40), "pattern": None, "letter": "F"},
    "half": {"fill": (250, 226, 120), "ink": (150, 110, 0), "pattern": "diagonal", "letter": "H"},
    "partial": {"fill": (246, 170, 110), "ink": (160, 60, 10), "pattern": "cross", "letter": "P"},
    "covered": {"fill": (110, 110, 118), "ink": (40, 40, 46), "pattern": "dots", "letter": "C"},
}
MARK_LABELS = {"doorway": "Door", "window": "Win", "transit": "T", "stairway-up": "Up", "stairway-down": "Dn",
               "elevator-shaft": "Lift", "exit": "Exit"}


@dataclass
class Panel:
    """One drawing: a title, hex classes, marked spaces, outlines (mm polygons) and labels."""

    title: str
    classes: dict[tuple[int, int], str]
    marks: list[Mark] = field(default_factory=list)
    walls: list[list[tuple[float, float]]] = field(default_factory=list)
    interiors: list[list[tuple[float, float]]] = field(default_factory=list)
    things: list[tuple[list[tuple[float, float]], str]] = field(default_factory=list)
    ground: list[tuple[int, int]] = field(default_factory=list)
    #: Start zones and glyphs: (q, r, label), drawn as a tag in the hex's top corner.
    tags: list[tuple[int, int, str]] = field(default_factory=list)

    def bounds(self) -> tuple[float, float, float, float]:
        xs: list[float] = []
        ys: list[float] = []
        for q, r in list(self.classes) + list(self.ground) + [(m.q, m.r) for m in self.marks]:
            for x, y in hex_corners_mm(q, r):
                xs.append(x)
                ys.append(y)
        for poly in self.walls + [t[0] for t in self.things]:
            xs += [p[0] for p in poly]
            ys += [p[1] for p in poly]
        if not xs:
            return (-30.0, -30.0, 30.0, 30.0)
        return min(xs), min(ys), max(xs), max(ys)


def draw(result: Any, params: OverlayParams | None = None) -> Drawn:
    """The output registry's `overlay-png`: an `OverlayResult`'s picture, one panel per floor or level."""
    panels = book_panels(result.overlay) if result.overlay is not None else map_panels(result.map, result.placed)
    return Drawn(render_panels(panels, params or OverlayParams(), result.title, result.note, result.columns).png())


def _pattern(kind: str | None, size: tuple[int, int], ink: tuple[int, int, int], fill: tuple[int, int, int]
             ) -> Canvas:
    draw = Canvas(size, fill)
    w, h = size
    step = 9
    if kind in ("diagonal", "cross"):
        for k in range(-h, w + h, step):
            draw.line([(k, 0), (k + h, h)], fill=ink, width=2)
            if kind == "cross":
                draw.line([(k, h), (k + h, 0)], fill=ink, width=2)
    elif kind == "dots":
        for y in range(0, h, step):
            for x in range((y // step % 2) * step // 2, w, step):
                draw.ellipse([x - 1.5, y - 1.5, x + 1.5, y + 1.5], fill=(200, 200, 205))
    return draw


def _mark_label(m: Mark) -> str:
    text = MARK_LABELS.get(m.kind, m.kind)
    return f"{text}{m.number}" if m.number is not None else text


def render_panels(panels: list[Panel], params: OverlayParams, title: str, note: str = "", columns: int = 3
                  ) -> Canvas:
    """The panels, `columns` to a row, a legend and the parameter line."""
    boxes = [p.bounds() for p in panels]
    sizes = [(int((b[2] - b[0]) * SCALE) + 2 * MARGIN, int((b[3] - b[1]) * SCALE) + 2 * MARGIN + TITLE_H)
             for b in boxes]
    cols = min(len(panels), columns) or 1
    rows = [sizes[i:i + cols] for i in range(0, len(sizes), cols)] or [[(200, 200)]]
    col_w = [max((row[c][0] for row in rows if c < len(row)), default=0) for c in range(cols)]
    row_h = [max(s[1] for s in row) for row in rows]
    legend_h = 170
    width = max(sum(col_w), 1000)
    height = 40 + sum(row_h) + legend_h
    draw = Canvas((width, height), (255, 255, 255))
    draw.text((MARGIN, 10), title, fill=(0, 0, 0), size=20)
    for i, (panel, box) in enumerate(zip(panels, boxes)):
        ox = sum(col_w[: i % cols])
        oy = 40 + sum(row_h[: i // cols])
        _draw_panel(draw, panel, box, ox, oy)
    _draw_legend(draw, params, 40 + sum(row_h) + 6, note)
    return draw


def _draw_panel(draw: Canvas, panel: Panel, box: tuple[float, float, float, float], ox: int, oy: int) -> None:
    draw.text((ox + MARGIN, oy + 4), panel.title, fill=(0, 0, 0), size=16)
    x0, y0 = box[0], box[1]

    def px(pt: tuple[float, float]) -> tuple[float, float]:
        return ox + MARGIN + (pt[0] - x0) * SCALE, oy + TITLE_H + MARGIN + (pt[1] - y0) * SCALE

    for q, r in panel.ground:
        if (q, r) not in panel.classes:
            draw.polygon([px(c) for c in hex_corners_mm(q, r)], fill=(246, 246, 246), outline=(200, 200, 200))
    for cls, style in STYLE.items():
        cells = [h for h, c in panel.classes.items() if c == cls]
        if not cells:
            continue
        mask = Canvas(draw.size, 0, mode="L")
        for q, r in cells:
            mask.polygon([px(c) for c in hex_corners_mm(q, r)], fill=255)
        draw.paste(_pattern(style["pattern"], draw.size, style["ink"], style["fill"]), (0, 0), mask)
    letter_px, small_px = 15, 12
    for (q, r), cls in panel.classes.items():
        draw.polygon([px(c) for c in hex_corners_mm(q, r)], outline=(60, 60, 60))
        cx, cy = px(hex_center_mm(q, r))
        letter = STYLE[cls]["letter"]
        colour = (255, 255, 255) if cls == "covered" else (0, 0, 0)
        draw.rectangle([cx - 9, cy - 22, cx + 9, cy - 4], fill=(255, 255, 255) if cls != "covered" else (40, 40, 46))
        draw.text((cx, cy - 13), letter, fill=colour, size=letter_px, anchor="mm")
        label = f"{q},{r}"
        bbox = draw.text_box((cx, cy + 10), label, size=small_px, anchor="mm")
        draw.rectangle([bbox[0] - 2, bbox[1] - 1, bbox[2] + 2, bbox[3] + 1],
                       fill=(255, 255, 255) if cls != "covered" else (40, 40, 46))
        draw.text((cx, cy + 10), label, fill=(60, 60, 60) if cls != "covered" else (230, 230, 230),
                  size=small_px, anchor="mm")
    for poly in panel.interiors:
        pts = [px(p) for p in poly]
        for a, b in zip(pts, pts[1:] + pts[:1]):
            _dashed(draw, a, b, (20, 60, 200))
    for poly in panel.walls:
        pts = [px(p) for p in poly]
        draw.line(pts + pts[:1], fill=(0, 0, 0), width=3)
    for poly, label in panel.things:
        pts = [px(p) for p in poly]
        draw.line(pts + pts[:1], fill=(150, 0, 150), width=2)
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        draw.text((cx, cy), label, fill=(120, 0, 120), size=small_px, anchor="mm")
    for q, r, label in panel.tags:
        cx, cy = px(hex_center_mm(q, r))
        bbox = draw.text_box((cx, cy - 36), label, size=small_px, anchor="mm")
        draw.rectangle([bbox[0] - 3, bbox[1] - 2, bbox[2] + 3, bbox[3] + 2], fill=(200, 0, 0))
        draw.text((cx, cy - 36), label, fill=(255, 255, 255), size=small_px, anchor="mm")
    by_hex: dict[tuple[int, int], list[str]] = {}
    for m in panel.marks:
        by_hex.setdefault((m.q, m.r), []).append(_mark_label(m))
    for (q, r), labels in by_hex.items():
        cx, cy = px(hex_center_mm(q, r))
        text = " ".join(labels)
        bbox = draw.text_box((cx, cy + 28), text, size=small_px, anchor="mm")
        draw.rectangle([bbox[0] - 2, bbox[1] - 1, bbox[2] + 2, bbox[3] + 1], fill=(255, 255, 255), outline=(0, 0, 160))
        draw.text((cx, cy + 28), text, fill=(0, 0, 160), size=small_px, anchor="mm")


def _dashed(draw: Canvas, a: tuple[float, float], b: tuple[float, float], colour: tuple[int, int, int]) -> None:
    import math

    length = math.dist(a, b)
    n = max(1, int(length // 8))
    for i in range(0, n, 2):
        t0, t1 = i / n, min(1.0, (i + 1) / n)
        draw.line([(a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                   (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)], fill=colour, width=2)


def _draw_legend(draw: Canvas, params: OverlayParams, top: int, note: str) -> None:
    font_px = 14
    x = MARGIN
    meaning = {"full": "Full: a base fits", "half": "Half: only a Wound Marker fits",
               "partial": "Partial: not even a marker fits", "covered": "covered: no open area"}
    for cls, style in STYLE.items():
        swatch = _pattern(style["pattern"], (34, 30), style["ink"], style["fill"])
        draw.paste(swatch, (x, top))
        draw.rectangle([x, top, x + 33, top + 29], outline=(60, 60, 60))
        draw.text((x + 17, top + 15), style["letter"], fill=(255, 255, 255) if cls == "covered" else (0, 0, 0),
                  size=font_px, anchor="mm")
        draw.text((x + 40, top + 8), meaning[cls], fill=(0, 0, 0), size=font_px)
        x += 60 + int(draw.text_length(meaning[cls], font_px))
    lines = [
        "Black line: walls (footprint).  Blue dashes: walkable interior.  Purple: vehicles and objects.  "
        "Red: start zones, glyphs.",
        "Blue labels: Door = doorway, Win = window, T# = transit space, Up# / Dn# = stairways, "
        "Lift = elevator shaft, Exit# (# = Transit Number).",
        "Parameters: " + params.legend_line(),
    ]
    if params.marker_source == "assumed":
        lines.append("The wound-marker diameter is an ASSUMPTION (no published measurement); "
                     f"pass {option('marker_diameter')}.")
    if note:
        lines.append(note)
    for i, line in enumerate(lines):
        draw.text((MARGIN, top + 42 + 20 * i), line, fill=(0, 0, 0), size=13)


# -- what to draw -------------------------------------------------------------------------------

def book_panels(overlay: Any) -> list[Panel]:
    """Panels of one Book in its own frame: outside on the ground, then each floor."""
    import shapely

    book = overlay.book
    panels = [Panel("outside, on the ground", overlay.exterior, list(book.exits), walls=[book.footprint])]
    for f, fo in zip(book.floors, overlay.floors):
        interior = book.interior_polygon(f)
        rings = [list(map(tuple, shapely.get_coordinates(g.exterior).tolist())) for g in getattr(interior, "geoms", [interior])
                 if not g.is_empty and g.geom_type == "Polygon"]
        name = f" ({f.name})" if f.name else ""
        panels.append(Panel(f"floor {f.index + 1}{name}, level +{f.base_offset}", fo.classes, fo.marks,
                            walls=[book.footprint], interiors=rings))
    return panels


def map_panels(m: Any, placed: Any) -> list[Panel]:
    """Panels of a map: one per level that a Book's ground or floor lies on."""
    import shapely

    from mapkit.geometry.placing import place_points

    levels = sorted({k[2] for k in placed.cells})
    panels = []
    for level in levels:
        classes = {(q, r): c for (q, r, lv), c in placed.cells.items() if lv == level}
        marks: list[Mark] = []
        walls, interiors, things = [], [], []
        for pb in placed.buildings:
            if pb.placed is None:
                continue
            p = pb.placement
            fp = place_points(pb.book.footprint, p.q, p.r, p.rotation)
            on_level = p.level == level
            if on_level:
                marks += pb.placed.exits
            for f, fo in zip(pb.book.floors, pb.placed.floors):
                if pb.placed.floor_level(fo) == level:
                    on_level = True
                    marks += fo.marks
                    inner = pb.book.interior_polygon(f)
                    if inner.geom_type == "Polygon" and not inner.is_empty:
                        interiors.append(place_points(shapely.get_coordinates(inner.exterior).tolist(),
                                                      p.q, p.r, p.rotation))
            if on_level:
                walls.append(fp)
        for pb in placed.objects:
            if pb.book is not None and pb.placement.level == level:
                p = pb.placement
                things.append((place_points(pb.book.footprint, p.q, p.r, p.rotation), pb.book.name))
        ground = sorted({(pc.q + 0, pc.r + 0) for pc in m.pieces if pc.z == level - 1}
                        | {h for pc in m.pieces if pc.z == level - 1 for h in m.footprint(pc)})
        if level == 0:
            ground = []
        tags = [(pc.q, pc.r, f"Start {pc.attrs.get('player', '?')}" if pc.type == "start-zone"
                 else f"Glyph {pc.attrs.get('letter', '?')}") for pc in m.pieces
                if pc.type in ("start-zone", "glyph") and pc.z == level]
        panels.append(Panel(f"Level {level}", classes, marks, walls, interiors, things, ground, tags))
    return panels
