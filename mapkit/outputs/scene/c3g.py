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
from typing import Any

from mapkit.model.grid import DIRECTION_NAMES
from mapkit.model.map import Map
from mapkit.outputs.scene import style, symbols
from mapkit.outputs.scene.layout import hex_center
from mapkit.outputs.scene.shapes import Circle, Group, Poly, Text
from mapkit.records import Record, field
from mapkit.wording import option

RGB = tuple[int, int, int]
CLASS_ORDER = ("full", "half", "partial", "covered")
MARK_LABELS = {"doorway": "Door", "window": "Win", "transit": "T", "stairway-up": "Up", "stairway-down": "Dn",
               "elevator-shaft": "Lift", "exit": "Exit"}


def c3g_style() -> dict[str, Any]:
    """The "c3g" part of render_style.json."""
    return style.style_data()["c3g"]


def rgb_of(key: str) -> RGB:
    r, g, b = c3g_style()[key]
    return int(r), int(g), int(b)


def class_rgb(cls: str) -> RGB:
    r, g, b = c3g_style()["classes"][cls]["rgb"]
    return int(r), int(g), int(b)


class C3GLayer(Record):
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


def placed_or_note(m: Map, out: C3GLayer) -> Any:
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
    pbs = placed_or_note(m, out)
    if pbs is None:
        return out
    classes_seen: set[str] = set()
    marks_seen: set[str] = set()
    suffix = "" if level is None else f"-level-{level}"       # ids stay unique across level panels
    root = Group(f"c3g{suffix}", label="C3G buildings", layer=True)
    walls = objects = aboard = 0
    for pb in pbs.buildings:
        if pb.placed is None:
            out.notes.append(f"building {pb.index + 1} ({pb.placement.book}) not drawn: {pb.error}")
            continue
        _draw_building(root, pbs, pb, p, level, classes_seen, marks_seen, out, suffix)
        walls += any(isinstance(item, Group) and item.items for item in root.items[-1:])
    for pb in pbs.objects:
        if level is not None and pb.placement.level != level:
            continue
        _draw_object(root, pb, p, out, suffix)
        objects += 1
        aboard += bool(pb.placement.occupants)
    out.groups.append(root)
    for cls in CLASS_ORDER:
        if cls in classes_seen:
            out.legend.append(style.LegendEntry("c3g-class", cls, c3g_style()["classes"][cls]["label"], class_rgb(cls)))
    if walls:
        out.legend.append(style.LegendEntry("c3g-wall", "wall", "building wall (footprint)", rgb_of("wall_rgb")))
    for kind in MARK_LABELS:
        if kind in marks_seen:
            out.legend.append(style.LegendEntry("c3g-mark", kind, mark_legend(kind), rgb_of("mark_rgb")))
    if objects:
        said = "destructible object / vehicle: its initials (arrow: entrance" + \
            ("; '2 aboard': the figures riding in it)" if aboard else ")")
        out.legend.append(style.LegendEntry("c3g-object", None, said, rgb_of("object_rgb")))
    if level is None and any(pb.placed and len(pb.placed.floors) > 1 for pb in pbs.buildings):
        out.notes.append(f"upper floors of buildings: see {option('view', 'levels')}")
    return out


