"""Size as a builder counts it: columns x rows of the odd-r grid the pages letter and number."""

from __future__ import annotations

import json
import random

from conftest import corpus_file
from mapkit.formats import write_map
from mapkit.model.columns import Columns, Kind, piece_column_range, piece_level_range
from mapkit.model.grid import offset_to_axial
from mapkit.model.map import Map, Piece, Pieces


def board(columns: int, rows: int, first_row: int = 0) -> Map:
    """A rectangle of single grass hexes, laid column by column in the offset grid."""
    return Map(name="board", pieces=[Piece("grass-1", *offset_to_axial(col, row), 0)
                                     for row in range(first_row, first_row + rows) for col in range(columns)])


def test_a_generated_10_by_5_board_says_10_by_5(cli, tmp_path):
    path = tmp_path / "board.mapkit.json"
    write_map(board(10, 5), path)
    code, out, _ = cli("info", path)
    assert code == 0 and "size:     10 columns x 5 rows, Levels 1..1" in out
    size = json.loads(cli("info", path, "--json")[1])["size"]
    # the axial q spreads over 12 values (odd-r rows lean left as they go down); that stays in JSON
    assert (size["columns"], size["rows"], size["q"], size["r"]) == (10, 5, [-2, 9], [0, 4])


def test_rotten_ice_is_as_wide_as_its_sheets_are_lettered(cli, tmp_path):
    # Its build sheets letter the columns A..AG (33) and number the rows 1..18.
    path = corpus_file("hsc/dkniffin-virtualscape/Rotten Ice.hsc")
    code, out, _ = cli("info", path)
    assert code == 0 and "size:     33 columns x 18 rows, Levels 1..7" in out
    pdf = tmp_path / "rotten.pdf"
    assert cli("print", path, "-o", pdf)[0] == 0
    from pypdf import PdfReader

    words = PdfReader(str(pdf)).pages[0].extract_text().split()
    assert "AG" in words and "AH" not in words and "18" in words and "19" not in words


def table_of(pieces: list[Piece], shift: tuple[int, int] = (0, 0)) -> Pieces:
    """The pieces as columns, as the columnar readers keep them (glyphs, which carry attrs, as objects);
    `shift` stores every piece by another hex than its origin, as VirtualScape does."""
    types = sorted({p.type for p in pieces})
    kinds = [Kind(t, turn, *shift) for t in types for turn in range(6)]
    code = [types.index(p.type) * 6 + int(p.rotation) for p in pieces]
    objects = {i: p for i, p in enumerate(pieces) if p.attrs}
    return Pieces.of_columns(Columns(kinds, code, [p.q + shift[0] for p in pieces], [p.r + shift[1] for p in pieces],
                                     [p.z for p in pieces], objects))


def test_the_size_is_the_same_on_odd_first_rows_and_from_columns():
    for first_row in (0, 1, 7, -3):
        m = board(10, 5, first_row)
        assert m.board_size() == (10, 5)
        for shift in ((0, 0), (2, 1), (-1, -1)):
            columns = Map(pieces=table_of(list(m.pieces), shift))
            assert columns.board_size() == (10, 5) and columns.pieces.objects() == []  # no piece made


def test_column_and_piece_reductions_agree_on_turned_many_hex_pieces():
    rng = random.Random(5)
    types = ["grass-24", "rock-7", "sand-3", "water-3", "castle-wall-straight", "tree-10", "ruin-3", "glyph"]
    pieces = []
    for _ in range(400):
        kind = rng.choice(types)
        pieces.append(Piece(kind, rng.randint(-30, 30), rng.randint(-20, 20), rng.randint(0, 6), rng.randint(0, 5),
                            attrs={"letter": "A"} if kind == "glyph" else {}))
    for shift in ((0, 0), (1, 1), (0, -1)):
        table = table_of(pieces, shift)
        assert table.column_range() == piece_column_range(pieces)
        assert table.level_range() == piece_level_range(pieces)
        assert len(table.objects()) == sum(p.type == "glyph" for p in pieces)  # no other piece made
