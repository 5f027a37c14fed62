"""Many inputs at once: folders walked recursively, outputs that never collide, and a summary.

`convert -d` and `validate` take files and folders. The steps are separate so that a caller
may run the middle one in parallel (each source is independent and everything pickles):

    sources, skipped = walk(paths, skip=[out_dir])       # what to read, in a stable order
    plan = plan_outputs(sources, out_dir, ".hsc")          # one distinct output per source
    outcomes = [convert_source(s, target, ...) for s, target in plan]   # or a pool's map
    summary = Summary.of(outcomes, skipped)                # counts, refusals grouped by reason

Outputs keep their sources' paths relative to the folder given, so two maps of one name in
different folders of an archive never write over each other; two maps of one name in one
folder (`castle.hsc`, `castle.json`) keep their source extension (`castle.hsc.json`). Every
write goes through `mapkit.io`, which refuses an output that is an input.
"""

from __future__ import annotations

import os
import sys
import time
from collections import Counter
from pathlib import Path, PurePath
from typing import Any, Callable, Iterable, Sequence

from mapkit import escapes
from mapkit.errors import MapkitError, OptionError, Unkept, is_link, names, reason_of, refusing, shown, summarised
from mapkit.records import Record, field

#: Below this many bytes in all, one process does the files (a pool costs ~0.2 s to start).
PARALLEL_MIN_BYTES = 1_000_000

#: Told `(done, total)` before the first file (done 0) and after each one, in the caller's process.
Progress = Callable[[int, int], None]

def cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def jobs_for(requested: int, paths: Sequence[str]) -> int:
    """Workers to start: `requested` if given, else every core, but one for small inputs (each
    file is independent, so N workers do N files at a time)."""
    if requested < 0:
        raise OptionError(f"jobs={requested}: the number of workers cannot be negative")
    if requested:
        return max(1, min(requested, len(paths)))
    if len(paths) < 2:
        return 1
    size = sum(os.path.getsize(p) for p in paths if os.path.isfile(p))
    return 1 if size < PARALLEL_MIN_BYTES else min(cores(), len(paths))


