"""mapkit's front door: one function per thing a designer asks, the same the commands call.

    m = mapkit.read("samples/maps/twin-rivers.hsc")
    mapkit.validate(m, profile="tournament").summary
    mapkit.render(m, "twin-rivers.svg")

Each `mapkit` command is argument parsing plus one of these calls (`docs/api.md` pairs every
command with its call). They raise `MapkitError` subclasses only: `FormatError` for a file that
cannot be read, `OptionError` for a value they cannot use, `LossError` for a conversion that
would drop something. Heavy modules load on first use, so `import mapkit` is quick.
"""

from __future__ import annotations

import os

from mapkit.errors import OptionError
from mapkit.records import Record

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any, Iterable, Mapping, Sequence, Union

    from mapkit.app.overlay import OverlayResult
    from mapkit.batch import Checked, Outcome, Progress, Skipped
    from mapkit.books.model import Book
    from mapkit.fit.plan import FitResult
    from mapkit.model.map import Map
    from mapkit.registry import FileFormat
    from mapkit.rules.framework import Finding, Rule

    #: A file name, as a string or a path.
    PathLike = Union[str, "os.PathLike[str]"]

__all__ = ["read", "write", "info", "validate", "Validation", "check_options", "list_rules", "inventory", "analyze",
           "retile", "render", "report", "overlay", "read_book", "read_collection", "detect", "file_formats",
           "output_kinds",
           # the twins of the commands' batch modes, sheets and pages
           "validate_files", "FileValidation", "convert_files", "Conversion", "read_books", "print_sheets", "Sheets",
           "report_page", "ReportPage", "write_format", "parse_setting",
           # what the commands print: the words of a result
           "info_text", "inventory_text", "analysis_text", "fit_summary", "fit_text", "rule_parameters",
           "rule_table", "rule_page", "computed_rule_page", "MAX_MOVE"]


if TYPE_CHECKING:
    #: The largest Move `analyze` takes (`mapkit.limits`), loaded on first use like the rest.
    MAX_MOVE: int
else:
    def __getattr__(name: str) -> Any:
        if name == "MAX_MOVE":
            from mapkit.limits import MAX_MOVE

            return MAX_MOVE
        raise AttributeError(f"module 'mapkit.api' has no attribute {name!r}")


# -- files in and out --------------------------------------------------------------------------

#: How a `FormatError` for bytes no format claims ends: in the API's words, not the command line's.
BYTES_HINT = "; name the format with format= (one of mapkit.file_formats('map'))"


def read(source: PathLike | bytes, format: str | None = None, scenario: Any = None, printable: bool = False) -> Map:
    """A map from a file ("-": standard input) or from the bytes of one.

    The content decides the format (`format` forces one); `scenario` keeps only what that
    scenario of a multi-scenario page sets up, on the terrain they share. `printable` turns
    the lone UTF-16 halves a JSON text may escape (UTF-8 cannot hold them) into U+FFFD, as a
    picture, sheet or report needs; without it the texts are as the file has them, so a
    conversion keeps them exactly."""
    from mapkit import formats

    if isinstance(source, (bytes, bytearray, memoryview)):
        m = formats.parse_map(bytes(source), format, hint=BYTES_HINT)
    else:
        m = formats.read_map(os.fspath(source), format)
    if printable:
        formats.printable_text(m)
    return m if scenario is None else _scenario(m, scenario)


class ScenarioError(OptionError):
    """A scenario the map does not set up, or one needed and not chosen."""


def _scenario(m: Map, scenario: Any) -> Map:
    try:
        return m.for_scenario(scenario)
    except OptionError as exc:
        raise ScenarioError(str(exc)) from None


def write(m: Map, path: PathLike, format: str | None = None, allow_loss: bool = False) -> list[str]:
    """Write a map atomically (the name gives the format unless `format` does); returns what
    the format could not carry. Without `allow_loss` such a loss raises LossError, writing nothing."""
    from mapkit import formats

    return formats.write_map(m, os.fspath(path), format, allow_loss)


