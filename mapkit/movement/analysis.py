"""The designer's questions, answered from the movement graph.

From a start hex: every space a figure can end a move on, with the turns and the spaces of
movement counted. Between start zones: the fewest turns before a figure from one zone can
end a move engaged with a figure standing in the other. For each glyph: the turns from each
start zone and the imbalance (the largest minus the smallest). And the dead ends: spaces no
start zone reaches, building floors no figure can enter, drops that make a figure fall,
transit groups that lead nowhere.
"""

from __future__ import annotations

from typing import Any

from mapkit.model.grid import DIRECTIONS
from mapkit.model.map import Map
from mapkit.movement import buildings as bld
from mapkit.movement import graph as gr
from mapkit.movement.profile import Figure, fall_dice
from mapkit.movement.search import Reach, search, source_nodes, space_turns
from mapkit.movement.spaces import Spaces, from_map
from mapkit.movement.steps import why_no_end
from mapkit.records import Record, field
from mapkit.wording import option


def prepare(m: Map, layer: bld.BuildingLayer | None = None) -> Spaces:
    """The spaces of a map with its building layer applied (from the Books it carries if not given)."""
    spaces = from_map(m)
    if layer is None:
        layer = bld.layer_from_map(m)
    bld.apply(spaces, layer)
    spaces.notes.extend(layer.notes)
    modelled = len({(q, r, name) for q, r, _, _, name in layer.objects})
    if m.objects and not layer.objects and not layer.cars:  # an Elevator Car is ridden (`elevator_stops`)
        spaces.notes.append(f"{len(m.objects)} C3G object(s) (vehicles, destructible objects) not modelled for movement")
    elif modelled:
        spaces.notes.append("vehicles and destructible objects are climbed like terrain (their tops are spaces); "
                            f"a vehicle is driven as a mover of its own (analyze {option('mover', 'vehicle')})")
    return spaces


