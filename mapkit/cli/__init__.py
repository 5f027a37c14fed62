"""The `mapkit` command: thin subcommands over the library.

Each subcommand lives in `mapkit/cli/<name>.py` with `add_parser(subparsers)` and
`run(args) -> int`, which parses and calls one job of `mapkit/cli/jobs/` (the whole command from
a path, its exit status and every word about flags). Modules import heavy libraries inside
`run`, so `mapkit --help` and quick commands start fast. Errors reach the user as one line on stderr, never a traceback.
"""

from __future__ import annotations

import os
import sys

import _signal  # type: ignore[import-not-found]  # built in, loaded with Python: Ctrl-C is ours before `signal` imports `enum`

# mapkit does no linear algebra, yet numpy (loaded by shapely, HiGHS and the vector readers)
# loads OpenBLAS, which starts a thread per core that spins while it starts: half of numpy's
# import on this 2-core machine (0.115 -> 0.062 s of CPU). The program runs it on one thread, as
# it runs the solver, unless its user set otherwise; a program importing the library keeps its own.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

#: An interrupt came while a module was being imported and waits for the import to end.
_pending_interrupt = False

#: `main` has its answer: an interrupt from now on has nothing left to stop.
_answered = False


def _interrupted_early(signum: int, frame: object) -> None:
    """Ctrl-C before `main` has begun (while the command's modules load): end at once, quietly."""
    global _pending_interrupt
    if _importing(frame) and hasattr(_signal, "setitimer"):
        _pending_interrupt = True  # `main`, once begun, takes it over
        _signal.signal(_signal.SIGALRM, _interrupted_early)
        _signal.setitimer(_signal.ITIMER_REAL, 0.01)  # an import is never cut in half: look again soon
        return
    _end_early("interrupted", 130)


def _terminated_early(signum: int, frame: object) -> None:
    """SIGTERM or SIGHUP before `main` has begun: nothing is written yet, so end at once."""
    _end_early("terminated", 143)


def _end_early(what: str, status: int) -> None:
    try:
        print(f"mapkit: {what}", file=sys.stderr, flush=True)
    finally:
        os._exit(status)


def _importing(frame: object) -> bool:
    """Whether the Python stack from `frame` down is importing a module."""
    while frame is not None:
        code = frame.f_code  # type: ignore[attr-defined]
        if code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back  # type: ignore[attr-defined]
    return False


def _is_the_command() -> bool:
    main_module = sys.modules.get("__main__")
    spec = getattr(main_module, "__spec__", None)
    return getattr(spec, "name", None) == "mapkit.__main__" or os.path.basename(sys.argv[0] or "") == "mapkit"


if _is_the_command() and _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
    _signal.signal(_signal.SIGINT, _interrupted_early)
    for _name in ("SIGTERM", "SIGHUP"):
        _signum = getattr(_signal, _name, None)
        if _signum is not None and _signal.getsignal(_signum) == _signal.SIG_DFL:
            _signal.signal(_signum, _terminated_early)

import signal  # noqa: E402
import argparse  # noqa: E402
import importlib  # noqa: E402

from mapkit import __version__  # noqa: E402
from mapkit.cli import common as _common  # noqa: E402
from mapkit.cli.common import add_common_options, set_verbosity  # noqa: E402
from mapkit.cli.parsing import Parser, unrecognized  # noqa: E402
from mapkit.errors import MAX_MESSAGE, MapkitError, bounded  # noqa: E402
from mapkit.cli.wording import Flags  # noqa: E402
from mapkit.wording import speaking  # noqa: E402

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any

#: Subcommand modules in the order `mapkit --help` lists them; a missing module is skipped.
#: (`mapkit print` lives in `printing.py`: a module named `print` would shadow the builtin here.)
COMMANDS = ("info", "convert", "validate", "rules", "inventory", "fit", "overlay", "analyze",
            "render", "printing", "report", "gallery", "completion")


