"""The spaces of a map: every surface a figure could stand on, with what a move needs to know.

A land tile at z (Level z + 1) has its top surface at z + 1; a fluid (water, lava, ...) or a Cosmos
space at z adds no height, so its top is z (seeds/004 "water tiles do not add height",
seeds/002 "Cosmos spaces are 0 height"). A surface exists where the level just above it is
not filled; its *clearance* is the number of free levels up to the next solid piece above
(an overhang, a tree's trunk, a castle wall). Obstacles stand on a surface and fill it, so
their space has clearance 0 and is no space at all ("a figure cannot move onto or through
an obstacle's space", seeds/004).

Building floors, Half/Partial hexes and transit marks come from `mapkit.movement.buildings`,
which turns placed C3G Books into extra spaces; this module only reads tiles. What stands on a
space (a start zone, a glyph, a figure the map places) is kept in `Spaces.standing` and set on
its space by `stand` once those floors exist (`buildings.apply` calls it): a piece inside a
building stands on the floor space it is drawn on, not on the ground under the floor.
"""

from __future__ import annotations

import bisect
import json
from functools import lru_cache
from typing import Any

from mapkit import data
from mapkit.model import levels
from mapkit.model.catalog import catalog
from mapkit.model.grid import DIRECTIONS
from mapkit.model.map import Map
from mapkit.records import Record, field

#: Clearance of a space with nothing above it.
OPEN_SKY = 1 << 20


@lru_cache(maxsize=1)
def _flat_terrains() -> frozenset[str]:
    """Terrains whose tiles add no height (fluids and Cosmos): their spaces lie at the tile's bottom."""
    return frozenset(t.terrain for t in catalog().types.values()
                     if t.kind in ("land", "fluid") and not t.adds_height)


@lru_cache(maxsize=1)
def movement_data() -> dict[str, Any]:
    """The terrain and limit table in `mapkit/data/movement.json`."""
    text = data.text("movement.json")
    return json.loads(text)


