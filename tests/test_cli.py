"""The info and convert commands: output shape, losses, batch mode, exit codes."""

import json
import re
import sys
from pathlib import Path

import pytest

from conftest import ROOT, corpus_file, run_subprocess
from mapkit.formats import read_map, write_map
from mapkit.model.map import Map, Piece

SAMPLE = ROOT / "samples" / "maps" / "twin-rivers.hsc"


def test_info_text_names_what_a_designer_wants(cli):
    code, out, err = cli("info", SAMPLE)
    assert code == 0 and err == ""
    for expected in ("Twin Rivers", "hsc 0.0007", "mapkit samples", "22 columns x 14 rows, Levels 1..2", "grass-7",
                     "player 1: 24 hexes", "player 2: 24 hexes", "A Astrid", "G Gerda"):
        assert expected in out


def test_info_json_cells_fill_the_levels_of_their_pieces(cli):
    code, out, _ = cli("info", SAMPLE, "--json")
    assert code == 0
    data = json.loads(out)
    m = read_map(SAMPLE)
    assert data["pieces"] + sum(data["markers"].values()) == len(m.pieces) and data["format"] == "hsc" and data["version"] == "0.0007"
    assert len(data["cells"]) == sum(1 for _ in m.iter_cells())
    by_piece = {}
    for cell in data["cells"]:
        assert set(cell) >= {"q", "r", "level", "piece"} and ("terrain" in cell or "kind" in cell)
        by_piece.setdefault(cell["piece"], []).append(cell)
    # Level N is the layer whose top is at height N: a land tile stored at z is Level z + 1; a tree,
    # glyph or start zone stored at z (one above the tile under it) stands on that Level z tile
    cat = m.catalog()
    for number, piece in enumerate(m.pieces, 1):          # piece 1 is the first, as findings count
        levels = {c["level"] for c in by_piece[number]}
        layer = cat[piece.type].kind in ("land", "fluid", "castle", "custom")
        assert levels == {piece.z + 1 if layer else piece.z}, piece
    assert data["size"]["levels"] == [1, 2]
    grass7 = next(n for n, p in enumerate(m.pieces, 1) if p.type == "grass-7")
    assert {c["terrain"] for c in by_piece[grass7]} == {"grass"} and len(by_piece[grass7]) == 7


def test_info_counts_castle_walls_on_nine_levels(tmp_path, cli):
    path = tmp_path / "wall.mapkit.json"
    write_map(Map(pieces=[Piece("grass-1", 0, 0, 0), Piece("castle-wall-straight", 0, 0, 1)]), path)
    data = json.loads(cli("info", path, "--json")[1])
    wall = [c for c in data["cells"] if c["piece"] == 2]
    # on a Level 1 tile the wall fills Levels 2 to 10
    assert sorted(c["level"] for c in wall) == list(range(2, 11)) and wall[0]["kind"] == "castle"


def test_convert_refuses_a_loss_and_writes_nothing(tmp_path):
    src = tmp_path / "laur.mapkit.json"
    write_map(Map(pieces=[Piece("grass-1", 0, 0, 0), Piece("laur-pillar", 0, 0, 1)]), src)
    out = tmp_path / "laur.hsc"
    result = run_subprocess("convert", src, out)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and "laur" in result.stderr.lower()
    assert not out.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["laur.mapkit.json"]
    allowed = run_subprocess("convert", src, out, "--allow-loss")
    assert allowed.returncode == 0 and out.exists() and "dropped" in allowed.stderr
    assert [p.type for p in read_map(out).pieces] == ["grass-1"]


def test_convert_batch_reports_failures_and_converts_the_rest(tmp_path):
    good = tmp_path / "in" / "good.hsc"
    good.parent.mkdir()
    good.write_bytes(SAMPLE.read_bytes())
    bad = tmp_path / "in" / "bad.hsc"
    bad.write_bytes(SAMPLE.read_bytes()[:100])
    result = run_subprocess("convert", good, bad, "--to", "mapkit", "-d", tmp_path / "out")
    assert result.returncode == 2
    assert (tmp_path / "out" / "good.mapkit.json").exists()
    assert not (tmp_path / "out" / "bad.mapkit.json").exists()
    assert "read 2 files: 1 converted to mapkit" in result.stderr and "1 refused:\n  1 damaged or malformed\n" in result.stderr
    assert "bad.hsc" in result.stderr and "Traceback" not in result.stderr


