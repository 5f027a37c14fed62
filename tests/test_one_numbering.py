"""One numbering for everything a user can name (issue 25, item 2).

The numbers are taken from one command's JSON (`info --json` for pieces, Levels and board
places; `analyze --json` for buildings and floors) and looked for in the others: `validate`'s
text, JSON and SARIF, `overlay --json` and the SVG picture. A map built to hold one of each:
a floating tile (P101 names its piece), a glyph (K302 names its place), and a second building
whose upper floor nobody can enter (C105, M102 and `analyze` name building and floor)."""

from __future__ import annotations

import json

import pytest
from lxml import etree

from mapkit.formats import native
from mapkit.model.map import Piece, Placement

from test_movement_books import ground, tower_book

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture()
def numbered(tmp_path):
    (tmp_path / "good.book.json").write_text(json.dumps(tower_book()))
    # floor 2 cannot be entered
    (tmp_path / "bad.book.json").write_text(json.dumps({**tower_book(up=2, down=3), "name": "bad tower"}))
    m = ground()
    m.name = "numbering"
    m.buildings += [Placement("good.book.json", -6, 0, 1, 0), Placement("bad.book.json", 2, 0, 1, 0)]
    m.pieces += [Piece("start-zone", -8, 0, 1, attrs={"player": 1}), Piece("start-zone", 8, -3, 1, attrs={"player": 2}),
                 Piece("grass-1", 5, 5, 4), Piece("glyph", -3, 6, 1, attrs={"letter": "A"})]
    path = tmp_path / "numbering.mapkit.json"
    path.write_bytes(native.write(m))
    return path


def run_json(cli, *args):
    code, out, err = cli(*args)
    assert code in (0, 1), err
    return json.loads(out)


def test_pieces_levels_and_places_are_numbered_alike(cli, numbered, tmp_path):
    info = run_json(cli, "info", numbered, "--json")
    (floating,) = [c for c in info["cells"] if (c["q"], c["r"]) == (5, 5) and c["level"] > 1]
    piece, level = floating["piece"], floating["level"]
    (glyph,) = info["glyphs"]
    # piece N is the file's Nth piece, counted from 1
    assert json.loads(numbered.read_text())["pieces"][piece - 1] == {"type": "grass-1", "q": 5, "r": 5, "z": 4,
                                                                    "rotation": 0}

    found = run_json(cli, "validate", numbered, "--profile", "c3g", "--select", "P101,K302", "--format", "json")
    (p101,) = [f for f in found if f["code"] == "P101"]
    assert (p101["q"], p101["r"], p101["level"]) == (5, 5, level) and f"(piece {piece})" in p101["message"]
    (k302,) = [f for f in found if f["code"] == "K302"]
    assert (k302["place"], k302["level"]) == (glyph["place"], glyph["level"])

    sarif = run_json(cli, "validate", numbered, "--profile", "c3g", "--select", "P101", "--format", "sarif")
    (result,) = sarif["runs"][0]["results"]
    assert f"(piece {piece})" in result["message"]["text"]
    assert (result["properties"]["level"], result["properties"]["place"]) == (level, p101["place"])

    code, out, _ = cli("validate", numbered, "--profile", "c3g", "--select", "P101")
    assert f": Level {level} {p101['place']} (5, 5): P101 error: Grass 1-hex (piece {piece})" in out

    analyze = run_json(cli, "analyze", numbered, "--json")
    (spot,) = analyze["glyphs"]
    assert (spot["place"], spot["level"]) == (glyph["place"], glyph["level"])

    picture = tmp_path / "numbering.svg"
    assert cli("render", numbered, "-o", picture)[0] == 0
    drawn = etree.parse(str(picture)).getroot().find(f".//{SVG}g[@id='piece-{piece}']")
    assert (drawn.get("data-q"), drawn.get("data-r"), drawn.get("data-level")) == ("5", "5", str(level))


