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
    from mapkit.errors import UsageError
    from mapkit.rules.framework import load_rules, matches
    from mapkit.rules.profiles import PARAMETERS

    if args.table or args.markdown:
        from mapkit.rules import table

        if args.json:
            print(json.dumps(table.as_json(), indent=1, ensure_ascii=False))
        else:
            sys.stdout.write(table.render_markdown() if args.markdown else table.render_text())
        return 0
    if args.parameters:
        rows = {name: {"default": value, "source": source} for name, (value, source) in PARAMETERS.items()}
        if args.json:
            print(json.dumps(rows, indent=1))
        else:
            for name, row in rows.items():
                print(f"{name} = {row['default']}    {row['source']}")
        return 0
    rules = load_rules()
    if args.code is not None:
        from mapkit.rules import table

        computed = {row["id"]: row for row in table.rows() if row["kind"] == "computed"}
        if args.code in computed:
            sys.stdout.write(explain_computed(computed[args.code]))
            return 0
    chosen = [rules[c] for c in sorted(rules)
              if (args.profile is None or args.profile in rules[c].profiles)
              and (args.vehicle_rules is None or args.vehicle_rules in rules[c].vehicle_rules)
              and (args.code is None or matches(c, [args.code]))]
    if args.code is not None and not chosen:
        profile = f" in profile {args.profile}" if args.profile else ""
        raise UsageError(f"no rule {args.code!r}{profile} (see `mapkit rules`)")
    if args.json:
        print(json.dumps([{"code": r.code, "name": r.name, "severity": r.severity, "family": r.family,
                           "profiles": sorted(r.profiles), "summary": r.summary, **r.doc} for r in chosen],
                         indent=1, ensure_ascii=False))
        return 0
    if args.code and len(chosen) == 1 or (args.code and args.code.upper() in rules):
        r = rules.get(args.code.upper()) or chosen[0]
        sys.stdout.write(explain(r))
        return 0
    for r in chosen:
        print(f"{r.code}  {r.name:<28} {r.severity:<8} {r.family:<11} {r.summary}")
    return 0


def explain(r) -> str:
    """One rule's page: name, severity, profiles, then what / why / example / source / convention."""
    lines = [f"{r.code} {r.name} ({r.severity}; family {r.family}; profiles {', '.join(sorted(r.profiles))})",
             "", r.summary, ""]
    for key in ("what", "why", "example", "source", "convention"):
        text = r.doc.get(key)
        if text:
            lines += [f"{key.capitalize()}:", f"  {text}", ""]
    if r.doc.get("seeds"):
        from mapkit.rules.table import seed_ref

        refs = [seed_ref(seed, heading) for seed, heading in r.doc["seeds"]]
        lines += ["Seed headings:"] + [f"  {x['seed']} ({x['title']}): {x['heading']}" for x in refs] + [""]
    if r.vehicle_rules != frozenset({"current", "legacy"}):
        lines += [f"Vehicle rules: {', '.join(sorted(r.vehicle_rules))} only", ""]
    return "\n".join(lines)


def explain_computed(row: dict) -> str:
    """A computed (movement) rule's page: what it does, where, and its seed headings or outside source."""
    lines = [f"{row['id']} (computed by {row['where']})", "", row["what"], ""]
    if row["seeds"]:
        lines += ["Seed headings:"] + [f"  {x['seed']} ({x['title']}): {x['heading']}" for x in row["seeds"]] + [""]
    if row["outside"]:
        lines += ["Outside source:", f"  {row['outside']}", ""]
    return "\n".join(lines)
