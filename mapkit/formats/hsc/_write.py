"""Writing `.hsc`: byte-exact for unchanged maps, VirtualScape 1.066 style for new or edited ones.

An unchanged map is recognised without comparing fields one by one: the map is re-encoded
with the details its reader kept (`extras["hsc"]`), and if the result hashes to the file's
fingerprint those are the original bytes. Anything else (a moved piece, a new name, a piece
from another format) fails that test, and the map is written as VirtualScape would write a
new file: version 0.0007 / 0.0003, UTF-16 strings, default print settings and colours,
non-negative coordinates, and only type ids VirtualScape knows.
"""

from __future__ import annotations

import math
import operator
import struct
from typing import Any

from mapkit import registry
from mapkit.errors import attribute_said, said
from mapkit.formats._carried import uncarried
from mapkit.formats._losses import (CARRIED_BY_THE_MAP, VS_DEFAULT_PRINT, Places, board_losses, notes_text,
                                    unheld_attrs, unheld_piece_attrs)
from mapkit.formats.hsc._marvel import ruin_tiles, written_ruin
from mapkit.formats.hsc._binary import (FAST_PATH_MIN_TILES, VERSION_BYTES, encode_cstring, paused_gc, same_bytes,
                                        version_code)
from mapkit.formats.hsc._rtf import rtf_to_text, text_to_rtf
from mapkit.formats.hsc._tables import (GLYPH_FIRST, GLYPH_LAST, PERSONAL_SIZES, Tables, colorref, tables)
from mapkit.model import levels
from mapkit.model.catalog import PieceType
from mapkit.model.grid import axial_to_offset
from mapkit.model.map import Map, Piece

#: This format's name, from its registry row: the key of what it keeps in `extras`.
NAME = registry.declared(__name__).name
#: VirtualScape 1.066 defaults for a new document: levels per page, transparency, grid,
#: print tile numbers, print start areas as levels (docs/hsc-format.md §1.3 and §8).
DEFAULT_PRINT = VS_DEFAULT_PRINT
_HEAD = struct.Struct("<i8siiii")
_I32 = struct.Struct("<i")
_U32 = struct.Struct("<I")
_EMPTY = encode_cstring("")


def write(m: Map) -> bytes:
    """The `.hsc` bytes of a map (see the module docstring for which style)."""
    with paused_gc():
        return _write(m)


def _write(m: Map) -> bytes:
    hx = m.extras.get(NAME)
    if isinstance(hx, dict) and isinstance(hx.get("fingerprint"), str):
        try:
            data = _encode(m, hx)
        except (KeyError, TypeError, ValueError, OverflowError, AttributeError, IndexError, struct.error):
            data = None  # extras that no longer fit the map: treat it as edited
        if data is not None and same_bytes(data, hx["fingerprint"]):
            return data
    return _encode(m, None)


def _int32(value: Any) -> bool:
    try:
        return -2 ** 31 <= operator.index(value) < 2 ** 31
    except TypeError:
        return False


def _fits(p: Piece, ptype: PieceType, t: Tables) -> bool:
    """Whether the piece's VirtualScape anchor and level fit the file's 32-bit integers."""
    q, r, z, rotation = p.q, p.r, p.z, p.rotation
    if (type(q) is int and type(r) is int and type(z) is int and type(rotation) is int
            and -2 ** 30 < q < 2 ** 30 and -2 ** 30 < r < 2 ** 30 and -2 ** 31 <= z < 2 ** 31):
        return True  # the anchor is a few hexes from the origin at most
    try:
        q, r = operator.index(q), operator.index(r)
    except TypeError:
        return False
    if not _int32(z) or not isinstance(rotation, (int, float)) or not (
            math.isfinite(rotation) and abs(rotation) < 2 ** 31):
        return False
    dq, dr = t.anchor(_shape(p, ptype, t), int(rotation) % 6)
    x, y = axial_to_offset(q + dq, r + dr)
    return _int32(x) and _int32(y)


def _shape(p: Piece, ptype: PieceType, t: Tables) -> str:
    """The piece's shape; a personal tile of a size VirtualScape lacks counts as one hex."""
    size = p.attrs.get("size") if ptype.id == "personal" else None
    return t.cat.shape_for(ptype, size if size in PERSONAL_SIZES else None)


