"""Scene builders: the top-down view, one panel per level, and the isometric view.

Each returns a `Scene` in millimetres: groups per level (`level-N`) holding one group per
piece (`piece-<index>`, with its type, origin, bottom level and rotation), the contour of
the surface, the marks on it, the findings, and a legend saying what each mark means.
"""

from __future__ import annotations

import math
from typing import Any, Sequence

from mapkit.model import levels
from mapkit.model.catalog import catalog
from mapkit.model.grid import HEX_PITCH_MM
from mapkit.model.map import Map
from mapkit.outputs.scene import c3g, layout, pieces, placing, players, steps, style, symbols
from mapkit.outputs.scene.pieces import draw_piece_top, piece_marks  # noqa: F401  (what views drew before)
from mapkit.outputs.scene.layout import Box, Oblique, hex_center
from mapkit.outputs.scene.board import edges as board_edges
from mapkit.outputs.scene.legend import draw_legend
from mapkit.wording import option
from mapkit.errors import choice
from mapkit.outputs.scene.shapes import Circle, Group, Poly, Scene, Text, gc_paused
from mapkit.records import Record, field, replace

VIEWS = ("top", "levels", "iso")


class RenderOptions(Record):
    """What to draw. `level` restricts the picture to one build level (see `layout`)."""

    view: str = "top"
    level: int | None = None
    findings: list[Any] | None = None
    legend: bool = True
    title: bool = True
    pitch: float = HEX_PITCH_MM
    #: Title to use when the map has no name (e.g. the file's name).
    name: str = ""
    #: Lines listed under the legend (e.g. why findings could not be computed).
    notes: list[str] = field(default_factory=list)
    #: The levels view draws only these Levels' panels (None: every Level of the map).
    only_levels: tuple[int, ...] | None = None
    #: The side of the table the iso view is seen from (a key of `turn.SEEN_FROM`: S, WSW, WNW, N, ENE, ESE).
    seen_from: str = "S"
    #: Letter the board round the map from above (column letters, row numbers), as the build
    #: sheets do; `board` is the board lettered (the map's own by default, `model.board.Board`).
    lettering: bool = True
    board: Any = None


def build_scene(m: Map, options: RenderOptions | None = None) -> Scene:
    """The drawing of a map for the chosen view.

    A map that sets up several scenarios is drawn as the terrain they share, and says so: its
    scenarios' start zones, glyphs and figures would pile up on the same hexes (draw one with
    `Map.for_scenario`); findings that name a scenario are left to that scenario's picture."""
    opts = options or RenderOptions()
    choice(opts.view, VIEWS, "view")
    if opts.lettering and opts.board is None and opts.view != "iso":
        from mapkit.model.board import Board

        opts = replace(opts, board=Board.of(m))        # the whole map's board, scenarios and all
    if m.several_scenarios():
        opts = replace(opts, notes=list(opts.notes) + [scenarios_note(m)],
                       findings=None if opts.findings is None else [f for f in opts.findings
                                                                    if getattr(f, "scenario", None) is None])
        m = m.terrain()
    with gc_paused():
        return _build(m, opts)


def scenarios_note(m: Map) -> str:
    """What a picture of the shared terrain says about the scenarios it leaves out."""
    numbers = m.scenarios()
    return (f"{len(numbers)} scenarios set up on this terrain ({', '.join(map(str, numbers))}): their start "
            f"zones, glyphs and figures are drawn one scenario at a time ({option('scenario', 'K')})")


def _build(m: Map, opts: RenderOptions) -> Scene:
    if opts.view == "iso":
        from mapkit.outputs.scene import turn

        choice(opts.seen_from, turn.SEEN_FROM, "side", "seen_from")
        from mapkit.outputs.scene.iso import iso_view  # (imported here: a picture from above needs none of it)

        seen = turn.turned(m, opts.seen_from)
        return _finish(seen, opts, *iso_view(seen, opts))
    if opts.view == "levels" and opts.level is None:
        return _finish(m, opts, *levels_view(m, opts))
    return _finish(m, opts, *top_view(m, opts, opts.level))


# -- top view ------------------------------------------------------------------------------

