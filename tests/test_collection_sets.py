"""A collection stated as a builder thinks of it: sets with copies, mixed with loose pieces
(issue 25, item 10), on the command line ("2xRotV,RttFF"), in a list file, or as rows of a
Hexoscape inventory table; and `inventory` exits 1 when the collection cannot build the map."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from conftest import ROOT
from mapkit.errors import FormatError
from mapkit.formats import write_map
from mapkit.model.map import Map, Piece
from mapkit.sets.collection import read_collection
from mapkit.sets.sets import all_sets


def pieces_of(set_id: str, copies: int = 1) -> Counter:
    return Counter({t: n * copies for t, n in all_sets()[set_id].pieces})


def test_a_list_on_the_command_line_adds_the_sets_pieces_times_their_copies():
    assert Counter(read_collection("2xRotV,RttFF")) == pieces_of("RotV", 2) + pieces_of("RttFF")
    # spellings a builder writes: names, spaces, the count after the name
    assert read_collection("2 x Rise of the Valkyrie, Road to the Forgotten Forest") == read_collection("2xRotV,RttFF")
    assert read_collection("RotV x 2") == read_collection("2xRotV")


def test_a_list_mixes_sets_and_loose_pieces(tmp_path):
    listed = tmp_path / "mine.txt"
    listed.write_text("# what I own\n2 x Rise of the Valkyrie\nRttFF\n3 x rock-1, 2 x Grass 24-hex\nlwp\n")
    expected = pieces_of("RotV", 2) + pieces_of("RttFF") + Counter({"rock-1": 3, "grass-24": 2, "laur-pillar": 1})
    assert Counter(read_collection(str(listed))) == expected
    assert Counter(read_collection(str(ROOT / "samples" / "collections" / "two-masters.sets.txt")))["rock-1"] \
        == 2 * dict(all_sets()["RotV"].pieces)["rock-1"] + 3


def test_an_inventory_table_row_may_name_a_set(tmp_path):
    table = tmp_path / "mine.tsv"
    table.write_text("ID\tType\tSize\tCount\nRotV\t\t\t2\ngrass24\tGrass\t24\t1\n")
    assert Counter(read_collection(str(table))) == pieces_of("RotV", 2) + Counter({"grass-24": 1})


def test_a_name_that_is_neither_set_nor_piece_is_refused_with_its_place(tmp_path):
    with pytest.raises(FormatError, match=r"item 2: 'Blargh' names no set or piece.*nor is there a file"):
        read_collection("RotV,Blargh")
    listed = tmp_path / "mine.txt"
    listed.write_text("RotV\n\n2 x Nothing At All\n")
    with pytest.raises(FormatError, match=r"mine.txt: line 3: 'Nothing At All'"):
        read_collection(str(listed))


def test_an_unknown_name_is_refused_naming_the_closest_names(cli, tmp_path):
    """A refusal names the sets or pieces nearest what was written, on one short line (issue 25,
    item 10: "RttF" was refused without a word of RttFF)."""
    for written, nearest in (("RttF", "RttFF (Road to the Forgotten Forest)"),
                             ("RiseOfTheValkyrie", "RotV (Rise of the Valkyrie)"),
                             ("Volcaren Wasteland", "VW (Volcarren Wasteland)"), ("Grass 24 hex", "grass-24")):
        with pytest.raises(FormatError, match="the closest: " + re.escape(nearest)):
            read_collection(f"2xRotV,{written}")
    listed = tmp_path / "mine.txt"
    listed.write_text("RotV\n2 x RttF\n")
    with pytest.raises(FormatError, match=r"mine.txt: line 2: 'RttF' .*the closest: RttFF"):
        read_collection(str(listed))
    code, out, err = cli("inventory", ROOT / "samples" / "maps" / "twin-rivers.hsc", "--collection", "2xRotV,RttF")
    assert code == 2 and err.count("\n") == 1 and "the closest: RttFF" in err, err
    # a name no one would type is not compared with every name, and stays an excerpt
    code, out, err = cli("inventory", ROOT / "samples" / "maps" / "twin-rivers.hsc", "--collection", "Q" * 5000)
    assert code == 2 and "closest" not in err and len(err) < 400, err


def test_a_product_with_no_terrain_adds_nothing_and_says_so():
    warnings: list[str] = []
    assert read_collection("RotV,Warriors of Eberron", warnings) == read_collection("RotV")
    assert warnings and "holds no terrain" in warnings[0]


def test_a_file_name_is_still_a_file(cli, tmp_path):
    code, out, err = cli("inventory", ROOT / "samples" / "maps" / "twin-rivers.hsc", "--collection",
                         tmp_path / "none.tsv")
    assert code == 2 and "cannot read" in err


@pytest.fixture
def small_map(tmp_path):
    path = tmp_path / "small.mapkit.json"
    write_map(Map(name="small", pieces=[Piece("grass-24", 0, 0, 0), Piece("rock-1", 0, 0, 1)]), path)
    return path


def test_inventory_exits_1_when_the_collection_cannot_build_the_map(cli, small_map):
    """It exited 0 even when the collection lacked everything."""
    code, out, err = cli("inventory", small_map, "--collection", "rock-1")
    assert code == 1 and "Missing from the collection" in out and "Grass 24-hex" in out, (out, err)
    code, out, err = cli("inventory", small_map, "--collection", "rock-1", "--json")
    assert code == 1 and json.loads(out)["missing"] == [{"type": "grass-24", "name": "Grass 24-hex", "count": 1}]
    code, out, err = cli("inventory", small_map, "--collection", "RotV")
    assert code == 0 and "holds every piece" in out, (out, err)
    code, out, err = cli("inventory", small_map)
    assert code == 0, err


def test_fit_takes_a_list_of_sets(cli, small_map, tmp_path):
    code, out, err = cli("fit", small_map, "--collection", "RotV", "-o", tmp_path / "fit.mapkit.json",
                         "--no-picture")
    assert code == 0, (out, err)
