"""Where the build sheets' labels go: on a white plate each, never over a piece's symbol, a
marker or another label.

A piece asks for one label (`wanted`): a tile its hex count (24, 7, 3), a castle base or wall
its kind (C, S, E: corner, straight, end), an arch "arch", a flag "flag", a tree, ruin or glacier
its height (H10); the edge pieces of a kind on a hex their kind and the sides of the hex they
stand on ("B NW/W": battlements on the north-west and west sides), with how many a sheet of
several Levels stacks on an edge ("L NE 5×"); a road wall its letters and the way its line runs
("RW W-E"); a placed C3G Book its name (`book_wants`), kept off its marks (`c3g_marks`: Door,
Win ...) and out of other Books' outlines. `place` puts each plate where it covers nothing it must not: first inside the piece, in
the hex nearest its middle and then its other hexes, on the free side of what stands there;
where the piece is full (a one-hex tile under a figure), beside it on the map, with a leader
line from the plate to the hex. What a plate must keep off is what the scene draws over the
hexes (`views.piece_marks`: symbols, rings, numbers, figures), taken as shapes with their line
widths, so the sheet and the tests (`tests/test_sheet_labels.py`) measure the same geometry,
without drawing a page.

Everything here is in model millimetres (x east, y south), the scene's units; text sizes are
given in page points with `pt_per_mm`, the sheet's scale.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Iterable, Iterator, Sequence

from mapkit.model.catalog import PieceType, catalog
from mapkit.model.grid import DIRECTION_NAMES, HEX_PITCH_MM, SQRT3, hex_center_mm, mm_to_hex, neighbours
from mapkit.model.map import Map
from mapkit.outputs.paint.pdf import bold_font, font, text_width
from mapkit.records import Record, field

P = HEX_PITCH_MM
#: Plate centres tried inside a hex, in pitches from its centre, ring by ring: the middle, then
#: rings further out, each from north clockwise (the first free one wins).
INSIDE_RINGS = (0.0, 0.06, 0.12, 0.18, 0.24, 0.3, 0.36, 0.42)
INSIDE: tuple[tuple[tuple[float, float], ...], ...] = tuple(
    tuple((round(radius * math.sin(math.radians(a)), 3), round(-radius * math.cos(math.radians(a)), 3))
          for a in (range(0, 360, 30) if radius else (0,)))
    for radius in INSIDE_RINGS)
#: The labels with the fewest free places on their piece are placed first; counted up to this.
ENOUGH = 4
#: How many of a piece's hexes, nearest its middle first, are tried for its plate.
HEXES_TRIED = 7
#: Rings (pitches from the hex) and directions tried for a plate beside a full piece.
RINGS = (0.7, 0.85, 1.0, 1.2, 1.45, 1.75, 2.1, 2.5, 3.0, 3.5)
DIRECTIONS = 24
#: Rings further out tried for a Book's name (a building spans several hexes from its middle).
BOOK_RINGS = (4.0, 4.6, 5.3, 6.0)
#: Where a leader line ends inside its hex, in pitches from the centre (the rim first: the
#: middle is where the symbol is).
LEADER_ENDS = (0.43, 0.3, 0.0)
#: How far a plate inside a piece may reach past the piece's hexes, in pitches.
SPILL = 0.1
PLATE_PAD_PT = 1.2


class Wanted(Record, frozen=True):
    """The label a piece asks for: its text and what kind of fact it is ("size", "height",
    "castle"), the piece's hexes (nearest its middle first)."""

    piece: int
    text: str
    kind: str
    cells: tuple[tuple[int, int], ...]
    #: A placed Book's outline (model mm): a leader beside it points at the outline's nearest point.
    outline: tuple[tuple[float, float], ...] = ()


class Placed(Record, frozen=True):
    """A placed plate: its centre and size (model mm), and its leader line from the plate's
    edge to a point in the piece's hex (None when the plate sits on the piece)."""

    wanted: Wanted
    x: float
    y: float
    w: float
    h: float
    leader: tuple[tuple[float, float], tuple[float, float]] | None = None

    @property
    def box(self) -> tuple[float, float, float, float]:
        return self.x - self.w / 2, self.y - self.h / 2, self.x + self.w / 2, self.y + self.h / 2


