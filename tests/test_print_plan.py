"""1:1 floor plans: page sizes, the drawn hex pitch, the scale bar and crop marks, read back from the PDF."""

from __future__ import annotations

import io
import math
import re

import pytest

from mapkit.model.grid import HEX_PITCH_MM, hex_corners_mm
from mapkit.outputs.scene.page import PAPERS
from mapkit.outputs.scene.page import windows as tile_windows
from mapkit.outputs.plan import FloorPlan, PlanFloor, PlanLayout, PlanMark, render_plan
from tests.test_print_probe import PT_PER_MM, hexagons, nearest_neighbour_mm, page_paths, read_pdf

ASSUMPTION = "Wound marker diameter 19 mm: ASSUMED (test)"


def square_building(width: float, depth: float, wall: float = 6.0) -> PlanFloor:
    """A rectangle footprint from (0, 0) and the hexes it touches, classed by how much of each is inside.

    The classes only need to vary for the drawing; the real classification is the geometry's job.
    """
    from shapely.geometry import Polygon, box

    outer = box(0, 0, width, depth)
    inner = outer.buffer(-wall, join_style=2)
    hexes = {}
    for q in range(-12, 12):
        for r in range(-3, int(depth / 38) + 3):
            cell = Polygon(hex_corners_mm(q, r))
            if not cell.intersects(outer) or cell.intersection(outer).area < 1:
                continue
            share = cell.intersection(inner).area / cell.area
            hexes[(q, r)] = "full" if share > 0.97 else "half" if share > 0.5 else "partial" if share > 0.05 \
                else "covered"
    marks = [PlanMark(*next(iter(hexes)), "doorway"), PlanMark(*list(hexes)[-1], "transit", "4")]
    return PlanFloor("ground floor", hexes, list(outer.exterior.coords)[:-1], list(inner.exterior.coords)[:-1],
                     marks)


def plan_cells(page) -> list:
    """The plan's hexes on a page (one pitch across the flats), not its legend's small swatches."""
    return [hx for hx in hexagons(page_paths(page))
            if abs((max(x for x, _ in hx.points) - min(x for x, _ in hx.points)) / PT_PER_MM - HEX_PITCH_MM) < 0.1]


def draw(floor: PlanFloor, paper: str) -> tuple[bytes, int]:
    buf = io.BytesIO()
    pages = render_plan(FloorPlan("Test house", [floor], [ASSUMPTION]), buf, PlanLayout(paper=paper))
    return buf.getvalue(), pages


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_page_size_and_hex_pitch(paper):
    data, pages = draw(square_building(150, 110), paper)
    reader = read_pdf(data)
    assert len(reader.pages) == pages >= 1
    w, h = (v * PT_PER_MM for v in PAPERS[paper])
    for page in reader.pages:
        size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
        assert size == pytest.approx(sorted((w, h)), abs=0.05)
        centres = [hx.centroid() for hx in plan_cells(page)]
        assert len(centres) >= 4
        for d in nearest_neighbour_mm(centres):
            assert d == pytest.approx(HEX_PITCH_MM, abs=0.1)


def test_every_page_has_scale_bar_crop_marks_and_the_assumption():
    data, pages = draw(square_building(420, 300), "a4")
    assert pages > 1, "a 420 x 300 mm building cannot fit one A4 sheet"
    reader = read_pdf(data)
    for page in reader.pages:
        lines = [sp.points for sp in page_paths(page) if not sp.closed and len(sp.points) == 2]
        lengths = [math.dist(*pts) / PT_PER_MM for pts in lines]
        assert any(abs(length - 100.0) < 0.05 for length in lengths), "no 100 mm scale bar"
        marks = [pts for pts, length in zip(lines, lengths) if abs(length - 5.0) < 0.01]
        assert len(marks) >= 8, "crop marks: two 5 mm strokes at each of four corners"
        text = page.extract_text()
        assert ASSUMPTION in text
        assert "overlap" in text


