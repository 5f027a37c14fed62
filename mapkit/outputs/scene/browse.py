"""The map a browser pans and zooms (the HTML report's): the pictures' drawing, each piece drawn
once, grouped so a page's script can show the whole map or one Level over the faded Levels below.

Every piece is drawn as the top view draws it (`pieces.draw_piece_top`: its hexes, pattern,
outline, symbol; edge pieces on their own hex edges, figures with their numbers), with the C3G
buildings, objects and vehicles, the rooms' names and the board's letters round it. What the
script drives (`html_report.page`):

- `#levels`: a group per Level (`g.lv`, `data-level`) holding that Level's tiles (each hex a
  `Use` of one hexagon, `hx`: `use.lvhex.fK`, K its colour's index, which the page's style fades;
  the hex seen from above also `.hex.kind-KIND#hex_Q_R` (KIND its piece's catalog kind: land,
  fluid, castle ...) with `data-q`, `data-r`, `data-level` and a title naming it as the sheets
  do, which a finding's ring finds it by), the
  pieces' outlines (`.outlines`), what their pieces draw over them (`.marks`) and the C3G floors
  standing on that Level (`.floors`, shown with their Level only);
- `#all`: what only the whole map shows: the steps between Levels, the C3G buildings and objects
  at their base Levels;
- `#standing`, `#markers`: what stands on a surface, a group each (`.standing`, `.start-zone`,
  `.glyph`, with `data-level`), a scenario's own in `g.scenario-pieces[data-scenario]`.

Everything is in the table's millimetres (`SCALE` 1); a terrain's pattern is drawn once and
placed on each hex (`defs`), so a 15,000-hex map stays a page a browser opens quickly. A Level's
tiles are one `shapes.Tiles` (each kind of use said once, each hex a placing of it), and each
tile's look, Level and outline paths are found once per type, turn and height (`_Placing`): a
report of a 7,000-piece map is to take no more than 3 times as long as `mapkit info` on it (issue 34).
"""

from __future__ import annotations

from typing import Any

from mapkit.model import levels
from mapkit.model.board import Board, column_letters, hex_named
from mapkit.model.catalog import catalog
from mapkit.model.grid import HEX_PITCH_MM, hex_corners
from mapkit.model.map import Map
from mapkit.outputs.scene import layout, style, symbols
from mapkit.outputs.scene.board import Lettering, edges
from mapkit.outputs.scene.layout import Box, hex_center
from mapkit.outputs.scene.parts import glyph_words
from mapkit.outputs.scene.pieces import draw_piece_top
from mapkit.outputs.scene.shapes import Group, Outlines, Poly, Scene, Tiles, gc_paused
from mapkit.records import Record, field

P = HEX_PITCH_MM
#: Table millimetres per unit of the drawing.
SCALE = 1.0
_PATTERN = {"class": "pattern"}
#: What each kind of standing piece is called by the page (its group's class).
STANDING_CLASS = {"start-zone": "start-zone", "glyph": "glyph"}


class Browse(Record):
    """The browsable map: its scene, the colours of its tiles (the page fades `fills[K]` for the
    class fK) and the Levels it can show one at a time."""

    scene: Scene
    fills: list[style.RGB]
    levels: list[int]
    #: Level shown -> the Levels above it, with no tile of their own, whose pieces show with it
    #: (a castle's ladders, a flag on a tower), as the build sheets group them.
    with_levels: dict[int, list[int]] = field(default_factory=dict)


def browse_scene(m: Map, board: Board | None = None) -> Browse:
    """The report's map of `m` (a map that sets up several scenarios: the terrain they share,
    each scenario's own pieces apart), built with the collector held off (`shapes.gc_paused`:
    tens of thousands of small shapes and no cycles). `board`: the map's lettered board
    (`Board.of(m)`), where the caller has it."""
    with gc_paused():
        return _browse(m, Board.of(m) if board is None else board)


