"""Every limit of mapkit/limits.py (and docs/limits.md) refuses an input just past it: exit 2,
one line naming the limit, the value and the place; and every real map sits far below each."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from conftest import ROOT, corpus_files
from mapkit import limits, records
from mapkit.formats import read_map, write_map
from mapkit.model.map import Map, Piece, Room, Scenario

BOOK = ROOT / "samples" / "books" / "bungalow.book.json"


def lower(monkeypatch, name: str, value: int) -> limits.Limit:
    """Lower a limit for one test (the code looks limits up when it checks them)."""
    limit = records.replace(getattr(limits, name), value=value)
    monkeypatch.setattr(limits, name, limit)
    return limit


def refused(cli, *args, limit: str, where: str | None = None) -> str:
    code, out, err = cli(*map(str, args))
    assert code == 2 and out == "" and err.count("\n") == 1, (code, err)
    assert f"({limit}; see docs/limits.md)" in err, err
    if where:
        assert where in err, err
    return err


def native_map(tmp_path: Path, n: int, **kw) -> Path:
    path = tmp_path / "m.mapkit.json"
    write_map(Map(pieces=[Piece("grass-1", i, 0, 0) for i in range(n)], **kw), path)
    return path


# one test per limit ---------------------------------------------------------------------------
def case_input_size(tmp_path, cli, monkeypatch):
    lower(monkeypatch, "INPUT_BYTES", 1000)
    path = tmp_path / "big.hsc"
    path.write_bytes(b"\0" * 1001)
    err = refused(cli, "info", path, limit="input size")
    assert "more than mapkit's limit of 1,000 bytes" in err


def case_decompressed_size(tmp_path, cli, monkeypatch):
    lower(monkeypatch, "DECOMPRESSED_BYTES", 10_000)
    path = tmp_path / "bomb.json.gz"
    path.write_bytes(gzip.compress(b" " * 20_000))
    refused(cli, "info", path, limit="decompressed size", where="gzip")


def case_streamed_size(tmp_path, cli, monkeypatch):
    from mapkit.formats import hexoscape

    path = tmp_path / "m.json.gz"  # Hexoscape's own layout, gzipped: the streaming reader takes it
    write_map(Map(pieces=[Piece("grass-1", i, 0, 0) for i in range(200)]), path)
    inflated = len(gzip.decompress(path.read_bytes()))
    monkeypatch.setattr(hexoscape, "STREAMED_BYTES", inflated)
    lower(monkeypatch, "DECOMPRESSED_BYTES", inflated - 1)
    assert cli("info", path)[0] == 0  # streamed into columns: the parsed-document bound does not apply
    monkeypatch.setattr(hexoscape, "STREAMED_BYTES", inflated - 1)
    refused(cli, "info", path, limit="decompressed size", where="gzip")


def case_book_size(tmp_path, cli, monkeypatch):
    lower(monkeypatch, "BOOK_BYTES", 100)
    path = tmp_path / "big.book.json"
    path.write_bytes(BOOK.read_bytes())
    refused(cli, "overlay", path, limit="Book size")


def case_collection_size(tmp_path, cli, monkeypatch):
    lower(monkeypatch, "COLLECTION_BYTES", 64)
    collection = tmp_path / "c.vsc"
    collection.write_bytes(b"[Collection]\n" + b"Grass1=1\n" * 20)
    refused(cli, "inventory", native_map(tmp_path, 1), "--collection", collection, limit="collection size")


def case_share_link_expansion(tmp_path, cli, monkeypatch):
    lower(monkeypatch, "SHARE_LINK_EXPANSION", 100_000)
    path = tmp_path / "bomb.url"
    path.write_text("https://hexoscape.com/?m=" + doubling_link(18) + "\n")
    refused(cli, "info", path, limit="share-link expansion", where="m=")


def case_share_link_length(tmp_path, cli, monkeypatch):
    lower(monkeypatch, "SHARE_LINK_BYTES", 1000)
    path = tmp_path / "long.url"
    path.write_text("https://hexoscape.com/?m=" + "%25" * 400 + "\n")
    refused(cli, "info", path, limit="share-link length")
    err = refused(cli, "info", "https://hexoscape.com/?m=" + "%25" * 400, limit="share-link length")
    assert "the link: 1,225 bytes" in err


def case_drawing_extent(tmp_path, cli, monkeypatch):
    # within the coordinate range, two tiles a million hexes apart: every drawing refuses before its layout
    path = tmp_path / "far.mapkit.json"
    write_map(Map(pieces=[Piece("grass-1", 0, 0, 0), Piece("grass-1", limits.COORDINATES.value, 0, 0)]), path)
    for out in ("far.png", "far.svg", "far.pdf", "far.html"):
        command = "print" if out.endswith(".pdf") else "report" if out.endswith(".html") else "render"
        err = refused(cli, command, path, "-o", tmp_path / out, limit="drawing extent")
        assert "from q 0 to q 1000000: 1,000,001 hexes across" in err
        assert not (tmp_path / out).exists()
    assert cli("info", path)[0] == 0  # reading and summing up it costs nothing


def case_nesting_depth(tmp_path, cli, monkeypatch):
    path = tmp_path / "deep.book.json"
    path.write_text('{"name": "deep", "kind": "enclosed", "notes": ' + "[" * 101 + "]" * 101 + "}")
    refused(cli, "validate", path, limit="nesting depth", where="line 1, column")


def _page_with(extra: str) -> bytes:
    from test_glasq import page, use

    return page([[extra, use("GS01", 0, 0)]])


def case_markup_nesting(tmp_path, cli, monkeypatch):
    path = tmp_path / "deep.html"
    path.write_bytes(_page_with("<g>" * (limits.MARKUP_NESTING.value + 1) + "</g>" * (limits.MARKUP_NESTING.value + 1)))
    refused(cli, "info", path, limit="markup nesting", where="where reading stopped")


def case_markup_text(tmp_path, cli, monkeypatch):
    path = tmp_path / "long.html"
    path.write_bytes(_page_with('<path d="' + "M" * (limits.MARKUP_TEXT.value + 1) + '"/>'))
    refused(cli, "info", path, limit="markup text", where="where reading stopped")


def case_digits_in_a_number(tmp_path, cli, monkeypatch):
    path = tmp_path / "digits.json"
    path.write_text('{"hexMap": {"id": "x", "width": ' + "9" * 41 + ', "length": 2}, "boardPieces": {}}')
    refused(cli, "info", path, limit="digits in a number", where="line 1, column 33")


def case_pieces_per_map(tmp_path, cli, monkeypatch):
    native = native_map(tmp_path, 11)
    hsc, hexo = tmp_path / "m.hsc", tmp_path / "m.json"
    write_map(read_map(native), hsc)
    write_map(read_map(native), hexo)
    lower(monkeypatch, "PIECES", 10)
    refused(cli, "info", native, limit="pieces per map", where="$.pieces")
    refused(cli, "info", hsc, limit="pieces per map", where="byte")
    refused(cli, "info", hexo, limit="pieces per map")  # streamed into columns, then counted


def case_hexes_per_piece(tmp_path, cli, monkeypatch):
    from mapkit.model.catalog import Catalog, catalog

    assert max(len(shape) for shape in catalog().shapes.values()) <= limits.HEXES_PER_PIECE.value
    data = json.loads((ROOT / "mapkit" / "data" / "catalog.json").read_text())
    data["shapes"]["huge"] = [[q, 0] for q in range(limits.HEXES_PER_PIECE.value + 1)]
    with pytest.raises(ValueError, match="hexes per piece"):
        Catalog(data)


def case_level_range(tmp_path, cli, monkeypatch):
    path = tmp_path / "tall.mapkit.json"
    write_map(Map(pieces=[Piece("grass-1", 0, 0, 0), Piece("grass-1", 0, 0, limits.LEVELS.value)]), path)
    refused(cli, "validate", path, limit="level range")


def case_coordinate_range(tmp_path, cli, monkeypatch):
    # a .hsc holds 32-bit columns and rows: a tile can lie far beyond the coordinate range
    path = tmp_path / "far.hsc"
    write_map(Map(pieces=[Piece("grass-1", 0, 0, 0), Piece("grass-1", limits.COORDINATES.value + 1, 0, 0)]), path,
              allow_loss=True)
    refused(cli, "info", path, limit="coordinate range", where="piece 2")


def case_book_vertices(tmp_path, cli, monkeypatch):
    import math

    lower(monkeypatch, "BOOK_VERTICES", 10_000)  # a million-vertex file takes seconds to write and read
    n = limits.BOOK_VERTICES.value + 1
    ring = [[round(900 * math.cos(2 * math.pi * i / n), 3), round(900 * math.sin(2 * math.pi * i / n), 3)]
            for i in range(n)]
    path = tmp_path / "round.book.json"
    path.write_text(json.dumps({"name": "round", "kind": "enclosed", "footprint": {"polygon": ring}}))
    err = refused(cli, "overlay", path, limit="Book vertices", where="$.footprint.polygon")
    assert "10,001 vertices" in err


def case_scenarios_per_map(tmp_path, cli, monkeypatch):
    # mapkit JSON names its scenarios, or tags its pieces with them: both count
    n = limits.SCENARIOS.value + 1
    named = native_map(tmp_path, 1, scenario_setups=[Scenario(i + 1, f"s{i}") for i in range(n)])
    refused(cli, "info", named, limit="scenarios per map", where=f"the map: {n:,} scenarios")
    tagged = tmp_path / "tagged.mapkit.json"
    write_map(Map(pieces=[Piece("glyph", i, 0, 0, 0, {"letter": "A", "scenario": i + 1}) for i in range(n)]), tagged)
    refused(cli, "validate", tagged, limit="scenarios per map")


def case_rooms_per_map(tmp_path, cli, monkeypatch):
    # 300,000 rooms (a 13 MB file) took `info` over five minutes: each is summed up as a board of its own
    n = limits.ROOMS.value + 1
    path = native_map(tmp_path, 1, rooms=[Room(i + 1, f"r{i}") for i in range(n)])
    refused(cli, "info", path, limit="rooms per map", where=f"the map: {n:,} rooms")


def case_placed_books_per_map(tmp_path, cli, monkeypatch):
    # 3,000 Books took 5 s to validate and 15 s and 768 MB to render; refused before any is placed
    import time

    from mapkit import api
    from mapkit.model.map import Placement

    n = limits.PLACEMENTS.value + 1
    doc = json.loads((ROOT / "samples" / "maps" / "street.mapkit.json").read_text())
    doc["buildings"] = [dict(doc["buildings"][1], book=str(BOOK), q=10 * (i % 40), r=10 * (i // 40))
                        for i in range(n - 1)]
    doc["objects"] = [dict(doc["objects"][2], book=str(ROOT / "samples" / "books" / "mailbox.book.json"))]
    path = tmp_path / "city.mapkit.json"
    path.write_text(json.dumps(doc))
    for command in ("info", "validate", "analyze"):
        started = time.perf_counter()
        refused(cli, command, path, limit="placed Books per map", where=f"the map: {n:,} buildings and objects")
        assert time.perf_counter() - started < 2, command
    made = read_map(ROOT / "samples" / "maps" / "street.mapkit.json")
    made = records.replace(made, buildings=[Placement(str(BOOK), 10 * i, 0, 1) for i in range(n)])
    with pytest.raises(limits.LimitError, match="placed Books per map"):  # a map made in code, too
        api.validate(made, profile="c3g")


def case_players_per_map(tmp_path, cli, monkeypatch):
    # a .hsc gives each start colour outside VirtualScape's palette a player of its own: 16,000 colours
    # took 4 s to read (each new player was looked for from 1 up), 800 players 12 s and 520 MB to analyze
    from mapkit.formats import hsc

    n = limits.PLAYERS.value + 1
    pieces = [Piece("grass-1", i, 0, 0) for i in range(n)]
    pieces += [Piece("start-zone", i, 0, 1, 0, {"player": 99}, {hsc.NAME: {"colour": 0x100000 + i}}) for i in range(n)]
    path = tmp_path / "colours.hsc"
    write_map(Map(pieces=pieces), path, allow_loss=True)
    refused(cli, "analyze", path, limit="players per map", where=f"the start zones' colours (a player each): {n:,}")
    within = tmp_path / "within.hsc"
    write_map(Map(pieces=pieces[:n - 1] + pieces[n:-1]), within, allow_loss=True)
    assert len({p.attrs["player"] for p in read_map(within).of_type("start-zone")}) == n - 1
    lower(monkeypatch, "PLAYERS", 4)
    native = tmp_path / "players.mapkit.json"  # every map read, whatever its format
    write_map(Map(pieces=[Piece("start-zone", i, 0, 0, 0, {"player": i + 1}) for i in range(5)]), native)
    refused(cli, "info", native, limit="players per map", where="the map's start zones and figures: 5 players")


def case_copies_in_a_collection(tmp_path, cli, monkeypatch):
    collection = tmp_path / "c.vsc"
    collection.write_text(f"[Collection]\nGrass1={limits.COLLECTION_COUNT.value + 1}\n")
    refused(cli, "inventory", native_map(tmp_path, 1), "--collection", collection, limit="copies in a collection",
            where="line 2")


CASES = {name.removeprefix("case_").replace("_", " "): fn for name, fn in globals().items()
         if name.startswith("case_")}


def test_every_limit_has_a_case():
    names = {name.lower().replace("-", " ") for name in limits.LIMITS}
    assert names == {name.lower() for name in CASES}


@pytest.mark.parametrize("name", sorted(CASES))
def test_an_input_past_the_limit_is_one_line_and_exit_2(name, tmp_path, cli, monkeypatch):
    CASES[name](tmp_path, cli, monkeypatch)


def test_docs_list_every_limit_as_the_module_does():
    page = (ROOT / "docs" / "limits.md").read_text(encoding="utf-8")
    assert limits.markdown_table() in page
    assert limits.schema_table() in page  # and every length the schemas bound


@pytest.mark.parametrize("name", sorted(limits.SCHEMA_DOCUMENTS))
def test_every_length_a_schema_bounds_is_checked_before_the_schema(name, tmp_path):
    """Each maxItems / maxProperties of the schemas, one past it, is a LimitError naming the path."""
    from mapkit.schemas import load

    bounds = limits.schema_bounds(name)
    assert bounds
    for path, limit in bounds:
        n = limit.value + 1
        doc = long_at(path, {str(i): "x" for i in range(n)} if limit.unit == "properties" else [0] * n)
        with pytest.raises(limits.LimitError) as raised:
            limits.check_lists(doc, name)
        assert raised.value.limit == limit and f"{limit.value + 1:,} {limit.unit}" in str(raised.value)
    limits.check_lists(load(name), name)  # (the schema itself is a document within them)


def long_at(path: str, leaf: object) -> object:
    """A document holding `leaf` at the schema path `path` (`[]` as the first item of a list)."""
    parts = [p for p in path[2:].replace("[]", ".[]").split(".") if p]

    def build(rest: list[str]) -> object:
        if not rest:
            return leaf
        return [build(rest[1:])] if rest[0] == "[]" else {rest[0]: build(rest[1:])}

    return build(parts)


def doubling_link(rounds: int) -> str:
    """A crushed share link of a few dozen characters whose text doubles `rounds` times."""
    from mapkit.formats.hexoscape import jsoncrush

    chars = [c for c in jsoncrush.REPLACEMENT_CHARACTERS if c.isalpha()][:rounds + 1]
    body = "[" + chars[0] + "]"
    # each round: chars[i] stands for two of chars[i + 1]; the last stands for a piece string
    table = "".join(chars[i] + chars[i + 1] * 2 for i in range(rounds)) + chars[rounds] + "'0~0~0~0~g1',"
    order = "".join(chars[: rounds + 1])
    return body + table + jsoncrush.DELIMITER + order + "_"


# real maps sit far below every limit ------------------------------------------------------------
@pytest.mark.parametrize("path", corpus_files("", "*.hsc") + corpus_files("hexoscape", "*.json")
                         + corpus_files("glasq-xhtml", "*.html") + corpus_files("pairs", "*.html"))
def test_every_corpus_map_is_a_hundred_times_under_the_map_limits(path):
    m = read_map(path)
    box = m.bounds()
    assert len(m.pieces) * 100 <= limits.PIECES.value
    assert path.stat().st_size * 100 <= limits.INPUT_BYTES.value
    if box:
        assert (box[5] - box[4] + 1) * 100 <= limits.LEVELS.value
        assert max(abs(v) for v in box[:4]) * 100 <= limits.COORDINATES.value


def test_a_book_can_reach_the_vertex_limit_within_the_size_limit():
    # The size limit must not refuse a Book before the vertex limit could: a footprint of
    # BOOK_VERTICES corners written plainly, in mm to 3 decimals, fits with room to spare.
    import math

    n = limits.BOOK_VERTICES.value
    ring = [[round(900 + 850 * math.cos(2 * math.pi * k / n), 3), round(900 + 850 * math.sin(2 * math.pi * k / n), 3)]
            for k in range(n)]
    size = len(json.dumps({"name": "traced tower", "kind": "enclosed", "footprint": {"polygon": ring}}))
    assert size * 1.25 < limits.BOOK_BYTES.value


def test_every_list_of_a_book_is_bounded_before_the_schema_walks_it():
    """A Book's lists of hexes (doorways, windows, transit, stairways, elevator shafts, exits, a
    vehicle's spaces) and a floor's open sides had no bound: one floor of 2,000,000 doorways
    (12 MB, under the Book size) took 76 s and 1.3 GB, 2,000,000 exits 104 s and 7.6 GB, before
    the Book was read or refused. Every list a Book's schema allows is bounded, and the bound is
    checked before the schema runs."""
    from mapkit.schemas import load

    schema = load("book.schema.json")
    bounded = {path for path, _ in limits.schema_bounds("book.schema.json")}
    for path in ("$.exits", "$.spaces", "$.floors[].open_sides", "$.floors[].doorways", "$.floors[].windows",
                 "$.floors[].transit", "$.floors[].stairways_up", "$.floors[].stairways_down",
                 "$.floors[].elevator_shafts"):
        assert path in bounded, path

    def lists(node: object) -> int:  # every list node of the schema, bounded or not
        if isinstance(node, dict):
            here = int(node.get("type") == "array" and "items" in node and node["items"] is not False
                       and "maxItems" not in node)
            return here + sum(lists(v) for v in node.values())
        return sum(lists(v) for v in node) if isinstance(node, list) else 0

    assert lists(schema) == 0
    book = json.loads(BOOK.read_text())
    book["exits"] = [{"q": 0, "r": 0, "number": 1}] * (dict(limits.schema_bounds("book.schema.json"))["$.exits"].value + 1)
    with pytest.raises(limits.LimitError, match="exits in a Book"):
        limits.check_lists(book, "book.schema.json")


def test_open_sides_are_bounded_by_the_footprint_before_the_schema(cli, tmp_path):
    """A floor names each footprint edge as an open side at most once: 1,000,000 open sides of a
    4-edge footprint (within the schema's bound) took 7 s and 1.1 GB, and said a million errors,
    before the Book was refused. Now one error, on the lengths alone; a long list that is right
    (a traced footprint of 2,000 edges, every one open) is checked as fast."""
    import math
    import time

    book = json.loads(BOOK.read_text())
    book["floors"] = [{"height": 1, "open_sides": list(range(1_000_000))}]
    path = tmp_path / "sides.book.json"
    path.write_text(json.dumps(book))
    started = time.perf_counter()
    code, out, err = cli("validate", path)
    assert time.perf_counter() - started < 3
    assert code == 1 and out.count("\n") == 2, out[:500]
    assert "$.floors[0].open_sides: 1,000,000 open sides, but the footprint has 4 edges" in out
    assert refused_book(cli, path, tmp_path) == 2
    n = 2000
    book["footprint"]["polygon"] = [[round(40 + 30 * math.cos(2 * math.pi * k / n), 3),
                                     round(40 + 30 * math.sin(2 * math.pi * k / n), 3)] for k in range(n)]
    book["floors"] = [{"height": 1, "open_sides": list(range(n))}]
    path.write_text(json.dumps(book))
    from mapkit.books.schema import book_errors

    started = time.perf_counter()
    assert book_errors(book) == []
    assert time.perf_counter() - started < 1
    book["floors"][0]["open_sides"][-1] = 0  # a long list with a repeat is still named by the schema
    assert [where for where, _ in book_errors(book)] == ["$.floors[0].open_sides"]


def refused_book(cli, path: Path, tmp_path: Path) -> int:
    """The exit status of `overlay` of the Book at `path` (its one line checked)."""
    code, out, err = cli("overlay", path)
    assert out == "" and err.count("\n") == 1, err[:500]
    return code


def test_a_declaration_names_no_more_sets_than_a_required_sets_line_is_read_for(cli, tmp_path):
    """Each name no set has is matched loosely against every known one (difflib, about 0.1 ms a
    name): a mapkit JSON map declaring 100,000 unknown sets took `info` 11 s. Its schema bounds a
    declaration as a page's Required Sets line is read (`declared.MOST_SETS`), before the schema."""
    from mapkit.sets import declared

    bounds = {(path, limit.unit): limit.value for path, limit in limits.schema_bounds("map.schema.json")}
    for where in ("$.attrs.sets_used", "$.scenarios[].attrs.sets_used"):
        assert bounds[(where, "properties")] == bounds[(where, "items")] == declared.MOST_SETS
    doc = json.loads((ROOT / "samples" / "maps" / "street.mapkit.json").read_text())
    n = declared.MOST_SETS + 1
    for form, value in (("object", {f"Unknown set {i}": 1 for i in range(n)}),
                        ("list", [f"Unknown set {i}" for i in range(n)])):
        doc["attrs"] = {"sets_used": value}
        path = tmp_path / f"{form}.mapkit.json"
        path.write_text(json.dumps(doc))
        unit = "properties" if form == "object" else "items"
        refused(cli, "info", path, limit="sets_used in a mapkit JSON map", where=f"$.attrs.sets_used: {n} {unit}")
