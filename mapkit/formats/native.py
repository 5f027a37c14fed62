"""mapkit's own JSON format (`.mapkit.json`): everything the model holds, nothing lost.

The layout is fixed so that writing is deterministic and read -> write gives the same bytes:
top-level keys in a set order, one piece (building, object) per line. Keys inside attrs and
extras keep their order (JSON parsers keep it too): some formats rebuild their own files
from extras in the source's key order (Hexoscape's hexMap), so sorting would lose bytes.
Files are checked against `schemas/map.schema.json` on load (the schema is the single source
of truth for the structure); piece type ids are then checked against the catalog, which is
data that grows, so the schema does not list them.
"""

from __future__ import annotations

import json
import re
from array import array
from functools import lru_cache

from mapkit import limits, registry
from mapkit.errors import FormatError, excerpt
from mapkit.formats._json import escape_lone_surrogates, parse_json
from mapkit.model.catalog import catalog
from mapkit.model.columns import Columns, kind_column, type_turn_kinds
from mapkit.model.map import Map, Piece, Pieces, Placement, Room, Scenario

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any

#: The format's name, from its registry row: what a file says it is in its "format" key.
NAME = registry.declared(__name__).name
#: Version 2: a Book's placement `level` is the Level it stands on (`Placement`); version 1 wrote
#: the height movement counts, one lower on Cosmos or water, and is read by turning it into a Level.
VERSION = 2
#: How the warnings of a version 1 file's placements begin (the writer leaves them out: the file it
#: writes holds Levels).
MIGRATED = "mapkit JSON version 1: "
#: A mapkit JSON file keeps every scenario a map sets up (`formats.encode_map`).
HOLDS_SCENARIOS = True
SCHEMA = "map.schema.json"

#: The coordinate bounds of schemas/map.schema.json ($defs.coordinate): the writer refuses what
#: the reader would refuse (a damaged .hsc can hold coordinates near 2**31).
MAX_COORDINATE = limits.COORDINATES.value

#: Top-level keys in the order they are written.
_HEAD_KEYS = ("format", "version", "name", "author", "players", "scenario", "source_format",
              "source_version", "attrs", "extras", "warnings")
#: Written after the head keys only when the map sets up scenarios, so older files keep their bytes.
_SCENARIOS_KEY = "scenarios"
_ROOMS_KEY = "rooms"


_FORMAT_KEY = re.compile(rb'"format"\s*:\s*"' + re.escape(NAME.encode()) + rb'"')


def sniff(head: bytes) -> float:
    """Certain for a JSON object whose "format" is this format's name (written first by `write`, spaced any way by hand)."""
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    return 1.0 if text.startswith(b"{") and _FORMAT_KEY.search(text, 0, 200) is not None else 0.0


# -- writing ----------------------------------------------------------------------------------
#: One line of the layout; keeps the key order of the dicts it is given.
_encode = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(", ", ": ")).encode


def _number(value: float) -> int | float:
    """Rotations are whole turns except for Laur wall half steps: write 2, not 2.0."""
    return int(value) if float(value).is_integer() else float(value)


def _rotation(piece: Piece) -> int | float:
    """The turn written: a half step only where the reader takes one (a one-hex piece)."""
    if float(piece.rotation).is_integer() or _one_hex(piece):
        return _number(piece.rotation)
    return int(piece.rotation)


def _one_hex(piece: Piece) -> bool:
    ptype = catalog().types.get(piece.type)
    return ptype is None or ptype.hexes == 1


def _piece_dict(piece: Piece) -> dict[str, Any]:
    out: dict[str, Any] = {"type": piece.type, "q": piece.q, "r": piece.r, "z": piece.z,
                           "rotation": _rotation(piece)}
    if piece.attrs:
        out["attrs"] = piece.attrs
    if piece.extras:
        out["extras"] = piece.extras
    return out


def _placement_dict(p: Placement) -> dict[str, Any]:
    out: dict[str, Any] = {"book": p.book, "q": p.q, "r": p.r, "level": p.level, "rotation": p.rotation}
    if p.occupants:
        out["occupants"] = p.occupants
    if p.attrs:
        out["attrs"] = p.attrs
    return out


