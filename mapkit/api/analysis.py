"""How a map plays: movement and balance for one figure (`mapkit analyze`).

    mapkit.analyze(m, move=5, height=5).doc["figure"]"""

from __future__ import annotations

import os

from mapkit.api.files import map_of, pick
from mapkit.errors import OptionError, RoomError, ScenarioError
from mapkit.limits import MAX_MOVE
from mapkit.records import Record
from mapkit.results import Document, deprecated

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any, Mapping

    from mapkit.api.files import PathLike
    from mapkit.model.map import Map
    from mapkit.movement.analysis_report import Heatmap

#: This topic's verbs and the answers they give, on `mapkit`'s face (and `mapkit.api`'s).
__all__ = ["analyze", "Analysis"]
FACE = tuple(__all__)
#: The parts the commands are built from, on `mapkit.api`'s face only.
__all__ += ["check_figure", "MAX_MOVE", "start_space"]
#: Old names that still answer, each with a DeprecationWarning.
OLD_NAMES = ("analysis_text",)

#: How an error of `analyze` names what it was given, unless the caller names it its own way (the
#: command line: by its flags).
NAMES = {"move": "move", "height": "height", "room": "`room=`", "scenario": "`scenario=`", "start": "start"}


class Analysis(Record, Document):
    """How a map plays for one figure (`analyze`): `doc`, the report `mapkit analyze --json`
    prints, and the `heatmap` it was asked for (None otherwise), which `mapkit.render(result.heatmap,
    "heat.png")` draws; `.text()` is what `mapkit analyze` prints."""

    VERB = "analyze"
    doc: dict[str, Any]
    heatmap: Heatmap | None = None

    def text(self) -> str:
        from mapkit.movement.analysis_report import render_text

        return "".join(render_text(d) for d in self.doc.get("scenarios", [self.doc]))


def start_space(m: Map, start: tuple[int, int, int] | tuple[str, int] | str | None,
                names: Mapping[str, str] | None = None) -> tuple[int, int, int] | None:
    """The space `start` names, as (q, r, Level): (q, r, Level) as it is; a hex as the build
    sheets name it and a Level, ("C7", 3); or either as text, "12,5,3" or "C7,3". OptionError
    for anything else (named as `names` calls `start`)."""
    if start is None:
        return None
    parts = [str(part).strip() for part in (start.split(",") if isinstance(start, str) else start)]
    said = {**NAMES, **(names or {})}["start"]
    wrong = OptionError(f"{said} wants Q,R,LEVEL (three integers) or a hex as the build sheets name it and its "
                        f"Level (C7,3), got {start!r}")
    try:
        if len(parts) == 3:
            q, r, level = (int(part) for part in parts)
            return q, r, level
        if len(parts) == 2:
            from mapkit.model.board import Board

            board = Board.of(m)
            at = board.hex_at(parts[0]) if board is not None else None
            if at is not None:
                return at[0], at[1], int(parts[1])
    except ValueError:
        raise wrong from None
    raise wrong


def check_figure(move: int, height: int, names: Mapping[str, str] | None = None) -> None:
    """OptionError unless the Move is 0 to `MAX_MOVE` and the Height 1 or more (named as `names`
    calls them, as for `analyze`)."""
    if not 0 <= move <= MAX_MOVE or height < 1:
        said = {**NAMES, **(names or {})}
        raise OptionError(f"{said['move']} must be 0 to {MAX_MOVE} and {said['height']} 1 or more")


