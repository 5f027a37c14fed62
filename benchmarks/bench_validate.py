"""Validate generated maps of 10 000 and 100 000 pieces; print each time and their ratio.

Run: python3 benchmarks/bench_validate.py [--sizes 10000,100000] [--repeat 3]

By default the maps come from the shared generator `benchmarks/generate.py` (`make_map`: a
smooth relief of land columns with trees, water, glyphs and two start zones, all well built);
`--generator faults` uses the one below instead. That one is a field of towers of land tiles (1-, 2-, 3- and 7-hex)
topped with water, trees, ruins, glyphs, start zones, figures and castle walls with ladders, plus
a few deliberate faults so every rule has work to do. Validation must grow linearly with the
number of pieces (ratio about 10) and take under 2 s for 100 000 pieces.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from mapkit.model.map import Map, Piece  # noqa: E402
from mapkit.rules.framework import CheckContext, run_rules, select_rules  # noqa: E402

TOPS = ["water-1", "tree-10", "glyph", "start-zone", "figure", "ruin-2", "grass-1", "rock-1"]


def generate(n_pieces: int, seed: int = 1) -> Map:
    """A map of exactly n_pieces pieces (see module docstring)."""
    rng = random.Random(seed)
    pieces: list[Piece] = []
    side = int((n_pieces / 4) ** 0.5) + 8
    q = r = 0
    while len(pieces) < n_pieces:
        height = rng.randint(1, 5)
        for z in range(height):
            pieces.append(Piece(rng.choice(("grass-1", "rock-1", "sand-1")), q, r, z))
        top = rng.choice(TOPS)
        attrs = {"letter": "A"} if top == "glyph" else {"player": 1 + (q + r) % 2} if top == "start-zone" else {}
        if rng.random() < 0.01:  # castle tower with a ladder on its west side
            pieces += [Piece("castle-base-end", q, r, height), Piece("castle-wall-end", q, r, height + 1),
                       Piece("castle-ladder", q - 1, r, height, 0)]
        elif rng.random() < 0.002:
            pieces.append(Piece(top, q, r, height + 2, attrs=attrs))  # floating: a fault to report
        else:
            pieces.append(Piece(top, q, r, height, attrs=attrs))
        q += 2
        if q >= side * 2:
            q, r = 0, r + 2
    del pieces[n_pieces:]
    return Map(name="generated", pieces=pieces)


def time_validate(m: Map, profile: str, repeat: int) -> tuple[float, float, int]:
    """Median wall and CPU time of `repeat` full validations (fresh context each: the index is rebuilt).

    CPU time (this process only) is reported beside wall time because the machine is shared: on
    busy cores a long run is preempted more often than a short one, which inflates wall-time ratios.
    """
    import gc
    import statistics

    rules = select_rules(profile)
    walls, cpus, count = [], [], 0
    for _ in range(repeat):
        gc.collect()  # start each run from the same heap, without the previous run's index
        start, start_cpu = time.perf_counter(), time.process_time()
        found = list(run_rules(CheckContext(m, "generated", {}), rules))
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - start_cpu)
        count = len(found)
        del found
    return statistics.median(walls), statistics.median(cpus), count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--profile", default="casual")
    parser.add_argument("--generator", choices=("shared", "faults"), default="shared")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    walls, cpus = [], []
    for n in sizes:
        if args.generator == "shared":
            from generate import make_map

            m = make_map(n, seed=1)
        else:
            m = generate(n)
        wall, cpu, count = time_validate(m, args.profile, args.repeat)
        walls.append(wall)
        cpus.append(cpu)
        print(f"{n:>7} pieces: {wall:.3f} s wall, {cpu:.3f} s CPU ({count} findings, profile {args.profile}, "
              f"{args.generator} generator, median of {args.repeat})")
    if len(walls) >= 2:
        print(f"ratio {sizes[-1]}/{sizes[0]} pieces: {walls[-1] / walls[0]:.1f} wall, {cpus[-1] / cpus[0]:.1f} CPU "
              f"(pieces ratio {sizes[-1] / sizes[0]:.0f})")
    if hasattr(os, "getloadavg"):
        print(f"load average during the run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
