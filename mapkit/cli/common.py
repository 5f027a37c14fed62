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


def check_output(path: str, *kinds: str) -> str:
    """The output name, checked before any work: an extension of one of the output `kinds`
    (names in `mapkit.app.outputs`; a bare ".ext" is taken as is), in a folder that exists.

    Shared by render, print, report and analyze, so a typo fails at once in one line
    instead of after the drawing (or as an internal error from the temporary file).
    """
    from pathlib import Path

    from mapkit.app.outputs import suffixes as extensions_of
    from mapkit.errors import UsageError

    out = str(path)
    suffixes = tuple(dict.fromkeys(s for k in kinds for s in ((k,) if k.startswith(".") else extensions_of([k]))))
    if not out.lower().endswith(suffixes):
        raise UsageError(f"{out}: the output must end in {' or '.join(suffixes)}")
    target = Path(out)
    if target.is_dir():
        raise UsageError(f"{out}: is a folder, not a file name")
    folder = target.parent
    if not folder.is_dir():
        raise UsageError(f"{out}: the folder {folder} does not exist")
    return out


def write_output(path: str, data: bytes | str) -> None:
    """Write atomically; a write the system refuses (permissions, full disk) is one clear error."""
    from mapkit.io import write_file

    write_file(path, data)
