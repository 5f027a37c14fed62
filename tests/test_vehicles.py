"""Vehicles: driven by `analyze --mover`, boarded and checked under either C3G rule set (C304-C306)."""

from __future__ import annotations

import json

import pytest

from mapkit import read
from mapkit.model.map import Piece, Placement
from mapkit.movement.synthetic import column_map, line
from mapkit.rules.checks import check_map
from mapkit.rules.profiles import defaults, parse_setting

CAR = {"format": "mapkit-book", "version": 1, "name": "low car", "kind": "vehicle",
       "footprint": {"polygon": [[-20, -14], [62, -14], [62, 14], [-20, 14]]}, "spaces": [[0, 0], [1, 0]],
       "vehicle": {"size": "Large", "height": 2, "occupancy": 3, "cover": "partial", "move": 6,
                   "driver_space": True}}


def write(m, tmp_path, books=()):
    from mapkit.formats import native

    for name, doc in books:
        (tmp_path / name).write_text(json.dumps(doc))
    path = tmp_path / "map.mapkit.json"
    path.write_bytes(native.write(m))
    return str(path)


def codes(m, path, code, **options):
    opts = defaults()
    opts.update(options)
    return [f for f in check_map(read(path), path, "c3g", select=[code], options=opts)]  # m, with its Books


def overhang_street(occupants):
    """Grass q = 0..4 at height 1; a rock slab at level 4 over (1, 0) and (2, 0) (3 levels free
    under it); the two-hex, Height 2 car parked under it."""
    m = column_map(line([1] * 5))
    m.pieces += [Piece("rock-1", q, 0, 4) for q in (1, 2)]
    m.objects.append(Placement("car.book.json", 1, 0, 1, 0, occupants=occupants))
    return m


def test_occupant_too_tall_for_the_spaces_under_the_vehicle(tmp_path):
    m = overhang_street([{"name": "Jubilee", "size": "Medium", "height": 4},
                         {"name": "Gambit", "size": "Medium", "height": 3}, {"name": "no height given"}])
    path = write(m, tmp_path, [("car.book.json", CAR)])
    for rules in ("current", "legacy"):
        found = codes(m, path, "C305", vehicle_rules=rules)
        assert [f.message for f in found] == [
            "low car (object 1): Jubilee (Height 4) could not be placed on the spaces it stands on "
            "(3 level(s) free above them): if it is destroyed, so is this occupant"], rules
        assert (found[0].q, found[0].r, found[0].level) == (1, 0, 1)


def test_drivers_under_the_current_rules_only(tmp_path):
    m = column_map(line([1] * 5) | line([1] * 5, r=1))
    m.objects.append(Placement("car.book.json", 1, 0, 1, 0, occupants=[
        {"name": "Gambit", "driver": True}, {"name": "Jubilee", "driver": True}]))
    path = write(m, tmp_path, [("car.book.json", CAR)])
    found = codes(m, path, "C306")
    assert len(found) == 1 and "2 occupants are marked as its driver (Gambit, Jubilee)" in found[0].message
    assert codes(m, path, "C306", vehicle_rules="legacy") == []
    no_seat = dict(CAR, vehicle=dict(CAR["vehicle"], driver_space=False))
    path = write(m, tmp_path, [("car.book.json", no_seat)])
    assert "has no Driver space" in codes(m, path, "C306")[0].message


def test_vehicle_rules_setting_is_a_choice():
    assert parse_setting("vehicle_rules=legacy") == ("vehicle_rules", "legacy")
    with pytest.raises(ValueError, match="not one of current, legacy"):
        parse_setting("vehicle_rules=old")
    assert defaults()["vehicle_rules"] == "current"


