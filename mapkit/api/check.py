"""Checking a build: the rules a check runs, its findings, many files at once, the rule pages.

    mapkit.validate(m, profile="tournament").summary
    mapkit.list_rules(code="P101")"""

from __future__ import annotations

import os

from mapkit.errors import OptionError
from mapkit.records import Record, field

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any, Iterable, Mapping, Sequence

    from mapkit.api.files import PathLike
    from mapkit.batch import Checked, Progress, Skipped
    from mapkit.model.map import Map
    from mapkit.rules.framework import Finding, Rule

#: How an error of `check_options` names what it was given, unless the caller names it its own way
#: (the command line: by its flags).
NAMES = {"select": "select", "ignore": "ignore", "rules": "`mapkit.list_rules()`",
         "vehicle rules": "`mapkit.list_rules(vehicle_rules=...)`"}


class Validation(Record):
    """The findings of one check, in `mapkit validate`'s order, with its text, JSON and SARIF."""

    findings: list[Finding] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "error"]

    @property
    def ok(self) -> bool:
        """No error-severity finding (`mapkit validate` exits 0)."""
        return not self.errors

    @property
    def summary(self) -> str:
        """One line: how many findings of each severity."""
        if not self.findings:
            return "no findings"
        counts = {s: sum(1 for f in self.findings if f.severity == s) for s in ("error", "warning", "info")}
        names = {"error": ("error", "errors"), "warning": ("warning", "warnings"), "info": ("note", "notes")}
        return ", ".join(f"{n} {names[s][n != 1]}" for s, n in counts.items() if n)

    def text(self) -> str:
        from mapkit.rules.findings_report import render_text

        return render_text(self.findings)

    def json(self) -> str:
        from mapkit.rules.findings_report import render_json

        return render_json(self.findings)

    def sarif(self, unreadable: Sequence[tuple[str, str]] = ()) -> str:
        from mapkit.rules.findings_report import render_sarif

        return render_sarif(self.findings, self.rules, list(unreadable))


def check_options(profile: str | None = "casual", select: Iterable[str] = (), ignore: Iterable[str] = (),
                  settings: Mapping[str, Any] | None = None, overlay: Any = None, vehicle_rules: str | None = None,
                  names: Mapping[str, str] | None = None) -> tuple[list[Rule], dict[str, Any]]:
    """The rules a check runs and its convention parameters; OptionError for a code pattern that
    names no rule, an unknown setting, or a selection the ignores (or the vehicle rules) empty.
    The error names `select`, `ignore` and where the rules are listed as `names` calls them
    (keys of `NAMES`), else in the library's own words."""
    from mapkit.rules.framework import select_rules, unknown_patterns
    from mapkit.rules.profiles import PARAMETERS, defaults

    said = {**NAMES, **(names or {})}
    options = defaults()
    for name, value in (settings or {}).items():
        if name not in PARAMETERS:
            raise OptionError(f"unknown setting {name!r} (known: {', '.join(PARAMETERS)})")
        options[name] = value
    if overlay is not None:
        options["overlay_params"] = overlay
    if vehicle_rules is not None:
        options["vehicle_rules"] = vehicle_rules
    select, ignore = list(select), list(ignore)
    for option, patterns in ((said["select"], select), (said["ignore"], ignore)):
        unknown = unknown_patterns(patterns)
        if unknown:
            raise OptionError(f"{option} {', '.join(unknown)}: names no rule (see {said['rules']})")
    chosen = select_rules(profile, select, ignore, options.get("vehicle_rules"))
    if select and not chosen:
        if select_rules(profile, select, ignore):
            raise OptionError(f"{said['select']} {','.join(select)}: no rule it names belongs to the "
                              f"{options.get('vehicle_rules')} vehicle rules (see {said['vehicle rules']})")
        raise OptionError(f"{said['ignore']} {','.join(ignore)} leaves none of the rules {said['select']} "
                          f"{','.join(select)} names")
    return chosen, options


def parse_setting(text: str) -> tuple[str, Any]:
    """'NAME=VALUE', as `validate --set` takes it, -> (name, value) for `settings`: a whole
    number, or one of a choice's words; OptionError naming what is wrong."""
    from mapkit.rules.profiles import parse_setting as parse

    try:
        return parse(text)
    except ValueError as exc:
        raise OptionError(str(exc)) from None


def validate(subject: Map | PathLike, profile: str | None = "casual", select: Iterable[str] = (),
             ignore: Iterable[str] = (), settings: Mapping[str, Any] | None = None, overlay: Any = None,
             format: str | None = None, vehicle_rules: str | None = None) -> Validation:
    """Check a map (or a map or Book file) against the rules of a profile, or those `select`
    names less those `ignore` names; `settings` change convention parameters (`mapkit rules
    --parameters`), `overlay` is the C3G `OverlayParams`, `vehicle_rules` "current" or "legacy"."""
    from mapkit.rules.checks import check_file, check_map
    from mapkit.rules.framework import Finding
    from mapkit.rules.findings_report import sort_key

    select, ignore = list(select), list(ignore)
    chosen, options = check_options(profile, select, ignore, settings, overlay, vehicle_rules)
    if isinstance(subject, (str, os.PathLike)):
        found, error, *_ = check_file(str(subject), format, profile or "casual", select, ignore, options)
        if error is not None:
            from mapkit.errors import FormatError

            raise FormatError(error)
        findings = [Finding(**d) for d in found]
    else:
        findings = check_map(subject, None, profile, select, ignore, options, rules=chosen)
    return Validation(sorted(findings, key=sort_key), chosen)


