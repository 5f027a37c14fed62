"""`mapkit gallery` without a browser (issue 36): what a site holds, what a second run reads
again, what it removes, what it refuses, and what a stopped run leaves (tests/test_gallery_browser.py
opens the corpus's gallery in Chromium).

The archive here is small and made fresh for each test: the samples (a map in two formats, a
C3G street with the Books it places, a Book), a generated map, a share link in a .url and in a
.txt file, and a file that is no map at all.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path
from urllib.parse import unquote

import pytest

import mapkit
from conftest import ROOT
from mapkit.api.site.work import player_counts
from mapkit.outputs.gallery.index_page import embedded_json

SAMPLES = ROOT / "samples"


@pytest.fixture
def archive(tmp_path) -> Path:
    folder = tmp_path / "archive"
    shutil.copytree(SAMPLES / "maps", folder / "maps")
    shutil.copytree(SAMPLES / "books", folder / "books")
    (folder / "lost" / "deeper").mkdir(parents=True)  # a street whose Books are not beside it
    shutil.copy(SAMPLES / "maps" / "street.mapkit.json", folder / "lost" / "deeper")
    from mapkit.movement.synthetic import generated

    (folder / "links").mkdir()
    (folder / "made").mkdir()
    mapkit.write(mapkit.read(SAMPLES / "maps" / "twin-rivers.hsc"), folder / "links" / "twin.url", allow_loss=True)
    link = (folder / "links" / "twin.url").read_text().strip()
    (folder / "links" / "saved link.txt").write_text(link + "\n")
    mapkit.write(generated(hexes=150, levels=3, seed=7, glyphs=0), folder / "made" / "hills.hsc")  # no glyph, no notes
    (folder / "notes.md").write_text("# not a map\n")
    return folder


def build(archive: Path, site: Path, **options):
    options.setdefault("jobs", 1)
    return mapkit.gallery([archive], site, **options)


def stamps(folder: Path) -> dict[str, int]:
    """Every file under `folder` with its modification time in ns: what a run rewrote."""
    return {str(p.relative_to(folder)): p.stat().st_mtime_ns for p in folder.rglob("*") if p.is_file()}


def links(page: Path) -> list[str]:
    """Every href and src of a page (decoded), the web editor's links apart."""
    text = page.read_text(encoding="utf-8")
    return [unquote(x) for x in re.findall(r'(?:href|src)="([^"#]*)', text)
            if not x.startswith("https://hexoscape.com/")]


def test_a_card_for_each_map_and_book_and_every_link_is_a_file_of_the_site(archive, tmp_path):
    site = tmp_path / "site"
    done = build(archive, site)
    files = sorted(c["file"] for c in done.cards)
    assert files == [*(f"books/{b.name}" for b in sorted((SAMPLES / "books").iterdir())), "links/saved link.txt",
                     "links/twin.url", "lost/deeper/street.mapkit.json", "made/hills.hsc", "maps/street.mapkit.json",
                     "maps/twin-rivers.hsc", "maps/twin-rivers.mapkit.json"]
    assert [s.path.name for s in done.skipped] == ["notes.md"] and done.unreadable == []
    assert (done.drawn, done.kept) == (12, 0)
    for page in [site / "index.html", *(site / c["page"] for c in done.cards)]:
        for link in links(page):
            assert (page.parent / link).resolve().is_file(), (page.name, link)
    by = {c["file"]: c for c in done.cards}
    bungalow = by["books/bungalow.book.json"]
    assert bungalow["kind"] == "book" and bungalow["products"]["floor_plans"]
    street = by["maps/street.mapkit.json"]
    assert street["products"]["floor_plans"] and street["c3g"] == 6 and len(street["deps"]) == 5
    lost = by["lost/deeper/street.mapkit.json"]   # its Books are missing: said, and the rest is drawn
    assert "cannot be read" in lost["warnings"][0] and lost["products"]["sheets"]
    assert "floor_plans" not in lost["products"]
    assert lost["products"]["failed"] and "Reader warning" in (site / lost["page"]).read_text(encoding="utf-8")
    twin = by["maps/twin-rivers.hsc"]
    assert twin["players"] == [2] and twin["columns"] == 22 and twin["rows"] == 14 and twin["set_count"] == 3
    assert {d["format"] for d in twin["products"]["downloads"]} == {"mapkit", "hsc", "hexoscape"}
    assert [o["format"] for o in twin["products"]["omitted"]] == ["hexoscape-url"]   # the link blanks the notes
    assert "notes" in " ".join(twin["products"]["omitted"][0]["losses"])
    page = (site / twin["page"]).read_text(encoding="utf-8")
    assert "share link (.url)</b>: would lose" in page and "report.html" in page
    # the share link in a .txt file reads as the map it carries, as the .url does
    assert by["links/saved link.txt"]["name"] == by["links/twin.url"]["name"] == "Twin Rivers"
    # a map a share link carries whole is one, and opens in the web editor
    hills = by["made/hills.hsc"]
    editor = [d["link"] for d in hills["products"]["downloads"] if d["format"] == "hexoscape-url"][0]
    assert editor.startswith("https://hexoscape.com/") and mapkit.read(editor).name == hills["name"]
    assert f'href="{html.escape(editor)}"' in (site / hills["page"]).read_text(encoding="utf-8")


