"""Battlefield pages in XHTML + inline SVG (Gary's Heroscape site, `hsbfNNNN.html`).

A page draws one `<svg>` per level ("Level N", or a group class `hsbfNNNNlLL`). The tiles of
a level are the svg's direct `<use xlink:href="#CODE" transform="translate(X,Y) rotate(A 46 53)">`
children; the faded `<g class="hsbfNNNNlLL">` repeats the lower levels and is ignored. The
page grid is pointy-top odd-r: hex (col, row) is drawn at X = 90 col + 45 (row % 2),
Y = 78 row, its centre 46, 53 further on, so a hex centre is x = 46 + 90 (q + r/2),
y = 53 + 78 r in axial terms.

What a code covers is read from the page's own `<defs>`: its `<use>` chain is followed to
polygons, polylines and circles, their transforms applied, and the hex centres inside a
polygon (or beside the hex edges a polyline traces, or under a circle) are the piece's
cells. Those cells are then matched to the catalog piece's shape, which fixes the model's
origin and rotation (preferring the page's own turn; RotV ruins are turned half round to
face as in VirtualScape, see FACING_TURNS). A code that cannot be matched becomes a warning
naming it and its line; so does a `#NULL` hex, which only carries a label. A code that draws
only text (the height marks `GM03H3`, `RO03H2`, `ET15H1` drawn over a glacier, outcrop or
tree) is no piece and is skipped silently.

Levels: a land (fluid, castle) tile on page level N fills level N - 1. Everything that stands
on something (obstacles, glyphs, start zones, figures, edge pieces) is put at the top of
what lies under it, i.e. at the supporting tile's z + 1, as VirtualScape stores it. A glacier
or outcrop base (GB.., RB..) under its own obstacle is folded into it, as VirtualScape's
glaciers and outcrops include their base (see fold_bases); a base alone is an ice or shadow tile.

Scenario overlays (`<g class="hsbfNNNNsSSlLL">` svgs after `<hr class="scenario" id="sSS">`)
hold glyphs, start zones and figures for scenario SS. They are kept as pieces with
`attrs["scenario"] = SS`, standing on the top of the land below level LL (so "Glyphs Under
Level 11" sit under the level-11 tiles). Some pages crop the overlay pictures; the faded
copy of the battlefield inside each overlay tells by how much, and the shift is undone.
Different scenarios may mark the same hex; a consumer that wants one scenario filters on
that attribute. A figure's drawn number goes to `attrs["label"]` (it points into the
scenario's setup list). Page title -> Map.name; "Required Sets" -> attrs["required_sets"],
the page's description -> attrs["description"], each scenario's number, title and text ->
attrs["scenarios"], and all scenario texts together -> Map.scenario.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Iterator

from mapkit.errors import FormatError
from mapkit.model.map import Map, Piece

NAME = "glasq"
EXTENSIONS = (".html", ".xhtml", ".htm")
DESCRIPTION = "battlefield XHTML+SVG page"

SVG = "http://www.w3.org/2000/svg"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"

#: Page geometry (page units): hex spacing across, half of it for odd rows, row spacing, and
#: the centre of the anchor hex inside a tile drawing.
COL_STEP, ROW_STEP, CENTRE_X, CENTRE_Y = 90, 78, 46, 53
#: Half the distance between neighbouring hex centres: how far a hex edge lies from its centre.
EDGE_DISTANCE = COL_STEP / 2
#: A drawing spanning more hexes than this (rows or columns) is not a Heroscape piece.
MAX_SPAN = 64
MAX_USE_DEPTH = 16
#: Elements one code's drawing may expand to (nested <use>s multiply): a tile needs a handful.
MAX_DRAWING_ELEMENTS = 2000

_LEVEL_CLASS = re.compile(r"hsbf\w*?l(\d+)$")
_SCENARIO_CLASS = re.compile(r"hsbf\w*?s(\d+)l(\d+)$")
_LEVEL_TEXT = re.compile(r"\bLevel\s+(\d+)")
_TRANSFORM = re.compile(r"\s*(translate|rotate|scale|matrix)\s*\(([^)]*)\)\s*,?")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_START_ZONE = re.compile(r"P([1-8])SZ$")
_FIGURE = re.compile(r"P([1-8])F([12])$")
_GLYPH = re.compile(r"G([A-Z])?$")

Matrix = tuple[float, float, float, float, float, float]  # SVG (a, b, c, d, e, f)
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def sniff(head: bytes) -> float:
    """Certain for an XHTML page with inline SVG that uses battlefield tile drawings."""
    return 1.0 if b"http://www.w3.org/2000/svg" in head and (b"hsbf" in head or b'id="tile01"' in head) else 0.0


# -- transforms -------------------------------------------------------------------------------
def _multiply(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
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
        m = _multiply(m, step)
        steps.append((op, args))
        pos = match.end()
    return m, steps


# -- the page grid ----------------------------------------------------------------------------
def _hex_at(x: float, y: float, tolerance: float = 1.5) -> tuple[int, int] | None:
    """The axial hex whose centre is (x, y) on the page, or None if no centre is there."""
    r = round((y - CENTRE_Y) / ROW_STEP)
    twice_q = round(2 * (x - CENTRE_X) / COL_STEP - r)
    if twice_q % 2:
        return None
    q = twice_q // 2
    cx, cy = _centre(q, r)
    if abs(cx - x) > tolerance or abs(cy - y) > tolerance:
        return None
    return q, r


def _centre(q: int, r: int) -> tuple[float, float]:
    return CENTRE_X + COL_STEP * (q + r / 2), CENTRE_Y + ROW_STEP * r


def _nearest_hex(x: float, y: float) -> tuple[int, int]:
    from mapkit.model.grid import cube_round

    r = (y - CENTRE_Y) / ROW_STEP
    # The page grid is a pointy-top grid squashed vertically (78 instead of 90 sqrt(3)/2).
    return cube_round((x - CENTRE_X) / COL_STEP - r / 2, r)


def _inside(points: list[tuple[float, float]], x: float, y: float) -> bool:
    """Even-odd point-in-polygon test."""
    inside = False
    j = len(points) - 1
    for i, (xi, yi) in enumerate(points):
        xj, yj = points[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def _polygon_cells(points: list[tuple[float, float]]) -> set[tuple[int, int]] | None:
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
            if _inside(points, *_centre(q, r)):
                cells.add((q, r))
    return cells


def _trace_cells(points: list[tuple[float, float]]) -> set[tuple[int, int]] | None:
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
            cell = _hex_at(mx + sign * nx * EDGE_DISTANCE, my + sign * ny * EDGE_DISTANCE, tolerance=3)
            if cell is None:
                return None
            sides[index].add(cell)
    if not sides[0]:
        return None
    return sides[0] if len(sides[0]) <= len(sides[1]) else sides[1]


# -- drawings in <defs> -----------------------------------------------------------------------
@dataclass
class Drawing:
    """The shapes a code draws, in page units once a transform has been applied."""

    polygons: list[list[tuple[float, float]]] = field(default_factory=list)
    polylines: list[list[tuple[float, float]]] = field(default_factory=list)
    dots: list[tuple[float, float]] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)

    @property
    def text_only(self) -> bool:
        """Draws words but no hex shape: a label (e.g. a height mark), not a piece."""
        return bool(self.texts) and not (self.polygons or self.polylines or self.dots)

    def cells(self) -> set[tuple[int, int]] | None:
        """The hexes covered: polygons, else circles, else traced polylines (None: unreadable)."""
        cells: set[tuple[int, int]] = set()
        for polygon in self.polygons:
            found = _polygon_cells(polygon)
            if found is None:
                return None
            cells |= found
        if not cells:
            cells = {_nearest_hex(x, y) for x, y in self.dots}
        if not cells:
            for line in self.polylines:
                found = _trace_cells(line)
                if found is None:
                    return None
                cells |= found
        return cells


def _points(text: str) -> list[tuple[float, float]]:
    values = [float(v) for v in _NUMBER.findall(text or "")]
    if len(values) % 2 or not all(math.isfinite(v) for v in values):
        raise ValueError("odd or non-finite point list")
    return list(zip(values[0::2], values[1::2]))


def _float(text: str | None) -> float:
    """A finite number from an attribute (absent = 0); ValueError for anything else."""
    value = float(text) if text is not None else 0.0
    if not math.isfinite(value):
        raise ValueError(f"{text!r} is not a finite number")
    return value


def _href(use: Any) -> str:
    """The id a `<use>` points at: xlink:href, SVG 2 href, or the raw attribute of a recovered page."""
    return (use.get(XLINK_HREF) or use.get("href") or use.get("xlink:href") or "").lstrip("#")


def _elements(root: Any, name: str) -> Iterator[Any]:
    """Elements called `name` in any namespace or none (pages that forgot an xmlns still read)."""
    return (e for e in root.iter() if _local(e) == name)


def _local(element: Any) -> str:
    tag = element.tag
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


class Definitions:
    """The page's `<defs>`: drawings by id, resolved through `<use>` chains (cached)."""

    def __init__(self, root: Any):
        self.by_id: dict[str, Any] = {}
        for defs in _elements(root, "defs"):
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
        name = _local(element)
        if element.get("transform"):
            matrix = _multiply(matrix, parse_transform(element.get("transform"))[0])
        if name == "polygon":
            out.polygons.append([_apply(matrix, x, y) for x, y in _points(element.get("points"))])
        elif name == "polyline":
            out.polylines.append([_apply(matrix, x, y) for x, y in _points(element.get("points"))])
        elif name == "circle":
            out.dots.append(_apply(matrix, _float(element.get("cx")), _float(element.get("cy"))))
        elif name == "text":
            out.texts.append("".join(element.itertext()).strip())
        elif name == "use":
            target = _href(element)
            if target not in self.by_id:
                raise ValueError(f"#{target} is not defined")
            shift = (1, 0, 0, 1, _float(element.get("x")), _float(element.get("y")))
            self._collect(self.by_id[target], _multiply(matrix, shift), out, depth + 1)
        elif name in ("g", "symbol", "svg"):
            for child in element:
                self._collect(child, matrix, out, depth + 1)