#: Piece types whose attrs the writer has to look at.
_ATTR_TYPES = frozenset({"glyph", "start-zone", "personal", "figure", "figure-double"})


#: Piece attributes a `.hsc` keeps (a figure's player is named as a loss in words of its own).
_HELD_ATTRS = {"glyph": ("letter",), "start-zone": ("player", "name"),
               "personal": ("size", "texture_top", "texture_side", "label", "name", "colour"),
               "figure": ("name", "file", "player")}


def losses(m: Map) -> list[str]:
    """What a `.hsc` cannot carry, one line per thing: a piece dropped (`... (dropped)`), or what a
    piece written loses, named first ("the treasure mark of piece 2 (glyph) ..."), so the line
    never reads as if the piece were dropped. Each speaks of the game (`errors.attribute_said`)."""
    t = tables()
    out: list[str] = []
    place = Places(m)
    zones = zone_tiles(m, t)
    ruins = ruin_tiles(m, t)
    for index, p in enumerate(m.pieces, 1):
        ptype = t.cat.types.get(p.type)
        if (ptype is not None and ptype.vs is not None and ptype.id not in _ATTR_TYPES and _fits(p, ptype, t)
                and p.rotation == int(p.rotation) and (not p.attrs or p.attrs.keys() <= CARRIED_BY_THE_MAP)
                and ptype.id not in ruins.types):
            continue  # the common case: nothing to report
        level = f"Level {levels.level(ptype, p.z)}" if ptype is not None else f"height {p.z}"
        where = f"piece {index} ({p.type}) at {place(p.q, p.r)} {level}"
        if ptype is None:
            out.append(f"{where}: not a catalog piece (dropped)")
            continue
        if index - 1 in ruins.bases:
            continue  # written in the ruin's tile: VirtualScape's ruin holds its concrete base
        for what, why in ruins.lost.get(index - 1, ()):
            out.append(f"{what} {where}: {why}")
        if ptype.vs is None and index - 1 not in ruins.tiles:
            out.append(f"{where}: VirtualScape has no such piece (dropped)")
            continue
        if not _fits(p, ptype, t):
            out.append(f"{where}: position or rotation VirtualScape cannot store (32-bit integers) (dropped)")
            continue
        if p.rotation != int(p.rotation):
            out.append(f"the half step of {where}: VirtualScape turns in whole 60-degree steps; the piece is "
                       f"written turned {int(p.rotation) % 6} (it was {p.rotation})")
        if ptype.id == "glyph" and _glyph_code(p.attrs.get("letter")) is None:
            out.append(f"the glyph letter {said(p.attrs.get('letter'))} of {where}: VirtualScape's is one byte; "
                       "the glyph is written as an unknown glyph ('?')")
        if ptype.id == "glyph" and p.attrs.get("treasure"):
            out.append(f"the treasure mark of {where}: VirtualScape has no treasure glyphs; the glyph is written "
                       "face down, as an unknown glyph ('?')")
        if ptype.id == "personal" and p.attrs.get("size", 1) not in PERSONAL_SIZES:
            out.append(f"{where}: personal tile size {said(p.attrs.get('size'))} is not 1, 2, 3, 7 or 24 (dropped)")
        if ptype.id == "personal" and "colour" in p.attrs and _rgb(p.attrs["colour"]) is None:
            out.append(f"the colour {said(p.attrs['colour'])} of {where}: not red, green and blue 0-255; the "
                       "personal tile is written grey")
        if ptype.id == "start-zone" and _start_colour(p, t, None, zones) is None:
            out.append(f"the player {said(p.attrs.get('player'))} of {where}: VirtualScape has no start colour "
                       "for that player; the start zone is written black")
        if ptype.kind == "figure" and "player" in p.attrs:
            out.append(f"the figure's player ({said(p.attrs['player'])}) of {where}: VirtualScape stores none "
                       "(the figure is written)")
        held = _HELD_ATTRS.get("figure" if ptype.kind == "figure" else ptype.id, ())
        for key, value in unheld_piece_attrs(p, held + (("treasure",) if ptype.id == "glyph" else ())):
            out.append(f"{attribute_said(key, value)} of {where}: VirtualScape has no place for it (the piece "
                       "is written)")
    for kind, placements in (("building", m.buildings), ("destructible object", m.objects)):
        for placement in placements:
            out.append(f"C3G {kind} {placement.book!r} at {place(placement.q, placement.r)} "
                       f"on Level {placement.level}: VirtualScape has no C3G Books")
    # the declared sets go into the scenario text as a page's "Required Sets:" line, read back
    # a page's number and zone colours go into the scenario text, the colours into the tiles that can
    out += board_losses(m, "VirtualScape") + uncarried(m, NAME)
    return out + unheld_attrs(m, ("sets_used", "page", "zone_colours"), "VirtualScape", notes=True)


