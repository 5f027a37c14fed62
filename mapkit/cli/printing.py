"""`mapkit print`: printable PDFs.

    mapkit print MAP -o BUILD.pdf [--paper letter|a4] [--levels-per-page N]   build instructions
    mapkit print BOOK.book.json -o PLAN.pdf                                    1:1 floor plan of a Book
    mapkit print MAP --plan -o PLAN.pdf                                        1:1 plans of the map's buildings
    mapkit print [BOOK | MAP] --markers -o MARKERS.pdf                        cut-out markers at true size
"""

from __future__ import annotations

import argparse
import sys
import time

from mapkit.cli.common import add_scenario_option, millimetres
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
    add_scenario_option(p, "the level pages build the terrain the scenarios share and a page per scenario places "
                           "its own pieces and start zones")
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
        from mapkit import OverlayParams
    except ImportError:
        raise UsageError("--hex-region/--base-diameter/--marker-diameter need mapkit.geometry") from None
    try:
        return OverlayParams.from_options(**given)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def run(args: argparse.Namespace) -> int:
    from mapkit import api
    from mapkit.cli.common import check_output, read_map, write_output

    check_output(args.output, "build-pdf", inputs=(args.input,) if args.input else ())
    if args.levels_per_page < 1:
        raise UsageError("--levels-per-page must be 1 or more")
    started = time.perf_counter()
    found = api.detect(args.input) if args.input else None
    is_book = found is not None and found.kind == "book"
    if args.markers:
        books = api.read_books(args.input, args.fmt) if args.input else []
        sheets = api.print_sheets(books, markers=True, paper=args.paper,
                                  params=_overlay_params(args) if args.input else None)
    elif is_book or args.plan:
        if not args.input:
            raise UsageError("print --plan: give a Book or a map with buildings")
        books = api.read_books(args.input, args.fmt)
        sheets = api.print_sheets(books, paper=args.paper, overlap=args.overlap, params=_overlay_params(args),
                                  map_file=args.input)
    else:
        if not args.input:
            raise UsageError("print: give a map (or --markers for a general markers sheet)")
        m = read_map(args.input, args.fmt, args.scenario, printable=True)
        sheets = api.print_sheets(m, paper=args.paper, levels_per_page=args.levels_per_page, hex_names=args.hex_names,
                                  cover=args.cover, map_file=args.input)
        for warning in sheets.warnings:
            print(f"mapkit: {warning}", file=sys.stderr)
    write_output(args.output, sheets.pdf)
    print(f"{args.output}: {sheets.what}, {sheets.pages} page(s), {args.paper}, {time.perf_counter() - started:.2f} s",
          file=sys.stderr)
    return 0
