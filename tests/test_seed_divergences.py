"""The eight places where mapkit once answered differently from the seed documents (issue 13).

Each test builds a map small enough to work out by hand, quotes the seed sentence it checks
(file and heading), and asserts the answer that sentence gives.
"""

from __future__ import annotations

import json

from mapkit.books.model import book_from_dict
from mapkit.books.placed import placed_books
from mapkit.model.map import PlacedSource, Placement
from mapkit.movement import buildings as bld
from mapkit.movement.analysis import analyze, prepare, report
from mapkit.movement.buildings import BuildingLayer, BuildingSpace
from mapkit.movement.profile import Figure
from mapkit.movement.synthetic import column_map, line


def turns_cost(spaces, res, q, r, h):
    s = spaces.find(q, r, h)
    assert s is not None, (q, r, h)
    return res.start_turns[s], res.start_cost[s]


# -- 1. transit spaces: "instead of moving" -------------------------------------------------------

def exits(number: int, first: int, second: int, covered=()) -> BuildingLayer:
    """Two exit spaces of one enclosed structure on a corridor at height 1."""
    return BuildingLayer([BuildingSpace(first, 0, 1, 0, -1, "exit", transit_number=number),
                          BuildingSpace(second, 0, 1, 0, -1, "exit", transit_number=number)],
                         {(q, 0): "covered" for q in covered})


def test_placement_instead_of_moving_takes_the_whole_turn():
    """seeds/000 (C3G Building Rules), Transit Spaces: "when a single-spaced figure moves onto an
    unoccupied space with a Transit Number, you may either: immediately place that figure onto
    any corresponding unoccupied Transit Space at a movement cost equal to the printed Transit
    Number, or immediately end your movement. When that figure would next move, you may place
    that figure onto any corresponding unoccupied Transit Space instead of moving."

    A corridor q = 0..6 at height 1; a structure covers (3, 0); its exits (2, 0) and (4, 0) carry
    Transit Number 4. A Move 5 figure from (0, 0) cannot afford 2 + 4 in turn 1. In turn 2 it is
    placed on (4, 0), either instead of moving (it ended turn 1 on (2, 0)) or by stepping from
    (1, 0) onto (2, 0) and paying 1 + 4 = 5: both leave no movement. (5, 0) comes in turn 3.
    (mapkit once placed it at the start of turn 2 for 4 and let it walk on to (5, 0) in turn 2.)
    """
    spaces = prepare(column_map(line([1] * 7)), exits(4, 2, 4, covered=[3]))
    res = analyze(spaces, Figure(move=5, height=5), (0, 0, 1))
    assert turns_cost(spaces, res, 2, 0, 1) == (1, 2)
    assert res.start_turns[spaces.find(4, 0, 1)] == 2
    assert res.start_turns[spaces.find(5, 0, 1)] == 3
    assert res.start_turns[spaces.find(6, 0, 1)] == 3


def test_a_walker_moving_onto_a_transit_space_is_placed_or_stops():
    """seeds/000, Transit Spaces: moving onto a space with a Transit Number, "you may either:
    immediately place that figure ... or immediately end your movement." There is no third
    choice: a walker does not walk on across it.

    An open corridor q = 0..8 at height 1 with exits (2, 0) and (6, 0), Transit Number 3. A Move 5
    figure from (0, 0) reaches (6, 0) in turn 1 (2 + 3 = 5) but not (3, 0) or (4, 0): it would
    have to walk across (2, 0). They come in turn 2. A figure standing on (2, 0) at the start
    has not moved onto it and walks off normally. (mapkit once walked across: (4, 0) for 4.)
    """
    spaces = prepare(column_map(line([1] * 9)), exits(3, 2, 6))
    res = analyze(spaces, Figure(move=5, height=5), (0, 0, 1))
    assert turns_cost(spaces, res, 6, 0, 1) == (1, 5)
    assert res.start_turns[spaces.find(3, 0, 1)] == 2
    assert res.start_turns[spaces.find(4, 0, 1)] == 2
    res = analyze(spaces, Figure(move=5, height=5), (2, 0, 1))
    assert turns_cost(spaces, res, 4, 0, 1) == (1, 2)
    # A flyer passes over the exit (seeds/004: flying passes over the battlefield).
    res = analyze(spaces, Figure(move=5, height=5, flying=True), (0, 0, 1))
    assert turns_cost(spaces, res, 4, 0, 1) == (1, 4)