# -- codes -> catalog pieces ------------------------------------------------------------------
def _piece_for(code: str, drawing: Drawing) -> tuple[str, dict[str, Any]] | None:
    """The catalog type id and attrs a code stands for, or None if the catalog lacks it."""
    from mapkit.model.catalog import catalog

    cat = catalog()
    match = _START_ZONE.match(code)
    if match:
        return "start-zone", {"player": int(match.group(1))}
    match = _FIGURE.match(code)
    if match:
        return ("figure" if match.group(2) == "1" else "figure-double"), {"player": int(match.group(1))}
    ptype = cat.by_glasq.get(code)
    if ptype is not None and ptype.id != "glyph":
        return ptype.id, {}
    match = _GLYPH.match(code)
    if match or code.startswith("TG") or (ptype is not None and ptype.id == "glyph"):
        return "glyph", _glyph_attrs(code, match, drawing, cat.glyphs)
    if len(code) <= 4 and code.startswith("G") and any(drawing.texts):
        return "glyph", _glyph_attrs(code, None, drawing, cat.glyphs)
    return None


def _glyph_attrs(code: str, match: Any, drawing: Drawing, letters: dict) -> dict[str, Any]:
    """Letter from the symbol id (GA -> A, G -> ?); other ids are "?" and keep their drawn label."""
    if match and match.group(1) in letters:
        return {"letter": match.group(1)}
    label = " ".join(t for t in drawing.texts if t) or (match.group(1) if match else "")
    attrs: dict[str, Any] = {"letter": "?"}
    if code.startswith("TG"):
        attrs["treasure"] = True
    if label and label != "?":
        attrs["label"] = label
    return attrs


