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

from mapkit.errors import OptionError, RoomError, ScenarioError
from mapkit.errors import input_name, is_link
from mapkit.errors import shown as shown_input
from mapkit.limits import MAX_MOVE
from mapkit.records import Record

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any, Callable, Iterable, Mapping, Sequence, Union

    from mapkit.books.overlay_result import OverlayResult
    from mapkit.batch import Checked, Outcome, Progress, Skipped
    from mapkit.books.model import Book
    from mapkit.fit.plan import FitResult
    from mapkit.model.map import Map
    from mapkit.registry import FileFormat
    from mapkit.rules.framework import Finding, Rule

    #: A file name, as a string or a path.
    PathLike = Union[str, "os.PathLike[str]"]
    #: A callback told each warning of a job as it happens (the command prints it on stderr).
    Warn = Callable[[str], None]

__all__ = ["read", "write", "info", "validate", "Validation", "check_options", "list_rules", "inventory", "analyze",
           "retile", "render", "report", "overlay", "read_book", "read_collection", "detect", "file_formats",
           "output_kinds",
           # the twins of the commands' batch modes, sheets and pages
           "validate_files", "FileValidation", "convert_files", "Conversion", "read_books", "print_sheets", "Sheets",
           "report_page", "ReportPage", "write_format", "parse_setting",
           # what the commands print: the words of a result
           "info_text", "inventory_text", "analysis_text", "fit_summary", "fit_text", "rule_parameters",
           "rule_table", "rule_page", "computed_rule_page", "MAX_MOVE",
           # whole jobs from a path: each command is one of these calls
           "Result", "info_file", "inventory_file", "analyze_file", "render_file", "report_file", "print_file",
           "overlay_file", "validate_report", "convert_file", "fit_file", "rules_listing"]


# -- files in and out --------------------------------------------------------------------------

#: How a `FormatError` for bytes no format claims ends: in the API's words, not the command line's.
BYTES_HINT = "; name the format with format= (one of mapkit.file_formats('map'))"


def read(source: PathLike | bytes, format: str | None = None, scenario: Any = None, printable: bool = False,
         room: Any = None) -> Map:
    """A map from a file ("-": standard input) or from the bytes of one.

    The content decides the format (`format` forces one); `scenario` keeps only what that
    scenario of a multi-scenario page sets up, on the terrain they share. `printable` turns
    the lone UTF-16 halves a JSON text may escape (UTF-8 cannot hold them) into U+FFFD, as a
    picture, sheet or report needs; without it the texts are as the file has them, so a
    conversion keeps them exactly. `room` keeps one room of a page that draws several, as its own
    pictures draw it (before `scenario` is taken)."""
    from mapkit import formats

    if isinstance(source, (bytes, bytearray, memoryview)):
        m = formats.parse_map(bytes(source), format, hint=BYTES_HINT)
    else:
        m = formats.read_map(os.fspath(source), format)
        if m.buildings or m.objects:  # the map carries its Books, resolved beside its file
            from mapkit.books.placed import load_placed

            load_placed(m, os.fspath(source))
    if printable:
        formats.printable_text(m)
    if room is not None:
        m = _room(m, room)
    return m if scenario is None else _scenario(m, scenario)


def _scenario(m: Map, scenario: Any) -> Map:
    try:
        return m.for_scenario(scenario)
    except OptionError as exc:
        raise ScenarioError(str(exc)) from None


