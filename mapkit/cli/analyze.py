"""`mapkit analyze MAP`: movement and balance (reach, start-zone distances, glyph balance, dead ends)."""

from __future__ import annotations

import argparse

from mapkit.cli.common import add_report_options, add_scenario_option, report_format, report_output, show, tell
from mapkit.errors import UsageError

#: The movers the seeds name (`mapkit.movement.analysis_report.MOVERS`; kept here so --help stays fast).
MOVERS = ("single", "double", "flyer", "vehicle", "elevator-car")


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("analyze", help="movement and balance: turns between start zones, glyph balance, reach")
    p.add_argument("map", help="map file in any readable format")
    p.add_argument("--from", dest="fmt", metavar="FORMAT", help="read the map as this format")
    p.add_argument("--mover", choices=MOVERS, default=None,
                   help="what moves: a single- or double-space figure, a flyer, a vehicle the map places, or "
                        "its Elevator Car (default single; --double and --flying say the same)")
    p.add_argument("--vehicle", type=int, metavar="N",
                   help="with --mover vehicle or elevator-car: the map's object N (default: its only one)")
    p.add_argument("--vehicle-rules", choices=("current", "legacy"), default="current",
                   help="C3G vehicle rules: current (the C3G Vehicle rules, default) or legacy (their legacy text); they "
                        "differ on "
                        "where figures enter and exit a vehicle")
    p.add_argument("--move", type=int, default=None, help="the figure's Move (default 5; a vehicle's is on its card)")
    p.add_argument("--height", type=int, default=None,
                   help="the figure's Height in levels (default 5; a vehicle's is on its card)")
    p.add_argument("--flying", action="store_true", help="the figure flies (no climbing cost, no falls, water does not stop it)")
    p.add_argument("--double", action="store_true", help="a double-space figure")
    p.add_argument("--falls", choices=("none", "minor", "major", "all"), default="minor",
                   help="which falls a route may take (default minor: at most one die)")
    p.add_argument("--broken-windows", action="store_true", help="treat every C3G window as broken (passable)")
    p.add_argument("--start", dest="start", metavar="HEX,LEVEL",
                   help="measure from this space instead of the start zones (and draw the heatmap from it): "
                        "the hex, as the build sheets name it (C7) or as Q,R, and the Level a figure there "
                        "stands on (on a Level 3 tile: 3): --start C7,3 or --start 12,5,3")
    add_scenario_option(p, "each scenario is analysed in turn")
    add_report_options(p, "analyze", picture="--heatmap")
    p.add_argument("--heatmap", metavar="FILE", help="also draw the turns as a PNG heatmap")
    return p


def _looks_like_a_space(text: str) -> bool:
    parts = text.split(",")
    return len(parts) == 3 and all(p.strip().lstrip("-").isdigit() for p in parts)


def run(args: argparse.Namespace) -> int:
    from mapkit.cli.jobs.analyze import analyze_file

    if args.fmt and _looks_like_a_space(args.fmt):
        raise UsageError(f"--from {args.fmt}: --from names the map's format (as in every command); "
                         f"the space to measure from is --start {args.fmt}")
    out = report_output(args)
    return show(analyze_file(args.map, args.move, args.height, args.flying, args.double, args.falls, args.start,
                             args.broken_windows, args.mover,
                             None if args.vehicle is None else args.vehicle - 1, args.vehicle_rules,
                             heatmap=args.heatmap, format=args.fmt, scenario=args.scenario,
                             as_json=report_format(args) == "json", warn=tell, room=args.room, output=out))
