"""`mapkit info`: the whole job from a path."""

from __future__ import annotations

from mapkit import api
from mapkit.cli.jobs.job import Result, Told, deliver, read_job, report_output

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from mapkit.cli.jobs.job import PathLike, Warn


def info_file(path: PathLike, format: str | None = None, scenario: int | None = None, as_json: bool = False,
              warn: Warn | None = None, room: int | None = None, output: PathLike | None = None) -> Result:
    """`mapkit info MAP`: the map's `info` (`.value`, a `MapInfo`) and its text, or JSON with the
    cells (`as_json`); written to `output` when named, rather than given as `.text`."""
    out = report_output(output, (path,))
    tell = Told(warn)
    summary = api.info(read_job(path, format, scenario, tell, room=room), cells=as_json)
    return deliver(Result(summary, summary.json() if as_json else summary.text(), tell), out,
                   f"info, {'JSON' if as_json else 'text'}", (path,))
