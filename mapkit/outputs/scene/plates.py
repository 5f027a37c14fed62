"""The plates of a label layout as scene items: white plates with their words, and the leader
lines from a plate placed beside its piece to a point of the piece.

Where the plates go is `sheets.labels`' business (it knows every box it placed); this module
only draws them, in the drawing's millimetres, sized for a drawing printed at `scale` paper
millimetres per table millimetre (a plate's words are set in points on paper).
"""

from __future__ import annotations

from typing import Any

from mapkit.outputs.scene.shapes import Circle, Group, Poly, Rect, Text
from mapkit.outputs.scene.text import POINT

#: A placed Book's outline and name: purple.
BOOK_RGB = (115, 26, 153)
PLATE_EDGE = (89, 89, 89)
LEADER_INK = (51, 51, 51)


def plates(layout: Any, scale: float) -> Group:
    """Leader lines first, then each plate and its words (`layout`: a `labels.Layout`)."""
    g = Group("plates", label="Labels", layer=True)
    pt = POINT / scale                           # one point on paper, in the drawing's millimetres
    for plate in layout.placed:
        if plate.leader is None:
            continue
        ink = BOOK_RGB if plate.wanted.kind == "book" else LEADER_INK   # to a Book's outline: purple
        (x0, y0), (x1, y1) = plate.leader
        g.add(Poly([(x0, y0), (x1, y1)], stroke=ink, width=0.5 * pt, closed=False))
        g.add(Circle(x1, y1, 0.9 * pt, fill=ink))
    size = layout.size_pt * pt
    for plate in layout.placed:
        book = plate.wanted.kind == "book"
        x0, y0, x1, y1 = plate.box
        g.add(Rect(x0, y0, x1, y1, fill=(255, 255, 255), stroke=BOOK_RGB if book else PLATE_EDGE, width=0.3 * pt,
                   radius=1.2 * pt))
        g.add(Text(plate.x, plate.y + size * 0.02, plate.wanted.text, size, fill=BOOK_RGB if book else (0, 0, 0),
                   bold=True))
    return g