def test_a_second_run_reads_nothing_unchanged_and_redraws_only_what_changed(archive, tmp_path):
    site = tmp_path / "site"
    first = build(archive, site)
    before = stamps(site)
    again = build(archive, site)
    # only the street whose Books are missing is read again (they may have come since), not drawn
    assert (again.drawn, again.kept, again.removed) == (1, 11, [])
    assert [c["file"] for c in again.cards if c.get("fresh")] == ["lost/deeper/street.mapkit.json"]
    after = stamps(site)
    changed = {k for k in after if after[k] != before.get(k)}
    assert changed <= {"index.html", ".mapkit-gallery.json"}, changed   # no page, picture or sheet rewritten
    # one map edited: read and drawn again, in a new folder; its old drawings go once the index is new
    m = mapkit.read(archive / "made" / "hills.hsc")
    m.name = "Hills, edited"
    mapkit.write(m, archive / "made" / "hills.hsc")
    old = next(c for c in first.cards if c["file"] == "made/hills.hsc")
    edited = build(archive, site)
    assert (edited.drawn, edited.kept) == (2, 10)
    new = next(c for c in edited.cards if c["file"] == "made/hills.hsc")
    assert new["name"] == "Hills, edited" and new["key"] != old["key"] and new["page"] == old["page"]
    assert not (site / "files" / old["key"]).exists() and (site / "files" / new["key"] / "thumb.png").is_file()
    assert "Hills, edited" in (site / new["page"]).read_text(encoding="utf-8")
    # a Book the street places edited: the street is drawn again (and the Book's own card)
    book = archive / "books" / "bungalow.book.json"
    raw = json.loads(book.read_text())
    raw["name"] = raw["name"] + " (edited)"
    book.write_text(json.dumps(raw))
    placed = build(archive, site)
    assert sorted(c["file"] for c in placed.cards if c.get("fresh")) == ["books/bungalow.book.json",
                                                                       "lost/deeper/street.mapkit.json",
                                                                       "maps/street.mapkit.json"]
    # a file deleted: its card, page and drawings go
    gone = next(c for c in placed.cards if c["file"] == "maps/twin-rivers.mapkit.json")
    (archive / "maps" / "twin-rivers.mapkit.json").unlink()
    pruned = build(archive, site)
    assert pruned.removed == ["maps/twin-rivers.mapkit.json"] and (pruned.drawn, pruned.kept) == (1, 10)
    assert not (site / gone["page"]).exists() and not (site / "files" / gone["key"]).exists()
    assert sorted(p.name for p in (site / "files").iterdir()) == sorted(c["key"] for c in pruned.cards)
    assert gone["page"].split("/")[1] not in (site / "index.html").read_text(encoding="utf-8")


def test_another_collection_reads_the_maps_again_but_draws_nothing(archive, tmp_path):
    site = tmp_path / "site"
    build(archive, site, collection="RotV")
    before = stamps(site / "files")
    mine = build(archive, site, collection={"grass-1": 500, "grass-2": 500, "grass-3": 500, "grass-7": 500,
                                            "grass-24": 500, "water-1": 500, "rock-1": 500})
    assert mine.drawn == 12 and stamps(site / "files") == before
    twin = next(c for c in mine.cards if c["file"] == "maps/twin-rivers.hsc")
    assert twin["lacks"] and all(r["type"] not in ("grass-1", "water-1") for r in twin["lacks"])
    assert "Your collection lacks" in (site / twin["page"]).read_text(encoding="utf-8")
    assert "the collection given (3,500 pieces)" in (site / "index.html").read_text(encoding="utf-8")


