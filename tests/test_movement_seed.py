"""The seed's own movement examples (seeds/004 Examples 4-11, seeds/002 Examples 1-3), each a small map."""

from __future__ import annotations

from mapkit.model.grid import DIRECTIONS
from mapkit.movement import graph as gr
from mapkit.movement.analysis import analyze, falls, prepare
from mapkit.movement.profile import Figure, fall_dice
from mapkit.movement.search import search, source_nodes, space_turns
from mapkit.movement.synthetic import column_map, line


def reach(cells, fig, start=(0, 0), blocked=(), friendly=()):
    """(turns, cost) per (q, r) of the top space, from the top space of `start`."""
    spaces = prepare(column_map(cells))
    g = gr.build(spaces, fig)
    s0 = spaces.at(*start)
    nodes = source_nodes(g, [s0]) if not g.members else [
        p for p, (a, b) in enumerate(g.members) if s0 in (a, b) and g.can_end[p]]
    r = search(g, nodes, blocked=[spaces.at(*b) for b in blocked], friendly=[spaces.at(*f) for f in friendly])
    turns, cost = space_turns(r)
    return ({(spaces.q[s], spaces.r[s]): turns[s] for s in range(len(spaces))},
            {(spaces.q[s], spaces.r[s]): cost[s] for s in range(len(spaces))}, spaces, r)


def test_example4_basic_movement_counts_one_per_space():
    turns, cost, _, _ = reach(line([1] * 8), Figure(move=5))
    assert [cost[(q, 0)] for q in range(6)] == [0, 1, 2, 3, 4, 5]
    assert [turns[(q, 0)] for q in range(8)] == [0, 1, 1, 1, 1, 1, 2, 2]


def test_example4_friendly_figure_passed_through_but_not_ended_on():
    turns, _, _, _ = reach(line([1] * 4), Figure(move=5), friendly=[(1, 0)])
    assert turns[(1, 0)] is None and turns[(2, 0)] == 1
    turns, _, _, _ = reach(line([1] * 4), Figure(move=5), blocked=[(1, 0)])
    assert turns[(2, 0)] is None  # an opponent may not be passed


def test_example5_the_top_ledge_costs_6_and_is_out_of_reach_with_move_5():
    # Dorim (Height 4) on the ground; the first ledge 2 levels up, the top ledge 2 more.
    cells = line([1, 3, 5])
    turns, cost, _, _ = reach(cells, Figure(move=5, height=4))
    assert cost[(1, 0)] == 3 and turns[(1, 0)] == 1   # side, side, space
    assert cost[(2, 0)] == 6 and turns[(2, 0)] == 2   # cannot be reached this turn
    turns, _, _, _ = reach(cells, Figure(move=6, height=4))
    assert turns[(2, 0)] == 1


def test_example5_a_single_rise_costing_more_than_move_is_never_taken():
    turns, _, _, _ = reach(line([1, 5]), Figure(move=4, height=6))
    assert turns[(1, 0)] is None  # 4 sides + 1 space = 5 > Move 4, in any number of turns
    turns, _, _, _ = reach(line([1, 5]), Figure(move=5, height=6))
    assert turns[(1, 0)] == 1


def test_example6_height_limit_rise_equal_to_height_is_forbidden():
    # Dorim, Height 4, Move 5: four levels up would take five moves, but the rise equals his Height.
    turns, _, _, _ = reach(line([1, 5]), Figure(move=5, height=4))
    assert turns[(1, 0)] is None
    turns, cost, _, _ = reach(line([1, 4]), Figure(move=5, height=4))
    assert turns[(1, 0)] == 1 and cost[(1, 0)] == 4
    turns, cost, _, _ = reach(line([1, 5]), Figure(move=5, height=5))
    assert turns[(1, 0)] == 1 and cost[(1, 0)] == 5


def test_example7_moving_down_does_not_count_sides():
    turns, cost, _, _ = reach(line([5, 4, 2, 1, 1]), Figure(move=5, height=5))
    assert [cost[(q, 0)] for q in range(5)] == [0, 1, 2, 3, 4]
    assert all(turns[(q, 0)] == 1 for q in range(1, 5))


def test_example8_falling_dice():
    assert fall_dice(5, 4) == "1"          # Dorim, Height 4, off a five-level cliff
    assert fall_dice(3, 4) is None
    assert fall_dice(4, 4) == "1"          # equal to the Height falls
    assert fall_dice(14, 4) == "3" and fall_dice(13, 4) == "1"
    assert fall_dice(24, 4) == "d20" and fall_dice(23, 4) == "3"
    assert fall_dice(30, 4, onto_water=True) is None
    spaces = prepare(column_map(line([6, 1, (1, "water")], r=0) | line([6], r=1)))
    found = {(tuple(f["from"]), tuple(f["to"])): f["dice"] for f in falls(spaces, 4)}
    assert found[((0, 0, 6), (1, 0, 1))] == "1"
    assert not any(to == (1, 0, 1) and d != "1" for (_, to), d in found.items())
    assert all(to[:2] != (2, 0) for (_, to) in found)  # onto water: no fall
    # Falls do not stop a move; a route policy of "none" refuses them.
    turns, _, _, _ = reach(line([6, 1, 1]), Figure(move=5, height=4))
    assert turns[(2, 0)] == 1
    turns, _, _, _ = reach(line([6, 1, 1]), Figure(move=5, height=4, falls="none"))
    assert turns[(1, 0)] is None


def test_example9_water_stops_the_move():
    cells = line([1, 1, (1, "water"), 1, 1])
    turns, cost, _, _ = reach(cells, Figure(move=5))
    assert turns[(2, 0)] == 1 and cost[(2, 0)] == 2
    assert turns[(3, 0)] == 2  # the move ended in the water
    cells = line([1, (1, "water"), (1, "water"), 1])
    turns, _, _, _ = reach(cells, Figure(move=5))
    assert turns[(1, 0)] == 1 and turns[(2, 0)] == 2  # even from another water space


