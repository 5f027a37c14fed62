"""Any map the model can hold draws in every view: random pieces of every catalog type."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from mapkit.model.catalog import PERSONAL_SHAPES, catalog
from mapkit.model.map import Map, Piece
from mapkit.drawing import RenderOptions, build_scene, render_png, render_svg

TYPES = sorted(catalog().types)


@st.composite
def pieces(draw):
    type_id = draw(st.sampled_from(TYPES))
    attrs = {}
    if type_id == "glyph":
        attrs["letter"] = draw(st.sampled_from(["A", "?", "Z", ""]))
    elif type_id == "start-zone":
        attrs["player"] = draw(st.integers(0, 9))
    elif type_id.startswith("figure"):
        attrs = {"name": draw(st.text(max_size=12)), "player": draw(st.sampled_from([None, 1, 3, 12]))}
    elif type_id == "personal":
        attrs = {"size": draw(st.sampled_from(sorted(PERSONAL_SHAPES) + [5])),
                 "colour": draw(st.sampled_from([None, "#ff00aa", [1, 2, 3], 255, "bad"])),
                 "label": draw(st.text(max_size=8))}
    return Piece(type_id, draw(st.integers(-20, 20)), draw(st.integers(-20, 20)), draw(st.integers(0, 12)),
                 draw(st.integers(0, 5)), attrs)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(pieces(), max_size=25), st.sampled_from(["top", "levels", "iso"]))
def test_random_maps_draw_in_every_view(ps, view):
    m = Map(pieces=ps)
    scene = build_scene(m, RenderOptions(view=view))
    assert render_png(scene, scale=4, supersample=1).startswith(b"\x89PNG")
    root = etree.fromstring(render_svg(scene))
    if view != "iso":
        ids = {g.get("id") for g in root.iter("{http://www.w3.org/2000/svg}g")}
        assert {f"piece-{i}" for i in range(len(ps))} <= ids
