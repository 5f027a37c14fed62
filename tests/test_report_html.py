"""The HTML report: self-contained, the hexes where the model puts them, findings wired to hexes."""

from __future__ import annotations

import math
import re

import pytest
from lxml import html as lxml_html

from mapkit.model.grid import HEX_PITCH_MM, hex_center_mm
from mapkit.model.map import Map, Piece
from mapkit.outputs.html_report import collect_findings, inventory_section
from mapkit.outputs.html_report.map_view import SVG_SCALE, top_view_svg
from mapkit.outputs.html_report.page import ReportParts, render_report
from tests.test_print_build import three_level_map

FINDINGS = [{"code": "TST001", "severity": "error", "message": "a <b>bold</b> claim", "q": 1, "r": 2, "level": 2},
            {"code": "TST002", "severity": "info", "message": "whole map", "q": None, "r": None, "level": None}]


def assert_self_contained(text: str) -> None:
    """Nothing a browser would fetch: no src/href other than data: URIs or in-page anchors, no url() or @import."""
    doc = lxml_html.fromstring(text)
    for el in doc.iter():
        for attr in ("src", "href", "xlink:href", "{http://www.w3.org/1999/xlink}href", "action", "poster"):
            value = (el.get(attr) or "").strip()
            assert not value or value.startswith(("data:", "#")), f"<{el.tag} {attr}={value[:40]!r}> loads something"
    for style in doc.xpath("//style/text()") + [el.get("style") or "" for el in doc.iter()]:
        assert "url(" not in style and "@import" not in style
    for script in doc.xpath("//script"):
        assert not script.get("src")
        assert not re.search(r"\b(fetch|XMLHttpRequest|WebSocket|import\s*\()", script.text or "")


def page(m: Map | None = None, parts: ReportParts | None = None) -> str:
    return render_report(m or three_level_map(), "three.mapkit.json", parts or ReportParts(list(FINDINGS)))


def test_self_contained():
    text = page(parts=ReportParts(list(FINDINGS), pictures_html='<img alt="x" src="data:image/png;base64,AAAA">'))
    assert_self_contained(text)
    assert not re.search(r"https?://", text), "the report must not mention the network at all"
    doc = lxml_html.fromstring(text)
    assert doc.find(".//style") is not None and doc.find(".//script") is not None
    assert "<b>bold</b>" not in text and "&lt;b&gt;bold&lt;/b&gt;" in text  # messages are escaped


def test_hexes_are_drawn_at_the_model_positions():
    m = three_level_map()
    doc = lxml_html.fromstring(page(m))
    uses = doc.xpath("//use[contains(concat(' ', @class, ' '),' hex ')]")
    surfaces = ("land", "fluid", "castle", "custom")
    expected = {h for p in m.pieces if m.piece_type(p).kind in surfaces for h in m.footprint(p)}
    assert {(int(u.get("data-q")), int(u.get("data-r"))) for u in uses} == expected
    trees = doc.xpath("//g[contains(@class,'standing') and @data-type='tree-10']")
    assert len(trees) == sum(1 for p in m.pieces if p.type == "tree-10")
    shape = doc.get_element_by_id("hx")           # every hex is this hexagon, moved to its centre
    pts = [tuple(map(float, xy.split(","))) for xy in shape.get("points").split()]
    assert (sum(x for x, _ in pts) / 6, sum(y for _, y in pts) / 6) == pytest.approx((0, 0), abs=0.01)
    flat = (max(x for x, _ in pts) - min(x for x, _ in pts)) / SVG_SCALE
    assert flat == pytest.approx(HEX_PITCH_MM, abs=0.05)
    for u in uses:
        q, r = int(u.get("data-q")), int(u.get("data-r"))
        ex, ey = hex_center_mm(q, r)
        assert u.get("href") == "#hx"
        assert (float(u.get("x")) / SVG_SCALE, float(u.get("y")) / SVG_SCALE) == pytest.approx((ex, ey), abs=0.05)
        assert u.get("id") == f"hex_{q}_{r}"
    # the top-most surface wins: (1, 2) carries the grass at z 2 on the rock, its top at height 3
    top = doc.get_element_by_id("hex_1_2")
    assert top.get("data-level") == "3"


