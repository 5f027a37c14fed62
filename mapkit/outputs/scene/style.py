"""Colours, patterns, symbols and legend entries: what every drawing of a map shares.

The palette is data (`mapkit/data/render_style.json`) so the PNG, SVG and PDF outputs
agree and a designer can retune it in one place. Everything a picture marks is also told
apart by more than colour: fluids carry a pattern, obstacles a symbol, start zones their
player's number, findings their severity's letter.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Iterable

from mapkit import data
from mapkit.model.catalog import PieceType, catalog
from mapkit.records import Record

RGB = tuple[int, int, int]

@lru_cache(maxsize=1)
def style_data() -> dict[str, Any]:
    """The style table shipped with mapkit (loaded once)."""
    text = data.text("render_style.json")
    return json.loads(text)


def _rgb(value: Iterable[int]) -> RGB:
    r, g, b = value
    return int(r), int(g), int(b)


def terrain_rgb(terrain: str) -> RGB:
    """The fill colour of a terrain at the map's top level."""
    entry = style_data()["terrains"].get(terrain)
    return _rgb(entry["rgb"]) if entry else _rgb(style_data()["terrains"]["custom"]["rgb"])


def terrain_pattern(terrain: str) -> str | None:
    """'waves', 'dots', 'hatch', 'cross' or None: marks that tell terrains apart without colour."""
    entry = style_data()["terrains"].get(terrain)
    return entry.get("pattern") if entry else None


def terrain_label(terrain: str) -> str:
    entry = style_data()["terrains"].get(terrain)
    return entry["label"] if entry else terrain


def mark_rgb(name: str) -> RGB:
    """A named mark colour: outline, contour, glyph_ring, glyph_fill, figure, ghost, background, text."""
    return _rgb(style_data()["marks"][f"{name}_rgb"])


def castle_rgb(name: str) -> RGB:
    """wall, wall_top, flag, battlement, ladder or road_wall."""
    return _rgb(style_data()["castle"][f"{name}_rgb"])


def castle_wall_fill() -> RGB:
    """The stone a castle wall's hexes are drawn in (darker than a wall-walk's, so a Level of walls
    never reads as a Level of walk tiles)."""
    return _rgb(style_data()["piece_rgb"]["castle-wall-straight"])


def severity_rgb(severity: str) -> RGB:
    return _rgb(style_data()["severity_rgb"].get(severity, (90, 90, 90)))


def piece_fill(ptype: PieceType, attrs: dict[str, Any] | None = None) -> RGB:
    """The colour a piece is drawn in, on every Level (the legend's)."""
    if ptype.kind == "custom":
        colour = parse_colour((attrs or {}).get("colour"))
        if colour:
            return colour
    override = style_data()["piece_rgb"].get(ptype.id)
    if override:
        return _rgb(override)
    if ptype.kind == "obstacle":
        return obstacle_style(ptype)[1]
    if ptype.kind == "castle":
        return terrain_rgb("castle")
    if ptype.kind in ("land", "fluid") and ptype.terrain not in style_data()["terrains"]:
        return _rgb(ptype.vs_colour)           # a terrain new to the catalog: its own colour
    return terrain_rgb(ptype.terrain if ptype.kind != "custom" else "custom")


def standing_rgb(ptype: PieceType, attrs: dict[str, Any] | None = None) -> RGB:
    """The colour of a piece standing on the surface, as its legend line shows it (so the HTML
    report's small hexagons match the legend of the PNG, SVG and PDF); a figure's is its
    player's (`players.figure_colour`, which knows the map)."""
    if ptype.kind == "obstacle":
        return obstacle_style(ptype)[1]
    if ptype.kind in ("castle", "edge"):
        return castle_symbol(ptype)[2]
    if ptype.kind == "marker" and ptype.id not in ("glyph", "start-zone"):
        return tuple(ptype.vs_colour or mark_rgb("figure"))  # type: ignore[return-value]
    return piece_fill(ptype, attrs)


