"""The isometric view draws road walls, battlements, ladders, flags, palms and ruins as shapes a
builder recognises (issue 15 item 2): checked by SVG parts and by pixels of the PNG."""

from __future__ import annotations

import io

import pytest
from lxml import etree
from PIL import Image

from mapkit.outputs.paint.raster import render_png
from mapkit.outputs.paint.svg import render_svg
from mapkit.outputs.scene.players import default_colour
from mapkit.outputs.scene import iso_solids, style
from mapkit.outputs.scene.views import RenderOptions, build_scene
from mapkit.outputs.scene.layout import EDGE_OF_DIRECTION, UNIT_CORNERS, Oblique, hex_center
from mapkit.model.catalog import catalog
from mapkit.model.map import Map, Piece

SVG = "{http://www.w3.org/2000/svg}"
SCALE = 60
PROJ = Oblique()


def field() -> Map:
    """A grass field (Level 1, top at height 1) with a wall walk, a battlement clipped to its
    south-east edge, a road wall along the front row, a ladder, a flag, a palm, a tree, a ruin."""
    return Map(name="solids", pieces=[
        Piece("grass-24", 0, 0, 0),
        Piece("wall-walk-1", 0, 3, 1),
        Piece("castle-battlement", 0, 4, 1, 4),        # stored outside the walk at its z, facing it (NW)
        Piece("road-wall", -2, 5, 1, 0),                # (-2,5) (-1,5) (0,5) (1,5)
        Piece("castle-ladder", 1, 1, 1, 1),
        Piece("castle-flag", -1, 2, 1),
        Piece("palm-14", 1, 0, 1),
        Piece("tree-10", 0, 0, 1),
        Piece("ruin-2", 2, 3, 1, 0),
    ])


@pytest.fixture(scope="module")
def drawn():
    scene = build_scene(field(), RenderOptions(view="iso", legend=False, title=False))
    root = etree.fromstring(render_svg(scene))
    img = Image.open(io.BytesIO(render_png(scene, SCALE))).convert("RGB")
    return scene, root, img


def pixel(scene, img, x: float, y: float, z: float) -> tuple[int, int, int]:
    px, py = PROJ.project(x, y, z)
    p = scene.pitch
    return img.getpixel((int((px - scene.box.x0) * SCALE / p), int((py - scene.box.y0) * SCALE / p)))


def parts(root, piece_type: str):
    groups = [g for g in root.iter(f"{SVG}g") if g.get("data-type") == piece_type]
    assert groups, piece_type
    return [el for g in groups for el in g]


def near(a, b, tol=6):
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def test_road_wall_is_a_wall_three_levels_high(drawn):
    """Road walls were invisible in the isometric view."""
    scene, root, img = drawn
    p = scene.pitch
    sides = [el for el in parts(root, "road-wall") if el.get("data-part") == "side"]
    assert len(sides) >= 4                                      # a face over each of its four hexes
    rgb = style.castle_rgb("road_wall")
    for q in (-1, 0):                                           # the middle of the wall's front face
        cx, cy = hex_center(q, 5, p)
        assert near(pixel(scene, img, cx, cy + p * 0.08, 1 + 1.5), rgb)
    # and it stops at its height: just above the top, the top face, then not the wall any more
    cx, cy = hex_center(0, 5, p)
    assert not near(pixel(scene, img, cx, cy - p * 0.08, 1 + 3 + 0.6), rgb)


