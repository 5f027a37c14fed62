"""One level number in every output: Level N is the layer of tiles whose top is at height N.

One small map, every output: the grass on the table is Level 1, the tile stacked on it Level 2, the
glyph on that tile stands on Level 2, the water laid on the Level 1 grass is a Level 2 tile, and the
tile floating with its bottom at height 3 is a Level 4 tile with no Level 3 tile under it.
"""

from __future__ import annotations

import json
import re

import pytest

from mapkit.formats import write_map
from mapkit.model.map import Map, Piece

FLOATING = (5, 5)


@pytest.fixture
def level_map(tmp_path):
    m = Map(name="levels", pieces=[
        Piece("grass-7", 0, 0, 0),                               # Level 1
        Piece("grass-1", 0, 0, 1),                               # Level 2
        Piece("glyph", 0, 0, 2, attrs={"letter": "A"}),          # stands on Level 2
        Piece("water-1", 1, 0, 1),                               # a Level 2 tile that adds no height
        Piece("grass-1", *FLOATING, 3),                          # Level 4, nothing under it
    ])
    path = tmp_path / "levels.mapkit.json"
    write_map(m, path)
    return path


def test_info_text_and_json(cli, level_map):
    code, out, _ = cli("info", level_map)
    assert code == 0 and "Levels 1..4" in out and "A Astrid at B1 (0, 0) on Level 2" in out
    data = json.loads(cli("info", level_map, "--json")[1])
    assert data["size"]["levels"] == [1, 4]
    assert data["glyphs"][0]["level"] == 2
    by_piece = {c["piece"]: c["level"] for c in data["cells"]}
    assert by_piece == {1: 1, 2: 2, 3: 2, 4: 2, 5: 4}


def test_findings_text_json_and_sarif(cli, level_map):
    q, r = FLOATING
    code, out, _ = cli("validate", level_map, "--select", "P101")
    assert code == 1
    assert out.splitlines()[0].endswith(f"Level 4 I6 ({q}, {r}): P101 error: Grass 1-hex (piece 5) floats: no Level 3 tile under it")
    (row,) = json.loads(cli("validate", level_map, "--select", "P101", "--format", "json")[1])
    assert row["level"] == 4 and "no Level 3 tile" in row["message"]
    log = json.loads(cli("validate", level_map, "--select", "P101", "--format", "sarif")[1])
    (result,) = log["runs"][0]["results"]
    assert result["properties"]["level"] == 4
    assert result["locations"][0]["logicalLocations"][0]["name"] == f"hex I6 ({q}, {r}) Level 4"
    assert result["locations"][0]["physicalLocation"]["region"]["message"]["text"] == f"Level 4 I6 ({q}, {r})"