def test_analyze_drives_a_vehicle_with_its_card(cli, tmp_path):
    # An open field; the car (Move 6, two hexes) moves as a double-space figure of Height 2.
    m = column_map({(q, r): (1, "grass") for q in range(0, 12) for r in range(0, 3)})
    m.objects.append(Placement("car.book.json", 1, 1, 1, 0))
    path = write(m, tmp_path, [("car.book.json", CAR)])
    code, out, err = cli("analyze", path, "--mover", "vehicle", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["figure"]["move"] == 6 and data["figure"]["height"] == 2 and data["figure"]["double"]
    assert data["mover"] == {"kind": "vehicle", "name": "low car", "object": 1, "size": "Large",
                             "spaces": [[1, 1], [2, 1]], "level": 1, "entrance": None,
                             "vehicle_rules": "current", "occupants": 0}
    turns = {(s["q"], s["r"]): s["turns"] for s in data["spaces"]}
    assert turns[(1, 1)] == 0 and turns[(2, 1)] == 0
    assert turns[(8, 1)] == 1 and turns[(9, 1)] == 2   # the lead moves 6; the back half trails
    assert len(data["boarding"][0]["spaces"]) == 8     # no entrance: any side (10 around, 2 off the map)
    code, out, err = cli("analyze", path, "--mover", "vehicle")
    assert out.startswith("synthetic: low car (object 1, vehicle, Size Large, no marked entrance; current "
                          "vehicle rules): Move 6, Height 2 (double-space; falls: minor)")


@pytest.mark.parametrize("args, message", [
    (["--mover", "vehicle", "--move", "3"], "--mover vehicle moves with its Book's card: drop --move"),
    (["--mover", "elevator-car"], "the map places no Elevator Car"),
    (["--vehicle", "1"], "--vehicle chooses what --mover vehicle or elevator-car drives"),
    (["--mover", "vehicle", "--vehicle", "3"], "object 3 is not a vehicle the map places"),
    (["--mover", "single", "--flying"], "--mover single contradicts --flying"),
])
def test_analyze_mover_options_are_checked(cli, tmp_path, args, message):
    m = column_map(line([1] * 5) | line([1] * 5, r=1))
    m.objects.append(Placement("car.book.json", 1, 0, 1, 0))
    path = write(m, tmp_path, [("car.book.json", CAR)])
    code, out, err = cli("analyze", path, *args)
    assert code == 2 and message in err and "Traceback" not in err


def test_two_vehicles_need_a_choice(cli, tmp_path):
    m = column_map(line([1] * 8) | line([1] * 8, r=1))
    m.objects += [Placement("car.book.json", 0, 0, 1, 0), Placement("mailbox", 5, 1, 1, 0),
                  Placement("car.book.json", 4, 0, 1, 0)]
    path = write(m, tmp_path, [("car.book.json", CAR)])
    code, out, err = cli("analyze", path, "--mover", "vehicle")
    assert code == 2 and "places 2 vehicles (low car (object 1), low car (object 3))" in err
    code, out, err = cli("analyze", path, "--mover", "vehicle", "--vehicle", "3", "--json")
    assert code == 0 and json.loads(out)["mover"]["object"] == 3
    code, out, err = cli("analyze", path, "--mover", "vehicle", "--vehicle", "2")
    assert code == 2 and "object 2 is not a vehicle" in err


def test_choose_names_the_mover_an_object_needs():
    from mapkit.errors import OptionError
    from mapkit.movement.vehicles import Vehicle, choose

    car = Vehicle(0, "car", ((0, 0),), 1, "Large", 3, 6, None, False, ())
    lift = Vehicle(1, "Elevator Car", ((2, 1),), 1, "Huge", 8, 1, None, True, ())
    assert choose([car, lift], None, False) is car and choose([car, lift], None, True) is lift
    with pytest.raises(OptionError, match="object 2 \\(Elevator Car\\) is an Elevator Car: drive it as mover=elevator-car"):
        choose([car, lift], 1, False)
    with pytest.raises(OptionError, match="is a vehicle, not an Elevator Car: drive it as mover=vehicle"):
        choose([car, lift], 0, True)
