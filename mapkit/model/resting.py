"""Where a placed C3G Book rests: the Level it stands on (`Placement.level`, as a builder counts
it) against the height movement counts, one lower on tiles that add no height (Cosmos, water:
`levels.of_space`). mapkit JSON version 1 stored the height; version 2 the Level."""

from __future__ import annotations

from mapkit.model.levels import LAYER_KINDS

TYPE_CHECKING = False  # (typing is not imported at run time: `mapkit info` starts faster)
if TYPE_CHECKING:
    from typing import Iterable

    from mapkit.model.map import Map


def layer_index(m: Map) -> dict[tuple[int, int], set[tuple[int, bool]]]:
    """(q, r) -> (Level, adds height) of every layer cell there: what something placed there may
    stand on. One pass over the pieces, each shape's hexes worked out once (as movement does)."""
    cat = m.catalog()
    out: dict[tuple[int, int], set[tuple[int, bool]]] = {}
    for piece in m.pieces:
        ptype = cat[piece.type]
        if ptype.kind not in LAYER_KINDS:
            continue
        offsets = cat.placed_footprint(ptype, piece.attrs.get("size") if ptype.id == "personal" else None,
                                       piece.rotation)
        layers = [(z + 1, ptype.adds_height) for z in range(piece.z, piece.z + ptype.height)]
        for dq, dr in offsets:
            out.setdefault((piece.q + dq, piece.r + dr), set()).update(layers)
    return out


def layers_under(index: dict[tuple[int, int], set[tuple[int, bool]]], hexes: Iterable[tuple[int, int]]
                 ) -> set[tuple[int, bool]]:
    """The (Level, adds height) pairs of `layer_index` at any of these hexes."""
    out: set[tuple[int, bool]] = set()
    for h in hexes:
        out |= index.get(h, set())
    return out


def rest_height(layers: set[tuple[int, bool]], level: int) -> int:
    """The height at which something placed on `level` rests (a C3G Book's base; the heights
    movement counts), given `layers_under` it: the top of its Level's tiles, which is one lower
    on a tile that adds no height (`levels.of_space`: a Level 1 Cosmos tile is at height 0). Where tiles
    of both kinds share the Level under it, the ones that add height bear it."""
    on = [adds for n, adds in layers if n == level]
    return level - 1 if on and not any(on) else level


def rest_level(layers: set[tuple[int, bool]], height: int) -> int:
    """The Level something resting at `height` stands on: `rest_height` the other way round. One
    more than the height where the tiles of the Level above add no height (Cosmos, or water
    lying on land of that height: the thing rests on the water), else the height itself."""
    return height + 1 if rest_height(layers, height + 1) == height else height