def run_all(work: Callable[..., Any], jobs: list[tuple], workers: int, progress: Progress | None = None) -> list[Any]:
    """`work(*args)` for every tuple of `jobs`, in `workers` processes; the results come back in
    the order of `jobs`, whatever order the workers finish in, so they do not depend on N.

    An interrupt (Ctrl-C reaches every process of the terminal's group) or a termination stops
    the whole pool: workers ignore SIGINT, so only this process hears it; it then cancels what
    has not started and ends the workers, each of which removes the file it was writing, and the
    exception goes on to the caller."""
    global _HELD
    total = len(jobs)

    def step(done: int, result: Any) -> Any:
        if progress is not None:
            progress(done, total)
        return result

    step(0, None)
    if workers <= 1 or total < 2:
        return [step(n, work(*args)) for n, args in enumerate(jobs, 1)]
    from concurrent.futures import ProcessPoolExecutor

    chunk = max(1, min(16, total // (8 * workers)))
    pool: Any = None
    futures: list[Any] = []
    # Workers are started with SIGINT held back, so none can be interrupted before it ignores it.
    mask = _hold_interrupts()
    try:
        pool = ProcessPoolExecutor(max_workers=workers, initializer=_worker_start)
        futures = [pool.submit(_run_chunk, work, jobs[i:i + chunk]) for i in range(0, total, chunk)]
        # Signals come again, but while the pool runs the command's handlers only note them: an
        # exception raised inside the wait for a result (its lock's code) leaves that lock broken
        # ('cannot release un-acquired lock'), so it is raised here, between two short waits.
        _unmask(mask)
        results: list[Any] = []
        for future in futures:
            for result in _result(future):
                results.append(step(len(results) + 1, result))
        _HELD = False
        pool.shutdown()
        return results
    except BaseException:
        _hold_interrupts()  # a second Ctrl-C waits until the pool is stopped
        _stop_pool(pool)
        raise
    finally:
        _release_interrupts(mask)


#: Whether this worker process is running a job (a termination then unwinds it, removing the file
#: it was writing, rather than ending the process at once).
_BUSY = False


class _Stopped(BaseException):
    """Raised in a worker that the parent ends while it runs a job."""


def _worker_start() -> None:
    """In each worker: ignore Ctrl-C (the parent hears it and stops the pool) and end cleanly on
    SIGTERM."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _worker_stop)
    if hasattr(signal, "pthread_sigmask"):  # held back since the fork: a SIGTERM that came before
        # this handler existed would have run the command's, and printed a traceback
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})


def _worker_stop(signum: int, frame: object) -> None:
    if _BUSY:
        # one stop is enough: a second SIGTERM (the group's, then the parent's) must not cut short
        # the removal of the file the first one is unwinding
        import signal

        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        raise _Stopped(signum)
    os._exit(128 + signum)


def _run_chunk(work: Callable[..., Any], jobs: list[tuple]) -> list[Any]:
    global _BUSY
    _BUSY = True
    try:
        return [work(*args) for args in jobs]
    except _Stopped as stop:
        os._exit(128 + stop.args[0])  # every `finally` on the way (a temporary file's removal) has run
    finally:
        _BUSY = False


#: Whether interrupts are held back (a pool is starting, running or stopping its workers). The mask alone
#: does not keep the handler out: a SIGINT another thread receives still runs this thread's
#: Python handler, so the command's handler also asks `interrupts_held` and waits.
_HELD = False
#: An interrupt (or a termination) that came while held: the exception raised when they are let
#: through again (`_release_interrupts`).
_DEFERRED: BaseException | None = None


def interrupts_held() -> bool:
    return _HELD


def defer_interrupt(exc: BaseException | None = None) -> None:
    """Raise `exc` (KeyboardInterrupt by default; the command's handler of SIGTERM gives its own)
    as soon as interrupts are let through again; an interrupt keeps a termination that came first."""
    global _DEFERRED
    if _DEFERRED is None or isinstance(_DEFERRED, KeyboardInterrupt):
        _DEFERRED = exc if exc is not None else KeyboardInterrupt()


def _hold_interrupts() -> Any:
    """Hold SIGINT and SIGTERM back from this thread (and the processes it starts, until each
    has its own handlers: `_worker_start`); the previous mask."""
    import signal

    global _HELD
    _HELD = True
    if not hasattr(signal, "pthread_sigmask"):
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})


def _release_interrupts(mask: Any) -> None:
    global _HELD
    _HELD = False
    _unmask(mask)
    _raise_deferred()


def _unmask(mask: Any) -> None:
    """Let SIGINT and SIGTERM through to this thread again (one held back by the mask comes now,
    to a handler that defers it while `_HELD`)."""
    import signal

    if mask is not None:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM} - set(mask))


def _raise_deferred() -> None:
    """Raise the interrupt or termination that came while held, if one did."""
    global _DEFERRED
    if _DEFERRED is not None:
        exc, _DEFERRED = _DEFERRED, None
        raise exc


#: How long a wait for a worker's result lasts before a deferred interrupt is looked at (s).
_POLL = 0.05


def _result(future: Any) -> Any:
    """The future's result, waited for in short steps, raising a deferred interrupt between them."""
    from concurrent.futures import TimeoutError as Pending

    while True:
        _raise_deferred()
        try:
            return future.result(timeout=_POLL)
        except Pending:
            continue


def _stop_pool(pool: Any) -> None:
    """Cancel what has not started, end the workers (each removes the file it was writing) and
    wait for them and for the pool's own thread, so that nothing is left running or half-written.
    (The pool cancels its futures itself: one cancelled from here would be failed again by its
    thread when the workers end, an error of Python 3.11's pool.)"""
    if pool is None:
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=10)
        if process.is_alive():
            process.kill()
            process.join(timeout=5)
    if manager is not None:
        manager.join(timeout=10)


class Source(Record, frozen=True):
    """A file to read and its path relative to the folder it was found in (or its own name)."""

    path: Path
    relative: PurePath


class Skipped(Record, frozen=True):
    path: Path
    reason: str


def map_suffixes() -> tuple[str, ...]:
    """Every extension a map or Book reader claims, longest first (what an output name replaces)."""
    from mapkit.registry import formats

    found = {ext for fmt in formats() if fmt.kind in ("map", "book") for ext in fmt.extensions}
    return tuple(sorted(found, key=len, reverse=True))


def map_stem(name: str) -> str:
    """A file name without the longest map or Book extension it ends in (any case): what an
    output's own extension goes after ("Ruins.HSC" -> "Ruins", "c.json.gz" -> "c")."""
    lower = name.lower()
    for ext in map_suffixes():
        if lower.endswith(ext):
            return name[: -len(ext)]
    return name


def walk(paths: Iterable[str | os.PathLike], *, skip: Iterable[str | os.PathLike] = (),
         books: bool = True) -> tuple[list[Source], list[Skipped]]:
    """The files named, and the maps (and Books) under the folders named, recursively.

    Hidden files and folders (`.git`) are left out, links to folders are not followed (they
    may loop), and so are the folders in `skip` (the output folder of a batch, which may lie
    inside the archive). A file named on the command line is always taken; a file found in a
    folder when its content (or, failing that, its name) says it is a map or a Book, as
    `mapkit.registry` tells formats; the others are counted as skipped, with the reason.
    Each source's relative path is its path under the folder given; files named directly are
    placed relative to the folder they share, so two `x.hsc` from different folders stay apart.
    """
    from mapkit.registry import detect_found_file

    skipped_dirs = {_identity(p) for p in skip} - {None}
    given = [os.fspath(p) for p in paths]
    links = [p for p in given if is_link(p) and not os.path.lexists(p)]
    roots = [Path(p) for p in given if p not in links]
    if not roots:
        return [_link_source(link, n) for n, link in enumerate(links, 1)], []
    if len(roots) == 1 and _is_dir(roots[0]):
        base = Path(os.path.abspath(roots[0]))
    else:  # the folder the roots share: a/x.hsc and b/x.hsc become a/x and b/x
        base = Path(os.path.commonpath([os.path.dirname(os.path.abspath(r)) for r in roots]))
    sources: list[Source] = []
    skipped: list[Skipped] = []
    for root in roots:
        if not _is_dir(root):
            sources.append(Source(root, PurePath(os.path.relpath(os.path.abspath(root), base))))
            continue
        for folder, dirs, names in os.walk(root):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".")
                             and _identity(Path(folder) / d) not in skipped_dirs)
            for name in sorted(names):
                path = Path(folder) / name
                if name.startswith("."):
                    continue
                special = _special(path)
                if special is not None:
                    skipped.append(Skipped(path, f"{special}, not a file: never opened"))
                    continue
                fmt = detect_found_file(path, ("map", "book"))
                if fmt is None and detect_found_file(path, ("collection",)) is not None:
                    skipped.append(Skipped(path, "a piece collection, not a map"))
                elif fmt is None or (fmt.kind == "map" and not fmt.can_read):
                    skipped.append(Skipped(path, "neither its content nor its name says it is a map or a Book"))
                elif fmt.kind == "book" and not books:
                    skipped.append(Skipped(path, "a C3G Book, not a map"))
                else:
                    sources.append(Source(path, PurePath(os.path.relpath(os.path.abspath(path), base))))
    sources += [_link_source(link, n) for n, link in enumerate(links, 1)]
    return sources, skipped


