"""VirtualScape `.hsc` maps (docs/hsc-format.md): every document version 0.0001-0.0007.

Reading keeps everything a byte-exact round trip needs (versions, string encodings, the
uninitialised glyph byte, colours, legacy ids, the RTF scenario, trailing bytes) in
`extras["hsc"]`, as JSON values, together with a fingerprint of the file (its length and CRC-32). Writing
first re-encodes the map the way it was read; if that reproduces the fingerprint the map is
unchanged and those bytes are returned. Otherwise the map was edited (or is new) and it is
written the way VirtualScape 1.066 writes a new file (§8).

What is kept (all JSON values, so the native format can carry them verbatim):
    map.extras["hsc"]   version ("0.0007"), fingerprint ("crc32:HEX:LENGTH" of the file), print
                        (the print settings, as stored), tile_version and glyph_byte (the
                        file's usual tile version and garbage glyph byte), forms (CString
                        encodings that are not minimal UTF-16, e.g. {"name": "a1"}),
                        scenario_rtf (hex, v0.0004+), trailing (hex, bytes after the last tile)
    piece.extras["hsc"] only where a tile differs from those defaults: type (raw id, e.g.
                        24001 or 14062), tv, byte, colour (COLORREF int), glyph_name,
                        start_name (on tiles that are not start zones), forms (per string), rot
Start-zone names, glyph letters, figure and personal-tile strings are attrs, not extras.
"""

from __future__ import annotations


from mapkit import limits, registry
from mapkit.errors import FormatError
from mapkit.formats.hsc._binary import (FAST_PATH_MIN_TILES, Cursor, VERSION_CODES, fingerprint, form_is_default, paused_gc,
                                        version_name)
from mapkit.formats._carried import read_back
from mapkit.formats.hsc._rtf import rtf_to_text
from mapkit.formats.hsc._tables import (FIGURE_IDS, GLYPH_FIRST, GLYPH_LAST, PERSONAL_ID, PERSONAL_SIZES,
                                        START_ID, Tables, colorref, glyph_letter, rgb_of, tables)
from mapkit.model.grid import offset_to_axial
from mapkit.model.map import Map, Piece, Pieces

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any

#: The format's name, from its registry row (also the key of what it keeps in `extras`).
NAME = registry.declared(__name__).name

#: The smallest tile record (tile version 0.0001: type, version, rotation, x, y, z).
MIN_TILE_BYTES = 28



def losses(m: Map) -> list[str]:
    """What a `.hsc` cannot carry, one line per thing (see `_write.losses`)."""
    from mapkit.formats.hsc import _write  # the writer is not loaded by commands that only read

    return _write.losses(m)


def write(m: Map) -> bytes:
    """The `.hsc` bytes of a map: the file it was read from if unchanged, else VirtualScape
    1.066's way (see `_write`)."""
    from mapkit.formats.hsc import _write

    return _write.write(m)


def sniff(head: bytes) -> float:
    """Certain when the file starts with one of VirtualScape's seven version doubles."""
    return 1.0 if head[:8] in VERSION_CODES else 0.0


def read(data: bytes, filename: str = "") -> Map:
    """Parse a `.hsc` file. Raises FormatError (with the byte offset) and nothing else."""
    data = bytes(data)
    cur = Cursor(data)
    try:
        with paused_gc():
            return _read(data, cur)
    except FormatError as exc:
        raise (exc.with_file(filename) if filename else exc) from None
    except (ValueError, IndexError, OverflowError, UnicodeError) as exc:  # a gap in the checks: still one error
        raise FormatError(f"cannot decode ({exc})", file=filename or None, where=f"byte {cur.pos}") from None


