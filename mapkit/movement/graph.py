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

This module is the reference builder (`walk_edges`, `_pairs`, `_flying`) and `build`, which takes
the fast path of `fastgraph` where one exists; both are made of the rules of one step in `steps`.
The graph is stored as flat lists (compressed rows): the search touches every edge once per
run, and plain list indexing is the fastest thing Python offers for that.
"""

from __future__ import annotations

from mapkit.model.grid import DIRECTIONS
from mapkit.movement.fastgraph import pairs_graph, walk_csr
from mapkit.movement.profile import Figure
from mapkit.movement.spaces import Spaces
# The rules of one step, shared with fastgraph; re-exported so `graph` stays the one face of the graph.
from mapkit.movement.steps import (INTERIOR_ROLES, STOP, TERMINAL, TRANSIT, Graph,  # noqa: F401
                                   _arrival_flags, _battlement, _interior_index, _ladder, _openings_meet,
                                   _terrain_sets, can_end_on, enterable, is_interior, neighbours, shaft_links,
                                   step, transit_groups, transit_links, transit_ok)


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
    off, tgt, cost, dirn, edge_flags = _csr(out)
    return Graph(spaces, fig, len(members), off, tgt, cost, dirn, edge_flags, can_end, members=members)


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
    off, tgt, step_cost, dirn, edge_flags = _csr(rows)
    return Graph(spaces, fig, len(rows), off, tgt, step_cost, dirn, edge_flags, can_end,
                 node_space=list(range(n_sp)) + [-1] * len(hexes))