class Conversion(Record):
    """What `convert_files` did: one `mapkit.batch.Outcome` per map (done or refused, why, what
    was dropped, what its reader recovered from) and the files a folder held that are not maps."""

    _fields = ("outcomes", "skipped", "format", "folder")

    def __init__(self, outcomes: list[Outcome], skipped: list[Skipped], format: str, folder: str):
        self.outcomes = outcomes
        self.skipped = skipped
        self.format = format
        self.folder = folder

    @property
    def refused(self) -> int:
        return sum(1 for o in self.outcomes if not o.done)

    def batch_summary(self) -> list[str]:
        """How many maps were read, converted and refused, by reason: the lines `convert -d` ends with."""
        from mapkit.batch import Summary

        return Summary.of(self.outcomes, self.skipped).lines(f"converted to {self.format} in {self.folder}")


def convert_files(paths: Iterable[PathLike], folder: PathLike, format: str, from_format: str | None = None,
                  allow_loss: bool = False, scenario: int | None = None, jobs: int = 0,
                  extension: str | None = None, progress: Progress | None = None) -> Conversion:
    """`mapkit convert IN... --to FORMAT -d FOLDER`: every map named, or found in the folders
    named (recursively), written in `format` under `folder` with its relative path kept; each
    output ends in `extension` (default: the format's first). A map that cannot be read or
    written, or would lose something without `allow_loss`, is refused in its outcome, never
    raised; no output replaces an input. `jobs` and `progress` as for `validate_files`."""
    from pathlib import Path

    from mapkit.batch import convert_files as convert
    from mapkit.registry import get

    fmt = get(format, "map")
    ext = extension or (fmt.extensions[0] if fmt.extensions else "." + fmt.name)
    outcomes, skipped = convert(paths, folder, format, ext, from_format, allow_loss, scenario, jobs, progress)
    from pathlib import Path

    return Conversion(outcomes, skipped, fmt.name, str(Path(folder)))


def write_format(path: PathLike, format: str | None = None) -> FileFormat:
    """The map format a file of that name is written in (`format` names one instead); OptionError
    for a name no writable format claims, before anything is read or drawn."""
    from mapkit.formats import format_for_output

    return format_for_output(os.fspath(path), format)


def read_book(path: PathLike) -> Book:
    """A C3G Book, checked against its schema (FormatError names the JSON path)."""
    from mapkit.books import load_book

    return load_book(os.fspath(path))


def read_books(path: PathLike, format: str | None = None) -> list[Book]:
    """The Book in a Book file, or the Books of the buildings and objects a map file places
    (found beside the map, each once); OptionError for a map that places none."""
    from mapkit.app.sheets import load_books
    from mapkit.registry import kind_of

    return load_books(os.fspath(path), kind_of(os.fspath(path)) == "book", format)


def read_collection(path: PathLike, warnings: list[str] | None = None) -> dict[str, int]:
    """A piece collection (VirtualScape .vsc or a Hexoscape inventory table): type id -> count.
    What the reader skipped (a piece it does not know) is added to `warnings`."""
    from mapkit.sets.collection import read_collection as read_file

    return read_file(str(path), warnings)


def detect(path: PathLike) -> FileFormat | None:
    """The format of a file (its `kind` is "map", "book" or "collection"), by content first."""
    from mapkit.registry import detect_file

    return detect_file(os.fspath(path))


def file_formats(kind: str | None = None) -> tuple[FileFormat, ...]:
    """The registered file formats, of one kind or all."""
    from mapkit import registry

    return registry.formats(kind)


# -- what a map is -----------------------------------------------------------------------------

def info(m: Map, cells: bool = False) -> dict[str, Any]:
    """The summary `mapkit info --json` prints: name, size, levels, pieces, terrain, zones, glyphs
    (and, with `cells`, one entry per occupied cell)."""
    from mapkit.summary import cells_json, summarise

    summary = summarise(m)
    if cells:
        summary["cells"] = cells_json(m)
    return summary


class Validation(Record):
    """The findings of one check, in `mapkit validate`'s order, with its text, JSON and SARIF."""

    _fields: tuple[str, ...] = ("findings", "rules")

    def __init__(self, findings: list[Finding] | None = None, rules: list[Rule] | None = None):
        self.findings: list[Finding] = [] if findings is None else findings
        self.rules: list[Rule] = [] if rules is None else rules

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
        from mapkit.rules.report import render_text

        return render_text(self.findings)

    def json(self) -> str:
        from mapkit.rules.report import render_json

        return render_json(self.findings)

    def sarif(self, unreadable: Sequence[tuple[str, str]] = ()) -> str:
        from mapkit.rules.report import render_sarif

        return render_sarif(self.findings, self.rules, list(unreadable))


