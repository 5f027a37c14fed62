"""The web editor's current pieces, glyphs, set copies, Laur reckoning and inventory tables
(issue 33, items 1, 4 and 5), on the cases of ../shared/cases (README there: the right answers)."""

from __future__ import annotations

import json

import pytest
from conftest import case_file
from hypothesis import given, settings
from hypothesis import strategies as st

from mapkit.formats import encode_map, hexoscape, hsc, read_map
from mapkit.model.catalog import catalog
from mapkit.model.map import Map, Piece
from mapkit.registry import get
from mapkit.rules.framework import CheckContext, run_rules, select_rules
from mapkit.sets import collection, inventory_tsv, requirements


def codes(m: Map) -> list[str]:
    return [f.code for f in run_rules(CheckContext(m), select_rules("casual"))]


def cells_of(m: Map, index: int) -> set[tuple[int, int]]:
    return {(q, r) for q, r, _, i in m.iter_cells() if i == index}


def board(radius: int = 7) -> list[Piece]:
    """Rock 1-hex tiles on the table, every hex within `radius` of (0, 0)."""
    return [Piece("rock-1", q, r, 0) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
            if abs(q) + abs(r) + abs(q + r) <= 2 * radius]


# -- glyphs ---------------------------------------------------------------------------------------
def test_a_named_glyph_id_is_that_glyph(cli):
    """"unknown Hexoscape piece id 'y13'", exit 2 on c81eaf9: the editor names each glyph 'y' + its number."""
    path = case_file("peer/glyph_named_id_y13.json")
    m = read_map(path)
    glyph = m.glyphs()[0]
    assert glyph.attrs == {"letter": "A"} and catalog().glyph_of(glyph.attrs)["name"] == "Astrid"
    code, out, _ = cli("info", path, "--json")
    assert code == 0 and [(g["letter"], g["name"]) for g in json.loads(out)["glyphs"]] == [("A", "Astrid")]
    assert json.loads(hexoscape.write(m))["boardPieces"][1]["inventoryID"] == "y13"  # written back as read


#: Some of the editor's glyphs by number (src/data/glyphs.ts): its letters H, F, Y and SI are two
#: glyphs' each, told apart by name.
EDITOR_GLYPHS = {2: ("H", "Haukeland"), 5: ("B", "Brandar"), 13: ("A", "Astrid"), 17: ("D", "Dagmar"),
                 26: ("Y", "Yadulkia"), 27: ("ZIP", "Zipline"), 30: ("HR", "Heroic Rune"),
                 47: ("SI", "Scarab of Invulnerability"), 50: ("F", "Frosa"), 51: ("H", "Holdir"),
                 54: ("Y", "Yngvild"), 57: ("SI", "Searing Amulet"), 65: ("SG", "Sola Gerda")}


def test_every_editor_glyph_id_is_a_glyph_of_its_list():
    m = read_map(case_file("peer/glyph_ids_y2_to_y65.json"))
    doc = json.loads(case_file("peer/glyph_ids_y2_to_y65.json").read_text())
    ids = [p["inventoryID"] for p in doc["boardPieces"] if p["inventoryID"].startswith("y")]
    assert sorted(ids) == sorted(f"y{n}" for n in range(2, 66))
    cat = catalog()
    found = {g.extras["hexoscape"]["id"]: cat.glyph_of(g.attrs) for g in m.glyphs()}
    assert len(found) == 64 and len({id(g) for g in found.values()}) == 64  # 64 glyphs, none read as another
    for number, (letter, name) in EDITOR_GLYPHS.items():
        assert (found[f"y{number}"]["letter"], found[f"y{number}"]["name"]) == (letter, name)
    treasure = [g for g in m.glyphs() if g.attrs.get("treasure")]
    assert len(treasure) == 24  # the editor's treasure-terrain glyphs: 28-49, 56 and 57
    # written back, to Hexoscape and through mapkit's own format, each is the same glyph
    assert [p["inventoryID"] for p in json.loads(hexoscape.write(m))["boardPieces"]] == \
        [p["inventoryID"] for p in doc["boardPieces"]]
    native = read_map_bytes(encode_map(m, get("mapkit"))[0], "mapkit")
    assert [cat.glyph_of(g.attrs)["name"] for g in native.glyphs()] == [cat.glyph_of(g.attrs)["name"] for g in m.glyphs()]
    need = requirements(m)
    assert need["glyph:H Holdir"] == need["glyph:H Haukeland"] == 1 and need["glyph:A"] == 1


