"""Throughput of the `.hsc` reader and writer on a generated 100 000-tile map.

Run from the project root: `python3 benchmarks/bench_hsc.py [n_tiles]`. Prints tiles per
second for reading (bytes -> Map, Piece objects included), for writing an unchanged map
(the byte-exact path, fingerprint check included) and a new one (VirtualScape 1.066 style),
and, when the native JSON format exists, the wall time of `mapkit convert` to
`.mapkit.json` and back. Reference: Hexoscape's TypeScript reader under Node, ~1.5 M tiles/s.
"""

from __future__ import annotations

import importlib.util
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


def best_of(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    new_map = make_map(n, seed=2024)
    data = hsc.write(new_map)
    print(f"map: {n} tiles, {len(data)} bytes (.hsc v0.0007)")
    read_s = best_of(lambda: hsc.read(data), 7)
    print(f"read:             {read_s * 1000:8.1f} ms  {n / read_s / 1e6:6.2f} M tiles/s  (best of 7)")
    unchanged = hsc.read(data)
    write_same_s = best_of(lambda: hsc.write(unchanged), 3)
    assert hsc.write(unchanged) == data
    print(f"write unchanged:  {write_same_s * 1000:8.1f} ms  {n / write_same_s / 1e6:6.2f} M tiles/s  (byte-exact path)")
    write_new_s = best_of(lambda: hsc.write(new_map), 3)
    print(f"write new map:    {write_new_s * 1000:8.1f} ms  {n / write_new_s / 1e6:6.2f} M tiles/s  (VS 1.066 style)")
    if importlib.util.find_spec("mapkit.formats.native") is None:
        print("convert: skipped (mapkit.formats.native is not in this checkout)")
        return
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    with tempfile.TemporaryDirectory() as tmp:
        src, mid, back = Path(tmp, "big.hsc"), Path(tmp, "big.mapkit.json"), Path(tmp, "back.hsc")
        src.write_bytes(data)
        for a, b in ((src, mid), (mid, back)):
            start = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "mapkit", "convert", str(a), str(b)], env=env,
                                  capture_output=True, text=True)
            took = time.perf_counter() - start
            status = "ok" if done.returncode == 0 else f"exit {done.returncode}: {done.stderr.strip()[:200]}"
            print(f"convert {a.name} -> {b.name}: {took:6.2f} s wall ({status})")
        if back.exists():
            print(f"convert round trip byte-exact: {back.read_bytes() == data}")


if __name__ == "__main__":
    main()
