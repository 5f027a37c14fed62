"""Full movement analysis (every start zone, every glyph) on a generated 10 000-hex, 10-level map.

Run from the project root: `python3 benchmarks/bench_movement.py [--hexes N] [--levels L] [--repeat K]`.
Prints the time of each stage and the total (best of K runs); the goal is under one second.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hexes", type=int, default=10_000)
    parser.add_argument("--levels", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    t = time.perf_counter()
    import numpy  # noqa: F401  (imported once by the graph builder; timed apart)
    numpy_import = time.perf_counter() - t

    from mapkit.movement import graph as gr
    from mapkit.movement.analysis import Analysis, prepare
    from mapkit.movement.profile import Figure
    from mapkit.movement.search import search, source_nodes, space_turns
    from mapkit.movement.synthetic import generated

    m = generated(args.hexes, args.levels)
    print(f"map: {m.name}: {len(m.pieces)} pieces")
    print(f"numpy import (once): {numpy_import * 1000:.0f} ms")
    for fig in (Figure(), Figure(double=True), Figure(flying=True)):
        best: dict[str, float] = {}
        for _ in range(args.repeat):
            times = {}
            t0 = time.perf_counter()
            spaces = prepare(m)
            t1 = time.perf_counter()
            g = gr.build(spaces, fig)
            t2 = time.perf_counter()
            result = Analysis(spaces, fig, g)
            for player, zone in sorted(spaces.zones().items()):
                result.zone_turns[player], result.zone_cost[player] = space_turns(search(g, source_nodes(g, zone)))
            t3 = time.perf_counter()
            engage = result.engagement()
            glyphs = result.glyph_balance()
            dead = result.unreachable()
            drops = result.drops()
            t4 = time.perf_counter()
            times = {"spaces": t1 - t0, "graph": t2 - t1, "searches": t3 - t2, "analyses": t4 - t3, "total": t4 - t0}
            for k, v in times.items():
                best[k] = min(best.get(k, v), v)
        kind = "double-space" if fig.double else "flying" if fig.flying else "single-space"
        print(f"{kind:>12}: {len(spaces)} spaces, {g.n} nodes, {len(g.tgt)} edges, {len(spaces.zones())} zones, "
              f"{len(glyphs)} glyphs | " + ", ".join(f"{k} {v * 1000:.0f} ms" for k, v in best.items()))
        print(f"{'':>12}  engage {[e['turns'] for e in engage]}, glyph imbalances {[x['imbalance'] for x in glyphs]}, "
              f"{len(dead)} unreachable, {len(drops)} falls")


if __name__ == "__main__":
    main()
