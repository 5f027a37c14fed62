"""Maps that set up several scenarios on one terrain: each scenario is a map of its own, and every
command asks one scenario at a time (with --scenario K) or says what it does with all of them."""

from __future__ import annotations

import argparse
import json
import re

import pytest

from conftest import corpus_file
from mapkit.errors import OptionError
from mapkit.formats import read_map, write_map
from mapkit.model.map import Map, Piece, Scenario
from mapkit.rules.framework import CheckContext, select_rules

FLOATING = (10, 10)


def two_scenario_map() -> Map:
    """Two rows of grass shared by both scenarios, one tile floating over nothing (a finding of
    the terrain), and per scenario its own start zones; scenario 2 adds two glyphs on the grass
    and one lying on the bare table (a finding of scenario 2 only). The zones of the two
    scenarios share a hex, which would be an overlap if they were one map."""
    ground = [Piece("grass-1", q, r, 0) for r in (2, 3) for q in range(9)] + [Piece("grass-1", *FLOATING, 2)]
    zones = []
    for scenario, (west, east) in ((1, (0, 8)), (2, (0, 7))):
        for player, q in ((1, west), (2, east)):
            zones.append(Piece("start-zone", q, 3, 1, attrs={"player": player, "scenario": scenario}))
    glyphs = [Piece("glyph", 4, 3, 1, attrs={"letter": "A", "scenario": 2}),
              Piece("glyph", 3, 2, 1, attrs={"letter": "A", "scenario": 2}),
              Piece("glyph", 30, 30, 0, attrs={"letter": "B", "scenario": 2})]
    setups = [Scenario(1, "Dawn", "2", "Goal: hold the hill."), Scenario(2, "Dusk", "2 or 3", "Goal: the glyphs.")]
    return Map(name="two scenarios", pieces=ground + zones + glyphs, scenario_setups=setups)


@pytest.fixture
def page(tmp_path):
    path = tmp_path / "two.mapkit.json"
    write_map(two_scenario_map(), path)
    return path


@pytest.fixture
def plain(tmp_path):
    path = tmp_path / "plain.mapkit.json"
    write_map(Map(name="plain", pieces=[Piece("grass-7", 0, 0, 0)]), path)
    return path


# -- the model ---------------------------------------------------------------------------------

def test_each_scenario_is_the_shared_terrain_and_its_own_pieces():
    m = two_scenario_map()
    assert m.scenarios() == [1, 2] and m.several_scenarios()
    one, two = m.for_scenario(1), m.for_scenario(2)
    assert [p.type for p in one.pieces].count("grass-1") == 19 == [p.type for p in two.pieces].count("grass-1")
    assert {p.attrs.get("scenario") for p in one.pieces} == {None, 1} and not one.glyphs()
    assert len(two.glyphs()) == 3 and (two.players, two.notes) == ("2 or 3", "Dusk\nGoal: the glyphs.")
    assert not one.several_scenarios() and one.scenarios() == [1]
    assert [p.type for p in m.terrain().pieces] == ["grass-1"] * 19
    assert [n for n, _ in m.per_scenario()] == [1, 2]
    assert Map(pieces=[Piece("grass-1", 0, 0, 0)]).per_scenario()[0][0] is None
    with pytest.raises(OptionError, match=r"no scenario 9 \(scenarios: 1, 2\)"):
        m.for_scenario(9)
    with pytest.raises(OptionError, match="it sets up none"):
        Map().for_scenario(1)


def test_mapkit_json_keeps_the_scenarios_and_refuses_one_set_up_twice(page, tmp_path):
    again = read_map(page)
    assert again.scenario_setups == two_scenario_map().scenario_setups
    text = page.read_text(encoding="utf-8").replace('"number": 2', '"number": 1')
    bad = tmp_path / "twice.mapkit.json"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(Exception, match=r"scenarios\[1\].number: scenario 1 is set up twice"):
        read_map(bad)
    # a map with no scenarios writes no "scenarios" key, so older files keep their bytes
    plain = tmp_path / "p.mapkit.json"
    write_map(Map(pieces=[Piece("grass-1", 0, 0, 0)]), plain)
    assert '"scenarios"' not in plain.read_text(encoding="utf-8")


# -- info --------------------------------------------------------------------------------------