def test_a_folder_that_is_not_a_gallery_is_refused_and_left_alone(archive, tmp_path):
    site = tmp_path / "mine"
    site.mkdir()
    (site / "index.html").write_text("my own page")
    with pytest.raises(mapkit.MapkitError, match="not a mapkit gallery"):
        build(archive, site)
    assert [p.name for p in site.iterdir()] == ["index.html"] and (site / "index.html").read_text() == "my own page"
    with pytest.raises(mapkit.MapkitError, match="not a folder"):
        build(archive, site / "index.html")


def test_the_command_lists_what_it_cannot_read_and_goes_on(archive, tmp_path, cli):
    (archive / "broken.hsc").write_bytes(b"garbage")
    site = tmp_path / "site"
    code, out, err = cli("gallery", archive, "-o", site, "-j", "1", "--collection", "RotV")
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert any(line.startswith(f"mapkit: {archive / 'broken.hsc'}: byte 0:") for line in lines), err
    assert "read 13 files: 12 shown in the gallery, 1 refused:" in err
    assert lines[-1].startswith(f"mapkit: wrote {site / 'index.html'}: gallery, 7 map(s), 5 Book(s), 13 read this run")
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "1 file could not be read" in index and "broken.hsc" in index and "byte 0" in index
    code, _, err = cli("-q", "gallery", archive, "-o", site, "-j", "1", "--collection", "RotV")
    assert code == 2 and err.count("\n") == 1 and "broken.hsc" in err   # the refusal is said even with -q


def test_the_site_names_no_folder_above_the_ones_given(archive, tmp_path):
    """A site is made to be shared: its pages, drawings, downloads and cache name each file as
    its card does (under the folder given), and the collection by its file's name, never by the
    folders the designer keeps them in; the terminal still names the whole path."""
    from pypdf import PdfReader

    (archive / "broken.hsc").write_bytes(b"garbage")
    owned = tmp_path / "private" / "mine.txt"
    owned.parent.mkdir()
    owned.write_text("2 x RotV\n")
    build(archive, tmp_path / "site", collection=owned)
    again = build(archive, tmp_path / "site", collection=owned)          # the second from the cache
    # (the one map read again is the street whose Books are lost: it is read each run)
    assert again.drawn == 1 and any(str(archive) in u["error"] for u in again.unreadable)   # the terminal's line
    site = tmp_path / "site"
    held = [str(tmp_path), html.escape(str(tmp_path)), json.dumps(str(tmp_path))[1:-1]]
    for path in site.rglob("*"):
        if not path.is_file():
            continue
        text = path.read_bytes().decode("utf-8", "replace")
        if path.suffix == ".pdf":
            text = "".join(page.extract_text() for page in PdfReader(path).pages)
        assert not [h for h in held if h in text], path
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "your collection: mine.txt (" in index and "broken.hsc" in index
    report = next(site.rglob("report.html")).read_text(encoding="utf-8")
    assert re.search(r"<th>file</th><td>[^<]*\.(hsc|json|url|txt)</td>", report), "the report names its map's file"


def test_a_gallery_of_the_working_folder_finds_its_books_again_and_cuts_no_path_short(archive, tmp_path,
                                                                                     monkeypatch):
    """`mapkit gallery .`: the Books a map places are kept under the folder given ("maps/../books/
    x.json") and found again on the next run; a changed Book redraws the map that places it; the
    relative folder is never taken out of a text ("./" out of "../books" would cut it short)."""
    from mapkit.api.site.work import Unrooted

    monkeypatch.chdir(archive)
    build(Path("."), tmp_path / "site")
    street = next(c for c in build(Path("."), tmp_path / "site").cards if c["file"] == "maps/street.mapkit.json")
    assert street["deps"] and all(dep.startswith("maps/../books/") for dep in street["deps"])
    assert not street.get("fresh")
    (archive / "books" / "bungalow.book.json").write_text(
        (archive / "books" / "bungalow.book.json").read_text() + " ")
    again = build(Path("."), tmp_path / "site")
    assert sorted(c["file"] for c in again.cards if c.get("fresh")) == [    # (the lost street: read each run)
        "books/bungalow.book.json", "lost/deeper/street.mapkit.json", "maps/street.mapkit.json"]
    assert Unrooted("./").text("maps/../books/x.json") == "maps/../books/x.json"
    assert Unrooted(str(archive) + "/").text(f"{archive}/maps/../books/x.json") == "maps/../books/x.json"


