"""mapkit's `.hsc` reader against the web editor's, side by side in one run.

The peer is Hexoscape's own reader (`processVirtualScapeArrayBuffer`, TypeScript transpiled to
JavaScript, MIT), kept pinned in `../shared/peer/hexoscape/` and run from there by Node; it is
never copied into this project. Both read the same generated maps of stacked, mixed terrain
(benchmarks/generate.py) at 10 000 and 100 000 tiles. Every measurement is a best of 5, and
peer and mapkit take turns within each round, so a busy machine slows both alike.

- in-process: one parse of the file's bytes, the file already in memory. The peer's figure is
  the fastest of 5 parses inside one Node process (`peer-parse.mjs MAP 5`, JIT warmed); mapkit's
  the fastest of 5 `mapkit.formats.hsc.read` calls.
- whole process: the wall time of `node peer-parse.mjs MAP 1` (Node starts, loads the reader,
  reads the file, parses once) against `mapkit info MAP` (Python starts, reads the map,
  prints its summary), run as the console script runs it, with compiled bytecode cached as an
  installed package has it; and the same runs' CPU time (user + system, of the process and
  its children), which waiting for a core on a busy machine does not inflate.

It also times mapkit's other readers on the same maps (Hexoscape JSON and mapkit JSON), and prints
the machine and its load. Skips the peer, saying why, where Node or the peer folder is missing.

    python benchmarks/bench_peer.py [--sizes 10000,100000] [--rounds 5]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from generate import best_of, make_map  # noqa: E402

from mapkit.formats import hexoscape, hsc, native  # noqa: E402

PEER_DIR = ROOT.parent / "shared" / "peer" / "hexoscape"
PEER_SCRIPT = PEER_DIR / "peer-parse.mjs"
#: What the issue asks of each ratio (peer time / mapkit time).
TARGET = 1.5
#: How the console script `mapkit` starts the program (no runpy, unlike `python -m mapkit`).
CONSOLE = "import sys; from mapkit.cli import main; sys.exit(main())"


def machine() -> str:
    """One line naming the machine: CPU model, cores, Python, Node, load."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    node = peer_missing() is None and subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    return (f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}, Node {node or 'absent'}, "
            f"load {load()}")


def load() -> str:
    try:
        return "/".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def peer_missing() -> str | None:
    """Why the peer cannot run here, or None."""
    if shutil.which("node") is None:
        return "node is not installed (Debian: apt-get install nodejs)"
    if not PEER_SCRIPT.is_file():
        return f"the peer is not at {PEER_DIR}"
    return None


def env() -> dict[str, str]:
    """The environment of the timed processes: the project first on the path, bytecode cached."""
    out = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out.pop("PYTHONDONTWRITEBYTECODE", None)
    return out


def whole(cmd: list[str]) -> tuple[float, float]:
    """(wall time, CPU time: user + system) of one run of `cmd`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env(), cwd=ROOT)
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {done.stderr.decode(errors='replace')[:400]}")
    return took, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def peer_parse(path: Path, runs: int) -> dict:
    done = subprocess.run(["node", str(PEER_SCRIPT), str(path), str(runs)], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def compare(path: Path, n: int, rounds: int) -> dict[str, float]:
    """Best-of-`rounds` figures for one map, peer and mapkit in turn within every round."""
    data = path.read_bytes()
    mapkit_cmd = [sys.executable, "-c", CONSOLE, "info", str(path)]
    whole(mapkit_cmd)  # compiles and caches the bytecode, as an installed package has it
    best = dict.fromkeys(("peer_in", "mapkit_in", "peer_whole", "mapkit_whole", "peer_cpu", "mapkit_cpu"),
                         float("inf"))
    skip = peer_missing()
    for _ in range(rounds):
        if skip is None:
            result = peer_parse(path, 5)
            if result["tiles"] != n:
                raise SystemExit(f"the peer read {result['tiles']} tiles of {n}")
            best["peer_in"] = min(best["peer_in"], result["best"])
        best["mapkit_in"] = min(best["mapkit_in"], best_of(5, lambda: hsc.read(data)))
        runs = [("peer", ["node", str(PEER_SCRIPT), str(path), "1"])] if skip is None else []
        for who, cmd in runs + [("mapkit", mapkit_cmd)]:
            took, cpu = whole(cmd)
            best[f"{who}_whole"] = min(best[f"{who}_whole"], took)
            best[f"{who}_cpu"] = min(best[f"{who}_cpu"], cpu)
    return best


def other_readers(m, n: int, rounds: int) -> None:
    """mapkit's JSON readers on the same map: best of `rounds` reads of the bytes."""
    for name, module in (("Hexoscape JSON", hexoscape), ("mapkit JSON", native)):
        data = module.write(m)
        took = best_of(rounds, lambda: module.read(data))
        print(f"  {name:15s} {len(data) / 1e6:6.1f} MB  read {took * 1000:8.1f} ms  ({n / took / 1e6:.2f} M pieces/s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="10000,100000", help="tiles per generated map (comma-separated)")
    parser.add_argument("--rounds", type=int, default=5, help="best of this many rounds")
    args = parser.parse_args()
    print(f"machine: {machine()}")
    skip = peer_missing()
    if skip:
        print(f"peer: skipped, {skip}; mapkit's figures alone follow")
    else:
        print(f"peer: {PEER_DIR} (Hexoscape's readVirtualscapeMapFile.ts, see its README)")
    with tempfile.TemporaryDirectory() as tmp:
        for n in (int(s) for s in args.sizes.split(",")):
            m = make_map(n, seed=2024)
            path = Path(tmp, f"generated-{n}.hsc")
            path.write_bytes(hsc.write(m))
            best = compare(path, n, args.rounds)
            print(f"{n:,} tiles ({path.stat().st_size / 1e6:.1f} MB .hsc), best of {args.rounds}, load {load()}:")
            for label, peer, mine in (("in-process", "peer_in", "mapkit_in"),
                                      ("whole process", "peer_whole", "mapkit_whole"),
                                      ("its CPU time", "peer_cpu", "mapkit_cpu")):
                if skip:
                    print(f"  {label:13s} mapkit {best[mine] * 1000:8.1f} ms")
                    continue
                ratio = best[peer] / best[mine]
                verdict = "met" if ratio >= TARGET else "NOT met"
                print(f"  {label:13s} peer {best[peer] * 1000:8.1f} ms  mapkit {best[mine] * 1000:8.1f} ms  "
                      f"ratio {ratio:5.2f} (target {TARGET}: {verdict})")
            other_readers(m, n, args.rounds)


if __name__ == "__main__":
    main()
