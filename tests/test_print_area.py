"""Everything a sheet draws lies inside the printable area, on Letter and A4, for every corpus
map and every sample Book (issue 15 item 1): a legend cut off at the page's edge is a sheet a
builder cannot use."""

from __future__ import annotations

import io
import math
import os
from pathlib import Path

import pytest

from conftest import CORPUS
from tests.test_print_probe import PT_PER_MM, page_extents, read_pdf

#: What a home printer cannot print near each edge (most leave 4 to 6.35 mm); the sheets keep
#: a 10 mm margin, so anything nearer the edge than this is a drawing that ran off its place.
PRINTABLE_MARGIN_MM = 6.35
SAMPLES = Path(__file__).resolve().parent.parent / "samples"
MAP_SUFFIXES = (".hsc", ".json", ".html", ".xhtml")


def outside(pdf: bytes) -> list[str]:
    """What lies beyond the printable area, page by page (empty when all is inside)."""
    bad = []
    for n, page in enumerate(read_pdf(pdf).pages, start=1):
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        m = PRINTABLE_MARGIN_MM * PT_PER_MM
        for what, x0, y0, x1, y1 in page_extents(page):
            if x0 < m - 0.5 or y0 < m - 0.5 or x1 > w - m + 0.5 or y1 > h - m + 0.5:
                bad.append(f"page {n}: {what} at ({x0:.0f}, {y0:.0f})-({x1:.0f}, {y1:.0f}) on {w:.0f} x {h:.0f}")
    return bad


def margin_ink(pdf: bytes, tmp: Path, dpi: int = 40) -> list[str]:
    """Pages whose unprintable margin band has ink, found by rasterising every page with
    poppler's pdftoppm (fast enough for the whole corpus, where reading the PDF back object by
    object is not)."""
    import shutil
    import subprocess

    from PIL import Image

    exe = shutil.which("pdftoppm")
    if exe is None:
        if os.environ.get("CI"):
            pytest.fail("CI must run this test: .ci/run installs Debian's poppler-utils (pdftoppm)")
        pytest.skip("pdftoppm (poppler-utils) is not installed: the corpus-wide printable-area check is skipped")
    source = tmp / "sheet.pdf"
    source.write_bytes(pdf)
    subprocess.run([exe, "-r", str(dpi), "-gray", str(source), str(tmp / "page")], check=True)
    band = math.ceil(PRINTABLE_MARGIN_MM / 25.4 * dpi) - 1
    bad = []
    for png in sorted(tmp.glob("page-*.pgm")) + sorted(tmp.glob("page-*.png")):
        with Image.open(png) as img:
            w, h = img.size
            for box in ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h)):
                if img.crop(box).getextrema()[0] < 250:
                    bad.append(f"{png.name}: ink within {PRINTABLE_MARGIN_MM} mm of the edge, box {box}")
                    break
        png.unlink()
    return bad


def build_sheet(path: Path, paper: str, cover: bool = True) -> bytes:
    from mapkit.outputs.sheets import BuildOptions, render_build
    from mapkit.formats import read_map

    buf = io.BytesIO()
    render_build(read_map(path), buf, BuildOptions(paper=paper, cover=cover))
    return buf.getvalue()


def corpus_maps() -> list[Path]:
    if CORPUS is None:
        return []
    return [p for p in sorted(CORPUS.rglob("*")) if p.suffix.lower() in MAP_SUFFIXES
            and p.name != "maps_summary.json" and p.is_file()]


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_build_sheets_of_every_corpus_map_stay_printable(paper, tmp_path):
    """Every page of every corpus map's sheets (cover, Levels, parts list) leaves the margin band blank."""
    maps = corpus_maps()
    if not maps:
        pytest.skip("community corpus not found")
    bad = {}
    for path in maps:
        try:
            pdf = build_sheet(path, paper, cover=False)      # the cover's layout is checked on the samples
        except Exception as exc:                     # an unreadable corpus file is another test's business
            from mapkit.errors import MapkitError

            if isinstance(exc, MapkitError):
                continue
            raise
        found = margin_ink(pdf, tmp_path)
        if found:
            bad[path.name] = found[:3]
    assert not bad, bad


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_object_of_the_sample_sheets_is_inside_the_printable_area(paper):
    """Object by object (text, paths, images; what is clipped counts only where it shows)."""
    bad = {}
    for path in sorted((SAMPLES / "maps").glob("*.*")):
        found = outside(build_sheet(path, paper))
        if found:
            bad[path.name] = found[:3]
    assert not bad, bad


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_floor_plans_of_every_sample_book_stay_printable(paper):
    from mapkit.books import load_book
    from mapkit.outputs.plan import PlanLayout, plan_from_book, render_plan

    bad = {}
    for path in sorted((SAMPLES / "books").glob("*.book.json")):
        buf = io.BytesIO()
        render_plan(plan_from_book(load_book(path)), buf, PlanLayout(paper=paper))
        found = outside(buf.getvalue())
        if found:
            bad[path.name] = found[:3]
    assert not bad, bad


def test_the_probe_sees_what_runs_off_the_page():
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(595, 842))
    c.drawString(100, 400, "inside")
    c.drawString(560, 400, "a legend line that runs off")
    c.rect(100, 2, 50, 30)
    c.save()
    found = sorted(outside(buf.getvalue()))
    assert len(found) == 2 and "path" in found[0] and "text a legend" in found[1]
