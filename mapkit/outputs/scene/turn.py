"""Which side of the table the isometric view is seen from.

The view itself always looks from the south (`layout.Oblique`, whose painting order needs it);
seen from another side, the map is turned first, in whole 60-degree steps about hex (0, 0), so
the hex grid, every piece's footprint and facing and every C3G Book turn with it. The six sides
are those a hex's corners point to (pointy-top hexes): south, then round clockwise.
"""

from __future__ import annotations

from mapkit.model.grid import rotate
from mapkit.model.map import Map, Piece, Pieces, Placement
from mapkit.records import replace

#: Side of the table -> 60-degree clockwise turns that bring that side to the south.
SEEN_FROM = {"S": 0, "WSW": 5, "WNW": 4, "N": 3, "ENE": 2, "ESE": 1}
#: How a title says it.
SIDE_NAMES = {"S": "south", "WSW": "west-south-west", "WNW": "west-north-west", "N": "north",
              "ENE": "east-north-east", "ESE": "east-south-east"}


def turned(m: Map, side: str) -> Map:
    """The map as seen from `side` (a key of SEEN_FROM), turned so that side faces the viewer."""
    turns = SEEN_FROM[side]
    if not turns:
        return m
    return replace(m, pieces=Pieces([_piece(p, turns) for p in m.pieces]),
                   buildings=[_placement(b, turns) for b in m.buildings],
                   objects=[_placement(o, turns) for o in m.objects])


def _piece(piece: Piece, turns: int) -> Piece:
    q, r = rotate(piece.q, piece.r, turns)
    return replace(piece, q=q, r=r, rotation=(piece.rotation + turns) % 6)     # Laur walls' half steps too


def _placement(pl: Placement, turns: int) -> Placement:
    q, r = rotate(pl.q, pl.r, turns)
    return replace(pl, q=q, r=r, rotation=(int(pl.rotation) + turns) % 6)
