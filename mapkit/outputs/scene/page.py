"""Pages: a sheet of paper as a scene, in millimetres from its top-left corner (x right, y down).

A printed product (build sheets, floor plans, a markers sheet) is a list of pages composed here
and painted once (`paint.pdf.paint`), so its page count is known before anything is painted and
every word on it was measured through the painter that prints it (`text.Measure`). A map drawn
on a page is a group of its scene in table millimetres, scaled and moved onto the paper; a
drawing larger than a page is the same group on several pages, each clipped to its window.

`Writer` sets words on a page by their baseline, as a typesetter does; `scale_bar` and
`crop_marks` are what every 1:1 page carries.
"""

from __future__ import annotations

import math
from typing import Any, Iterable, Sequence

from mapkit.errors import OptionError
from mapkit.model.grid import HEX_PITCH_MM
from mapkit.outputs.scene.layout import Box
from mapkit.outputs.scene.shapes import Group, Item, Poly, Scene, Text
from mapkit.outputs.scene.text import POINT, Measure, fit, wrap
from mapkit.records import Record

RGB = tuple[int, int, int]
BLACK: RGB = (0, 0, 0)
#: How far a line of text's middle sits above its baseline, as a share of its size (the
#: painters centre a `Text` on its y).
MIDDLE = 0.35

#: Paper sizes in millimetres (portrait width, height).
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
#: The length of the scale bar printed on every 1:1 page.
SCALE_BAR_MM = 100.0


def paper_mm(name: str) -> tuple[float, float]:
    """Width and height of a paper size, in millimetres; OptionError for one not known."""
    try:
        return PAPERS[name.lower()]
    except KeyError:
        raise OptionError(f"unknown paper {name!r} (known: {', '.join(PAPERS)})") from None


def page(width: float, height: float, title: str = "") -> Scene:
    """A blank page `width` x `height` mm."""
    return Scene(Box(0.0, 0.0, width, height), Group(), (255, 255, 255), title, HEX_PITCH_MM)


class Writer:
    """Words set on a group of a page by their baseline (mm from the top), sizes in points,
    measured by `measure` (the painter's)."""

    def __init__(self, group: Group, measure: Measure):
        self.group = group
        self.measure = measure

    def width(self, text: str, size_pt: float, bold: bool = False) -> float:
        return self.measure(text, size_pt * POINT, bold)

    def text(self, x: float, baseline: float, text: str, size_pt: float, bold: bool = False,
             anchor: str = "start", fill: RGB = BLACK, halo: RGB | None = None) -> Text:
        size = size_pt * POINT
        item = Text(x, baseline - size * MIDDLE, text, size, fill=fill, bold=bold, halo=halo, anchor=anchor)
        self.group.add(item)
        return item

    def fit(self, text: str, size_pt: float, width: float, bold: bool = False) -> str:
        return fit(text, size_pt * POINT, width, self.measure, bold)

    def wrap(self, text: str, size_pt: float, width: float, bold: bool = False) -> list[str]:
        return wrap(text, size_pt * POINT, width, self.measure, bold)