class Spaces(Record):
    """Parallel lists, one entry per space (index = space id).

    `role` is "ground" for tile tops; building spaces use the C3G words ("floor", "doorway",
    "window", "elevator", "stair-up", "stair-down", "exit"). `fit` is "full" or "half"
    (Partial hexes are not spaces). `building`/`floor` are -1 outside buildings.
    """

    q: list[int] = field(default_factory=list)
    r: list[int] = field(default_factory=list)
    height: list[int] = field(default_factory=list)
    terrain: list[str] = field(default_factory=list)
    clearance: list[int] = field(default_factory=list)
    glyph: list[str | None] = field(default_factory=list)
    zone: list[int] = field(default_factory=list)
    role: list[str] = field(default_factory=list)
    fit: list[str] = field(default_factory=list)
    building: list[int] = field(default_factory=list)
    floor: list[int] = field(default_factory=list)
    transit_number: list[int | None] = field(default_factory=list)
    max_height: list[int | None] = field(default_factory=list)
    #: The Book of the structure admits single-spaced figures only (seeds/000: "The Book of each
    #: Interior Access Structure specifies what size and height of figure can enter").
    single_spaced: list[bool] = field(default_factory=list)
    #: A figure the map places stands here: no move ends on it ("You can't ... end your move on a
    #: space with any other figure", seeds/004, Passing and landing on other figures).
    occupied: list[bool] = field(default_factory=list)
    #: (q, r) -> ids of the exterior (tile-top) spaces of that hex, lowest first.
    columns: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    #: Hex edges a figure may not cross (battlements): (q, r, direction, level).
    blocked_edges: set[tuple[int, int, int, int]] = field(default_factory=set)
    #: Hex edges with a ladder: (q, r, direction).
    ladders: set[tuple[int, int, int]] = field(default_factory=set)
    #: Every hex any piece stands in (flying figures may pass over all of them).
    hexes: set[tuple[int, int]] = field(default_factory=set)
    #: Hexes whose ground a building leaves Partial: no figure enters them, and a flyer passing
    #: over one does not count it (seeds/000, Counting Partial and Half Hex Spaces).
    partial: set[tuple[int, int]] = field(default_factory=set)
    #: Elevator Cars the map places in their shafts: (q, r, level, height, entrance or None).
    cars: list[tuple[int, int, int, int, str | None]] = field(default_factory=list)
    #: What this model left out of the map (unread Books, objects), one line each.
    notes: list[str] = field(default_factory=list)
    #: What the map stands on its spaces, as drawn: (q, r, z, what, value), `what` "glyph" (value:
    #: its letter), "zone" (the player) or "figure"; set on their spaces by `stand`.
    standing: list[tuple[int, int, int, str, Any]] = field(default_factory=list)
    #: What closes a space no figure enters (its clearance 0), as a reader names it: "Sports Car
    #: (object 1) stands there", "a Partial hex of a building".
    closed_by: dict[int, str] = field(default_factory=dict)
    #: Pieces this model does not understand, by type id (reported, not guessed).
    ignored: dict[str, int] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.q)

    def add(self, q: int, r: int, height: int, terrain: str, clearance: int = OPEN_SKY, *,
            role: str = "ground", fit: str = "full", building: int = -1, floor: int = -1,
            transit_number: int | None = None, max_height: int | None = None,
            single_spaced: bool = False) -> int:
        """Append one space and return its id (exterior ground spaces join their column)."""
        sid = len(self.q)
        self.q.append(q)
        self.r.append(r)
        self.height.append(height)
        self.terrain.append(terrain)
        self.clearance.append(clearance)
        self.glyph.append(None)
        self.zone.append(0)
        self.role.append(role)
        self.fit.append(fit)
        self.building.append(building)
        self.floor.append(floor)
        self.transit_number.append(transit_number)
        self.max_height.append(max_height)
        self.single_spaced.append(single_spaced)
        self.occupied.append(False)
        if building < 0:
            self.columns.setdefault((q, r), []).append(sid)
        return sid

    def at(self, q: int, r: int, height: int | None = None) -> int | None:
        """The exterior space of hex (q, r) whose top is `height` (the highest one if None)."""
        ids = self.columns.get((q, r))
        if not ids:
            return None
        if height is None:
            return max(ids, key=lambda s: self.height[s])
        for s in ids:
            if self.height[s] == height:
                return s
        return None

    def find(self, q: int, r: int, height: int) -> int | None:
        """Any space (building floors included) of hex (q, r) with top `height`."""
        found = self.at(q, r, height)
        if found is not None:
            return found
        for s in range(len(self.q)):
            if self.q[s] == q and self.r[s] == r and self.height[s] == height and self.clearance[s] > 0:
                return s
        return None

    def level(self, s: int) -> int:
        """The Level a figure on space s stands on (`mapkit.model.levels.of_space`)."""
        flat = self.role[s] == "ground" and self.terrain[s] in _flat_terrains()
        return levels.of_space(self.height[s], adds_height=not flat)

    def place(self, s: int) -> tuple[int, int, int]:
        """(q, r, Level) of space s, as every output says where a space is."""
        return self.q[s], self.r[s], self.level(s)

    def find_level(self, q: int, r: int, level: int) -> int | None:
        """Any space of hex (q, r) on which a figure stands on `level` (building floors included)."""
        for s in self.columns.get((q, r), []):
            if self.level(s) == level:
                return s
        for s in range(len(self.q)):
            if self.q[s] == q and self.r[s] == r and self.clearance[s] > 0 and self.level(s) == level:
                return s
        return None

    def key(self, s: int) -> tuple[int, int, int]:
        return self.q[s], self.r[s], self.height[s]

    def zones(self) -> dict[int, list[int]]:
        """Start-zone spaces by player number."""
        out: dict[int, list[int]] = {}
        for s, player in enumerate(self.zone):
            if player:
                out.setdefault(player, []).append(s)
        return out

    def glyph_spaces(self) -> list[int]:
        return [s for s, letter in enumerate(self.glyph) if letter is not None]

    def neighbour_columns(self, s: int) -> list[tuple[int, list[int]]]:
        """(direction, exterior spaces) of the six hexes around space s."""
        q, r = self.q[s], self.r[s]
        out = []
        for d, (dq, dr) in enumerate(DIRECTIONS):
            ids = self.columns.get((q + dq, r + dr))
            if ids:
                out.append((d, ids))
        return out


