"""Hexoscape map files (hexoscape.com, Dissolutio/heroscape-map-editor): JSON, plain or gzip.

A file is `{"hexMap": {id, name, author, shape, width, length, ...}, "boardPieces": ...}`.
`boardPieces` comes in three forms over Hexoscape's history, all read here:

* object, `"<altitude>~<q>~<r>~<rotation>~<id>": "<id>"` (2025 files);
* the same with `,` separators (the earliest files);
* array of `{uid, inventoryID, altitude, rotation, pieceCoords: {q, r, s}}` (2026 on; what
  Hexoscape writes when it saves today, and so what `write` produces).

Coordinates: (q, r) is the piece's origin hex in cube/axial coordinates and its cells are the
origin plus the piece template turned `rotation` x 60 degrees clockwise: the mapkit model's
convention, with the same templates as the catalog shapes. The one exception is the Marvel
template (warehouse ruins, concrete 6), whose origin is the catalog shape's (1, 0) hex.
`altitude` is the level the piece's bottom sits in (land placed at L has its top at L + 1),
which is the model's z, castle walls and edge add-ons included (their rotation 0 is the east
edge in both). Laur wall pieces turn in half steps (0.5, 1.5, ...).

Castle walls: Hexoscape builds the base into a wall that stands on land or on the table (it
fills 10 levels there; on a castle base or another wall it fills 9, as in VirtualScape). The
reader shows such a wall as the model does, a castle base at its altitude with the wall one
level up (both marked in extras, so the file writes back as it was); the writer reports a
model wall standing on neither a base nor castle as a loss, since Hexoscape would show it a
level taller.
"""

from __future__ import annotations

import gzip
import json
import re
import zlib
from functools import lru_cache

from mapkit import data, limits, registry
from mapkit.errors import FormatError, excerpt
from mapkit.formats._json import escape_lone_surrogates, parse_json
from mapkit.formats._losses import Places, has_player_count, notes_text, unheld_attrs, unheld_piece_attrs
from mapkit.model import levels
from mapkit.model.catalog import PieceType, catalog
from mapkit.model.grid import axial_to_offset, rotate
from mapkit.model.map import Map, Piece, Pieces
from mapkit.records import replace

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any, Iterable, MutableSequence

#: The format's name, from its registry row (also the key of what it keeps in `extras`).
NAME = registry.declared(__name__).name

GZIP_MAGIC = b"\x1f\x8b"
#: Refuse to inflate a .gz past this size for a document parsed whole (a gzip bomb would
#: otherwise exhaust memory); the same bound applies to a plain document (mapkit.limits).
MAX_INFLATED_BYTES = limits.DECOMPRESSED_BYTES.value
#: The fast path streams a file in Hexoscape's own layout into columns (a few bytes a piece,
#: the text never held whole), so it may inflate this much: a 3-million-piece map is ~330 MB.
STREAMED_BYTES = limits.STREAMED_BYTES.value
#: Bounds on numbers read from a file: mapkit's coordinate and level limits (mapkit.limits).
#: The writer leaves pieces beyond them out, as losses, so what it writes always reads back.
MAX_COORDINATE = limits.COORDINATES.value
MAX_ALTITUDE = limits.LEVELS.value
#: Offset, in the unturned catalog shape, of the hex Hexoscape uses as a piece's origin.
TEMPLATE_ORIGIN = {"M6": (1, 0)}
#: Hexoscape ids handled outside the catalog's one-id-per-type lookup.
START_ZONE_IDS = {f"z{n}": n for n in range(1, 9)}
GLYPH_IDS = {"y0": "power", "y1": "treasure"}
OBJECTIVE_IDS = ("om11", "om12", "om21", "om22")

_INT = re.compile(r"-?\d+\Z")
_ROTATION = re.compile(r"\d+(\.\d+)?\Z")


# -- reading ----------------------------------------------------------------------------------
def sniff(head: bytes) -> float:
    """Certain for a JSON object with a "hexMap"; likely for gzip (Hexoscape's .json.gz, the
    only gzipped format mapkit reads), which cannot be looked into from the head."""
    if head.startswith(GZIP_MAGIC):
        return 0.5
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    # hexMap comes first and may hold a large base64 portrait, so boardPieces can lie past the head
    return 1.0 if text.startswith(b"{") and b'"hexMap"' in head else 0.0


