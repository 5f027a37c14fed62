"""Damaged files of every kind, fed to the commands: never exit 3, never a traceback; a refusal is
one line on stderr (exit 2) and leaves no output file behind (issue 14).

Two parts:
- the seed corpus: each case of the issue's "Why" list (and its neighbours) as a test of its own;
- mutations (Hypothesis) of every corpus and sample file: truncation, bit flips, spliced bytes,
  huge and non-finite numbers, deep nesting, duplicated keys and runs, each file also under a
  misleading name, run through `info`, `validate`, `convert`, `overlay` and `inventory`.

CI runs a bounded number of mutations (the "ci" profile replays the same ones every run); the long
run is on demand: `MAPKIT_FUZZ_EXAMPLES=20000 python -m pytest -q tests/test_fuzz_files.py`
(each example is one command on one file, about 0.05-0.5 s; more than 1,000 examples also runs
the seed cases at the issue's full sizes).
"""

from __future__ import annotations

import contextlib
import gzip
import io
import json
import math
import os
import re
import tempfile
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import CORPUS, ROOT, corpus_file
from mapkit import limits, records
from mapkit.cli import main
from mapkit.formats import write_map
from mapkit.model.map import Map, Piece

EXAMPLES = int(os.environ.get("MAPKIT_FUZZ_EXAMPLES", "100"))
LONG = EXAMPLES > 1000  # the long run also feeds the seed cases at the full sizes
SAMPLE_MAP = ROOT / "samples" / "maps" / "twin-rivers.hsc"


def run(*args) -> tuple[int, str, str]:
    """`mapkit ARGS` in this process; (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in args])
    return code, out.getvalue(), err.getvalue()


def assert_handled(code: int, out: str, err: str, output: Path | None = None) -> None:
    """Not a bug (exit 3) nor a traceback; a refusal is one line and writes nothing."""
    assert code in (0, 1, 2), (code, err[-2000:])
    assert "Traceback" not in err and "internal error" not in err, err[-2000:]
    if code == 2:
        lines = [line for line in err.splitlines() if not line.startswith(("mapkit: warning", "  "))
                 and ": warning: " not in line and ": dropped: " not in line]
        assert len(lines) == 1 and lines[0].startswith("mapkit: "), err[-2000:]
        if output is not None:
            assert not output.exists(), "a refused command left an output behind"
            assert not [p for p in output.parent.iterdir() if p.name.endswith(".part")], "a temporary file was left"


# -- the seed corpus: the cases --------------------------------------------------------
def stack(n: int) -> Map:
    return Map(pieces=[Piece("grass-1", 0, 0, 0) for _ in range(n)])


def expanding_link(rounds: int) -> str:
    """A share link of a few hundred characters naming 2**rounds grass tiles in one hex: crushed
    as JSONCrush does, each round replacing two copies of the last round's character by one."""
    from urllib.parse import quote

    from mapkit.formats.hexoscape import jsoncrush, url

    units = jsoncrush.swap(jsoncrush.to_code_units(url.payload(stack(2 ** rounds))), forward=True)
    start = units.index("~0,")
    sub = units[start:units.index("g1'", start) + 3]  # one piece
    free = [c for c in reversed(jsoncrush.REPLACEMENT_CHARACTERS) if c not in units]
    order = ""
    for char in free[:rounds]:
        units = units.replace(sub, char) + char + sub
        order = char + order
        sub = char + char
    crushed = jsoncrush.from_code_units(units + jsoncrush.DELIMITER + order + "_")
    return url.BASE_URL + "?m=" + quote(crushed, safe="") + "\n"


def polygon_book(vertices: int) -> str:
    ring = [[round(900 * math.cos(2 * math.pi * i / vertices), 3), round(900 * math.sin(2 * math.pi * i / vertices), 3)]
            for i in range(vertices)]
    return json.dumps({"name": "round", "kind": "enclosed", "footprint": {"polygon": ring}})


def test_why_1000_and_5000_pieces_in_one_hex_are_a_few_findings(tmp_path):
    for n in (1000, 5000):
        path = tmp_path / f"stack{n}.hsc"
        write_map(stack(n), path)
        code, out, err = run("validate", path, "--format", "json")
        assert code == 1, err
        assert len(json.loads(out)) < 10 and len(out) < 10_000


def test_why_a_share_link_of_131072_pieces_is_read_and_checked(tmp_path):
    rounds = 17 if LONG else 12  # the 131,072 pieces in the long run; 4,096 in CI
    path = tmp_path / "many.url"
    path.write_text(expanding_link(rounds))
    assert len(path.read_text()) < 300
    code, out, err = run("info", path, "--json")
    assert code == 0 and json.loads(out)["pieces"] == 2 ** rounds, err
    code, out, err = run("validate", path, "--format", "json")
    assert code == 1 and len(json.loads(out)) < 10, err


