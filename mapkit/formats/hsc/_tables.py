"""VirtualScape ids and geometry derived from the catalog (no hand-written tables).

VirtualScape stores a piece at its *anchor*: the westernmost hex of the northernmost row of
the turned footprint (docs/hsc-format.md §4.1). mapkit stores the *origin*: the shape's
(0, 0) after turning. `anchor_delta(shape, k)` is the anchor's axial offset from the origin,
computed from the catalog shape, so the two conventions convert by one subtraction.
"""

from __future__ import annotations

from functools import lru_cache

from mapkit.model.catalog import Catalog, PieceType, catalog

GLYPH_FIRST, GLYPH_LAST = 14001, 14254  # 14001 is the old '?' id; 14002..14254 = 14000 + letter
START_ID = 15001
PERSONAL_ID = 17000
FIGURE_IDS = (18001, 18002)
PERSONAL_SIZES = (1, 2, 3, 7, 24)


def colorref(rgb) -> int:
    """(R, G, B) -> Windows COLORREF as an integer (0x00BBGGRR)."""
    r, g, b = (int(v) & 0xFF for v in rgb)
    return r | (g << 8) | (b << 16)


def rgb_of(colour: int) -> list[int]:
    return [colour & 0xFF, (colour >> 8) & 0xFF, (colour >> 16) & 0xFF]


def anchor_delta(cat: Catalog, shape: str, turns: int) -> tuple[int, int]:
    """Axial offset of the VirtualScape anchor from the model origin for `shape` turned `turns`."""
    cells = cat.footprint(shape, turns)
    dq, dr = min(cells, key=lambda c: (c[1], c[0]))
    return dq, dr


class Tables:
    """The catalog's VirtualScape side, filled by `tables()`."""

    def __init__(self, cat: Catalog):
        self.cat = cat
        #: raw VirtualScape id -> piece type, for every id except glyphs (legacy ids included).
        self.by_vs: dict[int, PieceType] = {}
        #: (shape, turns) -> anchor delta.
        self.anchors: dict[tuple[str, int], tuple[int, int]] = {}
        #: start-zone COLORREF -> player, and player -> COLORREF.
        self.player_of_colour: dict[int, int] = {}
        self.colour_of_player: dict[int, int] = {}
        #: A battlefield page's start-zone colours (`data/glasq_zones.json`): COLORREF -> (player,
        #: colour name), and (player, colour name) -> COLORREF. A page's zones are written in them
        #: (`Map.attrs["zone_colours"]`) and read back as that page's players.
        self.page_zone: dict[int, tuple[int, str]] = {}
        self.page_colour: dict[tuple[int, str], int] = {}
        #: Types the fast path reads: every VS piece whose record has no extra strings (so not
        #: personal tiles or figures). Glyphs and start zones are among them (attrs set afterwards).
        self.plain: list[PieceType] = []
        self.plain_code: dict[int, int] = {}

    def anchor(self, shape: str, turns: int) -> tuple[int, int]:
        return self.anchors[(shape, turns % 6)]


@lru_cache(maxsize=1)
def tables() -> Tables:
    cat = catalog()
    t = Tables(cat)
    for piece in cat.types.values():
        if piece.vs is not None:
            t.by_vs.setdefault(piece.vs, piece)
        for legacy in piece.vs_legacy:
            t.by_vs.setdefault(legacy, piece)
    for shape in cat.shapes:
        for turns in range(6):
            t.anchors[(shape, turns)] = anchor_delta(cat, shape, turns)
    for entry in cat.start_zone_colours:
        colour = colorref(entry["rgb"])
        t.player_of_colour.setdefault(colour, int(entry["player"]))
        t.colour_of_player.setdefault(int(entry["player"]), colour)
    import json

    from mapkit import data

    for entry in json.loads(data.text("glasq_zones.json"))["colours"]:
        colour, key = colorref(entry["rgb"]), (int(entry["number"]), str(entry["name"]))
        if colour not in t.player_of_colour:
            t.page_zone.setdefault(colour, key)
            t.page_colour.setdefault(key, colour)
    special = {"glyph", "personal", "figure", "figure-double"}
    ids = [(raw, piece) for raw, piece in sorted(t.by_vs.items()) if piece.id not in special]
    ids += [(raw, cat["glyph"]) for raw in range(GLYPH_FIRST, GLYPH_LAST + 1)]
    code_of: dict[str, int] = {}
    for raw, piece in ids:
        if piece.id not in code_of:
            code_of[piece.id] = len(t.plain)
            t.plain.append(piece)
        t.plain_code[raw] = code_of[piece.id]
    return t
