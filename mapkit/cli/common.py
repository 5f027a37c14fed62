"""What several commands share: showing what a `mapkit.api` job gave back (its text, its
warnings, its exit status), the scenario and millimetre options. Not a command itself
(see `COMMANDS` in `mapkit.cli`); like the commands, it reaches the library through
`mapkit.api` alone (`tests/test_layers.py`)."""

from __future__ import annotations

import argparse
import sys

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
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


def add_scenario_option(parser: argparse.ArgumentParser, without: str, rooms: str = "each room in turn") -> None:
    """`--scenario K` and `--room R`, the same on every command that takes a map; `without` says
    what the command does with a map of several scenarios when it is not given, `rooms` with a
    page of several rooms."""
    parser.add_argument("--scenario", type=int, metavar="K",
                        help=f"only scenario K of a map that sets up several (see `mapkit info`); without it, {without}")
    parser.add_argument("--room", type=int, metavar="R",
                        help=f"only room R of a page that draws several boards (see `mapkit info`), as its own "
                             f"pictures draw it; without it, {rooms}")
