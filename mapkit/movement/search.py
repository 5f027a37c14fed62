"""Fewest turns, then least movement: a Dijkstra over (turns, movement used this turn).

A label (t, u) says: t turns are over and u spaces of movement are spent in the current one;
it is stored as one integer t * (Move + 1) + u, so labels compare as plain integers and the
heap holds plain integers too (key * states + state). A step of cost c from (t, u) stays in
the turn if u + c <= Move; otherwise the figure must have been able to stop where it stood
(not on a Half hex, not locked in a Cosmos line) and takes it as the first step of turn t + 1.
No single step may cost more than Move ("if your figure can't move enough spaces to reach
the top of a ledge, then it can't move there", seeds/004). Arriving where a move must end
(water, molten lava, a glyph) or with all movement used closes the turn: (t + 1, 0).

Without Cosmos spaces, fewer turns and then less movement used is always at least as good,
so one label per space is exact. On Cosmos a figure entering a Cosmos space is locked into
the straight line it entered by (seeds/002) until its movement is used, a space of another
terrain is next to it, or it cannot legally occupy the next space. There having spent more
movement can be better (the line stops earlier), so on maps with Cosmos every state is
(space, locked direction, movement used) and keeps its fewest turns: exact, and about Move
times the work, which Cosmos maps (a mat of a few hundred hexes) can afford.

Transit Spaces add two states to the spaces that have them (`search`): MOVED (the figure has
just moved onto one: a placement must follow at once, or the move ends there) and ARMED (it
ended its move there: next turn it may be placed instead of moving). Maps without transit
spaces keep one state per space.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable

from mapkit.movement.steps import STOP, TERMINAL, TRANSIT, Graph
from mapkit.records import Record

UNREACHED = 1 << 60


class Reach(Record):
    """The result of one search; per node, the best label of its free state."""

    graph: Graph
    move: int
    key: list[int]        # best label of the node's free state (UNREACHED if none)
    spent: list[int]      # spaces counted: the fewest of the routes ending there in the fewest turns
    passed: list[int]     # best label of any state of the node (crossing counts)
    end_ok: list[bool]    # whether a move may end on the node in this search

    def turns_at(self, node: int) -> int | None:
        """Turns needed to end a move on the node, or None if no move can end there."""
        k = self.key[node]
        if k >= UNREACHED or not self.end_ok[node]:
            return None
        t, u = divmod(k, self.move + 1)
        return t + (1 if u else 0)

    def passed_turns(self, node: int) -> int | None:
        """Turns needed to move through the node (a Half hex, a locked Cosmos space)."""
        k = self.passed[node]
        if k >= UNREACHED:
            return None
        t, u = divmod(k, self.move + 1)
        return t + (1 if u else 0)


def search(g: Graph, sources: Iterable[int], blocked: Iterable[int] = (), friendly: Iterable[int] = ()) -> Reach:
    """Every node reachable from `sources` (nodes where figures start, label (0, 0)).

    `blocked` nodes hold opposing figures (no passing, no ending); `friendly` nodes may be
    passed through but not ended on (seeds/004 "passing and landing on other figures"), as the
    spaces of the figures the map places are (`Spaces.occupied`).

    A node where a move may end keeps one label: from there the figure can always stop and
    start the next turn afresh. A node where it may not (a Half hex, the air above a hex, a
    Cosmos space in a locked line) keeps one label per amount of movement used, since
    arriving a turn later with more movement left can be the only way across.

    Transit Spaces (seeds/000): "when a single-spaced figure moves onto an unoccupied space
    with a Transit Number, you may either: immediately place that figure onto any corresponding
    unoccupied Transit Space at a movement cost equal to the printed Transit Number, or
    immediately end your movement. When that figure would next move, you may place that figure
    onto any corresponding unoccupied Transit Space instead of moving." So a transit space has
    two more states: MOVED (it has just moved onto it: the only way on this turn is a placement,
    a walker may not walk across) and ARMED (it ended its move there: next turn it may be
    placed instead of moving, which takes that whole turn). A placement is not a move onto the
    far space, so the figure walks on from there with what movement is left. A flyer passes
    over transit spaces and may still use one it moves onto. A Transit Space a figure the map
    places holds is not "unoccupied": nothing is placed onto it, and moving through it (passing
    that figure) places nothing, so a walker walks on across it.
    """
    move = g.figure.move
    width = move + 1
    exact = g.has_cosmos
    locks = 7 if exact else 1
    transit_at = g.transit_nodes
    has_transit = any(transit_at)
    armed_kind, moved_kind = locks, locks + 1
    kinds = locks + (2 if has_transit else 0)
    per_node = kinds * width
    n_states = g.n * per_node
    best = [UNREACHED] * n_states
    spent = [0] * n_states
    dead = bytearray(n_states)
    # Per node, the fewest turns and then the fewest spaces of the routes whose move ends there
    # (at water, a glyph, a Transit Space, with all movement used), packed as turns << 32 |
    # spaces: the label kept, ahead on movement left for what follows, can have counted more
    # (2 + a placement of 3 against a walk of 4 onto the far Transit Space, both in turn 1).
    least = [UNREACHED] * g.n
    is_blocked = bytearray(g.n)
    for b in blocked:
        is_blocked[b] = 1
    end_ok = list(g.can_end)
    is_friendly = bytearray(g.n)
    for f in friendly:
        end_ok[f] = False
        is_friendly[f] = 1
    if not g.pairs and any(g.spaces.occupied):
        # A figure the map places is passed as a friendly figure (its army is not known): no move
        # ends on its space, and a Transit Space it holds neither takes a placement nor places
        # one moving through it ("unoccupied", below).
        for f, held in enumerate(g.spaces.occupied):
            if held:
                end_ok[f] = False
                is_friendly[f] = 1
    forced = not g.figure.flying  # a walker that moves onto a transit space is placed or stops there
    heap: list[int] = []
    for s in sources:
        state = s * per_node
        least[s] = 0
        if best[state] != 0:
            best[state] = 0
            heap.append(state)
    heapq.heapify(heap)
    off, tgt, cost, dirn, flags = g.off, g.tgt, g.cost, g.dirn, g.flags
    lockable, free = g.lockable, g.cosmos_free
    nxt = g.cosmos_next or {}  # a lock is only ever taken on a graph with Cosmos data
    pop, push = heapq.heappop, heapq.heappush

    def offer(s2: int, k2: int, used: int, terminal: int) -> None:
        node2, rest2 = divmod(s2, per_node)
        if rest2 < width and end_ok[node2]:  # the node's free state: a move may end here
            t2, u2 = divmod(k2, width)
            ends = (t2 + (1 if u2 else 0)) << 32 | used
            if ends < least[node2]:
                least[node2] = ends
        # An equal label by a route that counted fewer spaces replaces it (and is expanded
        # again, so what follows counts from it): a move that must end where it arrives keeps
        # no movement left, so the label alone cannot tell a 4-space walk from 2 + a placement.
        if k2 < best[s2] or (k2 == best[s2] and used < spent[s2]):
            best[s2] = k2
            spent[s2] = used
            dead[s2] = terminal
            push(heap, k2 * n_states + s2)

    while heap:
        item = pop(heap)
        key, state = divmod(item, n_states)
        if key != best[state] or dead[state]:
            continue
        node, rest = divmod(state, per_node)
        kind = rest // width
        t, u = divmod(key, width)
        base = spent[state]
        if kind == moved_kind and not exact:
            slot0 = node * per_node + moved_kind * width
            if any(best[slot0 + v] // width <= t for v in range(u)):
                continue  # dominated: as early a turn with less used
        if kind >= armed_kind:
            # Transit placements: at once (MOVED) or instead of this turn's move (ARMED).
            for e in range(off[node], off[node + 1]):
                f = flags[e]
                m = tgt[e]
                if not f & TRANSIT or is_blocked[m] or is_friendly[m]:
                    continue
                c = cost[e]
                if kind == armed_kind:
                    if end_ok[m]:
                        offer(m * per_node, (t + 1) * width, base + c, 1 if f & TERMINAL else 0)
                    continue
                if u + c > move:
                    continue
                t2, u2 = t, u + c
                if f & STOP or (u2 == move and end_ok[m]):
                    if not end_ok[m]:
                        continue
                    t2, u2 = t2 + 1, 0
                s2 = m * per_node if end_ok[m] and not exact else m * per_node + u2
                offer(s2, t2 * width + u2, base + c, 1 if f & TERMINAL else 0)
            continue
        lock = kind
        can_stop = lock == 0 and end_ok[node]
        if exact and can_stop and u:
            # Ending the turn here is a state of its own: a fresh Move may line up a Cosmos
            # straight line differently from what is left of this one.
            s0 = node * per_node
            if (t + 1) * width < best[s0]:
                best[s0] = (t + 1) * width
                spent[s0] = spent[state]
                push(heap, (t + 1) * width * n_states + s0)
        if not can_stop and not exact:
            # Skip a label another slot of the same lock dominates (fewer turns, less used).
            slot0 = node * per_node + lock * width
            if any(best[slot0 + v] // width <= t for v in range(u)):
                continue
        if lock:
            locked = nxt.get((node, lock - 1))
            edges: Iterable[int] = () if locked is None else (locked,)
        else:
            edges = range(off[node], off[node + 1])
        for e in edges:
            m = tgt[e]
            f = flags[e]
            if is_blocked[m] or f & TRANSIT:
                continue  # placements leave only from the MOVED and ARMED states
            c = cost[e]
            onto_transit = has_transit and transit_at[m] and not is_friendly[m] and dirn[e] >= 0
            if u + c <= move:
                if can_stop and u and (not end_ok[m] or onto_transit) and not f & STOP:
                    # Stopping here first may be the only way across a space one cannot stop on,
                    # or to reach a Transit Space with movement left for the placement.
                    options: tuple = ((t, u + c), (t + 1, c))
                else:
                    options = ((t, u + c),)
            elif can_stop and c <= move:
                options = ((t + 1, c),)
            else:
                continue
            terminal = 1 if f & TERMINAL else 0
            for t2, u2 in options:
                if onto_transit:
                    # Moved onto an unoccupied Transit Space.
                    mb = m * per_node
                    if f & STOP:
                        if end_ok[m]:
                            offer(mb, (t2 + 1) * width, base + c, terminal)
                            offer(mb + armed_kind * width, (t2 + 1) * width, base + c, terminal)
                        continue
                    # One MOVED label per amount used: it cannot stop, so less used later may be better.
                    offer(mb + moved_kind * width + u2, t2 * width + u2, base + c, terminal)
                    if end_ok[m]:
                        offer(mb, (t2 + 1) * width, base + c, terminal)
                        offer(mb + armed_kind * width, (t2 + 1) * width, base + c, terminal)
                    if forced:
                        continue
                lock2 = 0
                if f & STOP:
                    if not end_ok[m]:
                        break  # the move would have to end where it may not
                    t2, u2 = t2 + 1, 0
                elif u2 == move and end_ok[m]:
                    t2, u2 = t2 + 1, 0
                elif lockable is not None and lockable[m] and dirn[e] >= 0 and not free[m]:  # type: ignore[index]
                    d = dirn[e]
                    e2 = nxt.get((m, d))
                    if e2 is not None and not is_blocked[tgt[e2]] and end_ok[tgt[e2]] and u2 + cost[e2] <= move:
                        lock2 = d + 1
                if lock2 == 0 and end_ok[m] and not exact:
                    s2 = m * per_node
                else:
                    s2 = m * per_node + lock2 * width + u2
                k2 = t2 * width + u2
                if u2 == 0 and lock2 == 0 and end_ok[m]:  # the move ends here (or has not begun)
                    ends = t2 << 32 | (base + c)
                    if ends < least[m]:
                        least[m] = ends
                if k2 < best[s2] or (k2 == best[s2] and base + c < spent[s2]):  # `offer`, inlined: the hot loop
                    best[s2] = k2
                    spent[s2] = base + c
                    dead[s2] = terminal
                    push(heap, k2 * n_states + s2)
    if exact:
        # A node's free labels are spread over its movement-used slots: take the best.
        keys: list[int] = []
        spent0: list[int] = []
        for n in range(g.n):
            base = n * per_node
            slot = min(range(base, base + width), key=best.__getitem__)
            keys.append(best[slot])
            spent0.append(spent[slot])
    else:
        keys = best[0::per_node]
        spent0 = spent[0::per_node]
    # The spaces counted: the fewest of the kept label's route and the routes ending there, of
    # those that take the fewest turns.
    for n, k in enumerate(keys):
        if least[n] < UNREACHED:
            t, u = divmod(k, width)
            kept = (t + (1 if u else 0)) << 32 | spent0[n] if k < UNREACHED else UNREACHED
            spent0[n] = min(kept, least[n]) & 0xFFFFFFFF
    if per_node == 1:
        return Reach(g, move, keys, spent0, keys, end_ok)
    passed = [min(best[n * per_node:(n + 1) * per_node]) for n in range(g.n)]
    return Reach(g, move, keys, spent0, passed, end_ok)


def space_turns(reach: Reach) -> tuple[list[int | None], list[int | None]]:
    """Per space: (turns to end a move there, spaces counted along that route).

    For double-space graphs a space counts as reached when some pair of spaces the figure may
    end on contains it; for flyers the air nodes are left out.
    """
    g = reach.graph
    n_sp = len(g.spaces)
    turns: list[int | None] = [None] * n_sp
    cost: list[int | None] = [None] * n_sp
    if g.pairs:
        for p, (a, b) in enumerate(g.members):
            t = reach.turns_at(p)
            if t is None:
                continue
            for s in (a, b):
                if turns[s] is None or t < turns[s] or (t == turns[s] and reach.spent[p] < cost[s]):  # type: ignore[operator]
                    turns[s], cost[s] = t, reach.spent[p]
        return turns, cost
    for s in range(n_sp):
        t = reach.turns_at(s)
        if t is not None:
            turns[s], cost[s] = t, reach.spent[s]
    return turns, cost


def source_nodes(g: Graph, spaces_from: Iterable[int]) -> list[int]:
    """The nodes a figure starting on the given spaces may start from.

    A double-space figure starts on any pair of two same-level spaces both in the set.
    """
    chosen = set(spaces_from)
    if not g.pairs:
        return sorted(chosen)
    return [p for p, (a, b) in enumerate(g.members)
            if a in chosen and b in chosen and g.can_end[p]]
