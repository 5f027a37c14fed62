"""A file's format is decided by what is in it; its name only breaks a tie (issue 11, item 6)."""

from __future__ import annotations

import gzip
import json
import shutil
import sys
import types
from pathlib import Path

import pytest

from conftest import corpus_file
from mapkit import registry
from mapkit.formats import read_map

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "samples" / "books" / "bungalow.book.json"
MAP = ROOT / "samples" / "maps" / "twin-rivers.hsc"


def hexoscape_map() -> bytes:
    return json.dumps({"hexMap": {"id": "1", "name": "Renamed", "shape": "rectangle", "width": 3, "length": 3},
                       "boardPieces": {"0~0~0~0~g7": "g7"}}).encode()


def test_a_book_saved_as_json_is_a_book_to_every_command(cli, tmp_path):
    box = tmp_path / "box.json"  # the name says Hexoscape
    shutil.copy(BOOK, box)
    code, out, err = cli("validate", box)
    assert code == 0 and "hexMap" not in err, err  # checked by the Book rules, not read as a map
    assert cli("overlay", box, "--json")[0] == 0
    plan = tmp_path / "plan.pdf"
    code, _, err = cli("print", box, "-o", plan)
    assert code == 0 and plan.read_bytes().startswith(b"%PDF"), err
    code, _, err = cli("info", box)
    assert code == 2 and "a C3G Book, not a map" in err and "hexMap" not in err


def test_a_hexoscape_map_under_a_misleading_name_reads_as_hexoscape(cli, tmp_path):
    for name in ("map.txt", "map.hsc", "map.book.json", "map"):
        path = tmp_path / name
        path.write_bytes(hexoscape_map())
        m = read_map(path)
        assert (m.source_format, m.name, len(m.pieces)) == ("hexoscape", "Renamed", 1), name
    code, out, err = cli("info", tmp_path / "map.book.json", "--json")
    assert code == 0 and json.loads(out)["format"] == "hexoscape", err


def test_real_files_under_other_names(tmp_path):
    page = corpus_file("glasq-xhtml/hsbf0001_TableOfTheGiants.html")
    hexo = corpus_file("hexoscape/Welcome.json")
    for source, fmt in ((page, "glasq"), (hexo, "hexoscape"), (MAP, "hsc")):
        for name in ("copy.htm", "copy.xhtml", "copy.txt", "copy.json"):
            target = tmp_path / name
            shutil.copy(source, target)
            assert read_map(target).source_format == fmt, (source.name, name)


def test_from_still_forces_a_format(cli, tmp_path):
    path = tmp_path / "map.txt"
    path.write_bytes(hexoscape_map())
    code, _, err = cli("info", path, "--from", "hsc")
    assert code == 2 and "map.txt" in err  # the VirtualScape reader's own error, not a Hexoscape map
    assert read_map(path, "hexoscape").name == "Renamed"


def test_the_name_decides_when_the_content_says_nothing(cli, tmp_path):
    damaged = tmp_path / "ruin.hsc"
    damaged.write_bytes(b"\x00" * 40)
    code, _, err = cli("info", damaged)
    assert code == 2 and "ruin.hsc" in err and "cannot tell the format" not in err  # the .hsc reader's error
    unknown = tmp_path / "notes.txt"
    unknown.write_bytes(b"just some notes\n")
    code, _, err = cli("info", unknown)
    assert code == 2 and "cannot tell the format from the name or the content" in err


def test_the_name_breaks_a_tie_and_a_plugin_format_joins_detection(tmp_path, monkeypatch):
    """Two formats equally sure of gzip: the one the name gives wins; either way round."""
    module = types.ModuleType("mapkit_test_gzformat")
    module.sniff = lambda head: 0.5 if head.startswith(b"\x1f\x8b") else 0.0
    module.read = lambda data, filename="": None
    monkeypatch.setitem(sys.modules, "mapkit_test_gzformat", module)
    monkeypatch.setattr(registry, "_TABLES", {k: list(v) for k, v in registry._TABLES.items()})
    other = registry.register(registry.FileFormat("other-gz", "map", "mapkit_test_gzformat", (".other.gz",), "test"))
    packed = gzip.compress(hexoscape_map())
    assert registry.detect("a.other.gz", packed) == other
    assert registry.detect("a.json.gz", packed).name == "hexoscape"
    assert registry.detect("a.bin", packed).name == "hexoscape"  # no name to help: the first registered
    assert registry.get("other-gz") == other


def test_a_collection_is_known_by_its_content(cli, tmp_path):
    mapfile = tmp_path / "one.mapkit.json"
    mapfile.write_text('{"format": "mapkit", "version": 1, "pieces": [{"type": "grass-24", "q": 0, "r": 0, "z": 0}]}')
    mine = tmp_path / "mine.txt"
    mine.write_text("[Collection]\nGrass24=1\n")
    code, out, err = cli("inventory", mapfile, "--collection", mine, "--json")
    assert code == 0 and json.loads(out)["missing"] == [], err
    code, _, err = cli("info", mine)
    assert code == 2 and "piece collection" in err
