"""The smallest combination of sets that holds every piece a map needs: an exact integer program.

minimise   sum_s x_s                       (number of boxes bought; ties: fewest hexes in them)
subject to sum_s a[s][t] * x_s >= need[t]  for every piece type t
           x_s integer >= 0, and optional caps: copies per set, sets per kind (tournament limits).

Solved by depth-first branch and bound over the sets in a fixed order, choosing each set's
multiplicity, with two lower bounds: the sets still needed (for each type, the deficit divided by
the most any remaining set supplies) and the hexes still needed. Greedy choice would not be exact:
a map needing 7 sand-7 tiles is best built from one LoV... or not, depending on everything else.
A node budget guards against pathological inputs; past it the search says so instead of guessing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

from mapkit.sets.requirements import hexes_of
from mapkit.sets.sets import TerrainSet


class CoverTooLarge(RuntimeError):
    """The exact search exceeded its node budget."""


@dataclass
class Cover:
    """The answer: sets with multiplicities, and what no set supplies."""

    sets: list[tuple[TerrainSet, int]] = field(default_factory=list)
    uncovered: dict[str, int] = field(default_factory=dict)
    feasible: bool = True
    nodes: int = 0
    #: A lower bound on the number of sets, known before the search (None: no set can do it).
    lower_bound: int | None = 0

    @property
    def count(self) -> int:
        return sum(n for _, n in self.sets)

    def describe(self) -> str:
        return " + ".join(f"{n} x {s.name}" if n > 1 else s.name for s, n in self.sets) or "nothing"


def minimum_cover(need: Mapping[str, int], sets: Sequence[TerrainSet], *,
                  max_copies: Mapping[str, int] | None = None,
                  max_per_kind: Mapping[str, int] | None = None,
                  max_total: int | None = None,
                  node_budget: int = 2_000_000) -> Cover:
    """The exact minimum combination (see module docstring).

    `max_copies`: kind -> most copies of any one set of that kind (e.g. {"expansion": 2}).
    `max_per_kind`: kind -> most sets of that kind in total (e.g. {"master": 1, "expansion": 3});
    a kind absent from a given `max_per_kind` is not allowed at all.
    `max_total`: the most sets in all (a feasibility question, answered fast: "4 sets or fewer?").
    Types no set supplies are returned in `uncovered` and left out of the search.
    """
    supplied = {t for s in sets for t, n in s.pieces if n > 0}
    uncovered = {t: n for t, n in need.items() if n > 0 and t not in supplied}
    types = sorted(t for t, n in need.items() if n > 0 and t in supplied)
    if not types:
        return Cover([], uncovered)
    useful = [s for s in sets if any(s.counts.get(t, 0) for t in types)]
    if max_per_kind is not None:
        useful = [s for s in useful if max_per_kind.get(s.kind, 0) > 0]
    # Sets that alone supply a type first (they are forced), then by how much of the need they hold.
    weight = {t: hexes_of(t) for t in types}

    def value(s: TerrainSet) -> tuple:
        held = sum(min(s.counts.get(t, 0), need[t]) * weight[t] for t in types)
        return (-held, s.hexes, s.id)

    useful.sort(key=value)
    supply = [tuple(s.counts.get(t, 0) for t in types) for s in useful]
    hexes = [s.hexes for s in useful]
    kinds = [s.kind for s in useful]
    n_sets, n_types = len(useful), len(types)
    # best_after[i][k]: the most of type k any set i.. supplies (for the count bound).
    best_after = [[0] * n_types for _ in range(n_sets + 1)]
    for i in range(n_sets - 1, -1, -1):
        best_after[i] = [max(a, b) for a, b in zip(best_after[i + 1], supply[i])]
    deficit = [need[t] for t in types]
    type_hexes = [weight[t] for t in types]
    # A second, aggregate bound: hexes still needed over the most needed hexes one remaining set holds.
    useful_hexes = [sum(a * h for a, h in zip(row, type_hexes)) for row in supply]
    most_hexes_after = [0] * (n_sets + 1)
    for i in range(n_sets - 1, -1, -1):
        most_hexes_after[i] = max(most_hexes_after[i + 1], useful_hexes[i])
    copy_cap = [(max_copies or {}).get(k) for k in kinds]
    kind_cap = dict(max_per_kind) if max_per_kind is not None else None

    best: dict[str, object] = {"key": None, "x": None}
    nodes = 0
    x = [0] * n_sets
    kind_used: dict[str, int] = {}

    def count_bound(i: int, d: list[int]) -> int | None:
        wanted = sum(v * h for v, h in zip(d, type_hexes) if v > 0)
        if most_hexes_after[i] == 0:
            return None if wanted else 0
        bound = -(-wanted // most_hexes_after[i])
        most = best_after[i]
        for k in range(n_types):
            if d[k] > 0:
                if most[k] == 0:
                    return None
                need_k = -(-d[k] // most[k])
                if need_k > bound:
                    bound = need_k
        return bound

    def search(i: int, d: list[int], used: int, used_hexes: int) -> None:
        nonlocal nodes
        nodes += 1
        if nodes > node_budget:
            raise CoverTooLarge(f"set cover search passed {node_budget} nodes")
        if all(v <= 0 for v in d):
            key = (used, used_hexes)
            if best["key"] is None or key < best["key"]:  # type: ignore[operator]
                best["key"], best["x"] = key, list(x)
            return
        if i == n_sets:
            return
        lb = count_bound(i, d)
        if lb is None:
            return
        hex_lb = used_hexes + sum(v * h for v, h in zip(d, type_hexes) if v > 0)
        if max_total is not None and used + lb > max_total:
            return
        if best["key"] is not None:
            if (used + lb, hex_lb) >= best["key"]:  # type: ignore[operator]
                return
        row = supply[i]
        top = 0
        for k in range(n_types):
            if d[k] > 0 and row[k] > 0:
                top = max(top, -(-d[k] // row[k]))
        if copy_cap[i] is not None:
            top = min(top, copy_cap[i])
        if max_total is not None:
            top = min(top, max_total - used)
        if kind_cap is not None:
            top = min(top, kind_cap.get(kinds[i], 0) - kind_used.get(kinds[i], 0))
        for m in range(top, -1, -1):
            x[i] = m
            if m:
                kind_used[kinds[i]] = kind_used.get(kinds[i], 0) + m
                nd = [dv - m * a for dv, a in zip(d, row)]
            else:
                nd = d
            search(i + 1, nd, used + m, used_hexes + m * hexes[i])
            if m:
                kind_used[kinds[i]] -= m
        x[i] = 0

    first = count_bound(0, deficit)
    if first is None or (max_total is not None and first > max_total):
        return Cover([], uncovered, feasible=False, nodes=0, lower_bound=first)
    search(0, deficit, 0, 0)
    if best["x"] is None:
        return Cover([], uncovered, feasible=False, nodes=nodes, lower_bound=first)
    chosen = [(useful[i], m) for i, m in enumerate(best["x"]) if m]  # type: ignore[arg-type]
    order = {"master": 0, "expansion": 1, "kit": 2, "community": 3}
    chosen.sort(key=lambda sm: (order.get(sm[0].kind, 9), sm[0].release, sm[0].id))
    return Cover(chosen, uncovered, nodes=nodes, lower_bound=first)
