"""The report's map: an inline SVG the page pans and zooms, and its legend.

The surface seen from above at each hex (as the top view of `scene.views` sees it), one layer
per build Level, what stands on the surface, and each scenario's start zones and glyphs. Its
elements (`<use>` of one hexagon, ids, data attributes, titles) are what the page's script
drives, so it is written here rather than by the SVG painter, which draws scenes for editors.
Hex centres and corners come from the grid (`model.grid`), scaled by `SVG_SCALE`.
"""

from __future__ import annotations

import math
from typing import Any, Callable

from mapkit import escapes
from mapkit.model import levels
from mapkit.model.catalog import catalog
from mapkit.model.board import Board, hex_named
from mapkit.model.grid import HEX_PITCH_MM, SQRT3, hex_center_mm, hex_corners_mm
from mapkit.model.map import Map

#: Model millimetres per SVG user unit (the drawing is scaled by the browser anyway).
SVG_SCALE = 0.25

#: A hex's corners about its centre, in SVG units: each hex is a `<use>` of one shape, moved.
HEX_CORNERS = [(round(HEX_PITCH_MM / SQRT3 * math.cos(math.radians(60 * i - 90)) * SVG_SCALE, 3),
                round(HEX_PITCH_MM / SQRT3 * math.sin(math.radians(60 * i - 90)) * SVG_SCALE, 3)) for i in range(6)]
#: The edge between corners i and i+1 faces this neighbour (axial direction).
EDGE_NEIGHBOUR = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)]


def _centre(q: int, r: int) -> tuple[float, float]:
    x, y = hex_center_mm(q, r)
    return x * SVG_SCALE, y * SVG_SCALE


class _Cells:
    """Every hex of every surface piece in one pass, as arrays: where, whose, which Level, what
    colour. A 7,000-piece map has ~15,000 of them; everything the map draws is sliced from these."""

    def __init__(self, m: Map):
        import numpy as np

        from mapkit.outputs.scene.layout import build_level, is_surface, piece_cells, surface_top
        from mapkit.outputs.scene.style import piece_fill

        cat = catalog()
        q: list[int] = []
        r: list[int] = []
        owner: list[int] = []
        level: list[int] = []
        z: list[int] = []
        top: list[float] = []
        fill_key: list[int] = []
        keys: dict[tuple, int] = {}
        self.bases: list[tuple[int, int, int]] = []
        self.markers: list[int] = []
        self.standing: list[int] = []
        for idx, piece in enumerate(m.pieces):
            ptype = cat[piece.type]
            if ptype.kind == "marker":
                self.markers.append(idx)
                continue
            if not is_surface(ptype):
                self.standing.append(idx)
                continue
            key = (piece.type, str(piece.attrs.get("colour")) if ptype.kind == "custom" else None)
            if key not in keys:
                keys[key] = len(self.bases)
                self.bases.append(piece_fill(ptype, piece.attrs))
            cells = piece_cells(m, piece)
            n = len(cells)
            q.extend(c[0] for c in cells)
            r.extend(c[1] for c in cells)
            owner.extend([idx] * n)
            level.extend([build_level(ptype, piece)] * n)
            z.extend([piece.z] * n)
            top.extend([surface_top(ptype, piece)] * n)
            fill_key.extend([keys[key]] * n)
        self.q, self.r = np.array(q, dtype=np.int64), np.array(r, dtype=np.int64)
        self.owner, self.level = np.array(owner, dtype=np.int64), np.array(level, dtype=np.int64)
        self.z, self.top = np.array(z, dtype=np.int64), np.array(top, dtype=np.float64)
        self.fill_key = np.array(fill_key, dtype=np.int64)
        # `hex_center_mm` for every hex at once, scaled
        self.x = HEX_PITCH_MM * (self.q + self.r / 2.0) * SVG_SCALE
        self.y = HEX_PITCH_MM * SQRT3 / 2.0 * self.r * SVG_SCALE

    def tops(self):
        """Indices of the cell seen from above at each hex: the one the renderer's top view paints
        last (highest bottom, then highest top, then last in file order; `layout.visible_tops`)."""
        import numpy as np

        if not len(self.q):
            return np.zeros(0, dtype=np.int64)
        order = np.lexsort((self.owner, self.top, self.z, self.r, self.q))
        qs, rs = self.q[order], self.r[order]
        last = np.ones(len(order), dtype=bool)
        last[:-1] = (qs[1:] != qs[:-1]) | (rs[1:] != rs[:-1])
        return order[last]


