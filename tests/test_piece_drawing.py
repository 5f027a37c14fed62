"""Pieces a builder can tell apart and place (issue 34, item 3): look-alike pieces drawn apart,
every piece of several hexes outlined with the way it faces, an edge piece drawn on the edge of
the hex it stands on and named from that hex, a flag as a flag, an outcrop's base shown, castle
walls unlike wall-walk tiles. Measured on the scene (`scene.pieces`), which every product draws."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from mapkit.model.catalog import catalog
from mapkit.model.map import Map, Piece
from mapkit.outputs.scene import layout, style
from mapkit.outputs.scene.pieces import piece_marks, standing
from mapkit.outputs.scene.shapes import Circle, Poly, Text

P = 44.45
CASES = Path(__file__).resolve().parent.parent.parent / "shared" / "cases"


def shape_of(m: Map, index: int):
    """The area a piece's marks cover, moved so its hex centre is the origin (shapely)."""
    from shapely.affinity import translate
    from shapely.geometry import LineString, Point, Polygon
    from shapely.ops import unary_union

    piece = m.pieces[index]
    parts = []
    for item in piece_marks(m, piece, catalog()[piece.type], layout.piece_cells(m, piece), P):
        if isinstance(item, Poly) and item.closed and len(item.pts) > 2:
            parts.append(Polygon(item.pts).buffer(0))
        elif isinstance(item, Poly):
            parts.append(LineString(item.pts).buffer(max(item.width, 0.5) / 2))
        elif isinstance(item, Circle):
            parts.append(Point(item.cx, item.cy).buffer(item.radius))
    x, y = layout.hex_center(piece.q, piece.r, P)
    return translate(unary_union(parts), -x, -y)


def differ(a, b) -> bool:
    return a.symmetric_difference(b).area > 0.05 * max(a.area, b.area)


def test_laur_pillar_short_wall_and_ruin_at_rotation_1_5_draw_three_different_shapes():
    """All three were drawn as one identical bar, their turn ignored (the reproducer
    ../shared/cases/outside/laur_walls_and_pillars.json). Each is now its own shape, turned: the
    square pillar, the wall from its pillar to the next (a quarter turn: southwards), the
    broken stub of the ruin."""
    m = Map(name="Laur")
    m.pieces += [Piece("grass-24", 0, 0, 0), Piece("laur-pillar", 1, 1, 1, 1.5), Piece("laur-wall-short", 3, 1, 1, 1.5),
                 Piece("laur-wall-ruin", 5, 1, 1, 1.5)]
    pillar, wall, ruin = (shape_of(m, i) for i in (1, 2, 3))
    assert differ(pillar, wall) and differ(pillar, ruin) and differ(wall, ruin)
    x0, y0, x1, y1 = wall.bounds                      # a quarter turn from east: it runs south
    assert y1 > 0.8 * P and x1 - x0 < 0.3 * P
    assert ruin.bounds[3] < wall.bounds[3] * 0.8      # the ruin stops short
    turned = Map(pieces=m.pieces[:2] + [Piece("laur-wall-short", 3, 1, 1, 0)])
    assert differ(wall, shape_of(turned, 2)), "the wall turns with the piece"


def test_the_laur_reproducer_draws_each_piece_as_itself():
    path = CASES / "outside" / "laur_walls_and_pillars.json"
    if not path.exists():
        pytest.skip(f"case file missing: {path}")
    from mapkit import read
    from mapkit.outputs.scene.views import RenderOptions, build_scene

    m = read(path)
    shapes = {m.pieces[i].type + f"@{m.pieces[i].rotation}": shape_of(m, i) for i in range(1, len(m.pieces))}
    assert differ(shapes["laur-pillar@0"], shapes["laur-wall-short@0"])
    assert differ(shapes["laur-wall-short@0"], shapes["laur-wall-ruin@1.5"])
    assert differ(shapes["laur-pillar@0"], shapes["laur-wall-ruin@1.5"])
    legend = {entry.label for entry in style.legend_entries({catalog()[p.type] for p in m.pieces})}
    assert {"Laur pillar (square)", "Laur wall ruin (a broken stub)"} <= legend
    iso = build_scene(m, RenderOptions(view="iso"))
    forms = {item.attrs.get("data-type") for item in _groups(iso.root) if item.attrs.get("class") == "laur"}
    assert forms == {"laur-pillar", "laur-wall-short", "laur-wall-ruin"}


