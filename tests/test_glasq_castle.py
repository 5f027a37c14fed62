"""Castles, keys and odd pictures on battlefield pages made here, one rule per test."""

from __future__ import annotations

import json

import pytest

from mapkit.formats import glasq
from mapkit.model.grid import DIRECTIONS, offset_to_axial
from test_glasq import HEX, use

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
       'viewBox="0 0 2000 1500">')
#: The castle drawings as the pages draw them: a base or wall is a hex with a bar on each side it
#: joins (the bar is drawn on the west side, turned); a battlement a strip outside a hex's
#: north-west side; a ladder its hex with rungs against the north-west side; the arch its two
#: end hexes and a door across the middle one.
CASTLE_DEFS = (
    f'<polygon id="tile01" points="{HEX}"/><use id="GS01" xlink:href="#tile01"/>'
    '<g id="WW01"><use xlink:href="#tile01"/></g>'
    '<rect id="frect" x="-3" y="32" width="25" height="42"/>'
    '<g id="FCW"><g id="FCB"><use xlink:href="#tile01"/><use transform="rotate(60,46,53)" xlink:href="#frect"/>'
    '<use transform="rotate(300,46,53)" xlink:href="#frect"/></g></g>'
    '<g id="FSW"><g id="FSB"><use xlink:href="#tile01"/><use transform="rotate(60,46,53)" xlink:href="#frect"/>'
    '<use transform="rotate(240,46,53)" xlink:href="#frect"/></g></g>'
    '<g id="FEW"><g id="FEB"><use xlink:href="#tile01"/><use transform="rotate(60,46,53)" xlink:href="#frect"/></g></g>'
    '<g id="FDW"><rect x="68" y="18" width="138" height="70"/><use transform="rotate(240,46,53)" xlink:href="#FCB"/>'
    '<use transform="translate(180) rotate(300,46,53)" xlink:href="#FCB"/><text>D O O R</text></g>'
    '<g id="BTL"><polygon id="BTB" points="1,27 1,10 32,-8 46,1"/></g>'
    '<g id="BFG"><use xlink:href="#tile01"/><use xlink:href="#BTB"/></g>'
    '<g id="LDR"><use xlink:href="#tile01"/><g transform="rotate(60,46,53)">'
    '<rect x="1" y="31" width="23" height="45"/><rect x="1" y="44" width="13" height="19"/></g></g>'
    '<polygon id="FLG" points="25,22 65,22 65,83 55,70 45,83 35,70 25,83"/>'
    '<text id="FWH" x="30" y="73">9</text>'
    '<g id="ET10"><use xlink:href="#tile01"/><text>10</text></g>'
    '<polygon id="STW" points="46,1 91,27 136,1 181,27 226,1 271,27 316,1 361,27 406,1 406,-16 46,-16"/>'
    '<g id="G"><use transform="translate(5,5) scale(0.9)" xlink:href="#tile01"/><text>?</text></g>'
    '<g id="GA"><use transform="translate(5,5) scale(0.9)" xlink:href="#tile01"/><text>A</text></g>'
    '<circle id="f1" cx="46" cy="53" r="36"/><use id="P1F1" xlink:href="#f1"/><use id="P1SZ" xlink:href="#f1"/>'
)


def castle_page(pictures: list[tuple[str, list[str]]], scenarios: list[tuple[int, int, list[str]]] = (),
                extra: str = "") -> bytes:
    """Pictures (title, uses) numbered hsbf9998l01, l02, ... in order, then overlays (number, LL, uses)."""
    parts = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Keep</title></head><body><h2>']
    for n, (title, uses) in enumerate(pictures, start=1):
        defs = f"<defs>{CASTLE_DEFS}</defs>" if n == 1 else ""
        parts.append(f'{SVG}{defs}<text x="30" y="78">{title}</text><g class="hsbf9998l{n:02d}" opacity=".3"/>')
        parts.extend(uses)
        parts.append("</svg>")
    parts.append("</h2>")
    for number, sees, uses in scenarios:
        parts.append(f'<hr class="scenario" id="s{number:02d}"/><h2>Scenario {number}</h2>')
        parts.append(f'{SVG}<g class="hsbf9998s{number:02d}l{sees:02d}" opacity=".3"/>')
        parts.extend(uses)
        parts.append("</svg><p>Win.</p>")
    parts.append(extra + "</body></html>")
    return "\n".join(parts).encode("utf-8")


