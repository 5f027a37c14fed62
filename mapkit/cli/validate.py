"""`mapkit validate MAP...`: check builds against the rules of a profile, as text, JSON or SARIF.

Exit status: 0 when no error-severity finding, 1 when there is one, 2 when a file could not be read.
Several files are checked by a pool of worker processes, every core by default (`-j N` chooses;
see `mapkit.validate_files`); findings come out in the same order whatever N is.
"""

from __future__ import annotations

import argparse
from mapkit.cli.batch import ProgressBar, add_jobs_option
from mapkit.cli.common import (add_report_options, add_scenario_option, millimetres, report_format,
                               report_output, show)


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("validate", help="check maps (and C3G Books) against physical, tournament and C3G rules")
    p.add_argument("maps", nargs="+", metavar="MAP",
                   help="map files in any readable format, *.book.json, or folders (every map and Book in them, "
                        "recursively)")
    p.add_argument("--from", dest="fmt", metavar="FORMAT", help="read every map as this format")
    p.add_argument("--profile", default="casual", choices=("casual", "tournament", "c3g"),
                   help="rule set: casual (physical only), tournament, c3g (default casual)")
    add_report_options(p, "validate", ("text", "json", "sarif"))
    p.add_argument("--select", default="", metavar="CODES",
                   help="comma-separated codes or prefixes to run (e.g. P1,T201), overriding the profile")
    p.add_argument("--ignore", default="", metavar="CODES", help="comma-separated codes or prefixes to skip")
    p.add_argument("--vehicle-rules", choices=("current", "legacy"),
                   help="C3G vehicle rules: current (the C3G Vehicle rules, default) or legacy (their legacy text); "
                        "same as --set vehicle_rules=...")
    p.add_argument("--set", dest="settings", action="append", default=[], metavar="NAME=VALUE",
                   help="change a convention parameter (see `mapkit rules --parameters`)")
    add_scenario_option(p, "each scenario is checked on its own and its findings name it",
                        "each room is checked on its own, in its own frame, and its findings name it")
    add_jobs_option(p)
    p.add_argument("--hex-region", choices=("cell", "cap"), help="C3G overlay: what counts as a hex (default cell)")
    p.add_argument("--base-diameter", type=millimetres, metavar="MM",
                   help="C3G overlay: figure base diameter (default 33, measured)")
    p.add_argument("--marker-diameter", type=millimetres, metavar="MM",
                   help="C3G overlay: Wound Marker diameter (default 19: an ASSUMPTION, no published measurement)")
    return p


def _codes(text: str) -> list[str]:
    return [c.strip() for c in text.split(",") if c.strip()]


def run(args: argparse.Namespace) -> int:
    from mapkit.cli.jobs.validate import validate_report

    bar = ProgressBar()

    out = report_output(args)
    chosen = report_format(args)
    overlay = {"hex_region": args.hex_region, "base_diameter": args.base_diameter,
               "marker_diameter": args.marker_diameter}
    try:
        result = validate_report(args.maps, args.profile, _codes(args.select), _codes(args.ignore), args.settings,
                                 overlay, args.fmt, args.vehicle_rules, args.scenario, args.jobs, out,
                                 chosen, progress=bar, warn=bar.tell, room=args.room, refused=bar.refuse)
    finally:
        bar.close()
    return show(result)