def _glyph_code(letter: Any) -> int | None:
    """The glyph-letter byte for a letter, or None if it is not one byte."""
    if isinstance(letter, str) and len(letter) == 1 and ord(letter) <= 255:
        return ord(letter)
    return None


def zone_tiles(m: Map, t: Tables) -> dict[int, int]:
    """player -> COLORREF of the start zones a battlefield page colours (`Map.attrs["zone_colours"]`,
    each the page's own colour for that player: `Tables.page_colour`), for the players the map
    has start-zone tiles of: those tiles carry the colour, read back as the page's."""
    names = m.attrs.get("zone_colours")
    if not isinstance(names, dict) or not names:
        return {}
    players = {p.attrs.get("player") for p in m.pieces.of_type(("start-zone",))}
    out: dict[int, int] = {}
    for player in players:
        if not isinstance(player, int):
            continue
        colour = t.page_colour.get((player, str(names.get(str(player)))))
        if colour is not None:
            out[player] = colour
    return out


def _start_colour(p: Piece, t: Tables, he: dict | None, zones: dict[int, int]) -> int | None:
    """The start area's COLORREF: kept from the file, else the colour a page gives its player
    (`zone_tiles`), else the player's palette colour, else the colour an unknown-colour zone had
    in its file; None if there is none."""
    if he is not None and "colour" in he:
        return int(he["colour"])
    player = p.attrs.get("player")
    colour = (zones.get(player) or t.colour_of_player.get(player)) if isinstance(player, int) else None
    if colour is None:
        kept = p.extras.get(NAME)
        if isinstance(kept, dict) and _is_colorref(kept.get("colour")):
            return kept["colour"]
    return colour


def _is_colorref(value: Any) -> bool:
    return isinstance(value, int) and 0 <= value <= 0xFFFFFFFF


def _rgb(value: Any) -> tuple[int, int, int] | None:
    """An attrs colour ([r, g, b], 0-255 each), or None if it is not one."""
    if isinstance(value, (list, tuple)) and len(value) == 3 and all(
            isinstance(v, int) and 0 <= v <= 255 for v in value):
        return value[0], value[1], value[2]
    return None


def _encode(m: Map, hx: dict | None) -> bytes:
    """Encode the map; `hx` = the reader's extras (round-trip style) or None (new-file style)."""
    t = tables()
    preserve = hx is not None
    kept: dict = hx if hx is not None else {}  # what the reader kept, to write the file as it was
    version = version_code(kept["version"]) if preserve else 7
    forms = kept.get("forms", {}) if preserve else {}
    zones = zone_tiles(m, t)  # the start-zone colours the tiles carry (so the notes need not)
    out = bytearray(VERSION_BYTES[version])
    if version >= 2:
        out += encode_cstring(str(m.name or ""), forms.get("name"))
        out += encode_cstring(str(m.author or ""), forms.get("author"))
    if version >= 3:
        out += encode_cstring(str(m.players or ""), forms.get("players"))
    if version == 3:
        out += encode_cstring(notes_text(m, sets=True, carry=NAME, tiled=zones), forms.get("scenario"))
    elif version >= 4:
        rtf = _scenario_rtf(m, notes_text(m, sets=True, carry=NAME, tiled=zones))
        out += _I32.pack(len(rtf)) + rtf
    settings = list(kept.get("print", [])) if preserve else list(DEFAULT_PRINT)
    wanted = (3 if version >= 2 else 0) + (version >= 5) + (version >= 7)
    if len(settings) != wanted:
        raise ValueError("print settings do not match the version")
    for value in settings:
        out += _I32.pack(int(value))
    tile_version = version_code(kept["tile_version"]) if preserve else 3
    glyph_byte = int(kept["glyph_byte"]) if preserve else 0
    types = t.cat.types
    writable = []
    ruins = ruin_tiles(m, t)  # a warehouse ruin and its concrete base are one tile (`_marvel`)
    ptype: PieceType | None
    for index, p in enumerate(m.pieces):
        if ruins.tiles and (index in ruins.tiles or index in ruins.bases):
            if index in ruins.bases:
                continue
            p, ptype = written_ruin(p, ruins, index)
        else:
            ptype = types.get(p.type)
        if (ptype is not None and ptype.vs is not None and _fits(p, ptype, t)
                and (ptype.id != "personal" or p.attrs.get("size", 1) in PERSONAL_SIZES)):
            writable.append((p, ptype))
    shift = (0, 0, 0) if preserve else _shift(writable, t)
    records, count = _tiles(writable, t, preserve, tile_version, glyph_byte, shift, zones)
    out += _I32.pack(count)
    out += b"".join(records)
    if preserve and kept.get("trailing"):
        out += bytes.fromhex(kept["trailing"])
    return bytes(out)