def _browse(m: Map, board: Board | None) -> Browse:
    cat = catalog()
    own = m.scenario_pieces() if m.several_scenarios() else {}
    whole = m
    if own:
        m = m.terrain()
    tops = layout.visible_tops(m)
    scene = Scene(Box(0, 0, 1, 1), Group(), (255, 255, 255), m.name, P,
                  defs={"hx": [Poly(hex_corners(0, 0, P))]})
    drawing = _Drawing(m, whole, board, tops, scene.defs)
    root = scene.root
    levels_group = root.group("levels")
    standing = Group("standing")
    markers = Group("markers")
    cells = set(tops)                                       # every hex a surface piece covers
    pieces = list(m.pieces)
    kinds: dict[str, tuple[Any, bool]] = {}                 # type id -> (its type, whether a surface)
    at_level: dict[tuple[str, int], int] = {}               # (type id, z) -> the Level that shows it
    placings: dict[tuple[str, int, float], _Placing] = {}  # (type id, z, turn) -> how a plain tile is placed
    for index in layout.draw_order(m):
        piece = pieces[index]
        if not piece.attrs:                             # a tile like thousands of others: its look, Level
            placing = placings.get((piece.type, piece.z, piece.rotation))   # and paths found once
            if placing is not None:
                placing.place(drawing, index, piece)
                continue
        known = kinds.get(piece.type)
        if known is None:
            known = kinds[piece.type] = (cat[piece.type], layout.is_surface(cat[piece.type]))
        ptype = known[0]
        level = at_level.get((piece.type, piece.z))
        if level is None:
            level = at_level[(piece.type, piece.z)] = layout.build_level(ptype, piece)
        if known[1]:
            placing = drawing.placing(drawing.level(levels_group, level), piece, ptype)
            if placing.look.cached and not piece.attrs:
                placings[(piece.type, piece.z, piece.rotation)] = placing
            placing.place(drawing, index, piece)
        else:
            cells.update(layout.piece_cells(m, piece))
            target = markers if ptype.kind == "marker" else standing
            target.add(drawing.standing(m, piece, ptype, level))
    everything = root.group("all")
    everything.items.extend(_contours(m, tops))
    if m.buildings or m.objects:                          # (`c3g.has_c3g`: its module loaded only then)
        from mapkit.outputs.scene import c3g

        layer = c3g.c3g_layer(m, P)
        everything.items.extend(layer.groups)
        cells |= layer.cells
        for level in sorted(c3g.c3g_levels(m)):
            floors = Group(attrs={"class": "floors"}, items=list(c3g.c3g_layer(m, P, level).groups))
            drawing.level(levels_group, level).add(floors)
    levels_group.items.sort(key=lambda g: int((getattr(g, "attrs", None) or {}).get("data-level", 0)))
    for number, pieces in sorted(own.items()):
        group = Group(attrs={"class": "scenario-pieces", "data-scenario": number})
        markers.add(group)
        for piece in pieces:
            ptype = cat[piece.type]
            cells.update(whole.footprint(piece))
            group.add(drawing.standing(whole, piece, ptype, layout.build_level(ptype, piece)))
    with_levels = _fold(standing, markers, sorted(drawing.levels))
    root.add(markers)
    root.add(standing)          # over the zones, as the pictures draw them: a zone's ring hides no battlement
    if m.several_rooms():                  # off every mark the page may show, each scenario's pieces too
        from mapkit.outputs.scene.placing import room_names

        names, placed = room_names(whole, range(len(whole.pieces)), P, None if whole.buildings or whole.objects else False)
        root.add(names)
        scene.labels.append(((0.0, 0.0), placed))
    box = layout.cells_box(cells or {(0, 0)}, P) or Box(0, 0, P, P)
    if board is not None:
        size = P * 0.3
        root.add(edges(Lettering(board, cells or {(0, 0)}), box, size, P))
        box = Box(box.x0 - size * 3, box.y0 - size * 2.5, box.x1 + size * 3, box.y1 + size * 2.5)
    pad = P * 0.3                                     # in tenths of a millimetre: the page's home view is the box
    scene.box = Box(*(round(v, 1) for v in (box.x0 - pad, box.y0 - pad, box.x1 + pad, box.y1 + pad)))
    root.add(Poly([], attrs={"id": "focus"}))
    return Browse(scene, drawing.fills, sorted(drawing.levels), with_levels)


