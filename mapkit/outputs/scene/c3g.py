"""C3G buildings and objects on the map picture: hex classes, walls, marked spaces, vehicles.

The classes and marks come from `mapkit.books.placed.placed_books` (the C3G overlay); this
module only draws them. Classes are told apart by more than colour: a ring colour, a
letter (F, H, P, C) and a pattern (none, hatching, cross-hatching, dots). Marked spaces get
a symbol and a label: Door, Win, T#, Up#, Dn#, Lift, Exit#.

The top view shows each building at its base level (outside and ground floor); the
per-level view shows every floor at its own level.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from mapkit.model.grid import DIRECTION_NAMES
from mapkit.model.map import Map
from mapkit.outputs.scene import style, symbols
from mapkit.outputs.scene.layout import hex_center
from mapkit.outputs.scene.shapes import Circle, Group, Poly, Text

RGB = tuple[int, int, int]
CLASS_ORDER = ("full", "half", "partial", "covered")
MARK_LABELS = {"doorway": "Door", "window": "Win", "transit": "T", "stairway-up": "Up", "stairway-down": "Dn",
               "elevator-shaft": "Lift", "exit": "Exit"}


def _c3g() -> dict[str, Any]:
    return style.style_data()["c3g"]


def _rgb(key: str) -> RGB:
    r, g, b = _c3g()[key]
    return int(r), int(g), int(b)


def class_rgb(cls: str) -> RGB:
    r, g, b = _c3g()["classes"][cls]["rgb"]
    return int(r), int(g), int(b)


@dataclass
class C3GLayer:
    """What the overlay adds to a picture: groups, legend lines, notes and the levels it uses."""

    groups: list[Group] = field(default_factory=list)
    legend: list[style.LegendEntry] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    levels: set[int] = field(default_factory=set)
    #: Hexes drawn on (so the picture's bounds include them).
    cells: set[tuple[int, int]] = field(default_factory=set)


def has_c3g(m: Map) -> bool:
    return bool(m.buildings or m.objects)


def placed(m: Map) -> tuple[Any, str | None]:
    """The map's placed Books, or (None, why they cannot be drawn)."""
    try:
        from mapkit.books.placed import placed_books
    except ImportError:
        return None, "C3G buildings are not drawn: this mapkit has no C3G support (mapkit.books)"
    try:
        return placed_books(m), None
    except Exception as exc:            # a broken Book must not stop the picture
        return None, f"C3G buildings are not drawn: {type(exc).__name__}: {exc}"


def c3g_levels(m: Map) -> set[int]:
    """The levels C3G floors and objects stand on (for the per-level view's panels)."""
    pbs, _ = placed(m) if has_c3g(m) else (None, None)
    if pbs is None:
        return set()
    out = {pb.placement.level for pb in pbs.buildings + pbs.objects}
    for pb in pbs.buildings:
        if pb.placed is not None:
            out |= {pb.placed.floor_level(f) for f in pb.placed.floors}
    return out


def _placed_or_note(m: Map, out: C3GLayer) -> Any:
    """The map's placed Books, or None (with a note on `out` when they cannot be read)."""
    if not has_c3g(m):
        return None
    pbs, why = placed(m)
    if pbs is None:
        out.notes.append(why or "C3G buildings are not drawn")
    return pbs


def c3g_layer(m: Map, p: float, level: int | None = None) -> C3GLayer:
    """Draw the map's Books: at their base levels (level None) or only what stands at `level`."""
    out = C3GLayer()
    pbs = _placed_or_note(m, out)
    if pbs is None:
        return out
    classes_seen: set[str] = set()
    marks_seen: set[str] = set()
    suffix = "" if level is None else f"-level-{level}"       # ids stay unique across level panels
    root = Group(f"c3g{suffix}", label="C3G buildings", layer=True)
    for pb in pbs.buildings:
        if pb.placed is None:
            out.notes.append(f"building {pb.index + 1} ({pb.placement.book}) not drawn: {pb.error}")
            continue
        _draw_building(root, pbs, pb, p, level, classes_seen, marks_seen, out, suffix)
    for pb in pbs.objects:
        if level is not None and pb.placement.level != level:
            continue
        _draw_object(root, pb, p, out, suffix)
    out.groups.append(root)
    for cls in CLASS_ORDER:
        if cls in classes_seen:
            out.legend.append(style.LegendEntry("c3g-class", cls, _c3g()["classes"][cls]["label"], class_rgb(cls)))
    if pbs.buildings:
        out.legend.append(style.LegendEntry("c3g-wall", "wall", "building wall (footprint)", _rgb("wall_rgb")))
    for kind in MARK_LABELS:
        if kind in marks_seen:
            out.legend.append(style.LegendEntry("c3g-mark", kind, _mark_legend(kind), _rgb("mark_rgb")))
    if pbs.objects:
        out.legend.append(style.LegendEntry("c3g-object", None, "destructible object / vehicle (arrow: entrance)",
                                            _rgb("object_rgb")))
    if level is None and any(pb.placed and len(pb.placed.floors) > 1 for pb in pbs.buildings):
        out.notes.append("upper floors of buildings: see --view levels")
    return out


