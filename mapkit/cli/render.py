"""`mapkit render MAP -o OUT.png|OUT.svg`: a picture of a map (top, per level, or isometric)."""

from __future__ import annotations

import argparse

from mapkit.cli.common import add_scenario_option, show, tell


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "render", help="draw a map as a PNG preview or an editable SVG",
        description="Draw a map seen from above (--view top), one panel per level (--view levels, or "
                    "--level N for one level), or as stacked tiles (--view iso). The output's extension "
                    "picks PNG or SVG; the SVG is at 1:1 scale in millimetres with one layer per level.")
    p.add_argument("map", help="map file in any readable format")
    p.add_argument("-o", "--output", required=True, metavar="OUT", help="output file: .png or .svg")
    p.add_argument("--from", dest="fmt", metavar="FORMAT", help="read the map as this format")
    p.add_argument("--view", choices=("top", "iso", "levels"), default="top", help="what to draw (default: top)")
    p.add_argument("--seen-from", choices=("S", "WSW", "WNW", "N", "ENE", "ESE"), default="S", metavar="SIDE",
                   help="--view iso: the side of the table it is seen from, one a hex's corners point to: S, WSW, "
                        "WNW, N, ENE or ESE (default: S)")
    p.add_argument("--level", type=int, metavar="N",
                   help="draw only Level N: its tiles and what stands on them (1 = the tiles on the table)")
    p.add_argument("--findings", action="store_true", help="mark validation findings on the picture")
    p.add_argument("--profile", choices=("casual", "tournament", "c3g"),
                   help="rule set for --findings (default: c3g for maps with C3G Books, else casual)")
    p.add_argument("--scale", type=float, default=36.0, metavar="PX",
                   help="PNG pixels per hex (default 36; the SVG is always 1:1 in mm)")
    p.add_argument("--no-legend", action="store_true", help="leave out the legend")
    add_scenario_option(p, "the terrain the scenarios share is drawn, and the picture says how many there are",
                        "every room is drawn, laid out as the page lays them")
    return p


def run(args: argparse.Namespace) -> int:
    from mapkit.cli.jobs.render import render_file

    return show(render_file(args.map, args.output, args.view, args.level, args.scale, not args.no_legend,
                            args.findings, args.profile, args.fmt, args.scenario, warn=tell,
                            room=args.room, seen_from=args.seen_from))
