"""Every numbered EXAMPLE of the seeds that is about a position, built as a small map, its stated
outcome asserted. mapkit/data/rule_table.json lists them (and the two that are cards, not
positions); tests/test_rule_table.py checks that each listed test is here.

The seeds name figures without their cards' numbers where the example does not need them; where
a number is needed and not stated, the docstring says which stand-in value the map uses.
"""

from __future__ import annotations

import json

from mapkit.model.grid import DIRECTIONS
from mapkit.model.map import Piece, Placement
from mapkit.movement import graph as gr
from mapkit.movement.analysis import falls, prepare
from mapkit.movement.profile import Figure, fall_dice
from mapkit.movement.search import search, source_nodes, space_turns
from mapkit.movement.synthetic import column_map, line


def reach(cells, fig, start=(0, 0), blocked=(), friendly=(), extra=(), pair=None):
    """(turns, cost) per space, keyed (q, r, height) and, for the lowest space of a hex, (q, r);
    from the lowest space of `start` (a double-space figure: from every pair holding it, or from
    the pair with the lowest space of `pair` too)."""
    m = column_map(cells)
    m.pieces += list(extra)
    spaces = prepare(m)
    g = gr.build(spaces, fig)

    def low(q, r):
        return min(spaces.columns[(q, r)], key=lambda s: spaces.height[s])

    s0 = low(*start)
    if not g.members:
        nodes = source_nodes(g, [s0])
    else:
        both = {s0, low(*pair)} if pair else None
        nodes = [p for p, (a, b) in enumerate(g.members) if g.can_end[p] and ({a, b} == both if both else s0 in (a, b))]
    r = search(g, nodes, blocked=[low(*b) for b in blocked], friendly=[low(*f) for f in friendly])
    turns, cost = space_turns(r)
    by_turns, by_cost = {}, {}
    for s in sorted(range(len(spaces)), key=lambda s: -spaces.height[s]):
        for key in (spaces.key(s), (spaces.q[s], spaces.r[s])):
            by_turns[key], by_cost[key] = turns[s], cost[s]
    return by_turns, by_cost, spaces, r


# -- seeds/004: the Heroscape rulebook, moving figures ------------------------------------------

def test_004_example4_basic_movement():
    """seeds/004, EXAMPLE 4: Basic Movement: "Loviatäk the Kyrie Warrior has a Move Value of 5.
    You move her the full five spaces toward the opposing figures. Note: Loviatäk ... may move
    through Raelin the Kyrie Warrior because she is a friendly figure."

    A row of eight grass hexes; Raelin (double-space, friendly) on (2, 0)-(3, 0). Loviatäk from
    (0, 0) ends five spaces on at (5, 0) in her first turn, through Raelin, but never on her.
    """
    turns, cost, _, _ = reach(line([1] * 8), Figure(move=5), friendly=[(2, 0), (3, 0)])
    assert cost[(5, 0)] == 5 and turns[(5, 0)] == 1
    assert turns[(2, 0)] is None and turns[(3, 0)] is None
    turns, _, _, _ = reach(line([1] * 8), Figure(move=5), blocked=[(2, 0), (3, 0)])
    assert turns[(5, 0)] is None   # an opponent is not passed


def test_004_example5_moving_up():
    """seeds/004, EXAMPLE 5: Moving Up: "Count the side of each level as you move Dorim the
    Bulkhead Brawler to the top of the first ledge. Note: Dorim ... cannot move to the top ledge,
    because it would take 6 spaces of movement, and his Move Value is only 5."

    Dorim (Move 5, Height 4, EXAMPLE 6) on grass at height 1; the first ledge 2 levels up (2 sides
    + 1 = 3), the top ledge 2 more (6 in all): the top ledge waits for his second turn.
    """
    turns, cost, _, _ = reach(line([1, 3, 5]), Figure(move=5, height=4))
    assert cost[(1, 0)] == 3 and turns[(1, 0)] == 1
    assert cost[(2, 0)] == 6 and turns[(2, 0)] == 2
    turns, _, _, _ = reach(line([1, 3, 5]), Figure(move=6, height=4))
    assert turns[(2, 0)] == 1   # with Move 6 the same climb fits one turn


