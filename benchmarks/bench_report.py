"""Write the HTML report of a 7,000-piece map and print its time and memory beside `mapkit info`'s
on the same map (issue 34: the report within 3x the time of `info`), and beside an older
checkout's figures when one is given.

Each run is a fresh `python -m mapkit` process timed from outside (start-up, imports, reading,
the rules, the set inventory, drawing and writing the page; the CPU time is the operating
system's account of the finished child), `report` and `info` taken in turn, A B A B, so the
ratio is taken pair by pair while the machine's speed drifts. The median of N pairs is kept,
and the process's peak resident size.

    python3 benchmarks/bench_report.py [N_PIECES] [--runs 5] [--baseline OLD_CHECKOUT]

`--baseline` names a folder holding an older mapkit (e.g. `git archive OLD | tar -x -C DIR`);
the ratio printed is old time / new time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))


def one_run(checkout: Path, args: list[str]) -> tuple[float, float]:
    """(CPU seconds, peak resident MB) of one `python -m mapkit ARGS` process."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    proc = subprocess.Popen([sys.executable, "-m", "mapkit", *args], cwd=str(checkout), env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(proc.pid, 0)
    err = proc.stderr.read() if proc.stderr else ""
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{checkout}: mapkit {args[0]} failed: {err.strip()}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def pairs(checkout: Path, map_path: Path, out: Path, runs: int) -> tuple[float, float, float, float]:
    """Medians over `runs` pairs: report CPU s, info CPU s, report / info, report peak MB."""
    reports, infos, ratios, peaks = [], [], [], []
    for _ in range(runs + 1):                                    # the first pair warms the caches
        report, peak = one_run(checkout, ["report", str(map_path), "-o", str(out)])
        info, _ = one_run(checkout, ["info", str(map_path)])
        reports.append(report)
        infos.append(info)
        ratios.append(report / info)
        peaks.append(peak)
    return (statistics.median(reports[1:]), statistics.median(infos[1:]), statistics.median(ratios[1:]),
            statistics.median(peaks[1:]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pieces", nargs="?", type=int, default=7000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--baseline", type=Path, help="an older mapkit checkout to compare with")
    args = parser.parse_args()
    from generate import make_map

    from mapkit.formats import write_map

    print(f"machine: {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}; "
          f"PYTHONDONTWRITEBYTECODE={os.environ.get('PYTHONDONTWRITEBYTECODE', '')}")
    with tempfile.TemporaryDirectory() as tmp:
        map_path = Path(tmp) / "big.hsc"
        write_map(make_map(args.pieces, seed=1), map_path)
        new = pairs(ROOT, map_path, Path(tmp) / "new.html", args.runs)
        size = (Path(tmp) / "new.html").stat().st_size
        print(f"report of {args.pieces} pieces: {new[0]:.2f} s of CPU, info {new[1]:.2f} s: report / info "
              f"x{new[2]:.1f} (aim: x3 or less); {new[3]:.0f} MB peak, page {size / 1e6:.1f} MB")
        if args.baseline:
            old = pairs(args.baseline.resolve(), map_path, Path(tmp) / "old.html", args.runs)
            print(f"baseline ({args.baseline}): report {old[0]:.2f} s, info {old[1]:.2f} s: x{old[2]:.1f}; "
                  f"{old[3]:.0f} MB peak")
            print(f"ratio old/new: time {old[0] / new[0]:.2f}x")


if __name__ == "__main__":
    main()
