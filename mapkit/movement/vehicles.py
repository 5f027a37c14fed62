"""Vehicles on a map: as movers (driven like a figure of their Size, Height and Move) and as
places figures enter and exit, under either C3G vehicle rule set.

Two rule sets exist and differ on the map: the current C3G Vehicle rules (seeds/001) and the
legacy text (seeds/003). Only the current ones know entrances: "Some VDOs may have specific
entrances/exits marked ... In this case the VDO can only be entered or exited from empty
spaces within one space of that VDO and in the direction that the entrance/exit is directly
facing" (seeds/001, Entering Vehicles). The legacy rules place an exiting figure "on an empty
space and adjacent to the vehicle" (seeds/003, Exiting Vehicles), whatever its shape.

"Within one space ... in the direction the entrance is directly facing" is read as: the hexes
next to the vehicle in that one direction, one from each hex of the vehicle (a convention: the
seeds do not draw it for a vehicle of two hexes). A space there is adjacent when the figure
and the vehicle are less than the lower one's Height apart (physical-and-rules 4.2).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from mapkit.errors import OptionError
from mapkit.model.grid import DIRECTION_NAMES, DIRECTIONS
from mapkit.model.map import Map
from mapkit.movement.profile import Figure
from mapkit.movement.spaces import Spaces
from mapkit.movement.steps import can_end_on, is_interior
from mapkit.records import replace
from mapkit.records import Record
from mapkit.wording import option

#: The C3G vehicle rule sets: "current" (seeds/001, the default) and "legacy" (seeds/003).
VEHICLE_RULES = ("current", "legacy")


class Vehicle(Record, frozen=True):
    """A vehicle placed on a map (`index` is its place in `Map.objects`, from 0)."""

    index: int
    name: str
    hexes: tuple[tuple[int, int], ...]
    level: int
    size: str | None
    height: int
    move: int
    #: The entrance's direction on the map (E, SE, SW, W, NW, NE), turned with the vehicle; None
    #: when its Book marks none.
    entrance: str | None
    elevator_car: bool
    occupants: tuple[dict[str, Any], ...]
    #: The height its base rests at, as movement counts heights (`PlacedBook.height`): `level`,
    #: or one lower on Cosmos or water, tiles that add no height (None: `level`).
    rests_at: int | None = None

    @property
    def base(self) -> int:
        """The height of the spaces it stands on (`level` is the Level a builder counts)."""
        return self.level if self.rests_at is None else self.rests_at

    @property
    def label(self) -> str:
        return f"{self.name} (object {self.index + 1})"


def vehicles(m: Map, placed: Any = None) -> list[Vehicle]:
    """Every vehicle (Elevator Cars included) the map places whose Book can be read (`placed`:
    the map's `PlacedBooks`, when already overlaid)."""
    from mapkit.books.placed import placed_books

    placed = placed if placed is not None else placed_books(m)
    out = []
    for pb in placed.objects:
        book = pb.book
        if book is None or not book.is_vehicle:
            continue
        card = book.card
        out.append(Vehicle(pb.index, book.name, tuple(pb.spaces()), pb.placement.level, card.get("size"),
                           int(card.get("height", 1)), int(card.get("move", 0)), pb.entrance(),
                           book.is_elevator_car, tuple(o for o in pb.placement.occupants if isinstance(o, dict)),
                           pb.height))
    return out


def choose(found: list[Vehicle], index: int | None, elevator_car: bool) -> Vehicle:
    """The vehicle `index` (0-based object number) names, or the map's only one of its kind."""
    kind = "Elevator Car" if elevator_car else "vehicle"
    mine = [v for v in found if v.elevator_car == elevator_car]
    if index is not None:
        for v in found:
            if v.index == index:
                if v.elevator_car != elevator_car:
                    other = "vehicle" if elevator_car else "elevator-car"
                    what = "an Elevator Car" if v.elevator_car else "a vehicle, not an Elevator Car"
                    raise OptionError(f"object {index + 1} ({v.name}) is {what}: drive it as {option('mover', other)}")
                return v
        raise OptionError(f"object {index + 1} is not a {kind} the map places (its {kind}s: "
                          f"{', '.join(v.label for v in mine) or 'none'})")
    if len(mine) == 1:
        return mine[0]
    if not mine:
        raise OptionError(f"the map places no {kind}")
    raise OptionError(f"the map places {len(mine)} {kind}s ({', '.join(v.label for v in mine)}): choose one by "
                      "its object number")


def mover(v: Vehicle, falls: str = "minor") -> Figure:
    """The figure a vehicle moves as: "When moving the VDO, follow standard movement rules"
    (seeds/001, Moving Vehicles), with the Move and Height of its card; a vehicle of two hexes
    moves as a double-space figure."""
    if len(v.hexes) > 2:
        raise OptionError(f"{v.label} takes {len(v.hexes)} spaces: the Heroscape rulebook's movement rules "
                          "move figures of one or two spaces only")
    return Figure(move=v.move, height=max(1, v.height), double=len(v.hexes) == 2, falls=falls,
                  elevator_car=v.elevator_car)


def without(m: Map, v: Vehicle) -> Map:
    """The map with the vehicle lifted off, so the spaces under it are its own to stand on."""
    return replace(m, objects=[o for i, o in enumerate(m.objects) if i != v.index])


def standing_spaces(spaces: Spaces, v: Vehicle) -> list[int]:
    """The spaces the vehicle stands on (in `spaces` built without it), or [] where none is: at
    the height it rests at, a space of the Level it is placed on (a vehicle placed on the table
    under a Cosmos tile, whose space is at the same height, stands on none)."""
    found = []
    for q, r in v.hexes:
        s = spaces.find(q, r, v.base)
        if s is None or spaces.level(s) != v.level:
            return []
        found.append(s)
    return found


def boarding_directions(v: Vehicle, vehicle_rules: str = "current") -> tuple[int, ...]:
    """The directions figures enter and exit by: the entrance only under the current rules,
    every side otherwise."""
    if vehicle_rules not in VEHICLE_RULES:
        raise OptionError(f"vehicle rules {vehicle_rules!r}: choose {' or '.join(VEHICLE_RULES)}")
    if vehicle_rules == "current" and v.entrance is not None:
        return (DIRECTION_NAMES.index(v.entrance),)
    return tuple(range(6))


def boarding_spaces(spaces: Spaces, hexes: Iterable[tuple[int, int]], level: int, vehicle_height: int,
                    directions: tuple[int, ...], figure: Figure, room: tuple[int, int] | None = None) -> list[int]:
    """The empty spaces a figure of this profile may enter a vehicle from, or exit onto, with the
    vehicle on `hexes` resting at height `level` (inside building floor `room` = (building, floor), for an
    Elevator Car): next to it in one of `directions`, a space the figure may end a move on, and
    adjacent across levels."""
    hexes = set(hexes)
    inside: dict[tuple[int, int], list[int]] = {}
    if room is not None:
        for c in range(len(spaces)):
            if (spaces.building[c], spaces.floor[c]) == room and is_interior(spaces, c):
                inside.setdefault((spaces.q[c], spaces.r[c]), []).append(c)
    out: list[int] = []
    for q, r in sorted(hexes):
        for d in directions:
            dq, dr = DIRECTIONS[d]
            near = (q + dq, r + dr)
            if near in hexes:
                continue
            for c in inside.get(near, ()) if room is not None else spaces.columns.get(near, ()):
                if c in out or not can_end_on(spaces, c, figure):
                    continue
                rise = spaces.height[c] - level
                if (0 <= rise < vehicle_height) or (rise < 0 and -rise < figure.height):
                    out.append(c)
    return sorted(out, key=spaces.key)


def spaces_without(m: Map, layer: Any, v: Vehicle) -> Spaces:
    """The spaces of a map whose building layer is `layer`, with the vehicle lifted off."""
    from mapkit.movement.buildings import apply
    from mapkit.movement.spaces import from_map

    kept = [o for o in layer.objects if not ((o[0], o[1]) in v.hexes and o[2] == v.base)]
    spaces = from_map(m)
    apply(spaces, replace(layer, objects=kept))
    return spaces


def occupant_height(v: Vehicle, default: int) -> int:
    """The Height to judge exits by: the smallest Height an occupant gives, else `default`."""
    heights = [int(o["height"]) for o in v.occupants if isinstance(o.get("height"), int) and o["height"] > 0]
    return min(heights, default=default)


def unplaced_occupants(spaces: Spaces, under: list[int], occupants: Iterable[dict[str, Any]]
                       ) -> list[tuple[list[dict[str, Any]], str]]:
    """The occupants that could not be placed if the vehicle were destroyed, each group with why.

    "Place all figures that occupied the destroyed vehicle on spaces previously occupied by the
    destroyed vehicle ... If a figure that was occupying a destroyed vehicle cannot be placed on a
    legal space or spaces, that figure is immediately destroyed" (seeds/003 and seeds/001,
    Destroying Vehicles). One figure a space; never on a Half hex; an occupant with no Height
    given fits any Full space with room above it. `under` are the spaces the vehicle stands on
    (in `spaces` built without it). Which occupants lose out when there are more of them than
    spaces is the players' choice: the group then names them all."""
    occupants = list(occupants)
    if not occupants:
        return []
    if not under:
        return [(occupants, "the map has no space under it")]

    def height(o: dict[str, Any]) -> int:
        h = o.get("height")
        return h if isinstance(h, int) and h >= 1 else 1

    fits = [[s for s in under if can_end_on(spaces, s, Figure(height=height(o)))] for o in occupants]
    out: list[tuple[list[dict[str, Any]], str]] = []
    for o, cand in zip(occupants, fits):
        if not cand:
            out.append(([o], _why_not(spaces, under, o.get("height"))))
    placeable = [i for i, cand in enumerate(fits) if cand]
    placed = _match(placeable, fits)
    if placed < len(placeable):
        spaces_free = len({s for i in placeable for s in fits[i]})
        out.append(([occupants[i] for i in placeable],
                    f"{spaces_free} space(s) for {len(placeable)} occupants{_why_fewer(spaces, under)}, one figure "
                    f"a space: {len(placeable) - placed} of them would be left over"))
    return out


def _why_fewer(spaces: Spaces, under: list[int]) -> str:
    """Why a vehicle's spaces take fewer figures than it stands on (" (1 of its 2 spaces a Half hex,
    where no figure is placed)"), or "" where each takes one."""
    half = sum(1 for s in under if spaces.fit[s] != "full")
    held = sum(1 for s in under if spaces.fit[s] == "full" and spaces.occupied[s])
    reasons = ([f"{half} of its {len(under)} spaces a Half hex, where no figure is placed"] if half else []) + \
        ([f"{held} held by another figure"] if held else [])
    return f" ({'; '.join(reasons)})" if reasons else ""


def _why_not(spaces: Spaces, under: list[int], height: Any) -> str:
    """Why no space under a vehicle takes a figure of this Height (None: not given)."""
    half = [s for s in under if spaces.fit[s] != "full"]
    if len(half) == len(under):
        return ("a Half hex" if len(under) == 1 else "Half hexes") + ", where no figure is placed"
    held = [s for s in under if spaces.occupied[s]]
    room = min((spaces.clearance[s] for s in under if s not in half and s not in held), default=None)
    if isinstance(height, int) and room is not None and room < height:
        return f"{room} level(s) free above them"
    reasons = []
    if half:
        reasons.append(f"{len(half)} of its spaces Half")
    if held:
        reasons.append(f"{len(held)} held by another figure")
    return "no space it stands on is free: " + ", ".join(reasons or ["its spaces are closed"])


def _match(left: list[int], options: list[list[int]]) -> int:
    """The most of `left` that get a space of their own (augmenting paths; a vehicle has few)."""
    owner: dict[int, int] = {}

    def take(i: int, seen: set[int]) -> bool:
        for s in options[i]:
            if s in seen:
                continue
            seen.add(s)
            if s not in owner or take(owner[s], seen):
                owner[s] = i
                return True
        return False

    return sum(take(i, set()) for i in left)
