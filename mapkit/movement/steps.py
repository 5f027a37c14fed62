"""What the movement graphs are made of: edge flags, the compressed `Graph`, and the rules of one step.

Shared by the reference builder (`graph`) and the fast one (`fastgraph`), so the fast path is
a plug-in of the reference rather than its twin: both ask these functions whether a space may
be entered or ended on, what a step costs (seeds/004) and where transit and shafts lead (seeds/000).
"""

from __future__ import annotations

from functools import lru_cache

from mapkit.model.grid import DIRECTIONS
from mapkit.movement.profile import Figure, fall_allowed, fall_dice
from mapkit.movement.spaces import Spaces, movement_data
from mapkit.records import Record, field


#: Edge flags.
STOP = 1        # arriving ends the move (water, molten lava, a glyph)
TERMINAL = 2    # arriving ends every route (molten lava: destroyed on 1-19)
TRANSIT = 4     # a placement between transit spaces, not a step

INTERIOR_ROLES = frozenset({"floor", "doorway", "window", "elevator", "stair-up", "stair-down"})


class Graph(Record):
    """Compressed adjacency: the edges of node n are indices off[n] .. off[n+1]-1."""

    spaces: Spaces
    figure: Figure
    n: int
    off: list[int]
    tgt: list[int]
    cost: list[int]
    dirn: list[int]
    flags: list[int]
    can_end: list[bool]
    #: For double-space graphs: node -> (space a, space b). Otherwise node -> space (air: -1).
    members: list[tuple[int, int]] = field(default_factory=list)
    node_space: list[int] = field(default_factory=list)
    #: Cosmos straight-line data (single-space walkers only).
    lockable: list[bool] | None = None
    cosmos_free: list[bool] | None = None
    cosmos_next: dict[tuple[int, int], int] | None = None

    @property
    def has_cosmos(self) -> bool:
        return self.lockable is not None and any(self.lockable)

    @property
    def transit_nodes(self) -> list[bool]:
        """Per node: whether a transit placement leaves it (it is a Transit Space this figure may use)."""
        cached = self.__dict__.get("_transit_nodes")
        if cached is None:
            from bisect import bisect_right

            cached = [False] * self.n
            for e, f in enumerate(self.flags):
                if f & TRANSIT:
                    cached[bisect_right(self.off, e) - 1] = True
            self.__dict__["_transit_nodes"] = cached
        return cached

    @property
    def pairs(self) -> bool:
        """Nodes are pairs of spaces (a walking double-space figure), even when there are none.

        A flying double-space figure moves over single spaces (`build`), so it is not a pair graph.
        """
        return self.figure.double and not self.figure.flying


def is_interior(spaces: Spaces, s: int) -> bool:
    return spaces.building[s] >= 0 and spaces.role[s] in INTERIOR_ROLES


def enterable(spaces: Spaces, s: int, fig: Figure, broken_windows: bool = False) -> bool:
    """Whether the figure may move into space s at all (fit, closed spaces, entry limits)."""
    role = spaces.role[s]
    if spaces.clearance[s] < fig.height and not fig.flying:
        return False  # tight quarters: cannot move through a space it cannot fit on (seeds/004)
    if spaces.clearance[s] <= 0:
        return False
    if role == "elevator":
        return fig.elevator_car
    if role == "window" and not broken_windows:
        return False
    if fig.elevator_car and is_interior(spaces, s) and role != "elevator":
        return False
    limit = spaces.max_height[s]
    if limit is not None and fig.height > limit and role != "exit":
        return False  # a Book's entry limit (an exit space outside stays open; its transit does not)
    if fig.double and (role.startswith("stair") or (spaces.single_spaced[s] and is_interior(spaces, s))):
        # "Only single-spaced figures can enter or occupy Stairway Hexes"; an interior keeps them out
        # when its Book says so (seeds/000, Stairways; Entering and Occupying Interior Access Structures).
        return False
    return True


