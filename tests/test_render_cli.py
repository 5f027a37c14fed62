"""`mapkit render`: output chosen by extension, options checked, findings degrade politely."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree
from PIL import Image

import mapkit.formats
from mapkit.model.map import Map, Piece


def sample() -> Map:
    return Map(name="Sample", pieces=[Piece("grass-24", 0, 0, 0), Piece("rock-7", 0, 1, 1), Piece("tree-10", 1, 2, 2),
                                      Piece("glyph", 1, 4, 1, attrs={"letter": "D"}),
                                      Piece("start-zone", 0, 5, 1, attrs={"player": 1})])


@pytest.fixture
def fake_reader(monkeypatch):
    """Serve an in-memory map for any path (the format readers live in their own modules)."""
    seen = []

    def read_map(path, fmt=None):
        seen.append(str(path))
        return sample()

    monkeypatch.setattr(mapkit.formats, "read_map", read_map)
    return seen


def test_png_by_extension(cli, tmp_path, fake_reader):
    out = tmp_path / "map.png"
    code, _, err = cli("render", "some.hsc", "-o", out, "--scale", "20")
    assert code == 0 and err.startswith(f"mapkit: wrote {out}: top view, PNG ") and err.count("\n") == 1
    img = Image.open(out)
    assert img.format == "PNG" and img.width > 100


def test_svg_by_extension(cli, tmp_path, fake_reader):
    out = tmp_path / "map.SVG"
    code, _, err = cli("render", "some.hsc", "-o", out, "--view", "levels")
    assert code == 0, err
    root = etree.parse(str(out)).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"


@pytest.mark.parametrize("view", ["top", "iso", "levels"])
def test_each_view(cli, tmp_path, fake_reader, view):
    code, _, err = cli("render", "m.hsc", "-o", tmp_path / "v.png", "--view", view, "--scale", "12")
    assert code == 0, err


def test_unknown_extension_is_a_usage_error(cli, tmp_path, fake_reader):
    code, _, err = cli("render", "m.hsc", "-o", tmp_path / "map.jpg")
    assert code == 2 and ".png or .svg" in err
    assert not (tmp_path / "map.jpg").exists()


def test_missing_level_names_the_levels_there_are(cli, tmp_path, fake_reader):
    code, _, err = cli("render", "m.hsc", "-o", tmp_path / "l.png", "--level", "7")
    assert code == 2 and "no pieces on Level 7 (Levels: 1, 2)" in err
    code, _, err = cli("render", "m.hsc", "-o", tmp_path / "l.png", "--level", "2")
    assert code == 0, err


def test_findings_draw_what_the_installed_rules_find(cli, tmp_path, fake_reader, monkeypatch):
    import mapkit.rules.checks as checks
    from mapkit.rules.framework import Finding

    monkeypatch.setattr(checks, "findings_to_draw",
                        lambda m, file=None, profile="casual": ([Finding("X1", "warning", "look here", 0, 0, 1)], None))
    out = tmp_path / "f.svg"
    code, _, err = cli("render", "m.hsc", "-o", out, "--findings")
    assert code == 0, err
    assert b'data-code="X1"' in out.read_bytes()


def test_findings_without_rules_says_so_and_still_draws(cli, tmp_path, fake_reader, monkeypatch):
    import mapkit.rules.framework as framework
    monkeypatch.setattr(framework, "select_rules", lambda *a, **k: [])
    out = tmp_path / "f.png"
    code, _, err = cli("render", "m.hsc", "-o", out, "--findings")
    assert code == 0
    assert "no validation rules" in err
    assert out.exists()


def test_real_process_reports_a_missing_file_in_one_line(tmp_path):
    from conftest import run_subprocess

    result = run_subprocess("render", tmp_path / "absent.hsc", "-o", tmp_path / "x.png")
    assert result.returncode == 2
    assert "absent.hsc" in result.stderr and "Traceback" not in result.stderr


def test_findings_of_the_real_rules_are_marked_end_to_end(cli, tmp_path):
    """A C3G building lifted off the ground: the c3g rules flag it and the SVG marks each hex."""
    pytest.importorskip("mapkit.rules.c3g")
    from conftest import ROOT

    from mapkit.formats import read_map, write_map

    sample = ROOT / "samples" / "maps" / "street.mapkit.json"
    if not sample.exists():
        pytest.skip("samples/maps/street.mapkit.json is not in this checkout")
    m = read_map(sample)
    m.buildings[1].level += 2
    for placement in m.buildings + m.objects:              # keep the Books findable from tmp_path
        placement.book = str((sample.parent / placement.book).resolve())
    broken = tmp_path / "broken.mapkit.json"
    write_map(m, broken)
    out = tmp_path / "broken.svg"
    code, _, err = cli("render", broken, "-o", out, "--findings")
    assert code == 0, err
    root = etree.parse(str(out)).getroot()
    marks = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if (g.get("id") or "").startswith("finding-")]
    assert marks and all(g.get("data-code", "").startswith("C") for g in marks)


MAP = str(Path(__file__).resolve().parents[1] / "samples" / "maps" / "twin-rivers.mapkit.json")


@pytest.mark.parametrize("command, name, extra", [
    ("render", "m.png", ()), ("print", "m.pdf", ()), ("report", "m.html", ("--no-pictures",)), ("analyze", "m.png", ()),
])
def test_missing_output_folder_is_one_usage_error(cli, tmp_path, command, name, extra):
    """Regression: a missing folder was an 'internal error' (exit 3) from the temporary file."""
    out = tmp_path / "no-such-folder" / name
    code, _, err = cli(command, MAP, "--heatmap" if command == "analyze" else "-o", out, *extra)
    assert code == 2 and "does not exist" in err and err.count("\n") == 1
    assert not out.parent.exists()


@pytest.mark.parametrize("command, name", [
    ("print", "m.txt"), ("report", "m.png"), ("analyze", "m.svg"), ("render", "m.jpg"),
])
def test_wrong_output_extension_is_refused(cli, tmp_path, command, name):
    """Regression: print, report and analyze wrote a PDF, HTML or PNG under any name."""
    out = tmp_path / name
    code, _, err = cli(command, MAP, "--heatmap" if command == "analyze" else "-o", out)
    assert code == 2 and "must end in" in err and err.count("\n") == 1
    assert not out.exists()


def test_output_that_is_a_folder_is_refused(cli, tmp_path):
    folder = tmp_path / "pic.png"
    folder.mkdir()
    code, _, err = cli("render", MAP, "-o", folder)
    assert code == 2 and "is a folder" in err


def test_refused_write_is_one_error(cli, tmp_path, monkeypatch):
    import mapkit.io

    def refuse(path, data):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(mapkit.io, "write_atomic", refuse)
    code, _, err = cli("render", MAP, "-o", tmp_path / "m.svg")
    assert code == 2 and "cannot write: Permission denied" in err


@pytest.mark.parametrize("command, extra", [("render", ("-o", "x.png")), ("report", ("-o", "x.html")), ("analyze", ())])
def test_a_book_is_named_as_a_book(cli, tmp_path, command, extra):
    """Regression: a Book given as a map failed with the hexoscape reader's '$: no hexMap'."""
    book = tmp_path / "shed.book.json"
    book.write_text('{"name": "Shed"}')
    args = [a if a not in ("x.png", "x.html") else tmp_path / a for a in extra]
    code, _, err = cli(command, book, *args)
    assert code == 2 and "a C3G Book, not a map" in err and "mapkit print" in err
    assert not list(tmp_path.glob("x.*"))