def _scenario_dict(s: Scenario) -> dict[str, Any]:
    out: dict[str, Any] = {"number": s.number, "name": s.name, "players": s.players, "notes": s.notes}
    if s.attrs:
        out["attrs"] = s.attrs
    return out


def _room_dict(r: Room) -> dict[str, Any]:
    out: dict[str, Any] = {"number": r.number, "name": r.name}
    if r.attrs:
        out["attrs"] = r.attrs
    return out


def _row_list(rows: list[str]) -> str:
    if not rows:
        return "[]"
    return "[\n    " + ",\n    ".join(rows) + "\n  ]"


def losses(m: Map) -> list[str]:
    """The native format carries everything the model holds, but for a half-step turn of a
    piece of several hexes (only one-hex pieces turn in half steps; the reader refuses others)."""
    return [f"piece {index} ({p.type}): rotation {p.rotation} is a half step, which only one-hex pieces take "
            f"(written as {int(p.rotation)})"
            for index, p in enumerate(m.pieces, 1) if not float(p.rotation).is_integer() and not _one_hex(p)]


def write(m: Map) -> bytes:
    """The map as canonical mapkit JSON (UTF-8, newline at the end)."""
    for kind, places in (("piece", [(p.q, p.r, p.z) for p in m.pieces]),
                         ("building", [(b.q, b.r, b.level) for b in m.buildings]),
                         ("object", [(b.q, b.r, b.level) for b in m.objects])):
        for index, place in enumerate(places, 1):
            if any(abs(v) > MAX_COORDINATE for v in place):
                raise FormatError(f"cannot write mapkit JSON: {kind} {index} at (q, r, level) {place} is beyond "
                                  f"±{MAX_COORDINATE}, which mapkit JSON cannot hold")
    head = {"format": NAME, "version": VERSION, "name": m.name, "author": m.author, "players": m.players,
            "scenario": m.notes, "source_format": m.source_format, "source_version": m.source_version,
            "attrs": m.attrs, "extras": m.extras, "warnings": [w for w in m.warnings if not w.startswith(MIGRATED)]}
    try:
        lines = [f"  {json.dumps(key)}: {_encode(head[key])}" for key in _HEAD_KEYS]
        if m.scenario_setups:
            rows = [_encode(_scenario_dict(s)) for s in m.scenario_setups]
            lines.append(f"  {json.dumps(_SCENARIOS_KEY)}: {_row_list(rows)}")
        if m.rooms:
            lines.append(f"  {json.dumps(_ROOMS_KEY)}: {_row_list([_encode(_room_dict(r)) for r in m.rooms])}")
        pieces = [_encode(_piece_dict(p)) for p in m.pieces]
        buildings = [_encode(_placement_dict(b)) for b in m.buildings]
        objects = [_encode(_placement_dict(o)) for o in m.objects]
    except (TypeError, ValueError, RecursionError) as exc:
        raise FormatError(f"cannot write mapkit JSON: {exc}") from None
    lines.append(f'  "pieces": {_row_list(pieces)}')
    lines.append(f'  "buildings": {_row_list(buildings)}')
    lines.append(f'  "objects": {_row_list(objects)}')
    text = escape_lone_surrogates("{\n" + ",\n".join(lines) + "\n}\n")
    try:  # what the reader would refuse (a player 0, a size of text) is refused here, before a file is made
        _checked(json.loads(text))
    except FormatError as exc:
        raise FormatError(f"cannot write mapkit JSON: {exc}") from None
    return text.encode("utf-8")