class Analysis(Record):
    spaces: Spaces
    figure: Figure
    graph: gr.Graph
    #: player -> per-space turns (None: cannot end a move there) and movement counted.
    zone_turns: dict[int, list[int | None]] = field(default_factory=dict)
    zone_cost: dict[int, list[int | None]] = field(default_factory=dict)
    start: int | None = None
    start_turns: list[int | None] | None = None
    start_cost: list[int | None] | None = None
    start_passed: list[int | None] | None = None
    broken_windows: bool = False
    #: `_reached_any` and `no_end`, worked out once (the report, its text and the heatmap all ask).
    _memo: dict[str, Any] = field(default_factory=dict, repr=False)

    # -- the questions ---------------------------------------------------------------
    def engagement(self) -> list[dict[str, Any]]:
        """For each ordered pair of start zones (A, B): the fewest turns before a figure from A
        can end a move next to a space of B (engaged with a figure standing there)."""
        zones = self.spaces.zones()
        out = []
        for a in sorted(self.zone_turns):
            for b in sorted(zones):
                if a == b:
                    continue
                best = None
                where = None
                zone_b = set(zones[b])
                turns = self.zone_turns[a]
                for y in zone_b:
                    for x in self.engage_neighbours(y):
                        t = turns[x]
                        if x in zone_b or t is None:
                            continue
                        if best is None or t < best:
                            best, where = t, x
                out.append({"from": a, "to": b, "turns": best,
                            "space": None if where is None else list(self.spaces.place(where))})
        return out

    def engage_neighbours(self, y: int) -> list[int]:
        """Spaces next to y where a figure of this profile would be adjacent to one on y: a
        neighbouring space less than Height levels higher or lower (physical-and-rules 4.2). Inside
        a building only the spaces of y's own floor are: "a figure occupying the interior of a
        structure is never engaged with a figure outside the structure unless otherwise specified"
        (seeds/000, Interior Access Structures in Play), nor with one on another Floor (Stairways)."""
        spaces = self.spaces
        if not gr.is_interior(spaces, y):
            return [x for _, ids in spaces.neighbour_columns(y) for x in ids
                    if abs(spaces.height[x] - spaces.height[y]) < self.figure.height]
        rooms = self._memo.get("rooms")
        if rooms is None:
            rooms = self._memo["rooms"] = {}
            for x in range(len(spaces)):
                if gr.is_interior(spaces, x):
                    rooms.setdefault((spaces.building[x], spaces.floor[x], spaces.q[x], spaces.r[x]), []).append(x)
        room, q, r = (spaces.building[y], spaces.floor[y]), spaces.q[y], spaces.r[y]
        return [x for dq, dr in DIRECTIONS for x in rooms.get((*room, q + dq, r + dr), ())]

    def glyph_balance(self) -> list[dict[str, Any]]:
        """Per glyph: turns from each start zone and the imbalance (max - min), None if a zone
        cannot reach it."""
        out = []
        for s in self.spaces.glyph_spaces():
            per = {str(p): self.zone_turns[p][s] for p in sorted(self.zone_turns)}
            cost = {str(p): self.zone_cost[p][s] for p in sorted(self.zone_cost)}
            known = [v for v in per.values() if v is not None]
            imbalance = max(known) - min(known) if known and len(known) == len(per) else None
            out.append({"letter": self.spaces.glyph[s], "q": self.spaces.q[s], "r": self.spaces.r[s],
                        "level": self.spaces.level(s), "height": self.spaces.height[s], "turns": per, "cost": cost,
                        "imbalance": imbalance})
        return out

    def unreachable(self) -> list[int]:
        """Spaces a figure of this profile could end on that no start zone reaches (`no_end` names
        the others: where no move of it ends, and the middle of a lava lake no route goes on from)."""
        if not self.zone_turns:
            return []
        reached = self._reached_any()
        blocked = self.no_end()
        return [s for s in range(len(self.spaces)) if not reached[s] and blocked[s] is None]

    def no_end(self) -> list[str | None]:
        """Per space: why no move of this figure ends there (`steps.why_no_end`), or for molten lava
        that no route goes on from it; None where a move may end. The one source the report, its
        text and the heatmap read, so they name the same spaces nobody reaches."""
        if "no_end" in self._memo:
            return list(self._memo["no_end"])
        deadly = gr._terrain_sets()[1]
        sp = self.spaces
        out = [why_no_end(sp, s, self.figure, self.broken_windows) for s in range(len(sp))]
        for s in range(len(sp)):
            if out[s] is None and sp.terrain[s] in deadly:
                out[s] = "molten lava: a move ending there destroys the figure, and no route goes on from it"
        self._memo["no_end"] = out
        return list(out)

    def closed_floors(self) -> list[dict[str, Any]]:
        """Building floors where a figure of this profile cannot end a move, from any start zone
        (or, with no start zones, from any exterior space): the building as the map lists it and
        the floor from the bottom one, both counted from 1 as every output counts them."""
        reached = self._reached_any()
        floors: dict[tuple[int, int], list[int]] = {}
        # the Elevator Car enters a floor by stopping at its shaft space, the one space of it the car
        # may take (seeds/000, Elevators); it was said not to enter the floors it carried figures to
        car = self.figure.elevator_car
        for s in range(len(self.spaces)):
            if gr.is_interior(self.spaces, s) or car and self.spaces.building[s] >= 0 and self.spaces.role[s] == "elevator":
                floors.setdefault((self.spaces.building[s], self.spaces.floor[s]), []).append(s)
        return [{"building": b + 1, "floor": f + 1, "spaces": len(ids)}
                for (b, f), ids in sorted(floors.items()) if not any(reached[s] for s in ids)]

    def _reached_any(self) -> list[bool]:
        """Spaces a figure of this profile can end a move on from any start zone (or from any
        exterior space), riding the map's Elevator Cars too: "There are several ways for figures
        to move from one Floor of a structure to another, but the main ones are Stairways and
        Elevators" (seeds/000, Interior Access Structures)."""
        if "reached" not in self._memo:
            self._memo["reached"] = self._reach_any()
        return list(self._memo["reached"])

    def _reach_any(self) -> list[bool]:
        if self.zone_turns:
            reached = [any(t[s] is not None for t in self.zone_turns.values()) for s in range(len(self.spaces))]
        else:
            outside = [s for s in range(len(self.spaces)) if not gr.is_interior(self.spaces, s)]
            turns, _ = space_turns(search(self.graph, source_nodes(self.graph, outside)))
            reached = [t is not None for t in turns]
        if self.figure.elevator_car and self.start_turns is not None:
            # the car starts in its shaft, never in a start zone: where it rides from there is reached
            reached = [seen or t is not None for seen, t in zip(reached, self.start_turns)]
        rides = self.elevator_stops()
        while rides:
            boarded = next((stops for stops in rides if any(reached[s] for stop in stops for s in stop)), None)
            if boarded is None:
                break
            rides.remove(boarded)
            landed = [s for stop in boarded for s in stop if not reached[s]]
            if landed:
                turns, _ = space_turns(search(self.graph, source_nodes(self.graph, landed)))
                for s, t in enumerate(turns):
                    if t is not None:
                        reached[s] = True
        return reached

    def elevator_stops(self) -> list[list[list[int]]]:
        """Per Elevator Car the map places, per floor its shaft reaches: the spaces a figure of
        this profile enters and exits it from (as `analyze --mover elevator-car` reports them,
        under the current vehicle rules: by the car's entrance where its Book marks one)."""
        if not self.spaces.cars or self.figure.double or self.figure.elevator_car:
            return []
        from mapkit.model.grid import DIRECTION_NAMES
        from mapkit.movement.vehicles import boarding_spaces

        sp = self.spaces
        shafts = [s for s in range(len(sp)) if sp.role[s] == "elevator"]
        links: dict[int, list[int]] = {}
        for a, b, _ in gr.shaft_links(sp):
            links.setdefault(a, []).append(b)
        out = []
        for q, r, level, height, entrance in sp.cars:
            bottom = next((s for s in shafts if sp.q[s] == q and sp.r[s] == r and sp.height[s] == level), None)
            if bottom is None:
                continue
            ride, todo = {bottom}, [bottom]
            while todo:
                for b in links.get(todo.pop(), ()):
                    if b not in ride:
                        ride.add(b)
                        todo.append(b)
            directions = tuple(range(6)) if entrance is None else (DIRECTION_NAMES.index(entrance),)
            out.append([boarding_spaces(sp, [(q, r)], sp.height[s], max(1, height), directions, self.figure,
                                        (sp.building[s], sp.floor[s])) for s in sorted(ride, key=sp.height.__getitem__)])
        return out

    def drops(self) -> list[dict[str, Any]]:
        """Every step down that is a fall for this Height (seeds/004), with its dice; none for a
        flyer ("Figures that can Fly never fall", seeds/004 Falling)."""
        if self.figure.flying:
            return []
        return falls(self.spaces, self.figure.height)

    def transit_dead_ends(self) -> list[dict[str, Any]]:
        return transit_dead_ends(self.spaces)


