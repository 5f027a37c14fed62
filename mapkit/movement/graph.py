"""The movement graph of a map for one figure profile.

Nodes are spaces (single-space walkers), unordered pairs of neighbouring spaces
(double-space walkers: the flip is free, so a pair's two facings share one node), or spaces
plus one "air" node per hex (flyers). Edges carry the movement a step costs and flags the
search obeys. Costs follow seeds/004: one per space, one more per level climbed, nothing
extra for moving down; no single step may rise Height levels or more (Example 6; a ladder
lifts that limit); a drop of Height or more is a fall, flagged with its dice (falls do not
stop a move, but `Figure.falls` says which a route may take). Water and molten lava end a
move (a double-space figure only when both halves are on them), a glyph ends it too.
Transit spaces with the same Transit Number in one building are joined at the cost of that
number, a Stairway Up to the Stairway Down with its number one floor higher (seeds/000).

The graph is stored as flat lists (compressed rows): the search touches every edge once per
run, and plain list indexing is the fastest thing Python offers for that.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from mapkit.model.grid import DIRECTIONS
from mapkit.movement.profile import Figure, fall_allowed, fall_dice
from mapkit.movement.spaces import Spaces, movement_data

#: Edge flags.
STOP = 1        # arriving ends the move (water, molten lava, a glyph)
TERMINAL = 2    # arriving ends every route (molten lava: destroyed on 1-19)
TRANSIT = 4     # a placement between transit spaces, not a step

INTERIOR_ROLES = frozenset({"floor", "doorway", "window", "elevator", "stair-up", "stair-down"})


@dataclass
class Graph:
    """Compressed adjacency: the edges of node n are indices off[n] .. off[n+1]-1."""

    spaces: Spaces
    figure: Figure
    n: int
    off: list[int]
    tgt: list[int]
    cost: list[int]
    dirn: list[int]
    flags: list[int]
    can_end: list[bool]
    #: For double-space graphs: node -> (space a, space b). Otherwise node -> space (air: -1).
    members: list[tuple[int, int]] = field(default_factory=list)
    node_space: list[int] = field(default_factory=list)
    #: Cosmos straight-line data (single-space walkers only).
    lockable: list[bool] | None = None
    cosmos_free: list[bool] | None = None
    cosmos_next: dict[tuple[int, int], int] | None = None

    @property
    def has_cosmos(self) -> bool:
        return bool(self.lockable) and any(self.lockable)

    @property
    def transit_nodes(self) -> list[bool]:
        """Per node: whether a transit placement leaves it (it is a Transit Space this figure may use)."""
        cached = self.__dict__.get("_transit_nodes")
        if cached is None:
            flags, off = self.flags, self.off
            cached = [any(flags[e] & TRANSIT for e in range(off[n], off[n + 1])) for n in range(self.n)]
            self.__dict__["_transit_nodes"] = cached
        return cached

    @property
    def pairs(self) -> bool:
        """Nodes are pairs of spaces (a walking double-space figure), even when there are none.

        A flying double-space figure moves over single spaces (`build`), so it is not a pair graph.
        """
        return self.figure.double and not self.figure.flying


def is_interior(spaces: Spaces, s: int) -> bool:
    return spaces.building[s] >= 0 and spaces.role[s] in INTERIOR_ROLES


def enterable(spaces: Spaces, s: int, fig: Figure, broken_windows: bool = False) -> bool:
    """Whether the figure may move into space s at all (fit, closed spaces, entry limits)."""
    role = spaces.role[s]
    if spaces.clearance[s] < fig.height and not fig.flying:
        return False  # tight quarters: cannot move through a space it cannot fit on (seeds/004)
    if spaces.clearance[s] <= 0:
        return False
    if role == "elevator":
        return fig.elevator_car
    if role == "window" and not broken_windows:
        return False
    if fig.elevator_car and is_interior(spaces, s) and role != "elevator":
        return False
    limit = spaces.max_height[s]
    if limit is not None and fig.height > limit and role != "exit":
        return False  # a Book's entry limit (an exit space outside stays open; its transit does not)
    if fig.double and (role.startswith("stair") or (spaces.single_spaced[s] and is_interior(spaces, s))):
        # "Only single-spaced figures can enter or occupy Stairway Hexes"; an interior keeps them out
        # when its Book says so (seeds/000, Stairways; Entering and Occupying Interior Access Structures).
        return False
    return True


def can_end_on(spaces: Spaces, s: int, fig: Figure, broken_windows: bool = False) -> bool:
    """Whether a move may end on s: it must fit (flyers check fit only here) and not be a Half hex."""
    return (enterable(spaces, s, fig, broken_windows) and spaces.clearance[s] >= fig.height
            and spaces.fit[s] == "full")


def _openings_meet(spaces: Spaces, a: int, b: int) -> bool:
    """Whether the open gaps above two neighbouring spaces overlap (so a figure can pass)."""
    ha, hb = spaces.height[a], spaces.height[b]
    return hb < ha + spaces.clearance[a] and ha < hb + spaces.clearance[b]


def neighbours(spaces: Spaces, interior_index: dict, a: int, broken_windows: bool):
    """(direction, b) for every space b a figure on a could step to, ignoring its profile."""
    q, r = spaces.q[a], spaces.r[a]
    inside = is_interior(spaces, a)
    role_a = spaces.role[a]
    door_a = role_a == "doorway" or (role_a == "window" and broken_windows)
    for d, (dq, dr) in enumerate(DIRECTIONS):
        nq, nr = q + dq, r + dr
        if inside:
            for b in interior_index.get((spaces.building[a], spaces.floor[a], nq, nr), ()):
                yield d, b
            if door_a:
                for b in spaces.columns.get((nq, nr), ()):
                    if _openings_meet(spaces, a, b):
                        yield d, b
        else:
            for b in spaces.columns.get((nq, nr), ()):
                if _openings_meet(spaces, a, b):
                    yield d, b
            for b in interior_index.get(("door", nq, nr), ()):
                role_b = spaces.role[b]
                if (role_b == "doorway" or (role_b == "window" and broken_windows)) and _openings_meet(spaces, a, b):
                    yield d, b


def _interior_index(spaces: Spaces) -> dict:
    index: dict = {}
    for s in range(len(spaces)):
        if is_interior(spaces, s):
            index.setdefault((spaces.building[s], spaces.floor[s], spaces.q[s], spaces.r[s]), []).append(s)
            if spaces.role[s] in ("doorway", "window"):
                index.setdefault(("door", spaces.q[s], spaces.r[s]), []).append(s)
    return index


@lru_cache(maxsize=1)
def _terrain_sets() -> tuple[frozenset[str], frozenset[str], frozenset[str], str]:
    data = movement_data()
    return (frozenset(data["ends_move"]), frozenset(data["deadly"]), frozenset(data["no_fall_onto"]),
            data["cosmos_terrain"])


def step(spaces: Spaces, fig: Figure, a: int, b: int, d: int) -> tuple[int, str | None] | None:
    """(cost, fall dice) of a walking step from a to b, or None if the profile forbids it."""
    soft = _terrain_sets()[2]
    rise = spaces.height[b] - spaces.height[a]
    if fig.flying:
        return 1, None
    if rise > 0:
        if rise >= fig.height and not _ladder(spaces, a, b, d):
            return None  # Height limit (seeds/004 Example 6)
        return 1 + rise, None
    dice = fall_dice(-rise, fig.height, spaces.terrain[b] in soft)
    if not fall_allowed(dice, fig.falls):
        return None
    return 1, dice


def _ladder(spaces: Spaces, a: int, b: int, d: int) -> bool:
    ladders = spaces.ladders
    return bool(ladders) and ((spaces.q[a], spaces.r[a], d) in ladders
                              or (spaces.q[b], spaces.r[b], (d + 3) % 6) in ladders)


def _battlement(spaces: Spaces, a: int, b: int, d: int) -> bool:
    blocked = spaces.blocked_edges
    return bool(blocked) and ((spaces.q[a], spaces.r[a], d, spaces.height[a]) in blocked
                              or (spaces.q[b], spaces.r[b], (d + 3) % 6, spaces.height[b]) in blocked)


def _arrival_flags(spaces: Spaces, fig: Figure, b: int) -> int:
    ends, deadly, _, _ = _terrain_sets()
    flags = 0
    terrain = spaces.terrain[b]
    if not fig.flying:
        if terrain in ends:
            flags |= STOP
        if terrain in deadly:
            flags |= STOP | TERMINAL
    if fig.stop_on_glyphs and spaces.glyph[b] is not None and not fig.flying:
        flags |= STOP  # a flyer passes over a glyph; landing on it ends its move anyway
    return flags


def walk_edges(spaces: Spaces, fig: Figure, broken_windows: bool = False
               ) -> list[list[tuple[int, int, int, int]]]:
    """Per space, its walking edges (b, cost, direction, flags) and transit placements."""
    index = _interior_index(spaces)
    ok = [enterable(spaces, s, fig, broken_windows) for s in range(len(spaces))]
    out: list[list[tuple[int, int, int, int]]] = [[] for _ in range(len(spaces))]
    for a in range(len(spaces)):
        if not ok[a]:
            continue
        edges = out[a]
        for d, b in neighbours(spaces, index, a, broken_windows):
            if not ok[b] or _battlement(spaces, a, b, d):
                continue
            st = step(spaces, fig, a, b, d)
            if st is None:
                continue
            edges.append((b, st[0], d, _arrival_flags(spaces, fig, b)))
    if not fig.double:
        for a, b, cost in transit_links(spaces):
            if ok[a] and ok[b] and transit_ok(spaces, a, fig) and transit_ok(spaces, b, fig):
                out[a].append((b, cost, -1, TRANSIT | _arrival_flags(spaces, fig, b)))
    if fig.elevator_car:
        for a, b, cost in shaft_links(spaces):
            out[a].append((b, cost, -1, 0))
    return out


def transit_groups(spaces: Spaces) -> dict[tuple, list[int]]:
    """Transit spaces grouped as they connect: (building, number) for exits and plain transit
    spaces; (building, floor, number, up/down) for stairways."""
    groups: dict[tuple, list[int]] = {}
    for s, number in enumerate(spaces.transit_number):
        if number is None:
            continue
        role = spaces.role[s]
        if role in ("stair-up", "stair-down"):
            groups.setdefault((spaces.building[s], spaces.floor[s], number, role), []).append(s)
        else:
            groups.setdefault((spaces.building[s], number), []).append(s)
    return groups


def shaft_links(spaces: Spaces) -> list[tuple[int, int, int]]:
    """(from, to, cost) between Elevator Shaft spaces of one hex on consecutive floors of a
    building: the Elevator Car rides its shaft one floor per space of movement (assumption: the
    Book of Elevator Car was not found, physical-and-rules 3.3)."""
    shafts = {(spaces.building[s], spaces.floor[s], spaces.q[s], spaces.r[s]): s
              for s in range(len(spaces)) if spaces.role[s] == "elevator"}
    links = []
    for (b, f, q, r), s in shafts.items():
        above = shafts.get((b, f + 1, q, r))
        if above is not None:
            links += [(s, above, 1), (above, s, 1)]
    return links


def transit_ok(spaces: Spaces, s: int, fig: Figure) -> bool:
    """Whether the figure may use the transit space s: single-spaced, within the Book's limit."""
    limit = spaces.max_height[s]
    return not fig.double and (limit is None or fig.height <= limit)


