"""The Hexoscape fast path (`formats/hexoscape/_stream.py`) gives exactly the map the general
reader gives, or steps aside; and it holds a big map as columns."""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import pytest

from conftest import corpus_files
from mapkit.errors import FormatError
from mapkit.formats import hexoscape
from mapkit.formats._json import parse_json
from mapkit.formats.hexoscape import _stream
from mapkit.model.map import Map, Piece

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from generate import make_map  # noqa: E402


def general(data: bytes) -> Map:
    gzipped = data.startswith(hexoscape.GZIP_MAGIC)
    m = hexoscape.map_from_document(parse_json(hexoscape.inflate(data) if gzipped else data))
    m.extras[hexoscape.NAME]["gzip"] = gzipped
    return m


def same(a: Map, b: Map) -> bool:
    return (list(a.pieces) == list(b.pieces) and a.extras == b.extras and a.warnings == b.warnings
            and (a.name, a.author, a.notes, a.source_version) == (b.name, b.author, b.notes, b.source_version))


def fast(data: bytes) -> Map | None:
    return _stream.read_stream(data, data.startswith(hexoscape.GZIP_MAGIC), hexoscape, hexoscape.STREAMED_BYTES)


def object_form(m: Map) -> bytes:
    doc = hexoscape.document(m)
    doc["boardPieces"] = {hexoscape.encode_key(p["inventoryID"], p["pieceCoords"]["q"], p["pieceCoords"]["r"],
                                               p["altitude"], p["rotation"]): p["inventoryID"]
                          for p in doc["boardPieces"]}
    return hexoscape.js_stringify(doc).encode()


@pytest.fixture(autouse=True, params=["regex", "numpy"])
def path(request, monkeypatch):
    """Every test runs twice: pieces read the regular-expression way, then with numpy from the
    first (`_stream.VECTOR_AFTER`; a real map switches after 50,000 pieces)."""
    monkeypatch.setattr(_stream, "VECTOR_AFTER", 10**12 if request.param == "regex" else 0)
    return request.param


@pytest.fixture(scope="module")
def generated() -> Map:
    m = make_map(6000, seed=21)
    m.pieces.append(Piece("road-1", 3, 3, 12, 0.5))  # a Laur-style half step on a one-hex piece
    for piece in m.pieces:
        if piece.type == "glyph":
            piece.attrs["letter"] = "?"  # Hexoscape glyphs carry no letter
    return m


@pytest.mark.parametrize("file", corpus_files("hexoscape", "*.json"))
def test_corpus_files_read_alike(file):
    data = file.read_bytes()
    m = hexoscape.read(data, str(file))
    assert same(m, general(data))


def test_array_and_object_forms_plain_and_gzip_take_the_fast_path(generated):
    for data in (hexoscape.write(generated), object_form(generated)):
        for blob in (data, gzip.compress(data, mtime=0)):
            m = fast(blob)
            assert m is not None and m.pieces.columnar
            assert same(m, general(blob))
            assert hexoscape.write(m) == hexoscape.write(general(blob))
    m = fast(hexoscape.write(generated))
    assert len(m.pieces.objects()) < len(m.pieces) / 10  # a uid per piece is a column, not an object


@pytest.mark.parametrize("change", [
    lambda t: t.replace('"altitude":', '"altitude": ', 1),            # a space
    lambda t: t.replace('"uid":"bp_mk7"', '"uid":"bp\\u005fmk7"', 1),  # an escape
    lambda t: t.replace('"uid":"bp_mk7"', '"uid":7', 1),               # a number uid
    lambda t: t.replace('"rotation":0,', '', 1),                       # no rotation
    lambda t: t.replace('}}]', '}},]', 1),                             # a trailing comma
    lambda t: t.replace('"s":0}', '"s":1}', 1),                        # s is not -q-r
    lambda t: t.replace('"inventoryID":"g1"', '"inventoryID":"nope"', 1),  # an unknown piece
    lambda t: t.replace('"altitude":3', '"altitude":30000', 1),        # out of bounds
    lambda t: t.replace('{"hexMap"', '{"boardPieces":[],"hexMap"', 1),  # the key twice
    lambda t: t[:-1] + ',"more":{"x":[1,2]}}',                          # an extra key: kept
    lambda t: t.replace('"inventoryID":"g1"', '"inventoryID":"cwc"', 1),  # a castle wall
])
def test_anything_else_reads_as_the_general_reader_reads_it(generated, change):
    data = change(hexoscape.write(generated).decode()).encode()
    try:
        expected = general(data)
    except FormatError as exc:
        with pytest.raises(FormatError) as raised:
            hexoscape.read(data)
        assert str(raised.value) == str(exc)
        return
    assert same(hexoscape.read(data), expected)


def test_object_form_with_a_key_twice_or_a_different_value(generated):
    data = object_form(generated).decode()
    first = data.index('"', data.index('"boardPieces":{') + 15)
    key_end = data.index('":"', first)
    key = data[first:key_end + 1]
    twice = data.replace(key, key + ':"g1",' + key, 1)
    for text in (twice, data.replace('":"g1"', '":"s1"', 1)):
        blob = text.encode()
        assert same(hexoscape.read(blob), general(blob))


def test_a_map_split_across_chunks(generated, monkeypatch):
    monkeypatch.setattr(_stream, "CHUNK", 997)  # pieces cut at every place by the chunk ends
    for data in (hexoscape.write(generated), object_form(generated)):
        blob = gzip.compress(data, mtime=0)
        m = fast(blob)
        assert m is not None and same(m, general(blob))


def test_the_numpy_path_takes_over_mid_map_and_steps_aside_for_non_ascii(generated, monkeypatch):
    monkeypatch.setattr(_stream, "CHUNK", 4093)
    monkeypatch.setattr(_stream, "VECTOR_AFTER", 1000)
    runs: list[int] = []
    monkeypatch.setattr(_stream._Columns, "add_run", lambda self, text, real=_stream._Columns.add_run:
                        runs.append(len(text)) or real(self, text))
    text = hexoscape.write(generated).decode()
    for data in (text, text.replace('"uid":"bp_mk4000"', '"uid":"bp_mk4000 \u00e9t\u00e9"', 1)
                 .replace('"uid":"bp_mk4001"', '"uid":""', 1)):
        blob = gzip.compress(json.dumps(json.loads(data), ensure_ascii=False, separators=(",", ":")).encode(),
                             mtime=0)
        runs.clear()
        m = fast(blob)
        assert m is not None and same(m, general(blob))
        assert 0 < sum(runs) < len(gzip.decompress(blob)) - 1000 * 100  # numpy took over after 1,000 pieces


def test_the_numpy_path_reads_negative_numbers_and_every_turn(path):
    pieces = [Piece("grass-1", q, r, z, turn) for q, r, z, turn in
              [(-999_999, 5, 0, 0), (0, -987_654, 1, 5), (-10, -10, 9, 2.5), (999_990, 0, 4, 3), (4, 4, 10_000, 1)]]
    blob = hexoscape.write(Map(name="edges", pieces=pieces))
    m = fast(blob)
    assert m is not None and len(m.pieces) == len(pieces) and same(m, general(blob))
