"""The piece catalog: every piece the community uses, loaded from `mapkit/data/catalog.json`.

A piece type knows its kind (land, fluid, obstacle, castle, edge, marker, figure, custom),
its terrain, its footprint shape, the levels it fills and its id in each file format. The
footprint of rotation k is the shape turned k x 60 degrees clockwise about the origin hex.
"""

from __future__ import annotations

import json
from functools import lru_cache

from mapkit import data
from mapkit.limits import HEXES_PER_PIECE
from mapkit.model.grid import rotate_cells
from mapkit.records import Record, field

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Mapping, TypeVar

    V = TypeVar("V")

KINDS = ("land", "fluid", "obstacle", "castle", "edge", "marker", "figure", "custom")


class PieceType(Record, frozen=True):
    """One kind of physical piece (a grass 24-hex, a tree 10, a castle wall corner, ...).

    Equality and hash leave out the five tables (`compare=False`)."""

    id: str
    name: str
    kind: str
    terrain: str
    shape: str
    hexes: int
    height: int = 1
    adds_height: bool = False
    thin: bool = False
    obstacle_height: int | None = None
    vs: int | None = None
    vs_legacy: tuple[int, ...] = ()
    vs_colour: tuple[int, int, int] = (160, 160, 160)
    vs_rotation_offset: int = 0
    hexoscape: str | None = None
    hexoscape_inventory: str | None = None
    #: The height Hexoscape gives the piece (the levels its editor keeps clear above it; docs/pieces.md
    #: says where it differs from the game height mapkit uses), None where its source gives none.
    hexoscape_height: int | None = None
    glasq: tuple[str, ...] = ()
    vsc: str | None = None
    inventory_as: dict[str, int] = field(default_factory=dict, compare=False)
    #: Attributes no source gives, set by assumption: attribute -> why (docs/pieces.md lists them).
    assumed: dict[str, str] = field(default_factory=dict, compare=False)
    #: Pieces this one is planted in instead of resting on a tile below it, with the levels from
    #: their bottom to its own: the castle flag stands in the top of a battlement.
    stands_on: dict[str, int] = field(default_factory=dict, compare=False)
    #: Hangs on the side of a tile at that tile's height (the battlement on a wall-walk): a builder
    #: counts it on the tile's Level, not on the Level below it (`mapkit.model.levels`).
    hangs_beside_tile: bool = False
    #: The cells (indexes in the shape's order at rotation 0) where a figure, glyph or start zone
    #: may stand inside the piece, on what is under it: a ruin's hexes, a castle arch's door space.
    open_cells: tuple[int, ...] = ()
    #: An obstacle whose hexes are of different heights (the 3-hex rock outcrop's 7, 5 and 9):
    #: levels per cell, in the shape's order at rotation 0; empty when every hex is obstacle_height.
    hex_heights: tuple[int, ...] = ()
    #: The cells (indexes in the shape's order) that must stand on something; empty when every cell
    #: must: the fortified wall stands on its first 4 hexes and reaches over the other 4.
    supported_cells: tuple[int, ...] = ()
    #: The stackable piece of another set this one counts as where it is stacked, and which may
    #: stand in for it where a map needs more of it than a collection holds (the Laur pillars and
    #: walls of Age of Annihilation and Ruins at Laur's Edge; `mapkit.sets.laur`).
    stackable_as: str | None = None
    #: Fluid terrains the piece may stand in as on land (the Shores of Valhalla wreck).
    stands_in: tuple[str, ...] = ()
    #: Offsets (rotation 0) of the hexes whose tiles, at the piece's own level, it hangs on instead of
    #: resting on what is under it (a stone wall along the side of a row of 5 tiles).
    attaches_to: tuple[tuple[int, int], ...] = ()
    #: Tiles of its set the piece stands on and needs with it (a rock outcrop's holed shadow tile).
    base_tiles: dict[str, int] = field(default_factory=dict, compare=False)
    #: The sides (grid directions at rotation 0: 0 east, then clockwise) where a castle base or wall
    #: joins the castle piece beside it: what tells a corner, a straight and an end apart, and which
    #: way the piece turns (`joined_directions`).
    joins: tuple[int, ...] = ()
    #: Where a fact about the piece comes from: attribute -> source (docs/pieces.md lists them).
    sources: dict[str, str] = field(default_factory=dict, compare=False)
    note: str = ""

    @property
    def laur_pillar(self) -> bool:
        """Laur pillars stand on a hex centre; the other Laur wall pieces hang between them."""
        return self.terrain == "laur-wall" and "pillar" in self.id

    def attached_hexes(self, q: int, r: int, rotation: float) -> list[tuple[int, int]]:
        """The hexes whose tiles the piece hangs on (`attaches_to`, turned with it), for a piece at (q, r)."""
        return [(q + dq, r + dr) for dq, dr in rotate_cells(self.attaches_to, int(rotation) % 6)]

    def joined_directions(self, rotation: float) -> tuple[int, ...]:
        """The grid directions (0 east, clockwise) of the sides where the piece, turned by
        `rotation`, joins its neighbours (`joins`)."""
        return tuple((d + int(rotation)) % 6 for d in self.joins)

    def height_of_cell(self, index: int, heights: Any = None) -> int:
        """The obstacle height of one of the piece's hexes (index in footprint order): the heights
        a map gives the piece (`heights`, e.g. written beside it on a page), else the catalog's."""
        for table in (heights, self.hex_heights):
            if table and 0 <= index < len(table):
                return int(table[index])
        return int(self.obstacle_height or 0)


