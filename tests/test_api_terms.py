"""A library in its own terms (issue 35, item 5): its errors, its answers, its arguments, its face.

Every verb takes a map or a Book as a document or as its file; answers with a value that says
itself (`.text()`, `.json()`, `.save(path)`); writes no file it was not given; raises only
`MapkitError` subclasses, an `OptionError` naming the choices for a value outside a fixed set;
its value classes have real signatures and declare every attribute they carry; and the face is
built from one list per topic module.
"""

from __future__ import annotations

import ast
import inspect
import json
import os
import warnings
from pathlib import Path

import pytest

import mapkit
from conftest import CORPUS, ROOT

TWIN = str(ROOT / "samples" / "maps" / "twin-rivers.hsc")
STREET = str(ROOT / "samples" / "maps" / "street.mapkit.json")
BUNGALOW = str(ROOT / "samples" / "books" / "bungalow.book.json")


def doc_of(answer):
    """What an answer says, to compare two answers of one verb: its JSON, or its bytes."""
    if isinstance(answer, mapkit.Drawing):
        return answer.data
    if hasattr(answer, "json"):
        return answer.json()
    return answer


# -- every verb takes a path or a document alike ---------------------------------------------------

#: verb -> its call on a map or its file (and a folder to write in); the two answers compared.
ON_BOTH = {
    "read": lambda d, tmp=None: mapkit.read(d),
    "write": lambda d, tmp: (mapkit.write(d, tmp / "x.mapkit.json"), (tmp / "x.mapkit.json").read_bytes()),
    "info": lambda d, tmp=None: mapkit.info(d),
    "validate": lambda d, tmp=None: mapkit.validate(d, profile="tournament"),
    "inventory": lambda d, tmp=None: mapkit.inventory(d),
    "fit": lambda d, tmp=None: mapkit.fit(d, {"grass-1": 1}),
    "analyze": lambda d, tmp=None: mapkit.analyze(d, move=4),
    # (a drawing of a file names it in its title: the map read is given its name as the file's)
    "render": lambda d, tmp=None: mapkit.render(d, "svg", level=1, source=TWIN),
    "print_sheets": lambda d, tmp=None: mapkit.print_sheets(d, paper="a4", map_file=TWIN),
    "report": lambda d, tmp=None: mapkit.report(d, pictures=False, map_file=TWIN),
}
#: verbs that take a C3G Book too: (the call on a Book file, and on the Book).
ON_BOOKS = {
    "read_book": lambda d: mapkit.read_book(d),
    "read_books": lambda d: mapkit.read_books(d),
    "validate": lambda d: mapkit.validate(d),
    "overlay": lambda d: mapkit.overlay(d),
    "render": lambda d: mapkit.render(d, "plan-pdf"),
    "print_sheets": lambda d: mapkit.print_sheets(d),
}
#: The verbs that take no map or Book, and why: a file's format, many files, lookups, options.
NO_DOCUMENT = {
    "detect": "tells the format of a file, not of a document read",
    "file_formats": "a lookup", "output_kinds": "a lookup", "list_rules": "a lookup",
    "check_options": "checks options before any map is read", "parse_setting": "one option's text",
    "write_format": "a file name's format", "read_collection": "a piece collection, not a map or Book",
    "convert_files": "files and folders, in worker processes",
    "validate_files": "files and folders, in worker processes",
    "gallery": "files and folders, in worker processes, into a site",
}

def verbs() -> list[str]:
    return [name for name in mapkit.__all__
            if callable(getattr(mapkit, name)) and not isinstance(getattr(mapkit, name), type)]


def test_every_verb_is_known_to_take_a_document_or_known_not_to():
    """A verb added to the face is classified here, so the test below cannot miss it."""
    unclassified = [v for v in verbs() if v not in ON_BOTH and v not in ON_BOOKS and v not in NO_DOCUMENT]
    assert unclassified == []


@pytest.mark.parametrize("verb", sorted(ON_BOTH))
def test_every_verb_takes_a_map_or_its_file_alike(verb, tmp_path):
    m = mapkit.read(TWIN)
    assert doc_of(ON_BOTH[verb](TWIN, tmp_path)) == doc_of(ON_BOTH[verb](m, tmp_path))
    # or the bytes of the file
    assert doc_of(ON_BOTH[verb](Path(TWIN).read_bytes(), tmp_path)) == doc_of(ON_BOTH[verb](m, tmp_path))