def test_buildings_and_floors_are_numbered_alike(cli, numbered):
    analyze = run_json(cli, "analyze", numbered, "--json")
    (closed,) = analyze["closed_floors"]
    building, floor = closed["building"], closed["floor"]
    # the spaces of that floor carry its numbers too (and the text says "in building N")
    inside = [s for s in analyze["spaces"] if (s.get("building"), s.get("floor")) == (building, floor)]
    assert len(inside) == closed["spaces"], (len(inside), closed)
    dead = {(t["building"], t["transit_number"]) for t in analyze["transit_dead_ends"]}
    assert {b for b, _ in dead} == {building}

    overlay = run_json(cli, "overlay", numbered, "--json")
    assert overlay["buildings"][building - 1]["book"] == "bad.book.json"  # the building analyze names, counted from 1

    found = run_json(cli, "validate", numbered, "--profile", "c3g", "--select", "C105,M102,M105", "--format", "json")
    messages = {f["code"]: f["message"] for f in found}
    assert f"floor {floor} of building {building} " in messages["M102"]
    assert f"(building {building}): floor {floor}: Stairway Down" in messages["C105"]
    assert f"of building {building} leads nowhere" in messages["M105"]
    # the transit spaces leading nowhere are placed alike too: analyze's JSON and text, validate's M105
    dead_places = {(p, tuple(x)) for t in analyze["transit_dead_ends"] for p, x in zip(t["places"], t["spaces"])}
    assert dead_places == {(f["place"], (f["q"], f["r"], f["level"])) for f in found if f["code"] == "M105"}
    text = cli("analyze", numbered)[1]
    assert all(f"{p} ({q}, {r}) on Level {level} leads nowhere" in text for p, (q, r, level) in dead_places)


def test_the_build_sheets_and_the_report_number_buildings_alike(cli, numbered, tmp_path):
    """The build sheets list the building analyze and validate name by the same number, and the
    report lists validate's findings with the same words."""
    import re

    from pypdf import PdfReader

    building = run_json(cli, "analyze", numbered, "--json")["closed_floors"][0]["building"]
    sheets = tmp_path / "numbering.pdf"
    assert cli("print", numbered, "-o", sheets, "-q")[0] == 0
    words = " ".join(page.extract_text() for page in PdfReader(str(sheets)).pages).replace("\n", " ")
    assert f"building {building}: bad tower" in words and f"building {3 - building}: test tower" in words
    page = tmp_path / "numbering.html"
    assert cli("report", numbered, "-o", page, "--profile", "c3g", "-q")[0] == 0
    listed = re.findall(r'<span class="code">(M102|C105)</span> \w+: ([^<]*) <span class="where">', page.read_text())
    found = run_json(cli, "validate", numbered, "--profile", "c3g", "--select", "C105,M102", "--format", "json")
    assert sorted(listed) == sorted((f["code"], f["message"].replace("'", "&#x27;")) for f in found) and listed


# -- scenarios and rooms: numbered from 1 as the page numbers them, alike in every command -----------

def _svg_findings(path):
    return {(g.get("data-code"), g.get("data-q"), g.get("data-r"))
            for g in etree.parse(str(path)).getroot().iter(f"{SVG}g") if (g.get("id") or "").startswith("finding-")}


