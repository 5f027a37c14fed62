"""The building adapter wired to the C3G Books and overlay (runs once `mapkit.books` is present)."""

from __future__ import annotations

import pytest

books = pytest.importorskip("mapkit.books")

from mapkit.books.model import book_from_dict
from mapkit.books.placed import placed_books
from mapkit.model.map import PlacedSource, Placement
from mapkit.movement import buildings as bld
from mapkit.movement.analysis import analyze, prepare
from mapkit.movement.profile import Figure
from mapkit.movement.synthetic import column_map


def tower_book(up: int = 2, down: int = 2) -> dict:
    """A two-floor interior-access box about four hexes by three, a doorway on its east side."""
    return {"format": "mapkit-book", "version": 1, "name": "test tower", "kind": "interior-access",
            "footprint": {"polygon": [[-35, -28], [150, -28], [150, 80], [-35, 80]]},
            "entry": {"single_spaced": True, "max_height": 7},
            "floors": [{"height": 0, "doorways": [[3, 0]], "stairways_up": [{"q": 1, "r": 0, "number": up}]},
                       {"height": 8, "stairways_down": [{"q": 2, "r": 0, "number": down}]}]}


def hut_book(exit_numbers=(3, 3)) -> dict:
    """An enclosed structure with two exits outside its walls."""
    exits = [{"q": -1, "r": 2, "number": exit_numbers[0]}, {"q": 1, "r": 2, "number": exit_numbers[1]}]
    return {"format": "mapkit-book", "version": 1, "name": "test hut", "kind": "enclosed", "transit_number": 3,
            "footprint": {"polygon": [[-30, -30], [60, -30], [60, 50], [-30, 50]]},
            "entry": {"single_spaced": True, "max_height": 7}, "exits": exits}


def ground(radius: int = 9):
    cells = {(q, r): (1, "grass") for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
             if abs(q + r) <= radius}
    return column_map(cells)


def layer_for(m, name, doc):
    m.books[name] = PlacedSource(book_from_dict(doc))  # the Book the map carries, given in code
    return bld.from_placed(placed_books(m))


def test_interior_floors_joined_by_matching_stairways():
    m = ground()
    m.buildings.append(Placement("tower", 0, 0, 1, 0))
    spaces = prepare(m, layer_for(m, "tower", tower_book()))
    upper = [s for s in range(len(spaces)) if spaces.floor[s] == 1]
    assert upper and all(spaces.height[s] == 9 for s in upper)
    res = analyze(spaces, Figure(move=5, height=5), (-8, 0, 1))
    assert any(res.start_turns[s] is not None for s in upper)
    assert res.closed_floors() == []
    spaces = prepare(m, layer_for(m, "tower", tower_book(up=2, down=3)))
    res = analyze(spaces, Figure(move=5, height=5), (-8, 0, 1))
    assert [f["floor"] for f in res.closed_floors()] == [2]   # the upper floor: floors count from 1
    assert len(res.transit_dead_ends()) == 2
    # Too tall for the Book's entry limit: the ground floor cannot be entered either.
    res = analyze(prepare(m, layer_for(m, "tower", tower_book())), Figure(move=5, height=8), (-8, 0, 1))
    assert [f["floor"] for f in res.closed_floors()] == [1, 2]


def test_enclosed_structure_exits_are_a_transit_pair():
    m = ground()
    m.buildings.append(Placement("hut", 0, 0, 1, 0))
    spaces = prepare(m, layer_for(m, "hut", hut_book()))
    exits = [s for s in range(len(spaces)) if spaces.role[s] == "exit"]
    assert len(exits) == 2 and all(spaces.transit_number[s] == 3 for s in exits)
    covered = [s for s in range(len(spaces)) if spaces.clearance[s] == 0]
    assert covered  # the footprint closes the ground under it
    assert analyze(spaces, Figure()).transit_dead_ends() == []
    spaces = prepare(m, layer_for(m, "hut", hut_book((3, 4))))
    assert len(analyze(spaces, Figure()).transit_dead_ends()) == 2


def test_missing_book_is_a_note_not_a_crash(tmp_path):
    m = ground(3)
    m.buildings.append(Placement("no-such.book.json", 0, 0, 1, 0))
    spaces = prepare(m)  # a map made in code, its Book looked for in the working folder
    assert any("ignored" in n and "no-such.book.json" in n for n in spaces.notes), spaces.notes


def test_vehicle_is_climbed_onto_like_terrain():
    car = {"format": "mapkit-book", "version": 1, "name": "test car", "kind": "vehicle",
           "footprint": {"polygon": [[-20, -14], [62, -14], [62, 14], [-20, 14]]}, "spaces": [[0, 0], [1, 0]],
           "vehicle": {"size": "Large", "height": 4, "occupancy": 2, "cover": "partial", "move": 6, "life": 4,
                       "defense": 3}}
    m = ground(4)
    m.objects.append(Placement("car", 1, 0, 1, 0))
    spaces = prepare(m, layer_for(m, "car", car))
    assert spaces.at(1, 0, 1) is None and spaces.at(2, 0, 1) is None   # the car stands there
    res = analyze(spaces, Figure(move=5, height=5), (0, 0, 1))
    top = spaces.at(1, 0, 5)
    assert spaces.role[top] == "object-top" and res.start_turns[top] == 1 and res.start_cost[top] == 5
    res = analyze(spaces, Figure(move=5, height=4), (0, 0, 1))
    assert res.start_turns[top] is None   # a rise of 4 is too much for Height 4
