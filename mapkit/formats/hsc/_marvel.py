"""The Marvel warehouse ruin in a `.hsc`: one VirtualScape tile, two pieces of the model.

VirtualScape's 11006 (intact) and 11007 (broken) are the ruin together with the 6-hex concrete
base it stands on: a tile at z draws the base on Level z + 1 and the ruin above it. The model,
as the Hexoscape editor and the battlefield pages, holds them as two pieces, a concrete 6-hex at
z and the ruin at z + 1 (the catalog's concrete-6: "VirtualScape's 11006/11007 include it"). So
the reader makes two pieces of the tile (the base first, as it lies under the ruin), and the
writer makes one tile of a ruin and the base under it: at the base's z, the base written in it,
as the editor's export does (it writes the ruin one level below its altitude and leaves its
concrete6 out). A ruin with no base under it cannot be written without one: its tile gets the
base, one level under it where that is free (else the ruin stands a level higher), named as a
loss. The ruins VirtualScape lacks (no upper floor) are written as the ruin with it, as the
editor writes them (`data/hexoscape_hsc.json`), the variant named as lost.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from functools import lru_cache

from mapkit import data
from mapkit.formats.hsc._tables import Tables
from mapkit.model import levels
from mapkit.model.catalog import PieceType, catalog
from mapkit.model.map import Map, Piece

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from array import array
    from typing import Iterable


@lru_cache(maxsize=1)
def stand_ins() -> dict[str, tuple[PieceType, str]]:
    """Ruin type VirtualScape lacks -> (the ruin written for it, what is lost): the editor's choice."""
    cat = catalog()
    table = json.loads(data.text("hexoscape_hsc.json"))["ruin_stand_ins"]
    return {cat.by_hexoscape[hid].id: (cat.by_hexoscape[row["as"]], row["lost"]) for hid, row in table.items()}


class RuinTiles:
    """How a map's warehouse ruins are written: for each ruin (by piece index) its tile (the type
    written and its z), the bases written inside a ruin's tile, and what a tile changes."""

    def __init__(self, types: frozenset[str]):
        #: Every ruin type a tile is written for (VirtualScape's and those it lacks).
        self.types = types
        #: piece index -> (the ruin type whose VirtualScape id is written, the tile's z).
        self.tiles: dict[int, tuple[PieceType, int]] = {}
        #: Indices of the concrete bases written inside a ruin's tile (not written apart).
        self.bases: set[int] = set()
        #: piece index -> what its tile loses of it: (what, why), a loss line's words ("the place of" +
        #: the piece + ": " + why).
        self.lost: dict[int, list[tuple[str, str]]] = {}


def ruin_tiles(m: Map, t: Tables) -> RuinTiles:
    """The tiles of `m`'s warehouse ruins (see the module docstring). Linear in the map: the
    ruins and concrete bases are found by type; a base is matched by its cells and z."""
    kinds = t.ruins | frozenset(stand_ins())
    plan = RuinTiles(kinds)
    ruins = m.pieces.indices_of(kinds)
    base = t.ruin_base
    if not ruins or base is None:
        return plan
    under: dict[tuple[int, frozenset[tuple[int, int]]], list[int]] = {}
    for i in m.pieces.indices_of((base.id,)):
        p = m.pieces[i]
        under.setdefault((p.z, frozenset(m.footprint(p))), []).append(i)
    taken: set[tuple[int, int, int]] | None = None
    for i in ruins:
        ruin = m.pieces[i]
        written, lost = stand_ins().get(ruin.type, (t.cat[ruin.type], ""))
        if lost:
            plan.lost.setdefault(i, []).append(
                (f"the variant ({lost}) of", f"VirtualScape has none; the ruin is written as the {written.name} "
                                          f"({written.vs}), as the Hexoscape editor writes it"))
        cells = frozenset(m.footprint(ruin))
        found = under.get((ruin.z - 1, cells))
        if found:
            plan.bases.add(found.pop(0))
            plan.tiles[i] = (written, ruin.z - 1)
            continue
        if taken is None:
            taken = {(q, r, z) for q, r, z, _ in m.iter_cells()}
        level = levels.level(base, ruin.z - 1)
        if ruin.z >= 1 and not any((q, r, ruin.z - 1) in taken for q, r in cells):
            plan.tiles[i] = (written, ruin.z - 1)
            plan.lost.setdefault(i, []).append(
                ("the empty space under", f"VirtualScape's ruin holds its concrete base; the file adds a {base.name} "
                                          f"there, on Level {level}"))
        else:
            plan.tiles[i] = (written, ruin.z)
            plan.lost.setdefault(i, []).append(
                ("the place of", f"VirtualScape's ruin holds its concrete base, which the map lacks; the ruin is "
                                 f"written on one, a level higher (on Level {level + 1})"))
    return plan


def written_ruin(p: Piece, plan: RuinTiles, index: int) -> tuple[Piece, PieceType]:
    """The piece as its tile writes it (the ruin type VirtualScape has, at the tile's z)."""
    ptype, z = plan.tiles[index]
    return Piece(ptype.id, p.q, p.r, z, p.rotation, p.attrs, p.extras), ptype


# -- reading ---------------------------------------------------------------------------------------
def base_of(ruin: Piece, base: PieceType) -> Piece:
    """The concrete base a ruin's tile holds, under the ruin (which the reader puts a level up)."""
    return Piece(base.id, ruin.q, ruin.r, ruin.z - 1, ruin.rotation)


def with_bases(pieces: list[Piece], ruins: Iterable[int], base: PieceType) -> list[Piece]:
    """`pieces` with the base of each ruin (by index) just before it."""
    at = set(ruins)
    out: list[Piece] = []
    for i, p in enumerate(pieces):
        if i in at:
            out.append(base_of(p, base))
        out.append(p)
    return out


def with_base_rows(columns: dict[str, array], special: dict[int, Piece], ruins: list[int], base: PieceType
                   ) -> tuple[dict[str, array], dict[int, Piece]]:
    """The same for a reader's columns (name -> column, one row a tile) and their object rows:
    a row for each base inserted before its ruin's, held as an object (its column values unread)."""
    ruins = sorted(ruins)
    out: dict[str, array] = {}
    for name, column in columns.items():
        grown = type(column)(column.typecode)
        start = 0
        for row in ruins:
            grown.extend(column[start:row])
            grown.append(0)
            start = row
        grown.extend(column[start:])
        out[name] = grown
    moved = {row + bisect_right(ruins, row): piece for row, piece in special.items()}  # a row moves past the
    for k, row in enumerate(ruins):                                                    # bases before it (its own too)
        moved[row + k] = base_of(special[row], base)
    return out, moved