def test_each_level_has_a_layer_of_its_own_tiles():
    """The page can show one Level: its layer holds exactly the cells of that Level's tiles."""
    from mapkit.outputs.scene.layout import build_level

    m = three_level_map()
    doc = lxml_html.fromstring(page(m))
    layers = {int(g.get("data-level")): g for g in doc.xpath("//g[@class='lv']")}
    cat = {p.type: m.piece_type(p) for p in m.pieces}
    want: dict[int, int] = {}
    for p in m.pieces:
        if cat[p.type].kind in ("land", "fluid", "castle", "custom"):
            level = build_level(cat[p.type], p)
            want[level] = want.get(level, 0) + len(m.footprint(p))
    assert {n: len(g.xpath(".//use[contains(@class,'lvhex')]")) for n, g in layers.items()} == want
    options = [o.get("value") for o in doc.get_element_by_id("level").xpath("option")]
    assert options == ["all"] + [str(n) for n in sorted(want)]


def test_the_highlight_is_a_colour_no_player_uses():
    """The chosen finding's ring was red: player 1's start-zone colour."""
    from mapkit.outputs.html_report.page import HIGHLIGHT_RGB
    from mapkit.outputs.scene.style import hex_colour
    from mapkit.model.catalog import catalog

    players = [tuple(z["rgb"]) for z in catalog().start_zone_colours]
    assert all(sum(abs(a - b) for a, b in zip(HIGHLIGHT_RGB, rgb)) >= 200 for rgb in players)
    css = lxml_html.fromstring(page()).xpath("//style/text()")[0]
    ring = re.search(r"#focus\{stroke:(#[0-9a-f]{6})", css).group(1)
    assert ring == hex_colour(HIGHLIGHT_RGB) and ring not in {hex_colour(rgb) for rgb in players}


def test_scenarios_are_offered_one_at_a_time():
    m = three_level_map()
    m.pieces.append(Piece("glyph", 0, 0, 1, attrs={"letter": "A", "scenario": 1}))
    m.pieces.append(Piece("glyph", 1, 0, 1, attrs={"letter": "B", "scenario": 2}))
    findings = [dict(FINDINGS[0], scenario=2)]
    doc = lxml_html.fromstring(page(m, ReportParts(findings)))
    # one at a time, or all at once as docs/print.md promises
    assert [o.get("value") for o in doc.get_element_by_id("scenario-choice").xpath("option")] == ["1", "2", "all"]
    assert sorted(g.get("data-scenario") for g in doc.xpath("//g[@class='scenario-pieces']")) == ["1", "2"]
    assert doc.xpath("//li[contains(@class,'finding')]")[0].get("data-scenario") == "2"


def test_findings_point_at_their_hex():
    doc = lxml_html.fromstring(page())
    items = doc.xpath("//li[contains(@class,'finding')]")
    assert [i.get("data-q") for i in items] == ["1", None]
    assert items[0].get("data-r") == "2" and items[0].get("data-level") == "2"
    assert "sev-error" in items[0].get("class")
    assert doc.get_element_by_id("hex_1_2") is not None
    assert items[0].xpath("string(.//span[@class='where'])") == "Level 2 (1, 2)"
    assert items[1].xpath("string(.//span[@class='where'])") == "whole map"


def test_findings_name_the_place_the_sheets_name():
    """As validate's text places a finding (issue 25, item 9): Level, the sheets' C7, then (q, r)."""
    placed = [dict(FINDINGS[0], place="C7")]
    (item,) = lxml_html.fromstring(page(parts=ReportParts(placed))).xpath("//li[contains(@class,'finding')]")
    assert item.xpath("string(.//span[@class='where'])") == "Level 2 C7 (1, 2)" and item.get("data-place") == "C7"
    # and the report's own findings carry the place validate gives them
    findings, _ = collect_findings(three_level_map(), "x", "c3g")
    assert findings and all(f["place"] for f in findings if f["q"] is not None)


def test_summary_parts_and_notes():
    text = page(parts=ReportParts([], "", ["Set inventory is not available: test note."]))
    doc = lxml_html.fromstring(text)
    summary = doc.get_element_by_id("summary").text_content()
    assert "Three Steps" in text and "tests" in summary and "start zone, player 1" in summary
    parts = doc.get_element_by_id("inventory").text_content()
    assert re.search(r"2\s*Grass 24-hex", parts) and re.search(r"49\s*grass", parts)
    assert "test note" in doc.get_element_by_id("findings").text_content()
    assert "No findings." in text


def test_missing_parts_degrade_with_a_visible_note():
    from mapkit.rules.framework import RULES

    findings, notes = collect_findings(three_level_map(), "x")
    html_inv, inv_notes = inventory_section(three_level_map())
    assert isinstance(findings, list)
    if not RULES:
        assert notes and "No findings are listed" in notes[-1], "no rules and no note saying why"
    if not html_inv:
        assert inv_notes and "inventory" in inv_notes[0].lower()


