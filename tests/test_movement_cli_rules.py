"""`mapkit analyze` and the movement rules, on maps built in code."""

from __future__ import annotations

import json

import pytest

import mapkit.formats
from mapkit.movement.synthetic import column_map, line
from mapkit.rules.framework import RULES, CheckContext


@pytest.fixture
def corridor_map(monkeypatch):
    """A 12-hex corridor, zones at both ends, a glyph near player 1 and an unclimbable pillar."""
    m = column_map(line([1] * 12) | line([1, 7], r=1), glyphs={(3, 0): "A"}, zones={(0, 0): 1, (11, 0): 2})
    m.name = "corridor"
    monkeypatch.setattr(mapkit.formats, "read_map", lambda path, fmt=None: m)
    return m


def test_analyze_json_lists_spaces_and_analyses(cli, corridor_map):
    code, out, err = cli("analyze", "x.hsc", "--start", "0,0,1", "--json")
    assert code == 0, err
    data = json.loads(out)
    by = {(s["q"], s["r"], s["level"]): s for s in data["spaces"]}
    assert by[(2, 0, 1)] == {"q": 2, "r": 0, "level": 1, "height": 1, "cost": 2, "turns": 1, "reachable": True,
                             "place": "C1"}
    assert by[(3, 0, 1)]["turns"] == 1 and by[(4, 0, 1)]["turns"] == 2   # the glyph stops the move
    assert by[(1, 1, 7)]["reachable"] is False
    assert data["unreachable"] == [[1, 1, 7]]
    eng = {(e["from"], e["to"]): e["turns"] for e in data["engagement"]}
    assert eng[(1, 2)] == 3 and eng[(2, 1)] == 3   # both ways the glyph stops a move on the way
    glyph = data["glyphs"][0]
    assert glyph["turns"] == {"1": 1, "2": 2} and glyph["imbalance"] == 1


def test_analyze_text_and_heatmap(cli, corridor_map, tmp_path):
    out_png = tmp_path / "heat.png"
    code, out, err = cli("analyze", "x.hsc", "--move", "4", "--heatmap", str(out_png))
    assert code == 0, err
    assert "Move 4" in out and "glyph A" in out and "engage: player 1" in out
    from PIL import Image

    with Image.open(out_png) as img:
        assert img.size[0] > 100 and img.size[1] > 20


def test_analyze_bad_start_is_one_clear_error(cli, corridor_map):
    code, out, err = cli("analyze", "x.hsc", "--start", "0,0,3")
    assert code == 2 and "that hex has spaces on Level 1" in err and not out
    code, out, err = cli("analyze", "x.hsc", "--start", "zero")
    assert code == 2 and "Q,R,LEVEL" in err and not out


def test_start_takes_the_hex_as_the_build_sheets_name_it(cli, corridor_map):
    """Issue 34, item 2: every option that takes a place takes its name on the sheets (C7) as well
    as q,r: `--start E1,1` measures from the space `--start 4,0,1` does."""
    from mapkit.api import start_space
    from mapkit.model.board import Board

    board = Board.of(corridor_map)
    name = board.name(4, 0)
    assert name == "E1" and board.hex_at(name) == (4, 0) and board.hex_at("e1") == (4, 0)
    assert all(board.hex_at(board.name(q, r)) == (q, r) for q in range(12) for r in range(2))
    assert start_space(corridor_map, "E1,1") == start_space(corridor_map, ("E1", 1)) == (4, 0, 1)
    by_name = cli("analyze", "x.hsc", "--start", "E1,1", "--json")
    by_axial = cli("analyze", "x.hsc", "--start", "4,0,1", "--json")
    assert by_name[0] == by_axial[0] == 0 and json.loads(by_name[1]) == json.loads(by_axial[1])
    code, out, err = cli("analyze", "x.hsc", "--start", "E,1")
    assert code == 2 and "C7,3" in err and "--start" in err and not out


def test_analyze_double_and_flying(cli, corridor_map):
    code, out, _ = cli("analyze", "x.hsc", "--start", "0,0,1", "--json", "--flying")
    assert code == 0
    data = json.loads(out)
    by = {(s["q"], s["r"], s["height"]): s for s in data["spaces"]}
    assert by[(1, 1, 7)]["turns"] == 1   # flown onto the pillar
    code, out, _ = cli("analyze", "x.hsc", "--start", "0,0,1", "--json", "--double")
    assert code == 0
    by = {(s["q"], s["r"], s["height"]): s for s in json.loads(out)["spaces"]}
    assert by[(2, 0, 1)]["turns"] == 1 and by[(0, 1, 1)]["reachable"]
    assert by[(5, 0, 1)]["turns"] == 2   # the leading end stopped on the glyph


