"""A scenario's own pieces that a picture from above would hide, drawn anyway.

A glyph, start space or figure under an overhang (glyph D on Level 1 under The Forgotten
Forest's Level 8 bridge) is painted over by the tile above it, so a scenario sheet drawn from
above would place it nowhere. Here each such piece is drawn again over the picture, smaller and
in the upper part of its hex, with its Level ("L1") and a dashed ring, so the builder sees it and
sees it lies beneath; a hex whose start spaces lie on two Levels or more says so ("L1+L8").
"""

from __future__ import annotations

from typing import Callable

from mapkit.model import levels
from mapkit.model.map import Map
from mapkit.outputs.scene import players, symbols
from mapkit.outputs.scene.layout import hex_center, hex_corners
from mapkit.outputs.scene.parts import glyph_words
from mapkit.outputs.scene.shapes import Group, Poly, Text
from mapkit.records import Record

#: The size of a beneath piece's symbol, against the hex (it leaves room for what is on top).
SMALL = 0.5
#: Kinds whose pieces make a surface over what lies under them.
COVERING = ("land", "fluid", "castle", "custom")


class Beneath(Record, frozen=True):
    """One hex of a scenario piece that a higher piece covers: what covers it, and at which Level."""

    index: int
    q: int
    r: int
    level: int
    over: str
    over_level: int


def beneath(m: Map, own: list[int]) -> list[Beneath]:
    """The hexes of the pieces `own` (indices into `m.pieces`) with a tile, castle piece or
    personal tile lying at or above them: the piece nearest above names what covers it."""
    cat = m.catalog()
    wanted = {cell for i in own for cell in m.footprint(m.pieces[i])}
    above: dict[tuple[int, int], list[tuple[int, str, int]]] = {}
    for piece in m.pieces:
        ptype = cat[piece.type]
        if ptype.kind not in COVERING:
            continue
        for cell in m.footprint(piece):
            if cell in wanted:
                above.setdefault(cell, []).append((piece.z, ptype.name, levels.level(ptype, piece.z)))
    out = []
    for i in own:
        piece = m.pieces[i]
        ptype = cat[piece.type]
        for q, r in m.footprint(piece):
            over = sorted(entry for entry in above.get((q, r), ()) if entry[0] >= piece.z)
            if over:
                _, name, over_level = over[0]
                out.append(Beneath(i, q, r, levels.level(ptype, piece.z), name, over_level))
    return out


def stacked_starts(m: Map, own: list[int]) -> dict[tuple[int, int], list[int]]:
    """Hexes whose start spaces lie on two Levels or more: hex -> those Levels, lowest first."""
    cat = m.catalog()
    found: dict[tuple[int, int], set[int]] = {}
    for i in own:
        piece = m.pieces[i]
        if piece.type == "start-zone":
            for cell in m.footprint(piece):
                found.setdefault(cell, set()).add(levels.level(cat[piece.type], piece.z))
    return {cell: sorted(lv) for cell, lv in found.items() if len(lv) > 1}


def overlay(m: Map, hidden: list[Beneath], stacked: dict[tuple[int, int], list[int]], p: float,
            min_text: float = 0.0) -> Group:
    """Scene items to draw over a picture from above: each hidden piece small in the upper left of
    its hex (the lower part keeps the number of a start space on top), its hex ringed dashed and
    its Level beside it ("L1"); a hex of start spaces on several Levels names them all ("L1+L8") where
    that fits in the hex at `min_text` (the smallest legible size, model millimetres; else the key
    under the page's parts names them)."""
    group = Group("beneath", label="Scenario pieces under other pieces", layer=True)
    said: set[tuple[int, int]] = set()
    for b in hidden:
        piece = m.pieces[b.index]
        cx, cy = hex_center(b.q, b.r, p)
        x, y = cx - p * 0.2, cy - p * 0.14
        small = p * SMALL
        group.add(Poly(hex_corners(b.q, b.r, p, 0.97), stroke=(255, 255, 255), width=p * 0.05, dash=True))
        if piece.type == "glyph":
            group.items.extend(symbols.glyph(x, y, small, str(piece.attrs.get("letter", "?"))))
        elif piece.type == "start-zone":
            player = int(piece.attrs.get("player", 0) or 0)
            rgb = players.zone_colour(m, player).rgb
            group.add(Poly(symbols.hexagon(x, y, small, 0.8), fill=(255, 255, 255), stroke=rgb, width=small * 0.12))
            group.add(Text(x, y, str(player), small * 0.42, fill=(0, 0, 0), bold=True))
        elif piece.type.startswith("figure"):
            group.items.extend(symbols.figure(x, y, small, players.figure_label(piece),
                                              players.figure_colour(m, piece).rgb))
        else:
            group.add(Text(x, y, piece.attrs.get("label") or "?", small * 0.4, fill=(0, 0, 0), bold=True,
                           halo=(255, 255, 255)))
        if (b.q, b.r) in said:
            continue
        said.add((b.q, b.r))
        text = _fitted(stacked.get((b.q, b.r)), b.level, p, min_text)
        group.add(Text(cx + p * 0.2, y, text, max(min_text, p * (0.18 if len(text) < 4 else 0.14)),
                       fill=(0, 0, 0), bold=True, halo=(255, 255, 255)))
    for (q, r), lvs in sorted(stacked.items()):
        if (q, r) not in said:
            cx, cy = hex_center(q, r, p)
            group.add(Text(cx, cy - p * 0.3, _fitted(lvs, lvs[0], p, min_text), max(min_text, p * 0.14),
                           fill=(0, 0, 0), bold=True, halo=(255, 255, 255)))
    return group


def _fitted(lvs: list[int] | None, level: int, p: float, min_text: float) -> str:
    """"L1+L8" for the Levels of stacked start spaces when that fits across 0.45 of the hex at a
    legible size, else the one Level ("L1")."""
    both = "+".join(f"L{lv}" for lv in lvs) if lvs else ""
    if both and len(both) * 0.62 * max(min_text, p * 0.14) <= p * 0.45:
        return both
    return f"L{level}"


def lines(m: Map, hidden: list[Beneath], stacked: dict[tuple[int, int], list[int]],
          name: Callable[[int, int], str | None]) -> list[str]:
    """What the sheet's key says of them, a line for each kind of piece under each kind of cover
    ("glyph D on Level 1 under Road 5-hex (Level 8) at D2") and for each set of stacked Levels
    ("start spaces on Levels 1 and 21 at P7, Q8")."""
    grouped: dict[tuple[str, int, str, int], list[str]] = {}
    for b in hidden:
        piece = m.pieces[b.index]
        what = (glyph_words(piece.attrs) if piece.type == "glyph"
                else f"player {piece.attrs.get('player', '?')} start spaces" if piece.type == "start-zone"
                else f"figure {players.figure_label(piece)}" if piece.type.startswith("figure") else piece.type)
        where = name(b.q, b.r) or f"({b.q}, {b.r})"
        places = grouped.setdefault((what, b.level, b.over, b.over_level), [])
        if where not in places:
            places.append(where)
    out = [f"{what} on Level {level} under {over} (Level {over_level}) at {', '.join(places)}"
           for (what, level, over, over_level), places in grouped.items()]
    by_levels: dict[tuple[int, ...], list[str]] = {}
    for (q, r), lvs in sorted(stacked.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        by_levels.setdefault(tuple(lvs), []).append(name(q, r) or f"({q}, {r})")
    for stack, places in by_levels.items():
        out.append(f"start spaces on Levels {', '.join(map(str, stack[:-1]))} and {stack[-1]} at {', '.join(places)}")
    return out
