"""How a map plays: movement and balance for one figure (`mapkit analyze`).

    mapkit.analyze(m, move=5, height=5)["figure"]"""

from __future__ import annotations

import os

from mapkit.api.files import pick
from mapkit.errors import OptionError, RoomError, ScenarioError
from mapkit.limits import MAX_MOVE

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any, Mapping

    from mapkit.api.files import PathLike
    from mapkit.model.map import Map

#: How an error of `analyze` names what it was given, unless the caller names it its own way (the
#: command line: by its flags).
NAMES = {"move": "move", "height": "height", "room": "`room=`", "scenario": "`scenario=`", "start": "start"}


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


def analyze(m: Map, move: int = 5, height: int = 5, flying: bool = False, double: bool = False,
            falls: str = "minor", start: tuple[int, int, int] | tuple[str, int] | str | None = None,
            broken_windows: bool = False,
            scenario: Any = None, heatmap: PathLike | None = None,
            mover: str | None = None, vehicle: int | None = None, vehicle_rules: str = "current",
            names: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Movement and balance for one figure, as `mapkit analyze --json` prints it: turns between
    start zones, glyph balance, reach from `start` (q, r, Level, or the build sheets' name of the
    hex and a Level, `start_space`), falls, dead ends.

    A page that sets up several scenarios, or draws several rooms, is analysed one scenario and
    one room at a time (a `scenarios` list, each report naming its `room`) unless `scenario`
    picks one (or the map is one room); `heatmap` draws the turns as a PNG (one view only).
    `mover` is "single", "double", "flyer", or "vehicle" / "elevator-car" to drive a vehicle the
    map places (`vehicle`: its index among the map's objects) with its Book's card. An error
    names `move`, `height`, `room` and `scenario` as `names` calls them (keys of `NAMES`)."""
    from mapkit.movement.profile import Figure
    from mapkit.movement.analysis_report import analyze_map

    said = {**NAMES, **(names or {})}
    check_figure(move, height, said)
    start = start_space(m, start, said)
    figure = Figure(move=move, height=height, double=double or mover == "double", flying=flying or mover == "flyer",
                    falls=falls)
    if m.several_rooms() and heatmap is not None:
        raise RoomError(f"draws rooms {', '.join(str(r.number) for r in m.rooms)}: "
                        f"choose one with {said['room']} to draw its heatmap")
    rooms = m.per_room()
    if scenario is not None:
        views = [(room, scenario, pick(board, scenario=scenario)) for room, board in rooms]
    else:
        if m.several_scenarios() and heatmap is not None:
            raise ScenarioError(f"sets up scenarios {', '.join(map(str, m.scenarios()))}: "
                              f"choose one with {said['scenario']} to draw its heatmap")
        views = [(room, s, view) for room, board in rooms for s, view in board.per_scenario()]
    boards = dict(rooms)  # places are named as the sheets of the room name them (of the scenario, if one is picked)
    runs = [analyze_map(view, figure, start, broken_windows, heatmap is not None, s, mover=mover,
                        vehicle=vehicle, vehicle_rules=vehicle_rules,
                        sheets=boards[room] if scenario is None else view)
            for room, s, view in views]
    if heatmap is not None and runs[0].heatmap is not None:  # one view: several were refused above
        _draw_heatmap(runs[0].heatmap, heatmap)
    reports = [run.data for run in runs]
    for (room, _, _), report in zip(views, reports):
        if room is not None:
            report["room"] = room
    return reports[0] if len(reports) == 1 else {"map": m.name, "scenarios": reports}


def _draw_heatmap(heat: Any, path: PathLike) -> None:
    """Draw a movement heatmap through the output registry and write it; its errors name the file."""
    from mapkit import outputs
    from mapkit.io import write_output
    from mapkit.errors import HeatmapError

    kind = outputs.choose(os.fspath(path), ("heatmap-png",))
    try:
        data = kind.make(heat)
    except HeatmapError as exc:
        raise HeatmapError(f"{os.fspath(path)}: {exc}") from None
    write_output(path, data)


def analysis_text(report: dict[str, Any]) -> str:
    """What `mapkit analyze` prints of an `analyze` report (each scenario's in turn)."""
    from mapkit.movement.analysis_report import render_text

    return "".join(render_text(d) for d in report.get("scenarios", [report]))
