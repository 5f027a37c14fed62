"""Battlefield pages as built: rooms, tall pieces, redrawings, stacks, keys, ruins and bridges.

Small pages made here, one rule each, drawn the way the official pages draw (see the corpus pages
named in each test); the corpus pages themselves are pinned in test_glasq_corpus.
"""

from __future__ import annotations

from collections import Counter

from test_glasq import HEX, THREE, TWO, use

from mapkit.formats import glasq
from mapkit.model.catalog import catalog
from mapkit.rules.checks import check_map

FIVE = "1,27 46,1 91,27 136,1 181,27 226,1 271,27 316,1 361,27 406,1 451,27 451,79 406,105 361,79 316,105 271,79 " \
       "226,105 181,79 136,105 91,79 46,105 1,79"
SEVEN = "1,27 46,1 91,27 136,1 181,27 181,79 226,105 226,157 181,183 181,235 136,261 91,235 46,261 1,235 1,183 " \
        "-44,157 -44,105 1,79"
DEFS = (f'<polygon id="tile01" points="{HEX}"/><polygon id="tile02" points="{TWO}"/>'
        f'<polygon id="tile03" points="{THREE}"/><polygon id="tile05" points="{FIVE}"/>'
        f'<polygon id="tile07a" points="{SEVEN}"/>'
        '<use id="GS01" xlink:href="#tile01"/><use id="RK01" xlink:href="#tile01"/><use id="DN01" xlink:href="#tile01"/>'
        '<use id="RK03" xlink:href="#tile03"/><use id="SD07" xlink:href="#tile07a"/><use id="WTR" xlink:href="#tile01"/>'
        '<use id="SHD" xlink:href="#tile01"/><use id="RD05" xlink:href="#tile05"/><use id="RD01" xlink:href="#tile01"/>'
        '<use id="RB01" xlink:href="#SHD"/><g id="RO01"><use xlink:href="#tile01"/><text x="30" y="73">7</text></g>'
        '<g id="RO03"><use xlink:href="#tile03"/></g>'
        '<g id="RO03H"><text x="30" y="73">7</text><text x="120" y="73">5</text><text x="75" y="151">9</text></g>'
        '<polyline id="RNS" points="1,27 46,1 91,27 136,1 181,27 181,79"/>'
        '<polygon id="STW" points="46,1 91,27 136,1 181,27 226,1 271,27 316,1 361,27 406,1 406,-16 46,-16"/>'
        '<use id="glyph" transform="translate(5,5) scale(0.9)" xlink:href="#tile01"/>'
        '<g id="G"><use xlink:href="#glyph"/><text>?</text></g>'
        '<circle id="f1" cx="46" cy="53" r="36"/><use id="P1F1" xlink:href="#f1"/>'
        '<g id="T1SZ"><use id="P1SZ" xlink:href="#f1"/></g><g id="T2SZ"><use id="P2SZ" xlink:href="#f1"/></g>'
        '<circle cx="46" cy="53" id="NULL" r="40"/><g id="NUM"><text x="30" y="73">1</text></g>')

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 3000 3000">')


def board_page(pictures: list[tuple[int, list[str]]], scenarios: list[tuple[int, list[str], list[str]]] = (),
               sets: str = "Battle for the Underdark") -> bytes:
    """A page of level pictures ("Level N", N as given: a smaller N starts the next room) and
    scenario pictures (number, faded copy, uses), drawn as the official pages draw them."""
    parts = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Test Dungeon</title></head><body><div>',
             f'<p><b>Required Sets: </b>{sets}</p><h2>']
    for i, (level, uses) in enumerate(pictures):
        defs = f"<defs>{DEFS}</defs>" if i == 0 else ""
        parts.append(f'{SVG}{defs}<text class="LYRname" x="30" y="78">Level {level}</text><g class="mop" opacity=".3"/>')
        parts.extend(uses)
        parts.append("</svg>")
    parts.append("</h2>")
    for number, faded, uses in scenarios:
        parts.append(f'<div class="page_break"><hr class="scenario" id="s{number:02d}"/></div><h2>Scenario {number}</h2>')
        parts.append(f'<p class="float">{SVG}<g class="hsbf9999s{number:02d}l99" opacity=".3">{"".join(faded)}</g>')
        parts.extend(uses)
        parts.append(f"</svg></p><p><b>Master Game</b> for 2 Players<br/><br/><b>Goal: </b>Win {number}.</p>")
    parts.append("</div></body></html>")
    return "\n".join(parts).encode("utf-8")


