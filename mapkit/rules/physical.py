"""Physical build rules (family "physical", codes P1xx): can this battlefield be built on a table?

All rules read one analysis pass (`physical_findings`) over one cell index (`build_index`), so a
map is walked once however many rules run. Each rule's documentation, with the rulebook passage
or convention it rests on, is in `mapkit/data/rules/physical.json`.

Which pieces may bridge (rest on only some of their hexes):
- land tiles: an overhang is legal (Master Game Guide, "moving up onto a low overhang");
- the castle arch: it stands on its two end bases, the doorway between is open;
- road (stone) walls hang along the side of a row of tiles at their own level (P111), whatever is
  under them: two of them and a 5-hex road make a bridge;
- battlements and ladders hang on a castle edge (P110), not on what is under them;
- the castle flag is planted in a battlement (catalog `stands_on`);
- the fortified wall stands on its first 4 hexes and reaches over the other 4 (catalog
  `supported_cells`, from the web editor's support template).
Everything else (fluid tiles, obstacles, castle walls and bases, figures) needs ground under every hex.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from mapkit.model import levels
from mapkit.model.catalog import PieceType
from mapkit.model.grid import DIRECTIONS, axial_to_offset
from mapkit.rules.build_index import LAUR_EDGE, BuildIndex, build_index
from mapkit.rules.framework import CheckContext, Finding, rule

FAMILY = "physical"
ALL_PROFILES = ("casual", "tournament", "c3g")
INT32 = 2**31

#: Obstacles that come standing on their own fluid-like base (physical-and-rules §4.3 and the
#: set table): a glacier on its ice base, the hive on its swamp-water base, an outcrop on its shadow.
OWN_BASES = {"glacier": frozenset({"ice"}), "hive": frozenset({"swamp-water"}),
             "outcrop": frozenset({"shadow", "molten-lava"})}
#: What an edge add-on hangs on across its edge: castle walls, bases and wall-walk for the castle's
#: ladders and battlements; a rope ladder also on the ship wall or bow.
EDGE_HOSTS = {"rope-ladder": frozenset({"ship"})}
#: Ladders also lean on the side of land tiles across their edge: official pages stack castle
#: ladders from the ground up a hill to the wall (Aaryglynn, heroscape.glasq.com hsbf0022: "13"
#: ladders from a Level 2 floor to a wall-walk on Level 28 whose castle base is on Level 9, and a
#: single ladder up a 2-level rock cliff with no castle near it).
LEANING = frozenset({"castle-ladder", "rope-ladder"})


def index_of(ctx: CheckContext) -> BuildIndex:
    return ctx.shared("physical.index", lambda c: build_index(c.map, c.options))


def may_bridge(ptype: PieceType) -> bool:
    """Whether a piece may rest on only some of its hexes (see the module docstring)."""
    if ptype.kind in ("land", "custom"):
        return True
    return ptype.kind == "castle" and ptype.height >= 10 and ptype.hexes > 1


def _label(ptype: PieceType, i: int) -> str:
    return f"{ptype.name} (piece {i + 1})"


def physical_findings(ctx: CheckContext) -> dict[str, list[Finding]]:
    """Every physical finding, by rule code, from one pass over the index."""
    return ctx.shared("physical.findings", _analyse_without_gc)


def _analyse_without_gc(ctx: CheckContext) -> dict[str, list[Finding]]:
    from mapkit.bulk import paused_gc

    with paused_gc():  # as in build_index: many small allocations, no cycles
        return _analyse(ctx)


def _analyse(ctx: CheckContext) -> dict[str, list[Finding]]:
    idx = index_of(ctx)
    out: dict[str, list[Finding]] = {code: [] for code in
                                     ("P101", "P102", "P103", "P104", "P105", "P106", "P107", "P108",
                                      "P109", "P110", "P111", "P112")}
    find = ctx.finding
    types, cells, pieces = idx.types, idx.cells, ctx.map.pieces
    under_all, starts = idx.under, idx.start
    outside = set(idx.outside)
    fluid = {s for s, t in enumerate(types) if t is not None and t.kind == "fluid"}  # the fluid tiles
    floors = _building_floors(ctx)
    # what a .hsc cannot hold concerns a VirtualScape file; another map meets it only when
    # converted to one, and the conversion names it as a loss (issue 25)
    # (the format of the file itself: a mapkit JSON file converted from a .hsc keeps "hsc" as its
    # source_format, but is no VirtualScape file; `read_as` says which, for a map read from a file)
    virtualscape = (ctx.map.read_as or ctx.map.source_format) == "hsc"
    for i, piece in enumerate(pieces):
        ptype = types[i]
        if ptype is None:
            continue
        kind, z, hexes = ptype.kind, piece.z, cells[i]
        if z < 0 or virtualscape and (i in outside or piece.rotation != int(piece.rotation) or z >= INT32):
            _coordinates(ctx, out["P112"], i, ptype, piece.rotation, z, hexes, virtualscape)
        if floors and kind in ("marker", "figure") and all((q, r, z) in floors for q, r in hexes):
            continue  # on a floor of a C3G building: the Book is what it stands on (the C3G rules check it)
        if kind == "marker":
            _marker(ctx, idx, out, i, ptype, z, hexes)
            continue
        if kind == "edge" and ptype.terrain != "road-wall":
            _edge_addon(ctx, idx, out["P110"], i, ptype, z, hexes[0], piece.rotation)
            continue
        if z <= 0 and not ptype.attaches_to:
            continue  # on the table
        below = under_all[starts[i]:starts[i + 1]]
        under: Sequence[int | None] = below
        held = below
        if -1 in below:  # a hex with nothing under it (-1); most pieces have something under each
            under = [None if s < 0 else s for s in below]
            if ptype.terrain == "laur-wall" and under[0] is None:
                under = [_laur_below(idx, piece, hexes[0], z)]
            held = [s for s in under if s is not None]
        if ptype.attaches_to:
            _attached(ctx, idx, out["P111"], i, ptype, piece, z)
            continue  # it hangs on the tiles beside it: what is under it carries nothing
        elif not held and ptype.stands_on and _planted(idx, ptype, hexes, z):
            pass  # planted in the piece that holds it (the castle flag in a battlement)
        elif not held:
            what = "under any of its hexes" if len(hexes) > 1 else "under it"
            out["P101"].append(find("P101", f"{_label(ptype, i)} floats: no {levels.label(z)} tile {what}",
                                    piece.q, piece.r, levels.level(ptype, z)))
        elif ptype.supported_cells and None in (under[k] for k in ptype.supported_cells):
            open_ = [k for k in ptype.supported_cells if under[k] is None]  # (it reaches over the others)
            gap = hexes[open_[0]]
            out["P102"].append(find("P102", f"{_label(ptype, i)} hangs over air at {ctx.hex_named(*gap)}: "
                                    f"{len(open_)} of the {len(ptype.supported_cells)} hexes it stands on have "
                                    "nothing under them", gap[0], gap[1], levels.level(ptype, z)))
        elif len(held) < len(hexes) and not may_bridge(ptype) and not ptype.supported_cells:
            gap = hexes[under.index(None)]
            out["P102"].append(find("P102", f"{_label(ptype, i)} hangs over air at {ctx.hex_named(*gap)}: "
                                    f"{len(hexes) - len(held)} of its {len(hexes)} hexes "
                                    f"{'has' if len(hexes) - len(held) == 1 else 'have'} nothing under them",
                                    gap[0], gap[1], levels.level(ptype, z)))
        if fluid and held and kind != "figure" and not fluid.isdisjoint(held):
            _on_fluid(ctx, out, i, ptype, z, hexes, under, types)
    _overlaps(ctx, idx, out["P103"])
    _clearance(ctx, idx, out["P104"])
    return out


def _attached(ctx: CheckContext, idx: BuildIndex, out: list[Finding], i: int, ptype: PieceType, piece, z: int) -> None:
    """A stone wall hangs along the side of a row of tiles at its own level (catalog `attaches_to`):
    every one of them must be there."""
    for q, r in ptype.attached_hexes(piece.q, piece.r, piece.rotation):
        b = idx.body_at(q, r, z)
        if b is None or idx.type_of(b).kind not in ("land", "castle", "custom"):
            out.append(ctx.finding("P111", f"{_label(ptype, i)} is not attached along its length: no "
                                   f"{levels.label(levels.layer(z))} tile at {ctx.hex_named(q, r)} beside it", q, r,
                                   levels.level(ptype, z)))
            return


def _planted(idx: BuildIndex, ptype: PieceType, hexes: list[tuple[int, int]], z: int) -> bool:
    """Whether a piece that is planted in another (the castle flag in a battlement, catalog
    `stands_on`) has that piece in its hex, the catalog's number of levels below it."""
    for holder, rise in ptype.stands_on.items():
        for q, r in hexes:
            for side in range(6):
                if any(idx.type_of(i).id == holder for i in idx.edges.get((q, r, z - rise, side), ())):
                    return True
    return False


