"""Nothing from a file runs or leaks (issue 32, item 3): every text field of the native map schema
and the Book schema filled with markup and control characters, and every output checked to carry
it only escaped; the content of a file a map points to is never quoted."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from lxml import etree
from lxml import html as lxml_html

from mapkit.schemas import load
from tests.hostile_text import (CONTROLS, INVISIBLE, LINES_PAYLOAD, PAYLOAD, filled_paths, free_string_paths,
                                hostile_book, hostile_map)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> Path:
    return hostile_map(tmp_path_factory.mktemp("hostile"))


def _no_controls(text: str, what: str) -> None:
    for char in CONTROLS:
        assert char not in text, f"{what}: a raw {char!r} reached the output"


def test_every_free_text_of_both_schemas_is_filled(hostile):
    """The hostile documents reach every string field the schemas have (a field added one day is
    filled by the same walk, or this fails)."""
    doc = json.loads(hostile.read_text(encoding="utf-8"))
    assert free_string_paths(load("map.schema.json")) - filled_paths(doc) == {"type"}  # a catalog id
    book = json.loads((hostile.parent / "skyscraper.book.json").read_text(encoding="utf-8"))
    assert free_string_paths(load("book.schema.json")) <= filled_paths(book)


def _no_injection(root, what: str, own_scripts: int) -> None:
    scripts = root.xpath("//*[local-name()='script']")
    assert len(scripts) == own_scripts, f"{what}: a script element from the file"
    assert not root.xpath("//*[local-name()='img']"), f"{what}: an element from the file"
    handlers = [a for el in root.iter() if isinstance(el.tag, str) for a in el.attrib if a.lower().startswith("on")]
    assert not handlers, f"{what}: event handler attributes {handlers}"


def test_the_report_carries_every_text_escaped(cli, hostile, tmp_path):
    out = tmp_path / "report.html"
    code, _, err = cli("report", hostile, "-o", out)
    assert code in (0, 1), err
    page = out.read_text(encoding="utf-8")
    _no_controls(page, "report")
    _no_injection(lxml_html.fromstring(page), "report", own_scripts=1)
    assert "&lt;/title&gt;&lt;script&gt;" in page  # the text is there, as text
    assert "onerror=alert(2)" in lxml_html.fromstring(page).text_content()


def test_the_report_runs_no_script_from_the_map_in_a_browser(hostile, tmp_path):
    """Opened in Chromium, the report of the hostile map runs mapkit's own script only."""
    from tests.test_report_browser import DevTools, chromium_binary

    exe = chromium_binary()
    if exe is None:
        pytest.skip("no Chromium found (install Debian's `chromium`, or set MAPKIT_CHROMIUM)")
    from mapkit.cli import main

    out = tmp_path / "report.html"
    assert main(["report", str(hostile), "-o", str(out), "-q"]) in (0, 1)
    tools = DevTools(exe, tmp_path / "profile")
    try:
        target = tools.call("Target.createTarget", url="about:blank")["targetId"]
        tools.session = tools.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        tools.call("Page.enable")
        tools.call("Page.addScriptToEvaluateOnNewDocument",
                   source="window.__alerts=[];window.alert=function(x){window.__alerts.push(x);};")
        tools.call("Page.navigate", url=out.as_uri())
        tools.wait_event("Page.loadEventFired")
        assert tools.evaluate("window.__alerts.length") == 0
        assert tools.evaluate("document.scripts.length") == 1
        assert tools.evaluate("document.querySelectorAll('#map .hex').length") > 0  # the page's own script ran
    finally:
        tools.close()


def test_the_svg_carries_every_text_escaped(cli, hostile, tmp_path):
    for view in ("top", "iso", "levels"):
        out = tmp_path / f"{view}.svg"
        code, _, err = cli("render", hostile, "-o", out, "--view", view, "--findings")
        assert code == 0, err
        text = out.read_text(encoding="utf-8")
        _no_controls(text, f"{view} SVG")
        _no_injection(etree.fromstring(text.encode("utf-8")), f"{view} SVG", own_scripts=0)


def test_the_png_draws(cli, hostile, tmp_path):
    code, _, err = cli("render", hostile, "-o", tmp_path / "top.png", "--findings")
    assert code == 0, err


