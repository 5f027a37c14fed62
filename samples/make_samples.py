"""Make the sample maps in samples/maps/ (run: python3 samples/make_samples.py).

"Twin Rivers" is a small two-player battlefield built by the project to show a tournament-legal
build: two rivers, two rock hills with a glyph on each, a ruin between them, trees, and a 24-hex
start zone per player. The terrain is mirror-symmetric about the map's north-south axis, so each
glyph is as far from one army as from the other, and every tile comes from one Rise of the
Valkyrie master set plus Lands of Valhalla and Road to the Forgotten Forest.
"""

from __future__ import annotations

from pathlib import Path

from mapkit.formats import write_map
from mapkit.model.catalog import catalog
from mapkit.model.grid import neighbours, offset_to_axial
from mapkit.model.map import Map, Piece

HERE = Path(__file__).resolve().parent / "maps"
COLS, ROWS = 22, 14
#: Ground tiles of Rise of the Valkyrie + Lands of Valhalla (mapkit/data/sets.json) by size,
#: grass first; rock and sand fill what grass leaves (the hills and sand patches are set aside).
GROUND_TILES = {"grass": {24: 8, 7: 10, 3: 8, 2: 12, 1: 26}, "rock": {24: 4, 3: 5, 2: 9, 1: 11},
                "sand": {24: 2, 7: 5, 2: 8, 1: 9}}

Cell = tuple[int, int]


def at(col: int, row: int) -> Cell:
    return offset_to_axial(col, row)


def mirror(cell: Cell) -> Cell:
    """Reflect across the north-south axis of the 22 x 14 field (a symmetry of the hex grid)."""
    q, r = cell
    col = q + (r >> 1)
    return offset_to_axial((COLS - 1 - col) if r % 2 == 0 else (COLS - 2 - col), r)


def both(cells: set[Cell]) -> set[Cell]:
    return cells | {mirror(c) for c in cells}


def place(type_id: str, cells: set[Cell], z: int, **attrs) -> Piece:
    """The piece of `type_id` whose footprint is exactly `cells`."""
    cat = catalog()
    shape = cat[type_id].shape
    for rotation in range(6):
        offsets = cat.footprint(shape, rotation)
        for q, r in cells:
            origin = (q - offsets[0][0], r - offsets[0][1])
            if {(origin[0] + dq, origin[1] + dr) for dq, dr in offsets} == cells:
                return Piece(type_id, origin[0], origin[1], z, rotation, attrs=dict(attrs))
    raise ValueError(f"{type_id} cannot cover {sorted(cells)}")


def fill(free: set[Cell], terrain: str, z: int, budget: dict[int, int]) -> list[Piece]:
    """Cover `free` with the biggest tiles that fit and that the budget still has, row by row."""
    cat = catalog()
    pieces = []
    for size in sorted(budget, reverse=True):
        ptype = cat[f"{terrain}-{size}"]
        for row in range(ROWS):
            for col in range(COLS):
                q, r = at(col, row)
                for rot in range(6):
                    if budget[size] == 0:
                        break
                    cells = {(q + dq, r + dr) for dq, dr in cat.footprint(ptype.shape, rot)}
                    if cells <= free:
                        pieces.append(Piece(ptype.id, q, r, z, rot))
                        budget[size] -= 1
                        free -= cells
                        break
    return pieces


def twin_rivers() -> Map:
    field = {at(c, r) for r in range(ROWS) for c in range(COLS)}
    river = both({at(5 if 5 <= row <= 8 else 6, row) for row in range(2, 12)})
    west_zone = {at(c, r) for r in range(3, 11) for c in range(3)}
    hills = [{at(10, row)} | set(neighbours(*at(10, row))) for row in (3, 9)]
    pieces = [place("water-1", {cell}, 0) for cell in sorted(river, key=lambda c: (c[1], c[0]))]
    ground = field - river
    for terrain, tiles in GROUND_TILES.items():
        pieces += fill(ground, terrain, 0, dict(tiles))
    if ground:
        raise ValueError(f"{len(ground)} hexes left uncovered: {sorted(ground)}")
    pieces += [place("rock-7", hill, 1) for hill in hills]
    pieces.append(place("ruin-3", {at(9, 7), at(10, 7), at(11, 7)}, 1))
    west_sand = {at(3, 0), at(4, 0), at(3, 1)}
    pieces += [place("sand-3", west_sand, 1), place("sand-3", {mirror(c) for c in west_sand}, 1)]
    # (west hex, west tree, its mirror's tree): Road to the Forgotten Forest has two 11s, one 10, one 12
    for (col, row), west, east in (((7, 12), "tree-11", "tree-11"), ((7, 1), "tree-10", "tree-12")):
        pieces.append(place(west, {at(col, row)}, 1))
        pieces.append(place(east, {mirror(at(col, row))}, 1))
    for player, zone in ((1, west_zone), (2, {mirror(c) for c in west_zone})):
        pieces += [place("start-zone", {cell}, 1, player=player) for cell in sorted(zone, key=lambda c: (c[1], c[0]))]
    pieces.append(place("glyph", {at(10, 3)}, 2, letter="A"))
    pieces.append(place("glyph", {at(10, 9)}, 2, letter="G"))
    return Map(name="Twin Rivers", author="mapkit samples", players="2",
               notes="Two armies of 500 points meet between two rivers. Glyphs: Astrid (A) and Gerda (G), "
                        "placed power side up on the two hills. Built from one Rise of the Valkyrie master set, "
                        "Lands of Valhalla and Road to the Forgotten Forest.",
               pieces=pieces)


def main() -> None:
    HERE.mkdir(parents=True, exist_ok=True)
    m = twin_rivers()
    write_map(m, HERE / "twin-rivers.hsc")
    write_map(m, HERE / "twin-rivers.mapkit.json")
    print(f"wrote {len(m.pieces)} pieces to {HERE}")


if __name__ == "__main__":
    main()
