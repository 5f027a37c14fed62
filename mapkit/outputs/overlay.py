"""The picture of an overlay (`mapkit overlay -o`): each hex's class told apart by fill pattern and
letter, not colour alone.

Full: plain "F"; Half: hatched "H"; Partial: cross-hatched "P"; covered: dotted "C" (the C3G
style every picture and plan shares, `scene.c3g.class_hex`). Marked spaces carry the map pictures'
symbols and labels (Door, Win, T4, Up3, Dn3, Lift, Exit4). One panel per floor, or per Level for
a map; under them a legend of what the panels show, and the parameter line (the assumed
wound-marker size flagged). A scene in the table's millimetres, painted by the raster painter.
"""

from __future__ import annotations

from typing import Any

from mapkit.books.model import Mark
from mapkit.geometry.params import OverlayParams
from mapkit.model.grid import HEX_PITCH_MM, hex_center_mm, hex_corners, hex_corners_mm
from mapkit.outputs import Drawn
from mapkit.outputs.scene.c3g import CLASS_ORDER, class_hex, class_style, mark_legend, mark_symbol
from mapkit.outputs.scene.layout import Box
from mapkit.outputs.scene.shapes import Group, Poly, Rect, Scene, Text
from mapkit.records import Record, field
from mapkit.wording import option

#: Pixels per millimetre of the table.
SCALE = 2.2
#: Millimetres of the table around each panel, and above it for its title.
MARGIN = 11.0
TITLE_H = 13.0
#: The size of a panel's title (mm).
PANEL_TITLE = 7.3
#: The scale the names' plates are laid out and set at (page points per table millimetre): their
#: words about 5.5 mm high, the size the picture's other words are.
NAME_PT_PER_MM = 1.64
#: The picture's words, in millimetres of the table (a pixel is 1 / SCALE of one).
WORDS = 6.4
LEGEND_WORDS = 6.0
#: The classes' fill colours, as the picture paints them (`scene.c3g.class_style`).
STYLE = {cls: {"fill": class_style(cls)[0], "ink": class_style(cls)[1], "letter": class_style(cls)[2]}
         for cls in CLASS_ORDER}
MARKS = ("doorway", "window", "transit", "stairway-up", "stairway-down", "elevator-shaft", "exit")


class Panel(Record):
    """One drawing: a title, hex classes, marked spaces, outlines (mm polygons) and labels."""

    title: str
    classes: dict[tuple[int, int], str]
    marks: list[Mark] = field(default_factory=list)
    walls: list[list[tuple[float, float]]] = field(default_factory=list)
    interiors: list[list[tuple[float, float]]] = field(default_factory=list)
    things: list[tuple[list[tuple[float, float]], str]] = field(default_factory=list)
    ground: list[tuple[int, int]] = field(default_factory=list)
    #: Start zones and glyphs: (q, r, label), drawn as a tag in the hex's top corner.
    tags: list[tuple[int, int, str]] = field(default_factory=list)

    def bounds(self) -> tuple[float, float, float, float]:
        xs: list[float] = []
        ys: list[float] = []
        for q, r in list(self.classes) + list(self.ground) + [(m.q, m.r) for m in self.marks]:
            for x, y in hex_corners_mm(q, r):
                xs.append(x)
                ys.append(y)
        for poly in self.walls + [t[0] for t in self.things]:
            xs += [p[0] for p in poly]
            ys += [p[1] for p in poly]
        if not xs:
            return (-30.0, -30.0, 30.0, 30.0)
        return min(xs), min(ys), max(xs), max(ys)


def draw(result: Any, params: OverlayParams | None = None, legend: bool = True, title: bool = True) -> Drawn:
    """The output registry's `overlay-png`: an `OverlayResult`'s picture, one panel per floor or
    level; without `legend` (its legend and parameter lines) and `title`, the panels alone, as a
    gallery's card shows a Book (the card says its name; its page, the whole picture)."""
    from mapkit.outputs.paint.raster import render_png

    panels = book_panels(result.overlay) if result.overlay is not None else map_panels(result.map, result.placed)
    picture = scene(panels, params or OverlayParams(), result.title, result.note, result.columns, legend, title)
    return Drawn(render_png(picture, scale=SCALE * HEX_PITCH_MM, supersample=1))


