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


def test_one_piece_one_hex_and_one_level_are_said_in_the_singular(tmp_path):
    """'1 piece on 1 Level' on the sheets' cover, '1 of its 3 hexes has nothing under it' in a
    finding, 'Level 1' (not 'Levels 1–1') in the report's size (seen in the cases' sheets and reports)."""
    import mapkit
    from mapkit.model import Map, Piece
    from mapkit.outputs.sheets.pages import pieces_on_levels

    one = Map(pieces=[Piece("grass-1", 0, 0, 0)])
    assert pieces_on_levels(one, 1).startswith("1 piece on 1 Level")
    hanging = Map(pieces=[Piece("grass-1", 0, 0, 0), Piece("grass-1", 1, 0, 0), Piece("ruin-3", 0, 0, 1)])
    said = [f.message for f in mapkit.validate(hanging).findings if f.code == "P102"]   # its third hex over air
    assert said and all(" hexes has nothing under them" in s or " hexes have nothing" in s for s in said)
    assert any(re.search(r"\b1 of its 3 hexes has nothing", s) for s in said), said
    page = mapkit.report(one).data.decode("utf-8")
    assert "Level 1</td>" in page and "Levels 1–1" not in page
