"""VirtualScape ids and geometry derived from the catalog (no hand-written tables).

VirtualScape stores a piece at its *anchor*: the westernmost hex of the northernmost row of
the turned footprint (docs/hsc-format.md §4.1). mapkit stores the *origin*: the shape's
(0, 0) after turning. `anchor_delta(shape, k)` is the anchor's axial offset from the origin,
computed from the catalog shape, so the two conventions convert by one subtraction.
"""

from __future__ import annotations

from functools import lru_cache

from mapkit.model.catalog import Catalog, PieceType, catalog

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Container

GLYPH_FIRST, GLYPH_LAST = 14001, 14254  # 14001 is the old '?' id; 14002..14254 = 14000 + letter
START_ID = 15001
PERSONAL_ID = 17000
FIGURE_IDS = (18001, 18002)
PERSONAL_SIZES = (1, 2, 3, 7, 24)


def glyph_letter(raw: int, byte: int | None, glyphs: Container[str]) -> str:
    """A glyph tile's letter: its type's (14000 + the letter: VirtualScape names the glyph by its
    type, and the Hexoscape editor's export writes the letter byte 'T' on every tile, so the byte
    may say another), unless the type names no glyph of the game (14061 '=' and 14062 '>' of
    VirtualScape's older numbering, whose byte says '?') or is that numbering's 14001, which
    VirtualScape loads as a '?' and then gives the byte's letter (hsc-format §1.6): then the byte's."""
    letter = "?" if raw == GLYPH_FIRST else chr(raw - 14000)
    if byte is None or (raw != GLYPH_FIRST and letter in glyphs):
        return letter
    return chr(byte)


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
        #: The Hexoscape editor's own type ids for pieces VirtualScape never had (9003 snow 3-hex ...:
        #: `data/hexoscape_hsc.json`) -> piece type: read as the editor reads them, never written.
        self.editor: dict[int, PieceType] = {}
        #: The Marvel warehouse ruins VirtualScape has (11006, 11007), each a tile that holds the
        #: concrete base it stands on (`_marvel`), and that base's type.
        self.ruins: frozenset[str] = frozenset()
        self.ruin_base: PieceType | None = None
        #: What the editor's export writes: the letter byte of every tile, and the glyph type of its
        #: treasure glyph (and of its plain power glyph). In a file whose tiles carry that byte,
        #: that glyph is read as its treasure glyph.
        self.editor_byte = -1
        self.editor_glyph = -1

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
    editor = json.loads(data.text("hexoscape_hsc.json"))
    for code, hid in editor["codes"].items():
        t.editor[int(code)] = cat.by_hexoscape[hid]
    t.editor_byte, t.editor_glyph = ord(editor["letter_byte"]), int(editor["glyph_type"])
    t.ruin_base = base = cat.by_hexoscape[editor["ruin_base"]]
    t.ruins = frozenset(p.id for p in cat.types.values()
                        if p.vs is not None and p.kind == "obstacle" and p.shape == base.shape)
    special = {"glyph", "personal", "figure", "figure-double"} | t.ruins  # (a ruin tile is two pieces: general)
    ids = [(raw, piece) for raw, piece in sorted(t.by_vs.items()) if piece.id not in special]
    ids += [(raw, cat["glyph"]) for raw in range(GLYPH_FIRST, GLYPH_LAST + 1)]
    code_of: dict[str, int] = {}
    for raw, piece in ids:
        if piece.id not in code_of:
            code_of[piece.id] = len(t.plain)
            t.plain.append(piece)
        t.plain_code[raw] = code_of[piece.id]
    return t