def iso_layer(m: Map, p: float, proj: Any) -> C3GLayer:
    """Buildings in the isometric view as solids (`_iso_building`), objects and vehicles as solids
    over their Book's footprint as tall as their card says (`_iso_block`), on rings marking their spaces."""
    out = C3GLayer()
    pbs = _placed_or_note(m, out)
    if pbs is None:
        return out
    from mapkit.geometry.placing import place_points

    root = Group("c3g", label="C3G buildings", layer=True)
    wall = _rgb("wall_rgb")
    obj = _rgb("object_rgb")
    parts: list[tuple[float, int, Group]] = []       # (how far south, order, group): painted north first
    for pb in pbs.buildings:
        if pb.placed is None:
            continue
        po = pb.placed
        footprint = place_points(pb.book.footprint, po.q, po.r, po.rotation)
        levels = sorted({po.level} | {po.floor_level(f) for f in po.floors})
        if len(levels) == 1:                           # no floor above the ground: the Book gives no height
            levels.append(levels[0] + int(_c3g()["iso_storey_levels"]))
        g = Group(f"building-{pb.index + 1}", None, {"data-book": pb.book.name}, [])
        _iso_building(g, footprint, levels, po, p, proj, wall)
        parts.append((max(y for _, y in footprint), len(parts), g))
    for pb in pbs.objects:
        g = Group(f"object-{pb.index + 1}", None, {}, [])
        spaces = pb.spaces()
        for q, r in spaces:
            ring = [proj.project(x, y, pb.placement.level) for x, y in symbols.hexagon(*hex_center(q, r, p), p, 0.7)]
            g.add(Poly(ring, fill=(236, 222, 244), stroke=obj, width=p * 0.05))
        south = max(hex_center(q, r, p)[1] for q, r in spaces)
        if pb.book is not None and len(pb.book.footprint) >= 3:
            # the object or vehicle itself: its Book's footprint, as tall as its card says
            pl = pb.placement
            footprint = place_points(pb.book.footprint, pl.q, pl.r, pl.rotation)
            tall = object_levels(pb.book)
            g.attrs["data-height"] = tall
            _iso_block(g, footprint, pl.level, pl.level + tall, p, proj, obj)
            south = max(south, max(y for _, y in footprint))
        # an object inside a building (an elevator car in its shaft) is hidden by the walls in front of it
        parts.append((south, len(parts), g))
    root.items.extend(g for _, _, g in sorted(parts, key=lambda t: (t[0], t[1])))
    out.groups.append(root)
    if pbs.buildings:
        out.legend.append(style.LegendEntry("c3g-wall", "wall", "C3G building (walls, doorways dark, windows blue)",
                                            wall))
    if pbs.objects:
        out.legend.append(style.LegendEntry("c3g-object", None, "destructible object / vehicle", obj))
    return out


def object_levels(book: Any) -> float:
    """How tall a destructible object or vehicle stands, in levels: its card's Height, else
    `iso_object_levels` (render_style.json, an assumption named there)."""
    height = book.card.get("height")
    if isinstance(height, (int, float)) and not isinstance(height, bool) and height > 0:
        return float(height)
    return float(_c3g()["iso_object_levels"])


