"""Markers sheet: true-size hex tokens with cut lines; and the `mapkit print` command line."""

from __future__ import annotations

import io
import math

import pytest

from mapkit.model.grid import HEX_PITCH_MM
from mapkit.outputs.scene.page import PAPERS
from mapkit.outputs.markers import Token, default_tokens, honeycomb_slots, render_markers
from tests.test_print_probe import PT_PER_MM, hexagons, nearest_neighbour_mm, page_paths, read_pdf


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_tokens_are_true_size_hexes(paper):
    tokens = [Token("doorway")] * 5 + [Token("window")] * 5 + [Token("transit", str(n)) for n in range(1, 9)]
    buf = io.BytesIO()
    pages = render_markers(tokens, buf, paper)
    reader = read_pdf(buf.getvalue())
    assert len(reader.pages) == pages
    w, h = (v * PT_PER_MM for v in PAPERS[paper])
    drawn = 0
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(w, abs=0.05)
        assert float(page.mediabox.height) == pytest.approx(h, abs=0.05)
        cuts = hexagons(page_paths(page))
        drawn += len(cuts)
        for cut in cuts:  # flat-to-flat width of each cut line = one grid pitch
            xs = [x for x, _ in cut.points]
            assert (max(xs) - min(xs)) / PT_PER_MM == pytest.approx(HEX_PITCH_MM, abs=0.1)
            assert all(0 <= x <= w and 0 <= y <= h for x, y in cut.points), "token off the paper"
        if len(cuts) > 1:
            for d in nearest_neighbour_mm([c.centroid() for c in cuts]):
                assert d == pytest.approx(HEX_PITCH_MM, abs=0.1)  # honeycomb: shared cut lines
        lines = [sp.points for sp in page_paths(page) if not sp.closed and len(sp.points) == 2]
        assert any(abs(math.dist(*p) / PT_PER_MM - 100) < 0.05 for p in lines), "no 100 mm scale bar"
    assert drawn == len(tokens)
    text = " ".join(p.extract_text() for p in reader.pages).split()
    assert text.count("DOOR") == 5 and text.count("WINDOW") == 5 and text.count("TRANSIT") == 8
    assert all(f"T{n}" in text for n in range(1, 9))  # as the map pictures label a transit space


def test_slots_fit_inside_the_window():
    slots = honeycomb_slots(190, 240, HEX_PITCH_MM)
    assert len(slots) == len(set(slots)) > 10
    assert honeycomb_slots(40, 40, HEX_PITCH_MM) == []  # smaller than one token


def test_default_sheet_has_every_kind():
    kinds = {t.kind for t in default_tokens()}
    assert kinds == {"doorway", "window", "transit"}


def test_cli_markers_sheet(cli, tmp_path):
    out = tmp_path / "m.pdf"
    code, _, err = cli("print", "--markers", "-o", out, "--paper", "a4")
    assert code == 0, err
    reader = read_pdf(out.read_bytes())
    assert float(reader.pages[0].mediabox.width) == pytest.approx(595.28, abs=0.05)
    assert "markers sheet" in err


def test_cli_errors_are_one_line(cli, tmp_path):
    code, _, err = cli("print", "-o", tmp_path / "x.pdf")
    assert code == 2 and err.startswith("mapkit: ") and err.count("\n") == 1
    code, _, err = cli("print", "house.book.json", "-o", tmp_path / "x.pdf")
    assert code == 2 and err.count("\n") == 1
    assert not (tmp_path / "x.pdf").exists()
    code, _, err = cli("print", "--markers", "--levels-per-page", "0", "-o", tmp_path / "x.pdf")
    assert code == 2


from tests.test_print_plan import sample_books  # noqa: E402


@pytest.mark.parametrize("path", sample_books())
def test_book_markers(path):
    books = pytest.importorskip("mapkit.books", reason="mapkit.books (C3G Books) is not in this build")
    pytest.importorskip("mapkit.geometry", reason="mapkit.geometry (the overlay) is not in this build")
    from mapkit.outputs.markers import book_tokens

    book = books.load_book(path)
    marks = list(book.exits) + [mk for floor in book.floors for mk in floor.marks]
    expected = [mk for mk in marks if mk.kind in ("doorway", "window") or mk.number is not None]
    tokens = book_tokens(book)
    assert sorted((t.kind, t.label) for t in tokens) == \
        sorted((mk.kind, "" if mk.number is None else str(mk.number)) for mk in expected)
    if tokens:
        buf = io.BytesIO()
        render_markers(tokens, buf, "a4", title=book.name)
        reader = read_pdf(buf.getvalue())
        assert sum(len(hexagons(page_paths(p))) for p in reader.pages) == len(tokens)


def test_markers_of_books_that_mark_nothing_say_so():
    """`print sports-car.book.json --markers` printed "Markers: Sports Car" over six doorways, six
    windows and twelve transit numbers: the general sheet, as if the car marked them. The street's
    sheet named the car, the Elevator Car and the Mailbox too, though it held none of their marks.
    A sheet names the Books whose marks it holds; a Book that marks nothing is said to, and a
    sheet of Books that mark nothing says it is the general sheet."""
    books = pytest.importorskip("mapkit.books", reason="mapkit.books (C3G Books) is not in this build")
    from mapkit.outputs.markers import marker_sheets
    from tests.conftest import ROOT

    by_name = {path.name.split(".")[0]: books.load_book(path) for path in (ROOT / "samples" / "books").glob("*.json")}
    car, tower = by_name["sports-car"], by_name["skyscraper"]

    def words(data: bytes) -> str:
        return " ".join(" ".join(p.extract_text().split()) for p in read_pdf(data).pages)

    alone = words(marker_sheets([car])[0])
    assert "Markers: Sports Car" not in alone
    assert "general sheet" in alone and "Sports Car marks no doorway, window or transit space" in alone
    both = words(marker_sheets([tower, car])[0])
    assert "Markers: Skyscraper (three floors) " in both and "Skyscraper (three floors), Sports Car" not in both
    assert "Sports Car marks no doorway, window or transit space" in both and "general sheet" not in both
