"""Fuzzing: the Hexoscape readers raise FormatError and nothing else, whatever they are given;
whatever they accept writes and reads back to the same pieces."""

from __future__ import annotations

import gzip
import json
from urllib.parse import quote

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mapkit.errors import FormatError
from mapkit.formats import hexoscape
from mapkit.formats.hexoscape import jsoncrush
from mapkit.formats.hexoscape import url as hexoscape_url

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

IDS = ["g1", "g2", "g3", "g7", "g24", "r2", "w1", "rm", "c6", "lwp", "lwl", "lwt", "z1", "z9", "y0", "y1", "bt",
       "ld", "rw", "cab", "tr15", "og6", "h", "zz", "", "~"]
numbers = st.one_of(st.integers(-10, 40), st.sampled_from([0.5, 1.5, 5.5, 6, -1, 1e300, 2.25, 10 ** 30]))
json_scalars = st.one_of(st.none(), st.booleans(), numbers, st.text(max_size=8), st.sampled_from(IDS))
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)), max_leaves=12)


def keys():
    field = st.one_of(numbers.map(str), st.text(max_size=3))
    return st.tuples(field, field, field, field, st.sampled_from(IDS)).map(
        lambda t: "~".join(t) if t[0] != "," else ",".join(t))


def array_pieces():
    coords = st.fixed_dictionaries({"q": numbers, "r": numbers}, optional={"s": numbers, "x": json_values})
    return st.fixed_dictionaries(
        {"inventoryID": st.one_of(st.sampled_from(IDS), json_scalars), "altitude": st.one_of(numbers, json_scalars),
         "pieceCoords": st.one_of(coords, json_values)},
        optional={"uid": json_scalars, "rotation": st.one_of(numbers, json_scalars), "extra": json_values})


GOOD_IDS = ["g1", "g7", "g24", "r2", "w1", "rm", "c6", "lwp", "lwl", "z1", "z8", "y1", "bt", "rw", "cab", "og6"]
good_keys = st.tuples(st.integers(0, 20), st.integers(-20, 20), st.integers(-20, 20), st.integers(0, 5),
                      st.sampled_from(GOOD_IDS)).map(lambda t: "~".join(map(str, t)))
good_pieces = st.builds(
    lambda uid, hid, alt, q, r, rot: {"uid": uid, "inventoryID": hid, "altitude": alt, "rotation": rot,
                                      "pieceCoords": {"q": q, "r": r, "s": -q - r}},
    st.text(max_size=4), st.sampled_from(GOOD_IDS), st.integers(0, 20), st.integers(-20, 20),
    st.integers(-20, 20), st.sampled_from([0, 1, 2, 3, 4, 5, 0.5, 4.5]))
hex_maps = st.one_of(st.fixed_dictionaries({"id": json_scalars, "name": json_scalars, "shape": json_scalars,
                                            "width": json_scalars, "length": json_scalars}), json_values)
documents = st.fixed_dictionaries({
    "hexMap": hex_maps,
    "boardPieces": st.one_of(st.dictionaries(keys(), st.one_of(st.sampled_from(IDS), json_scalars), max_size=6),
                             st.lists(st.one_of(array_pieces(), json_values), max_size=6), json_values,
                             st.dictionaries(good_keys, st.sampled_from(GOOD_IDS), max_size=8),
                             st.lists(good_pieces, max_size=8)),
})


def read_or_format_error(reader, data: bytes):
    try:
        return reader(data)
    except FormatError:
        return None


def check_accepted(m) -> None:
    """A map a reader accepted must write, and read back to the same pieces."""
    if m is None:
        return
    out = hexoscape.write(m)
    again = hexoscape.read(out)
    assert [(p.type, p.q, p.r, p.z, p.rotation) for p in again.pieces] == \
        [(p.type, p.q, p.r, p.z, p.rotation) for p in m.pieces]


def _as_list(board):
    """A document's pieces as a link holds them: the keys of the object form, else the items."""
    return list(board) if isinstance(board, (dict, list)) else [board]


@SETTINGS
@given(st.binary(max_size=300))
def test_random_bytes(data):
    read_or_format_error(hexoscape.read, data)
    read_or_format_error(hexoscape_url.read, data)


@SETTINGS
@given(documents)
def test_random_documents(doc):
    data = json.dumps(doc).encode()
    check_accepted(read_or_format_error(hexoscape.read, data))


@SETTINGS
@given(documents, st.data())
def test_damaged_documents(doc, data):
    raw = bytearray(json.dumps(doc).encode())
    for _ in range(data.draw(st.integers(1, 4))):
        if not raw:
            break
        i = data.draw(st.integers(0, len(raw) - 1))
        raw[i] = data.draw(st.integers(0, 255))
    cut = data.draw(st.integers(0, len(raw)))
    read_or_format_error(hexoscape.read, bytes(raw))
    read_or_format_error(hexoscape.read, bytes(raw[:cut]))
    packed = gzip.compress(bytes(raw))
    read_or_format_error(hexoscape.read, packed[:data.draw(st.integers(0, len(packed)))])


@SETTINGS
@given(st.one_of(documents.map(lambda d: [d["hexMap"], *_as_list(d["boardPieces"])]), json_values))
def test_random_link_payloads(payload):
    text = json.dumps(payload)
    # a crushed string with no replacements is the swapped text plus "_" (crushing every example would be slow)
    link = "https://hexoscape.com/?m=" + quote(jsoncrush.swap(text) + "_", safe="")
    check_accepted(read_or_format_error(hexoscape_url.read, link.encode()))


@SETTINGS
@given(st.text(max_size=80))
def test_random_link_text(text):
    read_or_format_error(hexoscape_url.read, ("https://hexoscape.com/?m=" + text).encode("utf-8", "surrogatepass"))
    read_or_format_error(hexoscape_url.read, ("https://hexoscape.com/?m=" + quote(text + "_")).encode())
