"""`mapkit analyze`: the whole job from a path."""

from __future__ import annotations

import os

from mapkit import api
from mapkit.cli.jobs.job import Result, Told, check_output, deliver, read_job, report_output
from mapkit.errors import OptionError, RoomError, ScenarioError
from mapkit.errors import shown as shown_input

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from mapkit.cli.jobs.job import PathLike, Warn

#: The flags the library's parameters are given by, for its errors to name them (`mapkit.analyze`'s `names`).
FLAGS = {"move": "--move", "height": "--height", "room": "--room", "scenario": "--scenario", "start": "--start"}


def analyze_file(path: PathLike, move: int | None = None, height: int | None = None, flying: bool = False,
                 double: bool = False, falls: str = "minor", start: tuple[int, int, int] | str | None = None,
                 broken_windows: bool = False, mover: str | None = None, vehicle: int | None = None,
                 vehicle_rules: str = "current", heatmap: PathLike | None = None, format: str | None = None,
                 scenario: int | None = None, as_json: bool = False, warn: Warn | None = None,
                 room: int | None = None, output: PathLike | None = None) -> Result:
    """`mapkit analyze MAP`: the `analyze` (`.value`, an `Analysis`) and its text or JSON (written to
    `output` when named). `move` and `height` default to 5, or to the card of the vehicle `mover`
    drives (then they and `flying`/`double` must not be given); `start` is (q, r, Level) or its
    text "Q,R,LEVEL", or the build sheets' name of the hex and a Level ("C7,3": `api.start_space`);
    `heatmap` names the PNG to draw (`render` of the analysis' heatmap), refused before any work if it
    cannot be written."""
    import time

    from mapkit.errors import StartError

    started = time.perf_counter()
    shown = shown_input(path)
    out = report_output(output, (path,))
    if heatmap:
        from mapkit.io import is_standard_output

        if is_standard_output(heatmap):
            raise OptionError(f"{os.fspath(heatmap)}: standard output carries the analysis; "
                              "write the heatmap to a file")
        if out is not None and os.path.abspath(out) == os.path.abspath(os.fspath(heatmap)):
            raise OptionError(f"{out}: named for both the report and the heatmap")
        check_output(heatmap, "heatmap-png", inputs=(path,))
    tell = Told(warn)
    m = read_job(path, format, None, tell, printable=True, room=room)
    chosen = mover or ("flyer" if flying else "double" if double else "single")
    driven = chosen in ("vehicle", "elevator-car")
    if driven:
        given = [name for name, value in (("--move", move), ("--height", height)) if value is not None]
        given += [flag for flag, on in (("--double", double), ("--flying", flying)) if on]
        if given:
            raise OptionError(f"--mover {chosen} moves with its Book's card: drop {', '.join(given)}")
    elif vehicle is not None:
        raise OptionError("--vehicle chooses what --mover vehicle or elevator-car drives")
    elif mover == "single" and (double or flying):
        raise OptionError(f"--mover single contradicts {'--flying' if flying else '--double'}")
    move = 5 if move is None else move
    height = 5 if height is None else height
    api.check_figure(move, height, FLAGS)
    at = api.start_space(m, start, FLAGS)
    try:
        data = api.analyze(m, move, height, flying, double, falls, at, broken_windows, scenario, bool(heatmap),
                           mover=chosen, vehicle=vehicle, vehicle_rules=vehicle_rules, names=FLAGS)
    except StartError as exc:
        if driven:
            raise
        raise StartError(f"--start {start if isinstance(start, str) else ','.join(map(str, start or ()))}: {exc}"
                         ) from None
    except (RoomError, ScenarioError) as exc:  # (a heatmap of one room or scenario: the file named)
        raise type(exc)(f"{shown}: {exc}") from None
    drawn = None
    if heatmap and data.heatmap is not None:
        api.render(data.heatmap, heatmap)
        for d in data.doc.get("scenarios", [data.doc]):
            for note in d.get("notes", ()):
                if note.startswith("heatmap: "):
                    tell(f"{shown}: warning: {note}")
        drawn = f"{os.fspath(heatmap)}: heatmap, {time.perf_counter() - started:.2f} s"
    done = deliver(Result(data, data.json() if as_json else data.text(), tell), out,
                   f"analysis, {'JSON' if as_json else 'text'}", (path,))
    done.note = "; ".join(n for n in (done.note, drawn) if n) or None
    return done