@pytest.mark.parametrize("verb", sorted(ON_BOOKS))
def test_every_verb_about_books_takes_a_book_or_its_file_alike(verb):
    book = mapkit.read_book(BUNGALOW)
    assert doc_of(ON_BOOKS[verb](BUNGALOW)) == doc_of(ON_BOOKS[verb](book))


@pytest.mark.parametrize("verb", ["info", "inventory", "analyze", "fit", "report"])
def test_a_verb_about_maps_refuses_a_book_in_the_librarys_words(verb):
    with pytest.raises(mapkit.OptionError, match="a C3G Book, not a map") as caught:
        ON_BOTH[verb](BUNGALOW)
    assert "--" not in str(caught.value) and "mapkit print" not in str(caught.value)
    assert "`mapkit.print_sheets`" in str(caught.value)


def test_reading_a_book_as_a_map_answers_in_the_librarys_words_and_the_commands_in_theirs(cli):
    with pytest.raises(mapkit.OptionError) as caught:
        mapkit.read(BUNGALOW)
    assert "`mapkit.print_sheets` draws its floor plan" in str(caught.value) and " -o " not in str(caught.value)
    code, _, err = cli("info", BUNGALOW)
    assert code == 2 and "`mapkit print` draws its floor plan" in err


# -- every public error a MapkitError ------------------------------------------------------------

BAD_CALLS = {  # each was a ValueError, an AttributeError, a KeyError or no error at all before
    "validate(m, profile='nope')": lambda m, b: mapkit.validate(m, profile="nope"),
    "validate(m, vehicle_rules='nope')": lambda m, b: mapkit.validate(m, vehicle_rules="nope"),
    "list_rules(profile='nope')": lambda m, b: mapkit.list_rules(profile="nope"),
    "check_options('nope')": lambda m, b: mapkit.check_options("nope"),
    "render(view='isometric')": lambda m, b: mapkit.render(m, "png", view="isometric"),
    "render(seen_from='Q')": lambda m, b: mapkit.render(m, "png", view="iso", seen_from="Q"),
    "render(scale=-3)": lambda m, b: mapkit.render(m, "png", scale=-3),
    "render(bogus=1)": lambda m, b: mapkit.render(m, "png", bogus=1),
    "render(build-pdf, bogus=1)": lambda m, b: mapkit.render(m, "build-pdf", bogus=1),
    "render(profile='nope')": lambda m, b: mapkit.render(m, "png", profile="nope"),
    "report(profile='nope')": lambda m, b: mapkit.report(m, profile="nope"),
    "print_sheets(overlap=1000)": lambda m, b: mapkit.print_sheets(b, overlap=1000),
    # (sheets that overlap by less than nothing leave a strip of the plan on no page)
    "print_sheets(overlap=-5)": lambda m, b: mapkit.print_sheets(b, overlap=-5),
    "print_sheets(overlap=nan)": lambda m, b: mapkit.print_sheets(b, overlap=float("nan")),
    "render(plan-pdf, overlap=-1)": lambda m, b: mapkit.render(b, "plan-pdf", overlap=-1),
    "analyze(falls='some')": lambda m, b: mapkit.analyze(m, falls="some"),
    "analyze(mover='nope')": lambda m, b: mapkit.analyze(m, mover="nope"),
    "fit(format='nope')": lambda m, b: mapkit.fit(m, {"grass-1": 5}, format="nope"),
    "file_formats('nope')": lambda m, b: mapkit.file_formats("nope"),
    "overlay(params='x')": lambda m, b: mapkit.overlay(b, params="x"),
    "OverlayParams(hex_region='x')": lambda m, b: mapkit.OverlayParams(hex_region="x"),
    "info(42)": lambda m, b: mapkit.info(42),
}


@pytest.mark.parametrize("call", sorted(BAD_CALLS))
def test_a_value_the_library_cannot_use_is_an_option_error(call):
    with pytest.raises(mapkit.OptionError) as caught:
        BAD_CALLS[call](mapkit.read(TWIN), mapkit.read_book(BUNGALOW))
    assert "--" not in str(caught.value)  # the library's words, never a flag


def test_validate_with_a_profile_there_is_not_raises_an_option_error_naming_the_choices():
    with pytest.raises(mapkit.OptionError) as caught:
        mapkit.validate(mapkit.read(TWIN), profile="nope")
    assert caught.value.option == "profile" and caught.value.choices == ("casual", "tournament", "c3g")
    assert str(caught.value) == "unknown profile 'nope' (known: casual, tournament, c3g)"


