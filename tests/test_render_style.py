"""The drawing style covers the catalog, and the geometry helpers do what they say."""

from __future__ import annotations

import pytest

from mapkit.model.catalog import catalog
from mapkit.model.map import Map, Piece
from mapkit.outputs.scene import layout, style
from mapkit.outputs.scene.iso import _runs


def test_every_catalog_terrain_and_obstacle_has_a_deliberate_style():
    data = style.style_data()
    cat = catalog()
    assert set(cat.terrains) <= set(data["terrains"])
    surfaces = {p.terrain for p in cat.types.values() if p.kind in ("land", "fluid")}
    assert surfaces <= set(data["terrains"])
    obstacles = {p.terrain for p in cat.types.values() if p.kind == "obstacle"}
    assert obstacles <= set(data["obstacles"])


def test_fluids_are_told_apart_by_pattern_not_only_colour():
    cat = catalog()
    for p in cat.types.values():
        if p.kind == "fluid":
            assert style.terrain_pattern(p.terrain), p.terrain
    colours = [tuple(v["rgb"]) for v in style.style_data()["terrains"].values()]
    assert len(colours) == len(set(colours)), "two terrains share a colour"


def test_start_zone_players_have_distinct_colours():
    from mapkit.outputs.scene.players import default_colour

    assert len({default_colour(n).rgb for n in range(1, 9)}) == 8


@pytest.mark.parametrize("value, rgb", [("#102030", (16, 32, 48)), ([1, 2, 3], (1, 2, 3)), (0x00302010, (16, 32, 48)),
                                        ("red", None), (-1, None)])
def test_personal_tile_colours(value, rgb):
    assert style.parse_colour(value) == rgb


def test_legend_lists_only_what_the_picture_shows():
    cat = catalog()
    from mapkit.outputs.scene.players import Cast

    zone = Piece("start-zone", 0, 0, 1, 0, {"player": 2})
    entries = style.legend_entries([cat["grass-7"], cat["tree-10"], cat["water-1"]], Cast(Map(pieces=[zone])).legend())
    labels = [e.label for e in entries]
    assert any("grass" in s for s in labels) and any("water" in s for s in labels)
    assert any("tree" in s for s in labels)
    assert any("player 2" in s for s in labels) and not any("player 1" in s for s in labels)
    assert not any("rock" in s or "glyph" in s for s in labels)


def test_build_levels_count_layers_of_tiles_and_put_markers_with_their_surface():
    cat = catalog()
    assert layout.build_level(cat["grass-1"], Piece("grass-1", 0, 0, 0)) == 1
    assert layout.build_level(cat["rock-1"], Piece("rock-1", 0, 0, 3)) == 4
    assert layout.build_level(cat["glyph"], Piece("glyph", 0, 0, 4)) == 4   # on the rock above
    assert layout.build_level(cat["tree-10"], Piece("tree-10", 0, 0, 1)) == 1


def test_fluids_add_no_height_to_the_surface():
    cat = catalog()
    assert layout.surface_top(cat["water-1"], Piece("water-1", 0, 0, 2)) == 2
    assert layout.surface_top(cat["grass-1"], Piece("grass-1", 0, 0, 2)) == 3
    assert layout.surface_top(cat["castle-wall-straight"], Piece("castle-wall-straight", 0, 0, 1)) == 10


def test_visible_top_is_the_highest_surface():
    m = Map(pieces=[Piece("grass-7", 0, 0, 0), Piece("rock-1", 0, 1, 1), Piece("tree-10", 1, 1, 1)])
    tops = layout.visible_tops(m)
    assert tops[(0, 1)] == layout.Top(2.0, 1)
    assert tops[(1, 1)] == layout.Top(1.0, 0)        # a tree is not a surface
    assert len(tops) == 7


def test_chained_contour_of_a_lone_hex_is_one_closed_line():
    tops = {(0, 0): layout.Top(1.0, 0)}
    edges = layout.contour_edges(tops)
    lines = layout.chain_segments(layout.edge_segment(e.q, e.r, e.direction) for e in edges)
    assert len(lines) == 1 and len(lines[0]) == 7
    assert lines[0][0] == pytest.approx(lines[0][-1])


def test_outline_runs_of_a_hex():
    # boundary on E, SE (directions 0, 1) -> one run over corners 1, 2, 3
    assert _runs([True, True, False, False, False, False]) == [[1, 2, 3]]
    # NE (5) and E (0) wrap round the top corner -> one run: corners 0, 1, 2
    assert _runs([True, False, False, False, False, True]) == [[0, 1, 2]]
    assert len(_runs([True, False, True, False, True, False])) == 3


def test_chained_edges_meet_exactly_and_match_the_hex_corners():
    # two neighbouring raised hexes: one outline of 10 edges round both
    tops = {(0, 0): layout.Top(2.0, 0), (1, 0): layout.Top(2.0, 0)}
    edges = [(e.q, e.r, e.direction) for e in layout.contour_edges(tops)]
    assert len(edges) == 10
    (line,) = layout.chain_edges(edges)
    assert len(line) == 11 and line[0] == line[-1]
    corners = {(round(x, 6), round(y, 6)) for c in tops for x, y in layout.hex_corners(*c)}
    assert {(round(x, 6), round(y, 6)) for x, y in line} <= corners


def test_the_legend_does_not_depend_on_the_order_pieces_come_in():
    """Pieces of one legend line (every tree is "tree") in several colours: the line's swatch is the
    same whichever comes first (a set of types handed in once made the build sheets' bytes differ
    with the hash seed)."""
    cat = catalog()
    trees = [t for t in cat.types.values() if t.kind == "obstacle" and style.obstacle_style(t)[2] == "tree"]
    colours = {style.obstacle_style(t)[1] for t in trees}
    assert len(colours) > 1, "the catalog's trees no longer differ in colour; this test needs two that do"
    types = trees + [cat["grass-7"], cat["water-1"]]
    assert style.legend_entries(types) == style.legend_entries(list(reversed(types)))