class _Column:
    __slots__ = ("flats", "solid", "tops")

    def __init__(self) -> None:
        self.solid: set[int] = set()           # levels filled by land, castle or obstacle pieces
        self.tops: dict[int, str] = {}          # top surface -> terrain, for land tiles
        self.flats: dict[int, str] = {}         # top surface -> terrain, for height-0 pieces


def from_map(m: Map) -> Spaces:
    """Every exterior space of a map, with what stands on them (start zones, glyphs, figures) kept
    in `standing` until `stand` sets it on its space (after any building layer: `buildings.apply`)."""
    cat = m.catalog()
    data = movement_data()
    arch_open = int(data["castle_arch_opening_levels"]["value"])
    cols: dict[tuple[int, int], _Column] = {}
    spaces = Spaces()

    def col(q: int, r: int) -> _Column:
        c = cols.get((q, r))
        if c is None:
            c = cols[(q, r)] = _Column()
        return c

    for piece in m.pieces:
        ptype = cat[piece.type]
        kind = ptype.kind
        if kind == "figure":
            base = cat.footprint(cat.shape_for(ptype, None), piece.rotation)
            spaces.standing.extend((piece.q + dq, piece.r + dr, piece.z, "figure", None) for dq, dr in base)
            continue
        offsets = cat.placed_footprint(ptype, piece.attrs.get("size") if ptype.id == "personal" else None,
                                       piece.rotation)
        pq, pr, z = piece.q, piece.r, piece.z
        cells = [(pq + dq, pr + dr) for dq, dr in offsets]
        if kind == "marker":
            if piece.type == "glyph":
                spaces.standing.extend((q, r, z, "glyph", str(piece.attrs.get("letter", "?"))) for q, r in cells)
            elif piece.type == "start-zone":
                spaces.standing.extend((q, r, z, "zone", int(piece.attrs.get("player", 0) or 0)) for q, r in cells)
            continue
        if kind in ("land", "custom") and ptype.adds_height:
            terrain = ptype.terrain
            for key in cells:
                c = cols.get(key)
                if c is None:
                    c = cols[key] = _Column()
                c.solid.add(z)
                c.tops[z + 1] = terrain
        elif kind in ("land", "fluid"):
            for q, r in cells:
                col(q, r).flats[z] = ptype.terrain
        elif kind == "obstacle" or (kind == "edge" and ptype.obstacle_height):
            heights = piece.attrs.get("heights") or ptype.hex_heights
            for k, (q, r) in enumerate(cells):
                if k in ptype.open_cells:
                    continue  # a space inside the piece (a ruin's hexes): its wall runs along the side
                tall = ptype.height_of_cell(k, heights) if heights else (ptype.obstacle_height or ptype.height)
                col(q, r).solid.update(range(z, z + tall))
            if ptype.open_cells and kind == "edge":
                spaces.ignored[ptype.id] = spaces.ignored.get(ptype.id, 0) + 1  # a wall between spaces
        elif kind == "castle":
            _castle(piece, ptype, cells, col, arch_open)
        elif kind == "edge":
            q, r = cells[0]
            d = int(piece.rotation) % 6
            if "battlement" in ptype.id:
                spaces.blocked_edges.add((q, r, d, z))
            elif "ladder" in ptype.id:
                spaces.ladders.add((q, r, d))
            else:
                spaces.ignored[ptype.id] = spaces.ignored.get(ptype.id, 0) + 1
        else:
            spaces.ignored[ptype.id] = spaces.ignored.get(ptype.id, 0) + 1

    spaces.hexes = set(cols)
    for (q, r) in sorted(cols, key=lambda k: (k[1], k[0])):
        c = cols[(q, r)]
        surfaces = dict(c.tops)
        surfaces.update(c.flats)  # a fluid on a land tile covers it at the same height
        solid = sorted(c.solid)
        for h in sorted(surfaces):
            if h in c.solid:
                continue  # buried under another tile, or an obstacle stands here
            i = bisect.bisect_left(solid, h)
            clearance = solid[i] - h if i < len(solid) else OPEN_SKY
            spaces.add(q, r, h, surfaces[h], clearance)

    return spaces


