"""Errors that reach the user as one line: the file, the place in it, and what is wrong."""

from __future__ import annotations


class MapkitError(Exception):
    """Any failure mapkit reports to the user without a traceback (exit status 2)."""


class FormatError(MapkitError):
    """A file that cannot be read: names the file, where (byte offset, JSON path, line) and what.

    Readers raise only this (never IndexError, struct.error, UnicodeDecodeError, ...), so
    callers and fuzz tests can rely on one exception type.
    """

    def __init__(self, message: str, *, file: str | None = None, where: str | None = None):
        self.message = message
        self.file = file
        self.where = where
        super().__init__(str(self))

    def with_file(self, file: str) -> "FormatError":
        """The same error, naming the file (readers often do not know it)."""
        if self.file is None:
            self.file = file
        self.args = (str(self),)
        return self

    def __str__(self) -> str:
        parts = [p for p in (self.file, self.where) if p]
        return ": ".join(parts + [self.message])


class LossError(MapkitError):
    """A conversion would drop things the target format cannot carry."""

    def __init__(self, target: str, losses: list[str]):
        self.target = target
        self.losses = losses
        super().__init__(f"{target} cannot carry {len(losses)} thing(s): " + "; ".join(losses))


class OptionError(MapkitError, ValueError):
    """A value given to mapkit that it cannot use: an unknown format, set, paper or level.

    The library raises this (never the command line's UsageError); `mapkit` exits 2 on it.
    """


class StartError(OptionError):
    """A start for a movement analysis that names no space of the map (`mapkit.analyze`)."""


class PictureTooLarge(OptionError):
    """A PNG that would not fit in memory at the scale asked (`mapkit.render`)."""


class UsageError(OptionError):
    """Bad command-line usage that argparse itself cannot catch (raised by `mapkit.cli` only)."""


def reason_of(exc: MapkitError) -> str:
    """Why an input was refused, in words a batch summary groups inputs under (the message
    itself names the file and the place; this is the kind of problem)."""
    limit = getattr(exc, "limit", None)
    if limit is not None:
        return f"past mapkit's {limit.name} limit (docs/limits.md)"
    if isinstance(exc, LossError):
        return f"would lose what {exc.target} cannot hold (--allow-loss converts anyway)"
    if type(exc).__name__ == "OutputError":
        return "the output cannot be written"
    if isinstance(exc, OptionError):
        return "not a map mapkit reads"
    if isinstance(exc, FormatError):
        if exc.message.startswith("cannot read"):
            return "cannot be opened"
        if exc.message.startswith("cannot tell the format"):
            return "not a format mapkit knows"
        return "damaged or malformed"
    return "refused"


class Refusal(str):
    """The one-line message of an input refused in a batch (a plain string to every caller),
    carrying the reason its summary groups it under; it pickles to worker processes."""

    reason: str

    def __new__(cls, message: str, reason: str = "refused") -> "Refusal":
        self = super().__new__(cls, message)
        self.reason = reason
        return self

    @classmethod
    def of(cls, exc: MapkitError) -> "Refusal":
        return cls(str(exc), reason_of(exc))
