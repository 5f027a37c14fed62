"""The report's map: the pictures' drawing of the map (`scene.browse`), painted inline by the SVG
painter for the page's script to pan, zoom and show Level by Level, and its legend.

The page fades the Levels under the one shown in each tile's own colour (`faded_style`), as the
build sheets draw them; the legend's swatches are the pictures' (`scene.legend.swatch`), painted
by the same painter.
"""

from __future__ import annotations

from typing import Any

from mapkit import escapes
from mapkit.model.catalog import catalog
from mapkit.model.grid import HEX_PITCH_MM
from mapkit.model.map import Map

#: Table millimetres per SVG user unit.
SVG_SCALE = 1.0
#: The legend's words for the steps between Levels, as the report's map draws them.
STEP = "step between Levels (thick)"


def map_view(m: Map, board: Any = None) -> tuple[str, dict[int, str]]:
    """The inline `<svg id="map">` of the map, and the Levels it can show one at a time, each
    with its name ("Level 21 (with 26)": the Levels above whose pieces show with it, as the
    sheets say it) (`board`: the map's lettered board, where the caller has it; else worked out)."""
    parts, shown = map_view_parts(m, board)
    return "".join(parts), shown


def map_view_parts(m: Map, board: Any = None) -> tuple[list[str], dict[int, str]]:
    """`map_view`'s text in parts, for the page to join once with its own (a big map's is megabytes)."""
    from mapkit.outputs.scene.layout import group_label
    from mapkit.outputs.paint.svg import svg_parts
    from mapkit.outputs.scene.browse import browse_scene
    from mapkit.outputs.scene.style import style_data

    browse = browse_scene(m, board)
    box = browse.scene.box
    home = f"{box.x0:.1f} {box.y0:.1f} {box.width:.1f} {box.height:.1f}"
    svg = svg_parts(browse.scene, {"id": "map", "role": "img", "aria-label": "Top view of the map",
                                   "data-scale": f"{SVG_SCALE:g}", "data-pitch": f"{HEX_PITCH_MM:g}",
                                   "data-home": home})
    svg.insert(0, faded_style(browse.fills, style_data()["below"]))
    names = {n: group_label((n, *browse.with_levels.get(n, ()))) for n in browse.levels}
    return svg, names


def room_views(m: Map) -> list[tuple[int, str, str]]:
    """Each room of a map of several (a dungeon page's): its number, its title and the view that
    shows it alone on the report's map ("x y width height", as the map's home view: its hexes'
    box with a third of a hex around), in the map's order; [] for a map of one board."""
    from mapkit.outputs.scene.browse import P
    from mapkit.outputs.scene.layout import cells_box

    if not m.several_rooms():
        return []
    cells: dict[int, set[tuple[int, int]]] = {room.number: set() for room in m.rooms}
    for piece in m.pieces.with_attrs():
        for number in piece.attrs.get("rooms", ()):
            if number in cells:
                cells[number].update(m.footprint(piece))
    views = []
    for room in m.rooms:
        box = cells_box(cells[room.number], P) if cells[room.number] else None
        if box is not None:
            pad = P * 0.3
            views.append((room.number, room.title, f"{box.x0 - pad:.1f} {box.y0 - pad:.1f} "
                                                   f"{box.width + 2 * pad:.1f} {box.height + 2 * pad:.1f}"))
    return views


def top_view_svg(m: Map) -> str:
    """The map's inline SVG alone (`map_view`)."""
    return map_view(m)[0]


def faded_style(fills: list[Any], below: dict[str, float]) -> str:
    """The colours of the Levels under the one shown, as the build sheets draw them: each tile in
    its own colour faded towards white (`render_style.json` "below"), the Level just under it
    ('below') less pale than those deeper ('deep'); the page's script sets the classes."""
    from mapkit.outputs.scene.style import faded, hex_colour

    rules = []
    for key, rgb in enumerate(fills):
        rules.append(f".lv.below .f{key}{{fill:{hex_colour(faded(rgb, below['just_below']))}}}")
        rules.append(f".lv.deep .f{key}{{fill:{hex_colour(faded(rgb, below['deeper']))}}}")
    return f"<style>{''.join(rules)}</style>"


def legend_html(m: Map) -> str:
    """The key under the map: the same lines, names, colours and swatches as the PNG, SVG and PDF
    legend (`style.legend_entries`, `legend.swatch`), the C3G layer's too."""
    from mapkit.outputs.paint.svg import svg_element
    from mapkit.outputs.scene.layout import Box
    from mapkit.outputs.scene.legend import swatch
    from mapkit.outputs.scene.players import Cast
    from mapkit.outputs.scene.shapes import Group, Scene
    from mapkit.outputs.scene.style import hex_colour, legend_entries
    from mapkit.records import replace

    cat = catalog()
    entries = legend_entries([cat[t] for t in m.pieces.type_counts()], Cast(m).legend())
    if m.buildings or m.objects:                          # (`c3g.has_c3g`: its module loaded only then)
        from mapkit.outputs.scene import c3g

        entries += [e for e in c3g.c3g_layer(m, HEX_PITCH_MM).legend if e not in entries]
    # the browsable map draws the steps between Levels without their shadows (`scene.browse`)
    entries = [replace(e, label=STEP) if e.swatch == "line" and e.value == "contour" else e for e in entries]
    out = ['<ul id="legend" aria-label="Legend">']
    p = 26.0                           # a swatch's hex about 15 of the 16 pixels across
    for entry in entries:
        picture = Scene(Box(-8.0, -8.0, 8.0, 8.0), Group(items=swatch(entry, 0.0, 0.0, p, p * 0.5)))
        mark = svg_element(picture, {"width": "16", "height": "16", "aria-hidden": "true"})
        out.append(f'<li data-swatch="{escapes.html(entry.swatch)}" data-colour="{hex_colour(entry.rgb)}">{mark}'
                   f"<span>{escapes.html(str(entry.label))}</span></li>")
    out.append("</ul>")
    return "".join(out)
