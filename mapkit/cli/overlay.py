"""`mapkit overlay BOOK|MAP`: the Full / Half / Partial classification of a Book (or a map's Books)."""

from __future__ import annotations

import argparse

from mapkit.cli.common import (add_report_options, add_scenario_option, millimetres, report_format, report_output,
                               show, tell)


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("overlay", help="classify the hexes a C3G Book covers as full, half, partial or covered")
    p.add_argument("book", metavar="BOOK", help="a *.book.json file, or a map that places Books")
    p.add_argument("--from", dest="fmt", metavar="FORMAT", help="read the input as this format")
    add_report_options(p, "overlay", picture="--picture")
    p.add_argument("--picture", metavar="FILE", help="also draw the overlay to a PNG file")
    p.add_argument("--hex-region", choices=("cell", "cap"), help="what counts as a hex: the 44.45 mm grid cell "
                   "(default) or the ~37.4 mm raised top of a tile")
    p.add_argument("--base-diameter", type=millimetres, metavar="MM", help="figure base diameter (default 33, measured)")
    p.add_argument("--marker-diameter", type=millimetres, metavar="MM",
                   help="Wound Marker diameter (default 19: an ASSUMPTION, no published measurement)")
    add_scenario_option(p, "the Books the map's shared terrain places are classified",
                        "every room's Books, laid out as the page lays them")
    return p


def run(args: argparse.Namespace) -> int:
    from mapkit.cli.jobs.overlay import overlay_file

    out = report_output(args)
    params = {"hex_region": args.hex_region, "base_diameter": args.base_diameter,
              "marker_diameter": args.marker_diameter}
    return show(overlay_file(args.book, args.picture, report_format(args) == "json", params, warn=tell,
                             format=args.fmt, scenario=args.scenario, room=args.room, output=out))