def transit_links(spaces: Spaces) -> list[tuple[int, int, int]]:
    """(from, to, Transit Number) for every placement the transit rules allow (seeds/000)."""
    links = []
    groups = transit_groups(spaces)
    for key, members in groups.items():
        if len(key) == 2:
            for a in members:
                for b in members:
                    if a != b:
                        links.append((a, b, key[1]))
        elif key[3] == "stair-up":
            building, floor, number, _ = key
            for a in members:
                for b in groups.get((building, floor + 1, number, "stair-down"), ()):
                    links.append((a, b, number))
                    links.append((b, a, number))
    return links


def _csr(rows: list[list[tuple[int, int, int, int]]]) -> tuple[list[int], list[int], list[int], list[int], list[int]]:
    off, tgt, cost, dirn, flags = [0], [], [], [], []
    for row in rows:
        for b, c, d, f in row:
            tgt.append(b)
            cost.append(c)
            dirn.append(d)
            flags.append(f)
        off.append(len(tgt))
    return off, tgt, cost, dirn, flags


def build(spaces: Spaces, fig: Figure, broken_windows: bool = False) -> Graph:
    """The movement graph of `spaces` for `fig`."""
    if fig.flying:
        return _flying(spaces, fig, broken_windows)
    from mapkit.movement.fastgraph import pairs_graph, walk_csr

    if fig.double:
        return pairs_graph(spaces, fig, broken_windows)

    can_end = [can_end_on(spaces, s, fig, broken_windows) for s in range(len(spaces))]
    off, tgt, cost, dirn, flags = walk_csr(spaces, fig, broken_windows)
    g = Graph(spaces, fig, len(spaces), off, tgt, cost, dirn, flags, can_end,
              node_space=list(range(len(spaces))))
    _cosmos(g)
    return g