def top_view(m: Map, opts: RenderOptions, only_level: int | None = None,
             also: Sequence[int] = ()) -> tuple[Group, Box, dict]:
    """The map seen from above (all levels, or the pieces of one build level over a faded copy of
    those below; `also`: Levels above it whose few pieces its build sheet places too)."""
    cat = catalog()
    p = opts.pitch
    root = Group()          # its layers go straight under <svg> (Inkscape wants them there)
    if only_level is None:
        indices: Sequence[int] = range(len(m.pieces))
        tops = layout.visible_tops(m)
        edges_by_level = steps.by_level(m, tops)
        _draw_pieces(root, m, layout.draw_order(m, indices), edges_by_level, p, tops, tops)
    else:
        drawn = {only_level, *also}
        indices = [i for i, pc in enumerate(m.pieces) if layout.build_level(cat[pc.type], pc) in drawn]
        below = _draw_below(root, m, only_level, p)
        tops_here = layout.visible_tops(m, indices)
        edges_by_level = steps.by_level(m, tops_here)
        _draw_pieces(root, m, layout.draw_order(m, indices), edges_by_level, p, tops_here, None)
    cells = [c for i in indices for c in layout.piece_cells(m, m.pieces[i])]
    if only_level is not None:
        cells += list(below)
    layouts = []
    if m.several_rooms():
        names, placed = placing.room_names(m, indices, p, only_level if c3g.has_c3g(m) else False)
        root.add(names)
        layouts.append(placed)
    info: dict[str, Any] = {"types": [cat[m.pieces[i].type] for i in indices],
                            "players": [m.pieces[i] for i in indices
                                        if m.pieces[i].type == "start-zone" or cat[m.pieces[i].type].kind == "figure"],
                            "cells": set(cells), "layouts": layouts}
    heights = pieces.heights_note(m, indices)
    if heights:
        info["notes"] = [heights]
    if c3g.has_c3g(m):
        extra = c3g.c3g_layer(m, p, only_level)
        root.items.extend(extra.groups)
        cells += list(extra.cells)
        info["cells"] |= extra.cells
        info["extra_legend"] = extra.legend
        info["notes"] = info.get("notes", []) + list(extra.notes)
    box = layout.cells_box(cells, p) or Box(0, 0, p, p)
    return root, box, info


def _draw_below(root: Group, m: Map, only_level: int, p: float) -> set[tuple[int, int]]:
    """What is already built under Level `only_level`, hex by hex in the faded colour of the
    highest tile there (the Level just below paler than the page's own pieces, deeper Levels
    paler still, as VirtualScape prints), outlined in a darker shade of that colour. Returns the
    hexes drawn."""
    cat = catalog()
    under = [i for i, pc in enumerate(m.pieces)
             if layout.is_surface(cat[pc.type]) and layout.build_level(cat[pc.type], pc) < only_level]
    ghost = root.group(f"below-{only_level}", label=f"Below Level {only_level}", layer=True)
    fade = style.style_data()["below"]
    tops = layout.visible_tops(m, under)
    inks: dict[tuple, tuple[style.RGB, style.RGB]] = {}       # each colour faded once, not once a hex
    for (q, r), top in sorted(tops.items()):
        piece = m.pieces[top.piece]
        ptype = cat[piece.type]
        depth = only_level - layout.build_level(ptype, piece)
        base = style.piece_fill(ptype, piece.attrs)
        key = (base, depth <= 1)
        if key not in inks:
            fill = style.faded(base, fade["just_below"] if depth <= 1 else fade["deeper"])
            inks[key] = (fill, style.darker(fill, fade["outline"]))
        fill, edge = inks[key]
        ghost.add(Poly(layout.hex_corners(q, r, p), fill=fill, stroke=edge, width=p * 0.012))
    return set(tops)