def _special(path: Path) -> str | None:
    """What a name found in a folder is when it is no regular file (after a link): a named pipe,
    a device or a socket, which the walk skips unopened (reading a named pipe waits for ever, as
    `validate DIR` and `convert DIR` once did); None for a file, or a name that cannot be looked at."""
    from mapkit.io import special_kind

    try:
        return special_kind(os.stat(path).st_mode)
    except (OSError, ValueError):
        return None


def _is_dir(path: Path) -> bool:
    """Whether `path` is a folder; a name the system refuses (too long, which `Path.is_dir`
    raises) is taken as a file, whose reading then says what is wrong with it."""
    try:
        return path.is_dir()
    except OSError:
        return False


def _link_source(link: str, number: int) -> Source:
    """A share link given among the inputs: read as its own text (it carries the map), its
    output named `link-N` (a link has no file name)."""
    return Source(link, PurePath(f"link-{number}.url"))  # type: ignore[arg-type]


def plan_outputs(sources: list[Source], out_dir: str | os.PathLike, extension: str) -> list[tuple[Source, Path]]:
    """One output per source under `out_dir`, never two alike: the relative path with the map
    extension replaced, or, where two sources of one folder share a name, with the source's
    extension kept before the new one."""
    out_dir = Path(out_dir)
    wanted = [s.relative.with_name(map_stem(s.relative.name)) for s in sources]
    clashes = Counter(str(w).lower() for w in wanted)
    plan = []
    taken: set[str] = set()
    for source, bare in zip(sources, wanted):
        name = source.relative if clashes[str(bare).lower()] > 1 else bare
        target = out_dir / name.with_name(name.name + extension)
        key = str(target).lower()  # case-insensitive file systems would merge these two
        n = 2
        while key in taken:
            target = out_dir / name.with_name(f"{name.name}.{n}{extension}")
            key, n = str(target).lower(), n + 1
        taken.add(key)
        plan.append((source, target))
    return plan