def test_a_books_card_shows_its_floors_not_its_legend(archive, tmp_path):
    """A Book's card shows its panels alone (the card says its name; the legend's lines, drawn
    at a card's size, were cut and unreadable); its page keeps the whole picture."""
    from PIL import Image

    done = build(archive, tmp_path / "site")
    car = next(c for c in done.cards if c["file"] == "books/elevator-car.book.json")
    thumb, whole = (Image.open(tmp_path / "site" / car["products"][k]) for k in ("thumbnail", "floor_picture"))
    assert car["products"]["thumbnail"] != car["products"]["floor_picture"]
    assert thumb.height < 0.6 * whole.height and thumb.width < whole.width


def test_the_answer_says_itself_as_every_verb_does(archive, tmp_path):
    done = build(archive, tmp_path / "site")
    assert done.text().splitlines()[0] == f"{done.index}: 7 map(s) and 5 Book(s)"
    doc = json.loads(done.json())
    assert doc["maps"] == 7 and doc["books"] == 5 and len(doc["cards"]) == 12 and doc["index"] == done.index
    done.save(tmp_path / "gallery.json")
    assert json.loads((tmp_path / "gallery.json").read_text()) == doc
    with pytest.raises(mapkit.OptionError, match="paper"):
        build(archive, tmp_path / "other", paper="A3")
    with pytest.raises(mapkit.OptionError, match="profile"):
        build(archive, tmp_path / "other", profile="strict")
    (tmp_path / "empty").mkdir()
    with pytest.raises(mapkit.OptionError, match="nothing to show"):
        build(tmp_path / "empty", tmp_path / "other")
    assert not (tmp_path / "other").exists()   # refused before anything is made


@pytest.mark.parametrize("text, counts", [
    ("2", {2}), ("2-4", {2, 3, 4}), ("2 to 4 players", {2, 3, 4}), ("2 or 3 as a Team", {2, 3}),
    ("4+", set(range(4, 9))), ("0", set()), ("", set()), ("2, or 4 in 2 Teams", {2, 4}), ("99", set()),
])
def test_the_players_a_text_says(text, counts):
    assert player_counts(text) == counts


def test_no_text_of_a_map_can_end_the_index_data_or_the_page():
    hostile = {"name": "</script><script>alert(1)</script><!--", "author": "\u2028&\u2029"}
    text = embedded_json(hostile)
    assert "<" not in text and ">" not in text and "&" not in text and text.isascii()
    assert json.loads(text) == hostile
    from mapkit.outputs.gallery import Site
    from mapkit.outputs.gallery.index_page import index_page
    from mapkit.outputs.gallery.map_page import map_page

    card = {"file": 'a/"<b>.hsc', "source": "x", "kind": "map", "page": "maps/a.html", "name": hostile["name"],
            "author": hostile["author"], "format": "hsc", "players": [2], "findings": {"error": 1},
            "products": {"downloads": [{"format": "hsc", "description": "", "file": 'files/k/"<b>.hsc'}]}}
    for page in (index_page(Site("<t>", [card])), map_page(Site("<t>", [card]), 0)):
        assert "<script>alert" not in page and "<b>" not in page and "<t>" not in page
        assert page.count("<script") == page.count("</script>") <= 2


def test_a_name_that_is_no_title_is_shortened_on_every_page():
    """A corpus file (personal.hsc) is named with 30,000 letters: its card in the index ran the
    height of a screen and the report's and its page's headings ran off to the right, 30 KB a
    copy. Every page shows a long name shortened, ending in an ellipsis, as the sheets and
    pictures do; the file keeps it whole."""
    from mapkit.outputs.gallery import Site
    from mapkit.outputs.gallery.index_page import index_page
    from mapkit.outputs.gallery.map_page import map_page
    from mapkit.outputs.html_report.page import render_report
    from mapkit.model.map import Map, Piece

    long = "'" + "ABC" * 10000
    card = {"file": "a/personal.hsc", "source": "x", "kind": "map", "page": "maps/a.html", "name": long,
            "author": "", "format": "hsc", "players": [], "findings": {},
            "products": {"downloads": []}}
    report = render_report(Map(name=long, pieces=[Piece("grass-1", 0, 0, 0)]), "personal.hsc")
    for page in (index_page(Site("t", [card])), map_page(Site("t", [card]), 0), report):
        assert "ABC" * 100 not in page and "ABC" * 10 in page
        assert len(page) < 40000


