"""`mapkit inventory MAP`: pieces needed, the smallest set combination, and what a collection lacks."""

from __future__ import annotations

import argparse

from mapkit.cli.common import add_report_options, add_scenario_option, report_format, report_output, show, tell


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("inventory", help="pieces a map needs, the fewest official sets that build it, "
                                         "and what a collection is missing")
    p.add_argument("map", help="map file in any readable format")
    p.add_argument("--from", dest="fmt", metavar="FORMAT", help="read the map as this format")
    p.add_argument("--collection", metavar="COLLECTION",
                   help="what you own: a VirtualScape .vsc collection, a Hexoscape inventory TSV/CSV (ID, Type, Size, Count; "
                        "a row may name a set), a text list of sets and pieces (.sets.txt), or such a list itself, "
                        "e.g. \"2xRotV,RttFF,3xrock-1\"")
    p.add_argument("--sets", metavar="IDS", help="only consider these sets (comma-separated ids, e.g. RotV,RttFF)")
    p.add_argument("--community", action="store_true", help="also consider community kits (MSTK)")
    add_report_options(p, "inventory")
    add_scenario_option(p, "the pieces are, piece by piece, the most any one scenario needs",
                        "every room, laid out as the page lays them (a tile they share counted once)")
    return p


def run(args: argparse.Namespace) -> int:
    from mapkit.cli.jobs.inventory import inventory_file

    out = report_output(args)
    set_ids = [s.strip() for s in args.sets.split(",") if s.strip()] if args.sets else None
    return show(inventory_file(args.map, args.collection, set_ids, args.community, args.fmt, args.scenario,
                               as_json=report_format(args) == "json", warn=tell, room=args.room, output=out))
