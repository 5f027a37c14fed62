"""Every corpus map renders in every view, as PNG and SVG, and the SVG holds every piece."""

from __future__ import annotations

import io

import pytest
from conftest import ROOT, corpus_files
from lxml import etree
from PIL import Image

from mapkit.api import read
from mapkit.formats import read_map
from mapkit.outputs.paint.raster import render_png
from mapkit.outputs.paint.svg import render_svg
from mapkit.outputs.scene.views import RenderOptions, build_scene

MAPS = (corpus_files("hsc", "*.hsc") + corpus_files("hexoscape", "*.json")
        + corpus_files("glasq-xhtml", "*.html"))
SAMPLES = sorted((ROOT / "samples" / "maps").glob("*.mapkit.json"))


@pytest.mark.parametrize("path", MAPS)
def test_corpus_map_renders_in_every_view(path):
    m = read_map(path)
    for view in ("top", "levels", "iso"):
        scene = build_scene(m, RenderOptions(view=view, name=path.name))
        img = Image.open(io.BytesIO(render_png(scene, scale=6, supersample=1)))
        assert img.width > 10 and img.height > 10
        root = etree.fromstring(render_svg(scene))
        ids = {g.get("id") for g in root.iter("{http://www.w3.org/2000/svg}g")}
        if view != "iso":  # a page of several scenarios is drawn as the terrain they share
            assert {f"piece-{i}" for i in range(1, len(m.terrain().pieces) + 1)} <= ids


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_sample_maps_with_books_render_their_buildings(path):
    m = read(path)  # the map carries its Books
    for view in ("top", "levels", "iso"):
        scene = build_scene(m, RenderOptions(view=view))
        root = etree.fromstring(render_svg(scene))
        ids = {g.get("id") for g in root.iter("{http://www.w3.org/2000/svg}g")}
        shares = {g.get("data-building") for g in root.iter("{http://www.w3.org/2000/svg}g")}
        for i in range(1, len(m.buildings) + 1):   # numbered from 1; per-level panels suffix the level
            if view == "iso":                      # cut along the grid: a share of each hex, each naming it
                assert str(i) in shares
            else:
                assert any(x == f"building-{i}" or (x or "").startswith(f"building-{i}-level-") for x in ids)
        legend = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
        assert "not drawn" not in legend
        render_png(scene, scale=6, supersample=1)