def obstacle_style(ptype: PieceType) -> tuple[str, RGB, str]:
    """(symbol, colour, legend label) for an obstacle piece: its own where the style gives the
    piece one ("piece_symbols": pieces of one terrain a builder must tell apart), else its
    terrain's."""
    entry = style_data()["piece_symbols"].get(ptype.id) or style_data()["obstacles"].get(ptype.terrain)
    if entry is None:
        return "outcrop", _rgb(ptype.vs_colour), ptype.terrain
    rgb = style_data()["piece_rgb"].get(ptype.id) or entry["rgb"]
    return entry["symbol"], _rgb(rgb), entry["label"]


def base_fills(ptype: PieceType) -> list[RGB]:
    """The colours of the base tiles a one-hex obstacle stands on of its own (`PieceType.base_tiles`:
    the holed shadow tile under a rock outcrop), as the map draws them round its symbol."""
    types = catalog().types
    return [piece_fill(types[base]) for base in ptype.base_tiles if base in types]


def wall_line(ptype: PieceType) -> tuple[tuple[float, float], ...] | None:
    """Where a ruin's wall stands on its hexes, in pitches from its origin hex at turn 0
    (`render_style.json` "walls", from Hexoscape's 2D map), while the catalog's footprint is the
    one the line was drawn for; None for any other piece."""
    entry = style_data()["walls"].get(ptype.id)
    if not isinstance(entry, dict) or entry.get("shape") != ptype.shape:
        return None
    return tuple((float(x), float(y)) for x, y in entry["line"])


def stands_in_another(ptype: PieceType) -> bool:
    """A piece planted in another (the castle flag in a battlement, `PieceType.stands_on`): a
    layer piece in the model, drawn standing, never as a tile."""
    return bool(ptype.stands_on)


def parse_colour(value: Any) -> RGB | None:
    """A personal tile's colour: '#rrggbb', [r, g, b], or a COLORREF integer (0x00bbggrr)."""
    if isinstance(value, str) and value.startswith("#") and len(value) == 7:
        try:
            return int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16)
        except ValueError:
            return None
    if isinstance(value, (list, tuple)) and len(value) == 3 and all(isinstance(v, int) for v in value):
        return _rgb(value)
    if isinstance(value, int) and 0 <= value <= 0xFFFFFF:
        return value & 0xFF, (value >> 8) & 0xFF, (value >> 16) & 0xFF
    return None


def darker(rgb: RGB, factor: float = 0.7) -> RGB:
    return tuple(int(round(c * factor)) for c in rgb)  # type: ignore[return-value]


def faded(rgb: RGB, amount: float) -> RGB:
    """`rgb` taken `amount` (0..1) of the way to white: a piece already built, drawn under a Level."""
    return tuple(int(round(c + (255 - c) * amount)) for c in rgb)  # type: ignore[return-value]


def contrast_text(rgb: RGB) -> RGB:
    """Black or white, whichever reads better on `rgb`."""
    r, g, b = rgb
    return (0, 0, 0) if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (255, 255, 255)


def hex_colour(rgb: RGB) -> str:
    return "#%02x%02x%02x" % rgb


# -- legend -------------------------------------------------------------------------------

class LegendEntry(Record, frozen=True):
    """One line of a legend: a swatch drawn like the mark it explains, and its meaning.

    `swatch` names how to draw it: 'terrain' (fill + pattern), 'symbol' (an obstacle or
    castle symbol), 'on-base' (a one-hex obstacle on its base tiles: (symbol, their colours)), 'line' (outline / contour), 'glyph', 'start', 'figure', 'token' (a disc), 'finding';
    `value` carries what the swatch needs (a terrain, a symbol name, a player number, a severity).
    """

    swatch: str
    value: Any
    label: str
    rgb: RGB = (0, 0, 0)