def _outline_path(cells: _Cells, pick, element_id: str | None) -> str:
    """One path along the borders between different pieces among the cells `pick`, so each tile
    reads as one. Neighbours are found by sorting hex keys (no per-hex Python lookups)."""
    import numpy as np

    if not len(pick):
        return ""
    q, r, owner = cells.q[pick], cells.r[pick], cells.owner[pick]
    q0, r0 = int(q.min()) - 1, int(r.min()) - 1
    span = int(r.max()) - r0 + 2
    key = (q - q0) * span + (r - r0)
    order = np.argsort(key, kind="stable")
    skey, sowner = key[order], owner[order]
    x, y = cells.x[pick], cells.y[pick]
    parts: list[str] = []
    for i, (dq, dr) in enumerate(EDGE_NEIGHBOUR):
        nkey = key + dq * span + dr
        at = np.clip(np.searchsorted(skey, nkey), 0, len(skey) - 1)
        same = (skey[at] == nkey) & (sowner[at] == owner)
        edge = np.nonzero(~same)[0]
        if not len(edge):
            continue
        (ax, ay), (bx, by) = HEX_CORNERS[i], HEX_CORNERS[(i + 1) % 6]
        # in tenths of a unit, as integers: numpy writes them as text without a Python loop
        sx = np.round((x[edge] + ax) * 10).astype(np.int64).astype(str)
        sy = np.round((y[edge] + ay) * 10).astype(np.int64).astype(str)
        tail = f"l{round((bx - ax) * 10)} {round((by - ay) * 10)}"
        parts.extend(np.char.add(np.char.add(np.char.add("M", sx), " "), np.char.add(sy, tail)).tolist())
    ident = f' id="{element_id}"' if element_id else ""
    return f'<path{ident} class="outline" transform="scale(.1)" d="{"".join(parts)}"/>'


