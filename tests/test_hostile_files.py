"""Hostile and awkward files (issue 32, items 1 and 2): every size checked before the work it
bounds, special files never opened, and no input cut short without a word. Each file is built
here, small, for the case."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT, run_subprocess

STREET = ROOT / "samples" / "maps" / "street.mapkit.json"
HSC = ROOT / "samples" / "maps" / "twin-rivers.hsc"


# -- item 1: bounded before work ------------------------------------------------------------------
def test_a_book_of_a_million_floors_is_refused_at_once(cli, tmp_path):
    """1,000,000 floors (15 MB, under the Book size): the schema's 200 is checked before the schema
    walks them (it took 90 s); the whole command, parse included, in about a second."""
    book = json.loads((ROOT / "samples" / "books" / "bungalow.book.json").read_text(encoding="utf-8"))
    book["floors"] = [{"height": 1}] * 1_000_000
    path = tmp_path / "floors.book.json"
    path.write_text(json.dumps(book), encoding="utf-8")
    from mapkit.books.load import book_json
    from mapkit.books.schema import book_errors
    from mapkit.limits import LimitError

    doc = book_json(path.read_bytes(), str(path))
    started = time.perf_counter()
    with pytest.raises(LimitError, match=r"\$\.floors: 1,000,000 items, past mapkit's limit of 200 \(floors in a Book"):
        book_errors(doc, str(path))
    assert time.perf_counter() - started < 0.5
    for command in ("validate", "overlay"):
        code, out, err = cli(command, path)
        assert code == 2 and "(floors in a Book; see docs/limits.md)" in err and err.count("\n") == 1, err


def test_a_thirty_megabyte_share_link_is_refused_before_decoding(tmp_path):
    path = tmp_path / "huge.url"
    path.write_bytes(b"https://hexoscape.com/?m=" + b"%25" * 10_000_000)
    done = run_subprocess("info", path)
    assert done.returncode == 2 and "(share-link length; see docs/limits.md)" in done.stderr, done.stderr
    assert "30,000,025 bytes" in done.stderr


def _fifo(folder: Path, name: str = "pipe.hsc") -> Path:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes on this system")
    path = folder / name
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("args", [("validate", "{dir}", "-j", "2"), ("convert", "{dir}", "-d", "{out}", "--to", "hsc"),
                                  ("validate", "{dir}")])
def test_a_named_pipe_in_a_folder_is_skipped_never_opened(tmp_path, args):
    folder = tmp_path / "maps"
    folder.mkdir()
    (folder / "street.mapkit.json").write_bytes(STREET.read_bytes())
    _fifo(folder)
    argv = [a.format(dir=folder, out=tmp_path / "out") for a in args]
    try:
        done = run_subprocess(*argv, *(("--allow-loss",) if "convert" in argv else ()), timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail(f"mapkit {' '.join(argv)} waited for a writer on the named pipe")
    assert done.returncode in (0, 1), done.stderr
    assert "a named pipe (FIFO), not a file: never opened: pipe.hsc" in done.stderr, done.stderr
    assert (folder / "pipe.hsc").exists()


def test_a_named_pipe_where_a_batch_would_write_is_refused_never_opened(tmp_path):
    """convert DIR -d OUT with a named pipe at OUT/street.hsc hung for ever, opening it to write
    (a batch names its outputs after its inputs: a special file there is not one it was given)."""
    folder, out = tmp_path / "maps", tmp_path / "out"
    folder.mkdir()
    out.mkdir()
    (folder / "street.mapkit.json").write_bytes(STREET.read_bytes())
    _fifo(out, "street.hsc")
    try:
        done = run_subprocess("convert", folder, "-d", out, "--to", "hsc", "--allow-loss", timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail("mapkit convert -d waited for a reader on the named pipe it would write")
    assert done.returncode == 2 and "is a named pipe (FIFO), not a file" in done.stderr, done.stderr
    assert "the output cannot be written" in done.stderr, done.stderr


def test_a_named_pipe_in_a_folder_is_named_as_skipped(tmp_path):
    folder = tmp_path / "maps"
    folder.mkdir()
    (folder / "street.mapkit.json").write_bytes(STREET.read_bytes())
    _fifo(folder)
    from mapkit.batch import walk

    sources, skipped = walk([folder])
    assert [s.path.name for s in sources] == ["street.mapkit.json"]
    assert [(s.path.name, s.reason) for s in skipped] == [("pipe.hsc", "a named pipe (FIFO), not a file: never opened")]


@pytest.mark.parametrize("command", ["info", "validate", "render"])
def test_a_named_pipe_given_directly_is_refused_in_one_line(tmp_path, command):
    pipe = _fifo(tmp_path)
    extra = ("-o", str(tmp_path / "x.png")) if command == "render" else ()
    try:
        done = run_subprocess(command, pipe, *extra, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail(f"mapkit {command} waited for a writer on the named pipe")
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "is a named pipe (FIFO), not a file" in done.stderr


def test_a_character_device_is_refused_but_standard_input_is_read(tmp_path):
    done = run_subprocess("info", "/dev/zero", timeout=60)
    assert done.returncode == 2 and "is a character device, not a file" in done.stderr
    done = run_subprocess("info", "-", input=STREET.read_text(encoding="utf-8"), timeout=60)
    assert done.returncode == 0, done.stderr
    done = run_subprocess("info", "/dev/stdin", input=STREET.read_text(encoding="utf-8"), timeout=60)
    assert done.returncode == 0, done.stderr


# -- item 2: never silently cut --------------------------------------------------------------------
def _page(first_level_extra: str = "") -> bytes:
    """A two-Level battlefield page; `first_level_extra` is put in its first Level picture,
    before its tiles."""
    from test_glasq import page, use

    return page([[first_level_extra, use("GS01", 0, 0), use("GS01", 45, 78)], [use("GS01", 0, 0)]])


@pytest.mark.parametrize("extra, limit", [
    ('<path d="' + "M0 0 " * 3_000_000 + '"/>', "markup text"),           # a 15 MB attribute
    ("<g>" * 300 + "</g>" * 300, "markup nesting"),                      # nested 300 deep
    ("<text>" + "x" * 11_000_000 + "</text>", "markup text"),            # an 11 MB text
])
def test_a_page_the_parser_stops_in_is_refused_naming_the_limit(cli, tmp_path, extra, limit):
    """lxml's recovery keeps only what came before a resource limit: the page read as 0 pieces with
    exit 0 (and `convert --allow-loss` wrote an empty map). Refused, naming the limit."""
    path = tmp_path / "cut.html"
    path.write_bytes(_page(extra))
    code, out, err = cli("info", path)
    assert code == 2 and out == "" and f"({limit}; see docs/limits.md)" in err and err.count("\n") == 1, err
    code, out, err = cli("convert", path, tmp_path / "cut.mapkit.json", "--allow-loss")
    assert code == 2 and not (tmp_path / "cut.mapkit.json").exists()


def test_a_mended_fault_keeps_everything_after_it(cli, tmp_path):
    """An unescaped & in a page is the documented recovery: every piece after it is read."""
    whole = _page()
    mended = _page("<text>fish & chips</text>")
    from mapkit.formats import read_map

    (tmp_path / "whole.html").write_bytes(whole)
    (tmp_path / "mended.html").write_bytes(mended)
    a, b = read_map(tmp_path / "whole.html"), read_map(tmp_path / "mended.html")
    assert len(a.pieces) == len(b.pieces) == 3
    assert any("malformed XML, recovered" in w for w in b.warnings)


def _hexoscape_text(tmp_path: Path) -> bytes:
    from mapkit.formats import read_map, write_map

    out = tmp_path / "m.json"
    write_map(read_map(HSC), out, allow_loss=True)
    return out.read_bytes()


def test_every_gzip_member_is_read(cli, tmp_path):
    """A .gz of two members (as `cat a.gz b.gz` makes) is the two texts one after the other, as
    `gzip -d` reads it: it was refused as 'Unterminated string'."""
    text = _hexoscape_text(tmp_path)
    cut = len(text) // 2
    for name, data in (("split.json.gz", gzip.compress(text[:cut]) + gzip.compress(text[cut:])),
                       ("whole.json.gz", gzip.compress(text))):
        (tmp_path / name).write_bytes(data)
    code, out, err = cli("info", tmp_path / "split.json.gz", "--json")
    assert code == 0, err
    assert out == cli("info", tmp_path / "whole.json.gz", "--json")[1]


@pytest.mark.parametrize("tail, words", [
    (lambda gz: gzip.compress(b"{}"), "Extra data"),              # a second member after a whole map
    (lambda gz: gz, "Extra data"),                                # the map twice
    (lambda gz: b"PADDING", "7 bytes after the gzip data that are not gzip"),
    (lambda gz: b"\0" * 512 + b"x", "513 bytes after the gzip data that are not gzip"),  # zeros, then data
    (lambda gz: b"\0" * 4 + gz, "bytes after the gzip data that are not gzip"),  # zeros, then a member
])
def test_what_follows_a_whole_gzipped_map_is_refused(cli, tmp_path, tail, words):
    whole = gzip.compress(_hexoscape_text(tmp_path))
    for name, data in (("hexoscape.json.gz", whole),):
        path = tmp_path / name
        path.write_bytes(data + tail(data))
        code, out, err = cli("info", path)
        assert code == 2 and words in err and err.count("\n") == 1, err


@pytest.mark.parametrize("members", [1, 2])
def test_zero_padding_after_the_last_gzip_member_is_read_as_gzip_reads_it(cli, tmp_path, members):
    """Zero bytes to the end of a .gz (a tape's or a block device's padding) are ignored by `gzip
    -d`, silently; they were refused as 'bytes after the gzip data'. Read as the file without
    them, by the streaming reader and by the general one (a mapkit JSON map gzipped)."""
    import shutil
    import subprocess

    from mapkit.formats.hexoscape import _stream

    text = _hexoscape_text(tmp_path)
    cut = len(text) // 2
    gz = gzip.compress(text) if members == 1 else gzip.compress(text[:cut]) + gzip.compress(text[cut:])
    plain, padded = tmp_path / "plain.json.gz", tmp_path / "padded.json.gz"
    plain.write_bytes(gz)
    padded.write_bytes(gz + b"\0" * 10_000)
    if shutil.which("gzip"):
        done = subprocess.run(["gzip", "-dc", str(padded)], capture_output=True)
        assert done.returncode == 0 and done.stdout == text and done.stderr == b""
    code, out, err = cli("info", padded, "--json")
    assert code == 0 and err == "", err
    assert out == cli("info", plain, "--json")[1]
    assert list(_stream.text_chunks(gz + b"\0" * 100, True, 1 << 30))  # the streaming reader takes it too
    native = tmp_path / "street.mapkit.json.gz"
    native.write_bytes(gzip.compress(STREET.read_bytes()) + b"\0" * 512)
    assert cli("info", native)[0] == 0


def test_what_follows_a_whole_json_map_is_refused(cli, tmp_path):
    for name, data in (("m.json", _hexoscape_text(tmp_path)), ("m.mapkit.json", STREET.read_bytes())):
        path = tmp_path / f"trailing-{name}"
        path.write_bytes(data + b'{"more": 1}')
        code, out, err = cli("info", path)
        assert code == 2 and "Extra data" in err, err
    native = tmp_path / "street.mapkit.json.gz"
    native.write_bytes(gzip.compress(STREET.read_bytes()) + b"trailing")
    code, out, err = cli("info", native)
    assert code == 2 and "8 bytes after the gzip data that are not gzip" in err, err


# -- item 4: a players field of "0" ------------------------------------------------------------------
def test_a_players_field_of_0_is_said_as_no_count_and_kept_by_every_conversion(cli, tmp_path):
    """VirtualScape's players field is free text, "0" where it was left unset (no map is for 0
    players): info said "players: 0" and convert to Hexoscape dropped it without a word."""
    from mapkit.formats import read_map, write_map
    from mapkit.model.map import Map, Piece

    source = tmp_path / "zero.hsc"
    write_map(Map(name="Zero", players="0", pieces=[Piece("grass-1", 0, 0, 0)]), source)
    code, out, err = cli("info", source)
    assert code == 0 and "players:  not given (the players field holds '0')" in out, out
    summary = json.loads(cli("info", source, "--json")[1])
    assert summary["players"] == "0" and summary["player_count"] is None
    for target in ("m.json", "m.mapkit.json", "m.hsc"):
        code, _, err = cli("convert", source, tmp_path / target)
        assert code == 0, err  # nothing lost, so nothing refused
        assert read_map(tmp_path / target).players == "0"
    code, _, err = cli("convert", source, tmp_path / "m.url")
    assert code == 2 and "players ('0')" in err  # a link blanks the notes that carry it: named


@pytest.mark.parametrize("field, count", [("00", None), ("-1", None), ("+0", None), ("2", "2"), ("2-4", "2-4")])
def test_a_players_field_that_counts_no_player_is_no_count(cli, tmp_path, field, count):
    """"0" was said as no count, but "00" and "-1" (as VirtualScape's free-text field may hold
    them) were said as "players: 00": a number of players under 1 is no count either."""
    from mapkit.formats import write_map
    from mapkit.model.map import Map, Piece

    source = tmp_path / "zero.hsc"
    write_map(Map(name="Zero", players=field, pieces=[Piece("grass-1", 0, 0, 0)]), source)
    summary = json.loads(cli("info", source, "--json")[1])
    assert summary["players"] == field and summary["player_count"] == count
    out = cli("info", source)[1]
    said = f"players:  not given (the players field holds {field!r})" if count is None else f"players:  {field}"
    assert said in out, out


def test_a_link_file_of_several_links_or_bytes_that_are_no_text_is_refused(cli, tmp_path):
    """A share link file was read by its first line, the rest left unread; a link percent-encoding
    bytes that are no UTF-8 was read with them replaced."""
    from mapkit.formats import read_map, write_map

    link = tmp_path / "one.url"
    write_map(read_map(HSC), link, allow_loss=True)
    text = link.read_text(encoding="utf-8").strip()
    (tmp_path / "two.url").write_text(text + "\n" + text + "\n", encoding="utf-8")
    code, _, err = cli("info", tmp_path / "two.url")
    assert code == 2 and "2 lines: a link file holds one link" in err, err
    (tmp_path / "bad.url").write_text(text.replace("?m=", "?m=%FF"), encoding="utf-8")
    code, _, err = cli("info", tmp_path / "bad.url")
    assert code == 2 and "bytes that are not UTF-8" in err, err


def test_a_set_letter_listed_many_times_is_said_once(cli, tmp_path):
    """Hexoscape's setsUsed lists a set's letter once per copy: 3,000,000 letters no set has (15 MB)
    were 3,000,000 warnings, 12 s and 420 MB to say ten of them; a letter is said once, with how
    often it is listed, and a known one counts its copies as before."""
    import time

    from mapkit.formats import read_map, write_map
    from mapkit.model.map import Map, Piece
    from mapkit.sets.sets import set_letters

    path = tmp_path / "m.json"
    write_map(Map(pieces=[Piece("grass-1", i, 0, 0) for i in range(3)]), path)
    doc = json.loads(path.read_text())
    letter, set_id = next(iter(set_letters().items()))
    doc["hexMap"]["setsUsed"] = ["?"] * 500_000 + [letter] * 3
    path.write_text(json.dumps(doc))
    started = time.perf_counter()
    code, out, err = cli("info", path)
    assert code == 0 and time.perf_counter() - started < 3
    assert err.splitlines() == [f"mapkit: {path}: warning: $.hexMap.setsUsed: unknown set letter '?' (left out), "
                                "listed 500,000 times"]
    assert read_map(path).attrs["sets_used"] == {set_id: 3}