def _groups(group):
    from mapkit.outputs.scene.shapes import Group

    for item in group.items:
        if isinstance(item, Group):
            yield item
            yield from _groups(item)


def test_look_alike_pieces_have_symbols_of_their_own():
    """Laur jungle tree and Ticalla palm 14/15 shared one symbol; so did the three underbrushes and
    every Laur wall piece. Across the catalog, two obstacles with different legend lines never
    draw the same symbol in the same colour, and the look-alikes named here differ."""
    cat = catalog()
    drawn: dict[tuple, str] = {}
    for ptype in cat.types.values():
        if ptype.kind != "obstacle":
            continue
        symbol, rgb, label = style.obstacle_style(ptype)
        assert drawn.setdefault((symbol, rgb), label) == label, f"{ptype.id} draws like a {drawn[(symbol, rgb)]}"
    sym = {pid: style.obstacle_style(cat[pid])[:2] for pid in cat.types}
    assert sym["laur-palm-14"] != sym["palm-14"] and sym["laur-palm-15"] != sym["palm-15"]
    assert len({sym[b] for b in ("brush-9", "laur-brush-10", "swamp-brush-10")}) == 3
    laur = [pid for pid in cat.types if pid.startswith("laur-") and cat[pid].terrain == "laur-wall"]
    assert len({sym[pid][0] for pid in laur}) == len(laur) >= 10


def test_every_obstacle_of_several_hexes_is_outlined_at_every_turn():
    """Glaciers, outcrops, the hive, ruins, the Marvel ruin, the fortified wall, ship pieces, the
    4-hex tree: drawn from the catalog's footprint (never a shape written here), an outline just
    inside it at each turn, so two pieces side by side show two lines."""
    from shapely.geometry import Point, Polygon

    cat = catalog()
    multi = [t for t in cat.types.values() if t.kind == "obstacle" and len(cat.shapes[t.shape]) > 1]
    assert {"glacier-6", "glacier-4", "hive", "ruin-2", "marvel-ruin", "fortified-wall", "ship-bow"} <= \
        {t.id for t in multi}
    for ptype in multi:
        for turn in range(6):
            m = Map(pieces=[Piece(ptype.id, 4, 4, 1, turn)])
            marks = piece_marks(m, m.pieces[0], ptype, layout.piece_cells(m, m.pieces[0]), P)
            rings = [Polygon(item.pts) for item in marks
                     if isinstance(item, Poly) and (item.attrs or {}).get("class") == "piece-outline"]
            assert len(rings) == 1, f"{ptype.id} turn {turn}"
            for q, r in layout.piece_cells(m, m.pieces[0]):
                assert rings[0].contains(Point(*layout.hex_center(q, r, P))), f"{ptype.id} turn {turn}"
            foot = Polygon(layout.piece_outline(m.pieces[0], P)[0])
            assert foot.buffer(-0.05 * P).contains(rings[0].buffer(-0.03 * P).exterior), "inside the footprint"


def test_a_piece_whose_hexes_differ_in_height_shows_which_way_it_faces():
    """The 3-hex rock outcrop's hexes are 7, 5 and 9 levels: each is written on its hex, its
    symbol sized by it, so turning the piece moves the numbers as the builder turns it."""
    ptype = catalog()["outcrop-3"]
    assert len(set(ptype.hex_heights)) > 1
    for turn in (0, 2):
        m = Map(pieces=[Piece("outcrop-3", 4, 4, 1, turn)])
        cells = layout.piece_cells(m, m.pieces[0])
        words = {(round(t.x, 3), round(t.y - 0.27 * P, 3)): t.text for t in
                 piece_marks(m, m.pieces[0], ptype, cells, P) if isinstance(t, Text)}
        at = {tuple(round(v, 3) for v in layout.hex_center(q, r, P)): str(h) for (q, r), h in zip(cells, ptype.hex_heights)}
        assert words == at, f"turn {turn}"