def top_view_svg(m: Map) -> str:
    """An inline SVG the page pans and zooms: the surface seen from above at each hex (as the
    renderer's top view sees it), then one layer per build Level, what stands on the surface,
    and the start zones and glyphs of each scenario.

    Each top hex is a `<use>` of one hexagon with the id `hex_Q_R` and data-q / data-r /
    data-level; a Level's layer (`g.lv`) holds that Level's tiles as `use.lvhex`. The page's
    script shows all Levels or one (over the faded colours of those below) and highlights a finding's hex.
    """
    import numpy as np

    from mapkit.outputs.scene.layout import build_level
    from mapkit.outputs.scene.players import figure_colour
    from mapkit.outputs.scene.style import faded, hex_colour, standing_rgb, style_data

    cat = catalog()
    own = m.scenario_pieces() if m.several_scenarios() else {}
    whole = m
    if own:
        m = m.terrain()
    cells = _Cells(m)
    tops = cells.tops()
    board = Board.of(whole)  # a hex's title names it as the sheets and the findings do (C7)

    def named(q: int, r: int) -> str:
        return hex_named(board, q, r)

    colours = [hex_colour(rgb) for rgb in cells.bases]      # the legend's colour, on every Level

    def colour(i: int) -> str:
        return colours[int(cells.fill_key[i])]

    extra = {c for idx in cells.markers + cells.standing for c in m.footprint(m.pieces[idx])}
    extra |= {c for pieces in own.values() for p in pieces for c in whole.footprint(p)}
    centres = [_centre(q, r) for q, r in extra]
    xs = np.concatenate([cells.x, [x for x, _ in centres]]) if extra else cells.x
    ys = np.concatenate([cells.y, [y for _, y in centres]]) if extra else cells.y
    if not len(xs):
        xs, ys = np.zeros(1), np.zeros(1)
    radius = HEX_PITCH_MM / SQRT3 * SVG_SCALE
    pad = 12
    x0, y0 = float(xs.min()) - radius - pad, float(ys.min()) - radius - pad
    w, h = float(xs.max()) - x0 + radius + pad, float(ys.max()) - y0 + radius + pad
    hexagon = " ".join(f"{x},{y}" for x, y in HEX_CORNERS)
    small = " ".join(f"{x * 0.58:.3f},{y * 0.58:.3f}" for x, y in HEX_CORNERS)     # what stands on a hex
    home = f"{x0:.1f} {y0:.1f} {w:.1f} {h:.1f}"
    out = [f'<svg id="map" viewBox="{home}" role="img" aria-label="Top view of the map" '
           f'data-scale="{SVG_SCALE}" data-home="{home}">',
           f'<defs><polygon id="hx" points="{hexagon}"/><polygon id="hs" points="{small}"/></defs>',
           '<g id="all">', '<g id="hexes">']
    top_order = tops[np.lexsort((cells.q[tops], cells.r[tops]))]
    # the Level of the tile seen on top (a castle wall's highest layer)
    span_top = {idx: levels.span(cat[m.pieces[idx].type], m.pieces[idx].z)[-1]
                for idx in set(cells.owner[top_order].tolist())}
    kind_of = {idx: cat[m.pieces[idx].type].kind for idx in span_top}
    name_of = {idx: escapes.html(cat[m.pieces[idx].type].name) for idx in span_top}
    labels = []
    for i, q, r, x, y, idx in zip(top_order.tolist(), cells.q[top_order].tolist(), cells.r[top_order].tolist(),
                                  cells.x[top_order].tolist(), cells.y[top_order].tolist(),
                                  cells.owner[top_order].tolist()):
        level = span_top[idx]
        out.append(f'<use id="hex_{q}_{r}" class="hex kind-{kind_of[idx]}" data-q="{q}" data-r="{r}" '
                   f'data-level="{level}" href="#hx" x="{x:.2f}" y="{y:.2f}" fill="{colour(i)}">'
                   f'<title>{named(q, r)} Level {level}: {name_of[idx]}</title></use>')
        labels.append(f'<text x="{x:.1f}" y="{y + 1.3:.1f}">{level}</text>')
    out.append("</g>")
    out.append(_outline_path(cells, tops, "outlines"))
    out.append('<g id="heights" aria-hidden="true">')
    out.extend(labels)
    out.append("</g></g>")
    out.append('<g id="levels">')
    out.append(_faded_style(cells, faded, style_data()["below"]))
    for level in sorted(set(cells.level.tolist())):
        pick = np.nonzero(cells.level == level)[0]
        out.append(f'<g class="lv" data-level="{level}" style="display:none">')
        out.extend(f'<use class="lvhex f{cells.fill_key[i]}" href="#hx" x="{x:.1f}" y="{y:.1f}" fill="{colour(i)}"/>'
                   for i, x, y in zip(pick.tolist(), cells.x[pick].tolist(), cells.y[pick].tolist()))
        out.append(_outline_path(cells, pick, None))
        out.append("</g>")
    out.append("</g>")
    out.append('<g id="standing">')
    for idx in cells.standing:
        piece = m.pieces[idx]
        ptype = cat[piece.type]
        fill = hex_colour(figure_colour(m, piece).rgb if ptype.kind == "figure" else standing_rgb(ptype, piece.attrs))
        level = build_level(ptype, piece)
        for q, r in m.footprint(piece):
            x, y = _centre(q, r)
            out.append(f'<use class="standing" href="#hs" x="{x:.2f}" y="{y:.2f}" fill="{fill}" '
                       f'data-level="{level}"><title>{escapes.html(ptype.name)} at {named(q, r)}, '
                       f'{levels.label(level)}</title></use>')
    out.append("</g>")
    out.append('<g id="markers">')
    for idx in cells.markers:
        out.append(_marker(m, m.pieces[idx], named))
    for number, pieces in sorted(own.items()):
        out.append(f'<g class="scenario-pieces" data-scenario="{number}">')
        out.extend(_marker(whole, p, named) if cat[p.type].kind == "marker" else _standing(whole, p, named)
                   for p in pieces)
        out.append("</g>")
    out.append("</g>")
    out.append('<polygon id="focus" points="" fill="none"/>')
    out.append("</svg>")
    return "\n".join(out)


def _faded_style(cells: _Cells, faded: Any, below: dict) -> str:
    """The colours of the Levels under the one shown, as the build sheets draw them: each tile in
    its own colour faded towards white (`render_style.json` "below"), the Level just under it
    ('below') less pale than those deeper ('deep'); the page's script sets the classes."""
    from mapkit.outputs.scene.style import hex_colour

    rules = []
    for key, rgb in enumerate(cells.bases):
        rules.append(f".lv.below .f{key}{{fill:{hex_colour(faded(rgb, below['just_below']))}}}")
        rules.append(f".lv.deep .f{key}{{fill:{hex_colour(faded(rgb, below['deeper']))}}}")
    return f"<style>{''.join(rules)}</style>"