def test_empty_and_odd_maps():
    text = render_report(Map(), None)
    assert "Untitled map" in text
    m = Map(name="Edges", pieces=[Piece("grass-1", -40, 90, 0), Piece("castle-ladder", -40, 90, 1, 2),
                                   Piece("start-zone", 3, 3, 0, attrs={"player": 9})])
    svg = top_view_svg(m)
    assert 'id="hex_-40_90"' in svg and 'data-player="9"' in svg
    vb = [float(v) for v in re.search(r'viewBox="([^"]+)"', svg).group(1).split()]
    x, y = (v * SVG_SCALE for v in hex_center_mm(-40, 90))
    assert vb[0] < x < vb[0] + vb[2] and vb[1] < y < vb[1] + vb[3]
    assert not math.isnan(sum(vb))


def test_pictures_are_inline_pngs_or_a_note():
    import base64

    from mapkit.outputs.html_report import pictures_section

    html_pics, notes = pictures_section(three_level_map(), "Three Steps", scale=8)
    if html_pics:
        uris = re.findall(r'src="data:image/png;base64,([^"]+)"', html_pics)
        assert uris and all(base64.b64decode(u)[:8] == b"\x89PNG\r\n\x1a\n" for u in uris)
    else:
        assert notes and "not available" in notes[0]
    text = page(parts=ReportParts([], pictures_html=html_pics, picture_notes=notes))
    assert_self_contained(text)
    assert (html_pics and html_pics in text) or notes[0] in text


def test_report_runs_the_rules_mapkit_validate_runs(cli, tmp_path):
    """Same profile, same findings: the report and `mapkit validate --json` agree."""
    import json

    from mapkit.formats import write_map

    m = three_level_map()
    m.pieces.append(Piece("grass-1", 9, 9, 3))  # floats: nothing under it
    path = tmp_path / "three.mapkit.json"
    write_map(m, path)
    for profile in ("casual", "tournament"):
        code, out, err = cli("validate", path, "--profile", profile, "--format", "json")
        if code == 2 and "--format" in err:
            pytest.skip("validate has no --format json here")
        expected = sorted((f["code"], f["q"], f["r"], f["level"]) for f in json.loads(out))
        findings, _ = collect_findings(m, str(path), profile)
        assert sorted((f["code"], f["q"], f["r"], f["level"]) for f in findings) == expected
        assert expected, "the floating tile is an error in every profile"
    code, _, err = cli("report", path, "-o", tmp_path / "r.html", "--no-pictures")
    assert code == 0, err
    doc = lxml_html.fromstring((tmp_path / "r.html").read_text(encoding="utf-8"))
    assert "profile casual" in doc.get_element_by_id("findings").text_content()
    assert doc.xpath("//li[contains(@class,'finding') and @data-q='9' and @data-r='9']")


def test_report_legend_is_the_pictures_legend_and_matches_what_it_draws():
    """Issue 15 item 1: one legend across PNG, SVG, PDF and HTML. The report had no key, and drew
    figures, battlements and ladders in colours no legend gave them."""
    from lxml import etree

    from mapkit.outputs.paint.svg import render_svg
    from mapkit.outputs.scene.views import RenderOptions, build_scene

    m = Map(name="key", pieces=[Piece("grass-24", 0, 0, 0), Piece("water-1", 3, 3, 0), Piece("tree-10", 0, 1, 1),
                                Piece("ruin-2", 0, 3, 1), Piece("castle-battlement", 1, 1, 1, 2),
                                Piece("castle-ladder", 1, 2, 1, 3),
                                Piece("figure", 1, 3, 1, 0, {"player": 1, "name": "Raelin"}),
                                Piece("start-zone", 0, 4, 1, 0, {"player": 2})])
    doc = lxml_html.fromstring(render_report(m, "key.mapkit.json"))
    key = {li.find("span").text_content().strip(): li.get("data-colour") for li in doc.cssselect("#legend li")}
    svg = etree.fromstring(render_svg(build_scene(m, RenderOptions())))
    ns = "{http://www.w3.org/2000/svg}"
    png_labels = {t.text for t in svg.find(f".//{ns}g[@id='legend']").iter(f"{ns}text") if t.text}
    from mapkit.outputs.html_report.map_view import STEP

    assert set(key) - {STEP} <= png_labels        # (the report's map draws the steps without shadows)
    assert {"grass", "tree", "ruin", "battlement (on an edge)", "ladder (on an edge)",
            "R: Raelin (player 1, red)", "start zone, player 2 (green)"} <= set(key)
    from mapkit.outputs.scene.players import default_colour
    from mapkit.outputs.scene.style import hex_colour
    from mapkit.model.catalog import catalog

    labels = {"tree-10": "tree", "ruin-2": "ruin", "castle-battlement": "battlement (on an edge)",
              "castle-ladder": "ladder (on an edge)"}
    # the map draws each standing piece as the pictures do (`scene.browse`): in the legend's colour,
    # named with its place on pointing at it
    inks = {}
    for g in doc.cssselect("#standing g.standing"):
        title = g.find("title").text
        (kind,) = [t for t in [*labels, "figure"] if title.startswith(catalog()[t].name + " at")]
        inks[kind] = {el.get(a) for el in g.iter() for a in ("fill", "stroke") if el.get(a)}
    assert set(inks) == {*labels, "figure"}
    for kind, label in labels.items():
        assert key[label] in inks[kind], kind
    assert hex_colour(default_colour(1).rgb) == key["R: Raelin (player 1, red)"]
    assert key["R: Raelin (player 1, red)"] in inks["figure"]          # the figure's player's colour, as the PNG