def fit_shape(shape: str, cells: set[tuple[int, int]], prefer: int, anchor: tuple[int, int]
              ) -> tuple[int, int, int] | None:
    """(q, r, rotation) placing catalog `shape` exactly on `cells`, or None.

    Symmetric shapes fit several ways: prefer the page's own rotation, then its anchor hex.
    """
    from mapkit.model.catalog import catalog

    cat = catalog()
    target = sorted(cells)
    fits = []
    for k in range(6):
        turned = sorted(cat.footprint(shape, k))
        if len(turned) != len(target):
            return None
        dq, dr = target[0][0] - turned[0][0], target[0][1] - turned[0][1]
        if all((a + dq, b + dr) == t for (a, b), t in zip(turned, target)):
            fits.append(((k - prefer) % 6 != 0, (dq, dr) != anchor, k, dq, dr))
    if not fits:
        return None
    _, _, k, q, r = min(fits)
    return q, r, k


# -- reading the page -------------------------------------------------------------------------
@dataclass
class Placed:
    """A code placed on the page, before its level is known."""

    code: str
    type: str
    q: int
    r: int
    rotation: int
    attrs: dict[str, Any]
    line: int
    page_level: int
    scenario: int | None
    cells: list[tuple[int, int]]
    base: Placed | None = None  # the glacier/outcrop base folded into this piece (see fold_bases)


