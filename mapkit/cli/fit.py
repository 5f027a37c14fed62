"""`mapkit fit MAP --collection COLLECTION`: re-tile a map so that it builds from the pieces one owns."""

from __future__ import annotations

import argparse

from mapkit.cli.common import add_scenario_option, refuse_loss, report_format, show, tell
from mapkit.errors import LossError


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    from mapkit.api import file_formats

    writable = tuple(f.name for f in file_formats("map") if f.can_write)  # as the registry declares them
    p = sub.add_parser("fit", help="re-tile a map so that it builds from a collection (same hexes, terrain "
                                   "and levels), or say what is short and the smallest purchase")
    p.add_argument("map", help="map file in any readable format")
    p.add_argument("--collection", metavar="COLLECTION", required=True,
                   help="what you own: a VirtualScape .vsc collection, a Hexoscape inventory TSV/CSV (ID, Type, Size, Count; "
                        "a row may name a set), a text list of sets and pieces (.sets.txt), or such a list itself, "
                        "e.g. \"2xRotV,RttFF,3xrock-1\"")
    p.add_argument("-o", "--output", metavar="NEW_MAP",
                   help="where to write the re-tiled map (default: MAP's name with -fit, in MAP's format, "
                        "or mapkit JSON for a format mapkit does not write, such as glasq pages)")
    p.add_argument("--to", dest="to_fmt", metavar="FORMAT", choices=writable,
                   help=f"write this format: {', '.join(writable)} (default: from the name)")
    p.add_argument("--from", dest="fmt", metavar="FORMAT", help="read the map as this format")
    p.add_argument("--keep-shapes", action="store_true",
                   help="re-cut only the pieces the collection is short of; their neighbours keep their shape")
    p.add_argument("--picture", metavar="FILE",
                   help="the re-tiled map with the new pieces outlined, from above (or the Levels "
                        "changed, one panel each, when a new piece lies under another), .png or .svg "
                        "(default: the new map's name with .png)")
    p.add_argument("--no-picture", action="store_true", help="write no picture")
    p.add_argument("--allow-loss", action="store_true",
                   help="write the new map even where its format cannot carry something, naming each loss")
    p.add_argument("--format", dest="output_format", choices=("text", "json"), default=None,
                   help="the summary's format (default text)")
    p.add_argument("--json", action="store_true", help="the same as --format json")
    add_scenario_option(p, "the shared terrain is re-tiled and every scenario's pieces are kept",
                        "every room is re-tiled, laid out as the page lays them")
    return p


def run(args: argparse.Namespace) -> int:
    from mapkit.cli.jobs.fit import fit_file

    try:
        return show(fit_file(args.map, args.collection, args.output, args.to_fmt, args.keep_shapes, args.picture,
                             not args.no_picture, args.fmt, args.scenario, as_json=report_format(args) == "json",
                             warn=tell, room=args.room, allow_loss=args.allow_loss))
    except LossError as exc:
        return refuse_loss(args.output or args.map, exc)
