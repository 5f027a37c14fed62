"""The raster painter: the one module that draws with Pillow (`tests/test_layers.py` holds it so).

A scene (`render_png`): `scale` is pixels per hex pitch (44.45 mm). Shapes are drawn at
`supersample` times that and reduced with a box filter, which smooths edges while keeping flat
areas their exact colour (a hex's centre pixel is its terrain's colour). Big maps drop the
supersampling so the image stays within `MAX_PIXELS`.

A picture laid out in pixels (the overlay's panels, the movement heatmap) draws on a `Canvas`.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Sequence

from mapkit.outputs.scene.shapes import Circle, Poly, Scene, Text, gc_paused

#: Largest drawing surface (pixels, before reduction) worth supersampling.
MAX_SUPERSAMPLED = 24_000_000
#: Refuse images larger than this (a typo in --scale should not eat the machine's memory).
MAX_PIXELS = 200_000_000
#: Text smaller than this many pixels is left out: it would only be noise.
MIN_TEXT_PX = 6
#: Below this many pixels per hex, fill patterns (shapes marked `detail`) are left out.
DETAIL_MIN_SCALE = 16.0

_FONTS = {False: ("DejaVuSans.ttf", "LiberationSans-Regular.ttf"),
          True: ("DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf")}


@lru_cache(maxsize=64)
def font(size_px: int, bold: bool = False) -> Any:
    """A scalable font: DejaVu or Liberation if installed, else Pillow's built-in one."""
    from PIL import ImageFont

    for name in _FONTS[bold]:
        try:
            return ImageFont.truetype(name, size_px)
        except OSError:
            continue
    return ImageFont.load_default(size_px)


def image_size(scene: Scene, scale: float) -> tuple[int, int]:
    """The PNG's width and height in pixels at `scale` pixels per hex pitch."""
    k = scale / scene.pitch
    return max(1, math.ceil(scene.box.width * k)), max(1, math.ceil(scene.box.height * k))


def to_pixels(scene: Scene, scale: float, x: float, y: float) -> tuple[float, float]:
    """Where a point of the drawing (millimetres) lands in the PNG drawn at `scale`
    (e.g. to put a clickable area over a hex in an HTML report)."""
    k = scale / scene.pitch
    return (x - scene.box.x0) * k, (y - scene.box.y0) * k