def read(data: bytes, filename: str = "") -> Map:
    """A map from Hexoscape JSON (plain or gzip). Files saved by Hexoscape take the streaming
    fast path (`_stream`: columns, no document held whole); anything else is parsed whole."""
    import sys

    from mapkit.formats.hexoscape import _stream

    gzipped = data.startswith(GZIP_MAGIC)
    fast = _stream.read_stream(data, gzipped, sys.modules[__name__], STREAMED_BYTES)
    if fast is not None:
        return fast
    if gzipped:
        data = inflate(data)
    elif len(data) > MAX_INFLATED_BYTES:
        raise limits.DECOMPRESSED_BYTES.exceeded(len(data), what="a JSON document not in Hexoscape's own layout")
    doc = parse_json(data)
    m = map_from_document(doc)
    m.extras[NAME]["gzip"] = gzipped
    return m


def inflate(data: bytes) -> bytes:
    """Gunzip, stopping at the decompressed size limit; a damaged or truncated stream is a FormatError."""
    bound = limits.DECOMPRESSED_BYTES
    decompressor = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        out = decompressor.decompress(data, bound.value + 1)
    except zlib.error as exc:
        raise FormatError(f"damaged gzip data ({exc})", where="gzip") from None
    if len(out) > bound.value or decompressor.unconsumed_tail:
        raise bound.exceeded(None, where="gzip", what="the gzip data inflates to")
    if not decompressor.eof:
        raise FormatError("truncated gzip data (the stream ends early)", where="gzip")
    return out


def _path_key(key: str) -> str:
    """A key as a JSON path names it, shortened to an excerpt (a key may be any length)."""
    return "[" + json.dumps(excerpt(key), ensure_ascii=False) + "]"


def map_from_document(doc: Any) -> Map:
    """A Hexoscape MapFileState (any of its forms) to a Map."""
    if not isinstance(doc, dict):
        raise FormatError(f"expected an object with hexMap and boardPieces, found {_kind(doc)}", where="$")
    if "hexMap" not in doc:
        raise FormatError("no hexMap", where="$")
    if "boardPieces" not in doc:
        if "boardHexes" in doc:
            raise FormatError("a save in the Hexoscape editor's older per-hex form (boardHexes, one entry a hex, "
                              "and no boardPieces): mapkit reads the piece forms only; open the file in Hexoscape "
                              "and save it again", where="$")
        raise FormatError("no boardPieces", where="$")
    hex_map = doc["hexMap"]
    m = map_with_hex_map(hex_map, "$.hexMap")
    board = doc["boardPieces"]
    if isinstance(board, (dict, list)):
        limits.check_count(limits.PIECES, len(board), where="$.boardPieces", what="the board")
    old: dict[str, str] = {}
    if isinstance(board, dict):
        form = "object"
        for key, value in board.items():
            path = "$.boardPieces" + _path_key(key)
            if not isinstance(value, str):
                raise FormatError(f"expected the piece id as a string, found {_kind(value)}", where=path)
            piece, hid = piece_from_encoded(key, path)
            if today_id(hid) != hid:
                old[hid] = today_id(hid)
            if value != hid:
                piece.extras.setdefault(NAME, {})["value"] = value
                m.warnings.append(f"{path}: the key names {hid!r} but the value says {value!r}; used the key")
            m.pieces.append(piece)
    elif isinstance(board, list):
        form = "array"
        for index, item in enumerate(board):
            m.pieces.append(piece_from_object(item, f"$.boardPieces[{index}]"))
    else:
        raise FormatError(f"expected an object or an array, found {_kind(board)}", where="$.boardPieces")
    if old:
        m.warnings.insert(0, old_ids_warning(old, "$.boardPieces"))
    m.pieces = Pieces(with_built_in_bases(m.pieces))
    extra = {k: v for k, v in doc.items() if k not in ("hexMap", "boardPieces")}
    m.extras[NAME]["form"] = form
    if extra:
        m.extras[NAME]["extra"] = extra
    m.source_version = form
    return m


#: Castle wall -> the castle base Hexoscape builds into it when it stands on land or the table.
WALL_BASES = {"castle-wall-corner": "castle-base-corner", "castle-wall-straight": "castle-base-straight",
              "castle-wall-end": "castle-base-end"}
