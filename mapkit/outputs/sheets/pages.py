"""The build sheets' pages besides the Levels: the cover, the parts list, and a page per scenario."""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from mapkit.model import levels as levels_model
from mapkit.model.catalog import catalog
from mapkit.model.grid import HEX_PITCH_MM
from mapkit.model.map import Map
from mapkit.outputs.sheets.levels import (
    LABEL_PAD,
    PAGE_HEADER,
    PAGE_MARGIN,
    BuildOptions,
    Footprint,
    _coordinates,
    _MapFrame,
    _panel_box,
    _parts_column,
    _piece_labels,
    levels_label,
)
from mapkit.outputs.paint.pdf import (
    PT_PER_MM,
    Sheet,
    bold_font,
    fit_text,
    fitted_text,
    font,
    png_image,
    text_width,
    wrap_text,
)
from mapkit.outputs.scene.parts import parts_list
from mapkit.outputs.sheets.hidden import beneath, overlay, stacked_starts
from mapkit.outputs.sheets.hidden import lines as hidden_lines


def _pieces_on_levels(m: Map, n_levels: int) -> str:
    """'64 pieces on 1 Level (4 start-zone spaces apart)': the pieces counted as `info` and
    `inventory` count them, start-zone spaces and figures apart (the cover and the parts list)."""
    from mapkit.summary import MARKER_WORDS, markers, pieces_by_type

    placed = ", ".join(f"{n} {MARKER_WORDS.get(t, t)}" for t, n in markers(m).items())
    return (f"{sum(pieces_by_type(m).values())} pieces on {n_levels} Level{'s' if n_levels != 1 else ''}"
            + (f" ({placed} apart)" if placed else ""))


def _cover_page(c: Any, m: Map, w_mm: float, h_mm: float, n_levels: int) -> None:
    """Title, author and an isometric picture of the whole map (a note if it cannot be drawn)."""
    margin = 15.0
    c.setFillColorRGB(0, 0, 0)
    c.setFont(bold_font(), 22)
    c.drawCentredString(w_mm / 2 * PT_PER_MM, (h_mm - margin - 12) * PT_PER_MM,
                        fit_text(m.name or "Untitled map", bold_font(), 22, (w_mm - 2 * margin) * PT_PER_MM))
    c.setFont(font(), 11)
    facts = [f"by {m.author}" if m.author else "", f"{m.players} players" if m.players else "",
             _pieces_on_levels(m, n_levels)]
    c.drawCentredString(w_mm / 2 * PT_PER_MM, (h_mm - margin - 20) * PT_PER_MM,
                        fit_text(" · ".join(f for f in facts if f), font(), 11, (w_mm - 2 * margin) * PT_PER_MM))
    box_w, box_h = w_mm - 2 * margin, h_mm - 2 * margin - 40
    try:
        from mapkit.outputs.paint.raster import render_png
        from mapkit.outputs.scene.views import RenderOptions, build_scene

        scene = build_scene(m, RenderOptions(view="iso", name=m.name, legend=False, title=False))
        image = png_image(render_png(scene, scale=24.0))
    except Exception as exc:  # noqa: BLE001 - a cover without a picture still helps
        c.setFont(font(), 9)
        c.drawCentredString(w_mm / 2 * PT_PER_MM, h_mm / 2 * PT_PER_MM,
                            f"(no picture: {type(exc).__name__}: {str(exc)[:80]})")
        return
    iw, ih = image.getSize()
    k = min(box_w / iw, box_h / ih)
    x = margin + (box_w - iw * k) / 2
    y = margin + 10 + (box_h - ih * k) / 2
    c.drawImage(image, x * PT_PER_MM, y * PT_PER_MM, iw * k * PT_PER_MM, ih * k * PT_PER_MM)
    c.setFont(font(), 8)
    c.drawCentredString(w_mm / 2 * PT_PER_MM, margin * PT_PER_MM, "Build instructions made with mapkit")