def test_a_walk_onto_a_transit_space_counts_its_own_spaces():
    """seeds/000, Transit Spaces: "when a single-spaced figure moves onto an unoccupied space
    with a Transit Number, you may either: immediately place that figure onto any corresponding
    unoccupied Transit Space at a movement cost equal to the printed Transit Number, or
    immediately end your movement."

    The corridor of the test above (exits (2, 0) and (6, 0), Transit Number 3). From (3, 0) a
    Move 5 figure walks (4, 0), (5, 0), (6, 0): 3 spaces, turn 1. Stepping back onto (2, 0) and
    being placed costs 1 + 3 = 4 and also lands in turn 1, with movement left to walk on to (7, 0)
    for 5. From (2, 0) the walk to (6, 0) is 4 spaces (1 back onto (2, 0) + 3 also comes to 5).
    (mapkit once said 4 and 5 spaces: the label that keeps movement left won the count.)
    """
    spaces = prepare(column_map(line([1] * 9)), exits(3, 2, 6))
    res = analyze(spaces, Figure(move=5, height=5), (3, 0, 1))
    assert turns_cost(spaces, res, 6, 0, 1) == (1, 3)
    assert turns_cost(spaces, res, 7, 0, 1) == (1, 5)
    res = analyze(spaces, Figure(move=5, height=5), (2, 0, 1))
    assert turns_cost(spaces, res, 6, 0, 1) == (1, 4)
    assert turns_cost(spaces, res, 7, 0, 1) == (2, 5)


# -- 2. flying across Partial hexes -----------------------------------------------------------

def test_flyer_does_not_count_a_partial_hex():
    """seeds/000 (C3G Building Rules), Counting Partial and Half Hex Spaces for Special Powers:
    "When counting spaces for special powers, such as flying ... Partial Hexes should never be
    counted, and Half Hexes should always be counted as one space each."

    A row of six grass hexes at height 1; a building leaves hex (2, 0) Partial. A Move 3 flyer
    from (0, 0) counts (1, 0) as 1, skips (2, 0), counts (3, 0) as 2 and (4, 0) as 3: all in its
    first turn. (mapkit once counted the Partial hex: (4, 0) cost 4, a second turn.)
    """
    spaces = prepare(column_map(line([1] * 6)), BuildingLayer([], {(2, 0): "partial"}))
    res = analyze(spaces, Figure(move=3, height=5, flying=True), (0, 0, 1))
    assert turns_cost(spaces, res, 1, 0, 1) == (1, 1)
    assert spaces.find(2, 0, 1) is None                      # no figure enters a Partial hex
    assert turns_cost(spaces, res, 3, 0, 1) == (1, 2)
    assert turns_cost(spaces, res, 4, 0, 1) == (1, 3)
    assert turns_cost(spaces, res, 5, 0, 1) == (2, 4)


def test_flyer_counts_a_half_hex_as_one_space():
    """seeds/000, Counting Partial and Half Hex Spaces for Special Powers: "Half Hexes should
    always be counted as one space each." The same row with (2, 0) Half: it costs 1."""
    spaces = prepare(column_map(line([1] * 6)), BuildingLayer([], {(2, 0): "half"}))
    res = analyze(spaces, Figure(move=3, height=5, flying=True), (0, 0, 1))
    assert turns_cost(spaces, res, 2, 0, 1) == (None, None)  # not a place to end a move
    assert turns_cost(spaces, res, 3, 0, 1) == (1, 3)
    assert turns_cost(spaces, res, 4, 0, 1) == (2, 4)


# -- 3. destructible objects on maps with no building -----------------------------------------

def test_a_vehicle_on_a_map_with_no_building_fills_its_spaces():
    """seeds/001 (C3G Vehicle rules), Drafting Vehicles: "A DO included in a player's army is
    considered like any other figure"; seeds/004 (Heroscape movement), Passing and landing on
    other figures: "You can't ... end your move on a space with any other figure."

    Five grass hexes in a row, no building; the sample Sports Car (two hexes, Height 4) parked on
    (1, 0) and (2, 0). No move ends on the ground under it; a Height 5 figure may climb onto its
    roof (4 sides + 1 = 5). (mapkit once ignored the car: (1, 0) was reached for 1.)
    """
    m = column_map(line([1] * 5))
    m.objects.append(Placement("sports-car", 1, 0, 1, 0))
    spaces = prepare(m)
    assert spaces.find(1, 0, 1) is None and spaces.find(2, 0, 1) is None
    res = analyze(spaces, Figure(move=5, height=5), (0, 0, 1))
    assert turns_cost(spaces, res, 1, 0, 5) == (1, 5)
    assert turns_cost(spaces, res, 3, 0, 1) == (2, 7)        # over the roof and down (a drop of 4)


