"""Hexoscape JSON files and share links: corpus, round trips, conventions, hostile input."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from urllib.parse import quote

import pytest

from conftest import corpus_file, corpus_files, run_subprocess
from mapkit.errors import FormatError, refusing
from mapkit.formats import hexoscape
from mapkit.formats.hexoscape import jsoncrush
from mapkit.formats.hexoscape import url as hexoscape_url
from mapkit.model.grid import rotate
from mapkit.model.map import Map, Piece, Placement

CORPUS_JSON = corpus_files("hexoscape", "*.json")

#: Hexoscape's own piece templates (cube offsets from the piece origin, rotation 0), restated
#: from its src/data/tileTemplates.ts for an independent check of the catalog shapes.
E, SE, SW, W = (1, 0), (0, 1), (-1, 1), (-1, 0)
HEXOSCAPE_TEMPLATES = {
    "S1": [(0, 0)],
    "S2": [(0, 0), E],
    "S3": [(0, 0), E, SE],
    "R4": [(0, 0), E, SE, (1, 1)],
    "L3": [(0, 0), E, (2, 0)],
    "L4": [(0, 0), E, (2, 0), (3, 0)],
    "L5": [(0, 0), E, (2, 0), (3, 0), (4, 0)],
    "P6": [(0, 0), E, SE, SW, (2, 0), (1, 1)],
    "M6": [(0, 0), SE, SW, W, (1, 1), (2, 1)],
    "H7": [(0, 0), E, SE, SW, (1, 1), (-1, 2), (0, 2)],
    "C7": [(0, 0), E, SE, (2, 0), (3, 0), (1, 1), (2, 1)],
    "C9": [(0, 0), E, SE, (2, 0), (3, 0), (1, 1), (2, 1), (4, 0), (3, 1)],
    "T24": [(0, 0), E, SE, SW, (1, 1), (-1, 2), (0, 2), (1, 2), (-2, 3), (-1, 3), (0, 3), (1, 3), (2, 3),
            (-2, 4), (-1, 4), (0, 4), (1, 4), (2, 4), (-3, 5), (-2, 5), (-1, 5), (0, 5), (1, 5), (2, 5)],
}


def read_path(path: Path) -> Map:
    return hexoscape.read(path.read_bytes(), str(path))


def pieces_of(m: Map) -> list[tuple]:
    return [(p.type, p.q, p.r, p.z, p.rotation, p.attrs) for p in m.pieces]


def cells_of(m: Map) -> list[tuple[int, int, int, int]]:
    return sorted(m.iter_cells())


def file_pieces(m: Map) -> list[tuple[Piece, int]]:
    """The pieces the file itself holds (not the bases Hexoscape builds into walls), with the
    altitude the file gives them."""
    out = []
    for p in m.pieces:
        mine = p.extras.get("hexoscape", {})
        if not mine.get("built_into_wall"):
            out.append((p, p.z - 1 if mine.get("base_built_in") else p.z))
    return out


def raw_pieces(path: Path) -> list[tuple[int, int, int, float, str]]:
    """(altitude, q, r, rotation, id) straight from a legacy object-form file."""
    out = []
    for key in json.loads(path.read_text())["boardPieces"]:
        alt, q, r, rot, hid = key.split("~")
        out.append((int(alt), int(q), int(r), float(rot), hid))
    return out


def doc_bytes(board, hex_map=None) -> bytes:
    hex_map = hex_map or {"id": "t", "name": "Test", "shape": "rectangle", "width": 5, "length": 5}
    return json.dumps({"hexMap": hex_map, "boardPieces": board}).encode()


# -- corpus ------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", CORPUS_JSON)
def test_every_corpus_file_reads(path):
    m = read_path(path)
    raw = raw_pieces(path)
    assert len(file_pieces(m)) == len(raw) > 0
    assert [(alt, hid) for alt, _, _, _, hid in raw] == \
        [(alt, hexoscape.hexoscape_id(p, m.catalog()[p.type])) for p, alt in file_pieces(m)]
    assert m.name == json.loads(path.read_text())["hexMap"]["name"]
    assert m.extras["hexoscape"]["form"] == "object"


@pytest.mark.parametrize("path", CORPUS_JSON)
def test_round_trip_keeps_cells_pieces_and_rotations(path):
    m = read_path(path)
    out = hexoscape.write(m)
    again = hexoscape.read(out)
    assert pieces_of(again) == pieces_of(m)
    assert cells_of(again) == cells_of(m)
    assert hexoscape.write(again) == out  # the array form is a fixed point
    assert json.loads(out)["hexMap"]["id"] == json.loads(path.read_text())["hexMap"]["id"]


@pytest.mark.parametrize("path", CORPUS_JSON)
def test_cells_agree_with_hexoscape_templates(path):
    """Every piece covers Hexoscape's template cells, turned about Hexoscape's origin."""
    m = read_path(path)
    cat = m.catalog()
    for (alt, q, r, rot, _), (piece, altitude) in zip(raw_pieces(path), file_pieces(m)):
        shape = cat[piece.type].shape
        expected = {(q + dq, r + dr) for dq, dr in (rotate(a, b, int(rot)) for a, b in HEXOSCAPE_TEMPLATES[shape])}
        assert set(m.footprint(piece)) == expected, (piece, shape)
        assert altitude == alt and piece.rotation == rot


@pytest.mark.parametrize("path", CORPUS_JSON)
def test_url_round_trip_on_corpus(path):
    m = read_path(path)
    link = hexoscape_url.write(m)
    assert link.startswith(b"https://hexoscape.com/?m=") and link.endswith(b"\n") and link.count(b"\n") == 1
    again = hexoscape_url.read(link)
    assert pieces_of(again) == pieces_of(m)
    assert cells_of(again) == cells_of(m)
    assert again.name == m.name


def test_welcome_grass7_covers_seven_hexes():
    m = read_path(corpus_file("hexoscape/Welcome.json"))
    g7 = [p for p in m.pieces if p.type == "grass-7"]
    assert len(g7) == 1
    piece = g7[0]
    assert (piece.q, piece.r, piece.z, piece.rotation) == (1, 0, 0, 0)
    assert sorted(m.footprint(piece)) == sorted([(1, 0), (2, 0), (1, 1), (0, 1), (2, 1), (0, 2), (1, 2)])
    assert [c for c in m.iter_cells() if c.piece == m.pieces.index(piece)] == \
        [(q, r, 0, m.pieces.index(piece)) for q, r in m.footprint(piece)]


def test_testpillar_keeps_half_step_rotations():
    path = corpus_file("hexoscape/testpillar.json")
    m = read_path(path)
    expected = [rot for _, _, _, rot, _ in raw_pieces(path)]
    assert 0.5 in expected and 1.5 in expected and 4.5 in expected
    assert [p.rotation for p in m.pieces] == expected
    again = hexoscape.read(hexoscape.write(m))
    assert [p.rotation for p in again.pieces] == expected
    url_again = hexoscape_url.read(hexoscape_url.write(m))
    assert [p.rotation for p in url_again.pieces] == expected
    assert b'"rotation":4.5' in hexoscape.write(m)


def test_everything_bagel_reads_every_piece_type():
    path = corpus_file("hexoscape/Everything_Bagel.json")
    m = read_path(path)
    ids = {hid for *_, hid in raw_pieces(path)}
    assert len(ids) >= 40
    cat = m.catalog()
    by_id = {cat[p.type].hexoscape: p.type for p in m.pieces}
    assert set(by_id) == ids
    for kind in ("castle", "edge", "obstacle", "fluid", "land"):
        if kind != "edge":
            assert any(cat[p.type].kind == kind for p in m.pieces), kind


# -- forms and containers ------------------------------------------------------------------------
def test_gzip_round_trip():
    m = read_path(corpus_file("hexoscape/BWBB_1_Vengalla_Gulch.json"))
    packed = hexoscape.write_gzip(m)
    assert packed[:2] == b"\x1f\x8b" and hexoscape.sniff(packed[:64])
    again = hexoscape.read(packed)
    assert again.extras["hexoscape"]["gzip"] is True
    assert pieces_of(again) == pieces_of(m)
    assert gzip.decompress(packed) == hexoscape.write(m)


def test_comma_separated_legacy_keys_read_like_tildes():
    tilde = hexoscape.read(doc_bytes({"0~1~0~0~g7": "g7", "1~1~0~2~r2": "r2"}))
    comma = hexoscape.read(doc_bytes({"0,1,0,0,g7": "g7", "1,1,0,2,r2": "r2"}))
    assert pieces_of(comma) == pieces_of(tilde)
    assert comma.pieces[0].extras["hexoscape"]["key"] == "0,1,0,0,g7"


def test_array_form_round_trip_is_byte_exact():
    board = [
        {"uid": "bp_x1", "inventoryID": "g24", "altitude": 0, "rotation": 3, "pieceCoords": {"q": 4, "r": 0, "s": -4}},
        {"uid": "bp_x2", "inventoryID": "rmb", "altitude": 1, "rotation": 2, "pieceCoords": {"q": 2, "r": 2, "s": -4}},
        {"uid": "bp_x3", "inventoryID": "lwt", "altitude": 1, "rotation": 0.5, "pieceCoords": {"q": 1, "r": 1, "s": -2}},
        {"uid": "bp_x4", "inventoryID": "z3", "altitude": 1, "rotation": 0, "pieceCoords": {"q": 3, "r": 1, "s": -4}},
        {"uid": "bp_x5", "inventoryID": "y1", "altitude": 1, "rotation": 0, "pieceCoords": {"q": 3, "r": 2, "s": -5}},
    ]
    hex_map = {"id": "abc", "name": "Ärray – form", "author": "me", "version": 2, "shape": "hexagon",
               "length": 6, "width": 6, "setsUsed": ["A", "B"], "mapNotes": "notes"}
    data = json.dumps({"hexMap": hex_map, "boardPieces": board}, ensure_ascii=False, separators=(",", ":")).encode()
    m = hexoscape.read(data)
    assert m.extras["hexoscape"]["form"] == "array"
    assert [p.extras["hexoscape"]["uid"] for p in m.pieces] == ["bp_x1", "bp_x2", "bp_x3", "bp_x4", "bp_x5"]
    assert m.pieces[3].type == "start-zone" and m.pieces[3].attrs == {"player": 3}
    assert m.pieces[4].type == "glyph" and m.pieces[4].attrs == {"letter": "?", "treasure": True}  # y1
    assert m.author == "me" and m.notes == "notes"
    assert hexoscape.write(m) == data


def test_marvel_origin_is_the_catalog_shapes_second_hex():
    for rot in range(6):
        m = hexoscape.read(doc_bytes({f"1~5~5~{rot}~rm": "rm"}))
        piece = m.pieces[0]
        shift = rotate(1, 0, rot)
        assert (piece.q + shift[0], piece.r + shift[1]) == (5, 5)
        expected = {(5 + a, 5 + b) for a, b in (rotate(x, y, rot) for x, y in HEXOSCAPE_TEMPLATES["M6"])}
        assert set(m.footprint(piece)) == expected
        assert json.loads(hexoscape.write(m))["boardPieces"][0]["pieceCoords"] == {"q": 5, "r": 5, "s": -10}


def test_start_zones_and_glyphs():
    m = hexoscape.read(doc_bytes({"1~0~0~0~z8": "z8", "1~1~0~0~y0": "y0", "1~2~0~0~y1": "y1"}))
    assert m.start_zones()[8][0].q == 0
    assert [g.extras["hexoscape"]["id"] for g in m.glyphs()] == ["y0", "y1"]
    ids = [p["inventoryID"] for p in json.loads(hexoscape.write(m))["boardPieces"]]
    assert ids == ["z8", "y0", "y1"]


def test_known_share_link_from_hexoscapes_library():
    """A link made by the JavaScript JSONCrush + encodeURIComponent, read and rebuilt."""
    link = ("https://hexoscape.com/?m=%5B('id!'t18name!'Tiny%20Two8author!'mk8shape!'rectangle8width!3~length!3~"
            "mapPortraitBase64!'8mapNotes!'')~0-0-g78A0-r189A0*r182*991.5*lwr8992-z28AAy1'%5D*%2C'-*0*8'~91*A1-"
            "%01A98-*_")
    m = hexoscape_url.read(link.encode())
    assert m.name == "Tiny Two" and m.author == "mk"
    assert [(p.type, p.q, p.r, p.z, p.rotation) for p in m.pieces] == [
        ("grass-7", 0, 0, 0, 0), ("rock-1", 0, 0, 1, 0), ("rock-1", 1, 0, 1, 0),
        ("laur-wall-ruin", 1, 1, 2, 1.5), ("start-zone", 1, 2, 1, 0), ("glyph", 0, 1, 1, 0)]
    assert hexoscape_url.write(m).decode().strip() == link


def test_url_file_forms():
    m = read_path(corpus_file("hexoscape/Welcome.json"))
    link = hexoscape_url.link(m)
    query = link.split("?", 1)[1]
    for text in (link, "  " + link + "\r\n", "[InternetShortcut]\nURL=" + link + "\n", "?" + query, query):
        assert pieces_of(hexoscape_url.read(text.encode())) == pieces_of(m)
    assert hexoscape_url.sniff(link.encode()[:200])
    assert not hexoscape.sniff(link.encode()[:200])


# -- writing what Hexoscape cannot hold -----------------------------------------------------------
def test_losses_name_each_thing_and_writer_skips_them():
    m = Map(name="Mixed", players="2", pieces=[
        Piece("grass-7", 0, 0, 0),
        Piece("figure", 0, 0, 1, attrs={"name": "Raelin"}),
        Piece("personal", 2, 2, 0, attrs={"size": 3, "name": "lava field 3"}),
        Piece("water-tall", 3, 3, 0),
        Piece("shadow-tall", 3, 4, 0),
        Piece("cosmos-1", 5, 5, 0),
        Piece("glyph", 1, 1, 1, attrs={"letter": "A"}),
        Piece("start-zone", 0, 1, 1, attrs={"player": 2}),
    ], buildings=[Placement("books/tower.json", 4, 4, 1)], objects=[Placement("crate", 6, 6, 1)])
    lost = hexoscape.losses(m)
    assert len(lost) == 7  # the players and the glyph's letter go into mapNotes (tests/test_carried_notes.py)
    for word in ("Figure", "Personal", "full-height", "Shadow", "Cosmos", "tower", "crate"):
        assert any(word in line for line in lost), word
    doc = json.loads(hexoscape.write(m))
    assert [p["inventoryID"] for p in doc["boardPieces"]] == ["g7", "y13", "z2"]  # the editor's Astrid
    assert doc["hexMap"]["shape"] == "rectangle" and doc["hexMap"]["width"] >= 2
    assert hexoscape.write(m) == hexoscape.write(m)  # deterministic
    assert hexoscape.losses(Map(pieces=[Piece("grass-1", 0, 0, 0)])) == []


# -- hostile input ------------------------------------------------------------------------------------
@pytest.mark.parametrize("data, where", [
    (b'{"hexMap": {}, "boardPieces": {', "line 1, column 32"),
    (b'{"hexMap": {},\n "boardPieces": [}', "line 2, column 18"),
    (b"\xff\xfe{}", "byte 0"),
    (b"[1, 2]", "$"),
    (b'{"boardPieces": {}}', "$"),
    (b'{"hexMap": [], "boardPieces": {}}', "$.hexMap"),
    (b'{"hexMap": {"name": 5}, "boardPieces": {}}', "$.hexMap.name"),
    (b'{"hexMap": {}, "boardPieces": 7}', "$.boardPieces"),
    (b'{"hexMap": {}, "boardPieces": {"1~2~3~0~zz": "zz"}}', '$.boardPieces["1~2~3~0~zz"]'),
    (b'{"hexMap": {}, "boardPieces": {"1~2~3~0~g1": 5}}', '$.boardPieces["1~2~3~0~g1"]'),
    (b'{"hexMap": {}, "boardPieces": {"1~2~g1": "g1"}}', '$.boardPieces["1~2~g1"]'),
    (b'{"hexMap": {}, "boardPieces": {"1~2~x~0~g1": "g1"}}', '$.boardPieces["1~2~x~0~g1"]'),
    (b'{"hexMap": {}, "boardPieces": {"99999999999999999999~0~0~0~g1": "g1"}}',
     '$.boardPieces["99999999999999999999~0~0~0~g1"]'),
    (b'{"hexMap": {}, "boardPieces": {"0~0~0~7~g1": "g1"}}', '$.boardPieces["0~0~0~7~g1"]'),
    (b'{"hexMap": {}, "boardPieces": {"0~0~0~0.5~g2": "g2"}}', '$.boardPieces["0~0~0~0.5~g2"]'),
    (b'{"hexMap": {}, "boardPieces": [{"inventoryID": "g1", "altitude": 1e300, "pieceCoords": {"q": 0, "r": 0}}]}',
     "$.boardPieces[0].altitude"),
    (b'{"hexMap": {}, "boardPieces": [{"inventoryID": "g1", "altitude": 0, "pieceCoords": {"q": 0, "r": 0, "s": 3}}]}',
     "$.boardPieces[0].pieceCoords.s"),
    (b'{"hexMap": {}, "boardPieces": [{"inventoryID": 3, "altitude": 0, "pieceCoords": {"q": 0, "r": 0}}]}',
     "$.boardPieces[0].inventoryID"),
    (b'{"hexMap": {}, "boardPieces": [{"inventoryID": "g1", "altitude": 0, "pieceCoords": [0, 0]}]}',
     "$.boardPieces[0].pieceCoords"),
    (b'{"hexMap": {}, "boardPieces": [{"inventoryID": "g1", "altitude": 0, "rotation": "1", '
     b'"pieceCoords": {"q": 0, "r": 0}}]}', "$.boardPieces[0].rotation"),
    (b'{"hexMap": {}, "boardPieces": [true]}', "$.boardPieces[0]"),
])
def test_hostile_json_names_the_place(data, where):
    with pytest.raises(FormatError) as info:
        hexoscape.read(data)
    assert info.value.where == where, str(info.value)


def test_huge_integer_and_deep_nesting_are_format_errors():
    for data in (b'{"hexMap": {}, "boardPieces": [' + b"9" * 5000 + b"]}",
                 b"[" * 100_000 + b"]" * 100_000,
                 b'{"hexMap": {}, "boardPieces": {"0~0~0~0~g1": NaN}}'):
        with pytest.raises(FormatError):
            hexoscape.read(data)


def test_truncated_and_damaged_gzip():
    packed = gzip.compress(doc_bytes({"0~0~0~0~g1": "g1"}))
    with pytest.raises(FormatError, match="truncated"):
        hexoscape.read(packed[: len(packed) // 2])
    damaged = packed[:12] + bytes(b ^ 0x55 for b in packed[12:20]) + packed[20:]
    with pytest.raises(FormatError):
        hexoscape.read(damaged)


def test_gzip_bomb_is_refused(monkeypatch):
    from mapkit import records

    from mapkit import limits

    monkeypatch.setattr(limits, "DECOMPRESSED_BYTES", records.replace(limits.DECOMPRESSED_BYTES, value=1000))
    with pytest.raises(FormatError, match="decompressed size"):
        hexoscape.read(gzip.compress(b" " * 10_000))


@pytest.mark.parametrize("text, message", [
    ("", "empty"),
    ("https://hexoscape.com/?v=a", "no m="),
    ("https://hexoscape.com/?m=%5B1%2C2%5D_", "no hexMap"),
    ("https://hexoscape.com/?m=(((((_", "not JSON"),
    ("https://hexoscape.com/?m=" + quote(jsoncrush.crush('[{"id":"a","width":1,"length":1},"0~9~g1"]')), "m=$[1]"),
    ("https://hexoscape.com/?m=" + quote(jsoncrush.crush('[{"id":"a","width":1,"length":1},"0~0~0~0~qq"]')), "'qq'"),
])
def test_hostile_links(text, message):
    with pytest.raises(FormatError) as info:
        hexoscape_url.read(text.encode())
    assert message in str(info.value)


def test_cli_rejects_bad_files_with_one_line(tmp_path):
    cases = {
        "bad.json": b'{"hexMap": {}, "boardPieces": {"1~2~3~0~zz": "zz"}}',
        "broken.json": b'{"hexMap": {"name": "x"}, "boardPieces": {',
        "cut.gz": gzip.compress(doc_bytes({"0~0~0~0~g1": "g1"}))[:25],
        "bad.url": b"https://hexoscape.com/?m=%5B1%5D_\n",
    }
    for name, data in cases.items():
        source = tmp_path / name
        source.write_bytes(data)
        target = tmp_path / (name + ".out.mapkit.json")
        result = run_subprocess("convert", source, tmp_path / "out.json", "--from",
                                "hexoscape-url" if name.endswith(".url") else "hexoscape")
        assert result.returncode == 2, (name, result.stderr)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
        assert name in lines[0]
        assert not (tmp_path / "out.json").exists() and not target.exists()
    assert "zz" in run_subprocess("convert", tmp_path / "bad.json", tmp_path / "o.url").stderr


def test_cli_converts_json_to_link_and_back(tmp_path):
    source = corpus_file("hexoscape/AoA_1_The_Shattered_Table.json")
    link_file = tmp_path / "map.url"
    back = tmp_path / "back.json"
    first = run_subprocess("convert", source, link_file)
    assert first.returncode == 0, first.stderr
    second = run_subprocess("convert", link_file, back)
    assert second.returncode == 0, second.stderr
    assert pieces_of(read_path(back)) == pieces_of(read_path(source))


# -- VirtualScape maps through Hexoscape -------------------------------------------------------------
#: Hexoscape's VirtualScape import (src/data/rotationTransforms.ts), restated: for a template
#: and rotation, the Hexoscape origin minus the VirtualScape anchor hex.
O = (0, 0)
HEXOSCAPE_VS_TRANSFORMS = {
    "S1": [O] * 6, "S2": [O, O, O, E, SE, SW], "S3": [O, O, E, SE, SE, SW],
    "H7": [O, E, (1, 1), (0, 2), (-1, 2), SW], "T24": [O, E, (2, 3), (2, 5), (-5, 7), (-5, 2)],
    "L3": [O, O, O, (2, 0), (0, 2), (-2, 2)], "L4": [O, O, O, (3, 0), (0, 3), (-3, 3)],
    "L5": [O, O, O, (4, 0), (0, 4), (-4, 4)], "P6": [O, E, SE, (1, 1), (0, 2), (-2, 2)],
    "R4": [O, O, E, (1, 1), (-1, 2), SW], "C7": [O, O, E, (2, 1), (0, 3), (-3, 3)],
    "C9": [O, O, E, (3, 1), (0, 4), (-4, 4)], "M6": [E, SE, SE, (2, 1), (-1, 3), (-3, 2)],
}
CORPUS_HSC = corpus_files("hsc", "*.hsc")


def test_virtualscape_anchors_agree_with_hexoscape_import():
    """A .hsc read by mapkit and written as Hexoscape JSON puts each piece where Hexoscape's own
    VirtualScape import would: Hexoscape origin = VS anchor + its transform, for every shape."""
    tables = pytest.importorskip("mapkit.formats.hsc._tables")
    cat = hexoscape.catalog()
    for shape, transforms in HEXOSCAPE_VS_TRANSFORMS.items():
        for turns in range(6):
            origin_shift = rotate(*hexoscape.TEMPLATE_ORIGIN.get(shape, (0, 0)), turns)
            anchor = tables.anchor_delta(cat, shape, turns)
            assert (origin_shift[0] - anchor[0], origin_shift[1] - anchor[1]) == transforms[turns], (shape, turns)


@pytest.mark.parametrize("path", CORPUS_HSC)
def test_hsc_to_hexoscape_keeps_every_cell_hexoscape_can_hold(path, tmp_path, cli):
    pytest.importorskip("mapkit.formats.hsc")
    from mapkit.formats import read_map

    target = tmp_path / "out.json"
    code, _, err = cli("convert", path, target, "--allow-loss")
    assert code == 0, err
    source = read_map(path)
    cat = source.catalog()
    kept = [p for p in source.pieces if hexoscape.hexoscape_id(p, cat[p.type]) is not None]
    result = read_path(target)
    assert [(p.type, p.q, p.r, p.z, p.rotation) for p in result.pieces] == \
        [(hexoscape.hexoscape_type(p, cat[p.type]).id, p.q, p.r, p.z, p.rotation) for p in kept]
    assert cells_of(result) == cells_of(Map(pieces=kept))
    dropped = [line for line in err.splitlines() if ": dropped: " in line]
    assert len(dropped) == len(refusing(hexoscape.losses(source)))  # (what it never shows: a warning)
    assert [p.attrs.get("player") for p in result.pieces if p.type == "start-zone"] == \
        [p.attrs.get("player") for p in kept if p.type == "start-zone"]


def test_hsc_to_hexoscape_refused_without_allow_loss(tmp_path):
    path = corpus_file("hsc/dkniffin-virtualscape/Flag test.hsc")
    result = run_subprocess("convert", path, tmp_path / "flag.json")
    assert result.returncode == 2 and "Castle flag" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "flag.json").exists()
    result = run_subprocess("convert", path, tmp_path / "flag.json", "--allow-loss")
    assert result.returncode == 0 and (tmp_path / "flag.json").exists()


def test_cli_writes_gzip_for_a_gz_name(tmp_path):
    source = corpus_file("hexoscape/Welcome.json")
    target = tmp_path / "welcome.gz"
    result = run_subprocess("convert", source, target)
    assert result.returncode == 0, result.stderr
    data = target.read_bytes()
    assert data[:2] == b"\x1f\x8b"
    assert pieces_of(hexoscape.read(data)) == pieces_of(read_path(source))
    assert json.loads(gzip.decompress(data))["boardPieces"][0]["inventoryID"] == "g7"


def test_objective_markers_and_mismatched_values():
    m = hexoscape.read(doc_bytes({"1~0~0~0~om21": "om21", "0~0~0~0~g1": "g2"}))
    assert m.pieces[0].type == "objective-marker-21"
    assert m.pieces[1].type == "grass-1" and len(m.warnings) == 1 and "'g2'" in m.warnings[0]
    assert [p["inventoryID"] for p in json.loads(hexoscape.write(m))["boardPieces"]] == ["om21", "g1"]


def test_walls_on_land_get_the_base_hexoscape_builds_into_them():
    """Everything_Bagel stands walls on a rock tile at altitude 1 and the wall walk at 11:
    Hexoscape's base-in-the-wall, so the model gets a base at 1 and the wall at 2..10."""
    m = read_path(corpus_file("hexoscape/Everything_Bagel.json"))
    occupancy = m.occupancy()
    walls = [p for p in m.pieces if p.type.startswith("castle-wall")]
    assert walls and all(p.extras["hexoscape"]["base_built_in"] for p in walls)
    for wall in walls:
        below = [m.pieces[i].type for i in occupancy[(wall.q, wall.r, wall.z - 1)]]
        assert below == [hexoscape.WALL_BASES[wall.type]]
    walks = [p for p in m.pieces if p.type == "wall-walk-9"]
    for q, r in m.footprint(walks[0]):
        under = [m.pieces[i].type for i in occupancy.get((q, r, walks[0].z - 1), [])]
        if (q, r) in {(w.q, w.r) for w in walls}:
            assert under and under[0].startswith("castle-wall"), (q, r)
    doc = json.loads(hexoscape.write(m))
    assert len(doc["boardPieces"]) == len(raw_pieces(corpus_file("hexoscape/Everything_Bagel.json")))
    assert {(p["inventoryID"], p["altitude"]) for p in doc["boardPieces"] if p["inventoryID"].startswith("cw")} == \
        {("cwe", 1), ("cwc", 1), ("cws", 1)}
    # Sunken Crypt stands every wall on a base: nothing is added there
    crypt = read_path(corpus_file("hexoscape/The_Sunken_Crypt.json"))
    assert not any(p.extras.get("hexoscape", {}).get("built_into_wall") for p in crypt.pieces)


