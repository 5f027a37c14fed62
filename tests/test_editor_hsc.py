"""The Hexoscape web editor's .hsc exports, read as it reads them, and the Marvel warehouse ruin
written and read as VirtualScape and the editor place it (issue 33, item 3).

The editor's exporter (src/data/writeVirtualscapeMapFile.ts) was read: its own type ids for pieces
VirtualScape never had, the letter byte 'T' on every tile, its treasure glyph as 14063, and every
Marvel ruin written one level below its altitude with its concrete6 left out (VirtualScape's
11006/11007 hold the base). The cases of ../shared/cases show some; the rest are built here.
"""

from __future__ import annotations

import struct

import pytest

import hsc_build as hb
from conftest import case_file, corpus_file
from mapkit.errors import refusing
from mapkit.formats import encode_map, get, hsc, parse_map, read_map
from mapkit.model.map import Map, Piece

#: The editor's own type ids, as the issue lists them and its exporter's table (pieceCodes.ts) has
#: them, and the piece each is: stated here apart from mapkit's data file.
EDITOR_CODES = {9003: "snow-3", 9007: "snow-7", 9024: "snow-24", 4003: "water-3", 5003: "ice-3",
                6003: "molten-lava-3", 7003: "lava-field-3", 7024: "lava-field-24", 19003: "swamp-water-3",
                25003: "shadow-3", 3024: "sand-24"}
#: What the editor's exporter writes on every tile: the letter byte 'T', and rgba(0,160,0,0).
T, GREEN = ord("T"), hb.colour(0, 160, 0)


def placed(m) -> list[tuple]:
    return [(p.type, p.q, p.r, p.z, p.rotation) for p in m.pieces]


def tiles_in(data: bytes, type_id: int) -> list[tuple[int, int, int, int]]:
    """(rotation, x, y, z) of every tile of `type_id` in a file mapkit wrote (tile version 0.0003),
    read from the bytes apart from mapkit's reader."""
    head = struct.pack("<i", type_id) + hb.version(3)
    out, at = [], data.find(head)
    while at >= 0:
        out.append(struct.unpack_from("<iiii", data, at + 12))
        at = data.find(head, at + 1)
    return out


# -- the editor's own type ids ---------------------------------------------------------------------
def test_the_editors_renegade_code_reads_as_its_piece():
    """outside/exported_renegade_code.hsc: "unknown tile type id 9003", the whole file refused; the
    editor's export writes 9003 for a snow 3-hex."""
    path = case_file("outside/exported_renegade_code.hsc")
    m = read_map(path)
    assert [p.type for p in m.pieces] == ["snow-3"]
    assert any("9003" in w and "Snow 3-hex" in w and "Hexoscape editor" in w for w in m.warnings), m.warnings


@pytest.mark.parametrize("code", sorted(EDITOR_CODES))
def test_every_code_the_editors_exporter_writes_reads(code):
    data = hb.document(7, [hb.tile(1001, 2, 2, 0, byte=T, rgb=GREEN), hb.tile(code, 2, 2, 1, rot=2, byte=T, rgb=GREEN)])
    m = hsc.read(data)
    assert [p.type for p in m.pieces] == ["grass-1", EDITOR_CODES[code]]
    assert m.pieces[1].rotation == 2 and m.pieces[1].z == 1


def test_the_editors_codes_are_never_written():
    """VirtualScape crashes on them (hsc-format §1.6): a piece VirtualScape lacks is a named loss."""
    m = hsc.read(hb.document(7, [hb.tile(9003, 2, 2, 0, byte=T, rgb=GREEN)]))
    data, losses = encode_map(m, get("hsc"), allow_loss=True)
    assert not tiles_in(data, 9003) and any("snow-3" in line and "dropped" in line for line in losses), losses


# -- glyphs: the type names them, not the letter byte -----------------------------------------------
def test_the_exported_treasure_glyph_is_not_thorian():
    """peer/exported_glyph_letter_byte.hsc: a glyph of type 14063 read as "T Thorian"; the editor writes
    'T' in every tile's letter byte and its treasure glyph as 14063: the type decides."""
    m = read_map(case_file("peer/exported_glyph_letter_byte.hsc"))
    glyphs = m.pieces.of_type(("glyph",))
    assert [g.attrs for g in glyphs] == [{"letter": "?", "treasure": True}]
    assert sorted(p.attrs["player"] for p in m.pieces.of_type(("start-zone",))) == list(range(1, 9))
    assert [p.type for p in m.pieces if p.type not in ("glyph", "start-zone")] == ["grass-24", "tree-10"]
    assert hsc.write(m) == case_file("peer/exported_glyph_letter_byte.hsc").read_bytes()


@pytest.mark.parametrize("letter", "AGIVDBKEMLSRJWPONCTU")
def test_a_named_glyph_under_the_letter_byte_T_keeps_its_name(letter):
    data = hb.document(7, [hb.tile(1001, 1, 1, 0, byte=T, rgb=GREEN),
                           hb.tile(14000 + ord(letter), 1, 1, 1, byte=T, rgb=GREEN)])
    m = hsc.read(data)
    assert m.pieces[1].attrs == {"letter": letter} and hsc.write(m) == data


def test_a_virtualscape_glyph_of_the_old_numbering_keeps_its_byte():
    """14061/14062 with a '?' byte (hsc-format §2.2) and 14001 (loaded as '?', then given the byte's
    letter) name no glyph by their type: the byte names them."""
    tiles = [hb.tile(1001, 0, 0, 0, byte=0xCD), hb.tile(14061, 0, 0, 1, byte=ord("?")),
             hb.tile(14001, 1, 0, 0, byte=ord("A")), hb.tile(14063, 2, 0, 0, byte=ord("?"))]
    m = hsc.read(hb.document(7, tiles))
    assert [p.attrs.get("letter") for p in m.pieces.of_type(("glyph",))] == ["?", "A", "?"]
    assert not any(p.attrs.get("treasure") for p in m.pieces)  # VirtualScape's own '?': no editor export


