"""Random maps for property tests: the one Hypothesis strategy the readers', writers' and
drawers' tests share (`tests/test_format_contract.py`, the fuzz tests, the drawing properties).

`pieces()` draws a catalog piece with the attributes its type uses; `maps()` a map of them.
Two flavours: the default draws what a designer's editor could save (letters of real glyphs,
players 1 to 8, personal tiles of a real size, RGB colours); `hostile=True` adds what a
hand-edited file may hold (an empty or non-ASCII letter, player 0 or none, a personal tile of
no shape, a colour that is no colour), which readers must survive and drawers must still draw.
"""

from __future__ import annotations

from typing import Any, Sequence

from hypothesis import strategies as st

from mapkit.model.catalog import PERSONAL_SHAPES, catalog
from mapkit.model.map import Map, Piece

#: Every piece type the catalog knows.
TYPES: tuple[str, ...] = tuple(sorted(catalog().types))
#: Glyph letters of the official and community glyphs ("?" an unnamed one).
LETTERS = "ABDEGIKVZ?"
#: What a hand-edited file may put where a letter, a colour or a size belongs.
ODD_LETTERS = ("", "é", "<")
ODD_COLOURS = (None, "#ff00aa", 0x00FF00, "nonsense", 255)
ODD_SIZES = (5,)
#: Turns of a piece: whole sixths, and the half steps Laur wall pieces take.
TURNS = (0, 1, 2, 3, 4, 5)
HALF_TURNS = (0.5, 3.5)


def _attrs(draw: st.DrawFn, type_id: str, hostile: bool) -> dict[str, Any]:
    """What a piece of `type_id` carries besides its place."""
    attrs: dict[str, Any] = {}
    if type_id == "glyph":
        attrs["letter"] = draw(st.sampled_from(tuple(LETTERS) + (ODD_LETTERS if hostile else ())))
    elif type_id == "start-zone":
        attrs["player"] = draw(st.one_of(st.integers(0, 12), st.none()) if hostile else st.integers(1, 8))
        if draw(st.booleans()):
            attrs["name"] = draw(st.text(max_size=5))
    elif type_id.startswith("figure"):
        attrs["name"] = draw(st.text(max_size=8))
        if draw(st.booleans()):
            attrs["file"] = "F"
        if draw(st.booleans()):
            attrs["player"] = draw(st.sampled_from((None, 1, 3, 12)) if hostile else st.integers(1, 8))
    elif type_id == "personal":
        sizes = tuple(sorted(PERSONAL_SHAPES)) + (ODD_SIZES if hostile else ())
        colour = st.lists(st.integers(0, 255), min_size=3, max_size=3)
        attrs.update(size=draw(st.sampled_from(sizes)), name=draw(st.text(max_size=6)), label=draw(st.text(max_size=6)),
                     texture_top="t.bmp", texture_side="s.bmp",
                     colour=draw(st.one_of(colour, st.sampled_from(ODD_COLOURS)) if hostile else colour))
    return attrs


@st.composite
def pieces(draw: st.DrawFn, types: Sequence[str] = TYPES, span: int = 20, levels: tuple[int, int] = (0, 12),
           half_turns: bool = False, hostile: bool = False) -> Piece:
    """One piece of one of `types`, its origin within `span` hexes of (0, 0) on a level in `levels`;
    `half_turns` lets one-hex pieces (any piece, if `hostile`) turn in half steps."""
    type_id = draw(st.sampled_from(tuple(types)))
    attrs = _attrs(draw, type_id, hostile)
    halves = half_turns and (hostile or catalog()[type_id].hexes == 1)  # only one-hex pieces turn half steps
    rotation = draw(st.sampled_from(TURNS + (HALF_TURNS if halves else ())))
    return Piece(type_id, draw(st.integers(-span, span)), draw(st.integers(-span, span)),
                 draw(st.integers(*levels)), rotation, attrs)


@st.composite
def maps(draw: st.DrawFn, types: Sequence[str] = TYPES, min_pieces: int = 0, max_pieces: int = 25, span: int = 20,
         levels: tuple[int, int] = (0, 12), half_turns: bool = False, hostile: bool = False) -> Map:
    """A map of random pieces (see `pieces`) with a random name, author and notes text."""
    ps = draw(st.lists(pieces(types, span, levels, half_turns, hostile), min_size=min_pieces, max_size=max_pieces))
    return Map(name=draw(st.text(max_size=20)), author=draw(st.text(max_size=10)),
               notes=draw(st.text(max_size=40)), pieces=ps)