class Layout(Record):
    """The plates of one map drawing, the shapes they keep off, and the text size (points)."""

    placed: list[Placed]
    keep_off: list[Any]
    size_pt: float
    #: Labels no free place was found for, put on their piece anyway (a test fails on them).
    forced: list[Placed] = field(default_factory=list)
    #: Edge labels no free place was found for (their hex crowded to the map's rim): the sheet
    #: lists them beside the map, by hex name, rather than cover anything.
    listed: list[Wanted] = field(default_factory=list)


def label_text(ptype: PieceType, hexes: int) -> tuple[str, str] | None:
    """(text, kind) of a piece's label, None for a piece its symbol says all of (a ladder, a
    flag, a glyph, a figure)."""
    from mapkit.outputs.scene.style import style_data

    if ptype.kind in ("land", "fluid", "custom"):
        return str(hexes), "size"
    said = style_data()["sheet_labels"]
    named = said["pieces"].get(ptype.id)
    if named:
        return str(named), "castle"
    if ptype.id in said["flag"]:
        return str(said["flag"][ptype.id]), "flag"
    if ptype.kind in ("marker", "figure", "edge", "castle"):
        return None
    height = piece_height(ptype)
    return (f"H{height}", "height") if height is not None else None


def piece_height(ptype: PieceType) -> int | None:
    """The height a builder reads off a standing piece, in levels (None for a tile)."""
    if ptype.kind in ("land", "fluid", "custom", "marker", "figure"):
        return None
    if ptype.obstacle_height:
        return int(ptype.obstacle_height)
    return int(ptype.height) if ptype.height > 1 else None


def edge_text(ptype: PieceType, sides: dict[int, int]) -> str | None:
    """The label of the edge pieces of one kind on one hex: the kind's letters and the sides of
    the hex they stand on, with how many are stacked on each ("B NE/E", "L W 5×"); None for an
    edge piece the sheets do not name."""
    from mapkit.outputs.scene.style import style_data

    letters = style_data()["sheet_labels"]["edges"].get(ptype.id)
    if letters is None:
        return None
    return f"{letters} " + "/".join(DIRECTION_NAMES[d] + (f" {n}\u00d7" if n > 1 else "")
                                    for d, n in sorted(sides.items()))


def line_text(ptype: PieceType, cells: Sequence[tuple[int, int]]) -> tuple[str, str] | None:
    """(text, "edge") of an edge piece that spans a line of hexes (a road wall): its letters and
    the two ways its line runs, west or north first ("RW W-E", "RW NW-SE"); None for one the
    sheets do not name."""
    from mapkit.outputs.scene.style import style_data

    letters = style_data()["sheet_labels"]["edges"].get(ptype.id)
    if letters is None or len(cells) < 2:
        return None
    way = next((neighbours(*a).index(b) for a in cells for b in cells if b in neighbours(*a)), None)
    if way is None:
        return None
    a, b = sorted((way, (way + 3) % 6), key=lambda d: (d not in (3, 4, 5), d))
    return f"{letters} {DIRECTION_NAMES[a]}-{DIRECTION_NAMES[b]}", "edge"


def wanted(m: Map, indices: Iterable[int]) -> list[Wanted]:
    """The labels the pieces `indices` ask for, each with its hexes, nearest its middle first;
    and one for the edge pieces of each kind on each hex, naming them and the sides of the hex
    they stand on, and how many a sheet of several Levels stacks on each (the ladders of every
    other Level), on the lowest of them."""
    cat = catalog()
    out = []
    stacks: dict[tuple[str, int, int], dict[int, list[int]]] = {}
    for i in indices:
        piece = m.pieces[i]
        cells = list(m.footprint(piece))
        if cat[piece.type].kind == "edge" and len(cells) == 1:
            sides = stacks.setdefault((piece.type, piece.q, piece.r), {})
            sides.setdefault(int(piece.rotation) % 6, []).append(i)
            continue
        said = line_text(cat[piece.type], cells) if cat[piece.type].kind == "edge" else \
            label_text(cat[piece.type], len(cells))
        if said is None or not cells:
            continue
        centres = [hex_center_mm(q, r) for q, r in cells]
        mx, my = sum(x for x, _ in centres) / len(centres), sum(y for _, y in centres) / len(centres)
        order = sorted(range(len(cells)), key=lambda n: (math.dist(centres[n], (mx, my)), n))
        out.append(Wanted(i, said[0], said[1], tuple(cells[n] for n in order)))
    for (kind, q, r), sides in stacks.items():
        text = edge_text(cat[kind], {d: len(stack) for d, stack in sides.items()})
        if text is not None:
            lowest = min((i for stack in sides.values() for i in stack), key=lambda i: (m.pieces[i].z, i))
            out.append(Wanted(lowest, text, "edge", ((q, r),)))
    return out


