"""Big random-but-plausible maps for benchmarks: `make_map(n_pieces, seed) -> Map`.

A rectangular board (odd-r rows, like VirtualScape) of hex columns whose heights follow a
smooth random relief. Each column is a stack of land tiles (sand low, grass in the middle,
rock high; some pairs of neighbouring hexes share a 2-hex tile), laid column by column as a
designer would. On top: a few trees, pools of water in the hollows, glyphs, and two start
zones at opposite edges. Every piece stands on something and nothing overlaps.
Only catalog pieces with a VirtualScape id are used, so every format can carry the result.
"""

from __future__ import annotations

import gzip
import json
import math
import random
import time
from typing import Callable, Iterator

from mapkit.model.grid import offset_to_axial
from mapkit.model.map import Map, Piece


def best_of(n: int, fn: Callable[[], object]) -> float:
    """The shortest of `n` timed calls of `fn`, in seconds (the benchmarks' best-of-N)."""
    best = float("inf")
    for _ in range(n):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best

GLYPH_LETTERS = "AGIVDBKEMLSRJWPONCTU"


def make_map(n_pieces: int, seed: int = 0) -> Map:
    """A map with exactly `n_pieces` pieces (same seed, same map)."""
    return _finish(list(iter_pieces(n_pieces, seed)), seed)


def iter_pieces(n_pieces: int, seed: int = 0) -> Iterator[Piece]:
    """The pieces of `make_map(n_pieces, seed)`, one at a time (for maps too big to hold)."""
    rng = random.Random(seed)
    columns = max(1, n_pieces // 4)
    width = max(2, int(math.sqrt(columns * 1.5)))
    rows = max(2, -(-columns // width))
    phase = [rng.uniform(0, 2 * math.pi) for _ in range(4)]

    def height(col: int, row: int) -> int:
        relief = (math.sin(col / 6 + phase[0]) * math.cos(row / 7 + phase[1])
                  + 0.5 * math.sin(col / 3 + row / 4 + phase[2]))
        return max(1, min(9, int(4 + 3 * relief + rng.random())))

    made = 0
    merged: set[tuple[int, int, int]] = set()  # (col, row, z) already covered by a 2-hex tile
    row = 0
    while True:  # rows until the map has n_pieces (the estimate above only sets the width)
        heights = [height(c, row) for c in range(width)]
        for col in range(width):
            h = heights[col]
            q, r = offset_to_axial(col, row)
            for z in range(h):
                if (col, row, z) in merged:
                    continue
                terrain = "sand" if z < 2 else "grass" if z < 6 else "rock"
                if col + 1 < width and heights[col + 1] > z and rng.random() < 0.2:
                    merged.add((col + 1, row, z))
                    yield Piece(f"{terrain}-2", q, r, z, 0)
                else:
                    yield Piece(f"{terrain}-1", q, r, z, 0)
                made += 1
                if made >= n_pieces:
                    return
            top = _decoration(rng, col, row, width, rows, h, q, r)
            if top is not None:
                yield top
                made += 1
                if made >= n_pieces:
                    return
        merged = {cell for cell in merged if cell[1] > row}  # only the next row's cells can still come
        row += 1


def _decoration(rng: random.Random, col: int, row: int, width: int, rows: int, h: int, q: int, r: int
                ) -> Piece | None:
    """What stands on top of a column, if anything."""
    middle = rows // 3 <= row < 2 * rows // 3
    if col < 2 and middle and row % 2 == 0:
        return Piece("start-zone", q, r, h, 0, {"player": 1})
    if col >= width - 2 and middle and row % 2 == 0:
        return Piece("start-zone", q, r, h, 0, {"player": 2})
    roll = rng.random()
    if roll < 0.004:
        return Piece("glyph", q, r, h, 0, {"letter": rng.choice(GLYPH_LETTERS)})
    if roll < 0.04:
        return Piece(rng.choice(("tree-10", "tree-11", "tree-12")), q, r, h, 0)
    if roll < 0.07 and h <= 2:
        return Piece("water-1", q, r, h, 0)
    return None


def write_hexoscape_gz(n_pieces: int, path: str, seed: int = 0) -> None:
    """`make_map(n_pieces, seed)` saved as Hexoscape saves a map (array form, gzip), written a
    piece at a time: a map of millions of pieces never exists in memory."""
    from mapkit.formats import hexoscape
    from mapkit.model.catalog import catalog

    cat = catalog()
    head = {"id": f"generated-{seed}", "name": f"Generated battlefield {seed}", "author": "mapkit benchmarks",
            "shape": "rectangle", "width": 0, "length": 0}
    with gzip.open(path, "wt", encoding="utf-8", compresslevel=6) as out:
        out.write('{"hexMap":' + json.dumps(head, separators=(",", ":")) + ',"boardPieces":[')
        for index, piece in enumerate(iter_pieces(n_pieces, seed)):
            ptype = cat[piece.type]
            hid = hexoscape.hexoscape_id(piece, ptype)
            out.write(("," if index else "") + f'{{"uid":"bp_mk{index + 1}","inventoryID":"{hid}",'
                      f'"altitude":{piece.z},"rotation":{piece.rotation},"pieceCoords":{{"q":{piece.q},'
                      f'"r":{piece.r},"s":{-piece.q - piece.r}}}}}')
        out.write("]}")


def _finish(pieces: list[Piece], seed: int) -> Map:
    return Map(name=f"Generated battlefield {seed}", author="mapkit benchmarks", players="2", pieces=pieces)