def test_the_build_sheets_carry_every_text_as_text(cli, hostile, tmp_path):
    out = tmp_path / "sheets.pdf"
    code, _, err = cli("print", hostile, "-o", out)
    assert code == 0, err
    from pypdf import PdfReader

    reader = PdfReader(str(out))
    text = "".join(page.extract_text() for page in reader.pages) + str(reader.metadata)
    _no_controls(text, "PDF")
    assert "<script>" in text  # drawn as the letters it is


def test_info_and_validate_say_every_text_escaped(cli, hostile):
    for args in (("info",), ("info", "--json"), ("validate",), ("validate", "--json"),
                 ("validate", "--format", "sarif"), ("analyze",), ("inventory",)):
        code, out, err = cli(*args, hostile)
        assert code in (0, 1), (args, err)
        _no_controls(out + err, " ".join(args))
        if "--json" in args or "sarif" in args:
            json.loads(out)
    code, out, _ = cli("info", hostile)
    assert "\\033[31m\\a\\000\\302\\233" in out  # spelled as git spells a name's control characters


def test_json_reports_escape_what_json_dumps_leaves_raw():
    from mapkit import escapes

    text = escapes.json_text({"name": "a\x9bb\x7f\u2028\ud800"})
    assert json.loads(text) == {"name": "a\x9bb\x7f\u2028\ud800"}
    assert not any(ch in text for ch in "\x9b\x7f\u2028\ud800")


def test_one_escaping_path_per_medium():
    """No module but `mapkit.escapes` escapes markup itself: the report, the SVG painter and the
    PDF painter go through it (the report once wrote a colour's name unescaped)."""
    offenders = []
    for path in (ROOT / "mapkit").rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        if path.name == "escapes.py":
            continue
        for needle in ("html.escape", "import html\n", "saxutils", "quoteattr", '"&amp;"'):
            if needle in source:
                offenders.append(f"{path.relative_to(ROOT)}: {needle.strip()}")
    assert not offenders


# -- the content of another file is never quoted ------------------------------------------------
SECRETS = ["prod-api-key-123", "hunter2-password"]


@pytest.fixture
def pointing(tmp_path) -> Path:
    """A map that places, as its Books, files that are JSON but not Books (secrets, a config)."""
    (tmp_path / "secrets.json").write_text(json.dumps(SECRETS), encoding="utf-8")
    (tmp_path / "config.json").write_text(json.dumps({"token": "s3cret-token", "kind": "hunter2-password",
                                                      "footprint": {"polygon": "prod-api-key-123"}}), encoding="utf-8")
    doc = json.loads((ROOT / "samples" / "maps" / "street.mapkit.json").read_text(encoding="utf-8"))
    doc["buildings"] = [{"book": str(tmp_path / "secrets.json"), "q": 1, "r": 2, "level": 1},
                        {"book": "config.json", "q": 6, "r": 2, "level": 1}]
    doc["objects"] = []
    path = tmp_path / "pointing.mapkit.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _quotes_nothing(text: str, what: str) -> None:
    for secret in SECRETS + ["s3cret", "token"]:
        assert secret not in text, f"{what} quotes {secret!r}"


def test_a_file_a_map_points_to_is_named_never_quoted(cli, pointing, tmp_path):
    for args in (("validate",), ("validate", "--json"), ("validate", "--format", "sarif"), ("analyze",),
                 ("info",)):
        code, out, err = cli(*args, pointing, *(("--profile", "c3g") if args[0] == "validate" else ()))
        _quotes_nothing(out + err, " ".join(args))
    code, out, err = cli("validate", pointing, "--profile", "c3g")
    assert "secrets.json: $: an array of 2 items, where the schema wants an object" in out  # named, and what is wrong
    assert "config.json: $: 'name' is a required property" in out
    report = tmp_path / "r.html"
    cli("report", pointing, "-o", report, "--profile", "c3g")
    _quotes_nothing(report.read_text(encoding="utf-8"), "report")


def _sample_changed(sample: str, path: Path, **fields: object) -> Path:
    """The sample file `sample` (under samples/) with `fields` set, written to `path`."""
    doc = json.loads((ROOT / "samples" / sample).read_text(encoding="utf-8"))
    doc.update(fields)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_a_book_given_itself_still_says_what_is_wrong(cli, tmp_path):
    """The Book a command is given is still checked, its errors naming the place and the rule."""
    path = _sample_changed("books/mailbox.book.json", tmp_path / "bad.book.json", kind="bulding")
    code, out, err = cli("validate", path)
    assert code in (1, 2) and "$.kind: a text of 7 characters, not one of 'enclosed'" in out + err, out + err