def at(col: int, row: int) -> tuple[int, int]:
    """Page translate of odd-r column and row."""
    return 90 * col + 45 * (row % 2), 78 * row


def hex_of(col: int, row: int) -> tuple[int, int]:
    return offset_to_axial(col, row)


def grass(cols: range, rows: range) -> list[str]:
    return [use("GS01", *at(c, r)) for r in rows for c in cols]


def tower() -> list[tuple[str, list[str]]]:
    """A one-hex tower at column 4, row 2, on grass: base on Level 2, wall on Level 3 (9 high),
    a wall-walk on its top, Level 12."""
    return [("Level 1", grass(range(1, 8), range(0, 5))),
            ("Level 2", [use("FEB", *at(4, 2)), use("FWH", *at(4, 2))]),
            ("Level 3", [use("FEW", *at(4, 2)), use("FWH", *at(4, 2))]),
            ("Level 12", [use("WW01", *at(4, 2))])]


def validate(tmp_path, cli, data: bytes) -> list:
    path = tmp_path / "keep.html"
    path.write_bytes(data)
    code, out, err = cli("validate", path, "--format", "json")
    assert code in (0, 1), err
    return json.loads(out)


def test_a_level_title_is_the_height_of_its_tiles(tmp_path, cli):
    # The pictures are numbered 1 to 4 but titled Levels 1, 2, 3 and 12.
    m = glasq.read(castle_page(tower()))
    found = [(p.type, p.z) for p in m.pieces if p.type != "grass-1"]
    assert found == [("castle-base-end", 1), ("castle-wall-end", 2), ("wall-walk-1", 11)]
    assert [w.split("#")[1].split(" ")[0] for w in m.warnings] == ["FWH"]  # the "9" marks: labels
    assert validate(tmp_path, cli, castle_page(tower())) == []


@pytest.mark.parametrize("turns", range(6))
def test_a_battlement_hangs_outside_the_wall_walk_facing_it(turns):
    pictures = tower() + [("Level 12 battlements", [use("BTL", *at(4, 2), 60 * turns)])]
    pictures[3] = ("Level 12", pictures[3][1] + pictures.pop()[1])
    m = glasq.read(castle_page(pictures))
    (battlement,) = [p for p in m.pieces if p.type == "castle-battlement"]
    # Drawn against the wall-walk's north-west side (direction 4), turned with the picture.
    side = (4 + turns) % 6
    q, r = hex_of(4, 2)
    assert (battlement.q, battlement.r) == (q + DIRECTIONS[side][0], r + DIRECTIONS[side][1])
    assert battlement.rotation == (side + 3) % 6  # it faces back at the wall-walk
    assert battlement.z == 11  # the wall-walk's level


@pytest.mark.parametrize("label, levels", [(None, [1]), ("6", [1, 3, 5, 7, 9, 11]), ("0", [1]), ("3", [1, 3, 5]),
                                           ("1000000", [1, 3, 5, 7, 9, 11])])
def test_a_number_on_a_ladder_stacks_that_many_ladders(tmp_path, cli, label, levels):
    # The ladder stands in the hex east of the tower, its rungs against its west side.
    ladder = [use("LDR", *at(5, 2), 300)]
    if label:
        x, y = at(5, 2)
        ladder.append(f'<text x="{x + 32}" y="{y + 70}">{label}</text>')
    pictures = tower()
    pictures[3] = ("Level 12", pictures[3][1] + ladder)
    m = glasq.read(castle_page(pictures))
    ladders = [p for p in m.pieces if p.type == "castle-ladder"]
    assert [(p.q, p.r) for p in ladders] == [hex_of(5, 2)] * len(levels)
    assert {p.rotation for p in ladders} == {3}  # the west side, where the tower is
    assert [p.z for p in ladders] == levels
    assert any("1000000 ladders, but only 6 fit from Level 1 up to Level 11" in w
               for w in m.warnings) == (label == "1000000")
    assert validate(tmp_path, cli, castle_page(pictures)) == []