def test_info_lists_the_scenarios_and_takes_one(cli, page, plain):
    code, out, _ = cli("info", page)
    assert code == 0 and "scenarios: 2 on the shared terrain" in out
    assert "1  Dawn: for 2 players, 2 pieces of its own" in out and "2  Dusk: for 2 or 3 players, 5 pieces" in out
    data = json.loads(cli("info", page, "--json")[1])
    assert data["scenarios"] == [{"number": 1, "name": "Dawn", "players": "2", "pieces": 2},
                                 {"number": 2, "name": "Dusk", "players": "2 or 3", "pieces": 5}]
    one = json.loads(cli("info", page, "--json", "--scenario", "2")[1])
    assert one["scenarios"] == [] and one["scenario"] == {"number": 2, "name": "Dusk", "players": "2 or 3"}
    assert len(one["glyphs"]) == 3 and all("scenario" not in z for z in one["start_zones"])
    assert json.loads(cli("info", plain, "--json")[1])["scenarios"] == []
    code, _, err = cli("info", page, "--scenario", "9")
    assert code == 2 and "no scenario 9 (scenarios: 1, 2)" in err
    code, _, err = cli("info", plain, "--scenario", "1")
    assert code == 2 and "no scenario 1 (it sets up none)" in err


# -- validate ----------------------------------------------------------------------------------

def test_validate_checks_each_scenario_apart_and_names_it(cli, page):
    code, out, _ = cli("validate", page, "--select", "P1")
    lines = out.strip().splitlines()
    # the floating tile is the terrain's: reported once, naming no scenario
    assert sum("P101" in line for line in lines) == 1
    assert any(line.endswith("Level 3 O9 (10, 10): P101 error: Grass 1-hex (piece 19) floats: no Level 2 tile under "
                             "it") for line in lines)
    # the glyph on the bare table is scenario 2's; the zones of the two scenarios never overlap
    assert any(": scenario 2: Level 0 AS29 (30, 30): P109 error: glyph" in line for line in lines)
    assert not any("P103" in line for line in lines) and code == 1
    rows = json.loads(cli("validate", page, "--select", "P1", "--format", "json")[1])
    assert sorted((r["code"], r["scenario"]) for r in rows) == [("P101", None), ("P109", 2)]
    log = json.loads(cli("validate", page, "--select", "P1", "--format", "sarif")[1])
    named = [r for r in log["runs"][0]["results"] if r["properties"]["scenario"] == 2]
    assert len(named) == 1 and named[0]["locations"][0]["logicalLocations"][0]["name"].startswith("scenario 2 ")
    assert named[0]["locations"][0]["physicalLocation"]["region"]["message"]["text"] == "scenario 2: Level 0 AS29 (30, 30)"


def test_a_finding_every_scenario_has_about_its_own_pieces_names_each(cli, page):
    # Both scenarios set up player 1's zone on the same hex: its T201 is no finding of the
    # terrain, which has no zone, so each scenario's is named; the floating tile is the terrain's.
    rows = json.loads(cli("validate", page, "--select", "T201,P101", "--format", "json")[1])
    assert sorted((r["code"], r["scenario"], r["message"]) for r in rows) == [
        ("P101", None, "Grass 1-hex (piece 19) floats: no Level 2 tile under it"),
        ("T201", 1, "player 1's start zone has 1 hexes, not 24"), ("T201", 1, "player 2's start zone has 1 hexes, not 24"),
        ("T201", 2, "player 1's start zone has 1 hexes, not 24"), ("T201", 2, "player 2's start zone has 1 hexes, not 24")]


def test_validate_one_scenario_and_the_refusal(cli, page):
    rows = json.loads(cli("validate", page, "--select", "P1", "--format", "json", "--scenario", "1")[1])
    assert [(r["code"], r["scenario"]) for r in rows] == [("P101", 1)]
    code, _, err = cli("validate", page, "--scenario", "3")
    assert code == 2 and "no scenario 3 (scenarios: 1, 2)" in err


def test_rules_on_one_scenario_alone_do_not_split_it_again():
    ctx = CheckContext(two_scenario_map().for_scenario(2), "two.mapkit.json", {"min_engage_turns": 99})
    findings = [f for r in select_rules(select=["M103", "T201"]) for f in r.check(ctx)]
    assert findings and not any("scenario" in f.message for f in findings)


# -- inventory ---------------------------------------------------------------------------------