def test_example10_climbing_out_of_water_counts_the_side():
    # The Knave starts in water one level lower than the land: 2 to climb out, then 3 more.
    cells = line([(1, "water"), 2, 2, 2, 2, 2])
    turns, cost, _, _ = reach(cells, Figure(move=5, height=5))
    assert cost[(1, 0)] == 2
    assert cost[(4, 0)] == 5 and turns[(4, 0)] == 1
    assert turns[(5, 0)] == 2


def test_double_space_crosses_one_water_space_but_stops_on_two():
    one = line([1, 1, (1, "water"), 1, 1, 1])
    turns, _, _, _ = reach(one, Figure(move=5, double=True))
    assert turns[(3, 0)] == 1 and turns[(4, 0)] == 1  # ends beyond the single water space
    two = line([1, 1, (1, "water"), (1, "water"), 1, 1])
    turns, _, _, _ = reach(two, Figure(move=5, double=True))
    assert turns[(2, 0)] == 1 and turns[(3, 0)] == 1    # stops with both halves in the water
    assert turns[(4, 0)] == 2 and turns[(5, 0)] == 2


def test_example11_double_space_ends_on_two_spaces_of_one_level():
    # A row on the ground; the last hex is one level up: she may climb it mid-move, not end half on it.
    cells = line([1, 1, 1, 1, 2])
    fig = Figure(move=6, height=5, double=True)
    turns, _, spaces, r = reach(cells, fig)
    assert turns[(4, 0)] is None
    g = r.graph
    ends = {tuple(sorted((spaces.q[a], spaces.q[b]))) for p, (a, b) in enumerate(g.members) if r.turns_at(p) is not None}
    assert (3, 4) not in ends and (2, 3) in ends
    # With a second high hex the pair on the ledge is a legal end.
    turns, _, _, _ = reach(line([1, 1, 1, 2, 2]), fig)
    assert turns[(4, 0)] == 1


def cosmos_mat(radius: int, extra: dict | None = None) -> dict:
    cells = {}
    for q in range(-radius, radius + 1):
        for r in range(-radius, radius + 1):
            if abs(q + r) <= radius:
                cells[(q, r)] = (0, "cosmos")
    cells.update(extra or {})
    return cells


def test_cosmos_example1_full_move_in_a_straight_line():
    turns, cost, _, _ = reach(cosmos_mat(8), Figure(move=5))
    first_turn = {k for k, t in turns.items() if t == 1}
    assert first_turn == {(5 * dq, 5 * dr) for dq, dr in DIRECTIONS}
    assert all(cost[k] == 5 for k in first_turn)
    assert turns[(2, 0)] != 1 and turns[(1, 1)] != 1


def test_cosmos_example2_stopped_by_other_terrain_then_climbs():
    # A row of concrete one level up at q = 4 across the mat; Punisher starts at (0, 0).
    cells = cosmos_mat(8)
    for r in range(-8, 9):
        if (4, r) in cells:
            cells[(4, r)] = (1, "concrete")
    turns, cost, _, _ = reach(cells, Figure(move=5, height=5))
    assert turns[(3, 0)] == 1 and cost[(3, 0)] == 3   # three spaces, stopped next to the concrete
    assert turns[(4, 0)] == 1 and cost[(4, 0)] == 5   # then two to climb onto it
    assert turns[(-1, 0)] != 1 and turns[(-2, 0)] != 1  # no stopping part-way along a line
    without, _, _, _ = reach(cosmos_mat(8), Figure(move=5, height=5))
    assert without[(3, 0)] != 1  # it was the concrete that stopped him


def test_cosmos_example3_stopped_by_an_opponent():
    cells = cosmos_mat(8)
    turns, cost, _, _ = reach(cells, Figure(move=5), blocked=[(4, 0)])  # Red Skull
    assert turns[(3, 0)] == 1 and cost[(3, 0)] == 3
    # two more spaces in a straight line in another direction
    assert turns[(3, -2)] == 1 and cost[(3, -2)] == 5
    assert turns[(4, 0)] is None
    without, _, _, _ = reach(cells, Figure(move=5))
    assert without[(3, 0)] != 1 and without[(3, -2)] != 1


def test_flying_ignores_climbing_water_and_falls():
    cells = line([1, 9, (1, "water"), 1, 1, 1, 1])
    turns, cost, _, _ = reach(cells, Figure(move=5, height=4, flying=True))
    assert cost[(1, 0)] == 1 and cost[(5, 0)] == 5 and turns[(5, 0)] == 1


def test_obstacles_are_impassable_and_flown_over():
    cells = line([1, 1, (1, "tree"), 1]) | line([9, 9, 9, 9], r=1) | line([9, 9, 9, 9], r=-1, q0=1)
    turns, _, spaces, _ = reach(cells, Figure(move=5, height=5))
    assert spaces.at(2, 0) is None
    assert turns[(3, 0)] is None
    turns, cost, _, _ = reach(cells, Figure(move=5, height=5, flying=True))
    assert turns[(3, 0)] == 1 and cost[(3, 0)] == 3


def test_glyphs_stop_walkers_but_not_flyers_passing_over():
    spaces = prepare(column_map(line([1] * 7), glyphs={(2, 0): "A"}))
    walk = analyze(spaces, Figure(move=5), (0, 0, 1))
    fly = analyze(spaces, Figure(move=5, flying=True), (0, 0, 1))
    far = spaces.at(4, 0)
    assert walk.start_turns[spaces.at(2, 0)] == 1 and walk.start_turns[far] == 2
    assert fly.start_turns[far] == 1
