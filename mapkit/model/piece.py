"""One piece on the battlefield: the unit every format reads and writes.

A module of its own so that the map (`mapkit.model.map`) and the columnar table of pieces a
reader fills (`mapkit.model.columns`) can both use it without importing each other.
"""

from __future__ import annotations

from mapkit.records import Record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class Piece(Record):
    """One piece on the battlefield.

    `q, r` is the origin hex (the shape's (0, 0) after turning), `z` the height of the piece's
    bottom (0 = on the table; a land tile at z fills the layer from z to z + 1, Level z + 1),
    `rotation` the number of 60-degree clockwise turns (half steps for Laur wall pieces).
    `attrs` holds what a piece type needs besides its position: a glyph's `letter`, a start
    zone's `player`, a figure's `name`, a personal tile's `size`, `name`, `label`, textures.
    """

    _fields = ("type", "q", "r", "z", "rotation", "attrs", "extras")

    def __init__(self, type: str, q: int, r: int, z: int, rotation: float = 0, attrs: dict[str, Any] | None = None,
                 extras: dict[str, Any] | None = None):
        self.type = type
        self.q = q
        self.r = r
        self.z = z
        self.rotation = rotation
        self.attrs: dict[str, Any] = {} if attrs is None else attrs
        self.extras: dict[str, Any] = {} if extras is None else extras
