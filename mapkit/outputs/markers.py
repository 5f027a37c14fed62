"""A sheet of cut-out markers at true size: doorways, windows and transit-number tokens.

Each token is one hex of the real grid (44.45 mm across the flats), so it sits exactly on a
tile. Tokens are packed as a honeycomb: neighbours share their cut line, which saves paper
and cuts. A 100 mm scale bar on every page checks the print was not scaled.
"""

from __future__ import annotations

from typing import Any, Iterable

from mapkit.model.grid import HEX_PITCH_MM, SQRT3, hex_center_mm, hex_corners
from mapkit.outputs import Drawn
from mapkit.outputs.scene.page import Writer, page, paper_mm, scale_bar
from mapkit.outputs.scene.shapes import Group, Poly, Scene, Text
from mapkit.outputs.scene.text import POINT, Measure
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
    radius = pitch / SQRT3
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
    return x + pitch / 2, y + pitch / SQRT3


def render_markers(tokens: Iterable[Token], target: Any, paper: str = "letter", title: str = "Markers",
                   pitch: float = HEX_PITCH_MM, note: str = "") -> int:
    """Write the sheet to `target` (a binary file or a path); returns the page count."""
    from mapkit.outputs.paint.pdf import measure, paint

    pages = marker_pages(list(tokens), paper, title, pitch, note, measure)
    data = paint(pages, title=title)
    if hasattr(target, "write"):
        target.write(data)
    else:
        from pathlib import Path

        Path(target).write_bytes(data)
    return len(pages)


def marker_pages(tokens: list[Token], paper: str, title: str, pitch: float, note: str, measure: Measure
                 ) -> list[Scene]:
    """The sheet's pages: tokens packed as a honeycomb under the title, a scale bar at the foot."""
    w_mm, h_mm = paper_mm(paper)
    margin, header, footer = 10.0, 12.0, 14.0
    win_w, win_h = w_mm - 2 * margin, h_mm - 2 * margin - header - footer
    slots = honeycomb_slots(win_w, win_h, pitch)
    pages = []
    for start in range(0, max(1, len(tokens)), max(1, len(slots))):
        sheet = page(w_mm, h_mm, title)
        w = Writer(sheet.root, measure)
        field_ = sheet.root.group("tokens")
        field_.offset = (margin, margin + header)
        for token, (q, r) in zip(tokens[start:start + len(slots)], slots):
            field_.items.extend(_token(q, r, token, pitch))
        w.text(margin, margin + 5, w.fit(title, 10, win_w, bold=True), 10, bold=True)
        w.text(margin, margin + 9, f"True size: each token is one hex, {pitch:g} mm across the flats. Print at 100 %, "
                                   "cut along the hex outlines.", 7)
        scale_bar(w, margin, h_mm - margin - footer + 7)
        if note:
            w.text(margin, h_mm - margin - footer + 11, note, 6.5)
        pages.append(sheet)
    return pages


def _token(q: int, r: int, token: Token, pitch: float) -> list[Any]:
    """One token: its cut line (a hex of the real grid), the mark as the map pictures draw it,
    and what it is in capitals above."""
    from mapkit.outputs.scene.c3g import MARK_LABELS, mark_symbol

    x, y = _slot_centre(q, r, pitch)
    out: list[Any] = [Poly(hex_corners(0, 0, pitch), fill=(247, 247, 235), stroke=(0, 0, 0), width=0.4 * POINT)]
    number = int(token.label) if token.label.isdecimal() else None
    if token.kind in MARK_LABELS:
        mark = mark_symbol(token.kind, 0, 0, pitch, number)
        for item in mark:
            if isinstance(item, Text):
                item.halo = None                      # on the token's plain ground, plain letters
        out += mark
    else:
        out.append(Text(0, 0, f"{token.kind} {token.label}".strip(), pitch * 0.12, bold=True))
    out.append(Text(0, -pitch * 0.31, TOKEN_TITLES.get(token.kind, token.kind.upper()), 6 * POINT, bold=True,
                    fill=(26, 26, 26)))
    return [Group(items=out, offset=(x, y))]


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

    title, tokens, note = "Markers", default_tokens(), ""
    if books:
        marked = [(getattr(b, "name", "") or "Book", book_tokens(b, params)) for b in books]
        blank = list(dict.fromkeys(name for name, held in marked if not held))
        said = (f"{_names(blank)} {'marks' if len(blank) == 1 else 'mark'} no doorway, window or transit space"
                if blank else "")
        if any(held for _, held in marked):
            tokens = [t for _, held in marked for t in held]
            title = "Markers: " + _names(dict.fromkeys(name for name, held in marked if held))
            note = f"{said}." if said else ""
        else:
            title = "Markers: a general sheet"
            note = f"{said}: a general sheet of doorways, windows and transit numbers 1-6."
    buf = io.BytesIO()
    pages = render_markers(tokens, buf, paper, title=title, note=note)
    return buf.getvalue(), pages


def _names(names: Iterable[str]) -> str:
    return ", ".join(names)