def test_a_wall_without_a_base_is_a_loss():
    bare = Map(pieces=[Piece("grass-1", 0, 0, 0), Piece("castle-wall-straight", 0, 0, 1)])
    assert any("without a castle base" in line for line in hexoscape.losses(bare))
    based = Map(pieces=[Piece("grass-1", 0, 0, 0), Piece("castle-base-straight", 0, 0, 1),
                        Piece("castle-wall-straight", 0, 0, 2), Piece("castle-wall-straight", 0, 0, 11)])
    assert hexoscape.losses(based) == []
    again = hexoscape.read(hexoscape.write(based))
    assert pieces_of(again) == pieces_of(based)


def test_wall_on_a_wall_that_stands_on_land():
    """Hexoscape: a wall on land at 1 fills 1..10 (base built in); the wall clicked on top of it
    goes at 11 and fills 11..19. The model: base 1, wall 2..10, wall 11..19, walk at 20."""
    m = hexoscape.read(doc_bytes({"0~0~0~0~g1": "g1", "11~0~0~0~cws": "cws", "1~0~0~0~cws": "cws",
                                  "20~0~0~0~cg1": "cg1"}))
    assert [(p.type, p.z) for p in m.pieces] == [
        ("grass-1", 0), ("castle-wall-straight", 11), ("castle-base-straight", 1), ("castle-wall-straight", 2),
        ("wall-walk-1", 20)]
    levels = sorted(level for _, _, level, _ in m.iter_cells())
    assert levels == list(range(0, 21))
    assert json.loads(hexoscape.write(m))["boardPieces"][1:3] == [
        {"uid": "bp_mk2", "inventoryID": "cws", "altitude": 11, "rotation": 0, "pieceCoords": {"q": 0, "r": 0, "s": 0}},
        {"uid": "bp_mk3", "inventoryID": "cws", "altitude": 1, "rotation": 0, "pieceCoords": {"q": 0, "r": 0, "s": 0}}]