def check_options(profile: str | None = "casual", select: Iterable[str] = (), ignore: Iterable[str] = (),
                  settings: Mapping[str, Any] | None = None, overlay: Any = None, vehicle_rules: str | None = None
                  ) -> tuple[list[Rule], dict[str, Any]]:
    """The rules a check runs and its convention parameters; OptionError for a code pattern that
    names no rule, an unknown setting, or a selection the ignores (or the vehicle rules) empty."""
    from mapkit.rules.framework import select_rules, unknown_patterns
    from mapkit.rules.profiles import PARAMETERS, defaults

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
    for option, patterns in (("--select", select), ("--ignore", ignore)):
        unknown = unknown_patterns(patterns)
        if unknown:
            raise OptionError(f"{option} {', '.join(unknown)}: names no rule (see `mapkit rules`)")
    chosen = select_rules(profile, select, ignore, options.get("vehicle_rules"))
    if select and not chosen:
        if select_rules(profile, select, ignore):
            raise OptionError(f"--select {','.join(select)}: no rule it names belongs to the "
                              f"{options.get('vehicle_rules')} vehicle rules (see `mapkit rules --vehicle-rules`)")
        raise OptionError(f"--ignore {','.join(ignore)} leaves none of the rules --select {','.join(select)} names")
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
    from mapkit.rules.report import sort_key

    select, ignore = list(select), list(ignore)
    chosen, options = check_options(profile, select, ignore, settings, overlay, vehicle_rules)
    if isinstance(subject, (str, os.PathLike)):
        found, error, _ = check_file(str(subject), format, profile or "casual", select, ignore, options)
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

    _fields = ("findings", "rules", "checked", "skipped")

    def __init__(self, findings: list[Finding] | None = None, rules: list[Rule] | None = None,
                 checked: list[Checked] | None = None, skipped: list[Skipped] | None = None):
        super().__init__(findings, rules)
        self.checked: list[Checked] = [] if checked is None else checked
        self.skipped: list[Skipped] = [] if skipped is None else skipped

    @property
    def files(self) -> list[str]:
        return [c.path for c in self.checked]

    @property
    def unreadable(self) -> list[tuple[str, str]]:
        """(file, one-line message) of each file that could not be read."""
        return [(c.path, c.error) for c in self.checked if c.error is not None]

    def text(self) -> str:
        """The findings, then `N errors, M warnings in K maps` when any file could be read."""
        from mapkit.rules.report import summary_line

        read = len(self.checked) - len(self.unreadable)
        return super().text() + (summary_line(self.findings, read, len(self.unreadable)) if read else "")

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
                   jobs: int = 0, output: PathLike | None = None, progress: Progress | None = None
                   ) -> FileValidation:
    """Check files, and every map and Book in the folders named (recursively), as `validate`
    does one, in `jobs` worker processes (0: every core, one for a few small files); the
    findings come in the same order whatever `jobs` is. A file that cannot be read is in
    `.unreadable`, never raised. `output`, the file a report will be written to, is refused
    before any check when it cannot be written or is one of the inputs; `progress(done, total)`
    is told of each file."""
    from mapkit.batch import check_files
    from mapkit.rules.framework import Finding
    from mapkit.rules.report import sort_key

    select, ignore = list(select), list(ignore)
    chosen, options = check_options(profile, select, ignore, settings, overlay, vehicle_rules)
    checked, skipped = check_files(paths, format, profile, select, ignore, options, scenario, jobs, output, progress)
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


# -- what a map needs and how it plays ---------------------------------------------------------

def inventory(m: Map, collection: Mapping[str, int] | PathLike | None = None, sets: Sequence[str] | None = None,
              community: bool = False) -> dict[str, Any]:
    """The report `mapkit inventory --json` prints: pieces needed, the fewest official sets that
    build the map, and (given a collection, or its file) what the collection lacks."""
    from mapkit.sets.report import inventory_report

    if isinstance(collection, (str, os.PathLike)):
        collection = read_collection(collection)
    return inventory_report(m, dict(collection) if collection is not None else None,
                            list(sets) if sets else None, community)


