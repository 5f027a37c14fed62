"""The SVG side of a battlefield page: transforms, the page's hex grid, and what a code draws.

The page grid is pointy-top odd-r: hex (col, row) is drawn at X = 90 col + 45 (row % 2),
Y = 78 row, its centre 46, 53 further on, so a hex centre is x = 46 + 90 (q + r/2),
y = 53 + 78 r in axial terms. What a code covers is read from the page's own `<defs>`: its
`<use>` chain is followed to polygons, rectangles, polylines, circles and texts, with their
transforms applied.
"""

from __future__ import annotations

import math
import re
from typing import Any, Iterator

from mapkit.records import Record, field

SVG = "http://www.w3.org/2000/svg"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"

#: Page geometry (page units): hex spacing across, half of it for odd rows, row spacing, and
#: the centre of the anchor hex inside a tile drawing.
COL_STEP, ROW_STEP, CENTRE_X, CENTRE_Y = 90, 78, 46, 53
#: Half the distance between neighbouring hex centres: how far a hex edge lies from its centre.
EDGE_DISTANCE = COL_STEP / 2
#: How far a hex's corners lie from its centre (tile01 runs from y 1 to 105 about y 53).
HEX_RADIUS = 52
#: A drawing spanning more hexes than this (rows or columns) is not a Heroscape piece.
MAX_SPAN = 64
MAX_USE_DEPTH = 16
#: Elements one code's drawing may expand to (nested <use>s multiply): a tile needs a handful.
MAX_DRAWING_ELEMENTS = 2000

_TRANSFORM = re.compile(r"\s*(translate|rotate|scale|matrix)\s*\(([^)]*)\)\s*,?")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")

Matrix = tuple[float, float, float, float, float, float]  # SVG (a, b, c, d, e, f)
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
Point = tuple[float, float]


