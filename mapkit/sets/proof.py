"""The fewest sets proved without the solver, where a short search proves it: a check before HiGHS.

The cover's integer program (`cover.py`) is small and its answers are mostly forced: one piece
type needs so many copies of the one set that holds the most of it that nothing else can
compete. Proving that takes a few hundred steps of a bounded search, where loading HiGHS (and
numpy, which its Python module imports) costs more than `mapkit info` takes in all. So the
cover first tries to prove its answer here, and hands the program to HiGHS whenever this
search cannot settle it quickly. This is no solver of its own replacing the library: it only
ever answers where its answer is the *only* optimum, which HiGHS would then return too, so
the answer is the same either way; ties, programs too large to search quickly, and
constraints it does not model all go to HiGHS as before.

The search, on each group of piece types that no set joins to another (the program falls
apart into independent parts: a forest set and a land set share no piece type), tries each
set's copies from the most useful down, and gives up a branch when bounds computed without an
LP show it cannot reach the best answer found:

- sets: for each type still short, its shortfall over the most of it one remaining set holds
  (`cover.count_bound`, on what is left);
- hexes: every remaining piece short is a hex bought at least as many times as its size
  (a set's hexes are the sizes of all it holds), and at least the fewest-hex set per set.

Exhausting the search proves the best answer found is the lexicographic minimum (fewest
sets, then fewest hexes) and whether another answer ties with it. A part whose answer is tied
makes the whole answer tied (HiGHS settles it), as does a search past its step budget.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from mapkit.sets.requirements import hexes_of
from mapkit.sets.sets import TerrainSet

#: Steps of the search (all parts together) before it leaves the program to HiGHS: a corpus map
#: takes at most a few hundred; a step costs a few microseconds.
STEP_BUDGET = 4000


class Unsettled(Exception):
    """The search cannot prove a unique optimum (a tie, or its step budget spent)."""


def proved_cover(need: Mapping[str, int], types: Sequence[str], sets: Sequence[TerrainSet],
                 max_copies: Mapping[str, int] | None = None) -> list[int] | None:
    """The copies of each of `sets` in the one lexicographic optimum of the cover's program
    (fewest sets, then fewest hexes; `need` of each of `types`, each held by some set; at most
    `max_copies[kind]` of a set of that kind), or None where no combination holds them.
    Raises Unsettled where more than one combination is optimal or the search is too long."""
    parts = _parts(types, sets)
    copies = [0] * len(sets)
    steps = [STEP_BUDGET]
    for part_types, part_sets in parts:
        search = _Search([need[t] for t in part_types],
                         [[sets[i].counts.get(t, 0) for t in part_types] for i in part_sets],
                         [sets[i].hexes for i in part_sets],
                         [(max_copies or {}).get(sets[i].kind) for i in part_sets],
                         [hexes_of(t) for t in part_types], steps)
        found = search.run()
        if found is None:
            return None
        for i, n in zip(part_sets, found):
            copies[i] = n
    return copies


def _parts(types: Sequence[str], sets: Sequence[TerrainSet]) -> list[tuple[list[str], list[int]]]:
    """The independent parts of the program: groups of types joined by the sets that hold them,
    each with the indexes of its sets (every set holds some type of `types`)."""
    parent = {t: t for t in types}

    def root(t: str) -> str:
        while parent[t] != t:
            parent[t] = parent[parent[t]]
            t = parent[t]
        return t

    held = [[t for t in types if s.counts.get(t, 0)] for s in sets]
    for ts in held:
        for t in ts[1:]:
            parent[root(t)] = root(ts[0])
    groups: dict[str, tuple[list[str], list[int]]] = {}
    for t in types:
        groups.setdefault(root(t), ([], []))[0].append(t)
    for i, ts in enumerate(held):
        groups[root(ts[0])][1].append(i)
    return list(groups.values())


class _Search:
    """The bounded search of one part (see the module docstring)."""

    def __init__(self, need: list[int], holds: list[list[int]], hexes: list[int], caps: list[int | None],
                 type_hexes: list[int], steps: list[int]):
        # the sets holding the most hexes first: the largest boxes settle the most at once
        order = sorted(range(len(holds)), key=lambda j: (-hexes[j], j))
        self.order = order
        self.holds = [holds[j] for j in order]
        self.hexes = [hexes[j] for j in order]
        self.caps = [caps[j] for j in order]
        self.need, self.type_hexes, self.steps = need, type_hexes, steps
        n, k = len(order), len(need)
        # the most of each type, and the fewest hexes, of the sets from i on
        self.most = [[0] * k for _ in range(n + 1)]
        self.fewest = [0] * (n + 1)
        for i in range(n - 1, -1, -1):
            self.most[i] = [max(a, b) for a, b in zip(self.most[i + 1], self.holds[i])]
            self.fewest[i] = self.hexes[i] if i == n - 1 else min(self.hexes[i], self.fewest[i + 1])
        self.best: tuple[int, int] | None = None
        self.best_copies: list[int] = []
        self.tied = False
        self.copies = [0] * n

    def run(self) -> list[int] | None:
        self._visit(0, self.need, 0, 0)
        if self.best is None:
            return None
        if self.tied:
            raise Unsettled("another combination is as small")
        out = [0] * len(self.order)
        for i, j in enumerate(self.order):
            out[j] = self.best_copies[i]
        return out

    def _visit(self, i: int, short: list[int], count: int, hexes: int) -> None:
        self.steps[0] -= 1
        if self.steps[0] < 0:
            raise Unsettled("the search is too long")
        best = self.best
        if all(r <= 0 for r in short):          # held: any more copies only add sets
            if best is None or (count, hexes) < best:
                self.best, self.best_copies, self.tied = (count, hexes), list(self.copies), False
            elif (count, hexes) == best:
                self.tied = True
            return
        most = self.most[i]
        sets_more = 0
        hexes_more = 0
        for t, r in enumerate(short):
            if r > 0:
                if most[t] == 0:
                    return                      # no set left holds this type
                sets_more = max(sets_more, -(-r // most[t]))
                hexes_more += r * self.type_hexes[t]
        if best is not None and count + sets_more <= best[0]:
            # pieces short over the most of them one remaining set holds, by count and by size
            sets_more = max(sets_more, _over(short, self.holds[i:], self.type_hexes))
        low = (count + sets_more, hexes + max(hexes_more, sets_more * self.fewest[i]))
        if best is not None and (low[0] > best[0] or (low[0] == best[0] and low[1] > best[1])):
            return
        holds, later = self.holds[i], self.most[i + 1]
        top = max((-(-r // a) for r, a in zip(short, holds) if r > 0 and a > 0), default=0)
        cap = self.caps[i]
        if cap is not None:
            top = min(top, cap)
        # fewer copies than some type needs, where no later set holds it, hold too little
        least = max((-(-r // a) for r, a, m in zip(short, holds, later) if r > 0 and m == 0), default=0)
        # a type this set holds more of than any later one: fewer copies of it only need more sets
        steep = [(r, a, m) for r, a, m in zip(short, holds, later) if r > 0 and a > m > 0]
        size = self.hexes[i]
        for n in range(top, least - 1, -1):
            best = self.best                    # (the best so far: the first copies tried set it)
            if best is not None and any(count + n - (-(r - n * a) // m) > best[0] for r, a, m in steep):
                break
            self.copies[i] = n
            self._visit(i + 1, [r - n * a for r, a in zip(short, holds)] if n else short,
                        count + n, hexes + n * size)
        self.copies[i] = 0


def _over(short: list[int], holds: list[list[int]], weights: list[int]) -> int:
    """Sets needed at least for all that is `short` together: its pieces, and their hexes, over
    the most of them any one of the sets `holds` supplies."""
    wanted = [(t, r, w) for t, (r, w) in enumerate(zip(short, weights)) if r > 0]
    pieces = sum(r for _, r, _ in wanted)
    area = sum(r * w for _, r, w in wanted)
    most_pieces = most_area = 1
    for h in holds:
        p = a = 0
        for t, r, w in wanted:
            c = h[t]
            if c:
                c = c if c < r else r
                p += c
                a += c * w
        if p > most_pieces:
            most_pieces = p
        if a > most_area:
            most_area = a
    return max(-(-pieces // most_pieces), -(-area // most_area))
