"""Archives: `convert -d` and `validate` on folders (recursive), outputs that never overwrite each
other or an input, and a summary grouped by reason (issue 11 item 7, issue 14 item 1)."""

from __future__ import annotations

import os
import pickle
import shutil
from pathlib import Path, PurePath

from conftest import ROOT
from mapkit.batch import Outcome, Summary, convert_source, plan_outputs, walk
from mapkit.formats import read_map, write_map
from mapkit.model.map import Map, Piece

HSC = ROOT / "samples" / "maps" / "twin-rivers.hsc"
BOOK = ROOT / "samples" / "books" / "bungalow.book.json"


def archive(tmp_path: Path) -> Path:
    """An archive as people keep them: two maps named castle.hsc in two folders, a castle.json
    beside one of them, a Book, a readme, a hidden folder, and a link that loops."""
    root = tmp_path / "archive"
    for folder in ("2004/castles", "2005/castles", ".git"):
        (root / folder).mkdir(parents=True)
    shutil.copyfile(HSC, root / "2004/castles/castle.hsc")
    write_map(Map(name="another castle", pieces=[Piece("rock-1", 0, 0, 0), Piece("grass-1", 1, 0, 0)]),
              root / "2005/castles/castle.hsc")
    write_map(Map(name="same name, other format", pieces=[Piece("grass-1", 0, 0, 0)]),
              root / "2005/castles/castle.json", allow_loss=True)
    shutil.copyfile(BOOK, root / "2005/bungalow.book.json")
    (root / "README.txt").write_text("maps from the old forum")
    shutil.copyfile(HSC, root / "2004" / "castle-backup.txt")  # a map under a wrong name: read by content
    shutil.copyfile(HSC, root / ".git" / "hidden.hsc")
    os.symlink(root, root / "2004" / "loop")
    return root


def test_walk_finds_every_map_keeps_relative_paths_and_skips_the_rest(tmp_path):
    root = archive(tmp_path)
    sources, skipped = walk([root])
    assert [str(s.relative) for s in sources] == ["2004/castle-backup.txt", "2004/castles/castle.hsc",
                                                    "2005/bungalow.book.json", "2005/castles/castle.hsc",
                                                    "2005/castles/castle.json"]
    assert [s.path.name for s in skipped] == ["README.txt"]
    without_books, _ = walk([root], books=False)
    assert "2005/bungalow.book.json" not in [str(s.relative) for s in without_books]


def test_files_from_different_folders_keep_the_folder_they_differ_by(tmp_path):
    root = archive(tmp_path)
    sources, _ = walk([root / "2004/castles/castle.hsc", root / "2005/castles/castle.hsc"])
    assert [s.relative for s in sources] == [PurePath("2004/castles/castle.hsc"), PurePath("2005/castles/castle.hsc")]
    sources, _ = walk([root / "2004", root / "2005"])
    assert {str(s.relative) for s in sources} >= {"2004/castles/castle.hsc", "2005/castles/castle.hsc"}


def test_two_maps_of_one_name_in_one_folder_keep_their_source_extension(tmp_path):
    sources, _ = walk([archive(tmp_path) / "2005"], books=False)
    plan = {str(s.relative): str(t.relative_to(tmp_path / "out")) for s, t in plan_outputs(sources, tmp_path / "out",
                                                                                            ".mapkit.json")}
    assert plan == {"castles/castle.hsc": "castles/castle.hsc.mapkit.json",
                    "castles/castle.json": "castles/castle.json.mapkit.json"}


def test_convert_an_archive_folder_with_two_maps_of_the_same_name(tmp_path, cli):
    root = archive(tmp_path)
    out = tmp_path / "converted"
    code, _, err = cli("convert", root, "--to", "mapkit", "-d", out)
    assert code == 0, err
    written = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file())
    assert written == ["2004/castle-backup.txt.mapkit.json", "2004/castles/castle.mapkit.json",
                       "2005/castles/castle.hsc.mapkit.json", "2005/castles/castle.json.mapkit.json"]
    names = {read_map(out / w).name for w in written}
    assert names == {"Twin Rivers", "another castle", "same name, other format"}
    assert "read 4 files: 4 converted to mapkit" in err
    assert "(1 other file left alone: a C3G Book, not a map: " in err
    assert "(1 other file left alone: neither its content nor its name says it is a map or a Book: README.txt)" in err