@pytest.mark.parametrize("command, name", [("report", "r.html"), ("print", "b.pdf"), ("render", "p.svg"),
                                           ("analyze", "h.png")])
def test_lone_surrogates_in_map_texts_do_not_fail(cli, tmp_path, command, name):
    """Regression: a JSON map may escape a lone surrogate (\\ud800) in its name or a glyph's
    letter; report, print and analyze died with UnicodeEncodeError (exit 3)."""
    import json

    bad = "Odd \ud800 name"
    pieces = [{"type": "grass-7", "q": 0, "r": 0, "z": 0, "rotation": 0},
              {"type": "glyph", "q": 0, "r": 0, "z": 1, "rotation": 0, "attrs": {"letter": bad}}]
    src = tmp_path / "odd.mapkit.json"
    src.write_text(json.dumps({"format": "mapkit", "version": 1, "name": bad, "author": bad, "scenario": bad,
                               "pieces": pieces}))
    out = tmp_path / name
    code, _, err = cli(command, src, "--heatmap" if command == "analyze" else "-o", out)
    assert code == 0, err
    assert out.exists()


def test_seen_from_turns_the_iso_view_and_only_it(cli, tmp_path, fake_reader):
    out = tmp_path / "map.svg"
    code, _, err = cli("render", "some.hsc", "-o", out, "--view", "iso", "--seen-from", "N")
    assert code == 0 and f"{out}: iso view from N, SVG" in err, err
    assert "seen from the north" in out.read_text(encoding="utf-8")
    code, _, err = cli("render", "some.hsc", "-o", tmp_path / "top.png", "--seen-from", "N")
    assert code == 2 and "--seen-from turns the iso view" in err and err.count("\n") == 1
    assert not (tmp_path / "top.png").exists()