def _room(m: Map, room: Any) -> Map:
    try:
        return m.for_room(room)
    except OptionError as exc:
        raise RoomError(str(exc)) from None


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
                  extension: str | None = None, progress: Progress | None = None, room: int | None = None
                  ) -> Conversion:
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
    outcomes, skipped = convert(paths, folder, format, ext, from_format, allow_loss, scenario, jobs, progress, room)
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
    from mapkit.books.placed import load_books
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
    from mapkit.rules.report import sort_key

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

    A page that sets up several scenarios, or draws several rooms, is analysed one scenario and
    one room at a time (a `scenarios` list, each report naming its `room`) unless `scenario`
    picks one (or the map is one room); `heatmap` draws the turns as a PNG (one view only).
    `mover` is "single", "double", "flyer", or "vehicle" / "elevator-car" to drive a vehicle the
    map places (`vehicle`: its index among the map's objects) with its Book's card."""
    from mapkit.movement.profile import Figure
    from mapkit.movement.report import analyze_map

    if not 0 <= move <= MAX_MOVE or height < 1:
        raise OptionError(f"move must be 0 to {MAX_MOVE} and height 1 or more")
    figure = Figure(move=move, height=height, double=double or mover == "double", flying=flying or mover == "flyer",
                    falls=falls)
    shown = str(map_file) if map_file is not None else None
    if m.several_rooms() and heatmap is not None:
        raise RoomError(f"draws rooms {', '.join(str(r.number) for r in m.rooms)}: "
                        "choose one with --room to draw its heatmap")
    rooms = m.per_room()
    if scenario is not None:
        views = [(room, scenario, _scenario(board, scenario)) for room, board in rooms]
    else:
        if m.several_scenarios() and heatmap is not None:
            raise ScenarioError(f"sets up scenarios {', '.join(map(str, m.scenarios()))}: "
                              "choose one with --scenario to draw its heatmap")
        views = [(room, s, view) for room, board in rooms for s, view in board.per_scenario()]
    boards = dict(rooms)  # places are named as the sheets of the room name them (of the scenario, if one is picked)
    runs = [analyze_map(view, figure, start, broken_windows, heatmap is not None, s, shown, mover=mover,
                        vehicle=vehicle, vehicle_rules=vehicle_rules,
                        sheets=boards[room] if scenario is None else view)
            for room, s, view in views]
    if heatmap is not None and runs[0].heatmap is not None:  # one view: several were refused above
        _draw_heatmap(runs[0].heatmap, heatmap)
    reports = [run.data for run in runs]
    for (room, _, _), report in zip(views, reports):
        if room is not None:
            report["room"] = room
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
    from mapkit import outputs
    from mapkit.io import write_output
    from mapkit.errors import HeatmapError

    kind = outputs.choose(os.fspath(path), ("heatmap-png",))
    try:
        data = kind.make(heat)
    except HeatmapError as exc:
        raise HeatmapError(f"{os.fspath(path)}: {exc}") from None
    write_output(path, data)


# -- pictures, sheets and pages ----------------------------------------------------------------

def render(subject: Any, path_or_kind: PathLike = "png", kind: str | None = None, **options: Any) -> bytes:
    """Draw a map (PNG, SVG, build sheets PDF, HTML report), Books (floor plan or markers PDF), an
    overlay or a movement `Heatmap` (PNG), or what `fit` did (PNG, SVG); returns the bytes, and
    writes them atomically when given a file name.

    `path_or_kind` is an output name (its extension picks the kind among those the subject
    allows; see `mapkit.outputs`) or a kind: "png", "svg", "build-pdf", "report-html",
    "plan-pdf", "markers-pdf", "overlay-png", "heatmap-png", "fit-png", "fit-svg". `kind` names
    the kind for a file whose extension more than one kind shares (a Book's ".pdf": its plan, or
    "markers-pdf"). `options` go to the kind's maker, e.g. `view="iso"`, `level=2`, `scale=20`,
    `paper="a4"`."""
    from mapkit import outputs
    from mapkit.books.model import Book

    if isinstance(subject, Book):
        subject = [subject]
    allowed = outputs.kinds_for(subject)
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
    from mapkit import outputs
    from mapkit.books.model import Book
    from mapkit.model.map import Map

    shown = os.fspath(map_file) if map_file is not None else None
    if isinstance(subject, Map):
        if markers:
            raise OptionError("markers are drawn from Books: give the Books the map places (`read_books`)")
        warnings: list[str] = []
        drawn = outputs.get("build-pdf").draw(subject, map_file=shown, paper=paper, levels_per_page=levels_per_page,
                                              hex_names=hex_names, cover=cover, warn=warnings.append)
        return Sheets(drawn.as_bytes(), drawn.pages, "build instructions", warnings)
    books = [subject] if isinstance(subject, Book) else list(subject or [])
    if markers:
        drawn = outputs.get("markers-pdf").draw(books, paper=paper, params=params)
        return Sheets(drawn.as_bytes(), drawn.pages, "markers sheet")
    if not books:
        raise OptionError("no Books to print a floor plan of")
    drawn = outputs.get("plan-pdf").draw(books, paper=paper, overlap=overlap, params=params, source=shown)
    return Sheets(drawn.as_bytes(), drawn.pages, "1:1 floor plan")


class ReportPage(Record):
    """The HTML page `mapkit report` writes, and the findings it lists (as dicts)."""

    _fields = ("html", "findings")

    def __init__(self, html: str, findings: list[dict[str, Any]]):
        self.html = html
        self.findings = findings


def report_page(m: Map, profile: str | None = "casual", pictures: bool = True, map_file: PathLike | None = None
                ) -> ReportPage:
    """The page `report` returns, with the findings it lists."""
    from mapkit import outputs

    shown = str(map_file) if map_file else None
    drawn = outputs.get("report-html").draw(m, map_file=shown, profile=profile, pictures=pictures)
    return ReportPage(drawn.as_text(), list(drawn.findings))


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
    from mapkit.books.overlay_result import classify_book, classify_file, classify_map
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
    from mapkit.outputs import OUTPUTS

    return OUTPUTS


# -- whole jobs from a path: what each command does ----------------------------------------------
#
# Each command is argument parsing plus one of these: it reads the file (its reader's warnings
# told first), takes the scenario asked, does the work, writes its output atomically and gives
# back what the command prints. A program gets the same text, warnings and exit status.

class Result(Record):
    """What a job done from a path gives back to be shown.

    `value` is the library's answer (a summary, a report, a `Validation`, ...); `text` what the
    command prints on standard output; `warnings` what its reader recovered from and what could
    not be drawn or read, in order (each told as it happens to the job's `warn`, if given);
    `status` its exit status (0 done, 1 a check found an error or a fit is short, 2 some input
    was refused); `summary` the lines a batch ends with and `note` the one line saying what was
    written, both for standard error after the text; `details` what was read and how long it
    took (what `--verbose` adds)."""

    _fields = ("value", "text", "warnings", "status", "summary", "note", "details")

    def __init__(self, value: Any = None, text: str = "", warnings: list[str] | None = None, status: int = 0,
                 summary: list[str] | None = None, note: str | None = None, details: list[str] | None = None):
        self.value = value
        self.text = text
        self.warnings: list[str] = list(warnings or ())
        self.status = status
        self.summary: list[str] = [] if summary is None else summary
        self.note = note
        self.details: list[str] = list(details if details is not None else getattr(warnings, "details", ()))


class _Told(list):
    """The warnings of one job, in order, each passed on to `warn` as it is added; and its
    `details` (what was read, how long it took)."""

    def __init__(self, warn: Warn | None):
        super().__init__()
        self.warn = warn
        self.details: list[str] = []
        #: The format of the map file the job read (`_read_job`).
        self.read_as: str | None = None

    def __call__(self, warning: str) -> None:
        self.append(warning)
        if self.warn is not None:
            self.warn(warning)


def _read_job(path: PathLike, format: str | None, scenario: int | None, tell: _Told, printable: bool = False,
              room: int | None = None) -> Map:
    """The map at `path`, each of its reader's warnings told, then room `room` and scenario
    `scenario` of it; one the map lacks is a RoomError or ScenarioError naming the file."""
    import time

    started = time.perf_counter()
    m = read(path, format, printable=printable)
    read_as = tell.read_as = getattr(m, "read_as", None) or m.source_format
    kept = read_as == "mapkit" and m.source_format not in (None, "mapkit")  # its warnings are its source's
    tell.details.append(f"{shown_input(path)}: read as {read_as or 'an unnamed format'}, "
                        f"{len(m.pieces):,} pieces and markers in {time.perf_counter() - started:.3f} s")
    for warning in m.warnings:
        if kept and not warning.startswith(_migrated()):
            warning = f"(kept from the {m.source_format} file it was converted from) {warning}"
        tell(f"{shown_input(path)}: warning: {warning}")
    try:
        if room is not None:
            m = _room(m, room)
        return m if scenario is None else _scenario(m, scenario)
    except (RoomError, ScenarioError) as exc:
        raise type(exc)(f"{shown_input(path)}: {exc}") from None


def _migrated() -> str:
    """How the warnings a mapkit JSON reader makes of an old file begin (its own, not kept ones)."""
    from mapkit.formats.native import MIGRATED

    return MIGRATED


def _check_output(path: PathLike, *kinds: str, inputs: Iterable[PathLike] = ()) -> str:
    """The output name, checked before any work (`mapkit.io.check_output`): an extension of one
    of the output `kinds` (a bare ".ext" is taken as is), a folder that may be written, not one
    of the inputs; so a typo fails at once instead of after the drawing."""
    from mapkit.io import check_output

    known = {k.name: k.extensions for k in output_kinds()} if any(not k.startswith(".") for k in kinds) else {}
    suffixes = tuple(dict.fromkeys(s for k in kinds for s in ((k,) if k.startswith(".") else known[k])))
    return check_output(path, *suffixes, inputs=tuple(inputs))


def _report_output(output: PathLike | None, inputs: Iterable[PathLike]) -> str | None:
    """Where a job writes the report it would print: None for standard output (not given, "-",
    /dev/stdout), else a file name checked before any work as every output is."""
    if output is None:
        return None
    from mapkit.io import is_standard_output

    out = os.fspath(output)
    return None if is_standard_output(out) else _check_output(out, inputs=inputs)


def _deliver(result: Result, output: str | None, what: str, inputs: Iterable[PathLike]) -> Result:
    """`result` with its report written atomically to `output` (when one is named) rather than
    printed, and a note saying so."""
    if output is not None:
        from mapkit.io import write_output

        write_output(output, result.text, inputs=tuple(inputs))
        result.text = ""
        result.note = f"{output}: {what}"
    return result


def _json_text(doc: Any, ascii: bool = False) -> str:
    import json

    return json.dumps(doc, indent=1, ensure_ascii=ascii) + "\n"


def info_file(path: PathLike, format: str | None = None, scenario: int | None = None, as_json: bool = False,
              warn: Warn | None = None, room: int | None = None, output: PathLike | None = None) -> Result:
    """`mapkit info MAP`: the map's `info` summary (`.value`) and its text, or JSON with the
    cells (`as_json`); written to `output` when named, rather than given as `.text`."""
    out = _report_output(output, (path,))
    tell = _Told(warn)
    summary = info(_read_job(path, format, scenario, tell, room=room), cells=as_json)
    if tell.read_as and tell.read_as != summary.get("format"):
        summary["file_format"] = tell.read_as  # a mapkit JSON file of a map converted from another format
    return _deliver(Result(summary, info_text(summary, as_json=as_json), tell), out,
                    f"info, {'JSON' if as_json else 'text'}", (path,))


def inventory_file(path: PathLike, collection: PathLike | None = None, sets: Sequence[str] | None = None,
                   community: bool = False, format: str | None = None, scenario: int | None = None,
                   as_json: bool = False, warn: Warn | None = None, room: int | None = None,
                   output: PathLike | None = None) -> Result:
    """`mapkit inventory MAP`: the `inventory` report (`.value`) and its text or JSON (written to
    `output` when named); what the collection's reader skipped is warned of after the map's
    warnings. `.status` is 1 when the collection (a file, or a list of sets and pieces such as
    "2xRotV,RttFF") lacks a piece."""
    inputs = (path,) if collection is None else (path, collection)
    out = _report_output(output, inputs)
    tell = _Told(warn)
    m = _read_job(path, format, scenario, tell, room=room)
    owned = None
    if collection:
        skipped: list[str] = []
        owned = read_collection(collection, skipped)
        for warning in skipped:
            tell(f"{os.fspath(collection)}: warning: {warning}")
    rep = inventory(m, owned, sets, community)
    short = bool(rep.get("missing"))  # the collection cannot build the map: status 1, as a short fit
    return _deliver(Result(rep, _json_text(rep) if as_json else inventory_text(rep), tell, 1 if short else 0),
                    out, f"inventory, {'JSON' if as_json else 'text'}", inputs)


def report_file(path: PathLike, output: PathLike, profile: str | None = "casual", pictures: bool = False,
                format: str | None = None, scenario: int | None = None, warn: Warn | None = None,
                room: int | None = None) -> Result:
    """`mapkit report MAP -o PAGE.html`: the page (`.value`, a `ReportPage`) written atomically,
    the output's name refused before any work; `.note` says what was written and how long it took."""
    import time

    from mapkit.io import write_output

    _check_output(output, "report-html", inputs=(path,))
    started = time.perf_counter()
    tell = _Told(warn)
    m = _read_job(path, format, scenario, tell, printable=True, room=room)
    page = report_page(m, profile, pictures=pictures, map_file=path)
    write_output(output, page.html)
    note = f"{os.fspath(output)}: report, {len(page.findings)} finding(s), {time.perf_counter() - started:.2f} s"
    return Result(page, warnings=tell, note=note)


def render_file(path: PathLike, output: PathLike, view: str = "top", level: int | None = None, scale: float = 36.0,
                legend: bool = True, findings: bool = False, profile: str | None = None, format: str | None = None,
                scenario: int | None = None, warn: Warn | None = None, room: int | None = None,
                seen_from: str = "S") -> Result:
    """`mapkit render MAP -o OUT.png|OUT.svg`: the picture (`.value`, its bytes) written
    atomically; `findings` marks the findings of `profile` (default: c3g for a map that places
    Books, else casual), and what kept them off is warned of. `scale` is PNG pixels per hex;
    `seen_from` the side of the table the iso view looks from (S, WSW, WNW, N, ENE, ESE)."""
    import time

    from mapkit.errors import PictureTooLarge

    started = time.perf_counter()
    out = _check_output(output, "png", "svg", inputs=(path,))
    if not 1 <= scale <= 400:
        raise OptionError("--scale must be between 1 and 400 pixels per hex")
    if level is not None and view == "iso":
        raise OptionError("--level draws one level from above; it does not combine with --view iso")
    if seen_from != "S" and view != "iso":
        raise OptionError("--seen-from turns the iso view; it does not combine with --view top or levels")
    tell = _Told(warn)
    m = _read_job(path, format, scenario, tell, printable=True, room=room)
    chosen = (profile or ("c3g" if (m.buildings or m.objects) else "casual")) if findings else None
    try:
        data = render(m, out, scale=scale, view=view, level=level, legend=legend, name=input_name(path),
                      seen_from=seen_from,
                      map_file=os.fspath(path), profile=chosen, warn=lambda reason: tell(f"{shown_input(path)}: {reason}"))
    except PictureTooLarge as exc:
        raise PictureTooLarge(f"{out}: {exc}") from None
    what = f"Level {level}" if level is not None else f"{view} view" + (f" from {seen_from}" if seen_from != "S" else "")
    return Result(data, warnings=tell, note=f"{out}: {what}, {_size_of(data)}, {time.perf_counter() - started:.2f} s")


def _size_of(data: bytes) -> str:
    """A picture's size as a note gives it: a PNG's pixels (from its header), else its bytes."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return f"PNG {int.from_bytes(data[16:20], 'big')} x {int.from_bytes(data[20:24], 'big')} px"
    return f"SVG, {len(data) / 1024:,.0f} kB"


def _start(start: tuple[int, int, int] | str | None) -> tuple[int, int, int] | None:
    if not isinstance(start, str):
        return start
    try:
        q, r, h = (int(part) for part in start.split(","))
    except ValueError:
        raise OptionError(f"--start wants Q,R,LEVEL (three integers), got {start!r}") from None
    return q, r, h


def analyze_file(path: PathLike, move: int | None = None, height: int | None = None, flying: bool = False,
                 double: bool = False, falls: str = "minor", start: tuple[int, int, int] | str | None = None,
                 broken_windows: bool = False, mover: str | None = None, vehicle: int | None = None,
                 vehicle_rules: str = "current", heatmap: PathLike | None = None, format: str | None = None,
                 scenario: int | None = None, as_json: bool = False, warn: Warn | None = None,
                 room: int | None = None, output: PathLike | None = None) -> Result:
    """`mapkit analyze MAP`: the `analyze` report (`.value`) and its text or JSON (written to
    `output` when named). `move` and `height` default to 5, or to the card of the vehicle `mover`
    drives (then they and `flying`/`double` must not be given); `start` is (q, r, Level) or its
    text "Q,R,LEVEL"; `heatmap` names the PNG to draw, refused before any work if it cannot be
    written."""
    import time

    from mapkit.errors import StartError

    started = time.perf_counter()
    shown = shown_input(path)
    out = _report_output(output, (path,))
    if heatmap:
        from mapkit.io import is_standard_output

        if is_standard_output(heatmap):
            raise OptionError(f"{os.fspath(heatmap)}: standard output carries the analysis; "
                              "write the heatmap to a file")
        if out is not None and os.path.abspath(out) == os.path.abspath(os.fspath(heatmap)):
            raise OptionError(f"{out}: named for both the report and the heatmap")
        _check_output(heatmap, "heatmap-png", inputs=(path,))
    tell = _Told(warn)
    m = _read_job(path, format, None, tell, printable=True, room=room)
    chosen = mover or ("flyer" if flying else "double" if double else "single")
    driven = chosen in ("vehicle", "elevator-car")
    if driven:
        given = [name for name, value in (("--move", move), ("--height", height)) if value is not None]
        given += [flag for flag, on in (("--double", double), ("--flying", flying)) if on]
        if given:
            raise OptionError(f"--mover {chosen} moves with its Book's card: drop {', '.join(given)}")
    elif vehicle is not None:
        raise OptionError("--vehicle chooses what --mover vehicle or elevator-car drives")
    elif mover == "single" and (double or flying):
        raise OptionError(f"--mover single contradicts {'--flying' if flying else '--double'}")
    move = 5 if move is None else move
    height = 5 if height is None else height
    if not 0 <= move <= MAX_MOVE or height < 1:
        raise OptionError(f"--move must be 0 to {MAX_MOVE} and --height 1 or more")
    at = _start(start)
    try:
        data = analyze(m, move, height, flying, double, falls, at, broken_windows, scenario, heatmap, path,
                       mover=chosen, vehicle=vehicle, vehicle_rules=vehicle_rules)
    except StartError as exc:
        if driven:
            raise
        raise StartError(f"--start {start if isinstance(start, str) else ','.join(map(str, start or ()))}: {exc}"
                         ) from None
    except ScenarioError as exc:
        raise ScenarioError(f"{shown}: {exc}") from None
    drawn = None
    if heatmap:
        for d in data.get("scenarios", [data]):
            for note in d.get("notes", ()):
                if note.startswith("heatmap: "):
                    tell(f"{shown}: warning: {note}")
        drawn = f"{os.fspath(heatmap)}: heatmap, {time.perf_counter() - started:.2f} s"
    done = _deliver(Result(data, _json_text(data) if as_json else analysis_text(data), tell), out,
                    f"analysis, {'JSON' if as_json else 'text'}", (path,))
    done.note = "; ".join(n for n in (done.note, drawn) if n) or None
    return done


def _overlay_params(given: Any, always: bool = False) -> Any:
    """An `OverlayParams`, given as one or as a mapping of `OverlayParams.from_options` keywords
    (hex_region, base_diameter, marker_diameter; None: the default); None when nothing is given
    and not `always`. A value it cannot take is an OptionError."""
    from mapkit.geometry.params import OverlayParams

    if given is None or isinstance(given, OverlayParams):
        return given if given is not None or not always else OverlayParams()
    options = dict(given)
    if not always and all(v is None for v in options.values()):
        return None
    try:
        return OverlayParams.from_options(**options)
    except ValueError as exc:
        raise OptionError(str(exc)) from None


def overlay_file(path: PathLike, picture: PathLike | None = None, as_json: bool = False, params: Any = None,
                 warn: Warn | None = None, format: str | None = None, scenario: int | None = None,
                 room: int | None = None, output: PathLike | None = None) -> Result:
    """`mapkit overlay BOOK|MAP`: the `overlay` of a Book file or of the Books a map places
    (`.value`, the map read as `format`, its `room` and `scenario` when given); its text, or its
    JSON document (`as_json`), printed or written to `output`; with `picture`, drawn there too.
    `params` is an `OverlayParams` or a mapping of its `from_options` keywords."""
    import time

    from mapkit.registry import kind_of

    started = time.perf_counter()
    chosen = _overlay_params(params, always=True)
    out = _report_output(output, (path,))
    if picture:
        from mapkit.io import is_standard_output

        if is_standard_output(picture) and out is None:
            raise OptionError(f"{os.fspath(picture)}: standard output carries the overlay's report; "
                              "draw the picture to a file (or write the report to one)")
        _check_output(picture, "overlay-png", inputs=(path,))
        if out is not None and os.path.abspath(out) == os.path.abspath(os.fspath(picture)):
            raise OptionError(f"{out}: named for both the report and the picture")
    tell = _Told(warn)
    if format in (None, "book") and kind_of(os.fspath(path)) == "book":
        if scenario is not None or room is not None:
            raise OptionError(f"{shown_input(path)}: a Book sets up no scenarios or rooms; "
                              "give a map that places it")
        result = overlay(read_book(path), chosen)
    else:
        result = overlay(_read_job(path, format, scenario, tell, room=room), chosen, map_file=path)
    drawn = None
    if picture:
        render(result, picture, params=chosen)
        drawn = f"{os.fspath(picture)}: overlay picture, {time.perf_counter() - started:.2f} s"
    text = _json_text(result.doc, ascii=True) if as_json else result.text()
    done = _deliver(Result(result, text, tell), out, f"overlay, {'JSON' if as_json else 'text'}", (path,))
    done.note = "; ".join(n for n in (done.note, drawn) if n) or None
    return done


def print_file(path: PathLike | None, output: PathLike, markers: bool = False, plan: bool = False,
               paper: str = "letter", levels_per_page: int = 1, hex_names: bool = False, cover: bool = False,
               overlap: float = 12.0, params: Any = None, format: str | None = None, scenario: int | None = None,
               warn: Warn | None = None, room: int | None = None) -> Result:
    """`mapkit print`: the `print_sheets` of a file (`.value`, a `Sheets`) written atomically to
    `output`: a map's build instructions; a Book's floor plan, or with `plan` those of the Books a
    map places; with `markers` their markers sheet (without `path`, the general one). `params`
    as for `overlay_file`; `.note` says what was written, in how many pages and seconds."""
    import time

    from mapkit.io import write_output

    _check_output(output, "build-pdf", inputs=(path,) if path else ())
    if levels_per_page < 1:
        raise OptionError("--levels-per-page must be 1 or more")
    started = time.perf_counter()
    tell = _Told(warn)
    found = detect(path) if path else None
    if markers:
        books = read_books(path, format) if path else []
        sheets = print_sheets(books, markers=True, paper=paper, params=_overlay_params(params) if path else None)
    elif plan or (found is not None and found.kind == "book"):
        if not path:
            raise OptionError("print --plan: give a Book or a map with buildings")
        books = read_books(path, format)
        sheets = print_sheets(books, paper=paper, overlap=overlap, params=_overlay_params(params), map_file=path)
    else:
        if not path:
            raise OptionError("print: give a map (or --markers for a general markers sheet)")
        m = _read_job(path, format, scenario, tell, printable=True, room=room)
        sheets = print_sheets(m, paper=paper, levels_per_page=levels_per_page, hex_names=hex_names, cover=cover,
                              map_file=path)
        for warning in sheets.warnings:
            tell(warning)
    write_output(output, sheets.pdf)
    note = f"{os.fspath(output)}: {sheets.what}, {sheets.pages} page(s), {paper}, {time.perf_counter() - started:.2f} s"
    return Result(sheets, warnings=tell, note=note)


def validate_report(paths: Iterable[PathLike], profile: str | None = "casual", select: Iterable[str] = (),
                    ignore: Iterable[str] = (), settings: Mapping[str, Any] | Iterable[str] | None = None,
                    overlay: Any = None, format: str | None = None, vehicle_rules: str | None = None,
                    scenario: int | None = None, jobs: int = 0, output: PathLike | None = None,
                    report_format: str = "text", progress: Progress | None = None, warn: Warn | None = None,
                    room: int | None = None, refused: Warn | None = None) -> Result:
    """`mapkit validate FILE|FOLDER...`: `validate_files` (`.value`, a `FileValidation`) with its
    report as "text", "json" or "sarif", written atomically to `output` or else the `.text`. The
    options are refused before any file is read; each file's reader warnings and the error that
    refused it are warned of; a folder (or several files, some refused) ends with a `.summary`.
    `settings` may be "NAME=VALUE" texts (`parse_setting`), `overlay` as for `overlay_file`.
    `.status` is 2 when a file could not be read, else 1 when an error was found, else 0. A
    file that could not be read is told to `refused` when given (an error, not a warning)."""
    named: Mapping[str, Any] | None = settings  # type: ignore[assignment]
    if settings is not None and not hasattr(settings, "items"):  # "NAME=VALUE" texts, not a mapping
        named = dict(parse_setting(text) for text in settings)
    params = _overlay_params(overlay)
    select, ignore = list(select), list(ignore)
    check_options(profile, select, ignore, named, params, vehicle_rules)  # refused before any file
    if jobs < 0:
        raise OptionError(f"--jobs {jobs}: the number of workers cannot be negative")
    if report_format not in ("text", "json", "sarif"):
        raise OptionError(f"report format {report_format!r}: choose text, json or sarif")
    paths = list(paths)
    result = validate_files(paths, profile, select, ignore, named, params, format, vehicle_rules, scenario, jobs,
                            output, progress, room)
    tell = _Told(warn)
    for checked in result.checked:
        for warning in checked.warnings:
            tell(f"{shown_input(checked.path)}: warning: {warning}")
        if checked.error is not None:
            line = checked.error if checked.path in checked.error else f"{checked.path}: {checked.error}"
            if refused is None:
                tell(line)
            else:
                refused(line)
    report = {"text": result.text, "json": result.json, "sarif": result.sarif}[report_format]()
    note = None
    if output:
        from mapkit.io import is_standard_output, write_output

        write_output(output, report, inputs=result.files)
        if not is_standard_output(output):
            note = f"{os.fspath(output)}: validation report, {report_format}, {len(result.findings)} finding(s)"
    # a folder ends with a summary; so do several files when some were refused (grouped by reason)
    several = any(os.path.isdir(p) for p in paths) or (len(result.files) > 1 and bool(result.unreadable))
    status = 2 if result.unreadable else 0 if result.ok else 1
    details = [f"{shown_input(c.path)}: read and checked, {len(c.findings)} finding(s)"
               for c in result.checked if c.error is None]
    details += [f"{s.path}: left alone: {s.reason}" for s in result.skipped]
    return Result(result, "" if output else report, tell, status,
                  result.batch_summary() if several else None, note, details)


def convert_file(source: PathLike, target: PathLike, format: str | None = None, to: str | None = None,
                 allow_loss: bool = False, scenario: int | None = None, warn: Warn | None = None,
                 room: int | None = None) -> Result:
    """`mapkit convert IN OUT`: read `source` (as `format`), write it to `target` atomically (in
    `to`, else the format its name says); a bad target is refused before anything is read, and
    a loss without `allow_loss` is a LossError, writing nothing. `.value` lists what was
    dropped, each also warned of after the reader's warnings."""
    from mapkit.io import check_output

    write_format(target, to)  # fail on a bad target before reading anything
    check_output(target, inputs=(source,))
    import time

    started = time.perf_counter()
    tell = _Told(warn)
    m = _read_job(source, format, scenario, tell, room=room)
    losses = write(m, target, to, allow_loss)
    for loss in losses:
        tell(f"{shown_input(source)}: dropped: {loss}")
    dropped = f", {len(losses)} thing(s) dropped (named above)" if losses else ""
    from mapkit.summary import pieces_said

    note = (f"{shown_input(target)}: {write_format(target, to).name}, {pieces_said(m)}{dropped}, "
            f"{time.perf_counter() - started:.2f} s")
    return Result(losses, warnings=tell, note=note)


def _fit_output(source: str, fmt: str) -> str:
    """MAP's name with `-fit` and the extension of `fmt`, beside it (its longest map extension replaced)."""
    from pathlib import Path

    from mapkit.batch import map_stem

    src = Path(source)
    written = [f.extensions[0] for f in file_formats("map") if f.name == fmt and f.extensions]
    return str(src.parent / f"{map_stem(src.name)}-fit{written[0] if written else ''}")


def fit_file(path: PathLike, collection: PathLike, output: PathLike | None = None, to: str | None = None,
             keep_shapes: bool = False, picture: PathLike | None = None, draw: bool = True,
             format: str | None = None, scenario: int | None = None, as_json: bool = False,
             warn: Warn | None = None, room: int | None = None, allow_loss: bool = False) -> Result:
    """`mapkit fit MAP --collection FILE`: `retile` the map, write the new map (to `output`, by
    default MAP's name with -fit in MAP's format, or mapkit JSON when that cannot be written) and,
    with `draw`, its `picture` (default: beside it, .png); both names refused before the solver
    runs. What the new map's format cannot carry is a LossError naming the file (nothing written)
    unless `allow_loss`, which writes it and warns of each loss. `.value` is the `fit_summary`;
    `.status` 1 when the collection falls short."""
    from pathlib import Path

    from mapkit.io import is_standard_output, is_stream

    source = os.fspath(path)
    if source == "-":
        raise OptionError("fit reads MAP from a file (its name names the output)")
    if is_link(source) and output is None:
        raise OptionError("a share link names no file to write the new map beside: name it with -o")
    tell = _Told(warn)
    m = _read_job(path, format, scenario, tell, room=room)
    have = read_collection(collection)
    if not any(n > 0 for n in have.values()):
        raise OptionError(f"{os.fspath(collection)}: the collection holds no pieces; it cannot cover anything")
    if to or output:
        fmt = write_format(output or "x", to).name
    else:
        fmt = m.source_format or "mapkit"
        fmt = fmt if any(f.name == fmt and f.can_write for f in file_formats("map")) else "mapkit"
    out = os.fspath(output) if output else _fit_output(source, fmt)
    if is_standard_output(out):
        raise OptionError(f"-o {out}: standard output carries fit's report; write the new map to a file")
    inputs = (path, collection)
    _check_output(out, inputs=inputs)  # before the solver's work, not after it
    # the picture beside the new map; a map written to a stream (/dev/null, a pipe) has no "beside"
    beside = None if is_stream(out) else str(Path(out).with_suffix(".png"))
    shot = None if not draw else (os.fspath(picture) if picture else beside)
    if shot is not None and is_standard_output(shot):
        raise OptionError(f"--picture {shot}: standard output carries fit's report; draw the picture to a file")
    if shot is not None:
        _check_output(shot, "fit-png", "fit-svg", inputs=inputs)
    result = retile(m, have, keep_shapes, fmt)
    changed = result.feasible and not result.already_fits
    rep = fit_summary(m, result, out if changed else None)
    note = None
    if changed:
        assert result.map is not None
        from mapkit.errors import LossError

        try:
            losses = write(result.map, out, fmt, allow_loss)
        except LossError as exc:
            raise LossError(exc.target, exc.losses, out) from None
        for loss in losses:
            tell(f"{out}: dropped: {loss}")
        from mapkit.summary import pieces_said

        note = f"{out}: re-tiled map, {fmt}, {pieces_said(result.map)}"
        if shot is not None:
            render(result, shot, name=input_name(source))
            rep["picture"] = shot
            note += f"; {shot}: picture of the changes"
    if as_json:
        text = _json_text(rep)
    else:
        text = fit_text(rep, input_name(source)) + (f"picture: {rep['picture']}\n" if rep.get("picture") else "")
    return Result(rep, text, tell, 0 if result.feasible else 1, note=note)


def rules_listing(code: str | None = None, profile: str | None = None, vehicle_rules: str | None = None,
                  table: bool = False, markdown: bool = False, parameters: bool = False, as_json: bool = False,
                  output: PathLike | None = None) -> Result:
    """`mapkit rules [CODE]`: the rules (of a profile, of a vehicle rule set) one a line, or the
    page of the one `code` names (a rule checked or computed), or with `table` the rule table
    (`markdown`: as docs/rules.md holds it), or with `parameters` the convention parameters;
    as JSON with `as_json`; written to `output` when named. `.value` is the rules, table or
    parameters shown."""
    out = _report_output(output, ())
    shown = "JSON" if as_json else "Markdown" if markdown else "text"
    return _deliver(_rules_listing(code, profile, vehicle_rules, table, markdown, parameters, as_json), out,
                    f"rules, {shown}", ())


def _rules_listing(code: str | None, profile: str | None, vehicle_rules: str | None, table: bool, markdown: bool,
                   parameters: bool, as_json: bool) -> Result:
    if table or markdown:
        shown = rule_table("json" if as_json else "markdown" if markdown else "text")
        return Result(shown, shown + "\n" if as_json else shown)
    if parameters:
        rows = rule_parameters()
        if as_json:
            return Result(rows, _json_text(rows, ascii=True))
        return Result(rows, "".join(f"{name} = {row['default']}    {row['source']}\n" for name, row in rows.items()))
    if code is not None:
        page = computed_rule_page(code)
        if page is not None:
            return Result(code, page)
    chosen = list_rules(profile, code, vehicle_rules)
    if code is not None and not chosen:
        within = f" in profile {profile}" if profile else ""
        raise OptionError(f"no rule {code!r}{within} (see `mapkit rules`)")
    if as_json:
        return Result(chosen, _json_text([{"code": r.code, "name": r.name, "severity": r.severity, "family": r.family,
                                           "profiles": sorted(r.profiles), "summary": r.summary, **r.doc}
                                          for r in chosen]))
    exact = [r for r in list_rules(code=code.upper()) if r.code == code.upper()] if code else []
    if code and len(chosen) == 1 or exact:
        rule = exact[0] if exact else chosen[0]
        return Result([rule], rule_page(rule))
    return Result(chosen, "".join(f"{r.code}  {r.name:<28} {r.severity:<8} {r.family:<11} {r.summary}\n"
                                  for r in chosen))
