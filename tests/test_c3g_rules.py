"""C3G rules: the samples pass; broken copies of them trigger each rule."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import mapkit.rules.c3g  # noqa: F401  (registers the rules)
from mapkit.books import book_from_json
from mapkit.rules.checks import check_book_file
from mapkit.api import read
from mapkit.model.map import Piece, PlacedSource, Placement
from mapkit.rules.framework import RULES, CheckContext, rule_docs

ROOT = Path(__file__).resolve().parent.parent
STREET = ROOT / "samples" / "maps" / "street.mapkit.json"
C3G_CODES = sorted(code for code, r in RULES.items() if r.family == "c3g")


def sample(name: str) -> dict:
    return json.loads((ROOT / "samples" / "books" / f"{name}.book.json").read_text())


def book_codes(doc: dict, tmp_path: Path) -> list[tuple[str, tuple]]:
    path = tmp_path / "broken.book.json"
    path.write_text(json.dumps(doc))
    return [(f.code, (f.q, f.r, f.level)) for f in check_book_file(path)]


def map_findings(m, code: str) -> list:
    return list(RULES[code].check(CheckContext(m, str(STREET))))


def street():
    return read(STREET)  # the map and the Books it places, found beside it


def test_every_rule_is_documented_with_a_seed_passage():
    docs = rule_docs("c3g")
    assert C3G_CODES and set(C3G_CODES) == set(docs)
    for code in C3G_CODES:
        assert docs[code]["source"] and docs[code]["what"] and docs[code]["why"]
        assert RULES[code].profiles == frozenset({"c3g"})


def test_street_map_passes_every_c3g_rule():
    m = street()
    ctx = CheckContext(m, str(STREET))
    assert [f for code in C3G_CODES for f in RULES[code].check(ctx)] == []


# -- Book-level rules on broken copies -----------------------------------------------------------

def sky_with(edit) -> dict:
    doc = copy.deepcopy(sample("skyscraper"))
    edit(doc)
    return doc


@pytest.mark.parametrize("edit, code, where", [
    # a window on a Full hex
    (lambda d: d["floors"][1]["windows"].append([1, 0]), "C101", (1, 0, 8)),
    # a window on a Half hex of a closed side (the west wall, edge 3)
    (lambda d: d["floors"][1]["windows"].append([-1, 1]), "C101", (-1, 1, 8)),
    # a doorway in the middle of the floor
    (lambda d: d["floors"][0]["doorways"].append([1, 1]), "C102", (1, 1, 0)),
    # a doorway on the wall line but on a Partial hex
    (lambda d: d["floors"][0]["doorways"].append([0, -1]), "C102", (0, -1, 0)),
    # a lone Transit Number
    (lambda d: d["floors"][0].setdefault("transit", []).append({"q": 0, "r": 0, "number": 7}), "C103", (0, 0, 0)),
    # a transit space on a Partial hex
    (lambda d: d["floors"][0].setdefault("transit", []).extend(
        [{"q": 0, "r": -1, "number": 5}, {"q": 0, "r": 0, "number": 5}]), "C104", (0, -1, 0)),
    # the roof floor loses its Stairway Down: floor 1's Stairway Up is unpaired
    (lambda d: d["floors"][2].pop("stairways_down"), "C105", (0, 1, 8)),
    # a Stairway Down with the wrong number
    (lambda d: d["floors"][1]["stairways_down"][0].__setitem__("number", 2), "C105", (2, 0, 8)),
    # the shaft skips floor 1
    (lambda d: d["floors"][1].pop("elevator_shafts"), "C106", (2, 1, 16)),
    # a stairway on a shaft space
    (lambda d: d["floors"][2]["stairways_down"][0].update(q=2, r=1), "C107", (2, 1, 16)),
    # a doorway far outside the footprint
    (lambda d: d["floors"][0]["doorways"].append([9, 9]), "C108", (9, 9, 0)),
])
def test_broken_skyscraper_triggers(edit, code, where, tmp_path):
    assert (code, where) in book_codes(sky_with(edit), tmp_path)


def test_bungalow_with_one_exit_or_covered_exit(tmp_path):
    one = sample("bungalow")
    one["exits"] = one["exits"][:1]
    assert [c for c, _ in book_codes(one, tmp_path)] == ["C103"]
    under = sample("bungalow")
    under["exits"].append({"q": 0, "r": 0})
    codes = {c for c, _ in book_codes(under, tmp_path)}
    assert {"C104", "C108"} <= codes


def test_floor_marks_on_an_enclosed_structure(tmp_path):
    doc = sample("bungalow")
    doc["floors"] = [{"height": 0, "doorways": [[0, 1]]}]
    assert "C108" in {c for c, _ in book_codes(doc, tmp_path)}


# -- map-level rules on broken copies of the street -------------------------------------------------

def test_elevator_car_missing_or_occupied():
    m = street()
    car = next(o for o in m.objects if "elevator" in o.book)
    m.objects.remove(car)
    assert [(f.q, f.r, f.level) for f in map_findings(m, "C109")] == [(3, 3, 1)]
    m = street()
    next(o for o in m.objects if "elevator" in o.book).occupants.append({"name": "Gambit", "size": "Medium", "player": 1})
    assert len(map_findings(m, "C109")) == 1


def test_only_an_elevator_car_on_a_shaft_space():
    m = street()
    m.objects.append(Placement(book="../books/mailbox.book.json", q=3, r=3, level=9))
    m.pieces.append(Piece("glyph", 3, 3, 17, attrs={"letter": "A"}))
    assert {(f.q, f.r, f.level) for f in map_findings(m, "C107")} == {(3, 3, 9), (3, 3, 17)}


def test_building_not_flat_and_on_height_0():
    m = street()
    # a hole under the bungalow at (6, 2): lift the ground tile under hex (6, 3) out of the map
    tile = next(i for i, p in enumerate(m.pieces) if (6, 3) in m.footprint(p) and p.z == 0)
    holes = set(m.footprint(m.pieces[tile]))
    del m.pieces[tile]
    found = {(f.q, f.r) for f in map_findings(m, "C201")}
    assert (6, 3) in found and found <= holes
    m = street()
    for p in m.pieces:
        if (7, 2) in m.footprint(p) and p.z == 0:
            p.type, p.rotation = "water-1", 0
            p.q, p.r = 7, 2
    assert [(f.q, f.r) for f in map_findings(m, "C202")] == [(7, 2)]
    m = street()
    m.pieces.append(Piece("rock-1", 7, 3, 1))
    assert [(f.q, f.r) for f in map_findings(m, "C201")] == [(7, 3)]


def test_start_zone_and_glyph_not_on_half_or_partial():
    m = street()
    m.pieces.append(Piece("glyph", 5, 2, 1, attrs={"letter": "B"}))  # the Half strip between two buildings
    m.pieces.append(Piece("start-zone", 5, 3, 1, attrs={"player": 2}))  # a Partial hex by the bungalow
    found = {(f.q, f.r): f.message for f in map_findings(m, "C203")}
    assert set(found) == {(5, 2), (5, 3)}
    assert "half" in found[(5, 2)] and "partial" in found[(5, 3)]


def test_object_on_partial_hex_must_fit():
    m = street()
    mailbox = next(o for o in m.objects if "mailbox" in o.book)
    assert map_findings(m, "C204") == []  # at (0, 2): a Half hex by the wall, but the small mailbox fits
    mailbox.q, mailbox.r = 4, 3  # Half hex by the skyscraper's east wall: the base overlaps the wall
    assert [(f.q, f.r) for f in map_findings(m, "C204")] == [(4, 3)]


def test_vehicle_occupants():
    m = street()
    car = next(o for o in m.objects if "sports-car" in o.book)
    car.occupants.append({"name": "Wolverine", "size": "Medium", "player": 1})
    assert len(map_findings(m, "C301")) == 1
    m = street()
    car = next(o for o in m.objects if "sports-car" in o.book)
    car.occupants[0]["size"] = "Large"
    assert len(map_findings(m, "C302")) == 1
    car.occupants[1]["player"] = 2
    assert map_findings(m, "C303") == []   # the current vehicle rules (seeds/001) allow it
    legacy = CheckContext(m, str(STREET), {"vehicle_rules": "legacy"})
    assert len(list(RULES["C303"].check(legacy))) == 1


def test_cosmos_spaces_at_height_0():
    m = street()
    m.pieces.append(Piece("cosmos-1", 20, 20, 0))
    assert map_findings(m, "C401") == []
    m.pieces.append(Piece("cosmos-1", 21, 20, 2))
    # the Cosmos tile's bottom is at height 2: it is laid as a Level 3 tile
    assert [(f.q, f.r, f.level) for f in map_findings(m, "C401")] == [(21, 20, 3)]


def test_missing_book_is_reported():
    m = street()
    m.buildings.append(Placement(book="nowhere.book.json", q=0, r=20, level=1))
    found = map_findings(m, "C001")
    assert len(found) == 1 and "nowhere.book.json" in found[0].message


def test_sample_books_resolve_by_name():
    m = street()
    m.buildings = [Placement(book="bungalow", q=6, r=2, level=1)]
    m.objects = []
    assert map_findings(m, "C201") == [] and map_findings(m, "C001") == []


def test_rotated_placement_moves_book_findings(tmp_path):
    doc = sky_with(lambda d: d["floors"][0]["doorways"].append([1, 1]))
    m = street()
    m.buildings = [Placement(book="broken", q=4, r=4, level=1, rotation=2)]
    m.objects = []
    m.books["broken"] = PlacedSource(book_from_json(doc))  # a Book given in code
    ctx = CheckContext(m, str(STREET))
    found = [(f.q, f.r, f.level) for f in RULES["C102"].check(ctx)]
    assert found == [(2, 5, 1)]  # local (1, 1) turned 60° twice: (-1, 2), then (-2, 1)


def test_a_map_placing_a_broken_book_reports_c001_not_a_crash(tmp_path):
    # A NaN coordinate used to reach GEOS: `validate --profile c3g` and `overlay` ended in an internal error.
    from conftest import run_subprocess

    (tmp_path / "nan.book.json").write_text(
        '{"name": "n", "kind": "enclosed", "footprint": {"polygon": [[0, 0], [NaN, 0], [0, 50]]}}')
    doc = json.loads(STREET.read_text())
    doc["buildings"] = [{"book": "nan.book.json", "q": 1, "r": 2, "level": 1, "rotation": 0},
                        {"book": "missing.book.json", "q": 6, "r": 2, "level": 1, "rotation": 0}]
    doc["objects"] = []
    path = tmp_path / "street.mapkit.json"
    path.write_text(json.dumps(doc))
    result = run_subprocess("validate", "--profile", "c3g", "--select", "C0", path)
    assert result.returncode == 1 and result.stderr == ""
    assert result.stdout.count(" C001 error: ") == 2 and "NaN is not finite" in result.stdout
    result = run_subprocess("overlay", path)
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and "NaN" in result.stderr


def test_a_book_in_the_wrong_list_is_c001():
    # A vehicle among the buildings or a skyscraper among the objects used to pass every rule.
    m = street()
    m.buildings = [Placement(book="sports-car", q=1, r=2, level=1)]
    m.objects = [Placement(book="skyscraper", q=7, r=6, level=1)]
    messages = [f.message for f in map_findings(m, "C001")]
    assert len(messages) == 2
    assert "Sports Car" in messages[0] and "vehicle Book" in messages[0] and "structures" in messages[0]
    assert "interior-access Book" in messages[1] and "vehicles" in messages[1]


def test_partial_verdicts_say_when_they_rest_on_the_assumed_marker(tmp_path):
    # Half vs Partial depends on the wound-marker diameter, which is an assumption: say so where it decides.
    doc = sky_with(lambda d: d["floors"][0]["doorways"].append([0, -1]))  # a Partial hex on the wall line
    path = tmp_path / "sky.book.json"
    path.write_text(json.dumps(doc))
    c102 = [f.message for f in check_book_file(path) if f.code == "C102"]
    assert c102 == ["floor 1: doorway on a partial hex (judged with the assumed 19 mm wound marker), "
                    "which no figure can pass"]
    from mapkit.geometry import OverlayParams

    given = [f.message for f in check_book_file(path, OverlayParams.from_options(marker_diameter=19))
             if f.code == "C102"]
    assert given == ["floor 1: doorway on a partial hex, which no figure can pass"]


def test_a_window_outside_the_footprint_reads_as_english(tmp_path):
    # The message used to read "window on a outside the footprint hex".
    doc = sky_with(lambda d: d["floors"][1]["windows"].append([9, 9]))
    path = tmp_path / "sky.book.json"
    path.write_text(json.dumps(doc))
    c101 = [f.message for f in check_book_file(path) if f.code == "C101"]
    assert c101 == ["floor 2: window on a hex outside the footprint; windows go only on Half hexes"]


def test_buildings_that_overlap_are_c205():
    # Two buildings in one place used to pass every rule (the overlay simply united them).
    m = street()
    bungalow = next(b for b in m.buildings if "bungalow" in b.book)
    m.buildings.append(Placement(book=bungalow.book, q=bungalow.q + 1, r=bungalow.r, level=bungalow.level))
    found = map_findings(m, "C205")
    assert len(found) == 1 and "overlap by" in found[0].message and found[0].level == bungalow.level
    m.buildings[-1].level += 8  # on another level: not compared (C201 reports it floating)
    assert map_findings(m, "C205") == []


def test_c205_compares_only_buildings_whose_footprints_meet(monkeypatch):
    # It used to intersect every pair of buildings on a level: 1,770 pairs for 60 buildings.
    import numpy as np
    import shapely

    m = street()
    bungalow = next(b for b in m.buildings if "bungalow" in b.book)
    m.buildings = [Placement(book=bungalow.book, q=bungalow.q + 12 * k, r=bungalow.r, level=bungalow.level)
                   for k in range(60)]
    m.buildings.append(Placement(book=bungalow.book, q=bungalow.q + 1, r=bungalow.r, level=bungalow.level))
    compared = []
    real = shapely.intersection

    def counting(a, b, *args, **kwargs):
        compared.append(np.size(a))
        return real(a, b, *args, **kwargs)

    monkeypatch.setattr(shapely, "intersection", counting)
    found = map_findings(m, "C205")
    assert len(found) == 1 and "(building 1)" in found[0].message and "(building 61)" in found[0].message
    assert sum(compared) <= 3


def test_figures_and_glyphs_on_an_upper_floor_stand_on_the_building():
    # A glyph or figure on a skyscraper's upper floor used to be reported floating (P109, P101).
    from mapkit.rules.framework import run_rules, select_rules

    m = street()
    sky = next(b for b in m.buildings if "skyscraper" in b.book)  # floor 1 (8 levels up): local (0, 0) is Full
    m.pieces.append(Piece("glyph", sky.q, sky.r, sky.level + 8, attrs={"letter": "A"}))
    m.pieces.append(Piece("figure", sky.q + 1, sky.r, sky.level + 8))
    m.pieces.append(Piece("figure", sky.q + 1, sky.r, sky.level + 7))  # between floors: floats
    found = [(f.code, f.level) for f in run_rules(CheckContext(m, str(STREET)), select_rules("casual"))]
    assert found == [("P101", sky.level + 7)]
