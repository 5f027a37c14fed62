"""`mapkit report`: the whole job from a path."""

from __future__ import annotations

import os

from mapkit import api
from mapkit.cli.jobs.job import Result, Told, check_output, read_job

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from mapkit.cli.jobs.job import PathLike, Warn


def report_file(path: PathLike, output: PathLike, profile: str | None = "casual", pictures: bool = False,
                format: str | None = None, scenario: int | None = None, warn: Warn | None = None,
                room: int | None = None) -> Result:
    """`mapkit report MAP -o PAGE.html`: the page (`.value`, a `Drawing`) written atomically,
    the output's name refused before any work; `.note` says what was written and how long it took."""
    import time

    check_output(output, "report-html", inputs=(path,))
    started = time.perf_counter()
    tell = Told(warn)
    m = read_job(path, format, scenario, tell, printable=True, room=room)
    page = api.report(m, None, profile, pictures=pictures, map_file=path)
    page.save(output)
    note = f"{os.fspath(output)}: report, {len(page.findings)} finding(s), {time.perf_counter() - started:.2f} s"
    return Result(page, warnings=tell, note=note)
