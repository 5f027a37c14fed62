"""`mapkit rules`: the whole job from a path."""

from __future__ import annotations

from mapkit import api
from mapkit.cli.jobs.job import Result, deliver, json_text, report_output
from mapkit.errors import OptionError

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from mapkit.cli.jobs.job import PathLike, Warn


def rules_listing(code: str | None = None, profile: str | None = None, vehicle_rules: str | None = None,
                  table: bool = False, markdown: bool = False, parameters: bool = False, as_json: bool = False,
                  output: PathLike | None = None) -> Result:
    """`mapkit rules [CODE]`: the rules (of a profile, of a vehicle rule set) one a line, or the
    page of the one `code` names (a rule checked or computed), or with `table` the rule table
    (`markdown`: as docs/rules.md holds it), or with `parameters` the convention parameters;
    as JSON with `as_json`; written to `output` when named. `.value` is the rules, table or
    parameters shown."""
    out = report_output(output, ())
    shown = "JSON" if as_json else "Markdown" if markdown else "text"
    return deliver(_rules_listing(code, profile, vehicle_rules, table, markdown, parameters, as_json), out,
                   f"rules, {shown}", ())


def _rules_listing(code: str | None, profile: str | None, vehicle_rules: str | None, table: bool, markdown: bool,
                   parameters: bool, as_json: bool) -> Result:
    if table or markdown:
        shown = api.rule_table("json" if as_json else "markdown" if markdown else "text")
        return Result(shown, shown + "\n" if as_json else shown)
    if parameters:
        rows = api.rule_parameters()
        if as_json:
            return Result(rows, json_text(rows, ascii=True))
        return Result(rows, "".join(f"{name} = {row['default']}    {row['source']}\n" for name, row in rows.items()))
    if code is not None:
        page = api.computed_rule_page(code)
        if page is not None:
            return Result(code, page)
    chosen = api.list_rules(profile, code, vehicle_rules)
    if code is not None and not chosen:
        within = f" in profile {profile}" if profile else ""
        meant = api.nearest_rule(code)
        tip = f"; did you mean {meant!r}?" if meant and api.list_rules(profile, meant, vehicle_rules) else ""
        raise OptionError(f"no rule {code!r}{within}{tip} (see `mapkit rules`)")
    if as_json:
        return Result(chosen, json_text([{"code": r.code, "name": r.name, "severity": r.severity, "family": r.family,
                                           "profiles": sorted(r.profiles), "summary": r.summary, **r.doc}
                                          for r in chosen]))
    exact = [r for r in api.list_rules(code=code.upper()) if r.code == code.upper()] if code else []
    if code and len(chosen) == 1 or exact:
        rule = exact[0] if exact else chosen[0]
        return Result([rule], api.rule_page(rule))
    return Result(chosen, "".join(f"{r.code}  {r.name:<28} {r.severity:<8} {r.family:<11} {r.summary}\n"
                                  for r in chosen))
