"""`mapkit print`: printable PDFs.

    mapkit print MAP -o BUILD.pdf [--paper letter|a4] [--levels-per-page N]   build instructions
    mapkit print BOOK.book.json -o PLAN.pdf                                    1:1 floor plan of a Book
    mapkit print MAP --plan -o PLAN.pdf                                        1:1 plans of the map's buildings
    mapkit print [BOOK | MAP] --markers -o MARKERS.pdf                        cut-out markers at true size
"""

from __future__ import annotations

import argparse
from mapkit.cli.common import add_scenario_option, millimetres, show, tell


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
                           "its own pieces and start zones",
                        "the sheets build every room, laid out as the page lays them")
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


def run(args: argparse.Namespace) -> int:
    from mapkit.cli.jobs.printing import print_file

    params = {"hex_region": args.hex_region, "base_diameter": args.base_diameter,
              "marker_diameter": args.marker_diameter}
    return show(print_file(args.input, args.output, args.markers, args.plan, args.paper, args.levels_per_page,
                           args.hex_names, args.cover, args.overlap, params, args.fmt, args.scenario, warn=tell,
                           room=args.room))
