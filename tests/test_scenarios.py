"""Pages that set up several scenarios on one terrain: analyses and rules never mix them."""

import json

from conftest import corpus_file
from mapkit.model.map import Map, Piece
from mapkit.rules.framework import CheckContext, select_rules


def two_scenario_map() -> Map:
    ground = [Piece("grass-24", 0, 0, 0), Piece("grass-24", 6, 0, 0)]
    zones = []
    for scenario, (west, east) in ((1, (0, 8)), (2, (1, 7))):
        for player, q in ((1, west), (2, east)):
            zones.append(Piece("start-zone", q, 3, 1, attrs={"player": player, "scenario": scenario}))
    glyph = Piece("glyph", 4, 3, 1, attrs={"letter": "A", "scenario": 2})
    return Map(name="two scenarios", pieces=ground + zones + [glyph])


def test_for_scenario_keeps_the_terrain_and_that_scenario_only():
    m = two_scenario_map()
    assert m.scenarios() == [1, 2]
    one = m.for_scenario(1)
    assert [p.type for p in one.pieces].count("grass-24") == 2
    assert {p.attrs.get("scenario") for p in one.pieces} == {None, 1}
    assert not one.glyphs() and len(m.for_scenario(2).glyphs()) == 1
    assert Map(pieces=[Piece("grass-1", 0, 0, 0)]).scenarios() == []


def test_analyze_reports_each_scenario_apart(cli):
    page = corpus_file("glasq-xhtml/hsbf0001_TableOfTheGiants.html")
    code, out, _ = cli("analyze", page, "--json")
    assert code == 0
    by_scenario = {s["scenario"]: s for s in json.loads(out)["scenarios"]}
    assert set(by_scenario) == {1, 2, 3}
    # "Clashing Fronts" (scenario 2): two 24-hex zones and its five glyphs, none of scenario 3's
    assert by_scenario[2]["start_zones"] == {"1": 24, "2": 24}
    assert len(by_scenario[2]["glyphs"]) == 5 and len(by_scenario[3]["glyphs"]) == 4
    code, out, _ = cli("analyze", page, "--scenario", "2", "--json")
    assert code == 0 and json.loads(out)["scenario"] == 2
    code, _, err = cli("analyze", page, "--scenario", "9")
    assert code == 2 and "no scenario 9" in err


def test_movement_rules_run_per_scenario():
    m = two_scenario_map()
    ctx = CheckContext(m, "two.mapkit.json", {"min_engage_turns": 99})
    findings = [f for r in select_rules(select=["M103"]) for f in r.check(ctx)]
    assert findings and all(f.message.startswith(("scenario 1:", "scenario 2:")) for f in findings)
    assert {f.message.split(":")[0] for f in findings} == {"scenario 1", "scenario 2"}
