"""Pieces held as columns (`mapkit.model.columns`): the same pieces as a list, and exact reductions."""

from __future__ import annotations

import copy
import pickle
import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import corpus_files
from test_pieces_sequence import columns_of as table_of
from mapkit.formats import hsc
from mapkit.model.catalog import catalog
from mapkit.model.columns import Columns, Kind, piece_bounds, type_turn_kinds
from mapkit.model.map import Map, Piece, Pieces
from mapkit.summary import summarise

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from generate import make_map  # noqa: E402

TYPES = ("grass-1", "grass-2", "rock-3", "water-1", "tree-10", "castle-wall-corner", "glyph", "start-zone",
         "grass-24", "road-5")


def facts(m: Map) -> tuple:
    return m.piece_counts(), m.bounds(), m.glyphs(), m.start_zones(), m.scenarios()


pieces_strategy = st.lists(st.builds(
    lambda t, q, r, z, k, letter: Piece(t, q, r, z, k, {"letter": letter} if t == "glyph" and letter else {}),
    st.sampled_from(TYPES), st.integers(-50, 50), st.integers(-50, 50), st.integers(0, 12),
    st.sampled_from([0, 1, 2, 3, 4, 5, 0.5]), st.sampled_from(["", "A", "V"])), max_size=40)


@settings(max_examples=60, deadline=None)
@given(pieces_strategy)
def test_a_table_is_the_list_it_holds(pieces):
    pieces = [Piece(p.type, p.q, p.r, p.z, p.rotation if p.type in ("grass-1", "glyph") or p.rotation != 0.5 else 1,
                    p.attrs) for p in pieces]
    table = table_of(copy.deepcopy(pieces))
    made = {i for i, _ in table.objects()}
    assert len(table) == len(pieces)
    assert facts(Map(pieces=table)) == facts(Map(pieces=pieces))
    # the reductions made no piece: only the glyphs and start zones asked for were handed out
    assert {i for i, _ in table.objects()} == made | {i for i, p in enumerate(pieces) if p.type in ("glyph", "start-zone")}
    assert [table[i] for i in range(len(pieces))] == pieces
    assert list(table) == pieces and table == pieces and pieces == table


def test_a_piece_handed_out_and_changed_counts_as_changed():
    pieces = [Piece("grass-1", q, 0, 0) for q in range(10)] + [Piece("rock-3", 0, 5, 2, 3)]
    m = Map(pieces=table_of(copy.deepcopy(pieces)))
    for edited in (m.pieces, pieces):
        edited[10].z = 7
        edited[3].type = "sand-1"
        edited[0].q = -40
    found = facts(m)
    assert m.pieces.columnar
    assert found == facts(Map(pieces=pieces))
    assert m.piece_counts()["sand-1"] == 1 and m.bounds()[0] == -40 and m.bounds()[5] == 7


def test_iterating_keeps_the_columns_and_changing_the_order_makes_a_list():
    pieces = [Piece("grass-1", q, 0, 0) for q in range(100)]
    table = table_of(pieces)
    first = table[0]
    table.append(Piece("glyph", 0, 0, 1, 0, {"letter": "A"}))
    table[7] = Piece("rock-3", 4, 4, 2)
    assert table.columnar and table[0] is first and len(table) == 101 and table.objects()[-1][0] == 100
    assert [p for p in table] == [*pieces[:7], Piece("rock-3", 4, 4, 2), *pieces[8:], table[100]]
    assert table.columnar and table[0] is first  # what iterating handed out is what indexing gives
    del table[5]
    assert not table.columnar and table[0] is first
    table[0] = Piece("rock-1", 9, 9, 0)
    table.insert(0, Piece("sand-1", 1, 1, 0))
    assert [p.type for p in table[:3]] == ["sand-1", "rock-1", "grass-1"]
    assert Map(pieces=table).piece_counts() == {"grass-1": 97, "rock-3": 1, "sand-1": 1, "rock-1": 1, "glyph": 1}
    assert table + [first] == list(table) + [first]


