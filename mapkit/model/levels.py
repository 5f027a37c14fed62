"""Level numbers as a builder counts them: the one convention every output of mapkit uses.

Level N is the layer of tiles whose top is at height N. The table is height 0, so the bottom
layer of tiles is Level 1; a tile stacked on a Level 1 tile is Level 2. What stands on a
surface (a glyph, a start zone, a figure, a tree, a ruin, a ladder, a C3G building) stands on
the Level of that surface: on Level 3 when the tile under it is a Level 3 tile, on Level 0
when it stands on the table.

The model stores `z`, the height of a piece's bottom (`mapkit.model.map.Piece`): a tile at z
fills the layer from z to z + 1, which is Level z + 1; a glyph at z stands on the surface at
height z, which is the top of Level z. Movement's space heights (the top of a space) are the
same numbers as the Level a figure there stands on, except on water and the other tiles that
add no height (`of_space`). Info, findings, SARIF, analyze, pictures,
build sheets and the report all say levels through this module, so they cannot disagree.
"""

from __future__ import annotations

from mapkit.model.catalog import PieceType

#: Piece kinds that are layers of tiles (they fill hexes a figure stands on); the other
#: kinds (obstacles, markers, figures, edge add-ons) stand on a surface.
LAYER_KINDS = frozenset({"land", "fluid", "castle", "custom"})


def is_layer(ptype: PieceType) -> bool:
    """Whether a piece is a tile of a layer (it has a Level of its own) rather than standing on one."""
    return ptype.kind in LAYER_KINDS


def level(ptype: PieceType, z: int) -> int:
    """The Level of a piece of this type with its bottom at height `z`: its own layer for a
    tile (z + 1), the Level it stands on for anything else (z; 0 is the table). A piece that
    hangs beside a tile at its height (a battlement on a wall-walk's side, as the battlefield
    pages draw it with the wall-walk's Level) is on that tile's Level, z + 1. (The castle flag,
    a castle piece, keeps its own z + 1: a file does not say whether a battlement holds it.)"""
    return z + 1 if ptype.kind in LAYER_KINDS or ptype.hangs_beside_tile else z


def span(ptype: PieceType, z: int) -> range:
    """The Levels a piece takes up: every layer a tile (or a 9-level castle wall) fills, or the
    one Level a standing (hanging, planted) piece is on."""
    if ptype.kind in LAYER_KINDS:
        return range(z + 1, z + 1 + ptype.height)
    return range(level(ptype, z), level(ptype, z) + 1)


def of_space(height: int, adds_height: bool = True) -> int:
    """The Level a figure on a space stands on, from the space's height as movement counts it
    (the top of what is under the figure). The same number, except on a tile that adds no
    height (water, lava, ice, shadow, Cosmos: seeds/004 "water tiles do not add a level to the
    space they are placed on"): such a tile at z is a Level z + 1 tile whose space is at height z."""
    return height if adds_height else height + 1


def layer(z: int) -> int:
    """The Level of the layer between heights z and z + 1 (the cell a tile at z fills)."""
    return z + 1


def label(n: int) -> str:
    """How text says a Level: "Level 3", and "the table" for Level 0 (below it, "Level -1")."""
    return "the table" if n == 0 else f"Level {n}"
