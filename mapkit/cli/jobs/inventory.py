"""`mapkit inventory`: the whole job from a path."""

from __future__ import annotations


from mapkit import api
from mapkit.cli.jobs.job import Result, Told, deliver, read_collection_job, read_job, report_output

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Sequence

    from mapkit.cli.jobs.job import PathLike, Warn


def inventory_file(path: PathLike, collection: PathLike | None = None, sets: Sequence[str] | None = None,
                   community: bool = False, format: str | None = None, scenario: int | None = None,
                   as_json: bool = False, warn: Warn | None = None, room: int | None = None,
                   output: PathLike | None = None) -> Result:
    """`mapkit inventory MAP`: the `inventory` (`.value`, an `Inventory`) and its text or JSON (written to
    `output` when named); what the collection's reader skipped is warned of after the map's
    warnings. `.status` is 1 when the collection (a file, or a list of sets and pieces such as
    "2xRotV,RttFF") lacks a piece."""
    inputs = (path,) if collection is None else (path, collection)
    out = report_output(output, inputs)
    tell = Told(warn)
    m = read_job(path, format, scenario, tell, room=room)
    owned = None
    if collection:
        owned = read_collection_job(collection, tell)
    rep = api.inventory(m, owned, sets, community)
    # the collection cannot build the map: status 1, as a short fit
    return deliver(Result(rep, rep.json() if as_json else rep.text(), tell, 1 if rep.short else 0),
                   out, f"inventory, {'JSON' if as_json else 'text'}", inputs)
