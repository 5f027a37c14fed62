"""Integer programs for mapkit's inventory questions, solved exactly by OR-Tools CP-SAT.

Two questions are integer programs: the smallest combination of sets that holds a map's pieces
(`inventory/cover.py`) and the re-tiling of a map to a collection (`fit/`). Both describe their
program as plain data, an `IntProgram`, and hand it to `solve`. Keeping the program as data
keeps the models readable and lets `benchmarks/bench_solver.py` hand the very same programs to
another solver (HiGHS) for comparison; docs/fit.md says why CP-SAT was chosen.

Objectives are lexicographic: each is minimised in turn, then held at its optimum while the
next is minimised (fewest sets first, then fewest hexes bought; fewest changed pieces first,
then fewest pieces). All coefficients are integers, so every answer is exact, never within a
tolerance.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Sequence

#: Default wall-clock limit of one solve, in seconds. Real maps need milliseconds; past the
#: limit `solve` says it could not prove an optimum rather than return a guess as exact.
TIME_LIMIT_S = 20.0


class SolveTimeout(RuntimeError):
    """The solver ran out of time before it proved an optimum (or infeasibility)."""


@dataclass
class IntProgram:
    """minimise objectives[0], then objectives[1], ... subject to lo <= sum(coef * x) <= hi.

    Variables are integers in [lower, upper] (0-1 variables have upper 1). A constraint or an
    objective is a list of (variable index, integer coefficient).
    """

    lower: list[int] = field(default_factory=list)
    upper: list[int] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    rows: list[tuple[list[tuple[int, int]], int | None, int | None]] = field(default_factory=list)
    objectives: list[list[tuple[int, int]]] = field(default_factory=list)
    #: A starting point the solver may use (a feasible answer known in advance), or None.
    hint: list[int] | None = None

    def var(self, lower: int, upper: int, name: str = "") -> int:
        self.lower.append(lower)
        self.upper.append(upper)
        self.names.append(name)
        return len(self.lower) - 1

    def add(self, terms: Sequence[tuple[int, int]], lo: int | None = None, hi: int | None = None) -> None:
        self.rows.append((list(terms), lo, hi))

    @property
    def size(self) -> tuple[int, int]:
        """(variables, constraints)."""
        return len(self.lower), len(self.rows)


@dataclass
class Solution:
    """The answer: `values` per variable and each objective's optimum, or feasible=False."""

    feasible: bool
    values: list[int] = field(default_factory=list)
    objective_values: list[int] = field(default_factory=list)
    #: False when time ran out with `best_effort`: `values` is the best answer found, not proved
    proved: bool = True
    #: the best lower bound proved on the first objective (equal to its value when proved)
    bound: int | None = None


def solve(program: IntProgram, time_limit: float = TIME_LIMIT_S, workers: int = 1,
          best_effort: bool = False) -> Solution:
    """The lexicographic optimum of `program` (exact), by CP-SAT.

    Raises SolveTimeout if `time_limit` seconds pass before optimality or infeasibility is
    proved, unless `best_effort`: then the best answer found comes back with proved=False and
    the lower bound proved so far. One worker by default: the machines mapkit runs on are
    shared, and most programs mapkit builds are solved in milliseconds by one.
    """
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    xs = [model.NewIntVar(lo, hi, name) for lo, hi, name in zip(program.lower, program.upper, program.names)]
    for terms, lo, hi in program.rows:
        expr = sum(c * xs[i] for i, c in terms) if terms else 0
        if lo is not None and lo == hi:
            model.Add(expr == lo)
            continue
        if lo is not None:
            model.Add(expr >= lo)
        if hi is not None:
            model.Add(expr <= hi)
    if program.hint is not None:
        for x, v in zip(xs, program.hint):
            model.AddHint(x, v)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.max_time_in_seconds = time_limit
    objectives = program.objectives or [[]]
    found: list[int] = []
    values: list[int] = []
    for k, objective in enumerate(objectives):
        expr = sum(c * xs[i] for i, c in objective) if objective else 0
        model.Minimize(expr)
        status = solver.Solve(model)
        if status == cp_model.INFEASIBLE:
            return Solution(False)
        if status == cp_model.UNKNOWN and best_effort and k == 0 and program.hint is not None:
            return Solution(True, list(program.hint), [], proved=False, bound=None)
        if status == cp_model.FEASIBLE and best_effort:
            values = [solver.Value(x) for x in xs]
            found.append(round(solver.ObjectiveValue()))
            bound = math.ceil(solver.BestObjectiveBound() - 1e-6) if k == 0 else found[0]
            return Solution(True, values, found, proved=False, bound=bound)
        if status != cp_model.OPTIMAL:
            raise SolveTimeout(f"no proven optimum within {time_limit:g} s "
                               f"({len(xs)} variables, {len(program.rows)} constraints)")
        best = round(solver.ObjectiveValue())
        found.append(best)
        values = [solver.Value(x) for x in xs]
        if k + 1 < len(objectives):
            model.Add(expr == best)
            model.ClearHints()
            for x, v in zip(xs, values):
                model.AddHint(x, v)
    return Solution(True, values, found, bound=found[0])
