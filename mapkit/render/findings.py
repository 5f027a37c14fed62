"""Validation findings for a picture, from whatever rules this installation has.

Rules register themselves when their modules are imported (`mapkit.rules.framework`), so
this imports every module under `mapkit.rules` and runs the registry. With no rules
installed the picture is drawn without marks and says why.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from mapkit.model.map import Map


def collect_findings(m: Map, file: str | None = None) -> tuple[list[Any], str | None]:
    """(findings, None) or ([], a one-line reason there are none to draw)."""
    try:
        import mapkit.rules as rules_pkg
        from mapkit.rules.framework import RULES, CheckContext, run_rules
    except ImportError as exc:            # pragma: no cover - the framework is part of the core
        return [], f"validation is not available ({exc})"
    for info in pkgutil.walk_packages(rules_pkg.__path__, "mapkit.rules."):
        if info.name != "mapkit.rules.framework":
            try:
                importlib.import_module(info.name)
            except Exception as exc:      # a broken rule module must not stop the picture
                return [], f"validation rules could not be loaded ({info.name}: {exc})"
    if not RULES:
        return [], "no validation rules are installed, so no findings are marked"
    ctx = CheckContext(m, file)
    findings = list(run_rules(ctx, RULES.values()))
    order = {"error": 0, "warning": 1, "info": 2}
    findings.sort(key=lambda f: (order.get(f.severity, 3), f.level if f.level is not None else -1,
                                 f.r if f.r is not None else -1, f.q if f.q is not None else -1, f.code))
    return findings, None