def test_scenarios_are_numbered_alike(cli, tmp_path):
    """info --json lists the scenarios; validate, analyze, the report's switcher and the build
    sheets' pages name the same numbers."""
    import re
    import shutil
    import subprocess

    from conftest import corpus_file

    page = corpus_file("glasq-xhtml/hsbf0023_Genotech.html")
    numbers = [s["number"] for s in run_json(cli, "info", page, "--json", "-q")["scenarios"]]
    assert numbers == [1, 2, 3, 4]
    found = run_json(cli, "validate", page, "--profile", "tournament", "--format", "json", "-q")
    assert {f["scenario"] for f in found} - {None} <= set(numbers) and any(f["scenario"] for f in found)
    text = cli("validate", page, "--profile", "tournament", "-q")[1]
    assert {int(n) for n in re.findall(r": scenario (\d+): ", text)} <= set(numbers)
    assert [s["scenario"] for s in run_json(cli, "analyze", page, "--json", "-q")["scenarios"]] == numbers
    report = tmp_path / "genotech.html"
    assert cli("report", page, "-o", report, "-q")[0] == 0
    switcher = re.search(r'<select id="scenario-choice">(.*?)</select>', report.read_text(encoding="utf-8")).group(1)
    assert [int(n) for n in re.findall(r'<option value="(\d+)">scenario \1 ', switcher)] == numbers
    if shutil.which("pdftotext"):
        sheets = tmp_path / "genotech.pdf"
        assert cli("print", page, "-o", sheets, "-q")[0] == 0
        words = subprocess.run(["pdftotext", str(sheets), "-"], capture_output=True, text=True).stdout
        # each scenario's page is titled with its number (its lists' headings say it too: "Start
        # zones and glyphs of scenario 2", "Figures of scenario 4"; a scenario with no parts of its
        # own has no "Pieces of scenario" heading since its markers and figures come first)
        titled = [int(n) for n in re.findall(r"^\f?Genotech: scenario (\d+)\b", words, re.M)]
        assert titled == numbers
        assert set(map(int, re.findall(r" of scenario (\d+)$", words, re.M))) == set(numbers)


def test_rooms_are_numbered_and_placed_alike(cli, tmp_path):
    """info --json lists a page's rooms; validate and analyze name them by the same numbers; the
    report lists a room's finding as validate words it (room 2: Level 2 L7 (8, 8), the room's own
    frame) and rings it, like a picture's findings, where the page lays that room out (both once
    marked (8, 8) of the whole page, a hex of another room)."""
    import re

    from conftest import corpus_file

    import mapkit

    page = corpus_file("glasq-xhtml/RiverofBlood.html")
    info = run_json(cli, "info", page, "--json", "-q")
    numbers = [room["number"] for room in info["rooms"]]
    assert numbers == [1, 2, 3, 4] and all(room["pieces"] > 0 for room in info["rooms"])
    assert "room:     2 (Room 2)" in cli("info", page, "--room", "2", "-q")[1]
    assert [s["room"] for s in run_json(cli, "analyze", page, "--json", "-q")["scenarios"]] == numbers
    found = run_json(cli, "validate", page, "--format", "json", "-q")
    assert found and {f["room"] for f in found} <= set(numbers)
    text = cli("validate", page, "-q")[1]
    m = mapkit.read(page)
    laid = {(f["code"], *map(str, m.on_layout(f["room"], f["q"], f["r"]))) for f in found}

    report = tmp_path / "rob.html"
    assert cli("report", page, "-o", report, "-q")[0] == 0
    html = report.read_text(encoding="utf-8")
    items = re.findall(r'<li class="finding[^>]*data-q="(-?\d+)" data-r="(-?\d+)"[^>]*data-room="(\d+)"[^>]*>'
                       r'<span class="code">(\w+)</span>.*?<span class="where">([^<]*)</span>', html)
    assert len(items) == len(found)
    for q, r, room, code, where in items:
        assert f": {where}: {code} " in text  # as validate says it
        assert (code, q, r) in laid
    # the P103 cell is a hex of room 2's own pieces, as the page lays them out
    (p103,) = [f for f in found if f["code"] == "P103"]
    at = m.on_layout(p103["room"], p103["q"], p103["r"])
    assert any(at in m.footprint(p) for p in m.pieces if p103["room"] in p.attrs.get("rooms", ()))

    picture = tmp_path / "rob.svg"
    assert cli("render", page, "-o", picture, "--findings", "-q")[0] == 0
    assert _svg_findings(picture) == laid