def analyze(m: Map, move: int = 5, height: int = 5, flying: bool = False, double: bool = False,
            falls: str = "minor", start: tuple[int, int, int] | None = None, broken_windows: bool = False,
            scenario: Any = None, heatmap: PathLike | None = None, map_file: PathLike | None = None,
            mover: str | None = None, vehicle: int | None = None, vehicle_rules: str = "current") -> dict[str, Any]:
    """Movement and balance for one figure, as `mapkit analyze --json` prints it: turns between
    start zones, glyph balance, reach from `start` (q, r, Level), falls, dead ends.

    A page that sets up several scenarios is analysed one scenario at a time (a `scenarios`
    list) unless `scenario` picks one; `heatmap` draws the turns as a PNG (one scenario only).
    `mover` is "single", "double", "flyer", or "vehicle" / "elevator-car" to drive a vehicle the
    map places (`vehicle`: its index among the map's objects) with its Book's card."""
    from mapkit.movement.profile import MAX_MOVE, Figure
    from mapkit.movement.report import analyze_map

    if not 0 <= move <= MAX_MOVE or height < 1:
        raise OptionError(f"move must be 0 to {MAX_MOVE} and height 1 or more")
    figure = Figure(move=move, height=height, double=double or mover == "double", flying=flying or mover == "flyer",
                    falls=falls)
    shown = str(map_file) if map_file is not None else None
    if scenario is not None:
        views = [(scenario, _scenario(m, scenario))]
    elif m.several_scenarios():
        if heatmap is not None:
            raise ScenarioError(f"sets up scenarios {', '.join(map(str, m.scenarios()))}: "
                              "choose one with --scenario to draw its heatmap")
        views = m.per_scenario()
    else:
        views = [(None, m)]
    runs = [analyze_map(view, figure, start, broken_windows, heatmap is not None, s, shown, mover=mover,
                        vehicle=vehicle, vehicle_rules=vehicle_rules) for s, view in views]
    if heatmap is not None and runs[0].heatmap is not None:  # one view: several scenarios were refused above
        _draw_heatmap(runs[0].heatmap, heatmap)
    reports = [run.data for run in runs]
    return reports[0] if len(reports) == 1 else {"map": m.name, "scenarios": reports}


def retile(m: Map, collection: Mapping[str, int] | PathLike, keep_shapes: bool = False, format: str | None = None
           ) -> FitResult:
    """`mapkit fit`: the map re-tiled so that the collection (type id -> count, or its .vsc or
    inventory file) builds it, with the same hexes, terrain and Levels. When `feasible`,
    `.map` is the new map (`already_fits`: nothing to change) and `.changes` what was re-cut;
    otherwise `.short_hexes` by terrain and `.purchase`, the smallest purchase that closes the
    gap. `keep_shapes` re-cuts only the pieces the collection is short of; `format` is the
    format the new map will be written in (a VirtualScape map gets only pieces VirtualScape
    has). `render(result, "fit.png")` draws it; `mapkit.fit.report.summary` is `--json`'s document."""
    from mapkit.fit import fit_checked

    have = read_collection(collection) if isinstance(collection, (str, os.PathLike)) else dict(collection)
    if not any(n > 0 for n in have.values()):
        raise OptionError("the collection holds no pieces; it cannot cover anything")
    carries = None
    if format == "hsc":  # VirtualScape holds only pieces with a VirtualScape id: lay no other
        from mapkit.model.catalog import catalog

        carries = {t.id for t in catalog().types.values() if t.vs is not None}
    result, _ = fit_checked(m, have, keep_shapes, carries)
    return result


def _draw_heatmap(heat: Any, path: PathLike) -> None:
    """Draw a movement heatmap through the output registry and write it; its errors name the file."""
    from mapkit.app import outputs
    from mapkit.io import write_output
    from mapkit.movement.heatmap import HeatmapError

    kind = outputs.choose(os.fspath(path), ("heatmap-png",))
    try:
        data = kind.make(heat)
    except HeatmapError as exc:
        raise HeatmapError(f"{os.fspath(path)}: {exc}") from None
    write_output(path, data)