def test_004_example6_height_limit():
    """seeds/004, EXAMPLE 6: Height Limit for Moving Up: "Dorim the Bulkhead Brawler cannot move
    up to the space marked with X because it would take five moves to reach the top, and Dorim
    the Bulkhead Brawler's Height is 4."

    A rise of 4 levels (4 sides + 1 = 5 moves, within his Move 5) equals his Height 4: refused. A
    rise of 3 is allowed; a Height 5 figure takes the same rise of 4.
    """
    turns, _, _, _ = reach(line([1, 5]), Figure(move=5, height=4))
    assert turns[(1, 0)] is None
    turns, cost, _, _ = reach(line([1, 4]), Figure(move=5, height=4))
    assert turns[(1, 0)] == 1 and cost[(1, 0)] == 4
    turns, cost, _, _ = reach(line([1, 5]), Figure(move=5, height=5))
    assert turns[(1, 0)] == 1 and cost[(1, 0)] == 5


def test_004_example7_moving_down():
    """seeds/004, EXAMPLE 7: Moving Down: "To move Admiral EJ-1M down from this ledge, you don't
    need to count the sides of the levels." Steps down 1, 2 and 1 levels cost one space each."""
    turns, cost, _, _ = reach(line([5, 4, 2, 1, 1]), Figure(move=5, height=5))
    assert [cost[(q, 0)] for q in range(5)] == [0, 1, 2, 3, 4]
    assert all(turns[(q, 0)] == 1 for q in range(1, 5))


def test_004_example8_falling():
    """seeds/004, EXAMPLE 8: Falling: "When you move Dorim the Bulkhead Brawler down from this
    five-level cliff, you must roll one attack die for the fall, because the cliff is equal to or
    higher than his Height of 4." Falling "does not stop a figure's movement".

    A five-level drop (height 6 to 1) for Height 4: one die, and the move goes on. Onto water, no
    fall; ten and twenty levels beyond his Height, three dice and the d20.
    """
    spaces = prepare(column_map(line([6, 1, (1, "water")], r=0) | line([6], r=1)))
    found = {(tuple(f["from"]), tuple(f["to"])): f["dice"] for f in falls(spaces, 4)}
    assert found[((0, 0, 6), (1, 0, 1))] == "1"
    assert all(to[:2] != (2, 0) for (_, to) in found)   # onto water: no fall
    assert (fall_dice(5, 4), fall_dice(14, 4), fall_dice(24, 4)) == ("1", "3", "d20")
    turns, _, _, _ = reach(line([6, 1, 1]), Figure(move=5, height=4))
    assert turns[(2, 0)] == 1


def test_004_example9_moving_onto_water():
    """seeds/004, EXAMPLE 9: Moving onto Water: "When you move one of the Knaves of the Silver
    Scimitar onto a water space, she must stop there." The land beyond waits for her next turn."""
    turns, cost, _, _ = reach(line([1, 1, (1, "water"), 1, 1]), Figure(move=5))
    assert turns[(2, 0)] == 1 and cost[(2, 0)] == 2
    assert turns[(3, 0)] == 2


def test_004_example10_moving_out_of_water():
    """seeds/004, EXAMPLE 10: Moving out of Water: "When moving this Knave of the Silver Scimitar
    from the starting water space up onto the adjacent land space, you count two spaces because
    the water is one level lower than the land space. The Knave ... then moves three additional
    spaces for a total move of 5." (Her Height is not given; 5 stands in.)"""
    turns, cost, _, _ = reach(line([(1, "water"), 2, 2, 2, 2, 2]), Figure(move=5, height=5))
    assert cost[(1, 0)] == 2
    assert cost[(4, 0)] == 5 and turns[(4, 0)] == 1
    assert turns[(5, 0)] == 2


def test_004_example11_double_space_figure():
    """seeds/004, EXAMPLE 11: Moving a Double-Space Figure: "Raelin ... moves five spaces front
    side first, with her other side trailing along the same spaces as her front ... ends her move
    on the grass tile, on two same-level spaces ... After her fifth move, Raelin ... cannot move
    onto the ledge on either side of her even though she has a Move Value of 6, because it would
    leave her other side dangling perilously off the cliff!"

    Raelin (Move 6, not flying; Height 5 stands in) on (0, 0)-(1, 0) of a grass row; one-hex
    ledges one level up on either side of (6, 0). She ends on (5, 0)-(6, 0) in one move, but not
    half on a ledge; a ledge two hexes wide takes her whole base.
    """
    cells = line([1] * 8) | {(6, -1): (2, "grass"), (5, 1): (2, "grass")}
    fig = Figure(move=6, height=5, double=True)
    turns, _, spaces, r = reach(cells, fig, start=(1, 0))
    g = r.graph
    ends = {tuple(sorted((spaces.key(a), spaces.key(b)))) for p, (a, b) in enumerate(g.members)
            if r.turns_at(p) == 1}
    assert ((5, 0, 1), (6, 0, 1)) in ends
    assert turns[(6, -1)] is None and turns[(5, 1)] is None
    cells[(7, -1)] = (2, "grass")
    turns, _, _, _ = reach(cells, fig, start=(1, 0))
    assert turns[(6, -1)] == 1