def test_slices_negative_indices_and_errors():
    pieces = [Piece("grass-1", q, 0, 0) for q in range(200)]
    table = table_of(pieces)
    assert table[-1] == pieces[-1] and table[2:5] == pieces[2:5] and table[::-50] == pieces[::-50]
    with pytest.raises(IndexError):
        table[200]
    with pytest.raises(ValueError):
        Columns(type_turn_kinds(["grass-1"]), [0, 1], [0], [0, 0], [0, 0])
    with pytest.raises(ValueError):
        Columns(type_turn_kinds(["grass-1"]), [6], [0], [0], [0])


def test_copies_and_pickles_keep_every_piece():
    m = make_map(500, seed=3)
    table = hsc.read(hsc.write(m)).pieces
    assert table.columnar
    read_as_objects = table.objects()
    for other in (copy.deepcopy(table), pickle.loads(pickle.dumps(table)), table.copy()):
        assert other == table and other.columnar and other is not table
    assert table.objects() == read_as_objects  # comparing and copying hand no piece out
    table.reverse()
    table.reverse()
    assert not table.columnar and pickle.loads(pickle.dumps(table)) == table == table.copy()


def test_shifted_kinds_put_origins_where_they_belong():
    # a kind's shift is what the stored coordinates add to the origin
    table = Pieces.of_columns(Columns([Kind("grass-3", 2, 1, -1), Kind("grass-1", 0)], [0, 1, 0], [5, 0, 1], [5, 0, 1],
                                      [0, 1, 2]))
    assert list(table) == [Piece("grass-3", 4, 6, 0, 2), Piece("grass-1", 0, 0, 1, 0), Piece("grass-3", 0, 2, 2, 2)]
    assert Map(pieces=table_of(list(table))).bounds() == piece_bounds(list(table)) == table.bounds()


def test_a_read_map_makes_pieces_only_for_records_with_attrs_or_extras():
    m = make_map(20_000, seed=11)
    counts = m.piece_counts()
    read = hsc.read(hsc.write(m))
    assert read.pieces.columnar
    assert len(read.pieces.objects()) == counts["glyph"] + counts["start-zone"]
    summary = summarise(read)
    assert len(read.pieces.objects()) == counts["glyph"] + counts["start-zone"]
    assert summary == summarise(Map(**{**read.__dict__, "pieces": list(read.pieces)}))


@pytest.mark.parametrize("path", corpus_files("hsc", "*.hsc"))
def test_corpus_summaries_agree_with_the_piece_by_piece_answer(path):
    m = hsc.read(path.read_bytes(), str(path))
    listed = Map(**{**m.__dict__, "pieces": list(m.pieces)})
    copied = hsc.read(path.read_bytes(), str(path))
    assert summarise(copied) == summarise(listed)
    cat = catalog()
    cells = [(q, r, level) for q, r, level, _ in listed.iter_cells()]
    assert copied.bounds() == (min(c[0] for c in cells), max(c[0] for c in cells), min(c[1] for c in cells),
                               max(c[1] for c in cells), min(c[2] for c in cells), max(c[2] for c in cells))
    assert all(cat[p.type] for p in copied.pieces)


def test_random_edits_keep_reductions_exact():
    rng = random.Random(4)
    m = hsc.read(hsc.write(make_map(3000, seed=8)))
    for _ in range(50):
        piece = m.pieces[rng.randrange(len(m.pieces))]
        piece.q += rng.randint(-30, 30)
        piece.z += rng.randint(0, 3)
        if rng.random() < 0.3:
            piece.type = rng.choice(TYPES[:5])
    found = facts(m)
    assert m.pieces.columnar
    assert found == facts(Map(pieces=[copy.copy(p) for p in m.pieces]))


