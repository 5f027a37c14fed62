"""A castle base or wall turned by its rotation joins the castle pieces beside it (the catalog's
`joins`): on every corpus castle, in every format, each castle neighbour of a base or wall at its
own height lies on a side it joins. This is what the build sheets draw as the piece's facing."""

from __future__ import annotations

import pytest

from conftest import CORPUS, NO_CORPUS, read_corpus_map
from mapkit.model.catalog import catalog
from mapkit.model.grid import DIRECTIONS
from mapkit.model.map import Map
from tests.test_print_area import corpus_maps

KINDS = {"castle-base-corner": 2, "castle-base-straight": 2, "castle-base-end": 1,
         "castle-wall-corner": 2, "castle-wall-straight": 2, "castle-wall-end": 1}


def castle_levels(m: Map) -> dict[tuple[int, int], list[tuple[int, int]]]:
    """Hex -> (bottom, top) levels of each castle piece (not the flag) standing there."""
    cat = catalog()
    out: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for piece in m.pieces:
        ptype = cat[piece.type]
        if ptype.kind == "castle" and piece.type != "castle-flag":
            for cell in m.footprint(piece):
                out.setdefault(cell, []).append((piece.z, piece.z + max(1, ptype.height) - 1))
    return out


def test_the_kinds_join_as_their_names_say():
    cat = catalog()
    for pid, sides in KINDS.items():
        joins = cat[pid].joins
        assert len(joins) == sides, pid
        if sides == 2:
            turn = (joins[1] - joins[0]) % 6
            assert (turn == 3) == ("straight" in pid), f"{pid}: a straight joins opposite sides, a corner does not"
    assert cat["castle-base-end"].joined_directions(4) == (1,)   # turned 4 x 60 degrees: south-east


def test_every_corpus_castle_joins_its_neighbours():
    if CORPUS is None:
        pytest.skip(NO_CORPUS)
    cat = catalog()
    checked = 0
    for path in corpus_maps():
        try:
            m = read_corpus_map(path)
        except Exception:          # noqa: BLE001 - an unreadable corpus file is another test's business
            continue
        stands = castle_levels(m)
        for piece in m.pieces:
            if piece.type not in KINDS:
                continue
            sides = cat[piece.type].joined_directions(piece.rotation)
            for d, (dq, dr) in enumerate(DIRECTIONS):
                there = stands.get((piece.q + dq, piece.r + dr), [])
                if any(lo <= piece.z <= hi for lo, hi in there):
                    checked += 1
                    assert d in sides, (f"{path.name}: {piece.type} at ({piece.q}, {piece.r}) z {piece.z} turned "
                                        f"{piece.rotation} has a castle neighbour on side {d}, joins {sides}")
    assert checked >= 60 * 2 + 100, "the official castle pair and Aaryglynn were checked"