def _fold(standing: Group, markers: Group, shown: list[int]) -> dict[int, list[int]]:
    """Give each piece standing at a Level the page does not offer (no tile of its own there: a
    ladder up a wall, a flag on a tower) the Level it shows with (`data-view`): the highest one
    offered at or below its own (the lowest offered, for a piece below them all), as the sheets
    draw such Levels with the one below. Returns each Level shown -> the Levels it takes in."""
    if not shown:
        return {}
    offered = set(shown)
    taken: dict[int, set[int]] = {}
    todo = [standing, markers]
    while todo:
        for item in todo.pop().items:
            if not isinstance(item, Group):
                continue
            level = item.attrs.get("data-level")
            if level is None:
                todo.append(item)                      # a scenario's pieces
            elif int(level) not in offered:
                view = max((n for n in shown if n <= int(level)), default=shown[0])
                item.attrs["data-view"] = view
                taken.setdefault(view, set()).add(int(level))
    return {view: sorted(levels) for view, levels in sorted(taken.items())}


class _Drawing:
    """The groups a browsable map is drawn into, and the colours its tiles use (a page fades
    each by its index)."""

    def __init__(self, m: Map, whole: Map, board: Board | None, tops: dict[tuple[int, int], layout.Top],
                 defs: dict[str, list[Any]]):
        self.m, self.whole, self.board, self.tops, self.defs = m, whole, board, tops, defs
        self.fills: list[style.RGB] = []
        self._key: dict[style.RGB, int] = {}
        self._levels: dict[int, Group] = {}
        self._looks: dict[tuple, _Look] = {}
        self._pens: dict[int, dict[tuple, Outlines]] = {}
        self._placings: dict[tuple[int, int], _Placing] = {}
        self._letters: dict[int, str] = {}

    @property
    def levels(self) -> list[int]:
        return list(self._levels)

    def level(self, parent: Group, level: int) -> Group:
        """The group of one Level: its tiles, outlines, marks (made on first use)."""
        found = self._levels.get(level)
        if found is None:
            found = Group(attrs={"class": "lv", "data-level": level})
            parent.add(found)
            found.items += [Group(attrs={"class": "tiles"}, items=[Tiles()]), Group(attrs={"class": "outlines"}),
                            Group(attrs={"class": "marks"})]
            self._levels[level] = found
        return found

    def named(self, q: int, r: int) -> str:
        """A hex as a title names it: the sheets' name, then axial ("C7 (2, 6)"); each column's
        letters worked out once."""
        board = self.board
        if board is None:
            return f"({q}, {r})"
        col, row = q + (r >> 1), r
        if col < board.col0 or row < board.row0:
            return f"({q}, {r})"
        letters = self._letters.get(col)
        if letters is None:
            letters = self._letters[col] = column_letters(col - board.col0)
        return f"{letters}{row - board.row0 + 1} ({q}, {r})"

    def key(self, rgb: style.RGB) -> int:
        if rgb not in self._key:
            self._key[rgb] = len(self.fills)
            self.fills.append(rgb)
        return self._key[rgb]

    def placing(self, lv: Group, piece: Any, ptype: Any) -> "_Placing":
        """How a tile, castle piece or personal tile is placed on Level group `lv`: its look
        (`_look`), the Level's tiles, and its outlines' places in the Level's paths (one pen, one
        path), made on the first piece of that look on that Level."""
        look = self._look(piece, ptype)
        key = (id(lv), id(look))
        found = self._placings.get(key)          # (the placing holds its look: the id stays its own)
        if found is None:
            found = self._placings[key] = _Placing(lv, look, ptype, self._outlines(lv, look))
        return found

    def _outlines(self, lv: Group, look: "_Look") -> list[tuple[int, list[tuple[int, float, float]]]]:
        """The outlines of a look about its origin, each as its index among the shapes of its
        Level's path in its pen, with that path's placings (the path made on first use)."""
        pens = self._pens.setdefault(id(lv), {})
        found = []
        for ring in look.proto.outlines:
            if not ring.pts:
                continue
            pen = (ring.stroke, ring.width, ring.closed)
            lines = pens.get(pen)
            if lines is None:
                lines = pens[pen] = Outlines(ring.stroke, ring.width, ring.closed)
                lv.items[1].add(lines)                                 # type: ignore[union-attr]
            lines.shapes.append(ring.pts)
            found.append((len(lines.shapes) - 1, lines.placed))
        return found

    def _look(self, piece: Any, ptype: Any) -> "_Look":
        """How a surface piece is drawn wherever it lies: its hexes, outlines and marks about its
        origin hex (as the top view draws them, `pieces.draw_piece_top`), its colour and that
        colour's class, its terrain's pattern; one for each kind, turn and what its file says of
        its look. A castle piece's marks depend on its neighbours: drawn each time."""
        attrs = piece.attrs
        turn = int(piece.rotation) % 6
        key = ((piece.type, turn, str(attrs.get("size")), str(attrs.get("colour")), str(attrs.get("label")))
               if attrs else (piece.type, turn))
        found = self._looks.get(key)
        if found is not None:
            return found
        cacheable = ptype.kind in ("land", "fluid", "custom")
        fill = style.piece_fill(ptype, attrs)
        k = self.key(fill)
        pattern = style.terrain_pattern(ptype.terrain) if ptype.kind in ("land", "fluid") else None
        look = _Look(self._proto(piece, ptype, cacheable), fill, self._pattern(pattern, fill) if pattern else None,
                     f"hex kind-{ptype.kind} lvhex f{k}", {"class": f"lvhex f{k}"}, cacheable)
        if cacheable:
            self._looks[key] = look
        return look

    def _proto(self, piece: Any, ptype: Any, cacheable: bool) -> "_Proto":
        """A surface piece drawn as the top view draws it (`pieces.draw_piece_top`), at hex (0, 0)
        where it draws the same wherever it lies (`cacheable`), its shapes sorted into hexes,
        outlines and marks about its origin hex."""
        from mapkit.model.map import Piece

        at = Piece(piece.type, 0, 0, piece.z, piece.rotation, piece.attrs) if cacheable else piece
        drawn = Group()
        draw_piece_top(drawn, self.m, at, ptype, P)
        ox, oy = (0.0, 0.0) if cacheable else hex_center(piece.q, piece.r, P)
        proto = _Proto()
        for item in drawn.items:
            attrs = getattr(item, "attrs", None) or {}
            if isinstance(item, Poly) and attrs.get("class") == "hex":
                q, r = attrs["data-q"] - at.q, attrs["data-r"] - at.r
                x, y = hex_center(attrs["data-q"], attrs["data-r"], P)
                proto.hexes.append(((q, r), (x - ox, y - oy), item.stroke, item.width))
            elif getattr(item, "detail", False):
                continue                                  # the pattern: placed on each hex, drawn once
            elif isinstance(item, Poly) and attrs.get("class") == "outline":
                proto.outlines.append(Poly([(x - ox, y - oy) for x, y in item.pts], stroke=item.stroke,
                                           width=item.width, closed=item.closed))
            else:
                proto.marks.append(_moved(item, -ox, -oy))
        return proto

    def _pattern(self, pattern: str, fill: style.RGB) -> str:
        ref = f"pat-{pattern}-{self.key(fill)}"
        if ref not in self.defs:
            self.defs[ref] = symbols.pattern(pattern, 0.0, 0.0, P, fill)
        return ref

    def standing(self, m: Map, piece: Any, ptype: Any, level: int) -> Group:
        """What stands on a surface, as the top view draws it, in a group of its own that says
        what it is and where (its title), and its Level (`data-level`)."""
        kind = STANDING_CLASS.get(piece.type, "standing")
        attrs: dict[str, Any] = {"class": kind, "data-level": levels.level(ptype, piece.z) if ptype.kind == "marker"
                                 else level, "data-type": piece.type}
        if piece.type == "start-zone":
            attrs["data-player"] = int(piece.attrs.get("player", 0) or 0)
        if piece.attrs.get("scenario") is not None:
            attrs["data-scenario"] = piece.attrs["scenario"]
        where = hex_named(self.board, piece.q, piece.r)
        what = ptype.name
        if piece.type == "start-zone":                     # its player and colour, as the legend says them
            from mapkit.outputs.scene.players import zone_colour

            colour = zone_colour(m, attrs["data-player"]).name
            what = f"start zone, player {piece.attrs.get('player', '?')}" + (f" ({colour})" if colour else "")
        elif piece.type == "glyph":
            what = glyph_words(piece.attrs)
        g = Group(attrs=attrs, title=f"{what} at {where}, {levels.label(int(attrs['data-level']))}")
        draw_piece_top(g, m, piece, ptype, P)
        return g