def _iso_block(g: Group, footprint: list, low: float, high: float, p: float, proj: Any, rgb: RGB) -> None:
    """A solid over `footprint` from level `low` to `high`: the walls facing the viewer (farthest
    first, shaded by the way they face), then its top."""
    n = len(footprint)
    area = sum(footprint[i][0] * footprint[(i + 1) % n][1] - footprint[(i + 1) % n][0] * footprint[i][1]
               for i in range(n))
    turn = 1.0 if area > 0 else -1.0
    ink = style.darker(rgb, 0.5)
    seen = []
    for i in range(n):
        (ax, ay), (bx, by) = footprint[i], footprint[(i + 1) % n]
        nx, ny = (by - ay) * turn, -(bx - ax) * turn
        if ny > 1e-9:
            seen.append((max(ay, by), i, style.darker(rgb, 0.8 if abs(nx) < abs(ny) else 0.62)))
    for _, i, shade in sorted(seen):
        (ax, ay), (bx, by) = footprint[i], footprint[(i + 1) % n]
        g.add(Poly([proj.project(ax, ay, low), proj.project(bx, by, low), proj.project(bx, by, high),
                    proj.project(ax, ay, high)], fill=shade, stroke=ink, width=p * 0.015,
                   attrs={"class": "object-side"}))
    g.add(Poly([proj.project(x, y, high) for x, y in footprint], fill=style.faded(rgb, 0.35), stroke=ink,
               width=p * 0.02, attrs={"class": "object-top", "data-level": high}))


def _iso_building(g: Group, footprint: list, levels: list[int], po: Any, p: float, proj: Any, wall: RGB) -> None:
    """A building as a solid: for each storey the walls that face the viewer (filled, shaded by
    the way they face, nearer walls over farther ones), doorways and windows on the wall the Book
    marks them by, each floor's slab edge, and the roof at the top floor."""
    n = len(footprint)
    area = sum(footprint[i][0] * footprint[(i + 1) % n][1] - footprint[(i + 1) % n][0] * footprint[i][1]
               for i in range(n)) / 2
    turn = 1.0 if area > 0 else -1.0                 # which side of an edge is outside
    stone = (226, 216, 198)                          # the walls' face: the outline colour mixed with stone
    edge_rgb = style.darker(wall, 0.45)

    def mix(t: float) -> RGB:
        return tuple(int(round(w + (s_ - w) * t)) for w, s_ in zip(wall, stone))  # type: ignore[return-value]

    light, dark = mix(0.7), mix(0.45)
    seen = []                                        # edges facing the viewer, farthest first
    for i in range(n):
        (ax, ay), (bx, by) = footprint[i], footprint[(i + 1) % n]
        nx, ny = (by - ay) * turn, -(bx - ax) * turn    # outward normal (y grows south)
        if ny > 1e-9:                                   # else it faces away, or is seen edge-on
            seen.append((max(ay, by), i, light if abs(nx) < abs(ny) else dark))
    seen.sort()
    marks_by_level: dict[int, list] = {}
    for floor in po.floors:
        marks_by_level.setdefault(po.floor_level(floor), []).extend(
            m for m in floor.marks if m.kind in ("doorway", "window"))
    for low, high in zip(levels, levels[1:]):
        for _, i, shade in seen:
            (ax, ay), (bx, by) = footprint[i], footprint[(i + 1) % n]
            face = [proj.project(ax, ay, low), proj.project(bx, by, low),
                    proj.project(bx, by, high), proj.project(ax, ay, high)]
            g.add(Poly(face, fill=shade, stroke=edge_rgb, width=p * 0.015,
                       attrs={"class": "wall-face", "data-level": low, "data-edge": i}))
            for mark in marks_by_level.get(low, []):
                on, t = _on_wall(footprint, hex_center(mark.q, mark.r, p))
                if on == i:
                    g.add(_opening(mark, (footprint[i], footprint[(i + 1) % n]), t, low, high, p, proj))
        g.add(Poly([proj.project(x, y, low) for x, y in footprint], stroke=style.darker(wall, 0.5),
                   width=p * 0.02, attrs={"class": "slab", "data-level": low}))
    roof = [proj.project(x, y, levels[-1]) for x, y in footprint]
    g.add(Poly(roof, fill=mix(0.85), stroke=edge_rgb, width=p * 0.03,
               attrs={"class": "roof", "data-level": levels[-1]}))