def _totals_pages(c: Any, m: Map, levels: dict[int, list[int]], w_mm: float, h_mm: float,
                  footprints: tuple[Footprint, ...] = (), page_of: dict[int, int] | None = None,
                  scenarios: Sequence[int] = ()) -> int:
    """The parts list: the whole map's, then each Level's; as many pages as it takes, every line
    inside the page. Returns the number of pages."""
    margin = 12.0
    width_pt = (w_mm - 2 * margin) * PT_PER_MM
    x, top = margin * PT_PER_MM, (h_mm - margin - 5) * PT_PER_MM
    bottom = (margin + 4) * PT_PER_MM
    frame = _MapFrame(m)
    everything = [i for idx in levels.values() for i in idx]
    lines: list[tuple[str, str, str]] = []          # (style, count, text)
    meta = [f"author: {m.author}" if m.author else "", f"players: {m.players}" if m.players else "",
            _pieces_on_levels(m, len(levels)),
            f"table space {frame.width / 10:.1f} x {frame.height / 10:.1f} cm "
            f"({frame.width / 25.4:.1f} x {frame.height / 25.4:.1f} in)"]
    lines += [("small", "", part) for part in wrap_text(" · ".join(s for s in meta if s), font(), 8, width_pt)]
    lines.append(("gap", "", ""))
    lines.append(("head", "", "Total"))
    lines += [("row", str(n), name) for name, n in parts_list(m, everything)]
    if footprints:
        lines.append(("gap", "", ""))
        lines.append(("head", "", "C3G buildings and objects"))
        lines += [("row", str(n), name) for name, n in sorted(Counter(f.name for f in footprints).items())]
    if scenarios:
        lines.append(("gap", "", ""))
        lines += [("text", "", part) for part in wrap_text(
            f"the terrain {len(scenarios)} scenarios share; each scenario's own pieces, start zones and text are "
            "on a page of their own after the parts list", font(), 7.5, width_pt)]
    elif m.notes and m.notes.strip():
        lines.append(("gap", "", ""))
        lines.append(("head", "", "Scenario"))
        lines += [("text", "", part) for part in wrap_text(m.notes, font(), 7.5, width_pt)]
    for n, (level, idx) in enumerate(levels.items()):
        lines.append(("gap", "", ""))
        page = (page_of or {}).get(level, 1 + n)
        lines.append(("head", "", f"{levels_label(level)} (drawn on page {page})"))
        lines += [("row", str(k), name) for name, k in parts_list(m, idx)]
    pages = 0
    i = 0
    while i < len(lines) or pages == 0:
        pages += 1
        if pages > 1:
            c.showPage()
        c.setFillColorRGB(0, 0, 0)
        c.setFont(bold_font(), 12)
        tail = ": parts list" + (" (continued)" if pages > 1 else "")
        name = fit_text(m.name or "Untitled map", bold_font(), 12, width_pt - text_width(tail, bold_font(), 12))
        c.drawString(x, top, name + tail)
        y = top - 14
        while i < len(lines) and y > bottom:
            kind, count, text = lines[i]
            if kind == "gap":
                y -= 6
            elif kind == "head":
                c.setFont(bold_font(), 8)
                c.drawString(x, y, fit_text(text, bold_font(), 8, width_pt))
                y -= 11
            elif kind == "row":
                c.setFont(font(), 7)
                c.drawRightString(x + 14, y, count)
                c.drawString(x + 18, y, fit_text(f"x {text}", font(), 7, width_pt - 18))
                y -= 9
            else:
                c.setFont(font(), 8 if kind == "small" else 7.5)
                c.drawString(x, y, text)
                y -= 10 if kind == "small" else 9
            i += 1
    c.showPage()
    return pages


