"""The SVG backend: a scene as editable vector layers.

Units: one SVG user unit is one millimetre on the table, and the document's width and
height are given in mm, so the drawing prints at 1:1 and neighbouring hex centres are
44.45 user units apart (`HEX_PITCH_MM`, also stated in the root's `data-hex-pitch-mm`).

Layers sit directly under `<svg>` (where Inkscape looks for them; Illustrator reads
top-level groups as layers too): in the top view one per level, `<g id="level-N"
inkscape:groupmode="layer" inkscape:label="Level N">`, then "Findings", "C3G buildings" and
"Legend"; in the per-level view one per panel (`panel-N`) with the level and the ghost of
what lies below as sub-layers; the isometric view is one "Stacked tiles" layer, because its
back-to-front painting interleaves the levels. Each piece is a `<g id="piece-<n>">` (n its
number, from 1, as findings and `info` name it) with `data-type`, `data-q`, `data-r`,
`data-level` (its Level, `mapkit.model.levels`) and `data-rotation`;
each hex of a surface piece is a `<polygon class="hex" data-q data-r>`.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain

from mapkit.escapes import xml_attr, xml_text
from mapkit.outputs.scene.shapes import (Area, Circle, Group, Lines, Outlines, Picture, Poly, Rect, Scene, Text, Tiles,
                                         Use, gc_paused)
from mapkit.outputs.scene.style import hex_colour

SVG_NS = "http://www.w3.org/2000/svg"
INKSCAPE_NS = "http://www.inkscape.org/namespaces/inkscape"
FONT_FAMILY = "DejaVu Sans, Liberation Sans, Arial, sans-serif"


_ANCHORS = {"middle": "middle", "end": "end"}

def _n(value: float) -> str:
    text = f"{value:.2f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _pts(pts: list[tuple[float, float]]) -> str:
    return " ".join(["%.2f,%.2f" % pt for pt in pts])


@lru_cache(maxsize=4096)
def _colour(rgb: tuple[int, int, int]) -> str:
    return hex_colour(rgb)


def render_svg(scene: Scene, inline: dict[str, str] | None = None) -> bytes:
    """The scene as an SVG document (UTF-8 bytes).

    Written as text, a part per element, in the form lxml serialises it (`tests/test_render_svg.py`
    reads every document back with lxml and checks lxml writes it out byte for byte the same):
    building an lxml tree of a 100,000-piece map and serialising it took twice as long as this
    and grew faster than the map."""
    if inline is not None:
        return svg_element(scene, inline).encode("utf-8")
    with gc_paused():
        return _render(scene)


def svg_element(scene: Scene, attrs: dict[str, str]) -> str:
    """The scene as an `<svg>` element inside an HTML page (`attrs`: the element's attributes;
    its `viewBox` is the scene's box): no declaration, no size (the page sets it), no background.
    Text, not bytes: a page holds it as it is and encodes itself once."""
    return "".join(svg_parts(scene, attrs))


def svg_parts(scene: Scene, attrs: dict[str, str]) -> list[str]:
    """`svg_element`'s text in parts, for a page to join with its own (a report's map is
    megabytes, and each copy of it new memory to the system)."""
    with gc_paused():
        box = scene.box
        head = "".join(f' {key}="{xml_attr(value)}"' for key, value in attrs.items())
        out = [f'<svg viewBox="{_n(box.x0)} {_n(box.y0)} {_n(box.width)} {_n(box.height)}"{head}>']
        _emit_defs(out, scene.defs)
        _emit_group(out, scene.root)
        out.append("</svg>")
        return out


def _emit_defs(out: list[str], defs: dict[str, list[object]]) -> None:
    """Shapes drawn once (`Use` places them): a lone polygon as itself (its fill left to the use
    where the shape leaves it unsaid), anything else as a group."""
    if not defs:
        return
    out.append("<defs>")
    for ref, shapes in defs.items():
        if len(shapes) == 1 and isinstance(shapes[0], Poly) and shapes[0].closed:
            out.append(_poly(shapes[0], f' id="{xml_attr(ref)}"'))
        else:
            out.append(f'<g id="{xml_attr(ref)}">')
            _emit_group(out, Group(items=list(shapes)))  # type: ignore[arg-type]
            out.append("</g>")
    out.append("</defs>")


def _poly(item: Poly, head: str = "") -> str:
    """A polygon or polyline; a closed one without a fill of its own takes its user's."""
    if item.fill is not None and item.closed:
        fill = f' fill="{_colour(item.fill)}"'
    else:
        fill = "" if head and item.closed else ' fill="none"'
    parts = [f'<{"polygon" if item.closed else "polyline"}{head} points="{_pts(item.pts)}"{fill}']
    if item.stroke is not None and item.width > 0:
        parts.append(_pen(None, item.stroke, item.width))  # (a map's outlines and steps share a few pens)
        if item.dash:
            parts.append(f' stroke-dasharray="{_n(item.width * 3)},{_n(item.width * 3)}"')
    if item.attrs:
        for key, value in item.attrs.items():  # ints need no check
            parts.append(f' {key}="{value}"' if type(value) is int else f' {key}="{xml_attr(value)}"')
    parts.append("/>")
    return "".join(parts)


