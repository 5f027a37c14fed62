"""Physical rules: for each, a project-made map that breaks it and one that keeps it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mapkit.model.map import Map, Piece
from mapkit.rules.framework import CheckContext, load_rules, run_rules, select_rules


def floor(q0: int, q1: int, r0: int, r1: int, z: int = 0, kind: str = "grass-1") -> list[Piece]:
    return [Piece(kind, q, r, z) for q in range(q0, q1 + 1) for r in range(r0, r1 + 1)]


def codes(pieces: list[Piece], code: str | None = None, source: str | None = None, **options) -> list:
    ctx = CheckContext(Map(pieces=pieces, source_format=source), "t.mapkit.json", options)
    found = list(run_rules(ctx, select_rules("casual")))
    return [f for f in found if code is None or f.code == code]


def test_every_physical_rule_is_documented():
    rules = load_rules()
    physical = [r for r in rules.values() if r.family == "physical"]
    assert len(physical) >= 12
    for r in physical:
        for key in ("what", "why", "example", "source"):
            assert r.doc.get(key), f"{r.code} lacks {key}"


def test_clean_stack_has_no_findings():
    pieces = floor(0, 3, 0, 3) + [Piece("grass-1", 1, 1, 1), Piece("water-1", 2, 2, 1),
                                  Piece("start-zone", 0, 0, 1, attrs={"player": 1}),
                                  Piece("glyph", 3, 3, 1, attrs={"letter": "A"}),
                                  Piece("tree-10", 3, 0, 1), Piece("figure", 0, 3, 1)]
    assert codes(pieces) == []


# P101 ------------------------------------------------------------------------------------------
def test_p101_floating_tile():
    found = codes(floor(0, 1, 0, 1) + [Piece("grass-1", 5, 5, 2)], "P101")
    # the tile's bottom is at height 2, so it is a Level 3 tile with no Level 2 tile under it
    assert [(f.q, f.r, f.level) for f in found] == [(5, 5, 3)]
    assert found[0].message.endswith("floats: no Level 2 tile under it")
    assert found[0].severity == "error"


def test_p101_castle_wall_on_base_is_supported():
    pieces = floor(0, 1, 0, 1) + [Piece("castle-base-corner", 0, 0, 1), Piece("castle-wall-corner", 0, 0, 2),
                                  Piece("wall-walk-1", 0, 0, 11)]
    assert codes(pieces, "P101") == []


def test_p101_tile_on_ruin_top_is_supported():
    pieces = floor(0, 2, 0, 0) + [Piece("ruin-2", 0, 0, 1), Piece("grass-1", 0, 0, 7)]
    assert codes(pieces, "P101") == []
    assert codes(pieces, "P104") == []


# P102 ------------------------------------------------------------------------------------------
def test_p102_ruin_over_air():
    pieces = floor(0, 1, 0, 0) + [Piece("ruin-3", 0, 0, 1)]
    found = codes(pieces, "P102")
    assert [(f.q, f.r) for f in found] == [(2, 0)]
    # the hex it names in its words is named as its place is, as the sheets letter it (issue 25, item 9)
    assert f"hangs over air at {found[0].place} (2, 0):" in found[0].message, found[0].message


def test_p102_land_overhang_is_legal():
    pieces = floor(0, 1, 0, 0) + [Piece("rock-2", 1, 0, 1)]  # (1, 0) over floor, (2, 0) over air
    assert codes(pieces, "P102") == [] and codes(pieces, "P101") == []
    ruin = floor(0, 1, 0, 0) + [Piece("ruin-2", 1, 0, 1)]
    assert len(codes(ruin, "P102")) == 1
    assert codes(floor(0, 2, 0, 0) + [Piece("ruin-3", 0, 0, 1)], "P102") == []


# P103 ------------------------------------------------------------------------------------------
def test_p103_two_tiles_in_one_cell():
    found = codes([Piece("grass-1", 0, 0, 0), Piece("rock-2", 0, 0, 0)], "P103")
    assert len(found) == 1 and (found[0].q, found[0].r, found[0].level) == (0, 0, 1)  # both Level 1 tiles


def test_p103_tile_inside_castle_wall_height():
    pieces = floor(0, 1, 0, 1) + [Piece("castle-base-end", 0, 0, 1), Piece("castle-wall-end", 0, 0, 2),
                                  Piece("grass-1", 0, 0, 7)]
    found = codes(pieces, "P103")
    assert [f.level for f in found] == [8]  # the grass at height 7 is a Level 8 tile, inside the wall


def test_p103_wall_top_is_free():
    pieces = floor(0, 1, 0, 1) + [Piece("castle-base-end", 0, 0, 1), Piece("castle-wall-end", 0, 0, 2),
                                  Piece("wall-walk-1", 0, 0, 11)]
    assert codes(pieces, "P103") == []


def test_p103_edges_share_a_hex_on_different_edges_only():
    castle = floor(0, 2, 0, 2) + [Piece("wall-walk-1", 1, 0, 1), Piece("wall-walk-1", 0, 1, 1)]
    ok = castle + [Piece("castle-battlement", 0, 0, 1, 0), Piece("castle-battlement", 0, 0, 1, 1)]
    assert codes(ok, "P103") == []
    bad = castle + [Piece("castle-battlement", 0, 0, 1, 0), Piece("castle-battlement", 0, 0, 1, 0)]
    assert len(codes(bad, "P103")) == 1


def test_p103_glyph_inside_tile():
    found = codes(floor(0, 0, 0, 0) + [Piece("glyph", 0, 0, 0, attrs={"letter": "A"})], "P103")
    assert len(found) == 1


# P104 ------------------------------------------------------------------------------------------
def test_p104_tile_in_tree():
    pieces = floor(0, 1, 0, 0) + [Piece("tree-10", 0, 0, 1)] + [Piece("grass-1", 1, 0, z) for z in range(1, 5)]
    pieces.append(Piece("grass-2", 0, 0, 5))  # overhangs the tree at level 5
    found = codes(pieces, "P104")
    assert [(f.q, f.r, f.level) for f in found] == [(0, 0, 6)]  # a Level 6 tile
    assert "standing on Level 1" in found[0].message


def test_p104_tile_above_tree_height_is_clear():
    pieces = floor(0, 1, 0, 0) + [Piece("tree-10", 0, 0, 1)] + [Piece("grass-1", 1, 0, z) for z in range(1, 11)]
    pieces.append(Piece("grass-2", 0, 0, 11))  # tree fills 1..10
    assert codes(pieces, "P104") == []


def test_p104_clearance_slack_option():
    pieces = floor(0, 2, 0, 0) + [Piece("ruin-2", 0, 0, 1), Piece("grass-1", 0, 0, 6)]
    assert len(codes(pieces, "P104")) == 1
    assert codes(pieces, "P104", clearance_slack=1) == []


# P105 ------------------------------------------------------------------------------------------
def test_p105_tile_on_water_is_error_on_ice_warning():
    water = codes(floor(0, 0, 0, 0) + [Piece("water-1", 0, 0, 1), Piece("grass-1", 0, 0, 2)], "P105")
    ice = codes(floor(0, 0, 0, 0) + [Piece("ice-1", 0, 0, 1), Piece("snow-1", 0, 0, 2)], "P105")
    assert [f.severity for f in water] == ["error"]
    assert [f.severity for f in ice] == ["warning"]


def test_p105_a_tile_held_by_land_that_overhangs_water_is_a_warning():
    """Water adds no height (seed 004), so a tile held up by land beside the water overhangs it
    rather than resting on it: overhangs are legal, and whether one may reach over water is left
    open by the rules: a warning (issue 25: it was the water rule's error). With no land under
    any hex it rests on the water: still the error."""
    land = floor(0, 2, 0, 0) + [Piece("grass-1", 0, 0, 1), Piece("grass-1", 1, 0, 1), Piece("water-1", 2, 0, 1)]
    over = codes(land + [Piece("rock-2", 1, 0, 2)], "P105")  # over grass at (1, 0) and water at (2, 0)
    assert [f.severity for f in over] == ["warning"] and "overhangs" in over[0].message, over
    assert "1 of its 2 hexes" in over[0].message
    on = codes(floor(0, 1, 0, 0) + [Piece("water-1", 0, 0, 1), Piece("water-1", 1, 0, 1), Piece("rock-2", 0, 0, 2)],
               "P105")
    assert [f.severity for f in on] == ["error"] and "rests on" in on[0].message
    # a fluid tile is thin and bends: one reaching over water from land still lies on it
    wide = floor(0, 1, 0, 1) + [Piece("grass-1", 0, 0, 1), Piece("grass-1", 1, 0, 1), Piece("water-1", 0, 1, 1)]
    fluid = codes(wide + [Piece("water-3", 0, 0, 2)], "P105")  # over grass, grass and water
    assert [f.severity for f in fluid] == ["error"] and "rests on" in fluid[0].message, fluid


def test_p105_no_minimum_share_of_land_holds_an_overhang_over_water():
    """The rules give no share of a tile that must stand on land for it to reach over water, and
    mapkit invents none (issue 25): one solid hex holds it, as for an overhang over air (P102),
    after VirtualScape's check and Hexoscape's; the warning counts the held hexes, and the rule's
    documentation says so. A rock 3-hex with one hex on grass and two over water: a warning."""
    from mapkit.rules.framework import load_rules

    one = floor(0, 1, 0, 1) + [Piece("grass-1", 0, 0, 1), Piece("water-1", 1, 0, 1), Piece("water-1", 0, 1, 1)]
    over = codes(one + [Piece("rock-3", 0, 0, 2)], "P105")
    assert [(f.severity, "1 of its 3 hexes" in f.message) for f in over] == [("warning", True)], over
    convention = load_rules()["P105"].doc["convention"]
    assert "No minimum share of land" in convention and "VirtualScape" in convention


def test_p105_water_on_water():
    assert len(codes(floor(0, 0, 0, 0) + [Piece("water-1", 0, 0, 1), Piece("water-1", 0, 0, 2)], "P105")) == 1


def test_p105_keeps_figures_and_own_bases():
    pieces = floor(0, 1, 0, 0) + [Piece("water-1", 0, 0, 1), Piece("figure", 0, 0, 2),
                                  Piece("ice-1", 1, 0, 1), Piece("glacier-1", 1, 0, 2)]
    assert codes(pieces, "P105") == []


# P106 ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("under", ["water-1", "molten-lava-1"])
def test_p106_lava_on_water_or_lava(under):
    found = codes(floor(0, 0, 0, 0) + [Piece(under, 0, 0, 1), Piece("molten-lava-1", 0, 0, 2)], "P106")
    assert len(found) == 1
    assert codes(floor(0, 0, 0, 0) + [Piece(under, 0, 0, 1), Piece("molten-lava-1", 0, 0, 2)], "P105") == []


def test_p106_lava_on_land_or_ice_is_allowed():
    assert codes(floor(0, 0, 0, 0) + [Piece("molten-lava-1", 0, 0, 1)], "P106") == []
    pieces = floor(0, 0, 0, 0) + [Piece("ice-1", 0, 0, 1), Piece("molten-lava-1", 0, 0, 2)]
    assert codes(pieces, "P106") == [] and codes(pieces, "P105") == []


# P107 / P108 / P109 --------------------------------------------------------------------------------
def test_p107_glyph_on_molten_lava():
    pieces = floor(0, 0, 0, 0) + [Piece("molten-lava-1", 0, 0, 1), Piece("glyph", 0, 0, 2, attrs={"letter": "V"})]
    assert len(codes(pieces, "P107")) == 1
    assert codes(floor(0, 0, 0, 0) + [Piece("glyph", 0, 0, 1, attrs={"letter": "V"})], "P107") == []


def test_p108_glyph_on_ruin_top():
    pieces = floor(0, 1, 0, 0) + [Piece("ruin-2", 0, 0, 1), Piece("glyph", 0, 0, 7, attrs={"letter": "A"})]
    assert len(codes(pieces, "P108")) == 1
    pieces = floor(0, 0, 0, 0) + [Piece("water-1", 0, 0, 1), Piece("glyph", 0, 0, 2, attrs={"letter": "A"})]
    assert codes(pieces, "P108") == []
    # A personal (custom) tile is a space a figure stands on: a glyph on one used to be P108.
    pieces = [Piece("personal", 0, 0, 0, attrs={"size": 1}), Piece("glyph", 0, 0, 1, attrs={"letter": "A"})]
    assert codes(pieces) == []


def test_p109_start_zone_and_glyph_without_surface():
    pieces = floor(0, 0, 0, 0) + [Piece("start-zone", 0, 0, 3, attrs={"player": 1}),
                                  Piece("glyph", 4, 4, 0, attrs={"letter": "A"})]
    found = codes(pieces, "P109")
    assert sorted((f.q, f.r, f.level) for f in found) == [(0, 0, 3), (4, 4, 0)]
    assert codes(floor(0, 0, 0, 0) + [Piece("start-zone", 0, 0, 1, attrs={"player": 1})], "P109") == []


# P110 ------------------------------------------------------------------------------------------
def test_p110_ladder_off_castle():
    assert len(codes(floor(0, 1, 0, 0) + [Piece("castle-ladder", 0, 0, 1, 0)], "P110")) == 1


def test_p110_ladder_and_battlement_on_castle():
    pieces = floor(0, 1, 0, 0) + [Piece("castle-base-end", 1, 0, 1), Piece("castle-wall-end", 1, 0, 2),
                                  Piece("wall-walk-1", 1, 0, 11),
                                  Piece("castle-ladder", 0, 0, 1, 0), Piece("castle-ladder", 0, 0, 3, 0),
                                  Piece("castle-battlement", 0, 0, 11, 0)]
    assert codes(pieces, "P110") == []
    turned = pieces[:-3] + [Piece("castle-ladder", 0, 0, 1, 3)]  # faces west, away from the wall
    assert len(codes(turned, "P110")) == 1


# P111 ------------------------------------------------------------------------------------------
def test_p111_a_stone_wall_hangs_along_a_row_of_tiles_at_its_level():
    # Two walls along the sides of a 5-hex road make a bridge: nothing need be under them.
    road = [Piece("grass-1", 0, 1, 0), Piece("grass-1", 4, 1, 0), Piece("road-5", 0, 1, 1)]
    wall = Piece("road-wall", 1, 0, 1)  # along the road's north side: its inner row is (0..4, 1)
    assert Map(pieces=[wall]).catalog()["road-wall"].attached_hexes(1, 0, 0) == [(q, 1) for q in range(5)]
    assert codes(road + [wall]) == []
    other = Piece("road-wall", 3, 2, 1, 3)  # along the south side, turned half round
    assert codes(road + [wall, other]) == []
    found = codes(road[:2] + [Piece("road-1", q, 1, 1) for q in range(4)] + [wall], "P111")
    assert [(f.q, f.r) for f in found] == [(4, 1)]  # the fifth face hangs free
    assert f"tile at {found[0].place} (4, 1) beside it" in found[0].message, found[0].message
    assert codes([Piece("road-wall", 1, 0, 1)], "P101") == []  # what is under it carries nothing


# P112 ------------------------------------------------------------------------------------------
def test_p112_coordinates():
    hsc = "hsc"
    assert [f.severity for f in codes([Piece("grass-1", 0, -1, 0)], "P112", hsc)] == ["warning"]
    assert [f.severity for f in codes([Piece("grass-1", 0, 0, -1)], "P112", hsc)] == ["error"]
    assert len(codes([Piece("rock-1", 0, 0, 0, 2.5)], "P112", hsc)) == 1
    assert [f.severity for f in codes([Piece("grass-1", 2**31, 0, 0)], "P112", hsc)] == ["error"]
    assert codes([Piece("grass-1", 0, 0, 0), Piece("grass-24", 3, 2, 0)], "P112", hsc) == []


@pytest.mark.parametrize("source", ["hexoscape", "hexoscape-url", "glasq", "mapkit", None])
def test_p112_concerns_virtualscape_files_only(source):
    """What a .hsc cannot hold is a VirtualScape matter: a map of another format meets it only
    when converted to .hsc, where the conversion names it (issue 25: a Hexoscape map was warned
    that VirtualScape holds only whole turns for a Laur wall VirtualScape cannot hold at all).
    Below the table is wrong on any map."""
    assert codes([Piece("laur-wall-short", 0, 0, 0, 2.5), Piece("grass-1", 0, -1, 0)], "P112", source) == []
    assert [f.severity for f in codes([Piece("grass-1", 0, 0, -1)], "P112", source)] == ["error"]


def test_p112_concerns_the_file_not_the_format_its_map_came_from(cli, tmp_path):
    """A mapkit JSON file converted from a .hsc keeps "hsc" as the format its map came from; it is
    no VirtualScape file, so what VirtualScape moves on load is no warning of it, until it is
    written as a .hsc again."""
    from mapkit.formats import write_map

    m = Map(name="moved", pieces=[Piece("grass-1", 0, -1, 0), Piece("grass-1", 0, 0, 0)], source_format="hsc")
    native = tmp_path / "moved.mapkit.json"
    write_map(m, native)
    code, out, err = cli("validate", native, "--select", "P112")
    assert code == 0 and "P112" not in out, out
    # the map as VirtualScape's reader gives it is one
    from mapkit.formats import read_map

    read = read_map(native)
    read.read_as = "hsc"
    assert [f.severity for f in codes(list(read.pieces), "P112", "hsc")] == ["warning"]


# cross-check with the model's own occupancy -----------------------------------------------------
LAND = ["grass-1", "grass-2", "grass-3", "rock-7", "castle-wall-end", "castle-arch"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(LAND), st.integers(-3, 3), st.integers(-3, 3), st.integers(0, 12),
                          st.integers(0, 5)), max_size=25))
def test_overlaps_match_model_occupancy(raw):
    pieces = [Piece(t, q, r, z, k) for t, q, r, z, k in raw]
    m = Map(pieces=pieces)
    # one finding per pile of pieces sharing a cell (the same pile on several levels counts once)
    piles = {tuple(idx) for idx in m.occupancy().values() if len(idx) > 1}
    found = codes(pieces, "P103")
    assert len(found) == len(piles)


# markers, scenarios and Laur walls ----------------------------------------------------------------
def test_p103_markers_of_different_scenarios_do_not_meet():
    pieces = floor(0, 0, 0, 0) + [Piece("glyph", 0, 0, 1, attrs={"letter": "A", "scenario": 1}),
                                  Piece("glyph", 0, 0, 1, attrs={"letter": "K", "scenario": 2})]
    assert codes(pieces, "P103") == []
    pieces[-1].attrs["scenario"] = 1
    assert len(codes(pieces, "P103")) == 1


def test_p103_start_zone_may_take_in_an_obstacle_hex_but_a_glyph_may_not():
    base = floor(0, 1, 0, 0) + [Piece("tree-10", 0, 0, 1)]
    assert codes(base + [Piece("start-zone", 0, 0, 1, attrs={"player": 1})], "P103") == []
    assert len(codes(base + [Piece("glyph", 0, 0, 1, attrs={"letter": "A"})], "P103")) == 1


@pytest.mark.parametrize("obstacle, cells", [("ruin-2", 2), ("ruin-3", 3), ("marvel-ruin", 6)])
def test_p103_figures_and_glyphs_stand_on_the_spaces_of_a_ruin(obstacle, cells):
    # Official set-ups put start zones, glyphs and figures on a ruin's hexes (catalog open_cells).
    from mapkit.model.catalog import catalog

    ruin = Piece(obstacle, 0, 0, 1)
    hexes = Map(pieces=[ruin]).footprint(ruin)
    assert len(hexes) == cells and len(catalog()[obstacle].open_cells) == cells
    base = [Piece("grass-1", q, r, 0) for q, r in hexes] + [ruin]
    on_it = [Piece("glyph", *hexes[0], 1, attrs={"letter": "A"}), Piece("figure", *hexes[-1], 1, attrs={"player": 1})]
    assert codes(base + on_it, "P103") == []
    # above its base the ruin's wall is still in the way
    assert len(codes(base + [Piece("grass-1", *hexes[0], 1)], "P103")) == 1


def test_p103_the_door_space_of_a_castle_arch_is_a_space():
    arch = Piece("castle-arch", 0, 0, 1)
    hexes = Map(pieces=[arch]).footprint(arch)
    base = [Piece("grass-1", q, r, 0) for q, r in hexes] + [arch]
    assert codes(base + [Piece("start-zone", *hexes[1], 1, attrs={"player": 1}),
                         Piece("glyph", *hexes[1], 1, attrs={"letter": "A"})], "P103") == []
    assert len(codes(base + [Piece("glyph", *hexes[0], 1, attrs={"letter": "A"})], "P103")) == 1


def test_laur_walls_hold_sides_not_hexes():
    pieces = floor(0, 1, 0, 0) + [Piece("laur-pillar", 0, 0, 1), Piece("laur-wall-short", 0, 0, 1, 0.5),
                                  Piece("laur-wall-ruin", 0, 0, 1, 3)]
    assert codes(pieces, "P103") == [] and codes(pieces, "P104") == []
    same_side = pieces + [Piece("laur-wall-ruin", 0, 0, 1, 3)]
    assert len(codes(same_side, "P103")) == 1


ALL_TYPES = sorted(Map.catalog().types)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(ALL_TYPES), st.integers(-4, 4), st.integers(-4, 4), st.integers(-1, 12),
                          st.sampled_from([0, 1, 2, 3, 4, 5, 0.5, 3.5]), st.sampled_from([None, 1, 2, 7, 24])),
                max_size=30))
def test_any_pile_of_pieces_gives_well_formed_findings(raw):
    pieces = [Piece(t, q, r, z, k, attrs={"letter": "A", "player": 1 + q % 2} if size is None else {"size": size})
              for t, q, r, z, k, size in raw]
    rules = {r.code: r for r in select_rules("tournament")}
    for f in run_rules(CheckContext(Map(pieces=pieces), "fuzz"), rules.values()):
        assert f.code in rules and f.severity in ("error", "warning", "info") and f.message
