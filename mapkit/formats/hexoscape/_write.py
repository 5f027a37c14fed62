"""Writing Hexoscape JSON: the pieces Hexoscape has, named as it names them, and what it cannot carry."""

from __future__ import annotations

import gzip
import json
from functools import lru_cache

from mapkit import data
from mapkit.errors import Unkept, attribute_said, said
from mapkit.formats._json import escape_lone_surrogates
from mapkit.formats._carried import letter_carried, uncarried
from mapkit.formats._losses import Places, notes_text, print_setting_losses, unheld_attrs, unheld_piece_attrs
from mapkit.formats.hexoscape._ids import (CASTLE_UNDER, MAX_ALTITUDE, MAX_COORDINATE, NAME,
                                           WALL_BASES, encode_key, js_value, letters_for_sets,
                                           origin_shift, sets_from_letters)
from mapkit.model import levels
from mapkit.model.catalog import PieceType, catalog
from mapkit.model.grid import axial_to_offset
from mapkit.model.map import Map, Piece
from mapkit.records import replace

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any


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
    if ptype.id == "glyph":  # the id the file had while it names this glyph, else the glyph's id today
        cat = catalog()
        kept = piece.extras.get(NAME, {}).get("id")
        if kept in cat.glyph_by_hexoscape and cat.glyph_by_hexoscape[kept] is cat.glyph_of(piece.attrs):
            return kept
        return cat.hexoscape_glyph_id(piece.attrs) or ("y1" if piece.attrs.get("treasure") else "y0")
    return hexoscape_type(piece, ptype).hexoscape


#: Piece attributes a Hexoscape file keeps, or that `losses` names in words of their own.
_NAMED_ATTRS = {"start-zone": ("player", "name"), "glyph": ("letter", "name", "treasure"),
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
            lost(f"start zone of player {said(piece.attrs.get('player'))}: Hexoscape numbers players 1-8", piece)
        elif hexoscape_id(piece, ptype) is None:
            label = piece.attrs.get("name") or piece.attrs.get("label")
            named = f" {said(label)}" if label else ""
            lost(f"{ptype.name}{named}: Hexoscape has no such piece", piece)
        elif ptype.id == "personal":
            left = [word for key, word in (("label", "label"), ("texture_top", "textures"), ("colour", "colour"))
                    if piece.attrs.get(key) not in (None, "")]
            if left:
                lost(f"{ptype.name} {said(piece.attrs.get('name'))}: Hexoscape makes it its "
                     f"{hexoscape_type(piece, ptype).name} and keeps no {', '.join(left)}", piece)
        elif ptype.id == "glyph" and piece.attrs.get("letter", "?") != "?" and not cat.hexoscape_glyph_id(piece.attrs) \
                and not letter_carried(piece.attrs.get("letter")):  # (a letter mapNotes carries: _carried)
            lost(f"the letter {said(piece.attrs['letter'])} of a glyph: Hexoscape has no such glyph", piece)
        if hexoscape_id(piece, ptype) is not None:
            for key, value in unheld_piece_attrs(piece, _NAMED_ATTRS.get(ptype.id, ())):
                lost(f"{attribute_said(key, value)} of a {ptype.name}: Hexoscape keeps no such thing", piece)
        if hexoscape_id(piece, ptype) is not None and _half_step_of_many_hexes(piece, ptype):
            lost(f"the half step a {ptype.name} is turned: only one-hex pieces turn so (written as whole turns)", piece)
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
    # the players, a page's number and zone colours and the zones' names go into mapNotes (_carried)
    if not sets_in_notes(m):  # (else mapNotes says them as a page does, copies and all)
        out.extend(_declared_losses(m))
    out.extend(uncarried(m, NAME))
    out.extend(print_setting_losses(m, "Hexoscape"))
    wrapper = m.extras.get(NAME, {}).get("wrapped_in")
    if wrapper:  # the editor's browser store wraps a map so (`_wrapper_key`); its file loader takes it bare
        out.append(Unkept(f"the wrapper the map came in ({said(wrapper)}, as the editor's browser store keeps "
                          "it): written as the editor saves a file, without it"))
    return out + unheld_attrs(m, ("sets_used", "page", "zone_colours"), "Hexoscape", notes=True)


def sets_in_notes(m: Map) -> bool:
    """Whether mapNotes carries the declared sets as a page's "Required Sets:" line, which the
    reader reads back, ahead of the notes: when they are the map's own (a scenario written alone
    that names its own keeps them in its text) and setsUsed cannot say them (part of a copy, a
    product with no letter), or the notes name other sets the reader would take instead (a
    scenario's own list in a page's text)."""
    from mapkit.sets import declared as sets_declared

    own = sets_declared.of_map(m)
    if sets_declared.of_view(m) != own:
        return False
    if _declared_losses(m):
        return True
    said = sets_declared.read_required(str(m.notes or ""), [], "", loose=True)
    copies = {d.product.key: d.copies for d in own or ()}  # (the reader adds setsUsed's other letters)
    return own is not None and said is not None and any(copies.get(k) != n for k, n in said.items())


def _declared_losses(m: Map) -> list[str]:
    """What setsUsed cannot say of the declared sets (those of the scenario written, if it names
    its own): a product with no Hexoscape letter (a figure expansion, a name mapkit does not
    know, a set Hexoscape lacks) and part of a copy."""
    from mapkit.sets import declared as sets_declared
    from mapkit.sets.sets import set_letters

    out = []
    lettered = set(set_letters().values())
    for d in sets_declared.of_view(m) or ():
        if d.product.key not in lettered:
            out.append(f"sets used: {d.label} is left out (Hexoscape has no letter for it)")
        elif d.copies != int(d.copies) or d.copies < 1:
            out.append(f"sets used: {d.label} is written as {max(1, int(d.copies))} (Hexoscape counts whole "
                       "copies, its setsUsed listing a set's letter once per copy)")
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
        dq, dr = origin_shift(hexoscape_type(piece, ptype), piece.rotation)
        out.append((piece, hid, piece.q + dq, piece.r + dr, altitude))
    return out


def hex_map_for(m: Map, pieces: list[tuple[Piece, str, int, int, int]]) -> dict[str, Any]:
    """The hexMap object: the one read (kept in extras) brought up to date, or a new one."""
    kept = m.extras.get(NAME, {}).get("hexMap")
    if isinstance(kept, dict):
        hex_map = dict(kept)
        hex_map["name"] = m.name
        if "author" not in hex_map:
            hex_map = _insert_after(hex_map, "name", "author", m.author)
        hex_map["author"] = m.author
        notes = notes_text(m, sets=sets_in_notes(m), carry=NAME)
        if notes or "mapNotes" in hex_map:
            hex_map["mapNotes"] = notes
        _set_sets_used(m, hex_map)
        return hex_map
    width, length = _board_size(m, pieces)
    hex_map = {"id": _stable_id(m, pieces), "name": m.name, "author": m.author, "shape": "rectangle",
               "width": width, "length": length}
    notes = notes_text(m, sets=sets_in_notes(m), carry=NAME)
    if notes:
        hex_map["mapNotes"] = notes
    _set_sets_used(m, hex_map)
    return hex_map


def _set_sets_used(m: Map, hex_map: dict[str, Any]) -> None:
    """hexMap.setsUsed from the map's declared sets, a set's letter once per copy (products
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
    hex_map["setsUsed"] = letters_for_sets((d.product.key, d.copies) for d in declared)


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
            item["rotation"] = js_value(piece.rotation)
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
