"""A sheet of cut-out markers at true size: doorways, windows and transit-number tokens.

Each token is one hex of the real grid (44.45 mm across the flats), so it sits exactly on a
tile. Tokens are packed as a honeycomb: neighbours share their cut line, which saves paper
and cuts. A 100 mm scale bar on every page checks the print was not scaled.
"""

from __future__ import annotations

import math
from typing import Any, Iterable

from mapkit.model.grid import HEX_PITCH_MM, hex_center_mm, hex_corners_mm
from mapkit.outputs import Drawn
from mapkit.outputs.paint.pdf import (
    PT_PER_MM,
    Sheet,
    bold_font,
    font,
    new_canvas,
    paper_mm,
    polygon_path,
    scale_bar,
)
from mapkit.outputs.plan import draw_mark_symbol
from mapkit.records import Record

#: What a token says besides its symbol.
TOKEN_TITLES = {"doorway": "DOOR", "window": "WINDOW", "transit": "TRANSIT", "stairway-up": "STAIRS UP",
                "stairway-down": "STAIRS DOWN", "elevator-shaft": "ELEVATOR", "exit": "EXIT"}


class Token(Record, frozen=True):
    kind: str
    label: str = ""


def default_tokens() -> list[Token]:
    """A general-purpose sheet: six doorways, six windows, transit numbers 1-6 twice."""
    tokens = [Token("doorway") for _ in range(6)] + [Token("window") for _ in range(6)]
    tokens += [Token("transit", str(n)) for n in range(1, 7) for _ in range(2)]
    return tokens


def honeycomb_slots(win_w: float, win_h: float, pitch: float) -> list[tuple[int, int]]:
    """Hexes (q, r) whose whole cell fits in a window of win_w x win_h mm, window corner at (0, 0).

    The grid is shifted so hex (0, 0)'s cell touches the window's top-left corner.
    """
    radius = pitch / math.sqrt(3)
    slots = []
    rows = int((win_h - 2 * radius) // (1.5 * radius)) + 1 if win_h >= 2 * radius else 0
    for r in range(rows):
        shift = -((r + 1) // 2)
        for q in range(shift, shift + int(win_w // pitch) + 2):
            x, y = _slot_centre(q, r, pitch)
            if x - pitch / 2 >= -1e-6 and x + pitch / 2 <= win_w + 1e-6 and y + radius <= win_h + 1e-6:
                slots.append((q, r))
    return slots


def _slot_centre(q: int, r: int, pitch: float) -> tuple[float, float]:
    x, y = hex_center_mm(q, r, pitch)
    return x + pitch / 2, y + pitch / math.sqrt(3)


def render_markers(tokens: Iterable[Token], target: Any, paper: str = "letter", title: str = "Markers",
                   pitch: float = HEX_PITCH_MM, note: str = "") -> int:
    """Write the sheet to `target`; returns the page count."""
    tokens = list(tokens)
    w_mm, h_mm = paper_mm(paper)
    margin, header, footer = 10.0, 12.0, 14.0
    win_w, win_h = w_mm - 2 * margin, h_mm - 2 * margin - header - footer
    slots = honeycomb_slots(win_w, win_h, pitch)
    c = new_canvas(target, paper, title=title)
    pages = 0
    for start in range(0, max(1, len(tokens)), len(slots)):
        sheet = Sheet(0.0, 0.0, margin * PT_PER_MM, (h_mm - margin - header) * PT_PER_MM, 1.0)
        for token, (q, r) in zip(tokens[start:start + len(slots)], slots):
            _draw_token(c, sheet, q, r, token, pitch)
        c.setFillColorRGB(0, 0, 0)
        c.setFont(bold_font(), 10)
        c.drawString(margin * PT_PER_MM, (h_mm - margin - 5) * PT_PER_MM, title)
        c.setFont(font(), 7)
        c.drawString(margin * PT_PER_MM, (h_mm - margin - 9) * PT_PER_MM,
                     f"True size: each token is one hex, {pitch:g} mm across the flats. Print at 100 %, "
                     "cut along the hex outlines.")
        scale_bar(c, margin * PT_PER_MM, (margin + footer - 7) * PT_PER_MM)
        if note:
            c.setFont(font(), 6.5)
            c.drawString(margin * PT_PER_MM, (margin + footer - 11) * PT_PER_MM, note)
        c.showPage()
        pages += 1
    c.save()
    return pages


def _draw_token(c: Any, sheet: Sheet, q: int, r: int, token: Token, pitch: float) -> None:
    x, y = _slot_centre(q, r, pitch)
    dq, dr = x - hex_center_mm(q, r, pitch)[0], y - hex_center_mm(q, r, pitch)[1]
    corners = [sheet.pt(px + dq, py + dr) for px, py in hex_corners_mm(q, r, pitch)]
    c.setLineWidth(0.4)
    c.setStrokeColorRGB(0, 0, 0)
    c.setFillColorRGB(0.97, 0.97, 0.92)
    c.drawPath(polygon_path(c, corners), stroke=1, fill=1)  # the cut line
    cx, cy = sheet.pt(x, y)
    radius = sheet.length(pitch) / 2
    draw_mark_symbol(c, cx, cy + radius * 0.12, radius * 0.9, token.kind, token.label)
    c.setFillColorRGB(0.1, 0.1, 0.1)
    c.setFont(bold_font(), 6)
    c.drawCentredString(cx, cy + radius * 0.62, TOKEN_TITLES.get(token.kind, token.kind.upper()))


def book_tokens(book: Any, params: Any = None) -> list[Token]:
    """One token per marked space of a Book: doorways, windows, and every space carrying a
    Transit Number (transit spaces, stairways, exits), in the Book's order."""
    from mapkit.outputs.plan import plan_from_book

    tokens = []
    for floor in plan_from_book(book, params).floors:
        for mark in floor.marks:
            if mark.kind in ("doorway", "window") or mark.label:
                tokens.append(Token(mark.kind, mark.label))
    return tokens


# -- the product ------------------------------------------------------------------------------

def draw(books: list[Any], **options: Any) -> Drawn:
    """The output registry's `markers-pdf`: the PDF and its page count (options as `marker_sheets`)."""
    data, pages = marker_sheets(books, **options)
    return Drawn(data, pages)


def marker_sheets(books: list[Any] = (), paper: str = "letter", params: Any = None) -> tuple[bytes, int]:  # type: ignore[assignment]
    """Cut-out doorway, window and transit markers at true size: those the Books mark, or a
    general sheet when there are none."""
    import io

    title, tokens = "Markers", default_tokens()
    if books:
        tokens = [t for book in books for t in book_tokens(book, params)] or tokens
        title = "Markers: " + ", ".join(dict.fromkeys(getattr(b, "name", "") or "Book" for b in books))
    buf = io.BytesIO()
    pages = render_markers(tokens, buf, paper, title=title)
    return buf.getvalue(), pages