def test_004_example12_flipping_is_free():
    """seeds/004, EXAMPLE 12: Flipping a Double-Space Figure: "Raelin the Kyrie Warrior flips to
    face the other direction." "The flip is free; it does not count as part of your move."

    Raelin on (1, 0)-(2, 0) with Move 1: she steps east leading with (2, 0), or flips and steps
    west leading with (1, 0); both cost the one space she has.
    """
    turns, cost, _, _ = reach(line([1] * 4), Figure(move=1, height=5, double=True), start=(1, 0), pair=(2, 0))
    assert turns[(3, 0)] == 1 and cost[(3, 0)] == 1
    assert turns[(0, 0)] == 1 and cost[(0, 0)] == 1


def test_004_example13_moving_under_an_overhang():
    """seeds/004, EXAMPLE 13: Moving Under an Overhang: "notice that the Knave of the Silver
    Scimitar on the left can move under this overhang, but the Frostclaw Paladin, on the right,
    cannot." "Figures that are small enough to do so may move under overhangs."

    A grass row with a rock slab at level 6 over (2, 0) (5 levels free under it). The seed gives
    no Heights: a Height 5 figure stands in for the Knave, a Height 6 one for the Paladin.
    """
    slab = [Piece("rock-1", 2, 0, 6)]
    turns, _, _, _ = reach(line([1] * 5), Figure(move=5, height=5), extra=slab)
    assert turns[(2, 0)] == 1 and turns[(4, 0)] == 1
    turns, _, _, _ = reach(line([1] * 5), Figure(move=5, height=6), extra=slab)
    assert turns[(2, 0)] is None and turns[(4, 0)] is None


def test_004_example14_moving_up_onto_a_low_overhang():
    """seeds/004, EXAMPLE 14: Moving Up onto a Low Overhang: "Knight Irene counts the nearby
    support tiles as she moves onto this overhang." "Figures can also move up onto low overhangs,
    as long as their Height and Move Value are enough to do so. To determine the levels of an
    overhang, count the nearby support tiles."

    Grass at height 1; a support column of three more tiles at (1, 0) (top at 4); an overhang
    tile at level 3 over (2, 0) (top at 4, 2 levels free under it). Irene (Move 5; Height 5 stands
    in) climbs from (3, 0) onto it: 3 levels, as the support tiles count, + 1 = 4.
    """
    cells = line([1, 4, 1, 1])
    turns, cost, spaces, _ = reach(cells, Figure(move=5, height=5), start=(3, 0), extra=[Piece("rock-1", 2, 0, 3)])
    assert turns[(2, 0, 4)] == 1 and cost[(2, 0, 4)] == 4
    assert turns[(2, 0, 1)] is None   # 2 levels free under it: too low for Height 5


def test_004_example15_tight_quarters():
    """seeds/004, EXAMPLE 15: Xenithrax Moves into Tight Quarters: "Xenithrax the Vineweaver can't
    move into this chasm because she is too big"; Tight quarters: "A figure cannot move through or
    onto a space that it cannot fit onto completely."

    A two-hex chasm (3, 0)-(4, 0) at height 1 between rock walls, roofed by slabs at level 5 (4
    levels free): the double-space Xenithrax (Height 7 stands in) cannot move in; a double-space
    figure of Height 4 can. mapkit judges fit by Height against the room above a space.
    """
    cells = line([1, 1, 1, 1, 1]) | line([6] * 5, r=-1) | line([6] * 5, r=1, q0=-1)
    roof = [Piece("rock-1", q, 0, 5) for q in (3, 4)]
    turns, _, _, _ = reach(cells, Figure(move=5, height=7, double=True), extra=roof)
    assert turns[(2, 0)] == 1
    assert turns[(4, 0)] is None and turns[(3, 0)] is None
    turns, _, _, _ = reach(cells, Figure(move=5, height=4, double=True), extra=roof)
    assert turns[(4, 0)] == 1


def test_004_example16_a_figure_blocks_a_space():
    """seeds/004, EXAMPLE 16: Some Figures Block Spaces: "No figure can occupy this space because
    Xenithrax the Vineweaver's tail is in the way."

    mapkit knows no sculpt: the space under the tail, (2, 0), is given to the search as a space a
    figure holds. No move ends on it; the spaces beyond are reached around it.
    """
    cells = line([1] * 5) | line([1] * 5, r=1)
    turns, _, _, _ = reach(cells, Figure(move=5), blocked=[(2, 0)])
    assert turns[(2, 0)] is None
    assert turns[(3, 0)] == 1 and turns[(4, 0)] == 1