def levels_of_pieces(m: Map, indices: list[int]) -> list[int]:
    """The Level each of these pieces is placed on (`mapkit.model.levels`)."""
    cat = catalog()
    return [levels_model.level(cat[m.pieces[i].type], m.pieces[i].z) for i in indices]


def _players_key(c: Any, view: Map, own: list[int], x: float, y: float, width: float, bottom: float) -> None:
    """The scenario's start zones and figures as the picture draws them, in the map's colours,
    each figure's number with the name the scenario gives it (`players.Cast`), from page point
    (x, y) down, no lower than `bottom`."""
    from mapkit.outputs.paint.pdf import draw_items
    from mapkit.outputs.scene.legend import _swatch
    from mapkit.outputs.scene.players import Cast

    entries = Cast(view, [view.pieces[i] for i in own]).legend()
    if not entries or y - 11 < bottom:
        return
    c.setFillColorRGB(0, 0, 0)
    c.setFont(bold_font(), 8)
    c.drawString(x, y, "Players and figures")
    y -= 12
    p = 7.0                                   # swatch scale: a hex 7 mm across on paper
    for n, entry in enumerate(entries):
        if y - 9 < bottom and n < len(entries) - 1:
            c.setFont(font(), 7)
            c.drawString(x, y, f"... and {len(entries) - n} more (the scenario's text lists them)")
            return
        sheet = Sheet(0.0, 0.0, x + 2.5 * PT_PER_MM, y + 0.9 * PT_PER_MM, 1.0)
        draw_items(c, ((item, 0.0, 0.0) for item in _swatch(entry, 0.0, 0.0, p, p * 0.5)), sheet)
        c.setFillColorRGB(0, 0, 0)
        c.setFont(font(), 7)
        c.drawString(x + 14, y, fit_text(entry.label, font(), 7, width - 14))
        y -= 10


#: The smallest type a mark on a scenario sheet's map is set in (points): legible when printed.
MIN_MARK_PT = 4.5


def _sheet_names(m: Map) -> Any:
    """A hex's name on the sheets' lettered board (C7), or None."""
    from mapkit.model.board import Board

    board = Board.of(m)
    return (lambda q, r: None) if board is None else board.name


def _beneath_key(c: Any, lines: list[str], x: float, y: float, width: float, bottom: float) -> float:
    """The scenario's pieces under other pieces and its stacked start spaces, a line each (as many
    as fit above `bottom`); returns where the next block starts."""
    if not lines or y - 24 < bottom:
        return y
    c.setFillColorRGB(0, 0, 0)
    c.setFont(bold_font(), 8)
    c.drawString(x, y - 12, fit_text("Under other pieces", bold_font(), 8, width))
    y -= 24
    c.setFont(font(), 7)
    wrapped = [part for line in ["drawn small in their hex, which is ringed dashed:", *lines]
               for part in wrap_text(line, font(), 7, width)]
    for n, line in enumerate(wrapped):
        if y - 9 < bottom and n < len(wrapped) - 1:
            c.drawString(x, y, f"... and more ({len(lines)} in all)")
            return y - 9
        c.drawString(x, y, line)
        y -= 9
    return y