def can_end_on(spaces: Spaces, s: int, fig: Figure, broken_windows: bool = False) -> bool:
    """Whether a move may end on s: it must fit (flyers check fit only here), not be a Half hex,
    and hold no figure the map places ("You can't ... end your move on a space with any other
    figure", seeds/004)."""
    return (enterable(spaces, s, fig, broken_windows) and spaces.clearance[s] >= fig.height
            and spaces.fit[s] == "full" and not spaces.occupied[s])


def why_no_end(spaces: Spaces, s: int, fig: Figure, broken_windows: bool = False) -> str | None:
    """Why a move of this figure cannot end on s, in a reader's words; None exactly where
    `can_end_on` holds (so a report can say why a space is never reached without it being
    counted as a space nobody reaches)."""
    if can_end_on(spaces, s, fig, broken_windows):
        return None
    role = spaces.role[s]
    if spaces.occupied[s]:
        return "a figure the map places stands there"
    if spaces.clearance[s] < fig.height:
        return "under a piece, lower than the figure's Height"
    if spaces.fit[s] != "full":
        return "a Half hex"
    if role == "elevator":
        return "an elevator shaft: only its Elevator Car stops there"
    if role == "window":
        return "a window, closed unless broken"
    if spaces.max_height[s] is not None and fig.height > spaces.max_height[s]:  # type: ignore[operator]
        return "taller than its Book lets in"
    if fig.double:
        return "single-spaced figures only"
    return "closed to this mover"


def _openings_meet(spaces: Spaces, a: int, b: int) -> bool:
    """Whether the open gaps above two neighbouring spaces overlap (so a figure can pass)."""
    ha, hb = spaces.height[a], spaces.height[b]
    return hb < ha + spaces.clearance[a] and ha < hb + spaces.clearance[b]


def neighbours(spaces: Spaces, interior_index: dict, a: int, broken_windows: bool):
    """(direction, b) for every space b a figure on a could step to, ignoring its profile."""
    q, r = spaces.q[a], spaces.r[a]
    inside = is_interior(spaces, a)
    role_a = spaces.role[a]
    door_a = role_a == "doorway" or (role_a == "window" and broken_windows)
    for d, (dq, dr) in enumerate(DIRECTIONS):
        nq, nr = q + dq, r + dr
        if inside:
            for b in interior_index.get((spaces.building[a], spaces.floor[a], nq, nr), ()):
                yield d, b
            if door_a:
                for b in spaces.columns.get((nq, nr), ()):
                    if _openings_meet(spaces, a, b):
                        yield d, b
        else:
            for b in spaces.columns.get((nq, nr), ()):
                if _openings_meet(spaces, a, b):
                    yield d, b
            for b in interior_index.get(("door", nq, nr), ()):
                role_b = spaces.role[b]
                if (role_b == "doorway" or (role_b == "window" and broken_windows)) and _openings_meet(spaces, a, b):
                    yield d, b


def _interior_index(spaces: Spaces) -> dict:
    index: dict = {}
    for s in range(len(spaces)):
        if is_interior(spaces, s):
            index.setdefault((spaces.building[s], spaces.floor[s], spaces.q[s], spaces.r[s]), []).append(s)
            if spaces.role[s] in ("doorway", "window"):
                index.setdefault(("door", spaces.q[s], spaces.r[s]), []).append(s)
    return index


@lru_cache(maxsize=1)
def _terrain_sets() -> tuple[frozenset[str], frozenset[str], frozenset[str], str]:
    data = movement_data()
    return (frozenset(data["ends_move"]), frozenset(data["deadly"]), frozenset(data["no_fall_onto"]),
            data["cosmos_terrain"])


