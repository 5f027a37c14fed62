"""Fuzzing the Book reader: whatever the bytes, `mapkit.books.load.read` returns a Book or raises
FormatError, which names the JSON path or the line and column (issue 14: every bad value named)."""

from __future__ import annotations

import json
import re

from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import ROOT
from mapkit.books.load import read
from mapkit.books.model import Book
from mapkit.errors import FormatError

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SAMPLES = sorted((ROOT / "samples" / "books").glob("*.book.json"))
SAMPLE_BYTES = [p.read_bytes() for p in SAMPLES]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=20,
)


def read_or_named_error(data: bytes) -> Book | None:
    try:
        return read(data, "fuzz.book.json")
    except FormatError as exc:
        assert exc.file == "fuzz.book.json" and str(exc).count("\n") == 0, exc
        return None


def test_every_sample_book_reads():
    assert SAMPLES and all(isinstance(read(data, p.name), Book) for p, data in zip(SAMPLES, SAMPLE_BYTES))


@SETTINGS
@given(st.binary(max_size=300))
def test_random_bytes(data):
    read_or_named_error(data)


@SETTINGS
@given(st.sampled_from(SAMPLE_BYTES), st.integers(0, 10_000), st.binary(min_size=0, max_size=6), st.booleans())
def test_damaged_sample_books(data, position, junk, cut):
    position %= len(data)
    damaged = data[:position] if cut else data[:position] + junk + data[position + len(junk):]
    read_or_named_error(damaged)


def _paths(doc, prefix=()):
    """Every path to a value inside a JSON document."""
    yield prefix
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            yield from _paths(value, prefix + (index,))


@SETTINGS
@given(st.sampled_from(SAMPLE_BYTES), st.integers(0, 10_000), json_values)
def test_any_value_anywhere_in_a_sample_book(data, pick, value):
    doc = json.loads(data)
    paths = [p for p in _paths(doc) if p]
    path = paths[pick % len(paths)]
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    book = read_or_named_error(json.dumps(doc, allow_nan=True).encode())
    if book is None:
        return
    assert book.name is not None


@SETTINGS
@given(st.sampled_from(SAMPLE_BYTES), st.sampled_from(["1e400", "-1e400", "NaN", "Infinity", "9" * 41, "-0",
                                                        "1e-400", "[" * 120 + "]" * 120]), st.integers(0, 10_000))
def test_hostile_numbers_and_nesting_are_named_with_a_place(data, value, pick):
    text = data.decode()
    numbers = list(re.finditer(r"-?\d+(?:\.\d+)?", text))
    match = numbers[pick % len(numbers)]
    try:
        read((text[:match.start()] + value + text[match.end():]).encode(), "fuzz.book.json")
    except FormatError as exc:
        assert exc.where, exc  # the line and column, or the JSON path
