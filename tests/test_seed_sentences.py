"""The seed sentences of issue 25, each on a map small enough to work out by hand.

Each test quotes the sentence it checks (seed and heading) and asserts the answer that sentence
gives; `mapkit rules` cites the same sentences (the last tests)."""

from __future__ import annotations

import json
import re

import pytest

from mapkit import read
from mapkit.model.map import Piece, Placement
from mapkit.movement.analysis import analyze, prepare
from mapkit.movement.profile import Figure
from mapkit.movement.synthetic import column_map, line
from mapkit.rules.checks import check_map
from mapkit.rules.profiles import defaults
from test_seed_divergences import shaft_tower, write_map


# -- seeds/004: no move ends on a space with another figure --------------------------------------

def test_no_move_ends_on_a_figure_the_map_places(cli, tmp_path):
    """seeds/004 (Heroscape rulebook), Passing and landing on other figures: "You can't move
    through a space with an opponent's figure on it, or end your move on a space with any other
    figure."

    Seven grass hexes in a row; the map places a figure on (2, 0) and a double-based one on
    (4, 0)-(5, 0). A Move 5 figure from (0, 0) never ends on them; its army is unknown, so it
    passes them as a friendly figure: (3, 0) for 3 and (6, 0) for 6 (turn 2). The notes say so.
    (mapkit once ignored the figures: a move ended on (2, 0), and nothing said why.)"""
    m = column_map(line([1] * 7))
    m.pieces += [Piece("figure", 2, 0, 1, attrs={"name": "Raelin"}), Piece("figure-double", 4, 0, 1)]
    spaces = prepare(m)
    res = analyze(spaces, Figure(move=5, height=5), (0, 0, 1))
    turns = {spaces.q[s]: (res.start_turns[s], res.start_cost[s]) for s in range(len(spaces))}
    assert turns[2] == (None, None) and turns[4] == (None, None) and turns[5] == (None, None)
    assert turns[3] == (1, 3) and turns[6] == (2, 6)
    path = write_map(m, tmp_path)
    code, out, err = cli("analyze", path, "--start", "0,0,1", "--json")
    data = json.loads(out)
    assert any("3 space(s) hold a figure the map places" in n for n in data["notes"]), data["notes"]
    assert {s["q"]: s["turns"] for s in data["spaces"]}[2] is None
    # With start zones, the occupied spaces are not reported as unreachable (M101).
    m.pieces += [Piece("start-zone", 0, 0, 1, attrs={"player": 1}), Piece("start-zone", 6, 0, 1, attrs={"player": 2})]
    path = write_map(m, tmp_path)
    code, out, err = cli("validate", path, "--select", "M101")
    assert "M101" not in out, out


def test_a_figure_in_the_air_is_named_as_ignored():
    m = column_map(line([1] * 3))
    m.pieces.append(Piece("figure", 9, 9, 1))
    spaces = prepare(m)
    assert spaces.ignored == {"figure (no space under it)": 1}


# -- seeds/000: Elevators join Floors -------------------------------------------------------------