def row(code: str, cols, row_: int) -> list[str]:
    return [use(code, 90 * c + 45 * (row_ % 2), 78 * row_) for c in cols]


def errors(m, **options) -> list[str]:
    return [f"{f.code} {f.message}" for f in check_map(m, "t.html", **options) if f.severity == "error"]


# -- several rooms on one page ---------------------------------------------------------------
ROOM_A = [row("DN01", range(0, 6), r) for r in range(0, 4)]
ROOM_B = [row("DN01", range(0, 5), r) for r in range(0, 3)]


def _flat(rows):
    return [u for r in rows for u in r]


def test_rooms_are_read_apart_and_laid_out_as_the_overview_lays_them():
    # The whole-dungeon pages (Shadow Cavern, hsbf0066) draw each room's levels in turn, then an
    # overview: each room's tiles in a transformed group, "Room K" labels, and a key marking the
    # tiles two rooms share. Here room B is turned half round and laid against room A's east side,
    # overlapping it on 4 hexes: those tiles are one piece of both rooms.
    group_a = '<g transform="translate(0,0)">' + "".join(_flat(ROOM_A)) + "</g>"
    group_b = '<g transform="translate(-90,-624) rotate(180 496 443)">' + "".join(_flat(ROOM_B)) + "</g>"
    marks = [use("P2SZ", 2000, 2000), '<text transform="translate(2000,2000)" x="92" y="71">Shared tiles between rooms'
             "</text>", use("P2SZ", 450, 0),
             use("NULL", 90, 234), '<text transform="translate(90,234)" x="32" y="71">Room 1</text>',
             use("NULL", 720, 78), '<text transform="translate(720,78)" x="32" y="71">Room 2</text>']
    data = board_page([(1, _flat(ROOM_A)), (2, row("RK01", [5], 3)), (1, _flat(ROOM_B))],
                      scenarios=[(1, [group_a, group_b], marks)])
    m = glasq.read(data)
    assert [(r.number, r.name) for r in m.rooms] == [(1, "Room 1"), (2, "Room 2")]
    assert not m.warnings  # the marks, key and labels are read, not skipped; the marked hex is shared
    rooms_of = Counter(tuple(p.attrs["rooms"]) for p in m.pieces)
    assert rooms_of == {(1,): 25 - 4, (1, 2): 4, (2,): 15 - 4}
    # The layout is one board: no two pieces fill a cell.
    assert max(Counter((c.q, c.r, c.z) for c in m.iter_cells()).values()) == 1
    # Each room alone is exactly what its own pictures draw, in their frame.
    for number, pictures in ((1, [(1, _flat(ROOM_A)), (2, row("RK01", [5], 3))]), (2, [(1, _flat(ROOM_B))])):
        own = glasq.read(board_page(pictures))
        assert sorted((p.type, p.q, p.r, p.z) for p in m.for_room(number).pieces) == \
            sorted((p.type, p.q, p.r, p.z) for p in own.pieces)
    assert errors(m) == []
    # A finding names its room, at the room's own hexes.
    m.pieces.append(type(m.pieces[0])("grass-1", 9, 9, 5, attrs={"rooms": [2]}))
    (found,) = [f for f in check_map(m, "t.html") if f.code == "P101"]
    assert found.room == 2


