"""The PDF painter (reportlab): pages in, the bytes of one PDF out (`paint`), and the measure of
its words (`measure`), which the pages are composed with.

A page is a scene whose box is the paper, in millimetres from its top-left corner (y down;
`scene.page`); the painter maps it onto PDF points (y up). Paths, colours and line widths are
written as PDF operators directly, text through reportlab's fonts (DejaVu Sans where the system
has it: map names and scenarios carry accents and other scripts). Paths are written in page
coordinates (no `cm` transform), which keeps the geometry easy to read back from the file in tests.
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Any, Sequence

from mapkit import escapes
from mapkit.outputs.scene.page import PAPERS, paper_mm  # noqa: F401  (the papers a PDF is printed on)
from mapkit.outputs.scene.shapes import Area, Circle, Group, Lines, Picture, Poly, Rect, Text, Tiles, Use, plain

#: Points per millimetre (PDF user space is 1/72 inch).
PT_PER_MM = 72.0 / 25.4

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
    c._doc.defaultStreamFilters = [_Flate()]   # zlib level 3: a sheet's streams in 40 % of level 6's time, 16 % larger
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


class _Flate:
    """reportlab's FlateDecode stream filter at zlib level 3 (its own uses the default, 6)."""

    pdfname = "FlateDecode"

    def encode(self, text: Any) -> bytes:
        import zlib

        return zlib.compress(text.encode("utf8") if isinstance(text, str) else text, 3)

    def decode(self, encoded: bytes) -> bytes:
        import zlib

        return zlib.decompress(encoded)


# -- text measured in a font ---------------------------------------------------------------------

def text_width(text: str, face: str, size: float) -> float:
    """The width of `text` in points, set in font `face` at `size` points."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(text, face, size)


def png_image(data: bytes) -> Any:
    """PNG bytes as an image a canvas draws (`c.drawImage`); `.getSize()` is its size in pixels."""
    import io

    from reportlab.lib.utils import ImageReader

    return ImageReader(io.BytesIO(data))


# -- pages painted: the painter's one entry ---------------------------------------------------------

def measure(text: str, size: float, bold: bool = False) -> float:
    """The width (mm) of `text` set `size` mm high in the sheets' font: what a page composed for
    this painter measures its words with."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(text, bold_font() if bold else font(), size * PT_PER_MM) / PT_PER_MM


def paint(pages: Sequence[Any], title: str = "", author: str = "mapkit") -> bytes:
    """Pages (`Scene`s whose box is the paper, in millimetres from its top-left corner) as one PDF."""
    import io

    from mapkit.outputs.scene.shapes import gc_paused

    buffer = io.BytesIO()
    with gc_paused():
        c = new_canvas(buffer, "letter", title=title, author=author)
        for page in pages:
            width, height = page.box.width, page.box.height
            c.setPageSize((width * PT_PER_MM, height * PT_PER_MM))
            pen = _Pen(c, height * PT_PER_MM, page.defs)
            pen.group(page.root, -page.box.x0 * PT_PER_MM, height * PT_PER_MM + page.box.y0 * PT_PER_MM, PT_PER_MM)
            pen.flush()
            c.showPage()
        c.save()
    return buffer.getvalue()


#: Bezier handle length of a quarter circle, as a share of its radius.
_KAPPA = 0.5522847498


