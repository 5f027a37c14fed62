"""Checking a build: the rules a check runs, its findings, many files at once, the rule pages.

    mapkit.validate(m, profile="tournament").summary
    mapkit.list_rules(code="P101")"""

from __future__ import annotations

import os

from mapkit.errors import OptionError
from mapkit.records import Record, field
from mapkit.results import Answer

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any, Callable, Iterable, Mapping, Sequence

    from mapkit.api.files import PathLike, Source
    from mapkit.batch import Checked, Progress, Skipped
    from mapkit.rules.framework import Finding, Rule

#: This topic's verbs and the answers they give, on `mapkit`'s face (and `mapkit.api`'s).
__all__ = ["validate", "Validation", "check_options", "list_rules", "validate_files", "FileValidation",
           "parse_setting"]
FACE = tuple(__all__)
#: The parts the commands are built from, on `mapkit.api`'s face only.
__all__ += ["rule_parameters", "rule_table", "rule_page", "computed_rule_page"]
#: Old names that still answer, each with a DeprecationWarning.
OLD_NAMES: tuple[str, ...] = ()

#: How an error of `check_options` names what it was given, unless the caller names it its own way
#: (the command line: by its flags).
NAMES = {"select": "select", "ignore": "ignore", "rules": "`mapkit.list_rules()`",
         "vehicle rules": "`mapkit.list_rules(vehicle_rules=...)`"}


class Validation(Record, Answer):
    """The findings of one check (`mapkit.Finding`s), in `mapkit validate`'s order, and the rules
    it ran; `.text()`, `.json()` and `.sarif()` are its three reports, `.save(path)` writes one
    (".json": JSON, ".sarif": SARIF, else text)."""

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
        """What `mapkit validate` prints of one map or Book: the findings, then `N errors, M
        warnings in 1 map`, printed when clean too, so a check that found nothing says it looked."""
        from mapkit.rules.findings_report import render_text, summary_line

        return render_text(self.findings) + summary_line(self.findings, 1)

    def json(self) -> str:
        from mapkit.rules.findings_report import render_json

        return render_json(self.findings)

    def sarif(self, unreadable: Sequence[tuple[str, str]] = ()) -> str:
        from mapkit.rules.findings_report import render_sarif

        return render_sarif(self.findings, self.rules, list(unreadable))

    def reports(self) -> dict[str, tuple[Callable[[], str], tuple[str, ...]]]:
        return {**super().reports(), "sarif": (self.sarif, (".sarif", ".sarif.json"))}


def check_options(profile: str | None = "casual", select: Iterable[str] = (), ignore: Iterable[str] = (),
                  settings: Mapping[str, Any] | None = None, overlay: Any = None, vehicle_rules: str | None = None,
                  names: Mapping[str, str] | None = None) -> tuple[list[Rule], dict[str, Any]]:
    """The rules a check runs and its convention parameters, as `validate` takes its options
    (see there), so that a bad option is refused once, before any map is read.

    Returns (the rules, in code order; the parameters, name -> value).

    Raises OptionError for a profile or vehicle rule set mapkit has not (naming those it has), a
    code pattern that names no rule, an unknown setting, or a selection the ignores (or the
    vehicle rules) empty. The error names `select`, `ignore` and where the rules are listed as
    `names` calls them (keys of `NAMES`), else in the library's own words."""
    from mapkit.rules.framework import check_profile

    check_profile(profile, vehicle_rules)
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
    """'NAME=VALUE', as `validate --set` takes it, for `settings`.

    Returns (name, value): a whole number, or one of a choice's words.

    Raises OptionError naming what is wrong."""
    from mapkit.rules.profiles import parse_setting as parse

    try:
        return parse(text)
    except ValueError as exc:
        raise OptionError(str(exc)) from None