def falls(spaces: Spaces, height: int) -> list[dict[str, Any]]:
    """Steps between neighbouring exterior spaces that drop Height levels or more."""
    soft = gr._terrain_sets()[2]
    out = []
    for a in range(len(spaces)):
        if gr.is_interior(spaces, a) or spaces.clearance[a] < height:
            continue
        for d, ids in spaces.neighbour_columns(a):
            for b in ids:
                drop = spaces.height[a] - spaces.height[b]
                if drop < height or spaces.clearance[b] < height or not gr._openings_meet(spaces, a, b):
                    continue
                dice = fall_dice(drop, height, spaces.terrain[b] in soft)
                if dice:
                    out.append({"from": list(spaces.place(a)), "to": list(spaces.place(b)), "drop": drop, "dice": dice})
    return out


def transit_dead_ends(spaces: Spaces) -> list[dict[str, Any]]:
    """Transit groups with no partner: a lone Transit Number, a stairway with no match a floor away
    (buildings and floors counted from 1, as every output counts them)."""
    groups = gr.transit_groups(spaces)
    out = []
    for key, members in sorted(groups.items(), key=lambda kv: str(kv[0])):
        if len(key) == 2:
            if len(members) < 2:
                out.append({"building": key[0] + 1, "transit_number": key[1], "spaces": [list(spaces.place(s)) for s in members],
                            "why": "no other transit space with this number"})
        else:
            building, floor, number, role = key
            other = (building, floor + 1, number, "stair-down") if role == "stair-up" else (building, floor - 1, number, "stair-up")
            if other not in groups:
                out.append({"building": building + 1, "transit_number": number, "spaces": [list(spaces.place(s)) for s in members],
                            "why": f"{role} on floor {floor + 1} has no matching {other[3]} on floor {other[1] + 1}"})
    return out