class Outcome(Record):
    """What became of one source: done (converted or checked) or refused, and why."""

    source: str
    done: bool
    message: str = ""
    reason: str = ""
    target: str = ""
    losses: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    #: What was read, as --verbose says it ("read as hsc, 99 piece(s) to build with, 48 marker(s) in 0.012 s").
    read: str = ""


def convert_source(source: Source | str, target: str | os.PathLike, from_fmt: str | None, to_fmt: str,
                   allow_loss: bool, inputs: Iterable[str] = (), scenario: int | None = None,
                   room: int | None = None) -> Outcome:
    """Read one map and write it (or its room `room`, its scenario `scenario`, as a map of its
    own) to `target`;
    never raises for a bad input (the outcome says). `inputs` are every source of the batch:
    none of them is ever written over."""
    from mapkit.errors import OptionError
    from mapkit.formats import format_for_output, read_map, write_map
    from mapkit.io import check_output

    path = str(source.path if isinstance(source, Source) else source)
    target = os.fspath(target)
    outcome = Outcome(path, False, target=target)
    try:
        format_for_output(target, to_fmt)
        Path(target).parent.mkdir(parents=True, exist_ok=True)
        check_output(target, inputs=(path, *inputs))
        _not_special(target)
        from mapkit.summary import read_said

        started = time.perf_counter()
        m = read_map(path, from_fmt)
        outcome.read = read_said(m, time.perf_counter() - started)
        outcome.warnings = summarised(m.warnings)
        if m.buildings or m.objects:  # a Book it places that cannot be read is said, as by every command
            from mapkit.books.placed import load_placed, unread_books

            outcome.warnings += unread_books(load_placed(m, path))
        try:
            if room is not None:
                m = m.for_room(room)
            if scenario is not None:
                m = m.for_scenario(scenario)
        except OptionError as exc:
            outcome.message = f"{shown(path)}: {exc}"
            outcome.reason = "no such room" if str(exc).startswith("no room") else "no such scenario"
            return outcome
        written = write_map(m, target, to_fmt, allow_loss)
        outcome.losses = [str(line) for line in refusing(written)]
        outcome.warnings += [str(line) for line in written if isinstance(line, Unkept)]  # (never refused)
        outcome.done = True
    except MapkitError as exc:
        outcome.message = str(exc) if names(str(exc), path) else f"{shown(path)}: {exc}"
        outcome.reason = reason_of(exc)
    except OSError as exc:  # making the output's folder
        outcome.message = f"{target}: cannot make its folder: {exc.strerror or exc}"
        outcome.reason = "the output cannot be written"
    return outcome


def _not_special(target: str) -> None:
    """Refuse a named pipe, device or socket where a batch would write a file: a batch names its
    outputs after its inputs, so a special file there is none the user named as an output (opening
    a pipe to write waits for a reader for ever)."""
    from mapkit.errors import OutputError
    from mapkit.io import special_kind

    try:
        kind = special_kind(os.stat(target).st_mode)
    except OSError:
        return
    if kind is not None:
        raise OutputError(f"{target}: is {kind}, not a file: a batch writes only files; nothing was written")


class Checked(Record):
    """One file of a batch check: its findings (as dicts), the read error that refused it (a
    `Refusal`, or None), what its reader recovered from, and what was read (`read_said`)."""

    path: str
    findings: list[dict[str, Any]]
    error: str | None
    warnings: list[str]
    read: str = ""

    def outcome(self) -> Outcome:
        return Outcome(self.path, self.error is None,
                       reason=getattr(self.error, "reason", "refused") if self.error else "")