def mark_legend(kind: str) -> str:
    """What a marked space's symbol and label mean, as every legend says it."""
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
    g.title = f"{book.name} \u00b7 building {pb.index + 1}"        # as the sheets' plate and findings name it
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
        g.add(Poly(place_points(book.footprint, po.q, po.r, po.rotation), stroke=rgb_of("wall_rgb"), width=p * 0.07,
                   attrs={"class": "wall"}))
        shown = ground_floor if floor is None else [floor]
        for f in shown:
            if book.kind == "interior-access":
                ring = _interior_ring(book, f)
                if ring:
                    g.add(Poly(place_points(ring, po.q, po.r, po.rotation), stroke=rgb_of("interior_rgb"),
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
    info = c3g_style()["classes"][cls]
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
    rgb = rgb_of("mark_rgb")
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
    rgb = rgb_of("object_rgb")
    name = pb.book.name if pb.book else pb.placement.book
    g = root.group(f"object-{pb.index + 1}{suffix}", **{"data-book": name, "data-q": pb.placement.q, "data-r": pb.placement.r,
                                            "data-level": pb.placement.level})
    g.title = f"{name} \u00b7 object {pb.index + 1}"
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


# -- a hex filled by its class: floor plans and the overlay picture --------------------------------

#: Hex classes, in the order every legend lists them.
HEX_CLASSES = CLASS_ORDER
#: How much a class colour is paled for a hex's fill: ink-friendly, and the pattern stays readable.
FILL_FADE = 0.8
#: A class this module does not know is drawn plainly with a question mark, never as Full.
UNKNOWN_STYLE = ((235, 235, 255), (120, 120, 200), "?", None, "unknown class")


def class_style(cls: str) -> tuple[RGB, RGB, str, str | None, str]:
    """(fill, ink, letter, pattern, label) of a hex class, from the C3G style the map pictures
    use (`render_style.json`), so plans, the overlay and the map share one vocabulary."""
    entry = c3g_style()["classes"].get(cls)
    if entry is None:
        return UNKNOWN_STYLE
    ink = class_rgb(cls)
    fill = tuple(int(v + (255 - v) * FILL_FADE) for v in ink)
    return fill, ink, entry["letter"], entry.get("pattern"), entry["label"]  # type: ignore[return-value]


def class_pattern(cx: float, cy: float, pitch: float, pattern: str, ink: RGB, step: float = 2.5,
                  width: float = 0.12) -> list:
    """Hatching (one diagonal), cross-hatching (both) or dots across a hex, `step` mm apart (to
    be clipped to the hex)."""
    rgb: RGB = (int(ink[0] * 0.8), int(ink[1] * 0.8), int(ink[2] * 0.8))
    reach = pitch / math.sqrt(3)            # the hex's circumradius: nothing beyond it shows
    out: list = []
    if pattern == "dots":
        step *= 1.6
        n = int(reach / step) + 1
        for j in range(-n, n + 1):
            for i in range(-n, n + 1):
                out.append(Circle(cx + i * step + (j % 2) * step / 2, cy + j * step * 0.87, width * 1.5, fill=rgb))
        return out
    n = int(2 * reach / step) + 1
    for sign in ((1, -1) if pattern == "cross" else (1,)):
        for i in range(-n, n + 1):
            off = i * step
            out.append(Poly([(cx + off - reach, cy + sign * reach), (cx + off + reach, cy - sign * reach)],
                            stroke=rgb, width=width, closed=False))
    return out


def class_hex(q: int, r: int, cls: str, pitch: float, words: float = 1.0, place: str | None = None) -> list:
    """A hex filled by its class: pale in the class's colour, its pattern (clipped to it), its
    letter above the middle and its place below (`place`, default "q,r"), words `words` times
    the plan's size (1: 9 pt letters at 1:1). Its words are groups of their own, each bounded by its
    middle: a page window shows a word whole on the page that holds its middle."""
    from mapkit.model.grid import hex_corners

    fill, ink, code, pattern, _ = class_style(cls)
    corners = hex_corners(q, r, pitch)
    cx, cy = hex_center(q, r, pitch)
    out: list = [Poly(corners, fill=fill, stroke=(64, 64, 64), width=0.18 * words)]
    if pattern:
        out.append(Group(items=class_pattern(cx, cy, pitch, pattern, ink, 2.5 * words, 0.12 * words), clip=corners))
    size = 1.76 * words
    y = cy + pitch * 0.38 - size * 0.35
    out.append(Group(items=[Text(cx, y, f"{q},{r}" if place is None else place, size, fill=(89, 89, 89))],
                     bounds=_dot(cx, y)))
    if code:
        size = 3.18 * words
        y = cy - pitch * 0.22 - size * 0.35
        dark: RGB = (int(ink[0] * 0.6), int(ink[1] * 0.6), int(ink[2] * 0.6))
        out.append(Group(items=[Text(cx, y, code, size, bold=True, fill=dark)], bounds=_dot(cx, y)))
    return out


def _dot(x: float, y: float) -> Any:
    from mapkit.outputs.scene.layout import Box

    return Box(x - 0.1, y - 0.1, x + 0.1, y + 0.1)
