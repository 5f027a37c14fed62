"""Building spaces (seeds/000): stairways, transit pairs, Half hexes, doorways, windows, elevators,
and overhang clearance, on spaces built directly (the C3G overlay supplies them on real maps)."""

from __future__ import annotations

from mapkit.model.map import Map, Piece
from mapkit.movement.analysis import analyze, prepare
from mapkit.movement.buildings import BuildingLayer, BuildingSpace
from mapkit.movement.profile import Figure
from mapkit.movement.synthetic import column_map, line


def tower(stairs: bool = True, window: bool = False) -> BuildingLayer:
    """A two-floor building over row r = 1, q = 0..3: doorway at (0, 1), stairway at (3, 1)."""
    number = 2 if stairs else None
    ground = [BuildingSpace(0, 1, 1, 0, 0, "window" if window else "doorway", clearance=6),
              BuildingSpace(1, 1, 1, 0, 0, "floor", clearance=6),
              BuildingSpace(2, 1, 1, 0, 0, "floor", clearance=6),
              BuildingSpace(3, 1, 1, 0, 0, "stair-up", transit_number=number, clearance=6)]
    upper = [BuildingSpace(3, 1, 7, 0, 1, "stair-down", transit_number=number, clearance=6),
             BuildingSpace(2, 1, 7, 0, 1, "floor", clearance=6),
             BuildingSpace(1, 1, 7, 0, 1, "floor", clearance=6)]
    exterior = {(q, 1): "covered" for q in range(4)}
    return BuildingLayer(ground + upper, exterior)


def tower_map() -> Map:
    return column_map(line([1] * 7) | line([1] * 4, r=1))





def at(spaces, res, q, r, h):
    s = spaces.find(q, r, h)
    assert s is not None, (q, r, h)
    return res.start_turns[s], res.start_cost[s]


def test_stairway_joins_floors_at_its_transit_number():
    spaces = prepare(tower_map(), tower())
    res = analyze(spaces, Figure(move=5, height=5), (0, 0, 1))
    assert at(spaces, res, 3, 1, 1) == (1, 4)            # doorway, two floor spaces, the stairway
    # 4 + 2 > Move 5: stop one short, then step on and be placed in turn 2 with 2 left to walk
    assert at(spaces, res, 3, 1, 7) == (2, 6)
    assert at(spaces, res, 1, 1, 7) == (2, 8)
    assert res.closed_floors() == []
    spaces = prepare(tower_map(), tower(stairs=False))
    res = analyze(spaces, Figure(move=5, height=5), (0, 0, 1))
    assert at(spaces, res, 1, 1, 7) == (None, None)
    assert res.closed_floors() == [{"building": 1, "floor": 2, "spaces": 3}]


def test_stairway_up_without_its_down_leads_nowhere():
    layer = tower()
    layer.spaces.pop(4)  # the stairway down
    spaces = prepare(tower_map(), layer)
    dead = analyze(spaces, Figure()).transit_dead_ends()
    assert len(dead) == 1 and "stair-up" in dead[0]["why"]


def test_window_closed_until_broken_and_height_limit_of_the_ceiling():
    spaces = prepare(tower_map(), tower(window=True))
    res = analyze(spaces, Figure(move=5, height=5), (0, 0, 1))
    assert at(spaces, res, 1, 1, 1)[0] is None
    res = analyze(spaces, Figure(move=5, height=5), (0, 0, 1), broken_windows=True)
    assert at(spaces, res, 1, 1, 1)[0] == 1
    spaces = prepare(tower_map(), tower())
    res = analyze(spaces, Figure(move=5, height=7), (0, 0, 1))  # 6 levels under the ceiling
    assert at(spaces, res, 1, 1, 1)[0] is None


def test_double_space_figures_stay_out_of_interiors_and_stairways():
    spaces = prepare(tower_map(), tower())
    res = analyze(spaces, Figure(move=5, height=5, double=True), (0, 0, 1))
    assert at(spaces, res, 1, 1, 1)[0] is None
    assert at(spaces, res, 2, 0, 1)[0] == 1


def test_elevator_shaft_only_for_the_elevator_car():
    layer = tower()
    layer.spaces[2] = BuildingSpace(2, 1, 1, 0, 0, "elevator", clearance=6)
    spaces = prepare(tower_map(), layer)
    res = analyze(spaces, Figure(move=5, height=5), (0, 0, 1))
    assert at(spaces, res, 2, 1, 1)[0] is None
    car = analyze(spaces, Figure(move=5, height=5, elevator_car=True), (2, 1, 1))
    assert car.start_turns[spaces.find(2, 1, 1)] == 0
    assert at(spaces, car, 1, 1, 1)[0] is None  # the car keeps to its shaft
    layer.spaces[5] = BuildingSpace(2, 1, 7, 0, 1, "elevator", clearance=6)
    spaces = prepare(tower_map(), layer)
    car = analyze(spaces, Figure(move=1, height=5, elevator_car=True), (2, 1, 1))
    assert at(spaces, car, 2, 1, 7) == (1, 1)   # one floor up its shaft
    walker = analyze(spaces, Figure(move=5, height=5), (0, 0, 1))
    assert at(spaces, walker, 2, 1, 7)[0] is None


