"""The legend: one swatch drawn like the mark it explains, then what it means."""

from __future__ import annotations

from typing import Iterable

from mapkit.outputs.scene import style, symbols
from mapkit.outputs.scene.layout import Box
from mapkit.outputs.scene.shapes import Circle, Group, Poly, Text


def draw_legend(entries: Iterable[style.LegendEntry], findings: list[tuple[int, str, str]], notes: list[str],
                p: float, x0: float, y0: float) -> tuple[Group, Box]:
    """The legend: one swatch drawn like the mark it explains, then its meaning."""
    import textwrap  # (here: the report draws swatches only, and starts faster without it)

    g = Group("legend", label="Legend", layer=True)
    line = p * 0.66
    text_size = p * 0.3
    sw = p * 0.5
    y = y0 + p * 0.3
    g.add(Text(x0, y, "Legend", p * 0.34, bold=True, anchor="start", fill=style.mark_rgb("text")))
    y += line
    width = p * 3
    for entry in entries:
        cx, cy = x0 + sw / 2, y
        g.items.extend(swatch(entry, cx, cy, p, sw))
        g.add(Text(x0 + sw + p * 0.25, cy, entry.label, text_size, anchor="start", fill=style.mark_rgb("text")))
        width = max(width, sw + p * 0.25 + len(entry.label) * text_size * 0.56)
        y += line
    for _, _, text in findings[:40]:
        text = text if len(text) <= 130 else text[:127] + "..."
        g.add(Text(x0, y, text, text_size * 0.9, anchor="start", fill=style.mark_rgb("text")))
        width = max(width, len(text) * text_size * 0.9 * 0.56)
        y += line * 0.8
    if len(findings) > 40:
        g.add(Text(x0, y, f"... and {len(findings) - 40} more", text_size * 0.9, anchor="start"))
        y += line * 0.8
    per_line = max(NOTE_CHARACTERS, int(width / (text_size * 0.9 * 0.56)))   # as wide as the entries
    for note in notes:
        for said in textwrap.wrap(note, per_line, break_long_words=True) or [""]:
            g.add(Text(x0, y, said, text_size * 0.9, anchor="start", fill=(90, 90, 90)))
            width = max(width, len(said) * text_size * 0.9 * 0.56)
            y += line * 0.8
    return g, Box(x0, y0, x0 + width, y)


#: The fewest characters a line of a legend's notes holds: they wrap to the width of its entries,
#: this wide where those are narrower.
NOTE_CHARACTERS = 60


def swatch(entry: style.LegendEntry, cx: float, cy: float, p: float, sw: float) -> list:
    """The swatch of a legend line at (cx, cy): the mark it explains, drawn as the map draws it."""
    k = sw / p * 1.15            # draw symbols at the swatch's size
    if entry.swatch == "terrain":
        fill = entry.rgb
        return ([Poly(symbols.hexagon(cx, cy, p * k), fill=fill, stroke=style.mark_rgb("outline"), width=p * 0.02)]
                + symbols.pattern(style.terrain_pattern(entry.value), cx, cy, p * k, fill))
    if entry.swatch == "symbol":
        ground = style.castle_wall_fill() if entry.value == "castle-wall" else (235, 235, 230)
        base = [Poly(symbols.hexagon(cx, cy, p * k), fill=ground, stroke=(160, 160, 160), width=p * 0.01)]
        if entry.value in ("battlement", "ladder"):
            return base + symbols.edge(entry.value, cx, cy, p * k, 0, entry.rgb)
        if entry.value == "road-wall":
            return base + [Poly([(cx - sw / 2, cy), (cx + sw / 2, cy)], stroke=entry.rgb, width=p * 0.1, closed=False)]
        if entry.value == "ruin":                 # as the map draws a ruin: its wall along its side
            return base + ruin_swatch(cx, cy, p * k, entry.rgb)
        if entry.value in ("castle-wall", "arch", "flag", "castle-base"):
            return base + symbols.castle(entry.value, cx, cy, p * k, entry.rgb)
        if str(entry.value).startswith("laur-"):
            return base + symbols.laur_swatch(entry.value, cx, cy, p * k, entry.rgb)
        return base + symbols.obstacle(entry.value, cx, cy, p * k, entry.rgb)
    if entry.swatch == "on-base":
        symbol, bases = entry.value
        table = [Poly(symbols.hexagon(cx, cy, p * k), fill=(235, 235, 230), stroke=(160, 160, 160), width=p * 0.01)]
        return table + symbols.on_bases(symbol, cx, cy, p * k, entry.rgb, list(bases))
    if entry.swatch == "glyph":
        return symbols.glyph(cx, cy, p * k, "A")
    if entry.swatch == "start":
        return symbols.start_zone(cx, cy, p * k, *entry.value)
    if entry.swatch == "figure":
        return symbols.figure(cx, cy, p * k, *entry.value)
    if entry.swatch == "token":
        return [Circle(cx, cy, p * k * 0.2 / 0.8, fill=entry.rgb, stroke=style.darker(entry.rgb, 0.5), width=p * 0.02)]
    if entry.swatch == "finding":
        return symbols.finding(cx, cy, p * k * 0.8, entry.value, 1)
    if entry.swatch == "line":
        width = p * (0.03 if entry.value == "outline" else 0.085)
        return [Poly([(cx - sw / 2, cy), (cx + sw / 2, cy)], stroke=entry.rgb, width=width, closed=False)]
    if entry.swatch.startswith("c3g-"):                  # (a map without Books never loads the C3G layer)
        from mapkit.outputs.scene import c3g

        return c3g.legend_swatch(entry, cx, cy, p * k)
    return []


def ruin_swatch(cx: float, cy: float, p: float, rgb: style.RGB) -> list:
    """A ruin as the map draws one: its wall along one end and the long side of its hexes."""
    ink = style.darker(rgb, 0.45)
    corners = symbols.hexagon(cx, cy, p, 0.86)
    line = [corners[5], corners[4], corners[3], corners[2]]      # north-west, west, south-west, south-east sides
    return [Poly(line, stroke=ink, width=p * 0.13, closed=False), Poly(line, stroke=rgb, width=p * 0.08, closed=False)]


_swatch = swatch  # (its name before the build sheets' legend took it too)