def _building_floors(ctx: CheckContext) -> set[tuple[int, int, int]]:
    """(q, r, level) of the open spaces on the upper floors of the map's C3G buildings.

    Figures, glyphs and start zones stand there on the Book's floor, not on a tile; maps without
    buildings never load a Book."""
    if not ctx.map.buildings:
        return set()
    from mapkit.rules.c3g import state

    out: set[tuple[int, int, int]] = set()
    for pb in state(ctx).buildings:
        if pb.placed is None:
            continue
        for floor in pb.placed.floors:
            if floor.offset > 0:
                level = pb.placed.floor_level(floor)
                out.update((q, r, level) for (q, r), cls in floor.classes.items() if cls != "covered")
    return out


def _laur_below(idx: BuildIndex, piece, hex_: tuple[int, int], z: int) -> int | None:
    """A stackable Laur wall may rest on the Laur wall below it on the same side."""
    key = (hex_[0], hex_[1], z - 1, LAUR_EDGE + int(round(piece.rotation * 2)) % 12)
    below = idx.edges.get(key)
    return below[0] if below else None


def _on_fluid(ctx: CheckContext, out: dict[str, list[Finding]], i: int, ptype: PieceType, z: int,
              hexes: list[tuple[int, int]], under: Sequence[int | None], types: list[PieceType | None]) -> None:
    """A piece resting on water or another fluid (one finding per piece, at its first such hex)."""
    for (q, r), s in zip(hexes, under):
        if s is None:
            continue
        below = types[s]
        if below is None or below.kind != "fluid":
            continue
        if ptype.terrain == "molten-lava":
            if below.terrain in ("water", "molten-lava"):
                out["P106"].append(ctx.finding(
                    "P106", f"{_label(ptype, i)} is stacked on {below.name} (piece {s + 1})", q, r,
                    levels.level(ptype, z)))
                return
            continue  # molten lava may go on any tile that is neither water nor molten lava
        if below.terrain in OWN_BASES.get(ptype.terrain, ()) or below.terrain in ptype.stands_in:
            continue
        solid = sum(1 for t in under if t is not None and getattr(types[t], "kind", "fluid") != "fluid")
        if solid and ptype.kind != "fluid":
            # Held by solid tiles beside the fluid: water adds no height (seed 004), so the tile
            # overhangs the fluid rather than resting on it; overhangs are legal, and the rules
            # do not say whether one may reach over water: a warning, not the water rule's error.
            out["P105"].append(ctx.finding(
                "P105", f"{_label(ptype, i)} overhangs {below.name} (piece {s + 1}), held by solid tiles under "
                f"{solid} of its {len(hexes)} hexes; the rules allow overhangs but do not say whether one may "
                "reach over a fluid tile", q, r, levels.level(ptype, z), severity="warning"))
            return
        severity = "error" if below.terrain == "water" else "warning"
        out["P105"].append(ctx.finding(
            "P105", f"{_label(ptype, i)} rests on {below.name} (piece {s + 1}); nothing may be built on a fluid tile",
            q, r, levels.level(ptype, z), severity=severity))
        return


