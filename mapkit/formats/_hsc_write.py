"""Writing `.hsc`: byte-exact for unchanged maps, VirtualScape 1.066 style for new or edited ones.

An unchanged map is recognised without comparing fields one by one: the map is re-encoded
with the details its reader kept (`extras["hsc"]`), and if the result hashes to the file's
fingerprint those are the original bytes. Anything else (a moved piece, a new name, a piece
from another format) fails that test, and the map is written as VirtualScape would write a
new file: version 0.0007 / 0.0003, UTF-16 strings, default print settings and colours,
non-negative coordinates, and only type ids VirtualScape knows.
"""

from __future__ import annotations

import hashlib
import struct
from typing import Any

from mapkit.formats._hsc_binary import VERSION_BYTES, encode_cstring, version_code
from mapkit.formats._hsc_rtf import rtf_to_text, text_to_rtf
from mapkit.formats._hsc_tables import (GLYPH_FIRST, GLYPH_LAST, PERSONAL_SIZES, Tables, colorref, tables)
from mapkit.model.catalog import PieceType
from mapkit.model.grid import axial_to_offset
from mapkit.model.map import Map, Piece

#: VirtualScape 1.066 defaults for a new document: levels per page, transparency, grid,
#: print tile numbers, print start areas as levels (docs/hsc-format.md §1.3 and §8).
DEFAULT_PRINT = (6, 80, 1, 0, 1)
_HEAD = struct.Struct("<i8siiii")
_I32 = struct.Struct("<i")
_U32 = struct.Struct("<I")
_EMPTY = encode_cstring("")


def write(m: Map) -> bytes:
    """The `.hsc` bytes of a map (see the module docstring for which style)."""
    hx = m.extras.get("hsc")
    if isinstance(hx, dict) and isinstance(hx.get("fingerprint"), str):
        try:
            data = _encode(m, hx)
        except (KeyError, TypeError, ValueError, OverflowError, AttributeError, IndexError, struct.error):
            data = None  # extras that no longer fit the map: treat it as edited
        if data is not None and hashlib.sha256(data).hexdigest() == hx["fingerprint"]:
            return data
    return _encode(m, None)


def losses(m: Map) -> list[str]:
    """What a `.hsc` cannot carry, one line per thing."""
    t = tables()
    out: list[str] = []
    for index, p in enumerate(m.pieces, 1):
        ptype = t.cat.types.get(p.type)
        where = f"piece {index} ({p.type}) at q={p.q} r={p.r} level {p.z}"
        if ptype is None:
            out.append(f"{where}: not a catalog piece")
            continue
        if ptype.vs is None:
            out.append(f"{where}: VirtualScape has no such piece")
            continue
        if p.rotation != int(p.rotation):
            out.append(f"{where}: rotation {p.rotation} is a half step; VirtualScape turns in whole "
                       f"60-degree steps (written as {int(p.rotation) % 6})")
        if ptype.id == "glyph" and _glyph_code(p.attrs.get("letter")) is None:
            out.append(f"{where}: glyph letter {p.attrs.get('letter')!r} is not one byte (written as '?')")
        if ptype.id == "personal" and p.attrs.get("size", 1) not in PERSONAL_SIZES:
            out.append(f"{where}: personal tile size {p.attrs.get('size')!r} is not 1, 2, 3, 7 or 24")
        if ptype.id == "start-zone" and _start_colour(p, t, None) is None:
            out.append(f"{where}: player {p.attrs.get('player')!r} has no VirtualScape start colour "
                       "(written black)")
        if ptype.kind == "figure" and "player" in p.attrs:
            out.append(f"{where}: the figure's player ({p.attrs['player']}) is not stored by VirtualScape")
    for kind, placements in (("building", m.buildings), ("destructible object", m.objects)):
        for placement in placements:
            out.append(f"C3G {kind} {placement.book!r} at q={placement.q} r={placement.r} "
                       f"level {placement.level}: VirtualScape has no C3G Books")
    return out


def _glyph_code(letter: Any) -> int | None:
    """The glyph-letter byte for a letter, or None if it is not one byte."""
    if isinstance(letter, str) and len(letter) == 1 and ord(letter) <= 255:
        return ord(letter)
    return None