def validate(subject: Source, profile: str | None = "casual", select: Iterable[str] = (),
             ignore: Iterable[str] = (), settings: Mapping[str, Any] | None = None, overlay: Any = None,
             format: str | None = None, vehicle_rules: str | None = None) -> Validation:
    """Check a map or a C3G Book (`mapkit validate`): the document, or its file or bytes
    (`format` as for `read`).

    A map is checked against the rules of `profile` ("casual", "tournament", "c3g"; None:
    every rule), or those `select` names (codes or prefixes: "P1", "C101") less those `ignore`
    names; `settings` change convention parameters (name -> value, `rule_parameters()`),
    `overlay` is the C3G `OverlayParams`, `vehicle_rules` "current" or "legacy". A Book is
    checked by the C3G Book rules whatever the profile (a Book file's schema errors are C001
    findings); a page of several scenarios or rooms, one at a time.

    Returns a `Validation` (`.findings`, `.ok`, `.text()`, `.json()`, `.sarif()`, `.save(path)`).

    Raises OptionError for an option it cannot use (see `check_options`); FormatError, naming the file
    and the place, for a file that cannot be read."""
    from mapkit.books.model import Book
    from mapkit.rules.checks import check_book_model, check_map, check_path
    from mapkit.rules.findings_report import sort_key
    from mapkit.rules.framework import matches

    select, ignore = list(select), list(ignore)
    chosen, options = check_options(profile, select, ignore, settings, overlay, vehicle_rules)
    if isinstance(subject, (str, os.PathLike)):
        findings, _, _ = check_path(os.fspath(subject), format, profile, select, ignore, options)
    else:
        from mapkit.api.files import read_document

        document = read_document(subject, format)
        if isinstance(document, Book):
            findings = [f for f in check_book_model(document, document.path or document.name,
                                                    options.get("overlay_params"))
                        if (not select or matches(f.code, select)) and not matches(f.code, ignore)]
        else:
            findings = check_map(document, None, profile, select, ignore, options, rules=chosen)
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
        from mapkit.rules.findings_report import render_text, summary_line

        read = len(self.checked) - len(self.unreadable)
        shown = read or not self.unreadable
        return render_text(self.findings) + (summary_line(self.findings, read, len(self.unreadable)) if shown else "")

    def sarif(self, unreadable: Sequence[tuple[str, str]] | None = None) -> str:
        return super().sarif(self.unreadable if unreadable is None else unreadable)

    def batch_summary(self) -> list[str]:
        """How many files were read, checked (how many with errors) and refused, by reason, and
        how many others a folder held: the lines `mapkit validate` ends a folder with."""
        from mapkit.batch import Summary

        with_errors = len({f.file for f in self.findings if f.severity == "error"})
        outcomes = [c.outcome() for c in self.checked]
        return Summary.of(outcomes, self.skipped).lines(f"checked ({with_errors} with errors)")


def validate_files(paths: Iterable[PathLike], profile: str | None = "casual", select: Iterable[str] = (),
                   ignore: Iterable[str] = (), settings: Mapping[str, Any] | None = None, overlay: Any = None,
                   format: str | None = None, vehicle_rules: str | None = None, scenario: int | None = None,
                   jobs: int = 0, output: PathLike | None = None, progress: Progress | None = None,
                   room: int | None = None) -> FileValidation:
    """Check files, and every map and Book in the folders named (recursively), as `validate`
    does one, in `jobs` worker processes (0: every core, one for a few small files); the
    findings come in the same order whatever `jobs` is. `scenario` (`room`) checks that scenario
    (room) of each map alone. A file that cannot be read is in `.unreadable`, never raised.
    `output`, the file a report will be written to (this writes none: `.save(output)` does), is
    refused before any check when it cannot be written or is one of the inputs;
    `progress(done, total)` is told of each file.

    Returns a `FileValidation`.

    Raises OptionError for an option it cannot use (as `validate`), OutputError for an `output` that
    cannot be written."""
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
    """The validation rules of one profile, of one C3G vehicle rule set, or those a code or
    prefix names (None: all).

    Returns a list of `Rule`s, in code order; each has `code`, `name`, `severity`, `summary` and
    its documentation in `doc`.

    Raises OptionError for a profile or vehicle rule set mapkit has not."""
    from mapkit.rules.framework import check_profile, load_rules, matches

    check_profile(profile, vehicle_rules)
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
    (what `docs/rules.md` holds) or "json". Raises OptionError for another format."""
    from mapkit.errors import choice
    from mapkit.rules import table

    choice(format, ("text", "markdown", "json"), "rule table format", "format")
    if format == "json":
        import json

        return json.dumps(table.as_json(), indent=1, ensure_ascii=False)
    return table.render_markdown() if format == "markdown" else table.render_text()