def test_inventory_asks_for_the_most_one_scenario_needs(cli, page):
    code, out, _ = cli("inventory", page)
    assert code == 0 and "to build any one of its 2 scenarios" in out
    data = json.loads(cli("inventory", page, "--json")[1])
    counts = {row["type"]: row["count"] for row in data["pieces"]}
    assert counts["glyph:A"] == 2 and counts["glyph:B"] == 1 and counts["grass-1"] == 19
    assert data["scenarios"] == [1, 2]
    one = json.loads(cli("inventory", page, "--json", "--scenario", "1")[1])
    assert one["scenarios"] == [] and not any(row["type"].startswith("glyph:") for row in one["pieces"])
    assert cli("inventory", page, "--scenario", "5")[0] == 2


# -- pictures, build sheets, report ----------------------------------------------------------------

def test_render_draws_the_shared_terrain_or_one_scenario(cli, page, tmp_path):
    from lxml import etree

    whole, two = tmp_path / "whole.svg", tmp_path / "two.svg"
    assert cli("render", page, "-o", whole)[0] == 0
    root = etree.parse(str(whole)).getroot()
    words = " ".join(t.text or "" for t in root.iter("{*}text"))
    assert "2 scenarios set up on this terrain (1, 2)" in words
    assert not [g for g in root.iter("{*}g") if g.get("data-type") in ("start-zone", "glyph")]
    assert cli("render", page, "-o", two, "--scenario", "2")[0] == 0
    root = etree.parse(str(two)).getroot()
    assert root.findtext("{*}title") == "two scenarios - scenario 2 (Dusk) - seen from above"
    assert len([g for g in root.iter("{*}g") if g.get("data-type") == "glyph"]) == 3
    assert cli("render", page, "-o", tmp_path / "x.png", "--scenario", "7")[0] == 2


def test_print_builds_the_terrain_then_a_page_per_scenario(cli, page, tmp_path):
    from pypdf import PdfReader

    pdf = tmp_path / "two.pdf"
    assert cli("print", page, "-o", pdf)[0] == 0
    texts = [p.extract_text() for p in PdfReader(str(pdf)).pages]
    assert len(texts) == 5  # Levels 1 and 3 of the terrain, the parts list, two scenario pages
    assert "2 scenarios share" in texts[2] and "Start zone" not in texts[2]
    assert "scenario 1 (Dawn)" in texts[3] and "Goal: hold the hill." in texts[3]
    assert "scenario 2 (Dusk)" in texts[4] and "for 2 or 3 players" in texts[4] and "x glyph A" in texts[4]
    one = tmp_path / "one.pdf"
    assert cli("print", page, "-o", one, "--scenario", "1")[0] == 0
    assert len(PdfReader(str(one)).pages) == 3
    assert cli("print", page, "-o", tmp_path / "x.pdf", "--scenario", "3")[0] == 2


