"""Timing of the printable outputs: `mapkit print` of every corpus map (issue 34: each under 1 s, as
the command reports it, reading included), the build sheets of generated maps, a tiled 1:1 floor
plan and a markers sheet. Prints its figures (best of a few runs).

    python3 benchmarks/bench_print.py [n_pieces ...] [--corpus-runs 3]

The corpus is `../shared/corpus` (or `$MAPKIT_CORPUS`); each map is printed by a fresh
`python -m mapkit print` process and the time is the one the command prints.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.generate import make_map  # noqa: E402
from mapkit.model.grid import hex_center_mm  # noqa: E402
from mapkit.outputs.sheets import BuildOptions, build_levels, render_build  # noqa: E402
from mapkit.outputs.markers import default_tokens, render_markers  # noqa: E402
from mapkit.outputs.plan import FloorPlan, PlanFloor, PlanLayout, render_plan  # noqa: E402


def best_of(n: int, fn) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(n):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def big_plan(width_hexes: int, depth_hexes: int) -> FloorPlan:
    """A rectangle of hexes with cycling classes: the drawing cost, not the classification."""
    classes = ("full", "half", "partial", "covered")
    hexes = {(q - r // 2, r): classes[(q + r) % 4] for q in range(width_hexes) for r in range(depth_hexes)}
    x1, y1 = hex_center_mm(width_hexes - 1, depth_hexes - 1)
    outline = [(0.0, 0.0), (x1, 0.0), (x1, y1), (0.0, y1)]
    return FloorPlan("benchmark", [PlanFloor("floor", hexes, outline)], ["wound marker: benchmark"])


def corpus_maps() -> list[Path]:
    base = Path(os.environ.get("MAPKIT_CORPUS") or ROOT.parent / "shared" / "corpus")
    found = sorted(base.glob("glasq-xhtml/*.html")) + sorted(base.glob("hexoscape/*.json")) + \
        sorted(base.glob("hsc/**/*.hsc")) + sorted(base.glob("pairs/*.h*"))
    return [p for p in found if p.name != "inventory_template.tsv"]


def print_corpus(runs: int) -> None:
    """Every corpus map through `mapkit print`, the time the command reports (best of `runs`)."""
    slowest = (0.0, "")
    with tempfile.TemporaryDirectory() as tmp:
        for path in corpus_maps():
            times = []
            for _ in range(runs):
                proc = subprocess.run([sys.executable, "-m", "mapkit", "print", str(path), "-o",
                                       str(Path(tmp) / "out.pdf")], cwd=str(ROOT), capture_output=True, text=True,
                                      env=dict(os.environ, PYTHONPATH=str(ROOT)))
                found = re.search(r"page\(s\), \w+, ([0-9.]+) s", proc.stderr)
                if proc.returncode != 0 or not found:
                    break
                times.append(float(found.group(1)))
            if not times:
                print(f"  {path.name}: not printed ({proc.stderr.strip().splitlines()[-1] if proc.stderr else ''})")
                continue
            pages = re.search(r"(\d+) page\(s\)", proc.stderr).group(1)  # type: ignore[union-attr]
            print(f"  {min(times):5.2f} s  {pages:>3} pages  {path.name}")
            slowest = max(slowest, (min(times), path.name))
    print(f"slowest print of the corpus: {slowest[0]:.2f} s ({slowest[1]}; aim: under 1 s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=int, default=[1000, 10000])
    parser.add_argument("--corpus-runs", type=int, default=3)
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")
    print_corpus(args.corpus_runs)
    for n in args.sizes:
        m = make_map(n, seed=3)
        levels = len(build_levels(m))
        t_build, pages = best_of(3, lambda m=m: render_build(m, io.BytesIO(), BuildOptions("letter")))
        buf = io.BytesIO()
        render_build(m, buf)
        print(f"{n:6d} pieces, {levels} levels: build sheets {t_build:.2f} s ({pages} pages, "
              f"{len(buf.getvalue()) / 1e6:.1f} MB)")
    plan = big_plan(20, 16)
    t_plan, pages = best_of(3, lambda: render_plan(plan, io.BytesIO(), PlanLayout("letter")))
    print(f"floor plan of {len(plan.floors[0].hexes)} hexes at 1:1: {t_plan:.2f} s ({pages} Letter sheets)")
    tokens = default_tokens() * 5
    t_mark, pages = best_of(3, lambda: render_markers(tokens, io.BytesIO(), "a4"))
    print(f"markers sheet of {len(tokens)} tokens: {t_mark:.2f} s ({pages} A4 pages)")


if __name__ == "__main__":
    main()