def test_a_near_miss_is_offered_its_likely_choice():
    with pytest.raises(mapkit.OptionError, match=r"did you mean 'iso'\?"):
        mapkit.render(mapkit.read(TWIN), "png", view="isometric")
    with pytest.raises(mapkit.OptionError, match=r"did you mean 'tournament'\?"):
        mapkit.validate(TWIN, profile="Tournament")


def test_a_file_that_cannot_be_read_keeps_its_file_and_place(tmp_path):
    bad = tmp_path / "bad.hsc"
    bad.write_bytes(b"garbage")
    for verb in (mapkit.validate, mapkit.info, mapkit.inventory, mapkit.analyze, mapkit.overlay, mapkit.report):
        with pytest.raises(mapkit.FormatError) as caught:
            verb(bad)
        assert (caught.value.file, caught.value.where) == (str(bad), "byte 0"), verb.__name__


def test_a_collection_given_as_a_mapping_names_sets_and_pieces_as_a_list_of_them_does():
    """`{"RotV": 1}` was taken as a collection of nothing (an unknown piece id, silently), so every
    piece of the map was said missing: a key is a set or a piece as `"1xRotV"` names them, its
    value the copies or the count; a key naming neither, or a count that is not one, is refused."""
    listed = mapkit.inventory(TWIN, collection="2xRotV,3xrock-1").doc
    assert mapkit.inventory(TWIN, collection={"RotV": 2, "rock-1": 3}).doc == listed
    assert mapkit.inventory(TWIN, collection={"Rise of the Valkyrie": 2, "Rock 1-hex": 3}).doc == listed
    assert mapkit.fit(TWIN, {"RotV": 3}) == mapkit.fit(TWIN, "3xRotV")
    with pytest.raises(mapkit.OptionError, match=r"'RttF' names no set or piece mapkit knows; the closest: RttFF"):
        mapkit.inventory(TWIN, collection={"RttF": 1})
    for count in (-1, 2.5, "2"):
        with pytest.raises(mapkit.OptionError, match="count"):
            mapkit.fit(TWIN, {"grass-1": count})


def test_validate_checks_a_book_as_it_checks_a_book_file():
    book = mapkit.read_book(BUNGALOW)
    assert mapkit.validate(book).findings == mapkit.validate(BUNGALOW).findings
    assert mapkit.validate(book, select=["C101"]).rules == mapkit.validate(BUNGALOW, select=["C101"]).rules


# -- one dialect of answers ---------------------------------------------------------------------

def answers() -> dict:
    m = mapkit.read(TWIN)
    return {"info": mapkit.info(m), "validate": mapkit.validate(m), "inventory": mapkit.inventory(m),
            "analyze": mapkit.analyze(m), "fit": mapkit.fit(m, {"grass-1": 1}), "overlay": mapkit.overlay(BUNGALOW),
            "render": mapkit.render(m, "svg"), "print_sheets": mapkit.print_sheets(m), "report": mapkit.report(m),
            "validate_files": mapkit.validate_files([TWIN], jobs=1)}


#: The extensions of each kind of drawing, as the output registry declares them.
EXTENSIONS = {kind.name: kind.extensions for kind in mapkit.output_kinds()}


def test_every_answer_says_itself_in_text_and_json_and_saves_either_on_request(tmp_path):
    for verb, answer in answers().items():
        assert isinstance(answer.text(), str) and answer.text(), verb
        json.loads(answer.json())
        text, as_json = tmp_path / f"{verb}.txt", tmp_path / f"{verb}.json"
        if isinstance(answer, mapkit.Drawing):  # a drawing saves its bytes, under a name of its kind
            drawn = tmp_path / f"{verb}{EXTENSIONS[answer.kind][0]}"
            answer.save(drawn)
            assert drawn.read_bytes() == answer.data, verb
            continue
        answer.save(text)
        answer.save(as_json)
        assert (text.read_text(), as_json.read_text()) == (answer.text(), answer.json()), verb