class _Pen:
    """Writes a page's shapes as PDF operators: paths, colours and widths written out directly
    (reportlab's path objects were most of a big sheet's time), text through reportlab (its fonts
    and subsets). A point (x, y) of a shape placed at (bx, by, a) lands at (bx + a x, by - a y)
    points: y grows up the page."""

    def __init__(self, c: Any, page_h: float, defs: dict[str, list[Any]] | None = None):
        self.c = c
        self.defs = defs or {}
        self.ops: list[str] = ["1 j"]
        self.fill: tuple | None = None
        self.stroke: tuple | None = None
        self.width = -1.0
        self.dash: tuple | None = None
        self.states: list[tuple] = []
        #: The box (points) the clip in force shows, if any.
        self.window: tuple[float, float, float, float] | None = None

    def flush(self) -> None:
        if self.ops:
            self.c.addLiteral("\n".join(self.ops))
            self.ops = []

    # -- state --------------------------------------------------------------------------------

    def _fill(self, rgb: Sequence[int]) -> None:
        key = tuple(rgb[:3])
        if key != self.fill:
            self.fill = key
            self.ops.append("%.4g %.4g %.4g rg" % (key[0] / 255, key[1] / 255, key[2] / 255))

    def _stroke(self, rgb: Sequence[int], width: float, dash: bool) -> None:
        key = tuple(rgb[:3])
        if key != self.stroke:
            self.stroke = key
            self.ops.append("%.4g %.4g %.4g RG" % (key[0] / 255, key[1] / 255, key[2] / 255))
        width = max(0.1, width)
        if width != self.width:
            self.width = width
            self.ops.append("%.3f w" % width)
        pattern = (width * 3, width * 2) if dash else None
        if pattern != self.dash:
            self.dash = pattern
            self.ops.append("[%.3f %.3f] 0 d" % pattern if pattern else "[] 0 d")

    def _save(self) -> None:
        self.ops.append("q")
        self.states.append((self.fill, self.stroke, self.width, self.dash))

    def _restore(self) -> None:
        self.ops.append("Q")
        self.fill, self.stroke, self.width, self.dash = self.states.pop()

    def _paint(self, fill: Sequence[int] | None, stroke: Sequence[int] | None, width: float, dash: bool,
               closed: bool = True) -> None:
        if fill is not None and closed:
            self._fill(fill)
        if stroke is not None:
            self._stroke(stroke, width, dash)
        filled = fill is not None and closed
        self.ops.append("B" if filled and stroke is not None else "f" if filled else "S")

    # -- shapes -------------------------------------------------------------------------------

    def group(self, group: Group, bx: float, by: float, a: float) -> None:
        bx, by = bx + a * group.offset[0], by - a * group.offset[1]
        a *= group.scale
        window = self.window
        if group.bounds is not None and window is not None:
            b = group.bounds
            if bx + a * b.x1 < window[0] or bx + a * b.x0 > window[2] or by - a * b.y0 < window[1] or \
                    by - a * b.y1 > window[3]:
                return                                 # wholly outside the window painted
        if group.clip is not None:
            self._save()
            pts = [(bx + a * x, by - a * y) for x, y in group.clip]
            self.ops.append(_path(pts, True) + " W n")
            xs, ys = [x for x, _ in pts], [y for _, y in pts]
            self.window = (min(xs), min(ys), max(xs), max(ys))
        for item in group.items:
            if isinstance(item, Group):
                self.group(item, bx, by, a)
            elif not item.covered:
                self.shape(item, bx, by, a)
        if group.clip is not None:
            self._restore()
            self.window = window

    def shape(self, item: Any, bx: float, by: float, a: float) -> None:
        if type(item) is Poly:
            pts = item.pts
            if len(pts) < 2 or (item.fill is None and (item.stroke is None or item.width <= 0)):
                return
            stroke = item.stroke if item.width > 0 else None
            x, y = pts[0]
            path = "%.2f %.2f m " % (bx + a * x, by - a * y) + " ".join(["%.2f %.2f l" % (bx + a * x, by - a * y)
                                                                          for x, y in pts[1:]])
            self.ops.append(path + " h" if item.closed else path)
            self._paint(item.fill, stroke, item.width * a, item.dash, item.closed)
        elif isinstance(item, Circle):
            stroke = item.stroke if item.width > 0 else None
            if item.fill is None and stroke is None:
                return
            self.ops.append(_circle(bx + a * item.cx, by - a * item.cy, item.radius * a))
            self._paint(item.fill, stroke, item.width * a, False)
        elif isinstance(item, Rect):
            stroke = item.stroke if item.width > 0 else None
            if item.fill is None and stroke is None:
                return
            self.ops.append(_rect(bx + a * item.x0, by - a * item.y1, (item.x1 - item.x0) * a,
                                  (item.y1 - item.y0) * a, item.radius * a))
            self._paint(item.fill, stroke, item.width * a, False)
        elif isinstance(item, Text):
            self._text(item, bx + a * item.x, by - a * item.y, max(2.5, item.size * a))
        elif isinstance(item, Area):
            self._area(item, bx, by, a)
        elif isinstance(item, (Use, Tiles, Lines)):
            for shape in plain(item, self.defs):
                self.shape(shape, bx, by, a)
        elif isinstance(item, Picture):
            self._picture(item, bx + a * item.x, by - a * item.y, item.width * a, item.height * a)

    def _text(self, item: Text, x: float, y: float, size: float) -> None:
        from reportlab.pdfbase.pdfmetrics import getFont, stringWidth

        if not item.text:
            return
        text = escapes.pdf(item.text)              # the one way a file's text reaches a PDF
        name = bold_font() if item.bold else font()
        if item.anchor != "start":
            width = stringWidth(text, name, size)
            x -= width if item.anchor == "end" else width / 2
        y -= size * 0.35                               # the scene centres text on (x, y)
        face = getFont(name)
        if item.halo is not None:                      # the letters' outline stroked first: the halo
            self._stroke(item.halo, size * 0.18, False)
            self._letters(face, text, x, y, size, stroked=True)
        self._fill(item.fill)
        self._letters(face, text, x, y, size)

    def _letters(self, face: Any, text: str, x: float, y: float, size: float, stroked: bool = False) -> None:
        """Text at (x, y) points: written as PDF operators for a TrueType font (reportlab's subset
        names, the same operators its text objects write, without one object a word), through
        reportlab's text object for a built-in one. Stroked: the letters' outlines (a halo)."""
        text = escapes.pdf(text)                      # the one way a file's text reaches a PDF
        if getattr(face, "_dynamicFont", False):
            from reportlab.lib.rl_accel import escapePDF

            doc = self.c._doc
            runs = " ".join(f"{face.getSubsetInternalName(subset, doc)} {size:.2f} Tf ({escapePDF(part)}) Tj"
                            for subset, part in face.splitString(text, doc))
            mode = "1 Tr " if stroked else ""
            self.ops.append(f"BT {mode}1 0 0 1 {x:.2f} {y:.2f} Tm {runs}{' 0 Tr' if stroked else ''} ET")
            return
        self.flush()
        words = self.c.beginText(x, y)
        words.setFont(face.fontName, size)
        if stroked:
            words.setTextRenderMode(1)
        words.textOut(text)
        if stroked:
            words.setTextRenderMode(0)   # filled letters again: the mode is graphics state and outlives the text
        self.c.drawText(words)

    def _area(self, item: Any, bx: float, by: float, a: float) -> None:
        rings = [ring for ring in item.rings if len(ring) >= 3]
        if not rings:
            return
        self._save()
        if item.opacity < 1:
            self.flush()
            self.c.setFillAlpha(item.opacity)
        self._fill(item.fill)
        self.ops.append(" ".join(_path([(bx + a * x, by - a * y) for x, y in ring], True) for ring in rings) + " f*")
        self._restore()

    def _picture(self, item: Any, x: float, top: float, width: float, height: float) -> None:
        from mapkit.outputs.paint.raster import render_png

        image = png_image(render_png(item.scene, item.scale))
        iw, ih = image.getSize()
        k = min(width / iw, height / ih)
        self.flush()
        self.c.drawImage(image, x + (width - iw * k) / 2, top - height + (height - ih * k) / 2, iw * k, ih * k)


