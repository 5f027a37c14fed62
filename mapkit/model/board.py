"""Places on the board as a builder reads them: the column letter and row number of the build sheets (C7).

The build sheets (`mapkit print`), like VirtualScape's numbered print, letter the odd-r offset
columns A, B, C ... (then AA, AB ...) from the westmost column any piece covers, and number the
rows 1, 2, 3 ... north to south from the northmost row; a hex is named column then row. Findings,
`info`, `analyze` and the sheets all name places through `Board`, so a place has one name.
"""

from __future__ import annotations

from mapkit.model.grid import axial_to_offset, offset_to_axial

TYPE_CHECKING = False  # (typing is not imported at run time: `mapkit info` starts faster)
if TYPE_CHECKING:
    from mapkit.model.map import Map


def column_letters(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA: spreadsheet-style column names."""
    name = ""
    index += 1
    while index > 0:
        index, rem = divmod(index - 1, 26)
        name = chr(ord("A") + rem) + name
    return name


class Board:
    """The lettered board of one map: column A is odd-r offset column `col0`, row 1 is row `row0`."""

    __slots__ = ("col0", "row0")

    def __init__(self, col0: int, row0: int):
        self.col0 = col0
        self.row0 = row0

    @classmethod
    def of(cls, m: Map, bounds: tuple[int, int, int, int, int, int] | None = None,
           columns: tuple[int, int] | None = None) -> Board | None:
        """The board the build sheets of `m` letter, or None for a map without pieces. (Only the
        pieces letter it: a C3G Book overhanging the tiles does not move column A.) A caller that
        has `m.bounds()` and `m.pieces.column_range()` at hand passes them (each is a pass over
        the pieces)."""
        bounds = m.bounds() if bounds is None else bounds
        if bounds is None:
            return None
        columns = m.pieces.column_range() if columns is None else columns
        if columns is None:
            return None
        return cls(columns[0], bounds[2])

    def name(self, q: int, r: int) -> str | None:
        """The hex's sheet name ("C7"), or None west of column A or north of row 1, where the
        sheets print no letter or number."""
        col, row = axial_to_offset(q, r)
        if col < self.col0 or row < self.row0:
            return None
        return f"{column_letters(col - self.col0)}{row - self.row0 + 1}"

    def hex_at(self, name: str) -> tuple[int, int] | None:
        """The hex a sheet name names ("C7" -> its (q, r)), or None for text that is no sheet
        name (letters, then a row number from 1). The inverse of `name`."""
        text = name.strip().upper()
        letters = text.rstrip("0123456789")
        digits = text[len(letters):]
        if not letters or not digits or not letters.isalpha() or not letters.isascii() or int(digits) < 1:
            return None
        index = 0
        for ch in letters:
            index = index * 26 + ord(ch) - ord("A") + 1
        return offset_to_axial(self.col0 + index - 1, self.row0 + int(digits) - 1)

    def __repr__(self) -> str:
        return f"Board(col0={self.col0}, row0={self.row0})"


def hex_named(board: Board | None, q: int, r: int) -> str:
    """A hex as a message or title names it: the sheets' name first, then axial ("C7 (2, 6)");
    axial alone where the sheets print no name (off the lettered board, or no board)."""
    sheet = board.name(q, r) if board is not None else None
    return f"{sheet} ({q}, {r})" if sheet else f"({q}, {r})"