def test_rooms_without_an_overview_are_laid_side_by_side():
    m = glasq.read(board_page([(1, _flat(ROOM_A)), (1, _flat(ROOM_B))]))
    assert [r.number for r in m.rooms] == [1, 2]
    columns = {n: {p.q + (p.r >> 1) for p in m.pieces if p.attrs["rooms"] == [n]} for n in (1, 2)}
    assert max(columns[1]) < min(columns[2])  # side by side, apart
    assert sorted((p.q, p.r) for p in m.for_room(2).pieces) == sorted((p.q, p.r)
                                                                    for p in glasq.read(board_page([(1, _flat(ROOM_B))])).pieces)


def test_a_picture_of_several_rooms_names_each_room_on_its_own_tiles():
    """A whole-dungeon picture draws the rooms as the page lays them out, each named where its own
    tiles are (not on a tile it shares), on the top view and on every panel of the Levels view."""
    from lxml import etree

    from mapkit.model.grid import hex_center_mm
    from mapkit.outputs.paint.svg import render_svg
    from mapkit.outputs.scene.views import RenderOptions, build_scene

    m = glasq.read(board_page([(1, _flat(ROOM_A)), (1, _flat(ROOM_B))]))
    ns = "{http://www.w3.org/2000/svg}"
    for view in ("top", "levels"):
        svg = etree.fromstring(render_svg(build_scene(m, RenderOptions(view=view, legend=False))))
        (group,) = [g for g in svg.iter(f"{ns}g") if g.get("id", "").startswith("rooms")][:1]
        names = [t.text for t in group.iter(f"{ns}text")]
        assert names == ["Room 1", "Room 2"], view
    own = {n: {(p.q, p.r) for p in m.pieces if p.attrs["rooms"] == [n]} for n in (1, 2)}
    group = build_scene(m, RenderOptions(legend=False, title=False)).root
    texts = [(item.text, item.x, item.y) for item, _, _ in group.walk() if getattr(item, "text", "").startswith("Room")]
    for name, x, y in texts:
        number = int(name.split()[1])
        assert any(abs(x - cx) < 1e-6 and abs(y - cy) < 1e-6
                   for cx, cy in (hex_center_mm(q, r) for q, r in own[number])), name


def test_a_scenario_picture_belongs_to_the_room_its_faded_copy_matches():
    grass = _flat([row("GS01", range(0, 5), r) for r in range(0, 3)])
    scenario = (1, grass, [use("G", 135, 78)])
    m = glasq.read(board_page([(1, _flat(ROOM_A)), (1, grass)], scenarios=[scenario]))
    (glyph,) = m.glyphs()
    assert glyph.attrs["rooms"] == [2]
    (in_room,) = m.for_room(2).glyphs()
    assert (in_room.q, in_room.r) == (1, 1)  # where room B's own picture has it


# -- tall pieces -------------------------------------------------------------------------------
def test_a_tall_outcrop_has_its_written_heights_and_pieces_stand_beside_and_on_it():
    # "7 5 9" written beside a 3-hex outcrop (Battle for the Underdark pages): a tile may rest on
    # the 5-level hex's top, 6 levels up, where the catalog's 9 levels would have it inside.
    ground = row("DN01", range(0, 4), 0) + row("DN01", range(0, 4), 1)
    outcrop = [use("RO03", 0, 0), use("RO03H", 0, 0)]
    stack_on_5 = [[use("RK01", 90, 0)] for _ in range(5)]  # Levels 2 to 6 on the hex written 5
    pictures = [(1, ground), (2, outcrop)] + [(3 + k, uses) for k, uses in enumerate(stack_on_5)]
    m = glasq.read(board_page(pictures))
    (rock,) = [p for p in m.pieces if p.type == "outcrop-3"]
    assert "heights" not in rock.attrs  # as the catalog has it: 7, 5, 9 in the shape's order
    assert [catalog()["outcrop-3"].height_of_cell(k) for k in range(3)] == [7, 5, 9]
    assert not m.warnings
    found = errors(m)
    # The rocks at Levels 3 to 6 (z 2..5) stand in the outcrop's 5 levels above its base (z 1..4): the
    # ones inside its air are reported, the top one (on the 5-level top) is not.
    assert found and all("inside the" in f for f in found)
    assert not any("(4, 0)" in f or "Level 6" in f for f in found)


