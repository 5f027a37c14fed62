"""The VirtualScape `.hsc` format: corpus round trips, decoded content, geometry, writer, hostile input."""

from __future__ import annotations

import json
import struct
import time
import tracemalloc
from pathlib import Path

import pytest

import hsc_build as hb
from conftest import corpus_file, corpus_files, run_subprocess
from mapkit.errors import FormatError
from mapkit.formats import hsc
from mapkit.model.catalog import catalog
from mapkit.model.grid import axial_to_offset, offset_to_axial
from mapkit.model.map import Map, Piece, Placement

CORPUS = corpus_files("hsc", "*.hsc")


def read_file(path: Path) -> Map:
    return hsc.read(path.read_bytes(), str(path))


def semantic(m: Map) -> list:
    return [(p.type, p.q, p.r, p.z, int(p.rotation), p.attrs) for p in m.pieces]


def cells(m: Map) -> set:
    return {(q, r, p.z, p.type) for p in m.pieces for q, r in m.footprint(p)}


# -- the corpus ----------------------------------------------------------------------------------

@pytest.mark.parametrize("path", CORPUS)
def test_corpus_file_reads(path):
    m = read_file(path)
    assert m.source_format == "hsc" and m.source_version in {f"0.000{n}" for n in range(2, 8)}
    (count,) = struct.unpack_from("<i", path.read_bytes(), _tile_count_offset(path.read_bytes()))
    assert len(m.pieces) == count > 0
    for piece in m.pieces:
        assert piece.type in catalog()
        assert m.footprint(piece)  # every piece has a computable footprint
    assert hsc.losses(m) == []


@pytest.mark.parametrize("path", CORPUS)
def test_corpus_file_converts_back_byte_for_byte(path, tmp_path, cli):
    out = tmp_path / "copy.hsc"
    code, _, err = cli("convert", path, out)
    assert code == 0, err
    assert out.read_bytes() == path.read_bytes()


@pytest.mark.parametrize("path", CORPUS)
def test_round_trip_survives_json_extras(path):
    """Extras are plain JSON values, so the native format can carry them verbatim."""
    m = read_file(path)
    m.extras = json.loads(json.dumps(m.extras))
    for piece in m.pieces:
        piece.extras = json.loads(json.dumps(piece.extras))
        piece.attrs = json.loads(json.dumps(piece.attrs))
    assert hsc.write(m) == path.read_bytes()


@pytest.mark.parametrize("path", CORPUS)
def test_fast_and_general_parsers_agree(path, monkeypatch):
    fast = read_file(path)
    monkeypatch.setattr(hsc, "FAST_PATH_MIN_TILES", 10 ** 9)
    slow = read_file(path)
    assert [(p.type, p.q, p.r, p.z, p.rotation, p.attrs, p.extras) for p in fast.pieces] == \
           [(p.type, p.q, p.r, p.z, p.rotation, p.attrs, p.extras) for p in slow.pieces]
    assert fast.extras == slow.extras


def _tile_count_offset(data: bytes) -> int:
    """Where the tile count sits, found independently of the reader (empty-ish headers only)."""
    # Walk the header by hand per §1.3.
    version = {hb.version(n): n for n in range(1, 8)}[data[:8]]
    pos = 8
    strings = (2 if version >= 2 else 0) + (1 if version >= 3 else 0) + (1 if version == 3 else 0)
    for _ in range(strings):
        pos = _skip_cstring(data, pos)
    if version >= 4:
        (size,) = struct.unpack_from("<i", data, pos)
        pos += 4 + size
    pos += 12 if version >= 2 else 0
    pos += 4 if version >= 5 else 0
    pos += 4 if version >= 7 else 0
    return pos


def _skip_cstring(data: bytes, pos: int) -> int:
    width = 1
    if data[pos:pos + 3] == b"\xff\xfe\xff":
        width, pos = 2, pos + 3
    n = data[pos]
    pos += 1
    if n == 0xFF:
        (n,) = struct.unpack_from("<H", data, pos)
        pos += 2
    return pos + n * width


# -- decoded content ------------------------------------------------------------------------------

def test_flag_test_worked_example():
    m = read_file(corpus_file("hsc/dkniffin-virtualscape/Flag test.hsc"))
    assert m.source_version == "0.0005" and len(m.pieces) == 17
    first = m.pieces[0]
    assert first.type == "grass-24" and first.rotation == 0 and first.z == 0
    anchor = min(m.footprint(first), key=lambda c: (c[1], c[0]))
    assert axial_to_offset(*anchor) == (6, 2)
    assert (first.q, first.r) == offset_to_axial(6, 2)  # rotation 0: origin = anchor
    assert m.pieces[1].type == "castle-flag"
    assert {p.type for p in m.pieces} == {"grass-24", "castle-flag", "water-1", "castle-battlement"}


