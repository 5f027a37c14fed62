"""The steps between Levels as the views from above draw them: a line along each edge where the
surface seen from above drops (thicker where it drops two Levels or more), and with the whole
map's tops a shadow on the lower tile. The top view, each panel of the per-Level view and the
report's map draw them through here.
"""

from __future__ import annotations

from typing import Any

from mapkit.model.catalog import catalog
from mapkit.model.grid import DIRECTIONS
from mapkit.model.map import Map
from mapkit.outputs.scene import layout, style
from mapkit.outputs.scene.layout import hex_center
from mapkit.outputs.scene.shapes import Group, Poly


def by_level(m: Map, tops: dict[tuple[int, int], layout.Top]) -> dict[int, list[layout.ContourEdge]]:
    """The edges where the surface seen from above drops, by the Level of the higher tile."""
    out: dict[int, list[layout.ContourEdge]] = {}
    pieces = list(m.pieces)                            # (made already: the tops were found among them)
    q = r = None
    for edge in layout.contour_edges(tops):
        if edge.q != q or edge.r != r:                 # a hex's edges come together: its Level found once
            q, r = edge.q, edge.r
            edges = out.setdefault(layout.piece_level(pieces[tops[(q, r)].piece]), [])
        edges.append(edge)
    return out


#: The width of a step's line (a drop of one Level) and of a cliff's (two or more), in pitches.
STEP_WIDTH, CLIFF_WIDTH = 0.05, 0.085
#: How far the thickest of them reaches out of the hexes it edges, in pitches: the map's rim is
#: such a line, and what is written round a map keeps this much further off.
RIM_REACH = CLIFF_WIDTH / 2


def draw(group: Group, edges: list[layout.ContourEdge], p: float, m: Map | None = None,
         lower: dict[tuple[int, int], layout.Top] | None = None) -> None:
    """The steps of one Level: a line along each (thicker where it drops two Levels or more) and,
    with `lower`, a shadow on the lower tile beside it, as wide as the drop is deep (capped), in a
    darker shade of that tile's own colour. The tiles keep the legend's colour; the step shows."""
    if not edges:
        return
    contour: dict[str, Any] = {"class": "contour"}
    g = group.group(None, **contour)
    if lower is not None and m is not None:
        _shadows(g, edges, p, m, lower)
    ink = style.mark_rgb("contour")
    steps = [(e.q, e.r, e.direction) for e in edges if e.drop <= 1]
    cliffs = [(e.q, e.r, e.direction) for e in edges if e.drop > 1]
    for segments, width in ((steps, p * STEP_WIDTH), (cliffs, p * CLIFF_WIDTH)):
        for line in layout.chain_edges(segments, p):
            g.add(Poly(line, stroke=ink, width=width, closed=False))


def _shadows(g: Group, edges: list[layout.ContourEdge], p: float, m: Map,
             lower: dict[tuple[int, int], layout.Top]) -> None:
    """Each step's shadow: a band inside the lower hex along the shared edge (none at the map's
    rim, where the table is below). Widths from `render_style.json` ("step_shadow")."""
    cat = catalog()
    data = style.style_data()["step_shadow"]
    per_level, widest, factor = float(data["per_level"]), float(data["widest"]), float(data["darker"])
    shadow: dict[str, Any] = {"class": "step-shadow"}
    sg = g.group(None, **shadow)
    for e in edges:
        dq, dr = DIRECTIONS[e.direction]
        below = lower.get((e.q + dq, e.r + dr))
        if below is None:
            continue
        piece = m.pieces[below.piece]
        fill = style.darker(style.piece_fill(cat[piece.type], piece.attrs), factor)
        (ax, ay), (bx, by) = layout.edge_segment(e.q, e.r, e.direction, p)
        cx, cy = hex_center(e.q + dq, e.r + dr, p)
        k = min(widest, per_level * e.drop) * 2          # of the way from the edge to the centre (p / 2 away)
        sg.add(Poly([(ax, ay), (bx, by), (bx + (cx - bx) * k, by + (cy - by) * k),
                     (ax + (cx - ax) * k, ay + (cy - ay) * k)], fill=fill))
