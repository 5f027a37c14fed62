"""One index of a build, made in a single pass over the pieces, that every physical rule reads.

Cells are (q, r, level). Pieces meet in four different ways, so four tables:
- body: the levels a piece fills (land, fluid, obstacle bases, castle pieces; walls 9, arches 10),
  plus road walls;
- markers: glyphs, start zones and figures, which sit *on* a space and fill nothing;
- edges: battlements and ladders (one hex edge each) and Laur walls (one side between pillars);
- clearance: the air an obstacle needs above its base (trees, palms, ruins, glaciers, hive, outcrops).

The pass over the pieces only appends coordinates to flat lists. The cells are then encoded as
one integer each and sorted once with numpy; "what is under every hex of every piece", "which
cells hold two bodies" and "which bodies stand in an obstacle's air" are answered by vectorised
binary searches over that sorted array. A dictionary per cell was simpler but grew superlinearly
in time past ~50 000 pieces (cache misses); sorted arrays stay linear in practice.
"""

from __future__ import annotations

from typing import Any

from mapkit.model.catalog import PieceType, catalog
from mapkit.model.map import Map
from mapkit.records import Record, field

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


class _Cells:
    """A sorted set of (q, r, level) cells, each with the piece(s) there, for fast lookups."""

    def __init__(self, universe: "_Universe", q: list[int], r: list[int], level: list[int], piece: list[int]):
        import numpy as np

        self.universe = universe
        keys = universe.encode(q, r, level)
        order = np.argsort(keys, kind="stable")  # stable: occupants of a cell stay in piece order
        self.keys = keys[order]
        self.pieces = np.asarray(piece, dtype=np.int64)[order]
        self.q = np.asarray(q, dtype=np.int64)[order]
        self.r = np.asarray(r, dtype=np.int64)[order]
        self.level = np.asarray(level, dtype=np.int64)[order]

    def first(self, keys) -> list[int]:
        """For each key, the first piece in that cell, or -1 (vectorised)."""
        import numpy as np

        if len(self.keys) == 0 or len(keys) == 0:
            return [-1] * len(keys)
        pos = np.searchsorted(self.keys, keys)
        pos_in = np.minimum(pos, len(self.keys) - 1)
        hit = self.keys[pos_in] == keys
        return np.where(hit, self.pieces[pos_in], -1).tolist()

    def at(self, q: int, r: int, level: int) -> list[int]:
        """Every piece in one cell, in piece order."""
        import numpy as np

        key = self.universe.encode_one(q, r, level)
        if key is None or len(self.keys) == 0:
            return []
        lo = int(np.searchsorted(self.keys, key, "left"))
        hi = int(np.searchsorted(self.keys, key, "right"))
        return self.pieces[lo:hi].tolist()

    def first_at(self, q: int, r: int, level: int) -> int | None:
        """The first piece in one cell, or None: one search, whatever the pile (`at` copies it)."""
        import numpy as np

        key = self.universe.encode_one(q, r, level)
        if key is None or len(self.keys) == 0:
            return None
        pos = int(np.searchsorted(self.keys, key, "left"))
        return int(self.pieces[pos]) if pos < len(self.keys) and self.keys[pos] == key else None