# -- one drawing, one piece ----------------------------------------------------------------------
def test_a_scenario_redrawing_shared_terrain_draws_that_piece():
    level = row("GS01", range(0, 4), 0) + [use("RK03", 135, 78)]
    scenario = (1, level, [use("RK03", 135, 78), use("GS01", 0, 0), use("G", 270, 0)])
    m = glasq.read(board_page([(1, level)], scenarios=[scenario]))
    assert Counter(p.type for p in m.pieces) == {"grass-1": 4, "rock-3": 1, "glyph": 1}
    assert any("drawn again by scenario 1" in w for w in m.warnings)
    assert errors(m) == []


def test_one_picture_drawing_a_tile_twice_draws_one():
    level = row("GS01", range(0, 3), 0) + [use("SHD", 90, 0)] * 0
    m = glasq.read(board_page([(1, level + [use("GS01", 0, 0)])]))
    assert len(m.pieces) == 3 and "drawn again with the same transform" in m.warnings[0]


def test_a_scenario_that_draws_an_obstacles_base_removes_the_obstacle():
    level = row("DN01", range(0, 3), 0) + [use("RO01", 270, 0)]
    scenario = (2, level, [use("RB01", 270, 0), use("P1SZ", 270, 0)])
    m = glasq.read(board_page([(1, level)], scenarios=[(1, level, [use("G", 0, 0)]), scenario]))
    (outcrop,) = [p for p in m.pieces if p.type == "outcrop-1"]
    assert outcrop.attrs["absent_in"] == [2]
    two = m.for_scenario(2)
    assert "outcrop-1" not in {p.type for p in two.pieces}
    (base,) = [p for p in two.pieces if p.attrs.get("base_of")]
    (zone,) = [p for p in two.pieces if p.type == "start-zone"]
    assert (base.z, zone.z) == (0, 1)  # the start space is on the base it left
    assert errors(m) == []
    from mapkit.sets.requirements import requirements
    # the outcrop stands on a shadow tile of its set (catalog base_tiles): one of each, in either scenario
    assert requirements(m)["outcrop-1"] == 1 and requirements(m)["shadow-1"] == 1


# -- stacks and keys ------------------------------------------------------------------------------
def test_a_tile_marked_2_is_two_tiles_stacked():
    # The Level 3 picture marks a rock "2": Levels 3 and 4; the page then jumps to Level 5.
    hill = [use("RK01", 0, 0)]
    pictures = [(1, row("GS01", range(0, 3), 0)), (2, hill), (3, hill + ['<text transform="translate(0,0)" x="32" '
                                                                           'y="71">2</text>']), (5, hill)]
    m = glasq.read(board_page(pictures))
    assert sorted(p.z for p in m.pieces if p.type == "rock-1") == [1, 2, 3, 4]
    assert errors(m) == []
    # the same "2" written later in the picture, on its own, or as a code that only writes it
    for mark in ('<text x="32" y="71">2</text><use transform="translate(90,0)" xlink:href="#GS01"/>',
                 '<use transform="translate(90,0)" xlink:href="#GS01"/><use transform="translate(0,0)" '
                 'xlink:href="#TWO"/>'):
        later = [(1, row("GS01", range(0, 3), 0)), (2, hill), (3, hill + [mark.replace("#GS01", "#RK01")]), (5, hill)]
        m = glasq.read(board_page(later).replace(b"<defs>", b'<defs><g id="TWO"><text x="30" y="73">2</text></g>', 1))
        assert sorted(p.z for p in m.pieces if p.type == "rock-1") == [1, 2, 2, 3, 4], mark