def _text_runs(page) -> list[tuple[str, float, float, float]]:
    """(text, left, right, baseline, size) of every line drawn on a PDF page, in points."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from mapkit.outputs.paint.pdf import bold_font, font

    runs = []

    def visit(text, cm, tm, fontdict, size):
        text = text.strip()
        if text and fontdict:
            face = bold_font() if "Bold" in str(fontdict.get("/BaseFont")) else font()
            runs.append((text, tm[4], tm[4] + stringWidth(text, face, size), tm[5], size))

    page.extract_text(visitor_text=visit)
    return runs


@pytest.mark.parametrize("title", ["Dawn", "A very long scenario title that a battlefield page may well give " * 2])
def test_a_scenario_page_keeps_its_words_apart_and_on_the_paper(cli, tmp_path, title):
    # The West Barbican's scenario page wrote its title over the line beside it and its "on Level
    # 1: 92, ..., Level 21: 16" line past the paper's edge.
    from pypdf import PdfReader

    m = two_scenario_map()
    m.name = "The West Barbican of Idona Castle"
    m.scenario_setups[0] = Scenario(1, title, "3 or 4", "Goal: hold the hill.")
    for level in range(1, 12):  # scenario 1's pieces on eleven Levels
        m.pieces.append(Piece("grass-1", 12 + level, 0, level - 1))
        m.pieces.append(Piece("start-zone", 12 + level, 0, level, attrs={"player": 1, "scenario": 1}))
    path = tmp_path / "keep.mapkit.json"
    write_map(m, path)
    pdf = tmp_path / "keep.pdf"
    assert cli("print", path, "-o", pdf, "--paper", "letter")[0] == 0
    # scenario 1's page: its lists say whose they are ("Start zones and glyphs of scenario 1"; a
    # scenario with no parts of its own has no "Pieces of scenario 1" heading)
    page = next(p for p in PdfReader(str(pdf)).pages if re.search(r" of scenario 1$", p.extract_text(), re.M))
    width = float(page.mediabox.width)
    runs = _text_runs(page)
    assert all(0 <= left and right <= width for _, left, right, *_ in runs), [r for r in runs if r[2] > width]
    words = [run for run in runs if run[4] >= 7]  # titles, lists and text (not the marks on the hexes)
    for a in words:
        for b in words:
            if a is not b and abs(a[3] - b[3]) < 8:  # on one line: side by side, never over each other
                assert a[2] <= b[1] or b[2] <= a[1], (a, b)
    assert "Level 11: 1" in " ".join(text for text, *_ in runs)


def test_report_has_a_scenario_switcher(cli, page, tmp_path):
    out = tmp_path / "two.html"
    assert cli("report", page, "-o", out, "--no-pictures")[0] == 0
    html = out.read_text(encoding="utf-8")
    assert '<select id="scenario-choice"><option value="1">scenario 1 (Dawn)</option>' \
           '<option value="2">scenario 2 (Dusk)</option><option value="all">all scenarios at once</option>' \
           '</select>' in html
    assert html.count('<g class="scenario-pieces" data-scenario="2">') == 1
    assert 'data-scenario="2"' in html.split('id="findings"')[1]  # the P109 of scenario 2 only shows with it
    one = tmp_path / "one.html"
    assert cli("report", page, "-o", one, "--no-pictures", "--scenario", "1")[0] == 0
    assert '<select id="scenario-choice">' not in one.read_text(encoding="utf-8")
    assert cli("report", page, "-o", tmp_path / "x.html", "--scenario", "4")[0] == 2


# -- convert -------------------------------------------------------------------------------------

def test_convert_to_a_one_scenario_format_refuses_unless_told_what_to_keep(cli, page, tmp_path):
    target = tmp_path / "two.hsc"
    code, _, err = cli("convert", page, target)
    assert code == 2 and not target.exists()
    assert "scenarios: the map sets up 2 (scenario 1 (Dawn), scenario 2 (Dusk)) and hsc holds one" in err
    assert cli("convert", page, target, "--scenario", "2")[0] == 0
    two = read_map(target)
    assert len(two.glyphs()) == 3 and len(two.start_zones()) == 2 and "Dusk" in two.notes
    terrain = tmp_path / "terrain.hsc"
    code, _, err = cli("convert", page, terrain, "--allow-loss")
    assert code == 0 and "dropped: scenarios:" in err
    assert not read_map(terrain).glyphs() and not read_map(terrain).start_zones()
    native = tmp_path / "copy.mapkit.json"
    assert cli("convert", page, native)[0] == 0 and read_map(native).scenarios() == [1, 2]
    assert cli("convert", page, tmp_path / "x.hsc", "--scenario", "3")[0] == 2


def test_options_between_the_files(cli, page, tmp_path):
    # As a user writes it: the option right after the page it is about, then the output.
    target = tmp_path / "dusk.hsc"
    assert cli("convert", page, "--scenario", "2", target)[0] == 0
    assert "Dusk" in read_map(target).notes
    rows = json.loads(cli("validate", page, "--format", "json", target, "--select", "P1")[1])
    assert {r["file"] for r in rows} == {str(page), str(target)}
    with pytest.raises(SystemExit) as exit_:  # a command of one map still refuses a second
        cli("info", page, "--scenario", "2", target)
    assert exit_.value.code == 2


# -- analyze -------------------------------------------------------------------------------------

def test_analyze_reports_each_scenario_apart(cli, page):
    data = json.loads(cli("analyze", page, "--json")[1])
    assert [s["scenario"] for s in data["scenarios"]] == [1, 2]
    assert json.loads(cli("analyze", page, "--json", "--scenario", "2")[1])["scenario"] == 2
    code, _, err = cli("analyze", page, "--scenario", "9")
    assert code == 2 and "no scenario 9" in err


def test_analyze_a_corpus_page_per_scenario(cli):
    page = corpus_file("glasq-xhtml/hsbf0001_TableOfTheGiants.html")
    code, out, _ = cli("analyze", page, "--json")
    assert code == 0
    by_scenario = {s["scenario"]: s for s in json.loads(out)["scenarios"]}
    assert set(by_scenario) == {1, 2, 3}
    # "Clashing Fronts" (scenario 2): two 24-hex zones and its five glyphs, none of scenario 3's
    assert by_scenario[2]["start_zones"] == {"1": 24, "2": 24}
    assert len(by_scenario[2]["glyphs"]) == 5 and len(by_scenario[3]["glyphs"]) == 4


# -- a battlefield page of four scenarios, every command -----------------------------------------

GENOTECH = "glasq-xhtml/hsbf0023_Genotech.html"


def test_genotech_sets_up_four_scenarios_with_their_players(cli):
    page = corpus_file(GENOTECH)
    data = json.loads(cli("info", page, "--json")[1])
    assert [(s["number"], s["name"], s["players"]) for s in data["scenarios"]] == [
        (1, "Avengers Assemble!", "2"), (2, "Theft at Stark Enterprises", "2"), (3, "Escalating Battle", "2"),
        (4, "Hulk Mad!", "2")]


@pytest.mark.parametrize("scenario", [None, 1, 2, 3, 4])
def test_genotech_every_command(cli, tmp_path, scenario):
    page = corpus_file(GENOTECH)
    pick = [] if scenario is None else ["--scenario", str(scenario)]
    assert cli("info", page, *pick)[0] == 0
    code, out, _ = cli("validate", page, *pick, "--format", "json")
    rows = json.loads(out)
    assert code in (0, 1) and all(r["scenario"] == scenario for r in rows if scenario is not None)
    assert cli("inventory", page, *pick)[0] == 0
    assert cli("render", page, "-o", tmp_path / "g.png", *pick)[0] == 0
    assert cli("print", page, "-o", tmp_path / "g.pdf", *pick)[0] == 0
    assert cli("report", page, "-o", tmp_path / "g.html", "--no-pictures", *pick)[0] == 0
    assert cli("analyze", page, *pick)[0] == 0
    code, _, err = cli("convert", page, tmp_path / "g.json", *pick)
    assert (code == 2 and "hexoscape holds one" in err) if scenario is None else code in (0, 2)


def test_every_command_that_reads_a_map_takes_a_scenario():
    """The README says so; `fit` once lacked it while its picture's note told the user to give it."""
    from mapkit.cli import build_parser

    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    reads_a_map = {name for name, p in commands.items()
                   if any(a.dest in ("map", "maps", "paths", "input") and not a.option_strings for a in p._actions)}
    assert {"info", "validate", "inventory", "analyze", "render", "print", "report", "convert", "fit"} <= reads_a_map
    lacking = sorted(name for name in reads_a_map
                     if not any("--scenario" in a.option_strings for a in commands[name]._actions))
    assert lacking == []


