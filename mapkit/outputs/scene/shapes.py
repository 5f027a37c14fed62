"""A drawing as plain shapes in millimetres, grouped by level and piece, for any backend.

The scene builders (`mapkit.outputs.scene.views`) say *what* to draw once; `png.py` and `svg.py`
say *how* for their medium, so the PNG and the SVG of a map are the same drawing. Stroke
widths and text sizes are in millimetres too.
"""

from __future__ import annotations

from typing import Any, Iterator, Union

from mapkit.bulk import paused_gc
from mapkit.model.grid import HEX_PITCH_MM
from mapkit.outputs.scene.layout import Box
from mapkit.records import Record, field

RGB = tuple[int, int, int]
Point = tuple[float, float]


class Poly:
    """A closed polygon (or an open polyline when `closed` is False)."""

    __slots__ = ("pts", "fill", "stroke", "width", "closed", "attrs", "dash", "detail", "covered")

    def __init__(self, pts: list[Point], fill: RGB | None = None, stroke: RGB | None = None, width: float = 0.0,
                 closed: bool = True, attrs: dict[str, Any] | None = None, dash: bool = False,
                 detail: bool = False):
        self.pts = pts
        self.fill = fill
        self.stroke = stroke
        self.width = width
        self.closed = closed
        self.attrs = attrs
        self.dash = dash
        #: A fine mark (a fill pattern) that a small raster picture may leave out.
        self.detail = detail
        #: Hidden under a higher piece: kept in the SVG (its layer stays whole), skipped in a PNG.
        self.covered = False


class Circle:
    __slots__ = ("cx", "cy", "radius", "fill", "stroke", "width", "attrs", "detail", "covered")

    def __init__(self, cx: float, cy: float, radius: float, fill: RGB | None = None, stroke: RGB | None = None,
                 width: float = 0.0, attrs: dict[str, Any] | None = None, detail: bool = False):
        self.cx, self.cy, self.radius = cx, cy, radius
        self.fill, self.stroke, self.width = fill, stroke, width
        self.attrs = attrs
        self.detail = detail
        self.covered = False


class Text:
    """Text centred on (x, y); `halo` draws a thin outline of that colour around the letters."""

    __slots__ = ("x", "y", "text", "size", "fill", "bold", "halo", "anchor", "covered")

    def __init__(self, x: float, y: float, text: str, size: float, fill: RGB = (0, 0, 0), bold: bool = False,
                 halo: RGB | None = None, anchor: str = "middle"):
        self.x, self.y, self.text, self.size = x, y, text, size
        self.fill, self.bold, self.halo, self.anchor = fill, bold, halo, anchor
        self.covered = False


class Rect:
    """A box from (x0, y0) to (x1, y1), its corners rounded by `radius` (a plate, a swatch, a band)."""

    __slots__ = ("x0", "y0", "x1", "y1", "fill", "stroke", "width", "radius", "attrs", "covered")

    def __init__(self, x0: float, y0: float, x1: float, y1: float, fill: RGB | None = None,
                 stroke: RGB | None = None, width: float = 0.0, radius: float = 0.0,
                 attrs: dict[str, Any] | None = None):
        self.x0, self.y0, self.x1, self.y1 = x0, y0, x1, y1
        self.fill, self.stroke, self.width, self.radius = fill, stroke, width, radius
        self.attrs = attrs
        self.covered = False


class Area:
    """A filled area with holes (its rings, the first the outline, the others holes: filled even-odd),
    seen through at `opacity` (a wall band over the hexes it stands on)."""

    __slots__ = ("rings", "fill", "opacity", "covered")

    def __init__(self, rings: list[list[Point]], fill: RGB, opacity: float = 1.0):
        self.rings, self.fill, self.opacity = rings, fill, opacity
        self.covered = False


class Lines:
    """Many lines drawn with one pen (the outlines of a Level's pieces): each a list of points,
    closed or not; one element where the medium has paths."""

    __slots__ = ("lines", "stroke", "width", "closed", "attrs", "covered")

    def __init__(self, lines: list[list[Point]], stroke: RGB, width: float, closed: bool = True,
                 attrs: dict[str, Any] | None = None):
        self.lines, self.stroke, self.width, self.closed, self.attrs = lines, stroke, width, closed, attrs
        self.covered = False

    def polys(self) -> list[Poly]:
        """The lines one by one, for a medium without paths."""
        return [Poly(line, stroke=self.stroke, width=self.width, closed=self.closed) for line in self.lines]