def test_pieces_no_official_set_holds_are_named_on_the_card_not_said_needless():
    """A map of VirtualScape personal tiles (corpus personal.hsc) needs no set, because no set
    holds them: its card said "no official set needed" and nothing of the tiles, which only its
    page named. The card says which pieces no official set holds, as the page does; a map
    whose pieces some sets hold names the sets and, beside them, the pieces none holds."""
    from mapkit.outputs.gallery import Site
    from mapkit.outputs.gallery.index_page import index_page
    from mapkit.outputs.gallery.parts import sets_text

    personal = [{"type": "personal:1", "name": "Personal tile, 1 hex", "count": 2}]
    alone = {"file": "a/personal.hsc", "source": "x", "kind": "map", "page": "maps/a.html", "name": "Tiles",
             "format": "hsc", "players": [], "findings": {}, "products": {"downloads": []},
             "set_count": 0, "sets": [], "not_in_sets": personal}
    mixed = {**alone, "set_count": 1, "sets": [{"id": "RotV", "name": "Rise of the Valkyrie", "copies": 1}]}
    assert "needed" not in sets_text(alone) and "no official set holds" in sets_text(alone)
    assert sets_text(mixed) == "1 official set: RotV"
    assert sets_text({**alone, "not_in_sets": []}) == "no official set needed"
    for card in (alone, mixed):
        page = index_page(Site("t", [card]))
        assert "Not in any official set: 2 pieces: 2 × Personal tile, 1 hex" in page


# -- a stopped run --------------------------------------------------------------------------------
@pytest.mark.parametrize("moment, delay", [("workers", 0.0), ("workers", 1.0)])
def test_a_stopped_second_run_leaves_the_previous_site_whole(tmp_path, moment, delay):
    from mapkit.movement.synthetic import generated
    from tests.test_interrupts import check_outcome, interrupt

    archive, site = tmp_path / "archive", tmp_path / "site"
    archive.mkdir()
    for seed in range(6):
        mapkit.write(generated(hexes=300, levels=3, seed=seed), archive / f"map{seed}.hsc")
    build(archive, site, jobs=2)
    index = (site / "index.html").read_bytes()
    for seed in range(6):  # every map changes: the next run draws each again
        m = mapkit.read(archive / f"map{seed}.hsc")
        m.name = f"changed {seed}"
        mapkit.write(m, archive / f"map{seed}.hsc")
    done, _ = interrupt(["gallery", str(archive), "-o", str(site), "-j", "2"], moment, delay)
    check_outcome(done, moment, delay)
    if delay == 0.0:
        assert done.returncode == 130, done.stderr[-2000:]
    if done.returncode == 130:
        assert (site / "index.html").read_bytes() == index   # the index is written last
    assert not [p for p in site.rglob("*") if p.name.endswith(".part") or p.name.startswith(".mapkit-gallery.json.")]
    for page in [site / "index.html", *sorted((site / "maps").glob("*.html"))]:
        for link in links(page):  # every page the site has, old or new, finds every file it names
            assert (page.parent / link).resolve().is_file(), (page.name, link)
    finished = build(archive, site, jobs=2)
    assert sorted(p.name for p in (site / "files").iterdir()) == sorted(c["key"] for c in finished.cards)
    assert {c["name"] for c in finished.cards} == {f"changed {n}" for n in range(6)}


@pytest.mark.skipif(not hasattr(__import__("os"), "openpty"), reason="needs a pseudo-terminal")
def test_a_progress_bar_on_a_terminal(tmp_path):
    from tests.test_verbosity import _on_a_terminal

    archive = tmp_path / "archive"
    archive.mkdir()
    for name in ("twin-rivers.hsc", "twin-rivers.mapkit.json"):
        shutil.copy(SAMPLES / "maps" / name, archive)
    code, said = _on_a_terminal("gallery", str(archive), "-o", str(tmp_path / "site"), "-j", "2")
    assert code == 0 and "2/2" in said and "file" in said, said
    code, said = _on_a_terminal("-q", "gallery", str(archive), "-o", str(tmp_path / "site"), "-j", "2")
    assert code == 0 and said == ""