def legend_html(m: Map) -> str:
    """The key under the map: the same lines, names and colours as the PNG, SVG and PDF legend
    (`style.legend_entries`), each with a swatch drawn as the report draws the thing."""
    from mapkit.outputs.scene.players import Cast
    from mapkit.outputs.scene.style import hex_colour, legend_entries, mark_rgb

    cat = catalog()
    entries = legend_entries([cat[p.type] for p in m.pieces], Cast(m).legend())
    small = " ".join(f"{x + 8:.1f},{y + 8:.1f}" for x, y in _unit_hexagon(14.0))
    little = " ".join(f"{x + 8:.1f},{y + 8:.1f}" for x, y in _unit_hexagon(8.0))
    out = ['<ul id="legend" aria-label="Legend">']
    for entry in entries:
        if entry.swatch == "line" or entry.swatch == "ramp":
            continue                       # the report draws no piece edges or contour lines
        colour = hex_colour(entry.rgb)
        if entry.swatch == "start":
            mark = f'<polygon points="{small}" fill="none" stroke="{colour}" stroke-width="2" stroke-dasharray="3 2"/>'
        elif entry.swatch == "glyph":
            mark = f'<circle cx="8" cy="8" r="5" fill="{hex_colour(mark_rgb("glyph_fill"))}" stroke="{colour}"/>'
        elif entry.swatch == "terrain":
            mark = f'<polygon points="{small}" fill="{colour}" stroke="#000" stroke-width=".6"/>'
        else:                              # what stands on the surface: a small hexagon in its colour
            mark = f'<polygon points="{little}" fill="{colour}" stroke="#000" stroke-width=".6"/>'
        out.append(f'<li data-swatch="{entry.swatch}" data-colour="{colour}"><svg width="16" height="16" '
                   f'aria-hidden="true">{mark}</svg>{escapes.html(entry.label)}</li>')
    out.append("</ul>")
    return "".join(out)


def _unit_hexagon(size: float) -> list[tuple[float, float]]:
    return [(size / 2 * math.cos(math.radians(-90 + 60 * k)), size / 2 * math.sin(math.radians(-90 + 60 * k)))
            for k in range(6)]


def _points(q: float, r: float, size: float | None = None) -> str:
    return " ".join(f"{x * SVG_SCALE:.2f},{y * SVG_SCALE:.2f}" for x, y in hex_corners_mm(q, r, size=size))


def _standing(m: Map, piece: Any, named: Callable[[int, int], str]) -> str:
    """A piece standing on the surface (a tree, a ruin, a figure), small, on each of its hexes, with
    the Level it stands on (`data-level`: the one-Level view shows it on that Level only)."""
    from mapkit.outputs.scene.layout import build_level
    from mapkit.outputs.scene.style import hex_colour, standing_rgb

    from mapkit.outputs.scene.players import figure_colour

    ptype = catalog()[piece.type]
    colour = hex_colour(figure_colour(m, piece).rgb if ptype.kind == "figure" else standing_rgb(ptype, piece.attrs))
    level = build_level(ptype, piece)
    out = []
    for q, r in m.footprint(piece):
        x, y = _centre(q, r)
        out.append(f'<use class="standing" href="#hs" x="{x:.2f}" y="{y:.2f}" fill="{colour}" data-level="{level}">'
                   f'<title>{escapes.html(ptype.name)} at {named(q, r)}, {levels.label(level)}</title></use>')
    return "".join(out)


def _marker(m: Map, piece: Any, named: Callable[[int, int], str]) -> str:
    """A start zone or glyph, with the Level it lies on (`data-level`, as `_standing`)."""
    x, y = (v * SVG_SCALE for v in hex_center_mm(piece.q, piece.r))
    scenario = piece.attrs.get("scenario")
    sc = f' data-scenario="{escapes.html(str(scenario))}"' if scenario is not None else ""
    level = levels.level(catalog()[piece.type], piece.z)
    sc += f' data-level="{level}"'
    where = f" at {named(piece.q, piece.r)}, {levels.label(level)}"
    if piece.type == "start-zone":
        player = int(piece.attrs.get("player", 0) or 0)
        from mapkit.outputs.scene.players import zone_colour
        from mapkit.outputs.scene.style import hex_colour

        colour = zone_colour(m, player)
        return (f'<polygon class="start-zone" data-player="{player}"{sc} points="{_points(piece.q, piece.r, 34.0)}" '
                f'stroke="{hex_colour(colour.rgb)}"><title>start zone, player {player} ({escapes.html(colour.name)})'
                f'{escapes.html(where)}</title>'
                '</polygon>')
    letter = escapes.html(str(piece.attrs.get("letter", "?")))
    return (f'<g class="glyph"{sc}><circle cx="{x:.2f}" cy="{y:.2f}" r="3.6"/>'
            f'<text x="{x:.2f}" y="{y + 1.6:.2f}">{letter}</text><title>glyph {letter}{escapes.html(where)}</title></g>')