def _render(scene: Scene) -> bytes:
    box = scene.box
    out = ["<?xml version='1.0' encoding='UTF-8'?>\n",
           f'<svg xmlns="{SVG_NS}" xmlns:inkscape="{INKSCAPE_NS}" version="1.1" width="{_n(box.width)}mm" '
           f'height="{_n(box.height)}mm" viewBox="{_n(box.x0)} {_n(box.y0)} {_n(box.width)} {_n(box.height)}" '
           f'data-hex-pitch-mm="{_n(scene.pitch)}" stroke-linejoin="round" stroke-linecap="round">',
           f"<title>{xml_text(scene.title or 'map')}</title>",
           f"<desc>Drawn by mapkit. 1 user unit = 1 mm; neighbouring hex centres are {_n(scene.pitch)} mm apart; "
           "x east, y south, hex (q 0, r 0) centred at (0, 0).</desc>",
           f'<rect x="{_n(box.x0)}" y="{_n(box.y0)}" width="{_n(box.width)}" height="{_n(box.height)}" '
           f'fill="{hex_colour(scene.background)}" id="background"/>']
    _emit_defs(out, scene.defs)
    _emit_group(out, scene.root)
    out.append("</svg>")
    return "".join(out).encode("utf-8")


def _emit_group(out: list[str], group: Group, clips: list[int] | None = None,
                said: dict[tuple, tuple[str, str, dict | None]] | None = None) -> None:
    """A group and all it holds, written to `out` (`clips` counts the clip paths written so far;
    `said`: the uses written so far, their text before the x and after the y, by shape, pen and
    attributes' dictionary: `_use_parts`)."""
    clips = [0] if clips is None else clips
    said = {} if said is None else said
    plain = not (group.id or group.layer or group.attrs or group.offset != (0.0, 0.0) or group.scale != 1.0
                 or group.clip is not None or group.title)
    if not plain:  # a bare container adds nothing
        head = ["<g"]
        if group.id:
            head.append(f' id="{xml_attr(group.id)}"')
        if group.layer:
            head.append(f' inkscape:groupmode="layer" inkscape:label="{xml_attr(group.label or group.id or "")}"')
        if group.offset != (0.0, 0.0) or group.scale != 1.0:
            scaled = f" scale({_n(group.scale)})" if group.scale != 1.0 else ""
            head.append(f' transform="translate({_n(group.offset[0])},{_n(group.offset[1])}){scaled}"')
        for key, value in group.attrs.items():
            head.append(f' {key}="{xml_attr(value)}"')
        if group.clip is not None:           # its own frame: the clip path sits inside it, on an inner group
            clips[0] += 1
            out.append("".join(head) + f'><clipPath id="clip-{clips[0]}"><polygon points="{_pts(group.clip)}"/>'
                       f'</clipPath><g clip-path="url(#clip-{clips[0]})">')
        else:
            out.append("".join(head) + ">")
        if group.title:
            out.append(f"<title>{xml_text(group.title)}</title>")
    opened = len(out)
    append = out.append
    x = y = xy = None       # the last use's place and its text: a tile's pattern is placed where the tile is
    for item in group.items:
        kind = type(item)
        if kind is Use:                            # the most of a map's items: checked first
            use: Use = item                                                         # type: ignore[assignment]
            attrs = use.attrs
            placed = (use.ref, use.fill, use.stroke, use.width, id(attrs))
            known = said.get(placed)
            if known is None or known[2] is not attrs:
                known = said[placed] = _use_parts(use, attrs)
            if use.x is not x or use.y is not y:  # (the same numbers: -0.0 is not written as 0.0)
                x, y = use.x, use.y
                xy = f'{x:.2f}" y="{y:.2f}"'
            if use.title:
                append(f'{known[0]}{xy}{known[1]}><title>{xml_text(use.title)}</title></use>')
            else:
                append(f'{known[0]}{xy}{known[1]}/>')
        elif kind is Tiles:
            _emit_tiles(out, item)                 # type: ignore[arg-type]
        elif kind is Poly:
            append(_poly(item))                    # type: ignore[arg-type]
        elif isinstance(item, Group):
            _emit_group(out, item, clips, said)
        elif isinstance(item, Poly):
            append(_poly(item))
        elif isinstance(item, Circle):
            fill = _colour(item.fill) if item.fill is not None else "none"
            stroke = (f' stroke="{_colour(item.stroke)}" stroke-width="{"%.3g" % item.width}"'
                      if item.stroke is not None and item.width > 0 else "")
            append(f'<circle cx="{"%.2f" % item.cx}" cy="{"%.2f" % item.cy}" r="{"%.2f" % item.radius}" '
                   f'fill="{fill}"{stroke}/>')
        elif isinstance(item, Text):
            halo = (f' stroke="{hex_colour(item.halo)}" stroke-width="{_n(item.size / 8)}" paint-order="stroke"'
                    if item.halo else "")
            bold = ' font-weight="bold"' if item.bold else ""
            append(f'<text x="{_n(item.x)}" y="{_n(item.y)}" font-size="{_n(item.size)}" '
                   f'font-family="{FONT_FAMILY}"{bold} '
                   f'text-anchor="{_ANCHORS.get(item.anchor, "start")}" dominant-baseline="central" '
                   f'fill="{hex_colour(item.fill)}"{halo}>{xml_text(item.text)}</text>')
        elif isinstance(item, Rect):
            fill = _colour(item.fill) if item.fill is not None else "none"
            stroke = (f' stroke="{_colour(item.stroke)}" stroke-width="{"%.3g" % item.width}"'
                      if item.stroke is not None and item.width > 0 else "")
            rounded = f' rx="{_n(item.radius)}"' if item.radius else ""
            append(f'<rect x="{_n(item.x0)}" y="{_n(item.y0)}" width="{_n(item.x1 - item.x0)}" '
                   f'height="{_n(item.y1 - item.y0)}"{rounded} fill="{fill}"{stroke}/>')
        elif isinstance(item, Use):
            append(_use(item, said))
        elif isinstance(item, Outlines):           # (Lines too: checked first)
            steps = [_steps(shape, item.closed) for shape in item.shapes]
            append(_path(item, "".join([f"M{steps[k][0] + dx:.2f},{steps[k][1] + dy:.2f}{steps[k][2]}"
                                        for k, dx, dy in item.placed])))
        elif isinstance(item, Lines):
            ends = _ENDS_CLOSED if item.closed else _ENDS_OPEN
            append(_path(item, "".join([(_path_format(len(line)) + ends) % tuple(chain.from_iterable(line))
                                        for line in item.lines if line])))
        elif isinstance(item, Area):
            d = " ".join("M" + " L".join("%.2f,%.2f" % pt for pt in ring) + " Z" for ring in item.rings if ring)
            opacity = f' fill-opacity="{_n(item.opacity)}"' if item.opacity < 1 else ""
            append(f'<path d="{d}" fill="{_colour(item.fill)}" fill-rule="evenodd"{opacity}/>')
        elif isinstance(item, Picture):
            append(_picture(item))
    if plain:
        return
    if len(out) == opened and not group.title and group.clip is None:  # nothing inside: an empty element
        out[-1] = out[-1][:-1] + "/>"
    else:
        out.append("</g></g>" if group.clip is not None else "</g>")


