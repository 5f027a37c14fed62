"""`mapkit print` and `mapkit report` on map files: our own maps through the native format, and every
community map in the corpus (read in place)."""

from __future__ import annotations

import io
import math
import re
from pathlib import Path

import pytest

from mapkit.errors import FormatError
from mapkit.formats import read_map, write_map
from mapkit.outputs.sheets import BuildOptions, build_levels, render_build, sheet_groups
from mapkit.outputs.html_report.page import render_report
from tests.conftest import corpus_files
from tests.test_print_build import three_level_map
from tests.test_print_probe import read_pdf


@pytest.fixture
def map_file(tmp_path):
    path = tmp_path / "three.mapkit.json"
    write_map(three_level_map(), path)
    return path


def test_print_build_sheets(cli, map_file, tmp_path):
    out = tmp_path / "build.pdf"
    code, _, err = cli("print", map_file, "-o", out, "--paper", "a4", "--levels-per-page", "2")
    assert code == 0, err
    reader = read_pdf(out.read_bytes())
    assert len(reader.pages) == math.ceil(3 / 2) + 1
    assert float(reader.pages[0].mediabox.width) in (pytest.approx(595.28, abs=0.05), pytest.approx(841.89, abs=0.05))
    assert "Three Steps" in reader.pages[0].extract_text()
    assert re.search(r"build instructions, 3 page\(s\), a4", err)


def test_print_plan_needs_buildings(cli, map_file, tmp_path):
    code, _, err = cli("print", map_file, "--plan", "-o", tmp_path / "p.pdf")
    assert code == 2 and err.count("\n") == 1
    assert not (tmp_path / "p.pdf").exists()


def test_report_command(cli, map_file, tmp_path):
    out = tmp_path / "report.html"
    code, _, err = cli("report", map_file, "-o", out, "--no-pictures")
    assert code == 0, err
    text = out.read_text(encoding="utf-8")
    assert 'id="hex_1_2"' in text and "Three Steps" in text
    assert not re.search(r"(src|href)=\"https?:", text)


def test_unreadable_map_is_one_line(cli, tmp_path):
    bad = tmp_path / "bad.hsc"
    bad.write_bytes(b"not a map")
    for args in (("print", bad, "-o", tmp_path / "x.pdf"), ("report", bad, "-o", tmp_path / "x.html")):
        code, _, err = cli(*args)
        assert code == 2 and err.startswith("mapkit: ") and err.count("\n") == 1
    assert not (tmp_path / "x.pdf").exists() and not (tmp_path / "x.html").exists()


CORPUS_MAPS = corpus_files("hsc", "*.hsc") + corpus_files("hexoscape", "*.json") + \
    corpus_files("glasq-xhtml", "*.html")


@pytest.mark.parametrize("path", CORPUS_MAPS)
def test_corpus_maps_print_and_report(path):
    try:
        m = read_map(path)
    except FormatError as exc:  # reading is the formats' business; a map we cannot read is not ours to print
        pytest.skip(f"unreadable here: {exc}")
    if not m.pieces:
        pytest.skip("no pieces")
    buf = io.BytesIO()
    pages = render_build(m, buf, BuildOptions(levels_per_page=4))
    reader = read_pdf(buf.getvalue())
    terrain = m.terrain()  # the map itself unless it sets up several scenarios
    levels = build_levels(terrain)
    scenario_pages = len(m.scenarios()) if m.several_scenarios() else 0
    sheets = math.ceil(len(sheet_groups(terrain, levels)) / 4)
    assert len(reader.pages) == pages >= sheets + 1 + scenario_pages   # the lists run on as long as they need
    texts = [page.extract_text() for page in reader.pages]
    parts = [n for n, t in enumerate(texts) if ": parts list" in t]
    assert parts and "Total" in texts[parts[0]] and parts == list(range(parts[0], parts[-1] + 1))
    assert all("parts list (continued)" in texts[n] for n in parts[1:])
    assert all("sheet " in t or ": parts (continued)" in t for t in texts[:parts[0]])    # Level sheets before
    for n in m.scenarios() if scenario_pages else ():                                  # a page per scenario after
        assert any(f"scenario {n}" in t for t in texts[parts[-1] + 1:])
    html = render_report(m, str(path))
    assert html.count('class="hex ') == len({h for p in terrain.pieces
                                             if m.piece_type(p).kind in ("land", "fluid", "castle", "custom")
                                             for h in terrain.footprint(p)})


def test_street_sample_plans_markers_and_build_sheets(cli, tmp_path):
    from mapkit.model.grid import HEX_PITCH_MM
    from tests.conftest import ROOT
    from tests.test_print_plan import plan_cells
    from tests.test_print_probe import hexagons, nearest_neighbour_mm, page_paths

    street = ROOT / "samples" / "maps" / "street.mapkit.json"
    if not street.exists():
        pytest.skip("samples/maps/street.mapkit.json is not in this checkout")
    pytest.importorskip("mapkit.books", reason="mapkit.books (C3G Books) is not in this build")
    m = read_map(street)
    names = {Path(p.book).name for p in list(m.buildings) + list(m.objects)}

    plan = tmp_path / "plan.pdf"
    code, _, err = cli("print", street, "--plan", "-o", plan)
    assert code == 0, err
    reader = read_pdf(plan.read_bytes())
    assert len(reader.pages) >= len(names)
    for page in reader.pages:
        centres = list({(round(x, 1), round(y, 1)) for x, y in (h.centroid() for h in plan_cells(page))})
        if len(centres) > 1:
            assert all(d == pytest.approx(HEX_PITCH_MM, abs=0.1) for d in nearest_neighbour_mm(centres))
        assert "wound marker" in page.extract_text().lower()

    build = tmp_path / "build.pdf"
    code, _, err = cli("print", street, "-o", build)
    assert code == 0, err
    last = read_pdf(build.read_bytes()).pages[-1].extract_text()
    assert "C3G buildings and objects" in last
    # each named and numbered as findings name it (building N, object N: the map's order, from 1)
    text = " ".join(page.extract_text() for page in read_pdf(build.read_bytes()).pages).replace("\n", " ")
    assert "building 1: Skyscraper" in text and "object 2: Sports Car" in text
    # the parts list counts pieces as info does, the start-zone spaces apart
    assert "64 pieces on 1 Level (4 start-zone spaces apart)" in text

    markers = tmp_path / "markers.pdf"
    code, _, err = cli("print", street, "--markers", "-o", markers)
    assert code == 0, err
    assert "DOOR" in read_pdf(markers.read_bytes()).pages[0].extract_text()


@pytest.mark.parametrize("overlap", ["nan", "1e9", "-5", "inf"])
def test_overlap_out_of_range_is_a_usage_error(overlap, tmp_path):
    """Regression: --overlap nan or larger than the page was an internal error (exit 3)."""
    from tests.conftest import ROOT, run_subprocess

    book = ROOT / "samples" / "books" / "bungalow.book.json"
    if not book.exists():
        pytest.skip("samples/books/bungalow.book.json is not in this checkout")
    out = tmp_path / "plan.pdf"
    done = run_subprocess("print", book, "-o", out, "--overlap", overlap)
    assert done.returncode == 2 and "overlap must be between 0 and" in done.stderr
    assert "Traceback" not in done.stderr and not out.exists()