def _parse(data: bytes) -> tuple[Any, list[str]]:
    from lxml import etree

    def parser(recover: bool) -> Any:
        return etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, load_dtd=False,
                               dtd_validation=False, recover=recover, remove_comments=True, remove_pis=True)

    strict = parser(False)
    try:
        return etree.fromstring(data, strict), []
    except etree.XMLSyntaxError as exc:
        first = exc
    except (etree.LxmlError, ValueError) as exc:
        raise FormatError(f"cannot parse XML: {exc}") from None
    loose = parser(True)
    try:
        root = etree.fromstring(data, loose)
    except (etree.LxmlError, ValueError) as exc:
        raise FormatError(f"not XML, even read leniently: {exc}", where=_line_of(first)) from None
    if root is None:
        raise FormatError(f"not XML: {first.msg if hasattr(first, 'msg') else first}", where=_line_of(first))
    warnings = [f"line {e.line}: malformed XML, recovered: {e.message.strip()}" for e in loose.error_log]
    if not warnings:
        warnings = [f"{_line_of(first)}: malformed XML, recovered: {first}"]
    return root, warnings


def _line_of(exc: Any) -> str:
    position = getattr(exc, "position", None)
    if position:
        return f"line {position[0]}"
    return f"line {getattr(exc, 'lineno', '?')}"


def _svg_kind(svg: Any) -> tuple[str, int, int | None] | None:
    """("level", N, None), ("scenario", LL, SS) or None for an svg that is neither."""
    for child in svg:
        if _local(child) == "g":
            cls = (child.get("class") or "").strip()
            match = _SCENARIO_CLASS.search(cls)
            if match:
                return "scenario", int(match.group(2)), int(match.group(1))
            match = _LEVEL_CLASS.search(cls)
            if match:
                return "level", int(match.group(1)), None
    for child in svg:
        if _local(child) == "text":
            match = _LEVEL_TEXT.search("".join(child.itertext()))
            if match:
                return "level", int(match.group(1)), None
    return None


def _translate_rotate(steps: list) -> tuple[float, float, float]:
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