def _marker(ctx: CheckContext, idx: BuildIndex, out: dict[str, list[Finding]], i: int, ptype: PieceType,
            z: int, hexes: list[tuple[int, int]]) -> None:
    """A glyph or start zone: on a surface; a glyph on a space that is not molten lava."""
    what = "glyph" if ptype.terrain == "glyph" else "start-zone space"
    for q, r in hexes:
        s = idx.support(q, r, z) if z > 0 else None
        if s is None:
            where = "lies on the bare table" if z <= 0 else f"has no {levels.label(z)} tile under it"
            out["P109"].append(ctx.finding("P109", f"{what} (piece {i + 1}) {where}", q, r, z))
            continue
        if ptype.terrain != "glyph":
            continue
        below = idx.type_of(s)
        if below.terrain == "molten-lava":
            out["P107"].append(ctx.finding("P107", f"glyph (piece {i + 1}) lies on molten lava (piece {s + 1})",
                                           q, r, z))
        elif below.kind not in ("land", "fluid", "custom"):  # a personal (custom) tile is a space too
            out["P108"].append(ctx.finding(
                "P108", f"glyph (piece {i + 1}) is not on a space: it lies on {below.name} (piece {s + 1})", q, r, z))


def _edge_addon(ctx: CheckContext, idx: BuildIndex, out: list[Finding], i: int, ptype: PieceType, z: int,
                hex_: tuple[int, int], rotation: float) -> None:
    """A battlement or ladder must hang on an edge whose other side is castle (wall, base or wall-walk);
    a rope ladder on castle or a ship's hull (EDGE_HOSTS)."""
    q, r = hex_
    turns = int(rotation) % 6
    dq, dr = DIRECTIONS[turns]
    hosts = EDGE_HOSTS.get(ptype.id, frozenset())
    for cq, cr in ((q + dq, r + dr), (q, r)):
        for level in (z, z - 1):
            b = idx.body_at(cq, cr, level)
            if b is not None and (idx.type_of(b).kind == "castle" or idx.type_of(b).terrain in hosts | {"wall-walk"}):
                return
    if ptype.id in LEANING:  # a ladder may lean on the side of a hill of tiles
        for level in (z, z + 1):
            b = idx.body_at(q + dq, r + dr, level)
            if b is not None and idx.type_of(b).kind in ("land", "custom"):
                return
    side = ("E", "SE", "SW", "W", "NW", "NE")[turns]
    what = "castle wall, base, wall-walk or ship's hull" if hosts else "castle wall, base or wall-walk"
    out.append(ctx.finding("P110", f"{_label(ptype, i)} hangs on the {side} edge, but no {what} is across that "
                           f"edge at Level {levels.layer(z - 1)} or {levels.layer(z)}", q, r, levels.level(ptype, z)))