def test_an_unknown_book_property_is_named_by_its_key_never_its_value(cli, tmp_path):
    """A Book's key the schema does not know is named (it is the file's own word for a field,
    cut to an excerpt and escaped), the first three of them and how many more; its value never,
    in the Book's own check and in a map that places it."""
    long_key = "k" * 500
    path = _sample_changed("books/mailbox.book.json", tmp_path / "odd.book.json",
                           **{"colour\x1b[2J\u202e": "s3cret-value", long_key: "s3cret-value",
                              "a": "s3cret-value", "b": "s3cret-value", "c": "s3cret-value"})
    code, out, err = cli("validate", path)
    assert code == 1, out + err
    line = next(line for line in out.splitlines() if "does not allow" in line)
    assert "with the properties 'colour\\x1b[2J\\u202e', 'kkkkk" in line and "and 2 more the schema" in line, line
    assert "(500 characters)" in line and "k" * 200 not in line
    _no_controls(out + err, "validate")
    assert "s3cret" not in out + err
    doc = json.loads((ROOT / "samples" / "maps" / "street.mapkit.json").read_text(encoding="utf-8"))
    doc["buildings"], doc["objects"] = [], [{"book": str(path), "q": 0, "r": 2, "level": 1}]
    placing = tmp_path / "placing.mapkit.json"
    placing.write_text(json.dumps(doc), encoding="utf-8")
    for args in (("validate", "--profile", "c3g"), ("analyze",)):
        code, out, err = cli(args[0], placing, *args[1:])
        assert "'colour\\x1b[2J\\u202e'" in out + err and "s3cret" not in out + err, args
    code, out, err = cli("validate", placing, "--profile", "c3g", "--json")
    assert any("'colour\\x1b[2J\\u202e'" in f["message"] for f in json.loads(out)) and "s3cret" not in out


# -- names with control characters -----------------------------------------------------------------
def test_control_characters_in_file_names_are_spelled_in_batch_lines(cli, tmp_path):
    folder = tmp_path / "maps"
    folder.mkdir()
    (folder / "evil\x1b]0;pwned\x07.hsc").write_bytes(b"not a map")
    (folder / "ok.mapkit.json").write_bytes((ROOT / "samples" / "maps" / "street.mapkit.json").read_bytes())
    for args in (("validate", folder), ("convert", folder, "-d", tmp_path / "out", "--to", "hsc", "--allow-loss")):
        code, out, err = cli(*args)
        _no_controls(out + err, " ".join(map(str, args)))
        assert "evil\\033]0;pwned\\a.hsc" in out + err
        # named once on its line, as any other file (it was named twice: "x\\033.hsc: x\\033.hsc: byte 0")
        line = next(line for line in err.splitlines() if "pwned" in line and "byte" in line)
        assert line.count("pwned") == 1, line


def test_a_map_name_with_control_characters_is_spelled_by_info(cli, tmp_path):
    path = _sample_changed("maps/street.mapkit.json", tmp_path / "m.mapkit.json", name="Arena\x1b[2J\x07\x9b")
    code, out, _ = cli("info", path)
    assert code == 0 and out.startswith("Arena\\033[2J\\a\\302\\233")
    hostile_book(tmp_path)  # (a Book's own name too)
    code, out, err = cli("validate", tmp_path / "skyscraper.book.json")
    _no_controls(out + err, "validate of a Book")


def test_pdftotext_reads_the_hostile_sheets(cli, hostile, tmp_path):
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) not installed")
    out = tmp_path / "sheets.pdf"
    assert cli("print", hostile, "-o", out)[0] == 0
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    _no_controls(text, "pdftotext")


# -- one-line values stay on one line; nothing reorders or hides what follows ---------------------
@pytest.fixture(scope="module")
def hostile_lines(tmp_path_factory) -> Path:
    """The hostile map with a newline, a carriage return, bidirectional controls and invisible
    characters in every text of it (a name, an author, a colour, a letter, a Book's names...)."""
    return hostile_map(tmp_path_factory.mktemp("lines"), LINES_PAYLOAD)


