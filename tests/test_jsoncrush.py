"""JSONCrush port: the same characters as the JavaScript library, and uncrush inverts crush.

The expected strings below were produced by running the npm package `jsoncrush` 1.1.8 under
Node on these inputs (outside the project); the reasoning cases follow from the algorithm.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mapkit.formats.hexoscape import jsoncrush

#: (input, what JSONCrush.crush returns for it)
#: len(JSONCrush.uncrush(_nested("01234"))) under Node.
LENGTH_OF_NESTED_5 = 342

KNOWN_PAIRS = [
    ("", "_"),
    ("ab", "ab_"),
    ('{"a":1}', "('a!1)_"),
    ("hello hello hello", "''!!hello'! \x01'!_"),
    ('[{"id":"1","name":"Test"},"0~0~0~0~g1","1~0~0~0~g1","2~0~0~0~g1"]',
     "[('id!'1'~name!'Test')~0*~1*~2*]*-0-0-0-g1'-,'\x01-*_"),
    ("12121212 3434 3434 12 12 12", "(((!''!!(!( '3434 (12\x01('!_"),
    ("héllo héllo héllo wörld wörld", "!!!' '!héllo 'wörld\x01'!_"),
    ("😀😀😀 abc 😀😀 abc", "!' '!😀'!! abc\x01'!_"),
    ("x\x01y", "xy_"),
    ("constructor constructor constructor", "''!r!constructo'!r \x01'!_"),
    ('{"boardPieces":{"0~1~0~0~g7":"g7","0~0~0~0~r1":"r1","1~0~0~0~r1":"r1"}}',
     "('boardPieces!('*1.**g7!'g7'~*-~1.-))*0.-***r1!'r1'.,'\x01.-*_"),
]


@pytest.mark.parametrize("text, crushed", KNOWN_PAIRS)
def test_crush_matches_the_javascript_library(text, crushed):
    assert jsoncrush.crush(text) == crushed


@pytest.mark.parametrize("text, crushed", KNOWN_PAIRS)
def test_uncrush_inverts_the_javascript_output(text, crushed):
    assert jsoncrush.uncrush(crushed) == text.replace("\x01", "")


def test_swaps_are_the_documented_pairs():
    assert jsoncrush.swap('{"a":[1,"b"]}') == "('a![1~b'])"
    assert jsoncrush.swap("('a![1~b'])", forward=False) == '{"a":[1,"b"]}'


def test_byte_length_counts_escapes_as_three():
    assert jsoncrush.byte_length("abc-_.!~*'()") == 12
    assert jsoncrush.byte_length(" ") == 3
    assert jsoncrush.byte_length("é") == 6
    assert jsoncrush.byte_length(jsoncrush.to_code_units("😀")) == 12


def test_replacement_characters_start_with_url_safe_ones():
    chars = jsoncrush.REPLACEMENT_CHARACTERS
    assert chars[-1] == "!" and chars[-2] == "'"
    assert "\\" not in chars and len(set(chars)) == len(chars)


def _nested(chars: str) -> str:
    """c1 c1 c1 c2 c2 c2 ... # + the split characters: undoing each one at least doubles the text."""
    body = "#"
    for c in reversed(chars):
        body = c * 3 + body
    return body + "\x01" + chars + "_"


def test_uncrush_refuses_to_explode():
    assert len(jsoncrush.uncrush(_nested("01234"))) == LENGTH_OF_NESTED_5
    with pytest.raises(jsoncrush.UncrushError):
        jsoncrush.uncrush(_nested("".join(chr(c) for c in range(0x30, 0x30 + 60))), max_length=100_000)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab12~,\"':{}()!_ é😀[]")), max_size=60))
def test_uncrush_crush_round_trip(text):
    assert jsoncrush.uncrush(jsoncrush.crush(text)) == text


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=40))
def test_round_trip_any_text(text):
    text = text.replace("\x01", "")
    assert jsoncrush.uncrush(jsoncrush.crush(text)) == text


def test_uncrush_refuses_endless_work_on_a_long_text():
    # Each replacement that occurs once, at the end, only trims one character: a link can
    # hold millions of them, each scanning the whole (long) text. The work is bounded too.
    marks = "".join(chr(c) for c in range(0x100, 0x100 + 200))
    hostile = "z" * 1000 + marks + "\x01" + marks[::-1] + "_"
    assert jsoncrush.uncrush(hostile) == "z" * 1000
    with pytest.raises(jsoncrush.UncrushError, match="too long"):
        jsoncrush.uncrush(hostile, max_length=2000)  # 200 scans of ~1100 units > 40 x 2000
    assert jsoncrush.uncrush(hostile, max_length=2000, max_work=10**6) == "z" * 1000
