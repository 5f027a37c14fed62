"""Reading a battlefield page: its pictures, the codes drawn in them, and what was skipped.

Only the `<use>`s that are direct children of a picture are read: the faded `<g>` inside a
picture repeats the lower levels and is ignored. Some pages crop the scenario pictures; what a
picture draws (its faded copy of the battlefield, else its own drawings of the shared tiles) tells
by how much, and the shift is undone before anything in it is matched (`align`).

Nothing a page draws is dropped silently, and no single drawing refuses the page: a code that
is not a piece (a label, a legend, a key, a drawing off the grid or off the board, an unknown
code) is skipped, and the page's warnings name each skipped code once, with how many were
skipped and on which lines.
"""

from __future__ import annotations

import math
import re
import sys
from typing import Any


from mapkit import limits, registry
from mapkit.errors import FormatError
from mapkit.formats.glasq.pieces import (FACING_TURNS, Placed, edge_of, fit_shape, fold_bases,
                                         piece_for)
from mapkit.formats.glasq import align, armies, keys, redraws, rooms
from mapkit.formats.glasq.stacking import MOST_STACKED, STACKED, STACKED_KINDS, Layer, stack
from mapkit.formats.glasq.svg import (CENTRE_X, CENTRE_Y, HEX_RADIUS, Definitions, Drawing, apply, elements,
                                      grid_position, href, local, multiply, nearest_hex, parse_transform,
                                      text_of, text_position, translate_rotate)
from mapkit.formats.glasq.text import metadata
from mapkit.model.map import Map, Pieces

#: The format's name, from its registry row (also the key of what it keeps in `extras`).
NAME = registry.declared(__name__).name

_LEVEL_CLASS = re.compile(r"hsbf\w*?l(\d+)$")
_SCENARIO_CLASS = re.compile(r"hsbf\w*?s(\d+)l(\d+)$")
_LEVEL_TEXT = re.compile(r"\bLevel\s+(\d+)")
#: How many line numbers one warning lists before it says "and N more".
_LINES_SHOWN = 5
#: The code of an empty hex that only carries a label (a place name such as "Catacombs").
NULL_HEX = "NULL"
_LABEL_ONLY = "only writes a label"
#: What a drawing with absurd numbers can raise while its hexes are worked out (and shapely's
#: GEOSException, where shapely is loaded: `_geometry_error`).
_GEOMETRY_ERRORS = (ValueError, TypeError, ArithmeticError)


def _geometry_error(exc: Exception) -> bool:
    """Whether `exc` is what a drawing with absurd numbers raises: shapely, which only a page with
    marks beside its hexes loads, is not imported to say so (a tenth of a second of `info`)."""
    if isinstance(exc, _GEOMETRY_ERRORS):
        return True
    errors = sys.modules.get("shapely.errors")
    return errors is not None and isinstance(exc, errors.GEOSException)


class Skips:
    """What the reader left out, by code, so each code is reported once per page."""

    def __init__(self) -> None:
        self.by_code: dict[str, dict[str, Any]] = {}

    def add(self, code: str, reason: str, line: int, label: str = "") -> None:
        entry = self.by_code.setdefault(code, {"reasons": [], "lines": [], "labels": []})
        if reason not in entry["reasons"]:
            entry["reasons"].append(reason)
        entry["lines"].append(line)
        if label and label not in entry["labels"]:
            entry["labels"].append(label)

    def warnings(self) -> list[str]:
        out = []
        for code, entry in self.by_code.items():
            lines = sorted(set(entry["lines"]))
            shown = ", ".join(str(n) for n in lines[:_LINES_SHOWN])
            more = f" and {len(lines) - _LINES_SHOWN} more" if len(lines) > _LINES_SHOWN else ""
            where = f"line {shown}" if len(lines) == 1 else f"lines {shown}{more}"
            labels = entry["labels"]
            said = f" (labelled {', '.join(repr(t) for t in labels[:3])}{', ...' if len(labels) > 3 else ''})" \
                if labels else ""
            count = len(entry["lines"])
            out.append(f"{where}: #{code}{said} {'; '.join(entry['reasons'])}: "
                       f"{count} drawing{'s' if count != 1 else ''} not placed")
        return out


def read(data: bytes, filename: str = "") -> Map:
    """A Map from a battlefield page; recoveries and skipped drawings become Map.warnings."""
    root, warnings = _parse(data)
    try:
        return _read_tree(root, warnings)
    except RecursionError:
        raise FormatError("document nested too deeply") from None


