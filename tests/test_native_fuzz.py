"""Fuzzing the native reader: whatever the bytes, it returns a Map or raises FormatError."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mapkit.errors import FormatError
from mapkit.formats import native
from mapkit.model.map import Map, Piece

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=20,
)

VALID = native.write(Map(name="fuzz", pieces=[Piece("grass-3", 1, 2, 0, 1), Piece("glyph", 1, 2, 1, 0, {"letter": "A"})]))


def read_or_format_error(data: bytes) -> Map | None:
    try:
        return native.read(data)
    except FormatError:
        return None


@SETTINGS
@given(st.binary(max_size=300))
def test_random_bytes(data):
    read_or_format_error(data)


@SETTINGS
@given(st.integers(0, len(VALID) - 1), st.binary(min_size=1, max_size=4))
def test_corrupted_valid_files(position, junk):
    read_or_format_error(VALID[:position] + junk + VALID[position + len(junk):])


@SETTINGS
@given(st.sampled_from(["name", "attrs", "pieces", "buildings", "objects", "warnings", "version", "extras",
                        "source_format"]), json_values)
def test_top_level_fields_of_any_json_value(key, value):
    doc = json.loads(VALID)
    doc[key] = value
    read_or_format_error(json.dumps(doc).encode())


@SETTINGS
@given(st.sampled_from(["type", "q", "r", "z", "rotation", "attrs", "extras", "other"]), json_values)
def test_piece_fields_of_any_json_value(key, value):
    doc = json.loads(VALID)
    doc["pieces"][0][key] = value
    m = read_or_format_error(json.dumps(doc).encode())
    if m is not None:
        # Whatever was accepted writes back and reads back the same.
        assert native.read(native.write(m)) == m
        list(m.iter_cells())