def _draw_pieces(root: Group, m: Map, order: list[int], edges_by_level: dict[int, list[layout.ContourEdge]],
                 p: float, tops: dict[tuple[int, int], layout.Top],
                 lower: dict[tuple[int, int], layout.Top] | None = None) -> None:
    """The pieces in `order`, a layer per Level, each Level's steps drawn over its tiles (with
    their shadows on the tiles of `lower`, the whole map's tops, where given)."""
    cat = catalog()
    current: int | None = None
    level_group: Group | None = None
    contours_done = True
    for index in order:
        piece = m.pieces[index]
        ptype = cat[piece.type]
        level = layout.build_level(ptype, piece)
        surface = layout.is_surface(ptype)
        if level != current:
            if not contours_done and level_group is not None and current is not None:
                steps.draw(level_group, edges_by_level.get(current, []), p, m, lower)
            current = level
            level_group = root.group(f"level-{level}", label=f"Level {level}", layer=True)
            contours_done = False
        assert level_group is not None
        if not surface and not contours_done:
            steps.draw(level_group, edges_by_level.get(current, []), p, m, lower)
            contours_done = True
        data: dict[str, Any] = {"data-type": piece.type, "data-q": piece.q, "data-r": piece.r,
                                "data-level": levels.level(ptype, piece.z), "data-rotation": piece.rotation}
        g = level_group.group(f"piece-{index + 1}", **data)  # numbered from 1, as findings name pieces
        draw_piece_top(g, m, piece, ptype, p, tops, index)
    if not contours_done and level_group is not None and current is not None:
        steps.draw(level_group, edges_by_level.get(current, []), p, m, lower)


# -- per-level panels -------------------------------------------------------------------------

def levels_view(m: Map, opts: RenderOptions) -> tuple[Group, Box, dict]:
    """One panel per build level, in a grid, each a top view of that level over a ghost of those below;
    the Levels above one that add only edge pieces or a lone flag share its panel, as they share
    its build sheet (`layout.sheet_groups`)."""
    p = opts.pitch
    groups = panel_groups(m)
    if opts.only_levels is not None:
        groups = [g for g in groups if set(g) & set(opts.only_levels)] or groups
    levels = [group[0] for group in groups]
    columns = max(1, math.ceil(math.sqrt(len(levels))))
    whole = layout.cells_box({c for pc in m.pieces for c in layout.piece_cells(m, pc)}, p) or Box(0, 0, p, p)
    if c3g.has_c3g(m):
        whole = whole.union(layout.cells_box(c3g.c3g_layer(m, p).cells, p) or whole)
    text_scale = max(1.0, columns * 0.7)
    gap = p * 0.8
    title = p * 0.9 * text_scale
    lettering = _lettering(m, opts)
    drawn = whole
    if lettering is not None:                     # each panel lettered round, as the sheets letter it
        rim_x, rim_y = _rim(p * text_scale)
        whole = Box(whole.x0 - rim_x, whole.y0 - rim_y, whole.x1 + rim_x, whole.y1 + rim_y)
    root = Group()
    info: dict = {"types": [], "players": [], "cells": set(), "text_scale": text_scale}
    for n, levels_shown in enumerate(groups):
        level = levels_shown[0]
        group, _, sub = top_view(m, opts, level, levels_shown[1:])
        col, row = n % columns, n // columns
        dx = col * (whole.width + gap) - whole.x0
        dy = row * (whole.height + gap + title) - whole.y0 + title
        said = layout.group_label(levels_shown)
        panel = root.group(f"panel-{level}", label=said, layer=True)
        panel.offset = (dx, dy)
        for shown in levels_shown:
            info.setdefault("panels", {})[shown] = (dx, dy)
        panel.add(Text(whole.x0 + whole.width / 2, whole.y0 - title * 0.5, said, p * 0.45 * text_scale,
                       bold=True,
                       fill=style.mark_rgb("text")))
        frame = [(whole.x0, whole.y0), (whole.x1, whole.y0), (whole.x1, whole.y1), (whole.x0, whole.y1)]
        panel.add(Poly(frame, stroke=(180, 180, 180), width=p * 0.02))
        panel.items.extend(group.items)       # its level group is a sub-layer of the panel
        if lettering is not None:
            panel.add(board_edges(lettering, drawn, LETTERING * p * text_scale, p, id=f"board-edges-{level}"))
        info["types"] += sub["types"]
        info["players"] += sub["players"]
        info.setdefault("layouts", []).extend(((dx, dy), placed) for placed in sub.get("layouts", []))
        for entry in sub.get("extra_legend", []):
            if entry not in info.setdefault("extra_legend", []):
                info["extra_legend"].append(entry)
        for note in sub.get("notes", []):
            if note not in info.setdefault("notes", []):
                info["notes"].append(note)
    rows = math.ceil(len(levels) / columns)
    box = Box(0, 0, columns * (whole.width + gap) - gap, rows * (whole.height + gap + title) - gap)
    return root, box, info