class Outlines(Lines):
    """Lines of one pen that are a few shapes placed again and again (a Level's tile outlines:
    each tile its look's outline, moved to where it lies): each shape once in `shapes`, each
    placing in `placed` as (its shape's index, dx, dy). A painter with paths writes a placing as
    a move to its first point and the shape's steps from there (the steps worked out once per
    shape); `lines` gives them moved, one by one, for the others."""

    __slots__ = ("shapes", "placed")

    def __init__(self, stroke: RGB, width: float, closed: bool = True, attrs: dict[str, Any] | None = None):
        self.stroke, self.width, self.closed, self.attrs = stroke, width, closed, attrs
        self.shapes: list[list[Point]] = []
        self.placed: list[tuple[int, float, float]] = []
        self.covered = False

    @property
    def lines(self) -> list[list[Point]]:
        """Every placing's points, moved."""
        return [[(x + dx, y + dy) for x, y in self.shapes[k]] for k, dx, dy in self.placed]

    @lines.setter
    def lines(self, value: list[list[Point]]) -> None:
        raise AttributeError("the lines of Outlines are its shapes placed: add to `shapes` and `placed`")


class Use:
    """A shape drawn once in the scene's `defs` under `ref`, placed again with its origin at (x, y):
    a hexagon a map repeats ten thousand times, a terrain's pattern. Where the shape leaves its
    fill or stroke unsaid (None), this use's are taken. `title` is what a browser shows on
    pointing at it."""

    __slots__ = ("ref", "x", "y", "fill", "stroke", "width", "attrs", "title", "covered")

    def __init__(self, ref: str, x: float, y: float, fill: RGB | None = None, stroke: RGB | None = None,
                 width: float = 0.0, attrs: dict[str, Any] | None = None, title: str | None = None):
        self.ref, self.x, self.y = ref, x, y
        self.fill, self.stroke, self.width = fill, stroke, width
        self.attrs, self.title = attrs, title
        self.covered = False


class Tiles:
    """Uses of shapes of the scene's `defs` placed again and again, in order: a map's tiles, each
    hex a use of one hexagon with its terrain's pattern placed on it (a report's map holds tens of
    thousands). What uses share (shape, pen, attributes) is said once, as a `Use` in `kinds`; each
    placing is (its kind's index, x, y) in `placed`, or (index, x, y, attrs, title) for one with
    attributes and a title of its own (the hex seen from above), which replace its kind's. A
    painter writes the placings itself (the SVG painter: each kind's text worked out once) or
    paints `uses()` one by one."""

    __slots__ = ("kinds", "placed", "covered", "_index")

    def __init__(self) -> None:
        self.kinds: list[Use] = []
        self.placed: list[tuple[Any, ...]] = []
        self.covered = False
        self._index: dict[tuple[Any, ...], int] = {}

    def kind(self, ref: str, fill: RGB | None = None, stroke: RGB | None = None, width: float = 0.0,
             attrs: dict[str, Any] | None = None) -> int:
        """The index of a kind of use, added on first use (`attrs` told apart by identity, as
        placings share one dictionary)."""
        key = (ref, fill, stroke, width, id(attrs))
        found = self._index.get(key)
        if found is None or self.kinds[found].attrs is not attrs:
            found = self._index[key] = len(self.kinds)
            self.kinds.append(Use(ref, 0.0, 0.0, fill, stroke, width, attrs))
        return found

    def uses(self) -> list[Use]:
        """Every placing as a `Use` of its own, in order."""
        out = []
        for k, x, y, *own in self.placed:
            kind = self.kinds[k]
            attrs, title = own if own else (kind.attrs, kind.title)
            out.append(Use(kind.ref, x, y, kind.fill, kind.stroke, kind.width, attrs, title))
        return out


class Picture:
    """Another scene shown as an image in the box from (x, y), `width` x `height` (its shape kept,
    centred), drawn at `scale` pixels per hex pitch: a cover's stacked view. A painter of pixels
    paints it once and places the image; the others place it too (record once, replay)."""

    __slots__ = ("x", "y", "width", "height", "scene", "scale", "covered")

    def __init__(self, x: float, y: float, width: float, height: float, scene: "Scene", scale: float = 24.0):
        self.x, self.y, self.width, self.height = x, y, width, height
        self.scene, self.scale = scene, scale
        self.covered = False


Item = Union[Poly, Circle, Text, Rect, Area, Lines, Use, Tiles, Picture, "Group"]  # (Outlines are Lines)
Shape = Union[Poly, Circle, Text, Rect, Area, Lines, Use, Tiles, Picture]