# -- reading ----------------------------------------------------------------------------------
def _check(document: Any) -> None:
    from mapkit.schemas import validator

    limits.check_lists(document, SCHEMA)  # the lengths the schema bounds, before it walks them
    try:
        problem = validator(SCHEMA, fast=True)(document)
    except RecursionError:
        raise FormatError("JSON nested too deeply") from None
    if problem is not None:
        where, _, message = problem.partition(": ")
        raise FormatError(message, where=where)
    rooms: set[int] = set()
    for index, room in enumerate(document.get(_ROOMS_KEY, [])):
        if room["number"] in rooms:
            raise FormatError(f"room {room['number']} is set up twice", where=f"$.{_ROOMS_KEY}[{index}].number")
        rooms.add(room["number"])
    seen: set[int] = set()
    for index, scenario in enumerate(document.get(_SCENARIOS_KEY, [])):
        if scenario["number"] in seen:
            raise FormatError(f"scenario {scenario['number']} is set up twice", where=f"$.scenarios[{index}].number")
        seen.add(scenario["number"])
    types = catalog().types
    for index, piece in enumerate(document["pieces"]):
        if piece["type"] not in types:
            raise FormatError(f"unknown piece type {excerpt(str(piece['type']))!r} (not in the catalog)",
                              where=f"$.pieces[{index}].type")
        rotation = piece.get("rotation", 0)
        if not float(rotation).is_integer() and types[piece["type"]].hexes != 1:
            raise FormatError("half-step rotations are only for one-hex pieces", where=f"$.pieces[{index}].rotation")


def _checked(document: Any) -> _Plain | None:
    """`_check` the document; where most pieces are plain, those are checked by `_plain_pieces`
    and returned as columns, and the schema sees the others (all of them if it finds a fault,
    so that the message and path are its own)."""
    listed = isinstance(document, dict) and isinstance(document.get("pieces"), list)
    pieces: list[Any] = document["pieces"] if listed else []
    plain = _plain_pieces(pieces) if listed else None
    if plain is None:
        _check(document)
        return None
    try:
        _check(dict(document, pieces=[pieces[i] for i in plain.others]))
    except FormatError:
        _check(document)
        raise
    return plain


def read(data: bytes, filename: str = "") -> Map:
    """A map from mapkit JSON; raises FormatError naming the JSON path or line of a problem."""
    if len(data) > limits.DECOMPRESSED_BYTES.value:  # parsed whole: about ten times its size in memory
        raise limits.DECOMPRESSED_BYTES.exceeded(len(data), what="a mapkit JSON document")
    document = parse_json(data)
    if isinstance(document, dict) and isinstance(document.get("pieces"), list):
        limits.check_count(limits.PIECES, len(document["pieces"]), where="$.pieces", what="the map")
    if isinstance(document, dict):  # before the schema walks them
        placed = [document.get(key) for key in ("buildings", "objects")]
        limits.check_count(limits.PLACEMENTS, sum(len(p) for p in placed if isinstance(p, list)),
                           where="$.buildings, $.objects", what="the map")
    plain = _checked(document)
    # JSON Schema counts 3.0 as an integer: store ints, so cells and output stay integral.
    others = document["pieces"] if plain is None else [document["pieces"][i] for i in plain.others]
    made = [Piece(p["type"], int(p["q"]), int(p["r"]), int(p["z"]), _number(p.get("rotation", 0)),
                  p.get("attrs", {}), p.get("extras", {})) for p in others]
    pieces: Any = made if plain is None else plain.table(made)
    m = Map(
        name=document.get("name", ""), author=document.get("author", ""), players=document.get("players", ""),
        notes=document.get("scenario", ""), pieces=pieces,
        buildings=[_placement(b) for b in document.get("buildings", [])],
        objects=[_placement(o) for o in document.get("objects", [])],
        attrs=document.get("attrs", {}), extras=document.get("extras", {}),
        source_format=document.get("source_format"), source_version=document.get("source_version"),
        warnings=list(document.get("warnings", [])),
        scenario_setups=[Scenario(int(s["number"]), s.get("name", ""), s.get("players", ""), s.get("notes", ""),
                                  s.get("attrs", {})) for s in document.get(_SCENARIOS_KEY, [])],
        rooms=[Room(int(r["number"]), r.get("name", ""), r.get("attrs", {})) for r in document.get(_ROOMS_KEY, [])],
    )
    if document["version"] == 1 and (m.buildings or m.objects):
        _placed_on_levels(m)
    return m