def label_size_pt(pt_per_mm: float) -> float:
    """The plates' text size on a sheet drawn at `pt_per_mm` (page points per model mm)."""
    return max(4.0, min(9.0, P * pt_per_mm * 0.34))


def plate_size(text: str, size_pt: float, pt_per_mm: float) -> tuple[float, float]:
    """A plate's width and height in model mm."""
    return ((text_width(text, bold_font(), size_pt) + 2 * PLATE_PAD_PT) / pt_per_mm,
            size_pt * 1.05 / pt_per_mm)


def book_wants(footprints: Sequence[Any]) -> list[Wanted]:
    """The names of the C3G Books placed on a panel (`levels.Footprint`), each on a plate (its
    name and how findings number it: "Skyscraper · building 1") on the hexes its outline covers, nearest its middle
    first (the hex of its middle for an outline that covers no hex's centre). They go through
    the same layout as the pieces' plates, so a name never lies over a Door or Win mark, a
    piece's plate or another name. Numbered -1, -2 ... in `Wanted.piece` (they are no piece)."""
    from shapely.geometry import Point, Polygon

    out = []
    for n, fp in enumerate(footprints):
        if len(fp.points) < 3:
            continue
        outline = Polygon(fp.points)
        mx = sum(x for x, _ in fp.points) / len(fp.points)
        my = sum(y for _, y in fp.points) / len(fp.points)
        x0, y0, x1, y1 = outline.bounds
        q0, r0 = mm_to_hex(x0, y0)
        q1, r1 = mm_to_hex(x1, y1)
        cells = [(q, r) for r in range(r0 - 1, r1 + 2) for q in range(q0 - (r1 - r0) - 2, q1 + (r1 - r0) + 3)
                 if outline.contains(Point(*hex_center_mm(q, r)))]
        cells = sorted(cells, key=lambda c: (math.dist(hex_center_mm(*c), (mx, my)), c[1], c[0]))[:HEXES_TRIED]
        text = fp.name[:30] + (f" \u00b7 {fp.label}" if fp.label else "")
        out.append(Wanted(-1 - n, text, "book", tuple(cells) or (mm_to_hex(mx, my),), tuple(fp.points)))
    return out


# -- what plates keep off ---------------------------------------------------------------------

def shapes_of(items: Iterable[Any], pt_per_mm: float) -> list[Any]:
    """Scene shapes as areas (shapely), with their line widths: a filled shape its area, a
    line or a ring its stroke, a text the box of its letters."""
    import shapely
    from shapely.geometry import LineString, Point, Polygon

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


def marks_of(m: Map, indices: Iterable[int]) -> list[Any]:
    """What the pieces `indices` draw over their hexes, as the scene draws it (`piece_marks`)."""
    from mapkit.outputs.scene import layout
    from mapkit.outputs.scene.views import piece_marks

    cat = catalog()
    items: list[Any] = []
    for i in indices:
        piece = m.pieces[i]
        items.extend(piece_marks(m, piece, cat[piece.type], layout.piece_cells(m, piece), P))
    return items


# -- placing ----------------------------------------------------------------------------------

Box = tuple[float, float, float, float]
Segment = tuple[tuple[float, float], tuple[float, float]]


