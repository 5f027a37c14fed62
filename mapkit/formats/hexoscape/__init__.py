"""Hexoscape map files (hexoscape.com, Dissolutio/heroscape-map-editor): JSON, plain or gzip.

A file is `{"hexMap": {id, name, author, shape, width, length, ...}, "boardPieces": ...}`.
`boardPieces` comes in every form the editor has saved (its loader, `useAutoLoadMapFile` and
`loadMapFromLocalStorage`, takes them all), each read here:

* object, `"<altitude>~<q>~<r>~<rotation>~<id>": "<id>"` (2025 files);
* the same keys with `,` separators (the earliest files), `-` (saves of 2024-12-27/28) or `.`
  (an editor of late 2024 split its keys on `.`);
* array of those key strings (`"<altitude>~<q>~<r>~<rotation>~<id>"`, as a share link lists its
  pieces: an older form the editor still loads);
* array of `{uid, inventoryID, altitude, rotation, pieceCoords: {q, r, s}}` (2026 on; what
  Hexoscape writes when it saves today, and so what `write` produces).

The document may also come wrapped as the editor keeps it in the browser (`{"state": {hexMap,
boardPieces}, "version": N}`, zustand's store); the map inside is read, and written back as the
editor saves a file today (unwrapped).

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

import json
import re
import zlib
from functools import lru_cache

from mapkit import data, limits
from mapkit.errors import FormatError, excerpt
from mapkit.formats._carried import read_back
from mapkit.formats._json import parse_json
from mapkit.formats.hexoscape._ids import (CASTLE_UNDER, MAX_ALTITUDE, MAX_COORDINATE, NAME,  # noqa: F401
                                           START_ZONE_IDS, TEMPLATE_ORIGIN, WALL_BASES, encode_key,
                                           js_number, js_value, kind_of, letters_for_sets, origin_shift,
                                           sets_from_letters)
from mapkit.formats.hexoscape._write import (board_pieces, document, hex_map_for, hexoscape_id,  # noqa: F401
                                             hexoscape_type, js_stringify, losses, personal_tile_rules,
                                             personal_tile_type, write, write_gzip, written_pieces)
from mapkit.model.catalog import catalog
from mapkit.model.map import Map, Piece, Pieces

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any, MutableSequence

GZIP_MAGIC = b"\x1f\x8b"
#: Refuse to inflate a .gz past this size for a document parsed whole (a gzip bomb would
#: otherwise exhaust memory); the same bound applies to a plain document (mapkit.limits).
MAX_INFLATED_BYTES = limits.DECOMPRESSED_BYTES.value
#: The fast path streams a file in Hexoscape's own layout into columns (a few bytes a piece,
#: the text never held whole), so it may inflate this much: a 3-million-piece map is ~330 MB.
STREAMED_BYTES = limits.STREAMED_BYTES.value

_INT = re.compile(r"-?\d+\Z")
#: Piece keys separated by `-` or `.` (`key_fields`): three whole numbers, a turn, the id.
_DASH_KEY = re.compile(r"(-?\d+)-(-?\d+)-(-?\d+)-(\d+(?:\.\d+)?)-([^~,]+)\Z")
_DOT_KEY = re.compile(r"(-?\d+)\.(-?\d+)\.(-?\d+)\.(\d+(?:\.5)?)\.([^~,.]+)\Z")
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
    """Gunzip every member, as `gzip -d` does (the file is their contents one after another),
    stopping at the decompressed size limit; a damaged or truncated member is a FormatError, and
    so are bytes after the last member that are not one (`gzip -d` would ignore them with a
    warning: nothing a file holds is left unread without a word), but for zero bytes to the end,
    a tape's or a block device's padding, which `gzip -d` takes silently (`padding`)."""
    from mapkit.formats.hexoscape._stream import padding

    bound = limits.DECOMPRESSED_BYTES
    parts: list[bytes] = []
    total, offset, rest = 0, 0, data
    while True:
        decompressor = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            out = decompressor.decompress(rest, bound.value + 1 - total)
        except zlib.error as exc:
            raise FormatError(f"damaged gzip data ({exc})", where=f"gzip member {len(parts) + 1}") from None
        total += len(out)
        if total > bound.value or decompressor.unconsumed_tail:
            raise bound.exceeded(None, where="gzip", what="the gzip data inflates to")
        if not decompressor.eof:
            raise FormatError("truncated gzip data (the stream ends early)", where=f"gzip member {len(parts) + 1}")
        parts.append(out)
        offset += len(rest) - len(decompressor.unused_data)
        rest = decompressor.unused_data
        if padding(rest):
            return b"".join(parts)
        if not rest.startswith(GZIP_MAGIC):
            raise FormatError(f"{len(rest):,} bytes after the gzip data that are not gzip (the file goes on after "
                              "its last member)", where=f"byte {offset}")


def _path_key(key: str) -> str:
    """A key as a JSON path names it, shortened to an excerpt (a key may be any length)."""
    return "[" + json.dumps(excerpt(key), ensure_ascii=False) + "]"


def map_from_document(doc: Any, root: str = "$") -> Map:
    """A Hexoscape MapFileState (any of its forms) to a Map; `root` is its JSON path (a
    wrapper's member)."""
    if not isinstance(doc, dict):
        raise FormatError(f"expected an object with hexMap and boardPieces, found {kind_of(doc)}", where=root)
    wrapper = _wrapper_key(doc)
    if wrapper is not None:
        m = map_from_document(doc[wrapper], root + (f".{wrapper}" if wrapper.isidentifier() else _path_key(wrapper)))
        m.extras[NAME]["wrapped_in"] = wrapper
        return m
    if "hexMap" not in doc:
        raise FormatError("no hexMap", where=root)
    if "boardPieces" not in doc:
        if "boardHexes" in doc:
            raise FormatError("a save in the Hexoscape editor's older per-hex form (boardHexes, one entry a hex, "
                              "and no boardPieces): mapkit reads the piece forms only; open the file in Hexoscape "
                              "and save it again", where=root)
        raise FormatError("no boardPieces", where=root)
    hex_map = doc["hexMap"]
    m = map_with_hex_map(hex_map, f"{root}.hexMap")
    board = doc["boardPieces"]
    if isinstance(board, (dict, list)):
        limits.check_count(limits.PIECES, len(board), where=f"{root}.boardPieces", what="the board")
    old: dict[str, str] = {}
    if isinstance(board, dict):
        form = "object"
        for key, value in board.items():
            # (a key's path is spelled only when something is said of it: most keys are read silently)
            if not isinstance(value, str):
                raise FormatError(f"expected the piece id as a string, found {kind_of(value)}",
                                  where=f"{root}.boardPieces" + _path_key(key))
            try:
                piece, hid = piece_from_encoded(key, "")
            except FormatError as exc:
                raise exc.at(f"{root}.boardPieces" + _path_key(key)) from None
            today = today_id(hid)
            if today != hid:
                old[hid] = today
            if value != hid:
                piece.extras.setdefault(NAME, {})["value"] = value
                m.warnings.append(f"{root}.boardPieces{_path_key(key)}: the key names {hid!r} but the value says "
                                  f"{value!r}; used the key")
            m.pieces.append(piece)
    elif isinstance(board, list):
        form = "strings" if board and all(isinstance(item, str) for item in board) else "array"
        for index, item in enumerate(board):
            path = f"{root}.boardPieces[{index}]"
            if isinstance(item, str):  # a piece key, as the older saves and a share link list them
                piece, hid = piece_from_encoded(item, path)
                if today_id(hid) != hid:
                    old[hid] = today_id(hid)
                m.pieces.append(piece)
            else:
                m.pieces.append(piece_from_object(item, path))
    else:
        raise FormatError(f"expected an object or an array, found {kind_of(board)}", where=f"{root}.boardPieces")
    if old:
        m.warnings.insert(0, old_ids_warning(old, f"{root}.boardPieces"))
    m.pieces = Pieces(with_built_in_bases(m.pieces))
    extra = {k: v for k, v in doc.items() if k not in ("hexMap", "boardPieces")}
    m.extras[NAME]["form"] = form
    if extra:
        m.extras[NAME]["extra"] = extra
    m.source_version = form
    read_back(m, NAME)
    return m


def _wrapper_key(doc: dict[str, Any]) -> str | None:
    """The key of the one member holding the map when `doc` is a wrapper around it (the editor's
    store keeps `{"state": {hexMap, boardPieces}, "version": N}` in the browser), else None."""
    if "hexMap" in doc or "boardPieces" in doc:
        return None
    inner = [key for key, value in doc.items() if isinstance(value, dict) and "hexMap" in value]
    return inner[0] if len(inner) == 1 else None


def with_built_in_bases(pieces: MutableSequence[Piece]) -> list[Piece]:
    """Give each wall Hexoscape built a base into (no castle piece beneath it) that base as a
    piece of its own, with the wall one level up: the model's picture of what Hexoscape shows.
    Walls are settled from the lowest up, so a wall on such a wall sees its full height."""
    walls = sorted((i for i, p in enumerate(pieces) if p.type in WALL_BASES), key=lambda i: pieces[i].z)
    if not walls:
        return list(pieces)
    m = Map(pieces=Pieces([p for p in pieces if p.type in CASTLE_UNDER]))
    castle_cells = {(q, r, level) for q, r, level, _ in m.iter_cells()}
    bases: dict[int, Piece] = {}
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
        raise FormatError(f"expected an object, found {kind_of(hex_map)}", where=path)
    for field in ("name", "author", "mapNotes"):
        if field in hex_map and not isinstance(hex_map[field], str):
            raise FormatError(f"expected a string, found {kind_of(hex_map[field])}", where=f"{path}.{field}")
    m = Map(name=hex_map.get("name", ""), author=hex_map.get("author", ""), notes=hex_map.get("mapNotes", ""))
    m.source_format = NAME
    m.extras[NAME] = {"hexMap": hex_map}
    if "setsUsed" in hex_map:
        m.attrs["sets_used"] = sets_from_letters(hex_map["setsUsed"], f"{path}.setsUsed", m.warnings)
    if "sets" in m.notes.lower():  # a page's "Required Sets:" line (the writer's), the editor's "RotV x2"
        from mapkit.sets.declared import read_required

        said = read_required(m.notes, m.warnings, f"{path}.mapNotes' required sets", loose=True)
        if said:
            m.attrs["sets_used"] = dict(said, **{k: v for k, v in m.attrs.get("sets_used", {}).items()
                                                 if k not in said})
    return m


def key_fields(key: str) -> list[str] | None:
    """The five fields of a piece key, `altitude~q~r~rotation~id`, in any form the editor wrote
    (`~`; `,` in its first saves; `-` in its saves of 2024-12-27/28, where a negative number
    doubles the dash; `.`, which a late-2024 loader split on), or None."""
    fields = key.split("~")
    if len(fields) == 5:
        return fields
    fields = key.split(",")
    if len(fields) == 5:
        return fields
    found = _DASH_KEY.match(key) or _DOT_KEY.match(key)
    return list(found.groups()) if found else None


def piece_from_encoded(key: str, path: str) -> tuple[Piece, str]:
    """A piece key (`key_fields`) to a Piece and the id it names."""
    fields = key_fields(key)
    if fields is None:
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
    rotation = js_value(float(rot_s)) if len(rot_s) < 20 else None
    piece = make_piece(hid, q, r, altitude, rotation, path)
    if encode_key(hid, q, r, altitude, piece.rotation) != key:
        piece.extras.setdefault(NAME, {})["key"] = key
    return piece, named


def piece_from_object(item: Any, path: str) -> Piece:
    """One element of the array form to a Piece."""
    if not isinstance(item, dict):
        raise FormatError(f"expected a piece object, found {kind_of(item)}", where=path)
    for field in ("inventoryID", "altitude", "pieceCoords"):
        if field not in item:
            raise FormatError(f"missing {field}", where=path)
    hid = item["inventoryID"]
    if not isinstance(hid, str):
        raise FormatError(f"expected a string, found {kind_of(hid)}", where=f"{path}.inventoryID")
    altitude = _whole(item["altitude"], f"{path}.altitude")
    rotation = item.get("rotation", 0)
    if isinstance(rotation, bool) or not isinstance(rotation, (int, float)):
        raise FormatError(f"expected a number, found {kind_of(rotation)}", where=f"{path}.rotation")
    coords = item["pieceCoords"]
    if not isinstance(coords, dict):
        raise FormatError(f"expected {{q, r, s}}, found {kind_of(coords)}", where=f"{path}.pieceCoords")
    for axis in ("q", "r"):
        if axis not in coords:
            raise FormatError(f"missing {axis}", where=f"{path}.pieceCoords")
    q = _whole(coords["q"], f"{path}.pieceCoords.q")
    r = _whole(coords["r"], f"{path}.pieceCoords.r")
    if "s" in coords and _whole(coords["s"], f"{path}.pieceCoords.s") != -q - r:
        raise FormatError(f"s must be -q-r = {-q - r}", where=f"{path}.pieceCoords.s")
    piece = make_piece(hid, q, r, altitude, js_value(rotation), path)
    mine = piece.extras.setdefault(NAME, {})
    if "uid" in item:
        if not isinstance(item["uid"], (str, int)) or isinstance(item["uid"], bool):
            raise FormatError(f"expected a string, found {kind_of(item['uid'])}", where=f"{path}.uid")
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
        raise FormatError(f"expected a whole number, found {kind_of(value)}", where=path)
    if isinstance(value, float) and not (value.is_integer() and abs(value) < 1e15):
        raise FormatError(f"{value!r} is not a whole number", where=path)
    return int(value)


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
    dq, dr = origin_shift(ptype, rotation)
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
    current = set(catalog().by_hexoscape) | set(START_ZONE_IDS) | set(catalog().glyph_by_hexoscape)
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
    glyph = catalog().glyph_by_hexoscape.get(hid)  # y0, y1, "y" + a glyph's number or older name
    if glyph is not None:
        return "glyph", catalog().glyph_attrs(glyph), {"id": hid}
    ptype = catalog().by_hexoscape.get(hid)
    if ptype is None:
        raise FormatError(f"unknown Hexoscape piece id {excerpt(hid)!r}", where=path)
    return ptype.id, {}, {}
