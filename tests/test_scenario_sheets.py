"""Scenario sheets show every glyph, figure and start space of a scenario, also under an overhang
(glyph D under The Forgotten Forest's Level 8 bridge), and mark start spaces stacked on two
Levels of one hex (issue 24 item 5). Checked by geometry: in the order a page paints its
shapes, each piece's mark is drawn and nothing opaque is painted over it afterwards."""

from __future__ import annotations

import math

import pytest
from conftest import corpus_files

from mapkit.model.grid import HEX_PITCH_MM
from mapkit.model.map import Map, Piece, Scenario
from mapkit.outputs.scene.layout import hex_center
from mapkit.outputs.scene.players import figure_label
from mapkit.outputs.scene.shapes import Circle, Poly, Text


def bridge_map() -> Map:
    """The Forgotten Forest's bridge in small: a Level 8 road (5 hexes) on two rock ends over a
    grass field; scenario 1 sets glyph D, a figure and a start space under it and another start
    space on the road above that one; scenario 2 a glyph in the open."""
    pieces = [Piece("grass-1", q, r, 0) for r in range(3) for q in range(7)]
    pieces += [Piece("rock-1", q, 1, z) for q in (1, 5) for z in range(1, 7)]
    pieces.append(Piece("road-5", 1, 1, 7))
    one = {"scenario": 1}
    pieces += [Piece("glyph", 3, 1, 1, attrs={"letter": "D", **one}),
               Piece("figure", 4, 1, 1, attrs={"player": 2, "label": "7", **one}),
               Piece("start-zone", 2, 1, 1, attrs={"player": 1, **one}),
               Piece("start-zone", 2, 1, 8, attrs={"player": 1, **one}),
               Piece("start-zone", 0, 0, 1, attrs={"player": 2, **one}),
               Piece("glyph", 3, 0, 1, attrs={"letter": "A", "scenario": 2})]
    return Map(name="Bridge", pieces=pieces, scenario_setups=[Scenario(1, "Under the bridge"), Scenario(2, "Field")])


def _label(piece: Piece) -> str:
    if piece.type == "glyph":
        return piece.attrs["letter"]
    if piece.type == "start-zone":
        return str(piece.attrs["player"])
    return figure_label(piece)


def _inside(pts, x, y) -> bool:
    hit = False
    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def _covers(item, dx, dy, x, y) -> bool:
    if item.covered:
        return False
    if isinstance(item, Poly) and item.closed and item.fill is not None:
        return _inside([(px + dx, py + dy) for px, py in item.pts], x, y)
    if isinstance(item, Circle) and item.fill is not None:
        return math.dist((item.cx + dx, item.cy + dy), (x, y)) < item.radius
    return False


def visible(painted, q: int, r: int, label: str) -> bool:
    """Whether some text `label` inside hex (q, r) is painted with nothing opaque over it later."""
    cx, cy = hex_center(q, r, HEX_PITCH_MM)
    for n, (item, dx, dy) in enumerate(painted):
        if not isinstance(item, Text) or item.covered or item.text != label:
            continue
        x, y = item.x + dx, item.y + dy
        if math.dist((x, y), (cx, cy)) > HEX_PITCH_MM / 2:
            continue
        if not any(_covers(later, ldx, ldy, x, y) for later, ldx, ldy in painted[n + 1:]):
            return True
    return False


def _pages(monkeypatch, m: Map) -> dict[int, list]:
    """What each page of `m`'s build sheets draws on its map, in order, in the map's millimetres
    (the pages as composed, before they are painted)."""
    from mapkit.outputs.scene.shapes import Group
    from mapkit.outputs.sheets import BuildOptions, compose

    pages: dict[int, list] = {}
    for number, page in enumerate(compose(m, BuildOptions()), 1):
        for group in page.root.items:
            if isinstance(group, Group) and group.id == "map":
                pages.setdefault(number, []).extend(Group(items=group.items).walk())
    return pages


