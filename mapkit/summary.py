"""What a designer wants to know about a map (`mapkit info`), as plain data and as text."""

from __future__ import annotations

from collections import Counter

from mapkit import escapes
from mapkit.model import levels
from mapkit.model.board import Board
from mapkit.model.catalog import catalog, in_piece_order
from mapkit.model.map import Map
from mapkit.wording import option

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any


#: How `info` says the markers it counts apart from the pieces.
MARKER_WORDS = {"start-zone": "start-zone spaces", "figure": "figures", "figure-double": "double-space figures"}


def summarise(m: Map) -> dict[str, Any]:
    """The facts `info` reports, as plain data."""
    cat = catalog()
    bounds = m.bounds()
    columns = m.pieces.column_range()  # (with bounds: the board's letters and size, worked out once)
    counts = m.piece_counts()
    several = m.several_scenarios()
    pieces = pieces_by_type(m)

    def scenario_of(piece: Any) -> Any:  # named per zone and glyph only where several share the map
        return piece.attrs.get("scenario") if several else None

    zones = []
    by_zone: dict[tuple[Any, int], list[Any]] = {}
    for piece in m.of_type("start-zone"):
        key = (scenario_of(piece), int(piece.attrs.get("player", 0) or 0))
        by_zone.setdefault(key, []).append(piece)
    # the battlefield's own zones after the scenarios', which go in number order (2 before 10)
    def zone_order(key: tuple[Any, int]) -> tuple[bool, int, int]:
        return key[0] is None, key[0] or 0, key[1]

    for (scenario, player), spaces in sorted(by_zone.items(), key=lambda kv: zone_order(kv[0])):
        names = sorted({str(s.attrs.get("name", "")) for s in spaces if s.attrs.get("name")})
        # a hex may hold two start spaces, one above the other (inside a castle tower and on its top)
        zone = {"player": player, "hexes": len({(s.q, s.r) for s in spaces}),
                "spaces": len({(s.q, s.r, s.z) for s in spaces}), "names": names}
        if scenario is not None:
            zone["scenario"] = scenario
        zones.append(zone)
    lettered = Board.of(m, bounds, columns)
    glyphs = [
        {"letter": g.attrs.get("letter", "?"), "name": (cat.glyph_of(g.attrs) or {}).get("name", ""),
         "q": g.q, "r": g.r, "place": lettered.name(g.q, g.r) if lettered else None, "level": levels.level(cat[g.type], g.z),
         **({"scenario": scenario_of(g)} if scenario_of(g) is not None else {})}
        for g in m.glyphs()
    ]
    size = None
    board = m.board_size(bounds, columns)
    span = m.level_range()
    if bounds and board and span:
        # columns x rows as the board is lettered and numbered; the axial ranges for programs
        size = {"columns": board[0], "rows": board[1], "q": [bounds[0], bounds[1]], "r": [bounds[2], bounds[3]],
                "levels": list(span)}
    return {
        "name": m.name,
        "author": m.author,
        "players": m.players,
        "player_count": m.player_count(),  # None where the field gives no count ("", "0", "-1")
        "format": m.source_format,
        "version": m.source_version,
        "size": size,
        "pieces": sum(pieces.values()),
        "pieces_by_type": pieces,
        "markers": markers(m),
        "hexes_by_terrain": dict(sorted(terrain_hexes(m, counts).items())),
        "start_zones": zones,
        "glyphs": glyphs,
        "buildings": len(m.buildings),
        "objects": len(m.objects),
        "sets_used": declared_sets(m),
        "scenario": _one_scenario(m, several),
        "scenarios": scenarios(m) if several else [],
        "room": _one_room(m),
        "rooms": rooms(m) if m.several_rooms() else [],
    }


def pieces_by_type(m: Map) -> dict[str, int]:
    """The pieces to build the map with, by type, as `inventory` counts them (`sets.requirements`:
    a tall water is two water tiles; a page of several scenarios needs what its hungriest
    scenario needs), glyphs of every letter together; start-zone spaces and figures are markers."""
    from mapkit.sets.requirements import requirements

    out: Counter[str] = Counter()
    for key, n in requirements(m).items():
        out["glyph" if key.startswith("glyph:") else key] += n
    return dict(in_piece_order(out))


def pieces_said(m: Map) -> str:
    """How many pieces a map is built with, as `info` says it ("99 piece(s) to build with, 48
    markers"): the notes of what a command wrote count as `info` and `inventory` do."""
    built, placed = sum(pieces_by_type(m).values()), sum(markers(m).values())
    return f"{built:,} piece(s) to build with" + (f", {placed:,} marker(s)" if placed else "")


