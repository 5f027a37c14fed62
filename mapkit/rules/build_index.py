"""One index of a build, made in a single pass over the pieces, that every physical rule reads.

Cells are (q, r, level). Pieces meet in four different ways, so four tables:
- body: the levels a piece fills (land, fluid, obstacle bases, castle pieces; walls 9, arches 10),
  plus road walls;
- markers: glyphs, start zones and figures, which sit *on* a space and fill nothing;
- edges: battlements and ladders (one hex edge each) and Laur walls (one side between pillars);
- clearance: the air an obstacle needs above its base (trees, palms, ruins, glaciers, hive, outcrops).

The pass over the pieces only appends cells (and the pieces filling them) to flat lists. The cells are then gathered
once into a dictionary by cell ((q, r, level) -> the first piece there, and every piece of a cell
that holds several); "what is under every hex of every piece", "which cells hold two bodies" and
"which bodies stand in an obstacle's air" are one lookup per cell, in C-level loops. This
replaced numpy's sort and binary searches (mapkit's only other use of numpy on the way of
`validate` and `report`): importing numpy alone took 0.1 s, longer than the rules of a 7,000-piece
map; with the collector paused (`build_index`), the dictionaries stay linear to 100,000 pieces
(benchmarks/bench_growth.py).
"""

from __future__ import annotations

from itertools import accumulate, repeat
from typing import Any, Iterable

from mapkit.model.catalog import PieceType, catalog
from mapkit.model.map import Map
from mapkit.records import MISSING, Record, field

#: Kinds whose pieces fill their cells.
BODY_KINDS = frozenset({"land", "fluid", "obstacle", "castle", "custom"})
#: Kinds that sit on a space without filling it.
MARKER_KINDS = frozenset({"marker", "figure"})
#: Obstacles whose top a tile may rest on (a solid block); trees, palms and brush have no flat top.
SOLID_TOP_TERRAINS = frozenset({"ruin", "marvel-ruin", "glacier", "outcrop", "hive", "laur-wall"})
INT32 = 2**31
#: Edge keys of Laur walls start here (castle edges use 0-5), in half steps (0-11).
LAUR_EDGE = 100

#: How a piece enters the index, worked out once per (type, size, turn).
LAUR, BODY, MARKER, ROAD_WALL, EDGE, NONE = range(6)


Cell = tuple[int, int, int]


class _Cells:
    """The cells some pieces fill, (q, r, level), each with the first piece there (in piece
    order) and, where a cell holds several, all of them."""

    __slots__ = ("first", "several")

    def __init__(self, cells: list[Cell], piece: list[int]):
        # gathered in C, the last written kept: read backwards, that is the first piece of each
        # cell (its key order is no one's business: `first` is only looked up)
        first: dict[Cell, int] = dict(zip(reversed(cells), reversed(piece)))
        several: dict[Cell, list[int]] = {}
        if len(first) < len(cells):  # a cell filled twice (an overlap, or one piece's own levels)
            for cell, i in zip(cells, piece):
                there = first[cell]
                if there != i:
                    several.setdefault(cell, [there]).append(i)
        self.first, self.several = first, several

    def all_at(self, cell: Cell) -> list[int]:
        """Every piece in one cell, in piece order (none: empty)."""
        found = self.several.get(cell)
        if found is not None:
            return list(found)
        one = self.first.get(cell)
        return [] if one is None else [one]