# -- transforms -------------------------------------------------------------------------------
def multiply(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def apply(m: Matrix, x: float, y: float) -> Point:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def parse_transform(text: str) -> tuple[Matrix, list[tuple[str, list[float]]]]:
    """An SVG transform list as one matrix, plus its (operation, numbers) steps.

    Raises ValueError on anything that is not a well-formed translate/rotate/scale/matrix list.
    """
    m, steps, pos = IDENTITY, [], 0
    text = text.strip()
    while pos < len(text):
        match = _TRANSFORM.match(text, pos)
        if not match:
            raise ValueError(f"cannot read transform {text!r}")
        op, raw = match.group(1), match.group(2)
        args = [float(v) for v in _NUMBER.findall(raw)]
        if not all(math.isfinite(v) for v in args) or _NUMBER.sub("", raw).strip(" ,"):
            raise ValueError(f"bad numbers in {op}({raw})")
        if op == "translate" and len(args) in (1, 2):
            step: Matrix = (1, 0, 0, 1, args[0], args[1] if len(args) == 2 else 0.0)
        elif op == "scale" and len(args) in (1, 2):
            step = (args[0], 0, 0, args[-1], 0, 0)
        elif op == "rotate" and len(args) in (1, 3):
            angle = math.radians(args[0])
            cos, sin = math.cos(angle), math.sin(angle)
            cx, cy = (args[1], args[2]) if len(args) == 3 else (0.0, 0.0)
            step = (cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy)
        elif op == "matrix" and len(args) == 6:
            step = tuple(args)  # type: ignore[assignment]
        else:
            raise ValueError(f"{op} with {len(args)} numbers")
        m = multiply(m, step)
        steps.append((op, args))
        pos = match.end()
    return m, steps


def translate_rotate(steps: list) -> tuple[float, float, float]:
    """X, Y and A of `translate(X,Y) rotate(A 46 53)` (translations add up; ValueError otherwise)."""
    x, y, angle = 0.0, 0.0, 0.0
    for op, args in steps:
        if op == "translate" and not angle:
            x, y = x + args[0], y + (args[1] if len(args) > 1 else 0.0)
        elif op == "rotate" and (len(args) == 1 or (args[1], args[2]) == (CENTRE_X, CENTRE_Y)):
            angle += args[0]
        else:
            raise ValueError(f"unexpected {op}(...) in a tile transform")
    return x, y, angle


def grid_position(steps: list) -> tuple[int, int, int]:
    """Anchor (q, r) and rotation (turns) of a `translate(X,Y) rotate(A 46 53)` transform.

    Raises ValueError naming what is off: a position between grid rows or columns, a turn that
    is not a multiple of 60 degrees, or another kind of transform.
    """
    from mapkit.model.grid import offset_to_axial

    x, y, angle = translate_rotate(steps)
    row = y / ROW_STEP
    if not row.is_integer():
        raise ValueError(f"translate({x:g},{y:g}) is not on a grid row (Y must be a multiple of {ROW_STEP})")
    col = (x - 45 * (int(row) % 2)) / COL_STEP
    if not col.is_integer():
        raise ValueError(f"translate({x:g},{y:g}) is not on a grid column")
    if angle % 60:
        raise ValueError(f"rotate({angle:g}) is not a multiple of 60 degrees")
    q, r = offset_to_axial(int(col), int(row))
    return q, r, int(angle // 60) % 6


# -- the page grid ----------------------------------------------------------------------------
def hex_at(x: float, y: float, tolerance: float = 1.5) -> tuple[int, int] | None:
    """The axial hex whose centre is (x, y) on the page, or None if no centre is there."""
    r = round((y - CENTRE_Y) / ROW_STEP)
    twice_q = round(2 * (x - CENTRE_X) / COL_STEP - r)
    if twice_q % 2:
        return None
    q = twice_q // 2
    cx, cy = centre(q, r)
    if abs(cx - x) > tolerance or abs(cy - y) > tolerance:
        return None
    return q, r


def centre(q: int, r: int) -> Point:
    """The page position of the centre of axial hex (q, r)."""
    return CENTRE_X + COL_STEP * (q + r / 2), CENTRE_Y + ROW_STEP * r


def nearest_hex(x: float, y: float) -> tuple[int, int]:
    """The hex whose centre is nearest to a page point."""
    from mapkit.model.grid import cube_round, neighbours

    r = (y - CENTRE_Y) / ROW_STEP
    # The page grid is a pointy-top grid squashed vertically (78 instead of 90 sqrt(3)/2):
    # cube rounding gives a hex next to the right one at worst, so its neighbours are checked.
    guess = cube_round((x - CENTRE_X) / COL_STEP - r / 2, r)
    return min([guess, *neighbours(*guess)], key=lambda h: math.dist(centre(*h), (x, y)))


def inside(points: list[Point], x: float, y: float) -> bool:
    """Even-odd point-in-polygon test."""
    result = False
    j = len(points) - 1
    for i, (xi, yi) in enumerate(points):
        xj, yj = points[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            result = not result
        j = i
    return result


def polygon_cells(points: list[Point]) -> set[tuple[int, int]] | None:
    """The hexes whose centres lie inside a polygon (None: the polygon is too big to be a piece)."""
    if not points:
        return set()
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    r0 = math.ceil((min(ys) - CENTRE_Y) / ROW_STEP)
    r1 = math.floor((max(ys) - CENTRE_Y) / ROW_STEP)
    if r1 - r0 > MAX_SPAN or (max(xs) - min(xs)) / COL_STEP > MAX_SPAN:
        return None
    cells = set()
    for r in range(r0, r1 + 1):
        q0 = math.floor((min(xs) - CENTRE_X) / COL_STEP - r / 2)
        q1 = math.ceil((max(xs) - CENTRE_X) / COL_STEP - r / 2)
        for q in range(q0, q1 + 1):
            if inside(points, *centre(q, r)):
                cells.add((q, r))
    return cells


def trace_cells(points: list[Point]) -> set[tuple[int, int]] | None:
    """The hexes whose edges a polyline traces, on the side that gives the fewest hexes.

    Ruins are drawn as the outline of their top (wall) edges; each segment is one hex edge,
    and the piece lies on one side of the line. None if a segment is not a hex edge.
    """
    sides: tuple[set, set] = (set(), set())
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            continue
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        nx, ny = -(y1 - y0) / length, (x1 - x0) / length
        for index, sign in enumerate((1, -1)):
            cell = hex_at(mx + sign * nx * EDGE_DISTANCE, my + sign * ny * EDGE_DISTANCE, tolerance=3)
            if cell is None:
                return None
            sides[index].add(cell)
    if not sides[0]:
        return None
    return sides[0] if len(sides[0]) <= len(sides[1]) else sides[1]


def hex_corners(q: int, r: int) -> list[Point]:
    """The six corners of hex (q, r) on the page, as `tile01` draws them."""
    x, y = centre(q, r)
    return [(x - 45, y - 26), (x, y - 52), (x + 45, y - 26), (x + 45, y + 26), (x, y + 52), (x - 45, y + 26)]


def _steps(lo: float, hi: float, step: float) -> list[float]:
    """Sample positions from lo to hi, at most `step` apart, both ends included."""
    n = max(1, math.ceil((hi - lo) / step))
    return [lo + (hi - lo) * i / n for i in range(n + 1)]


def area_centroid(polygons: list[list[Point]]) -> Point | None:
    """The centre of mass of some polygons taken together (their vertices' mean if they have no area)."""
    total = sx = sy = 0.0
    for points in polygons:
        for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]):
            cross = x0 * y1 - x1 * y0
            total += cross
            sx += (x0 + x1) * cross
            sy += (y0 + y1) * cross
    if abs(total) > 1e-9:
        return sx / (3 * total), sy / (3 * total)
    vertices = [p for points in polygons for p in points]
    if not vertices:
        return None
    return sum(x for x, _ in vertices) / len(vertices), sum(y for _, y in vertices) / len(vertices)


# -- drawings in <defs> -----------------------------------------------------------------------
class Drawing(Record):
    """The shapes a code draws, in page units once a transform has been applied."""

    polygons: list[list[Point]] = field(default_factory=list)
    polylines: list[list[Point]] = field(default_factory=list)
    dots: list[Point] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    #: Where each text is drawn (its x, y through the transforms), in the order of `texts`.
    text_points: list[Point] = field(default_factory=list)

    @property
    def text_only(self) -> bool:
        """Draws words but no hex shape: a label (e.g. a height mark), not a piece."""
        return bool(self.texts) and not (self.polygons or self.polylines or self.dots)

    @property
    def label(self) -> str:
        """The words it draws, on one line."""
        return " ".join(" ".join(t.split()) for t in self.texts if t.strip())

    def cells(self) -> set[tuple[int, int]] | None:
        """The hexes covered: polygons, else circles, else traced polylines (None: unreadable)."""
        cells: set[tuple[int, int]] = set()
        for polygon in self.polygons:
            found = polygon_cells(polygon)
            if found is None:
                return None
            cells |= found
        if not cells:
            cells = {nearest_hex(x, y) for x, y in self.dots}
        if not cells:
            for line in self.polylines:
                found = trace_cells(line)
                if found is None:
                    return None
                cells |= found
        return cells

    def numbers_in(self, cells: set[tuple[int, int]]) -> dict[tuple[int, int], int] | None:
        """The whole numbers it writes, by the hex each is written in, if every text it draws is a
        number written inside one of `cells` (the heights a page writes on a tall piece); else None."""
        found: dict[tuple[int, int], int] = {}
        for text, (x, y) in zip(self.texts, self.text_points):
            text = text.strip()
            if not text:
                continue
            if not (text.isdecimal() and len(text) <= 3):
                return None
            hex_ = nearest_hex(x, y)
            if hex_ not in cells or found.get(hex_, int(text)) != int(text):
                return None
            found[hex_] = int(text)
        return found or None

    def marks(self) -> list[list[Point]]:
        """The shapes that cover no hex centre: the marks an edge piece draws beside a hex edge."""
        return [p for p in self.polygons if polygon_cells(p) == set()]

    def mark_cells(self) -> set[tuple[int, int]]:
        """The hexes the marks are drawn in: each holding at least a quarter as much of the marks'
        area as the hex holding most (a stone wall is a strip along the inside of 4 hexes' sides)."""
        from shapely.geometry import Polygon
        from shapely.ops import unary_union

        shapes = [Polygon(p).buffer(0) for p in self.marks() if len(p) >= 3]
        marks = unary_union([s for s in shapes if not s.is_empty]) if shapes else None
        if marks is None or marks.is_empty:
            return set()
        x0, y0, x1, y1 = marks.bounds
        if (x1 - x0) / COL_STEP > MAX_SPAN or (y1 - y0) / ROW_STEP > MAX_SPAN:
            return set()
        near = {nearest_hex(x, y) for x in _steps(x0, x1, COL_STEP / 2) for y in _steps(y0, y1, ROW_STEP / 2)}
        area = {h: marks.intersection(Polygon(hex_corners(*h))).area for h in near}
        most = max(area.values(), default=0.0)
        return {h for h, a in area.items() if most > 0 and a >= most / 4}


def points(text: str) -> list[Point]:
    values = [float(v) for v in _NUMBER.findall(text or "")]
    if len(values) % 2 or not all(math.isfinite(v) for v in values):
        raise ValueError("odd or non-finite point list")
    return list(zip(values[0::2], values[1::2]))


def number(text: str | None) -> float:
    """A finite number from an attribute (absent = 0); ValueError for anything else."""
    value = float(text) if text is not None else 0.0
    if not math.isfinite(value):
        raise ValueError(f"{text!r} is not a finite number")
    return value


def href(use: Any) -> str:
    """The id a `<use>` points at: xlink:href, SVG 2 href, or the raw attribute of a recovered page."""
    return (use.get(XLINK_HREF) or use.get("href") or use.get("xlink:href") or "").lstrip("#")


def elements(root: Any, name: str) -> Iterator[Any]:
    """Elements called `name` in any namespace or none (pages that forgot an xmlns still read):
    lxml's `{*}` wildcard, matched in C rather than by a Python test of every element."""
    return root.iter(f"{{*}}{name}")


def local(element: Any) -> str:
    tag = element.tag
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def text_of(element: Any) -> str:
    return " ".join("".join(element.itertext()).split())


class Definitions:
    """The page's `<defs>`: drawings by id, resolved through `<use>` chains (cached)."""

    def __init__(self, root: Any):
        self.by_id: dict[str, Any] = {}
        for defs in elements(root, "defs"):
            for element in defs.iter():
                ident = element.get("id")
                if ident and ident not in self.by_id:
                    self.by_id[ident] = element
        self._cache: dict[tuple[str, Matrix], Drawing] = {}
        self._budget = 0

    def drawing(self, code: str, matrix: Matrix) -> Drawing:
        """What `#code` draws under `matrix`. Raises ValueError on cycles or bad geometry."""
        key = (code, matrix)
        cached = self._cache.get(key)
        if cached is None:
            cached = Drawing()
            self._budget = MAX_DRAWING_ELEMENTS
            self._collect(self.by_id[code], matrix, cached, 0)
            self._cache[key] = cached
        return cached

    def _collect(self, element: Any, matrix: Matrix, out: Drawing, depth: int) -> None:
        if depth > MAX_USE_DEPTH:
            raise ValueError("<use> chain too deep (or circular)")
        self._budget -= 1
        if self._budget < 0:
            raise ValueError(f"drawing has more than {MAX_DRAWING_ELEMENTS} parts")
        name = local(element)
        if element.get("transform"):
            matrix = multiply(matrix, parse_transform(element.get("transform"))[0])
        if name == "polygon":
            out.polygons.append([apply(matrix, x, y) for x, y in points(element.get("points"))])
        elif name == "rect":
            x, y = number(element.get("x")), number(element.get("y"))
            w, h = number(element.get("width")), number(element.get("height"))
            if w > 0 and h > 0:
                out.polygons.append([apply(matrix, *p) for p in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))])
        elif name == "polyline":
            out.polylines.append([apply(matrix, x, y) for x, y in points(element.get("points"))])
        elif name == "circle":
            out.dots.append(apply(matrix, number(element.get("cx")), number(element.get("cy"))))
        elif name == "text":
            out.texts.append("".join(element.itertext()).strip())
            out.text_points.append(apply(matrix, number(element.get("x")), number(element.get("y"))))
        elif name == "use":
            target = href(element)
            if target not in self.by_id:
                raise ValueError(f"#{target} is not defined")
            shift = (1, 0, 0, 1, number(element.get("x")), number(element.get("y")))
            self._collect(self.by_id[target], multiply(matrix, shift), out, depth + 1)
        elif name in ("g", "symbol", "svg"):
            for child in element:
                self._collect(child, matrix, out, depth + 1)


def text_position(text: Any) -> Point | None:
    """Where a `<text>` element is drawn on the page (its x, y through its transform), or None."""
    try:
        matrix = parse_transform(text.get("transform") or "")[0]
        return apply(matrix, number(text.get("x")), number(text.get("y")))
    except (ValueError, TypeError):
        return None
