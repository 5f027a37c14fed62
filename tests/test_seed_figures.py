"""Figures where the seeds put them (issue 32): pieces inside a building stand on the floor they
are drawn on, Transit Spaces respect occupants, a figure on a Half or Partial hex is a finding,
and a start on a vehicle's hex is answered plainly.

Each test builds a map small enough to work out by hand, quotes the seed sentence it checks
(file and heading), and asserts the answer that sentence gives.
"""

from __future__ import annotations

import json

import pytest
from conftest import ROOT

from mapkit.model.map import Piece, Placement
from mapkit.movement.analysis import analyze, prepare, report
from mapkit.movement.buildings import BuildingLayer, BuildingSpace
from mapkit.movement.profile import Figure
from mapkit.movement.synthetic import column_map, line
from test_movement_books import layer_for, tower_book
from test_seed_divergences import exits, turns_cost, write_map


def hall() -> BuildingLayer:
    """One floor at height 1 over row r = 1, q = 0..3, its doorway at (0, 1), the ground under it
    covered; 6 levels of room under the ceiling."""
    floor = [BuildingSpace(q, 1, 1, 0, 0, "doorway" if q == 0 else "floor", clearance=6, max_height=7)
             for q in range(4)]
    return BuildingLayer(floor, {(q, 1): "covered" for q in range(4)})


def street_rows():
    """Grass rows r = 0, 1, 2 (q = 0..6): the hall stands on row 1."""
    return column_map(line([1] * 7) | line([1] * 7, r=1) | line([1] * 7, r=2))


def at_floor(spaces, q, r):
    (s,) = [s for s in range(len(spaces)) if (spaces.q[s], spaces.r[s]) == (q, r) and spaces.building[s] >= 0]
    return s


# -- pieces inside a building stand on its floor ----------------------------------------------------

def test_no_move_ends_on_a_floor_space_another_figure_holds():
    """seeds/004, Passing and landing on other figures: "You can't move through a space with an
    opponent's figure on it, or end your move on a space with any other figure."

    The hall; the map sets a figure on the floor space (2, 1). From (6, 0) a Move 5 figure never
    ends there, though it walks past it (a friendly figure) to (3, 1). (mapkit once set the
    figure on the ground under the floor: a move ended on (2, 1) in turn 2.)"""
    m = street_rows()
    m.pieces.append(Piece("figure", 2, 1, 1))
    spaces = prepare(m, hall())
    held = at_floor(spaces, 2, 1)
    assert spaces.occupied[held] and spaces.role[held] == "floor"
    res = analyze(spaces, Figure(move=5, height=5), (6, 0, 1))
    assert res.start_turns[held] is None
    # (6,0) .. (1,0) is 5, the doorway (0,1) 6, (1,1) 7, past the figure to (3,1): 9
    assert (res.start_turns[at_floor(spaces, 1, 1)], res.start_cost[at_floor(spaces, 1, 1)]) == (2, 7)
    assert (res.start_turns[at_floor(spaces, 3, 1)], res.start_cost[at_floor(spaces, 3, 1)]) == (2, 9)
    assert "1 space(s) hold a figure the map places" in " ".join(spaces.notes)


def test_a_start_zone_inside_is_never_engaged_with_one_outside():
    """seeds/000 (C3G Building Rules), Interior Access Structures in Play: "a figure occupying the
    interior of a structure is never engaged with a figure outside the structure unless otherwise
    specified."

    Player 1's start zone on the hall's floor at (3, 1); player 2's just outside its wall at
    (3, 2), the hex next to it. Neither engages the other where they stand: each must go round
    by the doorway (0, 1). Out: (2,1) (1,1) the doorway (0,1), (0,2) (1,2), then (2,2) beside
    (3,2) is the 6th space, turn 2. In: (2,2) (1,2) (0,2), the doorway, (1,1), then (2,1) beside
    (3,1) is the 6th, turn 2. (mapkit once set zone 1 on the ground under the floor: player 2
    engaged it in 0 turns, and player 1 "never" reached player 2, though it walks out in 2.)"""
    m = street_rows()
    m.pieces += [Piece("start-zone", 3, 1, 1, attrs={"player": 1}), Piece("start-zone", 3, 2, 1, attrs={"player": 2})]
    spaces = prepare(m, hall())
    assert spaces.zone[at_floor(spaces, 3, 1)] == 1
    res = analyze(spaces, Figure(move=5, height=5))
    engage = {(e["from"], e["to"]): (e["turns"], e["space"]) for e in res.engagement()}
    assert engage[(1, 2)][0] == 2 and engage[(1, 2)][1] in ([2, 2, 1], [4, 2, 1], [4, 1, 1])
    assert engage[(2, 1)] == (2, [2, 1, 1])
    # and from the floor the zone's own neighbours outside are no engagement
    assert all(x != spaces.at(3, 2) for x in res.engage_neighbours(at_floor(spaces, 3, 1)))


