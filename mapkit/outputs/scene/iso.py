"""The isometric view: stacked tiles seen from the south, as hex prisms, and what stands on them
at its real height (`iso_obstacles`, `iso_solids`).

Cells are painted back to front (north row first), then bottom to top, so each one covers
what it hides (see `layout.Oblique`); a piece drawn once over several hexes (a 4-hex tree) is
painted with its southernmost row. Tops with a solid tile on them, and side faces against a
solid neighbour, are never seen and are not drawn. A castle arch leaves its doorway open (its
door drawn in it, where it has one). Glyphs and figures are drawn last, over everything, so no
tree or cliff in front of one hides it.
"""

from __future__ import annotations

import math
from typing import Any

from mapkit.model import levels
from mapkit.model.catalog import catalog
from mapkit.model.grid import DIRECTIONS
from mapkit.model.map import Map
from mapkit.outputs.scene import c3g, iso_c3g, iso_obstacles, layout, pieces, players, style, symbols
from mapkit.outputs.scene import iso_solids as solids
from mapkit.outputs.scene.layout import Box, Oblique, hex_center
from mapkit.outputs.scene.shapes import Circle, Group, Poly, Text


def iso_view(m: Map, opts: Any) -> tuple[Group, Box, dict]:
    """The stacked tiles seen from the south, as hex prisms painted back to front, bottom to top."""
    cat = catalog()
    p = opts.pitch
    proj = Oblique()
    solid: set[tuple[int, int, int]] = set()
    thin_of: dict[int, bool] = {}
    jobs: list[tuple[float, float, int, int, Any]] = []
    cell_sets: dict[int, set[tuple[int, int]]] = {}
    tops = layout.visible_tops(m)
    opening = _arch_opening()
    doors: dict[tuple[int, int], int] = {}            # the open hex of an arch with a door -> the arch
    for index, piece in enumerate(m.pieces):
        ptype = cat[piece.type]
        cells = layout.piece_cells(m, piece)
        if layout.is_surface(ptype):
            cell_sets[index] = set(cells)
            thin = ptype.kind == "fluid" and not ptype.adds_height
            bottom = float(piece.z)
            top = bottom + (layout.FLUID_THICKNESS if thin else ptype.height)
            thin_of[index] = thin
            for k, (q, r) in enumerate(cells):
                low = bottom
                if _is_arch(ptype) and k in ptype.open_cells:
                    # the doorway: open from the ground (the Level of the bases under the arch) up
                    low = float(piece.z - 1 + opening)
                    if ptype.id == "castle-arch":
                        doors[(q, r)] = index
                if not thin:
                    for lv in range(int(low), piece.z + ptype.height):
                        solid.add((q, r, lv))
                jobs.append((r, low, 0, index, (q, r, low, top)))
        elif ptype.kind == "edge" and len(cells) == 1:
            # an edge add-on is painted with the later of the two rows its edge joins
            dq, dr = DIRECTIONS[int(piece.rotation) % 6]
            jobs.append((max(piece.r, piece.r + dr), piece.z + 0.001, 2, index, (piece.q, piece.r, float(piece.z), None)))
        elif ptype.kind == "obstacle" and (row := iso_obstacles.whole_row(piece, ptype, cells, p)) is not None:
            # drawn once (a tree over all its hexes, a ruin's wall, a Laur wall reaching into the
            # next hex), painted with the southernmost row it stands over
            jobs.append((row, piece.z + 0.001, 2, index, (piece.q, piece.r, float(piece.z), None)))
        elif ptype.stands_on:
            # a flag, painted with the later row of its hex and the battlement's it is planted in
            row = max(piece.r, pieces.standing(m, piece, ptype)[0][1])
            jobs.append((row, piece.z + 0.001, 2, index, (piece.q, piece.r, float(piece.z), None)))
        else:
            flat = 1 if ptype.kind == "marker" else 2        # marks on the ground go under what stands there
            for q, r in cells:
                jobs.append((r, piece.z + 0.001, flat, index, (q, r, float(piece.z), None)))
    extra = None
    shares: list[iso_c3g.Part] = []
    if c3g.has_c3g(m):
        # C3G solids cut along the grid, each hex's share painted with that hex's tiles
        shares, extra = iso_c3g.iso_parts(m, p, proj)
        first = len(m.pieces)
        for k, part in enumerate(sorted(range(len(shares)), key=lambda i: shares[i].rank)):
            share = shares[part]
            jobs.append((share.r, share.bottom + 0.001, 1 if share.rank == iso_c3g.RING else 2, first + k,
                         (share.q, share.r, share.bottom, share.group)))
    jobs.sort(key=lambda j: (j[0], j[1], j[2], j[3]))
    root = Group("iso", label="Stacked tiles", layer=True)
    late = Group("iso-markers", label="Glyphs and figures", layer=True)
    colours: dict[int, tuple] = {}
    outline_rgb = style.mark_rgb("outline")
    xs: list[float] = []
    ys: list[float] = []
    sin_e, lift = proj.scales()
    offsets = [(ox, oy * sin_e) for ox, oy in layout.corner_offsets(p)]
    faces = [(d, layout.EDGE_OF_DIRECTION[d]) for d in (1, 2)]    # colour[d] shades face d
    grid_w, face_w, outline_w = p * 0.01, p * 0.012, p * 0.025
    n_pieces = len(m.pieces)
    for _, _, _, index, (q, r, bottom, top) in jobs:
        if index >= n_pieces:                           # a C3G solid's share of hex (q, r)
            root.add(top)
            _extend(top, xs, ys)
            continue
        piece = m.pieces[index]
        ptype = cat[piece.type]
        cx, cy = hex_center(q, r, p)
        if top is not None:
            buried = not thin_of[index] and (q, r, int(math.ceil(top))) in solid   # its top cannot show
            colour = colours.get(index)
            if colour is None:
                fill = style.piece_fill(ptype, piece.attrs)        # tops in the legend's colour
                colour = colours[index] = (fill, style.darker(fill, 0.78), style.darker(fill, 0.62),
                                           style.darker(fill, 0.45), style.darker(fill, 0.85))
            fill = colour[0]
            if (q, r) in doors and doors[(q, r)] == index:
                solids.arch_door(root, m, index, q, r, float(piece.z - 1), bottom, p, proj)
            y_top = cy * sin_e - top * lift
            y_bot = cy * sin_e - bottom * lift
            top_pts = [(cx + ox, y_top + oy) for ox, oy in offsets]
            side = range(int(bottom), int(math.ceil(top)))
            for d, e in faces:                        # the south-east and south-west faces
                nq, nr = q + DIRECTIONS[d][0], r + DIRECTIONS[d][1]
                if all((nq, nr, lv) in solid for lv in side):
                    continue
                (ax, ay), (bx, by) = top_pts[e], top_pts[(e + 1) % 6]
                drop = y_bot - y_top
                root.add(Poly([(ax, ay), (bx, by), (bx, by + drop), (ax, ay + drop)], fill=colour[d],
                              stroke=colour[3], width=face_w))
            xs.append(top_pts[4][0])
            xs.append(top_pts[1][0])
            ys.append(top_pts[0][1])
            ys.append(top_pts[3][1] + y_bot - y_top)
            if buried:
                continue
            root.add(Poly(top_pts, fill=fill, stroke=colour[4], width=grid_w,
                          attrs={"class": "hex", "data-piece": index + 1, "data-q": q, "data-r": r,
                                 "data-level": levels.level(ptype, piece.z), "data-type": piece.type}))
            if ptype.kind == "fluid":                      # fluids keep their pattern, laid flat
                y_mid = cy * sin_e - top * lift
                for mark in symbols.pattern(style.terrain_pattern(ptype.terrain), cx, cy, p, fill):
                    if isinstance(mark, Poly):
                        mark.pts = [(x, y_mid + (y - cy) * sin_e) for x, y in mark.pts]
                    elif isinstance(mark, Circle):
                        mark.cy = y_mid + (mark.cy - cy) * sin_e
                    root.add(mark)
            cs = cell_sets[index]
            boundary = [(q + dq, r + dr) not in cs for dq, dr in DIRECTIONS]
            if all(boundary):
                root.add(Poly(top_pts, stroke=outline_rgb, width=outline_w))
            elif any(boundary):
                for run in _runs(boundary):
                    root.add(Poly([top_pts[i % 6] for i in run], stroke=outline_rgb, width=outline_w, closed=False))
        else:
            _iso_standing(root, late, m, index, (q, r), cx, cy, bottom, proj, p, xs, ys)
    root.add(late)
    if not xs:
        xs, ys = [0.0, p], [0.0, p]
    box = Box(min(xs), min(ys), max(xs), max(ys))
    notes = _one_height_notes(m)
    info: dict[str, Any] = {"types": [cat[pc.type] for pc in m.pieces],
                            "players": [pc for pc in m.pieces if pc.type == "start-zone"
                                        or cat[pc.type].kind == "figure"],
                            "cells": set(tops), "iso": True, "notes": notes}
    if extra is not None:
        info["extra_legend"] = extra.legend
        notes += extra.notes
    return root, box, info


