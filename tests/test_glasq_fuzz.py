"""Fuzzing the battlefield-page reader: it returns a Map or raises FormatError, nothing else."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mapkit.errors import FormatError
from mapkit.formats import glasq
from test_glasq import page, use

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CODES = ["GS01", "GS02", "RK03", "WTR", "WR06", "WHR", "RNS", "G", "GA", "P1F1", "P2F2", "P1SZ", "NULL",
         "tile01", "glyph", "XX"]
BASE = page([[use("GS01", 0, 0), use("RK03", 90, 0, 60)], [use("RNS", 0, 0)]],
            scenarios=[(1, 3, [use("GS01", 0, 0)], [use("GA", 0, 0)])])


def read_or_format_error(data: bytes) -> None:
    try:
        glasq.read(data)
    except FormatError:
        pass


@SETTINGS
@given(st.binary(max_size=300))
def test_random_bytes(data):
    read_or_format_error(data)


@SETTINGS
@given(st.integers(0, len(BASE) - 1), st.binary(min_size=1, max_size=6))
def test_corrupted_pages(position, junk):
    read_or_format_error(BASE[:position] + junk + BASE[position + len(junk):])


numbers = st.one_of(st.integers(-2000, 2000), st.floats(allow_nan=False, allow_infinity=False, width=32))
transforms = st.lists(
    st.one_of(
        st.builds(lambda x, y: f"translate({x},{y})", numbers, numbers),
        st.builds(lambda a: f"rotate({a} 46 53)", numbers),
        st.builds(lambda a, x, y: f"rotate({a} {x} {y})", numbers, numbers, numbers),
        st.builds(lambda s: f"scale({s})", numbers),
        st.text(alphabet="tranlse(),0123456789 -.", max_size=12),
    ),
    max_size=3,
).map(" ".join)
points = st.lists(numbers, max_size=12).map(lambda values: " ".join(str(v) for v in values))


@SETTINGS
@given(st.lists(st.tuples(st.sampled_from(CODES), transforms), max_size=6), points, st.integers(0, 20))
def test_random_uses_and_drawings(uses, custom_points, level):
    defs = f'<polygon id="XX" points="{custom_points}"/>'
    body = [f'<use transform="{t}" xlink:href="#{code}"/>' for code, t in uses]
    read_or_format_error(page([body], defs=defs, scenarios=[(1, level, body[:2], body[2:])]))


CASTLE_CODES = ["FCW", "FSB", "FEW", "FDW", "BTL", "BFG", "LDR", "FLG", "STW", "WW01", "FWH", "GA", "P1SZ", "NULL"]


@SETTINGS
@given(st.lists(st.tuples(st.sampled_from(CASTLE_CODES), transforms, st.sampled_from(["", "6", "0", "x", "99"])),
                max_size=8),
       st.lists(st.sampled_from(["Level 1", "Level 12", "Flag", "", "Level 0"]), min_size=1, max_size=3))
def test_random_castle_drawings(uses, titles):
    from test_glasq_castle import castle_page

    body = []
    for code, t, label in uses:
        body.append(f'<use transform="{t}" xlink:href="#{code}"/>')
        if label:
            body.append(f'<text x="32" y="70">{label}</text>')
    pictures = [(title, body[i::len(titles)]) for i, title in enumerate(titles)]
    read_or_format_error(castle_page(pictures, [(1, 2, body[:3])]))
