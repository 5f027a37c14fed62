"""Options mean one thing in every command (issue 25, items 6 and 8).

What the README's option table promises is read against the parser, both ways: a command the
table names for an option takes it, and a command that takes it is named. The rules behind the
table are derived from the parser too: every command that reads a map takes `--from`,
`--scenario` and `--room`; every command that prints a report takes `--format`, its shorthand
`--json`, and `-o` for the report; every command takes `-q` and `-v`. Then each command is run:
`-o` is its main output, and a command that writes a file says so in one line (none with -q).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil

import pytest

from conftest import ROOT

SAMPLE = ROOT / "samples" / "maps" / "twin-rivers.hsc"
STREET = ROOT / "samples" / "maps" / "street.mapkit.json"
BOOK = ROOT / "samples" / "books" / "bungalow.book.json"

#: The positionals that name the map (or Book) a command reads.
MAP_POSITIONALS = {"map", "maps", "paths", "input", "book"}


def commands() -> dict[str, argparse.ArgumentParser]:
    from mapkit.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def options(parser: argparse.ArgumentParser) -> set[str]:
    return {s for a in parser._actions for s in a.option_strings}


def reads_a_map(parser: argparse.ArgumentParser) -> bool:
    return any(not a.option_strings and a.dest in MAP_POSITIONALS for a in parser._actions)


def readme_table() -> dict[str, set[str] | None]:
    """Option (each of a row's code spans before its meaning) -> the commands the README names
    (None: every command)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("| option | means | commands |")
    rows: dict[str, set[str] | None] = {}
    for line in text[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split(" | ")]
        named, _, who = cells
        spans = re.findall(r"`([^`]+)`", named)
        groups = [set(re.findall(r"`([a-z]+)`", part)) for part in who.split(" / ")]
        for i, span in enumerate(spans):
            flag = span.split()[0]
            rows[flag] = None if who == "every command" else groups[min(i, len(groups) - 1)]
    return rows


def test_the_readme_option_table_is_true_for_every_command():
    table = readme_table()
    assert {"--from", "--scenario", "--room", "--format", "--json", "-o", "-q", "--quiet", "-v", "--verbose",
            "--allow-loss", "--picture", "--heatmap"} <= set(table)
    every = commands()
    for flag, named in table.items():
        taking = {name for name, p in every.items() if flag in options(p)}
        assert taking == (set(every) if named is None else named), flag


def test_every_option_two_commands_share_is_in_the_table_and_means_one_thing():
    """The other way round: an option more than one command takes is a row of the table (it
    promises that it means one thing), and it is the same option everywhere: the same long and
    short names (`-o` is `--output` in every command), the same choices and the same kind of
    value (`--format`'s choices excepted: the table names which command adds which)."""
    table = readme_table()
    every = commands()
    found: dict[str, list[tuple[str, argparse.Action]]] = {}
    for name, parser in every.items():
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            for flag in action.option_strings:
                found.setdefault(flag, []).append((name, action))
    shared = {flag for flag, taken in found.items() if len(taken) > 1}
    assert shared - set(table) <= {"--output", "--jobs"}, sorted(shared - set(table))  # the long names of -o and -j
    for flag in shared:
        actions = [action for _, action in found[flag]]
        first = actions[0]
        for (name, action) in found[flag][1:]:
            assert action.option_strings == first.option_strings, (flag, name)
            assert type(action) is type(first) and action.type is first.type and action.nargs == first.nargs, (flag, name)
            if flag not in ("--format",):
                assert action.choices == first.choices, (flag, name, action.choices, first.choices)


def test_every_command_that_reads_a_map_takes_from_scenario_and_room():
    # (a gallery reads folders: every map and Book in them, each whole and as its content says)
    readers = {name for name, p in commands().items() if reads_a_map(p)}
    assert readers == set(commands()) - {"rules", "completion", "gallery"}
    for name in readers:
        assert {"--from", "--scenario", "--room"} <= options(commands()[name]), name


def test_every_report_takes_format_json_and_o_for_itself():
    every = commands()
    reporting = {name for name, p in every.items() if "--format" in options(p)}
    assert reporting == {"info", "validate", "rules", "inventory", "fit", "overlay", "analyze"}
    for name, parser in every.items():
        assert ("--json" in options(parser)) == (name in reporting), name
        fmt = next(a for a in parser._actions if "--format" in a.option_strings) if name in reporting else None
        if fmt is not None:
            assert fmt.choices[0] == "text" and "json" in fmt.choices, name
        assert "-o" in options(parser), name  # every command has a main output -o names


def test_every_command_takes_quiet_and_verbose_before_or_after_its_name():
    for name, parser in commands().items():
        assert {"-q", "--quiet", "-v", "--verbose"} <= options(parser), name


# -- what the options do, command by command ---------------------------------------------------

REPORTS = {
    "info": ["info", str(SAMPLE)],
    "inventory": ["inventory", str(SAMPLE)],
    "validate": ["validate", str(SAMPLE)],
    "rules": ["rules", "P101"],
    "overlay": ["overlay", str(BOOK)],
    "analyze": ["analyze", str(SAMPLE)],
}


@pytest.mark.parametrize("name", sorted(REPORTS))
def test_o_writes_the_report_that_is_otherwise_printed(cli, tmp_path, name):
    printed = cli(*REPORTS[name], "--json")
    out = tmp_path / "report.json"
    code, stdout, err = cli(*REPORTS[name], "--json", "-o", out)
    assert code == printed[0] and stdout == ""
    assert out.read_text(encoding="utf-8") == printed[1]
    json.loads(printed[1])
    assert err.splitlines()[-1] == f"mapkit: wrote {out}: {name if name != 'analyze' else 'analysis'}, JSON" or \
        err.splitlines()[-1].startswith(f"mapkit: wrote {out}: validation report, json")


@pytest.mark.parametrize("name, picture", [("analyze", "--heatmap"), ("overlay", "--picture"), ("info", None)])
def test_o_never_takes_a_picture_and_says_which_option_does(cli, tmp_path, name, picture):
    code, stdout, err = cli(*REPORTS[name], "-o", tmp_path / "x.png")
    assert code == 2 and stdout == "" and err.count("\n") == 1 and not (tmp_path / "x.png").exists()
    assert f"-o is where {name}'s report goes" in err
    assert (f"{picture} {tmp_path / 'x.png'}" in err) if picture else "draw the picture" not in err


def test_json_and_format_say_the_same_and_contradictions_are_refused(cli):
    assert cli("info", SAMPLE, "--json")[1] == cli("info", SAMPLE, "--format", "json")[1]
    assert cli("rules", "--table", "--markdown")[1] == cli("rules", "--table", "--format", "markdown")[1]
    code, _, err = cli("validate", SAMPLE, "--json", "--format", "sarif")
    assert code == 2 and "contradict" in err


def _writers(tmp_path):
    """Every command that writes a file: its arguments, and the file it writes."""
    collection = tmp_path / "mine.sets.txt"
    collection.write_text("2xRotV,RttFF\n")  # short of nothing, once re-tiled
    out = {name: tmp_path / name for name in ("c.mapkit.json", "c2.mapkit.json", "r.svg", "b.pdf", "r.html", "h.png",
                                               "o.png", "v.txt", "i.txt", "f.mapkit.json")}
    return [(["convert", SAMPLE, out["c.mapkit.json"]], out["c.mapkit.json"]),
            (["convert", SAMPLE, "-o", out["c2.mapkit.json"]], out["c2.mapkit.json"]),
            (["render", SAMPLE, "-o", out["r.svg"]], out["r.svg"]),
            (["print", SAMPLE, "-o", out["b.pdf"]], out["b.pdf"]),
            (["report", SAMPLE, "-o", out["r.html"]], out["r.html"]),
            (["analyze", SAMPLE, "--heatmap", out["h.png"]], out["h.png"]),
            (["overlay", BOOK, "--picture", out["o.png"]], out["o.png"]),
            (["validate", SAMPLE, "-o", out["v.txt"]], out["v.txt"]),
            (["info", SAMPLE, "-o", out["i.txt"]], out["i.txt"]),
            (["fit", SAMPLE, "--collection", collection, "-o", out["f.mapkit.json"], "--no-picture"],
             out["f.mapkit.json"])]


def test_every_command_that_writes_a_file_says_so_in_one_line_and_nothing_with_quiet(cli, tmp_path):
    for args, written in _writers(tmp_path):
        code, _, err = cli(*args)
        assert code == 0 and written.exists(), (args, err)
        said = [line for line in err.splitlines() if line.startswith("mapkit: wrote ")]
        assert len(said) == 1 and said[0].startswith(f"mapkit: wrote {written}: "), (args, err)
        written.unlink()
        code, _, err = cli("-q", *args)
        assert (code, err) == (0, "") and written.exists(), args


def test_verbose_says_what_was_read_and_how_long_it_took(cli):
    code, _, err = cli("info", SAMPLE, "-v")
    lines = err.splitlines()
    assert code == 0 and len(lines) == 2
    assert re.fullmatch(rf"mapkit: {re.escape(str(SAMPLE))}: read as hsc, 99 piece\(s\) to build with, 48 marker\(s\) "
                        rf"in \d+\.\d{{3}} s", lines[0])
    assert re.fullmatch(r"mapkit: info took \d+\.\d\d s, exit status 0", lines[1])
    before = cli("-v", "info", SAMPLE)[2].splitlines()  # given before the command's name: the same
    assert len(before) == 2 and before[0].startswith(f"mapkit: {SAMPLE}: read as hsc, 99 piece(s) to build with, 48 ")
    code, _, err = cli("-q", "info", SAMPLE, "-v")
    assert code == 2 and "contradict" in err


def test_a_long_warning_is_cut_unless_verbose(capsys):
    from mapkit.cli import common

    line = "x.html: warning: " + "lines " + ", ".join(str(n) for n in range(1000))
    try:
        common.verbosity = 0
        common.tell(line)
        cut = capsys.readouterr().err.rstrip("\n")
        assert len(cut) == common.WARNING_LINE and cut.endswith("characters; --verbose shows it whole)")
        assert cut.startswith("mapkit: x.html: warning: lines 0, 1, 2")
        common.verbosity = 1
        common.tell(line)
        assert capsys.readouterr().err == f"mapkit: {line}\n"
        common.verbosity = -1
        common.tell(line)
        common.refuse("y.hsc: damaged")
        assert capsys.readouterr().err == "mapkit: y.hsc: damaged\n"  # an error is said even with -q
    finally:
        common.verbosity = 0


def test_a_refused_file_in_a_batch_is_said_with_quiet(cli, tmp_path):
    bad = tmp_path / "bad.hsc"
    bad.write_bytes(b"\x00" * 10)
    code, out, err = cli("-q", "validate", SAMPLE, bad)
    assert code == 2 and str(bad) in err and "warning" not in err


def test_fit_takes_allow_loss_and_names_its_file_when_it_refuses(cli, tmp_path):
    collection = tmp_path / "mine.sets.txt"
    collection.write_text("2xRotV,RttFF\n")  # short of nothing, once re-tiled
    out = tmp_path / "new.url"  # a share link: it blanks the notes that would carry the players
    code, stdout, err = cli("fit", SAMPLE, "--collection", collection, "-o", out, "--no-picture")
    assert code == 2 and not out.exists()
    assert err.startswith(f"mapkit: {out}: hexoscape-url cannot carry ") and "--allow-loss" in err
    assert "players ('2')" in err
    code, stdout, err = cli("fit", SAMPLE, "--collection", collection, "-o", out, "--no-picture", "--allow-loss")
    assert code == 0 and out.exists(), err
    assert f"mapkit: {out}: dropped: players ('2')" in err


def test_overlay_reads_a_map_as_every_map_reading_command_does(cli, tmp_path):
    assert cli("overlay", STREET, "--from", "mapkit")[1] == cli("overlay", STREET)[1] != ""
    code, _, err = cli("overlay", STREET, "--from", "hsc")
    assert code == 2 and str(STREET) in err and err.count("\n") == 1
    code, _, err = cli("overlay", STREET, "--scenario", "2")
    assert code == 2 and "no scenario 2" in err
    code, _, err = cli("overlay", BOOK, "--scenario", "1")
    assert code == 2 and "a Book sets up no scenarios" in err


def test_convert_takes_its_output_as_o_too(cli, tmp_path):
    code, _, err = cli("convert", SAMPLE, tmp_path / "a.hsc", "-o", tmp_path / "b.hsc")
    assert code == 2 and "give one input" in err
    code, _, err = cli("convert", SAMPLE, "-o", tmp_path / "b.hsc", "-d", tmp_path, "--to", "hsc")
    assert code == 2 and "give one of them" in err


def test_o_names_the_report_format_when_format_does_not(cli, tmp_path):
    """`-o REPORT.json` writes JSON, `-o REPORT.sarif` SARIF (as the name says) unless --format
    says otherwise; fit's -o is its new map, whose name never makes its summary JSON."""
    code, _, err = cli("validate", SAMPLE, "-o", tmp_path / "v.sarif")
    assert code == 0 and json.loads((tmp_path / "v.sarif").read_text())["version"] == "2.1.0"
    assert cli("info", SAMPLE, "-o", tmp_path / "i.json")[0] == 0
    assert json.loads((tmp_path / "i.json").read_text())["name"] == "Twin Rivers"
    assert cli("info", SAMPLE, "-o", tmp_path / "t.json", "--format", "text")[0] == 0
    assert (tmp_path / "t.json").read_text().startswith("Twin Rivers\n")
    collection = tmp_path / "mine.sets.txt"
    collection.write_text("2xRotV,RttFF\n")
    code, out, _ = cli("fit", SAMPLE, "--collection", collection, "-o", tmp_path / "f.mapkit.json", "--no-picture")
    assert code == 0 and out.startswith("twin-rivers.hsc: builds from the collection")


def test_a_writing_command_counts_pieces_as_info_does(cli, tmp_path):
    """The line of what was written counts pieces as `info` and `inventory` do, markers apart."""
    info = cli("info", SAMPLE)[1]
    assert "99 to build with" in info and "48 start-zone spaces" in info
    code, _, err = cli("convert", SAMPLE, tmp_path / "c.mapkit.json")
    assert code == 0 and "99 piece(s) to build with, 48 marker(s)" in err


def test_a_gzipped_mapkit_map_is_written_and_read_back(cli, tmp_path):
    import gzip

    out = tmp_path / "c.mapkit.json.gz"
    code, _, err = cli("convert", SAMPLE, out)
    assert code == 0, err
    assert json.loads(gzip.decompress(out.read_bytes()))["format"] == "mapkit"
    assert cli("info", out)[1] == cli("info", SAMPLE)[1].replace("format:   hsc", "format:   mapkit, converted from hsc")


def test_a_folder_names_the_files_it_leaves_alone(cli, tmp_path):
    shutil.copyfile(SAMPLE, tmp_path / "m.hsc")
    (tmp_path / "notes.txt").write_text("not a map")
    (tmp_path / "list.json").write_text("[1, 2]")
    code, _, err = cli("validate", tmp_path)
    assert code == 0 and "2 other files left alone" in err and "list.json, notes.txt" in err
    code, _, err = cli("validate", tmp_path, "-v")
    assert re.search(rf"{re.escape(str(tmp_path / 'm.hsc'))}: read as hsc, .* s; checked, 0 finding\(s\)", err), err
    assert f"{tmp_path / 'notes.txt'}: left alone: " in err


def test_a_converted_map_says_its_own_format_and_whose_warnings_it_keeps(cli, tmp_path):
    """A mapkit JSON file keeps the format its map came from and that reader's warnings; `info`
    names the file's own format first, and the kept warnings say whose they are (a new user
    read '$.boardPieces: ...' about a mapkit file, which has no boardPieces)."""
    from mapkit.formats import write_map
    from mapkit.model.map import Map, Piece

    path = tmp_path / "old.mapkit.json"
    write_map(Map(name="old", pieces=[Piece("grass-1", 0, 0, 0)], source_format="hexoscape",
                  source_version="object", warnings=["$.boardPieces: a save from before 2025-01-12"]), path)
    code, out, err = cli("info", path)
    assert code == 0 and "  format:   mapkit, converted from hexoscape object\n" in out
    assert err == (f"mapkit: {path}: warning: (kept from the hexoscape file it was converted from) "
                   "$.boardPieces: a save from before 2025-01-12\n")