@pytest.mark.parametrize("scenario", [None, 1])
def test_every_scenario_piece_is_visible_also_under_the_bridge(monkeypatch, scenario):
    """With both scenarios, scenario 1's page; with `print --scenario 1`, the Level pages."""
    whole = bridge_map()
    m = whole if scenario is None else whole.for_scenario(scenario)
    pages = _pages(monkeypatch, m)
    own = [p for p in m.pieces if p.attrs.get("scenario") == 1]
    assert len(own) == 5
    for piece in own:
        for q, r in m.footprint(piece):
            assert any(visible(painted, q, r, _label(piece)) for painted in pages.values()), (piece, q, r)


def test_what_lies_beneath_and_stacked_start_spaces_are_named():
    from mapkit.outputs.sheets.hidden import beneath, lines, stacked_starts

    view = bridge_map().for_scenario(1)
    own = [i for i, p in enumerate(view.pieces) if p.attrs.get("scenario") == 1]
    assert stacked_starts(view, own) == {(2, 1): [1, 8]}
    said = lines(view, beneath(view, own), stacked_starts(view, own), lambda q, r: f"{q}/{r}")
    assert said == ["glyph D (Dagmar) on Level 1 under Road 5-hex (Level 8) at 3/1",
                    "figure 7 on Level 1 under Road 5-hex (Level 8) at 4/1",
                    "player 1 start spaces on Level 1 under Road 5-hex (Level 8) at 2/1",
                    "start spaces on Levels 1 and 8 at 2/1"]


def test_stacked_start_spaces_are_marked_on_the_scenario_page(monkeypatch):
    pages = _pages(monkeypatch, bridge_map())
    marks = [item for painted in pages.values() for item, _, _ in painted if isinstance(item, Text)]
    assert any(t.text == "L1+L8" for t in marks)


def test_the_west_barbicans_start_spaces_on_levels_1_and_21_are_marked():
    """The castle page: 'Olive start zone spaces marked with the number 2 indicate where there are 2
    open start zone spaces on both levels 1 and 21' (its scenario text); under the wall walk."""
    from conftest import corpus_file

    from mapkit import api
    from mapkit.model.board import Board
    from mapkit.outputs.sheets.hidden import beneath, lines, stacked_starts

    whole = api.read(corpus_file("pairs/TheWestBarbicanOfIdonaCastle.html"))
    view = whole.for_scenario(1)
    own = [i for i, p in enumerate(view.pieces) if p.attrs.get("scenario") == 1]
    stacked = stacked_starts(view, own)
    assert len(stacked) == 7 and set(map(tuple, stacked.values())) == {(1, 21)}
    hidden = beneath(view, own)
    assert {(b.q, b.r) for b in hidden} == set(stacked) and {b.level for b in hidden} == {1}
    said = lines(view, hidden, stacked, Board.of(whole).name)
    assert said[-1] == "start spaces on Levels 1 and 21 at Q6, R6, P7, Q7, R7, Q8, R8"


CORPUS_MAPS = corpus_files("glasq-xhtml", "*.html") + corpus_files("hsc", "*.hsc") + corpus_files("pairs", "*.h*")


@pytest.mark.slow
@pytest.mark.parametrize("path", CORPUS_MAPS)
def test_every_start_space_glyph_and_figure_of_the_corpus_shows_on_its_sheet(monkeypatch, path):
    """On every corpus map, each glyph, start space and figure is drawn with nothing painted over
    it: a scenario's own on that scenario's page, the others on some page of the build sheets."""
    from mapkit import api

    m = api.read(path)
    marks = [p for p in m.pieces if m.piece_type(p).kind in ("marker", "figure")]
    if not marks:
        return  # nothing to show (VirtualScape's tests of land, ruins, ladders ...)
    pages = _pages(monkeypatch, m)
    numbers = m.scenarios() if m.several_scenarios() else []
    page_of = dict(zip(numbers, sorted(pages)[-len(numbers):])) if numbers else {}
    missing = []
    for p in marks:
        where = [pages[page_of[p.attrs["scenario"]]]] if p.attrs.get("scenario") in page_of else list(pages.values())
        missing += [(p.attrs.get("scenario"), p.type, q, r, p.z) for q, r in m.footprint(p)
                    if not any(visible(painted, q, r, _label(p)) for painted in where)]
    assert not missing