CASTLE_UNDER = frozenset(("castle-base-corner", "castle-base-straight", "castle-base-end", "castle-wall-corner",
                          "castle-wall-straight", "castle-wall-end", "castle-arch", "castle-arch-no-door"))


def with_built_in_bases(pieces: MutableSequence[Piece]) -> list[Piece]:
    """Give each wall Hexoscape built a base into (no castle piece beneath it) that base as a
    piece of its own, with the wall one level up: the model's picture of what Hexoscape shows.
    Walls are settled from the lowest up, so a wall on such a wall sees its full height."""
    m = Map(pieces=pieces)
    castle_cells = {(q, r, level) for q, r, level, i in m.iter_cells() if pieces[i].type in CASTLE_UNDER}
    bases: dict[int, Piece] = {}
    walls = sorted((i for i, p in enumerate(pieces) if p.type in WALL_BASES), key=lambda i: pieces[i].z)
    for i in walls:
        wall = pieces[i]
        if (wall.q, wall.r, wall.z - 1) in castle_cells:
            continue
        base = Piece(WALL_BASES[wall.type], wall.q, wall.r, wall.z, wall.rotation)
        base.extras[NAME] = {"built_into_wall": True}
        bases[i] = base
        wall.z += 1
        wall.extras.setdefault(NAME, {})["base_built_in"] = True
        castle_cells.update((q, r, level) for q, r in m.footprint(wall) for level in (wall.z - 1, *m.layers(wall)))
    out: list[Piece] = []
    for i, piece in enumerate(pieces):
        if i in bases:
            out.append(bases[i])
        out.append(piece)
    return out


def map_with_hex_map(hex_map: Any, path: str) -> Map:
    if not isinstance(hex_map, dict):
        raise FormatError(f"expected an object, found {_kind(hex_map)}", where=path)
    for field in ("name", "author", "mapNotes"):
        if field in hex_map and not isinstance(hex_map[field], str):
            raise FormatError(f"expected a string, found {_kind(hex_map[field])}", where=f"{path}.{field}")
    m = Map(name=hex_map.get("name", ""), author=hex_map.get("author", ""), scenario=hex_map.get("mapNotes", ""))
    m.source_format = NAME
    m.extras[NAME] = {"hexMap": hex_map}
    if "setsUsed" in hex_map:
        m.attrs["sets_used"] = sets_from_letters(hex_map["setsUsed"], f"{path}.setsUsed", m.warnings)
    return m


def sets_from_letters(letters: Any, path: str, warnings: list[str]) -> dict[str, int]:
    """hexMap.setsUsed (Hexoscape's one-letter set ids) as the map's declared sets (set id -> 1:
    setsUsed has no copies; `mapkit.sets.declared`); a letter no set has is named in a warning
    and left out (the hexMap read is kept, so the file writes back as it was)."""
    from mapkit.sets.sets import set_letters

    if not isinstance(letters, list) or not all(isinstance(x, str) for x in letters):
        raise FormatError(f"expected an array of set letters, found {_kind(letters)}", where=path)
    known = set_letters()
    out: dict[str, int] = {}
    for letter in letters:
        if letter in known:
            out[known[letter]] = 1
        else:
            warnings.append(f"{path}: unknown set letter {letter[:8]!r} (left out)")
    return out


def letters_for_sets(set_ids: Iterable[str]) -> list[str]:
    """mapkit set ids as Hexoscape's letters (sets without a letter are left out: see `losses`)."""
    from mapkit.sets.sets import set_letters

    letter_of = {set_id: letter for letter, set_id in set_letters().items()}
    return [letter_of[s] for s in set_ids if s in letter_of]


