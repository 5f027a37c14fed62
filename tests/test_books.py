"""Books: loading, schema errors naming the JSON path, the samples, placing an overlay on a map."""

from __future__ import annotations

import copy
import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from mapkit.books import book_from_json, load_book
from mapkit.rules.checks import check_book_file
from mapkit.errors import FormatError
from mapkit.books import classify, place
from mapkit.geometry import OverlayParams
from mapkit.model.grid import rotate
from mapkit.schemas import json_path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "samples" / "books").glob("*.book.json"))


def sample(name: str) -> dict:
    return json.loads((ROOT / "samples" / "books" / f"{name}.book.json").read_text())


def test_the_samples_cover_every_kind():
    kinds = {load_book(p).kind for p in SAMPLES}
    assert kinds == {"enclosed", "interior-access", "destructible-object", "vehicle"}


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_every_sample_passes_validation(path):
    assert check_book_file(path) == []
    book = load_book(path)
    assert book.illustrative, "sample numbers are not the published ones and must say so"


def test_sample_contents_match_the_brief():
    bungalow = load_book(ROOT / "samples/books/bungalow.book.json")
    assert bungalow.transit_number == 4 and bungalow.entry["max_height"] <= 7 and len(bungalow.exits) >= 2
    sky = load_book(ROOT / "samples/books/skyscraper.book.json")
    assert len(sky.floors) >= 3 and sky.floors[0].open_sides
    kinds = {m.kind for f in sky.floors for m in f.marks}
    assert {"doorway", "window", "stairway-up", "stairway-down", "elevator-shaft"} <= kinds
    car = load_book(ROOT / "samples/books/sports-car.book.json")
    assert car.card["occupancy"] == 2 and car.card["cover"] == "partial" and car.card["driver_space"]
    assert load_book(ROOT / "samples/books/elevator-car.book.json").is_elevator_car


@pytest.mark.parametrize("mutate, where", [
    (lambda d: d.pop("name"), "$"),
    (lambda d: d.__setitem__("kind", "castle"), "$.kind"),
    (lambda d: d["footprint"].__setitem__("polygon", [[0, 0], [1, 1]]), "$.footprint.polygon"),
    (lambda d: d["floors"][1].__setitem__("windows", [[1]]), "$.floors[1].windows[0]"),
    (lambda d: d["floors"][0]["stairways_up"][0].__setitem__("number", "3"), "$.floors[0].stairways_up[0].number"),
])
def test_schema_errors_name_the_json_path(mutate, where):
    doc = copy.deepcopy(sample("skyscraper"))
    mutate(doc)
    with pytest.raises(FormatError) as info:
        book_from_json(doc, "sky.book.json")
    assert info.value.where == where
    assert "sky.book.json" in str(info.value)


def test_check_book_file_reports_each_schema_error(tmp_path):
    doc = sample("sports-car")
    doc["vehicle"]["size"] = "Enormous"
    doc["vehicle"]["cover"] = "none"
    path = tmp_path / "car.book.json"
    path.write_text(json.dumps(doc))
    findings = check_book_file(path)
    assert [f.code for f in findings] == ["C001", "C001"]
    assert any("$.vehicle.size" in f.message for f in findings)


def test_bad_json_names_the_line(tmp_path):
    path = tmp_path / "bad.book.json"
    path.write_text('{"name": "x",\n "kind": }')
    with pytest.raises(FormatError) as info:
        load_book(path)
    assert "line 2" in str(info.value)


def test_load_book_sees_a_changed_file(tmp_path):
    path = tmp_path / "b.book.json"
    doc = sample("mailbox")
    path.write_text(json.dumps(doc))
    assert load_book(path).name == "Mailbox"
    doc["name"] = "Post box, longer name"
    path.write_text(json.dumps(doc))
    assert load_book(path).name == "Post box, longer name"


def test_vehicle_entrance_turns_with_the_placement():
    from mapkit.books.placed import placed_books
    from mapkit.model.map import Map, Placement

    m = Map(objects=[Placement(book="sports-car", q=0, r=0, level=0, rotation=2)])
    pb = placed_books(m).objects[0]
    assert pb.book.card["entrance"] == "NE" and pb.entrance() == "SE"
    assert pb.spaces() == [(0, 0), (-1, 1)]  # the east space turned twice lies south-west


hexes_st = st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3)).map(list), max_size=3)
numbered_st = st.lists(st.fixed_dictionaries({"q": st.integers(-3, 3), "r": st.integers(-3, 3),
                                               "number": st.integers(0, 3)}), max_size=2)
