"""C3G building, vehicle and outer-space rules (family "c3g", codes Cxxx, profile "c3g").

The Books a map places are loaded and overlaid once per check (`state`). Book-level rules
(C101-C108) run in each Book's own frame and are moved onto the map; map-level rules (C2xx
support and placement, C3xx vehicles, C401 Cosmos) read the map's pieces and placements.
`mapkit.rules.checks.check_book_file` runs the Book-level rules on a Book alone.
Documentation, with each rule's seed passage: `mapkit/data/rules/c3g.json`.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

from mapkit.model import levels
from mapkit.model.catalog import catalog
from mapkit.rules import framework
from mapkit.rules.framework import CheckContext, Finding

if TYPE_CHECKING:  # (loaded by `_books` when a rule of this family first runs)
    from mapkit.books.bookcheck import book_issues
    from mapkit.books.model import Book
    from mapkit.books.overlay import placed_footprint
    from mapkit.books.placed import PlacedBook, PlacedBooks, describe, placed_books
    from mapkit.geometry.params import EPS_AREA, OverlayParams
    from mapkit.geometry.placing import move_hex, placed_polygon

FAMILY = "c3g"
PROFILES = ("c3g",)


def _books() -> None:
    """The Books' modules this family works with, loaded when one of its rules first runs: every
    check loads the rule registry, and a map checked by other profiles never needs them (a dozen
    modules to compile on a command's way)."""
    if "placed_books" in globals():
        return
    from mapkit.books import bookcheck, model, overlay, placed
    from mapkit.geometry import params, placing

    globals().update(book_issues=bookcheck.book_issues, Book=model.Book, placed_footprint=overlay.placed_footprint,
                     PlacedBook=placed.PlacedBook, PlacedBooks=placed.PlacedBooks, describe=placed.describe,
                     EPS_AREA=params.EPS_AREA, OverlayParams=params.OverlayParams, move_hex=placing.move_hex,
                     placed_polygon=placing.placed_polygon, placed_books=placed.placed_books)


def rule(*args: Any, **kwargs: Any
         ) -> Callable[[Callable[[CheckContext], Iterable[Finding]]], Callable[[CheckContext], Iterable[Finding]]]:
    """`framework.rule` for this family: each check loads the Books' modules first (`_books`)."""
    register = framework.rule(*args, **kwargs)

    def wrap(check: Callable[[CheckContext], Iterable[Finding]]) -> Callable[[CheckContext], Iterable[Finding]]:
        @functools.wraps(check)
        def run(ctx: CheckContext) -> Iterable[Finding]:
            _books()
            return check(ctx)

        return register(run)

    return wrap


def state(ctx: CheckContext) -> PlacedBooks:
    """The map's placed Books, computed once per check.

    Options: `overlay_params` (an OverlayParams) or `hex_region` / `base_diameter` /
    `marker_diameter`. The Books are those the map carries (`Map.books`).
    """
    _books()
    return ctx.shared("c3g-placed-books", _placed_books)


def _placed_books(ctx: CheckContext) -> PlacedBooks:
    params = ctx.options.get("overlay_params") or OverlayParams.from_options(
        ctx.options.get("hex_region"), ctx.options.get("base_diameter"), ctx.options.get("marker_diameter"))
    return placed_books(ctx.map, params)


def _standalone(ctx: CheckContext) -> bool:
    """True when checking a Book on its own (no map around it)."""
    return bool(ctx.options.get("c3g_book_only"))


# -- Book-level rules, moved onto the map -------------------------------------------------------

def _book_rule(ctx: CheckContext, code: str) -> Iterator[Finding]:
    for pb in state(ctx).buildings:
        if pb.book is None or pb.overlay is None:
            continue
        p = pb.placement
        floor_offsets = {f.index: f.base_offset for f in pb.book.floors}
        label = "" if _standalone(ctx) else f"{describe(pb)}: "
        for issue in book_issues(pb.book, pb.overlay, code):
            q, r = move_hex(issue.q, issue.r, (p.q, p.r), p.rotation)
            level = p.level + (floor_offsets.get(issue.floor, 0) if issue.floor is not None else 0)
            where = "outside" if issue.floor is None else f"floor {issue.floor + 1}"
            yield ctx.finding(code, f"{label}{where}: {issue.message}", q, r, level)


@rule("C001", "book-unreadable", "error", FAMILY, PROFILES, "A Book the map places cannot be read, is broken, or is in the wrong list.")
def book_unreadable(ctx: CheckContext) -> Iterator[Finding]:
    st = state(ctx)
    for pb in st.buildings + st.objects:
        if pb.error:
            p = pb.placement
            yield ctx.finding("C001", f"{pb.role} {pb.index + 1}: {pb.error}", p.q, p.r, p.level)


#: Book-level rules, checked in each Book's own frame (`mapkit.books.bookcheck`) and moved onto the map.
BOOK_RULES = (
    ("C101", "window-not-half-open-side",
     "Windows go only on Half hexes of an open side."),
    ("C102", "doorway-not-passable",
     "Doorways lie on the wall line, on hexes a figure can pass."),
    ("C103", "transit-alone",
     "Transit Spaces come in groups of two or more with the same Transit Number."),
    ("C104", "transit-on-partial",
     "Transit Spaces are never on Partial hexes."),
    ("C105", "stairway-unpaired",
     "A Stairway Up on floor k pairs with a Stairway Down on floor k+1."),
    ("C106", "elevator-shaft-broken",
     "Elevator Shaft spaces stand at one hex on consecutive floors."),
    ("C108", "mark-misplaced",
     "Marked floor spaces lie on their floor; exits lie outside the walls."),
)


def _register_book_rule(code: str, name: str, summary: str) -> None:
    def check(ctx: CheckContext) -> Iterator[Finding]:
        yield from _book_rule(ctx, code)

    check.__name__ = name.replace("-", "_")
    rule(code, name, "error", FAMILY, PROFILES, summary)(check)


for _code, _name, _summary in BOOK_RULES:
    _register_book_rule(_code, _name, _summary)


@rule("C107", "elevator-shaft-shared", "error", FAMILY, PROFILES, "Nothing but an Elevator Car goes on an Elevator Shaft space.")
def shaft_shared(ctx: CheckContext) -> Iterator[Finding]:
    yield from _book_rule(ctx, "C107")
    if _standalone(ctx):
        return
    st = state(ctx)
    shafts = _shaft_cells(st)
    for pb in st.objects:
        if pb.book is None or pb.book.is_elevator_car:
            continue
        for q, r in pb.spaces():
            if (q, r, pb.placement.level) in shafts:
                yield ctx.finding("C107", f"{describe(pb)} on an Elevator Shaft space: only an Elevator Car may be there",
                                  q, r, pb.placement.level)
    for piece in ctx.map.pieces:
        if catalog()[piece.type].kind in ("figure", "marker") and (piece.q, piece.r, piece.z) in shafts:
            name = catalog()[piece.type].name
            yield ctx.finding("C107", f"{name} on an Elevator Shaft space: only an Elevator Car may be there",
                              piece.q, piece.r, piece.z)


# -- map-level rules -----------------------------------------------------------------------------

def _shaft_cells(st: PlacedBooks) -> dict[tuple[int, int, int], PlacedBook]:
    out = {}
    for pb in st.buildings:
        if pb.placed is None:
            continue
        for floor in pb.placed.floors:
            for m in floor.marks:
                if m.kind == "elevator-shaft":
                    out[(m.q, m.r, pb.placed.floor_level(floor))] = pb
    return out


@rule("C109", "elevator-car-missing", "error", FAMILY, PROFILES, "Each Elevator Shaft starts with an empty Elevator Car on its bottom floor.")
def elevator_car_missing(ctx: CheckContext) -> Iterator[Finding]:
    if _standalone(ctx):
        return
    st = state(ctx)
    cars = {}
    for pb in st.objects:
        if pb.book is not None and pb.book.is_elevator_car:
            for q, r in pb.spaces():
                cars[(q, r, pb.placement.level)] = pb
    shafts = _shaft_cells(st)
    for (q, r, level), building in sorted(shafts.items()):
        below = _floor_below(building, level)
        if below is not None and (q, r, below) in shafts:
            continue  # not the bottom of its shaft
        car = cars.get((q, r, level))
        if car is None:
            yield ctx.finding("C109", f"{describe(building)}: the Elevator Shaft has no Elevator Car on its bottom floor",
                              q, r, level)
        elif car.placement.occupants:
            yield ctx.finding("C109", f"{describe(building)}: the Elevator Car at the bottom of the shaft must start empty",
                              q, r, level)


def _floor_below(pb: PlacedBook, level: int) -> int | None:
    """The level of the building's floor just below `level` (None for its bottom floor)."""
    lower = [pb.placed.floor_level(f) for f in pb.placed.floors if pb.placed.floor_level(f) < level] \
        if pb.placed is not None else []
    return max(lower, default=None)


def _support(ctx: CheckContext, pb: PlacedBook, book: Book) -> Iterator[tuple[str, str, int, int]]:
    """(code, message, q, r) for each hex under a building (`pb`, whose Book is `book`) that breaks C201 or C202."""
    import shapely

    from mapkit.geometry.hexes import centres, touched_hexes

    p = pb.placement
    fp = placed_footprint(book, p.q, p.r, p.rotation)
    qs, rs = touched_hexes(fp)
    xs, ys = centres(qs, rs)
    under = shapely.contains_xy(fp, xs, ys)
    occ = ctx.occupancy
    cat = catalog()
    for q, r, bears in zip(qs.tolist(), rs.tolist(), under.tolist()):
        at = [cat[ctx.map.pieces[i].type] for i in occ.get((q, r, p.level), [])]
        if any(t.kind == "fluid" or t.terrain == "cosmos" for t in at):
            yield "C202", "building stands on a height-0 tile (water, lava, ice, swamp water, shadow or Cosmos)", q, r
            continue
        if any(t.kind not in ("figure", "marker") for t in at):
            yield "C201", "a piece rises into the building: it does not lie flat", q, r
            continue
        if not bears or p.level == 0:
            continue
        below = [cat[ctx.map.pieces[i].type] for i in occ.get((q, r, p.level - 1), [])]
        solid = [t for t in below if t.kind not in ("figure", "marker", "edge")]
        if not solid:
            yield "C201", f"no {levels.label(p.level)} tile under the building: it does not lie flat", q, r
        elif all(t.kind == "fluid" or t.terrain == "cosmos" for t in solid):
            yield "C202", "building stands on a height-0 tile", q, r


def _support_findings(ctx: CheckContext, code: str) -> Iterator[Finding]:
    if _standalone(ctx):
        return
    for pb in state(ctx).buildings:
        if pb.book is None:
            continue
        for c, message, q, r in _support(ctx, pb, pb.book):
            if c == code:
                yield ctx.finding(code, f"{describe(pb)}: {message}", q, r, pb.placement.level)


@rule("C201", "building-not-flat", "error", FAMILY, PROFILES, "A building lies flat on land of one level.")
def building_not_flat(ctx: CheckContext) -> Iterator[Finding]:
    yield from _support_findings(ctx, "C201")


@rule("C202", "building-on-height-0", "error", FAMILY, PROFILES, "A building never stands on a height-0 tile.")
def building_on_fluid(ctx: CheckContext) -> Iterator[Finding]:
    yield from _support_findings(ctx, "C202")


def _on_half_or_partial(ctx: CheckContext, code: str, kinds: dict[str, str], why: str) -> Iterator[Finding]:
    """A finding `code` for each hex of a piece of `kinds` (type -> how the message names it) that
    a building leaves Half, Partial or covered where the piece stands: on the ground outside, or
    on the floor it is drawn on (its Level, `PlacedBooks.cells`)."""
    if _standalone(ctx):
        return
    cells = state(ctx).cells
    if not cells:
        return
    for piece in ctx.map.pieces:
        what = kinds.get(piece.type)
        if what is None:
            continue
        for q, r in ctx.map.footprint(piece):
            cls = cells.get((q, r, piece.z))
            if cls is not None and cls != "full":
                yield ctx.finding(code, f"{what} on a {cls} hex: {why}", q, r, piece.z)


@rule("C203", "marker-on-half-partial", "error", FAMILY, PROFILES, "Start zones and glyphs are not on Half or Partial hexes.")
def marker_on_half(ctx: CheckContext) -> Iterator[Finding]:
    yield from _on_half_or_partial(ctx, "C203", {"start-zone": "start zone space", "glyph": "glyph"},
                                   "figures cannot end their move there")


@rule("C206", "figure-on-half-partial", "error", FAMILY, PROFILES, "Figures are not set on Half or Partial hexes.")
def figure_on_half(ctx: CheckContext) -> Iterator[Finding]:
    """seeds/000, Half Hex Movement: "Figures that are not destructible objects cannot occupy Half
    Hexes."; Partial Hex Movement: they "cannot enter or occupy Partial Hexes". A destructible
    object is a placed Book (`Map.objects`, C204), never a figure piece."""
    yield from _on_half_or_partial(ctx, "C206", {"figure": "figure", "figure-double": "figure"},
                                   "figures cannot occupy it")


@rule("C205", "buildings-overlap", "error", FAMILY, PROFILES, "Two buildings never stand in the same place.")
def buildings_overlap(ctx: CheckContext) -> Iterator[Finding]:
    if _standalone(ctx):
        return
    import shapely

    from mapkit.model.grid import mm_to_hex

    buildings = [pb for pb in state(ctx).buildings if pb.book is not None]
    if len(buildings) < 2:
        return
    footprints = [placed_footprint(book, pb.placement.q, pb.placement.r, pb.placement.rotation)
                  for pb in buildings if (book := pb.book) is not None]
    # Only pairs whose footprints meet (an STRtree query), not every pair of buildings.
    first, second = shapely.STRtree(footprints).query(footprints, predicate="intersects")
    # a building above another would stand on its roof: C201 finds no land under it
    pairs = sorted((i, j) for i, j in zip(first.tolist(), second.tolist())
                   if i < j and buildings[i].placement.level == buildings[j].placement.level)
    if not pairs:
        return
    shared = shapely.intersection([footprints[i] for i, _ in pairs], [footprints[j] for _, j in pairs])
    for (i, j), part, area in zip(pairs, shared, shapely.area(shared).tolist()):
        if area > OVERLAP_MM2:
            a, b = buildings[i], buildings[j]
            point = part.representative_point()
            q, r = mm_to_hex(point.x, point.y)
            yield ctx.finding("C205", f"{describe(a)} and {describe(b)} overlap by {area:.0f} mm²", q, r,
                              a.placement.level)


#: Footprints sharing less than this (mm²) only touch: turned footprints meet with rounding noise.
OVERLAP_MM2 = 1.0


def _blocked(st: PlacedBooks) -> dict[int, Any]:
    """Per level, the area walls and closed buildings take up (what a destructible object must avoid)."""
    import shapely

    parts: dict[int, list[Any]] = {}
    for pb in st.buildings:
        if pb.book is None or pb.placed is None:
            continue
        p = pb.placement
        fp = placed_footprint(pb.book, p.q, p.r, p.rotation)
        floors = {f.base_offset: f for f in pb.book.floors} if pb.book.kind == "interior-access" else {}
        if 0 not in floors:
            parts.setdefault(p.level, []).append(fp)
        for offset, floor in floors.items():
            inner = placed_polygon(shapely.get_coordinates(pb.book.interior_polygon(floor).exterior), p.q, p.r,
                                   p.rotation)
            parts.setdefault(p.level + offset, []).append(shapely.difference(fp, inner))
    return {level: shapely.union_all(geoms) for level, geoms in parts.items()}


@rule("C204", "object-does-not-fit", "error", FAMILY, PROFILES, "A destructible object on a Half or Partial hex only where it fits.")
def object_fits(ctx: CheckContext) -> Iterator[Finding]:
    if _standalone(ctx):
        return
    import shapely

    st = state(ctx)
    blocked = None
    for pb in st.objects:
        if pb.book is None:
            continue
        p = pb.placement
        bad = [(q, r, st.cells[(q, r, p.level)]) for q, r in pb.spaces()
               if st.cells.get((q, r, p.level)) not in (None, "full")]
        if not bad:
            continue
        blocked = blocked if blocked is not None else _blocked(st)
        walls = blocked.get(p.level)
        fp = placed_footprint(pb.book, p.q, p.r, p.rotation)
        if walls is not None and shapely.area(shapely.intersection(fp, walls)) > EPS_AREA:
            q, r, cls = bad[0]
            yield ctx.finding("C204", f"{describe(pb)} on a {cls} hex does not fit: its base overlaps a wall",
                              q, r, p.level)


def _vehicles(ctx: CheckContext) -> Iterator[PlacedBook]:
    if _standalone(ctx):
        return
    for pb in state(ctx).objects:
        if pb.book is not None and pb.placement.occupants:
            yield pb


@rule("C301", "vehicle-over-occupancy", "error", FAMILY, PROFILES, "A vehicle carries no more figures than its Occupancy.")
def vehicle_occupancy(ctx: CheckContext) -> Iterator[Finding]:
    for pb in _vehicles(ctx):
        p, book = pb.placement, pb.book
        assert book is not None
        if not book.is_vehicle:
            yield ctx.finding("C301", f"{describe(pb)} is not a vehicle but has occupants", p.q, p.r, p.level)
            continue
        limit = int(book.card.get("occupancy", 0))
        if len(p.occupants) > limit:
            yield ctx.finding("C301", f"{describe(pb)} carries {len(p.occupants)} figures; its Occupancy is {limit}",
                              p.q, p.r, p.level)


@rule("C302", "vehicle-occupant-too-big", "error", FAMILY, PROFILES, "Each occupant is smaller than the vehicle.")
def occupant_size(ctx: CheckContext) -> Iterator[Finding]:
    from mapkit.books.model import SIZES

    for pb in _vehicles(ctx):
        p, book = pb.placement, pb.book
        assert book is not None
        if not book.is_vehicle:
            continue
        vsize = book.size_rank
        for occ in p.occupants:
            if not isinstance(occ, dict):
                continue
            name = occ.get("name", "a figure")
            size = occ.get("size")
            if size not in SIZES:
                yield ctx.finding("C302", f"{describe(pb)}: occupant {name} has no size (Tiny..Huge)",
                                  p.q, p.r, p.level, severity="warning")
            elif vsize is not None and SIZES.index(size) >= vsize:
                yield ctx.finding("C302", f"{describe(pb)}: {name} ({size}) is not smaller than the vehicle "
                                  f"({book.card.get('size')})", p.q, p.r, p.level)


def vehicle_rules(ctx: CheckContext) -> str:
    """The C3G vehicle rule set of this check: "current" (seeds/001, default) or "legacy" (seeds/003)."""
    return str(ctx.options.get("vehicle_rules") or "current")


def _applies(ctx: CheckContext, code: str) -> bool:
    from mapkit.rules.framework import RULES

    return vehicle_rules(ctx) in RULES[code].vehicle_rules


@rule("C303", "vehicle-mixed-armies", "error", FAMILY, PROFILES, "All occupants of a vehicle belong to one army "
      "(legacy vehicle rules).", vehicle_rules=("legacy",))
def occupant_armies(ctx: CheckContext) -> Iterator[Finding]:
    if not _applies(ctx, "C303"):
        return  # the current rules let figures of different players share a vehicle (seeds/001)
    for pb in _vehicles(ctx):
        p = pb.placement
        armies = sorted({str(o.get("player")) for o in p.occupants
                         if isinstance(o, dict) and o.get("player") is not None})
        if len(armies) > 1:
            yield ctx.finding("C303", f"{describe(pb)} is occupied by figures of players {', '.join(armies)}",
                              p.q, p.r, p.level)


def _movement(ctx: CheckContext) -> tuple[Any, list[Any], Any]:
    """The map's building layer (from the placed Books this check already loaded), its vehicles,
    and its movement spaces with every object standing where it stands."""
    def compute(c: CheckContext) -> tuple[Any, list[Any], Any]:
        from mapkit.movement.buildings import apply, from_placed
        from mapkit.movement.spaces import from_map
        from mapkit.movement.vehicles import vehicles

        st = state(c)
        layer = from_placed(st)
        spaces = from_map(c.map)
        apply(spaces, layer)
        return layer, vehicles(c.map, st), spaces

    return ctx.shared("c3g-vehicle-movement", compute)


def _boarding(ctx: CheckContext, v: Any) -> list[int]:
    """The spaces figures enter and exit the vehicle from where it stands. (The spaces around a
    vehicle do not depend on the spaces under it, so one model of the map serves every vehicle.)"""
    from mapkit.movement.profile import Figure
    from mapkit.movement.vehicles import boarding_directions, boarding_spaces, occupant_height

    _, _, spaces = _movement(ctx)
    room = None
    if v.elevator_car:
        shaft = spaces.find(v.hexes[0][0], v.hexes[0][1], v.base)
        if shaft is None or spaces.building[shaft] < 0:
            return []
        room = (spaces.building[shaft], spaces.floor[shaft])
    boarder = Figure(height=occupant_height(v, int(ctx.options.get("movement_height", 5) or 5)))
    return boarding_spaces(spaces, v.hexes, v.base, max(1, v.height), boarding_directions(v, vehicle_rules(ctx)),
                           boarder, room)


@rule("C304", "vehicle-cannot-be-boarded", "warning", FAMILY, PROFILES,
      "Figures can enter and exit a vehicle where it stands (by its entrance, under the current rules).")
def vehicle_boarding(ctx: CheckContext) -> Iterator[Finding]:
    if _standalone(ctx):
        return
    _, found, _ = _movement(ctx)
    current = vehicle_rules(ctx) == "current"
    for v in found:
        if _boarding(ctx, v):
            continue
        q, r = v.hexes[0]
        if current and v.entrance is not None:
            why = f"no empty space a figure can stand on lies next to it in the direction its entrance faces ({v.entrance})"
        else:
            why = "no empty space a figure can stand on lies next to it"
        who = (f"its {len(v.occupants)} occupant(s) cannot exit" if v.occupants else "no figure can enter it")
        yield ctx.finding("C304", f"{v.label}: {who} where it stands: {why}", q, r, v.level)


@rule("C305", "vehicle-occupant-trapped", "warning", FAMILY, PROFILES,
      "Each occupant could be placed on the vehicle's spaces if it were destroyed.")
def occupant_trapped(ctx: CheckContext) -> Iterator[Finding]:
    if _standalone(ctx):
        return
    from mapkit.movement.vehicles import spaces_without, standing_spaces, unplaced_occupants

    layer, found, _ = _movement(ctx)
    for v in found:
        if v.elevator_car or not v.occupants:
            continue
        spaces = spaces_without(ctx.map, layer, v)
        q, r = v.hexes[0]
        for group, why in unplaced_occupants(spaces, standing_spaces(spaces, v), v.occupants):
            names = ", ".join(_occupant(o) for o in group)
            if len(group) == 1:
                said = f"{names} could not be placed on the spaces it stands on ({why}): if it is destroyed, " \
                       "so is this occupant"
            else:
                said = f"{names} could not all be placed on the spaces it stands on ({why}): if it is " \
                       "destroyed, so is every occupant left over"
            yield ctx.finding("C305", f"{v.label}: {said}", q, r, v.level)


def _occupant(o: dict[str, Any]) -> str:
    name = str(o.get("name", "an occupant"))
    return f"{name} (Height {o['height']})" if isinstance(o.get("height"), int) else name


@rule("C306", "vehicle-drivers", "error", FAMILY, PROFILES, "At most one occupant sits on a vehicle's Driver space "
      "(current vehicle rules).", vehicle_rules=("current",))
def vehicle_drivers(ctx: CheckContext) -> Iterator[Finding]:
    if not _applies(ctx, "C306"):
        return  # the legacy rules have no Driver space (seeds/003)
    for pb in _vehicles(ctx):
        p, book = pb.placement, pb.book
        assert book is not None
        drivers = [o.get("name", "a figure") for o in p.occupants if isinstance(o, dict) and o.get("driver")]
        if drivers and not book.card.get("driver_space"):
            yield ctx.finding("C306", f"{describe(pb)} has no Driver space, but {', '.join(drivers)} is marked "
                                      "as its driver", p.q, p.r, p.level)
        elif len(drivers) > 1:
            yield ctx.finding("C306", f"{describe(pb)} has one Driver space, but {len(drivers)} occupants are marked "
                                      f"as its driver ({', '.join(drivers)})", p.q, p.r, p.level)


@rule("C401", "cosmos-not-height-0", "error", FAMILY, PROFILES, "Cosmos spaces are at height 0.")
def cosmos_height(ctx: CheckContext) -> Iterator[Finding]:
    cat = catalog()
    for piece in ctx.map.pieces:
        if piece.type in cat and cat[piece.type].terrain == "cosmos" and piece.z != 0:
            for q, r in ctx.map.footprint(piece):
                level = levels.level(cat[piece.type], piece.z)
                yield ctx.finding("C401", f"Cosmos space stacked as a {levels.label(level)} tile: Cosmos spaces "
                                  "are 0 height", q, r, level)


