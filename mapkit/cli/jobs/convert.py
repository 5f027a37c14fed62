"""`mapkit convert`: the whole job from a path."""

from __future__ import annotations

from mapkit import api
from mapkit.cli.jobs.job import Result, Told, check_output, read_job
from mapkit.errors import OptionError, Unkept, refusing
from mapkit.errors import shown as shown_input

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Iterable

    from mapkit.cli.jobs.job import PathLike, Progress, Warn


def convert_file(source: PathLike, target: PathLike, format: str | None = None, to: str | None = None,
                 allow_loss: bool = False, scenario: int | None = None, warn: Warn | None = None,
                 room: int | None = None) -> Result:
    """`mapkit convert IN OUT`: read `source` (as `format`), write it to `target` atomically (in
    `to`, else the format its name says); a bad target is refused before anything is read, and
    a loss of content without `allow_loss` is a LossError, writing nothing. `.value` lists every
    loss line; what was dropped is warned of ("dropped: ..."), after the reader's warnings, and so
    is what the target derives or never shows ("warning: ...", written all the same). The note
    counts the pieces the written file holds."""
    api.write_format(target, to)  # fail on a bad target before reading anything
    check_output(target, inputs=(source,))
    import time

    started = time.perf_counter()
    tell = Told(warn)
    m = read_job(source, format, scenario, tell, room=room)
    losses = api.write(m, target, to, allow_loss)
    dropped = refusing(losses)
    for loss in losses:
        tell(f"{shown_input(source)}: {'warning' if isinstance(loss, Unkept) else 'dropped'}: {loss}")
    said = f", {len(dropped)} thing(s) dropped (named above)" if dropped else ""
    note = (f"{shown_input(target)}: {api.write_format(target, to).name}, {api.pieces_said(losses.held)}{said}, "
            f"{time.perf_counter() - started:.2f} s")
    return Result(losses, warnings=tell, note=note)


def convert_folder(paths: Iterable[PathLike], folder: PathLike, format: str, from_format: str | None = None,
                   allow_loss: bool = False, scenario: int | None = None, jobs: int = 0,
                   extension: str | None = None, progress: Progress | None = None, warn: Warn | None = None,
                   room: int | None = None, refused: Warn | None = None) -> Result:
    """`mapkit convert IN... --to FORMAT -d DIR`: `convert_files` (`.value`, a `Conversion`), each
    map's reader warnings and losses warned of and each refusal told to `refused` (else warned of),
    ending with the batch's `.summary`; `.status` 2 when a map was refused."""
    if jobs < 0:
        raise OptionError(f"--jobs {jobs}: the number of workers cannot be negative")
    done = api.convert_files(paths, folder, format, from_format, allow_loss, scenario, jobs, extension, progress,
                             room=room)
    tell = Told(warn)
    for outcome in done.outcomes:
        for warning in outcome.warnings:
            tell(f"{shown_input(outcome.source)}: warning: {warning}")
        for loss in outcome.losses:
            tell(f"{shown_input(outcome.source)}: dropped: {loss}")
        if not outcome.done:
            (tell if refused is None else refused)(outcome.message)
    details = [f"{shown_input(o.source)}: {o.read}; written to {o.target}" for o in done.outcomes if o.done]
    details += [f"{s.path}: left alone: {s.reason}" for s in done.skipped]
    return Result(done, warnings=tell, status=2 if done.refused else 0, summary=done.batch_summary(), details=details)
