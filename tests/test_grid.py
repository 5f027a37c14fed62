from hypothesis import given, strategies as st

from mapkit.model import grid

coords = st.integers(-1000, 1000)


@given(coords, coords)
def test_offset_axial_round_trip(col, row):
    assert grid.axial_to_offset(*grid.offset_to_axial(col, row)) == (col, row)


def test_odd_rows_shift_east():
    # hsc-format §4.3 worked example: anchor (x=4, y=3) and (5, 4) are axial (3, 3) and (3, 4).
    assert grid.offset_to_axial(4, 3) == (3, 3)
    assert grid.offset_to_axial(5, 4) == (3, 4)
    assert grid.offset_to_axial(0, -1) == (1, -1)


def test_rotation_is_clockwise_and_cyclic():
    assert grid.rotate(1, 0, 1) == (0, 1)  # east turns to south-east
    assert grid.rotate(0, 1, 1) == (-1, 1)  # south-east turns to south-west
    for dq, dr in grid.DIRECTIONS:
        assert grid.rotate(dq, dr, 6) == (dq, dr)
    assert [grid.rotate(1, 0, k) for k in range(6)] == list(grid.DIRECTIONS)


@given(coords, coords, coords, coords)
def test_distance_symmetric_and_rotation_invariant(a, b, c, d):
    assert grid.distance((a, b), (c, d)) == grid.distance((c, d), (a, b))
    ra, rb = grid.rotate(a, b, 1), grid.rotate(c, d, 1)
    assert grid.distance((a, b), (c, d)) == grid.distance(ra, rb)


def test_pitch_and_round_trip_to_mm():
    x, y = grid.hex_center_mm(1, 0)
    assert abs(x - 44.45) < 1e-9 and y == 0
    x, y = grid.hex_center_mm(0, 1)
    assert abs((x * x + y * y) ** 0.5 - 44.45) < 1e-9
    for q in range(-3, 4):
        for r in range(-3, 4):
            assert grid.mm_to_hex(*grid.hex_center_mm(q, r)) == (q, r)
