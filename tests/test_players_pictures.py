"""What a scenario says of its players, kept and drawn (issue 22 item 6): the page's own colours for
its start zones and armies in every picture and sheet, with a key; figures numbered and named as the
page writes them, never a bare "F"."""

from __future__ import annotations

import io

import pytest
from lxml import etree
from PIL import Image

from conftest import corpus_file
from mapkit.formats import glasq
from mapkit.formats.glasq.armies import armies
from mapkit.model.map import Map, Piece, Scenario
from mapkit.outputs.paint.raster import render_png
from mapkit.outputs.paint.svg import render_svg
from mapkit.outputs.scene.players import Cast, army_colour, figure_label, zone_colour
from mapkit.outputs.scene.views import RenderOptions, build_scene
from test_glasq import page, use

SVG = "{http://www.w3.org/2000/svg}"
ARMIES = ("Setup: Place figures where shown by the following numbers.<br/><br/><b>Good Player: </b>White<br/>"
          "<b>1: </b>Raelin the Kyrie Warrior<br/><b>2: </b>Finn the Viking Champion<br/><br/>"
          "<b>Evil Player: </b>Black<br/><b>1: </b>Ne-Gok-Sa<br/><br/><b>Victory: </b>Last one standing.")


def _armies_page() -> bytes:
    levels = [[use("GS01", 0, 0), use("GS01", 90, 0), use("GS01", 180, 0), use("GS01", 45, 78)]]
    overlay = [use("P1F1", 0, 0), '<text fill="black" transform="translate(0,0)">1</text>',
               use("P1F1", 90, 0), '<text fill="black" transform="translate(90,0)">2</text>',
               use("P2F1", 180, 0), '<text fill="white" transform="translate(180,0)">1</text>',
               use("P1SZ", 45, 78)]
    defs = '<use id="P2F1" xlink:href="#f1"/>'
    data = page(levels, defs=defs, scenarios=[(1, 1, [], overlay)]).decode()
    return data.replace("<b>Goal: </b>Win scenario 1.<br/>Then rest.", ARMIES).encode()


def test_a_scenarios_armies_name_its_figures_and_give_their_colours():
    m = glasq.read(_armies_page())
    assert m.scenario_setups[0].attrs["army_colours"] == {"1": "white", "2": "black"}
    names = {(p.attrs["player"], p.attrs["label"]): p.attrs.get("name") for p in m.pieces if p.type == "figure"}
    assert names == {(1, "1"): "Raelin the Kyrie Warrior", (1, "2"): "Finn the Viking Champion",
                     (2, "1"): "Ne-Gok-Sa"}
    assert m.attrs["zone_colours"] == {"1": "olive", "2": "purple"}  # the players the page draws


@pytest.mark.parametrize("text, expected", [
    ("Good Player: White\n1: A\n2: B\n\nEvil Player: Black\n1: C", [("white", {"1": "A", "2": "B"}),
                                                                     ("black", {"1": "C"})]),
    ("Player 1's Goal: Destroy all of your opponent's figures.\n1: not an army", []),
    ("Player 1: Red\nGoal: win", []),                     # a colour no figure list follows
    ("", []),
])
def test_army_lists_are_read_only_where_a_numbered_list_follows(text, expected):
    assert armies(text) == expected


def _svg_texts(m: Map) -> list[str]:
    svg = etree.fromstring(render_svg(build_scene(m, RenderOptions())))
    return [t.text for t in svg.iter(f"{SVG}text") if t.text]


def test_pictures_draw_the_pages_colours_and_numbers_with_a_key():
    m = glasq.read(_armies_page())
    texts = _svg_texts(m)
    assert "start zone, player 1 (olive)" in texts
    assert "1: Raelin the Kyrie Warrior (player 1, white)" in texts
    assert "1: Ne-Gok-Sa (player 2, black)" in texts
    assert "F" not in texts
    svg = render_svg(build_scene(m, RenderOptions())).decode()
    assert "#808000" in svg                      # olive, the page's start zone
    assert "#ffffff" in svg and "#000000" in svg  # the white and the black army


def test_the_zone_ring_is_painted_in_the_pages_colour():
    zone = Piece("start-zone", 0, 0, 1, 0, {"player": 2})
    m = Map(pieces=[Piece("grass-1", 0, 0, 0), zone], attrs={"zone_colours": {"2": "purple"}})
    scene = build_scene(m, RenderOptions(legend=False, title=False))
    img = Image.open(io.BytesIO(render_png(scene))).convert("RGB")
    counts = {rgb: n for n, rgb in img.getcolors(1 << 20)}

    def near(target):
        return sum(n for rgb, n in counts.items() if max(abs(a - b) for a, b in zip(rgb, target)) <= 12)

    assert near((128, 0, 128)) > 50
    assert near((0, 255, 0)) == 0                # VirtualScape's green for player 2 is not drawn