def _overlay_shift(svg: Any, drawn: dict[tuple[str, int], set[tuple[float, float]]]) -> tuple[float, float]:
    """How far a scenario drawing is shifted against the level drawings.

    Some pages crop the scenario pictures (one row less at the top, so every Y is 78 less and
    row parities flip). The faded copy of the battlefield inside the overlay shows by how much:
    the shift that lays most faded tiles onto the level drawings' tiles is the one.
    """
    faded = []
    for g in svg:
        if _local(g) == "g" and _SCENARIO_CLASS.search(g.get("class") or ""):
            for use in g:
                if _local(use) != "use":
                    continue
                try:
                    x, y, angle = _translate_rotate(parse_transform(use.get("transform") or "")[1])
                except ValueError:
                    continue
                faded.append((_href(use), int(angle // 60) % 6, x, y))
    if not faded:
        return 0.0, 0.0
    votes: dict[tuple[float, float], int] = {}
    code, angle, x0, y0 = faded[0]
    for x, y in sorted(drawn.get((code, angle), ()))[:500]:
        shift = (x - x0, y - y0)
        votes[shift] = sum((x + shift[0], y + shift[1]) in drawn.get((c, a), ()) for c, a, x, y in faded[:200])
    if not votes:
        return 0.0, 0.0
    best = max(votes.items(), key=lambda item: (item[1], item[0] == (0.0, 0.0)))
    return best[0] if best[1] * 2 > min(len(faded), 200) else (0.0, 0.0)


def _grid_position(matrix: Matrix, steps: list, line: int) -> tuple[int, int, int]:
    """Anchor (q, r) and rotation (turns) of a `translate(X,Y) rotate(A 46 53)` transform."""
    try:
        x, y, angle = _translate_rotate(steps)
    except ValueError as exc:
        raise FormatError(str(exc), where=f"line {line}") from None
    row = y / ROW_STEP
    if not row.is_integer():
        raise FormatError(f"translate({x:g},{y:g}) is not on a grid row (Y must be a multiple of {ROW_STEP})",
                          where=f"line {line}")
    col = (x - 45 * (int(row) % 2)) / COL_STEP
    if not col.is_integer():
        raise FormatError(f"translate({x:g},{y:g}) is not on a grid column", where=f"line {line}")
    if angle % 60:
        raise FormatError(f"rotate({angle:g}) is not a multiple of 60 degrees", where=f"line {line}")
    from mapkit.model.grid import offset_to_axial

    q, r = offset_to_axial(int(col), int(row))
    return q, r, int(angle // 60) % 6


def read(data: bytes, filename: str = "") -> Map:
    """A Map from a battlefield page; recoveries and unmapped codes become Map.warnings."""
    root, warnings = _parse(data)
    try:
        return _read_tree(root, warnings)
    except RecursionError:
        raise FormatError("document nested too deeply") from None


def _read_tree(root: Any, warnings: list[str]) -> Map:
    from mapkit.model.catalog import catalog

    cat = catalog()
    defs = Definitions(root)
    placed: list[Placed] = []
    svgs = [(svg, _svg_kind(svg)) for svg in _elements(root, "svg")]
    if not any(kind and kind[0] == "level" for _, kind in svgs):
        raise FormatError("no level drawings (<svg> with 'Level N') in the page", where=f"line {root.sourceline}")
    unmapped: set[tuple[str, int]] = set()
    drawn: dict[tuple[str, int], set[tuple[float, float]]] = {}
    for svg, kind in svgs:
        if kind is None:
            continue
        shift = _overlay_shift(svg, drawn) if kind[0] == "scenario" else (0.0, 0.0)
        previous: tuple[str, set] | None = None  # the transform and cells of the piece just placed
        for use in svg:
            if _local(use) != "use":
                continue
            line = use.sourceline or 0
            code = _href(use)
            transform = use.get("transform") or ""
            try:
                matrix, steps = parse_transform(transform)
            except ValueError as exc:
                raise FormatError(f"bad transform on #{code}: {exc}", where=f"line {line}") from None
            if shift != (0.0, 0.0):
                steps = [("translate", [shift[0], shift[1]])] + steps
                matrix = _multiply((1, 0, 0, 1, shift[0], shift[1]), matrix)
            q0, r0, turns = _grid_position(matrix, steps, line)
            if kind[0] == "level":
                drawn.setdefault((code, turns), set()).add(_translate_rotate(steps)[:2])
            problem = _place(code, matrix, transform, defs, kind, (q0, r0, turns), line, previous, placed)
            if problem is None:  # a text-only label; what was drawn before it still supports what follows
                continue
            if problem is True and placed[-1].type.startswith("figure"):
                _figure_label(use, transform, placed[-1])
            if isinstance(problem, str):
                label = use.getnext()
                if label is not None and _local(label) == "text" and label.get("transform") == transform:
                    problem += f" (labelled {' '.join(''.join(label.itertext()).split())!r})"
                if (code, line) not in unmapped:
                    unmapped.add((code, line))
                    warnings.append(f"line {line}: #{code} {problem}; not placed")
                previous = None
            else:
                previous = (transform, set(placed[-1].cells))
    pieces = _stack(fold_bases(placed, cat), cat)
    m = Map(pieces=pieces, warnings=warnings, source_format=NAME)
    _metadata(root, m)
    return m


def _place(code: str, matrix: Matrix, transform: str, defs: Definitions, kind: tuple, anchor: tuple[int, int, int],
           line: int, previous: Any, placed: list[Placed]) -> str | bool | None:
    """Add the piece a `<use>` draws to `placed` (True); a string says why it could not be
    placed; None means the code draws only a text label, which is no piece."""
    from mapkit.model.catalog import catalog

    if code not in defs.by_id:
        return "is not defined in the page's <defs>"
    try:
        drawing = defs.drawing(code, matrix)
        cells = drawing.cells()
    except (ValueError, TypeError) as exc:
        return f"cannot be drawn ({exc})"
    found = _piece_for(code, drawing)
    if found is None:
        if drawing.text_only and code != "NULL":
            return None
        if code == "NULL" or not (drawing.polygons or drawing.polylines):
            return "is a label, not a piece" if code == "NULL" else "is not a battlefield piece"
        return "has no catalog piece (add the code to a catalog entry's glasq list)"
    type_id, attrs = found
    ptype = catalog()[type_id]
    q0, r0, turns = anchor
    turns = (turns + FACING_TURNS.get(type_id, 0)) % 6
    fit = fit_shape(ptype.shape, cells, turns, (q0, r0)) if cells else None
    if fit is None and previous is not None and previous[0] == transform:
        # A piece drawn as an outline that is not a hex outline (the warehouse ruin's wall
        # line) stands on the tile drawn just before it with the same transform.
        fit = fit_shape(ptype.shape, previous[1], turns, (q0, r0))
        cells = previous[1] if fit else cells
    if fit is None:
        return (f"draws {len(cells or ())} hexes that do not match the catalog piece {type_id} "
                f"(shape {ptype.shape})")
    level_or_top, scenario = kind[1], kind[2]
    if scenario is not None:
        attrs["scenario"] = scenario
    placed.append(Placed(code, type_id, fit[0], fit[1], fit[2], attrs, line, level_or_top, scenario, sorted(cells)))
    return True


def _figure_label(use: Any, transform: str, placed: Placed) -> None:
    """The number drawn on a figure (same transform, right after it) names it in the setup list."""
    label = use.getnext()
    if label is not None and _local(label) == "text" and (label.get("transform") or "") == transform:
        text = " ".join("".join(label.itertext()).split())
        if text:
            placed.attrs["label"] = text


_LAND_KINDS = ("land", "fluid", "castle")

#: Turns to add to the page's rotation so a piece faces as VirtualScape's rotation says. The
#: pages outline the RotV ruins' wall on the side opposite VirtualScape's: in both corpus maps
#: transcribed both ways (Table of the Giants, Migol's Tomb) all four ruins cover the same
#: hexes with rotations exactly 3 apart. The footprints are symmetric, so only facing changes.
FACING_TURNS = {"ruin-2": 3, "ruin-3": 3}


#: Base codes -> the obstacle terrain that comes standing on that base: the glacier's ice base
#: (GB, the ice-N tile of that size) and the outcrop's holed shadow (RB, shadow-N).
BASE_OF = {"GB01": "glacier", "GB03": "glacier", "GB04": "glacier", "GB06": "glacier",
           "RB01": "outcrop", "RB03": "outcrop"}


def fold_bases(placed: list[Placed], cat: Any) -> list[Placed]:
    """Fold each base drawn under its own glacier or outcrop into that obstacle.

    VirtualScape's glaciers (13001-13006) and outcrops (27001/27003) include their base and
    Hexoscape stands them straight on land, so mapkit keeps one piece: the obstacle, at the
    base's level (VirtualScape's habit: the supporting tile's z + 1) with its own origin and turn.
    A base and its obstacle cover the same hexes; the obstacle may be drawn on the base's page
    level or the next one up. A base with nothing of its kind on it stays a plain fluid tile
    (ice-N / shadow-N, the catalog's glasq codes), as the set inventories count those bases.
    """
    waiting: dict[tuple[str, tuple, int], list[Placed]] = {}
    for p in placed:
        ptype = cat[p.type]
        if p.scenario is None and ptype.kind == "obstacle":
            waiting.setdefault((ptype.terrain, tuple(p.cells), p.page_level), []).append(p)
    folded: set[int] = set()
    for step in (0, 1):  # an obstacle on the base's own level first, then one drawn a level up
        for i, p in enumerate(placed):
            terrain = BASE_OF.get(p.code) if p.scenario is None else None
            if terrain is None or i in folded:
                continue
            key = (terrain, tuple(p.cells), p.page_level + step)
            on_it = next((o for o in waiting.get(key, ()) if o.base is None), None)
            if on_it is not None:
                on_it.base = p
                folded.add(i)
    return [p for i, p in enumerate(placed) if i not in folded]


def _stack(placed: list[Placed], cat: Any) -> list[Piece]:
    """Give every piece its z: land on page level N at N - 1; the rest on top of what is below."""
    ground: dict[tuple[int, int], list[tuple[int, int]]] = {}  # hex -> [(page level, top)]
    for p in placed:
        ptype = cat[p.type]
        if ptype.kind in _LAND_KINDS and p.scenario is None:
            z = p.page_level - 1
            for cell in p.cells:
                ground.setdefault(cell, []).append((p.page_level, z + ptype.height))
    pieces = []
    for p in placed:
        ptype = cat[p.type]
        if ptype.kind in _LAND_KINDS and p.scenario is None:
            z = p.page_level - 1
        elif p.base is not None:
            z = p.base.page_level - 1  # a folded base: the obstacle fills the base's level
        else:
            # Level drawings show their own level's tiles; an overlay at LL shows those below LL.
            limit = p.page_level if p.scenario is None else p.page_level - 1
            tops = [top for cell in p.cells for level, top in ground.get(cell, ()) if level <= limit]
            z = max(tops, default=0)
        extras: dict[str, Any] = {"code": p.code, "line": p.line}
        if p.base is not None:
            extras["base"] = {"code": p.base.code, "line": p.base.line}
        pieces.append(Piece(p.type, p.q, p.r, z, p.rotation, p.attrs, {"glasq": extras}))
    return pieces


# -- page text --------------------------------------------------------------------------------
_SKIP_TEXT = ("svg", "button", "script", "style", "p", "h1", "h2", "div", "hr")


def _own_text(element: Any) -> str:
    """Text of an element without nested paragraphs or drawings; <br/> as a line break."""
    parts = [_spaces(element.text)]
    for child in element:
        name = _local(child)
        if name == "br":
            parts.append("\n")
        elif name not in _SKIP_TEXT:
            parts.append(_own_text(child))
        parts.append(_spaces(child.tail))
    return "".join(parts)


def _spaces(text: str | None) -> str:
    """Source line breaks are layout, not text: only <br/> breaks a line."""
    return re.sub(r"\s+", " ", text or "")


def _clean(text: str) -> str:
    lines = [" ".join(line.split()) for line in text.split("\n")]
    out = "\n".join(lines)
    return re.sub(r"\n{3,}", "\n\n", out).strip()


def _metadata(root: Any, m: Map) -> None:
    """Title, required sets, the page's description and each scenario's title and text."""
    title = next((_clean("".join(t.itertext())) for t in _elements(root, "title")), "")
    if not title:
        title = next((_clean("".join(h.itertext())) for h in _elements(root, "h1")), "")
    m.name = title
    for svg in _elements(root, "svg"):
        for g in svg:
            match = re.search(r"(hsbf\d+)", g.get("class") or "") if _local(g) == "g" else None
            if match:
                m.attrs["page"] = match.group(1)
                break
        if "page" in m.attrs:
            break
    scenarios: list[dict[str, Any]] = []
    description: list[str] = []
    current: dict[str, Any] | None = None
    for element in root.iter():
        name = _local(element)
        if name == "hr" and "scenario" in (element.get("class") or ""):
            number = re.search(r"(\d+)", element.get("id") or "")
            current = {"number": int(number.group(1)) if number else len(scenarios) + 1, "title": "", "text": ""}
            scenarios.append(current)
        elif name == "h2" and current is not None and not current["title"]:
            current["title"] = _clean(_own_text(element))
        elif name == "p":
            text = _clean(_own_text(element))
            if not text:
                continue
            if "sets" in (element.get("class") or "").split() and current is None:
                m.attrs["required_sets"] = _clean(text.split(":", 1)[-1])
            elif current is None:
                description.append(text)
            else:
                current["text"] = (current["text"] + "\n\n" + text).strip()
    if description:
        m.attrs["description"] = "\n\n".join(description)
    if scenarios:
        m.attrs["scenarios"] = scenarios
        m.scenario = "\n\n".join(f"{s['title']}\n{s['text']}".strip() for s in scenarios)