def test_a_glyph_on_a_floor_is_reached_when_the_floor_is():
    """seeds/000, Interior Terrain: "The floors inside Interior Access Structures are considered
    Interior Terrain and are specifically called Floor Spaces."

    A glyph on the hall's floor at (3, 1), player 1's zone at (6, 0): (5,0) .. (1,0), the doorway,
    (1,1), (2,1), (3,1) is 9 spaces, turn 2. (mapkit once set the glyph on the covered ground
    under the floor and called it unreachable.)"""
    m = street_rows()
    m.pieces += [Piece("glyph", 3, 1, 1, attrs={"letter": "A"}), Piece("start-zone", 6, 0, 1, attrs={"player": 1})]
    spaces = prepare(m, hall())
    res = analyze(spaces, Figure(move=5, height=5))
    (glyph,) = res.glyph_balance()
    assert (glyph["q"], glyph["r"], glyph["turns"], glyph["cost"]) == (3, 1, {"1": 2}, {"1": 9})
    assert spaces.building[spaces.glyph_spaces()[0]] == 0


def test_pieces_on_an_upper_floor_stand_on_it():
    """seeds/000, Interior Access Structures in Play: "Some larger structures, such as the
    Skyscraper, may have several Floors (different levels that can be occupied)"; STAIRWAYS:
    "A figure can move from a Stairway Up space to a corresponding Stairway Down space one Floor
    higher at a movement cost equal to the Transit Number."

    A two-floor tower Book on grass at Level 1 (floors at Levels 1 and 9; a Stairway Up on the
    ground floor, its Stairway Down on floor 2). Player 1's zone outside at (-8, 0); a glyph
    and player 2's zone on floor 2, a figure the map sets there too: each stands on floor 2,
    the glyph is reached by the stairs, the figure's space is never ended on, and player 2's
    figures come down the stairs and out. (mapkit once set all three on the ground under the
    tower: the glyph unreachable, player 2 "never" reaching anything.)"""
    cells = {(q, r): (1, "grass") for q in range(-9, 10) for r in range(-9, 10) if abs(q + r) <= 9}
    m = column_map(cells)
    m.buildings.append(Placement("tower", 0, 0, 1, 0))
    m.pieces += [Piece("start-zone", -8, 0, 1, attrs={"player": 1}), Piece("glyph", 1, 1, 9, attrs={"letter": "B"}),
                 Piece("start-zone", 0, 1, 9, attrs={"player": 2}), Piece("figure", 1, 0, 9)]
    spaces = prepare(m, layer_for(m, "tower", tower_book()))
    glyph = spaces.glyph_spaces()[0]
    (zone,) = spaces.zones()[2]
    held = [s for s in range(len(spaces)) if spaces.occupied[s]]
    assert [spaces.floor[s] for s in (glyph, zone, *held)] == [1, 1, 1]
    assert [spaces.level(s) for s in (glyph, zone, *held)] == [9, 9, 9]
    res = analyze(spaces, Figure(move=5, height=5))
    (balance,) = res.glyph_balance()
    assert balance["turns"]["1"] is not None and balance["turns"]["2"] == 1
    assert all(t[held[0]] is None for t in res.zone_turns.values())
    engage = {(e["from"], e["to"]): e["turns"] for e in res.engagement()}
    assert engage[(1, 2)] is not None and engage[(2, 1)] is not None


# -- Transit Spaces respect occupants ---------------------------------------------------------------

def test_no_placement_onto_a_transit_space_a_figure_holds():
    """seeds/000, Transit Spaces: "when a single-spaced figure moves onto an unoccupied space with
    a Transit Number, you may either: immediately place that figure onto any corresponding
    unoccupied Transit Space at a movement cost equal to the printed Transit Number, or
    immediately end your movement."

    The corridor q = 0..8 with exits (2, 0) and (6, 0), Transit Number 3; the map sets a figure on
    (6, 0). A Move 5 figure from (0, 0) moving onto (2, 0) cannot be placed on (6, 0), so it ends
    its move there: (3, 0) in turn 2, (7, 0) walked in turn 2 for 7. (mapkit once placed it onto
    the figure's space and walked it on: (7, 0) for 2 + 3 + 1 = 6.)"""
    m = column_map(line([1] * 9))
    m.pieces.append(Piece("figure", 6, 0, 1))
    spaces = prepare(m, exits(3, 2, 6))
    res = analyze(spaces, Figure(move=5, height=5), (0, 0, 1))
    assert turns_cost(spaces, res, 2, 0, 1) == (1, 2)
    assert turns_cost(spaces, res, 6, 0, 1) == (None, None)
    assert turns_cost(spaces, res, 3, 0, 1) == (2, 3)
    assert turns_cost(spaces, res, 7, 0, 1) == (2, 7)


