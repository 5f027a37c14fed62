"""A map whose C3G Books cannot be found (issue 35): a warning on stderr in every command that
reads the map, naming the Book and the buildings and objects that place it; an error (C001)
under the c3g profile. It validated as '0 errors' and rendered with exit 0, saying so only
inside the picture."""

from __future__ import annotations

import json
import shutil

import pytest

from conftest import ROOT

STREET = ROOT / "samples" / "maps" / "street.mapkit.json"


@pytest.fixture
def street(tmp_path):
    """The sample street away from its Books (`../books/...` beside the samples)."""
    path = tmp_path / "street.mapkit.json"
    shutil.copyfile(STREET, path)
    return path


def _book_warnings(err: str) -> list[str]:
    return [line for line in err.splitlines() if "warning:" in line and "C3G Book" in line and "cannot be read" in line]


RUNS = {
    "info": [], "inventory": [], "analyze": [], "fit": ["--collection", "9xRotV", "--no-picture"],
    "validate": [], "render": ["-o", "{tmp}/s.png"], "print": ["-o", "{tmp}/s.pdf"], "report": ["-o", "{tmp}/s.html"],
    "convert": ["{tmp}/s.hexoscape.json", "--allow-loss"],
}


@pytest.mark.parametrize("command", list(RUNS))
def test_every_command_warns_of_a_book_it_cannot_read(cli, street, tmp_path, command):
    args = [a.format(tmp=tmp_path) for a in RUNS[command]]
    code, _, err = cli(command, street, *args)
    said = _book_warnings(err)
    assert len(said) == 5, err  # one per Book: the bungalow is placed twice
    assert any("building 2, building 3 left out: C3G Book '../books/bungalow.book.json'" in line for line in said), said
    if command == "validate":
        assert code == 0  # a warning, not an error, under the casual profile
    # advice names the running command's own flag, or the command that has it
    profile = "--profile c3g" if command in ("validate", "render", "report") else "mapkit validate --profile c3g"
    assert all(f"({profile} makes this an error)" in line for line in said), said


def test_the_c3g_profile_finds_it_as_an_error_and_does_not_warn_twice(cli, street):
    code, out, err = cli("validate", street, "--profile", "c3g")
    assert code == 1 and _book_warnings(err) == []
    assert out.count("C001 error") == 6 and "cannot read" in out  # each placement of an unread Book


def test_a_batch_warns_too(cli, street, tmp_path):
    folder = tmp_path / "maps"
    folder.mkdir()
    street.rename(folder / street.name)
    code, _, err = cli("convert", folder, "--to", "mapkit", "-d", tmp_path / "out")
    assert code == 0 and len(_book_warnings(err)) == 5, err
    code, _, err = cli("validate", folder)
    assert code == 0 and len(_book_warnings(err)) == 5, err


def test_the_library_says_it_among_the_reader_warnings(street):
    from mapkit import api

    m = api.read(street)
    said = [w for w in api.reader_warnings(m) if "C3G Book" in w]
    assert len(said) == 5 and all("(profile=c3g makes this an error): " in w for w in said), said
    assert all(w.endswith("cannot read: No such file or directory") for w in said), said


def test_books_found_say_nothing(cli):
    code, _, err = cli("info", STREET)
    assert code == 0 and _book_warnings(err) == [] and "warning" not in err


def test_a_damaged_book_is_said_with_why(cli, tmp_path):
    doc = json.loads(STREET.read_text(encoding="utf-8"))
    books = tmp_path / "books"
    books.mkdir()
    for name in ("skyscraper", "elevator-car", "sports-car", "mailbox"):
        shutil.copy(ROOT / "samples" / "books" / f"{name}.book.json", books)
    (books / "bungalow.book.json").write_text("{not json")
    for placement in doc["buildings"] + doc["objects"]:
        placement["book"] = placement["book"].replace("../books/", "books/")
    path = tmp_path / "street.mapkit.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, _, err = cli("render", path, "-o", tmp_path / "s.svg")
    said = _book_warnings(err)
    assert code == 0 and len(said) == 1 and "building 2, building 3" in said[0], err


def test_overlay_refuses_it_in_one_line(cli, street):
    """For `overlay` the Books are the work: one it cannot read is its error, not also a warning."""
    code, _, err = cli("overlay", street)
    assert code == 2 and err.count("\n") == 1 and _book_warnings(err) == [] and "cannot read" in err, err