def test_tiles_cover_every_hex_and_overlap():
    floor = square_building(420, 300)
    data, _ = draw(floor, "letter")
    reader = read_pdf(data)
    seen: dict[tuple[int, int], int] = {}
    for page in reader.pages:
        # a hex's label "q,r" and its class letter stand apart on the sheet; pypdf 4.0 reads them
        # as one word ("0,0P"), later versions as two
        words = set(re.findall(r"(?<![\d,.-])-?\d+,-?\d+(?![\d,])", page.extract_text()))
        for q, r in floor.hexes:
            if f"{q},{r}" in words:
                seen[(q, r)] = seen.get((q, r), 0) + 1
    missing = set(floor.hexes) - set(seen)
    assert not missing, f"hexes on no page: {sorted(missing)[:5]}"
    assert any(n > 1 for n in seen.values()), "overlapping sheets repeat the hexes along the seam"


def test_tile_windows_overlap_and_cover():
    wins = tile_windows(0, 0, 500, 300, 190, 240, 12)
    xs = sorted({w[2] for w in wins})
    ys = sorted({w[3] for w in wins})
    assert len(xs) == 3 and len(ys) == 2
    assert xs[0] <= 0 and xs[-1] + 190 >= 500 and ys[0] <= 0 and ys[-1] + 240 >= 300
    assert all(b - a == pytest.approx(190 - 12) for a, b in zip(xs, xs[1:]))
    assert tile_windows(0, 0, 100, 100, 190, 240, 12) == [(0, 0, -45.0, -70.0)]
    with pytest.raises(ValueError):
        tile_windows(0, 0, 10, 10, 10, 10, 10)


def sample_books() -> list:
    from tests.conftest import ROOT

    books = sorted((ROOT / "samples" / "books").glob("*.book.json"))
    return [pytest.param(b, id=b.name) for b in books] or [
        pytest.param(None, marks=pytest.mark.skip(reason="no sample Books in samples/books yet"), id="no-books")]


@pytest.mark.parametrize("path", sample_books())
def test_sample_book_plans(path):
    books = pytest.importorskip("mapkit.books", reason="mapkit.books (C3G Books) is not in this build")
    pytest.importorskip("mapkit.geometry", reason="mapkit.geometry (the overlay) is not in this build")
    from mapkit.outputs.plan import plan_from_book

    book = books.load_book(path)
    plan = plan_from_book(book)
    assert len(plan.floors) == 1 + (len(book.floors) if book.kind == "interior-access" else 0)
    assert any("wound marker" in a.lower() for a in plan.assumptions)
    buf = io.BytesIO()
    pages = render_plan(plan, buf, PlanLayout(paper="letter"))
    reader = read_pdf(buf.getvalue())
    assert len(reader.pages) == pages >= len(plan.floors)
    for page in reader.pages:
        assert "wound marker" in page.extract_text().lower()
        centres = list({(round(x, 2), round(y, 2)) for x, y in (h.centroid() for h in plan_cells(page))})
        if len(centres) > 1:
            assert all(d == pytest.approx(HEX_PITCH_MM, abs=0.1) for d in nearest_neighbour_mm(centres))


def test_cli_plan_with_a_given_marker_size(cli, tmp_path):
    pytest.importorskip("mapkit.books", reason="mapkit.books (C3G Books) is not in this build")
    pytest.importorskip("mapkit.geometry", reason="mapkit.geometry (the overlay) is not in this build")
    books = [p.values[0] for p in sample_books() if p.values[0] is not None]
    if not books:
        pytest.skip("no sample Books in samples/books yet")
    out = tmp_path / "plan.pdf"
    code, _, err = cli("print", books[0], "-o", out, "--marker-diameter", "21.5", "--paper", "a4")
    assert code == 0, err
    text = read_pdf(out.read_bytes()).pages[0].extract_text()
    assert "Wound marker diameter 21.5 mm (given)" in text and "ASSUMED" not in text.split("Overlay")[0]
    with pytest.raises(SystemExit) as stop:  # argparse refuses the value before mapkit runs
        cli("print", books[0], "-o", out, "--marker-diameter", "-3")
    assert stop.value.code == 2
