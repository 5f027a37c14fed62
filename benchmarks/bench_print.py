"""Timing of the printable outputs: build sheets and the HTML report of generated maps, a tiled
1:1 floor plan and a markers sheet. Prints its figures (best of a few runs, in-process).

    python3 benchmarks/bench_print.py [n_pieces ...]
"""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.generate import make_map  # noqa: E402
from mapkit.model.grid import hex_center_mm  # noqa: E402
from mapkit.outputs.sheets import BuildOptions, build_levels, render_build  # noqa: E402
from mapkit.outputs.markers import default_tokens, render_markers  # noqa: E402
from mapkit.outputs.plan import FloorPlan, PlanFloor, PlanLayout, render_plan  # noqa: E402
from mapkit.outputs.html_report.page import render_report  # noqa: E402


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


def main(sizes: list[int]) -> None:
    for n in sizes:
        m = make_map(n, seed=3)
        levels = len(build_levels(m))
        t_build, pages = best_of(3, lambda m=m: render_build(m, io.BytesIO(), BuildOptions("letter")))
        buf = io.BytesIO()
        render_build(m, buf)
        t_report, page = best_of(3, lambda m=m: render_report(m, "bench.mapkit.json"))
        print(f"{n:6d} pieces, {levels} levels: build sheets {t_build:.2f} s ({pages} pages, "
              f"{len(buf.getvalue()) / 1e6:.1f} MB); HTML report (no pictures, no rules) {t_report:.2f} s "
              f"({len(page) / 1e6:.1f} MB)")
    plan = big_plan(20, 16)
    t_plan, pages = best_of(3, lambda: render_plan(plan, io.BytesIO(), PlanLayout("letter")))
    print(f"floor plan of {len(plan.floors[0].hexes)} hexes at 1:1: {t_plan:.2f} s ({pages} Letter sheets)")
    tokens = default_tokens() * 5
    t_mark, pages = best_of(3, lambda: render_markers(tokens, io.BytesIO(), "a4"))
    print(f"markers sheet of {len(tokens)} tokens: {t_mark:.2f} s ({pages} A4 pages)")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [1000, 10000])