# -- pictures, sheets and pages ----------------------------------------------------------------

def _allowed(subject: Any) -> tuple[str, ...]:
    import sys

    from mapkit.app.overlay import OverlayResult

    if isinstance(subject, OverlayResult):
        return ("overlay-png",)
    heatmaps = sys.modules.get("mapkit.movement.heatmap")  # not loaded: no Heatmap exists (it costs numpy)
    if heatmaps is not None and isinstance(subject, heatmaps.Heatmap):
        return ("heatmap-png",)
    fits = sys.modules.get("mapkit.fit.plan")
    if fits is not None and isinstance(subject, fits.FitResult):
        return ("fit-png", "fit-svg")
    if isinstance(subject, (list, tuple)) or type(subject).__name__ == "Book":
        return ("plan-pdf", "markers-pdf")
    return ("png", "svg", "build-pdf", "report-html")


def render(subject: Any, path_or_kind: PathLike = "png", kind: str | None = None, **options: Any) -> bytes:
    """Draw a map (PNG, SVG, build sheets PDF, HTML report), Books (floor plan or markers PDF), an
    overlay or a movement `Heatmap` (PNG), or what `fit` did (PNG, SVG); returns the bytes, and
    writes them atomically when given a file name.

    `path_or_kind` is an output name (its extension picks the kind among those the subject
    allows; see `mapkit.app.outputs`) or a kind: "png", "svg", "build-pdf", "report-html",
    "plan-pdf", "markers-pdf", "overlay-png", "heatmap-png", "fit-png", "fit-svg". `kind` names
    the kind for a file whose extension more than one kind shares (a Book's ".pdf": its plan, or
    "markers-pdf"). `options` go to the kind's maker, e.g. `view="iso"`, `level=2`, `scale=20`,
    `paper="a4"`."""
    from mapkit.app import outputs
    from mapkit.books.model import Book

    if isinstance(subject, Book):
        subject = [subject]
    allowed = _allowed(subject)
    target = os.fspath(path_or_kind)
    if kind is None:
        chosen = outputs.choose(target, allowed)
    elif kind not in allowed:
        raise OptionError(f"{kind}: not an output of this subject (it makes {', '.join(allowed)})")
    else:
        chosen = outputs.get(kind)
        if target != kind and not chosen.named_by(target):
            raise OptionError(f"{target}: a {kind} output must end in {' or '.join(chosen.extensions)}")
    data = chosen.make(subject, **options)
    if target != chosen.name:
        from mapkit.io import write_output

        write_output(path_or_kind, data)
    return data


class Sheets(Record):
    """A printable PDF, its page count, and what it is ("build instructions", "1:1 floor plan",
    "markers sheet"); `warnings` name the Books a map places that could not be drawn."""

    _fields = ("pdf", "pages", "what", "warnings")

    def __init__(self, pdf: bytes, pages: int, what: str, warnings: list[str] | None = None):
        self.pdf = pdf
        self.pages = pages
        self.what = what
        self.warnings: list[str] = [] if warnings is None else warnings


def print_sheets(subject: Map | Book | Sequence[Book] | None = None, markers: bool = False, paper: str = "letter",
                 levels_per_page: int = 1, hex_names: bool = False, cover: bool = False, overlap: float = 12.0,
                 params: Any = None, map_file: PathLike | None = None) -> Sheets:
    """`mapkit print`: a map's build instructions (a Level, or `levels_per_page`, per page;
    `hex_names` writes each hex's name, `cover` adds a cover page), Books' 1:1 floor plan tiled
    across pages that overlap by `overlap` mm, or with `markers` their cut-out doorway, window and
    transit markers (a general sheet without Books). `params` is the `OverlayParams` of plans and
    markers; `map_file` titles the sheets and finds the Books a map places beside it."""
    from mapkit.app import sheets
    from mapkit.books.model import Book
    from mapkit.model.map import Map

    shown = os.fspath(map_file) if map_file is not None else None
    if isinstance(subject, Map):
        if markers:
            raise OptionError("markers are drawn from Books: give the Books the map places (`read_books`)")
        warnings: list[str] = []
        data, pages = sheets.build_sheets(subject, shown, paper, levels_per_page, hex_names, cover,
                                          warn=warnings.append)
        return Sheets(data, pages, "build instructions", warnings)
    books = [subject] if isinstance(subject, Book) else list(subject or [])
    if markers:
        data, pages = sheets.marker_sheets(books, paper, params)
        return Sheets(data, pages, "markers sheet")
    if not books:
        raise OptionError("no Books to print a floor plan of")
    data, pages = sheets.plan_sheets(books, paper, overlap, params, shown)
    return Sheets(data, pages, "1:1 floor plan")