def _coordinates(ctx: CheckContext, out: list[Finding], i: int, ptype: PieceType, rotation: float, z: int,
                 hexes: list[tuple[int, int]], virtualscape: bool = True) -> None:
    """A piece below the table; in a VirtualScape file, positions it cannot hold or that
    VirtualScape moves on load."""
    q0, r0 = hexes[0] if hexes else (0, 0)
    level = levels.level(ptype, z) if z < INT32 else z
    if z < 0:
        out.append(ctx.finding("P112", f"{_label(ptype, i)} is below the table (its bottom at height {z})", q0, r0,
                               level, severity="error"))
        return
    if not virtualscape:
        return
    offsets = [axial_to_offset(q, r) for q, r in hexes]
    if any(not (-INT32 <= v < INT32) for col, row in offsets for v in (col, row)) or z >= INT32:
        out.append(ctx.finding("P112", f"{_label(ptype, i)} lies beyond the 32-bit coordinates a .hsc holds",
                               q0, r0, level, severity="error"))
        return
    if any(col < 0 or row < 0 for col, row in offsets):
        col, row = next((c, r) for c, r in offsets if c < 0 or r < 0)
        out.append(ctx.finding("P112", f"{_label(ptype, i)} reaches column {col}, row {row}: VirtualScape shifts "
                               "maps with negative rows or columns on load, and misplaces negative odd rows",
                               q0, r0, level))
        return
    if rotation != int(rotation):
        out.append(ctx.finding("P112", f"{_label(ptype, i)} is turned {rotation} steps; VirtualScape holds only "
                               "whole 60-degree turns", q0, r0, level))


