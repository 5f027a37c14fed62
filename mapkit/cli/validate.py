"""`mapkit validate MAP...`: check builds against the rules of a profile, as text, JSON or SARIF.

Exit status: 0 when no error-severity finding, 1 when there is one, 2 when a file could not be read.
Several files are checked by a pool of worker processes, every core by default (`-j N` chooses;
see `mapkit.cli.batch`); findings come out in the same order whatever N is.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from mapkit.cli.batch import add_jobs_option, jobs_for, run_all
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
    from mapkit import api
    from mapkit.errors import UsageError
    from mapkit.rules.checks import check_file
    from mapkit.rules.framework import Finding
    from mapkit.rules.profiles import parse_setting
    from mapkit.rules.report import sort_key, summary_line

    settings = {}
    for text in args.settings:
        try:
            name, value = parse_setting(text)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        settings[name] = value
    overlay = None
    if any(v is not None for v in (args.hex_region, args.base_diameter, args.marker_diameter)):
        from mapkit.geometry.params import OverlayParams

        try:
            overlay = OverlayParams.from_options(args.hex_region, args.base_diameter, args.marker_diameter)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    select, ignore = _codes(args.select), _codes(args.ignore)
    rules, options = api.check_options(args.profile, select, ignore, settings, overlay, args.vehicle_rules)
    if args.jobs < 0:
        raise UsageError(f"--jobs {args.jobs}: the number of workers cannot be negative")
    from mapkit.batch import walk

    sources, skipped = walk(args.maps)
    if not sources:
        raise UsageError(f"no map or Book files in {', '.join(args.maps)}")
    paths = [str(s.path) for s in sources]
    if args.out:
        from mapkit.io import check_output

        check_output(args.out, inputs=paths)
    workers = jobs_for(args.jobs, paths)
    work = [(path, args.fmt, args.profile, select, ignore, options, args.scenario) for path in paths]
    results = run_all(check_file, work, workers)
    findings: list[Finding] = []
    unreadable: list[tuple[str, str]] = []
    for path, (found, error, warnings) in zip(paths, results):
        for warning in warnings:
            print(f"mapkit: {path}: warning: {warning}", file=sys.stderr)
        if error is not None:
            unreadable.append((path, error))
            print(f"mapkit: {error}" if path in error else f"mapkit: {path}: {error}", file=sys.stderr)
        findings.extend(Finding(**d) for d in found)
    result = api.Validation(sorted(findings, key=sort_key), rules)
    if args.output == "json":
        report = result.json()
    elif args.output == "sarif":
        report = result.sarif(unreadable)
    else:
        read = len(paths) - len(unreadable)
        # the summary counts the maps looked at; when none could be read, the error lines say it all
        report = result.text() + (summary_line(result.findings, read, len(unreadable)) if read else "")
    if args.out:
        from mapkit.io import write_output

        write_output(args.out, report, inputs=paths)
    else:
        sys.stdout.write(report)
    # a folder ends with a summary; so do several files when some were refused (grouped by reason)
    if any(os.path.isdir(p) for p in args.maps) or (len(paths) > 1 and unreadable):
        _summary(paths, results, skipped, findings)
    if unreadable:
        return 2
    return 0 if result.ok else 1


def _summary(paths: list[str], results: list, skipped: list, findings: list) -> None:
    """On stderr: how many files were read, checked (how many with errors) and refused, by reason."""
    from mapkit.batch import Outcome, Summary

    outcomes = [Outcome(path, error is None, reason=getattr(error, "reason", "refused") if error else "")
                for path, (_, error, _) in zip(paths, results)]
    with_errors = len({f.file for f in findings if f.severity == "error"})
    Summary.of(outcomes, skipped).print(f"checked ({with_errors} with errors)")