class ReportPage(Record):
    """The HTML page `mapkit report` writes, and the findings it lists (as dicts)."""

    _fields = ("html", "findings")

    def __init__(self, html: str, findings: list[dict[str, Any]]):
        self.html = html
        self.findings = findings


def report_page(m: Map, profile: str | None = "casual", pictures: bool = True, map_file: PathLike | None = None
                ) -> ReportPage:
    """The page `report` returns, with the findings it lists."""
    from mapkit.app.report import report_parts
    from mapkit.drawing.report_html import render_report

    shown = str(map_file) if map_file else None
    parts = report_parts(m, shown, profile, pictures)
    return ReportPage(render_report(m, shown, parts), list(parts.findings))


def report(m: Map, path: PathLike | None = None, profile: str | None = "casual", pictures: bool = True,
           map_file: PathLike | None = None) -> str:
    """One self-contained HTML page: summary, top view, pictures, parts, inventory, findings.
    Written atomically to `path` when given."""
    page = report_page(m, profile, pictures, map_file).html
    if path is not None:
        from mapkit.io import write_output

        write_output(path, page)
    return page


def overlay(subject: Book | Map | PathLike, params: Any = None, map_file: PathLike | None = None) -> OverlayResult:
    """The Full / Half / Partial / covered class of each hex a Book covers (in its own frame), or
    of the Books a map places (level by level); `.doc` is `mapkit overlay --json`'s document and
    `render(result, "overlay.png")` draws it. `params` is an `OverlayParams`."""
    from mapkit.app.overlay import classify_book, classify_file, classify_map
    from mapkit.books.model import Book
    from mapkit.geometry.params import OverlayParams

    params = params or OverlayParams()
    if isinstance(subject, (str, os.PathLike)):
        return classify_file(str(subject), params)
    if isinstance(subject, Book):
        return classify_book(subject, params)
    return classify_map(subject, str(map_file) if map_file else None, params)


# -- what the commands print -------------------------------------------------------------------

def info_text(summary: dict[str, Any], as_json: bool = False) -> str:
    """What `mapkit info` prints of an `info` summary: text, or JSON (`--json`). The lone UTF-16
    halves a VirtualScape name may hold, which UTF-8 cannot print, are spelled \\udXXX."""
    from mapkit.formats._json import escape_lone_surrogates

    if as_json:
        import json

        text = json.dumps(summary, indent=1, ensure_ascii=False) + "\n"
    else:
        from mapkit.summary import render_text

        text = render_text(summary)
    return escape_lone_surrogates(text)


def inventory_text(report: dict[str, Any]) -> str:
    """What `mapkit inventory` prints of an `inventory` report."""
    from mapkit.sets.report import render_text

    return render_text(report)


def analysis_text(report: dict[str, Any]) -> str:
    """What `mapkit analyze` prints of an `analyze` report (each scenario's in turn)."""
    from mapkit.movement.report import render_text

    return "".join(render_text(d) for d in report.get("scenarios", [report]))


def fit_summary(m: Map, result: FitResult, output: PathLike | None = None) -> dict[str, Any]:
    """The document `mapkit fit --json` prints of a `retile` of `m`: piece by piece what was
    re-cut, or what is short and the purchase; `output` names where the new map was written."""
    from mapkit.fit.report import summary

    return summary(m, result, os.fspath(output) if output is not None else None, result.new_findings)


def fit_text(summary: dict[str, Any], map_name: str) -> str:
    """What `mapkit fit` prints of a `fit_summary`."""
    from mapkit.fit.report import render_text

    return render_text(summary, map_name)


def output_kinds() -> tuple[Any, ...]:
    """The registered kinds of output (name, extensions, subject, description)."""
    from mapkit.app.outputs import OUTPUTS

    return OUTPUTS
