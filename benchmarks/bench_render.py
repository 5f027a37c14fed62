"""Render a 10 000-piece map to PNG and SVG and print the times (aim: under 2 s each).

Uses `benchmarks/generate.py`'s `make_map(n_pieces, seed)` when it exists, else a local
generator that stacks random land tiles, obstacles and markers on a square area.

    python3 benchmarks/bench_render.py [N_PIECES] [--scale PX]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from mapkit.model.catalog import catalog  # noqa: E402
from mapkit.model.map import Map, Piece  # noqa: E402

LAND = ("grass-1", "grass-2", "grass-3", "grass-7", "grass-24", "rock-3", "rock-7", "sand-2", "sand-7",
        "water-1", "water-3", "snow-3", "asphalt-7")
STANDING = ("tree-10", "ruin-2", "glacier-3", "palm-14", "outcrop-1")


def local_map(n_pieces: int, seed: int = 1) -> Map:
    """Random stacks: each tile lands on the highest tile under its footprint."""
    rng = random.Random(seed)
    cat = catalog()
    side = int((n_pieces * 3.5) ** 0.5)
    height: dict[tuple[int, int], int] = {}
    m = Map(name=f"bench {n_pieces}")
    for i in range(n_pieces):
        q, r = rng.randrange(side), rng.randrange(side)
        q -= r // 2
        roll = rng.random()
        if roll < 0.85:
            type_id = rng.choice(LAND)
        elif roll < 0.95:
            type_id = rng.choice(STANDING)
        else:
            type_id = "glyph" if roll < 0.97 else "start-zone"
        ptype = cat[type_id]
        rotation = rng.randrange(6)
        shape = cat.footprint(ptype.shape, rotation)
        cells = [(q + dq, r + dr) for dq, dr in shape]
        z = max(height.get(c, 0) for c in cells)
        attrs = {"letter": "A"} if type_id == "glyph" else {"player": 1 + i % 4} if type_id == "start-zone" else {}
        m.pieces.append(Piece(type_id, q, r, z, rotation, attrs))
        if ptype.kind in ("land", "fluid"):
            for c in cells:
                height[c] = z + 1
    return m


def maps(n: int):
    """The shared benchmark map (plausible relief, mostly one-hex stacks) and the local one
    (random multi-hex tiles, about four times the hexes: the harder case)."""
    try:
        from generate import make_map  # type: ignore[import-not-found]
    except ImportError:
        pass
    else:
        yield make_map(n, 1), "benchmarks/generate.py"
    yield local_map(n), "local generator, multi-hex tiles"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pieces", nargs="?", type=int, default=10_000)
    parser.add_argument("--scale", type=float, default=12.0, help="PNG pixels per hex (default 12)")
    args = parser.parse_args()
    print("times: wall clock (CPU time of this process; differs when other work shares the machine)")
    for m, source in maps(args.pieces):
        hexes = sum(len(m.footprint(p)) for p in m.pieces)
        print(f"map: {len(m.pieces)} pieces, {hexes} hexes ({source})")
        bench(m, args.scale)


def bench(m, scale: float) -> None:
    from mapkit.outputs.paint.raster import render_png
    from mapkit.outputs.paint.svg import render_svg
    from mapkit.outputs.scene.views import RenderOptions, build_scene

    for view in ("top", "iso"):
        clock = Clock()
        scene = build_scene(m, RenderOptions(view=view))
        t_scene = clock.lap()
        png = render_png(scene, scale)
        t_png = clock.lap()
        svg = render_svg(scene)
        t_svg = clock.lap()
        print(f"  {view:4s} scene {fmt(t_scene)} | PNG at {scale:g} px/hex: draw {fmt(t_png)}, "
              f"total {fmt(add(t_scene, t_png))}, {len(png) / 1e6:.1f} MB | SVG: write {fmt(t_svg)}, "
              f"total {fmt(add(t_scene, t_svg))}, {len(svg) / 1e6:.1f} MB")


class Clock:
    def __init__(self) -> None:
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def lap(self) -> tuple[float, float]:
        wall, cpu = time.perf_counter(), time.process_time()
        out = (wall - self.wall, cpu - self.cpu)
        self.wall, self.cpu = wall, cpu
        return out


def add(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    return a[0] + b[0], a[1] + b[1]


def fmt(t: tuple[float, float]) -> str:
    return f"{t[0]:.2f} s ({t[1]:.2f})"


if __name__ == "__main__":
    main()
