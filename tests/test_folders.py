"""Folders hold more than maps (issue 25, item 11): a file found in a folder whose name other
files share (.json, .html, .txt ...) is taken for a map only when its content says so, and a
piece collection is named as one; both are left alone, named in the summary, exit 0. A gzipped
mapkit JSON map is read as what its content is (it was taken for Hexoscape and refused)."""

from __future__ import annotations

import gzip
import json
import shutil

from conftest import ROOT
from mapkit.formats import read_map

SAMPLE = ROOT / "samples" / "maps" / "twin-rivers.mapkit.json"


def folder_of_things(tmp_path):
    folder = tmp_path / "maps"
    folder.mkdir()
    shutil.copyfile(SAMPLE, folder / "twin.mapkit.json")
    (folder / "maps_summary.json").write_text(json.dumps([{"name": "Twin Rivers", "votes": 3}]))
    (folder / "owned.txt").write_text("2 x RotV\n")
    (folder / "page.html").write_text("<html><body>not a battlefield</body></html>")
    return folder


def test_a_folder_leaves_files_that_are_not_maps_alone_and_names_them(cli, tmp_path):
    folder = folder_of_things(tmp_path)
    code, out, err = cli("validate", folder)
    assert code == 0 and "in 1 map" in out, (out, err)
    assert "(1 other file left alone: a piece collection, not a map: owned.txt)" in err, err
    assert "(2 other files left alone: neither its content nor its name says it is a map or a Book: " \
           "maps_summary.json, page.html)" in err, err
    assert "damaged" not in err
    code, out, err = cli("convert", folder, "--to", "hsc", "-d", tmp_path / "out", "--allow-loss")
    assert code == 0 and [p.name for p in (tmp_path / "out").iterdir()] == ["twin.hsc"], err


def test_a_damaged_map_in_a_folder_is_still_reported(cli, tmp_path):
    folder = folder_of_things(tmp_path)
    (folder / "cut.hsc").write_bytes(b"garbage")
    code, out, err = cli("validate", folder)
    assert code == 2 and "damaged or malformed" in err, err


def test_a_gzipped_mapkit_map_reads_as_mapkit_json(cli, tmp_path):
    packed = tmp_path / "twin.mapkit.json.gz"
    packed.write_bytes(gzip.compress(SAMPLE.read_bytes()))
    m = read_map(packed)
    assert m.source_format == "mapkit" and len(m.pieces) == len(read_map(SAMPLE).pieces)
    code, out, err = cli("convert", packed, tmp_path / "twin.hsc")
    assert code == 0, err


def test_a_folder_of_files_none_a_map_names_them_and_exits_0(cli, tmp_path):
    """`mapkit validate` of a folder holding only a non-map JSON (heroscape.org's maps_summary.json)
    said "no map or Book files in ..." and exited 2 (issue 25, item 11): it checks 0 maps, names
    what it left alone and why, and exits 0; `convert -d` too, writing nothing."""
    folder = tmp_path / "meta"
    folder.mkdir()
    (folder / "maps_summary.json").write_text(json.dumps([{"name": "Twin Rivers", "votes": 3}]))
    (folder / "SOURCES.md").write_text("# where these came from\n")
    code, out, err = cli("validate", folder)
    assert code == 0 and out.strip() == "0 errors, 0 warnings in 0 maps", (out, err)
    assert "read 0 files: 0 checked" in err, err
    assert "(2 other files left alone: neither its content nor its name says it is a map or a Book: " \
           "SOURCES.md, maps_summary.json)" in err, err
    code, out, err = cli("validate", folder, "--format", "json")
    assert code == 0 and json.loads(out) == [], (out, err)
    code, out, err = cli("convert", folder, "--to", "hsc", "-d", tmp_path / "out")
    assert code == 0 and "read 0 files: 0 converted" in err and "maps_summary.json" in err, err
    assert not (tmp_path / "out").exists()


def test_the_corpus_metadata_folder_is_left_alone_with_exit_0(cli):
    from conftest import corpus_file

    folder = corpus_file("heroscape-org/maps_summary.json").parent
    code, out, err = cli("validate", folder)
    assert code == 0 and "in 0 maps" in out and "maps_summary.json" in err, (out, err)


def test_a_folder_with_no_file_at_all_or_none_there_is_refused(cli, tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    for args in (("validate", empty), ("convert", empty, "--to", "hsc", "-d", tmp_path / "out")):
        code, out, err = cli(*args)
        verb = "check" if args[0] == "validate" else "convert"
        assert code == 2 and err.strip() == f"mapkit: no file in {empty}: nothing to {verb}", err
    code, out, err = cli("validate", tmp_path / "missing")
    assert code == 2 and "No such file or directory" in err and "Traceback" not in err, err