def panel_groups(m: Map) -> list[tuple[int, ...]]:
    """The Levels of each panel of the picture by Level: the build sheets' groups of the map's
    pieces (`layout.sheet_groups`), each Level a C3G floor stands on starting a panel of its own
    (a panel draws the floors of its first Level)."""
    floors = c3g.c3g_levels(m)
    grouped = layout.sheet_groups(m, layout.build_levels(m)) if m.pieces else {}
    out: list[tuple[int, ...]] = []
    for level in sorted(set(grouped) | {lv for lv in floors if not any(lv in g for g in grouped.values())}):
        for shown in grouped.get(level, (level,)):
            if out and shown not in floors and shown != level:
                out[-1] += (shown,)
            else:
                out.append((shown,))
    return out or [(1,)]


# -- the board's lettering ---------------------------------------------------------------------

#: The size of the board's letters and numbers round a picture, against the hex pitch.
LETTERING = 0.3


def _lettering(m: Map, opts: RenderOptions) -> Any:
    """What the picture letters round the map (`scene.board.Lettering`), or None."""
    from mapkit.outputs.scene.board import Lettering

    if not opts.lettering or opts.board is None:
        return None
    cells = {c for pc in m.pieces for c in layout.piece_cells(m, pc)}
    return Lettering(opts.board, cells) if cells else None


def _rim(p: float) -> tuple[float, float]:
    """How far the lettering reaches beyond the map: (across, up and down)."""
    size = LETTERING * p
    return size * 3.0, size * 2.2


# -- findings, legend, title ------------------------------------------------------------------

#: Bold text's width per character, as a share of its size (a generous estimate: the backends'
#: fonts differ, and a line that fits here fits there).
BOLD_CHAR_WIDTH = 0.62
TITLE_LINES = 2
#: Findings drawn last are on top: an error's badge must never hide under a warning's.
DRAW_ORDER = {"info": 0, "warning": 1, "error": 2}


def title_lines(title: str, width: float, size: float, max_lines: int = TITLE_LINES) -> list[str]:
    """`title` wrapped to `width` (same unit as `size`), at most `max_lines` lines, the last cut
    with an ellipsis when the words do not fit."""
    import textwrap

    per_line = max(8, int(width / (size * BOLD_CHAR_WIDTH)))
    lines = textwrap.wrap(title, per_line, break_long_words=True) or [""]
    if len(lines) > max_lines:
        last = " ".join(lines[max_lines - 1:])
        lines = lines[:max_lines - 1] + [last[:per_line - 1].rstrip() + "\u2026"]
    return lines

