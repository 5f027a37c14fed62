"""Where a drawing's words go: plates (a tile's hex count, a tree's height, a placed Book's name)
and labels (a room's name), each on the free part of what it names, never over a piece's
symbol or mark (a C3G hex's hatching or dots included), another plate or label, or inside
another piece's outline; beside it, with a leader line that crosses no other, where it is full.

The layout knows every box it placed (`Layout`: the plates and labels, their leader lines, the
marks they kept off, the outlines they kept out of), so a product draws them and a test
measures them without painting anything. Everything is in model millimetres (x east, y south),
the scene's units; a plate's text size is given in page points with `pt_per_mm`, the drawing's
scale, and its width is measured with the font the painters write it in.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Iterable, Iterator, Sequence

from mapkit.model.grid import HEX_PITCH_MM, SQRT3, hex_center_mm, mm_to_hex, neighbours
from mapkit.model.map import Map
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
#: How many of a piece's hexes, nearest its middle first, are tried for its plate; of a room's, for its name.
HEXES_TRIED = 7
ROOM_HEXES_TRIED = 60
#: Rings (pitches from the hex) and directions tried for a plate beside a full piece.
RINGS = (0.7, 0.85, 1.0, 1.2, 1.45, 1.75, 2.1, 2.5, 3.0, 3.5)
DIRECTIONS = 24
#: Rings further out, tried where every nearer place is taken (a building's name: it spans
#: several hexes from its middle; a plate in a crowded corner).
FAR_RINGS = (4.0, 4.6, 5.3, 6.0)
#: Where a leader line ends inside its hex, in pitches from the centre (the rim first: the
#: middle is where the symbol is).
LEADER_ENDS = (0.43, 0.3, 0.0)
#: Where a leader to an edge piece ends: this far from its hex's centre towards the side it
#: stands on, in pitches (the side's middle is half a pitch out; the piece is drawn inside it).
EDGE_END = 0.53
#: How many of a piece's hexes a leader may end in (its middle one first); how far apart the
#: points of an outline it may end at are, along it, either side of the nearest, in pitches.
LEADER_HEXES = 4
RIM_STEP = 0.35
#: How far a plate inside a piece may reach past the piece's hexes, in pitches.
SPILL = 0.1
PLATE_PAD_PT = 1.2


class Wanted(Record, frozen=True):
    """The label a piece asks for: its text and what kind of fact it is ("size", "height",
    "castle", "edge", "flag", "book"; "room": a room's name), the piece's hexes (nearest its
    middle first)."""

    piece: int
    text: str
    kind: str
    cells: tuple[tuple[int, int], ...]
    #: A placed Book's outline (model mm): a leader beside it points at the outline's nearest point.
    outline: tuple[tuple[float, float], ...] = ()
    #: A label written at its own size (model mm), with no plate (a room's name); 0: a plate.
    size: float = 0.0
    #: The sides of its hex an edge piece stands on (grid directions): a leader from beside
    #: points at the middle of one, from outside the hex, not into a hex its marks may ring.
    sides: tuple[int, ...] = ()


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

    @property
    def plate(self) -> bool:
        """Whether it is written on a white plate (else as a label, at its own size)."""
        return not self.wanted.size


class Layout(Record):
    """The plates and labels of one map drawing, the marks they keep off, and the plates' text
    size (points)."""

    placed: list[Placed]
    keep_off: list[Any]
    size_pt: float
    #: Labels no free place was found for, put on their piece anyway (a test fails on them).
    forced: list[Placed] = field(default_factory=list)
    #: Plates no free place was found for (their hex crowded, against the map's rim): the sheet
    #: lists them beside the map, by hex name, rather than cover anything.
    listed: list[Wanted] = field(default_factory=list)
    #: The outlines of pieces of several hexes and of placed Books (shapely), which no plate or
    #: label of another piece enters; `area_owners` says whose each is (`Wanted.piece`).
    areas: list[Any] = field(default_factory=list)
    area_owners: list[int] = field(default_factory=list)



def label_size_pt(pt_per_mm: float) -> float:
    """The plates' text size on a sheet drawn at `pt_per_mm` (page points per model mm)."""
    return max(4.0, min(9.0, P * pt_per_mm * 0.34))


def plate_size(text: str, size_pt: float, pt_per_mm: float) -> tuple[float, float]:
    """A plate's width and height in model mm."""
    from mapkit.outputs.paint.pdf import bold_font, text_width

    return ((text_width(text, bold_font(), size_pt) + 2 * PLATE_PAD_PT) / pt_per_mm,
            size_pt * 1.05 / pt_per_mm)


def label_size(text: str, size: float) -> tuple[float, float]:
    """A label's box (bold letters `size` model mm high, with their halo) in model mm."""
    from mapkit.outputs.paint.pdf import bold_font, text_width

    return text_width(text, bold_font(), size) + size * 0.3, size * 1.15


def size_of(want: Wanted, size_pt: float, pt_per_mm: float) -> tuple[float, float]:
    """The box a want's words take: a label's at its own size, else a plate's."""
    return label_size(want.text, want.size) if want.size else plate_size(want.text, size_pt, pt_per_mm)



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


class _Blocks:
    """What a plate or label keeps off: the marks (no plate may meet one, its own piece's
    included) and the outlines of pieces and Books (no plate of another may meet one), each in
    an STRtree, asked once for many boxes."""

    def __init__(self, keep_off: Sequence[Any], areas: Sequence[Any], owners: Sequence[int]):
        from shapely import STRtree

        self.marks = STRtree(list(keep_off))
        self.areas = STRtree(list(areas))
        self.owners = list(owners)

    def free(self, boxes: Sequence[Box], owner: int) -> list[bool]:
        """Which boxes meet no mark and no outline but `owner`'s."""
        import shapely

        if not boxes:
            return []
        x0s, y0s, x1s, y1s = zip(*boxes)
        shapes = shapely.box(x0s, y0s, x1s, y1s)
        blocked = set(self.marks.query(shapes, predicate="intersects")[0].tolist())
        if self.owners:
            found, hit = self.areas.query(shapes, predicate="intersects")
            blocked |= {n for n, k in zip(found.tolist(), hit.tolist()) if self.owners[k] != owner}
        return [n not in blocked for n in range(len(boxes))]

    def crosses_a_mark(self, seg: Segment) -> bool:
        from shapely.geometry import LineString

        return bool(len(self.marks.query(LineString(seg), predicate="intersects")))


class _Spots:
    """The free places on a piece for its plate (off every mark and every other piece's
    outline), the hex nearest its middle first and each hex's middle first; found a hex at a
    time, as needed."""

    def __init__(self, want: Wanted, w: float, h: float, area: Box | None, blocks: _Blocks):
        self.want, self.w, self.h, self.area, self.blocks = want, w, h, area, blocks
        self.cells = frozenset(want.cells)
        self.outline = _outline(want.outline)
        self.tried = min(len(want.cells), ROOM_HEXES_TRIED if want.kind == "room" else HEXES_TRIED)
        self.found: list[Box] = []
        self.next_ring = 0                        # hex by hex, ring by ring

    def _more(self) -> bool:
        """Find the free places on the next ring of the next hex; False when all are done."""
        cell, ring = divmod(self.next_ring, len(INSIDE))
        if cell >= self.tried:
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
            if on and _within(b, self.area):
                boxes.append(b)
        self.found += [b for b, free in zip(boxes, self.blocks.free(boxes, self.want.piece)) if free]
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


def _box(b: Box) -> Any:
    from shapely.geometry import box

    return box(*b)


def _beside_spots(want: Wanted, w: float, h: float, area: Box | None) -> list[tuple[Box, float, float]]:
    """Plates around the piece's middle hex, nearest first: (box, direction x, direction y); then
    the directions half-way between those, for a piece hemmed in on every one of them. Worked
    out for every ring and direction at once (numpy, which shapely has loaded for the layout:
    672 places a piece, for each piece whose plate goes beside it), each value as the scalar
    arithmetic gives it."""
    import numpy as np

    ax, ay = hex_center_mm(*want.cells[0])
    x0, y0, x1, y1 = area if area is not None else (-math.inf, -math.inf, math.inf, math.inf)
    rings = np.array(RINGS + FAR_RINGS)[:, None]
    out: list[tuple[Box, float, float]] = []
    for half in (0.0, 0.5):
        units = np.array(_units(half))
        ux, uy = units[:, 0][None, :], units[:, 1][None, :]
        reach = rings * P + np.abs(ux) * w / 2 + np.abs(uy) * h / 2 - P * 0.5   # the plate's near edge a ring out
        x, y = ax + ux * reach, ay + uy * reach
        bx0, by0, bx1, by1 = x - w / 2, y - h / 2, x + w / 2, y + h / 2
        inside = (bx0 >= x0) & (by0 >= y0) & (bx1 <= x1) & (by1 <= y1)
        dx, dy = np.broadcast_to(ux, reach.shape)[inside], np.broadcast_to(uy, reach.shape)[inside]
        out += [((a, b, c, d), e, f) for a, b, c, d, e, f in
                zip(bx0[inside].tolist(), by0[inside].tolist(), bx1[inside].tolist(), by1[inside].tolist(),
                    dx.tolist(), dy.tolist())]
    return out


@lru_cache(maxsize=4)
def _units(half: float) -> tuple[tuple[float, float], ...]:
    """The directions tried around a piece, from north clockwise, as unit vectors."""
    return tuple((math.cos(a), math.sin(a)) for a in
                 (-math.pi / 2 + (n + half) * math.tau / DIRECTIONS for n in range(DIRECTIONS)))


def _within(b: Box, area: Box | None) -> bool:
    return area is None or (b[0] >= area[0] and b[1] >= area[1] and b[2] <= area[2] and b[3] <= area[3])


def place(wants: Sequence[Wanted], keep_off: list[Any], pt_per_mm: float, area: Box | None = None,
          areas: Sequence[Any] = (), area_owners: Sequence[int] = (), beside: bool = True) -> Layout:
    """Plates and labels for `wants`, off every shape of `keep_off` and off each other, out of
    every outline of `areas` but their own piece's (`area_owners`; a placed Book's outline is one
    too), inside `area` (x0, y0, x1, y1, model mm) where given. The pieces with the fewest free
    places inside them are placed first; those with none go beside, with a leader line that
    crosses no plate, mark or other line, once every other has its place (with `beside` False,
    they are listed instead, for a caller to try smaller). A plate that finds no place at all is
    listed (`Layout.listed`: the sheet names it by its hex beside the map), never forced over a
    mark; only a label with no place (a room's name) is forced."""
    size_pt = label_size_pt(pt_per_mm)
    areas, owners = list(areas), list(area_owners)
    for want in wants:            # a Book's name lies in no other Book's outline, where it would seem to name that one
        outline = _outline(want.outline) if want.kind == "book" else None
        if outline is not None:
            areas.append(outline if outline.is_valid else outline.buffer(0))
            owners.append(want.piece)
    blocks = _Blocks(keep_off, areas, owners)
    taken = _Taken()
    sizes = {id(want): size_of(want, size_pt, pt_per_mm) for want in wants}
    spots = {id(want): _Spots(want, *sizes[id(want)], area, blocks) for want in wants}
    room = {id(want): spots[id(want)].count(ENOUGH) for want in wants}
    placed: list[Placed] = []
    forced: list[Placed] = []
    listed: list[Wanted] = []
    # the rooms' and placed Books' names first: they are long, and a tile's number finds room
    # around them; edge pieces after every other piece has its plate: their marks say much of
    # what their plates do, so they yield, and where no room is left they are listed beside the map
    for batch in ([wt for wt in wants if wt.kind in ("room", "book")],
                  [wt for wt in wants if wt.kind not in ("edge", "book", "room")],
                  [wt for wt in wants if wt.kind == "edge"]):
        later: list[Wanted] = []
        for want in sorted(batch, key=lambda wt: (room[id(wt)] == 0, room[id(wt)], len(wt.cells), wt.piece)):
            spot = next((b for b in spots[id(want)] if not taken.box_hits(b)), None)
            if spot is None:
                later.append(want)
                continue
            taken.add_box(spot)
            placed.append(_placed(want, spot))
        if not beside:
            listed += later
            continue
        around = {}
        for want in later:                    # the places beside each piece, off the marks and outlines
            spots_beside = _beside_spots(want, *sizes[id(want)], area)
            free = blocks.free([b for b, _, _ in spots_beside], want.piece)
            around[id(want)] = [spot for spot, ok in zip(spots_beside, free) if ok]
        for want in sorted(later, key=lambda wt: (len(around[id(wt)]), wt.piece)):   # the most hemmed in first
            chosen = _beside(want, sizes[id(want)], around[id(want)], taken, blocks)
            if chosen is None and not want.size:      # a plate with no room: named beside the map instead
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
    return Layout(placed, list(keep_off), size_pt, forced, listed, areas, owners)


def _beside(want: Wanted, size: tuple[float, float], around: list[tuple[Box, float, float]], taken: _Taken,
            blocks: _Blocks) -> Placed | None:
    """The first free place beside the piece whose leader line, to a point of the piece's
    middle hex (of a Book's outline), crosses no plate, line or mark; None where there is none."""
    from shapely.geometry import LineString, Point, box

    ax, ay = hex_center_mm(*want.cells[0])
    rim = LineString(want.outline + want.outline[:1]) if want.outline else None
    for b, ux, uy in around:
        if taken.box_hits(b):
            continue
        mx, my = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
        ends = [(ax + ux * end * P, ay + uy * end * P) for end in LEADER_ENDS]
        for cell in want.cells[1:LEADER_HEXES]:       # or the rim of another of its hexes, facing the plate
            cx, cy = hex_center_mm(*cell)
            d = math.hypot(mx - cx, my - cy) or 1.0
            ends.append((cx + (mx - cx) / d * LEADER_ENDS[0] * P, cy + (my - cy) / d * LEADER_ENDS[0] * P))
        if want.sides:                                # at the edge the piece stands on, just outside it
            ends = [_edge_end(ax, ay, d, along) for d in want.sides for along in (0.0, -0.2, 0.2)]
        if rim is not None:                           # a Book's name points at its outline's nearest point
            if rim.intersects(box(*b)):
                continue
            at = rim.project(Point(mx, my))
            ends = [(pt.x, pt.y) for pt in (rim.interpolate(at + k * RIM_STEP * P) for k in (0, -1, 1, -2, 2))]
        for tx, ty in ends:
            seg = (_edge_point(b, tx, ty), (tx, ty))
            if seg[0] == seg[1] or taken.line_hits(seg) or blocks.crosses_a_mark(seg):
                continue
            return _placed(want, b, seg)
    return None


def _edge_end(x: float, y: float, direction: int, along: float) -> tuple[float, float]:
    """A point just outside the side of the hex centred at (x, y) that faces `direction`, `along`
    pitches from the side's middle (clockwise positive)."""
    a = math.radians(60 * direction)
    return (x + P * (EDGE_END * math.cos(a) - along * math.sin(a)), y + P * (EDGE_END * math.sin(a) + along * math.cos(a)))


def _placed(want: Wanted, b: Box, leader: Segment | None = None) -> Placed:
    return Placed(want, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, b[2] - b[0], b[3] - b[1], leader)


def _edge_point(b: Box, tx: float, ty: float) -> tuple[float, float]:
    """Where the line from a plate's centre to (tx, ty) leaves the plate."""
    x0, y0, x1, y1 = b
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    dx, dy = tx - cx, ty - cy
    k = min((x1 - cx) / abs(dx) if dx else math.inf, (y1 - cy) / abs(dy) if dy else math.inf, 1.0)
    return cx + dx * k, cy + dy * k




# -- the rooms' names -------------------------------------------------------------------------

#: A room's name as big as it fits, in pitches: the first size whose name finds a free place
#: inside the room wins; at the last, a name with no room inside goes beside, with a leader line.
ROOM_NAME_SIZES = (0.7, 0.5, 0.36)
#: `Wanted.piece` of room n's name: below every piece's index and every Book's (-1, -2 ...).
ROOM = -100000


def room_names(m: Map, indices: Sequence[int], p: float = P, c3g_level: int | None | bool = False) -> tuple[Any, Layout]:
    """Each room's name on its own tiles, in white with a dark halo, over a drawing of the pieces
    `indices` (a whole-dungeon picture, or one Level of it): placed off every mark those pieces
    draw (and the C3G marks of `c3g_level`, where it is not False), out of every outline, as big
    as it fits (`ROOM_NAME_SIZES`), beside the room with a leader line where nothing fits. Returns
    the scene group of the names and the layout that placed them."""
    from mapkit.outputs.scene.shapes import Group, Poly, Text

    from mapkit.outputs.scene.keep_off import areas_of, c3g_keep_off, marks_of, shapes_of

    indices = list(indices)
    keep_off = shapes_of(marks_of(m, indices, p), 1.0) + c3g_keep_off(m, c3g_level, p)
    areas, owners = areas_of(m, indices, p)
    rooms = []
    for room in m.rooms:
        own = {c for pc in m.pieces if list(pc.attrs.get("rooms", ())) == [room.number]
               for c in m.footprint(pc)}
        if not own:
            continue
        centres = {c: hex_center_mm(*c, pitch=p) for c in own}
        mx = sum(x for x, _ in centres.values()) / len(centres)
        my = sum(y for _, y in centres.values()) / len(centres)
        cells = tuple(sorted(own, key=lambda c: (math.dist(centres[c], (mx, my)), c[1], c[0])))
        rooms.append((room, cells))
    placed: list[Placed] = []
    forced: list[Placed] = []
    left = rooms
    for n, k in enumerate(ROOM_NAME_SIZES):
        last = n == len(ROOM_NAME_SIZES) - 1
        wants = [Wanted(ROOM - room.number, room.name or f"Room {room.number}", "room", cells, size=p * k)
                 for room, cells in left]
        layout = place(wants, keep_off + shapes_of([_text_of(pl) for pl in placed], 1.0), 1.0, areas=areas,
                       area_owners=owners, beside=last)
        placed += layout.placed
        forced += layout.forced
        done = {pl.wanted.piece for pl in layout.placed}
        left = [(room, cells) for room, cells in left if ROOM - room.number not in done]
        if not left:
            break
    group = Group("rooms", label="Rooms", layer=True)
    for pl in sorted(placed, key=lambda pl: ROOM - pl.wanted.piece):    # read in the rooms' order
        if pl.leader is not None:
            group.add(Poly(list(pl.leader), stroke=(30, 30, 30), width=p * 0.03, closed=False))
        group.add(_text_of(pl))
    return group, Layout(placed, keep_off, 0.0, forced, [], areas, owners)


def _text_of(pl: Placed) -> Any:
    from mapkit.outputs.scene.shapes import Text

    return Text(pl.x, pl.y, pl.wanted.text, pl.wanted.size, fill=(255, 255, 255), bold=True, halo=(0, 0, 0))