class _Taken:
    """Placed plates and leader lines, bucketed by a grid of about a hex for quick look-ups."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[tuple[str, Any]]] = {}

    @staticmethod
    def _keys(b: Box) -> Iterable[tuple[int, int]]:
        for i in range(math.floor(b[0] / P), math.floor(b[2] / P) + 1):
            for j in range(math.floor(b[1] / P), math.floor(b[3] / P) + 1):
                yield i, j

    def add_box(self, b: Box) -> None:
        for key in self._keys(b):
            self.cells.setdefault(key, []).append(("box", b))

    def add_line(self, seg: Segment) -> None:
        for key in self._keys(_seg_bounds(seg)):
            self.cells.setdefault(key, []).append(("line", seg))

    def box_hits(self, b: Box) -> bool:
        for key in self._keys(b):
            for kind, other in self.cells.get(key, ()):
                if kind == "box" and _boxes_meet(b, other) or kind == "line" and _seg_meets_box(other, b):
                    return True
        return False

    def line_hits(self, seg: Segment) -> bool:
        for key in self._keys(_seg_bounds(seg)):
            for kind, other in self.cells.get(key, ()):
                if kind == "box" and _seg_meets_box(seg, other) or kind == "line" and _segs_meet(seg, other):
                    return True
        return False


def _seg_bounds(seg: Segment) -> Box:
    (x0, y0), (x1, y1) = seg
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _boxes_meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _seg_meets_box(seg: Segment, b: Box) -> bool:
    """Whether the segment passes through the box (Liang-Barsky clipping)."""
    (x0, y0), (x1, y1) = seg
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - b[0]), (dx, b[2] - x0), (-dy, y0 - b[1]), (dy, b[3] - y0)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


def _segs_meet(a: Segment, b: Segment) -> bool:
    def cross(o: tuple[float, float], p: tuple[float, float], q: tuple[float, float]) -> float:
        return (p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0])

    d1, d2 = cross(b[0], b[1], a[0]), cross(b[0], b[1], a[1])
    d3, d4 = cross(a[0], a[1], b[0]), cross(a[0], a[1], b[1])
    return (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0)


def _in_hex(cell: tuple[int, int], x: float, y: float, grow: float) -> bool:
    """Whether (x, y) lies in the hex `cell` grown by `grow` pitches (pointy-top)."""
    cx, cy = hex_center_mm(*cell)
    dx, dy = abs(x - cx) / P, abs(y - cy) / P
    half = 0.5 * (1 + grow * 2)
    return dx <= half and dx / 2 + dy * SQRT3 / 2 <= half


@lru_cache(maxsize=64)
def _fits_one_hex(w: float, h: float) -> tuple[tuple[bool, ...], ...]:
    """For each place of `INSIDE`, whether a plate w x h (model mm) there lies on its own hex
    (grown by `SPILL`): the same for every hex, so found once per plate size."""
    return tuple(tuple(all(_in_hex((0, 0), dx * P + sx * w / 2, dy * P + sy * h / 2, SPILL)
                           for sx in (-1, 1) for sy in (-1, 1)) for dx, dy in ring) for ring in INSIDE)


def _plate_on_piece(b: Box, cells: frozenset[tuple[int, int]], grow: float) -> bool:
    """Whether the plate's corners and middle all lie on the piece's hexes (grown by `grow`)."""
    x0, y0, x1, y1 = b
    for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1), ((x0 + x1) / 2, (y0 + y1) / 2)):
        home = mm_to_hex(x, y)
        if home in cells:
            continue
        if not any(n in cells and _in_hex(n, x, y, grow) for n in neighbours(*home)):
            return False
    return True


class _Spots:
    """The free places on a piece for its plate (off every shape the labels keep off), the hex
    nearest its middle first and each hex's middle first; found a hex at a time, as needed."""

    def __init__(self, want: Wanted, w: float, h: float, area: Box | None, tree: Any, avoid: Sequence[Any] = ()):
        self.want, self.w, self.h, self.area, self.tree, self.avoid = want, w, h, area, tree, avoid
        self.cells = frozenset(want.cells)
        self.outline = _outline(want.outline)
        self.found: list[Box] = []
        self.next_ring = 0                        # hex by hex, ring by ring

    def _more(self) -> bool:
        """Find the free places on the next ring of the next hex; False when all are done."""
        cell, ring = divmod(self.next_ring, len(INSIDE))
        if cell >= min(len(self.want.cells), HEXES_TRIED):
            return False
        self.next_ring += 1
        cx, cy = hex_center_mm(*self.want.cells[cell])
        w, h = self.w / 2, self.h / 2
        several = len(self.cells) > 1
        boxes = []
        for (dx, dy), alone in zip(INSIDE[ring], _fits_one_hex(self.w, self.h)[ring]):
            x, y = cx + dx * P, cy + dy * P
            b = (x - w, y - h, x + w, y + h)
            if self.outline is not None:
                on = self.outline.contains(_box(b))       # a Book's name: anywhere in its outline
            else:
                on = alone or several and _plate_on_piece(b, self.cells, SPILL)
            if on and _within(b, self.area) and _clear_of(b, self.avoid):
                boxes.append(b)
        self.found += [b for b, free in zip(boxes, _free_of(self.tree, boxes)) if free]
        return True

    def count(self, enough: int) -> int:
        """How many free places there are, counted up to `enough`."""
        while len(self.found) < enough and self._more():
            pass
        return min(len(self.found), enough)

    def __iter__(self) -> Iterator[Box]:
        n = 0
        while True:
            while n >= len(self.found):
                if not self._more():
                    return
            yield self.found[n]
            n += 1


