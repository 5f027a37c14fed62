"""The PDF painter (reportlab): paper sizes, millimetre units, fonts and text fitted to a width,
hex paths, crop marks, the 100 mm scale bar, the tiling of a large drawing across pages, and a
scene drawn on a page.

Drawing code works in millimetres with y growing south (the model's frame); a `Sheet`
maps that frame onto the page in PDF points, so a hex drawn at scale 1 is exactly
44.45 mm between centres on paper. Paths are written in page coordinates (no `cm`
transform), which keeps the geometry easy to read back from the file in tests.

The build sheets draw each Level by walking the very scene the PNG and SVG pictures draw
(`draw_group`, `draw_items`), so a piece has one colour, one symbol and one legend line wherever
it appears; stroke widths and text sizes scale with the `Sheet`.
"""

from __future__ import annotations

import math
import os
from functools import lru_cache
from typing import Any, Iterable, Sequence

from mapkit import escapes
from mapkit.outputs.scene.shapes import Circle, Group, Poly, Text
from mapkit.records import Record

#: Points per millimetre (PDF user space is 1/72 inch).
PT_PER_MM = 72.0 / 25.4

#: Paper sizes in millimetres (portrait width, height).
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}

#: The length of the scale bar printed on every 1:1 page.
SCALE_BAR_MM = 100.0


#: Where a system copy of DejaVu Sans may be (it is not shipped with mapkit).
FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF",
             "/usr/local/share/fonts", "/Library/Fonts", "C:/Windows/Fonts")


@lru_cache(maxsize=1)
def _fonts() -> tuple[str, str]:
    """(regular, bold) font names: DejaVu Sans where the system has it, since map names and
    scenarios carry accents, symbols and other scripts that the built-in Helvetica (Latin-1
    only) prints as boxes; Helvetica otherwise. $MAPKIT_PDF_FONT_DIR adds a folder to search."""
    dirs = ([os.environ["MAPKIT_PDF_FONT_DIR"]] if os.environ.get("MAPKIT_PDF_FONT_DIR") else []) + list(FONT_DIRS)
    for folder in dirs:
        regular = os.path.join(folder, "DejaVuSans.ttf")
        bold = os.path.join(folder, "DejaVuSans-Bold.ttf")
        if os.path.isfile(regular) and os.path.isfile(bold):
            try:
                from reportlab.pdfbase import pdfmetrics
                from reportlab.pdfbase.ttfonts import TTFont

                pdfmetrics.registerFont(TTFont("mapkit-sans", regular))
                pdfmetrics.registerFont(TTFont("mapkit-sans-bold", bold))
                return "mapkit-sans", "mapkit-sans-bold"
            except Exception:  # an unreadable font file: fall back rather than fail the print
                continue
    return "Helvetica", "Helvetica-Bold"


def font() -> str:
    return _fonts()[0]


def bold_font() -> str:
    return _fonts()[1]


def paper_mm(name: str) -> tuple[float, float]:
    """Width and height of a paper size, in millimetres."""
    try:
        return PAPERS[name.lower()]
    except KeyError:
        from mapkit.errors import OptionError

        raise OptionError(f"unknown paper {name!r} (known: {', '.join(PAPERS)})") from None


def new_canvas(target: Any, paper: str, title: str = "", author: str = "mapkit") -> Any:
    """A reportlab canvas of the given paper; `target` is a path or a binary file object.

    `invariant=1` makes the file depend only on what is drawn (no creation date), so two
    runs give the same bytes.
    """
    from reportlab import rl_config

    # Binary (not ASCII85) compressed streams: reportlab's pure-Python ASCII85 encoder was the
    # single largest cost of a big build sheet, and no reader needs 7-bit PDF today.
    rl_config.useA85 = 0
    w, h = paper_mm(paper)
    c = _canvas_class()(target, pagesize=(w * PT_PER_MM, h * PT_PER_MM), invariant=1, pageCompression=1)
    c.setTitle(title)
    c.setAuthor(author)
    c.setCreator("mapkit")
    return c