def _on_wall(footprint: list, point: tuple[float, float]) -> tuple[int, float]:
    """The footprint edge nearest a marked space's centre (the wall the mark is on), and how far
    along it (0..1) the point nearest the space lies."""
    best = (math.inf, 0, 0.5)
    n = len(footprint)
    mx, my = point
    for i in range(n):
        (ax, ay), (bx, by) = footprint[i], footprint[(i + 1) % n]
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((mx - ax) * dx + (my - ay) * dy) / ((dx * dx + dy * dy) or 1.0)))
        d = (ax + t * dx - mx) ** 2 + (ay + t * dy - my) ** 2
        if d < best[0]:
            best = (d, i, t)
    return best[1], best[2]


def _opening(mark: Any, edge: tuple, t: float, low: int, high: int, p: float, proj: Any) -> Poly:
    """A doorway (floor to three quarters up the storey) or a window (a third to three quarters up),
    half a hex wide, on its wall."""
    (ax, ay), (bx, by) = edge
    length = math.hypot(bx - ax, by - ay) or 1.0
    half = min(p * 0.22, length * 0.45) / length         # half the opening's width, as a share of the wall
    t = max(half, min(1.0 - half, t))                     # the opening stays on its wall
    (x0, y0), (x1, y1) = [(ax + (bx - ax) * u, ay + (by - ay) * u) for u in (t - half, t + half)]
    storey = high - low
    z0, z1 = (low, low + storey * 0.75) if mark.kind == "doorway" else (low + storey * 0.35, low + storey * 0.75)
    hole = [proj.project(x0, y0, z0), proj.project(x1, y1, z0), proj.project(x1, y1, z1), proj.project(x0, y0, z1)]
    fill = (60, 40, 30) if mark.kind == "doorway" else (170, 215, 240)
    return Poly(hole, fill=fill, stroke=(30, 30, 30), width=p * 0.012,
                attrs={"class": mark.kind, "data-q": mark.q, "data-r": mark.r, "data-level": low})


def _mark_legend(kind: str) -> str:
    return {"doorway": "doorway (Door)", "window": "window (Win)", "transit": "transit space (T + Transit Number)",
            "stairway-up": "stairway up (Up + number)", "stairway-down": "stairway down (Dn + number)",
            "elevator-shaft": "elevator shaft (Lift)", "exit": "exit (Exit + Transit Number)"}[kind]


def _draw_building(root: Group, pbs: Any, pb: Any, p: float, level: int | None, classes_seen: set[str],
                   marks_seen: set[str], out: C3GLayer, suffix: str = "") -> None:
    from mapkit.geometry.placing import place_points

    po = pb.placed
    book = pb.book
    base = po.level
    floors = [(base, None)] + [(po.floor_level(f), f) for f in po.floors if f.offset > 0]
    ground_floor = [f for f in po.floors if f.offset == 0]
    g = root.group(f"building-{pb.index + 1}{suffix}", **{"data-book": book.name, "data-q": pb.placement.q,
                                              "data-r": pb.placement.r, "data-level": base,
                                              "data-rotation": pb.placement.rotation})
    for floor_level, floor in floors:
        if (level is None and floor is not None) or (level is not None and floor_level != level):
            continue
        out.levels.add(floor_level)
        hexes = set(po.exterior) if floor is None else set(floor.classes)
        if floor is None:
            for f in ground_floor:
                hexes |= set(f.classes)
        out.cells |= hexes
        for q, r in sorted(hexes, key=lambda c: (c[1], c[0])):
            cls = pbs.cells.get((q, r, floor_level))
            if cls is None:
                continue
            classes_seen.add(cls)
            g.items.extend(class_mark(q, r, p, cls))
        g.add(Poly(place_points(book.footprint, po.q, po.r, po.rotation), stroke=_rgb("wall_rgb"), width=p * 0.07,
                   attrs={"class": "wall"}))
        shown = ground_floor if floor is None else [floor]
        for f in shown:
            if book.kind == "interior-access":
                ring = _interior_ring(book, f)
                if ring:
                    g.add(Poly(place_points(ring, po.q, po.r, po.rotation), stroke=_rgb("interior_rgb"),
                               width=p * 0.03, dash=True, attrs={"class": "interior"}))
            for mark in f.marks:
                marks_seen.add(mark.kind)
                g.items.extend(mark_symbol(mark.kind, mark.q, mark.r, p, mark.number))
        if floor is None:
            for mark in po.exits:
                marks_seen.add("exit")
                g.items.extend(mark_symbol("exit", mark.q, mark.r, p, mark.number))