def test_an_answer_is_never_saved_under_a_name_that_says_another_kind_of_file(tmp_path):
    """As Pillow's `save` (the name says the format, an unknown one is refused): a drawing under a
    name of another kind of file (a PNG as "x.pdf") and a report under a picture's, sheet's or
    page's name ("x.png" holding text) are refused, writing nothing; `format` overrides the name."""
    for verb, answer in answers().items():
        ends = EXTENSIONS[answer.kind] if isinstance(answer, mapkit.Drawing) else ()
        for suffix in (".png", ".svg", ".pdf", ".html", ".htm", ".txt", ".json", ".jpg"):
            if suffix in ends or (not ends and suffix in (".txt", ".json", ".jpg")):
                continue
            with pytest.raises(mapkit.OptionError, match="saved as"):
                answer.save(tmp_path / f"{verb}{suffix}")
        assert list(tmp_path.iterdir()) == [], verb
    drawing = mapkit.render(TWIN, "png")
    drawing.save(tmp_path / "picture.bin", format="png")
    assert (tmp_path / "picture.bin").read_bytes() == drawing.data
    found = mapkit.validate(TWIN)
    found.save(tmp_path / "findings.html", format="text")
    assert (tmp_path / "findings.html").read_text() == found.text()


def test_every_answer_pickles_as_a_worker_process_sends_it_back():
    """A program that checks maps in a `multiprocessing` pool gets each answer back pickled: a
    `Validation` would not pickle (its rules hold their check functions, some made in a loop)."""
    import pickle

    for verb, answer in answers().items():
        again = pickle.loads(pickle.dumps(answer))
        assert type(again) is type(answer) and doc_of(again) == doc_of(answer), verb
        if isinstance(answer, mapkit.Validation):
            assert again == answer and [r.check for r in again.rules] == [r.check for r in answer.rules], verb


def test_a_drawing_shows_itself_without_its_bytes():
    """`mapkit.render(m, "png")` at a prompt printed 200,000 characters of PNG bytes: a drawing's
    repr says what it is (as Pillow's images do), its bytes being `.data`."""
    drawing = mapkit.render(TWIN, "png")
    assert repr(drawing).startswith("Drawing(kind='png'") and len(repr(drawing)) < 300, repr(drawing)[:300]
    assert inspect.signature(mapkit.Drawing).parameters["data"].default is inspect.Parameter.empty


def test_the_names_a_report_refuses_are_those_of_every_kind_of_drawing():
    from mapkit.results import DRAWN

    assert set(DRAWN) == {ext for ends in EXTENSIONS.values() for ext in ends}


def test_a_validation_saves_its_sarif_by_the_name_and_refuses_a_report_it_has_not(tmp_path):
    result = mapkit.validate(TWIN)
    result.save(tmp_path / "out.sarif")
    assert (tmp_path / "out.sarif").read_text() == result.sarif()
    with pytest.raises(mapkit.OptionError, match="known: text, json, sarif"):
        result.save(tmp_path / "out.txt", format="html")


def test_the_commands_print_what_the_answers_say(cli):
    from mapkit.cli.wording import FLAGS
    from mapkit.wording import speaking

    m = mapkit.read(TWIN)
    with speaking(FLAGS):  # (the answers' texts name a choice as the command line does)
        said = ((("info", TWIN), mapkit.info(m).text()), (("info", TWIN, "--json"), mapkit.info(m, cells=True).json()),
                (("inventory", TWIN), mapkit.inventory(m).text()),
                (("analyze", TWIN, "--format", "json"), mapkit.analyze(m).json()),
                (("validate", TWIN), mapkit.validate(m).text()),
                (("overlay", BUNGALOW), mapkit.overlay(BUNGALOW).text()))
    for args, answer in said:
        code, printed, _ = cli(*args)
        assert (code, printed) == (0, answer), args


# -- no verb writes a file it was not given ------------------------------------------------------

def test_no_public_verb_writes_a_file_it_was_not_given(tmp_path, monkeypatch):
    """Every verb, called without a file name to write, leaves the working folder and the
    samples as they were: the heatmap is part of `analyze`'s answer, drawn on request."""
    monkeypatch.chdir(tmp_path)
    samples = ROOT / "samples"
    before = {p: p.stat().st_mtime_ns for p in samples.rglob("*")}
    answers()
    heat = mapkit.analyze(TWIN, heatmap=True)
    assert heat.heatmap is not None and mapkit.render(heat.heatmap, "heatmap-png").data[:4] == b"\x89PNG"
    mapkit.read_books(STREET)
    mapkit.print_sheets(mapkit.read_books(STREET), markers=True)
    mapkit.convert_files([TWIN], tmp_path / "converted", "hexoscape", jobs=1)  # its folder is where it is told
    assert sorted(p.name for p in tmp_path.iterdir()) == ["converted"]
    assert {p: p.stat().st_mtime_ns for p in samples.rglob("*")} == before


