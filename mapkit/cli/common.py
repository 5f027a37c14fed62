"""What several commands share: reading a map for a picture, checking and writing an output,
and the millimetre option type. Not a command itself (see `COMMANDS` in `mapkit.cli`)."""

from __future__ import annotations

import argparse


def millimetres(text: str) -> float:
    """An argparse type: a length in mm, 0 < value < 1000."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of millimetres: {text!r}") from None
    if not 0 < value < 1000:
        raise argparse.ArgumentTypeError(f"must be between 0 and 1000 mm: {text}")
    return value


def read_map(path: str, fmt: str | None):
    """The map at `path`, its texts printable (a C3G Book given by mistake is named as such by
    the reader, which knows a Book by its content)."""
    from mapkit import formats

    return formats.printable_text(formats.read_map(path, fmt))


def check_output(path: str, *kinds: str, inputs: tuple[str, ...] = ()) -> str:
    """The output name, checked before any work (`mapkit.io.check_output`): an extension of one
    of the output `kinds` (names in `mapkit.app.outputs`; a bare ".ext" is taken as is), a folder
    that exists and may be written, not one of the inputs. Shared by render, print, report and
    analyze, so a typo fails at once in one line instead of after the drawing."""
    from mapkit.app.outputs import suffixes as extensions_of
    from mapkit.io import check_output as check

    suffixes = tuple(dict.fromkeys(s for k in kinds for s in ((k,) if k.startswith(".") else extensions_of([k]))))
    return check(path, *suffixes, inputs=inputs)


def write_output(path: str, data: bytes | str) -> None:
    """Write atomically, never over an input (`mapkit.io.write_output`)."""
    from mapkit.io import write_output as write

    write(path, data)


def add_scenario_option(parser: argparse.ArgumentParser, without: str) -> None:
    """`--scenario K`, the same on every command that takes a map; `without` says what the
    command does with a map of several scenarios when it is not given."""
    parser.add_argument("--scenario", type=int, metavar="K",
                        help=f"only scenario K of a map that sets up several (see `mapkit info`); without it, {without}")


def scenario_map(m, number: int | None, path: str):
    """Scenario `number` of the map as a map of its own (`Map.for_scenario`), or the map itself
    when no number is given; a number the map does not set up is bad usage naming the file."""
    from mapkit.errors import OptionError, UsageError

    if number is None:
        return m
    try:
        return m.for_scenario(number)
    except OptionError as exc:
        raise UsageError(f"{path}: {exc}") from None