floor_st = st.fixed_dictionaries({"height": st.integers(0, 9)}, optional={
    "open_sides": st.lists(st.integers(0, 6), unique=True, max_size=3), "doorways": hexes_st, "windows": hexes_st,
    "elevator_shafts": hexes_st, "transit": numbered_st, "stairways_up": numbered_st, "stairways_down": numbered_st,
    "interior": st.lists(st.tuples(st.integers(-150, 150), st.integers(-150, 150)).map(list), min_size=3, max_size=5)})


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(-150, 150), st.integers(-150, 150)).map(list), min_size=3, max_size=6),
       st.sampled_from(["enclosed", "interior-access"]), st.lists(floor_st, max_size=3),
       st.floats(0, 60), numbered_st)
def test_any_valid_book_can_be_checked(tmp_path_factory, polygon, kind, floors, wall, exits):
    """Self-crossing footprints, empty interiors, marks anywhere: findings, never a crash.

    A Book whose polygons cross themselves or enclose nothing is refused (C001, FormatError)."""
    doc = {"name": "fuzz", "kind": kind, "footprint": {"polygon": polygon}, "floors": floors,
           "wall_thickness": wall, "exits": exits, "transit_number": 2}
    path = tmp_path_factory.mktemp("fuzz") / "f.book.json"
    path.write_text(json.dumps(doc))
    findings = check_book_file(path)
    assert all(f.code.startswith("C") for f in findings)
    if any(f.code == "C001" for f in findings):
        with pytest.raises(FormatError):
            load_book(path)
    else:
        classify(load_book(path))


def _square(**extra) -> dict:
    doc = {"name": "box", "kind": "interior-access", "footprint": {"polygon": [[0, 0], [100, 0], [100, 100], [0, 100]]}}
    doc.update(extra)
    return doc


@pytest.mark.parametrize("doc, where, words", [
    # Each used to be accepted: the footprint or interior made valid in silence (two triangles for a
    # bow tie, nothing at all for a line), an open side naming no edge ignored.
    (_square(footprint={"polygon": [[0, 0], [100, 100], [100, 0], [0, 100]]}), "$.footprint.polygon", "Self-intersection"),
    (_square(footprint={"polygon": [[0, 0], [50, 0], [100, 0]]}), "$.footprint.polygon", "not a simple polygon"),
    (_square(footprint={"polygon": [[0, 0], [0.1, 0], [0.1, 0.1]]}), "$.footprint.polygon", "no area"),
    (_square(floors=[{"height": 0, "interior": [[0, 0], [100, 100], [100, 0], [0, 100]]}]), "$.floors[0].interior",
     "Self-intersection"),
    (_square(floors=[{"height": 0, "interior": [[0, 0], [150, 0], [150, 100], [0, 100]]}]), "$.floors[0].interior",
     "outside the footprint"),
    (_square(floors=[{"height": 0}, {"height": 8, "open_sides": [1, 4]}]), "$.floors[1].open_sides[1]", "no edge 4"),
    (_square(floors=[{"height": 0}, {"height": 0}]), "$.floors[1].height", "at least one level higher"),
    # Far or huge footprints made the overlay find no hex at all (1e9 mm) or run for minutes (1e5 mm).
    (_square(footprint={"polygon": [[0, 0], [1e5, 0], [1e5, 1e5], [0, 1e5]]}), "$.footprint.polygon[1][0]", "maximum"),
    (_square(exits=[{"q": 10**30, "r": 0}]), "$.exits[0].q", "maximum"),
])
def test_shape_errors_name_the_json_path(tmp_path, doc, where, words):
    path = tmp_path / "bad.book.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(FormatError) as info:
        load_book(path)
    assert info.value.where == where and words in info.value.message
    findings = check_book_file(path)
    assert findings and all(f.code == "C001" for f in findings)
    assert any(f.message.startswith(where + ": ") for f in findings)


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_not_json(tmp_path, constant):
    # Python's json reads them; they used to reach GEOS and end in an internal error.
    path = tmp_path / "nan.book.json"
    path.write_text('{"name": "n", "kind": "enclosed", "footprint": {"polygon": [[0, 0], [%s, 0], [0, 50]]}}' % constant)
    with pytest.raises(FormatError, match=f"{constant} is not finite"):
        load_book(path)
    with pytest.raises(FormatError):  # not JSON: unreadable, like a map (validate exits 2)
        check_book_file(path)


def test_only_a_bare_name_falls_back_to_the_sample_books(tmp_path):
    # A missing `books/bungalow.book.json` used to be replaced, silently, by the illustrative sample.
    from mapkit.books.placed import SAMPLES_DIR, resolve_book

    map_file = str(tmp_path / "m.mapkit.json")
    assert resolve_book("bungalow", map_file) == SAMPLES_DIR / "bungalow.book.json"
    for name in ("books/bungalow.book.json", "bungalow.book.json", "../x/bungalow"):
        assert resolve_book(name, map_file) == tmp_path / name
    (tmp_path / "bungalow").write_text("{}")  # a file of that name beside the map wins
    assert resolve_book("bungalow", map_file) == tmp_path / "bungalow"