def test_ruins_cover_hexoscapes_interior_hexes():
    """Hexoscape's ruin templates add clearance hexes around the ruin; the hexes it marks as the
    ruin's interior (src/data/ruins-templates.ts) are the model's footprint, same origin."""
    interiors = {"rs2": [(0, 0), E], "rs3": [(0, 0), E, (2, 0)]}
    for hid, cells in interiors.items():
        for rot in range(6):
            m = hexoscape.read(doc_bytes({f"1~3~3~{rot}~{hid}": hid}))
            expected = {(3 + a, 3 + b) for a, b in (rotate(x, y, rot) for x, y in cells)}
            assert set(m.footprint(m.pieces[0])) == expected, (hid, rot)


@pytest.mark.parametrize("path", CORPUS_JSON)
def test_new_board_size_matches_hexoscapes_rectangle(path):
    """A map from elsewhere gets the rectangle board Hexoscape would need: odd-r columns and rows
    from 0. On the corpus it reproduces the declared size (testpillar leaves its last row empty)."""
    m = read_path(path)
    declared = json.loads(path.read_text())["hexMap"]
    del m.extras["hexoscape"]
    made = json.loads(hexoscape.write(m))["hexMap"]
    assert made["shape"] == "rectangle" and made["id"].startswith("mapkit-")
    assert made["width"] == declared["width"]
    assert made["length"] == declared["length"] - (1 if path.name == "testpillar.json" else 0)