def test_a_ruins_wall_stands_on_the_side_its_editor_draws():
    """Hexoscape's 2D map draws the 2-hex ruin's wall along the west end and the south side of
    its hexes at turn 0, turned with the piece: a thick line on those edges."""
    from shapely.geometry import LineString

    for turn, sides in ((0, (3, 2, 1)), (3, (0, 5, 4))):
        m = Map(pieces=[Piece("ruin-2", 4, 4, 1, turn)])
        marks = piece_marks(m, m.pieces[0], catalog()["ruin-2"], layout.piece_cells(m, m.pieces[0]), P)
        wall = [LineString(item.pts) for item in marks if isinstance(item, Poly) and (item.attrs or {}).get("class") == "wall"]
        assert wall
        origin = (4, 4)
        for d in sides:                                # the origin hex's sides the wall runs along
            a, b = layout.edge_segment(*origin, d, P)
            middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            assert wall[0].distance(LineString([middle, middle])) < 0.02 * P, f"turn {turn}: side {d}"


def castle_with_battlement() -> Map:
    """A wall-walk hex (1, 1) and a battlement the file stores in the hex beyond it, (1, 2), turned
    to face it (north-west): the builder stands it on the walk's south-east side."""
    m = Map(name="Walk")
    m.pieces += [Piece("grass-24", 0, 0, 0), Piece("wall-walk-1", 1, 1, 1), Piece("castle-battlement", 1, 2, 1, 4)]
    return m


def test_a_battlements_plate_names_the_edge_it_stands_on():
    """"B E/NE" meant the wall-walk's W/SW edges: the plate named the sides of the hex beyond the
    walk, where the file stores a battlement. It names the walk's side now, and the mark is
    drawn inside the walk hex on that edge."""
    from shapely.geometry import Point, Polygon

    from mapkit.outputs.sheets import label_layouts
    from mapkit.outputs.sheets.labels import wanted

    m = castle_with_battlement()
    ptype = catalog()["castle-battlement"]
    assert standing(m, m.pieces[2], ptype) == ((1, 1), 1)
    (want,) = [w for w in wanted(m, range(len(m.pieces))) if w.kind == "edge"]
    assert (want.text, want.cells) == ("B SE", ((1, 1),))
    walk = Polygon(layout.hex_corners(1, 1, P))
    bar = [item for item in piece_marks(m, m.pieces[2], ptype, [(1, 2)], P) if isinstance(item, Poly)]
    assert all(walk.buffer(0.5).contains(Point(pt)) for item in bar for pt in item.pts)
    a, b = layout.edge_segment(1, 1, 1, P)            # on the walk's south-east edge
    assert min(math.dist(pt, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)) for pt in bar[0].pts) < 0.3 * P
    rows = [layout_ for group, layout_ in label_layouts(m) if 2 in group]
    assert [p.wanted.text for p in rows[0].placed if p.wanted.kind == "edge"] == ["B SE"]


