"""`mapkit rules [CODE]`: list the rules, or print one rule's documentation."""

from __future__ import annotations

import argparse
import json
import sys


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("rules", help="list the validation rules, or explain one (mapkit rules P101)")
    p.add_argument("code", nargs="?", help="a rule code (or prefix) to explain")
    p.add_argument("--profile", choices=("casual", "tournament", "c3g"), help="only the rules of this profile")
    p.add_argument("--parameters", action="store_true", help="list the convention parameters and their sources")
    p.add_argument("--vehicle-rules", choices=("current", "legacy"),
                   help="only the rules of this C3G vehicle rule set (current: seeds/001; legacy: seeds/003)")
    p.add_argument("--table", action="store_true",
                   help="the rule table: every rule checked or computed with its seed heading or outside "
                        "source, the seed headings not checked and why, the seeds' numbered examples")
    p.add_argument("--markdown", action="store_true", help="with --table: print it as docs/rules.md holds it")
    p.add_argument("--json", action="store_true", help="print JSON")
    return p


def run(args: argparse.Namespace) -> int:
    from mapkit import api
    from mapkit.errors import UsageError

    if args.table or args.markdown:
        if args.json:
            print(api.rule_table("json"))
        else:
            sys.stdout.write(api.rule_table("markdown" if args.markdown else "text"))
        return 0
    if args.parameters:
        rows = api.rule_parameters()
        if args.json:
            print(json.dumps(rows, indent=1))
        else:
            for name, row in rows.items():
                print(f"{name} = {row['default']}    {row['source']}")
        return 0
    if args.code is not None:
        page = api.computed_rule_page(args.code)
        if page is not None:
            sys.stdout.write(page)
            return 0
    chosen = api.list_rules(args.profile, args.code, args.vehicle_rules)
    if args.code is not None and not chosen:
        profile = f" in profile {args.profile}" if args.profile else ""
        raise UsageError(f"no rule {args.code!r}{profile} (see `mapkit rules`)")
    if args.json:
        print(json.dumps([{"code": r.code, "name": r.name, "severity": r.severity, "family": r.family,
                           "profiles": sorted(r.profiles), "summary": r.summary, **r.doc} for r in chosen],
                         indent=1, ensure_ascii=False))
        return 0
    exact = api.list_rules(code=args.code.upper()) if args.code else []
    exact = [r for r in exact if r.code == args.code.upper()]
    if args.code and len(chosen) == 1 or exact:
        sys.stdout.write(api.rule_page(exact[0] if exact else chosen[0]))
        return 0
    for r in chosen:
        print(f"{r.code}  {r.name:<28} {r.severity:<8} {r.family:<11} {r.summary}")
    return 0