def render_image(scene: Scene, scale: float = 36.0, supersample: int = 2) -> Any:
    """Draw a scene into a Pillow RGB image."""
    from PIL import Image, ImageDraw

    from mapkit.errors import PictureTooLarge

    width, height = image_size(scene, scale)
    if width * height > MAX_PIXELS:  # (every PNG of a scene: a map's, fit's, a report's pictures)
        raise PictureTooLarge(f"image would be {width} x {height} pixels; lower the scale")
    ss = supersample if width * height * supersample * supersample <= MAX_SUPERSAMPLED else 1
    k = scale * ss / scene.pitch
    img = Image.new("RGB", (width * ss, height * ss), scene.background)
    draw = ImageDraw.Draw(img)
    x0, y0 = scene.box.x0, scene.box.y0
    details = scale >= DETAIL_MIN_SCALE
    for item, dx, dy in scene.root.walk():
        ox, oy = dx - x0, dy - y0
        if getattr(item, "covered", False) or (not details and getattr(item, "detail", False)):
            continue
        if isinstance(item, Poly):
            pts = [((x + ox) * k, (y + oy) * k) for x, y in item.pts]
            px = max(1, round(item.width * k)) if item.stroke is not None and item.width > 0 else 0
            if item.closed:
                if item.fill is not None and px <= 1:
                    draw.polygon(pts, fill=item.fill, outline=item.stroke if px else None)
                    continue
                if item.fill is not None:
                    draw.polygon(pts, fill=item.fill)
                if px and item.stroke is not None:
                    _stroke(draw, pts + [pts[0]], item.stroke, px, item.dash, k)
            elif px and item.stroke is not None:
                _stroke(draw, pts, item.stroke, px, item.dash, k)
        elif isinstance(item, Circle):
            cx, cy, rad = (item.cx + ox) * k, (item.cy + oy) * k, item.radius * k
            px = max(1, round(item.width * k)) if item.stroke is not None and item.width > 0 else 0
            draw.ellipse((cx - rad, cy - rad, cx + rad, cy + rad), fill=item.fill,
                         outline=item.stroke if px else None, width=px or 1)
        elif isinstance(item, Text):
            size = round(item.size * k)
            if size < MIN_TEXT_PX * ss:
                continue
            halo = max(1, size // 10) if item.halo else 0
            draw.text(((item.x + ox) * k, (item.y + oy) * k), item.text, fill=item.fill, font=font(size, item.bold),
                      anchor="mm" if item.anchor == "middle" else "lm", stroke_width=halo,
                      stroke_fill=item.halo if item.halo else None)
    if ss > 1:
        img = img.reduce(ss)
    return img


def _stroke(draw: Any, pts: list[tuple[float, float]], rgb: tuple[int, int, int], px: int, dash: bool, k: float
            ) -> None:
    if not dash:
        draw.line(pts, fill=rgb, width=px, joint="curve" if px > 2 and len(pts) > 2 else None)
        return
    on = max(2.0, px * 3.0)
    for (xa, ya), (xb, yb) in zip(pts, pts[1:]):
        length = math.hypot(xb - xa, yb - ya)
        steps = max(1, int(length // (2 * on)))
        for i in range(steps):
            t0, t1 = (2 * i) * on / length, min(1.0, (2 * i + 1) * on / length) if length else 1.0
            draw.line([(xa + (xb - xa) * t0, ya + (yb - ya) * t0), (xa + (xb - xa) * t1, ya + (yb - ya) * t1)],
                      fill=rgb, width=px)


def render_png(scene: Scene, scale: float = 36.0, supersample: int = 2) -> bytes:
    """The scene as PNG bytes."""
    import io

    buffer = io.BytesIO()
    with gc_paused():
        # zlib level 3: the same pixels as level 6 in under half the time (big maps: 0.36 -> 0.14 s),
        # for a file about 3 % larger.
        render_image(scene, scale, supersample).save(buffer, format="PNG", optimize=False, compress_level=3)
    return buffer.getvalue()


# -- pictures laid out in pixels ----------------------------------------------------------------

RGB = tuple[int, int, int]
Points = Sequence[tuple[float, float]]


@lru_cache(maxsize=64)
def default_font(size: int) -> Any:
    """Pillow's own scalable font at `size` pixels (Pillow 10.1 and later, as pyproject.toml asks)."""
    from PIL import ImageFont

    return ImageFont.load_default(size=size)


class Canvas:
    """An image drawn in pixels: shapes, text in Pillow's own font (`size` pixels; None: Pillow's
    default), and other canvases pasted on it (through a mask canvas, "L" mode)."""

    def __init__(self, size: tuple[int, int], background: RGB | int, mode: str = "RGB"):
        from PIL import Image, ImageDraw

        self.image = Image.new(mode, size, background)
        self._pen = ImageDraw.Draw(self.image)

    @property
    def size(self) -> tuple[int, int]:
        return self.image.size

    def polygon(self, pts: Points, fill: RGB | int | None = None, outline: RGB | None = None) -> None:
        self._pen.polygon(pts, fill=fill, outline=outline)

    def line(self, pts: Points, fill: RGB, width: int = 1) -> None:
        self._pen.line(pts, fill=fill, width=width)

    def ellipse(self, box: Sequence[float], fill: RGB | None = None, outline: RGB | None = None) -> None:
        self._pen.ellipse(box, fill=fill, outline=outline)

    def rectangle(self, box: Sequence[float], fill: RGB | None = None, outline: RGB | None = None) -> None:
        self._pen.rectangle(box, fill=fill, outline=outline)

    def text(self, xy: tuple[float, float], text: str, fill: RGB, size: int | None = None,
             anchor: str | None = None) -> None:
        self._pen.text(xy, text, fill=fill, font=None if size is None else default_font(size), anchor=anchor)

    def text_box(self, xy: tuple[float, float], text: str, size: int, anchor: str | None = None
                 ) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) of the text drawn so."""
        return self._pen.textbbox(xy, text, font=default_font(size), anchor=anchor)

    def text_length(self, text: str, size: int) -> float:
        return self._pen.textlength(text, font=default_font(size))

    def paste(self, other: "Canvas", at: tuple[int, int] = (0, 0), mask: "Canvas | None" = None) -> None:
        self.image.paste(other.image, at, None if mask is None else mask.image)

    def png(self) -> bytes:
        """The canvas as PNG bytes (Pillow's default compression)."""
        import io

        buffer = io.BytesIO()
        self.image.save(buffer, format="PNG")
        return buffer.getvalue()