def read_map_bytes(data: bytes, fmt: str) -> Map:
    from mapkit.formats import parse_map

    return parse_map(data, fmt)


def test_the_intermediate_editor_named_its_glyphs_by_word():
    """An intermediate version of the editor gave each glyph a word for its id ('y' + 'attack' for
    Astrid, 'haukeland', 'lorjaIvor' ...), in the same order as today's numbers."""
    doc = {"hexMap": {"id": "1", "name": "words", "shape": "rectangle", "width": 4, "length": 4},
           "boardPieces": {"0~0~0~0~g7": "g7", "1~0~0~0~yattack": "yattack", "1~1~0~0~yhaukeland": "yhaukeland",
                           "1~0~1~0~ylorjaIvor": "ylorjaIvor"}}
    m = hexoscape.read(json.dumps(doc).encode())
    assert [catalog().glyph_of(g.attrs)["name"] for g in m.glyphs()] == ["Astrid", "Haukeland", "Lorja Ivor"]
    cat = catalog()
    for g in cat.glyph_list[2:]:  # each glyph's word and number name it alike
        assert cat.glyph_by_hexoscape[g["hexoscape"][0]] is cat.glyph_by_hexoscape[g["hexoscape"][1]] is g


def test_glyph_d_is_dagmar(cli):
    """VirtualScape's resource file, and the editor's comment after it, spell glyph D "Dragmar";
    the game and the official pages call it Dagmar."""
    code, out, _ = cli("info", case_file("outside/glyph_d.hsc"))
    assert code == 0 and "D Dagmar" in out and "Dragmar" not in out


# -- piece sizes and heights ------------------------------------------------------------------------
def test_fortified_wall_and_ship_take_the_editors_sizes():
    m = read_map(case_file("peer/fortified_wall_and_ship.json"))
    by_type = {p.type: i for i, p in enumerate(m.pieces)}
    cat = catalog()
    wall, ship, bow = by_type["fortified-wall"], by_type["ship-wall"], by_type["ship-bow"]
    assert len(cells_of(m, wall)) == 8 and cat["fortified-wall"].obstacle_height == 10
    assert cells_of(m, ship) == {(6, 2), (7, 2), (8, 2)} and cat["ship-wall"].obstacle_height == 10
    assert cells_of(m, bow) == {(3 + dq, 6 + dr) for dq, dr in ((0, 0), (1, 0), (2, 0), (0, -1), (1, -2))}
    assert cat["ship-bow"].obstacle_height == 13
    assert cat["cannon"].obstacle_height == 3 and cat["rope-ladder"].hexoscape_height == 7
    # the bow turns as one piece: its five hexes, turned about the origin, at every rotation
    for k in range(6):
        assert len(set(cat.footprint("B5", k))) == 5


#: The editor's tile templates at rotation 0 (src/data/tileTemplates.ts), hexes from the piece's
#: origin as its saves place it: each piece that uses one covers those hexes in mapkit too.
_T3, _T6 = {(0, 0), (1, 0), (0, 1)}, {(0, 0), (1, 0), (0, 1), (-1, 1), (2, 0), (1, 1)}
_T7 = {(0, 0), (1, 0), (0, 1), (-1, 1), (1, 1), (-1, 2), (0, 2)}
_T24 = _T7 | {(1, 2)} | {(q, r) for r in (3, 4) for q in range(-2, 3)} | {(q, 5) for q in range(-3, 3)}
_WALK7 = _T3 | {(2, 0), (3, 0), (1, 1), (2, 1)}
EDITOR_TEMPLATES = {
    "g1": {(0, 0)}, "g2": {(0, 0), (1, 0)}, "s3": _T3, "o3": _T3, "og3": _T3, "m13": _T3,
    "og4": _T3 | {(1, 1)}, "tr15": _T3 | {(1, 1)}, "i4": _T3 | {(1, 1)},
    "rd5": {(q, 0) for q in range(5)}, "ca": {(q, 0) for q in range(3)}, "rw": {(q, 0) for q in range(4)},
    "og6": _T6, "h": _T6, "ws6": _T6, "i6": _T6, "r7": _T7, "g24": _T24, "cg7": _WALK7,
    "cg9": _WALK7 | {(4, 0), (3, 1)},
    "rm": {(0, 0), (0, 1), (-1, 1), (-1, 0), (1, 1), (2, 1)}, "c6": {(0, 0), (0, 1), (-1, 1), (-1, 0), (1, 1), (2, 1)},
    "sl": {(0, 0), (1, 0), (2, 0)}, "sb": {(0, 0), (1, 0), (2, 0), (0, -1), (1, -2)}, "om12": {(0, 0), (1, 0)},
}


