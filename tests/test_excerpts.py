"""An error or a warning quotes at most a bounded excerpt of the input (issue 25, item 6).

A 5,000-character value planted anywhere in a real file of every format (a JSON value or key, an
XML attribute or text of a page, a field of a collection's line), read by its reader: no error
and no warning carries more than `BOUND` characters of it in a row. Then the command line: a
huge value in every option that names something (--sets, --select, --start, --collection ...),
in a link, an output name or a folder's file names; every line mapkit says is bounded.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import CORPUS, ROOT
from mapkit import api, registry
from mapkit.errors import MAX_WHERE, FormatError, MapkitError
from mapkit.model.map import Map

#: The most characters of a planted value any message may carry in a row.
BOUND = MAX_WHERE
#: The longest line mapkit may say on stderr about a refused input (an error is one line).
LINE = 1000

PLANTS = ["Z" * 5000, "9" * 5000]

#: One small real file of each format to plant values in.
_CORPUS = CORPUS if CORPUS is not None else Path("(no corpus)")
FILES = {
    "mapkit": ROOT / "samples" / "maps" / "street.mapkit.json",
    "hexoscape": _CORPUS / "hexoscape" / "Welcome.json",
    "glasq": _CORPUS / "glasq-xhtml" / "Aveniul'sThreshold.html",
    "mapkit-book": ROOT / "samples" / "books" / "bungalow.book.json",
    "vsc": _CORPUS / "vsc" / "test_collection.vsc",
    "hexoscape-inventory": _CORPUS / "hexoscape" / "inventory_template.tsv",
    "set-list": ROOT / "samples" / "collections" / "two-masters.sets.txt",
}

PLANTED = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def carries_too_much(text: str, plant: str) -> bool:
    return plant[0] * (BOUND + 1) in text


def said(fmt: registry.FileFormat, data: bytes) -> list[str]:
    """What reading `data` as `fmt` says: its error, or its warnings (a map's as every command
    says them, `api.reader_warnings`)."""
    warnings: list[str] = []
    try:
        if fmt.kind == "collection":
            fmt.module.read_collection(data, filename="x", warnings=warnings)
        else:
            doc = fmt.module.read(data, filename="x")
            if isinstance(doc, Map):
                warnings += api.reader_warnings(doc)  # what a command says of it
            else:
                warnings += [str(w) for w in getattr(doc, "warnings", None) or ()]
    except FormatError as exc:
        warnings.append(str(exc))
    return warnings


# -- where a value is planted, by the shape of the file -------------------------------------------

def _json_places(doc: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], bool]]:
    """Every (path, is_key) of a JSON document: each value, and each key of an object."""
    out = [(path, False)]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out.append((path + (k,), True))
            out += _json_places(v, path + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _json_places(v, path + (i,))
    return out


_MARK = "\u0000PLANT\u0000"


def plant_json(text: str, place: tuple[tuple[Any, ...], bool], plant: str, as_number: bool) -> bytes:
    doc = json.loads(text)
    path, is_key = place
    if not path:
        return (plant if as_number else json.dumps(plant)).encode()
    parent = doc
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if is_key:
        parent[plant] = parent.pop(last)
        return json.dumps(doc).encode()
    parent[last] = _MARK
    out = json.dumps(doc)
    return out.replace(json.dumps(_MARK), plant if as_number else json.dumps(plant)).encode()


_ATTRIBUTE = re.compile(r'="([^"]*)"|>([^<]+)<')


def plant_text(text: str, pattern: re.Pattern[str], index: int, plant: str) -> bytes:
    """`text` with the `index`-th match of `pattern` (its first group that matched) replaced."""
    matches = [m for m in pattern.finditer(text)]
    m = matches[index % len(matches)]
    group = 1 if m.group(1) is not None else 2
    return (text[:m.start(group)] + plant + text[m.end(group):]).encode()


_FIELD = re.compile(r"([^\s,=\t;]+)")


def _fmt(name: str) -> registry.FileFormat:
    return next(f for f in registry.formats() if f.name == name)


def _file(name: str) -> Path:
    path = FILES[name]
    if not path.is_file():
        pytest.skip(f"{path} is absent (the corpus is read from ../shared/corpus or MAPKIT_CORPUS)")
    return path


def test_every_format_that_reads_text_has_a_file_to_plant_in():
    assert {f.name for f in registry.formats()} - set(FILES) == {"hsc", "hexoscape-url"}  # binary; a link below


@pytest.mark.parametrize("name", ["mapkit", "hexoscape", "mapkit-book"])
@PLANTED
@given(data=st.data())
def test_a_huge_json_value_or_key_is_quoted_by_an_excerpt(name, data):
    text = _file(name).read_text(encoding="utf-8")
    places = _json_places(json.loads(text))
    place = data.draw(st.sampled_from(places), label="place")
    plant = data.draw(st.sampled_from(PLANTS), label="plant")
    planted = plant_json(text, place, plant, as_number=plant[0] == "9" and data.draw(st.booleans(), label="number"))
    for line in said(_fmt(name), planted):
        assert not carries_too_much(line, plant) and len(line) <= LINE, (place, line[:400])


@pytest.mark.parametrize("name", ["glasq"])
@PLANTED
@given(data=st.data())
def test_a_huge_attribute_or_text_of_a_page_is_quoted_by_an_excerpt(name, data):
    text = _file(name).read_text(encoding="utf-8")
    index = data.draw(st.integers(0, 10**6), label="where")
    plant = data.draw(st.sampled_from(PLANTS), label="plant")
    for line in said(_fmt(name), plant_text(text, _ATTRIBUTE, index, plant)):
        assert not carries_too_much(line, plant), (index, line[:400])


@pytest.mark.parametrize("name", ["vsc", "hexoscape-inventory", "set-list"])
@PLANTED
@given(data=st.data())
def test_a_huge_field_of_a_collection_is_quoted_by_an_excerpt(name, data):
    text = _file(name).read_text(encoding="utf-8")
    index = data.draw(st.integers(0, 10**6), label="where")
    plant = data.draw(st.sampled_from(PLANTS), label="plant")
    for line in said(_fmt(name), plant_text(text, _FIELD, index, plant)):
        assert not carries_too_much(line, plant) and len(line) <= LINE, (index, line[:400])


# -- the command line ------------------------------------------------------------------------------

BIG, DIGITS = "Z" * 5000, "9" * 5000
MAP = ROOT / "samples" / "maps" / "twin-rivers.hsc"
BOOK = ROOT / "samples" / "books" / "bungalow.book.json"


def _cases(tmp: Path) -> dict[str, list[str]]:
    deep = tmp / ("d" * 200) / ("e" * 200) / ("f" * 200) / ("g" * 200)
    deep.mkdir(parents=True)
    (deep / ("bad" + "b" * 200 + ".hsc")).write_bytes(b"\0" * 20)
    m, b = str(MAP), str(BOOK)
    return {
        "--sets": ["inventory", m, "--sets", BIG],
        "--sets, many": ["inventory", m, "--sets", ",".join(["Q" * 40] * 200)],
        "--collection": ["inventory", m, "--collection", "2x" + BIG],
        "--select": ["validate", m, "--select", BIG],
        "--ignore": ["validate", m, "--ignore", ",".join(["Q" * 40] * 200)],
        "--set": ["validate", m, "--set", BIG + "=1"],
        "--set value": ["validate", m, "--set", "vehicle_rules=" + BIG],
        "--set number": ["validate", m, "--set", "contest_hexes=" + DIGITS],
        "--start": ["analyze", m, "--start", BIG],
        "--start digits": ["analyze", m, "--start", DIGITS + ",0,1"],
        "--scenario": ["info", m, "--scenario", DIGITS],
        "--room": ["info", m, "--room", BIG],
        "--from": ["info", m, "--from", BIG],
        "--to": ["convert", m, str(tmp / "x.hsc"), "--to", BIG],
        "--level": ["render", m, "-o", str(tmp / "r.png"), "--level", DIGITS],
        "--move": ["analyze", m, "--move", BIG],
        "--base-diameter": ["overlay", b, "--base-diameter", DIGITS],
        "--paper": ["print", m, "-o", str(tmp / "p.pdf"), "--paper", BIG],
        "rules CODE": ["rules", BIG],
        "a command": [BIG],
        "an option": ["info", m, "--" + BIG],
        "an argument": ["info", m, BIG],
        "a share link": ["info", "https://hexoscape.com/?m=" + BIG],
        "an output in no folder": ["convert", m, str(tmp / (("a" * 200 + "/") * 20) / "x.hsc")],
        "an output's extension": ["convert", m, str(tmp / ("x." + "q" * 250))],
        "-o of a report": ["info", m, "-o", str(tmp / (("a" * 200 + "/") * 20) / "x.txt")],
        "a missing file": ["info", str(tmp / (("n" * 200 + "/") * 20) / "m.hsc")],
        "a file name the system refuses": ["validate", str(tmp / ("L" * 300 + ".hsc"))],  # was exit 3
        "a file name the system refuses, converted": ["convert", str(tmp / ("L" * 300 + ".hsc")), "--to", "hsc",
                                                      "-d", str(tmp / "out3")],
        "a collection of a name the system refuses": ["inventory", m, "--collection", str(tmp / ("L" * 300 + ".vsc"))],
        "a folder's file names": ["validate", str(tmp / ("d" * 200)), "-v"],
        "a folder's file names, converted": ["convert", str(tmp / ("d" * 200)), "--to", "hsc", "-d",
                                             str(tmp / "out"), "-v"],
    }


def test_every_line_mapkit_says_of_a_huge_input_is_bounded(tmp_path):
    """Each case is refused (exit 2) in lines of at most LINE characters, none quoting more than
    BOUND characters of the huge value in a row, even with --verbose."""
    failures = []
    for name, args in _cases(tmp_path).items():
        done = subprocess.run([sys.executable, "-m", "mapkit", *args], capture_output=True, text=True, timeout=120)
        lines = done.stderr.splitlines()
        longest = max(map(len, lines), default=0)
        if done.returncode != 2 or not lines or longest > LINE or any(c * (BOUND + 1) in done.stderr for c in "Z9L"):
            failures.append(f"{name}: exit {done.returncode}, {len(lines)} line(s), longest {longest}: "
                            f"{done.stderr[:200]!r}")
    assert not failures, "\n".join(failures)


def test_a_bug_message_is_bounded_too(monkeypatch, capsys):
    """Even an internal error (exit 3) says one bounded line, whatever its exception quotes."""
    import mapkit.cli as cli

    def boom(args: Any) -> int:
        raise ValueError("bad " + BIG)

    monkeypatch.setattr("mapkit.cli.info.run", boom)
    assert cli.main(["info", str(MAP)]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) <= LINE and "Z" * (BOUND + 1) not in err


def test_an_error_of_the_library_is_one_bounded_line():
    from mapkit.errors import bounded

    line = bounded("unknown set id(s) " + BIG + " " + "word " * 2000)
    assert "\n" not in line and len(line) <= LINE and "Z" * (BOUND + 1) not in line
    assert line.startswith("unknown set id(s) ZZZ") and line.endswith("characters)")
    assert bounded("/a/short/path.hsc: line 3: unknown piece 'x'") == "/a/short/path.hsc: line 3: unknown piece 'x'"
    assert isinstance(MapkitError("x"), Exception)


def test_a_placed_book_of_a_huge_name_is_a_finding_not_a_bug(tmp_path):
    """A Book placed under a 5,000-character name: `Path.is_file` raised 'File name too long'
    (exit 3, internal error); now the Book cannot be read, and C001 names it by an excerpt."""
    doc = json.loads((ROOT / "samples" / "maps" / "street.mapkit.json").read_text(encoding="utf-8"))
    doc["buildings"][0]["book"] = BIG
    path = tmp_path / "big.mapkit.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    info = subprocess.run([sys.executable, "-m", "mapkit", "info", str(path)], capture_output=True, text=True,
                          timeout=120)
    assert info.returncode == 0 and "internal error" not in info.stderr, info.stderr
    done = subprocess.run([sys.executable, "-m", "mapkit", "validate", str(path), "--profile", "c3g"],
                          capture_output=True, text=True, timeout=120)
    c001 = [line for line in done.stdout.splitlines() if "C001" in line and "building 1" in line]
    assert done.returncode == 1 and len(c001) == 1, done.stdout + done.stderr
    assert "File name too long" in c001[0] and len(c001[0]) < 400 and "Z" * (BOUND + 1) not in c001[0]


def test_the_readme_says_the_bound_the_code_keeps():
    from mapkit.errors import MAX_LINE

    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert f"an error is one line of at most {MAX_LINE:,} characters" in readme
    assert LINE == MAX_LINE
