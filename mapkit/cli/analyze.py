"""`mapkit analyze MAP`: movement and balance (reach, start-zone distances, glyph balance, dead ends)."""

from __future__ import annotations

import argparse
import json
import sys

from mapkit.errors import OptionError, UsageError


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("analyze", help="movement and balance: turns between start zones, glyph balance, reach")
    p.add_argument("map", help="map file in any readable format")
    p.add_argument("--format", dest="fmt", metavar="FORMAT", help="read the map as this format")
    p.add_argument("--move", type=int, default=5, help="the figure's Move (default 5)")
    p.add_argument("--height", type=int, default=5, help="the figure's Height in levels (default 5)")
    p.add_argument("--flying", action="store_true", help="the figure flies (no climbing cost, no falls, water does not stop it)")
    p.add_argument("--double", action="store_true", help="a double-space figure")
    p.add_argument("--falls", choices=("none", "minor", "major", "all"), default="minor",
                   help="which falls a route may take (default minor: at most one die)")
    p.add_argument("--broken-windows", action="store_true", help="treat every C3G window as broken (passable)")
    p.add_argument("--from", dest="start", metavar="Q,R,HEIGHT",
                   help="start hex; HEIGHT is the top surface of the space (a land tile at level z has its top at z+1)")
    p.add_argument("--scenario", type=int, metavar="N",
                   help="analyse one scenario of a page that sets up several (default: each in turn)")
    p.add_argument("--json", action="store_true", help="print JSON: every space with cost and turns, and the analyses")
    p.add_argument("-o", "--output", metavar="HEATMAP.png", help="draw the turns as a PNG heatmap")
    return p


def parse_start(text: str | None) -> tuple[int, int, int] | None:
    if text is None:
        return None
    try:
        q, r, h = (int(part) for part in text.split(","))
    except ValueError:
        raise UsageError(f"--from wants Q,R,HEIGHT (three integers), got {text!r}") from None
    return q, r, h


def run(args: argparse.Namespace) -> int:
    from mapkit import api
    from mapkit.cli.common import check_output, read_map
    from mapkit.formats import report_warnings
    from mapkit.movement.profile import MAX_MOVE
    from mapkit.movement.report import StartError, render_text

    if args.output:
        check_output(args.output, "png", inputs=(args.map,))
    m = read_map(args.map, args.fmt)
    report_warnings(m, args.map)
    if not 0 <= args.move <= MAX_MOVE or args.height < 1:
        raise UsageError(f"--move must be 0 to {MAX_MOVE} and --height 1 or more")
    try:
        data = api.analyze(m, args.move, args.height, args.flying, args.double, args.falls, parse_start(args.start),
                           args.broken_windows, args.scenario, args.output, args.map)
    except StartError as exc:
        raise UsageError(f"--from {args.start}: {exc}") from None
    except OptionError as exc:
        raise UsageError(f"{args.map}: {exc}") from None
    if args.json:
        json.dump(data, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write("".join(render_text(d) for d in data.get("scenarios", [data])))
    return 0