@pytest.mark.parametrize("hid", sorted(EDITOR_TEMPLATES))
def test_pieces_cover_the_editors_templates(hid):
    piece = hexoscape.make_piece(hid, 0, 0, 1, 0, "$")
    m = Map(pieces=[piece])
    assert set(m.footprint(piece)) == EDITOR_TEMPLATES[hid]


def test_fortified_wall_stands_on_its_first_four_hexes():
    """The editor's support template for the wall: its first 4 hexes on something, the other 4 over
    whatever is there."""
    cat = catalog()
    cells = cat.footprint(cat["fortified-wall"].shape, 0)
    held = [Piece("rock-1", q, r, 0) for q, r in cells[:4]]
    assert "P102" not in codes(Map(pieces=held + [Piece("fortified-wall", 0, 0, 1)]))
    assert "P102" in codes(Map(pieces=held[:3] + [Piece("fortified-wall", 0, 0, 1)]))
    assert "P101" in codes(Map(pieces=[Piece("rock-1", 5, 5, 0), Piece("fortified-wall", 0, 0, 1)]))


def test_objective_markers_12_and_22_cover_two_hexes():
    m = read_map(case_file("peer/objective_markers_two_hex.json"))
    marker = next(i for i, p in enumerate(m.pieces) if p.type.startswith("objective-marker"))
    assert m.pieces[marker].type == "objective-marker-12" and len(cells_of(m, marker)) == 2
    hexes = {hid: catalog().by_hexoscape[hid].hexes for hid in ("om11", "om12", "om21", "om22")}
    assert hexes == {"om11": 1, "om12": 2, "om21": 1, "om22": 2}


# -- set copies -------------------------------------------------------------------------------------
def test_a_repeated_set_letter_is_a_copy(cli):
    """['S', 'S', 'T'] is two Rise of the Valkyrie and a Swarm of the Marro: 8 grass 24s, no S101."""
    path = case_file("peer/sets_used_with_copies.json")
    m = read_map(path)
    assert m.attrs["sets_used"] == {"RotV": 2, "SotM": 1}
    assert "S101" not in codes(m)
    code, out, _ = cli("inventory", path, "--json")
    assert code == 0 and json.loads(out)["declared_sets"]["holds_everything"] is True
    assert json.loads(hexoscape.write(m))["hexMap"]["setsUsed"] == ["S", "S", "T"]


def test_set_copies_survive_json_to_hsc_to_json():
    m = read_map(case_file("peer/sets_copies_round_trip.json"))
    assert m.attrs["sets_used"] == {"RotV": 2, "SotM": 1}  # "Required Sets: 2x RotV, SotM"
    data = encode_map(m, get("hsc"), allow_loss=True)[0]  # (the board size and id: not sets)
    back = hsc.read(data)
    assert back.attrs["sets_used"] == {"RotV": 2, "SotM": 1}
    assert json.loads(encode_map(back, get("hexoscape"))[0])["hexMap"]["setsUsed"] == ["S", "S", "T"]


@pytest.mark.parametrize("line", ["Sets: RotV x2, SotM", "Required Sets: RotV x2, SotM", "Sets used: 2x RotV, SotM",
                                  "Required Sets: RotV (2), Swarm of the Marro", "Sets: RotV (x2), SotM x1"])
def test_notes_name_copies_as_the_editor_prints_them(line):
    doc = {"hexMap": {"id": "1", "name": "notes", "shape": "rectangle", "width": 4, "length": 4,
                      "mapNotes": f"Hold the ford.\n{line}\n"},
           "boardPieces": {"0~0~0~0~g7": "g7"}}
    assert hexoscape.read(json.dumps(doc).encode()).attrs["sets_used"] == {"RotV": 2, "SotM": 1}


