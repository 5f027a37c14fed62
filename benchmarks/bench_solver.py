"""HiGHS against CP-SAT on the integer programs mapkit builds: why mapkit uses HiGHS.

Run: python3 benchmarks/bench_solver.py [--limit SECONDS]

The programs are recorded as `mapkit.solver.IntProgram`s while mapkit answers two questions:
the smallest set combination for every corpus map and for generated maps of 5 000 and 100 000
pieces (`inventory`), and `fit` of every corpus map against one Rise of the Valkyrie plus one of
each terrain expansion (its exact covers, shortfalls and purchases). Each program is then solved
by both: HiGHS (`mapkit.solver.solve`) and OR-Tools CP-SAT (translated below; `pip install
ortools` to compare). One thread each, the same time limit, lexicographic objectives solved in turn.
Printed per program: its size, each solver's time and answer: the optimum of each objective in
turn, or '~N', the best found when the limit passed with no proof, or 'none'. The
figures of one run are in docs/fit.md.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from mapkit.solver import IntProgram, SolveTimeout, solve  # noqa: E402


def solve_cpsat(program: IntProgram, time_limit: float) -> list[int] | None:
    """The lexicographic optimum by OR-Tools CP-SAT, or None if infeasible; raises TimeoutError
    naming the best found (`~N`) or `none`. The hint is given as CP-SAT's solution hint."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    xs = [model.NewIntVar(lo, hi, f"x{i}") for i, (lo, hi) in enumerate(zip(program.lower, program.upper))]
    for terms, lo, hi in program.rows:
        expr = sum(c * xs[i] for i, c in terms)
        if lo is not None:
            model.Add(expr >= lo)
        if hi is not None:
            model.Add(expr <= hi)
    if program.hint is not None:
        for x, v in zip(xs, program.hint):
            model.AddHint(x, v)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = time_limit
    found = []
    for k, objective in enumerate(program.objectives or [[]]):
        expr = sum(c * xs[i] for i, c in objective)
        model.Minimize(expr)
        status = solver.Solve(model)
        if status == cp_model.INFEASIBLE:
            return None
        if status != cp_model.OPTIMAL:
            raise TimeoutError(f"~{round(solver.ObjectiveValue())}" if status == cp_model.FEASIBLE else "none")
        best = round(solver.ObjectiveValue())
        found.append(best)
        if k + 1 < len(program.objectives):
            model.Add(expr == best)
    return found


def record() -> list[tuple[str, IntProgram]]:
    """Every program mapkit solves for the corpus and the generated maps (see the docstring)."""
    import mapkit.fitting.plan as plan
    import mapkit.sets.cover as cover
    from generate import make_map
    from mapkit.formats import read_map
    from mapkit.io import corpus_dir
    from mapkit.sets import load_sets, minimum_cover, terrain_requirements

    programs: list[tuple[str, IntProgram]] = []
    label = [""]

    def keep(program: IntProgram, *args, **kw):
        programs.append((label[0], program))
        return solve(program, *args, **kw)

    plan.solve = cover.solve = keep
    have: dict[str, int] = {}
    for s in load_sets(("master", "expansion")):
        if s.kind == "expansion" or s.id == "RotV":
            for t, n in s.pieces:
                have[t] = have.get(t, 0) + n
    base = corpus_dir()
    files = sorted(p for pattern in ("*.hsc", "*.json", "*.html") for sub in ("hsc", "pairs", "hexoscape", "glasq-xhtml")
                   for p in ((base / sub).rglob(pattern) if base else []))
    for path in files:
        m = read_map(str(path))
        label[0] = f"cover {path.name}"
        minimum_cover(terrain_requirements(m), load_sets())
        label[0] = f"fit {path.name}"
        plan.fit_map(m, have)
    for n in (5_000, 100_000):
        label[0] = f"cover generated {n}"
        minimum_cover(terrain_requirements(make_map(n, 1)), load_sets())
    return programs


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=float, default=10.0, help="seconds per program per solver (default 10)")
    args = ap.parse_args()
    try:
        import ortools  # noqa: F401
        have_cpsat = True
    except ImportError:
        have_cpsat = False
        print("ortools is not installed: HiGHS only (pip install ortools to compare)")
    programs = record()
    totals = {"highs": 0.0, "cp-sat": 0.0}
    print(f"{'program':48} {'vars':>6} {'rows':>6}  {'HiGHS s':>9} {'answer':>14}  {'CP-SAT s':>9} {'answer':>14}")
    for label, program in programs:
        row = [f"{label[:48]:48} {program.size[0]:6d} {program.size[1]:6d}"]
        for name, run in (("highs", lambda p: solve(p, args.limit, best_effort=True)),
                          ("cp-sat", lambda p: solve_cpsat(p, args.limit))):
            if name == "cp-sat" and not have_cpsat:
                continue
            start = time.perf_counter()
            try:
                answer = run(program)
                if answer is None or (hasattr(answer, "feasible") and not answer.feasible):
                    answer = "infeasible"
                elif hasattr(answer, "proved") and not answer.proved:
                    answer = f"~{answer.objective_values[0] if answer.objective_values else 'hint'}"
                else:
                    answer = str(getattr(answer, "objective_values", answer))
            except TimeoutError as exc:
                answer = str(exc)
            except SolveTimeout:
                answer = "none"
            spent = time.perf_counter() - start
            totals[name] += spent
            row.append(f"{spent:9.3f} {answer:>14}")
        print("  ".join(row))
    print(f"total: HiGHS {totals['highs']:.1f} s" + (f", CP-SAT {totals['cp-sat']:.1f} s" if have_cpsat else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