def _round(n: int, radius: float = 400.0) -> list[list[float]]:
    return [[round(radius * math.cos(2 * math.pi * i / n), 3), round(radius * math.sin(2 * math.pi * i / n), 3)]
            for i in range(n)]


@pytest.mark.parametrize("bad, where, words", [
    (lambda ring: ring[300].__setitem__(1, 2500.0), "$.footprint.polygon[300][1]", "maximum"),
    (lambda ring: ring[301].__setitem__(0, True), "$.footprint.polygon[301][0]", "where the schema wants a number"),
    (lambda ring: ring[302].append(0.0), "$.footprint.polygon[302]", "more items than the schema allows"),
    (lambda ring: ring.__setitem__(303, "0,0"), "$.footprint.polygon[303]", "where the schema wants an array"),
])
def test_a_long_polygon_is_checked_point_by_point_as_the_schema_does(bad, where, words):
    # Long polygons skip jsonschema's per-point walk (20 s for 200,000 points) when every point
    # passes; one bad point anywhere still gets the schema's own message at its own path.
    from mapkit.books.schema import LONG_POLYGON, _validator, schema_errors

    ring = _round(LONG_POLYGON * 4)
    doc = {"name": "round", "kind": "interior-access", "footprint": {"polygon": ring},
           "floors": [{"height": 0, "interior": _round(LONG_POLYGON * 2, 300.0)}]}
    assert schema_errors(doc) == []
    bad(ring)
    errors = schema_errors(doc)
    whole = sorted(_validator("book.schema.json").iter_errors(doc), key=lambda e: [str(p) for p in e.absolute_path])
    assert [w for w, _ in errors] == [where] == [json_path(e.absolute_path) for e in whole]
    assert words in errors[0][1]


def test_a_book_past_the_old_vertex_limit_overlays_as_its_simple_twin():
    # 20,000 corners (the limit was 10,000) on the same square as a 4-corner Book: same classes.
    from mapkit.books.schema import LONG_POLYGON

    side = 200.0
    n = 5_000
    edge = [i * side / n for i in range(n)]
    ring = ([[x, 0.0] for x in edge] + [[side, y] for y in edge] + [[side - x, side] for x in edge]
            + [[0.0, side - y] for y in edge])
    assert len(ring) > 10_000 > LONG_POLYGON
    dense = classify(book_from_json({"name": "dense", "kind": "enclosed", "footprint": {"polygon": ring}}))
    plain = classify(book_from_json({"name": "plain", "kind": "enclosed",
                                     "footprint": {"polygon": [[0, 0], [side, 0], [side, side], [0, side]]}}))
    assert dense.exterior == plain.exterior and len(dense.exterior) > 20


def test_a_map_read_carries_its_books_so_every_door_answers_alike(tmp_path, monkeypatch):
    """`mapkit.read` resolves every Book a map places beside its file and keeps it on the
    map (`Map.books`, by the name its placements give), so `validate(read(p))` answers as `validate(p)` whatever the working folder
    (issue 23, item 0: it gave 6 errors, 'skyscraper.book.json: cannot read')."""
    import mapkit

    street = ROOT / "samples" / "maps" / "street.mapkit.json"
    monkeypatch.chdir(tmp_path)
    by_path = mapkit.validate(street, profile="c3g")
    by_map = mapkit.validate(mapkit.read(street), profile="c3g")
    assert [f.message for f in by_map.findings] == [f.message for f in by_path.findings]
    assert not any("cannot read" in f.message for f in by_map.findings)
    m = mapkit.read(street)
    assert all(m.books[p.book].book is not None and m.books[p.book].source.endswith(".book.json")
               for p in m.buildings + m.objects)
    # a Book that is not there is named the same way by both doors
    moved = tmp_path / "street.mapkit.json"
    moved.write_bytes(street.read_bytes())
    by_path = {f.message for f in mapkit.validate(moved, profile="c3g").findings if "cannot read" in f.message}
    by_map = {f.message for f in mapkit.validate(mapkit.read(moved), profile="c3g").findings
              if "cannot read" in f.message}
    assert by_path and by_map == by_path


def test_the_sample_books_ship_with_the_package():
    """A bare name ("bungalow") falls back to the sample Books, which the wheel carries as
    mapkit/sample_books (a checkout finds them in samples/books)."""
    from mapkit.books import placed

    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"samples/books" = "mapkit/sample_books"' in pyproject
    assert placed._PACKAGED == ROOT / "mapkit" / "sample_books"
    assert placed.SAMPLES_DIR == (placed._PACKAGED if placed._PACKAGED.is_dir() else ROOT / "samples" / "books")
    assert placed.resolve_book("bungalow", None) == placed.SAMPLES_DIR / "bungalow.book.json"