class Group(Record):
    """A named group: a level (`layer` True, shown as a layer in Inkscape), a piece, a panel."""

    id: str | None = None
    label: str | None = None
    attrs: dict[str, Any] = field(default_factory=dict)
    items: list[Item] = field(default_factory=list)
    layer: bool = False
    #: Moves everything in the group (millimetres), e.g. one panel of the per-level view.
    offset: tuple[float, float] = (0.0, 0.0)
    #: Scales everything in the group about its origin, then moves it by `offset`: a map drawn in
    #: table millimetres placed on a page in paper millimetres (0.5: half size). Widths and text too.
    scale: float = 1.0
    #: Only what lies inside this polygon (in the group's own units) shows: one window of a
    #: drawing larger than a page.
    clip: list[Point] | None = None
    #: A box holding everything in the group (its own units), where known: a painter skips a group
    #: that lies wholly outside the window it paints (a 1:1 plan's rows on another page).
    bounds: Box | None = None
    #: What a browser shows on pointing at the group (a piece's name and place).
    title: str | None = None

    def add(self, item: Item) -> Item:
        self.items.append(item)
        return item

    def group(self, id: str | None = None, label: str | None = None, layer: bool = False, **attrs: Any) -> "Group":
        child = Group(id, label, attrs, [], layer)
        self.items.append(child)
        return child

    def walk(self, dx: float = 0.0, dy: float = 0.0) -> Iterator[tuple[Shape, float, float]]:
        """Every shape in drawing order, with the offset to add to its coordinates (of a drawing
        without scaled groups: `placed` gives the scale too)."""
        if self.scale != 1.0:
            raise ValueError(f"group {self.id or ''}: a scaled group is walked with placed()")
        dx += self.offset[0]
        dy += self.offset[1]
        for item in self.items:
            if isinstance(item, Group):
                yield from item.walk(dx, dy)
            else:
                yield item, dx, dy

    def placed(self, x: float = 0.0, y: float = 0.0, k: float = 1.0) -> Iterator[tuple[Shape, float, float, float]]:
        """Every shape in drawing order with where it lands: a point (px, py) of it is at
        (x + k px, y + k py), and its widths and sizes are k times theirs. (Clips are the
        painters' business: they walk the groups themselves.)"""
        x, y = x + k * self.offset[0], y + k * self.offset[1]
        k *= self.scale
        for item in self.items:
            if isinstance(item, Group):
                yield from item.placed(x, y, k)
            else:
                yield item, x, y, k

    def find(self, id: str) -> "Group | None":
        for item in self.items:
            if isinstance(item, Group):
                if item.id == id:
                    return item
                found = item.find(id)
                if found is not None:
                    return found
        return None


class Scene(Record):
    """A whole picture: the area it covers (millimetres), its background and its groups."""

    box: Box
    root: Group
    background: RGB = (255, 255, 255)
    title: str = ""
    #: Millimetres between neighbouring hex centres in this drawing (for the backends' scale).
    pitch: float = HEX_PITCH_MM
    #: Every word the drawing placed on the map, as its layout knows it (`placing.Layout`), with
    #: the offset of the panel it is on: what a test measures without painting.
    labels: list[tuple[tuple[float, float], Any]] = field(default_factory=list)
    #: Shapes drawn once and placed again by `Use` items, by name.
    defs: dict[str, list[Any]] = field(default_factory=dict)


#: A drawing of a big map makes a few hundred thousand small shapes and no reference cycles:
#: the collector is held off while it is built or written (one way, `mapkit.bulk`).
gc_paused = paused_gc


def plain(item: Use | Tiles | Lines, defs: dict[str, list[Any]]) -> list[Any]:
    """The plain shapes an item that stands for others places (a `Use`, each placing of `Tiles`,
    each line of `Lines`), as a painter with nothing of its own to reuse paints them."""
    if isinstance(item, Use):
        return used(item, defs)
    if isinstance(item, Tiles):
        return [shape for use in item.uses() for shape in used(use, defs)]
    return list(item.polys())


def used(use: Use, defs: dict[str, list[Any]]) -> list[Any]:
    """The shapes a `Use` places, moved to it, its fill and stroke where theirs are unsaid: how a
    painter with no shapes of its own to reuse paints one."""
    out: list[Any] = []
    for shape in defs.get(use.ref, ()):
        if isinstance(shape, Poly):
            out.append(Poly([(x + use.x, y + use.y) for x, y in shape.pts], shape.fill or use.fill,
                            shape.stroke or use.stroke, shape.width or use.width, shape.closed, None, shape.dash,
                            shape.detail))
        elif isinstance(shape, Circle):
            out.append(Circle(shape.cx + use.x, shape.cy + use.y, shape.radius, shape.fill or use.fill,
                              shape.stroke or use.stroke, shape.width or use.width, None, shape.detail))
        elif isinstance(shape, Text):
            out.append(Text(shape.x + use.x, shape.y + use.y, shape.text, shape.size, shape.fill, shape.bold, shape.halo,
                            shape.anchor))
    return out