def test_no_verb_writes_over_the_file_it_was_given_to_read(tmp_path):
    """`mapkit.report("page.html", "page.html")` replaced the battlefield page with its report (the
    command refuses: "is the input"): a verb given a file to read and a name to write refuses when
    they are one file, writing nothing, as `mapkit.io` promises for the inputs named to a call.
    (A map read earlier may still be written back to its file: `write(read(p), p)`.)"""
    page = tmp_path / "page.html"
    page.write_bytes((ROOT / "samples" / "maps" / "twin-rivers.hsc").read_bytes())  # (told by content)
    twin = tmp_path / "twin.hsc"
    twin.write_bytes(page.read_bytes())
    before = page.read_bytes()
    for call in (lambda: mapkit.report(page, page), lambda: mapkit.render(page, page),
                 lambda: mapkit.render(mapkit.read(twin), page, source=page),
                 lambda: mapkit.report(mapkit.read(twin), page, map_file=page),
                 lambda: mapkit.write(page, page, format="hsc"), lambda: mapkit.write(str(twin), twin)):
        with pytest.raises(mapkit.MapkitError, match="is the input"):
            call()
    assert page.read_bytes() == twin.read_bytes() == before
    assert mapkit.write(mapkit.read(twin), twin) == []  # (a map read earlier goes back to its file)


def test_the_old_heatmap_path_still_draws_there_and_warns(tmp_path):
    with pytest.warns(DeprecationWarning, match=r"mapkit.analyze\(m, heatmap=PATH\) is now"):
        mapkit.analyze(TWIN, heatmap=tmp_path / "heat.png")
    assert (tmp_path / "heat.png").read_bytes() == mapkit.render(mapkit.analyze(TWIN, heatmap=True).heatmap,
                                                                 "heatmap-png").data


# -- old names still answer, with a DeprecationWarning ------------------------------------------

def test_old_names_still_answer_with_a_deprecation_warning():
    m = mapkit.read(TWIN)
    info = mapkit.info(m)
    old = [
        (lambda: mapkit.api.info_text(info.doc), info.text()),
        (lambda: mapkit.api.info_text(info.doc, as_json=True), info.json()),
        (lambda: mapkit.api.inventory_text(mapkit.inventory(m).doc), mapkit.inventory(m).text()),
        (lambda: mapkit.api.analysis_text(mapkit.analyze(m).doc), mapkit.analyze(m).text()),
        (lambda: info["size"], info.doc["size"]),
        (lambda: mapkit.report_page(m).findings, mapkit.report(m).findings),
        (lambda: mapkit.print_sheets(m).pdf, mapkit.print_sheets(m).data),
        (lambda: mapkit.report(m).html, mapkit.report(m).data.decode()),
        (lambda: mapkit.render(m, "svg")[:5], b"<?xml"),
        (lambda: mapkit.Sheets, mapkit.Drawing),
        (lambda: mapkit.ReportPage, mapkit.Drawing),
    ]
    for call, now in old:
        with pytest.warns(DeprecationWarning, match=r"^mapkit\..* is now "):
            assert call() == now
    fitted = mapkit.fit(m, {"grass-1": 1})
    with pytest.warns(DeprecationWarning):
        summary = mapkit.api.fit_summary(m, fitted)
    assert summary == fitted.doc
    with pytest.warns(DeprecationWarning):
        said = mapkit.api.fit_text(summary, "twin-rivers.hsc")
    assert said == fitted.text().replace("Twin Rivers", "twin-rivers.hsc")


# -- value classes ------------------------------------------------------------------------------

def value_classes() -> list[type]:
    faces = [mapkit, mapkit.api]
    return sorted({getattr(f, n) for f in faces for n in f.__all__ if isinstance(getattr(f, n), type)
                   and not issubclass(getattr(f, n), BaseException)}, key=lambda c: c.__name__)


@pytest.mark.parametrize("cls", value_classes(), ids=lambda c: c.__name__)
def test_the_signature_of_every_public_value_class_names_its_fields(cls):
    from mapkit.records import fields

    params = inspect.signature(cls).parameters
    assert list(params) == [f.name for f in fields(cls)]
    assert all(p.kind is p.POSITIONAL_OR_KEYWORD for p in params.values())