def scene(panels: list[Panel], params: OverlayParams, title: str, note: str = "", columns: int = 3,
          legend: bool = True, titled: bool = True) -> Scene:
    """The panels, `columns` to a row, a legend of what they show and the parameter line (with
    `legend`), under the picture's `title` (with `titled`)."""
    from mapkit.outputs.paint.raster import measure

    boxes = [p.bounds() for p in panels]
    # a panel is as wide as its drawing, or its title where that is wider (a one-hex object's)
    sizes = [(max(b[2] - b[0], measure(p.title, PANEL_TITLE)) + 2 * MARGIN, b[3] - b[1] + 2 * MARGIN + TITLE_H)
             for p, b in zip(panels, boxes)]
    cols = min(len(panels), columns) or 1
    rows = [sizes[i:i + cols] for i in range(0, len(sizes), cols)] or [[(90.0, 90.0)]]
    col_w = [max((row[c][0] for row in rows if c < len(row)), default=0.0) for c in range(cols)]
    row_h = [max(s[1] for s in row) for row in rows]
    width = max(sum(col_w), 455.0) if legend else sum(col_w)   # (the legend's lines need the room)
    root = Group()
    unnamed: list[str] = []                         # names with no room on their panel: said in the legend
    head = 18.0 if titled else 0.0
    if titled:
        root.add(Text(MARGIN, 9.0, title, 9.0, anchor="start"))
    for i, (panel, box) in enumerate(zip(panels, boxes)):
        ox = sum(col_w[: i % cols])
        oy = head + sum(row_h[: i // cols])
        root.add(_panel(panel, box, ox, oy, unnamed))
    bottom = head + sum(row_h)
    if legend:
        drawn, bottom = _legend(panels, params, note, bottom + 3.0, width, measure, unnamed)
        root.add(drawn)
    return Scene(Box(0.0, 0.0, width, bottom + 4.0), root, (255, 255, 255), title, HEX_PITCH_MM)


def _panel(panel: Panel, box: tuple[float, float, float, float], ox: float, oy: float, unnamed: list[str]) -> Group:
    """One panel, its table millimetres moved to (ox, oy) of the picture; the names of its
    vehicles and objects that find no room on it are added to `unnamed`."""
    g = Group(f"panel-{panel.title}", label=panel.title)
    g.add(Text(ox + MARGIN, oy + 5.0, panel.title, PANEL_TITLE, anchor="start"))
    drawing = g.group("drawing")
    drawing.offset = (ox + MARGIN - box[0], oy + TITLE_H + MARGIN - box[1])
    for q, r in panel.ground:
        if (q, r) not in panel.classes:
            drawing.add(Poly(hex_corners(q, r), fill=(246, 246, 246), stroke=(200, 200, 200), width=0.45))
    for (q, r), cls in sorted(panel.classes.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        drawing.items.extend(class_hex(q, r, cls, HEX_PITCH_MM, words=2.0))
    for poly in panel.interiors:
        drawing.add(Poly([(p[0], p[1]) for p in poly], stroke=(20, 60, 200), width=0.9, dash=True))
    for poly in panel.walls:
        drawing.add(Poly([(p[0], p[1]) for p in poly], stroke=(0, 0, 0), width=1.4))
    for poly, _ in panel.things:
        drawing.add(Poly([(p[0], p[1]) for p in poly], stroke=(150, 0, 150), width=0.9))
    for q, r, label in panel.tags:
        cx, cy = hex_center_mm(q, r)
        drawing.add(Rect(cx - 10, cy - 19.5, cx + 10, cy - 13.5, fill=(200, 0, 0), radius=1.0))
        drawing.add(Text(cx, cy - 16.5, label, 5.0, fill=(255, 255, 255)))
    for m in panel.marks:
        cx, cy = hex_center_mm(m.q, m.r)
        symbol = mark_symbol(m.kind, 0, 0, HEX_PITCH_MM, m.number) if m.kind in MARKS else \
            [Text(0, 0, m.kind, 5.0, fill=(30, 60, 160))]
        drawing.add(Group(items=symbol, offset=(cx, cy)))
    if panel.things:
        drawing.add(_names(panel, box, unnamed))
    return g


def _names(panel: Panel, box: tuple[float, float, float, float], unnamed: list[str]) -> Group:
    """The names of the vehicles and objects on a panel, on plates placed by the layout every
    picture's plates go through (`scene.placing`): inside an outline where a name finds room off
    the panel's marks, classes' letters and hatching and the other names, else beside it with a
    purple leader to the outline, as the build sheets place them; one with no room at all is
    added to `unnamed` with its panel and hex, for the legend to name."""
    from mapkit.outputs.scene.keep_off import c3g_marks, shapes_of
    from mapkit.outputs.scene.placing import place
    from mapkit.outputs.scene.plates import plates
    from mapkit.outputs.scene.text import POINT
    from mapkit.outputs.sheets.frame import Footprint
    from mapkit.outputs.sheets.labels import book_wants

    xs = [p[0] for poly, _ in panel.things for p in poly]
    ys = [p[1] for poly, _ in panel.things for p in poly]
    reach = 3 * HEX_PITCH_MM                             # as far as a name beside its outline may lie

    def near(q: int, r: int) -> bool:
        x, y = hex_center_mm(q, r)
        return min(xs) - reach <= x <= max(xs) + reach and min(ys) - reach <= y <= max(ys) + reach

    marks: list[Any] = []
    for (q, r), cls in panel.classes.items():
        if near(q, r):
            marks += class_hex(q, r, cls, HEX_PITCH_MM, words=2.0)
    for m in panel.marks:
        if m.kind in MARKS and near(m.q, m.r):
            marks += mark_symbol(m.kind, m.q, m.r, HEX_PITCH_MM, m.number)
    wants = book_wants([Footprint(name, 0, tuple((p[0], p[1]) for p in poly)) for poly, name in panel.things])
    layout = place(wants, shapes_of(c3g_marks(marks), NAME_PT_PER_MM), NAME_PT_PER_MM, box)
    unnamed += [f"{want.text} ({panel.title}, at {want.cells[0][0]},{want.cells[0][1]})" for want in layout.listed]
    return plates(layout, NAME_PT_PER_MM * POINT)


def _legend(panels: list[Panel], params: OverlayParams, note: str, top: float, width: float, measure: Any,
            unnamed: list[str]) -> tuple[Group, float]:
    """What the panels show, a swatch each, then the lines that explain the rest; returns the
    legend and where it ends."""
    g = Group("legend", label="Legend", layer=True)
    classes = {cls for panel in panels for cls in panel.classes.values()}
    kinds = {m.kind for panel in panels for m in panel.marks}
    entries: list[tuple[list[Any], str]] = []
    for cls in CLASS_ORDER:
        if cls in classes:
            entries.append(([Group(items=class_hex(0, 0, cls, HEX_PITCH_MM, words=2.0, place=""), scale=0.3)],
                            class_style(cls)[4]))
    for kind in MARKS:
        if kind in kinds:
            entries.append(([it for it in mark_symbol(kind, 0, 0, HEX_PITCH_MM * 0.9) if not isinstance(it, Text)],
                            mark_legend(kind)))
    x, y = MARGIN, top + 8.0
    for swatch, label in entries:
        need = 16.0 + measure(label, LEGEND_WORDS)
        if x + need > width - MARGIN:
            x, y = MARGIN, y + 16.0
        g.add(Group(items=swatch, offset=(x + 6.5, y)))
        g.add(Text(x + 15.0, y, label, LEGEND_WORDS, anchor="start"))
        x += need + 8.0
    lines = []
    if any(panel.walls for panel in panels):
        lines.append("Black line: walls (footprint).  Blue dashes: walkable interior.")
    if any(panel.things for panel in panels):
        lines.append("Purple: vehicles and objects, their names on purple-edged plates"
                     + (f"; no room on the map for {', '.join(unnamed)}." if unnamed else "."))
    if any(panel.tags for panel in panels):
        lines.append("Red tags: start zones and glyphs.")
    lines.append("Parameters: " + params.legend_line())
    if params.marker_source == "assumed":
        lines.append("The wound-marker diameter is an ASSUMPTION (no published measurement); "
                     f"pass {option('marker_diameter')}.")
    if note:
        lines.append(note)
    y += 13.0
    for line in lines:
        g.add(Text(MARGIN, y, line, LEGEND_WORDS, anchor="start"))
        y += 9.0
    return g, y


# -- what to draw -------------------------------------------------------------------------------

def book_panels(overlay: Any) -> list[Panel]:
    """Panels of one Book in its own frame: outside on the ground, then each floor."""
    import shapely

    book = overlay.book
    panels = [Panel("outside, on the ground", overlay.exterior, list(book.exits), walls=[book.footprint])]
    for f, fo in zip(book.floors, overlay.floors):
        interior = book.interior_polygon(f)
        rings = [list(map(tuple, shapely.get_coordinates(g.exterior).tolist())) for g in getattr(interior, "geoms", [interior])
                 if not g.is_empty and g.geom_type == "Polygon"]
        name = f" ({f.name})" if f.name else ""
        panels.append(Panel(f"floor {f.index + 1}{name}, level +{f.base_offset}", fo.classes, fo.marks,
                            walls=[book.footprint], interiors=rings))
    return panels


def map_panels(m: Any, placed: Any) -> list[Panel]:
    """Panels of a map: one per level that a Book's ground or floor lies on."""
    import shapely

    from mapkit.geometry.placing import place_points

    levels = sorted({k[2] for k in placed.cells})
    panels = []
    for level in levels:
        classes = {(q, r): c for (q, r, lv), c in placed.cells.items() if lv == level}
        marks: list[Mark] = []
        walls, interiors, things = [], [], []
        for pb in placed.buildings:
            if pb.placed is None:
                continue
            p = pb.placement
            fp = place_points(pb.book.footprint, p.q, p.r, p.rotation)
            on_level = p.level == level
            if on_level:
                marks += pb.placed.exits
            for f, fo in zip(pb.book.floors, pb.placed.floors):
                if pb.placed.floor_level(fo) == level:
                    on_level = True
                    marks += fo.marks
                    inner = pb.book.interior_polygon(f)
                    if inner.geom_type == "Polygon" and not inner.is_empty:
                        interiors.append(place_points(shapely.get_coordinates(inner.exterior).tolist(),
                                                      p.q, p.r, p.rotation))
            if on_level:
                walls.append(fp)
        for pb in placed.objects:
            if pb.book is not None and pb.placement.level == level:
                p = pb.placement
                things.append((place_points(pb.book.footprint, p.q, p.r, p.rotation), pb.book.name))
        ground = sorted({(pc.q + 0, pc.r + 0) for pc in m.pieces if pc.z == level - 1}
                        | {h for pc in m.pieces if pc.z == level - 1 for h in m.footprint(pc)})
        if level == 0:
            ground = []
        tags = [(pc.q, pc.r, f"Start {pc.attrs.get('player', '?')}" if pc.type == "start-zone"
                 else f"Glyph {pc.attrs.get('letter', '?')}") for pc in m.pieces
                if pc.type in ("start-zone", "glyph") and pc.z == level]
        panels.append(Panel(f"Level {level}", classes, marks, walls, interiors, things, ground, tags))
    return panels