def step(spaces: Spaces, fig: Figure, a: int, b: int, d: int) -> tuple[int, str | None] | None:
    """(cost, fall dice) of a walking step from a to b, or None if the profile forbids it."""
    soft = _terrain_sets()[2]
    rise = spaces.height[b] - spaces.height[a]
    if fig.flying:
        return 1, None
    if rise > 0:
        if rise >= fig.height and not _ladder(spaces, a, b, d):
            return None  # Height limit (seeds/004 Example 6)
        return 1 + rise, None
    dice = fall_dice(-rise, fig.height, spaces.terrain[b] in soft)
    if not fall_allowed(dice, fig.falls):
        return None
    return 1, dice


def _ladder(spaces: Spaces, a: int, b: int, d: int) -> bool:
    ladders = spaces.ladders
    return bool(ladders) and ((spaces.q[a], spaces.r[a], d) in ladders
                              or (spaces.q[b], spaces.r[b], (d + 3) % 6) in ladders)


def _battlement(spaces: Spaces, a: int, b: int, d: int) -> bool:
    blocked = spaces.blocked_edges
    return bool(blocked) and ((spaces.q[a], spaces.r[a], d, spaces.height[a]) in blocked
                              or (spaces.q[b], spaces.r[b], (d + 3) % 6, spaces.height[b]) in blocked)


def _arrival_flags(spaces: Spaces, fig: Figure, b: int) -> int:
    ends, deadly, _, _ = _terrain_sets()
    flags = 0
    terrain = spaces.terrain[b]
    if not fig.flying:
        if terrain in ends:
            flags |= STOP
        if terrain in deadly:
            flags |= STOP | TERMINAL
    if fig.stop_on_glyphs and spaces.glyph[b] is not None and not fig.flying:
        flags |= STOP  # a flyer passes over a glyph; landing on it ends its move anyway
    return flags


def transit_groups(spaces: Spaces) -> dict[tuple, list[int]]:
    """Transit spaces grouped as they connect: (building, number) for exits and plain transit
    spaces; (building, floor, number, up/down) for stairways."""
    groups: dict[tuple, list[int]] = {}
    for s, number in enumerate(spaces.transit_number):
        if number is None:
            continue
        role = spaces.role[s]
        if role in ("stair-up", "stair-down"):
            groups.setdefault((spaces.building[s], spaces.floor[s], number, role), []).append(s)
        else:
            groups.setdefault((spaces.building[s], number), []).append(s)
    return groups


def shaft_links(spaces: Spaces) -> list[tuple[int, int, int]]:
    """(from, to, cost) between Elevator Shaft spaces of one hex on consecutive floors of a
    building: the Elevator Car rides its shaft one floor per space of movement (assumption: the
    Book of Elevator Car was not found, physical-and-rules 3.3)."""
    shafts = {(spaces.building[s], spaces.floor[s], spaces.q[s], spaces.r[s]): s
              for s in range(len(spaces)) if spaces.role[s] == "elevator"}
    links = []
    for (b, f, q, r), s in shafts.items():
        above = shafts.get((b, f + 1, q, r))
        if above is not None:
            links += [(s, above, 1), (above, s, 1)]
    return links


def transit_ok(spaces: Spaces, s: int, fig: Figure) -> bool:
    """Whether the figure may use the transit space s: single-spaced, within the Book's limit."""
    limit = spaces.max_height[s]
    return not fig.double and (limit is None or fig.height <= limit)


def transit_links(spaces: Spaces) -> list[tuple[int, int, int]]:
    """(from, to, Transit Number) for every placement the transit rules allow (seeds/000)."""
    links = []
    groups = transit_groups(spaces)
    for key, members in groups.items():
        if len(key) == 2:
            for a in members:
                for b in members:
                    if a != b:
                        links.append((a, b, key[1]))
        elif key[3] == "stair-up":
            building, floor, number, _ = key
            for a in members:
                for b in groups.get((building, floor + 1, number, "stair-down"), ()):
                    links.append((a, b, number))
                    links.append((b, a, number))
    return links