def _outline(points: Sequence[tuple[float, float]]) -> Any:
    from shapely.geometry import Polygon

    return Polygon(points) if len(points) >= 3 else None


def _clear_of(b: Box, areas: Sequence[Any]) -> bool:
    """Whether the box meets none of `areas` (the other Books' outlines, for a Book's name)."""
    return not areas or not any(area.intersects(_box(b)) for area in areas)


def _box(b: Box) -> Any:
    from shapely.geometry import box

    return box(*b)


def _beside_spots(want: Wanted, w: float, h: float, area: Box | None) -> list[tuple[Box, float, float]]:
    """Plates around the piece's middle hex, nearest first: (box, direction x, direction y); then
    the directions half-way between those, for a piece hemmed in on every one of them."""
    ax, ay = hex_center_mm(*want.cells[0])
    out = []
    x0, y0, x1, y1 = area if area is not None else (-math.inf, -math.inf, math.inf, math.inf)
    rings = RINGS + (BOOK_RINGS if want.outline else ())
    for half in (0.0, 0.5):
        units = _units(half)
        for ring in rings:
            for ux, uy in units:
                reach = ring * P + abs(ux) * w / 2 + abs(uy) * h / 2 - P * 0.5   # the plate's near edge `ring` out
                x, y = ax + ux * reach, ay + uy * reach
                b = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
                if b[0] >= x0 and b[1] >= y0 and b[2] <= x1 and b[3] <= y1:
                    out.append((b, ux, uy))
    return out


@lru_cache(maxsize=4)
def _units(half: float) -> tuple[tuple[float, float], ...]:
    """The directions tried around a piece, from north clockwise, as unit vectors."""
    return tuple((math.cos(a), math.sin(a)) for a in
                 (-math.pi / 2 + (n + half) * math.tau / DIRECTIONS for n in range(DIRECTIONS)))


def _within(b: Box, area: Box | None) -> bool:
    return area is None or (b[0] >= area[0] and b[1] >= area[1] and b[2] <= area[2] and b[3] <= area[3])


def _free_of(tree: Any, boxes: Sequence[Box]) -> list[bool]:
    """Which boxes meet none of the tree's shapes (one query for them all)."""
    import shapely

    if not boxes:
        return []
    x0s, y0s, x1s, y1s = zip(*boxes)
    hit = tree.query(shapely.box(x0s, y0s, x1s, y1s), predicate="intersects")
    blocked = set(hit[0].tolist())
    return [n not in blocked for n in range(len(boxes))]


def place(wants: Sequence[Wanted], keep_off: list[Any], pt_per_mm: float, area: Box | None = None) -> Layout:
    """Plates for `wants`, off every shape of `keep_off` and off each other, inside `area`
    (x0, y0, x1, y1, model mm) where given. The pieces with the fewest free places inside them
    are placed first; those with none go beside, with a leader line, once every other has its
    place."""
    from shapely import STRtree
    from shapely.geometry import LineString

    size_pt = label_size_pt(pt_per_mm)
    tree = STRtree(keep_off)
    taken = _Taken()
    sizes = {id(want): plate_size(want.text, size_pt, pt_per_mm) for want in wants}
    # a Book's name lies in no other Book's outline, where it would seem to name that one
    outlines = {id(want): _outline(want.outline) for want in wants if want.kind == "book"}
    avoid = {key: [poly for other, poly in outlines.items() if other != key and poly is not None] for key in outlines}
    spots = {id(want): _Spots(want, *sizes[id(want)], area, tree, avoid.get(id(want), ())) for want in wants}
    room = {id(want): spots[id(want)].count(ENOUGH) for want in wants}
    placed: list[Placed] = []
    forced: list[Placed] = []
    listed: list[Wanted] = []
    # edge pieces after every other piece has its plate: their marks say much of what their
    # plates do, so they yield, and where no room is left they are listed beside the map
    # the placed Books' names first: they are long, and a tile's number finds room around them
    for batch in ([wt for wt in wants if wt.kind == "book"], [wt for wt in wants if wt.kind not in ("edge", "book")],
                  [wt for wt in wants if wt.kind == "edge"]):
        later: list[Wanted] = []
        for want in sorted(batch, key=lambda wt: (room[id(wt)] == 0, room[id(wt)], len(wt.cells), wt.piece)):
            spot = next((b for b in spots[id(want)] if not taken.box_hits(b)), None)
            if spot is None:
                later.append(want)
                continue
            taken.add_box(spot)
            placed.append(_placed(want, spot))
        around = {}
        for want in later:                    # the places beside each piece, off the symbols
            spots_beside = _beside_spots(want, *sizes[id(want)], area)
            around[id(want)] = [spot for spot, free in zip(spots_beside,
                                                           _free_of(tree, [b for b, _, _ in spots_beside]))
                                if free and _clear_of(spot[0], avoid.get(id(want), ()))]
        for want in sorted(later, key=lambda wt: (len(around[id(wt)]), wt.piece)):   # the most hemmed in first
            chosen = _beside(want, sizes[id(want)], around[id(want)], taken, tree)
            if chosen is None and want.kind in ("edge", "book"):
                listed.append(want)
                continue
            if chosen is None:
                ax, ay = hex_center_mm(*want.cells[0])
                chosen = Placed(want, ax, ay, *sizes[id(want)])
                forced.append(chosen)
            elif chosen.leader is not None:
                taken.add_line(chosen.leader)
            taken.add_box(chosen.box)
            placed.append(chosen)
    return Layout(placed, keep_off, size_pt, forced, listed)