_ENDS_CLOSED, _ENDS_OPEN = " Z", ""


def _path(item: Lines, d: str) -> str:
    """Lines as one path element, its data `d` written."""
    own = "".join(f' {key}="{xml_attr(value)}"' for key, value in (item.attrs or {}).items())
    return (f'<path d="{d}" fill="none" stroke="{_colour(item.stroke)}" stroke-width="{"%.3g" % item.width}"'
            f'{own}/>')


def _steps(shape: list[tuple[float, float]], closed: bool) -> tuple[float, float, str]:
    """A shape of `Outlines` as a path writes each placing of it: its first point (moved to the
    placing, to two places of decimals), then the steps to each next one, relative ("l"), to two
    places (each point rounded from the first, so that the steps add up to no more than that
    rounding), and its closing."""
    (x0, y0), rounded = shape[0], [(round(x - shape[0][0], 2), round(y - shape[0][1], 2)) for x, y in shape]
    steps = " ".join(f"{_n(x - px)},{_n(y - py)}" for (px, py), (x, y) in zip(rounded, rounded[1:]))
    return x0, y0, (f" l{steps}" if steps else "") + (_ENDS_CLOSED if closed else _ENDS_OPEN)


@lru_cache(maxsize=256)
def _path_format(n: int) -> str:
    """A path's run through `n` points, to one place of decimals ("M1.0,2.0 3.0,4.0"), as a
    format of their coordinates in turn (one formatting of the whole run: a map's outlines are
    tens of thousands of short runs)."""
    return "M" + " ".join(["%.1f,%.1f"] * n)


