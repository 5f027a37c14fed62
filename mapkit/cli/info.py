"""`mapkit info MAP`: what a designer wants to know about a map, as text or JSON."""

from __future__ import annotations

import argparse

from mapkit.cli.common import add_report_options, add_scenario_option, report_format, report_output, show, tell


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("info", help="summarise a map (name, size, levels, pieces, terrain, start zones, glyphs)")
    p.add_argument("map", help="map file in any readable format (- reads standard input)")
    p.add_argument("--from", dest="fmt", metavar="FORMAT", help="read as this format")
    add_report_options(p, "info")
    add_scenario_option(p, "the whole map is summarised and its scenarios listed",
                        "the rooms are listed and summarised together, as laid out")
    return p


def run(args: argparse.Namespace) -> int:
    from mapkit.cli.jobs.info import info_file

    out = report_output(args)
    return show(info_file(args.map, args.fmt, args.scenario, as_json=report_format(args) == "json", warn=tell,
                          room=args.room, output=out))
