"""`mapkit validate`, `mapkit rules` and `mapkit inventory` on the command line: output and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import mapkit.formats
from conftest import run_subprocess
from mapkit.model.map import Map, Piece

MAPS = {
    "good.map": Map(pieces=[Piece("grass-24", 0, 0, 0), Piece("ruin-2", 0, 1, 1)]),
    "floating.map": Map(pieces=[Piece("grass-1", 0, 0, 0), Piece("grass-1", 3, 3, 2)]),
    "warning.map": Map(pieces=[Piece("grass-1", 0, 0, 0), Piece("ice-1", 0, 0, 1), Piece("snow-1", 0, 0, 2)]),
}


@pytest.fixture
def fake_maps(monkeypatch):
    """Serve the maps above by name, so the CLI is tested without depending on a file format."""
    def read_map(path, fmt=None):
        return parse_map(read_file(path)[0])

    def read_file(path):  # what `validate` reads: the bytes (here the name) and the format told
        if str(path) not in MAPS:
            raise mapkit.errors.FormatError("cannot read: No such file", file=str(path))
        return str(path).encode(), None

    def parse_map(data, fmt=None, filename="", hint=None, known=None):
        return MAPS[data.decode()]
    monkeypatch.setattr(mapkit.formats, "read_map", read_map)
    monkeypatch.setattr(mapkit.formats, "read_file", read_file)
    monkeypatch.setattr(mapkit.formats, "parse_map", parse_map)


def test_exit_codes(cli, fake_maps):
    assert cli("validate", "good.map")[0] == 0
    code, out, _ = cli("validate", "floating.map")
    assert code == 1 and out == "floating.map: Level 3 E4 (3, 3): P101 error: Grass 1-hex (piece 2) floats: " \
                                 "no Level 2 tile under it\n1 error, 0 warnings in 1 map\n"
    code, out, _ = cli("validate", "warning.map")
    assert code == 0 and "P105 warning" in out
    code, _, err = cli("validate", "good.map", "missing.map")
    assert code == 2 and "missing.map" in err


def test_text_report_ends_with_a_summary_even_when_clean(cli, fake_maps):
    """A clean run says it looked (it used to print nothing at all); counts are per severity and per map."""
    assert cli("validate", "good.map", "--ignore", "P112") == (0, "0 errors, 0 warnings in 1 map\n", "")
    code, out, _ = cli("validate", "good.map", "floating.map", "warning.map", "--ignore", "P112")
    assert code == 1 and out.splitlines()[-1] == "1 error, 1 warning in 3 maps"
    code, out, _ = cli("validate", "good.map", "missing.map", "--ignore", "P112")
    assert code == 2 and out.splitlines()[-1] == "0 errors, 0 warnings in 1 map; 1 unreadable"
    code, out, _ = cli("validate", "floating.map", "--format", "json")
    assert "in 1 map" not in out                    # machine formats stay pure


def test_select_ignore_and_profile(cli, fake_maps):
    assert cli("validate", "floating.map", "--ignore", "P101")[0] == 0
    assert cli("validate", "floating.map", "--select", "P105")[0] == 0
    code, out, _ = cli("validate", "good.map", "--profile", "tournament")
    assert code == 0 and "T202 warning" in out
    code, _, err = cli("validate", "good.map", "--select", "Z9")
    assert code == 2 and "names no rule" in err
    code, _, err = cli("validate", "good.map", "--set", "nonsense=1")
    assert code == 2


def test_json_and_sarif_output(cli, fake_maps):
    code, out, _ = cli("validate", "floating.map", "warning.map", "--format", "json")
    rows = json.loads(out)
    assert code == 1 and [r["code"] for r in rows] == ["P101", "P105"]
    assert rows[0] == {"file": "floating.map", "room": None, "scenario": None, "level": 3, "place": "E4",
                       "q": 3, "r": 3, "code": "P101",
                       "severity": "error", "message": rows[0]["message"]}
    code, out, _ = cli("validate", "floating.map", "--format", "sarif")
    log = json.loads(out)
    assert log["version"] == "2.1.0" and log["runs"][0]["results"][0]["ruleId"] == "P101"


def test_rules_command(cli):
    code, out, _ = cli("rules")
    assert code == 0 and "P101" in out and "T201" in out
    code, out, _ = cli("rules", "P104")
    assert code == 0 and "Why:" in out and "Source:" in out and "Convention:" in out
    assert cli("rules", "X999")[0] == 2
    assert cli("rules", "")[0] == 2  # an empty code used to print nothing and exit 0
    code, out, _ = cli("rules", "--parameters")
    assert "start_zone_hexes = 24" in out


def test_inventory_command(cli, fake_maps, tmp_path):
    code, out, _ = cli("inventory", "good.map")
    assert code == 0 and "1 x Rise of the Valkyrie" in out
    coll = tmp_path / "mine.vsc"
    coll.write_bytes(b"[Collection]\nGrass24=1\nRuin2=0\n")
    code, out, _ = cli("inventory", "good.map", "--collection", str(coll), "--json")
    rep = json.loads(out)
    assert rep["missing"] == [{"type": "ruin-2", "name": rep["missing"][0]["name"], "count": 1}]
    assert rep["sets"] == [{"id": "RotV", "name": rep["sets"][0]["name"], "kind": "master", "copies": 1}]


def test_inventory_glyphs_against_collections(cli, monkeypatch, tmp_path):
    MAPS["glyph.map"] = Map(pieces=[Piece("grass-1", 0, 0, 0), Piece("glyph", 0, 0, 1, attrs={"letter": "A"})])
    monkeypatch.setattr(mapkit.formats, "read_map", lambda path, fmt=None: MAPS[str(path)])
    vsc = tmp_path / "c.vsc"
    vsc.write_bytes(b"[Collection]\nGrass1=1\nGlyphA=0\n")
    tsv = tmp_path / "c.tsv"
    tsv.write_bytes(b"ID\tType\tSize\tCount\ngrass1\tGrass\t1\t1\n")
    _, out, _ = cli("inventory", "glyph.map", "--collection", str(vsc), "--json")
    assert [m["type"] for m in json.loads(out)["missing"]] == ["glyph:A"]
    _, out, _ = cli("inventory", "glyph.map", "--collection", str(tsv), "--json")
    assert json.loads(out)["missing"] == []


def test_unreadable_files_in_parallel_exit_2(tmp_path):
    paths = [str(tmp_path / f"none{i}.hsc") for i in range(4)]
    result = run_subprocess("validate", "--jobs", "2", *paths)
    assert result.returncode == 2 and result.stderr.count("cannot read") == 4
    assert "Traceback" not in result.stderr


def test_book_files_are_passed_to_the_book_checker(cli, tmp_path, monkeypatch):
    from mapkit.rules.framework import Finding

    book = tmp_path / "hut.book.json"
    book.write_text("{}")
    import mapkit.rules.checks as checks

    monkeypatch.setattr(checks, "check_book",
                        lambda doc, path, params=None: [Finding("C999", "error", "bad book", file=str(path))])
    code, out, _ = cli("validate", str(book))
    assert code == 1 and "C999 error: bad book" in out


def test_jobs_default_to_every_core_but_keep_small_inputs_in_one_process(tmp_path, monkeypatch):
    from mapkit import batch

    small = [tmp_path / "a.hsc", tmp_path / "b.hsc"]
    for p in small:
        p.write_bytes(b"x" * 10)
    assert batch.jobs_for(0, [str(p) for p in small]) == 1
    assert batch.jobs_for(0, [str(small[0])]) == 1
    assert batch.jobs_for(5, [str(p) for p in small]) == 2  # never more workers than files
    monkeypatch.setattr(batch, "PARALLEL_MIN_BYTES", 1)
    monkeypatch.setattr(batch.os, "sched_getaffinity", lambda pid: {0, 1, 2, 3}, raising=False)
    assert batch.jobs_for(0, [str(p) for p in small * 3]) == 4


def test_findings_are_the_same_with_any_number_of_workers(tmp_path):
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    from generate import make_map
    from mapkit.formats import hsc

    paths = []
    for seed in range(5):
        m = make_map(300, seed=seed)
        m.pieces[3].z += 5  # something to find: a floating piece
        path = tmp_path / f"m{seed}.hsc"
        path.write_bytes(hsc.write(m))
        paths.append(str(path))
    outputs = {jobs: run_subprocess("validate", "-j", str(jobs), "--format", "json", *paths) for jobs in (1, 2, 3)}
    assert {r.returncode for r in outputs.values()} == {1}
    assert outputs[1].stdout == outputs[2].stdout == outputs[3].stdout and outputs[1].stdout.count('"code"') >= 5
    assert all(r.stderr == "" for r in outputs.values())  # piped: no progress bar


def test_unknown_codes_in_select_or_ignore_are_usage_errors(cli, fake_maps):
    # A typo in --ignore used to be dropped silently, and one in a --select list too.
    for args in (("--ignore", "P1O1"), ("--select", "P101,XYZ"), ("--select", "P101", "--ignore", "Q")):
        code, out, err = cli("validate", "floating.map", *args)
        assert code == 2 and out == "" and "names no rule" in err and err.count("\n") == 1, args
    code, _, err = cli("validate", "floating.map", "--select", "P101", "--ignore", "P1")
    assert code == 2 and "leaves none" in err


def test_bad_settings_jobs_and_output_are_one_line_errors(cli, fake_maps, tmp_path):
    code, _, err = cli("validate", "good.map", "--set", "clearance_slack=abc")
    assert code == 2 and err == "mapkit: setting clearance_slack: 'abc' is not a whole number\n"
    code, _, err = cli("validate", "good.map", "--jobs", "-1")
    assert code == 2 and "--jobs" in err
    target = tmp_path / "no" / "such" / "dir" / "report.sarif"
    code, out, err = cli("validate", "good.map", "--format", "sarif", "-o", str(target))
    assert code == 2 and "cannot write" in err and err.count("\n") == 1


def test_select_and_ignore_apply_to_book_files(cli, tmp_path):
    # --ignore C101 used to be ignored for *.book.json arguments.
    from pathlib import Path

    sky = json.loads((Path(__file__).resolve().parent.parent / "samples/books/skyscraper.book.json").read_text())
    sky["floors"][1]["windows"].append([1, 0])  # C101: a window on a Full hex
    sky["floors"][0]["doorways"].append([1, 1])  # C102: a doorway inside the floor
    path = tmp_path / "sky.book.json"
    path.write_text(json.dumps(sky))
    codes = lambda out: sorted({line.split(": ")[2].split()[0] for line in out.splitlines()[:-1]})
    assert codes(cli("validate", path)[1]) == ["C101", "C102"]
    code, out, _ = cli("validate", path, "--ignore", "C101")
    assert code == 1 and codes(out) == ["C102"]
    code, out, _ = cli("validate", path, "--select", "C101")
    assert code == 1 and codes(out) == ["C101"]
    assert cli("validate", path, "--select", "P1")[0] == 0


def test_overlay_parameters_reach_the_c3g_checks(cli, tmp_path):
    # validate had no way to replace the assumed wound-marker diameter its Partial verdicts rest on.
    from pathlib import Path

    sky = json.loads((Path(__file__).resolve().parent.parent / "samples/books/skyscraper.book.json").read_text())
    sky["floors"][0]["doorways"].append([0, -1])  # a Partial hex on the wall line with the default 19 mm marker
    path = tmp_path / "sky.book.json"
    path.write_text(json.dumps(sky))
    code, out, _ = cli("validate", path)
    assert code == 1 and "C102" in out and "assumed 19 mm" in out
    code, out, _ = cli("validate", path, "--marker-diameter", "19")
    assert code == 1 and "C102" in out and "assumed" not in out
    code, out, _ = cli("validate", path, "--marker-diameter", "5")  # a marker that small fits: Half, passable
    assert code == 0 and out == "0 errors, 0 warnings in 1 map\n"
    code, _, err = cli("validate", path, "--marker-diameter", "40")
    assert code == 2 and "smaller than the base" in err
    street = Path(__file__).resolve().parent.parent / "samples/maps/street.mapkit.json"
    assert cli("validate", street, "--profile", "c3g", "--hex-region", "cap")[0] in (0, 1)


def test_an_unreadable_book_file_exits_2(cli, tmp_path):
    # A missing or non-JSON Book used to come out as a C001 finding (exit 1), unlike a map (exit 2).
    bad = tmp_path / "bad.book.json"
    bad.write_text("{not json")
    for path in (tmp_path / "missing.book.json", bad):
        code, out, err = cli("validate", path)
        assert code == 2 and out == "" and err.count("\n") == 1 and str(path) in err