#: A finding about many pieces in one place names this many, then counts the rest.
NAMED = 5


def _pieces(types: list, group: list[int]) -> str:
    """'A and B', 'A, B and C', or the first NAMED and 'and N more pieces': one finding for a
    pile of any size, in text that grows with NAMED, not with the pile."""
    shown = [_label(types[i], i) for i in group[:NAMED]]
    rest = len(group) - len(shown)
    if rest:
        return ", ".join(shown) + f" and {rest:,} more piece{'s' if rest > 1 else ''}"
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def _overlaps(ctx: CheckContext, idx: BuildIndex, out: list[Finding]) -> None:
    """Pieces in one cell: bodies (counting every level they fill), markers, edge add-ons.

    One finding per pile, never one per pair: a pile of n pieces is one finding naming them
    (the first few and a count), at the first cell where exactly that pile meets, so the
    findings grow linearly with the map even when thousands of pieces share a hex."""
    types, type_of = idx.types, idx.type_of
    seen: set[tuple[int, ...]] = set()
    for (q, r, level), group in idx.crowded.items():
        for pile in _meeting(ctx.map.pieces, group):
            if pile in seen:
                continue  # the same pieces meet again one level up (a stack of walls)
            seen.add(pile)
            if len(pile) == 2:
                message = f"{_pieces(types, list(pile))} both fill this cell"
            else:
                message = f"{len(pile):,} pieces fill this cell: {_pieces(types, list(pile))}"
            out.append(ctx.finding("P103", message, q, r, _pile_level(types, pile, level)))
    pieces = ctx.map.pieces
    for (q, r, level), group in idx.markers.items():
        b = idx.body_at(q, r, level)
        if b is not None and not idx.open_at(b, q, r, level):  # a ruin's hexes, an arch's door space are spaces
            # a zone may take in an obstacle's hex (VirtualScape allows it; glasq pages do it)
            inside = [m for m in group if not (type_of(m).terrain == "start-zone" and type_of(b).kind == "obstacle")]
            if inside:
                verb = "is" if len(inside) == 1 else "are"
                out.append(ctx.finding("P103", f"{_pieces(types, inside)} {verb} inside {_label(type_of(b), b)}",
                                       q, r, _pile_level(types, inside, level)))
        kinds: dict[tuple[str, object], list[int]] = {}
        for m in group:
            # Markers of different scenarios (glasq pages carry several) never meet on the table.
            key = ("figure" if type_of(m).kind == "figure" else type_of(m).terrain, pieces[m].attrs.get("scenario"))
            kinds.setdefault(key, []).append(m)
        for key, same in kinds.items():
            if len(same) < 2:
                continue
            severity = "warning" if key[0] == "start-zone" else None
            if len(same) == 2:
                message = f"{_label(type_of(same[1]), same[1])} shares its space with {_label(type_of(same[0]), same[0])}"
            else:
                message = f"{len(same):,} pieces share one space: {_pieces(types, same)}"
            out.append(ctx.finding("P103", message, q, r, _pile_level(types, same, level), severity=severity))
    for (q, r, level, _edge), group in idx.edges.items():
        if len(group) == 2:
            out.append(ctx.finding("P103", f"{_label(type_of(group[1]), group[1])} stands on the same hex side as "
                                   f"{_label(type_of(group[0]), group[0])}", q, r, levels.level(type_of(group[1]), level)))
        elif len(group) > 2:
            out.append(ctx.finding("P103", f"{len(group):,} pieces stand on the same hex side: "
                                   f"{_pieces(types, group)}", q, r, levels.level(type_of(group[1]), level)))


def _meeting(pieces, group: list[int]) -> list[tuple[int, ...]]:
    """The pieces of one cell that are on the table together: the shared terrain with each
    scenario's own pieces in turn, less those that scenario takes away (`absent_in`); a map of
    one scenario is one such pile."""
    tags = {pieces[i].attrs.get("scenario") for i in group} - {None}
    if not tags and not any(pieces[i].attrs.get("absent_in") for i in group):
        return [tuple(group)]
    piles = []
    for tag in sorted(tags, key=str) or [None]:
        pile = tuple(i for i in group if pieces[i].attrs.get("scenario") in (None, tag)
                     and tag not in pieces[i].attrs.get("absent_in", ()))
        if len(pile) > 1:
            piles.append(pile)
    return piles