def test_personal_tiles_named_as_hexoscape_reads_them():
    """Hexoscape's VirtualScape import makes real pieces of personal tiles by name; so does the
    writer, when the tile's size gives the piece's footprint."""
    m = Map(pieces=[
        Piece("personal", 0, 0, 1, attrs={"size": 1, "name": "LaurWallPillar"}),
        Piece("personal", 1, 0, 0, attrs={"size": 3, "name": "LavaField3 (Valhalla)"}),
        Piece("personal", 3, 0, 0, attrs={"size": 24, "name": "sand24"}),
        Piece("personal", 0, 5, 0, attrs={"size": 3, "name": "Water3"}),
        Piece("personal", 3, 5, 0, attrs={"size": 3, "name": "swampwater3"}),
        Piece("personal", 6, 5, 0, attrs={"size": 1, "name": "sand"}),       # size 1: not a sand 24
        Piece("personal", 7, 5, 0, attrs={"size": 3, "name": "my water3"}),  # water3 must start the name
    ])
    doc = json.loads(hexoscape.write(m))
    assert [p["inventoryID"] for p in doc["boardPieces"]] == ["lwp", "lf3", "s24", "w3", "ws3"]
    lost = hexoscape.losses(m)
    assert len(lost) == 2 and "'sand'" in lost[0] and "'my water3'" in lost[1]
    again = hexoscape.read(hexoscape.write(m))
    assert cells_of(again) == cells_of(Map(pieces=m.pieces[:5]))


@pytest.mark.parametrize("module", [hexoscape, hexoscape_url])
@pytest.mark.parametrize("far", [Piece("grass-1", hexoscape.MAX_COORDINATE + 1, 0, 0),
                                 Piece("grass-1", 0, -hexoscape.MAX_COORDINATE - 1, 0),
                                 Piece("grass-1", 0, 0, -1), Piece("grass-1", 0, 0, hexoscape.MAX_ALTITUDE + 1)])
def test_pieces_beyond_the_readers_bounds_are_losses_not_unreadable_files(module, far):
    # Pieces past mapkit's coordinate and level limits (mapkit.limits), which the Hexoscape reader
    # applies, are losses when writing: a file written here always reads back.
    m = Map(pieces=[Piece("grass-1", 0, 0, 0), far])
    (loss,) = module.losses(m)
    assert "beyond Hexoscape's bounds" in loss and f"({far.q}, {far.r}) Level {far.z + 1}" in loss
    back = module.read(module.write(m), "x")
    assert [(p.type, p.q, p.r, p.z) for p in back.pieces] == [("grass-1", 0, 0, 0)]