def piece_from_encoded(key: str, path: str) -> tuple[Piece, str]:
    """`altitude~q~r~rotation~id` (or with commas) to a Piece and the id it names."""
    fields = key.split("~")
    if len(fields) != 5:
        fields = key.split(",")
    if len(fields) != 5:
        raise FormatError("expected a piece key altitude~q~r~rotation~id", where=path)
    alt_s, q_s, r_s, rot_s, named = fields
    hid = today_id(named)
    for text, what in ((alt_s, "altitude"), (q_s, "q"), (r_s, "r"), (rot_s, "rotation")):
        if len(text) > limits.DIGITS.value:
            raise limits.DIGITS.exceeded(len(text), where=path, what=f"the {what} {text[:10]}...")
    for text, what in ((alt_s, "altitude"), (q_s, "q"), (r_s, "r")):
        if not _INT.match(text):
            raise FormatError(f"{what} {text!r} is not a whole number", where=path)
    if not _ROTATION.match(rot_s):
        raise FormatError(f"rotation {rot_s!r} is not a number", where=path)
    altitude, q, r = int(alt_s), int(q_s), int(r_s)
    rotation = _number(float(rot_s)) if len(rot_s) < 20 else None
    piece = make_piece(hid, q, r, altitude, rotation, path)
    if encode_key(hid, q, r, altitude, piece.rotation) != key:
        piece.extras.setdefault(NAME, {})["key"] = key
    return piece, named


def piece_from_object(item: Any, path: str) -> Piece:
    """One element of the array form to a Piece."""
    if not isinstance(item, dict):
        raise FormatError(f"expected a piece object, found {_kind(item)}", where=path)
    for field in ("inventoryID", "altitude", "pieceCoords"):
        if field not in item:
            raise FormatError(f"missing {field}", where=path)
    hid = item["inventoryID"]
    if not isinstance(hid, str):
        raise FormatError(f"expected a string, found {_kind(hid)}", where=f"{path}.inventoryID")
    altitude = _whole(item["altitude"], f"{path}.altitude")
    rotation = item.get("rotation", 0)
    if isinstance(rotation, bool) or not isinstance(rotation, (int, float)):
        raise FormatError(f"expected a number, found {_kind(rotation)}", where=f"{path}.rotation")
    coords = item["pieceCoords"]
    if not isinstance(coords, dict):
        raise FormatError(f"expected {{q, r, s}}, found {_kind(coords)}", where=f"{path}.pieceCoords")
    for axis in ("q", "r"):
        if axis not in coords:
            raise FormatError(f"missing {axis}", where=f"{path}.pieceCoords")
    q = _whole(coords["q"], f"{path}.pieceCoords.q")
    r = _whole(coords["r"], f"{path}.pieceCoords.r")
    if "s" in coords and _whole(coords["s"], f"{path}.pieceCoords.s") != -q - r:
        raise FormatError(f"s must be -q-r = {-q - r}", where=f"{path}.pieceCoords.s")
    piece = make_piece(hid, q, r, altitude, _number(rotation), path)
    mine = piece.extras.setdefault(NAME, {})
    if "uid" in item:
        if not isinstance(item["uid"], (str, int)) or isinstance(item["uid"], bool):
            raise FormatError(f"expected a string, found {_kind(item['uid'])}", where=f"{path}.uid")
        mine["uid"] = item["uid"]
    if "rotation" not in item:
        mine["no_rotation"] = True
    extra = {k: v for k, v in item.items() if k not in ("uid", "inventoryID", "altitude", "rotation", "pieceCoords")}
    if extra:
        mine["extra"] = extra
    if list(coords) != ["q", "r", "s"]:
        mine["coords"] = list(coords)
    if not mine:
        del piece.extras[NAME]
    return piece


