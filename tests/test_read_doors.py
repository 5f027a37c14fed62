"""A map read is self-contained: `mapkit.validate(mapkit.read(p))` finds what `mapkit validate p`
finds, on every sample and corpus map, whatever the working folder; and a command reads each
file, and tells its format, once (issue 23, item 0)."""

from __future__ import annotations

import json

import pytest

from conftest import ROOT, corpus_files

#: Every map of samples/, and every corpus map file, as the corpus tests list them.
SAMPLES = [pytest.param(p, id=f"samples/{p.name}") for p in sorted((ROOT / "samples" / "maps").iterdir())]
CORPUS_MAPS = (corpus_files("hsc", "*.hsc") + corpus_files("pairs", "*.hsc") + corpus_files("pairs", "*.html")
               + corpus_files("glasq-xhtml", "*.html") + corpus_files("hexoscape", "*.json"))


def _without_file(findings: list[dict]) -> list[dict]:
    """The findings as `--json` gives them, less the file they name (a map read in Python has none)."""
    return [{k: v for k, v in f.items() if k != "file"} for f in findings]


@pytest.mark.parametrize("path", SAMPLES + CORPUS_MAPS)
def test_validate_of_a_map_read_finds_what_the_command_finds(path, cli, tmp_path, monkeypatch):
    import mapkit

    monkeypatch.chdir(tmp_path)  # the Books a map places are found beside it, not in the working folder
    m = mapkit.read(path)
    profiles = ["casual"] + (["c3g"] if m.buildings or m.objects else [])
    for profile in profiles:
        code, out, err = cli("validate", path, "--json", "--profile", profile)
        assert code in (0, 1), err
        by_command = _without_file(json.loads(out))
        by_library = _without_file([f.as_dict() for f in mapkit.validate(m, profile=profile).findings])
        assert by_library == by_command, profile
    if m.buildings or m.objects:  # (the samples' street places Books, with findings to compare under c3g)
        assert all(m.books[p.book].book is not None for p in m.buildings + m.objects)


@pytest.fixture
def counted(monkeypatch):
    """How often each file is read (`io.read_input`, and the heads `registry.detect_file` opens)
    and its format told (`registry.detect`), by file name."""
    from collections import Counter

    from mapkit import io, registry

    reads: Counter[str] = Counter()
    sniffs: Counter[str] = Counter()
    read_input, detect, detect_file = io.read_input, registry.detect, registry.detect_file

    def counting_read(path, limit=None):
        reads[str(path)] += 1
        return read_input(path, limit)

    def counting_detect(path, head, *args, **kw):
        sniffs[str(path)] += 1
        return detect(path, head, *args, **kw)

    def counting_detect_file(path, *args, **kw):
        reads[str(path)] += 1  # it opens the file for its head
        return detect_file(path, *args, **kw)

    monkeypatch.setattr(io, "read_input", counting_read)
    monkeypatch.setattr(registry, "detect", counting_detect)
    monkeypatch.setattr(registry, "detect_file", counting_detect_file)
    import mapkit.books.load
    import mapkit.formats

    monkeypatch.setattr(mapkit.formats, "read_input", counting_read)  # (imported by name there)
    monkeypatch.setattr(mapkit.books.load, "read_input", counting_read)
    return reads, sniffs


STREET = ROOT / "samples" / "maps" / "street.mapkit.json"
BOOK = ROOT / "samples" / "books" / "bungalow.book.json"


@pytest.mark.parametrize("args", [
    ("validate", STREET), ("validate", STREET, "--profile", "c3g"), ("validate", BOOK),
    ("print", STREET, "-o", "{out}.pdf"), ("print", STREET, "--plan", "-o", "{out}.pdf"),
    ("print", STREET, "--markers", "-o", "{out}.pdf"), ("print", BOOK, "-o", "{out}.pdf"),
    ("overlay", STREET), ("overlay", BOOK), ("render", STREET, "--findings", "-o", "{out}.svg"),
    ("report", STREET, "-o", "{out}.html", "--no-pictures"), ("analyze", STREET), ("info", STREET),
], ids=lambda a: " ".join(str(x if not hasattr(x, "name") else x.name) for x in a))
def test_a_command_reads_each_file_and_tells_its_format_once(args, cli, counted, tmp_path):
    reads, sniffs = counted
    code, _, err = cli(*(str(a).replace("{out}", str(tmp_path / "out")) for a in args))
    assert code in (0, 1), err
    named = str(args[1])
    assert reads[named] == 1 and sniffs[named] == 1, (dict(reads), dict(sniffs))
    assert all(n == 1 for n in sniffs.values()), dict(sniffs)  # a Book a map places is read by its reader alone
