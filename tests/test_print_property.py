"""Property tests: any map built from catalog pieces prints and reports without error, and the
build sheets keep one page per level."""

from __future__ import annotations

import io
import math

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from mapkit.model.map import Map
from mapkit.outputs.sheets import BuildOptions, build_levels, render_build, sheet_groups
from mapkit.outputs.html_report.page import render_report
from strategies import pieces
from tests.test_print_probe import read_pdf
from tests.test_report_html import assert_self_contained

@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(pieces(span=30, levels=(-2, 25), hostile=True), min_size=1, max_size=25), st.text(max_size=30),
       st.integers(1, 4), st.sampled_from(["letter", "a4"]))
def test_any_map_prints_and_reports(ps, name, per_page, paper):
    # the Level sheets' header writes the map's name: a map named "parts list" (Hypothesis draws the
    # words from the code under test) is no parts list page
    assume("parts list" not in name)
    m = Map(name=name, pieces=ps, notes=name)
    buf = io.BytesIO()
    pages = render_build(m, buf, BuildOptions(paper, per_page))
    sheets = math.ceil(len(sheet_groups(m, build_levels(m))) / per_page)
    pdf = read_pdf(buf.getvalue())
    assert len(pdf.pages) == pages > sheets
    # a sheet per group of Levels, then the parts list: as many pages as its lines need (each inside its page)
    assert all("parts list" in pdf.pages[i].extract_text() for i in range(sheets, pages))
    assert all("parts list" not in pdf.pages[i].extract_text() for i in range(sheets))
    assert_self_contained(render_report(m, "fuzz.mapkit.json"))
