"""Property tests: any map built from catalog pieces prints and reports without error, and the
build sheets keep one page per level."""

from __future__ import annotations

import io
import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mapkit.model.catalog import catalog
from mapkit.model.map import Map, Piece
from mapkit.drawing.pdf_build import BuildOptions, build_levels, render_build
from mapkit.drawing.report_html import render_report
from tests.test_print_probe import read_pdf
from tests.test_report_html import assert_self_contained

TYPES = sorted(catalog().types)


@st.composite
def pieces(draw):
    type_id = draw(st.sampled_from(TYPES))
    attrs = {}
    if type_id == "start-zone":
        attrs["player"] = draw(st.integers(0, 9))
    elif type_id == "glyph":
        attrs["letter"] = draw(st.sampled_from(list("AGIVDBK?") + ["é", "<"]))
    elif type_id == "personal":
        attrs["size"] = draw(st.sampled_from([1, 2, 3, 7, 24]))
        attrs["colour"] = draw(st.sampled_from(["#12ab34", [200, 10, 10], 0x00FF00, "nonsense", None]))
        attrs["name"] = draw(st.text(max_size=12))
    return Piece(type_id, draw(st.integers(-30, 30)), draw(st.integers(-30, 30)), draw(st.integers(-2, 25)),
                 draw(st.integers(0, 5)), attrs)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(pieces(), min_size=1, max_size=25), st.text(max_size=30), st.integers(1, 4),
       st.sampled_from(["letter", "a4"]))
def test_any_map_prints_and_reports(ps, name, per_page, paper):
    m = Map(name=name, pieces=ps, scenario=name)
    buf = io.BytesIO()
    pages = render_build(m, buf, BuildOptions(paper, per_page))
    sheets = math.ceil(len(build_levels(m)) / per_page)
    pdf = read_pdf(buf.getvalue())
    assert len(pdf.pages) == pages > sheets
    # a sheet per group of Levels, then the parts list: as many pages as its lines need (each inside its page)
    assert all("parts list" in pdf.pages[i].extract_text() for i in range(sheets, pages))
    assert all("parts list" not in pdf.pages[i].extract_text() for i in range(sheets))
    assert_self_contained(render_report(m, "fuzz.mapkit.json"))
