"""`mapkit analyze`: its text, its JSON and its heatmap name the same spaces nobody reaches
(issue 24 item 6): one source, the report's per-space entries, read by all three."""

from __future__ import annotations

import io
import json

import pytest
from conftest import corpus_file
from PIL import Image

from mapkit.model.map import Piece
from mapkit.movement.profile import Figure
from mapkit.movement.analysis_report import analyze_map
from mapkit.movement.synthetic import column_map, line
from mapkit.outputs.heatmap import NO_END, UNREACHED, draw, hex_states, layout


def _tricky_map():
    """A corridor between two start zones, and beside it: a pillar nobody climbs (B2), a tree (D2),
    a figure the map places (C2), a hex with a Level 1 space under a Level 7 platform nobody
    climbs to (E2), and one with a space too low under a tile (G2)."""
    m = column_map(line([1] * 8) | line([7, 1, (1, "tree")], r=1, q0=1), zones={(0, 0): 1, (7, 0): 2})
    m.name = "tricky"
    m.pieces.append(Piece("figure", 2, 1, 1))
    m.pieces += [Piece("grass-1", 4, 1, 0), Piece("grass-1", 4, 1, 6)]          # open 5 levels, then a platform
    m.pieces += [Piece("grass-1", 6, 1, 0), Piece("grass-1", 6, 1, 3)]          # open 2 levels: too low for Height 5
    return m


def _pixel(img, xy):
    return img.getpixel((round(xy[0]), round(xy[1])))


def _check_agreement(m, **kw):
    run = analyze_map(m, Figure(), heatmap=True, **kw)
    data, text, heat = run.data, run.text, run.heatmap
    by_hex: dict[tuple[int, int], list[dict]] = {}
    for e in data["spaces"]:
        by_hex.setdefault((e["q"], e["r"]), []).append(e)
    nobody = [[e["q"], e["r"], e["level"]] for e in data["spaces"] if not e["reachable"] and "blocked" not in e]
    # the JSON: its list is the spaces its own entries say nobody reaches
    if data["start"] is None:
        assert sorted(data["unreachable"]) == sorted(nobody)
        assert f"spaces no start zone reaches: {len(nobody)}" in text
        for place in data["unreachable_places"]:
            assert place in text
    else:
        assert f"; {len(nobody)} not reachable" in text
    # the picture: grey where every space of a hex is nobody's, a grey dot where one of several is
    img = Image.open(io.BytesIO(draw(heat).data)).convert("RGB")
    lay = layout(heat, hex_states(heat))
    grey_hexes, dotted, slate = set(), set(), set()
    for (q, r), entries in by_hex.items():
        cx, cy = lay.centre(q, r)
        if _pixel(img, (cx, cy)) == UNREACHED:
            grey_hexes.add((q, r))
        if _pixel(img, (cx, cy)) == NO_END:
            slate.add((q, r))
        x, y, _ = lay.dot(cx, cy)
        if _pixel(img, (x, y)) == UNREACHED and _pixel(img, (cx, cy)) != UNREACHED:
            dotted.add((q, r))
    some_nobody = {(q, r) for q, r, _ in nobody}
    reached = {(e["q"], e["r"]) for e in data["spaces"] if e["reachable"]}
    assert grey_hexes == some_nobody - reached
    assert dotted == some_nobody & reached
    blocked_only = {h for h, es in by_hex.items() if all("blocked" in e for e in es)}
    assert slate == blocked_only
    return data, text, heat, img, lay


def test_text_json_and_heatmap_name_the_same_unreachable_spaces():
    data, text, heat, img, lay = _check_agreement(_tricky_map())
    assert sorted(data["unreachable"]) == [[1, 1, 7], [4, 1, 7]]     # the pillar, the platform
    assert "spaces no start zone reaches: 2 (B2 on Level 7, E2 on Level 7)" in text
    by = {(e["q"], e["r"], e["level"]): e for e in data["spaces"]}
    assert by[(2, 1, 1)]["blocked"] == "a figure the map places stands there"
    assert by[(6, 1, 1)]["blocked"] == "under a piece, lower than the figure's Height"
    assert "spaces where no move of this figure ends: 2\n" in text
    assert "    1 a figure the map places stands there (C2 on Level 1)\n" in text
    assert "    1 under a piece, lower than the figure's Height (G2 on Level 1)\n" in text


def test_the_same_from_a_start_space():
    data, text, *_ = _check_agreement(_tricky_map(), start=(0, 0, 1))
    assert "; 2 not reachable" in text


def test_holes_are_named_in_the_legend_and_the_title_names_the_scenario():
    from mapkit.model.map import Scenario
    from mapkit.outputs.heatmap import _legend_entries

    m = _tricky_map()
    m.scenario_setups = [Scenario(1, "Clashing Fronts")]
    for p in m.pieces:
        if p.type == "start-zone":
            p.attrs["scenario"] = 1
    heat = analyze_map(m.for_scenario(1), Figure(), heatmap=True, scenario=1).heatmap
    assert heat.holes == {(3, 1): "Evergreen tree"}
    states = hex_states(heat)
    entries = _legend_entries(heat, states)
    assert ("hole:Evergreen tree", "Evergreen tree") in entries
    # the start zones' rings are named by player in the legend, as the glyphs' discs are where drawn
    assert [k for k, _ in entries if k.startswith("zone:")] == [f"zone:{p}" for p in sorted(
        {int(z) for z in heat.spaces.zone if z})] != []
    assert ("glyph" in [k for k, _ in entries]) == any(g is not None for g in heat.spaces.glyph)
    img = Image.open(io.BytesIO(draw(heat).data)).convert("RGB")
    cx, cy = layout(heat, states).centre(3, 1)
    shade = states[(3, 1)].fill
    assert shade in {img.getpixel((round(cx) + dx, round(cy) + dy)) for dx in range(-4, 5) for dy in range(-4, 5)}
    assert heat.title == "tricky, scenario 1 (Clashing Fronts): turns from the nearest start zone (Move 5, Height 5)"


def test_the_title_is_drawn_in_a_font_whose_spaces_show():
    """"neareststart", "Height5": Pillow's bitmap font drew spaces a pixel wide; the title is drawn
    at a size whose words stand apart (a space at least a third of an 'n')."""
    from mapkit.outputs.heatmap import TITLE_PX
    from mapkit.outputs.paint.raster import measure

    assert measure("a b", TITLE_PX) - measure("ab", TITLE_PX) >= measure("n", TITLE_PX) / 3


@pytest.mark.parametrize("name, scenario", [("glasq-xhtml/MigolsTomb_malformed.html", 1),
                                            ("glasq-xhtml/Aaryglynn.html", 1)])
def test_corpus_maps_agree(name, scenario):
    """Migol's Tomb drew a grey hex (a figure stands there) while its text said no space is
    unreached; Aaryglynn has one space nobody reaches."""
    from mapkit import api

    m = api.read(corpus_file(name), scenario=scenario)
    data, text, *_ = _check_agreement(m, scenario=scenario)
    assert json.loads(json.dumps(data))["unreachable"] == data["unreachable"]