def _path(points: Sequence[tuple[float, float]], closed: bool) -> str:
    x, y = points[0]
    parts = ["%.2f %.2f m" % (x, y)]
    parts += ["%.2f %.2f l" % pt for pt in points[1:]]
    if closed:
        parts.append("h")
    return " ".join(parts)


def _circle(x: float, y: float, r: float) -> str:
    k = r * _KAPPA
    return (f"{x + r:.2f} {y:.2f} m {x + r:.2f} {y + k:.2f} {x + k:.2f} {y + r:.2f} {x:.2f} {y + r:.2f} c "
            f"{x - k:.2f} {y + r:.2f} {x - r:.2f} {y + k:.2f} {x - r:.2f} {y:.2f} c "
            f"{x - r:.2f} {y - k:.2f} {x - k:.2f} {y - r:.2f} {x:.2f} {y - r:.2f} c "
            f"{x + k:.2f} {y - r:.2f} {x + r:.2f} {y - k:.2f} {x + r:.2f} {y:.2f} c h")


def _rect(x: float, y: float, w: float, h: float, r: float) -> str:
    """A box from its lower-left corner (x, y), `w` wide and `h` high, corners rounded by `r`."""
    if r <= 0:
        return f"{x:.2f} {y:.2f} {w:.2f} {h:.2f} re"
    r = min(r, w / 2, h / 2)
    k = r * (1 - _KAPPA)
    x1, y1 = x + w, y + h
    return (f"{x + r:.2f} {y:.2f} m {x1 - r:.2f} {y:.2f} l {x1 - k:.2f} {y:.2f} {x1:.2f} {y + k:.2f} {x1:.2f} {y + r:.2f} c "
            f"{x1:.2f} {y1 - r:.2f} l {x1:.2f} {y1 - k:.2f} {x1 - k:.2f} {y1:.2f} {x1 - r:.2f} {y1:.2f} c "
            f"{x + r:.2f} {y1:.2f} l {x + k:.2f} {y1:.2f} {x:.2f} {y1 - k:.2f} {x:.2f} {y1 - r:.2f} c "
            f"{x:.2f} {y + r:.2f} l {x:.2f} {y + k:.2f} {x + k:.2f} {y:.2f} {x + r:.2f} {y:.2f} c h")