def test_analyze_input_and_output(cli, level_map):
    code, out, err = cli("analyze", level_map, "--start", "0,0,2", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["start"] == [0, 0, 2]
    spaces = {(s["q"], s["r"]): s for s in data["spaces"]}
    # the top of the stacked grass is Level 2 at height 2; the water is a Level 2 tile at height 1
    assert (spaces[(0, 0)]["level"], spaces[(0, 0)]["height"]) == (2, 2)
    assert (spaces[(1, 0)]["level"], spaces[(1, 0)]["height"]) == (2, 1)
    assert spaces[(0, 1)]["level"] == 1
    code, out, _ = cli("analyze", level_map, "--start", "0,0,2")
    assert "from B1 (0, 0) on Level 2" in out


def test_svg_layers_titles_and_findings(cli, level_map, tmp_path):
    from lxml import etree

    svg = tmp_path / "levels.svg"
    assert cli("render", level_map, "-o", svg, "--view", "levels", "--findings")[0] == 0
    root = etree.parse(str(svg)).getroot()
    labels = [g.get("{http://www.inkscape.org/namespaces/inkscape}label") for g in root.iter("{*}g")]
    assert {"Level 1", "Level 2", "Level 4"} <= set(labels)
    words = " ".join(t.text or "" for t in root.iter("{*}text"))
    assert "Level 4 I6 (5, 5): P101 error: Grass 1-hex (piece 5) floats: no Level 3 tile" in words
    one = tmp_path / "level4.svg"
    assert cli("render", level_map, "-o", one, "--level", "4")[0] == 0
    assert etree.parse(str(one)).getroot().findtext("{*}title") == "levels - Level 4"


def test_pdf_build_sheets(cli, level_map, tmp_path):
    from pypdf import PdfReader

    pdf = tmp_path / "levels.pdf"
    assert cli("print", level_map, "-o", pdf)[0] == 0
    text = re.sub(r"\s+", " ", " ".join(page.extract_text() for page in PdfReader(str(pdf)).pages))
    for n in (1, 2, 4):
        assert f"Parts for Level {n}" in text
    assert "Parts for Level 3" not in text


def test_html_report(cli, level_map, tmp_path):
    page = tmp_path / "levels.html"
    assert cli("report", level_map, "-o", page)[0] == 0
    html = page.read_text(encoding="utf-8")
    q, r = FLOATING
    assert f"({q}, {r}) Level 4" in html                    # the finding's place
    # places named as the sheets letter them, then axial (issue 25, item 9)
    assert "Levels 1–4" in html and "A Astrid at B1 (0, 0) on Level 2" in html
    # the hex seen from above: found by its id (a finding's ring), its kind, place and Level said
    # (the attributes' order and the classes the page's style adds are the painter's business)
    hexes = {a["id"]: a for a in map(_attributes, re.findall(r'<use [^>]*id="hex_[^>]*>', html))}
    top = hexes["hex_0_0"]
    assert {"hex", "kind-land"} <= set(top["class"].split())
    assert (top["data-q"], top["data-r"], top["data-level"]) == ("0", "0", "2")
    assert (hexes[f"hex_{q}_{r}"]["data-level"], hexes["hex_1_0"]["class"].split()[:2]) == ("4", ["hex", "kind-fluid"])
    assert re.search(rf'<li [^>]*class="finding[^>]*data-q="{q}" data-r="{r}"', html)
    assert "<title>C1 (1, 0) Level 2: " in html              # the water tile seen from above


def _attributes(element: str) -> dict[str, str]:
    return dict(re.findall(r'([\w:-]+)="([^"]*)"', element))


def test_battlements_are_on_their_wall_walks_level(cli, tmp_path):
    # A battlement hangs on the side of a wall-walk at its height, as the battlefield pages draw it
    # in the wall-walk's "Level N" picture, not on the Level below (where its bottom is). The flag
    # keeps its own layer's Level: nothing in a file says a battlement holds it (Flag test.hsc has
    # one floating over a tile).
    from mapkit.model import levels
    from mapkit.model.catalog import catalog

    cat = catalog()
    assert [levels.level(cat[t], 20) for t in ("wall-walk-1", "castle-battlement", "castle-ladder")] == [21, 21, 20]
    assert levels.level(cat["castle-flag"], 4) == 5
    m = Map(name="keep", pieces=[Piece("grass-1", 0, 0, 0), Piece("wall-walk-1", 0, 0, 1),
                                 Piece("grass-1", 1, 0, 0), Piece("castle-battlement", 1, 0, 1, 3)])
    path = tmp_path / "keep.mapkit.json"
    write_map(m, path)
    data = json.loads(cli("info", path, "--json")[1])
    assert data["size"]["levels"] == [1, 2]
    assert {c["type"]: c["level"] for c in data["cells"] if c["type"].startswith("castle")} == {"castle-battlement": 2}
    pdf = tmp_path / "keep.pdf"
    assert cli("print", path, "-o", pdf)[0] == 0
    from pypdf import PdfReader

    sheets = [page.extract_text() for page in PdfReader(str(pdf)).pages if "Parts for Level" in page.extract_text()]
    assert len(sheets) == 2 and "x Castle battlement" in sheets[1] and "x Castle battlement" not in sheets[0]
