"""The level (z) of every piece a page draws, as a builder would stack it.

A page draws one picture per layer of the build, titled "Level N": the tiles drawn there are
the layer whose top is at height N, so their z is N - 1 (the picture's class `hsbfNNNNlLL`
only numbers the pictures: The West Barbican of Idona Castle draws Levels 1, 2, 3, 12 and 21
as pictures 1 to 5). Castle bases, walls and arches drawn on "Level N" stand at N - 1 too.
Pictures titled otherwise ("Ruins", "Flag & Ruins") and scenario overlays hold things that
stand on what is drawn below them.

Everything that stands on something (obstacles, glyphs, start zones, figures) is put on the
top of what lies under it, i.e. at the supporting tile's z + 1, as VirtualScape stores it. A
picture sees the tiles of the pictures up to itself; an overlay `hsbfNNNNsKKlLL` those of the
pictures before picture LL ("Glyphs Under Level 11" sit under the Level 11 tiles).
A glyph, start zone or figure (or an overlay's obstacle) with nothing drawn under any of its
hexes in any picture is drawn off the board (a key of glyphs, a legend) and is not placed.

A stone wall (`STW`) hangs along the side of a row of tiles (catalog `attaches_to`): drawn on
"Level N" it is at N - 1, beside that Level's tiles; elsewhere at the level of the tiles it hangs
on. Edge pieces hang on a castle's side: a battlement drawn on "Level N" is at N - 1, the level of
the wall-walk it serves; elsewhere at the level of the wall-walk or wall across its side. A
ladder labelled with a number is that many ladders stacked LADDER_RISE levels apart, from what
is under its hex up to that level (a ladder is not labelled when it is the only one). The
castle flag stands in the top of the battlement drawn again as `BFG` at its place (catalog
`stands_on`: 5 levels above the battlement's bottom).

A tile labelled with a number K in a level picture is K tiles stacked, the lowest on that
picture's Level (a page that jumps from "Level 3" to "Level 5" marks a Level 3 tile "2").

A start zone labelled with a number K marks K start spaces in its hex, one above another (The
West Barbican of Idona Castle: "spaces marked with the number 2 indicate where there are 2 open
start zone spaces on both levels 1 and 21"): the one on top, and the K - 1 highest open spaces
under it, the tops that nothing drawn stands on (the floor inside a castle tower, under its
wall-walk).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from mapkit import registry
from mapkit.formats.glasq.pieces import FLAG_BATTLEMENT, Placed, written_heights
from mapkit.model import levels
from mapkit.model.grid import DIRECTIONS
from mapkit.model.map import Piece

#: This format's name, from its registry row: the key of what it keeps in `extras`.
NAME = registry.declared(__name__).name
#: Levels between two ladders stacked on one hex side: Hexoscape's ladder is 2 levels tall
#: (hexoscape-pieces.md, castle table) and VirtualScape's West Barbican of Idona Castle stacks
#: its 22 ladders at z 1, 3, ..., 11 and 12, 14, ..., 20 (hsc-format.md section 4.4).
LADDER_RISE = 2

#: Pieces a number drawn on them multiplies: ladders stacked on one side, start spaces one above another.
STACKED = ("castle-ladder", "start-zone")
#: Kinds of tile a number drawn on it in a level picture multiplies: K tiles stacked, the lowest on
#: the picture's Level (a "2" on a rock 1-hex in the Level 3 picture: Levels 3 and 4).
STACKED_KINDS = ("land", "fluid")
#: The most tiles one number stacks: a larger number is not a count of tiles.
MOST_STACKED = 9

#: Piece kinds that make a layer of the build (their z comes from the picture's "Level N").
_LAYER_KINDS = ("land", "fluid", "castle")
#: Kinds of standing pieces that, with nothing drawn under them, are drawings off the board
#: (keys of glyphs, setup lists): glyphs, start zones and figures anywhere; obstacles in a
#: scenario overlay. An obstacle on a level picture with nothing under it stands on the table
#: (The Catacombs draws lone outcrops on its Level 1).
_OFF_BOARD_KINDS = ("marker", "figure")
#: A picture number beyond every picture's: "whatever any picture draws".
_ALL = 1 << 30


@dataclass(frozen=True)
class Layer:
    """One picture of the page: a level drawing or a scenario overlay."""

    kind: str  # "level" or "scenario"
    order: int  # the picture's number (class lLL); an overlay sees the pictures before its LL
    height: int | None  # N of its "Level N" title, None when it has none
    scenario: int | None = None
    room: int = 1  # the board it draws, on a page of several rooms (see `rooms`)

    @property
    def sees(self) -> int:
        """The last picture whose tiles this one's standing pieces may stand on."""
        return self.order if self.kind == "level" else self.order - 1


