"""What several commands share: showing what a `mapkit.api` job gave back (its text, its
warnings, its exit status); reading a map and telling what its reader recovered from, checking
and writing an output (for the commands not yet one call); the scenario and millimetre options. Not a command itself
(see `COMMANDS` in `mapkit.cli`); like the commands, it reaches the library through
`mapkit.api` alone (`tests/test_layers.py`)."""

from __future__ import annotations

import argparse
import sys

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from mapkit import Map
    from mapkit.api import Result


def millimetres(text: str) -> float:
    """An argparse type: a length in mm, 0 < value < 1000."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of millimetres: {text!r}") from None
    if not 0 < value < 1000:
        raise argparse.ArgumentTypeError(f"must be between 0 and 1000 mm: {text}")
    return value


def read_map(path: str, fmt: str | None, scenario: int | None = None, printable: bool = False) -> Map:
    """The map at `path` (a C3G Book given by mistake is named as such by the reader, which
    knows a Book by its content), its reader's warnings told on stderr, then scenario
    `scenario` of it (`scenario_map`); `printable` for a picture, sheet or page."""
    from mapkit import api

    m = api.read(path, fmt, printable=printable)
    warn_read(m, path)
    return scenario_map(m, scenario, path)


def warn_read(m: Map, path: str) -> None:
    """Tell the user, on stderr, what a reader recovered from or ignored."""
    for warning in m.warnings:
        print(f"mapkit: {path}: warning: {warning}", file=sys.stderr)


def check_output(path: str, *kinds: str, inputs: tuple[str, ...] = ()) -> str:
    """The output name, checked before any work (`mapkit.io.check_output`): an extension of one
    of the output `kinds` (names of `mapkit.output_kinds()`; a bare ".ext" is taken as is), a
    folder that exists and may be written, not one of the inputs. Shared by render, print, report
    and analyze, so a typo fails at once in one line instead of after the drawing."""
    from mapkit import api
    from mapkit.io import check_output as check

    known = {k.name: k.extensions for k in api.output_kinds()}
    suffixes = tuple(dict.fromkeys(s for k in kinds for s in ((k,) if k.startswith(".") else known[k])))
    return check(path, *suffixes, inputs=inputs)


def write_output(path: str, data: bytes | str) -> None:
    """Write atomically, never over an input (`mapkit.io.write_output`)."""
    from mapkit.io import write_output as write

    write(path, data)


def tell(warning: str) -> None:
    """A job's warning, told on stderr as it happens (the `warn` of every `mapkit.api` job)."""
    print(f"mapkit: {warning}", file=sys.stderr)


def show(result: Result) -> int:
    """Present what a `mapkit.api` job gave back (its warnings were told as they happened): its
    text on stdout, then a batch's summary and the note of what was written on stderr; returns
    its exit status."""
    sys.stdout.write(result.text)
    print_summary(result.summary)
    if result.note is not None:
        print(result.note, file=sys.stderr)
    return result.status


def print_summary(lines: list[str]) -> None:
    """A batch's summary on stderr, its first line marked as mapkit's."""
    for i, line in enumerate(lines):
        print(("mapkit: " if i == 0 else "") + line, file=sys.stderr)


def add_scenario_option(parser: argparse.ArgumentParser, without: str) -> None:
    """`--scenario K`, the same on every command that takes a map; `without` says what the
    command does with a map of several scenarios when it is not given."""
    parser.add_argument("--scenario", type=int, metavar="K",
                        help=f"only scenario K of a map that sets up several (see `mapkit info`); without it, {without}")


def scenario_map(m: Map, number: int | None, path: str) -> Map:
    """Scenario `number` of the map as a map of its own (`Map.for_scenario`), or the map itself
    when no number is given; a number the map does not set up is bad usage naming the file."""
    from mapkit.errors import OptionError, UsageError

    if number is None:
        return m
    try:
        return m.for_scenario(number)
    except OptionError as exc:
        raise UsageError(f"{path}: {exc}") from None