def _scenario_rtf(m: Map, notes: str) -> bytes:
    """The original RTF if the scenario text (`notes`) is unchanged, else fresh minimal RTF."""
    kept = m.extras.get(NAME, {}).get("scenario_rtf") if isinstance(m.extras.get(NAME), dict) else None
    if isinstance(kept, str):
        try:
            raw = bytes.fromhex(kept)
        except ValueError:
            raw = None
        if raw is not None and rtf_to_text(raw) == notes:
            return raw
    return text_to_rtf(notes) if notes else b""


def _shift(writable: list[tuple[Piece, PieceType]], t: Tables) -> tuple[int, int, int]:
    """The translation (dq, dr, dz) that puts every hex at column, row and level >= 0.

    A translation in axial coordinates is a pure hex translation, so an odd row shift
    needs no parity care here: the column follows from the new row. Per (shape, turn) the
    extreme cells are found once: the lowest row, and the westernmost column for a
    footprint whose origin sits on an even or on an odd row.
    """
    if not writable:
        return 0, 0, 0
    extremes: dict[tuple, tuple[int, int, int]] = {}
    spans = []
    for p, ptype in writable:
        size = p.attrs.get("size") if ptype.id == "personal" else None
        ext = extremes.get((p.type, p.rotation, size))
        if ext is None:
            cells = t.cat.footprint(_shape(p, ptype, t), int(p.rotation) % 6)
            ext = (min(dr for _, dr in cells),
                   min(dq + (dr >> 1) for dq, dr in cells), min(dq + ((1 + dr) >> 1) for dq, dr in cells))
            extremes[(p.type, p.rotation, size)] = ext
        spans.append((p.q, p.r, ext))
    shift_r = max(0, -min(r + ext[0] for _, r, ext in spans))
    min_col = min(q + ((r + shift_r) >> 1) + ext[1 + ((r + shift_r) & 1)] for q, r, ext in spans)
    return max(0, -min_col), shift_r, max(0, -min(p.z for p, _ in writable))


def _tiles(writable: list[tuple[Piece, PieceType]], t: Tables, preserve: bool, tile_version: int,
           glyph_byte: int, shift: tuple[int, int, int], zones: dict[int, int]) -> tuple[list[bytes], int]:
    """Every tile record, and how many. Plain pieces with nothing kept in extras (almost all
    of a big map) are encoded together with numpy; the rest one by one."""
    fast = False  # a small map is written one record at a time
    if tile_version == 3 and len(writable) >= FAST_PATH_MIN_TILES:
        try:
            from mapkit.formats.hsc import _fast as _hsc_fast
            fast = True
        except ImportError:  # numpy missing: every piece goes through _tile
            pass
    codes: dict[str, int] = _hsc_fast.lookup(t).writer_code if fast else {}
    slots: list[bytes | None] = []  # None = the next plain record
    rows = []
    for p, ptype in writable:
        code = codes.get(p.type)
        if code is not None and not (preserve and p.extras.get(NAME)):
            slots.append(None)
            rows.append((code, p.q, p.r, p.z, p.rotation))
            continue
        try:
            slots.append(_tile(p, ptype, t, preserve, tile_version, glyph_byte, shift, zones))
        except struct.error:  # pushed past 32 bits by the shift to non-negative coordinates
            if preserve:
                raise
    if not rows:  # no plain record: every slot holds its record
        records = [slot for slot in slots if slot is not None]
        return records, len(records)
    pc, pq, pr, pz, pt = zip(*rows)
    buffer, fits = _hsc_fast.encode_plain(pc, pq, pr, pz, pt, t, glyph_byte, shift)
    if preserve and fits is not None:
        raise ValueError("coordinates out of range")
    if len(slots) == len(pc) and fits is None:
        return [buffer], len(pc)
    out: list[bytes] = []
    count = 0
    k = 0
    for slot in slots:
        if slot is not None:
            out.append(slot)
            count += 1
        else:
            if fits is None or fits[k]:
                out.append(buffer[41 * k:41 * k + 41])
                count += 1
            k += 1
    return out, count