def test_a_key_beside_the_board_is_never_placed():
    # A sand 7-hex with the numbers 1 to 6 around it, away from the board: which way each roll points.
    board = [u for r in range(0, 5) for u in row("GS01", range(0, 6), r)]
    key = [use("SD07", 1260, 312)] + [use("NUM", x, y) for x, y in
                                     ((1260, 156), (1395, 234), (1440, 390), (1350, 546), (1170, 546), (1080, 390))]
    m = glasq.read(board_page([(1, board + key)]))
    assert "sand-7" not in {p.type for p in m.pieces}
    assert any("#SD07" in w and "key drawn beside the board" in w for w in m.warnings)
    alone = glasq.read(board_page([(1, board + key[:1])]))  # unlabelled, a lone tile is a tile
    assert "sand-7" in {p.type for p in alone.pieces}
    # the same key drawn in a scenario's picture, beside the board that scenario is set up on
    in_scenario = glasq.read(board_page([(1, board)], scenarios=[(1, board, key + [use("G", 0, 0)])]))
    assert Counter(p.type for p in in_scenario.pieces) == {"grass-1": 30, "glyph": 1}
    assert any("#SD07" in w and "key drawn beside the board" in w for w in in_scenario.warnings)


# -- where figures stand, and bridges -------------------------------------------------------------
def test_figures_glyphs_and_start_zones_stand_on_a_ruin():
    level = row("GS01", range(0, 4), 0)
    ruin = [use("RNS", 90, 0)]
    scenario = (1, level, [use("P1F1", 90, 0), use("G", 180, 0), use("P1SZ", 0, 0)])
    m = glasq.read(board_page([(1, level), (2, ruin)], scenarios=[scenario]))
    assert "ruin-2" in {p.type for p in m.pieces}
    assert errors(m) == []


def test_a_stone_wall_bridge_over_a_river_validates_clean():
    # The Forgotten Forest (hsbf0008): a 5-hex road on Level 8 between two rock ends on Level 7, a
    # stone wall along each of its sides (the same transform as the road, and from its far end
    # turned half round), over a river on Level 1.
    ground = [u for r in range(3, 10) for u in row("WTR" if 5 <= r <= 7 else "GS01", range(0, 8), r)]
    ends = [[use("RK01", 180, 312), use("RK01", 360, 624)] for _ in range(6)]
    bridge = [use("RD05", 180, 312, 60), use("STW", 180, 312, 60), use("STW", 360, 624, 240)]
    pictures = [(1, ground)] + [(2 + k, e) for k, e in enumerate(ends)] + [(8, bridge)]
    m = glasq.read(board_page(pictures))
    walls = [p for p in m.pieces if p.type == "road-wall"]
    (road,) = [p for p in m.pieces if p.type == "road-5"]
    assert len(walls) == 2 and road.z == 7 and all(w.z == 7 for w in walls)
    assert not m.warnings and errors(m) == []
    # Without the road, the walls hang on nothing.
    m.pieces.remove(road)
    assert sum("P111" in e for e in errors(m)) == 2