def test_why_a_share_link_expanding_past_the_limit_is_refused(tmp_path):
    from test_limits import doubling_link  # each round quadruples the text

    path = tmp_path / "bomb.url"
    path.write_text("https://hexoscape.com/?m=" + doubling_link(24) + "\n")
    code, out, err = run("validate", path)
    assert_handled(code, out, err)
    assert code == 2 and "share-link expansion" in err


def test_why_a_book_of_200000_vertices_is_overlaid_or_refused_naming_the_limit(tmp_path, monkeypatch):
    # it used to be refused after 5 s, quoting the start of the polygon and never saying why
    path = tmp_path / "round.book.json"
    if LONG:
        path.write_text(polygon_book(200_000))
        code, out, err = run("overlay", path, "--json")
        assert_handled(code, out, err)
        assert code == 0 or "Book vertices" in err, err
    monkeypatch.setattr(limits, "BOOK_VERTICES", records.replace(limits.BOOK_VERTICES, value=10_000))
    path.write_text(polygon_book(10_001))
    code, out, err = run("overlay", path)
    assert_handled(code, out, err)
    assert code == 2 and "Book vertices" in err and "$.footprint.polygon" in err and "[[" not in err


@pytest.mark.parametrize("name, text, what", [
    ("deep.book.json", '{"name": "x", "kind": "enclosed", "notes": ' + "[" * 100_000 + "]" * 100_000 + "}",
     "nesting depth"),
    ("digits.book.json", '{"name": "x", "kind": "enclosed", "height": ' + "9" * 5000 + "}", "digits in a number"),
    ("digits.json", '{"hexMap": {"id": "x", "width": ' + "9" * 5000 + ', "length": 2}, "boardPieces": {}}',
     "digits in a number"),
    ("digits.vsc", "[Collection]\nGrass1=" + "9" * 5000 + "\n", "digits in a number"),
    ("digits.tsv", "ID\tType\tSize\tCount\ngrass1\tGrass\t1\t" + "9" * 5000 + "\n", "digits in a number"),
    ("deep.json", "[" * 100_000 + "]" * 100_000, "nesting depth"),
])
def test_why_huge_numbers_and_deep_nesting_are_named(tmp_path, name, text, what):
    path = tmp_path / name
    path.write_text(text)
    if name.endswith((".vsc", ".tsv")):
        args = ("inventory", SAMPLE_MAP, "--collection", path)
    elif name.endswith(".book.json"):
        args = ("overlay", path)
    else:
        args = ("info", path)
    code, out, err = run(*args)
    assert_handled(code, out, err)
    assert code == 2 and what in err and "line " in err, err


@pytest.mark.parametrize("value", ["1e400", "-1e400", "NaN", "Infinity"])
def test_why_a_rotation_of_1e400_in_a_native_map_is_named(tmp_path, value):
    source = (ROOT / "samples" / "maps" / "twin-rivers.mapkit.json").read_text()
    path = tmp_path / "rot.mapkit.json"
    path.write_text(re.sub(r'"rotation": \d+', f'"rotation": {value}', source, count=1))
    code, out, err = run("convert", path, tmp_path / "out.hsc")
    assert_handled(code, out, err, tmp_path / "out.hsc")
    assert code == 2 and "line " in err and ("not finite" in err or value in err), err


def test_why_a_gzip_inflating_past_the_limit_stops_before_the_memory_is_spent(tmp_path, monkeypatch):
    # the 66 MB gzip of 3 million pieces, scaled down by lowering the limit (the full size
    # runs in benchmarks/: a 2.9-million-piece map reads in `info`)
    from mapkit.formats import hexoscape

    monkeypatch.setattr(limits, "DECOMPRESSED_BYTES", records.replace(limits.DECOMPRESSED_BYTES, value=50_000))
    monkeypatch.setattr(hexoscape, "STREAMED_BYTES", 50_000)
    path = tmp_path / "bomb.json.gz"
    path.write_bytes(gzip.compress(b'{"hexMap": {"id": "x"}, "boardPieces": {' + b" " * 10_000_000 + b"}}"))
    code, out, err = run("info", path)
    assert_handled(code, out, err)
    assert code == 2 and "decompressed size" in err


@pytest.mark.parametrize("command", ["validate", "report", "convert", "overlay"])
def test_why_an_output_onto_its_input_is_refused_and_the_input_kept(tmp_path, command):
    book = tmp_path / "b.book.json"
    book.write_bytes((ROOT / "samples" / "books" / "bungalow.book.json").read_bytes())
    page = tmp_path / "m.html"
    page.write_bytes(corpus_file("glasq-xhtml/hsbf0001_TableOfTheGiants.html").read_bytes())
    write_map(stack(3), tmp_path / "m.mapkit.json")
    source = {"validate": tmp_path / "m.mapkit.json", "convert": tmp_path / "m.mapkit.json", "overlay": book,
              "report": page}[command]
    before = source.read_bytes()
    link = tmp_path / ("link" + "".join(source.suffixes))
    link.symlink_to(source.name)
    for target in (source, link):
        args = {"validate": ("validate", source, "-o", target), "convert": ("convert", source, target),
                "overlay": ("overlay", source, "-o", target), "report": ("report", source, "-o", target)}[command]
        code, out, err = run(*args)
        assert_handled(code, out, err)
        assert code == 2 and source.read_bytes() == before, err


