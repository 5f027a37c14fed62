"""One index of a build, made in a single pass over the pieces, that every physical rule reads.

Cells are (q, r, level). Four tables, because pieces meet in four different ways:
- `body`: the levels a piece fills (land, fluid, obstacle bases, castle pieces; walls 9, arches 10);
- `markers`: glyphs, start zones and figures, which sit *on* a space and fill nothing;
- `edges`: battlements and ladders, which hang on one edge of a hex (two on different edges may share it);
- `clearance`: the air an obstacle needs above its base (trees, palms, ruins, glaciers, hive, outcrops).
Rules then ask "what is under this hex" with one dictionary lookup, so checking grows linearly with
the map and no rule rescans it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mapkit.model.catalog import PieceType, catalog
from mapkit.model.map import Map

#: Kinds whose pieces fill their cells.
BODY_KINDS = frozenset({"land", "fluid", "obstacle", "castle", "custom"})
#: Kinds that sit on a space without filling it.
MARKER_KINDS = frozenset({"marker", "figure"})
#: Obstacles whose top a tile may rest on (a solid block); trees, palms and brush have no flat top.
INT32 = 2**31
#: Edge keys of Laur walls start here (castle edges use 0-5), in half steps (0-11).
LAUR_EDGE = 100
SOLID_TOP_TERRAINS = frozenset({"ruin", "marvel-ruin", "glacier", "outcrop", "hive", "laur-wall"})


@dataclass
class BuildIndex:
    map: Map
    types: list[PieceType] = field(default_factory=list)
    cells: list[list[tuple[int, int]]] = field(default_factory=list)
    body: dict[tuple[int, int, int], int] = field(default_factory=dict)
    #: cells filled by more than one body: cell -> every piece index there (in piece order).
    crowded: dict[tuple[int, int, int], list[int]] = field(default_factory=dict)
    markers: dict[tuple[int, int, int], list[int]] = field(default_factory=dict)
    edges: dict[tuple[int, int, int, int], list[int]] = field(default_factory=dict)
    #: (q, r, level) -> obstacle index, for the air above each obstacle base.
    clearance: dict[tuple[int, int, int], int] = field(default_factory=dict)
    #: indices of pieces with a hex at a negative odd-r row or column (VirtualScape moves them),
    #: or beyond the 32-bit range a .hsc holds.
    outside: list[int] = field(default_factory=list)
    #: (q, r, level) -> obstacle index whose solid top is that level (a tile may rest on it).
    tops: dict[tuple[int, int, int], int] = field(default_factory=dict)
    clearance_slack: int = 0

    def support(self, q: int, r: int, level: int) -> int | None:
        """The piece a thing at `level` rests on in hex (q, r): a body or solid obstacle top just below."""
        below = (q, r, level - 1)
        found = self.body.get(below)
        if found is None:
            found = self.tops.get(below)
        return found


def is_pillar(ptype: PieceType) -> bool:
    """Laur pillars stand on a hex centre; the other Laur wall pieces hang between them."""
    return "pillar" in ptype.id


def clearance_levels(ptype: PieceType, slack: int = 0) -> int:
    """Levels of air an obstacle needs above its base level (its height less the base itself).

    Heights are the catalog's (the pieces' nominal heights, physical-and-rules §2.5); `slack`
    lowers them, as Hexoscape's editor does by one level ("really vertical clearance").
    """
    if ptype.kind != "obstacle" or not ptype.obstacle_height:
        return 0
    return max(0, ptype.obstacle_height - 1 - slack)


def build_index(m: Map, options: dict[str, Any] | None = None) -> BuildIndex:
    """Index every piece of the map in one pass.

    The cyclic garbage collector is paused meanwhile: the pass allocates hundreds of thousands of
    small tuples and no cycles, and the collector's repeated scans would make the cost superlinear.
    """
    import gc

    enabled = gc.isenabled()
    gc.disable()
    try:
        return _build(m, options or {})
    finally:
        if enabled:
            gc.enable()


#: How a piece enters the index, worked out once per (type, size, turn).
LAUR, BODY, MARKER, ROAD_WALL, EDGE, NONE = range(6)


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


def _build(m: Map, options: dict[str, Any]) -> BuildIndex:
    cat = catalog()
    slack = int(options.get("clearance_slack", 0))
    index = BuildIndex(m, clearance_slack=slack)
    body, crowded, markers, edges = index.body, index.crowded, index.markers, index.edges
    clearance, tops, outside = index.clearance, index.tops, index.outside
    types, all_cells = index.types, index.cells
    plans: dict[tuple[str, Any, int], tuple | None] = {}
    for i, piece in enumerate(m.pieces):
        size = piece.attrs.get("size") if piece.type == "personal" else None
        turns = int(piece.rotation) % 6
        plan_key = (piece.type, size, turns)
        plan = plans.get(plan_key, False)
        if plan is False:
            ptype = cat.types.get(piece.type)
            plan = plans[plan_key] = _plan(ptype, size, turns, slack) if ptype is not None else None
        if plan is None:  # readers only produce catalog types; keep going if one slips through
            types.append(None)  # type: ignore[arg-type]
            all_cells.append([])
            continue
        ptype, offsets, role, height, air, solid = plan
        pq, pr, z = piece.q, piece.r, piece.z
        hexes = [(pq, pr)] if len(offsets) == 1 else [(pq + dq, pr + dr) for dq, dr in offsets]
        types.append(ptype)
        all_cells.append(hexes)
        for q, r in hexes:
            if r < 0 or q + (r >> 1) < 0 or r >= INT32 or q + (r >> 1) >= INT32:
                outside.append(i)
                break
        if role == BODY or role == ROAD_WALL:
            for q, r in hexes:
                for level in range(z, z + height) if height > 1 else (z,):
                    key = (q, r, level)
                    other = body.get(key)
                    if other is None:
                        body[key] = i
                    else:
                        crowded.setdefault(key, [other]).append(i)
                if air:
                    for level in range(z + 1, z + 1 + air):
                        clearance[(q, r, level)] = i
                    if solid:
                        tops[(q, r, z + air)] = i
        elif role == MARKER:
            for q, r in hexes:
                markers.setdefault((q, r, z), []).append(i)
        elif role == EDGE:
            edges.setdefault((pq, pr, z, turns), []).append(i)
        elif role == LAUR:
            # A Laur wall stands between pillars, across a hex side or corner (half-step turns):
            # it holds that side, not the hex.
            edges.setdefault((pq, pr, z, LAUR_EDGE + int(round(piece.rotation * 2)) % 12), []).append(i)
    return index
