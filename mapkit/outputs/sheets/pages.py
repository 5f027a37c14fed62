"""The build sheets' pages besides the Levels: the cover, the parts list, and a page per scenario.

The parts list is set in columns that fill the page (the whole map's parts, then each Level's),
with the start zones, glyphs and figures apart from the parts a builder lays; a scenario's text
runs on over as many pages as it takes. A map's notes that are not prose (a test file's thousands
of repeated letters) are said in one line.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from mapkit.model import levels as levels_model
from mapkit.model.catalog import catalog
from mapkit.model.grid import HEX_PITCH_MM
from mapkit.model.map import Map
from mapkit.outputs.scene.page import COLUMN_MM, Row, Writer, columns, page, row_height, set_rows, wrapped_rows
from mapkit.outputs.scene.parts import sections
from mapkit.outputs.scene.plates import plates
from mapkit.outputs.scene.shapes import Group, Picture, Scene
from mapkit.outputs.scene.text import POINT, is_prose, summary
from mapkit.outputs.sheets.frame import LABEL_PAD, PAGE_HEADER, PAGE_MARGIN, levels_label, panel_box
from mapkit.outputs.sheets.levels import Build, continued, coordinate_size, parts_rows
from mapkit.outputs.sheets.hidden import beneath, overlay, stacked_starts
from mapkit.outputs.sheets.hidden import lines as hidden_lines

#: The smallest type a mark on a scenario sheet's map is set in (points): legible when printed.
MIN_MARK_PT = 4.5
#: A scenario's text is set in columns about this wide (mm).
TEXT_COLUMN_MM = 85.0
#: The share of a scenario page's height its map takes: the first that leaves its text room on the page.
MAP_SHARES = (0.62, 0.56, 0.5)


def pieces_on_levels(m: Map, n_levels: int) -> str:
    """'64 pieces on 1 Level (4 start-zone spaces apart)': the pieces counted as `info` and
    `inventory` count them, start-zone spaces and figures apart (the cover and the parts list)."""
    from mapkit.summary import MARKER_WORDS, markers, pieces_by_type

    placed = ", ".join(f"{n} {MARKER_WORDS.get(t, t)}" for t, n in markers(m).items())
    count = sum(pieces_by_type(m).values())
    return (f"{count} piece{'s' if count != 1 else ''} on {n_levels} Level{'s' if n_levels != 1 else ''}"
            + (f" ({placed} apart)" if placed else ""))


def notes_text(text: str) -> str:
    """A map's or a scenario's words as a sheet prints them: prose as it is, anything else in
    one line saying what it is."""
    return text if is_prose(text) else summary(text)


def cover_page(b: Build) -> Scene:
    """Title, author and the pictures' isometric view of the whole map (a note if it cannot be drawn)."""
    m, margin = b.m, 15.0
    sheet = page(b.width, b.height, m.name or "")
    w = Writer(sheet.root, b.measure)
    width = b.width - 2 * margin
    w.text(b.width / 2, margin + 12, w.fit(m.name or "Untitled map", 22, width, bold=True), 22, bold=True,
           anchor="middle")
    facts = [f"by {m.author}" if m.author else "", f"{m.players} players" if m.players else "",
             pieces_on_levels(m, len(b.levels))]
    w.text(b.width / 2, margin + 20, w.fit(" · ".join(f for f in facts if f), 11, width), 11, anchor="middle")
    box_h = b.height - 2 * margin - 40
    try:
        from mapkit.outputs.scene.views import RenderOptions, build_scene

        scene = build_scene(m, RenderOptions(view="iso", name=m.name, legend=False, title=False))
    except Exception as exc:  # noqa: BLE001 - a cover without a picture still helps
        w.text(b.width / 2, b.height / 2, f"(no picture: {type(exc).__name__}: {str(exc)[:80]})", 9, anchor="middle")
        return sheet
    sheet.root.add(Picture(margin, margin + 30, width, box_h, scene, 24.0))
    w.text(b.width / 2, b.height - margin, "Build instructions made with mapkit", 8, anchor="middle")
    return sheet