def test_the_flag_stands_in_the_battlement_drawn_again(tmp_path, cli):
    pictures = tower()
    pictures[3] = ("Level 12", pictures[3][1] + [use("BTL", *at(4, 2), 60)])
    pictures.append(("Flag", [use("BFG", *at(4, 2), 60), use("FLG", *at(4, 2))]))
    m = glasq.read(castle_page(pictures))
    (battlement,) = [p for p in m.pieces if p.type == "castle-battlement"]  # BFG is the same battlement
    (flag,) = [p for p in m.pieces if p.type == "castle-flag"]
    assert (flag.q, flag.r, flag.z) == (battlement.q, battlement.r, battlement.z + 5)
    assert validate(tmp_path, cli, castle_page(pictures)) == []


def test_a_flag_battlement_drawn_alone_is_a_battlement():
    pictures = tower() + [("Flag", [use("BFG", *at(4, 2), 60), use("FLG", *at(4, 2))])]
    m = glasq.read(castle_page(pictures))
    (battlement,) = [p for p in m.pieces if p.type == "castle-battlement"]
    (flag,) = [p for p in m.pieces if p.type == "castle-flag"]
    assert battlement.z == 11  # at the level of the wall-walk across its side
    assert (flag.q, flag.r, flag.z) == (battlement.q, battlement.r, 16)


@pytest.mark.parametrize("turns", range(6))
def test_the_arch_covers_its_door_hex(turns):
    m = glasq.read(castle_page([("Level 1", grass(range(0, 9), range(0, 7))),
                                ("Level 2", [use("FDW", *at(4, 3), 60 * turns)])]))
    (arch,) = [p for p in m.pieces if p.type == "castle-arch"]
    q, r = hex_of(4, 3)
    dq, dr = DIRECTIONS[turns]
    assert sorted(m.footprint(arch)) == sorted((q + k * dq, r + k * dr) for k in range(3))
    assert (arch.q, arch.r, arch.rotation, arch.z) == (q, r, turns, 1)


@pytest.mark.parametrize("code, turn_on", [("FCW", 0), ("FSW", 1), ("FEW", 1), ("FCB", 0), ("FSB", 1), ("FEB", 1)])
def test_castle_pieces_face_as_virtualscape_turns_them(code, turn_on):
    pictures = [("Level 1", grass(range(0, 9), range(0, 5))),
                ("Level 2", [use(code, *at(2 + k, 2 if k % 2 else 3), 60 * k) for k in range(6)])]
    m = glasq.read(castle_page(pictures))
    turns = [p.rotation for p in m.pieces if p.type.startswith("castle")]
    assert turns == [(k + turn_on) % 6 for k in range(6)]


def test_a_key_of_glyphs_beside_the_board_is_not_placed():
    # Glyphs on the board stand on it; the key drawn in the margin (no tile under it) is left
    # out, with one warning per code however many it draws.
    key = [use("GA", *at(12, r)) for r in range(3)] + [use("G", *at(12, 3)), use("P1F1", *at(12, 4))]
    on_board = [use("GA", *at(2, 1)), use("P1SZ", *at(3, 1))]
    m = glasq.read(castle_page([("Level 1", grass(range(0, 6), range(0, 4)))], [(1, 2, on_board + key)]))
    assert [(p.type, p.z) for p in m.pieces if "scenario" in p.attrs] == [("glyph", 1), ("start-zone", 1)]
    skipped = sorted(w.split(": ", 1)[1].split(" ")[0] for w in m.warnings)
    assert skipped == ["#G", "#GA", "#P1F1"]
    assert any("#GA" in w and "off the board" in w and w.endswith("3 drawings not placed") for w in m.warnings)


def test_a_picture_that_is_neither_level_nor_scenario_is_named():
    legend = f'{SVG}<text x="1" y="1">Legend</text>{use("GA", 0, 0)}{use("G", 90, 0)}</svg>'
    m = glasq.read(castle_page([("Level 1", grass(range(0, 3), range(0, 2)))], extra=legend))
    assert [p.type for p in m.pieces] == ["grass-1"] * 6
    (warning,) = m.warnings
    assert "neither a 'Level N' title nor an hsbf class" in warning and "2 drawings" in warning


def test_a_tile_on_a_picture_without_a_level_title_stands_on_what_is_below():
    pictures = [("Level 1", grass(range(0, 3), range(0, 2))), ("Level 2", [use("GS01", *at(1, 0))]),
                ("Extras", [use("GS01", *at(1, 0)), use("GS01", *at(2, 1))])]
    m = glasq.read(castle_page(pictures))
    assert [p.z for p in m.pieces[-2:]] == [2, 1]


