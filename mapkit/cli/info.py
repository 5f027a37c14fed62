"""`mapkit info MAP`: what a designer wants to know about a map, as text or JSON."""

from __future__ import annotations

import argparse
import json
import sys

from mapkit.cli.common import add_scenario_option, scenario_map


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("info", help="summarise a map (name, size, levels, pieces, terrain, start zones, glyphs)")
    p.add_argument("map", help="map file in any readable format (- reads standard input)")
    p.add_argument("--from", dest="fmt", metavar="FORMAT", help="read as this format")
    p.add_argument("--json", action="store_true", help="print JSON, with one object per occupied cell")
    add_scenario_option(p, "the whole map is summarised and its scenarios listed")
    return p


def run(args: argparse.Namespace) -> int:
    from mapkit import api
    from mapkit.formats import report_warnings
    from mapkit.formats._json import escape_lone_surrogates
    from mapkit.summary import render_text

    m = api.read(args.map, args.fmt)
    report_warnings(m, args.map)
    m = scenario_map(m, args.scenario, args.map)
    summary = api.info(m, cells=args.json)
    if args.json:
        text = json.dumps(summary, indent=1, ensure_ascii=False) + "\n"
    else:
        text = render_text(summary)
    # VirtualScape names may hold lone UTF-16 halves, which UTF-8 cannot print: spell them \udXXX
    sys.stdout.write(escape_lone_surrogates(text))
    return 0
