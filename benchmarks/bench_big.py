"""The two largest inputs issue 16 names: a 200,000-vertex Book and a 2.9-million-piece map.

- `mapkit overlay BOOK`: a C3G Book whose footprint has 200,000 corners (a wobbly round tower,
  1.8 m across, as a footprint traced from a scan would be), and an interior-access one with
  100,000 footprint corners and two floors of 50,000. Aim: under 2 s.
- `mapkit info MAP`: a 2.9-million-piece Hexoscape map saved as Hexoscape saves it (array form,
  gzip, about 66 MB; `generate.write_hexoscape_gz`). Aim: under 10 s and 1 GB.

Each runs as a user runs it (a fresh process, bytecode cached), best of `--rounds`; it prints
CPU time (user + system), wall time and peak memory (GNU time), with the load before and after.

    python benchmarks/bench_big.py [--pieces 2900000] [--vertices 200000] [--rounds 3] [--only book|map]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_growth import run  # noqa: E402
from generate import write_hexoscape_gz  # noqa: E402


def ring(n: int, radius: float) -> list[list[float]]:
    """n corners of a round outline with a gentle seven-lobed wobble, in mm to 3 decimals."""
    out = []
    for i in range(n):
        angle = 2 * math.pi * i / n
        reach = radius * (1 + 0.05 * math.sin(7 * angle))
        out.append([round(reach * math.cos(angle), 3), round(reach * math.sin(angle), 3)])
    return out


def write_books(folder: Path, vertices: int) -> list[Path]:
    enclosed = {"name": f"round tower, {vertices:,} corners", "kind": "enclosed",
                "footprint": {"polygon": ring(vertices, 900.0)}}
    storeys = {"name": f"round hall, {vertices:,} corners in all", "kind": "interior-access",
               "footprint": {"polygon": ring(vertices // 2, 900.0)},
               "floors": [{"height": 0, "interior": ring(vertices // 4, 800.0)},
                          {"height": 8, "interior": ring(vertices // 4, 700.0)}]}
    paths = []
    for name, doc in (("tower", enclosed), ("hall", storeys)):
        path = folder / f"{name}.book.json"
        path.write_text(json.dumps(doc))
        paths.append(path)
    return paths


def load() -> str:
    return "/".join(f"{x:.2f}" for x in os.getloadavg())


def measure(argv: list[str], rounds: int, aim: str) -> None:
    best = None
    before = load()
    for _ in range(rounds):
        cpu, wall, peak, code = run(argv)
        if code != 0:
            raise SystemExit(f"mapkit {' '.join(argv)} exited {code}")
        best = (cpu, wall, peak) if best is None else (min(best[0], cpu), min(best[1], wall), min(best[2], peak))
    cpu, wall, peak = best
    size = Path(argv[-1]).stat().st_size / 1e6
    print(f"mapkit {argv[0]} {Path(argv[-1]).name} ({size:.1f} MB): cpu {cpu:6.2f} s  wall {wall:6.2f} s  "
          f"peak {peak / 2**20:6.0f} MB  (best of {rounds}; aim {aim}; load {before} -> {load()})", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pieces", type=int, default=2_900_000)
    parser.add_argument("--vertices", type=int, default=200_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", choices=("book", "map"))
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores, load {load()}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        run(["info", str(ROOT / "samples" / "maps" / "street.mapkit.json")])  # compile and cache the bytecode
        if args.only != "map":
            for path in write_books(folder, args.vertices):
                measure(["overlay", str(path)], args.rounds, "under 2 s")
        if args.only != "book":
            path = folder / f"generated-{args.pieces}.json.gz"
            write_hexoscape_gz(args.pieces, str(path), seed=2024)
            measure(["info", str(path)], args.rounds, "under 10 s and 1 GB")


if __name__ == "__main__":
    main()
