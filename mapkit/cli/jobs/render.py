"""`mapkit render`: the whole job from a path."""

from __future__ import annotations

import os

from mapkit import api
from mapkit.cli.jobs.job import Result, Told, check_output, read_job
from mapkit.errors import OptionError, input_name
from mapkit.errors import shown as shown_input

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from mapkit.cli.jobs.job import PathLike, Warn


def render_file(path: PathLike, output: PathLike, view: str = "top", level: int | None = None, scale: float = 36.0,
                legend: bool = True, findings: bool = False, profile: str | None = None, format: str | None = None,
                scenario: int | None = None, warn: Warn | None = None, room: int | None = None,
                seen_from: str = "S") -> Result:
    """`mapkit render MAP -o OUT.png|OUT.svg`: the picture (`.value`, a `Drawing`) written
    atomically; `findings` marks the findings of `profile` (default: c3g for a map that places
    Books, else casual), and what kept them off is warned of. `scale` is PNG pixels per hex;
    `seen_from` the side of the table the iso view looks from (S, WSW, WNW, N, ENE, ESE)."""
    import time

    from mapkit.errors import PictureTooLarge

    started = time.perf_counter()
    out = check_output(output, "png", "svg", inputs=(path,))
    if not 1 <= scale <= 400:
        raise OptionError("--scale must be between 1 and 400 pixels per hex")
    if level is not None and view == "iso":
        raise OptionError("--level draws one level from above; it does not combine with --view iso")
    if seen_from != "S" and view != "iso":
        raise OptionError("--seen-from turns the iso view; it does not combine with --view top or levels")
    tell = Told(warn)
    m = read_job(path, format, scenario, tell, printable=True, room=room)
    chosen = (profile or ("c3g" if (m.buildings or m.objects) else "casual")) if findings else None
    try:
        data = api.render(m, out, scale=scale, view=view, level=level, legend=legend, name=input_name(path),
                          seen_from=seen_from, source=os.fspath(path), profile=chosen,
                          warn=lambda reason: tell(f"{shown_input(path)}: {reason}"))
    except PictureTooLarge as exc:
        raise PictureTooLarge(f"{out}: {exc}") from None
    what = f"Level {level}" if level is not None else f"{view} view" + (f" from {seen_from}" if seen_from != "S" else "")
    size = f"PNG {data.size[0]} x {data.size[1]} px" if data.size else f"SVG, {len(data.data) / 1024:,.0f} kB"
    return Result(data, warnings=tell, note=f"{out}: {what}, {size}, {time.perf_counter() - started:.2f} s")