def test_fit_works_on_one_scenario(cli, page, tmp_path):
    collection = tmp_path / "mine.tsv"
    collection.write_text("ID\tType\tSize\tCount\ngrass24\tGrass\t24\t99\ngrass1\tGrass\t1\t99\n")
    out = tmp_path / "two-fit.mapkit.json"
    code, stdout, err = cli("fit", page, "--collection", collection, "--scenario", "2", "-o", out,
                            "--no-picture", "--json")
    assert code in (0, 1), err
    code, _, err = cli("fit", page, "--collection", collection, "--scenario", "9", "-o", out, "--no-picture")
    assert code == 2 and "scenario" in err


def test_a_scenario_page_says_what_its_count_by_level_counts(cli, tmp_path):
    """The line under a scenario's lists counts its pieces by Level; it says so (it read 'on
    Level 1: 52, Level 11: 23', which a builder could not place)."""
    from pypdf import PdfReader

    path = tmp_path / "two.mapkit.json"
    write_map(two_scenario_map(), path)
    pdf = tmp_path / "two.pdf"
    assert cli("print", path, "-o", pdf)[0] == 0
    text = " ".join(re.sub(r"\s+", " ", p.extract_text()) for p in PdfReader(str(pdf)).pages)
    assert re.search(r"its pieces, by Level: Level \d+: \d+", text), text[-600:]
