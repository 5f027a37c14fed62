"""Time `fit` on the largest corpus map and on generated maps; print each time and outcome.

Run: python3 benchmarks/bench_fit.py [--sizes 5000] [--repeat 1]

The collection is one Rise of the Valkyrie master set plus one of each terrain expansion (the
one the tests pin every corpus map against). The largest corpus map is the one with the most
pieces. Generated maps come from `benchmarks/generate.py` (a relief of land columns with trees,
water, glyphs and start zones): they need far more pieces than that collection holds, so `fit`
goes through every stage: the exact cover, the shortfall and the purchase. `fit_checked` is
timed, as `mapkit fit` runs it (findings before and after included). The corpus maps must fit
in under 5 s each.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import make_map  # noqa: E402
from mapkit.fitting import fit_checked  # noqa: E402
from mapkit.formats import read_map  # noqa: E402
from mapkit.io import corpus_dir  # noqa: E402
from mapkit.sets import load_sets  # noqa: E402


def collection() -> dict[str, int]:
    have: dict[str, int] = {}
    for s in load_sets(("master", "expansion")):
        if s.kind == "expansion" or s.id == "RotV":
            for t, n in s.pieces:
                have[t] = have.get(t, 0) + n
    return have


def corpus_maps() -> list[Path]:
    base = corpus_dir()
    if base is None:
        return []
    return sorted(p for pattern in ("*.hsc", "*.json", "*.html") for sub in ("hsc", "pairs", "hexoscape", "glasq-xhtml")
                  for p in (base / sub).rglob(pattern))


def timed(m, have, repeat: int) -> tuple[float, str]:
    best = float("inf")
    outcome = ""
    for _ in range(repeat):
        start = time.perf_counter()
        result, added = fit_checked(m, have)
        best = min(best, time.perf_counter() - start)
        if result.already_fits:
            outcome = "fits as it is"
        elif result.feasible:
            outcome = f"re-tiled: {sum(len(c.removed) for c in result.changes)} pieces -> " \
                      f"{sum(len(c.added) for c in result.changes)}, {len(added)} new findings"
        else:
            sets = sum(n for _, n in result.purchase or [])
            proved = "" if result.purchase_proved else " (not proved smallest)"
            outcome = f"short {sum(result.short_hexes.values())} hexes, {sum(result.short_pieces.values())} " \
                      f"pieces; buy {sets} sets{proved}"
    return best, outcome


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="5000", help="generated map sizes, comma-separated (default 5000)")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--all", action="store_true", help="time every corpus map, not only the largest")
    args = ap.parse_args()
    have = collection()
    maps = [(p, read_map(str(p))) for p in corpus_maps()]
    if maps and not args.all:
        maps = [max(maps, key=lambda pm: len(pm[1].pieces))]
    for path, m in maps:
        seconds, outcome = timed(m, have, args.repeat)
        print(f"{path.name:45} {len(m.pieces):7d} pieces  {seconds:7.2f} s  {outcome}")
    for size in (int(s) for s in args.sizes.split(",") if s):
        m = make_map(size, 1)
        seconds, outcome = timed(m, have, args.repeat)
        print(f"{'generated ' + str(size):45} {len(m.pieces):7d} pieces  {seconds:7.2f} s  {outcome}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
