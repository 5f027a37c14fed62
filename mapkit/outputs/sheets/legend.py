"""The legend at the foot of a build sheet: what that page draws, and nothing else.

The swatches and words are the pictures' (`scene.style.legend_entries`, the players' cast, the C3G
layer's classes and marks), so a mark means one thing on paper and on screen; the notes say what
the sheet itself adds (plates, heights, letters, the board's lettering). Laid out in columns
across the page, each label wrapped to its column, never cut; its height is known before the page
is laid out, so the map takes the rest.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from mapkit.model.catalog import catalog
from mapkit.model.board import Board
from mapkit.model.map import Map
from mapkit.outputs.scene.board import coordinate_note
from mapkit.outputs.scene.legend import swatch
from mapkit.outputs.scene.page import Writer
from mapkit.outputs.scene.pieces import heights_note
from mapkit.outputs.scene.shapes import Group, Poly
from mapkit.outputs.scene.text import POINT

LINE_MM = 4.6
#: The lines of a label wrapped over two or more lines are this far apart.
WRAPPED_MM = 2.9
COLUMN_MM = 62.0
TEXT_PT = 6.5
NOTE_MM = 3.0
#: How wide the swatches are drawn (a hex this many millimetres across).
SWATCH_PITCH = 7.0
PLATES_NOTE = ("Numbers on white plates: a tile's hex count; H10: the height of a tree, ruin or glacier, in levels; "
               "a plate beside its piece points at it with a line. Pale hexes: the Levels below, already built, in "
               "faded colours (the Level just below less pale).")
BOOKS_NOTE = ("Purple dashed outline: a C3G building or object; its Book's name on a plate edged in purple, beside it "
              "with a purple line to its outline where the Book's marks leave no room inside (where the map leaves "
              "none, listed under the parts).")


class PageLegend:
    """The legend of one page: its entries (swatch and words) and notes."""

    def __init__(self, m: Map, indices: Iterable[int], c3g_entries: Sequence[Any] = (), stacked: bool = False,
                 books: bool = False):
        from mapkit.outputs.scene.players import Cast
        from mapkit.outputs.scene.style import legend_entries, style_data

        cat = catalog()
        indices = list(indices)
        pieces = [m.pieces[i] for i in indices]
        types = {cat[p.type] for p in pieces}
        cast = Cast(m, [p for p in pieces if p.type == "start-zone" or cat[p.type].kind == "figure"]).legend()
        self.entries = [e for e in legend_entries(types, cast) if e.swatch != "line" or e.value == "outline"]
        for entry in c3g_entries:
            if entry not in self.entries:
                self.entries.append(entry)
        said = style_data()["sheet_labels"]
        notes = [PLATES_NOTE]
        if books:
            notes.append(BOOKS_NOTE)
        if any(t.id in said["ruin_walls"] for t in types):
            notes.append(str(said["ruin_legend"]))
        heights = heights_note(m, indices)
        if heights:
            notes.append(heights)
        if stacked:
            notes.append(str(said["stack_legend"]))
        if any(t.id in said["edges"] or t.id in said["flag"] for t in types):
            notes.append(str(said["edge_legend"]))
        if any(t.id in said["pieces"] for t in types):
            notes.append(str(said["legend"]))
        notes.append(coordinate_note(Board.of(m)))
        self.notes = notes
        self._laid: dict[float, tuple[list[list[tuple[Any, list[str]]]], list[str]]] = {}

    def _layout(self, w: Writer, width: float) -> tuple[list[list[tuple[Any, list[str]]]], list[str]]:
        """The entries in balanced columns, each with its label's lines, and the notes' lines."""
        laid = self._laid.get(width)
        if laid is not None:
            return laid
        cols = max(1, int(width // COLUMN_MM))
        text_w = width / cols - (SWATCH_PITCH + 2.5)
        labelled = [(entry, w.wrap(str(entry.label), TEXT_PT, text_w)) for entry in self.entries]
        heights = [_entry_height(lines) for _, lines in labelled]
        target = sum(heights) / cols
        columns: list[list[tuple[Any, list[str]]]] = [[]]
        used = 0.0
        for item, h in zip(labelled, heights):
            if columns[-1] and used + h > target + 0.01 and len(columns) < cols:
                columns.append([])
                used = 0.0
            columns[-1].append(item)
            used += h
        notes = [line for note in self.notes for line in w.wrap(note, TEXT_PT, width)]
        self._laid[width] = (columns, notes)
        return columns, notes

    def height(self, w: Writer, width: float) -> float:
        columns, notes = self._layout(w, width)
        tallest = max((sum(_entry_height(lines) for _, lines in col) for col in columns), default=0.0)
        return 8 + tallest + len(notes) * NOTE_MM

    def compose(self, w: Writer, left: float, top: float, width: float) -> None:
        """The legend in the band from `top` (mm from the page's top) down."""
        columns, notes = self._layout(w, width)
        w.group.add(Poly([(left, top + 0.7), (left + width, top + 0.7)], stroke=(153, 153, 153), width=0.4 * POINT,
                         closed=False))
        w.text(left, top + 3.2, "Legend", 7, bold=True)
        col_w = width / len(columns)
        tallest = 0.0
        for n, column in enumerate(columns):
            y = top + 5.5
            for entry, lines in column:
                cx, cy = left + n * col_w + SWATCH_PITCH / 2 + 1.0, y + 1.2
                w.group.add(Group(items=swatch(entry, 0.0, 0.0, SWATCH_PITCH, SWATCH_PITCH * 0.5), offset=(cx, cy)))
                for k, line in enumerate(lines):
                    w.text(cx + 4.5, cy + 0.8 + k * WRAPPED_MM, line, TEXT_PT)
                y += _entry_height(lines)
            tallest = max(tallest, y - top - 5.5)
        y = top + 8 + tallest + 0.5
        for line in notes:
            w.text(left, y + 1.5, line, TEXT_PT)
            y += NOTE_MM


def _entry_height(lines: Sequence[str]) -> float:
    return LINE_MM + WRAPPED_MM * (len(lines) - 1)
