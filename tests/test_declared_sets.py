"""The sets a map declares (a page's Required Sets, Hexoscape's setsUsed): read with their
copies, checked against what was read by `inventory` and `validate` (S101), kept or named as a
loss by the writers; and glyphs without a letter asked for as "any glyph"."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, strategies as st

from conftest import corpus_files
from mapkit.formats import glasq, hexoscape, hsc, native
from mapkit.formats import encode_map
from mapkit.model.map import Map, Piece, Scenario
from mapkit.registry import get
from mapkit.rules.checks import check_map
from mapkit.sets import declared
from mapkit.sets.collection import missing
from mapkit.sets.inventory_report import inventory_report, render_text
from mapkit.sets.requirements import ANY_GLYPH, requirements
from test_glasq import ground, page, use


def s101(m: Map) -> list:
    return [f for f in check_map(m, select=["S"]) if f.code == "S101"]


# -- reading the declaration -------------------------------------------------------------------
def test_the_page_form_with_the_sets_class_and_copies():
    m = glasq.read(page(ground(1), sets="Rise of the Valkyrie (2) , Road to the Forgotten Forest"))
    assert m.attrs["sets_used"] == {"RotV": 2, "RttFF": 1}
    assert "required_sets" not in m.attrs and not m.warnings


def test_the_plain_paragraph_form_page_and_scenarios():
    """`<p><b>Required Sets: </b>A (2) , B<br/>...`, its count on lines of its own, once for the
    page (not part of its description) and again in each scenario's text, where it adds a
    figure expansion."""
    data = page(ground(1), scenarios=[(1, 1, [], [use("P1SZ", 0, 0)]), (2, 1, [], [use("P1SZ", 90, 0)])])
    data = data.replace(b'<p class="sets"><b>Required Sets: </b>Rise of the Valkyrie</p>',
                        b"<p><b>Required Sets: </b>Rise of the Valkyrie\n        (2)\n        , Fortress of the "
                        b"Archkyrie\n    </p><p>A keep by a lake.</p>")
    data = data.replace(b"<p><b>Goal: </b>Win scenario 1.",
                        b"<p><b>Master Game</b> for 2 Players<br/><br/><b>Required Sets: </b>Rise of the Valkyrie\n"
                        b"  (2) , Fortress of the Archkyrie, Champions of the Forgotten Realms<br/><br/>"
                        b"<b>Goal: </b>Win scenario 1.")
    m = glasq.read(data)
    assert m.attrs["sets_used"] == {"RotV": 2, "FotA": 1}
    assert m.attrs["description"] == "A keep by a lake.\n\nA field made for tests."  # not the set list
    one, two = m.scenario_setups
    assert one.attrs["sets_used"] == {"RotV": 2, "FotA": 1, "Champions of Forgotten Realms": 1}
    assert "sets_used" not in two.attrs  # names none: the page's apply
    assert declared.of_view(m.for_scenario(2)) == declared.of_map(m)
    assert [d.label for d in declared.of_view(m.for_scenario(1))] == [
        "2 x Rise of the Valkyrie", "Fortress of the Archkyrie", "Champions of Forgotten Realms (no terrain)"]
    assert "Required Sets: Rise of the Valkyrie (2)" in one.notes  # the scenario's text as the page writes it
    assert not m.warnings


@pytest.mark.parametrize("written, key", [
    ("The Conflict Begins", "MtCB"), ("Marvel: The Conflict Begins", "MtCB"), ("Volcarran Wasteland", "VW"),
    ("rise of the valkyrie", "RotV"), ("RotV", "RotV"), ("Battle for the Underdark (D&D Master Set)", "BftU"),
    ("Grove at Laur's Edge", "GaLE"), ("Champions of the Forgotten Realms", "Champions of Forgotten Realms"),
])
def test_names_are_matched_however_they_are_written(written, key):
    product, loose = declared.resolve(written)
    assert (product.key, loose) == (key, False)


def test_a_misspelt_name_is_read_as_the_one_set_it_is_close_to_and_said_so():
    m = glasq.read(page(ground(1), sets="Rise of the Valkyire, 2 x Swarm of the Maro"))
    assert m.attrs["sets_used"] == {"RotV": 1, "SotM": 2}
    assert any("'Rise of the Valkyire' read as Rise of the Valkyrie (RotV)" in w for w in m.warnings)


def test_an_unknown_name_is_kept_and_reported_never_dropped(cli, tmp_path):
    path = tmp_path / "field.html"
    path.write_bytes(page(ground(3), sets="Rise of the Valkyrie, Heroscape Deluxe Box (2)"))
    m = glasq.read(path.read_bytes())
    assert m.attrs["sets_used"] == {"RotV": 1, "Heroscape Deluxe Box": 2}
    assert any("'Heroscape Deluxe Box' is no product mapkit knows (kept" in w for w in m.warnings)
    rep = inventory_report(m)["declared_sets"]
    assert rep["unknown"] == ["Heroscape Deluxe Box"]
    assert {"id": None, "name": "Heroscape Deluxe Box", "copies": 2, "holds": "unknown"} in rep["sets"]
    # 120 grass 1-hex: one Rise of the Valkyrie holds 16, and the unknown box holds nothing mapkit knows of
    assert rep["missing"] == [{"type": "grass-1", "name": "Grass 1-hex", "count": 104}]
    (finding,) = s101(m)
    assert "'Heroscape Deluxe Box'" in finding.message and "104 x Grass 1-hex" in finding.message
    code, out, err = cli("inventory", path)
    assert code == 0 and "Heroscape Deluxe Box (unknown to mapkit)" in out and "counts it as holding nothing" in out
    assert "Heroscape Deluxe Box" in err  # the reader's warning


def test_a_figure_product_holds_no_terrain_and_fractional_copies_count_down():
    m = glasq.read(page(ground(1), sets="Rise of the Valkyrie (1.5), Malliddon's Prophecy (1.75)"))
    assert m.attrs["sets_used"] == {"RotV": 1.5, "Malliddon's Prophecy": 1.75}
    holds = declared.holdings(declared.of_map(m))
    assert holds["grass-1"] == 24 and holds["ruin-2"] == 1 and holds["grass-24"] == 9  # 16, 1, 6 times 1.5
    product = declared.resolve("Malliddon's Prophecy")[0]
    assert product.kind == declared.NO_TERRAIN and "hsbf0018" in product.source


def test_a_page_asking_absurd_copies_is_kept_within_bounds():
    m = glasq.read(page(ground(1), sets="Rise of the Valkyrie (" + "9" * 400 + "), " + "x, " * 300))
    assert m.attrs["sets_used"]["RotV"] == declared.MAX_COPIES
    assert any("more than any map needs" in w for w in m.warnings)
    assert any("the first 200 are read" in w for w in m.warnings)
    native.read(native.write(m))  # the schema's bounds hold what the reader keeps


# -- one representation, every format ----------------------------------------------------------
def test_native_json_keeps_copies_products_and_each_scenarios_own_list():
    m = Map(pieces=[Piece("grass-1", 0, 0, 0)], attrs={"sets_used": {"RotV": 2, "Warriors of Eberron": 1}},
            scenario_setups=[Scenario(1, attrs={"sets_used": {"RotV": 1.5}}), Scenario(2)])
    back = native.read(native.write(m))
    assert back.attrs == m.attrs and back.scenario_setups[0].attrs == {"sets_used": {"RotV": 1.5}}
    bad = native.write(m).replace(b'"RotV": 2', b'"RotV": 0')
    with pytest.raises(Exception, match=r"\$\.attrs\.sets_used"):
        native.read(bad)
    # mapkit's earlier form, a list of ids, still reads: one copy per entry
    assert [d.label for d in declared.declaration(["RotV", "RotV", "FotA"])] == ["2 x Rise of the Valkyrie",
                                                                                 "Fortress of the Archkyrie"]


def test_hexoscape_holds_copies_of_lettered_sets_and_its_notes_the_rest():
    """setsUsed holds a lettered set's letter once per copy, as the editor counts them (issue 33,
    item 4); what it cannot say (part of a copy, products with no letter) goes into mapNotes as a
    page's "Required Sets:" line, read back (issue 25, item 4); a share link blanks the notes, so
    there each is named."""
    m = Map(pieces=[Piece("grass-1", 0, 0, 0)],
            attrs={"sets_used": {"RotV": 2, "FotA": 1.5, "Warriors of Eberron": 1, "Foo": 1}})
    data, losses = encode_map(m, get("hexoscape"))  # nothing lost, so nothing refused
    assert losses == []
    assert json.loads(data)["hexMap"]["setsUsed"] == ["S", "S", "N"]
    assert hexoscape.read(data).attrs["sets_used"] == m.attrs["sets_used"]
    losses = encode_map(m, get("hexoscape-url"), allow_loss=True)[1]
    assert not any("Rise of the Valkyrie" in line for line in losses)  # two copies: "S", "S"
    assert ("sets used: 1.5 x Fortress of the Archkyrie is written as 1 (Hexoscape counts whole copies, its "
            "setsUsed listing a set's letter once per copy)") in losses
    assert "sets used: Warriors of Eberron (no terrain) is left out (Hexoscape has no letter for it)" in losses
    assert "sets used: Foo (unknown to mapkit) is left out (Hexoscape has no letter for it)" in losses


def test_virtualscape_carries_the_sets_in_its_scenario_text_as_a_page_writes_them():
    """VirtualScape has no field for the sets: they go into its scenario text as a page's
    "Required Sets:" line, which the reader reads back (issue 25, item 4: carried, not refused)."""
    m = Map(pieces=[Piece("grass-1", 0, 0, 0)], notes="Hold the ridge.",
            attrs={"sets_used": {"RotV": 2, "FotA": 1, "Warriors of Eberron": 1, "Foo": 1.5}})
    data, losses = encode_map(m, get("hsc"))  # nothing lost, so nothing refused
    assert losses == []
    back = hsc.read(data)
    assert back.notes == ("Required Sets: Rise of the Valkyrie (2), Fortress of the Archkyrie, Warriors of "
                             "Eberron, Foo (1.5)\n\nHold the ridge.")
    assert back.attrs["sets_used"] == m.attrs["sets_used"]
    assert back.warnings == ["the scenario text's required sets: 'Foo' is no product mapkit knows (kept; its "
                             "pieces are not counted)"]
    assert hsc.write(back) == data  # read back, written again: the same bytes, the line not added twice


def test_a_virtualscape_author_who_writes_required_sets_declares_them():
    m = Map(pieces=[Piece("grass-1", 0, 0, 0)], notes="Required Sets: 2 x Rise of the Valkyrie\nFight!")
    back = hsc.read(hsc.write(m))
    assert back.attrs["sets_used"] == {"RotV": 2} and not back.warnings
    assert "sets_used" not in hsc.read(hsc.write(Map(pieces=[Piece("grass-1", 0, 0, 0)], notes="no sets"))).attrs


def test_one_scenario_written_to_hexoscape_declares_that_scenarios_sets():
    m = Map(pieces=[Piece("grass-1", 0, 0, 0), Piece("start-zone", 0, 0, 1, 0, {"player": 1, "scenario": 1}),
                    Piece("start-zone", 0, 0, 1, 0, {"player": 1, "scenario": 2})],
            attrs={"sets_used": {"RotV": 1}},
            scenario_setups=[Scenario(1, attrs={"sets_used": {"RotV": 1, "RttFF": 1}}), Scenario(2)])
    one = json.loads(hexoscape.write(m.for_scenario(1)))["hexMap"]["setsUsed"]
    two = json.loads(hexoscape.write(m.for_scenario(2)))["hexMap"]["setsUsed"]
    assert (one, two) == (["S", "R"], ["S"])


# -- inventory and validate --------------------------------------------------------------------
def grass_map(grass_1: int, sets_used) -> Map:
    return Map(pieces=[Piece("grass-1", q, 0, 0) for q in range(grass_1)], attrs={"sets_used": sets_used})


def test_declared_sets_that_hold_the_map():
    m = grass_map(32, {"RotV": 2})
    rep = inventory_report(m)["declared_sets"]
    assert rep["holds_everything"] and rep["missing"] == [] and rep["against"] == "the map"
    assert rep["sets"] == [{"id": "RotV", "name": "Rise of the Valkyrie", "copies": 2, "holds": "terrain"}]
    assert "The sets the map declares, 2 x Rise of the Valkyrie (RotV), hold every piece it needs." \
        in render_text(inventory_report(m))
    assert s101(m) == []


def test_declared_sets_that_do_not_hold_the_map():
    m = grass_map(33, {"RotV": 2})
    rep = inventory_report(m)["declared_sets"]
    assert not rep["holds_everything"]
    assert rep["missing"] == [{"type": "grass-1", "name": "Grass 1-hex", "count": 1}]
    text = render_text(inventory_report(m))
    assert "2 x Rise of the Valkyrie (RotV), do not hold every piece it needs; they lack:\n" \
           "     1 x Grass 1-hex  [grass-1]" in text
    (finding,) = s101(m)
    assert finding.severity == "warning" and finding.scenario is None
    assert finding.message == "the sets it declares (2 x Rise of the Valkyrie) lack 1 x Grass 1-hex"


def test_a_hexoscape_map_is_held_to_one_copy_of_each_set_it_lists(cli, tmp_path):
    doc = {"hexMap": {"id": "1", "name": "grass", "shape": "rectangle", "width": 20, "length": 2, "setsUsed": ["S"]},
           "boardPieces": {f"0~{q}~0~0~g1": "g1" for q in range(17)}}
    path = tmp_path / "grass.json"
    path.write_text(json.dumps(doc))
    code, out, _ = cli("validate", path)
    assert code == 0 and "S101 warning: the sets it declares (Rise of the Valkyrie) lack 1 x Grass 1-hex" in out
    code, out, _ = cli("inventory", path, "--json")
    assert json.loads(out)["declared_sets"]["missing"] == [{"type": "grass-1", "name": "Grass 1-hex", "count": 1}]


RUIN = "Ruin, 2-hex (Rise of the Valkyrie)"


def two_scenarios() -> Map:
    """16 grass 1-hex shared; scenario 2 adds a ruin and names Road to the Forgotten Forest too;
    scenario 1 adds 2 more grass 1-hex and names nothing of its own."""
    shared = [Piece("grass-1", q, 0, 0) for q in range(16)]
    own = [Piece("grass-1", 20, 0, 0, 0, {"scenario": 1}), Piece("grass-1", 21, 0, 0, 0, {"scenario": 1}),
           Piece("ruin-2", 0, 0, 1, 0, {"scenario": 2}), Piece("ruin-2", 4, 0, 1, 0, {"scenario": 2})]
    return Map(pieces=shared + own, attrs={"sets_used": {"RotV": 1}},
               scenario_setups=[Scenario(1, "Short"), Scenario(2, "Ruined", attrs={"sets_used": {"RotV": 1, "RttFF": 1}})])


def test_each_scenario_is_held_to_its_own_list_and_the_page_to_the_most_any_needs():
    m = two_scenarios()
    rep = inventory_report(m)["declared_sets"]
    assert rep["against"] == "the most any one scenario needs"
    assert rep["missing"] == [{"type": "grass-1", "name": "Grass 1-hex", "count": 2},
                              {"type": "ruin-2", "name": RUIN, "count": 1}]
    one, two = rep["scenarios"]
    assert (one["own_list"], one["missing"]) == (False, [{"type": "grass-1", "name": "Grass 1-hex", "count": 2}])
    assert (two["own_list"], two["missing"]) == (True, [{"type": "ruin-2", "name": RUIN, "count": 1}])
    text = render_text(inventory_report(m))
    assert "Scenario 1 (Short): the map's sets, Rise of the Valkyrie (RotV), do not hold" in text
    assert "Scenario 2 (Ruined): its own sets, Rise of the Valkyrie (RotV), Road to the Forgotten Forest (RttFF)" in text
    found = {(f.scenario, f.message) for f in s101(m)}
    assert found == {(1, "the sets it declares (Rise of the Valkyrie) lack 2 x Grass 1-hex"),
                     (2, "the sets it declares (Rise of the Valkyrie, Road to the Forgotten Forest) lack "
                         f"1 x {RUIN}")}
    assert [f.message for f in check_map(m, select=["S"], scenario=2)] == [
        f"the sets it declares (Rise of the Valkyrie, Road to the Forgotten Forest) lack 1 x {RUIN}"]


def test_a_shortfall_of_the_shared_terrain_is_one_finding_for_the_whole_page():
    """Found alike on the terrain alone and in each scenario: given once, as validate gives every
    finding of the shared terrain; a scenario held to a list of its own says so apart."""
    zones = [Piece("start-zone", 0, 0, 1, 0, {"player": 1, "scenario": n}) for n in (1, 2)]
    terrain = [Piece("grass-1", q, 0, 0) for q in range(16)] + [Piece("grass-24", 40, 0, 0)] * 7
    m = Map(pieces=terrain + zones, attrs={"sets_used": {"RotV": 1}}, scenario_setups=[Scenario(1), Scenario(2)])
    assert [(f.scenario, f.message) for f in s101(m)] == [
        (None, "the sets it declares (Rise of the Valkyrie) lack 1 x Grass 24-hex")]
    m.scenario_setups[1].attrs["sets_used"] = {"RotV": 1, "RttFF": 1}
    assert [(f.scenario, f.message) for f in s101(m)] == [
        (1, "the sets it declares (Rise of the Valkyrie) lack 1 x Grass 24-hex"),
        (2, "the sets it declares (Rise of the Valkyrie, Road to the Forgotten Forest) lack 1 x Grass 24-hex")]


def test_a_page_of_several_rooms_is_held_to_its_sets_with_every_room_at_once():
    """A whole-dungeon page declares the sets for all its rooms together (Shadow Cavern: 8 x
    Battle for the Underdark for four rooms of 2): each room fitting is not enough; a tile two
    rooms share counts once."""
    from mapkit.model.map import Room

    def room_tiles(number: int, q0: int, n: int) -> list[Piece]:
        return [Piece("grass-1", q0 + q, 0, 0, 0, {"rooms": [number]}) for q in range(n)]

    shared = [Piece("grass-1", 100, 0, 0, 0, {"rooms": [1, 2]})]
    m = Map(pieces=room_tiles(1, 0, 10) + room_tiles(2, 20, 5) + shared, attrs={"sets_used": {"RotV": 1}},
            rooms=[Room(1), Room(2)])
    assert s101(m) == []  # 16 grass 1-hex, the shared one counted once: one Rise of the Valkyrie holds 16
    m.pieces.append(Piece("grass-1", 30, 0, 0, 0, {"rooms": [2]}))
    assert [(f.room, f.message) for f in s101(m)] == [
        (None, "the sets it declares (Rise of the Valkyrie) lack 1 x Grass 1-hex")]
    assert check_map(m, select=["S"], room=2) == []  # a room alone is not what the page declares sets for
    assert inventory_report(m)["declared_sets"]["missing"] == [{"type": "grass-1", "name": "Grass 1-hex", "count": 1}]


def test_s101_is_documented_and_in_every_profile(cli):
    code, out, _ = cli("rules", "S101")
    assert code == 0 and "declared-sets-short (warning; family sets; profiles c3g, casual, tournament)" in out
    assert "Why:" in out and "Example:" in out and "Source:" in out


def test_a_map_that_declares_nothing_has_nothing_to_say():
    m = Map(pieces=[Piece("grass-1", 0, 0, 0)])
    assert "declared_sets" not in inventory_report(m) and s101(m) == []


# -- glyphs ------------------------------------------------------------------------------------
def glyph_map() -> Map:
    """One scenario places 6 unlettered glyphs, the other the lettered A, B and C."""
    board = [Piece("grass-24", 0, 0, 0)]
    unlettered = [Piece("glyph", q, 0, 1, 0, {"letter": "?", "scenario": 1}) for q in range(6)]
    lettered = [Piece("glyph", q, 1, 1, 0, {"letter": letter, "scenario": 2}) for q, letter in enumerate("ABC")]
    return Map(pieces=board + unlettered + lettered, scenario_setups=[Scenario(1), Scenario(2)])


def test_an_unlettered_glyph_can_be_any_glyph():
    need = requirements(glyph_map())
    assert {t: n for t, n in need.items() if t.startswith("glyph:")} == {"glyph:A": 1, "glyph:B": 1, "glyph:C": 1,
                                                                         ANY_GLYPH: 3}
    rep = inventory_report(glyph_map())
    assert {"type": ANY_GLYPH, "name": "Any glyph (unlettered: any letter will do)", "hexes": 1, "count": 3} \
        in rep["pieces"]
    assert "3 x Any glyph (unlettered: any letter will do)  [glyph:any]" in render_text(rep)
    assert rep["total_pieces"] == 7


def test_a_collection_meets_any_glyph_with_the_letters_left_over():
    need = requirements(glyph_map())
    abc = {"glyph:A": 1, "glyph:B": 1, "glyph:C": 1}
    assert missing(need, {"grass-24": 1, **abc, "glyph:D": 3}) == {}
    assert missing(need, {"grass-24": 1, **abc, "glyph:D": 2}) == {ANY_GLYPH: 1}
    assert missing(need, {"grass-24": 1, "glyph:D": 6}) == {"glyph:A": 1, "glyph:B": 1, "glyph:C": 1}
    assert missing(need, {"grass-24": 1, "glyph:A": 4, "glyph:B": 1, "glyph:C": 1}) == {}


def test_one_scenario_alone_needs_its_own_glyphs():
    assert requirements(glyph_map().for_scenario(1))[ANY_GLYPH] == 6
    assert ANY_GLYPH not in requirements(glyph_map().for_scenario(2))


# -- the corpus --------------------------------------------------------------------------------
PAGES = corpus_files("glasq-xhtml", "*.html") + corpus_files("pairs", "*.html")

#: What each official page of the corpus declares: the page's own list, then each scenario's.
BFTU, WOE, COFR = {"BftU": 1}, {"Warriors of Eberron": 1}, {"Champions of Forgotten Realms": 1}
DECLARED = {
    "Aaryglynn.html": ({"RotV": 2, "FotA": 2}, {1: {"RotV": 2, "FotA": 2}, 2: {"RotV": 2, "FotA": 2}}),
    "AncientSanctum.html": ({"BftU": 4}, {1: {"BftU": 4}}),
    "Aveniul'sThreshold.html": ({"RotV": 1, "SotM": 1, "TJ": 2}, {1: {"RotV": 1, "SotM": 1, "TJ": 2}}),
    "MigolsTomb_malformed.html": ({"RotV": 1}, {1: {"RotV": 1}, 2: {"RotV": 1}, 3: {"RotV": 1}}),
    "MoonLake.html": ({"SotM": 2, "TJ": 2}, {1: {"SotM": 2, "TJ": 2}}),
    "RiverOfBloodRoom2.html": (BFTU, {1: {**BFTU, **COFR}}),
    "RiverOfBloodRoom3.html": (BFTU, {1: {**BFTU, **COFR}}),
    "RiverOfBloodRoom4.html": (BFTU, {1: {**BFTU, **COFR}}),
    "RiverofBlood.html": ({"BftU": 4}, {1: {"BftU": 4, **COFR}}),
    "ShadowCavern.html": ({"BftU": 8, **WOE}, {1: {"BftU": 8, **WOE}}),
    "ShadowCavernRoom1.html": ({"BftU": 2}, {1: {"BftU": 2, **WOE}, 2: {"BftU": 2, **WOE}}),
    "ShadowCavernRoom2.html": ({"BftU": 2}, {1: {"BftU": 2, **WOE}}),
    "ShadowCavernRoom3.html": ({"BftU": 2}, {1: {"BftU": 2, **WOE}}),
    "ShadowCavernRoom4.html": ({"BftU": 2}, {1: {"BftU": 2, **WOE}}),
    "TheCatacombs.html": ({"BftU": 2}, {1: {"BftU": 2, **COFR}}),
    "hsbf0001_TableOfTheGiants.html": ({"RotV": 1}, {1: {"RotV": 1}, 2: {"RotV": 1}, 3: {"RotV": 1}}),
    "hsbf0023_Genotech.html": ({"MtCB": 1}, {n: {"MtCB": 1} for n in (1, 2, 3, 4)}),
    "TheWestBarbicanOfIdonaCastle.html": ({"RotV": 1, "FotA": 1}, {1: {"RotV": 1, "FotA": 1},
                                                                   2: {"RotV": 1, "FotA": 1}}),
}


def test_every_corpus_page_is_pinned():
    names = sorted(p.values[0].name for p in PAGES if p.values[0] is not None)
    if not names:
        pytest.skip("community corpus not found")
    assert names == sorted(DECLARED)


@pytest.mark.parametrize("path", PAGES)
def test_each_corpus_page_declares_its_sets(path):
    m = glasq.read(path.read_bytes(), str(path))
    page_sets, scenario_sets = DECLARED[path.name]
    assert m.attrs["sets_used"] == page_sets
    assert {s.number: s.attrs.get("sets_used") for s in m.scenario_setups} == scenario_sets
    assert not any(d.product.kind == declared.UNKNOWN for d in declared.of_map(m))
    assert not [w for w in m.warnings if "required sets" in w]


@pytest.mark.parametrize("path", PAGES)
def test_each_corpus_page_is_held_by_the_sets_it_declares(path):
    """The page's own list holds the most any one scenario needs, each scenario's list holds
    that scenario, and validate has no S101 for any scenario."""
    m = glasq.read(path.read_bytes(), str(path))
    rep = inventory_report(m)["declared_sets"]
    short = [rep.get("missing")] + [(row["number"], row["missing"]) for row in rep.get("scenarios", [])
                                    if row["missing"]]
    assert rep["holds_everything"], short
    assert s101(m) == []


# -- fuzzed ------------------------------------------------------------------------------------
SET_TEXT = st.lists(st.one_of(st.sampled_from(["Rise of the Valkyrie", "(2)", "(1.75)", ",", " , ", "x", "2 x ",
                                               "Warriors of Eberron", "(", ")", "0", "\n", "The", ":"]),
                              st.text(max_size=12)), max_size=30).map("".join)


@given(SET_TEXT)
def test_any_required_sets_text_reads_into_bounded_sets(text):
    from mapkit.formats.glasq.text import _required_sets

    warnings: list[str] = []
    found = _required_sets("Required Sets: " + text, warnings, 1, "the page")
    assert found is not None
    for key, copies in found.items():
        assert 0 < len(key) <= declared.MAX_NAME and 0 < copies <= declared.MAX_COPIES
    assert declared.declaration(found) is not None