def findings(m, **options):
    import mapkit.rules.movement_rules  # noqa: F401  (registers the rules)

    ctx = CheckContext(m, "x", options=dict(options))
    return [f for code, r in sorted(RULES.items()) if r.family == "movement" for f in r.check(ctx)]


def test_rules_report_unreachable_close_zones_and_glyph_imbalance():
    m = column_map(line([1] * 12) | line([1, 7], r=1), glyphs={(2, 0): "A"}, zones={(0, 0): 1, (11, 0): 2})
    codes = [(f.code, f.q, f.r) for f in findings(m, min_engage_turns=4, max_glyph_imbalance=1)]
    assert ("M101", 1, 1) in codes
    assert sum(c == "M103" for c, _, _ in codes) == 2
    assert ("M104", 2, 0) in codes
    quiet = [f.code for f in findings(m, min_engage_turns=2, max_glyph_imbalance=3)]
    assert "M103" not in quiet and "M104" not in quiet


def test_rule_docs_exist_for_every_movement_rule():
    import mapkit.rules.movement_rules  # noqa: F401

    for code, r in RULES.items():
        if r.family == "movement":
            assert {"what", "why", "example", "source"} <= set(r.doc), code


def test_validate_runs_the_movement_rules_with_settings(tmp_path):
    from mapkit.formats import write_map

    m = column_map(line([1] * 12), glyphs={(2, 0): "A"}, zones={(0, 0): 1, (11, 0): 2})
    path = tmp_path / "corridor.mapkit.json"
    write_map(m, path)
    from mapkit.cli import main

    assert main(["validate", str(path), "--select", "M1", "--set", "min_engage_turns=4", "-o", str(tmp_path / "r.txt")]) in (0, 1)
    text = (tmp_path / "r.txt").read_text()
    assert "M103" in text and "M104" not in text
    assert main(["validate", str(path), "--select", "M1", "--set", "max_glyph_imbalance=1",
                 "--set", "movement_move=2", "-o", str(tmp_path / "r2.txt")]) in (0, 1)
    assert "M104" in (tmp_path / "r2.txt").read_text()


def test_move_is_bounded_before_the_search_allocates(cli, corridor_map):
    """Regression: --move 100000000 ended in a MemoryError (the search keeps Move + 1 labels a space)."""
    from mapkit.movement.profile import MAX_MOVE, Figure

    code, _, err = cli("analyze", "x.hsc", "--move", "100000000")
    assert code == 2 and f"0 to {MAX_MOVE}" in err
    code, _, err = cli("analyze", "x.hsc", "--move", str(MAX_MOVE))
    assert code == 0, err
    with pytest.raises(ValueError):
        Figure(move=MAX_MOVE + 1)


def test_rules_hold_a_huge_move_option_to_the_bound(corridor_map):
    from mapkit.movement.profile import MAX_MOVE
    from mapkit.rules.movement_rules import movements

    ctx = CheckContext(corridor_map, options={"movement_move": 10**9})
    assert [a.figure.move for _, a in movements(ctx)] == [MAX_MOVE]


def test_heatmap_of_a_map_spread_thin_is_refused(cli, tmp_path, monkeypatch):
    """Regression: two tiles 10 000 hexes apart made a 1-gigapixel heatmap (4 GB, minutes)."""
    from mapkit.model.map import Map, Piece

    m = Map(name="far", pieces=[Piece("grass-1", -5000, 0, 0), Piece("grass-1", 5000, 3000, 0)])
    monkeypatch.setattr(mapkit.formats, "read_map", lambda path, fmt=None: m)
    out = tmp_path / "heat.png"
    code, _, err = cli("analyze", "far.hsc", "--heatmap", out)
    assert code == 2 and "not written" in err and not out.exists()


@pytest.fixture
def zoneless_map(monkeypatch):
    """A corridor with no start zones: nothing for a heatmap to measure from."""
    m = column_map(line([1] * 8))
    m.name = "zoneless"
    monkeypatch.setattr(mapkit.formats, "read_map", lambda path, fmt=None: m)
    return m


