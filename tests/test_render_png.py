"""The PNG preview: colours at known hex centres, image size from the map's bounds, contours."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image

from mapkit.model.map import Map, Piece
from mapkit.outputs.paint.raster import render_png
from mapkit.outputs.scene import layout, style
from mapkit.outputs.scene.views import RenderOptions, build_scene

PITCH = 44.45


def picture(m: Map, scale: float = 40, **opts):
    opts.setdefault("legend", False)
    opts.setdefault("title", False)
    scene = build_scene(m, RenderOptions(**opts))
    img = Image.open(io.BytesIO(render_png(scene, scale)))
    assert img.format == "PNG"
    return scene, img.convert("RGB")


def pixel_at(scene, img, x_mm: float, y_mm: float):
    k = img.width / scene.box.width
    return img.getpixel((int((x_mm - scene.box.x0) * k), int((y_mm - scene.box.y0) * k)))


def test_to_pixels_finds_a_hex_centre():
    from mapkit.outputs.paint.raster import to_pixels

    m = Map(pieces=[Piece("grass-7", 0, 0, 0), Piece("water-1", 2, 1, 0)])
    scene, img = picture(m, scale=50)
    x, y = to_pixels(scene, 50, *centre(2, 1))
    assert img.getpixel((int(x), int(y))) == style.terrain_rgb("water")


def centre(q, r):
    return PITCH * (q + r / 2), PITCH * math.sqrt(3) / 2 * r


@pytest.mark.parametrize("type_id, terrain", [("grass-7", "grass"), ("rock-7", "rock"), ("snow-7", "snow"),
                                              ("asphalt-7", "asphalt")])
def test_pixel_at_hex_centre_is_the_terrain_colour(type_id, terrain):
    m = Map(pieces=[Piece(type_id, 0, 0, 0)])
    scene, img = picture(m)
    assert pixel_at(scene, img, *centre(0, 1)) == style.terrain_rgb(terrain)


@pytest.mark.parametrize("view", ["top", "iso"])
def test_every_level_is_in_its_legend_colour_and_a_step_casts_a_shadow(view):
    """Issue 24 item 3: lower Levels were darkened away from the legend (Level 1 grass 56,91,38
    against the legend's 96,156,64). The colour of a Level-1 tile in the picture is its legend
    colour, as is a Level-3 tile's; the step between them shows as a line and, seen from above,
    a shadow on the lower tile (darker than the tile, inside it, along the shared edge)."""
    from mapkit.model.catalog import catalog
    from mapkit.outputs.scene.layout import Oblique, edge_segment

    m = Map(pieces=[Piece("grass-24", 0, 0, 0), Piece("grass-1", 0, 2, 1), Piece("grass-1", 0, 2, 2)])
    legend = {e.value: e.rgb for e in style.legend_entries(catalog()[p.type] for p in m.pieces)
              if e.swatch == "terrain"}
    scene = build_scene(m, RenderOptions(view=view))
    img = Image.open(io.BytesIO(render_png(scene, 80))).convert("RGB")
    proj = Oblique() if view == "iso" else None

    def at(x, y, level):
        if proj is not None:
            x, y = proj.project(x, y, level)
        return pixel_at(scene, img, x, y)

    assert at(*centre(1, 4), 1) == legend["grass"]                   # Level 1
    assert at(*centre(0, 2), 3) == legend["grass"]                   # Level 3
    if view == "top":
        (ax, ay), (bx, by) = edge_segment(0, 2, 1, PITCH)            # towards (0, 3), on Level 1
        cx, cy = centre(0, 3)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        shadow = pixel_at(scene, img, mx + (cx - mx) * 0.14, my + (cy - my) * 0.14)   # past the line
        assert sum(shadow) < sum(legend["grass"]) - 60


def test_image_size_follows_the_map_bounds():
    def width_of(n):
        m = Map(pieces=[Piece("grass-1", q, 0, 0) for q in range(n)])
        return picture(m, scale=30)[1].size

    w5, h5 = width_of(5)
    w9, h9 = width_of(9)
    assert w9 - w5 == pytest.approx(4 * 30, abs=1)          # 30 px per hex pitch
    assert h9 == h5
    m = Map(pieces=[Piece("grass-1", 0, r, 0) for r in range(7)])
    _, img = picture(m, scale=30)
    row = 30 * math.sqrt(3) / 2
    assert img.height - h5 == pytest.approx(6 * row, abs=1.5)


def test_contour_marks_where_the_surface_steps_up():
    m = Map(pieces=[Piece("grass-24", 0, 0, 0), Piece("rock-1", 0, 3, 1)])
    edges = {(e.q, e.r, e.direction): e.drop for e in layout.contour_edges(layout.visible_tops(m))}
    assert [edges[(0, 3, d)] for d in range(6)] == [1.0] * 6
    scene, img = picture(m, scale=60)
    a, b = layout.edge_segment(0, 3, 0, PITCH)        # the rock's east edge
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    assert sum(pixel_at(scene, img, *mid)) < 3 * 40   # drawn in the dark contour ink


def test_obstacle_and_marks_are_drawn_over_the_terrain():
    m = Map(pieces=[Piece("grass-7", 0, 0, 0), Piece("tree-10", 1, 1, 1), Piece("glyph", 0, 1, 1,
                                                                                attrs={"letter": "A"})])
    scene, img = picture(m, scale=60)
    grass = style.terrain_rgb("grass")
    assert pixel_at(scene, img, *centre(1, 1)) != grass
    ring_x = centre(0, 1)[0] + PITCH * 0.3           # on the glyph's ring
    assert pixel_at(scene, img, ring_x, centre(0, 1)[1]) != grass


def test_every_view_renders_and_differs():
    m = Map(name="views", pieces=[Piece("grass-24", 0, 0, 0), Piece("rock-3", 0, 1, 1), Piece("water-1", 1, 3, 1),
                                  Piece("start-zone", 0, 5, 1, attrs={"player": 2}),
                                  Piece("figure", 1, 4, 1, attrs={"name": "Syvarris", "player": 2})])
    sizes = set()
    for view in ("top", "levels", "iso"):
        _, img = picture(m, scale=20, view=view, legend=True, title=True)
        sizes.add(img.size)
    assert len(sizes) == 3


def test_empty_map_still_draws():
    _, img = picture(Map(), scale=20, legend=True, title=True)
    assert img.width > 0 and img.height > 0


def test_absurd_scale_is_refused_not_attempted():
    m = Map(pieces=[Piece("grass-24", q * 8, 0, 0) for q in range(50)])
    with pytest.raises(ValueError):
        render_png(build_scene(m), scale=4000)


def test_covered_hexes_are_skipped_in_the_png_but_kept_in_the_svg():
    from lxml import etree

    from mapkit.outputs.paint.svg import render_svg

    m = Map(pieces=[Piece("grass-7", 0, 0, 0), Piece("personal", 0, 1, 1, attrs={"size": 1, "label": "X"}),
                    Piece("personal", 0, 1, 2, attrs={"size": 1, "label": "Y"})])
    scene = build_scene(m, RenderOptions())
    covered = [item for item, _, _ in scene.root.walk() if getattr(item, "covered", False)]
    assert covered and {type(i).__name__ for i in covered} >= {"Poly", "Text"}
    root = etree.fromstring(render_svg(scene))
    hexes = [h for h in root.iter("{http://www.w3.org/2000/svg}polygon") if h.get("class") == "hex"]
    assert len(hexes) == 9                             # every hex of every layer stays editable
    _, img = picture(m, scale=40)
    assert pixel_at(build_scene(m, RenderOptions(legend=False, title=False)), img, *centre(1, 1)) == \
        style.terrain_rgb("grass")


def test_iso_shows_the_sides_of_a_stack_under_its_top():
    """A 5-level column: every level's south face is painted, not just the top one's."""
    from mapkit.outputs.scene.layout import Oblique, hex_corners
    from mapkit.outputs.paint.raster import to_pixels

    m = Map(pieces=[Piece("grass-24", 0, 0, 0)] + [Piece("rock-1", 0, 2, z) for z in range(1, 6)])
    scene = build_scene(m, RenderOptions(view="iso", legend=False, title=False))
    img = Image.open(io.BytesIO(render_png(scene, 60))).convert("RGB")
    corners = hex_corners(0, 2)
    mx, my = (corners[2][0] + corners[3][0]) / 2, (corners[2][1] + corners[3][1]) / 2   # south-east face
    for level in (1.5, 2.5, 3.5, 4.5):
        x, y = to_pixels(scene, 60, *Oblique().project(mx, my, level))
        pixel = img.getpixel((int(x), int(y)))
        assert pixel != style.mark_rgb("background"), level
        assert sum(pixel) < sum(style.terrain_rgb("rock")), level      # a shaded side, darker than a top


def test_title_fits_in_the_picture():
    from mapkit.outputs.scene.layout import Box

    m = Map(name="A rather long map name for a one-hex map", pieces=[Piece("grass-1", 0, 0, 0)])
    scene = build_scene(m, RenderOptions(legend=False))
    title = next(item for item, _, _ in scene.root.walk() if getattr(item, "text", "").startswith("A rather"))
    assert scene.box.x1 >= title.x + len(title.text) * title.size * 0.5
    assert isinstance(scene.box, Box)


def test_pictures_draw_where_no_font_of_ours_is_installed(monkeypatch):
    """Without DejaVu or Liberation, text falls back to Pillow's own scalable font. Pillow before
    10.1 had no size for it and `mapkit render` crashed ('load_default() takes 0 positional
    arguments'), so pyproject.toml asks for Pillow 10.1 (.ci/run runs this file with it)."""
    from mapkit.outputs.paint import raster

    monkeypatch.setattr(raster, "_FONTS", {False: ("no-such-font.ttf",), True: ("no-such-font-bold.ttf",)})
    raster.font.cache_clear()
    try:
        big, small = raster.font(40), raster.font(12, bold=True)
        assert big.getbbox("Hexes")[3] > small.getbbox("Hexes")[3]  # it scales
        _, img = picture(Map(name="no fonts", pieces=[Piece("grass-24", 0, 0, 0)]), scale=20, legend=True, title=True)
        assert img.width > 0
    finally:
        raster.font.cache_clear()