def check_files(paths: Iterable[str | os.PathLike], fmt: str | None, profile: str | None, select: list[str],
                ignore: list[str], options: dict[str, Any], scenario: int | None = None, jobs: int = 0,
                output: str | os.PathLike | None = None, progress: Progress | None = None,
                room: int | None = None) -> tuple[list[Checked], list[Skipped]]:
    """Check every map and Book named or found in the folders named (`walk`), in `jobs` worker
    processes (`jobs_for`), one `Checked` per file in a stable order, and the files skipped.

    `output`, the file the caller will write its report to, is refused (before any check) when
    it cannot be written or is one of the files checked."""
    from mapkit.rules.checks import check_file

    roots = [os.fspath(p) for p in paths]
    sources, skipped = walk(roots)
    if not sources:
        if not skipped:  # a folder holding no file at all: nothing to say anything of
            raise OptionError(f"no file in {', '.join(roots)}: nothing to check")
        return [], skipped  # files, none of them a map or a Book: each named as left alone
    files = [str(s.path) for s in sources]
    if output is not None:
        from mapkit.io import check_output

        check_output(os.fspath(output), inputs=files)
    work = [(path, fmt, profile, select, ignore, options, scenario, room) for path in files]
    results = run_all(check_file, work, jobs_for(jobs, files), progress)
    return [Checked(path, *result) for path, result in zip(files, results)], skipped


def convert_files(paths: Iterable[str | os.PathLike], out_dir: str | os.PathLike, to_fmt: str, extension: str,
                  from_fmt: str | None = None, allow_loss: bool = False, scenario: int | None = None, jobs: int = 0,
                  progress: Progress | None = None, room: int | None = None) -> tuple[list[Outcome], list[Skipped]]:
    """Every map named or found in the folders named (recursively) into `out_dir`, keeping
    their relative paths (`plan_outputs`, each output ending in `extension`), in `jobs` worker
    processes; one `Outcome` per map, in order, and the files skipped."""
    from mapkit.registry import get

    info = get(to_fmt, "map")
    if not info.can_write:
        raise OptionError(f"mapkit cannot write the {info.name} format")
    roots = [os.fspath(p) for p in paths]
    out = Path(out_dir)
    sources, skipped = walk(roots, skip=[out], books=False)
    if not sources:
        if not skipped:  # a folder holding no file at all
            raise OptionError(f"no file in {', '.join(roots)}: nothing to convert")
        return [], skipped  # files, none of them a map: each named as left alone, nothing written
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise MapkitError(f"{out}: cannot make the output folder: {exc.strerror or exc}") from None
    everything = [str(s.path) for s in sources]
    work = [(source, str(target), from_fmt, info.name, allow_loss, everything, scenario, room)
            for source, target in plan_outputs(sources, out, extension)]
    return run_all(convert_source, work, jobs_for(jobs, everything), progress), skipped


#: How many of the files a batch left alone its summary names, for each reason.
SKIPPED_NAMED = 5


class Summary(Record):
    """Counts of a batch: read, done, refused by reason, and files skipped in the folders."""

    read: int = 0
    done: int = 0
    refused: Counter = field(default_factory=Counter)
    #: The files skipped in the folders, by reason, in the order found (the summary names them).
    skipped: dict = field(default_factory=dict)

    @classmethod
    def of(cls, outcomes: Iterable[Outcome], skipped: Iterable[Skipped] = ()) -> "Summary":
        summary = cls()
        for outcome in outcomes:
            summary.read += 1
            if outcome.done:
                summary.done += 1
            else:
                summary.refused[outcome.reason or "refused"] += 1
        for s in skipped:
            summary.skipped.setdefault(s.reason, []).append(s.path.name)
        return summary

    def lines(self, done_as: str) -> list[str]:
        """`read N file(s): D <done_as>, R refused:` then one line per reason, most first."""
        head = f"read {_count(self.read, 'file')}: {self.done} {done_as}"
        if self.refused:
            head += f", {sum(self.refused.values())} refused:"
        out = [head]
        out += [f"  {n} {reason}" for reason, n in sorted(self.refused.items(), key=lambda kv: (-kv[1], kv[0]))]
        for reason, names in sorted(self.skipped.items()):
            shown = ", ".join(names[:SKIPPED_NAMED]) + (f" and {len(names) - SKIPPED_NAMED} more"
                                                        if len(names) > SKIPPED_NAMED else "")
            out.append(f"  ({_count(len(names), 'other file')} left alone: {reason}: {shown})")
        return [escapes.line(row) for row in out]  # a file's name is one line, whatever it holds

    def print(self, done_as: str, stream=None) -> None:
        stream = stream or sys.stderr
        for i, line in enumerate(self.lines(done_as)):
            print(("mapkit: " if i == 0 else "") + line, file=stream)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _identity(path: str | os.PathLike) -> tuple[int, int] | None:
    from mapkit.io import file_identity

    return file_identity(path)


