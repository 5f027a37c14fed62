"""The Full / Half / Partial overlay of a Book, or of the Books a map places (`mapkit overlay`).

`classify_book` and `classify_map` give the `--json` document and what the picture draws;
`overlay_text` the lines the command prints. The picture is the output registry's `overlay-png` (`mapkit.outputs.overlay`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from mapkit import escapes
from mapkit.errors import FormatError
from mapkit.records import Record
from mapkit.results import Answer, dumps
from mapkit.wording import data


class OverlayResult(Record, Answer):
    """The overlay as a JSON document (`doc`: `.json()`, as `mapkit overlay --json` prints it, in
    ASCII), and what its picture draws: a Book's `Overlay` in its own frame, or a map and the
    `PlacedBooks` on it; its title and note."""

    doc: dict[str, Any]
    title: str = ""
    note: str = ""
    #: Panels per row in the picture: a Book's floors side by side, a map's levels one under another.
    columns: int = 3
    overlay: Any = None
    map: Any = None
    placed: Any = None

    def text(self) -> str:
        """What `mapkit overlay` prints: how many hexes of each class, outside and per floor or Level."""
        return overlay_text(self.doc)

    def json(self) -> str:
        return dumps(self.doc, ascii=True)


def classify_book(book: Any, params: Any) -> OverlayResult:
    """One Book in its own frame: outside on the ground, then each floor."""
    from mapkit.books.overlay import classify

    overlay = classify(book, params)
    note = "Illustrative Book: its numbers are not the published ones." if book.illustrative else ""
    return OverlayResult(overlay.to_json(), f"{book.name} ({book.kind})", note, 3, overlay=overlay)


def classify_map(m: Any, source: str | None, params: Any) -> OverlayResult:
    """The Books a map places (those it carries), overlaid together, level by level; a Book that
    cannot be placed is a FormatError naming the map's file, `source`."""
    from mapkit.books.placed import placed_books

    placed = placed_books(m, params)
    errors = [pb.error for pb in placed.buildings + placed.objects if pb.error]
    if errors:
        raise FormatError(errors[0], file=source)
    from mapkit.model.board import Board

    board = Board.of(m)

    def place(q: int, r: int) -> str | None:  # as the build sheets letter the hex ("C7")
        return board.name(q, r) if board else None

    levels: dict[int, list[dict[str, Any]]] = {}
    for (q, r, level), cls in sorted(placed.cells.items(), key=lambda kv: (kv[0][2], kv[0][1], kv[0][0])):
        levels.setdefault(level, []).append({"q": q, "r": r, "place": place(q, r), "class": cls})
    doc = {"map": m.name, "parameters": params.describe(),
           "levels": [{"level": lv, "hexes": cells} for lv, cells in sorted(levels.items())],
           "buildings": [{"book": pb.placement.book, "name": pb.book.name if pb.book else "", "q": pb.placement.q,
                          "r": pb.placement.r, "place": place(pb.placement.q, pb.placement.r),
                          "level": pb.placement.level, "rotation": pb.placement.rotation} for pb in placed.buildings],
           "objects": [{"book": pb.placement.book, "name": pb.book.name if pb.book else "",
                        "spaces": [list(h) for h in pb.spaces()], "places": [place(*h) for h in pb.spaces()],
                        "level": pb.placement.level} for pb in placed.objects]}
    return OverlayResult(doc, m.name or source or "", "", 1, map=m, placed=placed)


def overlay_text(doc: dict[str, Any]) -> str:
    """How many hexes of each class, outside and per floor (a Book) or per level (a map)."""
    lines = []
    params = doc["parameters"]
    lines.append("parameters: " + "; ".join(
        f"{k}={v['value']} ({v['source']})" for k, v in params.items() if isinstance(v, dict)))
    if params["assumed"]:
        lines.append("assumed: " + ", ".join(params["assumed"]) + f" (see {data()} for the reasoning)")
    groups = ([("outside", doc["exterior"])] + [(f"floor {f['floor']} (level +{f['level_offset']})", f["hexes"])
                                                for f in doc["floors"]]) if "exterior" in doc else \
        [(f"Level {lv['level']}", lv["hexes"]) for lv in doc["levels"]]
    for name, cells in groups:
        counts = Counter(c["class"] for c in cells)
        lines.append(f"{name}: " + ", ".join(f"{counts[k]} {k}" for k in ("full", "half", "partial", "covered")))
    if not groups:
        lines.append("the map places no C3G buildings: nothing to classify")
    return escapes.lines(lines)
