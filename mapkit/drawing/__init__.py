"""Pictures of maps: PNG previews (Pillow) and editable SVG (lxml) from one drawing.

    scene = build_scene(m, RenderOptions(view="top"))   # shapes in millimetres
    png = render_png(scene, scale=36)                    # pixels per hex pitch
    svg = render_svg(scene)                              # 1 user unit = 1 mm

Shared pieces other outputs reuse: `style` (colours, patterns, legend), `layout` (hex
geometry, levels, visible tops, the isometric projection), `symbols` (marks inside a hex).
"""

from __future__ import annotations

from typing import Any

from mapkit.drawing.views import VIEWS, RenderOptions, build_scene

__all__ = ["VIEWS", "RenderOptions", "build_scene", "render_png", "render_svg"]


def render_png(scene: Any, scale: float = 36.0, supersample: int = 2) -> bytes:
    from mapkit.drawing.png import render_png as _render
    from mapkit.drawing.scene import gc_paused

    with gc_paused():
        return _render(scene, scale, supersample)


def render_svg(scene: Any) -> bytes:
    from mapkit.drawing.scene import gc_paused
    from mapkit.drawing.svg import render_svg as _render

    with gc_paused():
        return _render(scene)

