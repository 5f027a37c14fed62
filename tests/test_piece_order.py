"""Pieces are listed by kind, then size (issue 35): `grass-3` before `grass-24`, in info and
inventory, as text and as JSON, and in what a collection lacks."""

from __future__ import annotations

import json

from mapkit.formats import write_map
from mapkit.model.catalog import in_piece_order, piece_order
from mapkit.model.map import Map, Piece

SHUFFLED = ["grass-24", "water-1", "tree-12", "grass-3", "glyph:A", "tree-10", "grass-7", "grass-1", "rock-24",
            "rock-3", "water-tall"]
IN_ORDER = ["glyph:A", "grass-1", "grass-3", "grass-7", "grass-24", "rock-3", "rock-24", "tree-10", "tree-12",
            "water-1", "water-tall"]


def test_the_numbers_in_a_name_are_compared_as_numbers():
    assert sorted(SHUFFLED, key=piece_order) == IN_ORDER
    assert [t for t, _ in in_piece_order({t: 1 for t in SHUFFLED})] == IN_ORDER


def _map(tmp_path):
    pieces = [Piece("grass-24", 0, 0, 0), Piece("grass-3", 8, 0, 0), Piece("grass-7", 0, 6, 0),
              Piece("rock-24", 10, 6, 0), Piece("rock-3", 0, 12, 0), Piece("tree-12", 3, 12, 1),
              Piece("tree-10", 5, 12, 1), Piece("water-1", 8, 12, 0)]
    path = tmp_path / "order.mapkit.json"
    write_map(Map(name="order", pieces=pieces), path)
    return path


def _positions(text: str, names: list[str]) -> list[int]:
    return [text.index(name) for name in names]


def test_info_lists_pieces_by_kind_then_size(cli, tmp_path):
    path = _map(tmp_path)
    code, out, _ = cli("info", path)
    listed = [f" {name}\n" for name in ("grass-3", "grass-7", "grass-24", "rock-3", "rock-24", "tree-10", "tree-12",
                                         "water-1")]
    assert code == 0 and _positions(out, listed) == sorted(_positions(out, listed)), out
    doc = json.loads(cli("info", path, "--json")[1])
    assert list(doc["pieces_by_type"]) == ["grass-3", "grass-7", "grass-24", "rock-3", "rock-24", "tree-10",
                                           "tree-12", "water-1"]


def test_inventory_lists_pieces_and_what_a_collection_lacks_by_kind_then_size(cli, tmp_path):
    path = _map(tmp_path)
    code, out, _ = cli("inventory", path)
    listed = ["[grass-3]", "[grass-7]", "[grass-24]", "[rock-3]", "[rock-24]", "[tree-10]", "[tree-12]"]
    assert code == 0 and _positions(out, listed) == sorted(_positions(out, listed)), out
    doc = json.loads(cli("inventory", path, "--json")[1])
    assert [p["type"] for p in doc["pieces"]][:5] == ["grass-3", "grass-7", "grass-24", "rock-3", "rock-24"]
    lacking = json.loads(cli("inventory", path, "--json", "--collection", "1xRotV")[1])
    short = [row["type"] for row in lacking["missing"]]
    assert len(short) >= 2 and short == sorted(short, key=piece_order), short