def _whole(value: Any, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise FormatError(f"expected a whole number, found {_kind(value)}", where=path)
    if isinstance(value, float) and not (value.is_integer() and abs(value) < 1e15):
        raise FormatError(f"{value!r} is not a whole number", where=path)
    return int(value)


def _number(value: float | int) -> float | int:
    """JavaScript's view of a number: 1.0 and 1 are the same and print as 1."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return int(value)
    return value


def make_piece(hid: str, q: int, r: int, altitude: int, rotation: float | int | None, path: str) -> Piece:
    """A Piece from Hexoscape's id and numbers, checked against the catalog and the bounds."""
    if not (0 <= altitude <= MAX_ALTITUDE):
        raise FormatError(f"altitude {altitude} is outside 0..{MAX_ALTITUDE}", where=path)
    if abs(q) > MAX_COORDINATE or abs(r) > MAX_COORDINATE:
        raise FormatError(f"coordinates ({q}, {r}) are beyond ±{MAX_COORDINATE}", where=path)
    if rotation is None or not (0 <= rotation < 6) or rotation * 2 != int(rotation * 2):
        raise FormatError(f"rotation {rotation!r} is not 0-5.5 in half steps", where=path)
    type_id, attrs, extras = type_for_id(hid, path)
    cat = catalog()
    ptype = cat[type_id]
    if rotation != int(rotation) and ptype.hexes != 1:
        raise FormatError(f"half-step rotation {rotation} on the {ptype.hexes}-hex piece {excerpt(hid)!r}", where=path)
    dq, dr = _origin_shift(ptype, rotation)
    piece = Piece(type_id, q - dq, r - dr, altitude, rotation, attrs)
    if extras:
        piece.extras[NAME] = extras
    return piece


@lru_cache(maxsize=1)
def old_ids() -> dict[str, str]:
    """The piece ids of saves made before 2025-01-12 (the editor's long names: `grass24`,
    `laurWallPillar`) -> today's ids, one for one (`mapkit/data/hexoscape_old_ids.json`)."""
    table = json.loads(data.text("hexoscape_old_ids.json"))
    out = {t.hexoscape_inventory: t.hexoscape for t in catalog().types.values()
           if t.hexoscape_inventory and t.hexoscape}
    out.update(table["names"])
    out.update(table["renamed"])
    current = set(catalog().by_hexoscape) | set(START_ZONE_IDS) | set(GLYPH_IDS) | set(OBJECTIVE_IDS)
    return {old: new for old, new in out.items() if old not in current and old != new}


def today_id(hid: str) -> str:
    """A piece id as Hexoscape writes it today (an old save's long name read as its short id)."""
    return old_ids().get(hid, hid)


def old_ids_warning(seen: dict[str, str], path: str) -> str:
    """What a reader says of a save that names pieces by their pre-2025-01-12 ids."""
    shown = ", ".join(f"{old} as {new}" for old, new in sorted(seen.items())[:4])
    more = f" and {len(seen) - 4} more" if len(seen) > 4 else ""
    return (f"{path}: a save from before 2025-01-12, naming its pieces by the editor's old ids: read "
            f"{shown}{more} (today's ids, one for one)")


def type_for_id(hid: str, path: str) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """(catalog type id, attrs, extras) for a Hexoscape piece id."""
    if hid in START_ZONE_IDS:
        return "start-zone", {"player": START_ZONE_IDS[hid]}, {}
    if hid in GLYPH_IDS:
        return "glyph", {"letter": "?"}, {"id": hid}
    if hid in OBJECTIVE_IDS:
        return "objective-marker", {}, {"id": hid}
    ptype = catalog().by_hexoscape.get(hid)
    if ptype is None:
        raise FormatError(f"unknown Hexoscape piece id {excerpt(hid)!r}", where=path)
    return ptype.id, {}, {}


def _origin_shift(ptype: PieceType, rotation: float) -> tuple[int, int]:
    """Hexoscape origin minus model origin for this piece type and rotation."""
    offset = TEMPLATE_ORIGIN.get(ptype.shape)
    if offset is None:
        return 0, 0
    return rotate(offset[0], offset[1], int(rotation))


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


# -- writing ----------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def personal_tile_rules() -> tuple[tuple[str, str, str], ...]:
    """(match, text, piece type) rules by which Hexoscape names personal tiles (data file)."""
    text = data.text("hexoscape_personal_tiles.json")
    return tuple((rule["match"], rule["text"], rule["piece"]) for rule in json.loads(text)["rules"])


def personal_tile_type(piece: Piece) -> PieceType | None:
    """The piece Hexoscape makes of a VirtualScape personal tile, if its name says one and its
    size covers the same hexes (Hexoscape's import matches the name alone)."""
    name = str(piece.attrs.get("name") or "").lower()
    cat = catalog()
    for match, text, type_id in personal_tile_rules():
        if name.startswith(text) if match == "starts" else text in name:
            target = cat[type_id]
            shape = cat.shape_for(cat["personal"], piece.attrs.get("size"))
            return target if target.shape == shape and target.hexes == piece.attrs.get("size") else None
    return None


def hexoscape_type(piece: Piece, ptype: PieceType) -> PieceType:
    """The catalog type Hexoscape will show for a piece (personal tiles by their name)."""
    if ptype.id == "personal":
        return personal_tile_type(piece) or ptype
    return ptype


def hexoscape_id(piece: Piece, ptype: PieceType) -> str | None:
    """The Hexoscape id for a piece, or None if Hexoscape has no such piece."""
    if ptype.id == "start-zone":
        player = piece.attrs.get("player")
        return f"z{player}" if isinstance(player, int) and 1 <= player <= 8 else None
    if ptype.id == "glyph":
        kept = piece.extras.get(NAME, {}).get("id")
        return kept if kept in GLYPH_IDS else "y0"
    if ptype.id == "objective-marker":
        kept = piece.extras.get(NAME, {}).get("id")
        return kept if kept in OBJECTIVE_IDS else ptype.hexoscape
    return hexoscape_type(piece, ptype).hexoscape


#: Piece attributes a Hexoscape file keeps, or that `losses` names in words of their own.
_NAMED_ATTRS = {"start-zone": ("player", "name"), "glyph": ("letter",),
                "personal": ("size", "name", "label", "texture_top", "texture_side", "colour")}


def losses(m: Map) -> list[str]:
    """What a Hexoscape file cannot carry: one line per kind of thing lost, with how many
    pieces it touches and where the first one is."""
    found: dict[str, list[Any]] = {}

    def lost(what: str, piece: Piece) -> None:
        entry = found.setdefault(what, [0, piece])
        entry[0] += 1

    cat = catalog()
    castle_cells = {(q, r, level) for q, r, level, i in m.iter_cells() if m.pieces[i].type in CASTLE_UNDER}
    for piece in m.pieces:
        ptype = cat[piece.type]
        if piece.type in WALL_BASES and (piece.q, piece.r, piece.z - 1) not in castle_cells:
            lost(f"{ptype.name} without a castle base: Hexoscape builds a base into it, so it stands a level taller",
                 piece)
        if ptype.id == "start-zone" and hexoscape_id(piece, ptype) is None:
            lost(f"start zone of player {piece.attrs.get('player')!r}: Hexoscape numbers players 1-8", piece)
        elif hexoscape_id(piece, ptype) is None:
            label = piece.attrs.get("name") or piece.attrs.get("label")
            named = f" {label!r}" if label else ""
            lost(f"{ptype.name}{named}: Hexoscape has no such piece", piece)
        elif ptype.id == "personal":
            left = [word for key, word in (("label", "label"), ("texture_top", "textures"), ("colour", "colour"))
                    if piece.attrs.get(key) not in (None, "")]
            if left:
                lost(f"{ptype.name} {piece.attrs.get('name')!r}: Hexoscape makes it its "
                     f"{hexoscape_type(piece, ptype).name} and keeps no {', '.join(left)}", piece)
        elif ptype.id == "glyph" and piece.attrs.get("letter", "?") != "?":
            lost(f"glyph {piece.attrs['letter']!r}: Hexoscape glyphs carry no letter", piece)
        elif ptype.id == "start-zone" and piece.attrs.get("name"):
            lost(f"start zone name {piece.attrs['name']!r}: Hexoscape start zones have no names", piece)
        if hexoscape_id(piece, ptype) is not None:
            for key, value in unheld_piece_attrs(piece, _NAMED_ATTRS.get(ptype.id, ())):
                lost(f"{ptype.name} {key.replace('_', ' ')} {value!r}: Hexoscape keeps no such thing", piece)
        if hexoscape_id(piece, ptype) is not None and _half_step_of_many_hexes(piece, ptype):
            lost(f"{ptype.name} turned a half step: only one-hex pieces turn so (written as whole turns)", piece)
    for piece, _, q, r, altitude in _placed_pieces(m):
        if not _in_bounds(q, r, altitude):
            lost(f"{cat[piece.type].name} beyond Hexoscape's bounds (q and r within ±{MAX_COORDINATE}, "
                 f"altitude 0-{MAX_ALTITUDE})", piece)
    out = []
    place = Places(m)
    for what, (count, first) in found.items():
        where = f"{place(first.q, first.r)} Level {levels.level(cat[first.type], first.z)}"
        out.append(f"{what} (at {where})" if count == 1 else f"{what} ({count} pieces, the first at {where})")
    for kind, placements in (("C3G building", m.buildings), ("C3G object", m.objects)):
        for placement in placements:
            out.append(f"{kind} {placement.book!r} at {place(placement.q, placement.r)} on Level {placement.level}: "
                       "Hexoscape cannot place C3G Books")
    if has_player_count(m):
        out.append(f"players {m.players!r}: Hexoscape maps do not record the number of players")
    out.extend(_declared_losses(m))
    return out + unheld_attrs(m, ("sets_used",), "Hexoscape", notes=True)


def _declared_losses(m: Map) -> list[str]:
    """What setsUsed cannot say of the declared sets (those of the scenario written, if it names
    its own): a product with no Hexoscape letter (a figure expansion, a name mapkit does not
    know, a set Hexoscape lacks) and copies beyond one."""
    from mapkit.sets import declared as sets_declared
    from mapkit.sets.sets import set_letters

    out = []
    lettered = set(set_letters().values())
    for d in sets_declared.of_view(m) or ():
        if d.product.key not in lettered:
            out.append(f"sets used: {d.label} is left out (Hexoscape has no letter for it)")
        elif d.copies != 1:
            out.append(f"sets used: {d.label} is written once (Hexoscape's setsUsed has no copies)")
    return out


def _half_step_of_many_hexes(piece: Piece, ptype: PieceType) -> bool:
    return piece.rotation != int(piece.rotation) and ptype.hexes != 1


def _in_bounds(q: int, r: int, altitude: int) -> bool:
    """Within the bounds the reader accepts (so a written file always reads back)."""
    return 0 <= altitude <= MAX_ALTITUDE and abs(q) <= MAX_COORDINATE and abs(r) <= MAX_COORDINATE


def written_pieces(m: Map) -> list[tuple[Piece, str, int, int, int]]:
    """(piece, Hexoscape id, Hexoscape q, r, altitude) for every piece Hexoscape can hold, in
    map order; a base Hexoscape builds into its wall is left to the wall."""
    return [placed for placed in _placed_pieces(m) if _in_bounds(*placed[2:])]


def _placed_pieces(m: Map) -> list[tuple[Piece, str, int, int, int]]:
    """As written_pieces, before the bounds are checked."""
    cat = catalog()
    built_in = {(p.q, p.r, p.z - 1) for p in m.pieces
                if p.type in WALL_BASES and p.extras.get(NAME, {}).get("base_built_in")}
    out = []
    for piece in m.pieces:
        ptype = cat[piece.type]
        hid = hexoscape_id(piece, ptype)
        if hid is None:
            continue
        if _half_step_of_many_hexes(piece, ptype):  # named in losses; the reader takes whole turns only
            piece = replace(piece, rotation=int(piece.rotation))
        mine = piece.extras.get(NAME, {})
        if mine.get("built_into_wall") and (piece.q, piece.r, piece.z) in built_in:
            continue
        altitude = piece.z - 1 if mine.get("base_built_in") and piece.type in WALL_BASES else piece.z
        dq, dr = _origin_shift(hexoscape_type(piece, ptype), piece.rotation)
        out.append((piece, hid, piece.q + dq, piece.r + dr, altitude))
    return out


def encode_key(hid: str, q: int, r: int, altitude: int, rotation: float) -> str:
    return f"{altitude}~{q}~{r}~{js_number(rotation)}~{hid}"


def js_number(value: float | int) -> str:
    """A number as JavaScript's String() / JSON.stringify prints it (for the bounded values here)."""
    value = _number(value)
    return str(value) if isinstance(value, int) else repr(value)


def hex_map_for(m: Map, pieces: list[tuple[Piece, str, int, int, int]]) -> dict[str, Any]:
    """The hexMap object: the one read (kept in extras) brought up to date, or a new one."""
    kept = m.extras.get(NAME, {}).get("hexMap")
    if isinstance(kept, dict):
        hex_map = dict(kept)
        hex_map["name"] = m.name
        if "author" not in hex_map:
            hex_map = _insert_after(hex_map, "name", "author", m.author)
        hex_map["author"] = m.author
        if notes_text(m) or "mapNotes" in hex_map:
            hex_map["mapNotes"] = notes_text(m)
        _set_sets_used(m, hex_map)
        return hex_map
    width, length = _board_size(m, pieces)
    hex_map = {"id": _stable_id(m, pieces), "name": m.name, "author": m.author, "shape": "rectangle",
               "width": width, "length": length}
    if notes_text(m):
        hex_map["mapNotes"] = notes_text(m)
    _set_sets_used(m, hex_map)
    return hex_map


def _set_sets_used(m: Map, hex_map: dict[str, Any]) -> None:
    """hexMap.setsUsed from the map's declared sets, one letter per set (copies and products
    without a letter are named in `losses`); the list read is kept as it was (unknown letters
    included) while the declared sets are the ones it names."""
    from mapkit.sets import declared as sets_declared

    declared = sets_declared.of_view(m)
    if declared is None:
        if "setsUsed" in hex_map and "sets_used" not in m.attrs:
            del hex_map["setsUsed"]
        return
    kept = hex_map.get("setsUsed")
    if isinstance(kept, list) and all(isinstance(x, str) for x in kept) \
            and sets_declared.declaration(sets_from_letters(kept, "", [])) == declared:
        return
    hex_map["setsUsed"] = letters_for_sets(d.product.key for d in declared)


def _insert_after(d: dict[str, Any], after: str, key: str, value: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in d.items():
        out[k] = v
        if k == after:
            out[key] = value
    if key not in out:
        out[key] = value
    return out


def _board_size(m: Map, pieces: list[tuple[Piece, str, int, int, int]]) -> tuple[int, int]:
    """Width and length of Hexoscape's rectangle board (odd-r columns and rows 0..n-1) that holds the map."""
    cols, rows = [0], [0]
    for piece, *_ in pieces:
        for q, r in m.footprint(piece):
            col, row = axial_to_offset(q, r)
            cols.append(col)
            rows.append(row)
    return max(cols) + 1, max(rows) + 1


def _stable_id(m: Map, pieces: list[tuple[Piece, str, int, int, int]]) -> str:
    import hashlib  # (a writer's need: reading a map should not load OpenSSL)

    digest = hashlib.sha1(m.name.encode("utf-8", "surrogatepass"))
    for piece, hid, q, r, altitude in pieces:
        digest.update(encode_key(hid, q, r, altitude, piece.rotation).encode("utf-8", "surrogatepass"))
    return "mapkit-" + digest.hexdigest()[:12]


def board_pieces(m: Map, pieces: list[tuple[Piece, str, int, int, int]]) -> list[dict[str, Any]]:
    """The array form, with each piece's uid kept (or a new one, unique in the map)."""
    used = {str(p.extras[NAME]["uid"]) for p, *_ in pieces if "uid" in p.extras.get(NAME, {})}
    out = []
    counter = 0
    for piece, hid, q, r, altitude in pieces:
        mine = piece.extras.get(NAME, {})
        uid = mine.get("uid")
        if uid is None:
            while True:
                counter += 1
                uid = f"bp_mk{counter}"
                if uid not in used:
                    break
        item: dict[str, Any] = {"uid": uid, "inventoryID": hid, "altitude": altitude}
        if not mine.get("no_rotation"):
            item["rotation"] = _number(piece.rotation)
        coords = {"q": q, "r": r, "s": -q - r}
        order = mine.get("coords")
        if isinstance(order, list) and sorted(order) in (["q", "r", "s"], ["q", "r"]):
            coords = {k: coords[k] for k in order}
        item["pieceCoords"] = coords
        extra = mine.get("extra")
        if isinstance(extra, dict):
            for k, v in extra.items():
                item.setdefault(k, v)
        out.append(item)
    return out


def document(m: Map) -> dict[str, Any]:
    """The MapFileState Hexoscape saves today: {hexMap, boardPieces: [...]}."""
    pieces = written_pieces(m)
    doc: dict[str, Any] = {"hexMap": hex_map_for(m, pieces), "boardPieces": board_pieces(m, pieces)}
    extra = m.extras.get(NAME, {}).get("extra")
    if isinstance(extra, dict):
        for k, v in extra.items():
            doc.setdefault(k, v)
    return doc


def js_stringify(value: Any) -> str:
    """JSON.stringify(value): compact, non-ASCII kept, lone surrogates escaped."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return escape_lone_surrogates(text)


def write(m: Map) -> bytes:
    return js_stringify(document(m)).encode("utf-8")


def write_gzip(m: Map) -> bytes:
    """The `.gz` Hexoscape also saves: the same JSON, gzip-compressed (fixed timestamp)."""
    return gzip.compress(write(m), mtime=0)
