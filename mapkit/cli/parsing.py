"""argparse as `mapkit` uses it: bad usage in one line, with a suggestion where one is close.

What git and ruff do: a mistyped command, option or choice is refused with the nearest one
(`mapkit ifno` -> did you mean 'info'?); a choice whose case means nothing is taken in any case
(`--paper A4`, `--seen-from wsw`); a command's name is not (as git's). Help wraps to the
terminal's width without importing shutil.
"""

from __future__ import annotations

import argparse
import os
import sys

from mapkit.errors import bounded, nearest

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any, Iterable


def terminal_width() -> int:
    """The width help text wraps to: $COLUMNS, else the terminal's, else 80 (as argparse's own
    default, but without importing shutil, which brings bz2 and lzma into every command)."""
    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 80


class Formatter(argparse.HelpFormatter):
    """argparse's help layout, its width taken by `terminal_width`."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position, terminal_width() - 2 if width is None else width)


def is_command_choice(action: argparse.Action) -> bool:
    return isinstance(action, argparse._SubParsersAction)


class Parser(argparse.ArgumentParser):
    """argparse that reports bad usage in one line and exits 2, suggests the nearest command,
    option or choice, and takes a choice in any case."""

    def __init__(self, *args: Any, **kwargs: Any):
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, bounded(f"{self.prog}: error: {message}") + "\n")  # it may quote a huge argument

    def _get_value(self, action: argparse.Action, arg_string: str) -> Any:
        value = super()._get_value(action, arg_string)
        choices = action.choices
        if isinstance(value, str) and choices is not None and value not in choices and not is_command_choice(action):
            same = [c for c in choices if isinstance(c, str) and c.casefold() == value.casefold()]
            if len(same) == 1:  # `--paper A4`: no choice of mapkit's differs from another by case alone
                return same[0]
        return value

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        choices = action.choices
        if choices is None or value in choices:
            return
        names = [str(c) for c in choices]
        listed = ", ".join(map(repr, names))
        if is_command_choice(action):
            meant = nearest(str(value), names)
            tip = f"; did you mean {meant!r}?" if meant else ""
            raise argparse.ArgumentError(action, f"{value!r} is not a mapkit command{tip} (choose from {listed})")
        meant = nearest(str(value), names)
        tip = f"; did you mean {meant!r}?" if meant else ""
        raise argparse.ArgumentError(action, f"invalid choice: {value!r}{tip} (choose from {listed})")


def option_strings(parser: argparse.ArgumentParser) -> list[str]:
    """Every option string `parser` takes (`-o`, `--output`, ...), in its order."""
    return [s for action in parser._actions for s in action.option_strings]


def unrecognized(parser: argparse.ArgumentParser, command: argparse.ArgumentParser | None, extra: list[str]) -> str:
    """argparse's "unrecognized arguments" for `extra`, with the nearest option of the command
    (or, before a command's name, of `mapkit` itself) to each mistyped option."""
    known = option_strings(command if command is not None else parser)
    words = []
    for word in extra:
        meant = None
        if word.startswith("-") and len(word) > 1:
            typed = word.split("=", 1)[0]
            meant = nearest(typed, [k for k in known if k.startswith("--") == typed.startswith("--")])
        words.append(f"{word} (did you mean {meant}?)" if meant is not None else word)
    return f"unrecognized arguments: {' '.join(words)}"