def scale_bar(w: Writer, x: float, y: float, length: float = SCALE_BAR_MM) -> None:
    """A bar `length` mm long on paper from (x, y) with 10 mm ticks and its label: a print at
    100 % measures it."""
    ink = 0.6 * POINT
    w.group.add(Poly([(x, y), (x + length, y)], stroke=BLACK, width=ink, closed=False))
    for i in range(int(length // 10) + 1):
        tick = 2.5 if i % 5 else 4.0
        w.group.add(Poly([(x + i * 10, y), (x + i * 10, y - tick)], stroke=BLACK, width=ink, closed=False))
    w.text(x + length + 2, y, f"{length:g} mm: measure to check the print is at 100 %", 6.5)


def crop_marks(group: Group, x0: float, y0: float, x1: float, y1: float, length: float = 5.0) -> None:
    """Corner marks on the box's corners, pointing inwards, for trimming and aligning pages that
    overlap. Inwards, because just outside a 7 mm margin lies the strip a home printer cannot
    print (4 to 6.35 mm), where the marks would be lost."""
    for x, sx in ((x0, 1), (x1, -1)):
        for y, sy in ((y0, 1), (y1, -1)):
            group.add(Poly([(x, y), (x + sx * length, y)], stroke=BLACK, width=0.3 * POINT, closed=False))
            group.add(Poly([(x, y), (x, y + sy * length)], stroke=BLACK, width=0.3 * POINT, closed=False))


def windows(x0: float, y0: float, x1: float, y1: float, win_w: float, win_h: float, overlap: float
            ) -> list[tuple[int, int, float, float]]:
    """Split the drawing's box (x0, y0)-(x1, y1) into page windows of win_w x win_h mm that share
    `overlap` mm with their neighbours (so pages are glued edge over edge), centred on it.
    Returns (row, column, window x, window y), rows north to south. An overlap as wide as a
    window's narrower side would never move on: an `OptionError` naming `overlap`."""
    if overlap >= min(win_w, win_h):
        raise OptionError(f"overlap must be smaller than the printable area ({overlap:g} mm given, "
                          f"{min(win_w, win_h):.0f} mm across)", option="overlap")
    step_x, step_y = win_w - overlap, win_h - overlap
    cols = max(1, math.ceil((x1 - x0 - overlap) / step_x)) if x1 - x0 > win_w else 1
    rows = max(1, math.ceil((y1 - y0 - overlap) / step_y)) if y1 - y0 > win_h else 1
    span_x = cols * step_x + overlap
    span_y = rows * step_y + overlap
    start_x = x0 - (span_x - (x1 - x0)) / 2
    start_y = y0 - (span_y - (y1 - y0)) / 2
    return [(row, col, start_x + col * step_x, start_y + row * step_y)
            for row in range(rows) for col in range(cols)]


def window(drawing: Group, x: float, y: float, left: float, top: float, width: float, height: float) -> Group:
    """The part of `drawing` (1:1, its own millimetres) from (x, y), `width` x `height`, placed at
    (left, top) of a page and clipped there: one page of a drawing larger than a page."""
    return Group(items=[drawing], offset=(left - x, top - y),
                 clip=[(x, y), (x + width, y), (x + width, y + height), (x, y + height)])


# -- rows in columns: a list that fills the page --------------------------------------------------

class Row(Record, frozen=True):
    """One line of a list set in columns: a heading, a count and a name, words, a legend line
    (`entry`: its swatch, then its words), or a gap."""

    kind: str                  # "head", "row", "text", "small", "entry", "gap"
    text: str = ""
    count: str = ""
    entry: Any = None


#: Each kind of row: (size in points, height in mm).
ROW_STYLE = {"head": (8.0, 3.9), "row": (7.0, 3.2), "text": (7.5, 3.2), "small": (8.0, 3.5), "entry": (7.0, 3.5),
             "gap": (0.0, 2.1)}
#: A column of a list is about this wide (mm); a page takes as many as fit.
COLUMN_MM = 62.0


def row_height(row: Row, k: float = 1.0) -> float:
    return ROW_STYLE[row.kind][1] * k


def set_rows(w: Writer, rows: Sequence[Row], x: float, y: float, width: float, k: float = 1.0) -> float:
    """`rows` set from (x, y: the first baseline) down a column `width` mm wide, `k` times the
    usual size (a long list set a little tighter); returns the baseline after them. A count sits
    right-aligned before its name ("12 x Grass 24-hex")."""
    for row in rows:
        size = ROW_STYLE[row.kind][0] * k
        if row.kind == "head":
            w.text(x, y, w.fit(row.text, size, width, bold=True), size, bold=True)
        elif row.kind == "row":
            w.text(x + 5.0 * k, y, row.count, size, anchor="end")
            w.text(x + 6.4 * k, y, w.fit(f"x {row.text}", size, width - 6.4 * k), size)
        elif row.kind in ("text", "small"):
            w.text(x, y, w.fit(row.text, size, width), size)
        elif row.kind == "entry":
            from mapkit.outputs.scene.legend import swatch

            w.group.add(Group(items=swatch(row.entry, 0.0, 0.0, 7.0 * k, 3.5 * k), offset=(x + 2.5, y - 0.9)))
            w.text(x + 4.9, y, w.fit(row.text, size, width - 4.9), size)
        y += row_height(row, k)
    return y


def columns(rows: Sequence[Row], height: float, keep: int = 2, k: float = 1.0) -> list[list[Row]]:
    """`rows` cut into columns no taller than `height` mm (rows `k` times their usual size): a
    heading never ends a column (it goes over with the first `keep` rows under it), nor does a
    gap start one."""
    out: list[list[Row]] = [[]]
    used = 0.0
    i = 0
    while i < len(rows):
        row = rows[i]
        need = row_height(row, k)
        if row.kind == "head":               # a heading and the first rows under it go together
            need = sum(row_height(r, k) for r in rows[i:i + 1 + keep] if r.kind != "gap")
        if out[-1] and used + need > height:
            out.append([])
            used = 0.0
            if row.kind == "gap":
                i += 1
                continue
        out[-1].append(row)
        used += row_height(row, k)
        i += 1
    return [col for col in out if col] or [[]]


def wrapped_rows(w: Writer, text: str, width: float, kind: str = "text") -> list[Row]:
    return [Row(kind, line) for line in w.wrap(text, ROW_STYLE[kind][0], width)]


def items_of(groups: Iterable[Group]) -> list[Item]:
    return [item for g in groups for item in g.items]
