"""`mapkit rules [CODE]`: list the rules, or print one rule's documentation."""

from __future__ import annotations

import argparse

from mapkit.cli.common import add_report_options, report_format, report_output, show


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("rules", help="list the validation rules, or explain one (mapkit rules P101)")
    p.add_argument("code", nargs="?", help="a rule code (or prefix) to explain")
    p.add_argument("--profile", choices=("casual", "tournament", "c3g"), help="only the rules of this profile")
    p.add_argument("--parameters", action="store_true", help="list the convention parameters and their sources")
    p.add_argument("--vehicle-rules", choices=("current", "legacy"),
                   help="only the rules of this C3G vehicle rule set (current: the C3G Vehicle rules; legacy: their "
                        "legacy text)")
    p.add_argument("--table", action="store_true",
                   help="the rule table: every rule checked or computed with its seed heading or outside "
                        "source, the seed headings not checked and why, the seeds' numbered examples")
    p.add_argument("--markdown", action="store_true", help="the same as --format markdown: the rule table as "
                                                              "docs/rules.md holds it")
    add_report_options(p, "rules", ("text", "json", "markdown"))
    return p


def run(args: argparse.Namespace) -> int:
    from mapkit.cli.jobs.rules import rules_listing

    out = report_output(args)
    if args.markdown and args.output_format not in (None, "markdown"):
        from mapkit.errors import UsageError

        raise UsageError(f"--markdown and --format {args.output_format} contradict each other")
    chosen = "markdown" if args.markdown else report_format(args)
    return show(rules_listing(args.code, args.profile, args.vehicle_rules, args.table, chosen == "markdown",
                              args.parameters, chosen == "json", output=out))