def test_why_info_onto_a_full_disk_is_one_line(tmp_path):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full on this system")
    import subprocess
    import sys

    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "mapkit", "info", str(SAMPLE_MAP)], stdout=full,
                              stderr=subprocess.PIPE, text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "No space left" in proc.stderr


def test_why_hsc_to_hexoscape_names_what_it_drops(tmp_path):
    code, out, err = run("convert", SAMPLE_MAP, tmp_path / "out.url")  # (Hexoscape JSON carries it in its notes)
    assert_handled(code, out, err, tmp_path / "out.url")
    # a named glyph's letter rides in the editor's glyph id (y2..y65), which a share link keeps
    assert code == 2 and "players ('2')" in err and "glyph letters" not in err


# -- mutations of every corpus and sample file --------------------------------------------------
def seed_files() -> list[Path]:
    found = sorted((ROOT / "samples").rglob("*.json")) + sorted((ROOT / "samples").rglob("*.hsc"))
    if CORPUS is not None:
        found += sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.suffix != ".md")
    return found


SEEDS = seed_files()


@lru_cache(maxsize=None)
def seed_bytes(path: Path) -> bytes:
    return path.read_bytes()


HUGE = [b"1e400", b"-1e400", b"NaN", b"Infinity", b"9" * 5000, b"9" * 41, b"-0", b"1e-400", b"2147483648",
        b"-2147483649", b"4294967296", b"18446744073709551616", b"0.5", b"1e308", b"-1"]
NESTS = [b"[" * 5000, b'{"a":' * 3000, b"<g>" * 3000, b"[" * 99, b"{" * 200]


def mutate(data: bytes, ops: list[tuple[str, int, int]]) -> bytes:
    """Apply each (operation, a, b) in turn; a and b pick the places and the values."""
    b = bytearray(data)
    for op, x, y in ops:
        if not b:
            break
        i = x % len(b)
        if op == "truncate":
            del b[i:]
        elif op == "flip":
            b[i] ^= 1 << (y % 8)
        elif op == "splice":
            b[i:i + y % 9] = bytes((y >> 8) % 256 for _ in range((y >> 4) % 9))
        elif op == "huge":
            digits = list(re.finditer(rb"-?\d+(?:\.\d+)?", bytes(b)))
            if digits:
                m = digits[y % len(digits)]
                b[m.start():m.end()] = HUGE[x % len(HUGE)]
            else:
                b[i:i] = HUGE[y % len(HUGE)]
        elif op == "nest":
            b[i:i] = NESTS[y % len(NESTS)]
        elif op == "duplicate key":
            keys = list(re.finditer(rb'"[A-Za-z_]+"\s*:\s*("[^"]*"|-?[\d.]+|true|false|null)\s*,', bytes(b)))
            if keys:
                m = keys[y % len(keys)]
                b[m.start():m.start()] = m.group(0)[:-1] + b"," if y % 2 else m.group(0)
        elif op == "duplicate run":
            j = y % len(b)
            b[i:i] = b[j:j + 1 + (x >> 8) % 300]
    return bytes(b)


OPS = st.lists(st.tuples(st.sampled_from(["truncate", "flip", "splice", "huge", "nest", "duplicate key",
                                          "duplicate run"]),
                         st.integers(0, 2 ** 32), st.integers(0, 2 ** 32)), min_size=1, max_size=3)
NAMES = st.sampled_from([None, "x.json", "x.hsc", "x.html", "x.txt", "x.url", "x.json.gz", "x.book.json",
                         "x.vsc", "x.tsv", "x.mapkit.json"])
COMMANDS = st.sampled_from(["info", "validate", "convert", "overlay", "inventory"])


@pytest.mark.skipif(not SEEDS, reason="no seed files")
@settings(max_examples=EXAMPLES, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(seed=st.sampled_from(SEEDS), ops=OPS, name=NAMES, command=COMMANDS, gz=st.booleans())
def test_a_damaged_file_is_never_a_bug(seed, ops, name, command, gz):
    data = mutate(seed_bytes(seed), ops)
    name = name or seed.name
    if name.endswith(".gz") and gz:
        data = gzip.compress(data, mtime=0)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(data)
        out = Path(folder) / "out" / "result.mapkit.json"
        out.parent.mkdir()
        if command == "convert":
            args: tuple = ("convert", path, out, "--allow-loss")
        elif command == "inventory":
            args = ("inventory", SAMPLE_MAP, "--collection", path) if name.endswith((".vsc", ".tsv", ".csv")) \
                else ("inventory", path)
        elif command == "overlay":
            args = ("overlay", path, "--json")
        else:
            args = (command, path) + (("--json",) if command == "info" else ())
        code, stdout, stderr = run(*args)
        assert_handled(code, stdout, stderr, out if command == "convert" else None)
        if code == 2 and command != "validate":
            assert stdout == "", "a refused command printed a partial result"