def test_big_tables_reduce_in_numpy_to_the_same_answers(monkeypatch):
    # Tables of NUMPY_ROWS rows or more take numpy's min, max and bincount; here every table does.
    from mapkit.formats import hexoscape
    from mapkit.model import columns

    rng = random.Random(5)
    made = make_map(3000, seed=9)
    q0, q1, r0, r1, _, _ = made.bounds()
    made.pieces += [Piece("grass-24", q1 + 3, r0 + 5, 0, 1), Piece("grass-24", q0 - 3, r1 - 5, 2, 4),
                    Piece("road-5", q1 + 9, r1 + 1, 1, 5)]  # the extremes on wide pieces, turned
    maps = [hsc.read(hsc.write(made)), hexoscape.read(hexoscape.write(made))]
    for m in maps:
        for _ in range(20):  # pieces handed out and changed: rows the columns no longer speak for
            piece = m.pieces[rng.randrange(len(m.pieces))]
            piece.q -= rng.randint(0, 40)
            piece.z += rng.randint(0, 3)

    def answers(m: Map) -> tuple:
        return facts(m), m.board_size(), m.level_range()

    for m in maps:
        monkeypatch.setattr(columns, "NUMPY_ROWS", 10**12)
        plain = answers(m)
        m.pieces._columns._by_kind = None  # counted again, by numpy
        m.pieces._columns._extremes_of = None  # and its extremes taken again
        monkeypatch.setattr(columns, "NUMPY_ROWS", 0)
        assert answers(m) == plain
        assert m.pieces.columnar
        assert plain == answers(Map(pieces=[copy.copy(p) for p in m.pieces]))


@pytest.mark.parametrize("crowd", [0, 40, 3000])
def test_extremes_of_wide_and_tall_pieces_whether_few_or_many_rows_lie_at_the_edge(crowd):
    # Pieces whose footprint or height reaches past their stored hex (a 24-hex tile, a road,
    # a tree) decide the bounds only from rows near the column's own extreme: with few such rows
    # those are searched for; with `crowd` plain hexes piled on the edge rows, a full pass.
    rng = random.Random(crowd)
    pieces = [Piece("grass-1", rng.randint(0, 30), rng.randint(0, 30), rng.randint(0, 5), 0) for _ in range(2000)]
    pieces += [Piece("grass-1", 30, rng.randint(0, 30), 0, 0) for _ in range(crowd)]
    pieces += [Piece("grass-1", 0, rng.randint(0, 30), 0, 0) for _ in range(crowd)]
    pieces += [Piece("grass-24", 29, 12, 1, 1), Piece("road-5", 1, 29, 0, 5), Piece("grass-24", 2, 0, 3, 4),
               Piece("tree-10", 30, 30, 5, 0), Piece("rock-3", 0, 1, 0, 2)]
    rng.shuffle(pieces)
    table = table_of(copy.deepcopy(pieces))
    listed = Map(pieces=pieces)
    for question in ("bounds", "origin_ranges", "board_size", "level_range"):
        assert getattr(Map(pieces=table), question)() == getattr(listed, question)(), question
    assert table.objects() == []


@pytest.mark.parametrize("lane_rows", [0, 10**9])
@pytest.mark.parametrize("reach", [30, 20_000])
def test_extremes_agree_with_the_pieces_whether_lanes_hold_the_columns_or_not(reach, lane_rows, monkeypatch):
    # Coordinates past 16,384 hexes from the origin, or more than 256 kinds at once, take the
    # row-by-row way instead of lanes (mapkit.model.lanes), as small tables do; the answers are the same.
    from mapkit.model import columns

    monkeypatch.setattr(columns, "LANE_ROWS", lane_rows)
    rng = random.Random(reach)
    cat = catalog()
    types = sorted(t for t in cat.types if cat[t].height > 0)[:60]  # 60 types x 6 turns: 360 kinds
    pieces = [Piece(rng.choice(types), rng.randint(-reach, reach), rng.randint(-reach, reach), rng.randint(0, 9),
                    rng.randrange(6)) for _ in range(3000)]
    for few in (False, True):
        chosen = [p for p in pieces if p.type in types[:8]] if few else pieces
        table = table_of(copy.deepcopy(chosen))
        table[5].q += 3  # a row now held as an object
        listed = Map(pieces=copy.deepcopy(chosen))
        listed.pieces[5].q += 3
        for question in ("bounds", "origin_ranges", "board_size", "level_range"):
            assert getattr(Map(pieces=table), question)() == getattr(listed, question)(), (question, few)
        assert len(table.objects()) == 1