def test_the_flag_is_drawn_as_a_flag_in_its_battlement():
    """The flag was a pale, thick-outlined hex beside the tower, like an extra tile. It is a pole
    and a pennant at the battlement it is planted in (the catalog's `stands_on`), and no tile."""
    m = castle_with_battlement()
    m.pieces.append(Piece("castle-flag", 1, 2, 6))       # 5 levels up the battlement (stands_on)
    flag = catalog()["castle-flag"]
    assert not layout.is_surface(flag)
    assert layout.visible_tops(m)[(1, 2)].piece == 0, "the hex shows its own tile, not the flag"
    marks = piece_marks(m, m.pieces[3], flag, [(1, 2)], P)
    assert marks and not any((getattr(item, "attrs", None) or {}).get("class") == "hex" for item in marks)
    from shapely.geometry import Point, Polygon

    walk = Polygon(layout.hex_corners(1, 1, P))
    assert all(walk.contains(Point(pt)) for item in marks if isinstance(item, Poly) for pt in item.pts)
    from mapkit.outputs.sheets.labels import wanted

    assert [w.cells for w in wanted(m, [3])] == [((1, 1),)]


def test_a_one_hex_outcrop_stands_on_its_shadow_base_and_the_tile_shows_round_it():
    m = Map(pieces=[Piece("outcrop-1", 0, 0, 0), Piece("dungeon-1", 2, 0, 0), Piece("outcrop-1", 2, 0, 1)])
    cat = catalog()
    for i in (0, 2):
        marks = piece_marks(m, m.pieces[i], cat["outcrop-1"], [(m.pieces[i].q, 0)], P)
        base = [item for item in marks if (item.attrs or {}).get("class") == "base-tile"]
        assert base and base[0].fill == style.piece_fill(cat["shadow-1"])
        cx, cy = layout.hex_center(m.pieces[i].q, 0, P)
        reach = max(math.dist((cx, cy), pt) for item in marks if isinstance(item, Poly) for pt in item.pts)
        assert reach < 0.5 * P, "a rim of the hex is left for the tile under it"


def test_castle_walls_do_not_look_like_wall_walk_tiles():
    """At a castle's Level 3 its walls read as wall-walk tiles: both pale grey hexes. A wall's hexes
    are dark stone now, its band pale; the walk keeps its grey."""
    cat = catalog()
    wall = style.piece_fill(cat["castle-wall-straight"])
    walk = style.piece_fill(cat["wall-walk-1"])
    lum = lambda rgb: 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]   # noqa: E731
    assert lum(walk) - lum(wall) > 40
    assert lum(style.castle_symbol(cat["castle-wall-straight"])[2]) - lum(wall) > 60


def test_a_start_zone_leaves_the_edge_pieces_of_its_hex_in_sight():
    """A scenario's start zone on a wall walk hid the walk's battlements (and half its ladders):
    its ring, drawn after them, lies over the band a battlement draws inside the hex edge, so
    the report, `render --scenario` and the scenario sheets showed castle walks with no
    battlements (the West Barbican, scenario 1). What stands on a hex's edge is drawn over the
    zone's ring now, and nothing drawn after the battlement covers it, in the pictures and the
    report's map."""
    from shapely.ops import unary_union

    from mapkit.outputs.scene.keep_off import shapes_of
    from mapkit.outputs.scene.views import RenderOptions, build_scene

    m = castle_with_battlement()
    m.pieces.append(Piece("start-zone", 1, 1, 2, attrs={"player": 1}))
    m.pieces.append(Piece("castle-ladder", 1, 1, 2, 3))
    cat = catalog()
    from mapkit.outputs.scene.browse import browse_scene

    scenes = {view: build_scene(m, RenderOptions(view=view, legend=False)) for view in ("top", "levels")}
    scenes["report"] = browse_scene(m).scene
    staged = castle_with_battlement()                 # the zone a scenario's own, as the castle's are
    staged.pieces += [Piece("start-zone", 1, 1, 2, attrs={"player": 1, "scenario": 1}), m.pieces[4],
                      Piece("glyph", 0, 0, 1, attrs={"letter": "A", "scenario": 2})]
    scenes["report of a scenario"] = browse_scene(staged).scene
    for view, scene in scenes.items():
        shapes = [item for item, *_ in scene.root.placed()]
        for edge in (2, 4):
            piece = m.pieces[edge]
            marks = piece_marks(m, piece, cat[piece.type], layout.piece_cells(m, piece), P)
            first = next(n for n, item in enumerate(shapes)
                         if isinstance(item, Poly) and item.pts == marks[0].pts and item.width == marks[0].width)
            own = {id(item) for item in shapes[first:first + len(marks)]}
            later = [item for item in shapes[first:] if id(item) not in own]
            body = unary_union(shapes_of(marks, 1.0)).buffer(-0.2)
            assert not body.is_empty
            covered = [s for s in shapes_of(later, 1.0) if s.intersects(body)]
            assert not covered, f"{view}: the {piece.type} is drawn under {len(covered)} later shape(s)"