class _Universe:
    """Every coordinate value the index uses, ranked per axis, so a cell packs into one int64."""

    def __init__(self, qs: list[int], rs: list[int], levels: list[int]):
        import numpy as np

        self.q = np.unique(np.asarray(qs, dtype=np.int64)) if qs else np.zeros(0, np.int64)
        self.r = np.unique(np.asarray(rs, dtype=np.int64)) if rs else np.zeros(0, np.int64)
        self.level = np.unique(np.asarray(levels, dtype=np.int64)) if levels else np.zeros(0, np.int64)
        self.nr, self.nl = max(1, len(self.r)), max(1, len(self.level))

    def encode(self, q, r, level):
        import numpy as np

        qi = np.searchsorted(self.q, np.asarray(q, dtype=np.int64))
        ri = np.searchsorted(self.r, np.asarray(r, dtype=np.int64))
        li = np.searchsorted(self.level, np.asarray(level, dtype=np.int64))
        return (qi * self.nr + ri) * self.nl + li

    def encode_one(self, q: int, r: int, level: int) -> int | None:
        """The key of one cell, or None when a coordinate never occurs (so the cell is empty)."""
        import numpy as np

        out = []
        for axis, value in ((self.q, q), (self.r, r), (self.level, level)):
            i = int(np.searchsorted(axis, value))
            if i >= len(axis) or int(axis[i]) != value:
                return None
            out.append(i)
        return (out[0] * self.nr + out[1]) * self.nl + out[2]


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
        return self._body.first_at(q, r, level) if self._body is not None else None

    def support(self, q: int, r: int, level: int) -> int | None:
        """The piece a thing at `level` rests on in hex (q, r): a body or solid obstacle top just below."""
        found = self.body_at(q, r, level - 1)
        if found is None and self._tops is not None:
            found = self._tops.first_at(q, r, level - 1)
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
    types, all_cells, starts = index.types, index.cells, index.start
    bq: list[int] = []
    br: list[int] = []
    bl: list[int] = []
    bi: list[int] = []  # body cells
    cq: list[int] = []
    cr: list[int] = []
    cl: list[int] = []
    ci: list[int] = []  # clearance cells
    tq: list[int] = []
    tr: list[int] = []
    tl: list[int] = []
    ti: list[int] = []  # solid obstacle tops
    uq: list[int] = []
    ur: list[int] = []
    ul: list[int] = []  # the cell under every hex of every piece
    plans: dict[tuple[str, Any, int], tuple | None] = {}
    for i, piece in enumerate(m.pieces):
        size = piece.attrs.get("size") if piece.type == "personal" else None
        turns = int(piece.rotation) % 6
        plan_key = (piece.type, size, turns)
        if plan_key in plans:
            plan = plans[plan_key]
        else:
            ptype = cat.types.get(piece.type)
            plan = plans[plan_key] = _plan(ptype, size, turns, slack) if ptype is not None else None
        starts.append(len(uq))
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
            if r < 0 or q + (r >> 1) < 0 or r >= INT32 or q + (r >> 1) >= INT32:
                if not outside or outside[-1] != i:
                    outside.append(i)
        if role == BODY or role == ROAD_WALL:
            heights = piece.attrs.get("heights") or ptype.hex_heights if air else None
            for k, (q, r) in enumerate(hexes):
                for level in range(z, z + height) if height > 1 else (z,):
                    bq.append(q)
                    br.append(r)
                    bl.append(level)
                    bi.append(i)
                if heights:  # an obstacle whose hexes differ in height (the 3-hex rock outcrop)
                    air = max(0, ptype.height_of_cell(k, heights) - 1 - slack)
                if air:
                    for level in range(z + 1, z + 1 + air):
                        cq.append(q)
                        cr.append(r)
                        cl.append(level)
                        ci.append(i)
                    if solid:
                        tq.append(q)
                        tr.append(r)
                        tl.append(z + air)
                        ti.append(i)
        elif role == MARKER:
            for q, r in hexes:
                markers.setdefault((q, r, z), []).append(i)
        elif role == EDGE:
            edges.setdefault((pq, pr, z, turns), []).append(i)
        elif role == LAUR:
            # A Laur wall stands between pillars, across a hex side or corner (half-step turns):
            # it holds that side, not the hex.
            edges.setdefault((pq, pr, z, LAUR_EDGE + int(round(piece.rotation * 2)) % 12), []).append(i)
    starts.append(len(uq))
    _sort_and_search(index, (bq, br, bl, bi), (cq, cr, cl, ci), (tq, tr, tl, ti), (uq, ur, ul))
    return index


def _sort_and_search(index: BuildIndex, body: tuple, air: tuple, tops: tuple, under: tuple) -> None:
    """Encode and sort the cells once; answer support, overlap and clearance questions in bulk."""
    import numpy as np

    universe = _Universe(body[0] + air[0] + tops[0] + under[0], body[1] + air[1] + tops[1] + under[1],
                         body[2] + air[2] + tops[2] + under[2])
    cells = index._body = _Cells(universe, *body)
    top_cells = index._tops = _Cells(universe, *tops)
    # What each hex rests on: a body just below, else a solid obstacle top.
    under_keys = universe.encode(*under)
    found = np.asarray(cells.first(under_keys), dtype=np.int64)
    if len(top_cells.keys):
        missing = found < 0
        found[missing] = np.asarray(top_cells.first(under_keys[missing]), dtype=np.int64)
    index.under = found.tolist()
    # Cells holding two or more bodies.
    keys = cells.keys
    if len(keys) > 1:
        same = np.flatnonzero(keys[1:] == keys[:-1])
        if len(same):
            pieces, q, r, level = cells.pieces, cells.q, cells.r, cells.level
            for pos in same.tolist():
                cell = (int(q[pos]), int(r[pos]), int(level[pos]))
                group = index.crowded.setdefault(cell, [int(pieces[pos])])
                group.append(int(pieces[pos + 1]))
    # Bodies standing in an obstacle's air, grouped by cell: the obstacles of each air cell and
    # the bodies there are listed once each, so n obstacles and m bodies in one hex cost n + m.
    if air[0] and len(keys):
        air_keys = universe.encode(air[0], air[1], air[2])
        lo = np.searchsorted(keys, air_keys, "left")
        hi = np.searchsorted(keys, air_keys, "right")
        hits = np.flatnonzero(hi > lo)
        hits = hits[np.argsort(air_keys[hits], kind="stable")]
        owners = air[3]
        previous = None
        for j in hits.tolist():
            key = int(air_keys[j])
            if key != previous:  # the first hit always starts a cell
                previous = key
                cell = (air[0][j], air[1][j], air[2][j])
                owners_here: list[int] = []
                index.in_clearance.append((cell, owners_here, cells.pieces[lo[j]:hi[j]].tolist()))
            owners_here.append(owners[j])