def test_battlement_rises_above_the_walk_with_merlons(drawn):
    """A battlement is stored at the walk's z (1) in the hex beyond the walk, turned to face it; it
    stands on the walk's side of their shared edge (issue 34: it was drawn in the next hex) and
    rises to the height a flag is planted at (z + 5), notched, above the walk's top (height 2)."""
    from mapkit.outputs.scene import pieces

    scene, root, img = drawn
    p = scene.pitch
    merlons = [el for el in parts(root, "castle-battlement") if el.get("data-part") == "top" and el.get("data-merlon")]
    assert len(merlons) == 3                                    # each merlon a block of its own
    rgb = style.castle_rgb("battlement")
    m = field()
    (wq, wr), side = pieces.standing(m, m.pieces[2], catalog()["castle-battlement"])
    assert ((wq, wr), side) == ((0, 3), 1)                      # the walk's south-east side
    e = EDGE_OF_DIRECTION[side]
    cx, cy = hex_center(wq, wr, p)                              # just inside the walk's hex
    a = (cx + p * UNIT_CORNERS[e][0] * 0.95, cy + p * UNIT_CORNERS[e][1] * 0.95)
    b = (cx + p * UNIT_CORNERS[(e + 1) % 6][0] * 0.95, cy + p * UNIT_CORNERS[(e + 1) % 6][1] * 0.95)

    def along(t):                                               # on the battlement's front face
        return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t + p * 0.04

    top = 1 + iso_solids.battlement_levels()
    assert top == 6
    ours = {rgb, style.darker(rgb, 0.8)}
    for merlon, notch in ((along(0.1), along(0.3)), (along(0.5), along(0.7))):
        assert pixel(scene, img, *merlon, top - 0.2) in ours
        assert pixel(scene, img, *notch, top - 0.2) not in ours
        assert pixel(scene, img, *merlon, 2.3) in ours
        assert pixel(scene, img, *merlon, top + 0.3) not in ours


def test_ladder_rails_run_two_levels_up_its_edge(drawn):
    scene, root, _ = drawn
    rails = [el for el in parts(root, "castle-ladder") if el.get("data-part") == "rail"]
    rungs = [el for el in parts(root, "castle-ladder") if el.get("data-part") == "rung"]
    assert len(rails) == 2 and len(rungs) >= 3
    _, lift = PROJ.scales()
    for rail in rails:
        (x0, y0), (x1, y1) = [tuple(map(float, s.split(","))) for s in rail.get("points").split()]
        assert x0 == pytest.approx(x1, abs=0.01) and y0 - y1 == pytest.approx(iso_solids.LADDER_LEVELS * lift, abs=0.02)


def test_flag_is_a_pole_and_pennant_not_a_tile(drawn):
    """The flag was drawn as a one-level hex prism."""
    scene, root, img = drawn
    assert not [el for el in root.iter(f"{SVG}polygon") if el.get("class") == "hex"
                and el.get("data-type") == "castle-flag"]
    kinds = {el.get("data-part") for el in parts(root, "castle-flag")}
    assert kinds == {"pole", "pennant"}
    pennant = [el for el in parts(root, "castle-flag") if el.get("data-part") == "pennant"][0]
    assert pennant.get("fill") == "#%02x%02x%02x" % style.castle_rgb("flag")


def test_palm_has_fronds_and_a_tree_a_crown(drawn):
    """Palms were drawn as round trees."""
    scene, root, _ = drawn
    palm = parts(root, "palm-14")
    assert sum(el.get("data-part") == "frond" for el in palm) >= 5
    assert not [el for el in palm if el.tag == f"{SVG}circle"]
    crown = [el for el in parts(root, "tree-10") if el.get("data-part") == "crown"]
    assert len(crown) == 3                                      # an evergreen: tiers of crown on a trunk
    assert [el.get("data-part") for el in parts(root, "tree-10")][0] == "trunk"


def _lids_and_feet(root, piece_type: str):
    """A slab-built wall's lids (the tops of its stretches) and the feet of its faces (their two
    points on the table), as drawn."""
    lids, feet = [], []
    for el in parts(root, piece_type):
        pts = [tuple(map(float, s.split(","))) for s in el.get("points").split()]
        if el.get("data-part") == "top":
            lids.append(pts)
        elif el.get("data-part") == "side":
            feet.append(pts[:2])
    return lids, feet


def _turned_wall(piece_type: str, q: int, r: int, rotation: int, p: float) -> list[tuple[float, float]]:
    """The ruin's wall line (`render_style.json` walls, from Hexoscape's 2D map) on the table at
    hex (q, r), turned as the grid turns the piece's hexes: the turn that takes its second hex
    (1, 0) where `grid.rotate` puts it."""
    import math

    from mapkit.model.grid import rotate

    line = style.wall_line(catalog()[piece_type])
    tx, ty = hex_center(*rotate(1, 0, rotation), p)
    c, s = tx / p, ty / p                                        # cos and sin of the turn
    ox, oy = hex_center(q, r, p)
    assert math.hypot(c, s) == pytest.approx(1.0)
    return [(ox + p * (x * c - y * s), oy + p * (x * s + y * c)) for x, y in line]


