"""The `mapkit` command: thin subcommands over the library.

Each subcommand lives in `mapkit/cli/<name>.py` with `add_parser(subparsers)` and
`run(args) -> int`. Modules import heavy libraries inside `run`, so `mapkit --help` and
quick commands start fast. Errors reach the user as one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from mapkit import __version__
from mapkit.errors import MapkitError

#: Subcommand modules in the order `mapkit --help` lists them; a missing module is skipped.
#: (`mapkit print` lives in `printing.py`: a module named `print` would shadow the builtin here.)
COMMANDS = ("info", "convert", "validate", "rules", "inventory", "fit", "overlay", "analyze",
            "render", "printing", "report")


class _Parser(argparse.ArgumentParser):
    """argparse that reports bad usage in one line and exits 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="mapkit", description="Read, convert, check and draw Heroscape battlefields.")
    parser.add_argument("--version", action="version", version=f"mapkit {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"mapkit.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"mapkit.cli.{name}":
                continue
            raise
        sub_parser = module.add_parser(sub)
        sub_parser.set_defaults(_run=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args._run(args) or 0)
    except MapkitError as exc:
        print(f"mapkit: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("mapkit: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug: say so in one line, keep the traceback for debugging
        if os.environ.get("MAPKIT_DEBUG"):
            raise
        print(f"mapkit: internal error: {type(exc).__name__}: {exc} (set MAPKIT_DEBUG=1 for details)",
              file=sys.stderr)
        return 3
