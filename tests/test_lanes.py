"""Columns as lanes of one big int (`mapkit.model.lanes`): every answer is the row-by-row one."""

from __future__ import annotations

from array import array

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mapkit.model import lanes
from mapkit.model.lanes import BIAS, KIND_BIAS, Keep, KindPlanes

pytestmark = pytest.mark.skipif(not lanes.LITTLE, reason="lanes are for little-endian machines")

values = st.integers(-BIAS, BIAS - 1)
near_edges = st.sampled_from([-BIAS, -BIAS + 1, -1, 0, 1, 255, 256, BIAS - 256, BIAS - 1])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(values, near_edges), min_size=1, max_size=600), st.sampled_from("iq"), st.data())
def test_extremes_of_a_column_over_any_rows_it_keeps(column, typecode, data):
    held = lanes.lanes_of(array(typecode, column))
    assert held is not None
    n = len(column)
    assert lanes.greatest(held, n) - BIAS == max(column)
    assert lanes.least(held, n) - BIAS == min(column)
    kept = data.draw(st.lists(st.booleans(), min_size=n, max_size=n).filter(any))
    keep = Keep(bytes(0xFF if k else 0 for k in kept))
    chosen = [v for v, k in zip(column, kept) if k]
    assert lanes.greatest(held, n, keep) - BIAS == max(chosen)
    assert lanes.least(held, n, keep) - BIAS == min(chosen)


@given(st.lists(values, max_size=50), st.one_of(st.integers(BIAS, 2**40), st.integers(-2**40, -BIAS - 1)),
       st.sampled_from("iq"))
def test_a_value_lanes_cannot_hold_sends_the_caller_its_own_way(column, outside, typecode):
    if typecode == "i" and not -2**31 <= outside < 2**31:
        outside = BIAS if outside > 0 else -BIAS - 1
    assert lanes.lanes_of(array(typecode, column + [outside])) is None
    assert lanes.lanes_of(array("h", [1, 2])) is None  # items of another size
    assert lanes.lanes_of(array("Q", [1, 2])) is None  # unsigned


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 700), values), min_size=1, max_size=400), st.data())
def test_sums_with_a_per_kind_table_are_the_row_by_row_sums(rows, data):
    kinds = sorted({k for k, _ in rows})[:256]
    rows = [(k, v) for k, v in rows if k in kinds]
    kind = array("H", [k for k, _ in rows])
    column = [v for _, v in rows]
    table = data.draw(st.lists(st.integers(-KIND_BIAS, KIND_BIAS - 1), min_size=701, max_size=701))
    planes = KindPlanes(kind, kinds)
    per_row = planes.per_kind(table)
    assert per_row is not None
    held = lanes.lanes_of(array("q", column))
    assert held is not None
    sums = held + lanes.of_planes(per_row)
    truth = [v + table[k] for k, v in rows]
    n = len(rows)
    assert lanes.greatest(sums, n) - BIAS - KIND_BIAS == max(truth)
    assert lanes.least(sums, n) - BIAS - KIND_BIAS == min(truth)
    wanted = set(data.draw(st.lists(st.sampled_from(kinds), max_size=5)))
    mask = planes.mask(wanted)
    assert mask == lanes.kind_mask(kind, wanted) == bytes(0xFF if k in wanted else 0 for k, _ in rows)
    assert lanes.rows_in(mask) == [i for i, (k, _) in enumerate(rows) if k in wanted]
    bad = list(table)
    bad[kinds[0]] = KIND_BIAS
    assert planes.per_kind(bad) is None


def test_a_kind_column_of_more_than_256_kinds_is_for_the_row_by_row_way():
    with pytest.raises(ValueError):
        KindPlanes(array("H", range(300)), range(300))
    assert lanes.rows_in(lanes.kind_mask(array("H", range(300)), [5, 299])) == [5, 299]


def test_select_takes_each_row_from_one_side():
    mask = bytes([0xFF, 0, 0xFF])
    assert lanes.select(mask, [b"abc"], [b"xyz"]) == [b"xbz"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(-2**31, 2**31 - 1), st.integers(-2**31, 2**31 - 1)), max_size=300),
       st.booleans())
def test_the_hsc_readers_q_column_is_x_less_half_r_row_by_row(pairs, near):
    from mapkit.formats.hsc._fast import axial_q

    if near:  # inside [-2**30, 2**30), where lanes take it
        pairs = [(x >> 2, r >> 2) for x, r in pairs]
    x, r = array("i", [p[0] for p in pairs]), array("i", [p[1] for p in pairs])
    assert list(axial_q(x, r)) == [a - (b >> 1) for a, b in pairs]
