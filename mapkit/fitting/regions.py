"""What `fit` may re-tile: pieces grouped into regions of hexes, and every way to lay a piece there.

A region is the set of hexes that the re-tiled pieces of one *family* (land or fluid tiles of one
terrain: grass 1/2/3/7/24, water 1/3, ice 1/3/4/6, ...) fill at one z (one Level). Re-tiling keeps every
cell, its terrain and its Level; only the grouping of hexes into pieces changes.

A placement is one piece type laid on region hexes, in one of its turns. It is allowed only where
it rests as the rules want: a land tile on at least one hex (tiles may overhang, so a tile over a
gap must still bridge it), a fluid tile on every hex. What lies under a region never changes, so
every new piece rests on what the old pieces there rested on.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache

from mapkit.model.catalog import PieceType, catalog
from mapkit.model.grid import neighbours
from mapkit.model.map import Map, Piece

#: Piece kinds whose pieces are interchangeable tiles of a terrain.
TILE_KINDS = ("land", "fluid")
#: Terrains with no product behind them (C3G's cosmos is printed, not a tile of a set).
NOT_TILES = frozenset({"cosmos", "custom"})

Family = tuple[str, str]          # (kind, terrain)
Hex = tuple[int, int]             # (q, r): a hex, at no height (a cell is a hex at a z)


@dataclass(frozen=True)
class Layout:
    """One turn of one piece type, its hexes shifted so the first (by row, then column) is (0, 0)."""

    type: str
    rotation: int
    hexes: tuple[Hex, ...]
    #: origin of the piece = anchor hex - shift
    shift: Hex


@dataclass
class Placement:
    type: str
    q: int
    r: int
    z: int
    rotation: int
    hexes: tuple[Hex, ...]
    #: index of the map piece it repeats exactly (same type, same hexes), or None
    same_as: int | None = None

    def piece(self) -> Piece:
        return Piece(self.type, self.q, self.r, self.z, self.rotation)


@dataclass
class Region:
    family: Family
    z: int
    hexes: set[Hex] = field(default_factory=set)
    pieces: list[int] = field(default_factory=list)


def family_of(ptype: PieceType) -> Family | None:
    """The family a piece type re-tiles within, or None if it is no interchangeable tile."""
    if ptype.kind not in TILE_KINDS or ptype.terrain in NOT_TILES or ptype.inventory_as or ptype.id == "personal":
        return None
    if ptype.height != 1:
        return None
    return ptype.kind, ptype.terrain


@lru_cache(maxsize=None)
def family_types(family: Family) -> tuple[str, ...]:
    """Every catalog type of a family, largest first."""
    cat = catalog()
    found = [t for t in cat.types.values() if family_of(t) == family]
    return tuple(t.id for t in sorted(found, key=lambda t: (-t.hexes, t.id)))


@lru_cache(maxsize=None)
def layouts(type_id: str) -> tuple[Layout, ...]:
    """The distinct turns of a piece type (a 1-hex tile has one, a 2-hex tile three)."""
    cat = catalog()
    ptype = cat[type_id]
    seen: dict[tuple[Hex, ...], Layout] = {}
    for turns in range(6):
        cells = cat.footprint(ptype.shape, turns)
        first = min(cells, key=lambda c: (c[1], c[0]))
        norm = tuple(sorted(((q - first[0], r - first[1]) for q, r in cells), key=lambda c: (c[1], c[0])))
        seen.setdefault(norm, Layout(type_id, turns, norm, first))
    return tuple(seen.values())


def regions(m: Map, chosen: list[int]) -> list[Region]:
    """The regions the chosen pieces fill, split into connected parts (parts never interact)."""
    by_layer: dict[tuple[Family, int], Region] = {}
    cat = catalog()
    for i in chosen:
        piece = m.pieces[i]
        family = family_of(cat[piece.type])
        assert family is not None
        region = by_layer.setdefault((family, piece.z), Region(family, piece.z))
        region.hexes.update(m.footprint(piece))
        region.pieces.append(i)
    out: list[Region] = []
    for region in by_layer.values():
        out.extend(_connected(m, region))
    return out


def _connected(m: Map, region: Region) -> list[Region]:
    owner: dict[Hex, int] = {}
    for i in region.pieces:
        for cell in m.footprint(m.pieces[i]):
            owner[cell] = i
    parts: list[Region] = []
    seen: set[Hex] = set()
    for start in sorted(region.hexes, key=lambda c: (c[1], c[0])):
        if start in seen:
            continue
        part = Region(region.family, region.z)
        stack = [start]
        seen.add(start)
        while stack:
            cell = stack.pop()
            part.hexes.add(cell)
            for n in neighbours(*cell):
                if n in region.hexes and n not in seen:
                    seen.add(n)
                    stack.append(n)
        part.pieces = sorted({owner[c] for c in part.hexes})
        parts.append(part)
    return parts


def placements(m: Map, region: Region, types: list[str], supported: set[tuple[int, int, int]]) -> list[Placement]:
    """Every way to lay each of `types` on the region's hexes that rests as the rules want.

    `supported`: the (q, r, z) cells that have something to rest on just below them.
    """
    cat = catalog()
    kind = region.family[0]
    z = region.z
    originals = {(m.pieces[i].type, frozenset(m.footprint(m.pieces[i]))): i for i in region.pieces}
    out: list[Placement] = []
    cells = region.hexes
    for type_id in types:
        for layout in layouts(type_id):
            anchors = set(cells)
            for dq, dr in layout.hexes[1:]:  # anchors whose every hex of the layout is a region hex
                anchors &= {(q - dq, r - dr) for q, r in cells}
            for aq, ar in sorted(anchors, key=lambda c: (c[1], c[0])):
                hexes = tuple((aq + dq, ar + dr) for dq, dr in layout.hexes)
                same = originals.get((type_id, frozenset(hexes)))
                if same is None and z > 0:
                    held = sum((q, r, z) in supported for q, r in hexes)
                    if held == 0 or (kind == "fluid" and held < len(hexes)):
                        continue
                out.append(Placement(type_id, aq - layout.shift[0], ar - layout.shift[1], z,
                                     layout.rotation, hexes, same))
    return out


def supported_cells(m: Map, regions_: list[Region]) -> set[tuple[int, int, int]]:
    """Region cells that rest on something (a body or a solid obstacle top one level down)."""
    from mapkit.rules.build_index import build_index

    idx = build_index(m)
    out = set()
    for region in regions_:
        if region.z <= 0:
            continue
        for q, r in region.hexes:
            if idx.support(q, r, region.z) is not None:
                out.add((q, r, region.z))
    return out


def cells_by_layer(m: Map) -> dict[tuple[str, str, int], set[Hex]]:
    """(kind, terrain, z) -> hexes: what `fit` must keep identical."""
    cat = catalog()
    out: dict[tuple[str, str, int], set[Hex]] = defaultdict(set)
    for piece in m.pieces:
        ptype = cat[piece.type]
        for z in m.layers(piece):
            out[(ptype.kind, ptype.terrain, z)].update(m.footprint(piece))
    return dict(out)