class Ground:
    """The tops of the layers drawn so far: hex -> [(picture number, top height, is castle)], and
    the heights each layer fills: hex -> [(picture number, bottom, top)]."""

    def __init__(self) -> None:
        self.tops: dict[tuple[int, int], list[tuple[int, int, bool, int | None]]] = {}
        self.spans: dict[tuple[int, int], list[tuple[int, int, int]]] = {}

    def add(self, cells: list[tuple[int, int]], order: int, top: int, castle: bool, bottom: int | None = None,
            scenario: int | None = None) -> None:
        """Tops of pieces drawn up to picture `order`; a scenario's own (the base an obstacle
        leaves) are seen by that scenario's pieces only."""
        for cell in cells:
            self.tops.setdefault(cell, []).append((order, top, castle, scenario))
            if scenario is None:
                self.spans.setdefault(cell, []).append((order, top if bottom is None else bottom, top))

    def open_tops(self, cell: tuple[int, int], sees: int, below: int) -> list[int]:
        """The tops under height `below` in one hex that nothing drawn up to picture `sees`
        stands on or passes through, highest first: spaces a figure can stand in."""
        spans = [(bottom, top) for order, bottom, top in self.spans.get(cell, ()) if order <= sees]
        tops = {top for _, top in spans if top < below}
        return sorted((t for t in tops if not any(bottom <= t < top for bottom, top in spans)), reverse=True)

    def top(self, cells: list[tuple[int, int]], sees: int, castle_only: bool = False,
            scenario: int | None = None) -> int | None:
        """The highest top under any of `cells` among pictures up to `sees` (None: nothing there),
        the shared terrain's and scenario `scenario`'s own."""
        found = [top for cell in cells for order, top, castle, own in self.tops.get(cell, ())
                 if order <= sees and (castle or not castle_only) and own in (None, scenario)]
        return max(found, default=None)


def stack(placed: list[Placed], cat: Any, skip: Callable[[Placed, str], None],
          warn: Callable[[str], None]) -> list[Piece]:
    """The pieces with their z, in drawing order; `skip` hears of pieces drawn off the board,
    `warn` of what was read otherwise than drawn (a ladder count that does not fit)."""
    ground = Ground()
    z: dict[int, list[int]] = {}
    for p in sorted((p for p in placed if _is_layer(p, cat)), key=lambda p: p.layer.order):
        ptype = cat[p.type]
        if p.layer.height is not None:
            level = p.layer.height - 1
        else:
            level = ground.top(p.cells, p.layer.order - 1) or 0
        z[id(p)] = [level + k * ptype.height for k in range(p.count)]  # a tile labelled K: K of them stacked
        level = z[id(p)][-1]
        castle = ptype.kind == "castle" or ptype.terrain == "wall-walk"
        open_cells = _open_cells(p, ptype, cat)
        ground.add([c for c in p.cells if c not in open_cells], p.layer.order, level + ptype.height, castle,
                   bottom=z[id(p)][0])
        # A space inside the piece (an arch's door space) stays open at its bottom.
        ground.add(sorted(open_cells), p.layer.order, level + ptype.height, castle, bottom=level + 1)
    holders = _edges(placed, cat, ground, z, warn)
    names: dict[tuple[int | None, Any], str] = {}
    for p in placed:
        if id(p) in z or p.code == FLAG_BATTLEMENT:
            continue
        if p.type == "castle-flag" and id(p) in holders:
            continue
        ptype = cat[p.type]
        if p.base is not None:
            base = p.base.layer
            level = base.height - 1 if base.height is not None else ground.top(p.base.cells, base.order - 1) or 0
        elif ptype.attaches_to:  # a stone wall hangs beside the tiles of its Level, not on what is under it
            beside = ground.top(ptype.attached_hexes(p.q, p.r, p.rotation), p.layer.sees, scenario=p.scenario)
            level = p.layer.height - 1 if p.layer.height is not None and p.scenario is None else max(0, (beside or 1) - 1)
        else:
            level = ground.top(p.cells, p.layer.sees, scenario=p.scenario)
            if level is None:
                if _may_be_off_board(p, ptype) and ground.top(p.cells, _ALL, scenario=p.scenario) is None:
                    skip(p, "drawn off the board (no picture draws anything under it: a key, legend or label)")
                    if p.attrs.get("name") and p.attrs.get("label"):  # a setup list's key names its number
                        names[(p.scenario, p.attrs["label"])] = p.attrs["name"]
                    continue
                level = 0
        z[id(p)] = _start_spaces(p, level, ground, warn) if p.type == "start-zone" else [level]
        if p.attrs.get("base_of"):  # the base an obstacle leaves: that scenario's pieces stand on it
            ground.add(p.cells, p.layer.sees, level + ptype.height, False, scenario=p.scenario)
    _plant_flags(placed, holders, z, cat)
    for p in placed:  # the figures the key names, on the board
        name = names.get((p.scenario, p.attrs.get("label")))
        if name and id(p) in z and cat[p.type].kind == "figure":
            p.attrs.setdefault("name", name)
    pieces = []
    for p in placed:
        for level in z.get(id(p), ()):
            extras: dict[str, Any] = {"code": p.code, "line": p.line, **p.extras}
            if p.base is not None:
                extras["base"] = {"code": p.base.code, "line": p.base.line}
            attrs = dict(p.attrs)
            heights = written_heights(p, cat)
            if heights:
                attrs["heights"] = heights
            pieces.append(Piece(p.type, p.q, p.r, level, p.rotation, attrs, {NAME: extras}))
    return pieces


