"""The smallest combination of sets that holds every piece a map needs: an exact integer program.

minimise   sum_s x_s                       (number of boxes bought; then: fewest hexes in them)
subject to sum_s a[s][t] * x_s >= need[t]  for every piece type t
           x_s integer >= 0, and optional caps: copies per set, sets per kind (tournament limits),
           sets in all.

Solved by HiGHS (`mapkit/solver.py`). Greedy choice would not be exact: a map needing seven
sand-7 tiles is best built from one Lands of Valhalla... or not, depending on everything else.
Most answers are forced, though, and a short bounded search proves them without loading the
solver (`sets/proof.py`): only where that search proves the one optimum, so the answer is the one
HiGHS gives; ties and longer searches go to HiGHS.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from mapkit.records import Record, field
from mapkit.sets.sets import TerrainSet

TYPE_CHECKING = False  # (the solver's module loads when the solver is asked: most covers are proved without)
if TYPE_CHECKING:
    from mapkit.solver import IntProgram
    from mapkit.solver import SolveTimeout as CoverTooLarge  # noqa: F401  (see __getattr__)
#: Order of set kinds in an answer (masters first).
KIND_ORDER = {"master": 0, "expansion": 1, "kit": 2, "community": 3}


class Cover(Record):
    """The answer: sets with multiplicities, and what no set supplies."""

    sets: list[tuple[TerrainSet, int]] = field(default_factory=list)
    uncovered: dict[str, int] = field(default_factory=dict)
    feasible: bool = True
    #: Sets needed at least, from each type alone (None: no set supplies some type).
    lower_bound: int | None = 0

    @property
    def count(self) -> int:
        return sum(n for _, n in self.sets)

    @property
    def hexes(self) -> int:
        return sum(s.hexes * n for s, n in self.sets)

    def describe(self) -> str:
        return " + ".join(f"{n} x {s.name}" if n > 1 else s.name for s, n in self.sets) or "nothing"


def minimum_cover(need: Mapping[str, int], sets: Sequence[TerrainSet], *,
                  max_copies: Mapping[str, int] | None = None,
                  max_per_kind: Mapping[str, int] | None = None,
                  max_total: int | None = None,
                  time_limit: float | None = None) -> Cover:
    """The exact minimum combination (see module docstring).

    `max_copies`: kind -> most copies of any one set of that kind (e.g. {"expansion": 2}).
    `max_per_kind`: kind -> most sets of that kind in total (e.g. {"master": 1, "expansion": 3});
    a kind absent from a given `max_per_kind` is not allowed at all.
    `max_total`: the most sets in all.
    Types no set supplies are returned in `uncovered` and left out of the program.
    Raises CoverTooLarge (SolveTimeout) if no optimum is proved within `time_limit` seconds
    (None: the solver's `TIME_LIMIT_S`).
    """
    supplied = {t for s in sets for t, n in s.pieces if n > 0}
    uncovered = {t: n for t, n in need.items() if n > 0 and t not in supplied}
    types = sorted(t for t, n in need.items() if n > 0 and t in supplied)
    if not types:
        return Cover([], uncovered)
    useful = [s for s in sets if any(s.counts.get(t, 0) for t in types)]
    if max_per_kind is not None:
        useful = [s for s in useful if max_per_kind.get(s.kind, 0) > 0]
    bound = count_bound(need, types, useful)
    if bound is None or (max_total is not None and bound > max_total):
        return Cover([], uncovered, feasible=False, lower_bound=bound)
    from mapkit.sets.proof import Unsettled

    try:
        copies = _proved(need, types, useful, max_copies, max_per_kind, max_total)
    except Unsettled:  # a tie, or too long a search: HiGHS decides, as it always did
        from mapkit.solver import TIME_LIMIT_S, solve

        answer = solve(cover_program(need, types, useful, max_copies, max_per_kind, max_total),
                       TIME_LIMIT_S if time_limit is None else time_limit)
        copies = answer.values if answer.feasible else None
    if copies is None:
        return Cover([], uncovered, feasible=False, lower_bound=bound)
    chosen = [(s, n) for s, n in zip(useful, copies) if n]
    chosen.sort(key=lambda sm: (KIND_ORDER.get(sm[0].kind, 9), sm[0].release, sm[0].id))
    return Cover(chosen, uncovered, lower_bound=bound)


def _proved(need: Mapping[str, int], types: Sequence[str], sets: Sequence[TerrainSet],
            max_copies: Mapping[str, int] | None, max_per_kind: Mapping[str, int] | None,
            max_total: int | None) -> list[int] | None:
    """The copies of each set in the only optimum, proved without the solver (`sets.proof`), or
    None where no combination holds the pieces; raises `proof.Unsettled` where HiGHS must decide.

    The search leaves out the limits on all sets and on each kind: an optimum without them that
    keeps them is the optimum with them (and the only one); fewest sets over `max_total` proves
    that nothing within it holds the pieces; one over a kind's limit settles nothing."""
    from mapkit.sets.proof import Unsettled, proved_cover

    copies = proved_cover(need, types, sets, max_copies)
    if copies is None or (max_total is not None and sum(copies) > max_total):
        return None
    if max_per_kind is not None:
        per_kind: dict[str, int] = {}
        for s, n in zip(sets, copies):
            per_kind[s.kind] = per_kind.get(s.kind, 0) + n
        if any(n > max_per_kind.get(kind, 0) for kind, n in per_kind.items()):
            raise Unsettled("the fewest sets break a kind's limit")
    return copies


def count_bound(need: Mapping[str, int], types: Sequence[str], sets: Sequence[TerrainSet]) -> int | None:
    """Sets needed at least: for each type, its need over the most any one set holds."""
    bound = 0
    for t in types:
        most = max((s.counts.get(t, 0) for s in sets), default=0)
        if most == 0:
            return None
        bound = max(bound, -(-need[t] // most))
    return bound


def cover_program(need: Mapping[str, int], types: Sequence[str], sets: Sequence[TerrainSet],
                  max_copies: Mapping[str, int] | None = None, max_per_kind: Mapping[str, int] | None = None,
                  max_total: int | None = None) -> IntProgram:
    """The integer program of the module docstring, one variable per set."""
    from mapkit.solver import IntProgram

    program = IntProgram()
    xs = []
    for s in sets:
        counts = s.counts
        top = max((-(-need[t] // counts[t]) for t in types if counts.get(t, 0)), default=0)
        cap = (max_copies or {}).get(s.kind)
        xs.append(program.var(0, top if cap is None else min(top, cap), s.id))
    for t in types:
        program.add([(x, s.counts[t]) for x, s in zip(xs, sets) if s.counts.get(t, 0)], lo=need[t])
    if max_per_kind is not None:
        for kind in {s.kind for s in sets}:
            program.add([(x, 1) for x, s in zip(xs, sets) if s.kind == kind], hi=max_per_kind.get(kind, 0))
    if max_total is not None:
        program.add([(x, 1) for x in xs], hi=max_total)
    program.objectives = [[(x, 1) for x in xs], [(x, s.hexes) for x, s in zip(xs, sets)]]
    return program


def __getattr__(name: str) -> object:
    """`CoverTooLarge`, kept for callers of the old search: the solver could not prove an optimum
    in time (`solver.SolveTimeout`, whose module loads on first use)."""
    if name == "CoverTooLarge":
        from mapkit.solver import SolveTimeout

        return SolveTimeout
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