def _read(data: bytes, cur: Cursor) -> Map:
    version = cur.version("document version")
    m = Map(source_format=NAME, source_version=version_name(version))
    hx: dict[str, Any] = {"version": version_name(version)}
    forms: dict[str, str] = {}
    if version >= 2:
        m.name = _string(cur, "map name", "name", forms)
        m.author = _string(cur, "author", "author", forms)
    if version >= 3:
        m.players = _string(cur, "number of players", "players", forms)
    if version == 3:
        m.notes = _string(cur, "scenario", "scenario", forms)
    elif version >= 4:
        at = cur.pos
        size = cur.i32("scenario length")
        if size < 0 or size > cur.end - cur.pos:
            raise cur.fail(f"scenario length {size} does not fit in the file "
                           f"({cur.end - cur.pos} bytes left)", at)
        raw = cur.raw(size, "scenario")
        hx["scenario_rtf"] = raw.hex()
        m.notes = rtf_to_text(raw)
    if m.notes and "required set" in m.notes.lower():  # (the words first: most texts spare the import)
        from mapkit.sets.declared import read_required

        declared = read_required(m.notes, m.warnings, "the scenario text's required sets")
        if declared:
            m.attrs["sets_used"] = declared
    if forms:
        hx["forms"] = forms
    settings = []
    if version >= 2:
        settings += [cur.i32("levels per page"), cur.i32("printing transparency"), cur.i32("printing grid")]
    if version >= 5:
        settings.append(cur.i32("print tile numbers"))
    if version >= 7:
        settings.append(cur.i32("print start areas as levels"))
    if settings:
        hx["print"] = settings
    at = cur.pos
    count = cur.i32("tile count")
    left = cur.end - cur.pos
    if count < 0 or count * MIN_TILE_BYTES > left:
        raise cur.fail(f"file ends at byte {cur.end} but the header promises {count} tiles "
                       f"(at least {max(count, 0) * MIN_TILE_BYTES} bytes, {left} left)", at)
    limits.check_count(limits.PIECES, count, where=f"byte {at}", what="the header's tile count")
    zones: dict[str, str] = {}
    m.pieces = _read_tiles(cur, count, hx, zones, m.warnings)
    if zones:
        m.attrs["zone_colours"] = dict(sorted(zones.items(), key=lambda item: int(item[0])))
    read_back(m, NAME)
    if cur.pos < cur.end:
        hx["trailing"] = data[cur.pos:].hex()
        m.warnings.append(f"{cur.end - cur.pos} unexpected byte(s) after the last tile, from byte {cur.pos} "
                          "(kept for a faithful round trip)")
    hx["fingerprint"] = fingerprint(data)
    m.extras[NAME] = hx
    return m


