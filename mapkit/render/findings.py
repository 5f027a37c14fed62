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


def collect_findings(m: Map, file: str | None = None, profile: str = "casual") -> tuple[list[Any], str | None]:
    """(findings, None) or ([], a one-line reason there are none to draw)."""
    try:
        import mapkit.rules as rules_pkg
        from mapkit.rules import framework
    except ImportError as exc:            # pragma: no cover - the framework is part of the core
        return [], f"validation is not available ({exc})"
    options: dict[str, Any] = {}
    try:
        if hasattr(framework, "select_rules"):
            rules = list(framework.select_rules(profile))
            try:
                from mapkit.rules.profiles import defaults
                options = dict(defaults())
            except ImportError:
                pass
        else:
            for info in pkgutil.walk_packages(rules_pkg.__path__, "mapkit.rules."):
                if info.name != "mapkit.rules.framework":
                    importlib.import_module(info.name)
            rules = [r for r in framework.RULES.values() if profile in r.profiles]
    except Exception as exc:              # a broken rule module must not stop the picture
        return [], f"validation rules could not be loaded ({type(exc).__name__}: {exc})"
    if not rules:
        return [], "no validation rules are installed, so no findings are marked"
    ctx = framework.CheckContext(m, file, options)
    findings = list(framework.run_rules(ctx, rules))
    order = {"error": 0, "warning": 1, "info": 2}
    findings.sort(key=lambda f: (order.get(f.severity, 3), f.level if f.level is not None else -1,
                                 f.r if f.r is not None else -1, f.q if f.q is not None else -1, f.code))
    return findings, None