def test_every_command_works_on_one_room_or_on_each_in_turn(tmp_path, cli):
    import json

    page_file = tmp_path / "dungeon.html"
    page_file.write_bytes(board_page([(1, _flat(ROOM_A)), (2, row("RK01", [5], 3)), (1, _flat(ROOM_B))]))
    code, out, _ = cli("info", page_file, "--room", "2")
    assert code == 0 and "pieces:   15" in out
    code, out, _ = cli("analyze", page_file, "--json")
    assert code == 0 and [d["room"] for d in json.loads(out)["scenarios"]] == [1, 2]
    code, out, _ = cli("analyze", page_file, "--room", "1", "--json")
    assert code == 0 and json.loads(out)["room"] == 1
    code, _, err = cli("validate", page_file, "--room", "3")
    assert code == 2 and "no room 3 (rooms: 1, 2)" in err
    code, out, _ = cli("inventory", page_file, "--room", "1", "--json")
    assert code == 0 and json.loads(out)["total_pieces"] == 25
    code, out, _ = cli("inventory", page_file, "--json")  # both rooms, side by side: 25 + 15
    assert code == 0 and json.loads(out)["total_pieces"] == 40
    target = tmp_path / "room2.mapkit.json"
    code, _, _ = cli("convert", page_file, target, "--room", "2")
    assert code == 0 and len(json.loads(target.read_text())["pieces"]) == 15
    assert cli("render", page_file, "-o", tmp_path / "r.png", "--room", "2")[0] == 0
    assert cli("print", page_file, "-o", tmp_path / "r.pdf", "--room", "1")[0] == 0


# -- pages as drawn: scenario pictures cropped another way, keys with numbers on them (issue 32) ----
def s101(m) -> list[str]:
    return [f.message for f in check_map(m, "t.html", select=["S"]) if f.code == "S101"]


def cropped(code: str, cols, rows, dy: int = 0) -> list[str]:
    """A tile on every hex of the rows, drawn `dy` higher (a picture cropped by dy at its top)."""
    return [use(code, 90 * c + 45 * (r % 2), 78 * r - dy) for r in rows for c in cols]


def test_a_scenario_cropped_a_row_on_a_field_of_one_tile_keeps_its_redrawings():
    """A scenario's picture a row shorter than the level pictures (every Y in it 78 less, rows'
    parities flipped) over a field of 800 grass 1-hexes and one rock 3-hex: its faded copy is the
    whole field, and it draws the rock again with two start spaces. Nearly every shift lays a grass
    tile on a grass tile; only the true one lays them all. The rock is the shared one, and the
    start spaces are on the hexes the level pictures put under them, whichever order the faded
    copy lists its tiles in. (mapkit once lined the picture up one column off: a second rock.)"""
    field_, rock = cropped("GS01", range(40), range(1, 21)), use("RK03", 90 * 12 + 45, 78 * 9)
    faded = cropped("GS01", range(40), range(1, 21), 78)
    zones = [use("P1SZ", 90 * 3 + 45, 78 * 2), use("P1SZ", 90 * 4 + 45, 78 * 2)]
    for order in (faded, faded[::-1]):
        m = glasq.read(board_page([(1, field_), (2, [rock])],
                                  scenarios=[(1, order, [use("RK03", 90 * 12 + 45, 78 * 8)] + zones)]))
        assert Counter(p.type for p in m.pieces) == {"grass-1": 800, "rock-3": 1, "start-zone": 2}
        # drawn on row 2 of the cropped picture: row 3 of the level pictures, columns 3 and 4
        assert sorted((p.q, p.r, p.z) for p in m.pieces if p.type == "start-zone") == [(2, 3, 1), (3, 3, 1)]
        assert [w for w in m.warnings if "drawn again" not in w] == []


