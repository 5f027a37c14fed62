"""Findings about many pieces in one place are one finding naming them, never one per pair.

Issue 14: 1,000 tiles stacked in one hex gave 499,500 P103 findings (55 MB of text) and 5,000
ran out of memory. `benchmarks/bench_stack.py` measures 1,000 to 100,000; these tests pin the
shape: the number and the size of the findings do not grow with the pile.
"""

from __future__ import annotations

import pytest

from mapkit.model.map import Map, Piece
from mapkit.rules.framework import CheckContext, run_rules, select_rules
from mapkit.rules.physical import NAMED


def findings(pieces: list[Piece], profile: str = "casual", code: str | None = None) -> list:
    found = list(run_rules(CheckContext(Map(pieces=pieces), "pile.mapkit.json"), select_rules(profile)))
    return [f for f in found if code is None or f.code == code]


def base() -> list[Piece]:
    return [Piece("grass-1", 0, 0, 0)]


PILES = {
    "tiles": lambda n: [Piece("grass-1", 0, 0, 0) for _ in range(n)],
    "walls": lambda n: base() + [Piece("castle-wall-end", 0, 0, 1) for _ in range(n)],
    "trees and tiles in their air": lambda n: base() + [Piece("tree-10", 0, 0, 1) for _ in range(n)]
    + [Piece("rock-1", 0, 0, 2) for _ in range(n)],
    "glyphs": lambda n: base() + [Piece("glyph", 0, 0, 1, attrs={"letter": "A"}) for _ in range(n)],
    "start zones": lambda n: base() + [Piece("start-zone", 0, 0, 1, attrs={"player": 1}) for _ in range(n)],
    "figures": lambda n: base() + [Piece("figure", 0, 0, 1) for _ in range(n)],
    "ladders on one side": lambda n: base() + [Piece("castle-ladder", 0, 0, 1) for _ in range(n)],
    "glyphs inside a tile": lambda n: base() + [Piece("grass-1", 0, 0, 1)]
    + [Piece("glyph", 0, 0, 1, attrs={"letter": "A"}) for _ in range(n)],
}


@pytest.mark.parametrize("kind", PILES)
def test_a_pile_is_a_few_findings_whatever_its_size(kind):
    small = [f for f in findings(PILES[kind](20)) if f.code in ("P103", "P104")]
    large = [f for f in findings(PILES[kind](2000)) if f.code in ("P103", "P104")]
    assert small and len(large) == len(small), (kind, len(small), len(large))
    # each message names at most NAMED pieces and counts the rest
    for f in large:
        assert f.message.count("(piece ") <= 2 * NAMED + 1, f.message  # two lists at most (P104)
        assert len(f.message) < 1000
    assert any("more pieces" in f.message for f in large)


def test_the_pile_finding_names_the_first_pieces_and_counts_the_rest():
    (f,) = findings(PILES["tiles"](1000), code="P103")
    assert f.message.startswith("1,000 pieces fill this cell: ")
    assert "(piece 1)" in f.message and "(piece 5)" in f.message and "(piece 6)" not in f.message
    assert f.message.endswith("and 995 more pieces") and (f.q, f.r, f.level) == (0, 0, 1)  # Level 1: the bottom layer


def test_two_pieces_keep_their_pair_message():
    (f,) = findings(PILES["tiles"](2), code="P103")
    assert f.message.endswith("both fill this cell") and "(piece 1) and" in f.message


def test_one_wall_through_a_tree_is_one_finding_not_one_per_level():
    pieces = base() + [Piece("tree-10", 0, 0, 1), Piece("castle-wall-end", 0, 0, 2)]
    (f,) = findings(pieces, code="P104")
    assert "is inside the" in f.message and "(piece 2)" in f.message


def test_stacked_laur_pillars_may_stand_in_each_other_but_a_tile_may_not():
    pillar = "laur-pillar-stackable"
    pieces = base() + [Piece(pillar, 0, 0, 1) for _ in range(30)]
    assert findings(pieces, code="P104") == []
    pieces.append(Piece("rock-1", 0, 0, 2))
    (f,) = findings(pieces, code="P104")
    assert f.message.startswith("Rock 1-hex (piece 32) is inside the air 30 obstacles need"), f.message


def test_the_cli_reports_a_5000_piece_pile_in_one_line(cli, tmp_path):
    from mapkit.formats import write_map

    path = tmp_path / "pile.hsc"
    write_map(Map(name="pile", pieces=PILES["tiles"](5000)), path)
    code, out, err = cli("validate", path)
    assert code == 1 and out.count("\n") == 2 and "5,000 pieces fill this cell" in out  # + the summary line
