"""Time mapkit JSON writing and reading (schema validation included) for a 100 000-piece map.

Run: python3 benchmarks/bench_native.py [pieces]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mapkit.formats import native  # noqa: E402
from mapkit.model.map import Map, Piece  # noqa: E402


def big_map(count: int) -> Map:
    rng = random.Random(1)
    types = ["grass-1", "rock-3", "water-1", "tree-10", "glyph", "start-zone"]
    pieces = []
    for i in range(count):
        ptype = types[i % len(types)]
        attrs = {"letter": "A"} if ptype == "glyph" else {"player": 1} if ptype == "start-zone" else {}
        pieces.append(Piece(ptype, rng.randrange(-500, 500), rng.randrange(-500, 500), rng.randrange(0, 20),
                            rng.randrange(6), attrs))
    return Map(name="benchmark", pieces=pieces)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    m = big_map(count)
    t0 = time.perf_counter()
    data = native.write(m)
    t1 = time.perf_counter()
    back = native.read(data, "bench.mapkit.json")
    t2 = time.perf_counter()
    again = native.write(back)
    assert again == data and len(back.pieces) == count
    from mapkit.schemas import validator
    import json
    document = json.loads(data)
    t3 = time.perf_counter()
    validator(native.SCHEMA, fast=True)(document)
    t4 = time.perf_counter()
    print(f"pieces: {count}  file: {len(data) / 1e6:.1f} MB")
    print(f"write: {t1 - t0:.2f} s")
    print(f"read (decode + schema + catalog check + model): {t2 - t1:.2f} s")
    print(f"  of which schema validation alone (fastjsonschema): {t4 - t3:.2f} s")
    t5 = time.perf_counter()
    validator(native.SCHEMA)(document)
    t6 = time.perf_counter()
    print(f"  the same validation with jsonschema, for comparison: {t6 - t5:.2f} s")


if __name__ == "__main__":
    main()