def _finish(m: Map, opts: RenderOptions, content: Group, box: Box, info: dict) -> Scene:
    p = opts.pitch
    root = Group()
    root.add(content)
    notes = list(opts.notes) + list(info.get("notes", []))
    severities = []
    listed = []
    if opts.findings:
        fg = Group("findings", label="Findings", layer=True)
        per_hex: dict[tuple[int, int], int] = {}
        proj = Oblique() if info.get("iso") else None
        drawn: list[tuple[int, int, Group]] = []
        for n, f in enumerate(opts.findings, 1):
            severities.append(f.severity)
            # placed as validate's text places it: 'Level L C7 (q, r)', the sheets' name where it has one
            parts = ([f"Level {f.level}"] if f.level is not None else []) + ([f.place] if f.place else []) + \
                ([f"({f.q}, {f.r})"] if f.q is not None and f.r is not None else [])
            room = getattr(f, "room", None)
            where = (f" room {room}:" if room is not None else "") + (f" {' '.join(parts)}:" if parts else "")
            listed.append((n, f.severity, f"{n}.{where} {f.code} {f.severity}: {f.message}"))
            if f.q is None or f.r is None:
                continue
            # a room's finding names its room's own frame; the picture lays the rooms out together
            fq, fr = m.on_layout(room, f.q, f.r) if room is not None and m.several_rooms() else (f.q, f.r)
            if opts.level is not None and info.get("cells") is not None and (fq, fr) not in info["cells"]:
                continue
            cx, cy = hex_center(fq, fr, p)
            if proj is not None:
                cx, cy = proj.project(cx, cy, float(f.level or 0))
            panels = info.get("panels")
            if panels is not None:                 # per-level view: in the panel of the finding's level
                if f.level not in panels:
                    continue
                cx, cy = cx + panels[f.level][0], cy + panels[f.level][1]
            per_hex[(fq, fr)] = per_hex.get((fq, fr), 0) + 1
            g = Group(f"finding-{n}", attrs={"data-code": f.code, "data-severity": f.severity, "data-q": fq,
                                             "data-r": fr, "data-level": f.level if f.level is not None else ""})
            g.items.extend(symbols.finding(cx, cy, p, f.severity, n))
            drawn.append((DRAW_ORDER.get(f.severity, 0), n, g))
        fg.items.extend(g for _, _, g in sorted(drawn, key=lambda d: (d[0], d[1])))
        root.add(fg)
    elif opts.findings is not None:
        notes.append("no findings")
    lettering = None if info.get("iso") or info.get("panels") is not None else _lettering(m, opts)
    if lettering is not None:                     # the board's letters round the map, as the sheets print them
        root.add(board_edges(lettering, box, LETTERING * p, p))
        rim_x, rim_y = _rim(p)
        box = Box(box.x0 - rim_x, box.y0 - rim_y, box.x1 + rim_x, box.y1 + rim_y)
    entries = style.legend_entries(info["types"], players.Cast(m, info["players"]).legend(), severities,
                                   bool(info.get("iso")))
    entries += info.get("extra_legend", [])
    total = box
    top_margin = p * 0.3
    k = float(info.get("text_scale", 1.0))         # bigger words on pictures that are many maps wide
    title = ""
    if opts.title:
        name = m.name or opts.name or "(unnamed map)"
        if len(m.rooms) == 1:                       # one room of a page of several
            name += f" - {m.rooms[0].name or f'room {m.rooms[0].number}'}"
        numbers = m.scenarios()
        if len(numbers) == 1:                       # one scenario (of a page that sets up several)
            name += f" - {m.scenario_setup(numbers[0]).title}"
        view = {"top": "seen from above", "iso": "stacked tiles", "levels": "Level by Level"}[opts.view]
        if opts.view == "iso" and opts.seen_from != "S":
            from mapkit.outputs.scene.turn import SIDE_NAMES

            view += f", seen from the {SIDE_NAMES[opts.seen_from]}"
        if opts.level is not None:
            view = f"Level {opts.level}"
        elif opts.view == "levels" and len(info.get("panels") or ()) == 1:
            view = layout.group_label(sorted(info["panels"]))  # one panel is one Level, not "level by level"
        title = f"{name} - {view}"
        size = p * 0.42 * k
        # the map sets the picture's width, never the title: a long one wraps, then ends in an ellipsis
        room = max(box.width, p * 6 * k)
        lines = title_lines(title, room, size)
        for i, line in enumerate(lines):
            root.add(Text(box.x0, box.y0 - p * 0.55 * k - (len(lines) - 1 - i) * size * 1.2, line, size, bold=True,
                          fill=style.mark_rgb("text"), anchor="start"))
        top_margin = p * 1.1 * k + (len(lines) - 1) * size * 1.2
        widest = max(len(line) for line in lines) * size * BOLD_CHAR_WIDTH     # at most `room`
        total = total.union(Box(box.x0, box.y0, box.x0 + widest, box.y0))
    if opts.legend:
        legend, lbox = draw_legend(entries, listed, notes, p * k, box.x1 + p * 0.8, box.y0)
        root.add(legend)
        total = total.union(lbox)
    total = Box(total.x0 - p * 0.4, total.y0 - top_margin, total.x1 + p * 0.4, total.y1 + p * 0.4)
    labels = [row if isinstance(row, tuple) else ((0.0, 0.0), row) for row in info.get("layouts", [])]
    return Scene(total, root, style.mark_rgb("background"), title if opts.title else m.name, p, labels)