def _one_height_notes(m: Map) -> list[str]:
    """The assumption behind a multi-hex obstacle drawn one height over all its hexes, once per
    kind on the map (`render_style.json` "iso" "one_height", which names its sources)."""
    cat = catalog()
    said = iso_obstacles.iso_data().get("one_height", {})
    notes: dict[str, str] = {}
    for piece in m.pieces:
        ptype = cat[piece.type]
        if ptype.kind != "obstacle" or ptype.hex_heights or piece.attrs.get("heights"):
            continue
        symbol = style.obstacle_style(ptype)[0]
        if symbol in said and symbol not in notes and len(layout.piece_cells(m, piece)) > 1:
            notes[symbol] = str(said[symbol])
    return list(notes.values())


def _runs(boundary: list[bool]) -> list[list[int]]:
    """Corner indices of each run of consecutive outline edges of a hex (edge of direction d
    joins corners d + 1 and d + 2), so a run becomes one polyline."""
    runs: list[list[int]] = []
    start = next(d for d in range(6) if not boundary[d])      # begin after an inner edge
    current: list[int] = []
    for step in range(1, 7):
        d = (start + step) % 6
        if boundary[d]:
            e = layout.EDGE_OF_DIRECTION[d]
            if not current:
                current = [e]
            current.append(e + 1)
        elif current:
            runs.append(current)
            current = []
    if current:
        runs.append(current)
    return runs