def test_heatmap_without_start_zones_says_so(cli, zoneless_map, tmp_path):
    """It used to be a silent all-grey picture; now stderr and the picture both say why."""
    from PIL import Image

    from mapkit.outputs.heatmap import BANNER, UNREACHED

    out_png = tmp_path / "heat.png"
    code, out, err = cli("analyze", "x.hsc", "--heatmap", str(out_png))
    assert code == 0
    assert "no start zones" in err and "--start" in err
    with Image.open(out_png) as img:
        rgb = img.convert("RGB")
        band = {rgb.getpixel((x, y)) for x in range(0, rgb.width, 3) for y in range(24, 60)}
        colours = {c for _, c in rgb.getcolors(1 << 20)}
    assert BANNER in band                                 # the yellow banner is drawn near the top
    assert UNREACHED in colours                           # and the hexes are grey, as the banner explains


def test_heatmap_from_start_draws_reach(cli, zoneless_map, tmp_path):
    """--start Q,R,HEIGHT draws reach from that space: the start white, its neighbours in the ramp."""
    from PIL import Image

    from mapkit.outputs.heatmap import BANNER, RAMP, START

    out_png = tmp_path / "heat.png"
    code, out, err = cli("analyze", "x.hsc", "--start", "0,0,1", "--heatmap", str(out_png))
    assert code == 0 and "no start zones" not in err
    with Image.open(out_png) as img:
        colours = {c for _, c in img.convert("RGB").getcolors(1 << 20)}
    assert START in colours and RAMP[0] in colours and BANNER not in colours


def test_from_names_the_format_in_analyze_too(cli, corridor_map):
    """`--from` reads the map as a format in every command; the old start-hex spelling gets a pointer."""
    code, out, err = cli("analyze", "x.hsc", "--from", "0,0,1")
    assert code == 2 and "--start 0,0,1" in err and not out
    code, out, _ = cli("analyze", "x.hsc", "--format", "json")
    assert code == 0 and json.loads(out)["map"] == "corridor"


def test_analyze_text_says_never_and_that_a_flyer_never_falls(cli, monkeypatch):
    """Zone 2 on a 6-level column a Height 5 walker cannot climb: player 1 never reaches it
    (once printed "reaches ... in never"), player 2 steps down; a flyer's header says it never
    falls (seeds/004, Falling), not the walker's fall policy."""
    m = column_map(line([1, 1, 7]), zones={(0, 0): 1, (2, 0): 2})
    monkeypatch.setattr(mapkit.formats, "read_map", lambda path, fmt=None: m)
    code, out, err = cli("analyze", "x.hsc")
    assert code == 0, err
    assert "engage: player 1 never reaches player 2's zone\n" in out and "in never" not in out
    assert "reaches player 1's zone in 1 turn" in out and "(single-space; falls: minor)" in out
    code, out, err = cli("analyze", "x.hsc", "--flying")
    assert "(single-space, flying; never falls)" in out and "falls: minor" not in out


@pytest.mark.parametrize("kind", ["rooms", "scenarios"])
def test_a_heatmap_of_a_map_of_several_rooms_or_scenarios_is_refused_naming_the_file(cli, tmp_path, kind):
    """One line naming the file, what is wrong and what to choose, exit 2: for several rooms as
    for several scenarios (the rooms' line named no file)."""
    from mapkit.formats import write_map
    from mapkit.model.map import Map, Piece, Room

    pieces = [Piece("grass-1", i, 0, 0, attrs={"rooms": [1 + i % 2]} if kind == "rooms" else {})
              for i in range(4)]
    if kind == "scenarios":
        pieces += [Piece("glyph", 0, 0, 1, attrs={"letter": "A", "scenario": 1}),
                   Piece("glyph", 1, 0, 1, attrs={"letter": "B", "scenario": 2})]
    path = tmp_path / "two.mapkit.json"
    write_map(Map(pieces=pieces, rooms=[Room(1), Room(2)] if kind == "rooms" else []), path)
    code, out, err = cli("analyze", path, "--heatmap", tmp_path / "heat.png")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"mapkit: {path}: ") and f"choose one with --{kind[:-1]}" in err
    assert not (tmp_path / "heat.png").exists()
