"""Small maps built in code: the seed examples in the tests, the large map of the benchmark.

`column_map` stacks one-hex pieces: a land column of top height h is h tiles (levels 0 to
h - 1); a fluid space of top h is h - 0 land tiles with the fluid tile at level h; a Cosmos
space is one Cosmos tile at its height (it adds none).
"""

from __future__ import annotations

import random

from mapkit.model.map import Map, Piece

FLUID_PIECES = {"water": "water-1", "molten-lava": "molten-lava-1", "swamp-water": "swamp-water-1",
                "ice": "ice-1", "shadow": "shadow-1"}


def column_map(cells: dict[tuple[int, int], tuple[int, str]], glyphs: dict[tuple[int, int], str] | None = None,
               zones: dict[tuple[int, int], int] | None = None, land: str = "grass") -> Map:
    """A map from {(q, r): (top height, terrain)}; terrain "tree" puts a tree on the top."""
    m = Map(name="synthetic")
    tops: dict[tuple[int, int], int] = {}
    for (q, r), (h, terrain) in sorted(cells.items()):
        if terrain == "cosmos":
            m.pieces.append(Piece("cosmos-1", q, r, h))
            tops[(q, r)] = h
            continue
        fluid = FLUID_PIECES.get(terrain)
        base = terrain if terrain not in FLUID_PIECES and terrain != "tree" else land
        for z in range(h):
            m.pieces.append(Piece(f"{base}-1", q, r, z))
        if fluid:
            m.pieces.append(Piece(fluid, q, r, h))
        elif terrain == "tree":
            m.pieces.append(Piece("tree-10", q, r, h))
        tops[(q, r)] = h
    for (q, r), letter in (glyphs or {}).items():
        m.pieces.append(Piece("glyph", q, r, tops[(q, r)], attrs={"letter": letter}))
    for (q, r), player in (zones or {}).items():
        m.pieces.append(Piece("start-zone", q, r, tops[(q, r)], attrs={"player": player}))
    return m


def line(heights: list[int | tuple[int, str]], r: int = 0, q0: int = 0) -> dict[tuple[int, int], tuple[int, str]]:
    """Cells for a row of hexes going east: each entry a height, or (height, terrain)."""
    out = {}
    for i, h in enumerate(heights):
        out[(q0 + i, r)] = h if isinstance(h, tuple) else (h, "grass")
    return out


def generated(hexes: int = 10_000, levels: int = 10, seed: int = 1, players: int = 2, glyphs: int = 6) -> Map:
    """A rough rectangular battlefield of about `hexes` hexes with hills up to `levels` levels,
    a few lakes and trees, start zones of 24 hexes at the west and east ends and glyphs between.
    """
    rng = random.Random(seed)
    rows = max(4, int((hexes / 2) ** 0.5))
    cols = max(4, hexes // rows)
    # Rounded hills, and every third one a flat-topped mesa with cliffs (falls, climbs too high).
    hills = [(rng.uniform(0, cols), rng.uniform(0, rows), rng.uniform(3, 12), rng.randint(2, levels), i % 3 == 2)
             for i in range(max(1, hexes // 150))]
    cells: dict[tuple[int, int], tuple[int, str]] = {}
    for row in range(rows):
        for col in range(cols):
            h = 1
            for cx, cy, rad, top, mesa in hills:
                dist = ((col - cx) ** 2 + (row - cy) ** 2) ** 0.5
                if dist < rad:
                    h = max(h, top if mesa and dist < rad / 2 else 1 + round((top - 1) * (1 - dist / rad)))
            h = min(h, levels)
            roll = rng.random()
            terrain = "grass" if h > 2 else ("water" if roll < 0.08 else "sand" if roll < 0.2 else "grass")
            if roll > 0.985 and 2 < col < cols - 3:
                terrain = "tree"
            cells[(col - (row >> 1), row)] = (h, terrain)
    zones = {}
    for row in range(rows // 2 - 2, rows // 2 + 2):
        for k in range(6):
            for player, col in ((1, k), (2, cols - 1 - k)):
                key = (col - (row >> 1), row)
                if cells[key][1] == "tree":
                    cells[key] = (cells[key][0], "grass")
                zones[key] = player
    glyph_cells: dict[tuple[int, int], str] = {}
    letters = "AGDIVRBLEKNOPSMT"
    while len(glyph_cells) < glyphs:
        row, col = rng.randrange(rows), rng.randrange(cols // 4, 3 * cols // 4)
        key = (col - (row >> 1), row)
        if cells[key][1] in ("grass", "sand"):
            glyph_cells[key] = letters[len(glyph_cells) % len(letters)]
    m = column_map(cells, glyph_cells, zones)
    m.name = f"generated {hexes} hexes, {levels} levels (seed {seed})"
    return m