def test_the_outlines_are_each_tiles_outline_where_the_tile_lies():
    """A Level's outlines are one path, each tile's a move to its first corner and relative steps
    from there (`scene.shapes.Outlines`, written once per shape): rebuilt, every corner is within
    0.01 mm of the outline moved to the tile, as a painter without paths draws it (the first
    corner rounded to two places of decimals, each other one from it to two places)."""
    from mapkit.outputs.paint.svg import render_svg
    from mapkit.outputs.scene.browse import browse_scene
    from mapkit.outputs.scene.shapes import Outlines

    m = Map(pieces=[Piece("grass-24", 0, 0, 0), Piece("grass-2", 5, 0, 0, 2), Piece("sand-7", 1, 5, 0),
                    Piece("rock-3", 1, 1, 1, 4), Piece("water-1", 7, 2, 0), Piece("grass-2", 9, 4, 0, 5)])
    scene = browse_scene(m).scene
    found = []

    def walk(group):
        for item in group.items:
            if isinstance(item, Outlines):
                found.append(item)
            elif hasattr(item, "items"):
                walk(item)

    walk(scene.root)
    assert found and sum(len(o.placed) for o in found) == len(m.pieces)
    doc = lxml_html.fromstring(render_svg(scene, inline={"id": "map"}).decode("utf-8"))
    paths = doc.xpath("//g[@class='outlines']/path")
    assert len(paths) == len(found)
    for outlines, path in zip(found, paths):
        rings = []
        for part in re.findall(r"M[^M]*", path.get("d")):
            start, _, steps = part.rstrip(" Z")[1:].partition(" l")
            x, y = map(float, start.split(","))
            ring = [(x, y)]
            for step in steps.split():
                dx, dy = map(float, step.split(","))
                x, y = x + dx, y + dy
                ring.append((x, y))
            rings.append(ring)
        assert len(rings) == len(outlines.lines)
        for ring, line in zip(rings, outlines.lines):
            assert len(ring) == len(line)
            assert all(abs(a - c) <= 0.0101 and abs(b - d) <= 0.0101 for (a, b), (c, d) in zip(ring, line))
    assert [len(p.pts) for p in found[0].polys()] == [len(line) for line in found[0].lines]


def test_each_piece_shows_with_one_level_as_the_sheets_group_them():
    """The West Barbican's ladders climb its walls Level by Level (5, 7, ... 20) and its flag
    stands at Level 26, Levels with no tile of their own: the sheets draw them with the Level
    below ("Level 21 (with 26)"), but the report offered only the Levels with tiles and showed a
    piece only with its own Level, so 17 pieces showed in no single-Level view. Each piece now
    shows with the Level the page offers at or below its own, and the menu says so."""
    from conftest import corpus_file
    from mapkit import read

    doc = lxml_html.fromstring(render_report(read(corpus_file("pairs/The West Barbican of Idona Castle.hsc")),
                                             "castle.hsc", ReportParts([])))
    options = {o.get("value"): o.text_content() for o in doc.get_element_by_id("level").xpath("option")}
    offered = {int(v) for v in options if v != "all"}
    pieces = doc.xpath("//*[@id='standing' or @id='markers']//g[@data-level]")
    assert pieces
    shown = {int(g.get("data-view") or g.get("data-level")) for g in pieces}
    assert shown <= offered, sorted(shown - offered)
    assert options["21"] == "Level 21 (with 26)"
    assert options["3"] == "Level 3 (with 5, 7, 9, 11)"