def stand(spaces: Spaces) -> None:
    """Set what the map stands on its spaces (`standing`) on the space each is drawn on (`support`):
    start zones, glyphs, and figures. A figure's army is not known, so a move may pass it as it
    passes a friendly figure but never ends on it ("You can't ... end your move on a space with
    any other figure", seeds/004, Passing and landing on other figures). A figure set up in a start
    zone is one of the figures that army starts with, where the analysis starts its own; a figure
    with no space under it is counted in `ignored`. Run again, it starts afresh."""
    n = len(spaces)
    spaces.zone, spaces.glyph, spaces.occupied = [0] * n, [None] * n, [False] * n
    for key in _IGNORED_FIGURES:
        spaces.ignored.pop(key, None)
    by_hex: dict[tuple[int, int], list[int]] = {}
    for sid in range(n):
        if spaces.clearance[sid] > 0:
            by_hex.setdefault((spaces.q[sid], spaces.r[sid]), []).append(sid)
    figures: list[tuple[int, int, int | None]] = []
    for q, r, z, what, value in spaces.standing:
        on = support(spaces, by_hex.get((q, r), ()), z)
        if what == "figure":
            figures.append((q, r, on))
        elif on is not None and what == "glyph":
            spaces.glyph[on] = value
        elif on is not None and what == "zone":
            spaces.zone[on] = value
    placed = in_zones = 0
    for q, r, on in figures:
        if on is None:
            key = _IGNORED_FIGURES[1] if (q, r) in spaces.partial else _IGNORED_FIGURES[0]
            spaces.ignored[key] = spaces.ignored.get(key, 0) + 1
        elif spaces.zone[on]:
            in_zones += 1
        elif not spaces.occupied[on]:
            spaces.occupied[on] = True
            placed += 1
    notes = []
    if placed:
        notes.append(f"{placed} space(s) hold a figure the map places: no move ends on them, and moves "
                     "pass them as they pass a friendly figure (the figure's army is not known)")
    if in_zones:
        notes.append(f"{in_zones} space(s) of start zones hold a figure the map sets up: taken as where "
                     "that army's figures start")
    spaces.notes[:] = [note for note in spaces.notes if not any(mark in note for mark in _STANDING_NOTES)] + notes


#: How `stand` counts figures it cannot set on a space (`Spaces.ignored`).
_IGNORED_FIGURES = ("figure (no space under it)", "figure (on a Partial hex, where no figure may be)")
#: What the notes of `stand` say (it replaces its own when run again).
_STANDING_NOTES = ("space(s) hold a figure the map places", "space(s) of start zones hold a figure")


def _castle(piece: Any, ptype: Any, cells: list[tuple[int, int]], col: Any, arch_open: int) -> None:
    """Castle walls, bases and flags fill their levels; an arch without door leaves its middle open."""
    z = piece.z
    filled = range(z, z + ptype.height)
    for i, (q, r) in enumerate(cells):
        c = col(q, r)
        if ptype.id == "castle-arch-no-door" and i == 1:
            # The doorway: open from the ground (one level below the arch, where the bases are) up.
            c.solid.update(range(z - 1 + arch_open, z + ptype.height))
        else:
            c.solid.update(filled)


def support(spaces: Spaces, ids: Any, z: int) -> int | None:
    """The space a piece drawn at z stands on, among `ids` (the open spaces of its hex, building
    floors included): the highest whose top is at or below z, so a piece inside a building stands
    on the floor it is drawn on and not on the ground under it (seeds/000: "The floors inside
    Interior Access Structures are considered Interior Terrain and are specifically called Floor
    Spaces"). Where a wall's line cuts the hex into a space outside and one inside at that height,
    the one a figure's base fits on (Full) is taken, then the outside one."""
    best = None
    for s in ids:
        h = spaces.height[s]
        if h > z:
            continue
        if best is None or (h, spaces.fit[s] == "full", spaces.building[s] < 0) > \
                (spaces.height[best], spaces.fit[best] == "full", spaces.building[best] < 0):
            best = s
    return best