def test_colours_fall_back_and_say_so():
    m = Map(attrs={"zone_colours": {"1": "mauvish"}}, scenario_setups=[Scenario(1, attrs={"army_colours": {"2": "navy"}})])
    assert zone_colour(m, 1).name.startswith("mauvish") and "does not know" in zone_colour(m, 1).name
    assert zone_colour(m, 3).name == "blue"      # VirtualScape's, where the map names none
    assert army_colour(m, 2, 1).rgb == (0, 0, 128)
    assert army_colour(m, 1, 1) == zone_colour(m, 1)   # no army colour: the start zone's


def test_a_figure_shows_its_label_else_its_initials():
    assert figure_label(Piece("figure", 0, 0, 0, 0, {"label": "Hydra"})) == "Hydra"
    assert figure_label(Piece("figure", 0, 0, 0, 0, {"name": "Raelin the Kyrie"})) == "RT"
    assert figure_label(Piece("figure", 0, 0, 0)) == "F"
    unnamed = Cast(Map(pieces=[Piece("figure", 0, 0, 0)])).legend()
    assert [e.label for e in unnamed] == ["figure (in its player's colour)"]


def test_the_scenario_sheet_keys_its_players_and_figures(tmp_path):
    pypdf = pytest.importorskip("pypdf", reason="pypdf is a test dependency: pip install -e '.[test]'")
    import mapkit

    source = tmp_path / "armies.html"
    source.write_bytes(_armies_page())
    m = mapkit.read(str(source))
    m.scenario_setups.append(Scenario(2, "Another"))   # a page of several scenarios has a sheet per scenario
    out = tmp_path / "armies.pdf"
    from mapkit.outputs.sheets import build_sheets

    out.write_bytes(build_sheets(m, str(source))[0])
    text = "\n".join(p.extract_text() for p in pypdf.PdfReader(str(out)).pages)
    assert "Players and figures" in text
    assert "1: Raelin the Kyrie Warrior (player 1, white)" in text
    assert "start zone, player 1 (olive)" in text


def test_table_of_the_giants_names_its_armies():
    path = corpus_file("glasq-xhtml/hsbf0001_TableOfTheGiants.html")
    m = glasq.read(path.read_bytes(), str(path))
    one = m.for_scenario(1)
    assert one.scenario_setups[0].attrs["army_colours"] == {"1": "white", "2": "black"}
    named = {(p.attrs["player"], p.attrs["label"], p.attrs.get("name")) for p in one.pieces if p.type.startswith("figure")}
    assert (1, "4", "Tarn Viking Warriors") in named and (2, "3", "Izumi Samurai") in named
    assert all(name for _, _, name in named)


def test_the_heatmap_rings_start_zones_in_the_maps_colours():
    from mapkit.movement.profile import Figure
    from mapkit.movement.analysis_report import analyze_map
    from mapkit.movement.synthetic import column_map, line
    from mapkit.outputs.heatmap import draw

    m = column_map(line([1] * 8), zones={(0, 0): 1, (7, 0): 2})
    m.attrs["zone_colours"] = {"1": "teal", "2": "navy"}
    heat = analyze_map(m, Figure(), heatmap=True).heatmap
    img = Image.open(io.BytesIO(draw(heat).data)).convert("RGB")
    colours = {rgb for _, rgb in img.getcolors(1 << 20)}
    assert (0, 128, 128) in colours and (0, 0, 128) in colours


@pytest.mark.parametrize("target", ["hsc", "hexoscape"])
def test_a_scenarios_army_colours_are_a_named_loss_where_a_format_has_no_place(target):
    from mapkit.formats import encode_map, get, parse_map

    one = glasq.read(_armies_page())
    _, losses = encode_map(one, get(target), allow_loss=True)
    assert any(line.startswith('scenario 1 attribute army colours ({"1": "white", "2": "black"})') for line in losses)
    assert not any("zone colours" in line for line in losses), losses  # carried (tests/test_carried_notes.py)
    assert parse_map(_, target).attrs["zone_colours"] == one.attrs["zone_colours"]
    from mapkit.formats import native

    again = native.read(encode_map(one, get("mapkit"))[0])
    assert again.scenario_setups[0].attrs["army_colours"] == {"1": "white", "2": "black"}