def test_table_des_geants():
    m = read_file(corpus_file("hsc/dkniffin-virtualscape/Table des geants.hsc"))
    assert m.source_version == "0.0003" and len(m.pieces) == 91
    assert sorted(g.attrs["letter"] for g in m.glyphs()) == ["D", "E", "I", "K", "V"]
    assert m.name == "La table des geants" and m.author == "Hasbro" and m.players == "2"


def test_personal_tiles_and_long_name():
    m = read_file(corpus_file("hsc/Dissolutio-heroscape-map-editor/7e8c4a4f/personal.hsc"))
    assert len(m.name) == 30000
    assert "forms" not in m.extras["hsc"]  # minimal FF+u16 prefix: nothing to remember
    sizes = sorted(p.attrs["size"] for p in m.pieces)
    assert sizes == [1, 3] and all(p.type == "personal" for p in m.pieces)
    labels = {p.attrs["label"] for p in m.pieces}
    assert labels == {"Q", "<3"}
    assert m.notes.startswith("'ABCABC")


def test_old_glyph_ids_and_start_colours():
    m = read_file(corpus_file("hsc/dkniffin-virtualscape/Chat perche.hsc"))
    glyphs = m.glyphs()
    assert glyphs and all(g.attrs["letter"] == "?" for g in glyphs)
    assert {g.extras["hsc"]["type"] for g in glyphs} == {14062}
    zones = m.start_zones()
    names = {player: {p.attrs.get("name") for p in spaces} for player, spaces in zones.items()}
    assert names == {1: {"Rouge"}, 3: {"Bleu"}, 4: {"Jaune"}, 7: {"Orange"}}


def test_legacy_palm_id_reads_as_palm_15():
    m = read_file(corpus_file("hsc/dkniffin-virtualscape/In the Middle of the Elements.hsc"))
    legacy = [p for p in m.pieces if p.extras.get("hsc", {}).get("type") == 24001]
    assert legacy and all(p.type == "palm-15" for p in legacy)


def test_third_party_file_with_ansi_strings_and_trailing_bytes():
    m = read_file(corpus_file("hsc/Dissolutio-heroscape-map-editor/7e8c4a4f/HexoscapeMap.hsc"))
    assert m.extras["hsc"]["trailing"] == "a00000"
    assert m.extras["hsc"]["forms"] == {"name": "a1", "author": "a1", "players": "a1"}
    assert len(m.warnings) == 1 and "after the last tile" in m.warnings[0]


def test_edge_pieces_rotate_by_the_catalog_offset():
    m = read_file(corpus_file("hsc/dkniffin-virtualscape/Flag test.hsc"))
    data = corpus_file("hsc/dkniffin-virtualscape/Flag test.hsc").read_bytes()
    vs_rots = []
    pos = 0x2C
    for _ in range(17):
        vs_rots.append(struct.unpack_from("<i", data, pos + 12)[0])
        pos += 41
    offset = catalog()["castle-battlement"].vs_rotation_offset
    for piece, vs in zip(m.pieces, vs_rots):
        if piece.type == "castle-battlement":
            assert piece.rotation == (vs + offset) % 6


# -- geometry: VirtualScape's anchors (docs/hsc-format.md §4.3) ------------------------------------

