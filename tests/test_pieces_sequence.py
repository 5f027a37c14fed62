"""`Pieces`, the one sequence a map's pieces are: every reduction gives the same answer whether a
list or columns hold the pieces, and a list's changes do to it what they do to a list."""

from __future__ import annotations

import copy
import pickle
import re
from collections import Counter
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from mapkit.model.columns import Columns, kind_column, type_turn_kinds
from mapkit.model.extents import piece_bounds, piece_column_range, piece_level_range, piece_ranges
from mapkit.model.map import Map, Piece, Pieces
from mapkit.records import replace

TYPES = ("grass-1", "grass-2", "rock-3", "water-1", "tree-10", "castle-wall-corner", "glyph", "start-zone",
         "grass-24", "road-5", "personal", "ruin-3")


def columns_of(pieces: list[Piece]) -> Pieces:
    """The pieces held as columns, as a fast reader holds them: the plain ones as rows, those with
    attrs, extras or a half turn as objects."""
    types = sorted({p.type for p in pieces}) or ["grass-1"]
    code = {t: i for i, t in enumerate(types)}
    plain = [not p.attrs and not p.extras and p.rotation == int(p.rotation) for p in pieces]
    return Pieces.of_columns(Columns(
        type_turn_kinds(types),
        kind_column([code[p.type] for p in pieces], [int(p.rotation) % 6 if ok else 0 for p, ok in zip(pieces, plain)]),
        [p.q for p in pieces], [p.r for p in pieces], [p.z for p in pieces],
        {i: p for i, (p, ok) in enumerate(zip(pieces, plain)) if not ok}))


def attrs_for(type_id: str, value: int) -> dict:
    return {"glyph": {"letter": "AVD"[value % 3]}, "start-zone": {"player": value % 4 + 1},
            "personal": {"size": (1, 2, 3, 7)[value % 4]}}.get(type_id, {"scenario": value} if value > 6 else {})


pieces_strategy = st.lists(st.builds(
    lambda t, q, r, z, turn, value: Piece(t, q, r, z, turn, attrs_for(t, value)),
    st.sampled_from(TYPES), st.integers(-60, 60), st.integers(-60, 60), st.integers(0, 15),
    st.sampled_from([0, 1, 2, 3, 4, 5]), st.integers(0, 9)), max_size=60)


def reductions(pieces: Pieces) -> tuple:
    kinds = ("glyph", "start-zone", "grass-24")
    return (pieces.type_counts(), pieces.indices_of(kinds), pieces.of_type(kinds), pieces.bounds(),
            pieces.origin_ranges(), pieces.level_range(), pieces.column_range(),
            [p for _, p in pieces.objects() if p.attrs])


def piece_by_piece(pieces: list[Piece]) -> tuple:
    """The same questions answered by a loop over the pieces, from first principles."""
    kinds = ("glyph", "start-zone", "grass-24")
    return (Counter(p.type for p in pieces), [i for i, p in enumerate(pieces) if p.type in kinds],
            [p for p in pieces if p.type in kinds], piece_bounds(pieces), piece_ranges(pieces),
            piece_level_range(pieces), piece_column_range(pieces), [p for p in pieces if p.attrs])


@settings(max_examples=80, deadline=None)
@given(pieces_strategy)
def test_every_reduction_is_the_same_on_both_storages(pieces):
    expected = piece_by_piece(pieces)
    listed, columnar = Pieces(copy.deepcopy(pieces)), columns_of(copy.deepcopy(pieces))
    assert not listed.columnar and columnar.columnar
    assert reductions(listed) == expected == reductions(columnar)
    assert listed == columnar == pieces and pieces == listed and len(columnar) == len(pieces)
    m, n = Map(pieces=listed), Map(pieces=columnar)
    for question in ("bounds", "origin_ranges", "board_size", "level_range", "piece_counts", "glyphs",
                     "start_zones", "scenario_pieces", "scenarios"):
        assert getattr(m, question)() == getattr(n, question)(), question


ops_strategy = st.lists(st.tuples(
    st.sampled_from(["append", "set", "edit", "iterate", "slice", "extend", "insert_end", "delete", "insert", "sort"]),
    st.integers(0, 200), pieces_strategy.filter(bool)), max_size=8)


