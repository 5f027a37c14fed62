"""Places as a builder reads them: every finding and report names a hex as the build sheets letter it (C7).

The sheets letter the odd-r offset columns A, B, C ... from the westmost column any piece covers
and number the rows from the northmost (`mapkit.model.board`). The test maps are small enough to
letter by hand; the sheets themselves are read back to check that they print the same name.
"""

from __future__ import annotations

import json
import re

import pytest

from mapkit.formats import read_map, write_map
from mapkit.model.board import Board, column_letters
from mapkit.model.map import Map, Piece


def test_columns_are_lettered_as_a_spreadsheet():
    assert [column_letters(i) for i in (0, 1, 25, 26, 27, 51, 52, 701, 702)] == \
        ["A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]


def test_a_board_lettered_by_hand():
    # Column of (q, r) is q + r // 2 (odd-r offsets). (-1, 0) is column -1 (A), row 0 is row 1;
    # (3, 2) is column 4, the sixth from A: F; row 2 is 3. Odd row 1: (0, 1) is column 0, B.
    m = Map(pieces=[Piece("grass-1", -1, 0, 0), Piece("grass-1", 3, 2, 0), Piece("grass-1", 0, 1, 0)])
    board = Board.of(m)
    assert (board.name(-1, 0), board.name(3, 2), board.name(0, 1)) == ("A1", "F3", "B2")
    assert board.name(-2, 0) is None and board.name(0, -1) is None   # west of A, north of row 1: no name
    assert Board.of(Map()) is None


def test_a_many_hex_tile_letters_from_its_westmost_hex():
    # A 7-hex tile at (0, 0) covers rows 0 to 2; its westmost hex is (-1, 1), column -1: A
    # ((0, 2) is column 0 + 2 // 2 = 1: C.)
    m = Map(pieces=[Piece("grass-7", 0, 0, 0)])
    assert sorted(m.footprint(m.pieces[0])) == [(-1, 1), (-1, 2), (0, 0), (0, 1), (0, 2), (1, 0), (1, 1)]
    board = Board.of(m)
    assert [board.name(*h) for h in ((-1, 1), (0, 0), (1, 1), (0, 2))] == ["A2", "B1", "C2", "C3"]


@pytest.fixture
def marked(tmp_path):
    """Grass from (0, 0) to (5, 3); a glyph on (4, 2) and a tile floating over (2, 1) at Level 3."""
    pieces = [Piece("grass-1", q, r, 0) for r in range(4) for q in range(6)]
    pieces += [Piece("glyph", 4, 2, 1, attrs={"letter": "A"}), Piece("grass-1", 2, 1, 2),
               Piece("start-zone", 0, 0, 1, attrs={"player": 1}), Piece("start-zone", 5, 3, 1, attrs={"player": 2})]
    path = tmp_path / "marked.mapkit.json"
    write_map(Map(name="marked", pieces=pieces), path)
    return path


# (4, 2): column 4 + 1 = 5, F; row 3. (2, 1): column 2, C; row 2. Column A is column 0.
GLYPH, FLOATING = "F3", "C2"


def test_findings_name_the_sheet_place_in_text_json_and_sarif(cli, marked):
    code, out, _ = cli("validate", marked, "--select", "P101")
    assert code == 1 and f"Level 3 {FLOATING} (2, 1): P101 error" in out
    (row,) = json.loads(cli("validate", marked, "--select", "P101", "--format", "json")[1])
    assert row["place"] == FLOATING and (row["q"], row["r"]) == (2, 1)
    (result,) = json.loads(cli("validate", marked, "--select", "P101", "--format", "sarif")[1])["runs"][0]["results"]
    assert result["properties"]["place"] == FLOATING
    assert result["locations"][0]["physicalLocation"]["region"]["message"]["text"] == f"Level 3 {FLOATING} (2, 1)"
    assert result["locations"][0]["logicalLocations"][0]["name"] == f"hex {FLOATING} (2, 1) Level 3"


def test_info_and_analyze_name_the_glyph_where_the_findings_would(cli, marked):
    assert f"A Astrid at {GLYPH} (4, 2) on Level 1" in cli("info", marked)[1]
    assert json.loads(cli("info", marked, "--json")[1])["glyphs"][0]["place"] == GLYPH
    code, out, _ = cli("analyze", marked)
    assert code == 0 and f"glyph A at {GLYPH} (4, 2) on Level 1" in out
    data = json.loads(cli("analyze", marked, "--json")[1])
    assert data["glyphs"][0]["place"] == GLYPH and data["board"] == {"column_a": 0, "row_1": 0}
    by_hex = {(s["q"], s["r"]): s["place"] for s in data["spaces"]}
    assert by_hex[(0, 0)] == "A1" and by_hex[(5, 3)] == "G4"
    assert all(e["place"] == by_hex[tuple(e["space"][:2])] for e in data["engagement"])
    assert re.search(r"ending at [A-Z]+\d+ \(", out)
    _, out, _ = cli("analyze", marked, "--start", "0,0,1")
    assert "from A1 (0, 0) on Level 1" in out
    # a start with no space names its hex as the sheets do too (it said "q=4, r=2" alone)
    code, _, err = cli("analyze", marked, "--start", "4,2,5")
    assert code == 2 and f"no space at {GLYPH} (4, 2) on Level 5; that hex has spaces on Level 1" in err, err


def test_the_build_sheets_print_the_same_names(cli, marked, tmp_path):
    from pypdf import PdfReader

    pdf = tmp_path / "marked.pdf"
    assert cli("print", marked, "-o", pdf, "--hex-names")[0] == 0
    pages = [page.extract_text() for page in PdfReader(str(pdf)).pages]
    level3 = next(text for text in pages if "Parts for Level 3" in text)
    # the floating tile is the one piece of Level 3: the one hex name that page prints is the finding's
    names = set(re.findall(r"\b[A-Z]{1,2}\d{1,2}\b", level3.split("Coordinates")[0])) - {"H10"}
    assert names == {FLOATING}


def test_the_report_names_its_hexes_and_glyphs_as_the_sheets_do(cli, marked, tmp_path):
    """The report's summary places a glyph as info does, and a hex's title on its map, a standing
    piece's and a marker's name their hex as the sheets do (they gave (q, r) alone)."""
    page = tmp_path / "marked.html"
    assert cli("report", marked, "-o", page)[0] == 0
    html = page.read_text(encoding="utf-8")
    assert f"A Astrid at {GLYPH} (4, 2) on Level 1" in html
    assert f'<title>{FLOATING} (2, 1) Level 3: ' in html and "<title>A1 (0, 0) Level 1: " in html
    assert f"<title>glyph A (Astrid) at {GLYPH} (4, 2), Level 1</title>" in html
    assert "<title>start zone, player 1 (" in html and ") at A1 (0, 0), Level 1</title>" in html


def test_analyze_places_its_falls_on_the_board():
    """A fall names both its spaces as the sheets do, on the report's own board."""
    from mapkit import api
    from mapkit.model.board import Board
    from mapkit.movement.synthetic import column_map, line

    m = column_map(line([1, 1, 12, 12]))
    report = api.analyze(m, start=(0, 0, 1)).doc
    board = Board.of(m)
    assert report["falls"]
    for fall in report["falls"]:
        assert fall["places"] == [board.name(*fall["from"][:2]), board.name(*fall["to"][:2])]
        assert all(fall["places"])


def test_analyze_places_the_spaces_nobody_reaches_and_where_figures_board(tmp_path):
    from mapkit import api
    from mapkit.formats import read_map
    from mapkit.model.board import Board
    from mapkit.model.map import Placement
    from mapkit.movement.synthetic import column_map, line

    from test_vehicles import CAR, write

    m = column_map(line([1, 1, 9, 9]) | line([1, 1, 1, 1], r=1), zones={(0, 0): 1, (0, 1): 2})
    report = api.analyze(m).doc
    board = Board.of(m)
    assert report["unreachable"] and report["unreachable_places"] == [board.name(q, r) for q, r, _ in report["unreachable"]]
    m = column_map({(q, r): (1, "grass") for q in range(6) for r in range(3)})
    m.objects.append(Placement("car.book.json", 1, 1, 1, 0))
    path = write(m, tmp_path, [("car.book.json", CAR)])
    driven = api.analyze(path, mover="vehicle").doc
    (stop,) = driven["boarding"]
    assert stop["places"] == [Board.of(m).name(q, r) for q, r, _ in stop["spaces"]]
    assert all(stop["places"])


@pytest.mark.parametrize("fmt", ["hexoscape", "hsc"])
def test_a_conversion_loss_names_its_hex_as_the_sheets_do(fmt):
    """A loss line names the place as a builder finds it on the sheets ("C7"), then axial (q, r)."""
    from mapkit.formats import encode_map, get

    m = Map(pieces=[Piece("grass-7", 0, 0, 0), Piece("glyph", 1, 1, 1, attrs={"letter": "€€"}),  # (no line carries it)
                    Piece("grass-1", 3, 2, 0, 0.5)])
    board = Board.of(m)
    lines = encode_map(m, get(fmt), allow_loss=True)[1]
    glyph = next(line for line in lines if "glyph" in line)
    assert f"at {board.name(1, 1)} (1, 1) Level " in glyph, glyph
    if fmt == "hsc":
        turned = next(line for line in lines if "half step" in line)
        assert f"at {board.name(3, 2)} (3, 2) Level 1" in turned, turned


def test_info_cells_and_the_overlay_name_their_hexes_as_the_sheets_do(cli):
    """`info --json` cells and `overlay --json` hexes and placements carry the sheets' place ("C7")
    beside (q, r), as findings do (a new user found neither)."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    m = read_map(root / "samples" / "maps" / "twin-rivers.hsc")
    board = Board.of(m)
    cells = json.loads(cli("info", root / "samples" / "maps" / "twin-rivers.hsc", "--json")[1])["cells"]
    assert cells and all(c["place"] == board.name(c["q"], c["r"]) for c in cells)
    street = root / "samples" / "maps" / "street.mapkit.json"
    board = Board.of(read_map(street))
    doc = json.loads(cli("overlay", street, "--json")[1])
    hexes = [h for level in doc["levels"] for h in level["hexes"]]
    assert hexes and all(h["place"] == board.name(h["q"], h["r"]) for h in hexes)
    assert all(b["place"] == board.name(b["q"], b["r"]) for b in doc["buildings"])
    assert all(o["places"] == [board.name(q, r) for q, r in o["spaces"]] for o in doc["objects"])
