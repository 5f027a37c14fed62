"""Movement rules on small maps beyond the seeds' numbered examples (those are tests/test_worked_examples.py)."""

from __future__ import annotations

from mapkit.movement import graph as gr
from mapkit.movement.analysis import analyze, prepare
from mapkit.movement.profile import Figure
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


def test_a_single_rise_costing_more_than_move_is_never_taken():
    turns, _, _, _ = reach(line([1, 5]), Figure(move=4, height=6))
    assert turns[(1, 0)] is None  # 4 sides + 1 space = 5 > Move 4, in any number of turns
    turns, _, _, _ = reach(line([1, 5]), Figure(move=5, height=6))
    assert turns[(1, 0)] == 1


def test_double_space_crosses_one_water_space_but_stops_on_two():
    one = line([1, 1, (1, "water"), 1, 1, 1])
    turns, _, _, _ = reach(one, Figure(move=5, double=True))
    assert turns[(3, 0)] == 1 and turns[(4, 0)] == 1  # ends beyond the single water space
    two = line([1, 1, (1, "water"), (1, "water"), 1, 1])
    turns, _, _, _ = reach(two, Figure(move=5, double=True))
    assert turns[(2, 0)] == 1 and turns[(3, 0)] == 1    # stops with both halves in the water
    assert turns[(4, 0)] == 2 and turns[(5, 0)] == 2


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
