"""Reading geometry back from a PDF: the paths drawn on each page, in page points.

Shared by the print tests (imported from them), and tested here against a PDF drawn with
known shapes so a broken probe cannot make the other tests pass by accident.
"""

from __future__ import annotations

import io
import math

import pytest

from mapkit.records import Record

pypdf = pytest.importorskip("pypdf", reason="pypdf is a test dependency: pip install -e '.[test]'")

PT_PER_MM = 72.0 / 25.4
PAINT = {"S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n"}


class Subpath(Record):
    points: list[tuple[float, float]]
    closed: bool
    painted: str  # the painting operator, "n" for clip-only paths

    def centroid(self) -> tuple[float, float]:
        pts = self.points[:-1] if self.points[0] == self.points[-1] and len(self.points) > 1 else self.points
        return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)


def _mul(m, n):
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
            e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)


def page_paths(page) -> list[Subpath]:
    """Every subpath on a page with its points mapped through the current matrix."""
    from pypdf.generic import ContentStream

    content = ContentStream(page.get_contents(), page.pdf)
    ctm = (1, 0, 0, 1, 0, 0)
    stack = []
    current: list[Subpath] = []
    out: list[Subpath] = []

    def tr(x, y):
        a, b, c, d, e, f = ctm
        return a * x + c * y + e, b * x + d * y + f

    for operands, op in content.operations:
        op = op.decode() if isinstance(op, bytes) else op
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop() if stack else (1, 0, 0, 1, 0, 0)
        elif op == "cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)
        elif op == "m":
            current.append(Subpath([tr(float(operands[0]), float(operands[1]))], False, ""))
        elif op == "l" and current:
            current[-1].points.append(tr(float(operands[0]), float(operands[1])))
        elif op == "h" and current:
            current[-1].closed = True
        elif op == "re":
            x, y, w, h = (float(v) for v in operands)
            current.append(Subpath([tr(x, y), tr(x + w, y), tr(x + w, y + h), tr(x, y + h)], True, ""))
        elif op in PAINT:
            for sp in current:
                sp.painted = op
            out.extend(current)
            current = []
    return out


def page_extents(page) -> list[tuple[str, float, float, float, float]]:
    """Every drawn object on a page as (what, x0, y0, x1, y1) in points, cut to the clipping
    path in force (a clipped drawing shows only inside it): painted paths (curves by their
    control points, which bound them), text runs (measured with the font's own widths) and
    images. Clip-only paths draw nothing and are left out."""
    from pypdf.generic import ContentStream
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from mapkit.outputs.paint.pdf import bold_font, font

    content = ContentStream(page.get_contents(), page.pdf)
    ctm = (1, 0, 0, 1, 0, 0)
    big = (-1e9, -1e9, 1e9, 1e9)
    clip = big
    stack: list = []
    pts: list[tuple[float, float]] = []
    clipping = False
    out: list[tuple[str, float, float, float, float]] = []

    def tr(m, x, y):
        a, b, c, d, e, f = m
        return a * x + c * y + e, b * x + d * y + f

    def add(what, xs, ys, box=None):
        x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
        cx0, cy0, cx1, cy1 = box or clip
        x0, y0, x1, y1 = max(x0, cx0), max(y0, cy0), min(x1, cx1), min(y1, cy1)
        if x0 <= x1 and y0 <= y1:
            out.append((what, x0, y0, x1, y1))

    for operands, op in content.operations:
        op = op.decode() if isinstance(op, bytes) else op
        if op == "q":
            stack.append((ctm, clip))
        elif op == "Q":
            ctm, clip = stack.pop() if stack else ((1, 0, 0, 1, 0, 0), big)
        elif op == "cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)
        elif op in ("m", "l"):
            pts.append(tr(ctm, float(operands[0]), float(operands[1])))
        elif op in ("c", "v", "y"):
            vals = [float(v) for v in operands]
            pts.extend(tr(ctm, vals[i], vals[i + 1]) for i in range(0, len(vals), 2))
        elif op == "re":
            x, y, w, h = (float(v) for v in operands)
            pts.extend([tr(ctm, x, y), tr(ctm, x + w, y + h), tr(ctm, x, y + h), tr(ctm, x + w, y)])
        elif op in ("W", "W*"):
            clipping = True
        elif op in PAINT:
            if clipping and pts:
                xs, ys = [x for x, _ in pts], [y for _, y in pts]
                clip = (max(clip[0], min(xs)), max(clip[1], min(ys)), min(clip[2], max(xs)), min(clip[3], max(ys)))
            elif op != "n" and pts:
                add(f"path {op}", [x for x, _ in pts], [y for _, y in pts])
            pts, clipping = [], False
        elif op == "Do":
            corners = [tr(ctm, 0, 0), tr(ctm, 1, 1)]
            add("image", [x for x, _ in corners], [y for _, y in corners])

    def visit(text, cm, tm, font_dict, size):
        if not text.strip() or not font_dict:
            return
        m = _mul(tm, cm)
        scale = (m[0] ** 2 + m[1] ** 2) ** 0.5 or 1.0
        base = str(font_dict.get("/BaseFont", ""))
        name = bold_font() if "Bold" in base else font()
        if "Helvetica" in base:
            name = "Helvetica-Bold" if "Bold" in base else "Helvetica"
        width = stringWidth(text.rstrip("\n"), name, size)
        corners = [tr(m, 0, -0.25 * size), tr(m, width, size)]
        add("text " + text.strip()[:30], [x for x, _ in corners], [y for _, y in corners], big)

    page.extract_text(visitor_text=visit)
    return out


