"""Counts as a builder reads them: `info` counts the pieces as `inventory` does, markers apart.

A start-zone space or a figure is no piece of a set: `inventory` leaves them out, and `info`
used to count them in (Rotten Ice: 383 pieces in `info`, 48 of them start-zone spaces, 335 in
`inventory`).
"""

from __future__ import annotations

import json

import pytest

from conftest import corpus_file

from mapkit.formats import write_map
from mapkit.model.map import Map, Piece


def _inventory_total(cli, path) -> int:
    data = json.loads(cli("inventory", path, "--json")[1])
    return sum(row["count"] for row in data["pieces"])


def test_info_counts_the_pieces_inventory_counts_and_the_markers_apart(cli, tmp_path):
    pieces = [Piece("grass-7", 0, 0, 0), Piece("grass-1", 3, 0, 0), Piece("water-tall", 4, 0, 0),
              Piece("glyph", 0, 0, 1, attrs={"letter": "A"}), Piece("glyph", 3, 0, 1, attrs={"letter": "B"}),
              Piece("start-zone", 1, 0, 1, attrs={"player": 1}), Piece("start-zone", 0, 1, 1, attrs={"player": 1}),
              Piece("figure", 1, 1, 1, attrs={"name": "Raelin"})]
    path = tmp_path / "counted.mapkit.json"
    write_map(Map(name="counted", pieces=pieces), path)
    data = json.loads(cli("info", path, "--json")[1])
    # 2 grass, a tall water counted as the 2 water tiles it is built from, 2 glyphs
    assert data["pieces"] == 6 == _inventory_total(cli, path)
    assert data["pieces_by_type"] == {"glyph": 2, "grass-1": 1, "grass-7": 1, "water-1": 2}
    assert data["markers"] == {"figure": 1, "start-zone": 2}
    text = cli("info", path)[1]
    assert "pieces:   6 to build with (as inventory counts them)" in text
    assert "markers:  1 figures, 2 start-zone spaces" in text


def test_rotten_ice_counts_alike_in_info_and_inventory(cli):
    path = corpus_file("hsc/dkniffin-virtualscape/Rotten Ice.hsc")
    data = json.loads(cli("info", path, "--json")[1])
    assert data["pieces"] == 335 == _inventory_total(cli, path)
    assert data["markers"] == {"start-zone": 48}
    assert "Pieces needed (335)" in cli("inventory", path)[1]


def test_a_page_of_several_scenarios_counts_what_its_hungriest_scenario_needs(cli, tmp_path):
    ground = [Piece("grass-1", q, 0, 0) for q in range(4)]
    one = [Piece("glyph", 0, 0, 1, attrs={"letter": "A", "scenario": 1})]
    two = [Piece("glyph", q, 0, 1, attrs={"letter": "A", "scenario": 2}) for q in (1, 2)]
    path = tmp_path / "two.mapkit.json"
    from mapkit.model.map import Scenario

    write_map(Map(name="two", pieces=ground + one + two, scenario_setups=[Scenario(1), Scenario(2)]), path)
    data = json.loads(cli("info", path, "--json")[1])
    assert data["pieces"] == 6 == _inventory_total(cli, path)   # 4 grass and scenario 2's 2 glyphs


def _corpus_maps() -> list:
    from conftest import corpus_files

    return (corpus_files("hsc", "*.hsc") + corpus_files("glasq-xhtml", "*.html")
            + corpus_files("hexoscape", "*.json") + corpus_files("pairs", "*.hsc") + corpus_files("pairs", "*.html"))


@pytest.mark.parametrize("path", _corpus_maps())
def test_every_corpus_map_counts_alike_in_info_and_inventory(cli, path):
    """`info --json` counts the pieces `inventory --json` lists, type by type (glyphs of every
    letter together), start-zone spaces and figures apart as markers, on every map of the corpus
    (issue 25, item 9; the Rotten Ice case above was one of them)."""
    code, out, err = cli("info", path, "--json", "-q")
    assert code == 0, err
    info = json.loads(out)
    code, out, err = cli("inventory", path, "--json", "-q")
    assert code == 0, err
    listed: dict[str, int] = {}
    for row in json.loads(out)["pieces"]:
        kind = "glyph" if row["type"].startswith("glyph:") else row["type"]
        listed[kind] = listed.get(kind, 0) + row["count"]
    assert info["pieces_by_type"] == listed and info["pieces"] == sum(listed.values())
    assert not set(info["markers"]) & set(listed) and set(info["markers"]) <= {"start-zone", "figure", "figure-double"}
