"""What a drawing's words keep off: the marks its pieces draw over their hexes (a symbol, a
figure, a glyph's ring, a C3G hex's hatching and dots, a Door's word), taken as areas with their
line widths, and the outlines of its pieces of several hexes, which no word of another piece
enters. The layout (`placing`) asks them of a drawing; a test measures the same geometry.
"""

from __future__ import annotations

from typing import Any, Iterable

from mapkit.model.catalog import catalog
from mapkit.model.grid import HEX_PITCH_MM
from mapkit.model.map import Map

P = HEX_PITCH_MM


def shapes_of(items: Iterable[Any], pt_per_mm: float) -> list[Any]:
    """Scene shapes as areas (shapely), with their line widths: a filled shape its area, a
    line or a ring its stroke, a text the box of its letters."""
    import shapely
    from shapely.geometry import LineString, Point, Polygon

    from mapkit.outputs.paint.pdf import bold_font, font, text_width
    from mapkit.outputs.scene.shapes import Circle, Poly, Text

    geoms: list[Any] = []
    grow: list[float] = []
    boxes: list[tuple[float, float, float, float]] = []
    for item in items:
        if isinstance(item, Circle):
            geoms.append(Point(item.cx, item.cy))
            grow.append(item.radius + (item.width / 2 if item.stroke is not None else 0.0))
        elif isinstance(item, Poly):
            if len(item.pts) < 2:
                continue
            half = max(item.width, 0.1 / pt_per_mm) / 2 if item.stroke is not None else 0.0
            if item.closed and item.fill is not None and len(item.pts) >= 3:
                area = Polygon(item.pts)
                geoms.append(area if area.is_valid else area.buffer(0))
                grow.append(half)
            elif item.stroke is not None:
                geoms.append(LineString(list(item.pts) + ([item.pts[0]] if item.closed else [])))
                grow.append(half)
        elif isinstance(item, Text):
            size_pt = max(2.5, item.size * pt_per_mm)            # as the PDF painter sets it
            w = text_width(item.text, bold_font() if item.bold else font(), size_pt) / pt_per_mm
            h = size_pt / pt_per_mm
            x0 = item.x - {"start": 0.0, "end": w}.get(item.anchor, w / 2)
            boxes.append((x0, item.y - h * 0.4, x0 + w, item.y + h * 0.45))
    out = list(shapely.buffer(geoms, grow, quad_segs=4)) if geoms else []
    if boxes:
        x0s, y0s, x1s, y1s = zip(*boxes)
        out += list(shapely.box(x0s, y0s, x1s, y1s))
    return [g for g in out if not g.is_empty]


def marks_of(m: Map, indices: Iterable[int], p: float = P) -> list[Any]:
    """What the pieces `indices` draw over their hexes, as the scene draws it (`pieces.piece_marks`)."""
    from mapkit.outputs.scene import layout
    from mapkit.outputs.scene.pieces import piece_marks

    cat = catalog()
    items: list[Any] = []
    for i in indices:
        piece = m.pieces[i]
        items.extend(item for item in piece_marks(m, piece, cat[piece.type], layout.piece_cells(m, piece), p)
                     if not is_outline(item))
    return items


def is_outline(item: Any) -> bool:
    """A piece's outline (`pieces.obstacle_marks`): not a mark to keep off but an area to keep out
    of (`areas_of`), so its own plate sits inside it and a leader line reaches it."""
    return bool(getattr(item, "attrs", None)) and item.attrs.get("class") == "piece-outline"


def areas_of(m: Map, indices: Iterable[int], p: float = P) -> tuple[list[Any], list[int]]:
    """The outlines of the pieces `indices` that cover several hexes with what stands on them
    (`pieces.piece_area`), as shapely polygons, and the index of the piece each is of."""
    from shapely.geometry import Polygon

    from mapkit.outputs.scene.pieces import OUTLINE_WIDTH, piece_area

    cat = catalog()
    areas: list[Any] = []
    owners: list[int] = []
    for i in indices:
        piece = m.pieces[i]
        for ring in piece_area(m, piece, cat[piece.type], p):
            areas.append(Polygon(ring).buffer(p * OUTLINE_WIDTH / 2, join_style="mitre"))   # its line too
            owners.append(i)
    return areas, owners


def c3g_keep_off(m: Map, level: int | None | bool, p: float = P) -> list[Any]:
    """The C3G marks a drawing of `level` shows (its whole C3G layer for None; none for False),
    as shapes to keep off (`c3g_marks`)."""
    from mapkit.outputs.scene import c3g

    if level is False or not c3g.has_c3g(m):
        return []
    return shapes_of(c3g_marks(c3g.c3g_layer(m, p, None if level is None else int(level)).groups), 1.0)


def c3g_marks(items: Iterable[Any]) -> list[Any]:
    """What the C3G layer of a drawing (`scene.c3g.c3g_layer`) marks a hex with: its words (Door,
    Win, T4, a class's letter, an object's initials), its filled symbols (a door, a window, a
    stair, a lift, an object's hex and entrance arrow), ringed ones (a transit space), the
    hatching of a Half or Partial hex and the dots of a Covered one, an object's line. Not its
    class rings, walls and interior outlines: like a tile's outline, a plate may lie on those."""
    from mapkit.outputs.scene.shapes import Circle, Group, Poly, Text

    out: list[Any] = []
    for item in items:
        if isinstance(item, Group):
            out += c3g_marks(item.items)
        elif isinstance(item, (Text, Circle)) or isinstance(item, Poly) and (
                item.fill is not None and item.closed or not item.closed):
            out.append(item)
    return out