def _tile(p: Piece, ptype: PieceType, t: Tables, preserve: bool, tile_version: int, glyph_byte: int,
          shift: tuple[int, int, int], zones: dict[int, int]) -> bytes:
    he = p.extras.get(NAME) if preserve else None
    if he is not None and not isinstance(he, dict):
        raise TypeError("piece extras")
    he = he or {}
    kind = ptype.id
    if kind == "glyph":
        code = _glyph_code(p.attrs.get("letter"))
        code = code if code is not None else ord("?")
        raw = 14000 + code if GLYPH_FIRST < 14000 + code <= GLYPH_LAST else 14063
        kept = he.get("type")
        if isinstance(kept, int) and GLYPH_FIRST <= kept <= GLYPH_LAST:
            raw = kept
        byte = int(he.get("byte", code))  # (a byte other than the letter: the file it was read from had it)
    else:
        if ptype.vs is None:  # _encode writes only the pieces VirtualScape has
            raise ValueError(f"VirtualScape has no {ptype.id}")
        raw = ptype.vs
        kept = he.get("type")
        if isinstance(kept, int) and t.by_vs.get(kept) is ptype:
            raw = kept
        byte = int(he.get("byte", glyph_byte))
    tv = version_code(he["tv"]) if "tv" in he else tile_version
    turns = int(p.rotation) % 6
    rot = (turns - ptype.vs_rotation_offset) % 6
    if "rot" in he and (int(he["rot"]) + ptype.vs_rotation_offset) % 6 == turns:
        rot = int(he["rot"])
    size = p.attrs.get("size", 1) if kind == "personal" else None
    dq, dr = t.anchor(_shape(p, ptype, t), turns)
    x, y = axial_to_offset(p.q + dq + shift[0], p.r + dr + shift[1])
    out = _HEAD.pack(raw, VERSION_BYTES[tv], rot, x, y, p.z + shift[2])
    if tv < 2:
        return out
    strings = [str(he.get("glyph_name", "")),
               str(p.attrs.get("name", "")) if kind == "start-zone" else str(he.get("start_name", ""))]
    if tv >= 3:
        if kind == "personal":
            strings += [str(p.attrs.get(k, "")) for k in ("texture_top", "texture_side", "label", "name")]
        elif kind in ("figure", "figure-double"):
            strings += [str(p.attrs.get("name", "")), str(p.attrs.get("file", ""))]
    forms = he.get("forms")
    if not isinstance(forms, list) or len(forms) != len(strings):
        forms = [None] * len(strings)
    encoded = [_EMPTY if not s and f is None else encode_cstring(s, f) for s, f in zip(strings, forms)]
    out += bytes((byte,)) + encoded[0] + encoded[1]
    if tv < 3:
        return out
    if kind == "start-zone":
        colour = _start_colour(p, t, he if preserve else None, zones) or 0
    elif kind == "personal":
        colour = colorref(_rgb(p.attrs.get("colour")) or ptype.vs_colour)
        kept_colour = he.get("colour")
        if isinstance(kept_colour, int) and kept_colour & 0xFFFFFF == colour:
            colour = kept_colour
    else:
        colour = int(he["colour"]) if "colour" in he else colorref(ptype.vs_colour)
    out += _U32.pack(colour)
    if kind == "personal":
        out += _I32.pack(size) + b"".join(encoded[2:])
    elif kind in ("figure", "figure-double"):
        out += b"".join(encoded[2:])
    return out