def _open_cells(p: Placed, ptype: Any, cat: Any) -> set[tuple[int, int]]:
    """The hexes of a piece where a figure may stand inside it, on what is under it (catalog
    `open_cells`: a castle arch's door space)."""
    if not ptype.open_cells:
        return set()
    offsets = cat.footprint(ptype.shape, p.rotation)
    return {(p.q + offsets[k][0], p.r + offsets[k][1]) for k in ptype.open_cells if k < len(offsets)}


def _may_be_off_board(p: Placed, ptype: Any) -> bool:
    return ptype.kind in _OFF_BOARD_KINDS or (ptype.kind == "obstacle" and p.layer.kind == "scenario")


def _is_layer(p: Placed, cat: Any) -> bool:
    """A tile of a level picture: land, fluid and castle bodies (not the flag, which stands)."""
    return p.scenario is None and cat[p.type].kind in _LAYER_KINDS and p.type != "castle-flag"


def _edges(placed: list[Placed], cat: Any, ground: Ground, z: dict[int, list[int]],
           warn: Callable[[str], None]) -> dict[int, Placed]:
    """Levels of the battlements and ladders; returns flag id -> the battlement holding it."""
    kept: dict[tuple, Placed] = {}
    holders: dict[int, Placed] = {}
    flag_battlements: list[Placed] = []
    for p in placed:
        ptype = cat[p.type]
        if ptype.kind != "edge" or ptype.shape != "S1":
            continue
        if p.layer.height is not None and p.scenario is None:
            level = p.layer.height - 1
        else:
            dq, dr = DIRECTIONS[p.rotation % 6]
            top = ground.top([(p.q + dq, p.r + dr), (p.q, p.r)], p.layer.sees, castle_only=True)
            if top is None:
                top = ground.top(p.cells, p.layer.sees) or 0
                level = top
            else:
                level = top - 1
        key = (p.type, p.q, p.r, p.rotation, level, p.scenario)
        if p.code == FLAG_BATTLEMENT:
            flag_battlements.append(p)
            z[id(p)] = [level]
            continue
        kept.setdefault(key, p)
        z[id(p)] = _ladder_stack(p, level, ground, warn) if p.type == "castle-ladder" else [level]
    for b in flag_battlements:
        key = (b.type, b.q, b.r, b.rotation, z[id(b)][0], b.scenario)
        same = kept.get(key)
        if same is not None:  # the battlement drawn again to show the flag: one piece
            del z[id(b)]
            same.extras["drawn_again"] = {"code": b.code, "line": b.line}
        for flag in placed:
            if flag.type == "castle-flag" and flag.anchor == b.anchor and flag.scenario == b.scenario:
                holders[id(flag)] = same or b
    return holders


def _ladder_stack(p: Placed, level: int, ground: Ground, warn: Callable[[str], None]) -> list[int]:
    """The levels of the ladders a page draws at one place: `p.count` of them (the number drawn
    on it, else 1), LADDER_RISE levels apart, from the top of what is under their hex up to the
    level of the picture (the wall-walk's), as VirtualScape's West Barbican stacks its 22 ladders.
    With nothing drawn under the hex, the top ladder is at the picture's level."""
    floor = ground.top(p.cells, p.layer.sees)
    if floor is None or floor > level:
        floor = max(0, level - LADDER_RISE * (p.count - 1))
    fits = (level - floor) // LADDER_RISE + 1
    if p.count > fits:
        warn(f"line {p.line}: #{p.code} is labelled {p.count} ladders, but only {fits} fit from {levels.label(floor)} "
             f"up to {levels.label(level)}; {fits} placed")
    return [floor + LADDER_RISE * k for k in range(min(p.count, fits))]


def _start_spaces(p: Placed, level: int, ground: Ground, warn: Callable[[str], None]) -> list[int]:
    """The levels of the `p.count` start spaces a start zone marks in its hex: on top, then the
    highest open spaces under it."""
    if p.count == 1:
        return [level]
    under = ground.open_tops((p.q, p.r), p.layer.sees, level)
    found = [level] + under[:p.count - 1]
    if len(found) < p.count:
        warn(f"line {p.line}: #{p.code} is labelled {p.count} start spaces, but its hex has {len(found)} open "
             f"space{'s' if len(found) != 1 else ''} ({', '.join(levels.label(z) for z in found)}); "
             f"{len(found)} placed")
    return found


def _plant_flags(placed: list[Placed], holders: dict[int, Placed], z: dict[int, list[int]], cat: Any) -> None:
    """A flag drawn with a flag battlement stands in that battlement's top, in its hex, as many
    levels above the battlement's bottom as the catalog's `stands_on` says."""
    for flag in placed:
        holder = holders.get(id(flag))
        if holder is None or id(holder) not in z:
            continue
        flag.q, flag.r, flag.cells = holder.q, holder.r, [(holder.q, holder.r)]
        rise = cat[flag.type].stands_on.get(holder.type, 1)
        z[id(flag)] = [max(z[id(holder)]) + rise]
