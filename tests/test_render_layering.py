"""What a picture puts on top, and what sets its size: issue 15 item 2 (badges, titles)."""

from __future__ import annotations

import io

from PIL import Image

from mapkit.outputs.paint.raster import render_png
from mapkit.outputs.paint.svg import render_svg
from mapkit.outputs.scene.views import RenderOptions, build_scene
from mapkit.outputs.scene.style import severity_rgb
from mapkit.outputs.scene.views import title_lines
from mapkit.model.map import Map, Piece
from mapkit.rules.framework import Finding


def _field() -> Map:
    return Map(name="field", pieces=[Piece("grass-24", 0, 0, 0)])


def _png(m: Map, **kw) -> Image.Image:
    scene = build_scene(m, RenderOptions(**kw))
    return Image.open(io.BytesIO(render_png(scene, 40))).convert("RGB"), scene


def test_an_error_badge_is_drawn_above_a_warning_on_the_same_hex():
    """The warning is listed after the error, so it used to be painted over it."""
    m = _field()
    findings = [Finding("E1", "error", "bad", 1, 1, 1), Finding("W1", "warning", "meh", 1, 1, 1)]
    img, scene = _png(m, findings=findings, legend=False, title=False)
    order = [g.attrs["data-severity"] for g in scene.root.find("findings").items]
    assert order == ["warning", "error"]
    # the badge sits at the same place for both: its pixel is the error's colour
    from mapkit.outputs.scene.layout import hex_center

    cx, cy = hex_center(1, 1, scene.pitch)
    px = ((cx + scene.pitch * 0.3 - scene.box.x0) * 40 / scene.pitch + scene.pitch * 0.12 * 40 / scene.pitch,
          (cy - scene.pitch * 0.32 - scene.box.y0) * 40 / scene.pitch)
    assert img.getpixel((int(px[0]), int(px[1]))) == severity_rgb("error")
    svg = render_svg(scene).decode()
    assert svg.index('data-severity="warning"') < svg.index('data-severity="error"')


def test_a_long_title_never_sets_the_picture_size():
    """A map with a very long name made a PNG 281,430 pixels wide."""
    short, _ = _png(_field())
    long_map = _field()
    long_map.name = "A very long name " * 2000
    wide, scene = _png(long_map)
    assert wide.width == short.width
    assert wide.height <= short.height + 40          # at most one more line of title
    titles = [item.text for item, _, _ in scene.root.walk() if getattr(item, "bold", False)
              and "name" in getattr(item, "text", "")]
    assert len(titles) == 2 and titles[-1].endswith("\u2026")


def test_title_lines_wrap_then_cut():
    assert title_lines("short title", 100, 1) == ["short title"]
    lines = title_lines("word " * 40, 20, 1)
    assert len(lines) == 2 and lines[1].endswith("\u2026") and all(len(x) <= 32 for x in lines)