def _use(item: Use, said: dict[tuple, tuple[str, str, dict | None]]) -> str:
    """A use of a shape of the defs (`_emit_group` writes most of them itself, the same way)."""
    known = _use_parts(item, item.attrs)
    head = f'{known[0]}{item.x:.2f}" y="{item.y:.2f}"{known[1]}'
    if item.title:
        return head + f"><title>{xml_text(item.title)}</title></use>"
    return head + "/>"


def _use_parts(item: Use, attrs: dict | None) -> tuple[str, str, dict | None]:
    """A use's element up to its x, and after its y: the shape it places, its pen and its
    attributes (a map's uses share a few of each, written once for each, kept in `said` by the
    shape, the pen and the dictionary, with the dictionary itself, so that its id cannot be
    another's while the scene is written)."""
    return _use_of(item.ref), _pen(item.fill, item.stroke, item.width) + _attrs(attrs), attrs


def _attrs(attrs: dict | None) -> str:
    """An element's own attributes, as written after its others."""
    if not attrs:
        return ""
    return "".join([f' {key}="{value}"' if type(value) is int else f' {key}="{xml_attr(value)}"'
                    for key, value in attrs.items()])


def _emit_tiles(out: list[str], tiles: Tiles) -> None:
    """Each placing of `tiles` as a use, as `_emit_group` writes a `Use`: each kind's text worked
    out once, a placing's own attributes and title where it has them."""
    kinds = [(_use_of(k.ref), _pen(k.fill, k.stroke, k.width), _attrs(k.attrs), k.title) for k in tiles.kinds]
    append = out.append
    x = y = xy = None       # the last placing and its text: a tile's pattern is placed where the tile is
    for placing in tiles.placed:
        head, pen, tail, title = kinds[placing[0]]
        if placing[1] is not x or placing[2] is not y:  # (the same numbers: -0.0 is not written as 0.0)
            x, y = placing[1], placing[2]
            xy = f'{x:.2f}" y="{y:.2f}"'
        if len(placing) > 3:
            tail, title = _attrs(placing[3]), placing[4]
        if title:
            append(f'{head}{xy}{pen}{tail}><title>{xml_text(title)}</title></use>')
        else:
            append(f'{head}{xy}{pen}{tail}/>')


@lru_cache(maxsize=256)
def _use_of(ref: str) -> str:
    """A use's element up to its x: the shape it places (a map places a few, thousands of times)."""
    return f'<use href="#{xml_attr(ref)}" x="'


@lru_cache(maxsize=4096)
def _pen(fill: tuple[int, int, int] | None, stroke: tuple[int, int, int] | None, width: float) -> str:
    """A use's own fill and stroke, as attributes (a map repeats a few pens thousands of times)."""
    out = f' fill="{_colour(fill)}"' if fill is not None else ""
    if stroke is not None and width > 0:
        out += f' stroke="{_colour(stroke)}" stroke-width="{"%.3g" % width}"'
    return out


def _picture(item: Picture) -> str:
    """Another scene as an embedded PNG (painted once by the raster painter), its shape kept."""
    import base64

    from mapkit.outputs.paint.raster import render_png

    data = base64.b64encode(render_png(item.scene, item.scale)).decode("ascii")
    return (f'<image x="{_n(item.x)}" y="{_n(item.y)}" width="{_n(item.width)}" height="{_n(item.height)}" '
            f'preserveAspectRatio="xMidYMid meet" href="data:image/png;base64,{data}"/>')