def _scenario_page(c: Any, whole: Map, number: int, frame: _MapFrame, w_mm: float, h_mm: float,
                   options: BuildOptions) -> None:
    """One scenario of a map that sets up several: the scenario's map from above (the renderer's
    top view, as on the Level pages), its own pieces labelled, their parts list, and its text."""
    from mapkit.outputs.paint.pdf import draw_group
    from mapkit.outputs.scene.views import RenderOptions, top_view

    view = whole.for_scenario(number)
    setup = view.scenario_setup(number)
    own = [i for i, p in enumerate(view.pieces) if p.attrs.get("scenario") == number]
    margin = PAGE_MARGIN
    width = w_mm - 2 * margin
    c.setFillColorRGB(0, 0, 0)
    title, size = fitted_text(f"{whole.name or 'Untitled map'}: {setup.title}", bold_font(), 12, width * PT_PER_MM)
    c.setFont(bold_font(), size)
    c.drawString(margin * PT_PER_MM, (h_mm - margin - 5) * PT_PER_MM, title)
    players = f"for {setup.players} players \u00b7 " if setup.players else ""
    subtitle, size = fitted_text(f"{players}its pieces and start zones on the built terrain", font(), 8,
                             width * PT_PER_MM)
    c.setFont(font(), size)  # under the title: a long title and this line never overlap
    c.drawString(margin * PT_PER_MM, (h_mm - margin - 10) * PT_PER_MM, subtitle)
    height = (h_mm - 2 * margin - PAGE_HEADER) * 0.62
    top = h_mm - margin - PAGE_HEADER
    list_w, map_w, _ = _panel_box(width, height)
    scale = min((map_w - 2 * LABEL_PAD) / frame.width, (height - 2 * LABEL_PAD - 6) / frame.height, 1.0)
    ox = margin + LABEL_PAD + (map_w - 2 * LABEL_PAD - frame.width * scale) / 2
    oy = top - 6 - LABEL_PAD - (height - 2 * LABEL_PAD - 6 - frame.height * scale) / 2
    sheet = Sheet(frame.x0, frame.y0, ox * PT_PER_MM, oy * PT_PER_MM, scale)
    scene, _, _ = top_view(view, RenderOptions(pitch=HEX_PITCH_MM))
    draw_group(c, scene, sheet)
    # what the picture from above paints over (a glyph under a bridge), and start spaces on two Levels
    hidden, stacked = beneath(view, own), stacked_starts(view, own)
    marks = overlay(view, hidden, stacked, HEX_PITCH_MM, min_text=MIN_MARK_PT / PT_PER_MM / scale)
    draw_group(c, marks, sheet)
    from mapkit.outputs.sheets.labels import shapes_of

    _piece_labels(c, view, sheet, own, list(range(len(view.pieces))), (frame.x0, frame.y0, frame.x1, frame.y1),
                  shapes_of((item for item, _, _ in marks.walk()), sheet.length(1.0)))  # off those marks too
    _coordinates(c, frame, sheet)
    y = _parts_column(c, view, own, (margin + width - list_w) * PT_PER_MM, (top - 4) * PT_PER_MM,
                      f"Pieces of scenario {number}", bottom_pt=(top - height) * PT_PER_MM)
    by_level = Counter(levels_of_pieces(view, own))
    if by_level:
        c.setFont(font(), 7)
        words = "on " + ", ".join(f"Level {lv}: {n}" for lv, n in sorted(by_level.items()))
        lines = wrap_text(words, font(), 7, list_w * PT_PER_MM)
        for n, line in enumerate(lines):
            c.drawString((margin + width - list_w) * PT_PER_MM, y - 4 - 9 * n, line)
        y -= 4 + 9 * len(lines)
    y = _beneath_key(c, hidden_lines(view, hidden, stacked, _sheet_names(whole)),
                     (margin + width - list_w) * PT_PER_MM, y, list_w * PT_PER_MM, (top - height) * PT_PER_MM)
    _players_key(c, view, own, (margin + width - list_w) * PT_PER_MM, y - 12, list_w * PT_PER_MM,
                 (top - height) * PT_PER_MM)
    if setup.notes.strip():
        lines = wrap_text(setup.notes, font(), 7.5, width * PT_PER_MM)
        room = int(((top - height - 4) - margin - 2) * PT_PER_MM // 9)
        c.setFont(font(), 7.5)
        y = (top - height - 4) * PT_PER_MM
        for line in lines[:room - 1] if len(lines) > room else lines:
            c.drawString(margin * PT_PER_MM, y, line)
            y -= 9
        if len(lines) > room:
            c.drawString(margin * PT_PER_MM, y, "\u2026 (the scenario's text goes on in the map's own file)")
