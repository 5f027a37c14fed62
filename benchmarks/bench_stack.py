"""`mapkit validate` on piles of pieces stacked in one hex: findings, time and memory must grow
linearly (issue 14: 1,000 pieces in one hex used to give 499,500 findings; 5,000 ran out of memory).

Run: python3 benchmarks/bench_stack.py [--sizes 1000,3000,10000,30000,100000] [--formats hsc,mapkit]
                                       [--kinds tiles,mixed]

Each size is written as a map file and checked by a fresh `python -m mapkit validate FILE
--format json` process, whose wall time, CPU time (user + system: the machine is shared, so CPU
is the steadier figure) and peak memory (max RSS) come from os.wait4. Two piles:
- tiles: every piece a 1-hex land tile at level 0 of hex (0, 0), the case of the issue;
- mixed: land tiles on the table, trees on them, tiles inside the trees' air, glyphs, start
  zones and figures on top, ladders on one hex side: every grouped finding (P103 bodies,
  markers, edges; P104) at once.
The target: 100,000 pieces under 2 s and 300 MB, findings and output the same size at every n.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mapkit.formats import write_map  # noqa: E402
from mapkit.model.map import Map, Piece  # noqa: E402

EXTENSIONS = {"hsc": ".hsc", "mapkit": ".mapkit.json", "hexoscape": ".json"}


def pile(n: int, kind: str) -> Map:
    """n pieces in hex (0, 0) (see the module docstring)."""
    if kind == "tiles":
        return Map(name=f"{n} tiles in one hex", pieces=[Piece("grass-1", 0, 0, 0) for _ in range(n)])
    share = n // 7
    pieces = [Piece("grass-1", 0, 0, 0) for _ in range(n - 6 * share)]
    pieces += [Piece("tree-10", 0, 0, 1) for _ in range(share)]
    pieces += [Piece("rock-1", 0, 0, 2) for _ in range(share)]
    pieces += [Piece("glyph", 0, 0, 1, attrs={"letter": "A"}) for _ in range(share)]
    pieces += [Piece("start-zone", 0, 0, 1, attrs={"player": 1}) for _ in range(share)]
    pieces += [Piece("figure", 0, 0, 1) for _ in range(share)]
    pieces += [Piece("castle-ladder", 0, 0, 1) for _ in range(share)]
    return Map(name=f"{n} mixed pieces in one hex", pieces=pieces)


def measure(path: Path) -> dict[str, float]:
    """Run `validate` once in a fresh process; its findings, output size, wall, CPU and max RSS."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with tempfile.TemporaryFile() as out:
        started = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "mapkit", "validate", str(path), "--format", "json"],
                                stdout=out, stderr=subprocess.DEVNULL, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - started
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read()
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{path}: validate exited {proc.returncode}")
    return {"findings": len(json.loads(text)), "bytes": len(text), "wall": wall,
            "cpu": usage.ru_utime + usage.ru_stime, "rss_mb": usage.ru_maxrss / 1024}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,3000,10000,30000,100000")
    parser.add_argument("--formats", default="hsc,mapkit")
    parser.add_argument("--kinds", default="tiles,mixed")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        for fmt in args.formats.split(","):
            for kind in args.kinds.split(","):
                print(f"\n{kind} pile, {fmt} file")
                print(f"{'pieces':>8} {'findings':>8} {'out kB':>7} {'wall s':>7} {'CPU s':>6} {'RSS MB':>7}"
                      f" {'CPU us/piece':>12}")
                for n in sizes:
                    path = Path(tmp) / f"pile-{kind}-{n}{EXTENSIONS[fmt]}"
                    write_map(pile(n, kind), path, fmt)
                    r = measure(path)
                    print(f"{n:>8,} {r['findings']:>8,} {r['bytes'] / 1024:>7.1f} {r['wall']:>7.2f} {r['cpu']:>6.2f}"
                          f" {r['rss_mb']:>7.0f} {r['cpu'] / n * 1e6:>12.1f}", flush=True)


if __name__ == "__main__":
    main()