def _string(cur: Cursor, what: str, key: str, forms: dict[str, str]) -> str:
    text, form = cur.cstring(what)
    if not form_is_default(form, len(text.encode("utf-16-le", "surrogatepass")) // 2):
        forms[key] = form
    return text


# -- tiles -------------------------------------------------------------------------------------

class _Tile:
    """One tile record as the general parser saw it."""

    __slots__ = ("at", "type", "tv", "rot", "x", "y", "z", "byte", "strings", "forms", "colour", "size")
    type: int  # set by _parse_tile, in file order
    tv: int
    rot: int
    x: int
    y: int
    z: int

    def __init__(self, at: int):
        self.at = at
        self.byte: int | None = None
        self.strings: list[str] = []
        self.forms: list[str] = []
        self.colour: int | None = None
        self.size: int | None = None


def _parse_tile(cur: Cursor, t: Tables) -> _Tile:
    tile = _Tile(cur.pos)
    tile.type = cur.i32("tile type")
    if not _known(tile.type, t):
        raise cur.fail(f"unknown tile type id {tile.type} (VirtualScape would crash on it)", tile.at)
    tile.tv = cur.version("tile version")
    tile.rot = cur.i32("rotation")
    tile.x = cur.i32("x")
    tile.y = cur.i32("y")
    tile.z = cur.i32("z")
    if tile.tv >= 2:
        tile.byte = cur.u8("glyph letter")
        for what in ("glyph name", "start area name"):
            text, form = cur.cstring(what)
            tile.strings.append(text)
            tile.forms.append(form)
    if tile.tv >= 3:
        tile.colour = cur.u32("colour")
        if tile.type == PERSONAL_ID:
            at = cur.pos
            tile.size = cur.i32("personal tile size")
            if tile.size not in PERSONAL_SIZES:
                raise cur.fail(f"personal tile size {tile.size} is not one of 1, 2, 3, 7, 24", at)
            whats: tuple[str, ...] = ("top texture", "side texture", "label", "personal tile name")
        elif tile.type // 1000 == 18:
            whats = ("figure name", "figure file")
        else:
            whats = ()
        for what in whats:
            text, form = cur.cstring(what)
            tile.strings.append(text)
            tile.forms.append(form)
    return tile


def _known(raw: int, t: Tables) -> bool:
    return (raw in t.by_vs or GLYPH_FIRST <= raw <= GLYPH_LAST or raw in (START_ID, PERSONAL_ID)
            or raw in FIGURE_IDS or raw in t.editor)


def _read_tiles(cur: Cursor, count: int, hx: dict[str, Any], zones: dict[str, str], warnings: list[str]) -> Pieces:
    """The tiles as pieces (the plain runs as columns); what a reader says of them to `warnings`."""
    t = tables()

    def parse_one(pos: int) -> tuple[_Tile, int]:
        cur.pos = pos
        tile = _parse_tile(cur, t)
        return tile, cur.pos

    fast = False  # a small map reads faster than numpy imports
    if count >= FAST_PATH_MIN_TILES:
        try:
            from mapkit.formats.hsc import _fast as _hsc_fast
            fast = True
        except ImportError:  # numpy missing: the general parser reads everything
            pass
    if fast:
        runs, general, cur.pos, (codes, turns, raw) = _hsc_fast.scan(cur.data, cur.pos, count, t, parse_one)
        rec = _hsc_fast.Plain(_hsc_fast.records(cur.data, runs), t, codes, turns, raw) if runs else None
        hist = rec.byte_histogram() if rec is not None else [0] * 256
    else:
        runs, general, rec = [], [], None
        for index in range(count):
            general.append((index, _parse_tile(cur, t)))
        hist = [0] * 256
    # The file's usual glyph byte and tile version: remembered once, not per tile.
    versions: dict[int, int] = {3: len(rec)} if rec is not None else {}
    for _, tile in general:
        versions[tile.tv] = versions.get(tile.tv, 0) + 1
        if tile.byte is not None and not GLYPH_FIRST <= tile.type <= GLYPH_LAST:
            hist[tile.byte] += 1
    glyph_byte = max(range(256), key=lambda b: (hist[b], -b))
    tile_version = max(sorted(versions), key=lambda v: versions[v]) if versions else 3
    hx["tile_version"] = version_name(tile_version)
    hx["glyph_byte"] = glyph_byte
    general_pieces = [_piece(tile, t, glyph_byte, tile_version) for _, tile in general]
    editor = sorted({tile.type for _, tile in general if tile.type in t.editor})
    if editor:
        warnings.append(editor_codes_warning(editor, t))
    starts: list[tuple[int, Piece, int]] = [  # (tile index, piece, colour) of every start zone
        (index, piece, tile.colour if tile.colour is not None else 0)
        for piece, (index, tile) in zip(general_pieces, general) if tile.type == START_ID]
    # a warehouse ruin's tile is the ruin and its concrete base: a piece is added for the base (`_marvel`)
    ruins = [index for piece, (index, _) in zip(general_pieces, general) if piece.type in t.ruins]
    if rec is None:
        _assign_players(starts, t, zones)
        if ruins and t.ruin_base is not None:
            from mapkit.formats.hsc._marvel import with_bases

            return Pieces(with_bases(general_pieces, ruins, t.ruin_base))
        return Pieces(general_pieces)
    from mapkit.model.columns import Columns

    columns = rec.columns()
    special, plain_starts = rec.special(t, glyph_byte)
    if general:
        # Spread the runs' rows over the whole tile sequence; general tiles are objects there.
        rows = _hsc_fast.positions(runs)
        columns = _spread(columns, runs, general)
        special = {rows[i]: piece for i, piece in special.items()}
        plain_starts = [(rows[i], colour) for i, colour in plain_starts]
        special.update((index, piece) for piece, (index, _) in zip(general_pieces, general))
    starts += [(row, special[row], colour) for row, colour in plain_starts]
    _assign_players(sorted(starts, key=lambda s: s[0]), t, zones)
    if ruins and t.ruin_base is not None:
        from mapkit.formats.hsc._marvel import with_base_rows

        columns, special = with_base_rows(columns, special, ruins, t.ruin_base)
    return Pieces.of_columns(Columns(_hsc_fast.kinds(t), columns["kind"], columns["q"], columns["r"], columns["z"],
                                     special))


def editor_codes_warning(codes: list[int], t: Tables) -> str:
    """What a reader says of a file holding the Hexoscape editor's own type ids."""
    named = ", ".join(f"{code} ({t.editor[code].name})" for code in codes)
    return (f"tile types {named} are the Hexoscape editor's own, for pieces VirtualScape never had: read as those "
            "pieces, as the editor reads them (VirtualScape cannot open this file)")


def _spread(columns: dict, runs: list, general: list) -> dict:
    """The runs' columns laid over every tile index, with a zero where a general tile is."""
    events = sorted([(index, n) for index, _, n in runs] + [(index, 0) for index, _ in general])
    out = {}
    for name, column in columns.items():
        spread = type(column)(column.typecode)
        taken = 0
        for _, n in events:
            if n:
                spread.extend(column[taken:taken + n])
                taken += n
            else:
                spread.append(0)
        out[name] = spread
    return out


def _piece(tile: _Tile, t: Tables, glyph_byte: int, tile_version: int) -> Piece:
    """A model piece for one general tile record, with what a round trip needs in extras."""
    raw = tile.type
    attrs: dict[str, Any] = {}
    extras: dict[str, Any] = {}
    cat = t.cat
    strings = tile.strings
    if GLYPH_FIRST <= raw <= GLYPH_LAST:
        ptype = cat["glyph"]
        letter = glyph_letter(raw, tile.byte, cat.glyphs)
        attrs["letter"] = letter
        if letter == "?" and tile.byte == glyph_byte == t.editor_byte and raw == t.editor_glyph:
            attrs["treasure"] = True  # the Hexoscape editor's export: its treasure glyph (_fast.special)
        canon: int | None = 14000 + ord(letter)
        if tile.byte is not None and tile.byte != ord(letter):
            extras["byte"] = tile.byte
    else:
        ptype = t.by_vs.get(raw) or t.editor.get(raw) or (
            cat["start-zone"] if raw == START_ID else cat["personal"] if raw == PERSONAL_ID else
            cat["figure"] if raw == FIGURE_IDS[0] else cat["figure-double"])
        canon = ptype.vs
        if tile.byte is not None and tile.byte != glyph_byte:
            extras["byte"] = tile.byte
    if raw != canon:
        extras["type"] = raw
    if tile.tv != tile_version:
        extras["tv"] = version_name(tile.tv)
    if strings:
        if strings[0]:
            extras["glyph_name"] = strings[0]
        if raw == START_ID:
            if strings[1]:
                attrs["name"] = strings[1]
        elif strings[1]:
            extras["start_name"] = strings[1]
    expected: int | None = colorref(ptype.vs_colour)
    if raw == PERSONAL_ID:
        attrs["size"] = tile.size if tile.size is not None else 1
        if tile.size is not None:
            attrs["texture_top"], attrs["texture_side"], attrs["label"], attrs["name"] = strings[2:6]
        if tile.colour is not None:
            attrs["colour"] = rgb_of(tile.colour)
            expected = tile.colour & 0xFFFFFF
    elif raw in FIGURE_IDS and len(strings) == 4:
        attrs["name"], attrs["file"] = strings[2:4]
    if raw == START_ID:
        expected = tile.colour  # unknown start colours are kept by _assign_players
    if tile.colour is not None and tile.colour != expected:
        extras["colour"] = tile.colour
    if any(not form_is_default(f, len(s.encode("utf-16-le", "surrogatepass")) // 2)
           for f, s in zip(tile.forms, strings)):
        extras["forms"] = list(tile.forms)
    if not 0 <= tile.rot <= 5:
        extras["rot"] = tile.rot
    rotation = (tile.rot + ptype.vs_rotation_offset) % 6
    shape = cat.shape_for(ptype, attrs.get("size"))
    q, r = offset_to_axial(tile.x, tile.y)
    dq, dr = t.anchor(shape, rotation)
    # a warehouse ruin's tile holds the concrete base it stands on: the ruin is a level up (`_marvel`)
    piece = Piece(ptype.id, q - dq, r - dr, tile.z + 1 if ptype.id in t.ruins else tile.z, rotation, attrs)
    if extras:
        piece.extras[NAME] = extras
    return piece


def _assign_players(starts: list[tuple[int, Piece, int]], t: Tables, zones: dict[str, str]) -> None:
    """Player numbers from the palette colour; a battlefield page's zone colour (olive, purple ...)
    is that page's player, named in `zones` (player as text -> colour name); other unknown colours
    get the next free numbers, in order of first appearance, so the same file always gives the
    same players. An unknown colour is kept in extras (the writer cannot derive it from the player).
    Each unknown colour is a player of its own, so their number is checked against the players
    limit before any is given one."""
    used = {t.player_of_colour[colour] for _, _, colour in starts if colour in t.player_of_colour}
    unknown = {colour for _, _, colour in starts if colour not in t.player_of_colour}
    limits.check_count(limits.PLAYERS, len(used) + len(unknown), what="the start zones' colours (a player each)")
    extra: dict[int, int] = {}
    for _, _, colour in starts:
        page = t.page_zone.get(colour)
        if page is not None and colour not in extra and page[0] not in used:
            extra[colour] = page[0]
            used.add(page[0])
            zones[str(page[0])] = page[1]
    candidate = 1  # (the numbers taken only grow: the next free one is never below the last given)
    for _, piece, colour in starts:
        player = t.player_of_colour.get(colour)
        if player is None:
            if colour not in extra:
                while candidate in used:
                    candidate += 1
                extra[colour] = candidate
                used.add(candidate)
            player = extra[colour]
            if zones.get(str(player)) is None or t.page_zone.get(colour) != (player, zones[str(player)]):
                piece.extras.setdefault(NAME, {})["colour"] = colour
        piece.attrs["player"] = player
