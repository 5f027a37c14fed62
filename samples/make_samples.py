"""Make the sample maps in samples/maps/ (run: python3 samples/make_samples.py).

"Twin Rivers" is a small two-player battlefield built by the project: a grass field split by a
river, two rock hills, a ruin, trees, a 24-hex start zone per player and two glyphs. It is
generated so that every piece rests on something, like a real build.
"""

from __future__ import annotations

from pathlib import Path

from mapkit.formats import write_map
from mapkit.model.catalog import catalog
from mapkit.model.grid import offset_to_axial
from mapkit.model.map import Map, Piece

HERE = Path(__file__).resolve().parent / "maps"
COLS, ROWS = 22, 14


def river_cells() -> set[tuple[int, int]]:
    """A river running north to south through the middle, one hex wide, with a bend."""
    cells = set()
    for row in range(ROWS):
        col = 10 + (1 if 4 <= row <= 8 else 0)
        cells.add(offset_to_axial(col, row))
    return cells


def fill(free: set[tuple[int, int]], terrain: str, z: int, pieces: list[Piece]) -> None:
    """Cover `free` with the biggest tiles that fit (7, 3, 2, then 1 hexes), row by row."""
    cat = catalog()
    for size in (7, 3, 2, 1):
        ptype = cat[f"{terrain}-{size}"]
        for row in range(ROWS):
            for col in range(COLS):
                q, r = offset_to_axial(col, row)
                for rot in range(6 if size in (2, 3) else 1):
                    cells = {(q + dq, r + dr) for dq, dr in cat.footprint(ptype.shape, rot)}
                    if cells <= free:
                        pieces.append(Piece(ptype.id, q, r, z, rot))
                        free -= cells
                        break


def twin_rivers() -> Map:
    pieces: list[Piece] = []
    field = {offset_to_axial(c, r) for r in range(ROWS) for c in range(COLS)}
    river = river_cells()
    for q, r in sorted(river, key=lambda c: (c[1], c[0])):
        pieces.append(Piece("water-1", q, r, 0))
    fill(field - river, "grass", 0, pieces)
    # two rock hills, one on each bank, and a small rise on top of the west one
    for col, row in ((4, 5), (15, 5)):
        q, r = offset_to_axial(col, row)
        pieces.append(Piece("rock-7", q, r, 1))
    q, r = offset_to_axial(5, 6)
    pieces.append(Piece("rock-1", q, r, 2))
    pieces.append(Piece("ruin-2", *offset_to_axial(16, 10), 1))
    for col, row in ((7, 11), (8, 2), (13, 12), (14, 1)):
        pieces.append(Piece("tree-10", *offset_to_axial(col, row), 1))
    for player, cols in ((1, range(0, 2)), (2, range(COLS - 2, COLS))):
        for row in range(1, 13):
            for col in cols:
                q, r = offset_to_axial(col, row)
                pieces.append(Piece("start-zone", q, r, 1, attrs={"player": player}))
    pieces.append(Piece("glyph", *offset_to_axial(6, 3), 1, attrs={"letter": "A"}))
    pieces.append(Piece("glyph", *offset_to_axial(15, 10), 1, attrs={"letter": "G"}))
    return Map(name="Twin Rivers", author="mapkit samples", players="2",
               scenario="Two armies meet across a river. Glyphs: Astrid (A) and Gerda (G), both face up.",
               pieces=pieces)


def main() -> None:
    HERE.mkdir(parents=True, exist_ok=True)
    m = twin_rivers()
    write_map(m, HERE / "twin-rivers.hsc")
    write_map(m, HERE / "twin-rivers.mapkit.json")
    print(f"wrote {len(m.pieces)} pieces to {HERE}")


if __name__ == "__main__":
    main()