def _is_arch(ptype) -> bool:
    return ptype.kind == "castle" and style.castle_symbol(ptype)[0] == "arch"


def _arch_opening() -> int:
    """Levels of the doorway under a castle arch, from the bases' Level: the number movement
    counts (`movement.json`, castle_arch_opening_levels, an assumption named there)."""
    from mapkit.movement.spaces import movement_data

    return int(movement_data()["castle_arch_opening_levels"]["value"])


def _iso_standing(root: Group, late: Group, m: Map, index: int, cell: tuple[int, int], cx: float, cy: float,
                  z: float, proj: Oblique, p: float, xs: list[float], ys: list[float]) -> None:
    """Obstacles at their real height (`iso_obstacles`); edge add-ons and flags as solids; flat
    markers on the surface; glyphs and figures into `late`, drawn over everything."""
    piece = m.pieces[index]
    ptype = catalog()[piece.type]
    bx, by = proj.project(cx, cy, z)
    kind = ptype.kind
    tag: dict[str, Any] = {"data-piece": index + 1, "data-type": piece.type}
    if kind == "obstacle":
        _, rgb, _ = style.obstacle_style(ptype)
        form = iso_obstacles.form_of(ptype)
        cells = layout.piece_cells(m, piece)
        group = root.group(f"iso-piece-{index + 1}-{cell[0]}-{cell[1]}",
                           **{"class": form, "data-q": cell[0], "data-r": cell[1], **tag})
        wall = style.wall_line(ptype)
        if wall is not None:                       # a ruin's wall on the side it stands on, whole
            height = max(iso_obstacles.cell_height(piece, ptype, k) for k in range(len(cells)))
            group.attrs["data-height"] = height
            iso_obstacles.ruin_wall(group, wall, piece, z, height, p, proj, rgb)
        elif form == "laur":
            height = iso_obstacles.cell_height(piece, ptype, 0)
            group.attrs["data-height"] = height
            iso_obstacles.laur(group, style.obstacle_style(ptype)[0], cx, cy, z, height, float(piece.rotation), p,
                               proj, rgb)
        elif form in iso_obstacles.WHOLE:
            height = max(iso_obstacles.cell_height(piece, ptype, k) for k in range(len(cells)))
            group.attrs["data-height"] = height
            iso_obstacles.draw_whole(group, form, cells, z, height, p, proj, rgb)
        else:
            k = cells.index(cell)
            height = iso_obstacles.cell_height(piece, ptype, k)
            group.attrs["data-height"] = height
            if form == "ruin":
                solids.ruin(group, cx, cy, z, height, p, proj, rgb, {"class": "ruin"}, _axis(cells, p))
            else:
                data = iso_obstacles.iso_data()
                symbol = style.obstacle_style(ptype)[0]
                taper = float(data["taper"].get(symbol, 1.0)) if form == "rock" else 1.0
                size = float(data["column_size"]) if form == "column" else 0.97
                iso_obstacles.column(group, cell[0], cell[1], z, height, p, proj, rgb, taper, size)
        _extend(group, xs, ys)
        return
    if kind == "figure":
        late.items.extend(symbols.figure(bx, by - p * 0.25, p * 0.8, players.figure_label(piece),
                                         players.figure_colour(m, piece).rgb))
        return
    if piece.type == "glyph":
        late.items.extend(symbols.glyph(bx, by, p * 0.8, str(piece.attrs.get("letter", "?"))))
    elif piece.type == "start-zone":
        player = int(piece.attrs.get("player", 0) or 0)
        rgb = players.zone_colour(m, player).rgb
        ring = [proj.project(x, y, z) for x, y in layout.hex_corners(piece.q, piece.r, p, 0.8)]
        root.add(Poly(ring, stroke=rgb, width=p * 0.08))
        root.add(Text(bx, by, str(player), p * 0.22, fill=(0, 0, 0), bold=True, halo=rgb))
    elif kind == "marker":  # other tokens (objective markers): a disc in their colour, lying on the surface
        rgb = ptype.vs_colour or style.mark_rgb("figure")
        disc = [proj.project(cx + p * 0.2 * math.cos(a), cy + p * 0.2 * math.sin(a), z)
                for a in (math.tau * i / 16 for i in range(16))]
        root.add(Poly(disc, fill=rgb, stroke=style.darker(rgb, 0.5), width=p * 0.02))
    elif kind == "edge" or kind == "castle":
        symbol, _, rgb = style.castle_symbol(ptype)
        group = root.group(f"iso-piece-{index + 1}-{cell[0]}-{cell[1]}",
                           **{"class": symbol, "data-q": cell[0], "data-r": cell[1], **tag})
        d = int(piece.rotation) % 6
        if symbol == "road-wall":
            solids.road_wall(group, layout.piece_cells(m, piece), cell, z, float(ptype.obstacle_height or 3), p, proj,
                             rgb, {"class": symbol})
        elif symbol == "battlement":                # on the side of the wall-walk it hangs on
            (wq, wr), side = pieces.standing(m, piece, ptype)
            solids.battlement(group, wq, wr, d if side is None else side, z, p, proj, rgb, {"class": symbol})
        elif symbol == "ladder":
            solids.ladder(group, piece.q, piece.r, d, z, p, proj, rgb, {"class": symbol})
        elif symbol == "flag":                      # in the battlement it is planted in
            (fq, fr), side = pieces.standing(m, piece, ptype)
            fx, fy = hex_center(fq, fr, p)
            if side is not None:
                (ax, ay), (bx, by) = layout.edge_segment(fq, fr, side, p)
                fx, fy = fx + ((ax + bx) / 2 - fx) * 0.8, fy + ((ay + by) / 2 - fy) * 0.8
            solids.flag(group, fx, fy, z, p, proj, rgb, {"class": symbol})
        top = z + max(solids.FLAG_POLE_LEVELS, solids.battlement_levels(), float(ptype.obstacle_height or 0))
        xs += [bx - p * 0.5, bx + p * 0.5]
        ys += [proj.project(cx, cy, top)[1] - p * 0.3, by]


def _axis(cells: list[tuple[int, int]], p: float) -> tuple[float, float]:
    """The unit vector along a line of hexes, first to last (east for one hex)."""
    (x0, y0), (x1, y1) = hex_center(*cells[0], p), hex_center(*cells[-1], p)
    length = math.hypot(x1 - x0, y1 - y0)
    return ((x1 - x0) / length, (y1 - y0) / length) if length else (1.0, 0.0)


def _extend(group: Group, xs: list[float], ys: list[float]) -> None:
    """Grow the picture's bounds to hold what `group` draws."""
    for item, _, _ in group.walk():
        if isinstance(item, Poly):
            xs.extend(x for x, _ in item.pts)
            ys.extend(y for _, y in item.pts)