@lru_cache(maxsize=1)
def _canvas_class() -> Any:
    """reportlab's canvas, every text it draws or sets as metadata passed through `escapes.pdf`
    (the one way a text from a file reaches a PDF: a control character or a lone UTF-16 half
    becomes U+FFFD; reportlab escapes the PDF syntax itself)."""
    from reportlab.pdfgen import canvas, textobject

    class TextObject(textobject.PDFTextObject):
        def textOut(self, text: str) -> None:
            super().textOut(escapes.pdf(text))

        def textLine(self, text: str = "") -> None:
            super().textLine(escapes.pdf(text))

        def textLines(self, stuff: Any, trim: Any = 1) -> None:
            lines = [escapes.pdf(t) for t in stuff] if isinstance(stuff, (list, tuple)) else escapes.pdf(stuff)
            super().textLines(lines, trim)

    class Canvas(canvas.Canvas):
        def beginText(self, x: float = 0, y: float = 0, direction: Any = None) -> Any:
            return TextObject(self, x, y, direction=direction)

        def drawString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
            super().drawString(x, y, escapes.pdf(text), *args, **kwargs)

        def drawCentredString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
            super().drawCentredString(x, y, escapes.pdf(text), *args, **kwargs)

        def drawRightString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
            super().drawRightString(x, y, escapes.pdf(text), *args, **kwargs)

        def setTitle(self, title: str | None) -> None:
            super().setTitle(escapes.pdf(title or ""))

        def setAuthor(self, author: str | None) -> None:
            super().setAuthor(escapes.pdf(author or ""))

        def setSubject(self, subject: str | None) -> None:
            super().setSubject(escapes.pdf(subject or ""))

    return Canvas


class Sheet(Record, frozen=True):
    """Maps model millimetres (x east, y south) onto a page region, in points.

    `origin` is the model point drawn at the page point (`left_pt`, `top_pt`); `scale` is
    paper millimetres per model millimetre (1.0 for true size).
    """

    origin_x: float
    origin_y: float
    left_pt: float
    top_pt: float
    scale: float = 1.0

    def pt(self, x: float, y: float) -> tuple[float, float]:
        k = self.scale * PT_PER_MM
        return self.left_pt + (x - self.origin_x) * k, self.top_pt - (y - self.origin_y) * k

    def length(self, mm: float) -> float:
        """A model length in page points."""
        return mm * self.scale * PT_PER_MM


def polygon_path(c: Any, points_pt: Sequence[tuple[float, float]]) -> Any:
    """A closed path through page points."""
    path = c.beginPath()
    x0, y0 = points_pt[0]
    path.moveTo(x0, y0)
    for x, y in points_pt[1:]:
        path.lineTo(x, y)
    path.close()
    return path


def draw_polygon(c: Any, sheet: Sheet, points_mm: Iterable[tuple[float, float]], stroke: bool = True,
                 fill: bool = False) -> None:
    pts = [sheet.pt(x, y) for x, y in points_mm]
    if len(pts) >= 3:
        c.drawPath(polygon_path(c, pts), stroke=int(stroke), fill=int(fill))


def rgb(colour: Sequence[int], fade: float = 0.0) -> tuple[float, float, float]:
    """An 8-bit colour as reportlab floats, blended toward white by `fade` (0..1)."""
    return tuple((v / 255.0) * (1.0 - fade) + fade for v in colour[:3])  # type: ignore[return-value]


def crop_marks(c: Any, left: float, bottom: float, right: float, top: float, length: float = 5 * PT_PER_MM,
               gap: float = 1.5 * PT_PER_MM) -> None:
    """Corner marks on the rectangle's corners, pointing inwards, for trimming and aligning
    overlapping pages. Inwards, because just outside a 7 mm margin lies the strip a home printer
    cannot print (4 to 6.35 mm), where the marks would be lost."""
    c.saveState()
    c.setLineWidth(0.3)
    c.setStrokeColorRGB(0, 0, 0)
    c.setDash()
    for x, sx in ((left, 1), (right, -1)):
        for y, sy in ((bottom, 1), (top, -1)):
            c.line(x, y, x + sx * length, y)
            c.line(x, y, x, y + sy * length)
    c.restoreState()