def test_a_floor_reached_only_by_the_elevator_car_is_not_closed(cli, tmp_path):
    """seeds/000 (C3G Building Rules), Interior Access Structures: "There are several ways for
    figures to move from one Floor of a structure to another, but the main ones are Stairways and
    Elevators."

    The three-floor tower of the elevator test: a doorway on the ground floor only, an Elevator
    Shaft on every floor. With its Elevator Car, figures board on the ground floor (floor 1) and
    ride to floors 2 and 3: no floor is closed, no M102, and `analyze --mover elevator-car` boards
    them on every floor. Without the car, floors 2 and 3 cannot be entered.
    (mapkit once called those floors closed while the car boarded figures there.)"""
    m = column_map({(q, r): (1, "grass") for q in range(-3, 7) for r in range(-3, 5)})
    m.buildings.append(Placement("tower.book.json", 0, 0, 1, 0))
    (tmp_path / "bare").mkdir()
    bare = write_map(m, tmp_path / "bare", [("tower.book.json", shaft_tower())])
    code, out, err = cli("analyze", bare, "--json")
    # floors are numbered as the sheets number them, the ground floor 1 (issue 25, item 2)
    assert [f["floor"] for f in json.loads(out)["closed_floors"]] == [2, 3]
    code, out, err = cli("validate", bare, "--profile", "c3g", "--select", "M102")
    assert out.count("M102") == 2, out

    m.objects.append(Placement("elevator-car", 2, 1, 1, 0))
    path = write_map(m, tmp_path, [("tower.book.json", shaft_tower())])
    code, out, err = cli("analyze", path, "--json")
    assert json.loads(out)["closed_floors"] == []
    code, out, err = cli("validate", path, "--profile", "c3g", "--select", "M102")
    assert "M102" not in out, out
    code, out, err = cli("analyze", path, "--mover", "elevator-car", "--json")
    ride = json.loads(out)
    assert all(stop["spaces"] for stop in ride["boarding"])
    # the car itself stops on every floor it carries figures to: none is closed to it, and the car
    # is no object "not modelled for movement" (mapkit once said both beside the boarding places)
    assert ride["closed_floors"] == [] and not any("not modelled" in n for n in ride["notes"]), ride
    code, out, err = cli("analyze", path, "--mover", "elevator-car")
    assert "cannot be entered" not in out and "figures enter and exit at floor 3" in out, out
    # a Half hex a wall cuts is a space outside and one inside: the inside one says so (the list
    # named "F6 on Level 1" twice)
    half = next(line for line in out.splitlines() if "a Half hex (" in line)
    assert "on Level 1 in building 1" in half
    named = re.findall(r"[A-Z]+\d+ on Level \d+(?: in building \d+)?", half)
    assert len(named) == len(set(named)), half
    code, out, err = cli("analyze", path, "--json")
    assert not any("not modelled" in n for n in json.loads(out)["notes"])


# -- seeds/001: one figure a space, never a Half hex ----------------------------------------------

ONE_SPACE_CART = {"format": "mapkit-book", "version": 1, "name": "cart", "kind": "vehicle",
                  "footprint": {"polygon": [[-9, -7], [9, -7], [9, 7], [-9, 7]]}, "spaces": [[0, 0]],
                  "vehicle": {"size": "Medium", "height": 2, "occupancy": 2, "cover": "partial", "move": 4}}


def c305(m, path):
    opts = defaults()
    return [f.message for f in check_map(read(path), path, "c3g", select=["C305"], options=opts)]  # with its Books


def test_two_occupants_of_a_one_space_vehicle(tmp_path):
    """seeds/001 (C3G Vehicle rules), Example 4: "When a vehicle is destroyed, each occupying
    figure is placed on one of the spaces that the vehicle occupied before being destroyed";
    Destroying Vehicles: "If a figure that was occupying a destroyed VDO cannot be placed on a
    legal space or spaces, that figure is immediately destroyed."

    A one-space cart with two occupants, no Height given: one space for two figures, so one of
    them would be destroyed with it. One occupant alone is fine.
    (mapkit once said nothing: it judged only occupants with a Height, each on its own.)"""
    m = column_map(line([1] * 3))
    m.objects.append(Placement("cart.book.json", 1, 0, 1, 0, occupants=[{"name": "Gambit"}, {"name": "Jubilee"}]))
    path = write_map(m, tmp_path, [("cart.book.json", ONE_SPACE_CART)])
    assert c305(m, path) == ["cart (object 1): Gambit, Jubilee could not all be placed on the spaces it stands on "
                             "(1 space(s) for 2 occupants, one figure a space: 1 of them would be left over): if it "
                             "is destroyed, so is every occupant left over"]
    m.objects[0].occupants.pop()
    path = write_map(m, tmp_path, [("cart.book.json", ONE_SPACE_CART)])
    assert c305(m, path) == []