def test_convert_batch_whole_corpus_folder(tmp_path):
    folder = corpus_file("hsc/dkniffin-virtualscape")
    maps = sorted(folder.glob("*.hsc"))
    result = run_subprocess("convert", *maps, "--to", "hexoscape", "--allow-loss", "-d", tmp_path)
    assert result.returncode == 0, result.stderr
    assert len(list(tmp_path.glob("*.json"))) == len(maps)


@pytest.mark.parametrize("args", [("convert", "a.hsc"), ("convert", "a", "b", "--to", "nope"),
                                  ("info",), ("convert", "x.hsc", "-d", "out"),
                                  ("convert", "-", "-d", "out", "--to", "mapkit")])
def test_bad_usage_is_one_line_and_exit_2(args):
    result = run_subprocess(*args)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_unreadable_input_is_one_line_naming_the_file(tmp_path):
    path = tmp_path / "garbage.hsc"
    path.write_bytes(b"\x00\x01 not a map")
    result = run_subprocess("info", path)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and str(path) in result.stderr


def test_info_groups_start_zones_and_glyphs_by_scenario(cli):
    page = corpus_file("glasq-xhtml/hsbf0001_TableOfTheGiants.html")
    data = json.loads(cli("info", page, "--json")[1])
    zones = {(z["scenario"], z["player"]): z["hexes"] for z in data["start_zones"]}
    # "The Long Wait" (scenario 3) gives player 2 a large purple zone to place a small army in.
    assert zones[(2, 1)] == zones[(2, 2)] == zones[(3, 1)] == zones[(3, 3)] == 24
    assert zones[(3, 2)] > 100
    assert {g["scenario"] for g in data["glyphs"]} == {2, 3}


def _one_error_line(code: int, out: str, err: str) -> str:
    assert code == 2 and out == "" and "Traceback" not in err and "internal error" not in err, err
    assert len(err.strip().splitlines()) == 1, err
    return err


@pytest.mark.parametrize("where", ["missing/out.mapkit.json", "a-file/out.mapkit.json"])
def test_convert_into_a_folder_that_is_not_there_is_one_line(tmp_path, cli, where):
    (tmp_path / "a-file").write_text("not a folder")
    target = tmp_path / where
    err = _one_error_line(*cli("convert", SAMPLE, target))
    assert str(target) in err and "cannot write" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]


def test_convert_batch_into_a_file_is_one_line(tmp_path, cli):
    (tmp_path / "a-file").write_text("not a folder")
    err = _one_error_line(*cli("convert", SAMPLE, "--to", "mapkit", "-d", tmp_path / "a-file"))
    assert "a-file" in err and "output folder" in err


def test_convert_batch_never_overwrites_one_output_with_another(tmp_path, cli):
    # ruins.hsc from two folders: each keeps its folder in the output (a/, b/), neither replaces the other
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "ruins.hsc").write_bytes(SAMPLE.read_bytes())
    first, second = tmp_path / "a" / "ruins.hsc", tmp_path / "b" / "ruins.hsc"
    code, _, err = cli("convert", first, second, "--to", "mapkit", "-d", tmp_path / "out")
    assert code == 0 and "read 2 files: 2 converted" in err, err
    assert sorted(str(p.relative_to(tmp_path / "out")) for p in (tmp_path / "out").rglob("*.json")) == \
        ["a/ruins.mapkit.json", "b/ruins.mapkit.json"]


@pytest.mark.parametrize("name", ["map.json", "map.html", "map.hsc.bak"])
def test_a_map_under_the_wrong_extension_is_read_by_its_content(tmp_path, cli, name):
    wrong = tmp_path / name
    wrong.write_bytes(SAMPLE.read_bytes())
    code, out, err = cli("info", wrong)
    assert code == 0 and "Twin Rivers" in out and "hsc 0.0007" in out, err
    json_map = tmp_path / "hexoscape.hsc"
    write_map(read_map(SAMPLE), tmp_path / "hexoscape.json", allow_loss=True)
    json_map.write_bytes((tmp_path / "hexoscape.json").read_bytes())
    assert read_map(json_map).source_format == "hexoscape"


