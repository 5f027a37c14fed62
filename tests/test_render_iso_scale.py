"""The isometric view at true scale (issue 24 item 7), measured by geometry: every obstacle's top
stands its catalog height above its base (height x the projected level step), castle walls and
arches theirs, an arch's doorway open to the height movement counts, a 4-hex tree one tree; what
stands on the map is painted between the rows in front of it and behind it; glyphs and figures
are drawn over everything; snow is its legend's white. On small maps and on the corpus maps."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image

from mapkit.io import corpus_dir
from mapkit.model.catalog import catalog
from mapkit.model.map import Map, Piece
from mapkit.outputs.paint.raster import render_png
from mapkit.outputs.scene import iso_obstacles, layout, style
from mapkit.outputs.scene.layout import Oblique, hex_center
from mapkit.outputs.scene.shapes import Group, Poly
from mapkit.outputs.scene.views import RenderOptions, build_scene

PROJ = Oblique()
SIN, LIFT = PROJ.scales()
P = 44.45


def iso_root(m: Map) -> Group:
    scene = build_scene(m, RenderOptions(view="iso", legend=False, title=False))
    root = scene.root.find("iso")
    assert root is not None
    return root


def cell_of(g: Group) -> tuple[int, int]:
    return int(g.attrs["data-q"]), int(g.attrs["data-r"])


def flat(group: Group) -> list:
    """Every shape and group in drawing order (groups before what they hold)."""
    out: list = []
    for item in group.items:
        out.append(item)
        if isinstance(item, Group):
            out.extend(flat(item))
    return out


def piece_groups(root: Group) -> dict[int, list[Group]]:
    """The groups of what stands on the map, by piece number (from 1)."""
    out: dict[int, list[Group]] = {}
    for item in flat(root):
        if isinstance(item, Group) and (item.id or "").startswith("iso-piece-"):
            out.setdefault(int(item.attrs["data-piece"]), []).append(item)
    return out


def polys(group: Group, part: str | None = None) -> list[Poly]:
    return [i for i, _, _ in group.walk() if isinstance(i, Poly) and (part is None or (i.attrs or {}).get("data-part")
                                                                        == part)]


def measured_height(m: Map, index: int, groups: list[Group]) -> list[float]:
    """The levels each drawing of piece `index` rises above its base, read off the picture."""
    cat = catalog()
    piece = m.pieces[index]
    ptype = cat[piece.type]
    form = iso_obstacles.form_of(ptype)
    cells = layout.piece_cells(m, piece)
    out = []
    for g in groups:
        if form in iso_obstacles.WHOLE:
            x, y = iso_obstacles.centre_of(cells, P)
            base = PROJ.project(x, y, piece.z)[1]
            if form == "palm":
                trunk = polys(g, "trunk")[0]
                top = trunk.pts[-1][1]
            else:
                top = min(py for poly in polys(g) for _, py in poly.pts)
            out.append((base - top) / LIFT)
        elif form == "ruin":                    # the wall's foot at its full end, then that end's top
            rises = []
            for side in polys(g, "side"):       # (a ruin's wall on its side: a slab per stretch)
                (fx, fy), (tx, ty) = side.pts[0], side.pts[-1]
                assert fx == pytest.approx(tx)
                rises.append((fy - ty) / LIFT)
            out.append(max(rises))
        else:
            x, y = hex_center(*cell_of(g), P)
            top = polys(g, "top")[0]
            centre_y = sum(py for _, py in top.pts) / len(top.pts)
            out.append((PROJ.project(x, y, piece.z)[1] - centre_y) / LIFT)
    return out


def expected_height(m: Map, index: int) -> list[float]:
    cat = catalog()
    piece = m.pieces[index]
    ptype = cat[piece.type]
    cells = layout.piece_cells(m, piece)
    heights = [iso_obstacles.cell_height(piece, ptype, k) for k in range(len(cells))]
    if iso_obstacles.form_of(ptype) in iso_obstacles.WHOLE:
        return [max(heights)]
    return heights


def test_every_obstacle_stands_its_catalog_height():
    """Trees were 3-5 Levels tall for 10-12, outcrops and the hive half height: each obstacle of
    the catalog, on a field, rises its height (per hex where the catalog gives heights per hex)."""
    cat = catalog()
    ids = [pid for pid in _all_ids() if cat[pid].kind == "obstacle"]
    assert len(ids) > 30
    for pid in ids:
        m = Map(pieces=[Piece("grass-24", 0, 0, 0), Piece(pid, 1, 1, 1)])
        groups = piece_groups(iso_root(m))[2]
        got = measured_height(m, 1, groups)
        want = expected_height(m, 1)
        if iso_obstacles.form_of(cat[pid]) not in iso_obstacles.WHOLE:
            cells = layout.piece_cells(m, m.pieces[1])
            order = [cells.index(cell_of(g)) for g in groups]
            want = [want[k] for k in order]
        assert got == pytest.approx(want, abs=0.02), pid
    assert cat["tree-12"].obstacle_height == 12


def _all_ids() -> list[str]:
    import json
    from importlib import resources

    data = json.loads(resources.files("mapkit.data").joinpath("catalog.json").read_text(encoding="utf-8"))
    return [p["id"] for p in data["pieces"]]


def test_a_four_hex_tree_is_one_tree_over_its_four_hexes():
    m = Map(pieces=[Piece("grass-24", 0, 0, 0), Piece("tree-15", 1, 1, 1)])
    groups = piece_groups(iso_root(m))[2]
    assert len(groups) == 1
    g = groups[0]
    assert len(polys(g, "trunk")) == 1 and len(polys(g, "crown")) == 3
    x, _ = iso_obstacles.centre_of(layout.piece_cells(m, m.pieces[1]), P)
    crown = polys(g, "crown")[0]
    assert min(px for px, _ in crown.pts) < x - P * 0.8 and max(px for px, _ in crown.pts) > x + P * 0.8
    assert measured_height(m, 1, groups) == pytest.approx([15], abs=0.02)


def test_castle_walls_and_the_arch_stand_their_height_with_the_doorway_open():
    """The arch was a solid block: its middle hex is open from the bases' Level up to the height
    movement counts (castle_arch_opening_levels), with its door in it; walls stand 9 Levels."""
    from mapkit.movement.spaces import movement_data

    opening = int(movement_data()["castle_arch_opening_levels"]["value"])
    m = Map(pieces=[Piece("grass-24", 0, 0, 0)] + [Piece("castle-base-straight", q, 2, 1) for q in (0, 1, 2)]
            + [Piece("castle-arch", 0, 2, 2, 0), Piece("castle-wall-straight", 3, 2, 1)])
    root = iso_root(m)
    tops = {(int(h.attrs["data-q"]), int(h.attrs["data-r"]), h.attrs["data-type"]): h for h in flat(root)
            if isinstance(h, Poly) and (h.attrs or {}).get("class") == "hex"}

    def level_of(poly: Poly, q: int, r: int) -> float:
        x, y = hex_center(q, r, P)
        return (y * SIN - sum(py for _, py in poly.pts) / 6) / LIFT

    assert level_of(tops[(3, 2, "castle-wall-straight")], 3, 2) == pytest.approx(1 + 9)
    for q in (0, 1, 2):
        assert level_of(tops[(q, 2, "castle-arch")], q, 2) == pytest.approx(2 + 10)
    # the open hex's south faces start at the doorway's top, those beside it at the arch's foot
    faces = [i for i in flat(root) if isinstance(i, Poly) and i.fill is not None and len(i.pts) == 4
             and not (i.attrs or {}).get("class")]
    cx, cy = hex_center(1, 2, P)
    low_open = cy * SIN + P / math.sqrt(3) * SIN - (2 - 1 + opening) * LIFT     # the south corner
    assert any(abs(max(py for _, py in f.pts) - low_open) < 0.01 and abs(f.pts[0][0] - cx) < P * 0.51
               for f in faces)
    door = [i for i in flat(root) if isinstance(i, Poly) and (i.attrs or {}).get("data-part") == "door"]
    assert len(door) == 1
    ys = [py for _, py in door[0].pts]
    assert (max(ys) - min(ys)) == pytest.approx((opening) * LIFT, abs=0.01)
    # without its door, the doorway shows what is behind it
    m.pieces[4] = Piece("castle-arch-no-door", 0, 2, 2, 0)
    assert not [i for i in flat(iso_root(m)) if isinstance(i, Poly) and (i.attrs or {}).get("data-part") == "door"]


def test_what_stands_is_painted_between_the_rows_behind_and_in_front_and_glyphs_last():
    """A tree in front of a glyph hid it: glyphs and figures are drawn after every solid, and
    each standing piece after the tiles of the rows behind it and before those in front."""
    m = Map(pieces=[Piece("grass-24", 0, 0, 0), Piece("glyph", 1, 1, 1, attrs={"letter": "A"}),
                    Piece("tree-12", 1, 2, 1), Piece("rock-1", 0, 3, 1), Piece("rock-1", 0, 3, 2),
                    Piece("figure", 2, 0, 1, attrs={"name": "Zed"})])
    scene = build_scene(m, RenderOptions(view="iso", legend=False, title=False))
    _check_order(m, scene.root.find("iso"))
    img = Image.open(io.BytesIO(render_png(scene, 60))).convert("RGB")
    x, y = PROJ.project(*hex_center(1, 1, P), 1)
    x -= P * 0.17                                         # the glyph's face, beside its letter
    k = 60 / P
    assert img.getpixel((int((x - scene.box.x0) * k), int((y - scene.box.y0) * k))) == style.mark_rgb("glyph_fill")


def _check_order(m: Map, root: Group) -> None:
    cat = catalog()
    items = flat(root)
    rows = [(n, int(i.attrs["data-r"])) for n, i in enumerate(items)
            if isinstance(i, Poly) and (i.attrs or {}).get("class") == "hex"]
    late = next(n for n, i in enumerate(items) if isinstance(i, Group) and i.id == "iso-markers")
    marks = [n for n, i in enumerate(items) if n > late and not isinstance(i, Group)]
    assert all(n < late for n, _ in rows)
    for number, groups in piece_groups(root).items():
        piece = m.pieces[number - 1]
        cells = layout.piece_cells(m, piece)
        if cat[piece.type].kind == "edge":
            continue
        for g in groups:
            at = items.index(g)
            drawn_once = iso_obstacles.whole_row(piece, cat[piece.type], cells, P) \
                if cat[piece.type].kind == "obstacle" else None     # a tree, a ruin's wall, a Laur wall
            row = drawn_once if drawn_once is not None else cell_of(g)[1]
            assert all(n < at for n, r in rows if r < row), piece.type
            assert all(n > at for n, r in rows if r > row), piece.type
    glyphs = sum(1 for p in m.pieces if p.type == "glyph") + sum(1 for p in m.pieces if cat[p.type].kind == "figure")
    assert (len(marks) > 0) == (glyphs > 0)


def test_snow_is_white_and_an_end_on_battlement_is_a_solid_strip():
    """Snow was drawn grey; a battlement on an east or west edge was floating dots."""
    m = Map(pieces=[Piece("snow-7", 0, 0, 0),                 # on the walk's east side (stored beyond it, facing it)
                    Piece("wall-walk-1", 1, 2, 1), Piece("castle-battlement", 2, 2, 1, 3)])
    scene = build_scene(m, RenderOptions(view="iso", legend=False, title=False))
    img = Image.open(io.BytesIO(render_png(scene, 80))).convert("RGB")
    k = 80 / P

    def at(x, y, level):
        px, py = PROJ.project(x, y, level)
        return img.getpixel((int((px - scene.box.x0) * k), int((py - scene.box.y0) * k)))

    assert at(*hex_center(0, 0, P), 1) == style.terrain_rgb("snow")
    a, b = layout.edge_segment(1, 2, 0, P, 0.95)
    x, y = (a[0] + b[0]) / 2, max(a[1], b[1]) - 0.5                  # the battlement's south end
    rgb = style.castle_rgb("battlement")
    shades = {rgb, style.darker(rgb, 0.8), style.darker(rgb, 1.15)}
    for level in [2.3 + 0.25 * i for i in range(15)]:                 # from the walk's top to the merlons
        assert at(x, y, level) in shades, level


CORPUS_MAPS = ["hexoscape/Everything_Bagel.json", "glasq-xhtml/ShadowCavernRoom1.html",
               "hsc/dkniffin-virtualscape/In the Middle of the Elements.hsc",
               "pairs/The West Barbican of Idona Castle.hsc", "pairs/TheWestBarbicanOfIdonaCastle.html",
               "hexoscape/The_Sunken_Crypt.json", "hsc/dkniffin-virtualscape/Rotten Ice.hsc"]


@pytest.mark.parametrize("name", CORPUS_MAPS)
def test_corpus_obstacles_stand_their_height_in_depth_order(name):
    from mapkit.formats import read_map

    corpus = corpus_dir()
    if corpus is None or not (corpus / name).exists():
        pytest.skip(f"the community corpus ({name}) is not here")
    m = read_map(corpus / name)
    if m.several_scenarios():
        m = m.for_scenario(m.scenarios()[0])
    scene = build_scene(m, RenderOptions(view="iso", legend=False, title=False))
    root = scene.root.find("iso")
    cat = catalog()
    measured = 0
    for number, groups in piece_groups(root).items():
        if cat[m.pieces[number - 1].type].kind != "obstacle":
            continue
        got = measured_height(m, number - 1, groups)
        want = expected_height(m, number - 1)
        if len(want) > 1:
            cells = layout.piece_cells(m, m.pieces[number - 1])
            want = [want[cells.index(cell_of(g))] for g in groups]
        assert got == pytest.approx(want, abs=0.02), m.pieces[number - 1].type
        measured += 1
    assert measured > 0
    _check_order(m, root)


def _legend_text(m: Map) -> str:
    from mapkit.outputs.scene.shapes import Text

    scene = build_scene(m, RenderOptions(view="iso"))
    legend = scene.root.find("legend")
    assert legend is not None
    return " ".join(item.text for item, _, _ in legend.walk() if isinstance(item, Text))


def test_a_glacier_drawn_one_height_says_so():
    """A glacier's per-hex heights are not known for mapkit's hexes of it: the picture says it
    draws every hex at the tallest, rather than passing the guess off as a measurement."""
    ground = [Piece("grass-24", 0, 0, 0)]
    said = style.style_data()["iso"]["one_height"]["glacier"]
    assert said in _legend_text(Map(pieces=ground + [Piece("glacier-4", 1, 1, 1)]))
    assert said not in _legend_text(Map(pieces=ground + [Piece("glacier-1", 1, 1, 1)]))   # one hex, one height
    assert said not in _legend_text(Map(pieces=ground + [Piece("outcrop-3", 1, 1, 1)]))   # its heights are known


@pytest.mark.parametrize("side, nearer", [("S", (0, 3)), ("N", (0, -3)), ("ENE", (3, 0)), ("WSW", (-3, 0))])
def test_seen_from_a_side_puts_that_side_in_front(side, nearer):
    """--seen-from turns the map so the named side faces the viewer: a tile on that side is
    painted last and lowest in the picture; the title names the side."""
    from mapkit.outputs.scene.turn import SIDE_NAMES

    ends = [(0, 3), (0, -3), (3, 0), (-3, 0)]
    m = Map(name="cross", pieces=[Piece("grass-24", -2, -2, 0)] + [Piece("rock-1", q, r, 1) for q, r in ends])
    scene = build_scene(m, RenderOptions(view="iso", seen_from=side))
    root = scene.root.find("iso")
    assert root is not None
    rocks = [item for item, _, _ in root.walk() if isinstance(item, Poly) and item.attrs
             and item.attrs.get("data-type") == "rock-1"]
    assert len(rocks) == 4
    lowest = max(rocks, key=lambda poly: max(y for _, y in poly.pts))
    assert lowest is rocks[-1]                                     # the nearest painted last
    assert (f"seen from the {SIDE_NAMES[side]}" in scene.title) == (side != "S")
    # the nearest tile is the one on that side: the map turned back gives its place
    from mapkit.outputs.scene.turn import SEEN_FROM
    from mapkit.model.grid import rotate

    q, r = rotate(*nearer, SEEN_FROM[side])
    assert (int(lowest.attrs["data-q"]), int(lowest.attrs["data-r"])) == (q, r)