def _one_line_each(text: str, what: str) -> None:
    """No line of `text` is one a value made ("FAKE line ..."), and no character of INVISIBLE is raw."""
    for line in text.splitlines():
        assert not line.startswith("FAKE"), f"{what}: a value added the line {line!r}"
    for char in INVISIBLE:
        assert char not in text, f"{what}: a raw {char!r} reached the terminal"


def test_every_terminal_text_shows_a_value_on_one_line(cli, hostile_lines, tmp_path):
    """info, inventory, validate, analyze, overlay and fit (their text and JSON, warnings and
    --verbose lines) say a value's newline as git quotes a name (\\n) and its bidirectional
    controls and invisible characters by their bytes: a map cannot add a line to what mapkit says
    nor show it in another order ("Trojan source")."""
    book = hostile_lines.parent / "skyscraper.book.json"
    runs = [("info",), ("info", "--json"), ("inventory",), ("inventory", "--json"), ("validate",),
            ("validate", "--json"), ("validate", "--format", "sarif"), ("analyze",), ("analyze", "--json"),
            ("overlay",), ("fit", "--collection", "RotV")]
    for args in runs:
        code, out, err = cli(*args, hostile_lines, "-v")
        assert code in ((0, 1, 2) if args[0] in ("overlay", "fit") else (0, 1)), (args, err)  # (a Book refused)
        _one_line_each(out + err, " ".join(args))
    for args in (("validate",), ("overlay",), ("info",)):
        code, out, err = cli(*args, book, "-v")
        _one_line_each(out + err, f"{args[0]} of a Book")
    code, out, _ = cli("info", hostile_lines)
    assert "  author:   x\\nFAKE line\\r\\342\\200\\256RLO\\342\\201\\246LRI" in out
    code, out, _ = cli("info", "--json", hostile_lines)
    assert json.loads(out)["author"] == LINES_PAYLOAD  # the value itself, escaped as JSON escapes it
    assert "\\u202eRLO\\u2066LRI\\u200bZW\\ufeffBOM\\u2028LS" in out


def test_pages_and_pictures_carry_no_bidirectional_control(cli, hostile_lines, tmp_path):
    """The report, an SVG and the build sheets keep a value's (and the notes') line breaks as
    their medium does, but no embedding, override or isolate that would reorder the page around it."""
    report, svg, sheets = tmp_path / "r.html", tmp_path / "top.svg", tmp_path / "s.pdf"
    assert cli("report", hostile_lines, "-o", report)[0] in (0, 1)
    assert cli("render", hostile_lines, "-o", svg)[0] == 0
    assert cli("print", hostile_lines, "-o", sheets)[0] == 0
    from pypdf import PdfReader

    pdf = "".join(page.extract_text() for page in PdfReader(str(sheets)).pages)
    for text, what in ((report.read_text(encoding="utf-8"), "report"), (svg.read_text(encoding="utf-8"), "SVG"),
                       (pdf, "PDF")):
        assert "\u202e" not in text and "\u2066" not in text, what
    assert "FAKE line" in report.read_text(encoding="utf-8")


def test_a_file_name_is_one_line_in_batch_lines(cli, tmp_path):
    """A folder's file names (a map read, one refused, one left alone) on every line validate and
    convert -d say of them, with and without --verbose."""
    folder = tmp_path / "maps"
    folder.mkdir()
    street = (ROOT / "samples" / "maps" / "street.mapkit.json").read_bytes()
    (folder / "ok\nFAKE read\u202e.mapkit.json").write_bytes(street)
    (folder / "ok.mapkit.json").write_bytes(street)
    (folder / "bad\nFAKE refused\u2066.hsc").write_bytes(b"junk")
    (folder / "notes\nFAKE left alone\u200b.txt").write_bytes(b"notes")
    for args in (("validate", folder), ("validate", folder, "--json"), ("convert", folder, "-d", tmp_path / "out",
                                                                        "--to", "hsc", "--allow-loss")):
        for verbose in ((), ("-v",)):
            code, out, err = cli(*args, *verbose)
            _one_line_each(out + err, " ".join(map(str, args + verbose)))
    code, out, err = cli("validate", folder)
    assert "bad\\nFAKE refused\\342\\201\\246.hsc: byte 0" in err  # as git quotes it, named once
    assert err.count("FAKE refused") == 1