# -- 4. flyers never fall ---------------------------------------------------------------------

def test_flyers_list_no_falls(cli, tmp_path):
    """seeds/004 (Heroscape movement), Falling: "Figures that can Fly never fall."

    A 6-level column beside two grass hexes: a Height 4 walker falls stepping off it (a drop of
    5, one die); a Height 4 flyer lists no falls. (mapkit once listed the same fall for both.)
    """
    from mapkit.formats import native

    m = column_map(line([6, 1, 1]))
    path = tmp_path / "cliff.mapkit.json"
    path.write_bytes(native.write(m))
    code, out, err = cli("analyze", str(path), "--height", "4", "--json")
    assert code == 0, err
    assert [(f["from"], f["to"], f["dice"]) for f in json.loads(out)["falls"]] == [([0, 0, 6], [1, 0, 1], "1")]
    code, out, err = cli("analyze", str(path), "--height", "4", "--flying", "--json")
    assert code == 0, err
    assert json.loads(out)["falls"] == []
    assert report(analyze(prepare(m), Figure(height=4, flying=True)))["falls"] == []


# -- 7. the Book's single_spaced ---------------------------------------------------------------

def hall(single_spaced: bool) -> BuildingLayer:
    """One floor over row r = 1, q = 0..3 (doorway at (0, 1)), the ground under it covered."""
    floor = [BuildingSpace(q, 1, 1, 0, 0, "doorway" if q == 0 else "floor", clearance=6, max_height=7,
                           single_spaced=single_spaced) for q in range(4)]
    return BuildingLayer(floor, {(q, 1): "covered" for q in range(4)})


def test_book_that_admits_double_space_figures_lets_them_in():
    """seeds/000 (C3G Building Rules), Entering and Occupying Interior Access Structures: "The
    Book of each Interior Access Structure specifies what size and height of figure can enter
    and occupy that structure."

    Ground row r = 0 (q = 0..6) and a one-floor hall over r = 1 (q = 0..3), doorway at (0, 1).
    A double-space Move 5 figure on (5, 0)-(6, 0) leads west: (4, 0), (3, 0), (2, 0), (1, 0),
    then the doorway (0, 1), its back half on (1, 0): 5 spaces, turn 1 ends there. In turn 2 it
    walks on to (0, 1)-(1, 1), inside. A Book that says single-spaced only keeps it out; mapkit
    once kept it out whatever the Book said.
    """
    m = column_map(line([1] * 7) | line([1] * 4, r=1))
    for single, expect in ((True, None), (False, 2)):
        spaces = prepare(m, hall(single))
        res = analyze(spaces, Figure(move=5, height=5, double=True), (6, 0, 1))
        inside = [s for s in range(len(spaces)) if spaces.building[s] == 0 and spaces.role[s] == "floor"]
        best = min((res.start_turns[s] for s in inside if res.start_turns[s] is not None), default=None)
        assert best == expect, single


def test_single_spaced_is_read_from_the_book():
    """seeds/000, Entering and Occupying Interior Access Structures: "The Book of each Interior
    Access Structure specifies what size and height of figure can enter". The field reaches the
    movement graph from a Book file; a Book that leaves it out gets the usual rule ("Most
    Interior Access Structures permit single-spaced figures with a Height of 7 or less"),
    named in a note."""
    doc = {"format": "mapkit-book", "version": 1, "name": "hall", "kind": "interior-access",
           "footprint": {"polygon": [[-35, -28], [150, -28], [150, 80], [-35, 80]]},
           "entry": {"single_spaced": False, "max_height": 7},
           "floors": [{"height": 0, "doorways": [[3, 0]]}]}
    m = column_map({(q, r): (1, "grass") for q in range(-6, 8) for r in range(-4, 5)})
    m.buildings.append(Placement("hall", 0, 0, 1, 0))

    def layer(d):
        m.books["hall"] = PlacedSource(book_from_dict(d))
        return bld.from_placed(placed_books(m))

    floors = [b for b in layer(doc).spaces if b.floor == 0]
    assert floors and not any(b.single_spaced for b in floors)
    res = analyze(prepare(m, layer(doc)), Figure(move=5, height=5, double=True), (-6, 0, 1))
    assert res.closed_floors() == []
    doc.pop("entry")
    lay = layer(doc)
    assert all(b.single_spaced and b.max_height == 7 for b in lay.spaces if b.floor == 0)
    assert any("entry limit" in n for n in lay.notes)
    res = analyze(prepare(m, lay), Figure(move=5, height=5, double=True), (-6, 0, 1))
    assert res.closed_floors() == [{"building": 1, "floor": 1, "spaces": len(floors)}]