def parts_pages(b: Build, page_of: dict[int, int], scenarios: Sequence[int] = ()) -> list[Scene]:
    """The parts list: the whole map's, then each Level's, in columns across as many pages as it
    takes; the start zones, glyphs and figures of each apart from its parts."""
    m = b.m
    width = b.width - 2 * PAGE_MARGIN
    per_page = max(1, int(width // COLUMN_MM))
    col_w = width / per_page
    probe = Writer(Group(), b.measure)
    everything = [i for idx in b.levels.values() for i in idx]
    frame = b.frame
    meta = [f"author: {m.author}" if m.author else "", f"players: {m.players}" if m.players else "",
            pieces_on_levels(m, len(b.levels)),
            f"table space {frame.width / 10:.1f} x {frame.height / 10:.1f} cm "
            f"({frame.width / 25.4:.1f} x {frame.height / 25.4:.1f} in)"]
    head = wrapped_rows(probe, " · ".join(s for s in meta if s), width, "small")
    parts, markers, figures = sections(m, everything)
    rows = [Row("head", "Total")] + [Row("row", text, str(n)) for text, n in parts]
    if markers:
        rows += [Row("gap"), Row("head", "Start zones and glyphs")] + [Row("row", t, str(n)) for t, n in markers]
    if figures:
        rows += [Row("gap"), Row("head", "Figures")] + [Row("row", t, str(n)) for t, n in figures]
    if b.options.footprints:
        rows += [Row("gap"), Row("head", "C3G buildings and objects")]
        rows += [Row("row", name, str(n)) for name, n in sorted(Counter(f.name for f in b.options.footprints).items())]
    if scenarios:
        rows += [Row("gap")] + wrapped_rows(probe, f"the terrain {len(scenarios)} scenarios share; each scenario's own "
                                            "pieces, start zones and text are on a page of their own after the parts "
                                            "list", col_w - 3)
    elif m.notes and m.notes.strip():
        rows += [Row("gap"), Row("head", "Scenario")] + wrapped_rows(probe, notes_text(m.notes), col_w - 3)
    for n, (level, idx) in enumerate(b.levels.items()):
        name = levels_label(level)
        rows += [Row("gap")] + parts_rows(m, idx, f"{name} (drawn on page {page_of.get(level, 1 + n)})", f"on {name}")
    top = PAGE_MARGIN + PAGE_HEADER + 3 + sum(row_height(r) for r in head)
    room = b.height - PAGE_MARGIN - 4 - top
    laid = columns(rows, room)
    out = []
    for start in range(0, len(laid), per_page):
        sheet = page(b.width, b.height, "parts list")
        w = Writer(sheet.root, b.measure)
        tail = ": parts list" + (" (continued)" if start else "")
        name = w.fit(m.name or "Untitled map", 12, width - w.width(tail, 12, bold=True), bold=True)
        w.text(PAGE_MARGIN, PAGE_MARGIN + 5, name + tail, 12, bold=True)
        set_rows(w, head, PAGE_MARGIN, PAGE_MARGIN + PAGE_HEADER, width)
        for n, col in enumerate(laid[start:start + per_page]):
            set_rows(w, col, PAGE_MARGIN + n * col_w, top, col_w - 3)
        out.append(sheet)
    return out


def levels_of_pieces(m: Map, indices: list[int]) -> list[int]:
    """The Level each of these pieces is placed on (`mapkit.model.levels`)."""
    cat = catalog()
    return [levels_model.level(cat[m.pieces[i].type], m.pieces[i].z) for i in indices]


def _sheet_names(m: Map) -> Any:
    """A hex's name on the sheets' lettered board (C7), or None."""
    from mapkit.model.board import Board

    board = Board.of(m)
    return (lambda q, r: None) if board is None else board.name


def scenario_pages(b: Build, whole: Map, number: int) -> list[Scene]:
    """One scenario of a map that sets up several: the scenario's map from above (the pictures'
    top view, as on the Level pages) with its own pieces labelled, their lists, what lies under
    other pieces, its players and figures, and its text, running on over the next pages."""
    from mapkit.outputs.scene.board import edges
    from mapkit.outputs.scene.views import RenderOptions, top_view
    from mapkit.outputs.sheets.labels import layout_labels, shapes_of

    frame = b.frame
    view = whole.for_scenario(number)
    setup = view.scenario_setup(number)
    own = [i for i, p in enumerate(view.pieces) if p.attrs.get("scenario") == number]
    margin = PAGE_MARGIN
    width = b.width - 2 * margin
    sheet = page(b.width, b.height, setup.title)
    w = Writer(sheet.root, b.measure)
    title, size = _fitted(w, f"{whole.name or 'Untitled map'}: {setup.title}", 12, width)
    w.text(margin, margin + 5, title, size / POINT, bold=True)
    players = f"for {setup.players} players \u00b7 " if setup.players else ""
    subtitle, size = _fitted(w, f"{players}its pieces and start zones on the built terrain", 8, width, bold=False)
    w.text(margin, margin + 10, subtitle, size / POINT)
    top = margin + PAGE_HEADER
    # its text in columns under the map (a line of a column is read at a glance): the map gives
    # up a little of its height where that keeps the whole text on the page
    text = notes_text(setup.notes) if setup.notes.strip() else ""
    per_page = max(1, int(width // TEXT_COLUMN_MM))
    col_w = width / per_page
    lines = wrapped_rows(w, text, col_w - 4) if text else []
    for share in MAP_SHARES:
        height = (b.height - 2 * margin - PAGE_HEADER) * share
        room = b.height - margin - 2 - (top + height + 4)
        laid = columns(lines, room, keep=0) if lines else []
        if len(laid) <= per_page:
            break
    list_w, map_w, _ = panel_box(width, height)
    scale = min((map_w - 2 * LABEL_PAD) / frame.width, (height - 2 * LABEL_PAD - 6) / frame.height, 1.0)
    ox = margin + LABEL_PAD + (map_w - 2 * LABEL_PAD - frame.width * scale) / 2
    oy = top + 6 + LABEL_PAD + (height - 2 * LABEL_PAD - 6 - frame.height * scale) / 2
    scene, _, _ = top_view(view, RenderOptions(pitch=HEX_PITCH_MM))
    drawing = Group("map", items=[scene], offset=(ox - frame.x0 * scale, oy - frame.y0 * scale), scale=scale)
    # what the picture from above paints over (a glyph under a bridge), and start spaces on two Levels
    hidden, stacked = beneath(view, own), stacked_starts(view, own)
    marks = overlay(view, hidden, stacked, HEX_PITCH_MM, min_text=MIN_MARK_PT * POINT / scale)
    drawing.add(marks)
    pt_per_mm = scale / POINT
    layout = layout_labels(view, own, list(range(len(view.pieces))), pt_per_mm, (frame.x0, frame.y0, frame.x1, frame.y1),
                           shapes_of((item for item, _, _ in marks.walk()), pt_per_mm))  # off those marks too
    b.layouts.append(((-number,), layout))
    drawing.add(plates(layout, scale))
    drawing.add(edges(frame.lettering, frame.box, coordinate_size(scale) * POINT / scale, gap=2 * POINT / scale))
    sheet.root.add(drawing)
    side = _side_rows(w, view, own, number, hidden, stacked, whole, list_w)
    if layout.listed:                      # plates the map left no room for, by hex
        side += [Row("gap"), Row("head", "Pieces on crowded hexes")]
        side += [Row("text", f"{frame.name(*want.cells[0])}: {want.text}")
                 for want in sorted(layout.listed, key=lambda wt: (wt.cells[0][1], wt.cells[0][0]))]
    side_cols = columns(side, height - 4)
    set_rows(w, side_cols[0], margin + width - list_w, top + 4, list_w)
    for n, col in enumerate(laid[:per_page]):               # what does not fit runs on over the next pages
        set_rows(w, col, margin + n * col_w, top + height + 4, col_w - 4)
    rest = [row for col in side_cols[1:] for row in col]
    more_text = [row for col in laid[per_page:] for row in col]
    out = [sheet]
    if rest or more_text:
        more = rest + ([Row("gap"), Row("head", "Scenario text (continued)")] + more_text if more_text else [])
        out += continued(b, f"{setup.title} (continued)", columns(more, b.height - 2 * margin - PAGE_HEADER - 6),
                         TEXT_COLUMN_MM)
    return out


def _side_rows(w: Writer, view: Map, own: list[int], number: int, hidden: Any, stacked: Any, whole: Map,
               width: float) -> list[Row]:
    """The column beside a scenario's map: its pieces (parts, then start zones, glyphs, figures),
    the Levels they lie on, what lies under other pieces, and its players and figures."""
    from mapkit.outputs.scene.players import Cast

    rows = parts_rows(view, own, f"Pieces of scenario {number}", f"of scenario {number}")
    if len(rows) > 1 and rows[1] == Row("gap"):          # no parts of its own: its markers and figures first
        rows = rows[2:]
    by_level = Counter(levels_of_pieces(view, own))
    if by_level:
        rows += wrapped_rows(w, "its pieces, by Level: " + ", ".join(f"Level {lv}: {n}" for lv, n
                                                                  in sorted(by_level.items())), width)
    said = hidden_lines(view, hidden, stacked, _sheet_names(whole))
    if said:
        rows += [Row("gap"), Row("head", "Under other pieces")]
        for line in ["drawn small in their hex, which is ringed dashed:", *said]:
            rows += wrapped_rows(w, line, width)
    entries = Cast(view, [view.pieces[i] for i in own]).legend()
    if entries:
        rows += [Row("gap"), Row("head", "Players and figures")] + [Row("entry", e.label, entry=e) for e in entries]
    return rows


def _fitted(w: Writer, text: str, size_pt: float, width: float, bold: bool = True) -> tuple[str, float]:
    from mapkit.outputs.scene.text import fitted

    return fitted(text, size_pt * POINT, width, w.measure, bold)