def test_dash_is_standard_input_and_output(tmp_path):
    piped = run_subprocess("convert", "-", "-", "--to", "mapkit", input=SAMPLE.read_bytes().decode("latin-1"),
                           encoding="latin-1")
    assert piped.returncode == 0, piped.stderr
    assert piped.stdout.startswith("{") and "Twin Rivers" in piped.stdout
    assert not Path("-").exists() and not (ROOT / "-").exists()
    refused = run_subprocess("convert", SAMPLE, "-", cwd=tmp_path)
    assert refused.returncode == 2 and "use --to" in refused.stderr and list(tmp_path.iterdir()) == []


def test_info_lists_scenario_start_zones_in_number_order():
    from mapkit.summary import summarise

    zones = [Piece("start-zone", q, 0, 1, attrs={"player": 1, "scenario": s} if s else {"player": 2})
             for q, s in enumerate([10, 2, None, 1])]
    order = [(z.get("scenario"), z["player"]) for z in summarise(Map(pieces=zones))["start_zones"]]
    assert order == [(1, 1), (2, 1), (10, 1), (None, 2)]


@pytest.mark.parametrize("as_json", [False, True])
def test_info_prints_names_with_lone_utf16_halves(tmp_path, as_json):
    # VirtualScape strings may hold lone surrogates; printing them as UTF-8 used to crash info
    path = tmp_path / "odd.mapkit.json"
    write_map(Map(name="Twin\ud800Rivers", pieces=[Piece("grass-1", 0, 0, 0)]), path)
    result = run_subprocess("info", path, *(["--json"] if as_json else []))
    assert result.returncode == 0 and result.stderr == "", result.stderr
    if as_json:
        assert json.loads(result.stdout)["name"] == "Twin\ud800Rivers"
    else:
        assert result.stdout.startswith("Twin\\ud800Rivers\n")


@pytest.mark.parametrize("source, expected", [("a/Ruins.HSC", "Ruins.json"), ("b.mapkit.json", "b.json"),
                                              ("c.json.gz", "c.json"), ("d.tar", "d.tar.json"),
                                              ("e.html", "e.json")])
def test_batch_output_names_replace_the_map_extension(source, expected):
    from mapkit.batch import map_stem
    from mapkit.cli.convert import OUTPUT_EXTENSIONS

    assert Path("out") / (map_stem(Path(source).name) + OUTPUT_EXTENSIONS["hexoscape"]) == Path("out") / expected


@pytest.mark.parametrize("fmt", ["hsc", "hexoscape-url"])
def test_only_formats_read_back_gzipped_are_written_to_gz_names(tmp_path, cli, fmt):
    # A gzipped .hsc was written, which VirtualScape cannot open (a gzipped mapkit JSON is read
    # back: tests/test_options.py).
    target = tmp_path / f"map.{fmt}.gz"
    err = _one_error_line(*cli("convert", SAMPLE, target, "--to", fmt, "--allow-loss"))
    assert ".gz" in err and not target.exists()
    code, _, _ = cli("convert", SAMPLE, tmp_path / "map.json.gz", "--allow-loss")
    assert code == 0 and read_map(tmp_path / "map.json.gz").name == "Twin Rivers"


def test_an_endless_or_huge_input_is_refused_without_reading_it_all(tmp_path, cli, monkeypatch):
    from mapkit import records

    from mapkit import limits

    monkeypatch.setattr(limits, "INPUT_BYTES", records.replace(limits.INPUT_BYTES, value=1000))
    big = tmp_path / "big.hsc"
    big.write_bytes(b"\0" * 1001)
    err = _one_error_line(*cli("info", big))
    assert "input size" in err and "1,000" in err and str(big) in err
    small = tmp_path / "small.mapkit.json"
    write_map(Map(pieces=[Piece("grass-1", 0, 0, 0)]), small)
    assert small.stat().st_size < 1000 and cli("info", small)[0] == 0


