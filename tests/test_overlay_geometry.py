"""The overlay against answers worked out by hand, and its properties (hypothesis)."""

from __future__ import annotations

import math

import pytest
import shapely
from hypothesis import HealthCheck, example, given, settings, strategies as st

from mapkit.books import book_from_json
from mapkit.books import classify, ground_overlay
from mapkit.geometry import OverlayParams, classify_area, rank
from mapkit.model.grid import HEX_PITCH_MM, rotate

APOTHEM = HEX_PITCH_MM / 2  # 22.225 mm
#: Largest disc in a cell cut through its centre by a straight wall (or a right-angled corner):
#: tangent to the cut and to two sides whose normals are 30° off the cut's normal:
#: ρ = a / (1 + sin 60°) = 11.91 mm, so the widest disc is 23.82 mm across.
HALF_CELL_DISC = 2 * APOTHEM / (1 + math.sin(math.radians(60)))


def rect(x0, y0, x1, y1):
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def book(polygon, kind="enclosed", **extra):
    return book_from_json({"name": "t", "kind": kind, "footprint": {"polygon": polygon}, **extra})


def test_marker_larger_than_the_hex_never_fits():
    classes = outside(rect(-400, -400, 400, 0), marker_diameter=50, base_diameter=60)
    assert classes[(0, 0)] == "partial" and classes[(0, -1)] == "covered"


def outside(polygon, inside=False, **params):
    import shapely

    return classify_area(shapely.Polygon(polygon), inside, OverlayParams(**params))


def test_hand_value_of_half_cell_disc():
    assert HALF_CELL_DISC == pytest.approx(23.82, abs=0.01)


@pytest.mark.parametrize("marker, expected", [(19.0, "half"), (23.7, "half"), (23.9, "partial"), (30.0, "partial")])
def test_wall_through_a_row_of_hex_centres(marker, expected):
    # The wall runs along y = 0 through the centres of row r = 0; the building lies north.
    classes = outside(rect(-400, -400, 400, 0), marker_diameter=marker)
    for q in range(-5, 6):
        assert classes[(q, 0)] == expected
    # Row r = -1 lies wholly under the building.
    assert {classes[(q, -1)] for q in range(-5, 6)} == {"covered"}
    # Row r = 1 is not touched (its top corner is 12.8 mm south of the wall).
    assert all((q, 1) not in classes for q in range(-20, 20))


@pytest.mark.parametrize("marker, expected", [(19.0, "half"), (23.7, "half"), (23.9, "partial")])
def test_corner_at_a_hex_centre(marker, expected):
    # A building fills the quadrant x <= 0, y <= 0; its corner sits on hex (0, 0)'s centre.
    # The widest disc touches the corner and the two sides meeting at the south-east vertex.
    classes = outside(rect(-400, -400, 0, 0), marker_diameter=marker)
    assert classes[(0, 0)] == expected
    assert classes[(-3, -2)] == "covered"


@pytest.mark.parametrize("gap, expected", [(34.0, "full"), (30.0, "half"), (15.0, "partial"), (0.0, "covered")])
def test_thin_strip_between_two_buildings(gap, expected):
    # Two buildings with a vertical strip of width `gap` centred on x = 0 (hex (0, 0) and (-1, 2)).
    left = book(rect(-300, -60, -gap / 2, 120))
    right = book(rect(gap / 2, -60, 300, 120))
    together = ground_overlay([(left, 0, 0, 0, 0), (right, 0, 0, 0, 0)])[0]
    assert together[(0, 0)] == expected
    assert together[(-1, 2)] == expected


def test_strip_hex_is_full_for_each_building_alone():
    left = book(rect(-300, -60, -15, 120))
    alone = classify(left).exterior
    assert alone[(0, 0)] == "full"
    both = ground_overlay([(left, 0, 0, 0, 0), (book(rect(15, -60, 300, 120)), 0, 0, 0, 0)])[0]
    assert both[(0, 0)] == "half"


def test_cap_region_is_stricter_than_cell():
    # 40 mm strip: a base fits in the cell's open part and in the cap's (37.4 mm wide).
    poly = rect(-300, -60, -12, 120)  # open part of hex (0, 0): x > -12 (34.2 mm of cell)
    assert outside(poly)[(0, 0)] == "full"
    assert outside(poly, hex_region="cap")[(0, 0)] == "half"  # cap: x in (-12, 18.7): 30.7 mm


def test_interior_floor_classes():
    sky = book(rect(-35, -28, 150, 80), kind="interior-access", wall_thickness=3,
               floors=[{"height": 0}, {"height": 8}])
    overlay = classify(sky)
    assert [f.offset for f in overlay.floors] == [0, 8]
    floor = overlay.floors[0].classes
    assert floor[(1, 0)] == "full"
    # Interior south edge at y = 77, 0.02 mm below row 2's centres: cut through the centre.
    assert floor[(0, 2)] == "half"
    # Row -1 keeps only a sliver north of the hexes' south corners.
    assert floor[(1, -1)] == "partial"
    assert set(floor) == set(overlay.exterior)


# -- properties ------------------------------------------------------------------------------