class FileValidation(Validation):
    """The findings of many files (`mapkit validate FILE|FOLDER...`): a `Validation`, with each
    file checked (its reader's warnings and the error that refused it) and the files a folder
    held that are neither maps nor Books."""

    checked: list[Checked] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)

    @property
    def files(self) -> list[str]:
        return [c.path for c in self.checked]

    @property
    def unreadable(self) -> list[tuple[str, str]]:
        """(file, one-line message) of each file that could not be read."""
        return [(c.path, c.error) for c in self.checked if c.error is not None]

    def text(self) -> str:
        """The findings, then `N errors, M warnings in K maps` when any file could be read, or
        none was refused (a folder holding no map: "in 0 maps")."""
        from mapkit.rules.findings_report import summary_line

        read = len(self.checked) - len(self.unreadable)
        shown = read or not self.unreadable
        return super().text() + (summary_line(self.findings, read, len(self.unreadable)) if shown else "")

    def sarif(self, unreadable: Sequence[tuple[str, str]] | None = None) -> str:
        return super().sarif(self.unreadable if unreadable is None else unreadable)

    def batch_summary(self) -> list[str]:
        """How many files were read, checked (how many with errors) and refused, by reason, and
        how many others a folder held: the lines `mapkit validate` ends a folder with."""
        from mapkit.batch import Summary

        with_errors = len({f.file for f in self.findings if f.severity == "error"})
        return Summary.of([c.outcome() for c in self.checked], self.skipped).lines(f"checked ({with_errors} with errors)")


def validate_files(paths: Iterable[PathLike], profile: str | None = "casual", select: Iterable[str] = (),
                   ignore: Iterable[str] = (), settings: Mapping[str, Any] | None = None, overlay: Any = None,
                   format: str | None = None, vehicle_rules: str | None = None, scenario: int | None = None,
                   jobs: int = 0, output: PathLike | None = None, progress: Progress | None = None,
                   room: int | None = None) -> FileValidation:
    """Check files, and every map and Book in the folders named (recursively), as `validate`
    does one, in `jobs` worker processes (0: every core, one for a few small files); the
    findings come in the same order whatever `jobs` is. A file that cannot be read is in
    `.unreadable`, never raised. `output`, the file a report will be written to, is refused
    before any check when it cannot be written or is one of the inputs; `progress(done, total)`
    is told of each file."""
    from mapkit.batch import check_files
    from mapkit.rules.framework import Finding
    from mapkit.rules.findings_report import sort_key

    select, ignore = list(select), list(ignore)
    chosen, options = check_options(profile, select, ignore, settings, overlay, vehicle_rules)
    checked, skipped = check_files(paths, format, profile, select, ignore, options, scenario, jobs, output, progress,
                                   room)
    findings = [Finding(**d) for c in checked for d in c.findings]
    return FileValidation(sorted(findings, key=sort_key), chosen, checked, skipped)


def list_rules(profile: str | None = None, code: str | None = None, vehicle_rules: str | None = None) -> list[Rule]:
    """The validation rules (of one profile, of one C3G vehicle rule set, or those a code or
    prefix names), in code order; each has `code`, `name`, `severity`, `summary` and its
    documentation in `doc`."""
    from mapkit.rules.framework import load_rules, matches

    table = load_rules()
    return [table[c] for c in sorted(table)
            if (profile is None or profile in table[c].profiles)
            and (vehicle_rules is None or vehicle_rules in table[c].vehicle_rules)
            and (code is None or matches(c, [code]))]


def rule_page(rule: Rule) -> str:
    """The page `mapkit rules CODE` prints: name, severity, profiles, what / why / example /
    source / convention, seed headings."""
    from mapkit.rules.table import explain

    return explain(rule)


def computed_rule_page(code: str) -> str | None:
    """The page of a rule the movement analysis computes rather than checks (`mapkit rules
    --table` lists them), or None when `code` names none."""
    from mapkit.rules.table import explain_computed

    return explain_computed(code)


def rule_parameters() -> dict[str, dict[str, Any]]:
    """The convention parameters a check's `settings` may change: name -> default and source."""
    from mapkit.rules.profiles import PARAMETERS

    return {name: {"default": value, "source": source} for name, (value, source) in PARAMETERS.items()}


def rule_table(format: str = "text") -> str:
    """The rule table (`mapkit rules --table`): every rule checked or computed with its seed
    heading or outside source, the seed headings not checked and why; as "text", "markdown"
    (what `docs/rules.md` holds) or "json"."""
    from mapkit.rules import table

    if format == "json":
        import json

        return json.dumps(table.as_json(), indent=1, ensure_ascii=False)
    if format == "markdown":
        return table.render_markdown()
    if format == "text":
        return table.render_text()
    raise OptionError(f"rule table format {format!r}: choose text, markdown or json")
