"""How each command's time and memory grow with the map: 1 000, 10 000 and 100 000 pieces.

Every command runs as a user runs it (`mapkit COMMAND MAP ...`, a fresh process) on the same
generated maps (benchmarks/generate.py: stacked mixed terrain, trees, water, glyphs, start
zones). For each it prints the CPU time (user + system: steadier than wall time on a shared
machine; every command here runs on one core), the wall time and the peak memory (the
process's maximum resident set), best of `--rounds`, and the growth from 10 000 to 100 000
pieces, which must stay within 12 (linear work with a constant start-up grows by at most 10).

    python benchmarks/bench_growth.py [--sizes 1000,10000,100000] [--rounds 1] [--commands info,render-png]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from generate import make_map  # noqa: E402

from mapkit.formats import hsc  # noqa: E402

#: The bound on time and memory growth when the map grows tenfold.
BOUND = 12.0
#: name -> the command line after `mapkit` ({map} and {out} are filled in).
COMMANDS = {
    "info": ["info", "{map}"],
    "validate": ["validate", "{map}"],
    "inventory": ["inventory", "{map}"],
    "convert": ["convert", "{map}", "{out}.mapkit.json"],
    "render-png": ["render", "{map}", "-o", "{out}.png"],
    "render-svg": ["render", "{map}", "-o", "{out}.svg"],
    "report": ["report", "{map}", "-o", "{out}.html"],
    "analyze": ["analyze", "{map}"],
}
CONSOLE = "import sys; from mapkit.cli import main; sys.exit(main())"
GNU_TIME = "/usr/bin/time"


def run(argv: list[str]) -> tuple[float, float, int, int]:
    """(CPU seconds, wall seconds, peak resident bytes, exit status) of one command.

    Run under GNU time where it is installed: the peak of a child forked straight from this
    process would count the pages it shares with it (the generated maps) until it execs."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    command = [sys.executable, "-c", CONSOLE, *argv]
    if Path(GNU_TIME).exists():
        done = subprocess.run([GNU_TIME, "-f", "@@ %e %U %S %M %x", *command], stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
        line = [x for x in done.stderr.splitlines() if x.startswith("@@ ")][-1].split()
        return float(line[2]) + float(line[3]), float(line[1]), int(line[4]) * 1024, int(line[5])
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
    _, status, usage = os.wait4(child.pid, 0)
    return (usage.ru_utime + usage.ru_stime, time.perf_counter() - start, usage.ru_maxrss * 1024,
            os.waitstatus_to_exitcode(status))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--rounds", type=int, default=1, help="best of this many runs per figure")
    parser.add_argument("--commands", default=",".join(COMMANDS))
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    names = args.commands.split(",")
    print(f"load {'/'.join(f'{x:.2f}' for x in os.getloadavg())}, {os.cpu_count()} cores")
    results: dict[tuple[str, int], tuple[float, float, int]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        maps = {}
        for n in sizes:
            maps[n] = Path(tmp, f"generated-{n}.hsc")
            maps[n].write_bytes(hsc.write(make_map(n, seed=2024)))
        run(["info", str(maps[sizes[0]])])  # compile and cache the bytecode first
        for name in names:
            for n in sizes:
                best = None
                for _ in range(args.rounds):
                    argv = [a.format(map=maps[n], out=Path(tmp, f"out-{name}-{n}")) for a in COMMANDS[name]]
                    cpu, took, peak, code = run(argv)
                    if code not in (0, 1):
                        raise SystemExit(f"mapkit {' '.join(argv)} exited {code}")
                    best = (cpu, took, peak) if best is None else (min(best[0], cpu), min(best[1], took),
                                                                   min(best[2], peak))
                results[(name, n)] = best
                print(f"{name:11s} {n:>7,} pieces  cpu {best[0]:7.2f} s  wall {best[1]:7.2f} s  "
                      f"peak {best[2] / 2**20:7.0f} MB", flush=True)
    if len(sizes) >= 2:
        small, big = sizes[-2], sizes[-1]
        print(f"\ngrowth {small:,} -> {big:,} pieces (bound {BOUND:g} for a tenfold map), load "
              f"{'/'.join(f'{x:.2f}' for x in os.getloadavg())}:")
        for name in names:
            a, b = results[(name, small)], results[(name, big)]
            time_ratio, memory_ratio = b[0] / a[0], b[2] / a[2]
            verdict = "ok" if max(time_ratio, memory_ratio) <= BOUND * (big / small) / 10 else "TOO FAST A GROWTH"
            print(f"  {name:11s} time x{time_ratio:5.1f}  memory x{memory_ratio:5.1f}  "
                  f"(from {sizes[0]:,}: time x{b[0] / results[(name, sizes[0])][0]:5.1f})  {verdict}")


if __name__ == "__main__":
    main()