# -- 5. vehicle entrances ----------------------------------------------------------------------

def write_map(m, tmp_path, books=()):
    """The map as a .mapkit.json in tmp_path, with the given Book documents beside it."""
    from mapkit.formats import native

    for name, doc in books:
        (tmp_path / name).write_text(json.dumps(doc))
    path = tmp_path / "map.mapkit.json"
    path.write_bytes(native.write(m))
    return str(path)


def car_in_a_street(occupants):
    """Grass rows r = 0 and r = 1 (q = 0..4); the sample Sports Car (entrance NE) on (1, 0)-(2, 0)."""
    m = column_map(line([1] * 5) | line([1] * 5, r=1))
    m.objects.append(Placement("sports-car", 1, 0, 1, 0, occupants=occupants))
    return m


def test_entrance_facing_no_space_is_reported(cli, tmp_path):
    """seeds/001 (C3G Vehicle rules), Entering Vehicles: "Some VDOs may have specific
    entrances/exits marked on the figure itself and the figure's Army Card. In this case the VDO
    can only be entered or exited from empty spaces within one space of that VDO and in the
    direction that the entrance/exit is directly facing."

    The car's entrance faces NE, towards (2, -1) and (3, -1): the map has no hex there, so its two
    occupants cannot exit where it stands (C304). Under the legacy rules (seeds/003, Exiting
    Vehicles: "on an empty space and adjacent to the vehicle") the eight grass hexes around it
    serve. (mapkit once drew the entrance's arrow and said nothing.)
    """
    m = car_in_a_street([{"name": "Gambit", "size": "Medium", "player": 1},
                         {"name": "Jubilee", "size": "Medium", "player": 1}])
    path = write_map(m, tmp_path)
    code, out, err = cli("validate", path, "--profile", "c3g", "--select", "C304")
    assert "C304" in out and "cannot exit" in out and "(NE)" in out
    code, out, err = cli("validate", path, "--profile", "c3g", "--select", "C304", "--vehicle-rules", "legacy")
    assert "C304" not in out
    code, out, err = cli("analyze", path, "--mover", "vehicle", "--json")
    assert code == 0, err
    assert json.loads(out)["boarding"] == [{"at": [[1, 0, 1], [2, 0, 1]], "floor": None, "turns": 0, "spaces": [], "places": []}]
    code, out, err = cli("analyze", path, "--mover", "vehicle", "--vehicle-rules", "legacy", "--json")
    around = json.loads(out)["boarding"][0]["spaces"]
    assert sorted(map(tuple, around)) == [(0, 0, 1), (0, 1, 1), (1, 1, 1), (2, 1, 1), (3, 0, 1)]


def test_entrance_facing_a_space_lets_figures_in(cli, tmp_path):
    """seeds/001, Entering Vehicles (as above). Turned three times (180 degrees) the car's
    entrance faces SW, towards (0, 1) and (-1, 1) from its hexes (1, 0) and (0, 0): (0, 1) is
    grass, so figures enter and exit there, and nothing is reported."""
    m = column_map(line([1] * 5) | line([1] * 5, r=1))
    m.objects.append(Placement("sports-car", 1, 0, 1, 3, occupants=[{"name": "Gambit", "size": "Medium"}]))
    path = write_map(m, tmp_path)
    code, out, err = cli("validate", path, "--profile", "c3g", "--select", "C304")
    assert "C304" not in out
    code, out, err = cli("analyze", path, "--mover", "vehicle", "--json")
    data = json.loads(out)
    assert data["mover"]["entrance"] == "SW"
    assert data["boarding"][0]["spaces"] == [[0, 1, 1]]


