"""What every command's job (`mapkit.cli.jobs`) shares: the `Result` it gives back to be shown, the warnings it tells
as they happen, reading its map, checking and writing its outputs."""

from __future__ import annotations

import os

from mapkit.errors import RoomError, ScenarioError
from mapkit.errors import shown as shown_input
from mapkit.records import Record, field

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any, Callable, Iterable, Union

    from mapkit import Map

    #: A file name, as a string or a path.
    PathLike = Union[str, "os.PathLike[str]"]
    #: A callback told each warning of a job as it happens (the command prints it on stderr).
    Warn = Callable[[str], None]
    #: A callback told `(done, total)` as a batch goes (`mapkit.validate_files`).
    Progress = Callable[[int, int], None]


class Result(Record):
    """What a job done from a path gives back to be shown.

    `value` is the library's answer (a summary, a report, a `Validation`, ...); `text` what the
    command prints on standard output; `warnings` what its reader recovered from and what could
    not be drawn or read, in order (each told as it happens to the job's `warn`, if given);
    `status` its exit status (0 done, 1 a check found an error or a fit is short, 2 some input
    was refused); `summary` the lines a batch ends with and `note` the one line saying what was
    written, both for standard error after the text; `details` what was read and how long it
    took (what `--verbose` adds)."""

    value: Any = None
    text: str = ""
    warnings: list[str] = field(default_factory=list)
    status: int = 0
    summary: list[str] = field(default_factory=list)
    note: str | None = None
    details: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        # A job's `Told` warnings carry its details; the result keeps plain lists.
        if not self.details:
            self.details = list(getattr(self.warnings, "details", ()))
        self.warnings = list(self.warnings)


#: What the jobs of the command now running read, in order (`said_read`): `--verbose` says it even
#: when the command then refuses (`mapkit.cli.main`), as it does with a command's result.
READ: list[str] = []


def said_read(tell: Told, line: str) -> None:
    """A line of what a job read (`path: read as FORMAT, what it holds, in S s`), for --verbose."""
    tell.details.append(line)
    READ.append(line)


class Told(list):
    """The warnings of one job, in order, each passed on to `warn` as it is added; and its
    `details` (what was read, how long it took)."""

    def __init__(self, warn: Warn | None):
        super().__init__()
        self.warn = warn
        self.details: list[str] = []
        #: The format of the map file the job read (`read_job`).
        self.read_as: str | None = None

    def __call__(self, warning: str) -> None:
        self.append(warning)
        if self.warn is not None:
            self.warn(warning)


def read_job(path: PathLike, format: str | None, scenario: int | None, tell: Told, printable: bool = False,
             room: int | None = None, read_from: tuple[Map, float] | None = None, books: bool = True) -> Map:
    """The map at `path`, each of its reader's warnings told (with `books`, each C3G Book it
    places that cannot be read), then room `room` and scenario `scenario` of it; one the map
    lacks is a RoomError or ScenarioError naming the file. `read_from` is the map already read
    from `path` (`api.read_document`) and when its reading started: it is not read again."""
    import time

    from mapkit import api

    if read_from is None:
        started = time.perf_counter()
        m = api.read(path, format, printable=printable)
    else:
        m, started = read_from
    seconds = time.perf_counter() - started
    read_as = tell.read_as = m.read_as or m.source_format
    said_read(tell, f"{shown_input(path)}: read as {read_as or 'an unnamed format'}, {api.pieces_said(m)} "
                    f"in {seconds:.3f} s")  # as a batch says it (`mapkit.summary.read_said`); pieces as info counts them
    for warning in api.reader_warnings(m, books):
        tell(f"{shown_input(path)}: warning: {warning}")
    try:
        return api.pick(m, room, scenario)
    except (RoomError, ScenarioError) as exc:
        raise type(exc)(f"{shown_input(path)}: {exc}") from None


def read_collection_job(collection: PathLike, tell: Told) -> dict[str, int]:
    """The collection `--collection` names (a file, or a list such as "2xRotV,RttFF"), each thing
    its reader skipped told, and what was read said for --verbose."""
    import time

    from mapkit import api

    started = time.perf_counter()
    skipped: list[str] = []
    owned = api.read_collection(collection, skipped, called="--collection")
    name = shown_input(collection)
    for warning in skipped:
        tell(f"{name}: warning: {warning}")
    said_read(tell, f"{name}: read as a collection of {sum(owned.values()):,} piece(s) (sets counted by their "
                    f"pieces) in {time.perf_counter() - started:.3f} s")
    return owned


def check_output(path: PathLike, *kinds: str, inputs: Iterable[PathLike] = ()) -> str:
    """The output name, checked before any work (`mapkit.io.check_output`): an extension of one
    of the output `kinds` (a bare ".ext" is taken as is), a folder that may be written, not one
    of the inputs; so a typo fails at once instead of after the drawing."""
    from mapkit import io
    from mapkit.api import output_kinds

    known = {k.name: k.extensions for k in output_kinds()} if any(not k.startswith(".") for k in kinds) else {}
    suffixes = tuple(dict.fromkeys(s for k in kinds for s in ((k,) if k.startswith(".") else known[k])))
    return io.check_output(path, *suffixes, inputs=tuple(inputs))


def report_output(output: PathLike | None, inputs: Iterable[PathLike]) -> str | None:
    """Where a job writes the report it would print: None for standard output (not given, "-",
    /dev/stdout), else a file name checked before any work as every output is."""
    if output is None:
        return None
    from mapkit.io import is_standard_output

    out = os.fspath(output)
    return None if is_standard_output(out) else check_output(out, inputs=inputs)


def deliver(result: Result, output: str | None, what: str, inputs: Iterable[PathLike]) -> Result:
    """`result` with its report written atomically to `output` (when one is named) rather than
    printed, and a note saying so."""
    if output is not None:
        from mapkit.io import write_output

        write_output(output, result.text, inputs=tuple(inputs))
        result.text = ""
        result.note = f"{output}: {what}"
    return result


def json_text(doc: Any, ascii: bool = False) -> str:
    from mapkit.escapes import json_text as said

    return said(doc, ascii=ascii)


def overlay_params(given: Any, always: bool = False) -> Any:
    """An `OverlayParams`, given as one or as a mapping of `OverlayParams.from_options` keywords
    (hex_region, base_diameter, marker_diameter; None: the default); None when nothing is given
    and not `always`. A value it cannot take is an OptionError."""
    from mapkit import OverlayParams

    if not always and (given is None or (not isinstance(given, OverlayParams)
                                         and all(v is None for v in dict(given).values()))):
        return None
    return OverlayParams.of(given)
