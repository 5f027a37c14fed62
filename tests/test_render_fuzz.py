"""Any map the model can hold draws in every view: random pieces of every catalog type."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from mapkit.model.map import Map
from mapkit.outputs.paint.raster import render_png
from mapkit.outputs.paint.svg import render_svg
from mapkit.outputs.scene.views import RenderOptions, build_scene
from strategies import pieces


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(pieces(hostile=True), max_size=25), st.sampled_from(["top", "levels", "iso"]))
def test_random_maps_draw_in_every_view(ps, view):
    m = Map(pieces=ps)
    scene = build_scene(m, RenderOptions(view=view))
    assert render_png(scene, scale=4, supersample=1).startswith(b"\x89PNG")
    root = etree.fromstring(render_svg(scene))
    if view != "iso":
        ids = {g.get("id") for g in root.iter("{http://www.w3.org/2000/svg}g")}
        assert {f"piece-{i}" for i in range(1, len(ps) + 1)} <= ids
