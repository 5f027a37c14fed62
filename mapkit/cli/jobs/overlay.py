"""`mapkit overlay`: the whole job from a path."""

from __future__ import annotations

import os

from mapkit import api
from mapkit.cli.jobs.job import (Result, Told, check_output, deliver, overlay_params, read_job, report_output,
                                 said_read)
from mapkit.errors import OptionError, excerpt
from mapkit.errors import shown as shown_input

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any

    from mapkit.cli.jobs.job import PathLike, Warn


def overlay_file(path: PathLike, picture: PathLike | None = None, as_json: bool = False, params: Any = None,
                 warn: Warn | None = None, format: str | None = None, scenario: int | None = None,
                 room: int | None = None, output: PathLike | None = None) -> Result:
    """`mapkit overlay BOOK|MAP`: the `overlay` of a Book file or of the Books a map places
    (`.value`, the map read as `format`, its `room` and `scenario` when given); its text, or its
    JSON document (`as_json`), printed or written to `output`; with `picture`, drawn there too.
    `params` is an `OverlayParams` or a mapping of its `from_options` keywords."""
    import time

    from mapkit import Map

    started = time.perf_counter()
    chosen = overlay_params(params, always=True)
    out = report_output(output, (path,))
    if picture:
        from mapkit.io import is_standard_output

        if is_standard_output(picture) and out is None:
            raise OptionError(f"{os.fspath(picture)}: standard output carries the overlay's report; "
                              "draw the picture to a file (or write the report to one)")
        check_output(picture, "overlay-png", inputs=(path,))
        if out is not None and os.path.abspath(out) == os.path.abspath(os.fspath(picture)):
            raise OptionError(f"{out}: named for both the report and the picture")
    tell = Told(warn)
    reading = time.perf_counter()
    document = api.read_document(path, format) if format in (None, "book") else None  # read once
    if document is not None and not isinstance(document, Map):
        if scenario is not None or room is not None:
            raise OptionError(f"{shown_input(path)}: a Book sets up no scenarios or rooms; "
                              "give a map that places it")
        said_read(tell, f"{shown_input(path)}: read as a C3G Book, {excerpt(document.name)!r} ({document.kind}) "
                        f"in {time.perf_counter() - reading:.3f} s")
        result = api.overlay(document, chosen)
    else:
        # (a Book that cannot be read is overlay's error, not a warning before it)
        m = read_job(path, format, scenario, tell, room=room, read_from=None if document is None else (document, reading),
                     books=False)
        result = api.overlay(m, chosen, map_file=path)
    drawn = None
    if picture:
        api.render(result, picture, params=chosen)
        drawn = f"{os.fspath(picture)}: overlay picture, {time.perf_counter() - started:.2f} s"
    text = result.json() if as_json else result.text()
    done = deliver(Result(result, text, tell), out, f"overlay, {'JSON' if as_json else 'text'}", (path,))
    done.note = "; ".join(n for n in (done.note, drawn) if n) or None
    return done
