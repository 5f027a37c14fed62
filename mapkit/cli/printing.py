"""`mapkit print`: printable PDFs.

    mapkit print MAP -o BUILD.pdf [--paper letter|a4] [--levels-per-page N]   build instructions
    mapkit print BOOK.book.json -o PLAN.pdf                                    1:1 floor plan of a Book
    mapkit print MAP --plan -o PLAN.pdf                                        1:1 plans of the map's buildings
    mapkit print [BOOK | MAP] --markers -o MARKERS.pdf                        cut-out markers at true size
"""

from __future__ import annotations

import argparse
import io
import sys
import time

from mapkit.cli.common import millimetres
from mapkit.errors import UsageError


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("print", help="printable PDFs: build instructions per level, 1:1 floor plans, markers",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("input", nargs="?", help="map file, or a C3G Book (.book.json)")
    p.add_argument("-o", "--output", required=True, help="PDF to write")
    p.add_argument("--from", dest="fmt", metavar="FORMAT", help="read the map as this format")
    p.add_argument("--paper", choices=("letter", "a4"), default="letter", help="paper size (default letter)")
    p.add_argument("--levels-per-page", type=int, default=1, metavar="N", help="build levels per page (default 1)")
    p.add_argument("--hex-names", action="store_true",
                   help="write each hex's coordinate name (C7) on the build sheets, as VirtualScape's numbered print")
    p.add_argument("--cover", action="store_true",
                   help="start the build sheets with a cover page (title, author, isometric picture)")
    p.add_argument("--plan", action="store_true", help="1:1 floor plans of the buildings on the map")
    p.add_argument("--markers", action="store_true", help="a sheet of doorway, window and transit markers")
    p.add_argument("--hex-region", choices=("cell", "cap"),
                   help="floor plans: what counts as a hex, the 44.45 mm grid cell or the raised cap")
    p.add_argument("--base-diameter", type=millimetres, metavar="MM", help="floor plans: figure base diameter")
    p.add_argument("--marker-diameter", type=millimetres, metavar="MM",
                   help="floor plans: wound-marker diameter (no published value: the default is an assumption)")
    p.add_argument("--overlap", type=_overlap, default=12.0, metavar="MM",
                   help=f"overlap between the sheets of a floor plan (default 12 mm, at most {MAX_OVERLAP_MM:g})")
    return p


#: More overlap than this only multiplies the pages (near the page size, without bound).
MAX_OVERLAP_MM = 50.0


def _overlap(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a length in mm: {text!r}") from None
    if not 0 <= value <= MAX_OVERLAP_MM:  # also refuses nan
        raise argparse.ArgumentTypeError(f"{text} mm: the overlap must be between 0 and {MAX_OVERLAP_MM:g} mm")
    return value


def _overlay_params(args: argparse.Namespace):
    """Overlay parameters from the options, or None for the defaults (or when there is no overlay)."""
    given = {k: getattr(args, k, None) for k in ("hex_region", "base_diameter", "marker_diameter")}
    if all(v is None for v in given.values()):
        return None
    try:
        from mapkit.geometry import OverlayParams
    except ImportError:
        raise UsageError("--hex-region/--base-diameter/--marker-diameter need mapkit.geometry") from None
    try:
        return OverlayParams.from_options(**given)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def run(args: argparse.Namespace) -> int:
    from mapkit.cli.common import check_output, write_output

    check_output(args.output, ".pdf", inputs=(args.input,) if args.input else ())
    if args.levels_per_page < 1:
        raise UsageError("--levels-per-page must be 1 or more")
    started = time.perf_counter()
    buf = io.BytesIO()
    is_book = bool(args.input) and args.input.lower().endswith(".book.json")
    if args.markers:
        pages, what = _markers(args, buf, is_book)
    elif is_book or args.plan:
        pages, what = _plans(args, buf, is_book)
    else:
        if not args.input:
            raise UsageError("print: give a map (or --markers for a general markers sheet)")
        from mapkit.cli.common import read_map
        from mapkit.formats import report_warnings
        from mapkit.drawing.pdf_build import BuildOptions, render_build

        m = read_map(args.input, args.fmt)
        report_warnings(m, args.input)
        if not m.pieces:
            raise UsageError(f"{args.input}: the map has no pieces to print")
        if not m.name:
            from pathlib import Path

            m.name = Path(args.input).stem  # a title for the sheets; the map file is not rewritten
        footprints = _placed_footprints(m, args.input)
        pages = render_build(m, buf, BuildOptions(args.paper, args.levels_per_page, args.hex_names, footprints,
                                                  args.cover, map_file=str(args.input)))
        what = "build instructions"
    write_output(args.output, buf.getvalue())
    print(f"{args.output}: {what}, {pages} page(s), {args.paper}, {time.perf_counter() - started:.2f} s",
          file=sys.stderr)
    return 0


def _markers(args: argparse.Namespace, buf: io.BytesIO, is_book: bool) -> tuple[int, str]:
    from mapkit.drawing.pdf_markers import default_tokens, render_markers

    title, tokens = "Markers", default_tokens()
    if args.input:
        from mapkit.drawing.pdf_markers import book_tokens

        books = _load_books(args.input, is_book, args.fmt)
        tokens = [t for book in books for t in book_tokens(book, _overlay_params(args))] or tokens
        title = "Markers: " + ", ".join(dict.fromkeys(getattr(b, "name", "") or "Book" for b in books))
    pages = render_markers(tokens, buf, args.paper, title=title)
    return pages, "markers sheet"


def _plans(args: argparse.Namespace, buf: io.BytesIO, is_book: bool) -> tuple[int, str]:
    from mapkit.drawing.pdf_plan import (
        FloorPlan,
        PlanLayout,
        plan_from_book,
        render_plan,
    )

    if not args.input:
        raise UsageError("print --plan: give a Book or a map with buildings")
    books = _load_books(args.input, is_book, args.fmt)
    params = _overlay_params(args)
    plans = [plan_from_book(book, params) for book in books]
    if len(plans) == 1:
        merged = plans[0]
    else:  # the buildings of a map: one plan, each floor named after its Book
        from pathlib import Path

        floors = []
        for plan in plans:
            for floor in plan.floors:
                floor.name = f"{plan.title}, {floor.name}"
                floors.append(floor)
        merged = FloorPlan(f"C3G buildings of {Path(args.input).name}", floors, plans[0].assumptions)
    pages = render_plan(merged, buf, PlanLayout(paper=args.paper, overlap=args.overlap))
    return pages, "1:1 floor plan"


def _load_books(path: str, is_book: bool, fmt: str | None) -> list:
    """The Book itself, or the Books of the buildings and objects placed on a map."""
    try:
        from mapkit.books import load_book
    except ImportError:
        raise UsageError("C3G Books cannot be read: this mapkit has no mapkit.books module") from None
    if is_book:
        return [load_book(path)]
    from pathlib import Path

    from mapkit.formats import read_map

    m = read_map(path, fmt)
    placements = list(m.buildings) + list(m.objects)
    if not placements:
        raise UsageError(f"{path}: the map places no C3G buildings or objects")
    try:
        from mapkit.books.placed import resolve_book
    except ImportError:
        def resolve_book(name: str, map_file: str | None) -> Path:
            return Path(map_file).parent / name if map_file else Path(name)
    seen: dict[str, object] = {}
    for placement in placements:
        if placement.book not in seen:
            seen[placement.book] = load_book(resolve_book(placement.book, path))
    return list(seen.values())


def _placed_footprints(m, path: str) -> tuple:
    """Outlines of the C3G Books the map places, for the build sheets (empty without mapkit.books)."""
    from mapkit.drawing.pdf_build import Footprint

    placements = list(m.buildings) + list(m.objects)
    if not placements:
        return ()
    try:
        from mapkit.books import load_book
        from mapkit.books.placed import resolve_book
        from mapkit.books.overlay import placed_footprint
    except ImportError:
        sys.stderr.write(f"mapkit: {path}: warning: C3G buildings not drawn (no mapkit.books in this build)\n")
        return ()
    out = []
    for placement in placements:
        try:
            book = load_book(resolve_book(placement.book, path))
        except Exception as exc:  # noqa: BLE001 - one bad Book must not stop the build sheets
            sys.stderr.write(f"mapkit: {path}: warning: {placement.book}: not drawn ({exc})\n")
            continue
        poly = placed_footprint(book, placement.q, placement.r, placement.rotation)
        ring = getattr(poly, "exterior", None)
        if ring is None:  # a footprint made valid into several parts: draw its hull
            ring = poly.convex_hull.exterior
        out.append(Footprint(book.name, placement.level, tuple(ring.coords)[:-1]))
    return tuple(out)