def _read_tree(root: Any, warnings: list[str]) -> Map:
    from mapkit.model.catalog import catalog

    cat = catalog()
    defs = Definitions(root)
    pictures = _numbered_rooms([(svg, _layer_of(svg)) for svg in elements(root, "svg")])
    if not any(layer is not None and layer.kind == "level" for _, layer in pictures):
        raise FormatError("no level drawings (<svg> with 'Level N') in the page", where=f"line {root.sourceline}")
    skips = Skips()
    placed: list[Placed] = []
    drawn: dict[int, rooms.Drawn] = {}  # room -> where each code is drawn, to match overlays to rooms
    labels: dict[tuple[int, int | None], set[tuple[int, int]]] = {}  # (room, scenario) -> hexes words are in
    overview = None
    for svg, layer in pictures:
        if layer is None:
            _unread_picture(svg, defs, warnings)
            continue
        shift = (0.0, 0.0)
        if layer.kind == "scenario":
            if overview is None and len(drawn) > 1:
                overview = rooms.overview_of(svg)
                if overview is not None:
                    continue  # the page's layout of its rooms: read in `rooms.lay_out`
            room, shift = _overlay_room(svg, drawn)
            layer = Layer(layer.kind, layer.order, layer.height, layer.scenario, room)
        _read_picture(svg, layer, shift, defs, skips, placed, drawn.setdefault(layer.room, {}),
                      labels.setdefault((layer.room, layer.scenario), set()))
    notes: list[str] = []

    def skip(p: Placed, why: str) -> None:
        skips.add(p.code, why, p.line, p.attrs.get("label", ""))

    by_room: dict[int, list] = {}
    for room in sorted({p.layer.room for p in placed}):
        mine = keys.drop_keys([p for p in placed if p.layer.room == room],
                              {s: words for (r, s), words in labels.items() if r == room}, skip)
        by_room[room] = stack(redraws.resolve(fold_bases(mine, cat), cat, skip), cat, skip, notes.append)
    boards: list = []
    if len(by_room) > 1:
        if overview is not None:
            rooms.match_groups(overview, drawn, notes.append)
        pieces, boards = rooms.lay_out(by_room, overview, notes.append)
    else:
        pieces = [p for room_pieces in by_room.values() for p in room_pieces]
    m = Map(pieces=Pieces(pieces), warnings=warnings + skips.warnings() + notes, source_format=NAME, rooms=boards)
    metadata(root, m)
    armies.name_armies(m)
    colours = _zone_colours({int(p.attrs["player"]) for p in pieces if "player" in p.attrs})
    if colours:
        m.attrs["zone_colours"] = colours
    return m


def _zone_colours(players: set[int]) -> dict[str, str]:
    """The colour the pages give each player's start zone and figures (`data/glasq_zones.json`):
    player number (as text) -> colour name, for the players the page draws."""
    import json

    from mapkit import data

    table = {c["number"]: c["name"] for c in json.loads(data.text("glasq_zones.json"))["colours"]}
    return {str(n): table[n] for n in sorted(players) if n in table}


