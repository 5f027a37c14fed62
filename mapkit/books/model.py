"""A C3G Book as data: identity, footprint, floors with their marked spaces, entry limits, cards.

Coordinates are millimetres in the Book's frame (origin = centre of hex (0, 0), x east, y south,
the same frame as `mapkit.model.grid.hex_center_mm`). Marked spaces are local hexes (q, r).
"""

from __future__ import annotations

from typing import Any

from mapkit.geometry.shapes import erode
from mapkit.records import Record, field

KINDS = ("enclosed", "interior-access", "destructible-object", "vehicle")
#: Figure and vehicle sizes, smallest first (seeds/001: "tiny, small, medium, large, and huge").
SIZES = ("Tiny", "Small", "Medium", "Large", "Huge")
#: Marked-space kinds, as they appear in overlay output.
MARK_KINDS = ("doorway", "window", "transit", "stairway-up", "stairway-down", "elevator-shaft", "exit")
#: Wall thickness used when a Book gives none (assumed: a printed or kit wall is a few mm thick).
DEFAULT_WALL_MM = 3.0


class Mark(Record, frozen=True):
    """One marked space: its kind, local hex, and Transit Number where it has one."""

    kind: str
    q: int
    r: int
    number: int | None = None


class Floor(Record):
    """One playable floor of an interior-access structure."""

    index: int
    height: int
    base_offset: int
    interior: list[tuple[float, float]] | None = None
    open_sides: tuple[int, ...] = ()
    marks: list[Mark] = field(default_factory=list)
    name: str = ""

    def marked(self, kind: str) -> list[Mark]:
        return [m for m in self.marks if m.kind == kind]


class Book(Record):
    """A structure's, destructible object's or vehicle's Book."""

    name: str
    kind: str
    footprint: list[tuple[float, float]]
    model: str = ""
    illustrative: bool = False
    provenance: dict[str, str] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    wall_thickness: float = DEFAULT_WALL_MM
    transit_number: int | None = None
    entry: dict[str, Any] = field(default_factory=dict)
    exits: list[Mark] = field(default_factory=list)
    floors: list[Floor] = field(default_factory=list)
    spaces: list[tuple[int, int]] = field(default_factory=lambda: [(0, 0)])
    card: dict[str, Any] = field(default_factory=dict)
    path: str | None = None
    raw: dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def is_structure(self) -> bool:
        return self.kind in ("enclosed", "interior-access")

    @property
    def is_vehicle(self) -> bool:
        return self.kind == "vehicle"

    @property
    def is_elevator_car(self) -> bool:
        return self.is_vehicle and bool(self.card.get("elevator_car"))

    @property
    def size_rank(self) -> int | None:
        size = self.card.get("size")
        return SIZES.index(size) if size in SIZES else None

    def footprint_polygon(self) -> Any:
        """The footprint as a shapely polygon (made valid if the points cross)."""
        from mapkit.geometry.placing import polygon

        return polygon(self.footprint)

    def interior_polygon(self, floor: Floor) -> Any:
        """A floor's walkable area: its own polygon, else the footprint shrunk by the wall."""
        from mapkit.geometry.placing import polygon

        if floor.interior is not None:
            return polygon(floor.interior)
        return erode(self.footprint_polygon(), self.wall_thickness, join_style="mitre")

    def side_segments(self, sides: tuple[int, ...]) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """The footprint edges named by index (edge i runs from point i to point i + 1)."""
        pts = self.footprint
        return [(pts[i % len(pts)], pts[(i + 1) % len(pts)]) for i in sides if 0 <= i < len(pts)]


def book_from_dict(doc: dict[str, Any], path: str | None = None) -> Book:
    """Build a Book from a document that already passed the schema."""
    floors: list[Floor] = []
    offset = 0
    for index, raw in enumerate(doc.get("floors", [])):
        offset += int(raw["height"])
        marks = [Mark("doorway", q, r) for q, r in raw.get("doorways", [])]
        marks += [Mark("window", q, r) for q, r in raw.get("windows", [])]
        marks += [Mark("elevator-shaft", q, r) for q, r in raw.get("elevator_shafts", [])]
        for key, kind in (("transit", "transit"), ("stairways_up", "stairway-up"), ("stairways_down", "stairway-down")):
            marks += [Mark(kind, m["q"], m["r"], m["number"]) for m in raw.get(key, [])]
        interior = raw.get("interior")
        floors.append(Floor(index=index, height=int(raw["height"]), base_offset=offset,
                            interior=[(float(x), float(y)) for x, y in interior] if interior else None,
                            open_sides=tuple(raw.get("open_sides", [])), marks=marks, name=raw.get("name", "")))
    transit_number = doc.get("transit_number")
    exits = [Mark("exit", e["q"], e["r"], e.get("number", transit_number)) for e in doc.get("exits", [])]
    card = dict(doc.get("vehicle") or doc.get("object") or {})
    return Book(
        name=doc["name"], kind=doc["kind"],
        footprint=[(float(x), float(y)) for x, y in doc["footprint"]["polygon"]],
        model=doc.get("model", ""), illustrative=bool(doc.get("illustrative", False)),
        provenance=dict(doc.get("provenance", {})), sources=dict(doc.get("sources", {})),
        wall_thickness=float(doc.get("wall_thickness", DEFAULT_WALL_MM)),
        transit_number=transit_number, entry=dict(doc.get("entry", {})), exits=exits, floors=floors,
        spaces=[(int(q), int(r)) for q, r in doc.get("spaces", [[0, 0]])], card=card, path=path, raw=doc,
    )
