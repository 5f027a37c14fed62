"""The picture of what `mapkit fit` did: the re-tiled map with each piece fit laid outlined.

The output registry's `fit-png` and `fit-svg`: one scene (`scene.views`), the outlines added in
their own layer, painted as PNG or SVG. Levels are the builder's (`mapkit.model.levels`): a tile
whose bottom is at z is on Level z + 1. Each piece laid is labelled on its origin hex with its
size and that hex's name on the build sheets ("7-hex" over "C7"), as `fit`'s text names it
("Grass 7-hex at C7 (12, 5)"), so a line of the text is found on the picture without counting.
"""

from __future__ import annotations

from typing import Any, Iterator

from mapkit.model import levels
from mapkit.model.grid import neighbours
from mapkit.model.board import Board
from mapkit.model.catalog import catalog
from mapkit.model.map import Map
from mapkit.outputs import Drawn
from mapkit.outputs.scene.layout import hex_center
from mapkit.outputs.scene.shapes import Group, Poly, Text
from mapkit.wording import command, option

#: Colour of the outline drawn round each piece fit laid (RGB).
CHANGED_RGB = (230, 20, 140)


def picture(result: Any, name: str = "", svg: bool = False, scale: float = 36.0) -> bytes:
    """The re-tiled map with each piece fit laid outlined: seen from above when every such piece
    shows from above, else level by level (each outlined in its Level's panel), so that the cuts
    of stacked layers are never drawn over one another. Level by level, only the Levels where fit
    laid a piece are drawn: a tall map re-cut on one Level is one panel, not one per Level."""
    from mapkit.outputs.paint.raster import render_png
    from mapkit.outputs.paint.svg import render_svg
    from mapkit.outputs.scene.layout import hex_corners
    from mapkit.outputs.scene.views import RenderOptions, build_scene

    assert result.map is not None
    laid = [placed for change in result.changes for placed in change.added]
    view = "levels" if any(_hidden(result.map, placed.hexes, placed.z) for placed in laid) else "top"
    notes = ["outlined: pieces laid by mapkit fit, each labelled on its first hex with its size and "
             "that hex's place on the build sheets (C7), as fit's text names it"] if laid else []
    changed: tuple[int, ...] | None = None
    if view == "levels":
        changed = tuple(sorted({levels.layer(placed.z) for placed in laid}))
        every = option("view", "levels")          # a command's wording names the command the flag is of
        if not every.startswith(command("render")):
            every = f"{command('render')} {every}"
        notes.append(f"only the Levels fit changed are drawn ({every} draws every Level)")
    opts = RenderOptions(view=view, name=name, notes=notes, only_levels=changed)
    scene = build_scene(result.map, opts)
    p = opts.pitch
    board = Board.of(result.map)
    panels = {g.id: g for g in _groups(scene.root)} if view == "levels" else {}
    outlines: dict[int | None, Group] = {}
    for placed in laid:
        key = levels.layer(placed.z) if view == "levels" else None
        if key not in outlines:
            parent = panels.get(f"panel-{key}", scene.root)
            outlines[key] = parent.group("fit-changes" if key is None else f"fit-changes-{key}",
                                         label="Pieces fit laid", layer=True)
        group = outlines[key]
        cells = set(placed.hexes)
        for q, r in cells:
            corners = hex_corners(q, r, p)
            cx, cy = hex_center(q, r, p)
            for nq, nr in neighbours(q, r):
                if (nq, nr) in cells:
                    continue
                mx, my = hex_center(nq, nr, p)
                mid = ((cx + mx) / 2, (cy + my) / 2)
                a, b = sorted(corners, key=lambda c: (c[0] - mid[0]) ** 2 + (c[1] - mid[1]) ** 2)[:2]
                group.add(Poly([a, b], stroke=CHANGED_RGB, width=p * 0.07, closed=False))
        group.items.extend(_label(placed, board, p))
    return render_svg(scene) if svg else render_png(scene, scale)


def _label(placed: Any, board: Board | None, p: float) -> list[Text]:
    """The size and sheet place of a piece fit laid, on its origin hex (the hex the text names)."""
    cx, cy = hex_center(placed.q, placed.r, p)
    size = f"{catalog()[placed.type].hexes}-hex"
    place = board.name(placed.q, placed.r) if board is not None else None
    lines = [size, place or f"({placed.q}, {placed.r})"]
    return [Text(cx, cy + (n - 0.5) * p * 0.32, line, p * 0.28, fill=CHANGED_RGB, bold=True, halo=(255, 255, 255))
            for n, line in enumerate(lines)]


def draw_png(result: Any, name: str = "", scale: float = 36.0) -> Drawn:
    """The output registry's `fit-png`."""
    return Drawn(picture(result, name, svg=False, scale=scale))


def draw_svg(result: Any, name: str = "", scale: float | None = None) -> Drawn:
    """The output registry's `fit-svg`: 1:1 in millimetres (`scale` is the PNG's and is ignored)."""
    return Drawn(picture(result, name, svg=True))


def _hidden(m: Map, cells: Any, z: int) -> bool:
    """Whether a piece lying at z on these hexes has anything above it (seen from above, it hides)."""
    wanted = set(cells)
    return any(piece.z > z and wanted.intersection(m.footprint(piece)) for piece in m.pieces)


def _groups(group: Group) -> Iterator[Group]:
    """Every group under `group`, depth first."""
    for item in group.items:
        if isinstance(item, Group):
            yield item
            yield from _groups(item)
