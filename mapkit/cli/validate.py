"""`mapkit validate MAP...`: check builds against the rules of a profile, as text, JSON or SARIF.

Exit status: 0 when no error-severity finding, 1 when there is one, 2 when a file could not be read.
Several files are checked by a pool of worker processes, every core by default (`-j N` chooses;
see `mapkit.validate_files`); findings come out in the same order whatever N is.
"""

from __future__ import annotations

import argparse
import os
import sys

from mapkit.cli.batch import ProgressBar, add_jobs_option, print_summary
from mapkit.cli.common import add_scenario_option, millimetres


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("validate", help="check maps (and C3G Books) against physical, tournament and C3G rules")
    p.add_argument("maps", nargs="+", metavar="MAP",
                   help="map files in any readable format, *.book.json, or folders (every map and Book in them, "
                        "recursively)")
    p.add_argument("--from", dest="fmt", metavar="FORMAT", help="read every map as this format")
    p.add_argument("--profile", default="casual", choices=("casual", "tournament", "c3g"),
                   help="rule set: casual (physical only), tournament, c3g (default casual)")
    p.add_argument("--format", dest="output", default="text", choices=("text", "json", "sarif"),
                   help="report format (default text)")
    p.add_argument("--select", default="", metavar="CODES",
                   help="comma-separated codes or prefixes to run (e.g. P1,T201), overriding the profile")
    p.add_argument("--ignore", default="", metavar="CODES", help="comma-separated codes or prefixes to skip")
    p.add_argument("--vehicle-rules", choices=("current", "legacy"),
                   help="C3G vehicle rules: current (seeds/001, default) or legacy (seeds/003); "
                        "same as --set vehicle_rules=...")
    p.add_argument("--set", dest="settings", action="append", default=[], metavar="NAME=VALUE",
                   help="change a convention parameter (see `mapkit rules --parameters`)")
    add_scenario_option(p, "each scenario is checked on its own and its findings name it")
    add_jobs_option(p)
    p.add_argument("-o", "--output", dest="out", metavar="FILE", help="write the report to FILE")
    p.add_argument("--hex-region", choices=("cell", "cap"), help="C3G overlay: what counts as a hex (default cell)")
    p.add_argument("--base-diameter", type=millimetres, metavar="MM",
                   help="C3G overlay: figure base diameter (default 33, measured)")
    p.add_argument("--marker-diameter", type=millimetres, metavar="MM",
                   help="C3G overlay: Wound Marker diameter (default 19: an ASSUMPTION, no published measurement)")
    return p


def _codes(text: str) -> list[str]:
    return [c.strip() for c in text.split(",") if c.strip()]


def run(args: argparse.Namespace) -> int:
    from mapkit import OverlayParams, api
    from mapkit.errors import UsageError

    settings = dict(api.parse_setting(text) for text in args.settings)
    overlay = None
    if any(v is not None for v in (args.hex_region, args.base_diameter, args.marker_diameter)):
        try:
            overlay = OverlayParams.from_options(args.hex_region, args.base_diameter, args.marker_diameter)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    select, ignore = _codes(args.select), _codes(args.ignore)
    api.check_options(args.profile, select, ignore, settings, overlay, args.vehicle_rules)  # refused before any file
    if args.jobs < 0:
        raise UsageError(f"--jobs {args.jobs}: the number of workers cannot be negative")
    bar = ProgressBar()
    try:
        result = api.validate_files(args.maps, args.profile, select, ignore, settings, overlay, args.fmt,
                                    args.vehicle_rules, args.scenario, args.jobs, args.out, bar)
    finally:
        bar.close()
    for checked in result.checked:
        for warning in checked.warnings:
            print(f"mapkit: {checked.path}: warning: {warning}", file=sys.stderr)
        if checked.error is not None:
            error = checked.error
            print(f"mapkit: {error}" if checked.path in error else f"mapkit: {checked.path}: {error}", file=sys.stderr)
    report = {"json": result.json, "sarif": result.sarif}.get(args.output, result.text)()
    if args.out:
        from mapkit.io import write_output

        write_output(args.out, report, inputs=result.files)
    else:
        sys.stdout.write(report)
    # a folder ends with a summary; so do several files when some were refused (grouped by reason)
    if any(os.path.isdir(p) for p in args.maps) or (len(result.files) > 1 and result.unreadable):
        print_summary(result.batch_summary())
    if result.unreadable:
        return 2
    return 0 if result.ok else 1
