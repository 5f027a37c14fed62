"""The board's lettering around a drawing: column letters above and below, row numbers left and
right, as the build sheets print them, so a place named C7 anywhere (a finding, `info`, `analyze
--start C7,2`) is found on any picture of the map.

The names are the board's (`mapkit.model.board.Board`: odd-r offset columns lettered A, B, C ...
from the westmost one used, rows numbered from the northmost); this module only places them.
Everything is in the drawing's millimetres (x east, y south).
"""

from __future__ import annotations

import math
from typing import Iterable

from mapkit.model.board import Board, column_letters
from mapkit.model.grid import HEX_PITCH_MM, SQRT3, axial_to_offset, hex_center_mm
from mapkit.outputs.scene.layout import Box
from mapkit.outputs.scene.shapes import Group, Text

#: The lettering's grey.
INK = (77, 77, 77)
COORDINATE_NOTE = ("Coordinates, as VirtualScape's numbered print names hexes: columns A, B, C ... (then AA, AB) "
                   "are the odd-r offset columns from the westmost one used; rows 1, 2, 3 ... run north to south; "
                   "{which} rows sit half a hex east. A hex is named column then row, e.g. C7.")


def coordinate_note(board: Board | None) -> str:
    """How a sheet's hexes are named, for its `board`: the letters stand over the hexes of the
    grid's even rows (`edges`), so the board's odd sheet rows sit half a hex east of them where
    its row 1 is an odd grid row, its even sheet rows where row 1 is an even one."""
    return COORDINATE_NOTE.format(which="even" if board is not None and board.row0 % 2 == 0 else "odd")


class Lettering:
    """Which columns and rows a drawing letters: the board's, over the hexes `cells`."""

    def __init__(self, board: Board, cells: Iterable[tuple[int, int]]):
        offsets = [axial_to_offset(q, r) for q, r in cells] or [(board.col0, board.row0)]
        self.board = board
        self.col0, self.col1 = board.col0, max(c for c, _ in offsets)
        self.row0, self.row1 = board.row0, max(r for _, r in offsets)

    @classmethod
    def of(cls, m, cells: Iterable[tuple[int, int]] | None = None) -> "Lettering | None":
        """The lettering of map `m` (over its pieces' hexes, or `cells`); None for an empty map."""
        board = Board.of(m)
        if board is None:
            return None
        if cells is None:
            cells = {c for piece in m.pieces for c in m.footprint(piece)}
        return cls(board, cells)

    def name(self, q: int, r: int) -> str:
        """The hex's name on the sheets (C7); axial "(q, r)" off the lettered board."""
        return self.board.name(q, r) or f"({q}, {r})"


def edges(lettering: Lettering, box: Box, size: float, pitch: float = HEX_PITCH_MM, gap: float | None = None,
          ink: tuple[int, int, int] = INK, halo: tuple[int, int, int] | None = None, id: str = "board-edges") -> Group:
    """The column letters above and below `box` and the row numbers left and right of it, `size`
    high, `gap` away from it (default: half the size), every column and row where they are far
    enough apart to read, else every second, third ..."""
    gap = size * 0.5 if gap is None else gap
    g = Group(id, label="Board letters and numbers", layer=True)
    step = max(1, math.ceil(size * 1.6 / pitch))
    even_row = lettering.row0 + (lettering.row0 & 1)       # columns are lettered where even rows put them
    top, bottom = box.y0 - gap - size * 0.5, box.y1 + gap + size * 0.5
    for col in range(lettering.col0, lettering.col1 + 1, step):
        x, _ = hex_center_mm(col - (even_row >> 1), even_row, pitch)
        text = column_letters(col - lettering.col0)
        g.add(Text(x, top, text, size, fill=ink, halo=halo))
        g.add(Text(x, bottom, text, size, fill=ink, halo=halo))
    rstep = max(1, math.ceil(size * 1.3 / (pitch * SQRT3 / 2)))
    for row in range(lettering.row0, lettering.row1 + 1, rstep):
        _, y = hex_center_mm(0, row, pitch)
        text = str(row - lettering.row0 + 1)
        g.add(Text(box.x0 - gap, y, text, size, fill=ink, anchor="end", halo=halo))
        g.add(Text(box.x1 + gap, y, text, size, fill=ink, anchor="start", halo=halo))
    return g


def margin(size: float, digits: int) -> float:
    """How far the lettering reaches out of the box it letters: a row number `digits` long, or
    a letter's height, and the gap."""
    return size * 0.5 + max(size, digits * size * 0.62)