def test_a_collection_given_as_a_map_points_to_the_inventory_command(tmp_path, cli):
    path = tmp_path / "mine.vsc"
    path.write_text("[Collection]\n")
    err = _one_error_line(*cli("info", path))
    assert str(path) in err and "not read the vsc format as a map" in err and "mapkit inventory" in err


def test_mapkit_alone_prints_the_help(cli):
    """`mapkit` with no arguments used to be a usage error with no list of commands."""
    code, out, err = cli()
    assert code == 0 and err == ""
    assert "usage: mapkit" in out and "validate" in out and "render" in out


def _setup_commands(readme: str) -> list[str]:
    block = readme.split("## Set-up", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    return [line.strip() for line in block.splitlines() if line.strip() and not line.strip().startswith("#")]


def test_readme_setup_makes_a_venv_and_ci_runs_exactly_those_commands():
    """An externally managed Python refuses a bare `pip install .`: the first command makes a
    virtual environment; CI must run the README's commands word for word, so they stay true."""
    commands = _setup_commands((ROOT / "README.md").read_text(encoding="utf-8"))
    assert len(commands) == 2
    first, second = commands
    assert first.startswith("python3 -m venv .venv && . .venv/bin/activate && ") and "mapkit info" in first
    assert second.startswith(". .venv/bin/activate && ") and "pytest" in second
    ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    assert first in ci_lines and second in ci_lines
    assert ci_lines.index(first) < ci_lines.index(second)


def test_readme_names_what_ci_installs_besides_its_commands():
    """The README says what `.ci/run` adds to its two commands: every package its apt-get installs."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8").split("## Set-up", 1)[1].split("\n## ", 1)[0]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    installed = re.findall(r"apt-get install ([^;}\n]*)", ci)
    packages = [w for line in installed for w in line.split() if not w.startswith("-")]
    assert packages, "the test reads .ci/run's apt-get install line"
    for package in packages:
        assert f"`{package}`" in readme, package
    assert "exactly what .ci/run does" not in readme
    # and when: only where a tool is missing, and how the tests fare without them, under CI too
    said = " ".join(readme.split())
    assert "if { ! command -v chromium || ! command -v pdftoppm; }" in ci and "`pdftoppm` is missing" in said
    failing_under_ci = [p.name for p in (ROOT / "tests").glob("test_*.py")
                        if 'os.environ.get("CI")' in (text := p.read_text(encoding="utf-8")) and "pytest.fail(" in text]
    assert failing_under_ci and "under CI (the `CI` environment variable set), where they fail" in said


def test_every_module_the_tests_import_is_declared():
    """A module the tests import comes with Python, with mapkit, or from a package that
    pyproject.toml declares (the project's or its [test] extra): `pip install -e '.[test]'` is all
    the tests need."""
    import ast
    import importlib.metadata as md

    tomllib = pytest.importorskip("tomllib", reason="tomllib comes with Python 3.11")

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = project["dependencies"] + project["optional-dependencies"]["test"]
    names = {re.split(r"[<>=!~\[ ;]", d, maxsplit=1)[0].lower().replace("_", "-") for d in declared}
    local = {p.stem for folder in ("tests", "benchmarks") for p in (ROOT / folder).glob("*.py")} | {
        "mapkit", "tests", "benchmarks"}
    providers = md.packages_distributions()
    missing = set()
    for test in (ROOT / "tests").glob("*.py"):
        tree = ast.parse(test.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                tops = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                tops = [node.module.split(".")[0]]
            else:
                continue
            for top in tops:
                if top in sys.stdlib_module_names or top in local or top == "_pytest":
                    continue
                dists = {d.lower().replace("_", "-") for d in providers.get(top, [top])}
                if not dists & names:
                    missing.add(f"{top} ({test.name})")
        # lxml's .cssselect() imports the cssselect package, which lxml does not require
        calls = {n.func.attr for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)}
        if "cssselect" in calls and "cssselect" not in names:
            missing.add(f"cssselect ({test.name}, through lxml)")
    assert not missing, sorted(missing)