def _read_picture(svg: Any, layer: Layer, shift: tuple[float, float], defs: Definitions, skips: Skips,
                  placed: list[Placed], drawn: rooms.Drawn, labels: set[tuple[int, int]]) -> None:
    """Place the pieces one picture draws (its direct `<use>`s), shifted back by `shift`; a level
    picture's words (texts and label codes) go to `labels`, by hex (keys beside the board have them),
    and a number written on its own on a tile of a level picture stacks it."""
    previous: tuple[str, set] | None = None  # the transform and cells of the piece just placed
    seen: dict[tuple[str, Any], Placed] = {}  # what this picture drew where: a second drawing is the same piece
    first = len(placed)
    numbers: list[tuple[tuple[int, int], str]] = []  # words written on their own, by hex
    for use in svg:
        if local(use) == "text":
            at = text_position(use)
            if at is not None and all(math.isfinite(v) and abs(v) < 1e9 for v in at):
                where = nearest_hex(at[0] + shift[0], at[1] + shift[1])
                labels.add(where)
                before = use.getprevious()
                if layer.kind == "level" and (before is None or local(before) != "use"):
                    numbers.append((where, text_of(use)))  # a text right after a use labels that use
        if local(use) != "use":
            continue
        line = use.sourceline or 0
        code = href(use)
        transform = use.get("transform") or ""
        if use.get("x") or use.get("y"):  # SVG: x, y move the drawing inside the transform
            transform = f"{transform} translate({use.get('x') or 0},{use.get('y') or 0})"
        try:
            matrix, steps = parse_transform(transform)
        except ValueError as exc:
            skips.add(code, f"has a transform that cannot be read ({exc})", line)
            continue
        if shift != (0.0, 0.0):
            steps = [("translate", [shift[0], shift[1]])] + steps
            matrix = multiply((1, 0, 0, 1, shift[0], shift[1]), matrix)
        again = seen.get((code, _rounded(matrix)))
        if again is not None:
            _drawn_again(again, use, transform, skips, line)
            continue
        count = len(placed)
        try:
            outcome = _place(code, use, transform, matrix, steps, defs, layer, line, previous, placed)
        except Exception as exc:  # coordinates so large that the geometry overflows
            if not _geometry_error(exc):
                raise
            outcome = (f"cannot be drawn ({type(exc).__name__}: {exc})", "")
        if isinstance(outcome, tuple):
            reason, label = outcome
            skips.add(code, reason, line, label)
            if not reason.startswith(_LABEL_ONLY):  # a label keeps what is drawn under it in view
                previous = None
            else:
                x, y = apply(matrix, CENTRE_X, CENTRE_Y)
                if math.isfinite(x) and math.isfinite(y) and abs(x) + abs(y) < 1e9:
                    labels.add(nearest_hex(x, y))
                    if layer.kind == "level":
                        numbers.append((nearest_hex(x, y), label))
            continue
        if len(placed) > count:
            seen[(code, _rounded(matrix))] = placed[-1]
        if layer.kind == "level":  # where each code is drawn, to find how far overlays are cropped
            x, y, angle = translate_rotate(steps)
            drawn.setdefault((code, int(angle // 60) % 6), set()).add((x, y))
        previous = (transform, set(placed[-1].cells))
    _stack_counts(placed[first:], numbers)


def _stack_counts(drawn: list[Placed], numbers: list[tuple[tuple[int, int], str]]) -> None:
    """A number written on its own inside one tile of a level picture counts that tile (a "2" on a
    hill tile: two stacked), as one written right after the tile's drawing does (`_count`)."""
    for hex_, words in numbers:
        under = [p for p in drawn if hex_ in p.cells and _count(p, words)]
        if len(under) == 1 and under[0].count == 1:
            under[0].count = _count(under[0], words) or 1


def _numbered_rooms(pictures: list[tuple[Any, Layer | None]]) -> list[tuple[Any, Layer | None]]:
    """Each level picture with the room (board) it draws: a picture whose "Level N" is not above
    the last titled one starts the next room (a whole-dungeon page draws each room's levels in turn)."""
    out: list[tuple[Any, Layer | None]] = []
    room, last = 1, None
    for svg, layer in pictures:
        if layer is not None and layer.kind == "level":
            if layer.height is not None:
                if last is not None and layer.height <= last:
                    room += 1
                last = layer.height
            layer = Layer(layer.kind, layer.order, layer.height, layer.scenario, room)
        out.append((svg, layer))
    return out


def _place(code: str, use: Any, transform: str, matrix: Any, steps: list, defs: Definitions, layer: Layer,
           line: int, previous: Any, placed: list[Placed]) -> tuple[str, str] | None:
    """Add the piece a `<use>` draws to `placed` (None), or say why it is not a piece: a
    (reason, label) pair, the label being the words drawn with it, if any."""
    from mapkit.model.catalog import catalog

    if code not in defs.by_id:
        return "is not defined in the page's <defs>", _label_after(use, None)
    try:
        drawing = defs.drawing(code, matrix)
        cells = drawing.cells()
    except Exception as exc:
        if not _geometry_error(exc):
            raise
        return f"cannot be drawn ({exc})", ""
    found = piece_for(code, drawing)
    if found is None:
        if drawing.text_only and previous is not None and _heights_of(placed[-1], drawing):
            return None  # the heights written beside the piece just drawn (RO03H1 after RO03)
        return _not_a_piece(code, use, drawing)
    try:
        q0, r0, turns = grid_position(steps)
    except ValueError as exc:
        return f"is not on the hex grid ({exc})", _label_after(use, drawing)
    type_id, attrs = found
    ptype = catalog()[type_id]
    if ptype.kind == "edge" and ptype.shape == "S1":
        edge = edge_of(drawing)
        if edge is None:
            return f"draws no mark beside a hex side, as the catalog piece {type_id} needs", ""
        q, r, side = edge
        fit: tuple[int, int, int] | None = (q, r, side)
        cells = {(q, r)}
    else:
        turns = (turns + FACING_TURNS.get(type_id, 0)) % 6
        if not cells and ptype.hexes > 1:
            cells = drawing.mark_cells()  # a piece drawn as marks inside its hexes (the stone wall)
        fit = fit_shape(ptype.shape, cells, turns, (q0, r0)) if cells else None
        if fit is None and previous is not None and previous[0] == transform:
            # A piece drawn as an outline that is not a hex outline (the warehouse ruin's wall
            # line) stands on the tile drawn just before it with the same transform.
            fit = fit_shape(ptype.shape, previous[1], turns, (q0, r0))
            cells = previous[1] if fit else cells
    if fit is None:
        return (f"draws {len(cells or ())} hexes that do not match the catalog piece {type_id} "
                f"(shape {ptype.shape})", "")
    if layer.scenario is not None:
        attrs["scenario"] = layer.scenario
    p = Placed(code, type_id, fit[0], fit[1], fit[2], attrs, line, layer, sorted(cells or ()), anchor=(q0, r0))
    _heights_of(p, drawing)
    label = _label_after(use, drawing, transform)
    if label:
        count = _count(p, label)
        if count:
            p.count = count
        elif type_id.startswith("figure"):
            attrs["label"] = label
            name = _name_after(use, transform)
            if name:
                attrs["name"] = name  # the setup list's key: "1" and "Mimring" beside a figure
    placed.append(p)
    return None


def _heights_of(p: Placed, drawing: Drawing) -> bool:
    """Keep the heights a drawing writes inside a tall piece's hexes (its own "7", or the "7 5 9"
    drawn after a 3-hex outcrop); False if it is not an obstacle or writes anything else."""
    from mapkit.model.catalog import catalog

    if catalog()[p.type].kind != "obstacle":
        return False
    numbers = drawing.numbers_in(set(p.cells))
    if numbers is None:
        return False
    p.written.update(numbers)
    return True


def _rounded(matrix: Any) -> tuple:
    return tuple(round(v, 3) for v in matrix)


def _drawn_again(first: Placed, use: Any, transform: str, skips: Skips, line: int) -> None:
    """A picture that draws one code twice with the same transform draws one piece: the second
    drawing is named in the warnings, and a number drawn after it counts the first."""
    skips.add(first.code, "is drawn again with the same transform in the same picture: read as one piece", line)
    count = _count(first, _label_after(use, None, transform))
    if count:
        first.count = count


def _count(p: Placed, label: str) -> int | None:
    """How many pieces a number drawn on a piece stacks at its place: ladders on one side, start
    spaces one above another, tiles of a level picture (see `stacking`); None if it counts none."""
    from mapkit.model.catalog import catalog

    if not label.isdecimal() or len(label) > 9:
        return None
    n = int(label)
    if p.type in STACKED and n > 0:
        return n
    if catalog()[p.type].kind in STACKED_KINDS and p.layer.kind == "level" and 1 < n <= MOST_STACKED:
        return n
    return None


def _not_a_piece(code: str, use: Any, drawing: Drawing) -> tuple[str, str]:
    """Why a code that names no catalog piece is skipped (the pages' labels and keys)."""
    label = _label_after(use, drawing)
    if code == NULL_HEX:
        return "is an empty hex carrying a label, not a piece", label
    if drawing.text_only:
        return f"{_LABEL_ONLY} (a height or a name), not a piece", label or drawing.label
    if not (drawing.polygons or drawing.polylines):
        return "draws no hex shape: not a battlefield piece", label
    if drawing.polylines and not (drawing.polygons or drawing.dots):
        return "draws only lines (the outline of a section a scenario names, or a key's sample of one), not a piece", \
            label
    return "has no catalog piece (add the code to a catalog entry's glasq list)", label


def _label_after(use: Any, drawing: Drawing | None, transform: str | None = None) -> str:
    """The words of a `<text>` drawn right after a `<use>` (a figure's number in the setup list,
    the number of ladders stacked, a place name on a `NULL` hex). Given the use's transform, only
    a text with the same transform or drawn inside the use's own hex counts (both as drawn,
    before any overlay shift)."""
    text = use.getnext()
    if text is None or local(text) != "text":
        return ""
    words = text_of(text)
    if transform is None or (text.get("transform") or "").strip() == transform.strip():
        return words
    at = text_position(text)
    own = apply(parse_transform(transform)[0], CENTRE_X, CENTRE_Y)
    return words if at is not None and math.dist(at, own) <= HEX_RADIUS else ""


def _name_after(use: Any, transform: str) -> str:
    """The words written after a figure's number with the same transform (the name the page's
    setup list gives figure number 1: "Mimring")."""
    texts = []
    node = use.getnext()
    while node is not None and local(node) == "text" and (node.get("transform") or "").strip() == transform.strip():
        texts.append(text_of(node))
        node = node.getnext()
    return " ".join(t for t in texts[1:] if t)


def _unread_picture(svg: Any, defs: Definitions, warnings: list[str]) -> None:
    """An <svg> that is neither a level nor a scenario drawing but draws page codes: say so."""
    codes = [href(u) for u in svg if local(u) == "use" and href(u) in defs.by_id]
    if codes:
        warnings.append(f"line {svg.sourceline}: a picture with neither a 'Level N' title nor an hsbf class "
                        f"(a legend or key): its {len(codes)} drawings are not read as pieces")


def _layer_of(svg: Any) -> Layer | None:
    """The picture's layer: a level drawing ("Level N" title, class hsbfNNNNlLL) or a scenario
    overlay (class hsbfNNNNsSSlLL); None for a picture that is neither."""
    order = scenario = None
    for child in svg:
        if local(child) == "g":
            cls = (child.get("class") or "").strip()
            match = _SCENARIO_CLASS.search(cls)
            if match:
                return Layer("scenario", int(match.group(2)), None, int(match.group(1)))
            match = _LEVEL_CLASS.search(cls)
            if match and order is None:
                order = int(match.group(1))
    titles = [text_of(child) for child in svg if local(child) == "text"]
    height = next((int(m.group(1)) for m in map(_LEVEL_TEXT.search, titles) if m), None)
    if order is None:
        return Layer("level", height, height, scenario) if height is not None else None
    if height is None and not titles:
        height = order  # a picture with a class but no title: its number is its level
    return Layer("level", order, height, scenario)


def _overlay_room(svg: Any, drawn: dict[int, rooms.Drawn]) -> tuple[int, tuple[float, float]]:
    """The room a scenario picture draws and its shift against that room's pictures
    (`align.overlay_room`), from its faded copy (the `<g>` with its scenario class) and its own drawings."""
    faded = [u for g in svg if local(g) == "g" and _SCENARIO_CLASS.search(g.get("class") or "")
             for u in align.uses_in(g)]
    return align.overlay_room(faded, align.own_uses(svg), drawn)


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
        _refuse_cut(getattr(exc, "msg", str(exc)), getattr(exc, "code", 0), _line_of(exc))
    except (etree.LxmlError, ValueError) as exc:
        raise FormatError(f"cannot parse XML: {exc}") from None
    loose = parser(True)
    try:
        root = etree.fromstring(data, loose)
    except (etree.LxmlError, ValueError) as exc:
        raise FormatError(f"not XML, even read leniently: {exc}", where=_line_of(first)) from None
    for error in loose.error_log:  # a limit met after a mended fault: all that follows it is lost too
        _refuse_cut(error.message, error.type, f"line {error.line}")
    if root is None:
        raise FormatError(f"not XML: {first.msg if hasattr(first, 'msg') else first}", where=_line_of(first))
    warnings = [f"line {e.line}: malformed XML, recovered: {e.message.strip()}" for e in loose.error_log]
    if not warnings:
        warnings = [f"{_line_of(first)}: malformed XML, recovered: {first}"]
    return root, warnings


#: libxml2's error for a resource limit (XML_ERR_RESOURCE_LIMIT, libxml2 2.11 on), and the words
#: of the same errors before it gave them their own code (XML_ERR_INTERNAL_ERROR and others).
_RESOURCE_LIMIT = 114
_LIMIT_WORDS = ("XML_PARSE_HUGE", "Excessive depth", "Resource limit", "too long", "Huge input lookup",
                "huge text node")


def _refuse_cut(message: str, code: int, where: str) -> None:
    """Refuse a page the parser stopped reading at one of libxml2's own resource limits (nesting
    deeper than 256 levels; a text, an attribute value or a name longer than 10,000,000 bytes:
    the limits of lxml's safe parser, `huge_tree` off). Recovery keeps what was read before the
    limit and drops everything after it: a page whose first Level picture held a 50 MB attribute
    read as 0 of its 92 pieces. The mended faults of an ordinary page (an unescaped `&`, a tag
    left open) keep everything that follows them, and are read with a warning."""
    if code != _RESOURCE_LIMIT and not any(word in message for word in _LIMIT_WORDS):
        return
    nested = "depth" in message
    limit = limits.MARKUP_NESTING if nested else limits.MARKUP_TEXT
    raise limit.exceeded(None, where=f"{where}, where reading stopped",
                         what="markup nested" if nested else "a text, an attribute value or a name")


def _line_of(exc: Any) -> str:
    position = getattr(exc, "position", None)
    if position:
        return f"line {position[0]}"
    return f"line {getattr(exc, 'lineno', '?')}"

