"""Findings rendered as text lines, a JSON list, or SARIF 2.1.0 (for code review on a map repository)."""

from __future__ import annotations

import json
from typing import Any, Iterable, Sequence

from mapkit import __version__, escapes
from mapkit.rules.framework import Finding, Rule

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_VERSION = "2.1.0"
SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}


def sort_key(f: Finding) -> tuple:
    """Files in order, what every scenario shares before each scenario's own, map-wide findings
    first, then by level, row, column and code."""
    return (f.file or "", f.room or 0, f.scenario is not None, f.scenario or 0, f.level is not None, f.level or 0,
            f.r or 0, f.q or 0, f.code, f.message)


#: Errors first, then warnings, then notes: the order a picture or a report lists findings in.
SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}


def severity_first(f: Finding) -> tuple:
    """Errors before warnings before notes, then by level, row, column and code."""
    return (SEVERITY_ORDER.get(f.severity, 3), f.level if f.level is not None else -1,
            f.r if f.r is not None else -1, f.q if f.q is not None else -1, f.code)


def where(f: Finding) -> str:
    """'room R: scenario K: Level L C7 (q, r)', 'Level L C7 (q, r)', 'C7 (q, r)', '(q, r)',
    'scenario K', or '' for a map-wide finding (L as `mapkit.model.levels` counts; C7 the hex as
    the build sheets name it, where it is on their lettered board; K only for a map of several
    scenarios, R for a page of several rooms)."""
    parts = []
    if f.level is not None:
        parts.append(f"Level {f.level}")
    if f.q is not None and f.r is not None:
        if f.place:
            parts.append(f.place)
        parts.append(f"({f.q}, {f.r})")
    heads = [f"room {f.room}"] if f.room is not None else []
    if f.scenario is not None:
        heads.append(f"scenario {f.scenario}")
    return ": ".join(heads + ([" ".join(parts)] if parts else []))


def text_line(f: Finding) -> str:
    """`FILE: [room R: ][scenario K: ]Level L (q, r): CODE severity: message`."""
    head = [f.file or "-"]
    place = where(f)
    if place:
        head.append(place)
    return ": ".join(head) + f": {f.code} {f.severity}: {f.message}"


def render_text(findings: Iterable[Finding]) -> str:
    """One line a finding, whatever its file's name or a name its message quotes holds."""
    return escapes.lines(text_line(f) for f in findings)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def summary_line(findings: Iterable[Finding], maps: int, unreadable: int = 0) -> str:
    """The last line of a text report: `N errors, M warnings in K maps`, printed also when clean,
    so a run that found nothing says it looked. Unreadable files are counted after a semicolon."""
    found = list(findings)
    errors = sum(1 for f in found if f.severity == "error")
    warnings = sum(1 for f in found if f.severity == "warning")
    line = f"{_count(errors, 'error')}, {_count(warnings, 'warning')} in {_count(maps, 'map')}"
    if unreadable:
        line += f"; {unreadable} unreadable"
    return line + "\n"


def render_json(findings: Iterable[Finding]) -> str:
    return escapes.json_text([f.as_dict() for f in findings])


def _rule_descriptor(r: Rule) -> dict[str, Any]:
    doc = r.doc
    full = " ".join(x for x in (doc.get("what", ""), doc.get("why", "")) if x) or r.summary
    help_text = "\n\n".join(f"{k.capitalize()}: {doc[k]}" for k in ("what", "why", "example", "source", "convention")
                            if doc.get(k))
    return {
        "id": r.code,
        "name": r.name,
        "shortDescription": {"text": r.summary},
        "fullDescription": {"text": full},
        "help": {"text": help_text or r.summary},
        "defaultConfiguration": {"level": SARIF_LEVEL[r.severity]},
        "properties": {"family": r.family, "profiles": sorted(r.profiles)},
    }


def _result(f: Finding, rule_index: dict[str, int]) -> dict[str, Any]:
    location: dict[str, Any] = {"physicalLocation": {"artifactLocation": {"uri": _uri(f.file)}}}
    # Maps have no lines (many are binary): every finding is anchored at line 1 of its file, so a
    # review tool can show it; the region's message and the logical location name the hex and level.
    scenario = (f"room {f.room} " if f.room is not None else "") + \
        (f"scenario {f.scenario} " if f.scenario is not None else "")
    if f.r is not None and f.q is not None:
        location["physicalLocation"]["region"] = {"startLine": 1, "message": {"text": where(f)}}
        sheet = f"{f.place} " if f.place else ""
        name = f"{scenario}hex {sheet}({f.q}, {f.r})" + (f" Level {f.level}" if f.level is not None else "")
        location["logicalLocations"] = [{"name": name, "fullyQualifiedName": f"{f.file or ''}::{name}",
                                         "kind": "object"}]
    else:
        location["physicalLocation"]["region"] = {"startLine": 1}
        if scenario:
            location["physicalLocation"]["region"]["message"] = {"text": where(f)}
        location["logicalLocations"] = [{"name": f"{scenario}map".strip(), "kind": "module"}]
    result: dict[str, Any] = {
        "ruleId": f.code,
        "level": SARIF_LEVEL.get(f.severity, "note"),
        "message": {"text": f.message},
        "locations": [location],
        "properties": {"q": f.q, "r": f.r, "place": f.place, "level": f.level, "room": f.room,
                       "scenario": f.scenario,
                       "severity": f.severity},
    }
    if f.code in rule_index:
        result["ruleIndex"] = rule_index[f.code]
    return result


def _uri(path: str | None) -> str:
    """A URI reference for a file (SARIF requires one: spaces and the like percent-encoded)."""
    if not path:
        return "unknown"
    from pathlib import PurePath
    from urllib.parse import quote

    p = PurePath(path)
    return p.as_uri() if p.is_absolute() else quote(p.as_posix())


def _invocation(unreadable: list[tuple[str, str]]) -> dict[str, Any]:
    """The run's invocation: whether every file was read, and a notification for each that was not."""
    notes = [{"level": "error", "message": {"text": message},
              "locations": [{"physicalLocation": {"artifactLocation": {"uri": _uri(path)}}}]}
             for path, message in unreadable]
    return {"executionSuccessful": not notes, "toolExecutionNotifications": notes}


def sarif_log(findings: list[Finding], rules: list[Rule], unreadable: Sequence[tuple[str, str]] = ()) -> dict[str, Any]:
    """A SARIF 2.1.0 log with one run: the rules that ran, every finding, and (as tool execution
    notifications) the files that could not be read, given as (path, message)."""
    used = sorted({f.code for f in findings} | {r.code for r in rules})
    by_code = {r.code: r for r in rules}
    from mapkit.rules.framework import RULES

    descriptors: list[dict[str, Any]] = []
    rule_index: dict[str, int] = {}
    for code in used:
        r = by_code.get(code) or RULES.get(code)
        if r is None:
            continue
        rule_index[code] = len(descriptors)
        descriptors.append(_rule_descriptor(r))
    return {
        "$schema": SARIF_SCHEMA,
        "version": SARIF_VERSION,
        "runs": [{
            "tool": {"driver": {"name": "mapkit", "version": __version__, "rules": descriptors}},
            "invocations": [_invocation(list(unreadable))],
            "results": [_result(f, rule_index) for f in findings],
            "columnKind": "unicodeCodePoints",
        }],
    }


def render_sarif(findings: list[Finding], rules: list[Rule], unreadable: Sequence[tuple[str, str]] = ()) -> str:
    return escapes.json_text(sarif_log(findings, rules, unreadable))