@settings(max_examples=80, deadline=None)
@given(pieces_strategy.filter(bool), ops_strategy)
def test_a_lists_changes_do_to_pieces_what_they_do_to_a_list(pieces, ops):
    expected = copy.deepcopy(pieces)
    stores = [Pieces(copy.deepcopy(pieces)), columns_of(copy.deepcopy(pieces))]
    order_changed = False
    for op, at, more in ops:
        for target in (expected, *stores):
            i = at % len(target) if len(target) else 0
            fresh = copy.deepcopy(more)
            if op == "append":
                target.append(fresh[0])
            elif op == "set" and len(target):
                target[i] = fresh[0]
            elif op == "edit" and len(target):  # a piece handed out and changed: the change sticks
                target[i].q += 7
                target[i].z += 1
                target[i].attrs["scenario"] = 3
            elif op == "iterate":
                for piece in target:
                    piece.r -= 1
            elif op == "slice":
                for piece in target[i:i + 5]:
                    piece.type = "rock-3"
            elif op == "extend":
                target.extend(fresh)
            elif op == "insert_end":
                target.insert(len(target), fresh[0])
            elif op == "delete" and len(target):
                del target[i]
                order_changed = True
            elif op == "insert":
                target.insert(i, fresh[0])
                order_changed = order_changed or i < len(target) - 1
            elif op == "sort":
                target.sort(key=lambda p: (p.q, p.r, p.z))
                order_changed = True
    for store in stores:
        assert store == expected and list(store) == expected
        assert reductions(store) == piece_by_piece(expected)
    # only a change to the order of the rows makes columns a list; handing pieces out does not
    assert stores[1].columnar == (not order_changed)


def test_a_map_holds_the_list_it_is_given_as_pieces():
    given = [Piece("grass-1", q, 0, 0) for q in range(3)]
    m = Map(pieces=given)
    assert type(m.pieces) is Pieces and m.pieces == given and Map().pieces == []
    given.append(Piece("rock-3", 5, 5, 0))  # held, not copied, as a map has always held it
    assert len(m.pieces) == 4 and m.piece_counts() == {"grass-1": 3, "rock-3": 1}
    assert Map(pieces=m.pieces).pieces is m.pieces
    tagged = Map(pieces=[*given, Piece("glyph", 9, 9, 0, attrs={"letter": "A", "scenario": 2})])
    for view in (tagged.terrain(), tagged.for_scenario(2)):
        assert type(view.pieces) is Pieces
    assert type(replace(m, pieces=Pieces(given[:1])).pieces) is Pieces


def test_columns_copy_pickle_and_compare_without_handing_pieces_out():
    pieces = [Piece("grass-1", q, q % 3, 0, q % 6) for q in range(300)] + [Piece("glyph", 1, 1, 1, 0, {"letter": "A"})]
    held = columns_of(copy.deepcopy(pieces))
    for other in (held.copy(), copy.copy(held), copy.deepcopy(held), pickle.loads(pickle.dumps(held))):
        assert other.columnar and other == held == pieces and other is not held
    listed = Pieces(list(pieces))
    copied = copy.copy(listed)
    copied.append(pieces[0])
    assert len(listed) == len(pieces) and copied[0] is listed[0]  # a copy of its own, as a list's
    assert Piece("grass-1", 4, 1, 0, 4) in held and held.index(pieces[7]) == 7 and held.count(pieces[0]) == 1
    assert len(held.objects()) == 1  # only the glyph, a piece the reader made
    assert held + [pieces[0]] == pieces + [pieces[0]] and [pieces[0]] + held == [pieces[0]] + pieces
    assert list(reversed(held)) == pieces[::-1] and held.columnar


def test_nothing_probes_what_holds_the_pieces_and_every_map_holds_a_pieces():
    # The reductions are Pieces' own methods: no caller asks whether the pieces have them. And
    # `replace` copies fields as they are given (it calls no __init__), so a map's pieces given
    # to it are a Pieces, never a bare list.
    root = Path(__file__).resolve().parent.parent / "mapkit"
    lines = [(f"{path.relative_to(root)}:{n}", line) for path in sorted(root.rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)]
    assert [at for at, line in lines if re.search(r"(getattr|hasattr|isinstance)\([^)]*\.pieces\b", line)] == []
    assert [at for at, line in lines if re.search(r"\breplace\(.*\bpieces=(?!Pieces\()", line)] == []
    assert [at for at, line in lines if re.search(r"\.pieces = (\[|list\()", line)] == []