def test_format_characters_are_unicodes_own():
    """`escapes.FORMAT` holds every invisible format character (category Cf) of this Python's
    Unicode tables but the two joiners, which join letters and emoji."""
    import re
    import sys
    import unicodedata

    from mapkit import escapes

    pattern = re.compile(f"[{escapes.FORMAT}]")
    left = [f"U+{cp:04X}" for cp in range(sys.maxunicode + 1)
            if unicodedata.category(chr(cp)) == "Cf" and cp not in (0x200C, 0x200D) and not pattern.match(chr(cp))]
    assert not left
    assert not pattern.match("\u200d") and not pattern.match("a")


def test_prose_keeps_its_lines_and_loses_its_controls():
    """A multi-line text (a scenario's notes) keeps its line breaks on a terminal; a one-line
    value spells them; both spell what reorders or hides text."""
    from mapkit import escapes

    notes = "Setup:\n\u202eplace the glyph\tat C7\r\n"
    assert escapes.terminal(notes) == "Setup:\n\\342\\200\\256place the glyph\tat C7\\r\n"
    assert escapes.line(notes) == "Setup:\\n\\342\\200\\256place the glyph\\tat C7\\r\\n"
    assert escapes.lines(["a\nb", "c"]) == "a\\nb\nc\n"
    assert escapes.line("Zürich \u05e9\u05dc\u05d5\u05dd \U0001f468\u200d\U0001f469") == \
        "Zürich \u05e9\u05dc\u05d5\u05dd \U0001f468\u200d\U0001f469"  # letters of any script stay
    assert json.loads(escapes.json_text("\U000e0041\u202e")) == "\U000e0041\u202e"
    assert "\\udb40\\udc41\\u202e" in escapes.json_text("\U000e0041\u202e")


# -- repeated warnings ---------------------------------------------------------------------------
def test_repeated_warnings_are_summarised_past_a_count(cli, tmp_path):
    """A map storing 200,000 warnings (the issue's had 2,000,000) says a few of each kind and how
    many more, in info, validate and the report; not one line each."""
    path = _sample_changed("maps/street.mapkit.json", tmp_path / "warned.mapkit.json",
                           warnings=[f"piece {i} is odd" for i in range(200_000)] + ["another kind"] * 3)
    for args in (("info",), ("validate",), ("convert", path, tmp_path / "out.hsc", "--allow-loss")):
        code, out, err = cli(*args, *((path,) if len(args) == 1 else ()))
        lines = err.splitlines()
        assert len(lines) < 40, args
        assert sum("another kind" in line for line in lines) == 3
        assert any("199,990 more warning(s) like the one that begins 'piece 0 is odd' (200,000 in all)" in line
                   for line in lines), args
    code, _, _ = cli("report", path, "-o", tmp_path / "r.html")
    assert (tmp_path / "r.html").read_text(encoding="utf-8").count("Reader warning") < 40


def test_warnings_told_as_they_happen_are_summarised_past_a_count(cli, tmp_path):
    """Warnings a command tells one by one (a collection's skipped rows, a conversion's losses) are
    counted past a few of a kind, as stored ones are: an inventory table of 20,000 rows naming no
    piece said 20,000 lines, and so did a conversion dropping 20,000 pieces, told or refused."""
    table = tmp_path / "inventory.csv"
    table.write_text("ID,Count\n" + "zz,1\n" * 20_000 + "grass24,2\n")
    code, out, err = cli("inventory", ROOT / "samples" / "maps" / "twin-rivers.hsc", "--collection", table)
    assert code in (0, 1) and len(err.splitlines()) < 20, err[:2000]
    assert "19,990 more warning(s) like the one that begins" in err and "(20,000 in all)" in err
    doc = json.loads((ROOT / "samples" / "maps" / "street.mapkit.json").read_text(encoding="utf-8"))
    doc["pieces"] = [{"type": "concrete-6", "q": 0, "r": 3 * i, "z": 0} for i in range(20_000)]
    doc["buildings"], doc["objects"] = [], []
    path = tmp_path / "concrete.mapkit.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    for allow in (("--allow-loss",), ()):
        code, out, err = cli("convert", path, tmp_path / "out.hsc", *allow)
        assert len(err.splitlines()) < 20, (allow, err[:2000])
        assert "more warning(s) like the one that begins" in err, allow
    assert cli("convert", path, tmp_path / "out2.hsc", "-q", "--allow-loss") == (0, "", "")