def _pile_level(types: list, pile: tuple[int, ...] | list[int], z: int) -> int:
    """The Level a pile meets at in cell z: the lowest of where each piece is counted (a tile is
    the Level of its layer, a tree in the same cell stands on the Level under it)."""
    return min(levels.level(types[i], z) for i in pile)


def _clearance(ctx: CheckContext, idx: BuildIndex, out: list[Finding]) -> None:
    """Pieces inside the air obstacles need above their base: one finding per air cell whose
    obstacles and intruders differ from those already reported (so a wall through a tree's air
    is one finding, not one per level), each naming the pieces (the first few and a count)."""
    types, type_of = idx.types, idx.type_of
    pieces = ctx.map.pieces
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    for cell, obstacles, bodies in idx.in_clearance:
        # stackable Laur pieces are made to stand on one another; a piece is never in its own way
        laur_obstacles = sum(1 for o in obstacles if type_of(o).terrain == "laur-wall")
        other_obstacles = len(obstacles) - laur_obstacles
        laur_bodies = sum(1 for b in bodies if type_of(b).terrain == "laur-wall")
        other_bodies = len(bodies) - laur_bodies

        def blocked_body(b: int) -> bool:
            if type_of(b).terrain == "laur-wall":
                return other_obstacles > 0
            return len(obstacles) > 1 or obstacles[0] != b

        def blocked_obstacle(o: int) -> bool:
            if type_of(o).terrain == "laur-wall":
                return other_bodies > 0
            return len(bodies) > 1 or bodies[0] != o

        intruders = tuple(b for b in bodies if blocked_body(b))
        if not intruders:
            continue
        blocked = tuple(o for o in obstacles if blocked_obstacle(o))
        if (blocked, intruders) in seen:
            continue
        seen.add((blocked, intruders))
        if len(blocked) == 1:
            o = blocked[0]
            ot = type_of(o)
            air = f"the {ot.obstacle_height}-level {ot.name} (piece {o + 1}) standing on {levels.label(pieces[o].z)}"
        else:
            air = f"the air {len(blocked):,} obstacles need above their base ({_pieces(types, list(blocked))})"
        verb = "is" if len(intruders) == 1 else "are"
        out.append(ctx.finding("P104", f"{_pieces(types, list(intruders))} {verb} inside {air}",
                               cell[0], cell[1], _pile_level(types, intruders, cell[2])))


def _register(code: str, name: str, severity: str, summary: str) -> None:
    @rule(code, name, severity, FAMILY, ALL_PROFILES, summary)
    def check(ctx: CheckContext) -> Iterable[Finding]:
        return physical_findings(ctx)[code]


for _code, _name, _severity, _summary in (
    ("P101", "unsupported-piece", "error", "A piece with nothing under any of its hexes"),
    ("P102", "partly-unsupported", "warning", "A piece that cannot bridge hangs over air on some hexes"),
    ("P103", "overlap", "error", "Two pieces fill the same cell (walls count 9 levels, arches 10)"),
    ("P104", "obstacle-clearance", "error", "A piece inside the height an obstacle needs above its base"),
    ("P105", "on-fluid", "error", "A piece built on water or another fluid tile"),
    ("P106", "molten-lava-stacked", "error", "Molten lava on water or on molten lava"),
    ("P107", "glyph-on-molten-lava", "error", "A glyph on molten lava"),
    ("P108", "glyph-not-on-space", "error", "A glyph that does not lie on a space"),
    ("P109", "marker-no-surface", "error", "A start zone or glyph with no surface under it"),
    ("P110", "edge-addon-off-castle", "error", "A ladder or battlement not on a castle edge"),
    ("P111", "road-wall-attached", "error", "A road (stone) wall not attached along its length to tiles at its level"),
    ("P112", "virtualscape-coordinates", "warning", "A position VirtualScape cannot hold or moves on load"),
):
    _register(_code, _name, _severity, _summary)