class BuildIndex(Record):
    map: Map
    types: list[PieceType | None] = field(default_factory=list)
    cells: list[list[tuple[int, int]]] = field(default_factory=list)
    #: what each hex of each piece rests on: under[start[i] + k] for hex k of piece i (-1: nothing)
    under: list[int] = field(default_factory=list)
    start: list[int] = field(default_factory=list)
    #: cells filled by more than one body: cell -> every piece index there (in piece order).
    crowded: dict[tuple[int, int, int], list[int]] = field(default_factory=dict)
    #: air cells with bodies in them: (cell, the obstacles whose air it is, the bodies there),
    #: one entry per cell (never one per pair: a pile stays linear).
    in_clearance: list[tuple[tuple[int, int, int], list[int], list[int]]] = field(default_factory=list)
    markers: dict[tuple[int, int, int], list[int]] = field(default_factory=dict)
    edges: dict[tuple[int, int, int, int], list[int]] = field(default_factory=dict)
    #: indices of pieces with a hex at a negative odd-r row or column (VirtualScape moves them),
    #: or beyond the 32-bit range a .hsc holds.
    outside: list[int] = field(default_factory=list)
    clearance_slack: int = 0
    _body: _Cells | None = None
    _tops: _Cells | None = None

    def type_of(self, i: int) -> PieceType:
        """Piece i's catalog type. Every piece the index names in a cell, an edge or an air
        cell has one: a piece of no catalog type (`types[i]` None) gets no cells at all."""
        ptype = self.types[i]
        if ptype is None:
            raise LookupError(f"piece {i + 1} is not a catalog piece")
        return ptype

    def open_at(self, i: int, q: int, r: int, level: int) -> bool:
        """Whether piece i leaves cell (q, r, level) open for a figure, glyph or start zone: one of
        its catalog `open_cells` (a ruin's hexes, an arch's door space), at its bottom level."""
        ptype = self.types[i]
        if ptype is None or not ptype.open_cells or level != self.map.pieces[i].z:
            return False
        hexes = self.cells[i]
        return any(k < len(hexes) and hexes[k] == (q, r) for k in ptype.open_cells)

    def body_at(self, q: int, r: int, level: int) -> int | None:
        """The first piece filling a cell, or None."""
        return self._body.first.get((q, r, level)) if self._body is not None else None

    def support(self, q: int, r: int, level: int) -> int | None:
        """The piece a thing at `level` rests on in hex (q, r): a body or solid obstacle top just below."""
        found = self.body_at(q, r, level - 1)
        if found is None and self._tops is not None:
            found = self._tops.first.get((q, r, level - 1))
        return found


def is_pillar(ptype: PieceType) -> bool:
    """Laur pillars stand on a hex centre; the other Laur wall pieces hang between them."""
    return ptype.laur_pillar


def clearance_levels(ptype: PieceType, slack: int = 0) -> int:
    """Levels of air an obstacle needs above its base level (its height less the base itself).

    Heights are the catalog's (the pieces' nominal heights, physical-and-rules §2.5); `slack`
    lowers them, as Hexoscape's editor does by one level ("really vertical clearance").
    """
    if ptype.kind != "obstacle" or not ptype.obstacle_height:
        return 0
    return max(0, ptype.obstacle_height - 1 - slack)


def _plan(ptype: PieceType, size: Any, turns: int, slack: int) -> tuple:
    """(ptype, offsets, role, height, air, solid top) for one kind of placed piece."""
    cat = catalog()
    offsets = cat.footprint(cat.shape_for(ptype, size), turns)
    kind = ptype.kind
    if ptype.terrain == "laur-wall" and not is_pillar(ptype):
        role = LAUR
    elif kind in BODY_KINDS:
        role = BODY
    elif kind in MARKER_KINDS:
        role = MARKER
    elif kind == "edge":
        role = ROAD_WALL if ptype.terrain == "road-wall" else EDGE
    else:
        role = NONE
    air = clearance_levels(ptype, slack) if role == BODY else 0
    return ptype, offsets, role, ptype.height, air, ptype.terrain in SOLID_TOP_TERRAINS


def build_index(m: Map, options: dict[str, Any] | None = None) -> BuildIndex:
    """Index every piece of the map in one pass (see the module docstring).

    The cyclic garbage collector is paused meanwhile: the pass allocates many small objects and
    no cycles, and the collector's repeated scans would make the cost superlinear.
    """
    from mapkit.bulk import paused_gc

    with paused_gc():
        return _build(m, options or {})


