"""The SVG backend: a scene as editable vector layers (lxml).

Units: one SVG user unit is one millimetre on the table, and the document's width and
height are given in mm, so the drawing prints at 1:1 and neighbouring hex centres are
44.45 user units apart (`HEX_PITCH_MM`, also stated in the root's `data-hex-pitch-mm`).

Layers sit directly under `<svg>` (where Inkscape looks for them; Illustrator reads
top-level groups as layers too): in the top view one per level, `<g id="level-N"
inkscape:groupmode="layer" inkscape:label="Level N">`, then "Findings", "C3G buildings" and
"Legend"; in the per-level view one per panel (`panel-N`) with the level and the ghost of
what lies below as sub-layers; the isometric view is one "Stacked tiles" layer, because its
back-to-front painting interleaves the levels. Each piece is a `<g id="piece-<index>">` with
`data-type`, `data-q`, `data-r`, `data-level` (the piece's bottom z) and `data-rotation`;
each hex of a surface piece is a `<polygon class="hex" data-q data-r>`.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from mapkit.drawing.scene import Circle, Group, Poly, Scene, Text
from mapkit.drawing.style import hex_colour

SVG_NS = "http://www.w3.org/2000/svg"
INKSCAPE_NS = "http://www.inkscape.org/namespaces/inkscape"
NSMAP = {None: SVG_NS, "inkscape": INKSCAPE_NS}
_GROUPMODE = f"{{{INKSCAPE_NS}}}groupmode"
_LABEL = f"{{{INKSCAPE_NS}}}label"
FONT_FAMILY = "DejaVu Sans, Liberation Sans, Arial, sans-serif"


#: Characters XML 1.0 cannot hold (map names and labels come from untrusted files).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _xml(text: object) -> str:
    """Text safe for an XML document: characters XML cannot hold become U+FFFD."""
    return _NOT_XML.sub("\ufffd", str(text))


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


def render_svg(scene: Scene) -> bytes:
    """The scene as an SVG document (UTF-8 bytes)."""
    from lxml import etree

    box = scene.box
    root = etree.Element(f"{{{SVG_NS}}}svg", nsmap=NSMAP)
    root.set("version", "1.1")
    root.set("width", f"{_n(box.width)}mm")
    root.set("height", f"{_n(box.height)}mm")
    root.set("viewBox", f"{_n(box.x0)} {_n(box.y0)} {_n(box.width)} {_n(box.height)}")
    root.set("data-hex-pitch-mm", _n(scene.pitch))
    root.set("stroke-linejoin", "round")          # inherited by every line below
    root.set("stroke-linecap", "round")
    title = etree.SubElement(root, f"{{{SVG_NS}}}title")
    title.text = _xml(scene.title or "map")
    desc = etree.SubElement(root, f"{{{SVG_NS}}}desc")
    desc.text = (f"Drawn by mapkit. 1 user unit = 1 mm; neighbouring hex centres are {_n(scene.pitch)} mm apart; "
                 "x east, y south, hex (q 0, r 0) centred at (0, 0).")
    bg = etree.SubElement(root, f"{{{SVG_NS}}}rect")
    for key, value in (("x", box.x0), ("y", box.y0), ("width", box.width), ("height", box.height)):
        bg.set(key, _n(value))
    bg.set("fill", hex_colour(scene.background))
    bg.set("id", "background")
    _emit_group(etree, root, scene.root)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=False)


POLYGON, POLYLINE, CIRCLE = (f"{{{SVG_NS}}}{name}" for name in ("polygon", "polyline", "circle"))


def _emit_group(etree: Any, parent: Any, group: Group) -> None:
    SubElement = etree.SubElement
    plain = not (group.id or group.layer or group.attrs or group.offset != (0.0, 0.0))
    el = parent if plain else SubElement(parent, f"{{{SVG_NS}}}g")      # a bare container adds nothing
    if group.id:
        el.set("id", group.id)
    if group.layer:
        el.set(_GROUPMODE, "layer")
        el.set(_LABEL, _xml(group.label or group.id or ""))
    if group.offset != (0.0, 0.0):
        el.set("transform", f"translate({_n(group.offset[0])},{_n(group.offset[1])})")
    for key, value in group.attrs.items():
        el.set(key, _xml(value))
    for item in group.items:
        if isinstance(item, Group):
            _emit_group(etree, el, item)
        elif isinstance(item, Poly):
            attrib = {"points": _pts(item.pts),
                      "fill": _colour(item.fill) if item.fill is not None and item.closed else "none"}
            if item.stroke is not None and item.width > 0:
                attrib["stroke"] = _colour(item.stroke)
                attrib["stroke-width"] = "%.3g" % item.width
                if item.dash:
                    attrib["stroke-dasharray"] = f"{_n(item.width * 3)},{_n(item.width * 3)}"
            if item.attrs:
                for key, value in item.attrs.items():
                    attrib[key] = str(value) if type(value) is int else _xml(value)  # ints need no check
            SubElement(el, POLYGON if item.closed else POLYLINE, attrib)
        elif isinstance(item, Circle):
            attrib = {"cx": "%.2f" % item.cx, "cy": "%.2f" % item.cy, "r": "%.2f" % item.radius,
                      "fill": _colour(item.fill) if item.fill is not None else "none"}
            if item.stroke is not None and item.width > 0:
                attrib["stroke"] = _colour(item.stroke)
                attrib["stroke-width"] = "%.3g" % item.width
            SubElement(el, CIRCLE, attrib)
        elif isinstance(item, Text):
            node = SubElement(el, f"{{{SVG_NS}}}text")
            node.set("x", _n(item.x))
            node.set("y", _n(item.y))
            node.set("font-size", _n(item.size))
            node.set("font-family", FONT_FAMILY)
            if item.bold:
                node.set("font-weight", "bold")
            node.set("text-anchor", "middle" if item.anchor == "middle" else "start")
            node.set("dominant-baseline", "central")
            node.set("fill", hex_colour(item.fill))
            if item.halo:
                node.set("stroke", hex_colour(item.halo))
                node.set("stroke-width", _n(item.size / 8))
                node.set("paint-order", "stroke")
            node.text = _xml(item.text)
