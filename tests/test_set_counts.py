"""Numbers that agree: inventory and the tournament rule T203 count sets differently (with and
without terrain kits), and each says which it counts; T203's number is inventory's 'without kits'."""

from __future__ import annotations

import json
import re

from conftest import corpus_file


def test_inventory_and_t203_say_what_they_count_and_agree(cli):
    path = corpus_file("hsc/dkniffin-virtualscape/Rotten Ice.hsc")
    code, out, _ = cli("inventory", path)
    assert code == 0
    assert "Smallest combination of master sets, expansions and terrain kits (15 sets):" in out
    assert "Without terrain kits, as the tournament rule T203 counts: 18 sets (master sets and expansions)." in out
    data = json.loads(cli("inventory", path, "--json")[1])
    assert data["counts"] == "master sets, expansions and terrain kits"
    assert (data["set_count"], data["without_kits"]["set_count"]) == (15, 18)
    (t203,) = json.loads(cli("validate", path, "--select", "T203", "--format", "json")[1])
    message = t203["message"]
    assert "counting master sets and expansions as this rule does (no terrain kits)" in message
    assert re.search(r"the smallest build is 18 sets \(5 master sets, 13 expansions\): ", message)
    assert message.endswith("`mapkit inventory` gives the smallest build with terrain kits")


def test_inventory_without_a_kit_in_its_answer_gives_one_number(cli):
    path = corpus_file("hexoscape/BWBB_1_Vengalla_Gulch.json")
    data = json.loads(cli("inventory", path, "--json")[1])
    assert data["without_kits"] is None and all(s["kind"] != "kit" for s in data["sets"])


def test_one_of_a_kind_is_said_in_the_singular(cli, tmp_path):
    """A personal tile of one hex is "1 hex" and a combination of one set is "(1 set)"; more are plural."""
    from mapkit.model import Map, Piece
    from mapkit.sets.requirements import describe

    assert describe("personal:1") == "Personal tile, 1 hex"
    assert describe("personal:3") == "Personal tile, 3 hexes"
    path = tmp_path / "one.mapkit.json"
    import mapkit
    mapkit.write(Map(pieces=[Piece("grass-24", 0, 0, 0, 0)]), path)
    code, out, _ = cli("inventory", str(path))
    assert "(1 set):" in out and "(1 sets)" not in out