def _build(m: Map, options: dict[str, Any]) -> BuildIndex:
    cat = catalog()
    slack = int(options.get("clearance_slack", 0))
    index = BuildIndex(m, clearance_slack=slack)
    markers, edges, outside = index.markers, index.edges, index.outside
    types, all_cells = index.types, index.cells
    # each a list of cells and the list of the pieces filling them (one append each)
    body: list[Cell] = []
    body_of: list[int] = []
    clear: list[Cell] = []  # clearance cells
    clear_of: list[int] = []
    tops: list[Cell] = []  # solid obstacle tops
    tops_of: list[int] = []
    uq: list[int] = []
    ur: list[int] = []
    ul: list[int] = []  # the cell under every hex of every piece (as numbers: no tuple kept per hex)
    add_body, add_body_of = body.append, body_of.append
    plans: dict[tuple[str, Any, Any], tuple | None] = {}  # by (type, turn as the file says it, size)
    for i, piece in enumerate(m.pieces):
        plan_key = (piece.type, piece.rotation, piece.attrs.get("size") if piece.type == "personal" else None)
        plan = plans.get(plan_key, MISSING)
        if plan is MISSING:
            ptype = cat.types.get(piece.type)
            plan = plans[plan_key] = (_plan(ptype, plan_key[2], int(piece.rotation) % 6, slack)
                                      if ptype is not None else None)
        if plan is None:  # readers only produce catalog types; keep going if one slips through
            types.append(None)
            all_cells.append([])
            continue
        ptype, offsets, role, height, air, solid = plan
        pq, pr, z = piece.q, piece.r, piece.z
        hexes = [(pq, pr)] if len(offsets) == 1 else [(pq + dq, pr + dr) for dq, dr in offsets]
        types.append(ptype)
        all_cells.append(hexes)
        for q, r in hexes:
            uq.append(q)
            ur.append(r)
            ul.append(z - 1)
            if r < 0 or r >= INT32 or not 0 <= q + (r >> 1) < INT32:
                if not outside or outside[-1] != i:
                    outside.append(i)
        if (role == BODY or role == ROAD_WALL) and height == 1 and not air:  # a tile: its hexes at its level
            for q, r in hexes:
                add_body((q, r, z))
                add_body_of(i)
        elif role == BODY or role == ROAD_WALL:
            heights = piece.attrs.get("heights") or ptype.hex_heights if air else None
            for k, (q, r) in enumerate(hexes):
                for level in range(z, z + height) if height > 1 else (z,):
                    add_body((q, r, level))
                    add_body_of(i)
                if heights:  # an obstacle whose hexes differ in height (the 3-hex rock outcrop)
                    air = max(0, ptype.height_of_cell(k, heights) - 1 - slack)
                if air:
                    for level in range(z + 1, z + 1 + air):
                        clear.append((q, r, level))
                        clear_of.append(i)
                    if solid:
                        tops.append((q, r, z + air))
                        tops_of.append(i)
        elif role == MARKER:
            for q, r in hexes:
                markers.setdefault((q, r, z), []).append(i)
        elif role == EDGE:
            edges.setdefault((pq, pr, z, int(piece.rotation) % 6), []).append(i)
        elif role == LAUR:
            # A Laur wall stands between pillars, across a hex side or corner (half-step turns):
            # it holds that side, not the hex.
            edges.setdefault((pq, pr, z, LAUR_EDGE + int(round(piece.rotation * 2)) % 12), []).append(i)
    index.start = list(accumulate(map(len, all_cells), initial=0))  # where each piece's hexes begin in `under`
    _sort_and_search(index, (body, body_of), (clear, clear_of), (tops, tops_of), zip(uq, ur, ul))
    return index


def _sort_and_search(index: BuildIndex, body: tuple[list[Cell], list[int]], air: tuple[list[Cell], list[int]],
                     tops: tuple[list[Cell], list[int]], under: Iterable[Cell]) -> None:
    """Gather the cells once, each in a dictionary by cell; answer support, overlap and clearance
    questions from them, each cell looked up once (a pile of n pieces in one hex costs n)."""
    cells = index._body = _Cells(*body)
    top_cells = index._tops = _Cells(*tops)
    # What each hex rests on: a body just below, else a solid obstacle top.
    first, tops_first = cells.first, top_cells.first
    if tops_first:
        index.under = [first.get(cell, tops_first.get(cell, -1)) for cell in under]
    else:
        index.under = list(map(first.get, under, repeat(-1)))   # (zip's tuples made and dropped in C)
    # Cells holding two or more bodies, in the order of their cells.
    index.crowded = {cell: list(group) for cell, group in sorted(cells.several.items())}
    # Bodies standing in an obstacle's air, grouped by cell: the obstacles of each air cell and
    # the bodies there are listed once each, so n obstacles and m bodies in one hex cost n + m.
    if air[0] and first:
        owners_of: dict[Cell, list[int]] = {}
        for cell, owner in zip(*air):
            if cell in first:
                owners_of.setdefault(cell, []).append(owner)
        index.in_clearance = [(cell, owners, cells.all_at(cell)) for cell, owners in sorted(owners_of.items())]