def _beside(want: Wanted, size: tuple[float, float], around: list[tuple[Box, float, float]], taken: _Taken,
            tree: Any) -> Placed | None:
    """The first free place beside the piece whose leader line, to a point of the piece's
    middle hex (of a Book's outline), crosses no plate, line or symbol; None where there is none."""
    from shapely.geometry import LineString, Point, box

    ax, ay = hex_center_mm(*want.cells[0])
    rim = LineString(want.outline + want.outline[:1]) if want.outline else None
    for b, ux, uy in around:
        if taken.box_hits(b):
            continue
        ends = [(ax + ux * end * P, ay + uy * end * P) for end in LEADER_ENDS]
        if rim is not None:                           # a Book's name points at its outline's nearest point
            if rim.intersects(box(*b)):
                continue
            near = rim.interpolate(rim.project(Point((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)))
            ends = [(near.x, near.y)]
        for tx, ty in ends:
            seg = (_edge_point(b, tx, ty), (tx, ty))
            if seg[0] == seg[1] or taken.line_hits(seg):
                continue
            if len(tree.query(LineString(seg), predicate="intersects")):
                continue
            return _placed(want, b, seg)
    return None


def _placed(want: Wanted, b: Box, leader: Segment | None = None) -> Placed:
    return Placed(want, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, b[2] - b[0], b[3] - b[1], leader)


def _edge_point(b: Box, tx: float, ty: float) -> tuple[float, float]:
    """Where the line from a plate's centre to (tx, ty) leaves the plate."""
    x0, y0, x1, y1 = b
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    dx, dy = tx - cx, ty - cy
    k = min((x1 - cx) / abs(dx) if dx else math.inf, (y1 - cy) / abs(dy) if dy else math.inf, 1.0)
    return cx + dx * k, cy + dy * k


def layout_labels(m: Map, labelled: Iterable[int], drawn: Iterable[int], pt_per_mm: float,
                  area: tuple[float, float, float, float] | None = None, extra: Sequence[Any] = (),
                  books: Sequence[Any] = ()) -> Layout:
    """The plates of the pieces `labelled` and of the names of the placed Books `books`, on a
    drawing of the pieces `drawn` (what their marks cover), off `extra` shapes too (other marks
    and words the sheet prints on the map)."""
    keep_off = shapes_of(marks_of(m, drawn), pt_per_mm) + list(extra)
    return place(wanted(m, labelled) + book_wants(books), keep_off, pt_per_mm, area)


def c3g_marks(items: Iterable[Any]) -> list[Any]:
    """What the C3G layer of a drawing (`scene.c3g.c3g_layer`) marks a hex with: its words (Door,
    Win, T4, a class's letter, an object's initials), its filled symbols (a door, a window, a
    stair, a lift, an object's hex and entrance arrow) and ringed ones (a transit space). Not its
    class rings, hatching, dots and walls: like a tile's pattern and outline, a plate may lie on
    those."""
    from mapkit.outputs.scene.shapes import Circle, Group, Poly, Text

    out: list[Any] = []
    for item in items:
        if isinstance(item, Group):
            out += c3g_marks(item.items)
        elif isinstance(item, Text) or isinstance(item, Poly) and item.fill is not None and item.closed or \
                isinstance(item, Circle) and item.stroke is not None:
            out.append(item)
    return out