def _placed_on_levels(m: Map) -> None:
    """A version 1 file's placements as Levels: its `level` was the height the Book rests at, one
    less than the Level on Cosmos or water (`resting.rest_level`, judged at the origin hex: a
    Book's other hexes need the Book). Each one changed is a warning."""
    from mapkit.formats._losses import Places
    from mapkit.model import resting

    index = resting.layer_index(m)
    place = Places(m)  # named as the build sheets letter the hex, as a loss names it
    for kind, placements in (("building", m.buildings), ("object", m.objects)):
        for number, p in enumerate(placements, 1):
            layers = resting.layers_under(index, [(p.q, p.r)])
            level = resting.rest_level(layers, p.level)
            if level != p.level:
                m.warnings.append(f"{MIGRATED}{kind} {number} ({p.book}) at {place(p.q, p.r)} had the height {p.level} "
                                  f"as its level; it stands on Level {level}, as version 2 writes it")
                p.level = level


#: The keys of a plain piece: one the columns hold (`_plain_pieces`).
_PLAIN_KEYS = frozenset(("type", "q", "r", "z"))
_TURNED_KEYS = _PLAIN_KEYS | {"rotation"}


class _Plain:
    """The plain pieces of a document as columns, and the rows of the others."""

    def __init__(self) -> None:
        self.types: dict[str, int] = {}
        self.code = array("H")
        self.turn = array("B")
        self.q = array("q")
        self.r = array("q")
        self.z = array("q")
        self.others: list[int] = []

    def table(self, others: list[Piece]) -> Pieces:
        """The pieces: the columns' rows, with `others` (made from the rows `self.others`) in place."""
        return Pieces.of_columns(Columns(type_turn_kinds(list(self.types)), kind_column(self.code, self.turn),
                                         self.q, self.r, self.z, dict(zip(self.others, others))))


@lru_cache(maxsize=1)
def _plain_rules() -> tuple[frozenset[str], int, int]:
    """(the catalog types the schema's piece type accepts, lowest and highest coordinate), from
    schemas/map.schema.json itself."""
    from mapkit.schemas import load

    defs = load(SCHEMA)["$defs"]
    name, coordinate = defs["piece"]["properties"]["type"], defs["coordinate"]
    if set(name) != {"type", "minLength", "maxLength"} or set(coordinate) - {"description"} != {
            "type", "minimum", "maximum"} or defs["rotation"].get("exclusiveMaximum") != 6:
        raise ValueError("map.schema.json's piece is no longer what _plain_pieces checks: update it")
    known = frozenset(t for t in catalog().types if name["minLength"] <= len(t) <= name["maxLength"])
    return known, coordinate["minimum"], coordinate["maximum"]


def _plain_pieces(pieces: list[Any]) -> _Plain | None:
    """The pieces as columns where most are plain: an object of just type, q, r, z and maybe a
    whole rotation, holding a catalog type and integers within the schema's bounds. Each is
    checked here as the schema and `_check` would check it, and no Piece is made (a 100,000-piece
    map reads in a quarter of the time the compiled schema and the Pieces took); None if too few
    are plain to be worth it."""
    known, low, high = _plain_rules()
    out = _Plain()
    types, others = out.types, out.others
    code, turn, qs, rs, zs = out.code.append, out.turn.append, out.q.append, out.r.append, out.z.append
    for row, p in enumerate(pieces):
        if type(p) is dict:
            keys = p.keys()
            rotation = 0
            if keys == _PLAIN_KEYS or (keys == _TURNED_KEYS and type(rotation := p["rotation"]) is int
                                       and 0 <= rotation < 6):
                name, q, r, z = p["type"], p["q"], p["r"], p["z"]
                if type(name) is str and name in known and type(q) is int and type(r) is int \
                        and type(z) is int and low <= q <= high and low <= r <= high and low <= z <= high:
                    found = types.get(name)
                    if found is None:
                        found = types[name] = len(types)
                    code(found)
                    turn(rotation)
                    qs(q)
                    rs(r)
                    zs(z)
                    continue
        others.append(row)  # the schema checks it; its row in the columns is a stand-in
        code(0)
        turn(0)
        qs(0)
        rs(0)
        zs(0)
    return out if len(others) * 2 < len(pieces) else None


def _placement(p: dict[str, Any]) -> Placement:
    return Placement(p["book"], int(p["q"]), int(p["r"]), int(p["level"]), int(p.get("rotation", 0)),
                     p.get("occupants", []), p.get("attrs", {}))