# -- 6. shared vehicles: current vs legacy -----------------------------------------------------

def test_figures_of_two_players_share_a_vehicle_under_the_current_rules(cli, tmp_path):
    """seeds/001 (C3G Vehicle rules), Occupying Vehicles: "If a figure you control is the only
    figure occupying a VDO or if a figure you control is occupying the designated Driver space in
    a VDO, you now control that VDO" (so figures of several players may share one); seeds/003
    (legacy), Entering Vehicles: "There are no figures controlled by other players occupying the
    vehicle currently."

    One car, Gambit (player 1) and Jubilee (player 2) inside: C303 under the legacy rules only.
    (mapkit once reported C303 under every profile, with no way to choose the rule set.)
    """
    m = car_in_a_street([{"name": "Gambit", "size": "Medium", "player": 1},
                         {"name": "Jubilee", "size": "Medium", "player": 2}])
    path = write_map(m, tmp_path)
    code, out, err = cli("validate", path, "--profile", "c3g")
    assert "C303" not in out
    for option in (["--vehicle-rules", "legacy"], ["--set", "vehicle_rules=legacy"]):
        code, out, err = cli("validate", path, "--profile", "c3g", *option)
        assert "C303" in out and code == 1, option
    code, out, err = cli("rules", "--profile", "c3g", "--vehicle-rules", "current")
    assert "C303" not in out and "C306" in out
    code, out, err = cli("rules", "--profile", "c3g", "--vehicle-rules", "legacy")
    assert "C303" in out and "C306" not in out


# -- 8. elevators --------------------------------------------------------------------------------

def shaft_tower(floors: int = 3) -> dict:
    """An interior-access tower about four hexes by three, an Elevator Shaft at local (2, 1) on
    every floor, storeys 8 levels apart."""
    return {"format": "mapkit-book", "version": 1, "name": "shaft tower", "kind": "interior-access",
            "footprint": {"polygon": [[-35, -28], [150, -28], [150, 80], [-35, 80]]},
            "entry": {"single_spaced": True, "max_height": 7},
            "floors": [{"height": 0 if k == 0 else 8, "doorways": [[3, 0]] if k == 0 else [],
                        "elevator_shafts": [[2, 1]]} for k in range(floors)]}


def test_the_elevator_car_rides_its_shaft_from_a_command(cli, tmp_path):
    """seeds/000 (C3G Building Rules), Elevators: "Only Elevator Car Vehicle Destructible Objects
    can enter or occupy Elevator Shaft Spaces ... Each Elevator Shaft should start with an empty
    Elevator Car occupying its Elevator Shaft spaces on the bottom floor"; for its movement the
    seed points to "the Book of Elevator Car" (not found: one floor per space of movement, an
    assumption the movement graph documents).

    A three-floor tower on grass at level 1 (floors at heights 1, 9 and 17), its shaft at map hex
    (2, 1), the sample Elevator Car (Move 1) at the bottom (floor 1): floor 2 in 1 turn, floor 3 in 2.
    (mapkit's graph could move the car, but no command asked it to.)
    """
    m = column_map({(q, r): (1, "grass") for q in range(-3, 7) for r in range(-3, 5)})
    m.buildings.append(Placement("tower.book.json", 0, 0, 1, 0))
    m.objects.append(Placement("elevator-car", 2, 1, 1, 0))
    path = write_map(m, tmp_path, [("tower.book.json", shaft_tower())])
    code, out, err = cli("analyze", path, "--mover", "elevator-car", "--json")
    assert code == 0, err
    data = json.loads(out)
    shaft = {tuple(s[k] for k in ("q", "r", "height")): s["turns"] for s in data["spaces"] if s.get("role") == "elevator"}
    assert shaft == {(2, 1, 1): 0, (2, 1, 9): 1, (2, 1, 17): 2}
    assert [stop["turns"] for stop in data["boarding"]] == [0, 1, 2]
    assert all(stop["spaces"] for stop in data["boarding"])   # each floor has a space to board from
    code, out, err = cli("analyze", path, "--mover", "elevator-car")
    # columns from q + r // 2 = -5 (A), rows from -3 (1): (2, 1) is H5, (1, 1) G5
    assert "figures enter and exit at floor 3 H5 (2, 1) on Level 17 (after 2 turns) from: G5 (1, 1) on Level 17" in out