def test_the_legend_explains_the_heights_written_in_a_pieces_hexes():
    """River of Blood's and Everything Bagel's 3-hex outcrops carry a small 7, 5 and 9 in their
    hexes (each hex's height, which shows the way the piece faces); neither the sheet's legend nor
    the picture's said what those numbers are. Both do now where such a piece is drawn, and only
    there."""
    from mapkit.outputs.scene.views import RenderOptions, build_scene
    from mapkit.outputs.sheets.legend import PageLegend

    said = style.style_data()["sheet_labels"]["heights_legend"]
    with_outcrop = Map(name="Cave", pieces=[Piece("dungeon-24", 0, 0, 0), Piece("outcrop-3", 1, 1, 1, 0)])
    plain = Map(name="Cave", pieces=[Piece("dungeon-24", 0, 0, 0), Piece("outcrop-1", 1, 1, 1, 0)])
    assert said in PageLegend(with_outcrop, range(2)).notes
    assert said not in PageLegend(plain, range(2)).notes

    def legend_words(m: Map, view: str) -> str:
        scene = build_scene(m, RenderOptions(view=view))
        return " ".join(item.text for item, *_ in scene.root.placed() if isinstance(item, Text))

    first_words = " ".join(said.split()[:4])
    for view in ("top", "levels"):
        assert first_words in legend_words(with_outcrop, view)
        assert first_words not in legend_words(plain, view)


def test_a_pictures_notes_wrap_to_its_legend_and_widen_nothing():
    """The note on a piece's hex heights is one long line: River of Blood Room 1's picture grew
    from 635 to 1014 pixels wide, the map and legend on its left and white beyond. A legend's
    notes wrap to the width of its entries, as the build sheet's legend wraps its own."""
    from mapkit.outputs.scene.views import RenderOptions, build_scene

    with_note = Map(name="Cave", pieces=[Piece("dungeon-24", 0, 0, 0), Piece("outcrop-3", 1, 1, 1, 0)])
    plain = Map(name="Cave", pieces=[Piece("dungeon-24", 0, 0, 0), Piece("outcrop-1", 1, 1, 1, 0)])
    for view in ("top", "levels"):
        wide, narrow = (build_scene(m, RenderOptions(view=view)).box for m in (with_note, plain))
        assert wide.width - narrow.width < 0.5 * P, view


def test_a_rock_outcrop_on_its_own_shadow_tile_is_explained_by_the_legend():
    """A 1-hex rock outcrop is drawn on the holed shadow tile it comes with (dark, round its
    symbol); the legend says so with a swatch drawn the same way, beside the plain outcrop of
    several hexes (the sheets showed a dark hex the legend's pale outcrop did not explain)."""
    from mapkit.model.catalog import catalog
    from mapkit.outputs.scene.legend import swatch
    from mapkit.outputs.scene.style import base_fills, legend_entries

    cat = catalog()
    entries = {e.swatch: e for e in legend_entries([cat["outcrop-1"], cat["outcrop-3"]])}
    on_base = entries["on-base"]
    assert on_base.label.endswith("on its own shadow tile") and entries["symbol"].label == "outcrop"
    shades = {getattr(item, "fill", None) for item in swatch(on_base, 0.0, 0.0, 44.45, 10.0)}
    assert set(base_fills(cat["outcrop-1"])) <= shades