def reachable_records(m: mapkit.Map) -> list:
    found = [m, *m.buildings, *m.objects, *m.scenario_setups, *m.rooms, *m.books.values(), *list(m.pieces)[:200]]
    return found + [s.book for s in m.books.values() if s.book is not None]


def documents() -> list:
    paths = sorted((ROOT / "samples").rglob("*.*"))
    if CORPUS is not None:
        for folder in sorted(p for p in CORPUS.iterdir() if p.is_dir()):
            paths += sorted(f for f in folder.rglob("*") if f.is_file())[:4]
    found = []
    for path in paths:
        try:
            found.append(mapkit.api.read_document(path))
        except mapkit.MapkitError:
            continue
    return found


def test_every_attribute_a_value_carries_is_a_declared_field():
    """What mapkit puts on a map, a Book or a piece is a field of its class (`Map.read_as` was an
    attribute set beside them, which a rule read and `for_scenario()` lost)."""
    from functools import cached_property

    undeclared = set()
    for document in documents():
        values = reachable_records(document) if isinstance(document, mapkit.Map) else [document]
        if isinstance(document, mapkit.Map) and document.several_scenarios():
            values += [document.for_scenario(n) for n in document.scenarios()]
        for value in values:
            cls = type(value)
            cached = {n for k in cls.__mro__ for n, v in vars(k).items() if isinstance(v, cached_property)}
            extra = set(vars(value)) - set(getattr(cls, "_record_fields", vars(value))) - cached
            undeclared |= {f"{cls.__name__}.{name}" for name in extra}
    assert undeclared == set()


def test_the_format_a_map_was_read_from_is_kept_by_a_scenario_of_it():
    from mapkit.model import Map, Piece, Scenario

    two = Map(pieces=[Piece("grass-1", 0, 0, 0), Piece("glyph", 0, 0, 1, attrs={"letter": "A", "scenario": 2})],
              scenario_setups=[Scenario(1), Scenario(2)], read_as="glasq")
    assert two.for_scenario(2).read_as == "glasq" and two.terrain().read_as == "glasq"
    assert mapkit.read(TWIN).read_as == "hsc" and "read_as" in inspect.signature(mapkit.Map).parameters


# -- help() of each verb ------------------------------------------------------------------------

@pytest.mark.parametrize("verb", verbs())
def test_help_of_every_verb_says_what_it_returns_and_raises(verb):
    doc = inspect.getdoc(getattr(mapkit, verb)) or ""
    paragraphs = [p.strip() for p in doc.split("\n\n")]
    assert any(p.startswith("Returns") for p in paragraphs), f"{verb}: no paragraph says what it returns"
    assert any(p.startswith("Raises") for p in paragraphs), f"{verb}: no paragraph says what it raises"


# -- the face: one list per topic module --------------------------------------------------------

def test_the_faces_name_no_verb_themselves():
    """Each verb's name is written once, in its topic module's `__all__`; the two faces
    (`mapkit/__init__.py`, `mapkit/api/__init__.py`) find it there (each name was written
    five times across them)."""
    verbs_and_answers = set(mapkit.api.__all__)
    for face in ("mapkit/__init__.py", "mapkit/api/__init__.py"):
        tree = ast.parse((ROOT / face).read_text(encoding="utf-8"))
        named = {node.value for node in ast.walk(tree)
                 if isinstance(node, ast.Constant) and isinstance(node.value, str)}
        named |= {a.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for a in node.names}
        assert named & verbs_and_answers == set(), face
    from mapkit.api import TOPICS
    import importlib

    lists = [importlib.import_module(f"mapkit.api.{t}").__all__ for t in TOPICS]
    assert sum(map(len, lists)) == len(set().union(*lists)) == len(mapkit.api.__all__)


def test_the_face_loads_nothing_until_asked_and_lists_every_name():
    import subprocess
    import sys

    code = ("import sys, mapkit\nassert not any(n.startswith('mapkit.api') for n in sys.modules)\n"
            "assert set(mapkit.__all__) <= set(dir(mapkit)) and callable(mapkit.read)\nprint('ok')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.stdout == "ok\n", done.stderr
    assert set(mapkit.api.names("FACE")) < set(mapkit.__all__)