def _start_colour(p: Piece, t: Tables, he: dict | None) -> int | None:
    if he is not None and "colour" in he:
        return int(he["colour"])
    colour = t.colour_of_player.get(p.attrs.get("player"))  # type: ignore[arg-type]
    if colour is None:
        kept = p.extras.get("hsc")
        if isinstance(kept, dict) and "colour" in kept:
            return int(kept["colour"])
    return colour


def _encode(m: Map, hx: dict | None) -> bytes:
    """Encode the map; `hx` = the reader's extras (round-trip style) or None (new-file style)."""
    t = tables()
    preserve = hx is not None
    version = version_code(hx["version"]) if preserve else 7
    forms = hx.get("forms", {}) if preserve else {}
    out = bytearray(VERSION_BYTES[version])
    if version >= 2:
        out += encode_cstring(m.name, forms.get("name"))
        out += encode_cstring(m.author, forms.get("author"))
    if version >= 3:
        out += encode_cstring(m.players, forms.get("players"))
    if version == 3:
        out += encode_cstring(m.scenario, forms.get("scenario"))
    elif version >= 4:
        rtf = _scenario_rtf(m)
        out += _I32.pack(len(rtf)) + rtf
    settings = list(hx.get("print", [])) if preserve else list(DEFAULT_PRINT)
    wanted = (3 if version >= 2 else 0) + (version >= 5) + (version >= 7)
    if len(settings) != wanted:
        raise ValueError("print settings do not match the version")
    for value in settings:
        out += _I32.pack(int(value))
    tile_version = version_code(hx["tile_version"]) if preserve else 3
    glyph_byte = int(hx["glyph_byte"]) if preserve else 0
    writable = [(p, t.cat.types[p.type]) for p in m.pieces
                if p.type in t.cat.types and t.cat.types[p.type].vs is not None
                and (p.type != "personal" or p.attrs.get("size", 1) in PERSONAL_SIZES)]
    shift = (0, 0, 0) if preserve else _shift(writable, t)
    out += _I32.pack(len(writable))
    for p, ptype in writable:
        out += _tile(p, ptype, t, preserve, tile_version, glyph_byte, shift)
    if preserve and hx.get("trailing"):
        out += bytes.fromhex(hx["trailing"])
    return bytes(out)


def _scenario_rtf(m: Map) -> bytes:
    """The original RTF if the scenario text is unchanged, else fresh minimal RTF."""
    kept = m.extras.get("hsc", {}).get("scenario_rtf") if isinstance(m.extras.get("hsc"), dict) else None
    if isinstance(kept, str):
        try:
            raw = bytes.fromhex(kept)
        except ValueError:
            raw = None
        if raw is not None and rtf_to_text(raw) == m.scenario:
            return raw
    return text_to_rtf(m.scenario) if m.scenario else b""


def _shift(writable: list[tuple[Piece, PieceType]], t: Tables) -> tuple[int, int, int]:
    """The translation (dq, dr, dz) that puts every hex at column, row and level >= 0.

    A translation in axial coordinates is a pure hex translation, so an odd row shift
    needs no parity care here: the column follows from the new row.
    """
    cells = []
    min_z = 0
    for p, ptype in writable:
        shape = t.cat.shape_for(ptype, p.attrs.get("size"))
        for dq, dr in t.cat.footprint(shape, int(p.rotation) % 6):
            cells.append((p.q + dq, p.r + dr))
        min_z = min(min_z, p.z)
    if not cells:
        return 0, 0, 0
    shift_r = max(0, -min(r for _, r in cells))
    min_col = min(q + ((r + shift_r) >> 1) for q, r in cells)
    return max(0, -min_col), shift_r, -min_z


def _tile(p: Piece, ptype: PieceType, t: Tables, preserve: bool, tile_version: int, glyph_byte: int,
          shift: tuple[int, int, int]) -> bytes:
    he = p.extras.get("hsc") if preserve else None
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
        byte = code
    else:
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
    dq, dr = t.anchor(t.cat.shape_for(ptype, size), turns)
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
        colour = _start_colour(p, t, he if preserve else None) or 0
    elif kind == "personal":
        colour = colorref(p.attrs.get("colour") or ptype.vs_colour)
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
