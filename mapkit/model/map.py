"""The map: metadata, pieces in their original order, and placed C3G Books.

Occupancy (which piece fills which (q, r, z) cell) is derived from the pieces each time
it is asked for, never stored, so a map edited in memory cannot disagree with itself.
Format-specific details needed for faithful round trips (VirtualScape's raw glyph byte,
string encodings, trailing bytes) live in `extras`, keyed by format name, as JSON values.
"""

from __future__ import annotations

from collections import Counter, defaultdict, namedtuple

from mapkit.errors import OptionError
from mapkit.model.catalog import Catalog, PieceType, catalog
from mapkit.model.piece import Piece
from mapkit.model.pieces import Pieces
from mapkit.records import Record, field, replace

TYPE_CHECKING = False  # (typing is not imported at run time: `mapkit info` starts faster)
if TYPE_CHECKING:
    from typing import Any, Iterable, Iterator, NamedTuple

__all__ = ["Cell", "Piece", "Pieces", "Placement", "PlacedSource", "Scenario", "Room", "Map"]


if TYPE_CHECKING:
    class Cell(NamedTuple):
        q: int
        r: int
        z: int
        piece: int
else:
    Cell = namedtuple("Cell", "q r z piece")
Cell.__doc__ = """One occupied cell, (hex, z), and the index of the piece that fills it (`z` is the
layer, not the Level: docs/architecture.md, glossary)."""


class Placement(Record):
    """A C3G Book placed on the map: a building or a destructible object (vehicles included).

    `book` names the Book (a path relative to the map file, or a sample's name), `q, r` its
    origin hex, `level` the Level it stands on as a builder counts it (`mapkit.model.levels`: the
    Level of the tiles under it, 0 for the table; a vehicle on a Level 1 Cosmos tile is on
    Level 1, though movement counts that space's height as 0), `rotation` its turn in 60-degree steps.
    `occupants` lists the figures riding a vehicle.
    """

    book: str
    q: int
    r: int
    level: int
    rotation: int = 0
    occupants: list[dict[str, Any]] = field(default_factory=list)
    attrs: dict[str, Any] = field(default_factory=dict)


class PlacedSource(Record):
    """A Book a map places, as it was found when the map was read (`Map.books`): the Book (a
    `mapkit.books.Book`; the model knows no Book file), the file it came from (None for one
    given in code), or the error that kept it from being read, which what uses the Book reports."""

    book: Any = None
    source: str | None = None
    error: Exception | None = None


class Scenario(Record):
    """One scenario a map sets up on its terrain (a battlefield page may set up several).

    Its own pieces (start zones, glyphs, figures, ruins ...) are the map's pieces tagged
    `attrs["scenario"] == number`; the untagged pieces are the terrain every scenario shares.
    `players` is said as the scenario says it ("2", "2 or 3", "2, or 4 in 2 teams"); `notes`
    is its text (goal, set-up, special rules, victory).
    """

    number: int
    name: str = ""
    players: str = ""
    notes: str = ""
    attrs: dict[str, Any] = field(default_factory=dict)

    @property
    def title(self) -> str:
        """"scenario 2 (Clashing Fronts)", as every output names it."""
        return f"scenario {self.number}" + (f" ({self.name})" if self.name else "")


class Room(Record):
    """One board of a page that draws several (the rooms of a dungeon).

    Its pieces carry `attrs["rooms"]`, the rooms they belong to: a tile the page shares between
    two rooms is one piece of both. The map lays every room out as the page does; `attrs["frame"]`
    is [turns, dq, dr], the motion that takes a room's hexes on that layout back to the room's own
    pictures (turn about the origin hex, then shift), so it can be drawn as its pictures draw it.
    """

    number: int
    name: str = ""
    attrs: dict[str, Any] = field(default_factory=dict)

    @property
    def title(self) -> str:
        """"room 2", or the page's own name for it ("Room 2")."""
        return self.name or f"room {self.number}"


#: What a players field that gives no count holds (`Map.player_count`).
NO_PLAYER_COUNT = ("", "0")


