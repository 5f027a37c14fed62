"""What several commands share: showing what a job (`mapkit.cli.jobs`) gave back (its text, its
warnings, its exit status), the report, scenario and millimetre options. Not a command itself
(see `COMMANDS` in `mapkit.cli`); like the commands, it reaches the library through its front
door alone (`tests/test_layers.py`)."""

from __future__ import annotations

import argparse
import sys

from mapkit.escapes import line as one_line
from mapkit.escapes import terminal
from mapkit.errors import LossError, Repeats, UsageError, bounded, summarised

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from mapkit.cli.jobs.job import Result


def millimetres(text: str) -> float:
    """An argparse type: a length in mm, 0 < value < 1000."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of millimetres: {text!r}") from None
    if not 0 < value < 1000:
        raise argparse.ArgumentTypeError(f"must be between 0 and 1000 mm: {text}")
    return value


#: How much a command says on stderr besides its errors: -1 `--quiet`, 0, 1 `--verbose`.
verbosity = 0

#: The longest warning line told without `--verbose` (a page's warning can quote a long list).
WARNING_LINE = 300


def add_common_options(parser: argparse.ArgumentParser, before: bool = False) -> None:
    """`-q/--quiet` and `-v/--verbose`, the same on every command (`mapkit.cli.build_parser`);
    `before`: as given before the command's name (`mapkit -q convert ...`), kept apart, since a
    command's own default would overwrite them."""
    said = parser.add_mutually_exclusive_group()
    said.add_argument("-q", "--quiet", action="store_true", dest="quiet_before" if before else "quiet",
                      help="say nothing on stderr but errors: no warnings, no progress bar, no line of what was "
                           "written (the exit status still tells)")
    said.add_argument("-v", "--verbose", action="store_true", dest="verbose_before" if before else "verbose",
                      help="say more on stderr: what was read (format, pieces, seconds), every warning whole, "
                           "and the time the command took")


def set_verbosity(args: argparse.Namespace) -> None:
    """Take -q or -v, given before the command's name or after it; both at once are refused."""
    global verbosity
    quiet = getattr(args, "quiet", False) or getattr(args, "quiet_before", False)
    verbose = getattr(args, "verbose", False) or getattr(args, "verbose_before", False)
    if quiet and verbose:
        raise UsageError("--quiet and --verbose contradict each other")
    verbosity = -1 if quiet else 1 if verbose else 0


def cut(line: str, limit: int = WARNING_LINE) -> str:
    """`line` if it is at most `limit` characters, else its start and how much was left out."""
    if len(line) <= limit:
        return line
    tail = f"… ({len(line):,} characters; --verbose shows it whole)"
    return line[:limit - len(tail)] + tail


#: The warnings told in this command, by kind: past a few of one kind they are counted, not said
#: (a collection of 800,000 rows naming no piece said 800,000 lines); `told_rest` says how many.
_told = Repeats()


def tell(warning: str) -> None:
    """A job's warning, told on stderr as it happens (the `warn` of every job):
    nothing with --quiet, cut to `WARNING_LINE` without --verbose; past a few of one kind, counted
    for `told_rest` (`errors.summarised`)."""
    if verbosity < 0 or not _told.says(warning):
        return
    line = bounded(f"mapkit: {warning}", None)  # whole with --verbose, but never a huge value whole
    print(line if verbosity > 0 else cut(line), file=sys.stderr)


def told_rest(forget: bool = False) -> None:
    """How many warnings of each kind were counted and not told (none with --quiet); `forget`:
    say nothing (a command begins)."""
    rest = _told.rest()
    if not forget and verbosity >= 0:
        for line in rest:
            print(bounded(f"mapkit: {line}", None), file=sys.stderr)


def refuse(error: str) -> None:
    """A file a batch could not read: an error, said even with --quiet."""
    line = bounded(f"mapkit: {error}", None)
    print(cut(line) if verbosity <= 0 else bounded(line), file=sys.stderr)


def show(result: Result) -> int:
    """Present what a job gave back (its warnings were told as they happened): its
    text on stdout, then (with --verbose) what was read, a batch's summary and the one line of
    what was written on stderr (neither with --quiet); returns its exit status."""
    sys.stdout.write(terminal(result.text))  # (a report's own texts spell them already)
    told_rest()
    if verbosity > 0:
        for line in result.details:  # (a file's name is one line, whatever it holds)
            print(one_line(f"mapkit: {line}"), file=sys.stderr)
    print_summary(result.summary)
    if result.note is not None and verbosity >= 0:
        print(one_line(f"mapkit: wrote {result.note}"), file=sys.stderr)
    return result.status


