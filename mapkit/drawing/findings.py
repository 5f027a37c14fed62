"""Validation findings for a picture: the rules of a profile, run as `mapkit validate` runs them.

A picture must never fail because a rule does: a rule module that cannot be loaded, or a
profile with no rules, leaves the picture unmarked with a one-line reason instead.
"""

from __future__ import annotations

from typing import Any

from mapkit.model.map import Map

SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}


def collect_findings(m: Map, file: str | None = None, profile: str = "casual") -> tuple[list[Any], str | None]:
    """(findings, None) or ([], a one-line reason there are none to draw)."""
    from mapkit.rules.framework import CheckContext, run_rules, select_rules
    from mapkit.rules.profiles import defaults

    try:
        rules = list(select_rules(profile))
    except Exception as exc:  # noqa: BLE001 - a broken rule module must not stop the picture
        return [], f"validation rules could not be loaded ({type(exc).__name__}: {exc})"
    if not rules:
        return [], "no validation rules are installed, so no findings are marked"
    findings = list(run_rules(CheckContext(m, file, defaults()), rules))
    findings.sort(key=lambda f: (SEVERITY_ORDER.get(f.severity, 3), f.level if f.level is not None else -1,
                                 f.r if f.r is not None else -1, f.q if f.q is not None else -1, f.code))
    return findings, None