@pytest.mark.parametrize("turns", [0, 2, 3])
def test_a_stone_wall_lies_in_the_four_hexes_its_strip_is_drawn_in(turns):
    # The strip runs along the bottom sides of the four hexes north-east and east of its anchor.
    m = glasq.read(castle_page([("Level 1", grass(range(0, 12), range(0, 9))),
                                ("Level 2", [use("STW", *at(5, 4), 60 * turns)])]))
    (wall,) = [p for p in m.pieces if p.type == "road-wall"]
    q, r = hex_of(5, 4)
    from mapkit.model.grid import rotate

    first, step = rotate(1, -1, turns), rotate(1, 0, turns)
    assert sorted(m.footprint(wall)) == sorted((q + first[0] + k * step[0], r + first[1] + k * step[1])
                                               for k in range(4))
    assert wall.z == 1 and not m.warnings


def test_ladders_climb_from_what_is_under_them():
    # Ten ladders drawn with a wall-walk on Level 21 whose foot is on a Level 1 tile: they stand
    # on it and climb 20 levels, the top one reaching the wall-walk's top (as on Valledonn).
    x, y = at(5, 2)
    pictures = tower()
    pictures.append(("Level 21", [use("LDR", x, y, 300), f'<text x="{x + 32}" y="{y + 70}">10</text>']))
    m = glasq.read(castle_page(pictures))
    assert [p.z for p in m.pieces if p.type == "castle-ladder"] == list(range(1, 21, 2))
    # A ladder over nothing drawn hangs from its picture's level down.
    x, y = at(8, 1)
    pictures = [("Level 1", grass(range(1, 4), range(0, 2))),
                ("Level 7", [use("LDR", x, y), f'<text x="{x + 32}" y="{y + 70}">2</text>'])]
    m = glasq.read(castle_page(pictures))
    assert [p.z for p in m.pieces if p.type == "castle-ladder"] == [4, 6]


def test_an_obstacle_on_level_1_with_nothing_under_it_stands_on_the_table():
    # The Catacombs draws lone outcrops (RO01, no base) on its Level 1 picture; an overlay's
    # obstacle with nothing drawn under it is a key.
    m = glasq.read(castle_page([("Level 1", grass(range(0, 3), range(0, 2)) + [use("ET10", *at(8, 1))])],
                               [(1, 2, [use("ET10", *at(9, 1))])]))
    trees = [(p.q, p.r, p.z, p.attrs.get("scenario")) for p in m.pieces if p.type == "tree-10"]
    assert trees == [(*hex_of(8, 1), 0, None)]
    (warning,) = m.warnings
    assert "#ET10" in warning and "off the board" in warning


def test_a_number_on_a_start_zone_marks_spaces_one_above_another(cli, tmp_path):
    # The West Barbican's "2": a start space on the wall-walk and one on the floor under it. At
    # column 5 a wall-walk hangs over grass; at column 4 the tower's wall fills the hex, so its
    # "2" finds no second space and says so.
    pictures = tower()
    pictures[3] = ("Level 12", pictures[3][1] + [use("WW01", *at(5, 2))])

    def zone(col: int, label: str = "") -> list[str]:
        x, y = at(col, 2)
        text = f'<text transform="translate({x},{y})" x="32" y="71">{label}</text>' if label else ""
        return [use("P1SZ", x, y) + text]

    m = glasq.read(castle_page(pictures, [(1, 5, zone(5, "2") + zone(4, "2") + zone(3) + zone(2, "X"))]))
    zones = sorted(((p.q, p.r), p.z) for p in m.pieces if p.type == "start-zone")
    assert zones == sorted([(hex_of(5, 2), 12), (hex_of(5, 2), 1), (hex_of(4, 2), 12), (hex_of(3, 2), 1),
                            (hex_of(2, 2), 1)])
    (warning,) = [w for w in m.warnings if "start spaces" in w]
    assert "#P1SZ is labelled 2 start spaces, but its hex has 1 open space (Level 12); 1 placed" in warning
    path = tmp_path / "keep.html"
    path.write_bytes(castle_page(pictures, [(1, 5, zone(5, "2") + zone(4, "2") + zone(3))]))
    data = json.loads(cli("info", path, "--json", "--scenario", "1")[1])
    assert [(z["hexes"], z["spaces"]) for z in data["start_zones"]] == [(3, 4)]
    assert "player 1: 3 hexes (4 spaces: some hexes hold one above another)" in cli("info", path)[1]