def test_notes_naming_other_sets_do_not_override_the_letters():
    """A page's text may hold a scenario's own list; with the copies in setsUsed no line went ahead
    of it, and the reader took the scenario's list for the map's (ShadowCavernRoom1.html)."""
    m = Map(pieces=[Piece("dungeon-1", 0, 0, 0)], attrs={"sets_used": {"BftU": 2}},
            notes="Scenario 1\nRequired Sets: Battle for the Underdark (2), Warriors of Eberron")
    back = hexoscape.read(encode_map(m, get("hexoscape"))[0])
    assert back.attrs["sets_used"] == {"BftU": 2}


# -- Laur pieces ------------------------------------------------------------------------------------
def test_pillars_past_the_master_sets_take_ruins_at_laurs_edge_stackable_ones():
    """9 pillars with Age of Annihilation (8) and Ruins at Laur's Edge (6 stackable) declared: the
    ninth is a stackable pillar, as the editor reckons it."""
    m = read_map(case_file("peer/laur_pillars_stackable.json"))
    assert "S101" not in codes(m)
    m.attrs["sets_used"] = {"AoA": 1}
    assert "S101" in codes(m)
    assert collection.missing({"laur-pillar": 9}, {"laur-pillar": 8, "laur-pillar-stackable": 6}) == {}
    assert collection.missing({"laur-pillar": 9, "laur-pillar-stackable": 6},
                              {"laur-pillar": 8, "laur-pillar-stackable": 6}) == {"laur-pillar": 1}


def test_a_laur_piece_stacked_on_a_pillar_is_a_stackable_one():
    pieces = board(2) + [Piece("laur-pillar", 0, 0, 1), Piece("laur-pillar", 0, 0, 10),
                         Piece("laur-wall-short", 1, 0, 1, 3), Piece("laur-wall-short", 1, 0, 10, 3),
                         Piece("laur-wall-long", 0, 1, 1, 0)]
    need = requirements(Map(pieces=pieces))
    assert (need["laur-pillar"], need["laur-pillar-stackable"]) == (1, 1)
    assert (need["laur-wall-short"], need["laur-wall-short-stackable"]) == (0, 2)  # each stands on the other
    assert (need["laur-wall-long"], need.get("laur-wall-long-stackable", 0)) == (1, 0)


# -- inventory tables -------------------------------------------------------------------------------
@pytest.mark.parametrize("name, counts", [
    ("inventory_other_headers.csv", {"grass-24": 8, "laur-pillar-triangle": 4, "asphalt-24": 1}),
    ("inventory_semicolons.csv", {"grass-24": 8}),
])
def test_inventory_tables_the_editor_reads(name, counts, cli):
    path = case_file(f"peer/{name}")
    assert inventory_tsv.sniff(path.read_bytes()) > 0
    assert collection.read_collection(str(path)) == counts
    code, out, err = cli("inventory", case_file("peer/sets_used_with_copies.json"), "--collection", path)
    assert code == 0, err


@pytest.mark.parametrize("table", [b"pieceID\tqty\ng24\t2\n", b"Piece ID|QUANTITY\r\n\r\ng24|2\r\n",
                                   b"\n\nId,Count\ng24,2\n", b"ID\x1eCount\ng24\x1e2\n"])
def test_every_header_and_separator_the_editor_takes(table):
    assert inventory_tsv.read_collection(table) == {"grass-24": 2}


def test_a_row_naming_no_piece_is_skipped_and_named():
    warnings: list[str] = []
    counts = inventory_tsv.read_collection(b"ID,Count\ng24,1\nnosuch,2\n", "inv.csv", warnings)
    assert counts == {"grass-24": 1} and warnings == ["line 3: unknown piece or set 'nosuch' (2 of it) skipped"]


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400), st.sampled_from([b"", b"Piece ID;Qty\n", b"id\tcount\n", b'ID,"Count\n']))
def test_telling_an_inventory_table_never_fails(data, header):
    assert inventory_tsv.sniff(header + data) in (0.0, 0.8)
    assert inventory_tsv.separator((header + data).decode("utf-8", "replace").splitlines()) in inventory_tsv.SEPARATORS
