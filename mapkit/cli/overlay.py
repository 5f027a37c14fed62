"""`mapkit overlay BOOK|MAP`: the Full / Half / Partial classification of a Book (or a map's Books)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from mapkit.cli.common import millimetres


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("overlay", help="classify the hexes a C3G Book covers as full, half, partial or covered")
    p.add_argument("book", metavar="BOOK", help="a *.book.json file, or a map that places Books")
    p.add_argument("--json", action="store_true", help="print the classification as JSON")
    p.add_argument("-o", "--output", metavar="PICTURE.png", help="draw the overlay to a PNG file")
    p.add_argument("--hex-region", choices=("cell", "cap"), help="what counts as a hex: the 44.45 mm grid cell "
                   "(default) or the ~37.4 mm raised top of a tile")
    p.add_argument("--base-diameter", type=millimetres, metavar="MM", help="figure base diameter (default 33, measured)")
    p.add_argument("--marker-diameter", type=millimetres, metavar="MM",
                   help="Wound Marker diameter (default 19: an ASSUMPTION, no published measurement)")
    return p


def run(args: argparse.Namespace) -> int:
    from mapkit.errors import UsageError
    from mapkit.geometry.params import OverlayParams

    try:
        params = OverlayParams.from_options(args.hex_region, args.base_diameter, args.marker_diameter)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    from mapkit.registry import kind_of

    if kind_of(args.book) == "book":
        doc, panels, title, note = _book(args.book, params)
        columns = 3
    else:
        doc, panels, title, note = _map(args.book, params)
        columns = 1
    if args.output:
        from mapkit.drawing.overlay_png import render_panels, save_png

        try:
            save_png(render_panels(panels, params, title, note, columns), args.output)
        except OSError as exc:
            raise UsageError(f"{args.output}: cannot write the picture: {exc.strerror or exc}") from None
    if args.json:
        json.dump(doc, sys.stdout, indent=1)
        sys.stdout.write("\n")
    elif not args.output:
        sys.stdout.write(_text(doc))
    return 0


def _book(path: str, params: Any) -> tuple[dict[str, Any], list[Any], str, str]:
    from mapkit.books import load_book
    from mapkit.books.overlay import classify
    from mapkit.drawing.overlay_png import book_panels

    book = load_book(path)
    overlay = classify(book, params)
    note = "Illustrative Book: its numbers are not the published ones." if book.illustrative else ""
    return overlay.to_json(), book_panels(overlay), f"{book.name} ({book.kind})", note


def _map(path: str, params: Any) -> tuple[dict[str, Any], list[Any], str, str]:
    from mapkit.books.placed import placed_books
    from mapkit.formats import read_map
    from mapkit.errors import FormatError
    from mapkit.drawing.overlay_png import map_panels

    m = read_map(path)
    placed = placed_books(m, path, params)
    errors = [pb.error for pb in placed.buildings + placed.objects if pb.error]
    if errors:
        raise FormatError(errors[0], file=path)
    levels: dict[int, list[dict[str, Any]]] = {}
    for (q, r, level), cls in sorted(placed.cells.items(), key=lambda kv: (kv[0][2], kv[0][1], kv[0][0])):
        levels.setdefault(level, []).append({"q": q, "r": r, "class": cls})
    doc = {"map": m.name, "parameters": params.describe(),
           "levels": [{"level": lv, "hexes": cells} for lv, cells in sorted(levels.items())],
           "buildings": [{"book": pb.placement.book, "name": pb.book.name, "q": pb.placement.q, "r": pb.placement.r,
                          "level": pb.placement.level, "rotation": pb.placement.rotation} for pb in placed.buildings],
           "objects": [{"book": pb.placement.book, "name": pb.book.name, "spaces": [list(h) for h in pb.spaces()],
                        "level": pb.placement.level} for pb in placed.objects]}
    return doc, map_panels(m, placed), m.name or path, ""


def _text(doc: dict[str, Any]) -> str:
    from collections import Counter

    lines = []
    params = doc["parameters"]
    lines.append("parameters: " + "; ".join(
        f"{k}={v['value']} ({v['source']})" for k, v in params.items() if isinstance(v, dict)))
    if params["assumed"]:
        lines.append("assumed: " + ", ".join(params["assumed"]) + " (see --json for the reasoning)")
    groups = ([("outside", doc["exterior"])] + [(f"floor {f['index']} (level +{f['level_offset']})", f["hexes"])
                                                for f in doc["floors"]]) if "exterior" in doc else \
        [(f"level {lv['level']}", lv["hexes"]) for lv in doc["levels"]]
    for name, cells in groups:
        counts = Counter(c["class"] for c in cells)
        lines.append(f"{name}: " + ", ".join(f"{counts[k]} {k}" for k in ("full", "half", "partial", "covered")))
    if not groups:
        lines.append("the map places no C3G buildings: nothing to classify")
    return "\n".join(lines) + "\n"