def _cosmos(g: Graph) -> None:
    """Straight-line data for Cosmos spaces (seeds/002): which may lock a figure's direction,
    which free it (a space of another terrain next to them), and each one's straight next step."""
    spaces = g.spaces
    cosmos = _terrain_sets()[3]
    lockable = [t == cosmos for t in spaces.terrain]
    if not any(lockable):
        return
    free = [False] * g.n
    nxt: dict[tuple[int, int], int] = {}
    for s in range(g.n):
        if not lockable[s]:
            continue
        free[s] = any(spaces.terrain[b] != cosmos for _, ids in spaces.neighbour_columns(s) for b in ids)
        for e in range(g.off[s], g.off[s + 1]):
            d = g.dirn[e]
            if d < 0:
                continue
            best = nxt.get((s, d))
            if best is None or (lockable[g.tgt[e]] and g.cost[e] < g.cost[best]):
                nxt[(s, d)] = e
    g.lockable, g.cosmos_free, g.cosmos_next = lockable, free, nxt


def _pairs(spaces: Spaces, fig: Figure, rows: list[list[tuple[int, int, int, int]]],
           broken_windows: bool) -> Graph:
    """Double-space nodes: unordered pairs of neighbouring spaces; either end may lead (seeds/004)."""
    ends, deadly, _, _ = _terrain_sets()
    pair_id: dict[tuple[int, int], int] = {}
    members: list[tuple[int, int]] = []
    for a, row in enumerate(rows):
        for b, _, d, f in row:
            if d < 0:
                continue
            key = (a, b) if a < b else (b, a)
            if key not in pair_id:
                pair_id[key] = len(members)
                members.append(key)
    wet = [t in ends for t in spaces.terrain]
    out: list[list[tuple[int, int, int, int]]] = [[] for _ in members]
    for p, (x, y) in enumerate(members):
        for lead, other in ((x, y), (y, x)):
            for n, c, d, f in rows[lead]:
                if d < 0 or n == other:
                    continue
                flags = 0
                if wet[lead] and wet[n]:
                    flags |= STOP  # both halves on water (seeds/004)
                    if spaces.terrain[lead] in deadly or spaces.terrain[n] in deadly:
                        flags |= TERMINAL
                if fig.stop_on_glyphs and spaces.glyph[n] is not None:
                    flags |= STOP
                key = (lead, n) if lead < n else (n, lead)
                out[p].append((pair_id[key], c, d, flags))
    can_end = [spaces.height[x] == spaces.height[y] and can_end_on(spaces, x, fig, broken_windows)
               and can_end_on(spaces, y, fig, broken_windows) for x, y in members]
    off, tgt, cost, dirn, flags = _csr(out)
    return Graph(spaces, fig, len(members), off, tgt, cost, dirn, flags, can_end, members=members)