def corridor(n: int = 7) -> Map:
    return column_map(line([1] * n))


def test_transit_pair_joins_exits_at_its_number():
    # Number 1: 2 + 1 + 1 in turn 1. Numbers 4 and 7 do not fit after 2 spaces: the figure ends its
    # move on the exit, is placed on the far one instead of moving in turn 2, and walks on in turn 3.
    for number, expected in ((1, (1, 4)), (4, (3, 7)), (7, (3, 10))):
        layer = BuildingLayer([BuildingSpace(2, 0, 1, 0, -1, "exit", transit_number=number),
                               BuildingSpace(4, 0, 1, 0, -1, "exit", transit_number=number)],
                              {(3, 0): "covered"})
        spaces = prepare(corridor(), layer)
        res = analyze(spaces, Figure(move=5, height=5), (0, 0, 1))
        assert at(spaces, res, 5, 0, 1) == expected, number
    spaces = prepare(corridor(), BuildingLayer([], {(3, 0): "covered"}))
    res = analyze(spaces, Figure(move=5, height=5), (0, 0, 1))
    assert at(spaces, res, 5, 0, 1) == (None, None)


def test_transit_exceeding_height_limit_is_closed():
    layer = BuildingLayer([BuildingSpace(2, 0, 1, 0, -1, "exit", transit_number=1, max_height=7),
                           BuildingSpace(4, 0, 1, 0, -1, "exit", transit_number=1, max_height=7)],
                          {(3, 0): "covered"})
    spaces = prepare(corridor(), layer)
    res = analyze(spaces, Figure(move=5, height=8), (0, 0, 1))
    assert at(spaces, res, 5, 0, 1)[0] is None
    assert at(spaces, res, 2, 0, 1)[0] == 1   # the exit space itself is ordinary ground


def test_lone_transit_space_leads_nowhere():
    layer = BuildingLayer([BuildingSpace(2, 0, 1, 0, -1, "exit", transit_number=3)], {})
    spaces = prepare(corridor(), layer)
    dead = analyze(spaces, Figure()).transit_dead_ends()
    assert dead and dead[0]["transit_number"] == 3


def test_half_hex_crossed_but_not_ended_on():
    spaces = prepare(corridor(5), BuildingLayer([], {(2, 0): "half"}))
    res = analyze(spaces, Figure(move=5, height=5), (0, 0, 1))
    s = spaces.find(2, 0, 1)
    assert res.start_turns[s] is None and res.start_passed[s] == 1
    assert at(spaces, res, 3, 0, 1) == (1, 3)
    # Move 2 would have to stop on the Half hex: the far side takes a turn more than its cost says.
    res = analyze(spaces, Figure(move=2, height=5), (0, 0, 1))
    assert at(spaces, res, 3, 0, 1)[0] == 2
    res2 = analyze(spaces, Figure(move=3, height=5), (0, 0, 1))
    assert at(spaces, res2, 3, 0, 1)[0] == 1


def test_partial_hex_closed():
    spaces = prepare(corridor(5), BuildingLayer([], {(2, 0): "partial"}))
    res = analyze(spaces, Figure(move=5, height=5), (0, 0, 1))
    assert at(spaces, res, 3, 0, 1)[0] is None


def overhang_map(gap: int) -> Map:
    """A corridor whose middle hex has a tile `gap` levels above its ground (an overhang)."""
    m = corridor(3)
    m.pieces.append(Piece("rock-1", 1, 0, 1 + gap))
    return m


def test_overhang_clearance():
    # Seeds/001 Example 4: Height 4 does not fit under 3 levels; Height 3 does (gap >= Height).
    spaces = prepare(overhang_map(3))
    assert spaces.clearance[spaces.at(1, 0, 1)] == 3
    assert at(spaces, analyze(spaces, Figure(move=5, height=4), (0, 0, 1)), 2, 0, 1)[0] is None
    assert at(spaces, analyze(spaces, Figure(move=5, height=3), (0, 0, 1)), 2, 0, 1)[0] == 1
    # The overhang's own top is a space: a Height 6 figure may climb onto it from a 2-level step.
    m = overhang_map(3)
    m.pieces += [Piece("rock-1", 2, 0, z) for z in (1, 2, 3)]
    spaces = prepare(m)
    res = analyze(spaces, Figure(move=5, height=6), (2, 0, 4))
    assert at(spaces, res, 1, 0, 5) == (1, 2)   # Example 14: up onto a low overhang


def test_fluid_tiles_add_no_height_and_glyphs_sit_on_spaces():
    m = column_map(line([2, (2, "water")]), glyphs={(0, 0): "A"}, zones={(1, 0): 1})
    spaces = prepare(m)
    assert [spaces.height[s] for s in range(len(spaces))] == [2, 2]
    assert spaces.glyph[spaces.at(0, 0)] == "A" and spaces.zone[spaces.at(1, 0)] == 1