def hexagons(paths: list[Subpath]) -> list[Subpath]:
    """Closed, painted six-corner paths that are regular hexagons."""
    found = []
    for sp in paths:
        if not sp.closed or len(sp.points) != 6 or sp.painted == "n":
            continue
        cx, cy = sp.centroid()
        radii = [math.hypot(x - cx, y - cy) for x, y in sp.points]
        if max(radii) - min(radii) < 0.01 * max(radii) and max(radii) > 1:
            found.append(sp)
    return found


def nearest_neighbour_mm(centres: list[tuple[float, float]]) -> list[float]:
    """For each centre, the distance to its nearest other centre, in millimetres."""
    out = []
    for i, (x, y) in enumerate(centres):
        best = min(math.hypot(x - x2, y - y2) for j, (x2, y2) in enumerate(centres) if j != i)
        out.append(best / PT_PER_MM)
    return out


def read_pdf(data: bytes):
    return pypdf.PdfReader(io.BytesIO(data))


# -- the probe itself -------------------------------------------------------------------------

def test_probe_reads_back_known_shapes():
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(300, 300), pageCompression=0)
    c.saveState()
    c.translate(10, 20)  # a cm the probe must apply
    for cx in (50.0, 80.0):
        p = c.beginPath()
        for k in range(6):
            a = math.radians(60 * k - 90)
            (p.moveTo if k == 0 else p.lineTo)(cx + 17.32 * math.cos(a), 100 + 17.32 * math.sin(a))
        p.close()
        c.drawPath(p, stroke=1, fill=0)
    c.restoreState()
    c.line(0, 0, 100, 0)
    c.save()
    paths = page_paths(read_pdf(buf.getvalue()).pages[0])
    hexes = hexagons(paths)
    assert len(hexes) == 2
    assert sorted(round(h.centroid()[0], 3) for h in hexes) == [60.0, 90.0]
    assert all(round(h.centroid()[1], 3) == 120.0 for h in hexes)
    assert nearest_neighbour_mm([h.centroid() for h in hexes])[0] == pytest.approx(30 / PT_PER_MM)
    assert any(not sp.closed and sp.points == [(0.0, 0.0), (100.0, 0.0)] for sp in paths)
