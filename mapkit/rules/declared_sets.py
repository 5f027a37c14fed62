"""The map needs more than the sets it declares (family "sets", S1xx).

A battlefield page names the sets that build it, a Hexoscape map lists them: pieces read beyond
what those sets hold mean the page was read wrong or transcribed wrong. A transcription can be
wrong, so this is a warning. Checked as validate checks every rule: each scenario of a page
alone, held to the sets it names itself (the page's, if it names none).
"""

from __future__ import annotations

from typing import Iterable

from mapkit.rules.framework import CheckContext, Finding, rule

ALL_PROFILES = ("casual", "tournament", "c3g")


@rule("S101", "declared-sets-short", "warning", "sets", ALL_PROFILES,
      "The map needs more pieces than the sets it declares hold")
def declared_sets_short(ctx: CheckContext) -> Iterable[Finding]:
    from mapkit.sets.sets import DECLARED_ATTR

    m = ctx.map
    if not any(attrs.get(DECLARED_ATTR) for attrs in (m.attrs, *(s.attrs for s in m.scenario_setups))):
        return                                 # (declares nothing: the module of declared sets stays unloaded)
    from mapkit.sets import declared as sets_declared
    from mapkit.sets import missing, terrain_requirements
    from mapkit.sets.requirements import describe

    declared = sets_declared.of_view(ctx.map)
    if declared is None:
        return
    short = missing(terrain_requirements(ctx.map), sets_declared.holdings(declared))
    if not short:
        return
    held = [d for d in declared if d.product.set is not None]
    unknown = [d.product.name for d in declared if d.product.kind == sets_declared.UNKNOWN]
    lacking = ", ".join(f"{n} x {describe(t)}" for t, n in short.items())
    also = (f"; mapkit does not know what {', '.join(map(repr, unknown))} holds, so counts it as holding nothing"
            if unknown else "")
    yield ctx.finding("S101", f"the sets it declares ({sets_declared.describe(held)}) lack {lacking}{also}")