def analyze(subject: Map | PathLike | bytes, move: int = 5, height: int = 5, flying: bool = False,
            double: bool = False, falls: str = "minor",
            start: tuple[int, int, int] | tuple[str, int] | str | None = None, broken_windows: bool = False,
            scenario: Any = None, heatmap: bool | PathLike = False,
            mover: str | None = None, vehicle: int | None = None, vehicle_rules: str = "current",
            names: Mapping[str, str] | None = None, format: str | None = None) -> Analysis:
    """Movement and balance for one figure (`mapkit analyze`), on a map or the map in a file or
    bytes (`format` as for `read`; its texts made printable): turns between start zones, glyph
    balance, reach from `start` (q, r, Level, or the build sheets' name of the hex and a Level:
    `start_space`), falls, dead ends.

    The figure moves `move` spaces (0 to `MAX_MOVE`) and is `height` levels tall (1 or more),
    `flying` or `double`-spaced; `falls` is the falls a route may take ("none", "minor",
    "major", "all"). `mover` is "single", "double", "flyer", or "vehicle" / "elevator-car" to
    drive a vehicle the map places (`vehicle`: its index among the map's objects) with its
    Book's card under `vehicle_rules` ("current" or "legacy"). A page that sets up several
    scenarios, or draws several rooms, is analysed one scenario and one room at a time (a
    `scenarios` list, each report naming its `room`) unless `scenario` picks one (or the map is
    one room). With `heatmap`, the answer carries the turns a heatmap draws (one view only);
    nothing is written (`heatmap=PATH`, which wrote the PNG, is deprecated).

    Returns an `Analysis` (`.doc`, `.heatmap`, `.text()`, `.json()`, `.save(path)`).

    Raises OptionError for a value it cannot use (naming `move`, `height`, `room` and `scenario` as
    `names` calls them, keys of `NAMES`), StartError for a `start` that names no space, RoomError or
    ScenarioError for a heatmap of several rooms or scenarios, or one the map has not; as `read` does
    for a file."""
    from mapkit.errors import choice
    from mapkit.movement.analysis_report import MOVERS, analyze_map
    from mapkit.movement.profile import Figure

    said = {**NAMES, **(names or {})}
    check_figure(move, height, said)
    if mover is not None:
        choice(mover, MOVERS, "mover")
    written = None
    if heatmap is not True and heatmap is not False and heatmap is not None:
        deprecated("mapkit.analyze(m, heatmap=PATH)", "mapkit.render(mapkit.analyze(m, heatmap=True).heatmap, PATH)")
        written, heatmap = heatmap, True
    heatmap = bool(heatmap)
    m = map_of(subject, format, printable=True)
    start = start_space(m, start, said)
    figure = Figure(move=move, height=height, double=double or mover == "double", flying=flying or mover == "flyer",
                    falls=falls)
    if m.several_rooms() and heatmap:
        raise RoomError(f"draws rooms {', '.join(str(r.number) for r in m.rooms)}: "
                        f"choose one with {said['room']} to draw its heatmap")
    rooms = m.per_room()
    if scenario is not None:
        views = [(room, scenario, pick(board, scenario=scenario)) for room, board in rooms]
    else:
        if m.several_scenarios() and heatmap:
            raise ScenarioError(f"sets up scenarios {', '.join(map(str, m.scenarios()))}: "
                              f"choose one with {said['scenario']} to draw its heatmap")
        views = [(room, s, view) for room, board in rooms for s, view in board.per_scenario()]
    boards = dict(rooms)  # places are named as the sheets of the room name them (of the scenario, if one is picked)
    runs = [analyze_map(view, figure, start, broken_windows, heatmap, s, mover=mover,
                        vehicle=vehicle, vehicle_rules=vehicle_rules,
                        sheets=boards[room] if scenario is None else view)
            for room, s, view in views]
    heat = runs[0].heatmap if heatmap else None  # one view: several were refused above
    if written is not None and heat is not None:
        _draw_heatmap(heat, written)
    reports = [run.data for run in runs]
    for (room, _, _), report in zip(views, reports):
        if room is not None:
            report["room"] = room
    return Analysis(reports[0] if len(reports) == 1 else {"map": m.name, "scenarios": reports}, heat)


def _draw_heatmap(heat: Heatmap, path: PathLike) -> None:
    """Draw a movement heatmap through the output registry and write it (the deprecated
    `heatmap=PATH`); its errors name the file."""
    from mapkit import outputs
    from mapkit.io import write_output
    from mapkit.errors import HeatmapError

    kind = outputs.choose(os.fspath(path), ("heatmap-png",))
    try:
        data = kind.make(heat)
    except HeatmapError as exc:
        raise HeatmapError(f"{os.fspath(path)}: {exc}") from None
    write_output(path, data)


def analysis_text(report: Analysis | dict[str, Any]) -> str:
    """Deprecated: `analyze(m).text()`."""
    deprecated("mapkit.api.analysis_text(report)", "mapkit.analyze(m).text()")
    return (report if isinstance(report, Analysis) else Analysis(dict(report))).text()