def _flying(spaces: Spaces, fig: Figure, broken_windows: bool) -> Graph:
    """Flyers count one space per hex flown, whatever the levels (no climbing cost, no falls,
    water does not stop them). Each exterior space joins every enterable space of the six
    hexes around it; a hex with none (a tree, a covered hex) gets one "air" node to fly over,
    where no move may end. A Partial hex's air costs nothing to cross: "Partial Hexes should
    never be counted, and Half Hexes should always be counted as one space each" (seeds/000,
    Counting Partial and Half Hex Spaces for Special Powers). Interiors are walked (doorways
    are the way in)."""
    n_sp = len(spaces)
    index = _interior_index(spaces)
    ok = [enterable(spaces, s, fig, broken_windows) for s in range(n_sp)]
    landing: dict[tuple[int, int], list[int]] = {}
    for h, ids in spaces.columns.items():
        good = [b for b in ids if ok[b]]
        if good:
            landing[h] = good
    air_hexes = sorted(h for h in spaces.hexes | set(spaces.columns) if h not in landing)
    air = {h: n_sp + i for i, h in enumerate(air_hexes)}
    hexes = air_hexes
    rows: list[list[tuple[int, int, int, int]]] = [[] for _ in range(n_sp + len(air_hexes))]
    arrive = [_arrival_flags(spaces, fig, b) for b in range(n_sp)]

    def fly_from(node: int, q: int, r: int) -> None:
        for d, (dq, dr) in enumerate(DIRECTIONS):
            h = (q + dq, r + dr)
            targets = landing.get(h)
            if targets is not None:
                rows[node].extend((b, 1, d, arrive[b]) for b in targets)
            elif h in air:
                rows[node].append((air[h], 0 if h in spaces.partial else 1, d, 0))

    for (q, r), node in air.items():
        fly_from(node, q, r)
    for s in range(n_sp):
        if not ok[s]:
            continue
        if not is_interior(spaces, s):
            fly_from(s, spaces.q[s], spaces.r[s])
            continue
        for d, b in neighbours(spaces, index, s, broken_windows):
            if ok[b] and not _battlement(spaces, s, b, d):
                rows[s].append((b, 1, d, arrive[b]))
                if not is_interior(spaces, b):
                    rows[b].append((s, 1, (d + 3) % 6, arrive[s]))
    if not fig.double:
        for a, b, cost in transit_links(spaces):
            if ok[a] and ok[b] and transit_ok(spaces, a, fig) and transit_ok(spaces, b, fig):
                rows[a].append((b, cost, -1, TRANSIT | _arrival_flags(spaces, fig, b)))
    can_end = [can_end_on(spaces, s, fig, broken_windows) for s in range(n_sp)] + [False] * len(hexes)
    if fig.double:
        can_end[:n_sp] = [ce and any(spaces.height[b] == spaces.height[s] and can_end[b]
                                     for _, ids in spaces.neighbour_columns(s) for b in ids)
                          for s, ce in enumerate(can_end[:n_sp])]
    off, tgt, cost, dirn, flags = _csr(rows)
    return Graph(spaces, fig, len(rows), off, tgt, cost, dirn, flags, can_end,
                 node_space=list(range(n_sp)) + [-1] * len(hexes))
