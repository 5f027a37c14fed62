"""What `mapkit analyze` reports: movement and balance (reach, start-zone distances, glyph balance, dead ends)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from mapkit import escapes
from mapkit.errors import OptionError, StartError, choice
from mapkit.model.map import Map
from mapkit.movement.profile import Figure
from mapkit.records import Record, field
from mapkit.wording import option

if TYPE_CHECKING:
    from mapkit.movement.spaces import Spaces


def no_zones() -> str:
    """Said on the heatmap and in the report when there is nothing to measure turns from."""
    return f"no start zones on this map, so no turns to draw: give {option('start', 'HEX,LEVEL')} to draw reach from a space"


#: The movers `analyze` answers for: the figures and vehicles the seeds name.
MOVERS = ("single", "double", "flyer", "vehicle", "elevator-car")


class Heatmap(Record):
    """What a heatmap draws: the turns to end a move on each space of one analysis (painted by
    the output registry's `heatmap-png`, `mapkit.outputs.heatmap`).

    `banner` is a sentence written across the top in large type (why the picture has no
    turns to show)."""

    spaces: Spaces
    turns: Sequence[int | None]
    title: str = ""
    banner: str = ""
    #: The colours the map names for its players' start zones (player as text -> colour name,
    #: `Map.attrs["zone_colours"]`); others are drawn in VirtualScape's.
    zone_colours: dict[str, str] = field(default_factory=dict)
    #: Per space, as the report's `spaces` say it: reached (an Elevator Car ride reaches some
    #: spaces without counting turns), and why no move ends there (`blocked`). None: from `turns`.
    reached: Sequence[bool] | None = None
    blocked: Sequence[str | None] | None = None
    #: Hexes the map fills with no space to draw (a tree, a castle wall): hex -> what fills it.
    holes: dict[tuple[int, int], str] = field(default_factory=dict)
    #: The build sheets' board (the odd-r column lettered A, the row numbered 1), lettered round
    #: the picture; None for a map without one.
    board: tuple[int, int] | None = None


class Analysis(NamedTuple):
    """One map's movement report: `data` (what `--json` prints), its `text`, and the turns to
    draw as a heatmap when one was asked for (drawn by the output registry's `heatmap-png`)."""

    data: dict[str, Any]
    text: str
    heatmap: Heatmap | None = None


def mover_kind(figure: Figure) -> str:
    """The mover name of a figure profile."""
    if figure.elevator_car:
        return "elevator-car"
    if figure.flying:
        return "flyer"
    return "double" if figure.double else "single"


def analyze_map(m: Map, figure: Figure, start: tuple[int, int, int] | None = None, broken_windows: bool = False,
                heatmap: bool = False, scenario: Any = None,
                mover: str | None = None, vehicle: int | None = None, vehicle_rules: str = "current",
                sheets: Map | None = None) -> Analysis:
    """The movement report of a map as data and as text, with the turns a heatmap draws when
    `heatmap` is asked for. `start` is (q, r, Level), the Level a figure there stands on
    (`mapkit.model.levels`); a start that names no space raises OptionError.

    `mover` "vehicle" or "elevator-car" drives a vehicle the map places (`vehicle`: its index in
    `Map.objects`, or None for the map's only one) with the Move, Height and spaces of its Book
    instead of `figure`, from where it stands unless `start` is given; the report then lists the
    spaces figures enter and exit it from, under `vehicle_rules` ("current", seeds/001, or
    "legacy", seeds/003). Any other mover is `figure` itself.

    Every place is also named as the build sheets of `sheets` (default: `m`) letter it (C7)."""
    from mapkit.movement import vehicles as vh
    from mapkit.movement.analysis import analyze, prepare, report

    choice(vehicle_rules, vh.VEHICLE_RULES, "vehicle rules", "vehicle_rules")
    driven = None
    at = None
    if mover in ("vehicle", "elevator-car"):
        driven = vh.choose(vh.vehicles(m), vehicle, mover == "elevator-car")
        figure = vh.mover(driven, figure.falls)
        spaces = prepare(m if driven.elevator_car else vh.without(m, driven))
        at = vh.standing_spaces(spaces, driven)
        if not at and start is None:
            raise OptionError(f"{driven.label} stands on no space on Level {driven.level} of "
                              f"{', '.join(map(str, driven.hexes))}: give a start")
    else:
        spaces = prepare(m)
    if start is not None:
        at = None
        found = spaces.find_level(*start)
        if found is None or spaces.clearance[found] <= 0:
            raise StartError(_no_start(m, spaces, start, sheets))
        start = spaces.key(found)
    result = analyze(spaces, figure, start, broken_windows=broken_windows, at=at)
    if start is not None and result.start is not None and not spaces.occupied[result.start]:
        why = result.no_end()[result.start]  # (a figure the map places there is the one measured)
        if why is not None:
            raise StartError(_cannot_stand(m, result, start, why, sheets))
    data = report(result)
    _name_places(data, sheets if sheets is not None else m)
    data["map"] = m.name
    data["mover"] = {"kind": mover_kind(figure) if driven is None else mover}
    if driven is not None:
        data["mover"].update(_vehicle_data(driven, vehicle_rules))
        data["boarding"] = _boarding(spaces, result, driven, vehicle_rules,
                                     at or ([] if result.start is None else [result.start]))
        name = _namer(data)
        for stop in data["boarding"]:  # where figures board, as the sheets name those hexes
            stop["places"] = [name(q, r) for q, r, _ in stop["spaces"]]
    if scenario is not None:
        data["scenario"] = scenario
    heat = None
    if heatmap:
        # the picture reads the report's own entries: it greys exactly the spaces the text counts
        entries = _by_space(data, spaces)
        where = (f" from {_place(data['start'], _namer(data))}" if start
                 else " from the nearest start zone" if data["start_zones"] else "")
        if driven is not None and start is None:
            where = f" of {driven.label}"
        banner = ""
        if start is None and driven is None and not data["start_zones"]:
            # an all-grey picture would look like a map nobody can cross: say why it is grey
            banner = no_zones()
            data.setdefault("notes", []).append(f"heatmap: {banner}")
        shown = m.name or "map"
        if scenario is not None:
            setup = next((x for x in m.scenario_setups if x.number == scenario), None)
            shown += f", {setup.title if setup is not None else f'scenario {scenario}'}"
        heat = Heatmap(spaces, [e["turns"] for e in entries],
                       f"{shown}: turns{where} (Move {figure.move}, Height {figure.height})",
                       banner, dict(m.attrs.get("zone_colours") or {}),
                       reached=[bool(e.get("reachable")) for e in entries],
                       blocked=[e.get("blocked") for e in entries], holes=holes(m, spaces),
                       board=(data["board"]["column_a"], data["board"]["row_1"]) if data.get("board") else None)
    return Analysis(data, render_text(data), heat)


def _no_start(m: Map, spaces: Spaces, start: tuple[int, int, int], sheets: Map | None) -> str:
    """Why a start names no space a figure may stand on, plainly: what stands there or closes
    it (a vehicle, a building's Partial hex, a tree: "B1 (1, 0) on Level 1: Sports Car (object
    1) stands there"), and the Levels of that hex's open spaces (a vehicle's top among them), never
    the Level of a space something closes."""
    q, r, level = start
    here = [s for s in range(len(spaces)) if (spaces.q[s], spaces.r[s]) == (q, r)]
    have = sorted({spaces.level(s) for s in here if spaces.clearance[s] > 0})
    closed = [spaces.closed_by[s] for s in here if spaces.clearance[s] <= 0 and spaces.level(s) == level
              and s in spaces.closed_by]
    where = _hex_said(m, q, r, sheets)
    filled = holes(m, spaces).get((q, r)) if not (closed or have) else None
    why = f": {closed[0]}" if closed else f": {filled} fills that hex" if filled else ""
    if not have:
        return f"no space at {where} on Level {level}{why}; that hex has no space a figure may stand on"
    return f"no space at {where} on Level {level}{why}; that hex has spaces on Level {', '.join(map(str, have))}"


def _hex_said(m: Map, q: int, r: int, sheets: Map | None) -> str:
    """A hex as the build sheets name it, with its q, r ("E4 (3, 3)")."""
    from mapkit.model.board import Board

    board = Board.of(sheets if sheets is not None else m)
    sheet = board.name(q, r) if board is not None else None
    return f"{sheet} ({q}, {r})" if sheet else f"q={q}, r={r}"


def _cannot_stand(m: Map, result: Any, start: tuple[int, int, int], why: str, sheets: Map | None) -> str:
    """Why a start names a space no move of this figure ends on, plainly: what the space is (an
    elevator shaft where only its Elevator Car stops, a Half hex, a ceiling too low ...) and the
    Levels of that hex where the figure may stand."""
    spaces, no_end = result.spaces, result.no_end()
    (q, r, _), level = start, spaces.level(result.start)
    have = sorted({spaces.level(s) for s in range(len(spaces))
                   if (spaces.q[s], spaces.r[s]) == (q, r) and no_end[s] is None})
    others = f"; it may stand on that hex on Level {', '.join(map(str, have))}" if have else ""
    return f"{_hex_said(m, q, r, sheets)} on Level {level}: {why}; no figure of this profile stands there{others}"


def _name_places(data: dict[str, Any], sheets: Map) -> None:
    """`board`: the odd-r offset column the build sheets letter A and the row they number 1 (None
    for an empty map), and each space, glyph and engagement its `place` on that board ("C7"); a
    transit dead end the `places` of its spaces, a fall those of its two spaces (from, to);
    `unreachable_places` names the `unreachable` spaces."""
    from mapkit.model.board import Board

    board = Board.of(sheets)
    data["board"] = None if board is None else {"column_a": board.col0, "row_1": board.row0}
    name = _namer(data)
    for entry in data["spaces"] + data["glyphs"]:
        entry["place"] = name(entry["q"], entry["r"])
    for e in data["engagement"]:
        e["place"] = None if e["space"] is None else name(e["space"][0], e["space"][1])
    for t in data["transit_dead_ends"]:
        t["places"] = [name(q, r) for q, r, _ in t["spaces"]]
    for fall in data["falls"]:
        fall["places"] = [name(fall["from"][0], fall["from"][1]), name(fall["to"][0], fall["to"][1])]
    data["unreachable_places"] = [name(q, r) for q, r, _ in data["unreachable"]]


def _namer(data: dict[str, Any]) -> Callable[[int, int], str | None]:
    """A hex's sheet name on the report's board (None off it, or for a report without one)."""
    from mapkit.model.board import Board

    origin = data.get("board")
    if not origin:
        return lambda q, r: None
    return Board(origin["column_a"], origin["row_1"]).name


def _vehicle_data(v: Any, vehicle_rules: str) -> dict[str, Any]:
    return {"name": v.name, "object": v.index + 1, "size": v.size, "spaces": [list(h) for h in v.hexes],
            "level": v.level, "entrance": v.entrance, "vehicle_rules": vehicle_rules,
            "occupants": len(v.occupants)}


def _boarding(spaces: Any, result: Any, v: Any, vehicle_rules: str, stand: list[int]) -> list[dict[str, Any]]:
    """Where figures enter and exit the vehicle: where it stands (a vehicle), or at each shaft
    space it can reach (an Elevator Car: one stop per floor)."""
    from mapkit.movement import vehicles as vh

    boarder = Figure(height=vh.occupant_height(v, 5))
    directions = vh.boarding_directions(v, vehicle_rules)
    if v.elevator_car:
        turns = result.start_turns or []
        stops = [[s] for s in range(len(spaces)) if spaces.role[s] == "elevator" and turns[s] is not None]
    else:
        stops = [stand]
    out = []
    for at in stops:
        room = (spaces.building[at[0]], spaces.floor[at[0]]) if spaces.building[at[0]] >= 0 else None
        hexes = [(spaces.q[s], spaces.r[s]) for s in at]
        found = vh.boarding_spaces(spaces, hexes, spaces.height[at[0]], v.height, directions, boarder, room)
        out.append({"at": [list(spaces.place(s)) for s in at], "floor": spaces.floor[at[0]] + 1 if v.elevator_car else None,
                    "turns": result.start_turns[at[0]] if result.start_turns else None,
                    "spaces": [list(spaces.place(s)) for s in found]})
    return out


def _by_space(data: dict[str, Any], spaces: Any) -> list[dict[str, Any]]:
    """The report's per-space entries in space order (closed spaces as unreachable)."""
    by_place = {(e["q"], e["r"], e["level"]): e for e in data["spaces"]}
    return [by_place.get(spaces.place(s), {"turns": None}) for s in range(len(spaces))]


def holes(m: Map, spaces: Spaces) -> dict[tuple[int, int], str]:
    """Hexes the map fills but where no figure stands (a tree's, a castle wall's, a building's
    Partial hexes): hex -> what fills it, said as a piece family ("Evergreen tree", "Castle wall")
    by the highest piece there."""
    drawn = {(spaces.q[s], spaces.r[s]) for s in range(len(spaces)) if spaces.clearance[s] > 0}
    empty = (spaces.hexes | spaces.partial) - drawn
    if not empty:
        return {}
    cat = m.catalog()
    top: dict[tuple[int, int], tuple[int, str]] = {}
    for piece in m.pieces:
        ptype = cat[piece.type]
        if ptype.kind in ("marker", "figure"):
            continue
        for cell in m.footprint(piece):
            if cell in empty and (cell not in top or piece.z + ptype.height >= top[cell][0]):
                top[cell] = (piece.z + ptype.height, piece_family(ptype.name))
    out = {cell: name for cell, (_, name) in top.items()}
    for cell in empty - set(out):
        out[cell] = "Partial hex of a building"
    return out


def piece_family(name: str) -> str:
    """A piece's name without its size or variant: "Evergreen tree 10" -> "Evergreen tree",
    "Castle wall, corner" -> "Castle wall", "Marro hive (6-hex)" -> "Marro hive"."""
    import re

    base = re.split(r"[,(]", name, maxsplit=1)[0]
    return re.sub(r"(\s+\d+(-hex)?)+\s*$", "", base).strip() or name


def _place(place: list[int], name: Callable[[int, int], str | None] = lambda q, r: None) -> str:
    """A space as text: its hex (as the sheets name it, and axial) and the Level a figure there stands on."""
    q, r, level = place
    sheet = name(q, r)
    return f"{sheet + ' ' if sheet else ''}({q}, {r}) on Level {level}"


#: How many places a line of the text names before it says how many more there are.
PLACES_NAMED = 12


def _some_places(places: list[list[int]], name: Callable[[int, int], str | None]) -> str:
    """" (C7 on Level 1, ...)": the first `PLACES_NAMED` of these spaces, as the sheets name them
    ([q, r, Level], or [q, r, Level, building] for a space inside a building)."""
    if not places:
        return ""
    # a space inside a building says so: a Half hex a wall cuts is a space outside and one inside
    said = [f"{name(q, r) or f'({q}, {r})'} on Level {level}" + "".join(f" in building {b}" for b in inside)
            for q, r, level, *inside in places[:PLACES_NAMED]]
    more = f" and {len(places) - PLACES_NAMED} more" if len(places) > PLACES_NAMED else ""
    return f" ({', '.join(said)}{more})"


def render_text(d: dict[str, Any]) -> str:
    """The report as `mapkit analyze` prints it."""
    f = d["figure"]
    kind = ("double-space" if f["double"] else "single-space") + (", flying" if f["flying"] else "")
    scenario = (f", room {d['room']}" if d.get("room") is not None else "") + \
        (f", scenario {d['scenario']}" if d.get("scenario") is not None else "")
    mover = d.get("mover") or {}
    who = ""
    if "name" in mover:
        entrance = f"entrance {mover['entrance']}" if mover["entrance"] else "no marked entrance"
        who = (f"{mover['name']} (object {mover['object']}, {mover['kind']}, Size {mover['size'] or 'unknown'}, "
               f"{entrance}; {mover['vehicle_rules']} vehicle rules): ")
    falls = "never falls" if f["flying"] else f"falls: {f['falls']}"  # seeds/004: "Figures that can Fly never fall"
    name = _namer(d)
    lines = [f"{d.get('map') or '(unnamed map)'}{scenario}: {who}Move {f['move']}, Height {f['height']} "
             f"({kind}; {falls})"]
    spaces = d["spaces"]
    lines.append(f"  spaces: {len(spaces)}")
    if d["start"] is not None:
        counts = Counter(s["turns"] for s in spaces if s["reachable"] and s["turns"] is not None)
        lines.append(f"  from {_place(d['start'], name)}: " + ", ".join(
            f"{n} in {t} turn{'s' if t != 1 else ''}" for t, n in sorted(counts.items())) +
            f"; {sum(1 for s in spaces if not s['reachable'] and 'blocked' not in s)} not reachable")
    if d["start_zones"]:
        lines.append("  start zones: " + ", ".join(f"player {p}: {n} spaces" for p, n in d["start_zones"].items()))
    for e in d["engagement"]:
        where = f" (ending at {_place(e['space'], name)})" if e["space"] else ""
        if e["turns"] is None:
            lines.append(f"  engage: player {e['from']} never reaches player {e['to']}'s zone")
            continue
        turns = f"{e['turns']} turn{'s' if e['turns'] != 1 else ''}"
        lines.append(f"  engage: player {e['from']} reaches player {e['to']}'s zone in {turns}{where}")
    for g in d["glyphs"]:
        where = f"  glyph {g['letter']} at {_place([g['q'], g['r'], g['level']], name)}"
        if not g["turns"]:
            lines.append(f"{where}: no start zones to measure from")
            continue
        per = ", ".join(f"player {p}: {'-' if t is None else t}" for p, t in g["turns"].items())
        imb = "unreachable from some zone" if g["imbalance"] is None else f"imbalance {g['imbalance']}"
        lines.append(f"{where}: turns {per}; {imb}")
    if d["start_zones"]:
        lines.append(f"  spaces no start zone reaches: {len(d['unreachable'])}"
                     + _some_places(d["unreachable"], name))
    blocked: dict[str, list[list[int]]] = {}
    for s in spaces:
        if "blocked" in s:
            blocked.setdefault(s["blocked"], []).append([s["q"], s["r"], s["level"]] + ([s["building"]] if "building" in s else []))
    if blocked:
        # the heatmap's slate hexes: each reason with where (as the sheets name the hexes)
        lines.append(f"  spaces where no move of this figure ends: {sum(map(len, blocked.values()))}")
        for why, places in sorted(blocked.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            lines.append(f"    {len(places)} {why}{_some_places(places, name)}")
    for fl in d["closed_floors"]:
        lines.append(f"  building {fl['building']} floor {fl['floor']} cannot be entered ({fl['spaces']} spaces)")
    dice = Counter(x["dice"] for x in d["falls"])
    if dice:
        lines.append("  drops that make a figure fall: " + ", ".join(f"{n} x {k} {'die' if k == '1' else 'dice' if k == '3' else ''}".rstrip()
                                                                     for k, n in sorted(dice.items())))
    for t in d["transit_dead_ends"]:
        at = ", ".join(_place(x, name) for x in t["spaces"])
        lines.append(f"  transit number {t['transit_number']} (building {t['building']}) at {at} leads nowhere: {t['why']}")
    if d["ignored_pieces"]:
        lines.append("  pieces not modelled for movement: " + ", ".join(f"{k} x{n}" for k, n in d["ignored_pieces"].items()))
    for stop in d.get("boarding", ()):
        where = f"floor {stop['floor']} " if stop["floor"] is not None else ""
        when = "" if stop["turns"] in (0, None) else f" (after {stop['turns']} turn{'s' if stop['turns'] != 1 else ''})"
        spaces_text = ", ".join(_place(x, name) for x in stop["spaces"]) or "none: no figure can enter or exit here"
        lines.append(f"  figures enter and exit at {where}{_place(stop['at'][0], name)}{when} from: {spaces_text}")
    for note in d.get("notes", ()):
        lines.append(f"  note: {note}")
    return escapes.lines(lines)  # one line each, whatever a map's or a Book's name holds