def _stretch_heights(lids, wall, z: float, p: float) -> list[float]:
    """The height above `z` (levels) of the lid over each stretch of `wall`: the lid centred over
    the stretch's middle (x as on the table, y lifted by its level)."""
    sin_e, lift = PROJ.scales()
    heights = []
    for (ax, ay), (bx, by) in zip(wall, wall[1:]):
        mx, my = (ax + bx) / 2, (ay + by) / 2
        over = [lid for lid in lids if abs(sum(x for x, _ in lid) / len(lid) - mx) < 0.02 * p
                and min(x for x, _ in lid) <= min(ax, bx) + 0.01 and max(x for x, _ in lid) >= max(ax, bx) - 0.01]
        assert over, ((ax, ay), (bx, by))
        levels = [(my * sin_e - sum(y for _, y in lid) / len(lid)) / lift for lid in over]
        heights.append(max(levels) - z)
    return heights


def test_ruin_is_a_broken_wall(drawn):
    """A ruin is a wall standing on the side of its hexes Hexoscape's 2D map draws it on (issue
    34, w34b: it was a wall on the line through their middle, one face per hex): a slab along
    each stretch of that line, the ruin's full height at one end, breaking off lower along it."""
    scene, root, img = drawn
    p = scene.pitch
    (group,) = [g for g in root.iter(f"{SVG}g") if g.get("data-type") == "ruin-2"]
    full = float(group.get("data-height"))
    assert full == pytest.approx(float(catalog()["ruin-2"].obstacle_height))
    lids, _ = _lids_and_feet(root, "ruin-2")
    wall = _turned_wall("ruin-2", 2, 3, 0, p)
    assert len(lids) == len(wall) - 1                           # a lid per stretch
    heights = _stretch_heights(lids, wall, 1, p)
    assert max(heights) == pytest.approx(full, abs=0.01)
    assert len({round(h, 2) for h in heights}) >= 3 and heights[-1] < 0.6 * full     # broken, not level


@pytest.mark.parametrize("view", ["iso"])
def test_ids_stay_unique(view):
    root = etree.fromstring(render_svg(build_scene(field(), RenderOptions(view=view))))
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert len(ids) == len(set(ids))


def test_a_start_zone_lies_under_what_stands_on_its_hex():
    """A start zone's ring was painted over a ruin on the same hex (Genotech's warehouse ruins)."""
    m = Map(name="zone", pieces=[Piece("grass-24", 0, 0, 0), Piece("ruin-2", 0, 3, 1, 0),
                                 Piece("start-zone", 0, 3, 1, 0, {"player": 1})])
    scene = build_scene(m, RenderOptions(view="iso", legend=False, title=False))
    img = Image.open(io.BytesIO(render_png(scene, SCALE))).convert("RGB")
    p = scene.pitch
    cx, cy = hex_center(0, 3, p)
    # where the ring's north-west side crosses the ruin's front face (both in the picture)
    seen = pixel(scene, img, cx - 0.25 * p, cy - 0.316 * p, 1)
    ruin_rgb = style.obstacle_style(catalog()["ruin-2"])[1]
    assert seen != default_colour(1).rgb
    assert near(seen, ruin_rgb, 40)


@pytest.mark.parametrize("rotation", [0, 1, 2, 3])
def test_a_ruins_wall_stands_on_its_side_at_its_turn(rotation):
    """The ruin was drawn east-west whatever its turn, then through the middle of its hexes: its
    wall stands on the side of its hexes the editor draws it on, turned with the piece: every
    face's foot on that line, a lid over every stretch of it."""
    from shapely.geometry import LineString, Point

    m = Map(pieces=[Piece("grass-24", -2, -2, 0), Piece("ruin-2", 0, 0, 1, rotation)])
    scene = build_scene(m, RenderOptions(view="iso", legend=False, title=False))
    root = etree.fromstring(render_svg(scene))
    p = scene.pitch
    sin_e, lift = PROJ.scales()
    wall = _turned_wall("ruin-2", 0, 0, rotation, p)
    line = LineString(wall)
    lids, feet = _lids_and_feet(root, "ruin-2")
    assert feet
    for foot in feet:                                            # on the table at the ruin's z (1)
        for px, py in foot:
            on_table = Point(px, (py + 1 * lift) / sin_e)
            assert line.distance(on_table) < 0.06 * p, (rotation, on_table)
    assert len(_stretch_heights(lids, wall, 1, p)) == len(wall) - 1