class _Look(Record):
    """A surface piece's drawing about its origin hex, its colour, its pattern's shape (`defs`),
    the classes of the hex seen from above and of the others."""

    proto: "_Proto"
    fill: style.RGB
    ref: str | None
    top_class: str
    plain: dict[str, str]
    #: Whether it is drawn the same wherever it lies (a castle piece's marks depend on its neighbours).
    cached: bool = True


class _Placing:
    """A look on one Level: where its hexes go (the Level's tiles), where its outlines are placed
    (the Level's paths) and its marks; the height of its pieces' tops over their bottoms. Each
    piece of that look on that Level is placed through it (`place`). (It holds nothing that holds
    it: the drawing that keeps it is freed as soon as it is done with, not left to the collector.)"""

    __slots__ = ("look", "hexes", "add", "outlines", "marks", "height", "title")

    def __init__(self, lv: Group, look: _Look, ptype: Any, outlines: list[tuple[int, list[tuple[int, float, float]]]]):
        self.look, self.outlines, self.height = look, outlines, ptype.height
        tiles: Tiles = lv.items[0].items[0]                              # type: ignore[union-attr,assignment]
        self.add = tiles.placed.append
        # each hex about the origin, with its kind of use among the Level's tiles, and its pattern's
        self.hexes = [(at, centre, tiles.kind("hx", look.fill, stroke, width, look.plain),
                       None if look.ref is None else tiles.kind(look.ref, attrs=_PATTERN))
                      for at, centre, stroke, width in look.proto.hexes]
        self.marks = lv.items[2] if look.proto.marks else None
        self.title = ptype.name

    def place(self, drawing: _Drawing, index: int, piece: Any) -> None:
        """Piece `index` (`piece`) drawn where it lies: each hex a use of the hexagon (the one
        seen from above named for the page's script, `drawing.named`), its pattern placed on it,
        its outlines and marks."""
        add = self.add
        top_level = piece.z + self.height                 # `levels.span(ptype, z)[-1]` of a layer
        dq, dr = piece.q, piece.r
        dx, dy = hex_center(dq, dr, P)
        tops = drawing.tops
        for (q, r), (x, y), hexagon, pattern in self.hexes:
            q, r = q + dq, r + dr
            top = tops.get((q, r))
            x, y = x + dx, y + dy
            if top is not None and top.piece == index:
                add((hexagon, x, y, {"id": f"hex_{q}_{r}", "class": self.look.top_class, "data-q": q, "data-r": r,
                                     "data-level": top_level}, f"{drawing.named(q, r)} Level {top_level}: {self.title}"))
            else:
                add((hexagon, x, y))
            if pattern is not None:
                add((pattern, x, y))
        for shape, placed in self.outlines:               # a Level's outlines: one pen, one path
            placed.append((shape, dx, dy))
        if self.marks is not None:
            self.marks.add(Group(items=self.look.proto.marks, offset=(dx, dy)))  # type: ignore[union-attr]


class _Proto:
    """One surface piece drawn about its origin hex: its hexes ((q, r) and centre from the
    origin, edge colour and width), outlines and marks."""

    def __init__(self) -> None:
        self.hexes: list[tuple[tuple[int, int], tuple[float, float], Any, float]] = []
        self.outlines: list[Any] = []
        self.marks: list[Any] = []


def _moved(item: Any, dx: float, dy: float) -> Any:
    """`item` moved by (dx, dy): itself when there is nothing to move, else in a group."""
    return item if dx == 0 and dy == 0 else Group(items=[item], offset=(dx, dy))


def _contours(m: Map, tops: dict[tuple[int, int], layout.Top]) -> list[Group]:
    """The steps between Levels, as the top view draws them (not their shadows: a browser zooms
    in on them, where a picture is seen whole)."""
    from mapkit.outputs.scene import steps

    out = Group(attrs={"class": "contours"})
    for edges_of in steps.by_level(m, tops).values():
        steps.draw(out, edges_of, P)
    return [out]
