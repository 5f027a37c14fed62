"""`mapkit validate`: the whole job from a path."""

from __future__ import annotations

import os

from mapkit import api
from mapkit.cli.jobs.job import Result, Told, overlay_params
from mapkit.errors import OptionError, names
from mapkit.errors import shown as shown_input

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any, Iterable, Mapping

    from mapkit.cli.jobs.job import PathLike, Progress, Warn

#: The flags the library's parameters are given by, for its errors to name them (`mapkit.check_options`'s `names`).
FLAGS = {"select": "--select", "ignore": "--ignore", "rules": "`mapkit rules`",
         "vehicle rules": "`mapkit rules --vehicle-rules`"}


def validate_report(paths: Iterable[PathLike], profile: str | None = "casual", select: Iterable[str] = (),
                    ignore: Iterable[str] = (), settings: Mapping[str, Any] | Iterable[str] | None = None,
                    overlay: Any = None, format: str | None = None, vehicle_rules: str | None = None,
                    scenario: int | None = None, jobs: int = 0, output: PathLike | None = None,
                    report_format: str = "text", progress: Progress | None = None, warn: Warn | None = None,
                    room: int | None = None, refused: Warn | None = None) -> Result:
    """`mapkit validate FILE|FOLDER...`: `validate_files` (`.value`, a `FileValidation`) with its
    report as "text", "json" or "sarif", written atomically to `output` or else the `.text`. The
    options are refused before any file is read; each file's reader warnings and the error that
    refused it are warned of; a folder (or several files, some refused) ends with a `.summary`.
    `settings` may be "NAME=VALUE" texts (`parse_setting`), `overlay` as for `overlay_file`.
    `.status` is 2 when a file could not be read, else 1 when an error was found, else 0. A
    file that could not be read is told to `refused` when given (an error, not a warning)."""
    named: Mapping[str, Any] | None = settings  # type: ignore[assignment]
    if settings is not None and not hasattr(settings, "items"):  # "NAME=VALUE" texts, not a mapping
        named = dict(api.parse_setting(text) for text in settings)
    params = overlay_params(overlay)
    select, ignore = list(select), list(ignore)
    api.check_options(profile, select, ignore, named, params, vehicle_rules, FLAGS)  # refused before any file
    if jobs < 0:
        raise OptionError(f"--jobs {jobs}: the number of workers cannot be negative")
    if report_format not in ("text", "json", "sarif"):
        raise OptionError(f"report format {report_format!r}: choose text, json or sarif")
    paths = list(paths)
    result = api.validate_files(paths, profile, select, ignore, named, params, format, vehicle_rules, scenario,
                                jobs, output, progress, room)
    tell = Told(warn)
    for checked in result.checked:
        for warning in checked.warnings:
            tell(f"{shown_input(checked.path)}: warning: {warning}")
        if checked.error is not None:
            line = checked.error if names(checked.error, checked.path) else f"{shown_input(checked.path)}: {checked.error}"
            if refused is None:
                tell(line)
            else:
                refused(line)
    report = {"text": result.text, "json": result.json, "sarif": result.sarif}[report_format]()
    note = None
    if output:
        from mapkit.io import is_standard_output, write_output

        write_output(output, report, inputs=result.files)
        if not is_standard_output(output):
            note = f"{os.fspath(output)}: validation report, {report_format}, {len(result.findings)} finding(s)"
    # a folder ends with a summary; so do several files when some were refused (grouped by reason)
    several = any(os.path.isdir(p) for p in paths) or (len(result.files) > 1 and bool(result.unreadable))
    status = 2 if result.unreadable else 0 if result.ok else 1
    details = [f"{shown_input(c.path)}: {c.read or 'read'}; checked, {len(c.findings)} finding(s)"
               for c in result.checked if c.error is None]
    details += [f"{s.path}: left alone: {s.reason}" for s in result.skipped]
    return Result(result, "" if output else report, tell, status,
                  result.batch_summary() if several else [], note, details)