def test_moving_through_a_held_transit_space_places_nothing():
    """seeds/000, Transit Spaces (above): the placement follows a move onto an *unoccupied* space
    with a Transit Number. The corridor with the figure on (2, 0) instead: a Move 5 figure from
    (0, 0) passes it (a friendly figure) and walks on, (3, 0) for 3 and (5, 0) for 5 in turn 1;
    it is never placed from (2, 0). (mapkit once made it stop or be placed on the held space:
    (3, 0) not before turn 2.)"""
    m = column_map(line([1] * 9))
    m.pieces.append(Piece("figure", 2, 0, 1))
    spaces = prepare(m, exits(3, 2, 6))
    res = analyze(spaces, Figure(move=5, height=5), (0, 0, 1))
    assert turns_cost(spaces, res, 2, 0, 1) == (None, None)
    assert turns_cost(spaces, res, 3, 0, 1) == (1, 3)
    assert turns_cost(spaces, res, 5, 0, 1) == (1, 5)
    assert turns_cost(spaces, res, 6, 0, 1) == (2, 6)


def test_both_graphs_agree_with_figures_on_floors_and_transit_spaces():
    """The reference and the fast graph are built from the same spaces: with a figure and a glyph
    on the floor and a figure on a Transit Space they give the same edges and the same ends."""
    from mapkit.movement import graph as gr
    from mapkit.movement.fastgraph import pairs_graph, walk_csr
    from test_movement_graph import edge_set, pair_edge_set

    m = street_rows()
    m.pieces += [Piece("figure", 2, 1, 1), Piece("figure", 5, 0, 1), Piece("glyph", 3, 1, 1, attrs={"letter": "A"})]
    layer = hall()
    layer.spaces += [BuildingSpace(5, 0, 1, 1, -1, "exit", transit_number=2),
                     BuildingSpace(5, 2, 1, 1, -1, "exit", transit_number=2)]
    spaces = prepare(m, layer)
    fig = Figure(move=5, height=5)
    assert edge_set(*walk_csr(spaces, fig)) == edge_set(*gr._csr(gr.walk_edges(spaces, fig)))
    double = Figure(move=5, height=5, double=True)
    ref, fast = gr._pairs(spaces, double, gr.walk_edges(spaces, double), False), pairs_graph(spaces, double)
    assert pair_edge_set(fast) == pair_edge_set(ref)
    assert dict(zip(fast.members, fast.can_end)) == dict(zip(ref.members, ref.can_end))
    res = analyze(spaces, fig, (6, 2, 1))
    assert turns_cost(spaces, res, 5, 0, 1) == (None, None)
    assert res.start_turns[at_floor(spaces, 2, 1)] is None and res.start_turns[at_floor(spaces, 3, 1)] is not None


# -- a figure on a Half or Partial hex is a finding -------------------------------------------------

STREET_HALF, STREET_PARTIAL = (5, 2), (5, 3)  # the Half strip between two buildings; a Partial hex by the bungalow


def street():
    from mapkit.api import read
    from test_c3g_rules import STREET

    return read(STREET)


def findings(m, code):
    from mapkit.rules.framework import RULES, CheckContext
    from test_c3g_rules import STREET

    return list(RULES[code].check(CheckContext(m, str(STREET))))


def test_a_figure_on_a_half_or_partial_hex_is_a_finding_as_a_start_zone_is():
    """seeds/000 (C3G Building Rules), Half Hex Movement: "Figures that are not destructible
    objects cannot occupy Half Hexes."; Partial Hex Movement: "Figures that are not destructible
    objects cannot enter or occupy Partial Hexes or be placed there by any special power on an
    Army Card or glyph."

    The sample street: a figure on the Half strip (5, 2), a double-based one on the Partial hexes
    (5, 3)-(6, 3) by the bungalow, a figure on the skyscraper's floor 2 at a Half hex (0, 3, Level 9) and one on a
    Full hex of that floor (1, 2, Level 9): C206 for the first three, at each hex and Level,
    as C203 says of a start zone or glyph on those hexes. (mapkit once said nothing of figures.)"""
    m = street()
    m.pieces += [Piece("figure", 5, 2, 1), Piece("figure-double", 5, 3, 1), Piece("figure", 0, 3, 9),
                 Piece("figure", 1, 2, 9)]
    got = sorted((f.q, f.r, f.level, f.message) for f in findings(m, "C206"))
    assert got == [(0, 3, 9, "figure on a half hex: figures cannot occupy it"),
                   (5, 2, 1, "figure on a half hex: figures cannot occupy it"),
                   (5, 3, 1, "figure on a partial hex: figures cannot occupy it"),
                   (6, 3, 1, "figure on a partial hex: figures cannot occupy it")]
    zones = street()
    zones.pieces += [Piece("start-zone", 5, 2, 1, attrs={"player": 1}), Piece("start-zone", 5, 3, 1, attrs={"player": 1}),
                     Piece("glyph", 0, 3, 9, attrs={"letter": "A"}), Piece("glyph", 1, 2, 9, attrs={"letter": "B"})]
    assert sorted((f.q, f.r, f.level) for f in findings(zones, "C203")) == [(0, 3, 9), (5, 2, 1), (5, 3, 1)]
    assert findings(street(), "C206") == []