def read_said(m: Map, seconds: float) -> str:
    """What was read of a map, as --verbose says it: its format and its pieces as `info` counts
    them ("read as hsc, 99 piece(s) to build with, 48 marker(s) in 0.012 s")."""
    read_as = m.read_as or m.source_format or "an unnamed format"
    return f"read as {read_as}, {pieces_said(m)} in {seconds:.3f} s"


def markers(m: Map) -> dict[str, int]:
    """What the map places that is no piece of a set: start-zone spaces and figures, by type."""
    from mapkit.sets.requirements import markers as placed_markers

    return placed_markers(m)


def scenarios(m: Map) -> list[dict[str, Any]]:
    """Each scenario the map sets up: number, name, players and how many pieces of its own it
    places on the shared terrain (start-zone spaces, glyphs, figures, ruins ...)."""
    own = m.scenario_pieces()
    out = []
    for number in m.scenarios():
        setup = m.scenario_setup(number)
        row = {"number": number, "name": setup.name, "players": setup.players, "pieces": len(own.get(number, ()))}
        sets = declared_sets(m, number)
        if sets is not None:
            row["sets_used"] = sets
        out.append(row)
    return out


def rooms(m: Map) -> list[dict[str, Any]]:
    """Each board of a page that draws several (a dungeon's rooms): its number, as `--room`,
    validate and analyze name it, its name, and the pieces it is built with (a tile two rooms share
    counted in both)."""
    return [{"number": room.number, "name": room.name,
             "pieces": sum(pieces_by_type(m.for_room(room.number)).values())} for room in m.rooms]


def _one_room(m: Map) -> dict[str, Any] | None:
    """The room a map is, when it is one room taken from a page of several (`--room R`)."""
    if len(m.rooms) != 1:
        return None
    return {"number": m.rooms[0].number, "name": m.rooms[0].name}


def _one_scenario(m: Map, several: bool) -> dict[str, Any] | None:
    """The scenario a map is, when it names exactly one (a page of one scenario, or one scenario
    of a page taken on its own with `Map.for_scenario`)."""
    numbers = m.scenarios()
    if several or len(numbers) != 1:
        return None
    setup = m.scenario_setup(numbers[0])
    return {"number": setup.number, "name": setup.name, "players": setup.players}


def declared_sets(m: Map, number: int | None = None) -> list[dict[str, Any]] | None:
    """The sets the map says it is built from (a page's Required Sets, Hexoscape's setsUsed), or
    those scenario `number` names itself; None if it says nothing (`mapkit.sets.declared`)."""
    if m.attrs.get("sets_used") is None and (number is None or all(
            s.number != number or s.attrs.get("sets_used") is None for s in m.scenario_setups)):
        return None  # (mapkit.sets, and its solver, stay unloaded for a map that declares nothing)
    from mapkit.sets import declared as sets_declared

    found = sets_declared.of_map(m) if number is None else sets_declared.of_scenario(m, number)
    if found is None:
        return None
    from mapkit.sets.sets import set_table

    letters = {s["id"]: s.get("hexoscape_letter") for s in set_table()["sets"]}
    return [dict(d.as_dict(), letter=letters.get(d.product.key) if d.product.set else None) for d in found]


def terrain_hexes(m: Map, counts: Counter[str] | None = None) -> Counter[str]:
    """Hexes of each terrain the land and fluid pieces cover: the piece counts times each type's
    footprint size (a personal tile's size is its own, so those are counted one by one)."""
    cat = catalog()
    hexes: Counter[str] = Counter()
    for type_id, count in (counts if counts is not None else m.piece_counts()).items():
        ptype = cat[type_id]
        if ptype.kind not in ("land", "fluid"):
            continue
        if ptype.id == "personal":
            hexes[ptype.terrain] += sum(len(m.footprint(p)) for p in m.of_type(type_id))
        else:
            hexes[ptype.terrain] += count * len(cat.footprint(ptype.shape, 0))
    return hexes


def cells_json(m: Map) -> list[dict[str, Any]]:
    """One object per occupied cell: q, r, its place as the build sheets letter it ("C7"), its
    Level (a tile's layer, or the Level a standing piece stands on), terrain or kind, and its
    piece: the number findings and losses give it (the first piece of the map is piece 1)."""
    cat = catalog()
    out = []
    board = Board.of(m)
    named: dict[tuple[int, int], str | None] = {}
    for q, r, z, index in m.iter_cells():
        ptype = cat[m.pieces[index].type]
        if (q, r) not in named:
            named[(q, r)] = board.name(q, r) if board else None
        cell: dict[str, Any] = {"q": q, "r": r, "place": named[(q, r)], "level": levels.level(ptype, z)}
        if ptype.kind in ("land", "fluid"):
            cell["terrain"] = ptype.terrain
        else:
            cell["kind"] = ptype.kind
        cell["piece"] = index + 1
        cell["type"] = ptype.id
        out.append(cell)
    return out