def scale_bar(c: Any, x: float, y: float, length_mm: float = SCALE_BAR_MM) -> None:
    """A bar `length_mm` long on paper with 10 mm ticks and its label, from page point (x, y)."""
    c.saveState()
    c.setLineWidth(0.6)
    c.setStrokeColorRGB(0, 0, 0)
    length = length_mm * PT_PER_MM
    c.line(x, y, x + length, y)
    for i in range(int(length_mm // 10) + 1):
        tick = 2.5 if i % 5 else 4.0
        tx = x + i * 10 * PT_PER_MM
        c.line(tx, y, tx, y + tick * PT_PER_MM)
    c.setFont(font(), 6.5)
    c.setFillColorRGB(0, 0, 0)
    c.drawString(x + length + 2 * PT_PER_MM, y, f"{length_mm:g} mm: measure to check the print is at 100 %")
    c.restoreState()


def tile_windows(x0: float, y0: float, x1: float, y1: float, win_w: float, win_h: float, overlap: float
                 ) -> list[tuple[int, int, float, float]]:
    """Split the model rectangle (x0, y0)-(x1, y1) into page windows of win_w x win_h mm.

    Neighbouring windows share `overlap` mm so pages can be glued edge over edge.
    Returns (row, column, window x, window y) with rows north to south.
    """
    if overlap >= min(win_w, win_h):
        from mapkit.errors import OptionError

        raise OptionError("overlap must be smaller than the printable area")
    step_x, step_y = win_w - overlap, win_h - overlap
    cols = max(1, math.ceil((x1 - x0 - overlap) / step_x)) if x1 - x0 > win_w else 1
    rows = max(1, math.ceil((y1 - y0 - overlap) / step_y)) if y1 - y0 > win_h else 1
    # centre the grid of windows on the drawing so the margins are even
    span_x = cols * step_x + overlap
    span_y = rows * step_y + overlap
    start_x = x0 - (span_x - (x1 - x0)) / 2
    start_y = y0 - (span_y - (y1 - y0)) / 2
    return [(row, col, start_x + col * step_x, start_y + row * step_y)
            for row in range(rows) for col in range(cols)]


# -- text measured in a font ---------------------------------------------------------------------

def text_width(text: str, face: str, size: float) -> float:
    """The width of `text` in points, set in font `face` at `size` points."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(text, face, size)


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


def fitted_text(text: str, face: str, size: float, width: float, smallest: float = 7.0) -> tuple[str, float]:
    """`text` and a font size at which it fits in `width` points: smaller down to `smallest`,
    then cut with an ellipsis."""
    while size > smallest and text_width(text, face, size) > width:
        size -= 0.5
    if text_width(text, face, size) <= width:
        return text, size
    while text and text_width(text + "…", face, size) > width:
        text = text[:-1]
    return text.rstrip() + "…", size


def wrap_text(text: str, font: str, size: float, width: float) -> list[str]:
    """Lines of `text` no wider than `width` points (paragraphs kept apart; a word longer than a
    line is broken where it reaches the edge). A line's width is the sum of its words' and
    spaces' (reportlab sets no kerning), so each word is measured once."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    space = stringWidth(" ", font, size)
    lines: list[str] = []
    for para in text.replace("\r", "").split("\n"):
        line, line_w = "", 0.0
        for word in para.split():
            word_w = stringWidth(word, font, size)
            while word_w > width and len(word) > 1:
                cut = max(1, int(len(word) * width / word_w))
                while cut > 1 and stringWidth(word[:cut], font, size) > width:
                    cut -= 1
                if line:
                    lines.append(line)
                    line, line_w = "", 0.0
                lines.append(word[:cut])
                word = word[cut:]
                word_w = stringWidth(word, font, size)
            trial_w = line_w + space + word_w if line else word_w
            if trial_w > width and line:
                lines.append(line)
                line, line_w = word, word_w
            else:
                line, line_w = (f"{line} {word}" if line else word), trial_w
        lines.append(line)
    return lines


def png_image(data: bytes) -> Any:
    """PNG bytes as an image a canvas draws (`c.drawImage`); `.getSize()` is its size in pixels."""
    import io

    from reportlab.lib.utils import ImageReader

    return ImageReader(io.BytesIO(data))


# -- a scene on a page ----------------------------------------------------------------------------

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
        # back to filled letters: the render mode is graphics state and outlives the text object,
        # so without this the letters below were stroked too (thin outlines in the halo's middle)
        halo.setTextRenderMode(0)
        c.drawText(halo)
    c.setFillColorRGB(*rgb(item.fill))
    c.setFont(name, size)
    c.drawString(x, y, item.text)
    c.restoreState()
