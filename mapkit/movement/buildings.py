"""Spaces that C3G buildings add to a map: the one place the movement graph meets the Books.

The graph only needs a `BuildingLayer`: the interior floor spaces (with their role: floor,
doorway, window, elevator shaft, stairway up or down, and any Transit Number), the exit
spaces an enclosed structure marks on the ground outside it, and how the footprints class
the exterior hexes they touch (Half, Partial or covered; seeds/000). Tests build layers by
hand; `layer_from_map` builds one from the map's placed Books with `mapkit.books` and
`mapkit.geometry` when those modules are present.
"""

from __future__ import annotations

from typing import Any

from mapkit.model.map import Map
from mapkit.movement.spaces import OPEN_SKY, Spaces, stand
from mapkit.records import Record, field

ROLES = ("floor", "doorway", "window", "elevator", "stair-up", "stair-down", "exit")


class BuildingSpace(Record, frozen=True):
    """One marked space of a building.

    `floor` counts from 0 (the ground floor); an `exit` space lies outside the walls and has
    floor -1: it marks the exterior space of hex (q, r) whose top is `height`. `fit` is
    "full" or "half" (Partial hexes are left out: nobody may enter them). `max_height` is
    the Book's entry limit (most structures: Height 7 or less, seeds/000); `single_spaced` says
    whether the Book keeps double-space figures out.
    """

    q: int
    r: int
    height: int
    building: int
    floor: int = 0
    role: str = "floor"
    fit: str = "full"
    transit_number: int | None = None
    clearance: int = OPEN_SKY
    max_height: int | None = None
    single_spaced: bool = True


class BuildingLayer(Record):
    spaces: list[BuildingSpace] = field(default_factory=list)
    #: An exterior hex touched by a footprint, (q, r) for its top space or (q, r, height) for the
    #: space with that top -> "half", "partial" or "covered".
    exterior: dict[tuple[int, ...], str] = field(default_factory=dict)
    #: Destructible objects and vehicles standing on the ground: (q, r, level, height, name), the name
    #: as findings give it ("Sports Car (object 1)").
    #: Figures may move onto or over them (C3G FAQ, physical-and-rules 3.4; seeds/001 speaks of
    #: figures "on top of" a vehicle's sculpt), so each hex becomes a space `height` levels up.
    objects: list[tuple[int, int, int, int, str]] = field(default_factory=list)
    #: Elevator Cars in their shafts: (q, r, level, height, entrance or None). Figures ride them
    #: from floor to floor ("the main ones are Stairways and Elevators", seeds/000).
    cars: list[tuple[int, int, int, int, str | None]] = field(default_factory=list)
    #: Building index -> its name, for messages.
    names: dict[int, str] = field(default_factory=dict)
    #: Why the layer is empty or incomplete (no Books module, an unreadable Book, ...).
    notes: list[str] = field(default_factory=list)


def apply(spaces: Spaces, layer: BuildingLayer) -> None:
    """Add a layer's spaces to `spaces`, class the exterior hexes its footprints touch, then set
    what the map stands on its spaces (`spaces.stand`): a start zone, glyph or figure drawn on a
    floor stands on that floor."""
    for key, fit in layer.exterior.items():
        q, r = key[0], key[1]
        top = spaces.at(q, r, key[2]) if len(key) == 3 else spaces.at(q, r)
        if top is None:
            continue
        if fit == "half":
            spaces.fit[top] = "half"
        elif fit in ("partial", "covered"):
            # Closed: Partial hexes may not be entered (seeds/000); the space leaves its column.
            spaces.clearance[top] = 0
            spaces.columns[(q, r)].remove(top)
            spaces.closed_by[top] = "a Partial hex of a building" if fit == "partial" else "under a building's walls"
            if fit == "partial":
                spaces.partial.add((q, r))
    spaces.cars.extend(layer.cars)
    for q, r, level, height, name in layer.objects:
        under = spaces.at(q, r, level)
        if under is None:
            continue
        above = spaces.clearance[under]
        spaces.clearance[under] = 0  # the object stands here
        spaces.closed_by[under] = f"{name} stands there"
        spaces.columns[(q, r)].remove(under)
        spaces.add(q, r, level + height, "object", above - height if above < OPEN_SKY else OPEN_SKY,
                   role="object-top")
    for b in layer.spaces:
        if b.role == "exit" or b.floor < 0:
            s = spaces.at(b.q, b.r, b.height)
            if s is None:
                continue
            spaces.role[s] = "exit"  # stays a ground space; `building` says whose exit it is
            spaces.building[s] = b.building
            spaces.transit_number[s] = b.transit_number
            spaces.max_height[s] = b.max_height
            continue
        spaces.add(b.q, b.r, b.height, "floor", b.clearance, role=b.role, fit=b.fit, building=b.building,
                   floor=b.floor, transit_number=b.transit_number, max_height=b.max_height,
                   single_spaced=b.single_spaced)
    stand(spaces)