def analyze(spaces: Spaces, figure: Figure, start: tuple[int, int, int] | None = None,
            broken_windows: bool = False, at: list[int] | None = None) -> Analysis:
    """Build the graph once and search from the start hex (if given) and from each start zone.

    `at` names the spaces a mover stands on instead of `start` (a vehicle of two hexes: both)."""
    g = gr.build(spaces, figure, broken_windows)
    result = Analysis(spaces, figure, g, broken_windows=broken_windows)
    for player, zone in sorted(spaces.zones().items()):
        turns, cost = space_turns(search(g, source_nodes(g, zone)))
        result.zone_turns[player] = turns
        result.zone_cost[player] = cost
    if start is not None and at is None:
        s = spaces.find(*start)
        if s is None:
            raise ValueError(f"no space at q={start[0]}, r={start[1]} with top height {start[2]}")
        at = [s]
    if at:
        result.start = at[0]
        if g.pairs:
            both = set(at) if len(at) > 1 else None
            nodes = [p for p, (a, b) in enumerate(g.members) if g.can_end[p]
                     and ({a, b} == both if both else at[0] in (a, b))]
        else:
            nodes = [at[0]]
        reach = search(g, nodes)
        result.start_turns, result.start_cost = space_turns(reach)
        result.start_passed = _passed(reach)
    return result


def _passed(reach: Reach) -> list[int | None]:
    g = reach.graph
    n_sp = len(g.spaces)
    out: list[int | None] = [None] * n_sp
    if g.pairs:
        for p, (a, b) in enumerate(g.members):
            t = reach.passed_turns(p)
            if t is not None:
                for s in (a, b):
                    if out[s] is None or t < out[s]:  # type: ignore[operator]
                        out[s] = t
        return out
    for s in range(n_sp):
        out[s] = reach.passed_turns(s)
    return out


def report(result: Analysis) -> dict[str, Any]:
    """Everything as plain data (the `--json` output of `mapkit analyze`)."""
    spaces = result.spaces
    fig = result.figure
    per_space = []
    turns = result.start_turns
    cost = result.start_cost
    if turns is None and result.zone_turns:
        # No start hex: each space shows the nearest start zone.
        nearest = [min(((result.zone_turns[p][s], result.zone_cost[p][s]) for p in result.zone_turns
                        if result.zone_turns[p][s] is not None), default=(None, None)) for s in range(len(spaces))]
        turns = [t for t, _ in nearest]
        cost = [c for _, c in nearest]
    # reached: with a start, from it; else from any start zone, an Elevator Car ride included
    # (its turns are not counted); where not, `blocked` says why no move ends there, and the rest
    # are the spaces nobody reaches: `unreachable`, the grey of the heatmap.
    reached = (result._reached_any() if result.start_turns is None and result.zone_turns
               else [t is not None for t in turns] if turns is not None else [False] * len(spaces))
    blocked = result.no_end()
    for s in range(len(spaces)):
        if spaces.clearance[s] <= 0:
            continue  # closed by a building footprint
        t = None if turns is None else turns[s]
        entry: dict[str, Any] = {"q": spaces.q[s], "r": spaces.r[s], "level": spaces.level(s), "height": spaces.height[s],
                                 "cost": None if cost is None else cost[s], "turns": t,
                                 "reachable": t is not None or reached[s]}
        if not entry["reachable"] and blocked[s] is not None:
            entry["blocked"] = blocked[s]
        if spaces.role[s] != "ground":
            entry["role"] = spaces.role[s]
        if spaces.building[s] >= 0 and spaces.floor[s] >= 0:
            # inside a building: numbered from 1 as closed_floors and the findings number them (a
            # Half hex cut by a wall is a space outside and one inside, on one hex and Level)
            entry["building"], entry["floor"] = spaces.building[s] + 1, spaces.floor[s] + 1
        if spaces.fit[s] != "full":
            entry["fit"] = spaces.fit[s]
            if result.start_passed is not None:
                entry["passed_turns"] = result.start_passed[s]
        per_space.append(entry)
    return {
        "figure": {"move": fig.move, "height": fig.height, "double": fig.double, "flying": fig.flying,
                   "falls": fig.falls},
        "start": None if result.start is None else list(spaces.place(result.start)),
        "spaces": per_space,
        "start_zones": {str(p): len(ids) for p, ids in sorted(spaces.zones().items())},
        "engagement": result.engagement(),
        "glyphs": result.glyph_balance(),
        "unreachable": [list(spaces.place(s)) for s in result.unreachable()],
        "closed_floors": result.closed_floors(),
        "falls": result.drops(),
        "transit_dead_ends": result.transit_dead_ends(),
        "ignored_pieces": dict(sorted(spaces.ignored.items())),
        "notes": list(spaces.notes),
    }