def print_summary(lines: list[str]) -> None:
    """A batch's summary on stderr, its first line marked as mapkit's (with --quiet, none)."""
    if verbosity < 0:
        return
    for i, line in enumerate(lines):
        print(("mapkit: " if i == 0 else "") + bounded(line, None), file=sys.stderr)


#: What `-o` of a command that prints a report cannot be: a picture, a sheet or a page.
_PICTURES = (".png", ".svg", ".pdf", ".html", ".htm")


def add_report_options(parser: argparse.ArgumentParser, command: str, formats: tuple[str, ...] = ("text", "json"),
                       picture: str | None = None) -> None:
    """`--format`, its shorthand `--json` and `-o FILE`, the same on every command that prints a
    report; `picture` names the command's own option for a picture (`-o` is never one)."""
    parser.add_argument("--format", dest="output_format", choices=formats, default=None,
                        help=f"report format (default: as -o's name says, {', '.join(_BY_SUFFIX.get(f, f) for f in formats[1:])}; "
                             f"else {formats[0]})")
    parser.add_argument("--json", action="store_true", help="the same as --format json")
    parser.add_argument("-o", "--output", metavar="FILE",
                        help=f"write the report to FILE rather than standard output"
                             + (f" (the picture is {picture})" if picture else ""))
    parser.set_defaults(_report=(command, picture), _report_formats=formats)


#: The report format an `-o` name asks for when no --format is given.
_BY_SUFFIX = {"json": ".json", "sarif": ".sarif", "markdown": ".md"}


def report_format(args: argparse.Namespace) -> str:
    """The report format asked: --format, or json for --json, else the one `-o`'s name says
    (.json, .sarif, .md), else text; --json with another --format is refused."""
    chosen = args.output_format
    if args.json and chosen not in (None, "json"):
        raise UsageError(f"--json and --format {chosen} contradict each other")
    if args.json:
        return "json"
    if chosen is None and args.output:
        chosen = next((f for f, suffix in _BY_SUFFIX.items()
                       if f in getattr(args, "_report_formats", ()) and args.output.lower().endswith(suffix)), None)
    return chosen or "text"


def report_output(args: argparse.Namespace) -> str | None:
    """The `-o` of a command that prints a report, refused at once when it names a picture."""
    out = args.output
    command, picture = args._report
    if out is not None and out.lower().endswith(_PICTURES):
        hint = f"; draw the picture with {picture} {out}" if picture else ""
        raise UsageError(f"-o {out}: -o is where {command}'s report goes (text or JSON){hint}")
    return out


def say_what_was_read(clear: bool = False) -> None:
    """With --verbose, what the command's jobs read (`mapkit.cli.jobs.job.READ`), said when it
    refuses after reading: its result, which says so otherwise, never came. `clear`: forget it
    instead (a command begins)."""
    job = sys.modules.get("mapkit.cli.jobs.job")  # (not loaded: nothing was read)
    read: list[str] = getattr(job, "READ", [])
    if not clear and verbosity > 0:
        for line in read:
            print(one_line(f"mapkit: {line}"), file=sys.stderr)
    read.clear()


def refuse_loss(where: str, exc: LossError) -> int:
    """A write refused because the format cannot carry something: what, and how to write anyway."""
    say_what_was_read()
    print(bounded(f"mapkit: {exc.file or where}: {exc.target} cannot carry {len(exc.losses)} thing(s); "
                  f"nothing written (use --allow-loss to write it anyway):"), file=sys.stderr)
    for loss in summarised(exc.losses):  # (a million pieces dropped are not a million lines)
        print(f"  - {cut(bounded(loss, None))}", file=sys.stderr)
    return 2


def add_scenario_option(parser: argparse.ArgumentParser, without: str, rooms: str = "each room in turn") -> None:
    """`--scenario K` and `--room R`, the same on every command that takes a map; `without` says
    what the command does with a map of several scenarios when it is not given, `rooms` with a
    page of several rooms."""
    parser.add_argument("--scenario", type=int, metavar="K",
                        help=f"only scenario K of a map that sets up several (see `mapkit info`); without it, {without}")
    parser.add_argument("--room", type=int, metavar="R",
                        help=f"only room R of a page that draws several boards (see `mapkit info`), as its own "
                             f"pictures draw it; without it, {rooms}")