# -- seeds/002: outer space -----------------------------------------------------------------------

def cosmos_mat(radius: int) -> dict:
    return {(q, r): (0, "cosmos") for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
            if abs(q + r) <= radius}


def test_002_example1_full_move_in_a_straight_line():
    """seeds/002, EXAMPLE 1: Use all movement in one direction: "Punisher has nothing but open
    space in front of him. If he moves onto a Cosmos space, he has to keep moving his full move of
    5 in a straight line before stopping." In his first turn he ends only 5 spaces off, in one of
    the six directions."""
    turns, cost, _, _ = reach(cosmos_mat(8), Figure(move=5))
    first_turn = {k for k, t in turns.items() if t == 1 and len(k) == 2}
    assert first_turn == {(5 * dq, 5 * dr) for dq, dr in DIRECTIONS}
    assert all(cost[k] == 5 for k in first_turn)


def test_002_example2_stopped_by_other_terrain_then_climbs():
    """seeds/002, EXAMPLE 2: Full movement stopped by other terrain: "Here Punisher moves 3 spaces
    in a straight line to the concrete tiles, then uses his last 2 movement spaces to climb onto
    the concrete."

    A row of concrete one level up at q = 4 across the mat; Punisher (Move 5, Height 5) at (0, 0).
    """
    cells = cosmos_mat(8)
    for r in range(-8, 9):
        if (4, r) in cells:
            cells[(4, r)] = (1, "concrete")
    turns, cost, _, _ = reach(cells, Figure(move=5, height=5))
    assert turns[(3, 0)] == 1 and cost[(3, 0)] == 3
    assert turns[(4, 0)] == 1 and cost[(4, 0)] == 5
    assert turns[(-1, 0)] != 1 and turns[(-2, 0)] != 1   # no stopping part-way along a line


def test_002_example3_stopped_by_an_opponent():
    """seeds/002, EXAMPLE 3: Full movement stopped by opponent's figure: "Red Skull is in
    Punisher's path. ... his straight line movement is stopped short of his full move of 5, since
    he cannot legally occupy the space Red Skull occupies. Punisher only used 3 of his 5 movement
    to move next to Red Skull, so he can still move 2 spaces in a straight line in any of these
    directions." Red Skull at (4, 0)."""
    cells = cosmos_mat(8)
    turns, cost, _, _ = reach(cells, Figure(move=5), blocked=[(4, 0)])
    assert turns[(3, 0)] == 1 and cost[(3, 0)] == 3
    assert turns[(3, -2)] == 1 and cost[(3, -2)] == 5   # two more in another straight line
    assert turns[(4, 0)] is None
    without, _, _, _ = reach(cells, Figure(move=5))
    assert without[(3, 0)] != 1 and without[(3, -2)] != 1


# -- seeds/001: the current C3G vehicle rules --------------------------------------------------------

LOW_CAR = {"format": "mapkit-book", "version": 1, "name": "Sports Car (low)", "kind": "vehicle",
           "footprint": {"polygon": [[-20, -14], [62, -14], [62, 14], [-20, 14]]}, "spaces": [[0, 0], [1, 0]],
           "vehicle": {"size": "Large", "height": 3, "occupancy": 2, "cover": "partial", "move": 6,
                       "driver_space": True, "entrance": "NE"}}


def street(tmp_path, occupants, car="sports-car", where=(1, 1), extra=()):
    """Grass rows r = 0..2, q = 0..7 at height 1 with the car (entrance NE) on `where` and its east
    neighbour; returns the map and its file."""
    from mapkit.formats import native

    m = column_map({(q, r): (1, "grass") for q in range(8) for r in range(3)})
    m.pieces += list(extra)
    m.objects.append(Placement(car, where[0], where[1], 1, 0, occupants=occupants))
    (tmp_path / "low-car.book.json").write_text(json.dumps(LOW_CAR))
    path = tmp_path / "street.mapkit.json"
    path.write_bytes(native.write(m))
    return m, str(path)