coord = st.floats(-120, 120, allow_nan=False).map(lambda v: round(v, 2))
size = st.floats(8, 160, allow_nan=False).map(lambda v: round(v, 2))
rects = st.tuples(coord, coord, size, size).map(lambda t: rect(t[0], t[1], t[0] + t[2], t[1] + t[3]))
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(rects, st.booleans(), st.floats(5, 22), st.floats(0.5, 10))  # the marker stays below the 33 mm base
def test_class_never_improves_when_marker_grows(poly, inside, marker, more):
    small = outside(poly, inside, marker_diameter=marker)
    big = outside(poly, inside, marker_diameter=marker + more)
    assert small.keys() == big.keys()
    assert all(rank(big[h]) >= rank(small[h]) for h in small)


@SETTINGS
@given(rects, st.booleans(), st.sampled_from(["cell", "cap"]), st.floats(20, 40), st.floats(0.5, 10))
def test_class_never_improves_when_base_grows(poly, inside, region, base, more):
    small = outside(poly, inside, hex_region=region, base_diameter=base, marker_diameter=15)
    big = outside(poly, inside, hex_region=region, base_diameter=base + more, marker_diameter=15)
    assert all(rank(big[h]) >= rank(small[h]) for h in small)


def _turn(points, k):
    t = math.radians(60 * k)
    c, s = math.cos(t), math.sin(t)
    return [[x * c - y * s, x * s + y * c] for x, y in points]


@SETTINGS
@given(rects, st.integers(1, 5), st.floats(0, 12))
# A wall thicker than half the footprint leaves no floor: GEOS shrank the turned square to a speck.
@example(rect(0, 0, 8, 8), 1, 4.015625)
def test_turn_moves_classes_without_changing_them(poly, k, wall):
    floors = {"kind": "interior-access", "wall_thickness": round(wall, 2), "floors": [{"height": 0}]}
    base = classify(book(poly, **floors))
    turned = classify(book(_turn(poly, k), **floors))
    for before, after in ((base.exterior, turned.exterior), (base.floors[0].classes, turned.floors[0].classes)):
        assert {rotate(q, r, k): c for (q, r), c in before.items()} == after


@SETTINGS
@given(rects, st.floats(0.5, 20))
def test_shrinking_footprint_never_worsens_a_hex_outside_it(poly, inset):
    import shapely

    big = shapely.Polygon(poly)
    small = shapely.buffer(big, -inset, join_style="mitre")
    if small.is_empty:
        return
    before = classify_area(big, False, OverlayParams())
    after = classify_area(small, False, OverlayParams())
    for h, cls in after.items():
        assert rank(cls) <= rank(before[h])


@pytest.mark.parametrize("k", range(6))
def test_room_narrower_than_a_base_holds_none_however_turned(k):
    """A 32.9 mm square room: a 33 mm base never fits, a 19 mm marker does, at every turn.

    GEOS shrinks a square turned off the axes by a little more than half its side into a speck,
    not into nothing, so turned by 60, 120, 240 or 300 degrees the room used to hold the base.
    """
    room = shapely.Polygon(_turn(rect(-16.45, -16.45, 16.45, 16.45), k))
    assert outside(room, inside=True)[(0, 0)] == "half"


@pytest.mark.parametrize("k", range(6))
def test_walls_thicker_than_half_the_floor_leave_nothing_however_turned(k):
    floor = book(_turn(rect(-4, -4, 4, 4), k), kind="interior-access", wall_thickness=4.02, floors=[{"height": 0}])
    assert floor.interior_polygon(floor.floors[0]).is_empty
    assert set(classify(floor).floors[0].classes.values()) == {"covered"}


def test_turn_of_a_real_building_keeps_every_floor():
    sky = book(rect(-35, -28, 150, 80), kind="interior-access", floors=[{"height": 0}])
    plain = classify(sky)
    turned = classify(book(_turn(rect(-35, -28, 150, 80), 2), kind="interior-access", floors=[{"height": 0}]))
    assert {rotate(q, r, 2): c for (q, r), c in plain.floors[0].classes.items()} == turned.floors[0].classes


@pytest.mark.parametrize("marker, base", [(33.0, 33.0), (40.0, 33.0), (19.0, 10.0)])
def test_marker_not_smaller_than_base_is_refused(marker, base):
    # Such a pair used to classify every hex where the base fits but the marker does not as Partial.
    with pytest.raises(ValueError, match="smaller than the base"):
        OverlayParams(base_diameter=base, marker_diameter=marker)


def test_touched_hexes_of_far_apart_parts_does_not_sweep_the_gap(monkeypatch):
    # Two buildings far apart on a map: the hexes between them used to be built and tested one by one
    # (a box of rows x columns), which took seconds to minutes and gigabytes.
    import shapely

    from mapkit.geometry import hexes as hexes_module
    from mapkit.geometry.hexes import touched_hexes

    built = []
    real = hexes_module.hexagons
    monkeypatch.setattr(hexes_module, "hexagons", lambda qs, rs, *a: built.append(len(qs)) or real(qs, rs, *a))
    far = 44.45 * 20_000
    area = shapely.union_all([shapely.box(0, 0, 100, 100), shapely.box(0, far, 100, far + 100)])
    qs, rs = touched_hexes(area)
    near = set(zip(*(a.tolist() for a in touched_hexes(shapely.box(0, 0, 100, 100)))))
    assert len(qs) == 2 * len(near) < 40 and near <= set(zip(qs.tolist(), rs.tolist()))
    assert sum(built) < 200  # hexes built and tested in all, not the 20 000 rows between the parts