def test_mapkit_rules_shows_the_figure_rule_with_its_seed_sentences(cli):
    for code in ("C206", "C203"):
        status, out, err = cli("rules", code)
        assert status == 0 and "Seed sentences:" in out, out
        assert "cannot occupy Half Hexes." in out and "cannot enter or occupy Partial Hexes" in out, out
    status, out, err = cli("rules", "--table")
    assert "C206" in out


def test_validate_reports_a_figure_on_a_half_hex(cli, tmp_path):
    from pathlib import Path

    from test_c3g_rules import STREET

    m = street()
    for p in m.buildings + m.objects:
        p.book = str((Path(STREET).parent / p.book).resolve())
    m.pieces.append(Piece("figure", *STREET_HALF, 1))
    path = write_map(m, tmp_path)
    code, out, err = cli("validate", path, "--profile", "c3g", "--select", "C206")
    assert code == 1 and "C206" in out and "figure on a half hex" in out, out


# -- a start on a vehicle's hex --------------------------------------------------------------------

def test_a_start_on_the_hex_a_vehicle_stands_on_is_answered_plainly(cli, tmp_path):
    """seeds/004, Passing and landing on other figures: no move ends "on a space with any other
    figure"; the sample Sports Car stands on (1, 0)-(2, 0) of two grass rows. `--start 1,0,1`
    names the car and the one space that hex has, its top on Level 5, never the Level 1 the car
    closes (mapkit once said "no space at B1 ... on Level 1; that hex has spaces on Level 1, 5")."""
    m = column_map(line([1] * 5) | line([1] * 5, r=1))
    m.objects.append(Placement("sports-car", 1, 0, 1, 0))
    path = write_map(m, tmp_path)
    code, out, err = cli("analyze", path, "--start", "1,0,1")
    assert code == 2 and not out
    assert "no space at B1 (1, 0) on Level 1: Sports Car (object 1) stands there; that hex has spaces on Level 5" \
        in err, err
    code, out, err = cli("analyze", path, "--start", "1,0,5", "--json")
    assert code == 0 and json.loads(out)["start"] == [1, 0, 5]


@pytest.mark.parametrize("start, words", [
    ("3,3,1", "an elevator shaft: only its Elevator Car stops there"),  # where the sample's Elevator Car stands
    ("3,3,9", "an elevator shaft: only its Elevator Car stops there"),
    ("6,1,1", "a Half hex"),
])
def test_a_start_where_no_move_of_the_figure_ends_says_why(cli, start, words):
    """The street sample's Elevator Car stands in its shaft at E4 (3, 3): `--start 3,3,1` answered
    "from E4 (3, 3) on Level 1: ; 175 not reachable" (no space listed, not even its own), and a
    start on a Half hex, where seeds/000 says figures "cannot occupy", was measured as if a figure
    stood there. A start is a place the figure stands on: where none may, the answer says why,
    exit 2, as for a hex a vehicle closes."""
    street = ROOT / "samples" / "maps" / "street.mapkit.json"
    code, out, err = cli("analyze", street, "--start", start)
    assert code == 2 and not out and err.count("\n") == 1, (code, out, err)
    assert words in err and "no figure of this profile stands there" in err, err


@pytest.mark.parametrize("cells, start, words", [
    ({(0, 0): (1, "grass"), (1, 0): (1, "tree")}, "1,0,1", "Evergreen tree fills that hex"),
])
def test_a_start_on_a_hex_without_a_space_names_what_fills_it(cli, tmp_path, cells, start, words):
    path = write_map(column_map(cells), tmp_path)
    code, out, err = cli("analyze", path, "--start", start)
    assert code == 2 and words in err and "that hex has no space" in err, err


def test_report_notes_the_figures_once(tmp_path):
    m = street_rows()
    m.pieces += [Piece("figure", 2, 1, 1), Piece("figure", 6, 2, 1)]
    data = report(analyze(prepare(m, hall()), Figure()))
    assert sum("hold a figure the map places" in n for n in data["notes"]) == 1
    assert "2 space(s) hold a figure" in " ".join(data["notes"])
