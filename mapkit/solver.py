"""Integer programs for mapkit's inventory questions, solved exactly by HiGHS (`highspy`).

Two questions are integer programs: the smallest combination of sets that holds a map's pieces
(`inventory/cover.py`) and the re-tiling of a map to a collection (`fitting/`). Both describe their
program as plain data, an `IntProgram`, and hand it to `solve`. Keeping the program as data
keeps the models readable and lets `benchmarks/bench_solver.py` hand the very same programs to
another solver (OR-Tools CP-SAT) for comparison; docs/fit.md gives the figures that chose HiGHS.

Objectives are lexicographic: each is minimised in turn, then held at its optimum while the
next is minimised (fewest sets first, then fewest hexes bought; fewest changed pieces first,
then fewest pieces). All coefficients are integers, so every answer is exact, never within a
tolerance.
"""

from __future__ import annotations

import math
import os
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterator, Sequence

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


@contextmanager
def _quiet_stdout() -> Iterator[None]:
    """HiGHS prints a banner on standard output (file descriptor 1) when its first instance is
    made, whatever its options; mapkit's output (JSON, maps on stdout) must stay clean."""
    sys.stdout.flush()
    try:
        saved = os.dup(1)
    except OSError:  # no standard output to protect
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 1)
            yield
    finally:
        os.dup2(saved, 1)
        os.close(saved)


def _highs(program: IntProgram, time_limit: float, workers: int) -> Any:
    import highspy
    import numpy as np

    with _quiet_stdout():
        h = highspy.Highs()
    for option, value in (("output_flag", False), ("mip_rel_gap", 0.0), ("mip_abs_gap", 0.0),
                          ("threads", workers), ("time_limit", float(time_limit)), ("random_seed", 0)):
        h.setOptionValue(option, value)
    n = len(program.lower)
    lp = highspy.HighsLp()
    lp.num_col_ = n
    lp.col_cost_ = np.zeros(n)
    lp.col_lower_ = np.asarray(program.lower, dtype=float)
    lp.col_upper_ = np.asarray(program.upper, dtype=float)
    starts: list[int] = [0]
    index: list[int] = []
    entries: list[float] = []
    lo: list[float] = []
    hi: list[float] = []
    for terms, low, high in program.rows:
        for i, c in terms:
            index.append(i)
            entries.append(float(c))
        starts.append(len(index))
        lo.append(-highspy.kHighsInf if low is None else float(low))
        hi.append(highspy.kHighsInf if high is None else float(high))
    lp.num_row_ = len(program.rows)
    lp.row_lower_ = np.asarray(lo, dtype=float)
    lp.row_upper_ = np.asarray(hi, dtype=float)
    lp.a_matrix_.format_ = highspy.MatrixFormat.kRowwise
    lp.a_matrix_.start_ = np.asarray(starts, dtype=np.int32)
    lp.a_matrix_.index_ = np.asarray(index, dtype=np.int32)
    lp.a_matrix_.value_ = np.asarray(entries, dtype=float)
    lp.integrality_ = [highspy.HighsVarType.kInteger] * n
    h.passModel(lp)
    return h


def _start_from(h: Any, values: list[int]) -> None:
    import highspy

    start = highspy.HighsSolution()
    start.col_value = [float(v) for v in values]
    start.value_valid = True
    h.setSolution(start)


def solve(program: IntProgram, time_limit: float = TIME_LIMIT_S, workers: int = 1,
          best_effort: bool = False) -> Solution:
    """The lexicographic optimum of `program` (exact), by HiGHS's branch and cut.

    Gaps are set to zero and every coefficient is an integer, so an answer HiGHS calls optimal
    is the integer optimum (values are rounded from its floating-point solution). Raises
    SolveTimeout if `time_limit` seconds pass before optimality or infeasibility is proved,
    unless `best_effort`: then the best answer found comes back with proved=False and the lower
    bound proved so far. One thread by default: the machines mapkit runs on are shared.
    """
    import highspy
    import numpy as np

    n = len(program.lower)
    if n == 0:
        feasible = all((lo is None or lo <= 0) and (hi is None or hi >= 0) for _, lo, hi in program.rows)
        return Solution(feasible, [], [0] * len(program.objectives) if feasible else [], bound=0)
    h = _highs(program, time_limit, workers)
    start = program.hint
    status_of = highspy.HighsModelStatus
    found: list[int] = []
    values: list[int] = []
    columns = np.arange(n, dtype=np.int32)
    for k, objective in enumerate(program.objectives or [[]]):
        cost = np.zeros(n)
        for i, c in objective:
            cost[i] += c
        h.changeColsCost(n, columns, cost)
        if start is not None:  # after the costs change: HiGHS forgets a solution when the model changes
            _start_from(h, start)
        h.run()
        status = h.getModelStatus()
        if status == status_of.kInfeasible:
            return Solution(False)
        info = h.getInfo()
        has_answer = info.primal_solution_status == 2  # a feasible point is known
        if status != status_of.kOptimal:
            if best_effort and not has_answer and k == 0 and program.hint is not None:
                hint = list(program.hint)
                return Solution(True, hint, [sum(c * hint[i] for i, c in objective)], proved=False, bound=None)
            if not (best_effort and has_answer):
                raise SolveTimeout(f"no proven optimum within {time_limit:g} s "
                                   f"({n} variables, {len(program.rows)} constraints)")
            values = [int(round(v)) for v in h.getSolution().col_value]
            found.append(sum(c * values[i] for i, c in objective))
            if k > 0:
                bound: int | None = found[0]
            else:  # no dual bound yet when time ran out before the first LP (infinite)
                dual = info.mip_dual_bound
                bound = math.ceil(dual - 1e-6) if math.isfinite(dual) else None
            return Solution(True, values, found, proved=False, bound=bound)
        values = [int(round(v)) for v in h.getSolution().col_value]
        best = sum(c * values[i] for i, c in objective)
        if abs(best - info.objective_function_value) > 0.5:
            # HiGHS scored the start with stale data and may have pruned the true optimum: solve
            # this objective again from nothing (the previous objectives are rows of the model).
            h.clearSolver()
            h.run()
            if h.getModelStatus() != status_of.kOptimal:
                raise SolveTimeout(f"no proven optimum within {time_limit:g} s "
                                   f"({n} variables, {len(program.rows)} constraints)")
            values = [int(round(v)) for v in h.getSolution().col_value]
            best = sum(c * values[i] for i, c in objective)
        found.append(best)
        if k + 1 < len(program.objectives):
            # Held at most at its optimum (at least follows): HiGHS 1.16's presolve, given a start
            # and this row as an equality, reported a wrong objective for the start and cut off
            # the true optimum of the next objective (tests/test_solver.py).
            h.addRow(-highspy.kHighsInf, best, len(objective),
                     np.asarray([i for i, _ in objective], dtype=np.int32),
                     np.asarray([float(c) for _, c in objective]))
            start = values
    return Solution(True, values, found, bound=found[0])