def layer_from_map(m: Map) -> BuildingLayer:
    """The building layer of a map's placed Books.

    Needs `mapkit.books` (Book loading) and `mapkit.geometry` (the Full/Half/Partial overlay);
    when they are absent the layer is empty and says why, so tile maps still work.
    """
    layer = BuildingLayer()
    if not m.buildings and not m.objects:
        return layer  # a map with no building may still place vehicles and objects (seeds/001)
    try:
        from mapkit.books.placed import placed_books
    except ImportError:
        layer.notes.append(f"{len(m.buildings) + len(m.objects)} placed Book(s) ignored: "
                           "the C3G Books modules are not installed")
        return layer
    return from_placed(placed_books(m), layer)


#: Book mark kinds -> the roles of this module.
MARK_ROLES = {"doorway": "doorway", "window": "window", "elevator-shaft": "elevator",
              "stairway-up": "stair-up", "stairway-down": "stair-down", "transit": "floor"}


def from_placed(placed: Any, layer: BuildingLayer | None = None) -> BuildingLayer:
    """A layer from `mapkit.books.placed.PlacedBooks`: exterior classes of the ground under and
    around each footprint (every building overlaid together), each floor's Full and Half
    spaces with their marks, and the exits of enclosed structures with their Transit Number."""
    from mapkit.books.overlay import ground_overlay

    layer = layer or BuildingLayer()
    ready = [(i, pb) for i, pb in enumerate(placed.buildings) if pb.placed is not None]
    for i, pb in enumerate(placed.buildings):
        if pb.placed is None:
            layer.notes.append(f"building {i + 1} ({pb.placement.book}) ignored: {pb.error}")
    # movement counts heights: a Book on Levels of Cosmos or water rests one lower (`PlacedBook.height`)
    ground = ground_overlay([(pb.book, pb.placement.q, pb.placement.r, pb.height, pb.placement.rotation)
                             for _, pb in ready], placed.params)
    for level, classes in ground.items():
        for (q, r), cls in classes.items():
            if cls != "full":
                layer.exterior[(q, r, level)] = cls
    for pb in placed.objects:
        if pb.book is None:
            layer.notes.append(f"object {pb.index + 1} ({pb.placement.book}) ignored: {pb.error}")
            continue
        height = pb.book.card.get("height")
        if pb.book.is_elevator_car:
            # An Elevator Car rides its shaft inside a building and carries figures between floors.
            q, r = pb.spaces()[0]
            layer.cars.append((q, r, pb.placement.level, height if isinstance(height, int) else 1, pb.entrance()))
            continue
        if not isinstance(height, int):
            continue  # no height, no top
        for q, r in pb.spaces():
            layer.objects.append((q, r, pb.height, height, f"{pb.book.name} (object {pb.index + 1})"))
    for i, pb in ready:
        book, where = pb.book, pb.placed
        layer.names[i] = book.name
        single, limit, assumed = entry_limits(book)
        if assumed:
            layer.notes.append(f"{book.name}: its Book does not give {' or '.join(assumed)}; assumed the usual "
                               f"entry limit, single-spaced figures of Height {limit} or less (the C3G Building "
                               "Rules, Entering and Occupying Interior Access Structures)")
        for mark in where.exits:
            layer.spaces.append(BuildingSpace(mark.q, mark.r, pb.height, i, -1, "exit",
                                              transit_number=mark.number, max_height=limit))
        levels = [where.floor_level(f) - pb.sink for f in where.floors]
        for k, floor in enumerate(where.floors):
            height = levels[k]
            clearance = levels[k + 1] - height if k + 1 < len(levels) else OPEN_SKY
            marks = {(mk.q, mk.r): mk for mk in floor.marks}
            for (q, r), cls in sorted(floor.classes.items()):
                if cls not in ("full", "half"):
                    continue  # Partial hexes may not be entered (seeds/000)
                mark = marks.get((q, r))
                role = MARK_ROLES.get(mark.kind, "floor") if mark else "floor"
                layer.spaces.append(BuildingSpace(q, r, height, i, floor.index, role, cls,
                                                  mark.number if mark else None, clearance, limit, single))
    return layer


#: The entry limit of "most Interior Access Structures" (seeds/000, Entering and Occupying Interior
#: Access Structures), used where a Book does not give its own.
USUAL_ENTRY = {"single_spaced": True, "max_height": 7}


def entry_limits(book: Any) -> tuple[bool, int, list[str]]:
    """(single-spaced only, Height limit, the fields the Book left to the usual rule)."""
    entry = book.entry or {}
    assumed = [key for key in ("single_spaced", "max_height") if key not in entry]
    return (bool(entry.get("single_spaced", USUAL_ENTRY["single_spaced"])),
            int(entry.get("max_height", USUAL_ENTRY["max_height"])), assumed)


def describe(layer: BuildingLayer) -> dict[str, Any]:
    return {"spaces": len(layer.spaces), "exterior": len(layer.exterior), "notes": list(layer.notes)}
