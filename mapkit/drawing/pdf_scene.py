"""A scene (`mapkit.drawing.scene`) drawn on a reportlab canvas: the third backend beside PNG and SVG.

The build sheets draw each Level by walking the very scene the PNG and SVG pictures draw, so a
piece has one colour, one symbol and one legend line wherever it appears. Coordinates go through
a `Sheet` (model millimetres onto the page); stroke widths and text sizes scale with it.
"""

from __future__ import annotations

from typing import Any, Iterable

from mapkit.drawing.pdf_common import Sheet, bold_font, font, polygon_path, rgb
from mapkit.drawing.scene import Circle, Group, Poly, Text


def draw_items(c: Any, items: Iterable[tuple[Any, float, float]], sheet: Sheet) -> None:
    """Draw (shape, dx, dy) as `Group.walk` yields them, in order; what a higher piece covers is
    left out, as in a PNG."""
    k = sheet.length(1.0)                       # points per scene millimetre
    for item, dx, dy in items:
        if item.covered:
            continue
        if isinstance(item, Poly):
            _poly(c, item, dx, dy, sheet, k)
        elif isinstance(item, Circle):
            _circle(c, item, dx, dy, sheet, k)
        elif isinstance(item, Text):
            _text(c, item, dx, dy, sheet, k)


def draw_group(c: Any, group: Group, sheet: Sheet) -> None:
    draw_items(c, group.walk(), sheet)


def _poly(c: Any, item: Poly, dx: float, dy: float, sheet: Sheet, k: float) -> None:
    if len(item.pts) < 2 or (item.fill is None and item.stroke is None):
        return
    pts = [sheet.pt(x + dx, y + dy) for x, y in item.pts]
    c.saveState()
    fill_rgb = item.fill if item.closed else None
    if fill_rgb is not None:
        c.setFillColorRGB(*rgb(fill_rgb))
    stroke_rgb = item.stroke if item.width > 0 else None
    if stroke_rgb is not None:
        c.setStrokeColorRGB(*rgb(stroke_rgb))
        c.setLineWidth(max(0.1, item.width * k))
        c.setLineJoin(1)
        if item.dash:
            c.setDash(item.width * k * 3, item.width * k * 2)
    if item.closed:
        c.drawPath(polygon_path(c, pts), stroke=int(stroke_rgb is not None), fill=int(fill_rgb is not None),
                   fillMode=1)   # non-zero: "B", as the other sheets
    else:
        path = c.beginPath()
        path.moveTo(*pts[0])
        for x, y in pts[1:]:
            path.lineTo(x, y)
        c.drawPath(path, stroke=int(stroke_rgb is not None), fill=0)
    c.restoreState()


def _circle(c: Any, item: Circle, dx: float, dy: float, sheet: Sheet, k: float) -> None:
    x, y = sheet.pt(item.cx + dx, item.cy + dy)
    c.saveState()
    if item.fill is not None:
        c.setFillColorRGB(*rgb(item.fill))
    stroke_rgb = item.stroke if item.width > 0 else None
    if stroke_rgb is not None:
        c.setStrokeColorRGB(*rgb(stroke_rgb))
        c.setLineWidth(max(0.1, item.width * k))
    c.circle(x, y, item.radius * k, stroke=int(stroke_rgb is not None), fill=int(item.fill is not None))
    c.restoreState()


def _text(c: Any, item: Text, dx: float, dy: float, sheet: Sheet, k: float) -> None:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    x, y = sheet.pt(item.x + dx, item.y + dy)
    size = max(2.5, item.size * k)
    name = bold_font() if item.bold else font()
    width = stringWidth(item.text, name, size)
    x -= {"start": 0.0, "end": width}.get(item.anchor, width / 2)
    y -= size * 0.35                               # the scene centres text on (x, y)
    c.saveState()
    if item.halo is not None:                      # the letters' outline stroked first: the halo
        c.setStrokeColorRGB(*rgb(item.halo))
        c.setLineWidth(size * 0.18)
        c.setLineJoin(1)
        halo = c.beginText(x, y)
        halo.setFont(name, size)
        halo.setTextRenderMode(1)
        halo.textOut(item.text)
        c.drawText(halo)
    c.setFillColorRGB(*rgb(item.fill))
    c.setFont(name, size)
    c.drawString(x, y, item.text)
    c.restoreState()
