"""`mapkit report MAP -o REPORT.html`: one self-contained HTML page about a map."""

from __future__ import annotations

import argparse

from mapkit.cli.common import add_scenario_option, show, tell


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("report", help="one self-contained HTML page: summary, picture, parts, findings")
    p.add_argument("map", help="map file in any readable format")
    p.add_argument("-o", "--output", required=True, help="HTML file to write")
    p.add_argument("--from", dest="fmt", metavar="FORMAT", help="read as this format")
    p.add_argument("--profile", choices=("casual", "tournament", "c3g"), default="casual",
                   help="the rules to run, as `mapkit validate --profile` (default casual)")
    p.add_argument("--pictures", action="store_true",
                   help="add the isometric view and one PNG per Level (seconds on a big map; the page's map "
                        "already shows each Level)")
    p.add_argument("--no-pictures", action="store_true", help=argparse.SUPPRESS)  # the default since 0.2
    add_scenario_option(p, "the report shows the shared terrain with a switcher between the scenarios",
                        "the report shows every room, laid out as the page lays them")
    return p


def run(args: argparse.Namespace) -> int:
    from mapkit.cli.jobs.report import report_file

    return show(report_file(args.map, args.output, args.profile, args.pictures, args.fmt, args.scenario,
                            warn=tell, room=args.room))