# -- the Marvel warehouse ruin ---------------------------------------------------------------------
def test_a_ruin_on_the_table_is_its_base_and_the_ruin_above():
    """outside/warehouse_ruin_on_table.hsc: 11006 at z 0 read as "Levels 0..0" with no floor; it is the
    ruin with its concrete base, the base on Level 1, the ruin above."""
    path = case_file("outside/warehouse_ruin_on_table.hsc")
    m = read_map(path)
    (base, ruin) = m.pieces
    assert (base.type, base.z, ruin.type, ruin.z) == ("concrete-6", 0, "marvel-ruin", 1)
    assert set(m.footprint(base)) == set(m.footprint(ruin))
    assert m.level_range() == (1, 1)
    assert hsc.write(m) == path.read_bytes()


def test_a_ruin_on_its_base_is_one_tile_at_the_bases_z():
    """outside/warehouse_ruin_on_base.json: written 11006 a level high and the base dropped (read back,
    six concrete hexes gone); 11006 goes at the base's z, holding the base: read back, the same two."""
    m = read_map(case_file("outside/warehouse_ruin_on_base.json"))
    data, losses = encode_map(m, get("hsc"))  # only the board's size and id, which never refuse
    assert not refusing(losses), losses
    assert [z for _, _, _, z in tiles_in(data, 11006)] == [0]
    assert placed(parse_map(data, "hsc")) == placed(m)


def test_the_ruins_without_an_upper_floor_are_written_as_the_editor_writes_them():
    """outside/warehouse_ruin_variants.json: the no-upper ruins dropped whole, 0 tiles written;
    rmn -> 11006, rmnb -> 11007 as the editor's exporter does, the variant named as lost."""
    m = read_map(case_file("outside/warehouse_ruin_variants.json"))
    data, losses = encode_map(m, get("hsc"), allow_loss=True)
    assert len(tiles_in(data, 11006)) == 1 and len(tiles_in(data, 11007)) == 1
    assert [line for line in refusing(losses) if "no upper floor" in line and "variant" in line] == refusing(losses)
    assert len(refusing(losses)) == 2
    back = parse_map(data, "hsc")
    assert [p.type for p in back.pieces] == ["concrete-6", "marvel-ruin", "concrete-6", "marvel-ruin-broken"]
    assert [(p.q, p.r, p.z) for p in back.pieces] == [(p.q, p.r, p.z) for p in m.pieces]


def test_the_genotech_page_keeps_its_concrete_through_hsc():
    """The corpus Genotech page lost 6 of its 45 concrete hexes through .hsc (the ruin's base)."""
    page = read_map(corpus_file("glasq-xhtml/hsbf0023_Genotech.html"))

    def concrete(m: Map) -> int:
        return sum(len(m.footprint(p)) for p in m.pieces if m.catalog()[p.type].terrain == "concrete")

    for k in page.scenarios():
        m = page.for_scenario(k)
        back = parse_map(encode_map(m, get("hsc"), allow_loss=True)[0], "hsc")
        assert concrete(back) == concrete(m) == 45, k
        assert sorted((p.type, p.z) for p in back.pieces if "marvel" in p.type or p.type == "concrete-6") == \
            sorted((p.type, p.z) for p in m.pieces if "marvel" in p.type or p.type == "concrete-6")


@pytest.mark.parametrize("rotation", range(6))
def test_ruins_round_trip_through_hsc_and_hexoscape(rotation):
    """Hexoscape -> hsc -> Hexoscape gives the same pieces; the hsc read back writes the same bytes."""
    pieces = [Piece("grass-24", 0, 0, 0), Piece("concrete-6", 3, 3, 1, rotation),
              Piece("marvel-ruin-broken", 3, 3, 2, rotation), Piece("concrete-6", -4, 9, 0, rotation),
              Piece("marvel-ruin", -4, 9, 1, rotation)]
    m = Map(name="ruins", pieces=pieces)
    assert encode_map(m, get("hsc"))[1] == []  # nothing lost: the bases are in the ruins' tiles
    data = hsc.write(m)
    assert sorted(z for _, _, _, z in tiles_in(data, 11006) + tiles_in(data, 11007)) == [0, 1]
    back = hsc.read(data)
    moved = (back.pieces[0].q - 0, back.pieces[0].r - 0)  # (VirtualScape's columns and rows start at 0)
    assert [(t, q - moved[0], r - moved[1], z, rot) for t, q, r, z, rot in placed(back)] == placed(m)
    assert hsc.write(back) == data
    again = parse_map(encode_map(back, get("hexoscape"))[0], "hexoscape")
    assert placed(again) == placed(back)


def test_a_ruin_without_a_base_is_written_with_one_and_named():
    m = Map(pieces=[Piece("marvel-ruin", 0, 0, 0), Piece("grass-1", 6, 6, 0), Piece("marvel-ruin", 6, 6, 1),
                    Piece("marvel-ruin", 9, 9, 2)])
    data, losses = encode_map(m, get("hsc"), allow_loss=True)
    assert len(losses) == 3 and all("concrete base" in line for line in losses), losses
    assert any("a level higher" in line for line in losses) and any("adds a Concrete" in line for line in losses)
    back = hsc.read(data)
    assert sorted(p.z for p in back.pieces if p.type == "marvel-ruin") == [1, 2, 2]