class Map(Record):
    """A Heroscape battlefield as every format sees it.

    A map that sets up several scenarios on one terrain keeps them in `scenario_setups` and
    tags their pieces (see `Scenario`); `for_scenario(k)` is scenario k as a map of its own.
    `notes` and `players` are the map's own text and player count (for a page of several
    scenarios, all their texts; each scenario's own are in its `Scenario`). Files call the notes
    "scenario" (VirtualScape, mapkit JSON) or "mapNotes" (Hexoscape) and keep those keys; the
    model says notes, as a scenario is a game set up on the map (docs/architecture.md, glossary).

    `books` holds the Books its `buildings` and `objects` name, by that name, as `mapkit.read`
    found them beside the map's file (a name missing there is looked for when it is used: a map
    made in code); it is what the map refers to, not what it is, so equality leaves it out.
    """

    name: str = ""
    author: str = ""
    players: str = ""
    notes: str = ""
    #: The pieces in map order (a list given is held as it is, in a `Pieces`: `__post_init__`).
    pieces: Pieces = field(default_factory=Pieces)
    buildings: list[Placement] = field(default_factory=list)
    objects: list[Placement] = field(default_factory=list)
    attrs: dict[str, Any] = field(default_factory=dict)
    extras: dict[str, Any] = field(default_factory=dict)
    source_format: str | None = None
    source_version: str | None = None
    #: Things a reader recovered from or ignored (malformed XML, trailing bytes, ...), one line each.
    warnings: list[str] = field(default_factory=list)
    #: The scenarios the map sets up, in number order (empty: the map is one scenario).
    scenario_setups: list[Scenario] = field(default_factory=list)
    #: The boards of a page that draws several (empty: the map is one board).
    rooms: list[Room] = field(default_factory=list)
    #: The Books the map places, by the name a placement gives, as read with the map (left out of
    #: equality: what the map refers to, not what it is).
    books: dict[str, PlacedSource] = field(default_factory=dict, compare=False)
    #: The format of the file it was read from (`mapkit.formats` sets it; None for a map made in
    #: code), which `source_format` is not for a mapkit JSON file that keeps the format its map was
    #: converted from; where it was read from, not what it is, so equality leaves it out.
    read_as: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if type(self.pieces) is not Pieces:  # (a list given is held as it is, in a `Pieces`)
            self.pieces = Pieces(self.pieces)

    @property
    def scenario(self) -> str:
        """Deprecated: the old name of `notes` (a scenario is a game set up on the map: `scenario_setups`)."""
        import warnings

        warnings.warn("Map.scenario is now Map.notes", DeprecationWarning, stacklevel=2)
        return self.notes

    @scenario.setter
    def scenario(self, text: str) -> None:
        import warnings

        warnings.warn("Map.scenario is now Map.notes", DeprecationWarning, stacklevel=2)
        self.notes = text

    # -- per piece -----------------------------------------------------------------------
    @staticmethod
    def catalog() -> Catalog:
        return catalog()

    def piece_type(self, piece: Piece) -> PieceType:
        return catalog()[piece.type]

    def footprint(self, piece: Piece) -> list[tuple[int, int]]:
        """The hexes a piece covers."""
        cat = catalog()
        ptype = cat[piece.type]
        shape = cat.shape_for(ptype, piece.attrs.get("size"))
        return [(piece.q + dq, piece.r + dr) for dq, dr in cat.footprint(shape, piece.rotation)]

    def layers(self, piece: Piece) -> range:
        """The layers (z) a piece fills: z up to z + height - 1 (castle walls 9, arches 10)."""
        return range(piece.z, piece.z + catalog()[piece.type].height)

    # -- derived occupancy ---------------------------------------------------------------
    def iter_cells(self) -> Iterator[Cell]:
        """Every cell (q, r, z) a piece fills, in piece order."""
        for index, piece in enumerate(self.pieces):
            layers = self.layers(piece)
            for q, r in self.footprint(piece):
                for z in layers:
                    yield Cell(q, r, z, index)

    def occupancy(self) -> dict[tuple[int, int, int], list[int]]:
        """(q, r, z) -> indices of the pieces filling that cell."""
        occ: dict[tuple[int, int, int], list[int]] = defaultdict(list)
        for q, r, z, index in self.iter_cells():
            occ[(q, r, z)].append(index)
        return dict(occ)

    def bounds(self) -> tuple[int, int, int, int, int, int] | None:
        """(min q, max q, min r, max r, min z, max z) over all cells, or None if empty
        (a reduction over the pieces' footprint extents: `Pieces.bounds`)."""
        return self.pieces.bounds()

    def origin_ranges(self) -> tuple[int, int, int, int, int, int] | None:
        """(min q, max q, min r, max r, min z, max z) of the pieces' origin hexes and bottoms, or
        None if there are no pieces."""
        return self.pieces.origin_ranges()

    def board_size(self, bounds: tuple[int, int, int, int, int, int] | None = None,
                   columns: tuple[int, int] | None = None) -> tuple[int, int] | None:
        """(columns, rows) of the board as a builder counts it, or None if empty: the span of the
        odd-r offset grid that VirtualScape and the battlefield pages letter and number (a
        10-column, 5-row board is 10 x 5, whatever the spread of its axial q). A caller that has
        `bounds()` and `pieces.column_range()` at hand passes them (each is a pass over the pieces)."""
        bounds = self.bounds() if bounds is None else bounds
        columns = self.pieces.column_range() if columns is None else columns
        if bounds is None or columns is None:
            return None
        return columns[1] - columns[0] + 1, bounds[3] - bounds[2] + 1

    def level_range(self) -> tuple[int, int] | None:
        """(lowest, highest) Level the pieces take up (`mapkit.model.levels.span`), or None if empty."""
        return self.pieces.level_range()

    # -- views -----------------------------------------------------------------------------
    def of_type(self, *type_ids: str) -> list[Piece]:
        """The pieces of these types, in map order (no other piece is made)."""
        return self.pieces.of_type(type_ids)

    def start_zones(self) -> dict[int, list[Piece]]:
        """Start-zone spaces grouped by player number."""
        zones: dict[int, list[Piece]] = defaultdict(list)
        for piece in self.of_type("start-zone"):
            zones[int(piece.attrs.get("player", 0) or 0)].append(piece)
        return dict(zones)

    # -- scenarios -------------------------------------------------------------------------
    def scenarios(self) -> list[int]:
        """The numbers of the scenarios the map sets up: those it declares and those its pieces
        are tagged with (`attrs["scenario"]`); empty for a map that is one scenario."""
        tags = set(self.scenario_pieces())
        tags.update(s.number for s in self.scenario_setups)
        return sorted(tags, key=lambda tag: (type(tag).__name__, tag))

    def scenario_pieces(self) -> dict[int, list[Piece]]:
        """Each scenario's own pieces (tagged `attrs["scenario"]`), in map order, without making
        the pieces of columns that carry no attrs (`Pieces.with_attrs`)."""
        out: dict[int, list[Piece]] = {}
        for p in self.pieces.with_attrs():       # (most pieces say nothing of themselves)
            tag = p.attrs.get("scenario")
            if tag is not None:
                out.setdefault(tag, []).append(p)
        return out

    def player_count(self) -> str | None:
        """How many players the map says it is for (its `players`, stripped), or None when it
        says none: "", "0" or another number under 1. VirtualScape's players field is free text the
        designer may leave as it is (docs: hsc-format.md, PlayerNumber); no map is made for 0
        players, so "0" is the field left unset, as an empty one is (`info` says so; a conversion
        that cannot keep the field as it is names it among its losses)."""
        said = str(self.players or "").strip()
        digits = said[1:] if said[:1] in ("+", "-") else said
        if said in NO_PLAYER_COUNT or (digits.isascii() and digits.isdigit() and len(digits) < 12 and int(said) < 1):
            return None  # ("00", "-1": a number of players under 1 says no count either)
        return said

    def several_scenarios(self) -> bool:
        """Whether the map sets up more than one scenario, so that a question about it (its
        findings, the pieces it needs, a picture of it) is asked of each scenario apart."""
        return len(self.scenarios()) > 1

    def scenario_setup(self, number: int) -> Scenario:
        """What the map says of scenario `number` (a bare Scenario if it only tags pieces with it).
        Raises OptionError for a number the map does not set up."""
        for setup in self.scenario_setups:
            if setup.number == number:
                return setup
        numbers = self.scenarios()
        if number in numbers:
            return Scenario(number)
        have = f"scenarios: {', '.join(map(str, numbers))}" if numbers else "it sets up none"
        raise OptionError(f"no scenario {number} ({have})")

    def for_scenario(self, number: int) -> "Map":
        """Scenario `number` as a map of its own: the shared terrain plus that scenario's pieces
        (tagged, in map order), its players and notes, without the shared pieces it removes
        (`attrs["absent_in"]` lists the scenarios a piece is taken away for). OptionError if the
        map does not set it up."""
        setup = self.scenario_setup(number)
        pieces = [_present(p) for p in self.pieces
                  if p.attrs.get("scenario") in (None, number) and number not in p.attrs.get("absent_in", ())]
        notes = "\n".join(text for text in (setup.name, setup.notes) if text) or self.notes
        return replace(self, pieces=Pieces(pieces), players=setup.players or self.players, notes=notes,
                       scenario_setups=[setup],
                       attrs=dict(self.attrs), extras=dict(self.extras), warnings=list(self.warnings))

    def terrain(self) -> "Map":
        """The terrain every scenario shares: the map without any scenario's own pieces."""
        if not self.scenarios():
            return self
        return replace(self, pieces=Pieces([p for p in self.pieces if p.attrs.get("scenario") is None]),
                       scenario_setups=[], attrs=dict(self.attrs), extras=dict(self.extras),
                       warnings=list(self.warnings))

    def per_scenario(self) -> list[tuple[int | None, "Map"]]:
        """(number, map) for each scenario of a map that sets up several, else [(None, the map)]."""
        if not self.several_scenarios():
            return [(None, self)]
        return [(n, self.for_scenario(n)) for n in self.scenarios()]

    # -- rooms -----------------------------------------------------------------------------
    def several_rooms(self) -> bool:
        """Whether the map is several boards (the rooms of a dungeon page), each asked about apart."""
        return len(self.rooms) > 1

    def room(self, number: int) -> Room:
        """What the map says of room `number`; OptionError for a room it does not have."""
        for room in self.rooms:
            if room.number == number:
                return room
        have = f"rooms: {', '.join(str(r.number) for r in self.rooms)}" if self.rooms else "it is one board"
        raise OptionError(f"no room {number} ({have})")

    def for_room(self, number: int, own_frame: bool = True) -> "Map":
        """Room `number` as a map of its own: its pieces (the tiles it shares with other rooms
        included), drawn where the room's own pictures draw them (`own_frame`), else where the
        map lays it out. OptionError if the map has no such room."""
        room = self.room(number)
        pieces = [p for p in self.pieces if number in p.attrs.get("rooms", ())]
        frame = room.attrs.get("frame") if own_frame else None
        if frame and any(frame):
            pieces = [_moved(p, *frame) for p in pieces]
        return replace(self, pieces=Pieces(pieces), rooms=[room], attrs=dict(self.attrs), extras=dict(self.extras),
                       warnings=list(self.warnings))

    def on_layout(self, number: int, q: int, r: int) -> tuple[int, int]:
        """Hex (q, r) of room `number`'s own frame (as `for_room` draws it, and as validate and
        analyze name its places) where this map lays the room out: a picture or page of the whole
        map marks it there. OptionError if the map has no such room."""
        from mapkit.model.grid import rotate

        frame = self.room(number).attrs.get("frame")
        if not frame or not any(frame):
            return q, r
        turns, dq, dr = frame
        return rotate(q - dq, r - dr, -turns)

    def per_room(self) -> list[tuple[int | None, "Map"]]:
        """(number, map) for each room of a map that has several, else [(None, the map)] (the
        room's number for one room taken from a page of several)."""
        if not self.several_rooms():
            return [(self.rooms[0].number if self.rooms else None, self)]
        return [(room.number, self.for_room(room.number)) for room in self.rooms]

    def views(self) -> list[tuple[int | None, int | None, "Map"]]:
        """(room, scenario, map) for every board and scenario a question is asked of apart: each
        room in turn, and in each, each scenario in turn (None where the map has only one)."""
        return [(room, scenario, view) for room, board in self.per_room() for scenario, view in board.per_scenario()]

    def glyphs(self) -> list[Piece]:
        return self.of_type("glyph")

    def piece_counts(self) -> Counter[str]:
        """How many pieces of each type the map uses."""
        return self.pieces.type_counts()


def _present(piece: Piece) -> Piece:
    """A piece as one scenario has it: which other scenarios take it away says nothing there."""
    if "absent_in" not in piece.attrs:
        return piece
    return replace(piece, attrs={k: v for k, v in piece.attrs.items() if k != "absent_in"})


def _moved(piece: Piece, turns: int, dq: int, dr: int) -> Piece:
    """A copy of a piece turned `turns` x 60 degrees about the origin hex, then shifted."""
    from mapkit.model.grid import rotate

    q, r = rotate(piece.q, piece.r, turns)
    rotation = piece.rotation + turns
    return replace(piece, q=q + dq, r=r + dr, rotation=rotation % 6 if isinstance(rotation, int) else rotation,
                   attrs=dict(piece.attrs))