def test_the_summary_groups_refusals_by_reason(tmp_path, cli):
    root = tmp_path / "mixed"
    root.mkdir()
    shutil.copyfile(HSC, root / "good.hsc")
    (root / "broken.hsc").write_bytes(HSC.read_bytes()[:60])
    (root / "also-broken.hsc").write_bytes(HSC.read_bytes()[:90])
    laur = Map(pieces=[Piece("grass-1", 0, 0, 0), Piece("laur-wall-short", 0, 0, 1)])
    write_map(laur, root / "laur.mapkit.json")
    code, _, err = cli("convert", root, "--to", "hsc", "-d", tmp_path / "out")
    assert code == 2
    lines = err.splitlines()
    summary = lines[lines.index(next(l for l in lines if l.startswith("mapkit: read "))):]
    assert summary == ["mapkit: read 4 files: 1 converted to hsc in " + str(tmp_path / "out") + ", 3 refused:",
                       "  2 damaged or malformed",
                       "  1 would lose what hsc cannot hold (--allow-loss converts anyway)"]
    for name in ("broken.hsc", "also-broken.hsc", "laur.mapkit.json"):
        assert any(name in line for line in lines[:3])


def test_a_batch_never_writes_over_an_input(tmp_path, cli):
    root = tmp_path / "maps"
    root.mkdir()
    shutil.copyfile(HSC, root / "x.hsc")
    write_map(read_map(HSC), root / "y.mapkit.json")
    before = (root / "x.hsc").read_bytes()
    code, _, err = cli("convert", root, "--to", "hsc", "-d", root)  # into the archive itself
    assert code == 2 and "is the input" in err and "1 the output cannot be written" in err
    assert (root / "x.hsc").read_bytes() == before and (root / "y.hsc").exists()


def test_the_output_folder_inside_the_archive_is_not_walked(tmp_path, cli):
    root = tmp_path / "maps"
    root.mkdir()
    shutil.copyfile(HSC, root / "x.hsc")
    for _ in range(2):  # a second run must not convert the first run's outputs
        code, _, err = cli("convert", root, "--to", "mapkit", "-d", root / "out")
        assert code == 0 and "read 1 file: 1 converted" in err, err
    assert [p.name for p in (root / "out").iterdir()] == ["x.mapkit.json"]


def test_validate_takes_folders_recursively_and_sums_up(tmp_path, cli):
    root = archive(tmp_path)
    (root / "2005/castles/bad.hsc").write_bytes(b"not a map")
    code, out, err = cli("validate", root, "--profile", "c3g")
    assert code == 2
    assert str(root / "2004/castles/castle.hsc") in out and str(root / "2005/castles/bad.hsc") in err
    assert out.endswith("in 5 maps; 1 unreadable\n")
    assert "read 6 files: 5 checked (0 with errors)" in err and "1 refused:" in err and "  1 damaged or malformed" in err
    assert "hidden.hsc" not in out + err


def test_the_steps_pickle_for_a_process_pool(tmp_path):
    root = archive(tmp_path)
    sources, skipped = walk([root], books=False)
    plan = plan_outputs(sources, tmp_path / "out", ".json")
    outcomes = [convert_source(s, t, None, "hexoscape", True, [str(x.path) for x in sources]) for s, t in plan]
    assert pickle.loads(pickle.dumps((plan, outcomes, skipped))) == (plan, outcomes, skipped)
    summary = Summary.of(outcomes, skipped)
    assert (summary.read, summary.done) == (4, 4)
    assert Summary.of([Outcome("a", False, reason="r"), Outcome("b", False, reason="r")]).refused == {"r": 2}
