"""Overlay a city of 50 ten-floor buildings; print hexes classified per second.

Each building is its own Book (no shared computation): a random rectangle 3-7 hexes a side,
turned by a random angle, with ten floors whose interiors step in by a millimetre a floor.
Then the whole city's ground is overlaid together (buildings sharing hexes). Aim: under 1 s.
Run: python3 benchmarks/bench_overlay.py [buildings] [floors]
"""

from __future__ import annotations

import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mapkit.books import book_from_json  # noqa: E402
from mapkit.books import classify, ground_overlay  # noqa: E402
from mapkit.geometry import OverlayParams  # noqa: E402
from mapkit.model.grid import HEX_PITCH_MM  # noqa: E402


def rectangle(w: float, h: float, angle: float) -> list[list[float]]:
    c, s = math.cos(angle), math.sin(angle)
    return [[x * c - y * s, x * s + y * c] for x, y in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))]


def city(n: int, floors: int, seed: int = 4) -> list:
    rng = random.Random(seed)
    books = []
    for i in range(n):
        w = rng.uniform(3, 7) * HEX_PITCH_MM
        h = rng.uniform(3, 7) * HEX_PITCH_MM
        angle = rng.choice([0.0, 0.0, math.radians(rng.uniform(0, 90))])
        fl = [{"height": 0 if k == 0 else 8, "interior": rectangle(w - 6 - 2 * k, h - 6 - 2 * k, angle)}
              for k in range(floors)]
        books.append(book_from_json({"name": f"tower {i}", "kind": "interior-access",
                                     "footprint": {"polygon": rectangle(w, h, angle)}, "floors": fl}))
    return books


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    floors = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    books = city(n, floors)
    params = OverlayParams()
    classify(books[0], params)  # warm up imports
    t0 = time.perf_counter()
    overlays = [classify(b, params) for b in books]
    t1 = time.perf_counter()
    placed = [(b, (i % 10) * 9, (i // 10) * 9, 1, i % 6) for i, b in enumerate(books)]
    ground = ground_overlay(placed, params)
    t2 = time.perf_counter()
    per_book = sum(len(o.exterior) + sum(len(f.classes) for f in o.floors) for o in overlays)
    on_ground = sum(len(v) for v in ground.values())
    total = per_book + on_ground
    print(f"city: {n} buildings x {floors} floors")
    print(f"books classified: {per_book} hexes in {t1 - t0:.3f} s ({per_book / (t1 - t0):,.0f} hexes/s)")
    print(f"city ground overlaid together: {on_ground} hexes in {t2 - t1:.3f} s")
    print(f"whole city: {total} hexes in {t2 - t0:.3f} s ({total / (t2 - t0):,.0f} hexes/s)"
          f" -> {'under' if t2 - t0 < 1 else 'OVER'} the 1 s aim")


if __name__ == "__main__":
    main()