class Catalog:
    """All piece types, with lookups by mapkit id and by each format's id."""

    def __init__(self, data: dict[str, Any]):
        self.shapes: dict[str, tuple[tuple[int, int], ...]] = {
            name: tuple((int(a), int(b)) for a, b in cells) for name, cells in data["shapes"].items()
        }
        for name, cells in self.shapes.items():
            if len(cells) > HEXES_PER_PIECE.value:
                raise ValueError(f"catalog: shape {name} covers {len(cells)} hexes, past the limit "
                                 f"{HEXES_PER_PIECE.name} ({HEXES_PER_PIECE.value})")
        self.terrains: tuple[str, ...] = tuple(data["terrains"])
        self.glyph_list: tuple[dict[str, Any], ...] = tuple(data["glyphs"])
        by_letter: dict[str, list[dict[str, Any]]] = {}
        for g in self.glyph_list:
            by_letter.setdefault(g["letter"], []).append(g)
        #: letter -> the glyph it names, for the letters one glyph alone has (two glyphs of the
        #: web editor share H, F, Y and SI: `glyph_of` tells them apart by name); "?" is the face-down glyph.
        self.glyphs: dict[str, dict[str, Any]] = {
            letter: found[0] for letter, found in by_letter.items() if len(found) == 1 or letter == "?"}
        self.glyph_by_name: dict[str, dict[str, Any]] = {g["name"].casefold(): g for g in self.glyph_list}
        #: Every id a Hexoscape save has given a glyph (y0, y1, today's "y" + its number, the
        #: intermediate "y" + its name) -> the glyph.
        self.glyph_by_hexoscape: dict[str, dict[str, Any]] = {
            hid: g for g in self.glyph_list for hid in g.get("hexoscape", ())}
        self.start_zone_colours: list[dict[str, Any]] = data["start_zone_colours"]
        self.types: dict[str, PieceType] = {}
        for raw in data["pieces"]:
            raw = dict(raw)
            raw["glasq"] = tuple(raw.get("glasq") or ())
            raw["vs_legacy"] = tuple(raw.get("vs_legacy") or ())
            raw["vs_colour"] = tuple(raw.get("vs_colour") or (160, 160, 160))
            raw["inventory_as"] = dict(raw.get("inventory_as") or {})
            raw["assumed"] = dict(raw.get("assumed") or {})
            raw["stands_on"] = dict(raw.get("stands_on") or {})
            for key in ("open_cells", "hex_heights", "stands_in", "joins", "supported_cells"):
                raw[key] = tuple(raw.get(key) or ())
            raw["attaches_to"] = tuple((int(a), int(b)) for a, b in raw.get("attaches_to") or ())
            raw["sources"] = dict(raw.get("sources") or {})
            raw["base_tiles"] = dict(raw.get("base_tiles") or {})
            piece = PieceType(**raw)
            if piece.kind not in KINDS:
                raise ValueError(f"catalog: {piece.id} has unknown kind {piece.kind!r}")
            if piece.shape not in self.shapes:
                raise ValueError(f"catalog: {piece.id} has unknown shape {piece.shape!r}")
            self.types[piece.id] = piece
        self.by_vs: dict[int, PieceType] = {}
        self.by_hexoscape: dict[str, PieceType] = {}
        self.by_glasq: dict[str, PieceType] = {}
        self.by_vsc: dict[str, PieceType] = {}
        for piece in self.types.values():
            if piece.vs is not None:
                self.by_vs.setdefault(piece.vs, piece)
            for legacy in piece.vs_legacy:
                self.by_vs.setdefault(legacy, piece)
            if piece.hexoscape:
                self.by_hexoscape.setdefault(piece.hexoscape, piece)
            for code in piece.glasq:
                self.by_glasq.setdefault(code, piece)
            if piece.vsc:
                self.by_vsc.setdefault(piece.vsc, piece)
        self._footprints: dict[tuple[str, int], tuple[tuple[int, int], ...]] = {}
        self._placed_footprints: dict[tuple[str, Any, float], tuple[tuple[int, int], ...]] = {}
        self._extents: dict[tuple[str, int], tuple[int, int, int, int]] = {}
        self._column_extents: dict[tuple[str, int, int], tuple[int, int]] = {}

    def glyph_of(self, attrs: dict[str, Any]) -> dict[str, Any] | None:
        """The catalog's glyph for a glyph piece's attrs: by its `name` where one is given (the
        glyphs whose letter another shares), else by its `letter` (a face-down treasure glyph is
        the treasure one); None for a letter no glyph has alone."""
        named = attrs.get("name")
        if isinstance(named, str) and named.casefold() in self.glyph_by_name:
            return self.glyph_by_name[named.casefold()]
        letter = attrs.get("letter", "?")
        if letter in ("?", "", None):
            return self.glyph_by_hexoscape["y1" if attrs.get("treasure") else "y0"]
        return self.glyphs.get(letter) if isinstance(letter, str) else None

    def glyph_attrs(self, glyph: dict[str, Any]) -> dict[str, Any]:
        """The attrs of a glyph piece that is this glyph: its letter, its name where the letter is
        another glyph's too, and `treasure` for a treasure glyph."""
        attrs: dict[str, Any] = {"letter": glyph["letter"]}
        if glyph["letter"] not in self.glyphs:
            attrs["name"] = glyph["name"]
        if glyph.get("treasure"):
            attrs["treasure"] = True
        return attrs

    def glyph_key(self, attrs: dict[str, Any]) -> str:
        """What tells a glyph apart in an inventory: its letter, or "letter name" where the letter
        is another glyph's too ("H Holdir")."""
        letter = str(attrs.get("letter", "?"))
        glyph = self.glyph_of(attrs)
        if glyph is not None and letter not in self.glyphs and glyph["letter"] == letter:
            return f"{letter} {glyph['name']}"
        return letter

    def hexoscape_glyph_id(self, attrs: dict[str, Any]) -> str | None:
        """The id Hexoscape gives the glyph of these attrs today ("y13" for Astrid, "y0"/"y1" face
        down), None for a glyph it does not have."""
        glyph = self.glyph_of(attrs)
        return glyph["hexoscape"][0] if glyph is not None and glyph.get("hexoscape") else None

    def __getitem__(self, type_id: str) -> PieceType:
        return self.types[type_id]

    def __contains__(self, type_id: object) -> bool:
        return type_id in self.types

    def shape_for(self, piece_type: PieceType, size: int | None = None) -> str:
        """The shape name; personal tiles take theirs from their size (grass shapes)."""
        if piece_type.id == "personal" and isinstance(size, int):
            return PERSONAL_SHAPES.get(size, "S1")
        return piece_type.shape

    def footprint(self, shape: str, rotation: float) -> tuple[tuple[int, int], ...]:
        """Axial offsets from the origin hex covered by `shape` turned by `rotation` steps.

        Half steps (Laur walls) only occur on one-hex pieces; they round down for the cells.
        """
        turns = int(rotation) % 6
        key = (shape, turns)
        cells = self._footprints.get(key)
        if cells is None:
            cells = tuple(rotate_cells(self.shapes[shape], turns))
            self._footprints[key] = cells
        return cells

    def placed_footprint(self, piece_type: PieceType, size: Any, rotation: float) -> tuple[tuple[int, int], ...]:
        """`footprint` of a piece of this type, size (personal tiles) and turn, found once per
        (type, size, turn): what a pass over every piece of a map asks per piece."""
        key = (piece_type.id, size, rotation)
        cells = self._placed_footprints.get(key)
        if cells is None:
            cells = self._placed_footprints[key] = self.footprint(self.shape_for(piece_type, size), rotation)
        return cells

    def extent(self, shape: str, rotation: float) -> tuple[int, int, int, int]:
        """(min dq, max dq, min dr, max dr) of the footprint: what a map's bounds need of a
        piece, found once per (shape, turn) rather than per piece."""
        key = (shape, int(rotation) % 6)
        box = self._extents.get(key)
        if box is None:
            cells = self.footprint(shape, rotation)
            dqs, drs = [dq for dq, _ in cells], [dr for _, dr in cells]
            box = (min(dqs), max(dqs), min(drs), max(drs))
            self._extents[key] = box
        return box


    def column_extent(self, shape: str, rotation: float, parity: int) -> tuple[int, int]:
        """(min, max) offset-grid column of the footprint, relative to its origin's column, for an
        origin on an even (parity 0) or odd (1) row: a hex (dq, dr) from the origin lies in
        column col + dq + ((parity + dr) >> 1) of the odd-r grid (`grid.axial_to_offset`)."""
        key = (shape, int(rotation) % 6, parity)
        found = self._column_extents.get(key)
        if found is None:
            cols = [dq + ((parity + dr) >> 1) for dq, dr in self.footprint(shape, rotation)]
            found = self._column_extents[key] = (min(cols), max(cols))
        return found


#: Personal-tile sizes VirtualScape supports and the grass shape each one uses.
PERSONAL_SHAPES = {1: "S1", 2: "S2", 3: "S3", 7: "H7", 24: "T24"}


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    """The catalog shipped with mapkit (loaded once)."""
    text = data.text("catalog.json")
    return Catalog(json.loads(text))


def piece_order(type_id: str) -> tuple[str | int, ...]:
    """The key pieces are listed by: their kind, then their size, the numbers in a type's name
    compared as numbers (`grass-3` before `grass-24`, `tree-10` before `tree-12`, `glyph:A`
    before `grass-1`). Text and numbers alternate from a text, so two keys compare part by part."""
    import re

    parts = re.split(r"(\d+)", type_id)
    return tuple(int(part) if i % 2 else part for i, part in enumerate(parts))


def in_piece_order(counts: Mapping[str, V]) -> list[tuple[str, V]]:
    """The (type id, value) pairs of `counts`, listed as pieces are (`piece_order`)."""
    return sorted(counts.items(), key=lambda item: piece_order(item[0]))