def _interior_ring(book: Any, floor_model: Any) -> list[tuple[float, float]] | None:
    """The walkable outline of a floor in the Book's frame (largest ring if it splits)."""
    model_floor = next((f for f in book.floors if f.index == floor_model.index), None)
    if model_floor is None:
        return None
    poly = book.interior_polygon(model_floor)
    geoms = getattr(poly, "geoms", [poly])
    geoms = [g for g in geoms if hasattr(g, "exterior") and not g.is_empty]
    if not geoms:
        return None
    biggest = max(geoms, key=lambda g: g.area)
    return [(float(x), float(y)) for x, y in list(biggest.exterior.coords)[:-1]]


def class_mark(q: int, r: int, p: float, cls: str) -> list:
    """A hex's class: an inset ring in the class colour, its letter, and its pattern."""
    info = _c3g()["classes"][cls]
    rgb = class_rgb(cls)
    cx, cy = hex_center(q, r, p)
    items: list = [Poly(symbols.hexagon(cx, cy, p, 0.84), stroke=rgb, width=p * 0.05,
                        attrs={"class": f"c3g-{cls}", "data-q": q, "data-r": r})]
    pattern = info.get("pattern")
    if pattern == "hatch":
        items += [Poly([(cx + p * (d - 0.14), cy + p * 0.22), (cx + p * (d + 0.14), cy - p * 0.22)], stroke=rgb,
                       width=p * 0.03, closed=False) for d in (-0.18, 0.0, 0.18)]
    elif pattern == "cross":
        for d in (-0.12, 0.12):
            items.append(Poly([(cx + p * (d - 0.12), cy + p * 0.2), (cx + p * (d + 0.12), cy - p * 0.2)],
                              stroke=rgb, width=p * 0.03, closed=False))
            items.append(Poly([(cx + p * (d - 0.12), cy - p * 0.2), (cx + p * (d + 0.12), cy + p * 0.2)],
                              stroke=rgb, width=p * 0.03, closed=False))
    elif pattern == "dots":
        items += [Circle(cx + p * dx, cy + p * dy, p * 0.035, fill=rgb) for dx, dy in
                  ((-0.15, 0.0), (0.15, 0.0), (0.0, 0.18), (0.0, -0.18))]
    items.append(Text(cx, cy - p * 0.3, info["letter"], p * 0.17, fill=rgb, bold=True, halo=(255, 255, 255)))
    return items


def mark_symbol(kind: str, q: int, r: int, p: float, number: int | None = None) -> list:
    """A marked space: a symbol for its kind and a short label (with its number)."""
    rgb = _rgb("mark_rgb")
    cx, cy = hex_center(q, r, p)
    label = MARK_LABELS[kind] + (str(number) if number is not None and kind not in ("doorway", "window") else "")
    white = (255, 255, 255)
    items: list = []
    if kind in ("stairway-up", "stairway-down"):
        tip = -0.2 if kind == "stairway-up" else 0.2
        items.append(Poly([(cx, cy + p * tip), (cx + p * 0.15, cy - p * tip * 0.3),
                           (cx - p * 0.15, cy - p * tip * 0.3)],
                          fill=rgb, stroke=white, width=p * 0.015))
    elif kind == "elevator-shaft":
        s = p * 0.15
        items.append(Poly([(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)], fill=white,
                          stroke=rgb, width=p * 0.03))
        items.append(Poly([(cx - s, cy - s), (cx + s, cy + s)], stroke=rgb, width=p * 0.025, closed=False))
        items.append(Poly([(cx + s, cy - s), (cx - s, cy + s)], stroke=rgb, width=p * 0.025, closed=False))
    elif kind == "doorway":
        items.append(Poly([(cx - p * 0.09, cy + p * 0.14), (cx - p * 0.09, cy - p * 0.16),
                           (cx + p * 0.09, cy - p * 0.16),
                           (cx + p * 0.09, cy + p * 0.14)], fill=(170, 120, 60), stroke=rgb, width=p * 0.02))
    elif kind == "window":
        s = p * 0.12
        items.append(Poly([(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)],
                          fill=(200, 230, 250),
                          stroke=rgb, width=p * 0.025))
        items.append(Poly([(cx, cy - s), (cx, cy + s)], stroke=rgb, width=p * 0.015, closed=False))
    else:                                            # transit spaces and exits
        items.append(Circle(cx, cy, p * 0.14, fill=white, stroke=rgb, width=p * 0.03))
    items.append(Text(cx, cy + p * 0.28, label, p * 0.16, fill=rgb, bold=True, halo=white))
    return items


