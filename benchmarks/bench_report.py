"""Write the HTML report of a 7,000-piece map and print its time and memory beside `mapkit info`'s
on the same map (issue 34: the report within 3x the time of `info`), and beside an older
checkout's figures when one is given.

Each run is a fresh `python -m mapkit` process timed from outside (start-up, imports, reading,
the rules, the set inventory, drawing and writing the page; the CPU time is the operating
system's account of the finished child), `report` and `info` taken in turn, A B A B, so the
ratio is taken pair by pair while the machine's speed drifts. The median of N pairs is kept,
and the process's peak resident size.

Both ways Python may find mapkit's code are timed (`--bytecode`): `none`, each process compiling
every module it imports, as here with PYTHONDONTWRITEBYTECODE=1 and an editable install; and
`cached`, the compiled modules kept from the first (warm-up) pair, as a user's `pip install`
leaves them (in a cache folder of their own, PYTHONPYCACHEPREFIX, so no checkout is written to).

    python3 benchmarks/bench_report.py [N_PIECES] [--runs 5] [--bytecode both|none|cached]
                                       [--baseline OLD_CHECKOUT]

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


def one_run(checkout: Path, args: list[str], cache: Path | None = None) -> tuple[float, float]:
    """(CPU seconds, peak resident MB) of one `python -m mapkit ARGS` process; compiling every
    module it imports, or with `cache` keeping the compiled modules there."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    if cache is None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)
    else:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(cache)
    proc = subprocess.Popen([sys.executable, "-m", "mapkit", *args], cwd=str(checkout), env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(proc.pid, 0)
    err = proc.stderr.read() if proc.stderr else ""
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{checkout}: mapkit {args[0]} failed: {err.strip()}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def pairs(checkout: Path, map_path: Path, out: Path, runs: int,
          cache: Path | None = None) -> tuple[float, float, float, float]:
    """Medians over `runs` pairs: report CPU s, info CPU s, report / info, report peak MB."""
    reports, infos, ratios, peaks = [], [], [], []
    for _ in range(runs + 1):                                    # the first pair warms the caches
        report, peak = one_run(checkout, ["report", str(map_path), "-o", str(out)], cache)
        info, _ = one_run(checkout, ["info", str(map_path)], cache)
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
    parser.add_argument("--bytecode", choices=("both", "none", "cached"), default="both",
                        help="time with no compiled modules kept, with them cached, or both (default)")
    args = parser.parse_args()
    from generate import make_map

    from mapkit.formats import write_map

    print(f"machine: {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")
    settings = ["none", "cached"] if args.bytecode == "both" else [args.bytecode]
    with tempfile.TemporaryDirectory() as tmp:
        map_path = Path(tmp) / "big.hsc"
        write_map(make_map(args.pieces, seed=1), map_path)
        for setting in settings:
            for name, checkout in [("new", ROOT)] + ([("old", args.baseline.resolve())] if args.baseline else []):
                cache = Path(tmp) / f"pycache-{name}" if setting == "cached" else None
                got = pairs(checkout, map_path, Path(tmp) / f"{name}.html", args.runs, cache)
                size = (Path(tmp) / f"{name}.html").stat().st_size
                what = "this checkout" if name == "new" else f"baseline {args.baseline}"
                print(f"{what}, bytecode {setting}: report of {args.pieces} pieces {got[0]:.2f} s of CPU, "
                      f"info {got[1]:.2f} s: report / info x{got[2]:.1f} (aim: x3 or less); {got[3]:.0f} MB peak, "
                      f"page {size / 1e6:.1f} MB", flush=True)
        print(f"load at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