def test_001_example2_gambit_enters_the_sports_car(cli, tmp_path):
    """seeds/001, EXAMPLE 2: Entering a Vehicle Destructible Object: "Gambit finishes his move
    adjacent to the Vehicle Destructible Object. The Sports Car has an Occupancy number of 2.
    Jubilee, who is already occupying the Sports Car, is in Gambit's army. As a medium figure,
    Gambit can enter this vehicle."

    The sample Sports Car (Large, Occupancy 2, entrance NE) on (1, 1)-(2, 1), Jubilee inside.
    Gambit (Move 5) from (6, 2) ends his move on a space its entrance faces, (2, 0) or (3, 0),
    in his first turn; with him aboard the car breaks neither Occupancy (C301) nor size (C302).
    A third figure would (C301).
    """
    jubilee = {"name": "Jubilee", "size": "Medium", "player": 1}
    _, path = street(tmp_path, [jubilee])
    code, out, err = cli("analyze", path, "--mover", "vehicle", "--json")
    boarding = [tuple(s) for s in json.loads(out)["boarding"][0]["spaces"]]
    assert boarding == [(2, 0, 1), (3, 0, 1)]
    code, out, err = cli("analyze", path, "--start", "6,2,1", "--json")
    turns = {(s["q"], s["r"], s["height"]): s["turns"] for s in json.loads(out)["spaces"]}
    assert turns[(3, 0, 1)] == 1
    gambit = {"name": "Gambit", "size": "Medium", "player": 1}
    _, path = street(tmp_path, [jubilee, gambit])
    code, out, err = cli("validate", path, "--profile", "c3g", "--select", "C301,C302")
    assert code == 0 and out == "0 errors, 0 warnings in 1 map\n"
    _, path = street(tmp_path, [jubilee, gambit, {"name": "Wolverine", "size": "Medium", "player": 1}])
    code, out, err = cli("validate", path, "--profile", "c3g", "--select", "C301")
    assert "C301" in out and "Occupancy is 2" in out


def test_001_example3_both_exit_after_the_car_moves(tmp_path):
    """seeds/001, EXAMPLE 3: Exiting a Vehicle Destructible Object: "With Gambit and Jubilee
    occupying the Sports Car, the player controlling them uses Jubilee's turn to move the vehicle.
    After moving, the player then decides both figures will exit the Sports Car by placing each of
    them on empty spaces adjacent to the vehicle."

    The car (Move 6) on (0, 1)-(1, 1) drives east to (4, 1)-(5, 1) in one move (facing as before,
    its entrance NE); there two empty spaces lie in front of its entrance, (5, 0) and (6, 0): one
    for each of them.
    """
    from mapkit.movement import vehicles as vh
    from mapkit.movement.analysis_report import analyze_map

    occupants = [{"name": "Gambit", "size": "Medium", "player": 1}, {"name": "Jubilee", "size": "Medium", "player": 1}]
    from mapkit.api import read

    _, path = street(tmp_path, occupants, where=(0, 1))
    m = read(path)  # the map, carrying its Books
    data = analyze_map(m, Figure(), mover="vehicle").data
    turns = {(s["q"], s["r"]): s["turns"] for s in data["spaces"]}
    assert turns[(4, 1)] == 1 and turns[(5, 1)] == 1
    car = vh.choose(vh.vehicles(m), None, False)
    spaces = prepare(vh.without(m, car))
    after = vh.boarding_spaces(spaces, [(4, 1), (5, 1)], 1, car.height, vh.boarding_directions(car, "current"),
                               Figure(height=5))
    assert [spaces.key(s) for s in after] == [(5, 0, 1), (6, 0, 1)]


def test_001_example4_jubilee_cannot_be_placed_under_the_overhang(cli, tmp_path):
    """seeds/001, EXAMPLE 4: Figure placement after a Vehicle Destructible Object is destroyed: "In
    this case the Sports Car is under an over-hang ... each occupying figure is placed on one of
    the spaces that the vehicle occupied before being destroyed ... Jubilee has a height of 4 and
    there is only 3 levels underneath the overhang. Because Jubilee cannot legally be placed
    there, she is destroyed."

    A Sports Car low enough for the overhang (Height 3) on (1, 1)-(2, 1) under rock slabs at level
    4 (3 levels free above the grass). Jubilee (Height 4) could not be placed: C305, under either
    rule set. A Height 3 occupant could.
    """
    slab = [Piece("rock-1", q, 1, 4) for q in (1, 2)]
    _, path = street(tmp_path, [{"name": "Jubilee", "size": "Medium", "player": 1, "height": 4}],
                     car="low-car.book.json", extra=slab)
    for rules in ("current", "legacy"):
        code, out, err = cli("validate", path, "--profile", "c3g", "--select", "C305", "--vehicle-rules", rules)
        assert "C305" in out and "Jubilee (Height 4)" in out and "3 level(s) free" in out, rules
    _, path = street(tmp_path, [{"name": "Gambit", "size": "Medium", "player": 1, "height": 3}],
                     car="low-car.book.json", extra=slab)
    code, out, err = cli("validate", path, "--profile", "c3g", "--select", "C305")
    assert out == "0 errors, 0 warnings in 1 map\n"
