"""Write the HTML report of a 7,000-piece map and print its time and memory (aim: under 0.5 s
and 100 MB), beside an older checkout's figures when one is given.

Each run is a fresh `python -m mapkit report` process; the time is the one the command prints
(reading the map, running the casual rules, the set inventory, drawing and writing the page;
not Python's start-up), the memory the process's peak resident size. The best of N runs is kept.

    python3 benchmarks/bench_report.py [N_PIECES] [--runs 5] [--baseline OLD_CHECKOUT]

`--baseline` names a folder holding an older mapkit (e.g. `git archive OLD | tar -x -C DIR`);
the ratio printed is old time / new time.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))


def one_run(checkout: Path, map_path: Path, out: Path) -> tuple[float, float]:
    """(seconds the report took, peak resident MB) of one `mapkit report` process."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    proc = subprocess.Popen([sys.executable, "-m", "mapkit", "report", str(map_path), "-o", str(out)],
                            cwd=str(checkout), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(proc.pid, 0)
    err = proc.stderr.read()
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"{checkout}: report failed: {err.strip()}")
    seconds = float(re.search(r"report, .*?([0-9.]+) s", err).group(1))
    return seconds, usage.ru_maxrss / 1024


def best(checkout: Path, map_path: Path, out: Path, runs: int) -> tuple[float, float, int]:
    figures = [one_run(checkout, map_path, out) for _ in range(runs)]
    return min(t for t, _ in figures), min(mb for _, mb in figures), out.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pieces", nargs="?", type=int, default=7000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--baseline", type=Path, help="an older mapkit checkout to compare with")
    args = parser.parse_args()
    from generate import make_map

    from mapkit.formats import write_map

    with tempfile.TemporaryDirectory() as tmp:
        map_path = Path(tmp) / "big.hsc"
        write_map(make_map(args.pieces, seed=1), map_path)
        new = best(ROOT, map_path, Path(tmp) / "new.html", args.runs)
        print(f"report of {args.pieces} pieces: {new[0]:.2f} s, {new[1]:.0f} MB peak, page {new[2] / 1e6:.1f} MB")
        if args.baseline:
            old = best(args.baseline.resolve(), map_path, Path(tmp) / "old.html", args.runs)
            print(f"baseline ({args.baseline}): {old[0]:.2f} s, {old[1]:.0f} MB peak, page {old[2] / 1e6:.1f} MB")
            print(f"ratio old/new: time {old[0] / new[0]:.1f}x, memory {old[1] / new[1]:.1f}x")


if __name__ == "__main__":
    main()