def legend_entries(pieces: Iterable[PieceType], players: Iterable[LegendEntry] = (),
                   findings: Iterable[str] = (), iso: bool = False) -> list[LegendEntry]:
    """The legend for a picture that draws these piece types, players (their start zones and
    figures in the map's colours: `players.Cast.legend`) and findings.

    Only what the picture shows is listed, in a stable order: surfaces, obstacles and castle
    parts, markers, then the lines. Every surface is drawn in its swatch's colour, whatever its
    Level (steps between Levels are lines and shadows, not darker fills).
    """
    types = sorted({p.id: p for p in pieces}.values(), key=lambda t: t.id)  # callers may hand a set
    terrains: dict[str, RGB] = {}
    symbols: dict[tuple[str, str], RGB] = {}
    on_bases: dict[tuple[str, str, tuple[RGB, ...]], RGB] = {}     # one-hex obstacles on a base tile of their own
    kinds = set()
    for p in types:
        kinds.add(p.kind)
        if p.kind in ("land", "fluid"):
            terrains.setdefault(p.terrain, terrain_rgb(p.terrain))
        elif p.kind == "custom":
            terrains.setdefault("custom", terrain_rgb("custom"))
        elif p.kind == "obstacle" and p.hexes == 1 and base_fills(p):   # drawn on its base: said so
            symbol, rgb, label = obstacle_style(p)
            names = " and ".join(catalog().types[b].name.split(" ")[0].lower() for b in p.base_tiles
                                 if b in catalog().types)
            on_bases.setdefault((symbol, f"{label} on its own {names} tile", tuple(base_fills(p))), rgb)
        elif p.kind == "obstacle":
            symbol, rgb, label = obstacle_style(p)
            symbols.setdefault((symbol, label), rgb)
        elif p.kind in ("castle", "edge"):
            symbol, label, rgb = castle_symbol(p)
            symbols.setdefault((symbol, label), rgb)
    entries = [LegendEntry("terrain", t, terrain_label(t), rgb) for t, rgb in sorted(terrains.items())]
    entries += [LegendEntry("symbol", s, label, rgb) for (s, label), rgb in sorted(symbols.items())]
    entries += [LegendEntry("on-base", (s, bases), label, rgb) for (s, label, bases), rgb in sorted(on_bases.items())]
    if "marker" in kinds and any(p.id == "glyph" for p in types):
        entries.append(LegendEntry("glyph", "A", "glyph (its letter)", mark_rgb("glyph_ring")))
    for p in sorted(types, key=lambda t: t.id):  # other tokens (objective markers): a disc in their colour
        if p.kind == "marker" and p.id not in ("glyph", "start-zone"):
            entries.append(LegendEntry("token", p.id, p.name.lower(), p.vs_colour or mark_rgb("figure")))
    entries += players
    entries.append(LegendEntry("line", "outline", "edge of one piece", mark_rgb("outline")))
    if not iso:
        entries.append(LegendEntry("line", "contour", "step between Levels (thick), its shadow on the lower side",
                                   mark_rgb("contour")))
    for severity in ("error", "warning", "info"):
        if severity in set(findings):
            entries.append(LegendEntry("finding", severity, f"finding: {severity} (numbered, listed below)",
                                       severity_rgb(severity)))
    return entries


def castle_symbol(ptype: PieceType) -> tuple[str, str, RGB]:
    """(symbol, legend label, colour) for castle and edge pieces."""
    pid = ptype.id
    if pid.startswith("castle-wall"):           # its band pale on the dark stone of its hex
        return "castle-wall", "castle wall (dark stone, its top's band pale)", castle_rgb("wall_top")
    if pid.startswith("castle-arch"):
        return "arch", "castle arch / gate", castle_rgb("wall")
    if pid.startswith("castle-base"):
        return "castle-base", "castle base", terrain_rgb("castle")
    if pid == "castle-flag":
        return "flag", "flag", castle_rgb("flag")
    if pid == "castle-battlement":
        return "battlement", "battlement (on an edge)", castle_rgb("battlement")
    if pid == "castle-ladder":
        return "ladder", "ladder (on an edge)", castle_rgb("ladder")
    if pid == "road-wall":
        return "road-wall", "road wall", castle_rgb("road_wall")
    if pid == "rope-ladder":
        return "ladder", "rope ladder (on an edge)", ptype.vs_colour
    return "castle-base", ptype.name, terrain_rgb("castle")
