"""mapkit's native JSON: exact round trips, schema errors that name the path, hostile input."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from conftest import corpus_files, run_subprocess
from mapkit.errors import FormatError
from mapkit.formats import detect, get, glasq, native, read_map, write_map
from mapkit.model.map import Map, Piece, Placement
from mapkit.schemas import json_path, load

PAGES = corpus_files("glasq-xhtml", "*.html")
#: Every corpus map of the other readers; a test skips while its reader is not merged in yet.
OTHER_MAPS = ([pytest.param("hsc", *p.values, id="hsc/" + p.id) for p in corpus_files("hsc", "*.hsc")]
              + [pytest.param("hexoscape", *p.values, id="hexoscape/" + p.id)
                 for p in corpus_files("hexoscape", "*.json")])


def full_map() -> Map:
    """A map using every field the model has."""
    return Map(
        name="Fjörd \"crossing\"", author="tester", players="2", notes="Line one\nLine two",
        pieces=[
            Piece("grass-24", 0, 0, 0, 3, extras={"hsc": {"raw": [1, 2, 3]}}),
            Piece("rock-3", -4, 7, 1, 5),
            Piece("glyph", 2, 2, 1, 0, {"letter": "A"}),
            Piece("start-zone", 3, 2, 1, 0, {"player": 2, "name": "Olive"}),
            Piece("laur-pillar", 1, 1, 1, 2.5),
            Piece("castle-wall-corner", 5, 5, 2, 1),
        ],
        buildings=[Placement("books/tower.json", 4, 4, 1, 2, [], {"note": "east"})],
        objects=[Placement("jeep", -1, 3, 0, 5, [{"name": "Captain", "player": 1}])],
        attrs={"required_sets": "RotV", "scenarios": [{"number": 1, "title": "T", "text": "x"}]},
        extras={"hsc": {"trailing": "AAA="}}, source_format="hsc", source_version="0.0007",
        warnings=["line 3: something recovered"],
    )


def document(**changes):
    doc = json.loads(native.write(full_map()))
    doc.update(changes)
    return doc


def read_doc(doc) -> Map:
    return native.read(json.dumps(doc).encode())


# -- round trips ------------------------------------------------------------------------------
def test_round_trip_is_byte_identical():
    data = native.write(full_map())
    back = native.read(data)
    assert back == full_map()
    assert native.write(back) == data
    assert data.endswith(b"\n") and data.count(b"\n    {") == 6 + 1 + 1  # one piece / placement a line


def test_key_order_inside_attrs_and_extras_is_kept():
    m = full_map()
    m.extras = {"hexoscape": {"hexMap": {"id": "1", "name": "n", "author": "", "shape": "rectangle"}}}
    m.attrs = {"zeta": 1, "alpha": 2}
    back = native.read(native.write(m))
    assert list(back.extras["hexoscape"]["hexMap"]) == ["id", "name", "author", "shape"]
    assert list(back.attrs) == ["zeta", "alpha"]
    assert native.write(copy.deepcopy(m)) == native.write(m)  # same map, same bytes


def test_rotation_stays_an_integer_unless_it_is_a_half_step():
    data = native.write(Map(pieces=[Piece("grass-1", 0, 0, 0, 2.0), Piece("laur-pillar", 1, 0, 0, 0.5)]))
    assert b'"rotation": 2}' in data and b'"rotation": 0.5}' in data


def test_empty_map_round_trips():
    data = native.write(Map())
    assert native.write(native.read(data)) == data


@pytest.mark.parametrize("path", PAGES)
def test_corpus_map_keeps_every_cell_through_mapkit_json(path, tmp_path):
    original = glasq.read(path.read_bytes())
    target = tmp_path / "map.mapkit.json"
    assert write_map(original, target) == []
    back = read_map(target)
    assert list(back.iter_cells()) == list(original.iter_cells())
    assert back.pieces == original.pieces
    assert (back.name, back.attrs, back.warnings) == (original.name, original.attrs, original.warnings)
    assert native.write(back) == target.read_bytes()


@pytest.mark.parametrize("fmt, path", OTHER_MAPS)
def test_other_corpus_maps_keep_every_cell_through_mapkit_json(fmt, path):
    if path is None:
        pytest.skip("no corpus")
    pytest.importorskip(f"mapkit.formats.{fmt}")
    try:
        original = read_map(path, fmt)
    except FormatError as exc:
        pytest.skip(f"the {fmt} reader refuses this file: {exc}")
    data = native.write(original)
    back = native.read(data)
    assert list(back.iter_cells()) == list(original.iter_cells())
    assert back.pieces == original.pieces
    assert (back.buildings, back.objects) == (original.buildings, original.objects)
    assert (back.attrs, back.extras) == (original.attrs, original.extras)
    assert native.write(back) == data
    # Through mapkit JSON and back, the format writes the very bytes it would have written.
    module = get(fmt).module
    if hasattr(module, "write") and not module.losses(original):
        assert module.write(back) == module.write(original)


@pytest.mark.parametrize("path", PAGES)
def test_cli_converts_a_page_to_mapkit_json(path, tmp_path):
    target = tmp_path / "out.mapkit.json"
    result = run_subprocess("convert", path, target, timeout=120)
    assert result.returncode == 0, result.stderr
    info = run_subprocess("info", target, timeout=120)
    assert info.returncode == 0, info.stderr
    assert native.read(target.read_bytes()).source_format == "glasq"


def test_detected_by_extension_and_content(tmp_path):
    data = native.write(full_map())
    assert detect(tmp_path / "x.mapkit.json", data[:4096]).name == "mapkit"
    assert not native.sniff(b'{"format": "other"}')


def test_a_hand_written_file_under_a_plain_json_name_is_detected(tmp_path):
    path = tmp_path / "mine.json"
    path.write_text('{"format":"mapkit","version":1,"pieces":[{"type":"grass-1","q":0,"r":0,"z":0}]}')
    m = read_map(path)
    assert m.source_format == "mapkit" and [p.type for p in m.pieces] == ["grass-1"]


# -- schema errors name the JSON path ---------------------------------------------------------------
def with_piece(index: int, **changes):
    doc = document()
    doc["pieces"][index].update(changes)
    return doc


@pytest.mark.parametrize("doc, where", [
    (with_piece(3, q="7"), "$.pieces[3].q"),
    (with_piece(1, z=True), "$.pieces[1].z"),
    (with_piece(0, rotation=6), "$.pieces[0].rotation"),
    (with_piece(0, rotation=1.25), "$.pieces[0].rotation"),
    (with_piece(2, colour="red"), "$.pieces[2]"),
    (with_piece(4, q=10**7), "$.pieces[4].q"),
    (with_piece(4, attrs=[1]), "$.pieces[4].attrs"),
    # attrs the model gives a meaning to (mapkit info used to crash on these with an internal error)
    (with_piece(4, attrs={"player": "x"}), "$.pieces[4].attrs.player"),
    (with_piece(4, attrs={"player": 9}), "$.pieces[4].attrs.player"),
    (with_piece(4, attrs={"player": None}), "$.pieces[4].attrs.player"),
    (with_piece(4, attrs={"scenario": [1]}), "$.pieces[4].attrs.scenario"),
    (with_piece(4, attrs={"letter": [1]}), "$.pieces[4].attrs.letter"),
    (with_piece(4, attrs={"size": "big"}), "$.pieces[4].attrs.size"),
    (document(version=3), "$.version"),
    (document(format="hexoscape"), "$.format"),
    (document(pieces={}), "$.pieces"),
    (document(warnings=[3]), "$.warnings[0]"),
    (document(surprise=1), "$"),
    (document(buildings=[{"book": "b", "q": 0, "r": 0, "level": 0, "rotation": 7}]), "$.buildings[0].rotation"),
    (document(objects=[{"q": 0, "r": 0, "level": 0}]), "$.objects[0]"),
])
def test_schema_errors_name_the_path(doc, where):
    with pytest.raises(FormatError) as info:
        read_doc(doc)
    assert info.value.where == where, str(info.value)


def test_unknown_piece_types_are_caught_after_the_schema():
    with pytest.raises(FormatError) as info:
        read_doc(with_piece(2, type="dragon-egg"))
    assert info.value.where == "$.pieces[2].type" and "dragon-egg" in info.value.message


def test_half_steps_only_turn_one_hex_pieces():
    with pytest.raises(FormatError) as info:
        read_doc(with_piece(0, rotation=1.5))
    assert info.value.where == "$.pieces[0].rotation"


def test_malformed_json_names_line_and_column():
    data = native.write(full_map()).replace(b'"rock-3", "q": -4', b'"rock-3" "q": -4')
    with pytest.raises(FormatError) as info:
        native.read(data)
    line = next(i + 1 for i, text in enumerate(data.split(b"\n")) if b'"rock-3" "q"' in text)
    assert info.value.where.startswith(f"line {line}, column ")


def test_file_name_is_named_by_read_map(tmp_path):
    path = tmp_path / "bad.mapkit.json"
    path.write_bytes(b'{"format": "mapkit", "version": 1, "pieces": [{"type": 1}]}')
    with pytest.raises(FormatError) as info:
        read_map(path)
    assert str(info.value).startswith(f"{path}: $.pieces[0]")


# -- hostile input ----------------------------------------------------------------------------
@pytest.mark.parametrize("data", [
    b"[" * 100_000 + b"]" * 100_000,
    b'{"format": "mapkit", "version": 1, "pieces": [], "attrs": ' + b'{"a": ' * 50_000 + b"1" + b"}" * 50_001,
    b'{"format": "mapkit", "version": 1, "pieces": [{"type": "grass-1", "q": ' + b"9" * 10_000 + b', "r": 0, "z": 0}]}',
    b'{"format": "mapkit", "version": 1, "pieces": [{"type": "grass-1", "q": 1e400, "r": 0, "z": 0}]}',
    b'{"format": "mapkit", "version": 1, "pieces": [{"type": "grass-1", "q": NaN, "r": 0, "z": 0}]}',
    b'{"format": "mapkit", "version": 1, "pieces": [{"type": "grass-1", "q": 0, "r": 0, "z": -Infinity}]}',
    b'{"format": "mapkit", "version": 1, "pieces": [{"type": ["grass-1"], "q": 0, "r": 0, "z": 0}]}',
    b'{"format": "mapkit", "version": 1, "pieces": [null]}',
    b'{"format": "mapkit", "version": 1, "pieces": [], "name": null}',
    b"[]",
    b"42",
    b"",
    b"\xff\xfe{}",
    b'{"format": "mapkit", "version": 1, "pieces": []}{"again": 1}',
])
def test_hostile_json_is_a_format_error(data):
    with pytest.raises(FormatError):
        native.read(data)


def test_big_maps_are_allowed_only_within_the_coordinate_bounds():
    doc = document(pieces=[{"type": "grass-1", "q": i, "r": -i, "z": 0} for i in range(2000)])
    assert len(read_doc(doc).pieces) == 2000


# -- the schema module ------------------------------------------------------------------------
def test_schema_loads_from_the_checkout_or_the_package():
    schema = load("map.schema.json")
    assert schema["$schema"].endswith("2020-12/schema")
    from jsonschema import Draft202012Validator

    Draft202012Validator.check_schema(schema)


def test_both_validators_agree_on_the_path():
    from mapkit.schemas import validator

    doc = with_piece(3, r="x")
    assert validator("map.schema.json")(doc).startswith("$.pieces[3].r: ")
    assert validator("map.schema.json", fast=True)(doc).startswith("$.pieces[3].r: ")
    assert validator("map.schema.json")(document()) is None


def test_json_path_spells_odd_keys_safely():
    assert json_path(["pieces", 3, "q"]) == "$.pieces[3].q"
    assert json_path(["attrs", "two words"]) == '$.attrs["two words"]'


def test_lone_surrogates_from_virtualscape_strings_survive(tmp_path):
    # .hsc strings are UTF-16 and may hold unpaired halves; UTF-8 output must still work.
    from mapkit.formats import read_map, write_map
    from mapkit.model.map import Map, Piece

    m = Map(name="half \ud800 pair", pieces=[Piece("grass-1", 0, 0, 0, attrs={"name": "x\udfff"})])
    for name in ("m.mapkit.json", "m.json"):
        write_map(m, tmp_path / name, allow_loss=name == "m.json")  # Hexoscape keeps no tile's name: a loss
        back = read_map(tmp_path / name)
        assert back.name == m.name


def test_personal_tile_with_a_nonsense_size_still_has_a_footprint():
    from mapkit.model.map import Map, Piece

    piece = Piece("personal", 2, 3, 0, attrs={"size": [7]})
    assert Map(pieces=[piece]).footprint(piece) == [(2, 3)]


def test_the_writer_refuses_what_the_reader_would_refuse(tmp_path):
    # A damaged .hsc can place a tile near 2**31; its mapkit JSON used to be written and then refused.
    from mapkit.schemas import load

    bound = load("map.schema.json")["$defs"]["coordinate"]
    assert (bound["minimum"], bound["maximum"]) == (-native.MAX_COORDINATE, native.MAX_COORDINATE)
    edge = Map(pieces=[Piece("grass-1", native.MAX_COORDINATE, -native.MAX_COORDINATE, 0)])
    assert native.read(native.write(edge)).pieces == edge.pieces
    target = tmp_path / "far.mapkit.json"
    with pytest.raises(FormatError, match="beyond") as info:
        write_map(Map(pieces=[Piece("grass-1", 0, 0, 0), Piece("grass-1", 2_000_000_000, 5, 0)]), target)
    assert info.value.file == str(target) and "piece 2 at" in str(info.value) and not target.exists()


@pytest.mark.parametrize("doc, where", [
    (with_piece(1, q="7"), "$.pieces[1].q"),
    (with_piece(1, z=True), "$.pieces[1].z"),
    (with_piece(1, q=1.0), None),  # 1.0 is an integer to JSON Schema: read, and kept as 1
    (with_piece(1, rotation=6), "$.pieces[1].rotation"),
    (with_piece(1, rotation=-1), "$.pieces[1].rotation"),
    (with_piece(1, rotation=True), "$.pieces[1].rotation"),
    (with_piece(1, colour="red"), "$.pieces[1]"),
    (with_piece(1, q=10**6 + 1), "$.pieces[1].q"),
    (with_piece(1, r=-10**6 - 1), "$.pieces[1].r"),
    (with_piece(1, type="dragon-egg"), "$.pieces[1].type"),
    (with_piece(1, type=""), "$.pieces[1].type"),
    (with_piece(1, type=7), "$.pieces[1].type"),
])
def test_a_map_of_plain_pieces_is_checked_as_the_schema_checks_it(doc, where):
    # Most pieces plain (type, q, r, z, a whole turn): they are checked a column at a time, not by
    # the schema, and still refused with the schema's path; the pieces are then columns.
    doc["pieces"] += [{"type": "grass-1", "q": i, "r": -i, "z": i % 7, "rotation": i % 6} for i in range(40)]
    doc["pieces"] += [{"type": "rock-3", "q": -i, "r": i, "z": 3} for i in range(40)]
    if where is None:
        m = read_doc(doc)
        assert m.pieces[1].q == 1 and type(m.pieces[1].q) is int
        return
    with pytest.raises(FormatError) as info:
        read_doc(doc)
    assert info.value.where == where, str(info.value)


def test_plain_pieces_read_as_columns_give_the_same_map():
    m = full_map()
    m.pieces += [Piece("grass-1", i, -i, i % 7, i % 6) for i in range(200)] + [Piece("rock-3", -i, i, 3) for i in
                                                                               range(100)]
    data = native.write(m)
    read = native.read(data)
    assert read.pieces.columnar and len(read.pieces.objects()) == 4
    assert list(read.pieces) == m.pieces and native.write(native.read(data)) == data


@pytest.mark.parametrize("path", sorted((Path(__file__).resolve().parent.parent / "samples" / "maps").glob("*.mapkit.json")),
                         ids=lambda p: p.name)
def test_the_samples_are_current_and_round_trip_byte_for_byte(path):
    """Each sample is a version 2 file as the writer writes it, read without a warning."""
    data = path.read_bytes()
    m = native.read(data, str(path))
    assert json.loads(data)["version"] == native.VERSION and m.warnings == []
    assert native.write(m) == data


def test_the_notes_keep_their_key_on_disk_and_the_old_name_still_answers():
    # The model says notes (a scenario is a game set up on the map); the file keeps "scenario".
    path = Path(__file__).resolve().parent.parent / "samples" / "maps" / "twin-rivers.mapkit.json"
    old = path.read_bytes()
    m = native.read(old)
    assert m.notes and m.notes == json.loads(old)["scenario"]
    assert native.write(m) == old
    with pytest.warns(DeprecationWarning, match="Map.notes"):
        assert m.scenario == m.notes
    with pytest.warns(DeprecationWarning, match="Map.notes"):
        m.scenario = "Hold the ridge."
    assert m.notes == "Hold the ridge." and b'"scenario": "Hold the ridge."' in native.write(m)
