"""A map a program builds may hold what no file does: a start zone whose player is None. Every
command's twin takes it as a zone of no player (0), as a missing player is taken."""

from __future__ import annotations

import pytest

import mapkit
from mapkit import Map, Piece


@pytest.fixture
def odd() -> Map:
    return Map(name="odd", pieces=[Piece("grass-7", 0, 0, 0), Piece("start-zone", 0, 0, 1, attrs={"player": None})])


def test_a_zone_of_no_player_is_summarised(odd):
    assert [z["player"] for z in mapkit.info(odd).doc["start_zones"]] == [0]


def test_a_zone_of_no_player_is_checked_drawn_and_reported(odd):
    mapkit.validate(odd, profile="tournament")
    for view in ("top", "levels", "iso"):
        assert mapkit.render(odd, "png", view=view).data[:4] == b"\x89PNG"
    assert mapkit.report(odd, pictures=True).data.startswith(b"<!DOCTYPE html>")
    assert mapkit.render(odd, "build-pdf").data[:4] == b"%PDF"