def _draw_object(root: Group, pb: Any, p: float, out: C3GLayer, suffix: str = "") -> None:
    rgb = _rgb("object_rgb")
    name = pb.book.name if pb.book else pb.placement.book
    g = root.group(f"object-{pb.index + 1}{suffix}", **{"data-book": name, "data-q": pb.placement.q, "data-r": pb.placement.r,
                                            "data-level": pb.placement.level})
    out.levels.add(pb.placement.level)
    spaces = pb.spaces()
    out.cells |= set(spaces)
    for q, r in spaces:
        cx, cy = hex_center(q, r, p)
        g.add(Poly(symbols.hexagon(cx, cy, p, 0.7), fill=(236, 222, 244), stroke=rgb, width=p * 0.05))
    if len(spaces) > 1:
        centres = [hex_center(q, r, p) for q, r in spaces]
        g.add(Poly(centres, stroke=rgb, width=p * 0.08, closed=False))
    q0, r0 = spaces[0]
    cx, cy = hex_center(q0, r0, p)
    short = "".join(w[0] for w in str(name).split()[:2]).upper()
    g.add(Text(cx, cy, short, p * 0.22, fill=rgb, bold=True))
    occupants = pb.placement.occupants
    if occupants:
        g.add(Text(cx, cy + p * 0.22, f"{len(occupants)} aboard", p * 0.13, fill=rgb))
    entrance = pb.entrance() if pb.book else None
    if entrance:
        d = DIRECTION_NAMES.index(entrance)
        ex, ey = hex_center(spaces[0][0], spaces[0][1], p)
        angle = math.radians(d * 60)                       # direction 0 = east, clockwise (y south)
        tip = (ex + p * 0.52 * math.cos(angle), ey + p * 0.52 * math.sin(angle))
        back = (ex + p * 0.34 * math.cos(angle), ey + p * 0.34 * math.sin(angle))
        side = (-math.sin(angle) * p * 0.08, math.cos(angle) * p * 0.08)
        g.add(Poly([tip, (back[0] + side[0], back[1] + side[1]), (back[0] - side[0], back[1] - side[1])], fill=rgb))


def legend_swatch(entry: style.LegendEntry, cx: float, cy: float, p: float) -> list:
    """Legend swatches for the C3G entries (p is the swatch's hex pitch)."""
    if entry.swatch == "c3g-class":
        return [Poly(symbols.hexagon(cx, cy, p), fill=(240, 240, 236), stroke=(170, 170, 170), width=p * 0.01)] + \
            _class_at(cx, cy, p, entry.value)
    if entry.swatch == "c3g-wall":
        return [Poly([(cx - p * 0.4, cy), (cx + p * 0.4, cy)], stroke=entry.rgb, width=p * 0.07, closed=False)]
    if entry.swatch == "c3g-mark":                  # the symbol alone, larger; the legend line names it
        symbol = [it for it in mark_symbol(entry.value, 0, 0, p * 1.8) if not isinstance(it, Text)]
        return _shift(symbol, cx, cy)
    if entry.swatch == "c3g-object":
        return [Poly(symbols.hexagon(cx, cy, p, 0.7), fill=(236, 222, 244), stroke=entry.rgb, width=p * 0.05)]
    return []


def _class_at(cx: float, cy: float, p: float, cls: str) -> list:
    return _shift(class_mark(0, 0, p, cls), cx, cy)


def _shift(items: list, dx: float, dy: float) -> list:
    out: list[Poly | Circle | Text] = []
    for it in items:
        if isinstance(it, Poly):
            out.append(Poly([(x + dx, y + dy) for x, y in it.pts], it.fill, it.stroke, it.width, it.closed,
                            None, it.dash))
        elif isinstance(it, Circle):
            out.append(Circle(it.cx + dx, it.cy + dy, it.radius, it.fill, it.stroke, it.width))
        elif isinstance(it, Text):
            out.append(Text(it.x + dx, it.y + dy, it.text, it.size, it.fill, it.bold, it.halo, it.anchor))
    return out