#: Command names that differ from their module's name.
COMMAND_NAMES = {"printing": "print"}


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser of every command; or, when `argv` starts with a command's name, of that
    command alone (importing the other ten and their options costs more than reading a
    10 000-tile map)."""
    parser = Parser(prog="mapkit", description="Read, convert, check and draw Heroscape battlefields.")
    parser.add_argument("--version", action="version", version=f"mapkit {__version__}")
    add_common_options(parser, before=True)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True
    first = argv[0] if argv else None
    only = next((name for name in COMMANDS if COMMAND_NAMES.get(name, name) == first), None)
    for name in COMMANDS:
        if only is not None and name != only:
            continue
        try:
            module = importlib.import_module(f"mapkit.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"mapkit.cli.{name}":
                continue
            raise
        sub_parser = module.add_parser(sub)
        add_common_options(sub_parser)
        sub_parser.set_defaults(_run=module.run)
    return parser


#: Exit statuses (docs/exit-codes.md). 1 is validate's "an error was found".
EXIT_REFUSED, EXIT_BUG = 2, 3
EXIT_INTERRUPTED, EXIT_CLOSED_PIPE, EXIT_TERMINATED = 130, 141, 143

BUG_ADVICE = ("this is a bug in mapkit: please report it with the command line and the input file "
              "(MAPKIT_DEBUG=1 shows the traceback)")


class _Terminated(BaseException):
    """SIGTERM or SIGHUP, raised in the main thread so that temporary files are cleaned up."""


def _terminate(signum: int, frame: object) -> None:
    """SIGTERM or SIGHUP: _Terminated, but, as an interrupt (`_interrupt`), not in the middle of
    an import (numpy, cut there, fails with an ImportError and a traceback) nor while a batch
    holds signals back."""
    global _pending_termination
    if _answered:
        return
    held = getattr(sys.modules.get("mapkit.batch"), "interrupts_held", None)
    if held is not None and held():
        sys.modules["mapkit.batch"].defer_interrupt(_Terminated(signum))
        return
    if _importing(frame) and hasattr(signal, "setitimer"):
        _pending_termination = signum
        signal.setitimer(signal.ITIMER_REAL, 0.01)
        return
    _pending_termination = 0
    raise _Terminated(signum)


#: A termination that came during an import, raised once it is done (`_interrupt_later`).
_pending_termination = 0


#: Positionals that take many files: `convert IN --scenario 2 OUT` and `validate A --select P1 B`
#: mean what they say, though argparse stops a `nargs="+"` positional at the first option.
_MANY_FILES = ("paths", "maps")


def _parse(parser: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace:
    args, extra = parser.parse_known_args(argv)
    files = next((getattr(args, name) for name in _MANY_FILES if isinstance(getattr(args, name, None), list)), None)
    if extra and files is not None and all(word == "-" or not word.startswith("-") for word in extra):
        files.extend(extra)
        return args
    if extra:  # argparse's own error for what is left, with the nearest option to a mistyped one
        command = command_parser(parser, args.command)
        (command or parser).error(unrecognized(parser, command, extra))
    return args


def every_command() -> dict[str, argparse.ArgumentParser]:
    """Every command's parser by name, in `mapkit --help`'s order (each command's module imported)."""
    for action in build_parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def command_parser(parser: argparse.ArgumentParser, name: str | None) -> argparse.ArgumentParser | None:
    """The parser of command `name` among `parser`'s (None: no such command)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action.choices.get(name) if name else None
    return None


def main(argv: list[str] | None = None) -> int:
    """Run one command. Exit status: 0 done, 1 validate found an error, 2 refused (bad usage,
    bad input, a limit, a loss, an output that must not or cannot be written), 3 a bug in mapkit,
    130/143 interrupted or terminated, 141 standard output closed (as Unix tools: quietly)."""
    global _answered, _pending_termination
    from mapkit import io

    the_command = argv is None and _is_the_command()
    argv = sys.argv[1:] if argv is None else argv
    _answered = False
    _pending_termination = 0
    started = None
    handlers = _catch_termination()
    try:
        parser = build_parser(argv)
        if not argv:                                    # `mapkit` alone: what it can do, not an error
            parser.print_help()
            return 0
        args = _parse(parser, argv)
        set_verbosity(args)
        _common.say_what_was_read(clear=True)
        _common.told_rest(forget=True)
        started = _clock()
        # library texts name the choices they tell of as the command's flags
        with io.command_run(), speaking(Flags.of(command_parser(parser, args.command), every_command)):
            code = int(args._run(args) or 0)
        _took(args.command, started, code)
        return code
    except MapkitError as exc:
        _common.told_rest()
        _common.say_what_was_read()
        _say(bounded(f"mapkit: {exc}"))
        if started is not None:
            _took(args.command, started, EXIT_REFUSED)
        return EXIT_REFUSED
    except KeyboardInterrupt:
        _say("mapkit: interrupted; no file was left half-written")
        return EXIT_INTERRUPTED
    except _Terminated:
        _say("mapkit: terminated; no file was left half-written")
        return EXIT_TERMINATED
    except BrokenPipeError:
        io.silence_stdout()
        return EXIT_CLOSED_PIPE
    except MemoryError:
        _say(f"mapkit: internal error: ran out of memory; no limit of docs/limits.md caught this input: {BUG_ADVICE}")
        return EXIT_BUG
    except Exception as exc:  # a bug: say so in one line, keep the traceback for debugging
        if os.environ.get("MAPKIT_DEBUG"):
            raise
        _say(f"mapkit: internal error: {type(exc).__name__}: {bounded(str(exc), MAX_MESSAGE)}; {BUG_ADVICE}")
        return EXIT_BUG
    finally:
        _answered = True
        if the_command:
            _ignore_late_signals()
        else:
            _restore(handlers)


def _ignore_late_signals() -> None:
    """The program has answered and only its exit remains: ignore Ctrl-C, SIGTERM and SIGHUP from
    here on. Python's shutdown sets every signal that has a Python handler back to the system
    default, so an interrupt in those last milliseconds (a terminal's Ctrl-C as the summary
    appears) would otherwise kill the finished command with a signal instead of its exit status."""
    if hasattr(signal, "setitimer"):
        signal.setitimer(signal.ITIMER_REAL, 0)
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is not None:
            try:
                signal.signal(signum, signal.SIG_IGN)
            except (ValueError, OSError):
                pass


def _took(command: str, started: float, code: int) -> None:
    """With --verbose, the command's last line: the time it took and its exit status."""
    if _common.verbosity > 0:
        _say(f"mapkit: {command} took {_clock() - started:.2f} s, exit status {code}")


def _clock() -> float:
    from time import perf_counter

    return perf_counter()


def _say(line: str) -> None:
    """One line on stderr; a closed or full stderr is ignored (there is nowhere else to say it)."""
    try:
        print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def _catch_termination() -> dict[int, object]:
    """Turn SIGTERM and SIGHUP into an exception, and SIGINT into KeyboardInterrupt once no module
    is being imported (main thread only: elsewhere `signal.signal` refuses with ValueError), so
    writes clean up."""
    previous: dict[int, object] = {}
    for name, handler in (("SIGTERM", _terminate), ("SIGHUP", _terminate), ("SIGINT", _interrupt),
                          ("SIGALRM", _interrupt_later)):
        signum = getattr(signal, name, None)
        if signum is None:
            continue
        try:
            previous[signum] = signal.signal(signum, handler)
        except (ValueError, OSError):
            pass
    return previous


def _interrupt(signum: int, frame: object) -> None:
    """Ctrl-C: KeyboardInterrupt, but not in the middle of an import nor while a batch holds
    interrupts back (`mapkit.batch.interrupts_held`). An interrupted import
    leaves a module half made, and numpy turns it into an ImportError with a traceback; so the
    interrupt waits (looking again every 10 ms) until the import is done."""
    global _pending_interrupt
    if _answered:
        return
    held = getattr(sys.modules.get("mapkit.batch"), "interrupts_held", None)  # (the module may be loading)
    if held is not None and held():
        # held while a pool starts or stops its workers: raised there may mean raised inside the
        # fork's callbacks, where an exception is printed and ignored and the command goes on;
        # the batch raises it itself when it lets interrupts through again
        sys.modules["mapkit.batch"].defer_interrupt()
        return
    if _importing(frame):
        _pending_interrupt = True
        if hasattr(signal, "setitimer"):
            signal.setitimer(signal.ITIMER_REAL, 0.01)
            return
    _pending_interrupt = False
    raise KeyboardInterrupt


def _interrupt_later(signum: int, frame: object) -> None:
    if _pending_termination:
        _terminate(_pending_termination, frame)
    elif _pending_interrupt:
        _interrupt(signum, frame)


def _restore(handlers: dict[int, object]) -> None:
    if hasattr(signal, "setitimer") and signal.SIGALRM in handlers:
        signal.setitimer(signal.ITIMER_REAL, 0)  # no look at a pending interrupt outlives the command
    for signum, handler in handlers.items():
        try:
            signal.signal(signum, handler)  # type: ignore[arg-type]
        except (ValueError, OSError, TypeError):
            pass