# The VirtualScape offsets (dx, dy) of every multi-hex shape and rotation, as in the class sources;
# they apply to an anchor on an even row; on an odd row, odd dy also shift one column east.
VS_OFFSETS = {
    'S2': {
        0: [(0, 0), (1, 0)],
        1: [(0, 0), (0, 1)],
        2: [(0, 0), (-1, 1)],
        3: [(0, 0), (1, 0)],
        4: [(0, 0), (0, 1)],
        5: [(0, 0), (-1, 1)],
    },
    'S3': {
        0: [(0, 0), (1, 0), (0, 1)],
        1: [(0, 0), (-1, 1), (0, 1)],
        2: [(0, 0), (1, 0), (0, 1)],
        3: [(0, 0), (-1, 1), (0, 1)],
        4: [(0, 0), (1, 0), (0, 1)],
        5: [(0, 0), (-1, 1), (0, 1)],
    },
    'L3': {
        0: [(0, 0), (1, 0), (2, 0)],
        1: [(0, 0), (0, 1), (1, 2)],
        2: [(0, 0), (-1, 1), (-1, 2)],
        3: [(0, 0), (1, 0), (2, 0)],
        4: [(0, 0), (0, 1), (1, 2)],
        5: [(0, 0), (-1, 1), (-1, 2)],
    },
    'R4': {
        0: [(0, 0), (1, 0), (0, 1), (1, 1)],
        1: [(0, 0), (-1, 1), (0, 1), (0, 2)],
        2: [(0, 0), (1, 0), (-1, 1), (0, 1)],
        3: [(0, 0), (1, 0), (0, 1), (1, 1)],
        4: [(0, 0), (-1, 1), (0, 1), (0, 2)],
        5: [(0, 0), (1, 0), (-1, 1), (0, 1)],
    },
    'L4': {
        0: [(0, 0), (1, 0), (2, 0), (3, 0)],
        1: [(0, 0), (0, 1), (1, 2), (1, 3)],
        2: [(0, 0), (-1, 1), (-1, 2), (-2, 3)],
        3: [(0, 0), (1, 0), (2, 0), (3, 0)],
        4: [(0, 0), (0, 1), (1, 2), (1, 3)],
        5: [(0, 0), (-1, 1), (-1, 2), (-2, 3)],
    },
    'L5': {
        0: [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
        1: [(0, 0), (0, 1), (1, 2), (1, 3), (2, 4)],
        2: [(0, 0), (-1, 1), (-1, 2), (-2, 3), (-2, 4)],
        3: [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
        4: [(0, 0), (0, 1), (1, 2), (1, 3), (2, 4)],
        5: [(0, 0), (-1, 1), (-1, 2), (-2, 3), (-2, 4)],
    },
    'P6': {
        0: [(0, 0), (1, 0), (2, 0), (-1, 1), (0, 1), (1, 1)],
        1: [(0, 0), (1, 0), (0, 1), (1, 1), (1, 2), (2, 2)],
        2: [(0, 0), (-1, 1), (0, 1), (-1, 2), (0, 2), (-1, 3)],
        3: [(0, 0), (1, 0), (2, 0), (-1, 1), (0, 1), (1, 1)],
        4: [(0, 0), (1, 0), (0, 1), (1, 1), (1, 2), (2, 2)],
        5: [(0, 0), (-1, 1), (0, 1), (-1, 2), (0, 2), (-1, 3)],
    },
    'M6': {
        0: [(0, 0), (1, 0), (0, 1), (1, 1), (2, 1), (3, 1)],
        1: [(0, 0), (-1, 1), (0, 1), (0, 2), (0, 3), (1, 4)],
        2: [(0, 0), (1, 0), (-1, 1), (0, 1), (-1, 2), (-2, 3)],
        3: [(0, 0), (1, 0), (2, 0), (3, 0), (2, 1), (3, 1)],
        4: [(0, 0), (0, 1), (1, 2), (0, 3), (1, 3), (1, 4)],
        5: [(0, 0), (-1, 1), (-2, 2), (-1, 2), (-3, 3), (-2, 3)],
    },
    'H7': {
        'any': [(0, 0), (1, 0), (-1, 1), (0, 1), (1, 1), (0, 2), (1, 2)],
    },
    'C7': {
        0: [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (2, 1)],
        1: [(0, 0), (-1, 1), (0, 1), (0, 2), (1, 2), (0, 3), (1, 3)],
        2: [(0, 0), (1, 0), (-1, 1), (0, 1), (-1, 2), (0, 2), (-1, 3)],
        3: [(0, 0), (1, 0), (2, 0), (-1, 1), (0, 1), (1, 1), (2, 1)],
        4: [(0, 0), (1, 0), (0, 1), (1, 1), (1, 2), (2, 2), (1, 3)],
        5: [(0, 0), (-1, 1), (0, 1), (-1, 2), (0, 2), (-2, 3), (-1, 3)],
    },
    'C9': {
        0: [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (0, 1), (1, 1), (2, 1), (3, 1)],
        1: [(0, 0), (-1, 1), (0, 1), (0, 2), (1, 2), (0, 3), (1, 3), (1, 4), (2, 4)],
        2: [(0, 0), (1, 0), (-1, 1), (0, 1), (-1, 2), (0, 2), (-1, 3), (-2, 3), (-1, 4)],
        3: [(0, 0), (1, 0), (2, 0), (3, 0), (-1, 1), (0, 1), (1, 1), (2, 1), (3, 1)],
        4: [(0, 0), (1, 0), (0, 1), (1, 1), (1, 2), (2, 2), (1, 3), (2, 3), (2, 4)],
        5: [(0, 0), (-1, 1), (0, 1), (-1, 2), (0, 2), (-2, 3), (-1, 3), (-2, 4), (-1, 4)],
    },
    'T24': {
        0: [(0, 0), (1, 0), (-1, 1), (0, 1), (1, 1), (0, 2), (1, 2), (2, 2), (-1, 3), (0, 3), (1, 3), (2, 3), (3, 3), (0, 4), (1, 4), (2, 4), (3, 4), (4, 4), (-1, 5), (0, 5), (1, 5), (2, 5), (3, 5), (4, 5)],
        1: [(0, 0), (1, 0), (-2, 1), (-1, 1), (0, 1), (1, 1), (-3, 2), (-2, 2), (-1, 2), (0, 2), (1, 2), (-3, 3), (-2, 3), (-1, 3), (0, 3), (-2, 4), (-1, 4), (0, 4), (-2, 5), (-1, 5), (0, 5), (-1, 6), (0, 6), (-1, 7)],
        2: [(0, 0), (-1, 1), (0, 1), (1, 1), (-1, 2), (0, 2), (1, 2), (2, 2), (3, 2), (-2, 3), (-1, 3), (0, 3), (1, 3), (2, 3), (3, 3), (-2, 4), (-1, 4), (0, 4), (1, 4), (2, 4), (3, 4), (-3, 5), (-2, 5), (-1, 5)],
        3: [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (2, 3), (3, 3), (4, 3), (3, 4), (4, 4), (5, 4), (3, 5), (4, 5)],
        4: [(0, 0), (-1, 1), (0, 1), (-1, 2), (0, 2), (1, 2), (-1, 3), (0, 3), (1, 3), (-1, 4), (0, 4), (1, 4), (2, 4), (-2, 5), (-1, 5), (0, 5), (1, 5), (2, 5), (-2, 6), (-1, 6), (0, 6), (1, 6), (-2, 7), (-1, 7)],
        5: [(0, 0), (1, 0), (2, 0), (-4, 1), (-3, 1), (-2, 1), (-1, 1), (0, 1), (1, 1), (-4, 2), (-3, 2), (-2, 2), (-1, 2), (0, 2), (1, 2), (-4, 3), (-3, 3), (-2, 3), (-1, 3), (0, 3), (-2, 4), (-1, 4), (0, 4), (-1, 5)],
    },
}


def _vs_cells(x: int, y: int, offsets) -> set:
    """VirtualScape's own rule (CTile::ContainPos) turned into axial hexes."""
    return {offset_to_axial(x + dx + (1 if y % 2 and dy % 2 else 0), y + dy) for dx, dy in offsets}


@pytest.mark.parametrize("shape", sorted(VS_OFFSETS))
def test_anchor_delta_reproduces_vs_offset_tables(shape):
    """The catalog shape turned k times, seen from its anchor, is VirtualScape's table row k."""
    from mapkit.formats.hsc._tables import anchor_delta

    cat = catalog()
    for rot in range(6):
        offsets = VS_OFFSETS[shape].get(rot, VS_OFFSETS[shape].get("any"))
        expected = {(dx - (dy >> 1), dy) for dx, dy in offsets}  # even-row offsets -> axial deltas
        aq, ar = anchor_delta(cat, shape, rot)
        assert {(dq - aq, dr - ar) for dq, dr in cat.footprint(shape, rot)} == expected, (shape, rot)
        assert (0, 0) in expected and all(dr >= 0 for _, dr in expected)


@pytest.mark.parametrize("shape", sorted(VS_OFFSETS))
def test_anchor_tables_match_catalog_shapes(shape):
    cat = catalog()
    ptype = next(p for p in cat.types.values() if p.shape == shape and p.vs is not None)
    for rot in range(6):
        offsets = VS_OFFSETS[shape].get(rot, VS_OFFSETS[shape].get("any"))
        tiles = [hb.tile(ptype.vs, x, y, 1, rot=rot) for x, y in ((4, 2), (4, 3), (0, 7))]
        m = hsc.read(hb.document(7, tiles))
        pieces = m.pieces.of_type((ptype.id,))  # (a warehouse ruin's tile is its concrete base too)
        assert len(pieces) == 3
        for (x, y), piece in zip(((4, 2), (4, 3), (0, 7)), pieces):
            assert set(m.footprint(piece)) == _vs_cells(x, y, offsets), (shape, rot, x, y)
        assert hsc.write(m) == hb.document(7, tiles)


def test_every_vs_piece_anchor_round_trips():
    """All VirtualScape ids, all rotations, both row parities: read then write gives the same bytes."""
    cat = catalog()
    tiles = []
    for ptype in cat.types.values():
        if ptype.vs is None or ptype.id in ("personal", "figure", "figure-double"):
            continue
        raw = 14065 if ptype.id == "glyph" else ptype.vs
        byte = 65 if ptype.id == "glyph" else 0
        rgb = hb.colour(255, 0, 0) if ptype.id == "start-zone" else struct.pack("<I", _colorref(ptype.vs_colour))
        for rot in range(6):
            for x, y in ((3, 4), (3, 5)):
                tiles.append(hb.tile(raw, x, y, 2, rot=rot, byte=byte, rgb=rgb))
    data = hb.document(7, tiles)
    m = hsc.read(data)
    ruins = sum(1 for p in m.pieces if p.type in ("marvel-ruin", "marvel-ruin-broken"))
    assert len(m.pieces) == len(tiles) + ruins  # (a warehouse ruin's tile is its concrete base too)
    assert hsc.write(m) == data
    assert all("hsc" not in p.extras for p in m.pieces)  # defaults only: nothing kept per piece


def _colorref(rgb) -> int:
    return rgb[0] | rgb[1] << 8 | rgb[2] << 16


# -- generated files: what the corpus lacks ---------------------------------------------------------

def test_document_version_1_and_old_tile_versions():
    tiles = [hb.tile(1001, 2, 3, 0, tv=1), hb.tile(14065, 1, 1, 1, tv=1),
             hb.tile(1002, 4, 4, 0, rot=1, tv=2, byte=0xCD), hb.tile(15001, 5, 5, 1, tv=2)]
    data = hb.document(1, tiles)
    m = hsc.read(data)
    assert m.source_version == "0.0001" and m.name == ""
    assert [p.type for p in m.pieces] == ["grass-1", "glyph", "grass-2", "start-zone"]
    assert m.pieces[1].attrs["letter"] == "A"  # tile version 1: letter from the type id
    assert m.pieces[3].attrs["player"] == 1  # no colour before tile 0.0003: black, first free player
    assert hsc.write(m) == data


@pytest.mark.parametrize("doc_version", range(1, 8))
def test_every_document_version_round_trips(doc_version):
    scenario = hb.cstring("Capture the glyph") if doc_version == 3 else b"{\\rtf1 Capture the glyph\\par}\x00"
    tiles = [hb.tile(1024, 0, 0, 0), hb.tile(4001, 1, 1, 1, rgb=hb.colour(32, 32, 255))]
    data = hb.document(doc_version, tiles, name=hb.cstring("Map"), author=hb.cstring("Me"),
                       players=hb.cstring("2"), scenario=scenario)
    m = hsc.read(data)
    assert m.source_version == f"0.000{doc_version}"
    if doc_version >= 2:
        assert (m.name, m.author) == ("Map", "Me")
    if doc_version >= 3:
        assert m.players == "2" and m.notes == "Capture the glyph"
    assert hsc.write(m) == data


@pytest.mark.parametrize("enc,width,text", [
    ("u", 1, ""), ("u", 1, "Hasbro"), ("u", 2, "x" * 300), ("u", 4, "y" * 70000), ("u", 8, "z"),
    ("u", 2, "short in a long prefix"), ("a", 1, "Chat perché"), ("a", 2, "é" * 256), ("a", 4, "abc"),
    ("a", 8, ""), ("u", 1, "\U0001F600 \ud800 lone"), ("a", 1, "\x81\x8d undefined cp1252"),
])
def test_cstring_forms(enc, width, text):
    name = hb.cstring(text, enc, width)
    data = hb.document(7, [hb.tile(1001, 0, 0, 0, glyph_name=hb.cstring(text, enc, width))], name=name)
    m = hsc.read(data)
    assert m.name == text
    assert m.pieces[0].extras.get("hsc", {}).get("glyph_name", "") == text
    assert hsc.write(m) == data


def test_figures_and_personal_tiles():
    figure = hb.cstring("SGT. DRAKE ALEXANDER") + hb.cstring("SGT DRAKE ALEXANDER")
    personal = hb.i32(7) + hb.cstring("top.bmp") + hb.cstring("side.bmp") + hb.cstring("Q") + hb.cstring("Pool")
    data = hb.document(7, [hb.tile(1024, 0, 0, 0), hb.tile(18001, 1, 1, 1, extra=figure),
                           hb.tile(18002, 3, 1, 1, rot=2, extra=hb.cstring("MIMRING") + hb.cstring("MIMRING")),
                           hb.tile(17000, 0, 4, 1, rot=3, rgb=hb.colour(1, 2, 3), extra=personal)])
    m = hsc.read(data)
    assert m.pieces[1].attrs == {"name": "SGT. DRAKE ALEXANDER", "file": "SGT DRAKE ALEXANDER"}
    assert m.pieces[2].type == "figure-double" and len(m.footprint(m.pieces[2])) == 2
    assert m.pieces[3].attrs == {"size": 7, "texture_top": "top.bmp", "texture_side": "side.bmp",
                                 "label": "Q", "name": "Pool", "colour": [1, 2, 3]}
    assert len(m.footprint(m.pieces[3])) == 7
    assert hsc.write(m) == data


def test_unknown_start_colours_get_free_players_in_order():
    tiles = [hb.tile(15001, 0, 0, 1, rgb=hb.colour(9, 9, 9)), hb.tile(15001, 1, 0, 1, rgb=hb.colour(0, 255, 0)),
             hb.tile(15001, 2, 0, 1, rgb=hb.colour(7, 7, 7)), hb.tile(15001, 3, 0, 1, rgb=hb.colour(9, 9, 9))]
    m = hsc.read(hb.document(7, tiles))
    assert [p.attrs["player"] for p in m.pieces] == [1, 2, 3, 1]
    assert hsc.write(m) == hb.document(7, tiles)


# -- writing new and edited maps ---------------------------------------------------------------------

def new_map() -> Map:
    """A small map whose hexes all have column and row >= 0 (so the writer does not move it)."""
    return Map(name="Nouvelle carte", author="Zoë", players="2", notes="Hold the glyph.\nTwo rounds.", pieces=[
        Piece("grass-24", 3, 0, 0, 0), Piece("rock-7", 2, 5, 0, 3), Piece("ruin-3", 1, 3, 1, 4),
        Piece("glyph", 0, 2, 1, 0, {"letter": "A"}), Piece("start-zone", 1, 2, 1, 0, {"player": 2, "name": "Green"}),
        Piece("castle-ladder", 3, 3, 1, 0), Piece("figure", 2, 2, 1, 0, {"name": "AGENT CARR", "file": "AGENT CARR"}),
        Piece("personal", 5, 5, 0, 0, {"size": 2, "name": "Pool", "label": "P", "texture_top": "a.bmp",
                                       "texture_side": "b.bmp", "colour": [10, 20, 30]}),
    ])


def test_new_map_written_like_virtualscape_1066_and_read_back():
    m = new_map()
    assert all(col >= 0 and row >= 0 for p in m.pieces for col, row in
               (axial_to_offset(q, r) for q, r in m.footprint(p)))
    assert hsc.losses(m) == []
    data = hsc.write(m)
    assert data[:8] == hb.version(7)
    assert data[8:11] == b"\xff\xfe\xff"  # UTF-16 strings
    back = hsc.read(data)
    assert (back.name, back.author, back.players, back.notes) == (m.name, m.author, m.players, m.notes)
    assert semantic(back) == semantic(m)
    assert back.extras["hsc"]["print"] == [6, 80, 1, 0, 1]
    assert back.extras["hsc"]["tile_version"] == "0.0003"
    assert all("hsc" not in p.extras for p in back.pieces)  # default colours, zero glyph bytes
    assert hsc.write(back) == data


def test_new_map_ids_bytes_and_colours():
    data = hsc.write(Map(pieces=[Piece("glyph", 0, 0, 0, 0, {"letter": "K"}),
                                 Piece("start-zone", 1, 0, 0, 0, {"player": 8}),
                                 Piece("castle-ladder", 2, 0, 0, 0)]))
    pos = 48
    (raw,) = struct.unpack_from("<i", data, pos)
    assert raw == 14075 and data[pos + 28] == ord("K")
    pos += 41
    assert struct.unpack_from("<i", data, pos)[0] == 15001
    assert data[pos + 37:pos + 41] == hb.colour(128, 0, 255)  # player 8: purple
    pos += 41
    assert data[pos + 28] == 0  # glyph byte of a non-glyph
    assert struct.unpack_from("<i", data, pos + 12)[0] == (0 - catalog()["castle-ladder"].vs_rotation_offset) % 6
    assert data[pos + 37:pos + 41] == hb.colour(224, 20, 0)


def test_negative_coordinates_are_shifted_keeping_geometry():
    m = Map(pieces=[Piece("grass-7", -4, -3, 0, 2), Piece("grass-1", 3, -5, 0, 0),
                    Piece("road-5", -2, 4, 1, 1), Piece("tree-15", 0, -1, 1, 5)])
    back = hsc.read(hsc.write(m))
    offsets = [axial_to_offset(q, r) for p in back.pieces for q, r in back.footprint(p)]
    assert min(col for col, _ in offsets) == 0 and min(row for _, row in offsets) == 0
    before, after = sorted(cells(m)), sorted(cells(back))
    dq, dr = after[0][0] - before[0][0], after[0][1] - before[0][1]
    assert {(q + dq, r + dr, z, t) for q, r, z, t in before} == set(after)  # one pure translation
    assert [(p.type, p.rotation) for p in back.pieces] == [(p.type, p.rotation) for p in m.pieces]


def test_edited_map_is_rewritten_in_the_new_style():
    path = corpus_file("hsc/dkniffin-virtualscape/Chat perche.hsc")
    m = read_file(path)
    m.pieces[0].z += 1
    data = hsc.write(m)
    assert data != path.read_bytes() and data[:8] == hb.version(7)
    back = hsc.read(data)
    assert semantic(back) == semantic(m)
    assert back.extras["hsc"]["glyph_byte"] == 0
    # The old glyph ids 14061/14062 become the canonical '?' id 14063, as VirtualScape re-saves them.
    assert all("type" not in p.extras.get("hsc", {}) for p in back.pieces)
    assert b"\x3e\x37\x00\x00" not in data[48:48 + 41] and back.glyphs()


def test_edited_scenario_or_name_is_not_lost():
    path = corpus_file("hsc/dkniffin-virtualscape/Rotten Ice.hsc")
    m = read_file(path)
    m.notes = "New rules."
    assert hsc.read(hsc.write(m)).notes == "New rules."
    m = read_file(path)
    m.name = "Renamed"
    back = hsc.read(hsc.write(m))
    assert back.name == "Renamed" and back.notes == read_file(path).notes


def test_losses_name_what_virtualscape_cannot_carry():
    m = Map(pieces=[Piece("grass-1", 0, 0, 0), Piece("laur-wall-long", 1, 0, 1, 0.5),
                    Piece("snow-3", 2, 0, 0), Piece("wellspring-water-1", 3, 0, 1), Piece("cosmos-1", 4, 0, 0),
                    Piece("grass-2", 5, 0, 0, 1.5), Piece("figure", 0, 0, 1, 0, {"player": 2}),
                    Piece("rock-1", 2 ** 40, 0, 0)],
            buildings=[Placement("tower.json", 0, 0, 1)])
    lines = hsc.losses(m)
    assert len(lines) == 8
    for needle in ("laur-wall-long", "snow-3", "wellspring-water-1", "cosmos-1", "half step", "tower.json",
                   "figure's player", "32-bit"):
        assert any(needle in line for line in lines), needle
    back = hsc.read(hsc.write(m))
    assert [p.type for p in back.pieces] == ["grass-1", "grass-2", "figure"]


# -- hostile input ----------------------------------------------------------------------------------

def small_file() -> bytes:
    figure = hb.cstring("NE-GOK-SA") + hb.cstring("NE-GOK-SA")
    personal = hb.i32(2) + hb.cstring("t.bmp") + hb.cstring("s.bmp") + hb.cstring("") + hb.cstring("x")
    return hb.document(7, [hb.tile(1003, 1, 1, 0), hb.tile(14065, 1, 1, 1, byte=65),
                           hb.tile(15001, 2, 1, 1, start_name=hb.cstring("Red"), rgb=hb.colour(255, 0, 0)),
                           hb.tile(18001, 1, 2, 1, extra=figure), hb.tile(17000, 4, 4, 0, extra=personal)],
                       name=hb.cstring("Small"), scenario=b"{\\rtf1 x}\x00")


def test_truncated_at_every_offset():
    data = small_file()
    hsc.read(data)
    for cut in range(len(data)):
        with pytest.raises(FormatError) as err:
            hsc.read(data[:cut])
        assert err.value.where and err.value.where.startswith("byte "), cut


def test_wrong_versions():
    with pytest.raises(FormatError, match="unknown document version") as err:
        hsc.read(struct.pack("<d", 0.0008) + small_file()[8:])
    assert err.value.where == "byte 0"
    data = bytearray(hb.document(7, [hb.tile(1001, 0, 0, 0)]))
    data[52:60] = struct.pack("<d", 1.0)
    with pytest.raises(FormatError, match="unknown tile version") as err:
        hsc.read(bytes(data))
    assert err.value.where == "byte 52"


def test_absurd_tile_count_fails_fast_without_allocating():
    data = hb.document(7, [hb.tile(1001, 0, 0, 0)], count=2 ** 31 - 1)
    tracemalloc.start()
    start = time.perf_counter()
    with pytest.raises(FormatError, match="promises 2147483647 tiles") as err:
        hsc.read(data)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert time.perf_counter() - start < 0.5 and peak < 1_000_000
    assert err.value.where == "byte 44" and "file ends at byte" in err.value.message
    with pytest.raises(FormatError, match="promises -5 tiles"):
        hsc.read(hb.document(7, [], count=-5))
    two_to_31 = hb.document(7, [])[:-4] + struct.pack("<I", 2 ** 31) + hb.tile(1001, 0, 0, 0)
    with pytest.raises(FormatError, match="promises -2147483648 tiles") as err:
        hsc.read(two_to_31)
    assert err.value.where == "byte 44"


def test_absurd_string_and_scenario_lengths():
    huge = b"\xff\xfe\xff\xff\xff\xff" + struct.pack("<I", 0xFFFFFFFE)
    with pytest.raises(FormatError, match="runs past the end") as err:
        hsc.read(hb.version(7) + huge + b"\0" * 64)
    assert err.value.where.startswith("byte ")
    u64 = b"\xff\xfe\xff" + b"\xff" * 7 + struct.pack("<Q", 2 ** 63)
    with pytest.raises(FormatError):
        hsc.read(hb.version(7) + u64)
    bad = hb.version(7) + hb.EMPTY * 3 + hb.i32(-1)
    with pytest.raises(FormatError, match="scenario length -1"):
        hsc.read(bad + b"\0" * 40)


def test_unknown_type_and_bad_personal_size():
    data = hb.document(7, [hb.tile(1001, 0, 0, 0), hb.tile(99999, 0, 0, 0)])
    with pytest.raises(FormatError, match="unknown tile type id 99999") as err:
        hsc.read(data)
    assert err.value.where == "byte 89"
    bad = hb.document(7, [hb.tile(17000, 0, 0, 0, extra=hb.i32(5) + hb.EMPTY * 4)])
    with pytest.raises(FormatError, match="personal tile size 5"):
        hsc.read(bad)


def test_errors_name_the_file():
    with pytest.raises(FormatError) as err:
        hsc.read(b"\x00" * 3, "maps/broken.hsc")
    assert str(err.value).startswith("maps/broken.hsc: byte 0: ")


def test_sniff():
    assert hsc.sniff(small_file()[:16])
    assert not hsc.sniff(b'{"hexMap": 1}')


@pytest.mark.parametrize("content", [
    b"", b"\x00" * 7, b"not a map at all", hb.document(7, [], count=2 ** 31 - 1),
    hb.document(7, [hb.tile(99999, 0, 0, 0)]),
], ids=["empty", "short", "text", "absurd-count", "unknown-id"])
def test_cli_reports_bad_files_in_one_line(tmp_path, content):
    bad = tmp_path / "bad.hsc"
    bad.write_bytes(content)
    out = tmp_path / "out.hsc"
    done = run_subprocess("convert", bad, out)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr
    assert "bad.hsc" in lines[0]
    assert not out.exists() and not list(tmp_path.glob(".out.hsc*"))


# -- the benchmark generator (shared with other benchmarks) -------------------------------------------

def test_generated_maps_are_plausible():
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    from generate import make_map

    m = make_map(3000, seed=5)
    assert len(m.pieces) == 3000 and semantic(make_map(3000, seed=5)) == semantic(m)
    assert semantic(make_map(3000, seed=6)) != semantic(m)
    counts = m.piece_counts()
    assert counts["start-zone"] and counts["glyph"] and counts["grass-2"] + counts["sand-2"] > 0
    solid = {}
    for index, piece in enumerate(m.pieces):
        for q, r in m.footprint(piece):
            assert (q, r, piece.z) not in solid, "two pieces in one cell"
            solid[(q, r, piece.z)] = index
    for piece in m.pieces:
        if piece.z > 0:
            assert all((q, r, piece.z - 1) in solid for q, r in m.footprint(piece)), piece
    assert hsc.losses(m) == [] and semantic(hsc.read(hsc.write(m))) == semantic(m)


def test_without_the_fast_path_the_general_parser_and_writer_do_everything(monkeypatch):
    """The fast path only speeds things up: without it, reading and writing give the same results."""
    import sys

    path = corpus_file("hsc/dkniffin-virtualscape/Rotten Ice.hsc")
    fast = read_file(path)
    new = hsc.write(new_map())
    import mapkit.formats.hsc

    monkeypatch.setitem(sys.modules, "mapkit.formats.hsc._fast", None)  # `import` now fails
    monkeypatch.delattr(mapkit.formats.hsc, "_fast", raising=False)
    with pytest.raises(ImportError):
        from mapkit.formats.hsc import _fast  # noqa: F401
    slow = read_file(path)
    assert [(p.type, p.q, p.r, p.z, p.rotation, p.attrs, p.extras) for p in slow.pieces] == \
           [(p.type, p.q, p.r, p.z, p.rotation, p.attrs, p.extras) for p in fast.pieces]
    assert hsc.write(slow) == path.read_bytes()
    assert hsc.write(new_map()) == new


def test_a_glyph_under_another_id_than_its_letter_is_kept_on_the_fast_path():
    # A run of plain records with no legacy id: only a glyph's id can differ from what
    # VirtualScape writes (14000 + its letter). Here the old '?' id 14001 holds an 'A'.
    from mapkit.formats import hsc
    from mapkit.model.catalog import catalog

    grass = catalog()["grass-1"].vs
    tiles = [hb.tile(grass, x, y, 0) for x in range(10) for y in range(10)]
    tiles[50] = hb.tile(14001, 3, 4, 1, byte=ord("A"))
    tiles[70] = hb.tile(14000 + ord("V"), 5, 6, 1, byte=ord("V"))
    data = hb.document(7, tiles)
    m = hsc.read(data)
    glyphs = {p.attrs["letter"]: p for p in m.pieces if p.type == "glyph"}
    assert glyphs["A"].extras["hsc"]["type"] == 14001
    assert "type" not in glyphs["V"].extras.get("hsc", {})
    assert hsc.write(m) == data