def test_an_occupant_of_a_vehicle_on_a_half_hex(tmp_path):
    """seeds/000 (C3G Building Rules), Half Hex Movement: "Figures that are not destructible
    objects cannot occupy Half Hexes."; seeds/001, Destroying Vehicles (above).

    The sample street; the one-space cart on the Half strip between two buildings at (5, 2), one
    occupant with no Height given: it cannot be placed there, whatever its Height, and C305 says
    why (mapkit once said nothing, and under an open sky spoke of "1048576 level(s) free")."""
    from pathlib import Path

    from mapkit.formats import read_map

    street = Path(__file__).resolve().parent.parent / "samples" / "maps" / "street.mapkit.json"
    m = read_map(street)
    for p in m.buildings + m.objects:
        p.book = str((street.parent / p.book).resolve())
    (tmp_path / "cart.book.json").write_text(json.dumps(ONE_SPACE_CART))
    m.objects.append(Placement(str(tmp_path / "cart.book.json"), 5, 2, 1, 0, occupants=[{"name": "Wolverine"}]))
    path = write_map(m, tmp_path)
    found = c305(m, path)
    assert found == ["cart (object 4): Wolverine could not be placed on the spaces it stands on (a Half hex, where no "
                     "figure is placed): if it is destroyed, so is this occupant"], found
    m.objects[-1].occupants[0]["height"] = 3
    assert "Wolverine (Height 3) could not be placed" in c305(m, write_map(m, tmp_path))[0]
    assert not any("1048576" in f for f in found)


def test_two_occupants_of_a_wagon_with_one_half_hex_say_why(tmp_path):
    """seeds/001, Destroying Vehicles, with seeds/000, Half Hex Movement: a two-space wagon on the
    sample street, one space on the Half strip at (5, 2) and one Full at (4, 2), two occupants: one
    figure a space and none on the Half hex leaves one over, and C305 says the Half hex is why (it
    said "1 space(s) for 2 occupants" of a vehicle standing on two)."""
    from pathlib import Path

    from mapkit.formats import read_map

    street = Path(__file__).resolve().parent.parent / "samples" / "maps" / "street.mapkit.json"
    m = read_map(street)
    for p in m.buildings + m.objects:
        p.book = str((street.parent / p.book).resolve())
    wagon = dict(ONE_SPACE_CART, name="wagon", spaces=[[0, 0], [1, 0]],
                 footprint={"polygon": [[-9, -7], [27, -7], [27, 7], [-9, 7]]})
    (tmp_path / "wagon.book.json").write_text(json.dumps(wagon))
    m.objects.append(Placement(str(tmp_path / "wagon.book.json"), 4, 2, 1, 0,
                               occupants=[{"name": "Gambit"}, {"name": "Jubilee"}]))
    path = write_map(m, tmp_path)
    assert c305(m, path) == ["wagon (object 4): Gambit, Jubilee could not all be placed on the spaces it stands on "
                             "(1 space(s) for 2 occupants (1 of its 2 spaces a Half hex, where no figure is placed), "
                             "one figure a space: 1 of them would be left over): if it is destroyed, so is every "
                             "occupant left over"]


# -- mapkit rules cites the sentences ---------------------------------------------------------------

def test_mapkit_rules_cites_the_three_sentences(cli):
    for code, words in (("figures-on-spaces", "end your move on a space with any other figure"),
                        ("M101", "end your move on a space with any other figure"),
                        ("M102", "the main ones are Stairways and Elevators"),
                        ("C305", "cannot be placed on a legal space or spaces, that figure is immediately destroyed"),
                        ("C305", "cannot occupy Half Hexes")):
        status, out, err = cli("rules", code)
        assert status == 0 and words in out and "Seed sentences:" in out, (code, out)


def test_every_quoted_sentence_stands_in_its_seed_under_its_heading():
    from mapkit.rules import table
    from mapkit.rules.framework import load_rules
    from test_rule_table import headings, seed_files

    files = {p.name[:3]: p.read_text(encoding="utf-8") for p in seed_files()}
    quotes = [q for r in load_rules().values() for q in r.doc.get("quotes", ())]
    quotes += [q for c in table.table_data()["computed"] for q in c.get("quotes", ())]
    assert len(quotes) >= 5
    for seed, heading, sentence in quotes:
        text = files[seed].replace("**", "")
        assert heading in headings(files[seed]), (seed, heading)
        start = text.index(heading)
        assert sentence in re.sub(r"[ \t]+", " ", text[start:]), (seed, heading, sentence)
