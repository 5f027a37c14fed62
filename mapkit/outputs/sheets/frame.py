"""What every page of the build sheets shares: the options, the map's frame and lettered board,
which Levels each sheet shows, and the page's measures.

Levels, as a builder counts them (`mapkit.model.levels`): a tile whose bottom is at z is Level
z + 1; what stands on a surface belongs to that surface's Level, laid once it is built.
"""

from __future__ import annotations

from typing import Sequence

from mapkit.model.catalog import catalog
from mapkit.model.grid import hex_corners_mm
from mapkit.model.map import Map
from mapkit.outputs.scene.board import Lettering
from mapkit.outputs.scene.layout import (  # noqa: F401  (the sheets' names for them)
    Box,
    build_levels,
    group_label,
    levels_label,
    sheet_groups,
)
from mapkit.records import Record

#: The page's margin and the band of its title, in mm.
PAGE_MARGIN, PAGE_HEADER = 10.0, 12.0
#: Room left around a map drawing for its letters and numbers, in mm.
LABEL_PAD = 6.0
#: A placed Book's outline and the words on its name's plate.
BOOK_RGB = (115, 26, 153)


class BuildOptions(Record, frozen=True):
    paper: str = "letter"
    levels_per_page: int = 1
    #: Print each hex's coordinate name (C7) in the pieces of the level, as VirtualScape's numbered print.
    hex_names: bool = False
    #: C3G buildings and objects placed on the map, drawn on the level they stand on.
    footprints: tuple["Footprint", ...] = ()
    #: Start with a cover page: title, author and the renderer's isometric picture, as
    #: VirtualScape's printout starts.
    cover: bool = False


class Footprint(Record, frozen=True):
    """A placed Book's outline in map millimetres, the Level it stands on, its name, and how
    findings number it ("building 2", "object 1": its place in the map's list, from 1)."""

    name: str
    level: int
    points: tuple[tuple[float, float], ...]
    label: str = ""


def footprint_page(level: int) -> int:
    """The build level a C3G placement is drawn with: like anything standing, the level under it."""
    return max(level, 1)


class MapFrame:
    """The map's extent in table millimetres (its hexes and its Books' outlines) and its lettered
    board (`Lettering`), shared by every page."""

    def __init__(self, m: Map, footprints: Sequence[Footprint] = ()):
        cells = {(q, r) for piece in m.pieces for q, r in m.footprint(piece)} or {(0, 0)}
        xs, ys = [], []
        for q, r in cells:
            for x, y in hex_corners_mm(q, r):
                xs.append(x)
                ys.append(y)
        for fp in footprints:
            xs.extend(x for x, _ in fp.points)
            ys.extend(y for _, y in fp.points)
        self.box = Box(min(xs), min(ys), max(xs), max(ys))
        self.x0, self.y0, self.x1, self.y1 = self.box.x0, self.box.y0, self.box.x1, self.box.y1
        from mapkit.model.board import Board

        self.lettering: Lettering = (Lettering.of(m, cells) if m.pieces else None) or Lettering(Board(0, 0), cells)
        self.col0, self.col1 = self.lettering.col0, self.lettering.col1
        self.row0, self.row1 = self.lettering.row0, self.lettering.row1

    @property
    def width(self) -> float:
        return self.box.width

    @property
    def height(self) -> float:
        return self.box.height

    def name(self, q: int, r: int) -> str:
        return self.lettering.name(q, r)


def panel_box(width: float, height: float, columns: int = 1) -> tuple[float, float, float]:
    """(parts-list width, map width, map height) of a Level panel `width` x `height` mm whose
    parts are listed in `columns` columns."""
    list_w = min(62.0, width * 0.32) * columns
    list_w = min(list_w, width * 0.6)
    return list_w, width - list_w - 4, height


def panel_scale(frame: MapFrame, width: float, height: float, columns: int = 1) -> float:
    """Paper mm per table mm of the map drawing in a Level panel `width` x `height` mm."""
    _, map_w, map_h = panel_box(width, height, columns)
    return min((map_w - 2 * LABEL_PAD) / frame.width, (map_h - 2 * LABEL_PAD - 6) / frame.height, 1.0)


def stacked_edges(m: Map) -> bool:
    """Whether a sheet of several Levels may stack edge pieces on one edge (`labels.wanted`)."""
    cat = catalog()
    seen = set()
    for piece in m.pieces:
        if cat[piece.type].kind == "edge":
            key = (piece.type, piece.q, piece.r, int(piece.rotation) % 6)
            if key in seen:
                return True
            seen.add(key)
    return False


def hex_of(frame: MapFrame, points: Sequence[tuple[float, float]]) -> str:
    """The name of the hex at the middle of an outline (C7)."""
    from mapkit.model.grid import mm_to_hex

    mx = sum(x for x, _ in points) / len(points)
    my = sum(y for _, y in points) / len(points)
    return frame.name(*mm_to_hex(mx, my))

