"""A Book's placement `level` is the Level it stands on, as every other output counts Levels
(issue 25, item 2): a vehicle on a Level 1 Cosmos tile is placed at `"level": 1`, as `analyze`
names that space. mapkit JSON version 1 wrote the height the Book rests at (one lower on tiles
that add no height); it is read by turning that height into a Level, with a warning."""

from __future__ import annotations

import json

import pytest

from mapkit.formats import native
from mapkit.model import resting
from mapkit.model.map import Piece, Placement
from mapkit.movement.synthetic import column_map, line

from test_vehicles import CAR, write


def cosmos_field():
    """Cosmos tiles laid on the table (Level 1 tiles whose spaces are at height 0), 12 x 3."""
    return column_map({(q, r): (0, "cosmos") for q in range(12) for r in range(3)})


def as_version_1(path):
    doc = json.loads(open(path, encoding="utf-8").read())
    doc["version"] = 1
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f)


def test_a_vehicle_on_cosmos_is_placed_at_the_level_analyze_names(cli, tmp_path):
    m = cosmos_field()
    m.objects.append(Placement("car.book.json", 1, 1, 1, 0))
    path = write(m, tmp_path, [("car.book.json", CAR)])
    code, out, err = cli("analyze", path, "--mover", "vehicle", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["mover"]["level"] == 1
    start = {(s["q"], s["r"]): s for s in data["spaces"]}[(1, 1)]
    assert (start["level"], start["height"], start["turns"]) == (1, 0, 0)
    # the height it rests at, which version 1 wrote, is no Level it stands on
    m.objects[0] = Placement("car.book.json", 1, 1, 0, 0)
    path = write(m, tmp_path, [("car.book.json", CAR)])
    code, out, err = cli("analyze", path, "--mover", "vehicle", "--json")
    assert code == 2 and "stands on no space on Level 0" in err


def test_version_1_placements_become_levels_with_a_warning(cli, tmp_path):
    m = cosmos_field()
    m.pieces.append(Piece("grass-1", 6, 0, 0))  # one hex of land: what stands on it is on Level 1 in both versions
    m.objects += [Placement("car.book.json", 1, 1, 0, 0), Placement("car.book.json", 6, 0, 1, 0)]
    path = write(m, tmp_path, [("car.book.json", CAR)])
    as_version_1(path)
    old = native.read(open(path, "rb").read(), path)
    assert [p.level for p in old.objects] == [1, 1]
    # the place named as the build sheets letter it, then axial (issue 25, item 9)
    assert [w for w in old.warnings if w.startswith(native.MIGRATED)] == [
        "mapkit JSON version 1: object 1 (car.book.json) at B2 (1, 1) had the height 0 as its level; "
        "it stands on Level 1, as version 2 writes it"]
    # written again, it is version 2 with Levels, the warning spent
    again = json.loads(native.write(old))
    assert again["version"] == native.VERSION == 2 and [o["level"] for o in again["objects"]] == [1, 1]
    assert not any(w.startswith(native.MIGRATED) for w in again["warnings"])
    # and the commands read it as the version 2 file reads
    code, out, err = cli("analyze", path, "--mover", "vehicle", "--vehicle", "1", "--json")
    assert code == 0, err
    assert json.loads(out)["mover"]["level"] == 1 and "warning: mapkit JSON version 1: object 1" in err


def test_version_2_round_trip_is_lossless_and_silent(tmp_path):
    m = cosmos_field()
    m.objects.append(Placement("car.book.json", 1, 1, 1, 0))
    path = write(m, tmp_path, [("car.book.json", CAR)])
    data = open(path, "rb").read()
    back = native.read(data, path)
    assert back.warnings == [] and back.objects[0].level == 1
    assert native.write(back) == data


@pytest.mark.parametrize("cells, height, level", [
    (line([1, 1]), 1, 1),                               # land adds height: the height is the Level
    (line([(0, "cosmos"), (0, "cosmos")]), 0, 1),       # Cosmos on the table: Level 1 at height 0
    (line([(1, "water"), (1, "water")]), 1, 2),         # water on Level 1 land: a Level 2 tile at height 1
    (line([1, 1]), 0, 0),                               # under land: on the table, as the file says
])
def test_rest_height_and_level_are_inverse(cells, height, level):
    m = column_map(cells)
    under = resting.layers_under(resting.layer_index(m), [(0, 0)])
    assert resting.rest_level(under, height) == level
    assert resting.rest_height(under, level) == height