def render_text(s: dict[str, Any]) -> str:
    """The summary as `mapkit info` prints it."""
    lines = [f"{s['name'] or '(unnamed map)'}"]
    fmt = s["format"] or "?"
    if s["version"]:
        fmt += f" {s['version']}"
    if s.get("file_format"):
        fmt = f"{s['file_format']}, converted from {fmt}"
    lines.append(f"  format:   {fmt}")
    if s["author"]:
        lines.append(f"  author:   {s['author']}")
    if s.get("scenario"):
        one = s["scenario"]
        name = f" ({one['name']})" if one["name"] else ""
        lines.append(f"  scenario: {one['number']}{name}" + (f", for {one['players']} players" if one["players"] else ""))
    if s.get("room"):
        lines.append(f"  room:     {s['room']['number']}" + (f" ({s['room']['name']})" if s["room"]["name"] else ""))
    if s["players"] and s.get("player_count") is None:  # VirtualScape's field left unset ("0")
        lines.append(f"  players:  not given (the players field holds {s['players'].strip()!r})")
    elif s["players"]:
        lines.append(f"  players:  {s['players']}")
    if s["size"]:
        sz = s["size"]
        lines.append(f"  size:     {sz['columns']} columns x {sz['rows']} rows, "
                     f"Levels {sz['levels'][0]}..{sz['levels'][1]}")
    else:
        lines.append("  size:     empty map")
    lines.append(f"  pieces:   {s['pieces']} to build with (as inventory counts them)")
    for type_id, count in s["pieces_by_type"].items():
        lines.append(f"    {count:5d}  {type_id}")
    if s["markers"]:
        lines.append("  markers:  " + ", ".join(f"{n} {MARKER_WORDS.get(t, t)}" for t, n in s["markers"].items()))
    if s["hexes_by_terrain"]:
        lines.append("  hexes by terrain:")
        for terrain, count in s["hexes_by_terrain"].items():
            lines.append(f"    {count:5d}  {terrain}")
    if s["start_zones"]:
        lines.append("  start zones:")
        for z in s["start_zones"]:
            names = f" ({', '.join(z['names'])})" if z["names"] else ""
            scenario = f"scenario {z['scenario']}, " if "scenario" in z else ""
            stacked = f" ({z['spaces']} spaces: some hexes hold one above another)" if z["spaces"] != z["hexes"] else ""
            lines.append(f"    {scenario}player {z['player']}{names}: {z['hexes']} hexes{stacked}")
    if s["glyphs"]:
        lines.append("  glyphs:")
        for g in s["glyphs"]:
            scenario = f" (scenario {g['scenario']})" if "scenario" in g else ""
            sheet = f"{g['place']} " if g.get("place") else ""
            lines.append(f"    {g['letter']} {g['name']} at {sheet}({g['q']}, {g['r']}) on {levels.label(g['level'])}{scenario}")
    if s.get("sets_used") is not None:
        lines.append(f"  sets used (declared): {_sets_named(s['sets_used'])}")
    if s["buildings"] or s["objects"]:
        lines.append(f"  C3G: {s['buildings']} building(s), {s['objects']} object(s)")
    if s.get("rooms"):
        lines.append(f"  rooms:    {len(s['rooms'])} boards, summarised together as laid out (one alone: {option('room', 'R')})")
        for room in s["rooms"]:
            lines.append(f"    {room['number']:3d}  {room['name'] or '(untitled)'}: {room['pieces']} pieces to build with")
    if s.get("scenarios"):
        lines.append(f"  scenarios: {len(s['scenarios'])} on the shared terrain (one alone: {option('scenario', 'K')})")
        for sc in s["scenarios"]:
            players = f"for {sc['players']} players, " if sc["players"] else ""
            lines.append(f"    {sc['number']:3d}  {sc['name'] or '(untitled)'}: {players}{sc['pieces']} pieces of its own")
            if sc.get("sets_used") is not None:
                lines.append(f"         sets used (declared): {_sets_named(sc['sets_used'])}")
    return escapes.lines(lines)  # one line each, whatever a name holds


def _sets_named(sets: list[dict[str, Any]]) -> str:
    """"2 x Battle for the Underdark (BftU), Warriors of Eberron (no terrain)"."""
    def one(d: dict[str, Any]) -> str:
        count = f"{d['copies']} x " if d["copies"] != 1 else ""
        what = f" ({d['id']})" if d["id"] else (" (no terrain)" if d["holds"] == "no terrain" else " (unknown to mapkit)")
        return f"{count}{d['name']}{what}"

    return ", ".join(one(d) for d in sets) or "none"
