"""The rule table: every rule mapkit checks or computes, and the seed heading or outside source it
comes from; the seed headings no rule covers (game-time only, or no rule at all) and why; the
numbered EXAMPLEs of the seeds and the tests that build them.

Checked rules are the rule codes: their seed headings are the `seeds` of their documentation
(`mapkit/data/rules/<family>.json`), their outside source its `outside`, or, for rules with no
seed, its `source`. Computed rules (what the movement graph does) and the rest are in
`mapkit/data/rule_table.json`. `mapkit rules --table` prints it; docs/rules.md holds it as
Markdown (`render_markdown`), and a test keeps the two equal.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any


@lru_cache(maxsize=1)
def table_data() -> dict[str, Any]:
    """`mapkit/data/rule_table.json`."""
    return json.loads(resources.files("mapkit.data").joinpath("rule_table.json").read_text(encoding="utf-8"))


def seed_ref(seed: str, heading: str) -> dict[str, str]:
    info = table_data()["seeds"][seed]
    return {"seed": seed, "title": info["title"], "heading": heading}


def rows() -> list[dict[str, Any]]:
    """One row per rule: kind ("check" or "computed"), id, what, where it lives, its seed
    headings and its outside source (either may be empty, never both)."""
    from mapkit.rules.framework import load_rules

    out = []
    for code, r in sorted(load_rules().items()):
        doc = r.doc
        seeds = [seed_ref(s, h) for s, h in doc.get("seeds", [])]
        outside = doc.get("outside") or ("" if seeds else doc.get("source", ""))
        row = {"kind": "check", "id": code, "name": r.name, "what": r.summary, "where": f"rules ({r.family})",
               "seeds": seeds, "outside": outside}
        if r.vehicle_rules != frozenset({"current", "legacy"}):
            row["vehicle_rules"] = ", ".join(sorted(r.vehicle_rules))
        out.append(row)
    for c in table_data()["computed"]:
        row = {"kind": "computed", "id": c["id"], "name": c["id"], "what": c["what"], "where": c["where"],
               "seeds": [seed_ref(s, h) for s, h in c.get("seeds", [])], "outside": c.get("outside", "")}
        if "quotes" in c:
            row["quotes"] = c["quotes"]
        if "vehicle_rules" in c:
            row["vehicle_rules"] = c["vehicle_rules"]
        out.append(row)
    return out


def unchecked() -> list[dict[str, Any]]:
    """Seed headings mapkit does not check, whole or in part, each with why."""
    data = table_data()
    return ([dict(seed_ref(u["seed"], u["heading"]), kind="game-time", part=bool(u.get("part")), why=u["why"])
             for u in data["game_time"]]
            + [dict(seed_ref(u["seed"], u["heading"]), kind="no rule", part=False, why=u["why"])
               for u in data["no_rule"]])


def examples() -> list[dict[str, Any]]:
    """Every numbered EXAMPLE of the seeds: the test that builds it, or why none does."""
    return [dict(seed_ref(e["seed"], f"EXAMPLE {e['example']}"), example=e["example"], test=e.get("test"),
                 why=e.get("why")) for e in table_data()["examples"]]


def as_json() -> dict[str, Any]:
    # the seeds by number and title: their files are the project's, not the package's
    seeds = {k: {"title": v["title"]} for k, v in table_data()["seeds"].items()}
    return {"seeds": seeds, "rules": rows(), "unchecked": unchecked(), "examples": examples()}


def _refs(row: dict[str, Any]) -> str:
    parts = [f"{s['seed']} {s['heading']}" for s in row["seeds"]]
    if row["outside"]:
        parts.append(f"outside: {row['outside']}")
    return "; ".join(parts)


def render_text() -> str:
    """The table as `mapkit rules --table` prints it."""
    data = table_data()
    lines = ["Seeds: " + "; ".join(f"{k} {v['title']}" for k, v in data["seeds"].items()), ""]
    for row in rows():
        rule_set = f" [{row['vehicle_rules']} vehicle rules]" if "vehicle_rules" in row else ""
        lines.append(f"{row['id']:<18} {row['kind']:<8} {_refs(row)}{rule_set}")
    lines += ["", "Not checked (game-time only, or no rule):"]
    for u in unchecked():
        lines.append(f"  {u['seed']} {u['heading']}{' (in part)' if u['part'] else ''}: {u['kind']}: {u['why']}")
    lines += ["", "Numbered examples:"]
    for e in examples():
        lines.append(f"  {e['seed']} {e['heading']}: {e['test'] or 'not built: ' + (e['why'] or '')}")
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render_markdown() -> str:
    """The table as docs/rules.md holds it (between its `generated` markers)."""
    data = table_data()
    out = ["The seed documents, cited by number, title and section:", ""]
    out += [f"- `{k}` {v['title']}" for k, v in data["seeds"].items()]
    out += ["", "| rule | kind | what | seed headings | outside source |", "|---|---|---|---|---|"]
    for row in rows():
        what = row["what"] + (f" *({row['vehicle_rules']} vehicle rules)*" if "vehicle_rules" in row else "")
        seeds = "<br>".join(f"{s['seed']} {s['heading']}" for s in row["seeds"])
        out.append(f"| `{row['id']}` | {row['kind']} | {_cell(what)} | {_cell(seeds)} | {_cell(row['outside'])} |")
    out += ["", "Seed headings not checked, whole or in part:", "", "| seed | heading | kind | why |", "|---|---|---|---|"]
    for u in unchecked():
        kind = u["kind"] + (" (in part)" if u["part"] else "")
        out.append(f"| {u['seed']} | {_cell(u['heading'])} | {kind} | {_cell(u['why'])} |")
    out += ["", "Numbered examples of the seeds:", "", "| seed | example | built by |", "|---|---|---|"]
    for e in examples():
        built = f"`tests/{e['test']}`" if e["test"] else f"not built: {e['why']}"
        out.append(f"| {e['seed']} | {e['example']} | {_cell(built)} |")
    return "\n".join(out) + "\n"


def _quotes(quotes: Any) -> list[str]:
    """The seed sentences a rule follows word for word, each with its seed and heading."""
    if not quotes:
        return []
    lines = ["Seed sentences:"]
    for seed, heading, sentence in quotes:
        ref = seed_ref(seed, heading)
        lines.append(f"  {ref['seed']} ({ref['title']}), {ref['heading']}: \u201c{sentence}\u201d")
    return lines + [""]


def explain(r: Any) -> str:
    """One rule's page (`mapkit rules CODE`): name, severity, profiles, then what / why / example /
    source / convention, its seed headings and the vehicle rules it belongs to."""
    lines = [f"{r.code} {r.name} ({r.severity}; family {r.family}; profiles {', '.join(sorted(r.profiles))})",
             "", r.summary, ""]
    for key in ("what", "why", "example", "source", "convention"):
        text = r.doc.get(key)
        if text:
            lines += [f"{key.capitalize()}:", f"  {text}", ""]
    if r.doc.get("seeds"):
        refs = [seed_ref(seed, heading) for seed, heading in r.doc["seeds"]]
        lines += ["Seed headings:"] + [f"  {x['seed']} ({x['title']}): {x['heading']}" for x in refs] + [""]
    lines += _quotes(r.doc.get("quotes", ()))
    if r.vehicle_rules != frozenset({"current", "legacy"}):
        lines += [f"Vehicle rules: {', '.join(sorted(r.vehicle_rules))} only", ""]
    return "\n".join(lines)


def explain_computed(code: str) -> str | None:
    """A computed (movement) rule's page: what it does, where, and its seed headings or outside
    source; None when `code` names no computed rule."""
    row = next((row for row in rows() if row["kind"] == "computed" and row["id"] == code), None)
    if row is None:
        return None
    lines = [f"{row['id']} (computed by {row['where']})", "", row["what"], ""]
    if row["seeds"]:
        lines += ["Seed headings:"] + [f"  {x['seed']} ({x['title']}): {x['heading']}" for x in row["seeds"]] + [""]
    lines += _quotes(row.get("quotes", ()))
    if row["outside"]:
        lines += ["Outside source:", f"  {row['outside']}", ""]
    return "\n".join(lines)