def test_a_scenario_without_a_faded_copy_is_lined_up_by_what_it_draws_again():
    """A scenario's picture cropped a row (or two) at its top, with no faded copy of the
    battlefield: it draws the whole terrain again (four grass 1-hexes and a rock 3-hex, what the
    page's Battle for the Wellspring holds) with a glyph and two start spaces. Its own drawings of
    the shared tiles line it up: the redrawings are the shared pieces, the glyph and start spaces
    stand where the page puts them, and the declared set holds what is read. (mapkit once read the
    two-row crop's redrawings as new pieces, needing 4 more grass tiles than the set has, and
    skipped the one-row crop's drawings as off the hex grid.)"""
    terrain = [use("GS01", 45, 78), use("GS01", 135, 78), use("GS01", 0, 156), use("GS01", 90, 156),
               use("RK03", 225, 78)]
    extras = [use("P1SZ", 45, 78), use("P1SZ", 135, 78), use("G", 225, 78)]
    expect = glasq.read(board_page([(1, terrain)], scenarios=[(1, terrain, extras)], sets="Battle for the Wellspring"))
    want = sorted((p.type, p.q, p.r, p.z) for p in expect.pieces)
    for dy in (78, 156):
        moved = [u.replace(f",{y})", f",{y - dy})") for u in terrain + extras for y in (78, 156) if f",{y})" in u]
        m = glasq.read(board_page([(1, terrain)], scenarios=[(1, [], moved)], sets="Battle for the Wellspring"))
        assert sorted((p.type, p.q, p.r, p.z) for p in m.pieces) == want, dy
        assert s101(m) == [], dy
        assert all("drawn again" in w for w in m.warnings), m.warnings


def test_new_tiles_a_scenario_adds_on_a_field_of_one_tile_stay_where_drawn():
    """The other side of lining up by content: a scenario with no faded copy that adds three grass
    tiles of its own beside a grass field draws nothing again. Many shifts would lay the three on
    the field, none better than another, so none is taken: they are new tiles where drawn."""
    field_ = cropped("GS01", range(6), range(1, 5))
    added = [use("GS01", 90 * 8, 78 * 2), use("GS01", 90 * 9, 78 * 2), use("GS01", 90 * 8 + 45, 78 * 3)]
    m = glasq.read(board_page([(1, field_)], scenarios=[(1, [], added)]))
    assert Counter(p.type for p in m.pieces) == {"grass-1": 27}
    assert sorted((p.q, p.r) for p in m.pieces if p.attrs.get("scenario") == 1) == [(7, 2), (7, 3), (8, 2)]


def key_numbered_inside(x: int, y: int, as_code: bool = False) -> list[str]:
    """A sand 7-hex at (x, y) with the numbers 1 to 6 written in its six outer hexes: which way
    each roll of the die points (texts, or a code that only writes a number)."""
    outer = [(0, 0), (90, 0), (135, 78), (90, 156), (0, 156), (-45, 78)]
    if as_code:
        return [use("SD07", x, y)] + [use("NUM", x + dx, y + dy) for dx, dy in outer]
    return [use("SD07", x, y)] + [f'<text transform="translate({x + dx},{y + dy})" x="32" y="71">{n}</text>'
                                  for n, (dx, dy) in enumerate(outer, start=1)]


def test_a_key_with_numbers_in_its_own_hexes_is_never_placed():
    """A sand 7-hex drawn beside the board with the die's numbers in its own hexes (the page's
    text calls it a key placed beside the board), in a level picture or a scenario's: not a piece,
    and the page's Battle for the Wellspring holds what is read. (mapkit once read it as a sand
    7-hex, and the "2" written in one of its hexes as a second one stacked on it.)"""
    board = row("GS01", range(0, 4), 0)
    for key in (key_numbered_inside(1260, 312), key_numbered_inside(1260, 312, as_code=True)):
        m = glasq.read(board_page([(1, board + key)], sets="Battle for the Wellspring"))
        assert Counter(p.type for p in m.pieces) == {"grass-1": 4}
        assert any("#SD07" in w and "key drawn beside the board" in w for w in m.warnings)
        assert s101(m) == []
        m = glasq.read(board_page([(1, board)], scenarios=[(1, board, key + [use("G", 0, 0)])],
                                  sets="Battle for the Wellspring"))
        assert Counter(p.type for p in m.pieces) == {"grass-1": 4, "glyph": 1} and s101(m) == []
    # one number on a tile of the board still stacks it; a lone tile with no words is a tile
    alone = glasq.read(board_page([(1, board + [use("SD07", 1260, 312)])]))
    assert "sand-7" in {p.type for p in alone.pieces}
