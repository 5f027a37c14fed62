"""C3G buildings on the picture: the drawn classes, walls and marks are the overlay's, in place."""

from __future__ import annotations

import math
import sys

import pytest
from lxml import etree

from mapkit.model.map import Map, Piece, Placement
from mapkit.outputs.paint.raster import render_png
from mapkit.outputs.paint.svg import render_svg
from mapkit.outputs.scene.views import RenderOptions, build_scene

SVG = "{http://www.w3.org/2000/svg}"
PITCH = 44.45


def centre_of(el):
    pts = [tuple(map(float, s.split(","))) for s in el.get("points").split()]
    return sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts)


def hex_centre(q, r):
    return PITCH * (q + r / 2), PITCH * math.sqrt(3) / 2 * r


def street() -> Map:
    pieces = [Piece("concrete-1", q, r, 0) for r in range(-1, 6) for q in range(-3, 9)]
    return Map(name="street", pieces=pieces,
               buildings=[Placement("skyscraper", 1, 1, 1, 0), Placement("bungalow", 5, 3, 1, 3)],
               objects=[Placement("sports-car", -2, 4, 1, 1, occupants=[{"name": "Gambit", "size": "Medium",
                                                                           "player": 1}])])


@pytest.fixture
def books():
    return pytest.importorskip("mapkit.books.placed")


def test_drawn_classes_are_the_overlays_at_the_base_level(books):
    m = street()
    pbs = books.placed_books(m)
    root = etree.fromstring(render_svg(build_scene(m, RenderOptions())))
    for index, pb in enumerate(pbs.buildings):
        g = root.find(f".//{SVG}g[@id='building-{index + 1}']")
        assert g is not None
        drawn = {}
        for el in g.iter(f"{SVG}polygon"):
            cls = el.get("class") or ""
            if cls.startswith("c3g-"):
                q, r = int(el.get("data-q")), int(el.get("data-r"))
                drawn[(q, r)] = cls[4:]
                assert centre_of(el) == pytest.approx(hex_centre(q, r), abs=0.01)
        base = pb.placement.level
        expected = {(q, r): c for (q, r, lv), c in pbs.cells.items()
                    if lv == base and ((q, r) in pb.placed.exterior
                                       or any((q, r) in f.classes for f in pb.placed.floors if f.offset == 0))}
        assert drawn == expected
        assert {"full", "half", "partial"} & set(drawn.values())


def test_wall_is_the_placed_footprint(books):
    from mapkit.geometry.placing import place_points

    m = street()
    pbs = books.placed_books(m)
    root = etree.fromstring(render_svg(build_scene(m, RenderOptions())))
    for index, pb in enumerate(pbs.buildings):
        (wall,) = root.find(f".//{SVG}g[@id='building-{index + 1}']").findall(f"{SVG}polygon[@class='wall']")
        pts = [tuple(map(float, s.split(","))) for s in wall.get("points").split()]
        want = place_points(pb.book.footprint, pb.placement.q, pb.placement.r, pb.placement.rotation)
        assert len(pts) == len(want)
        assert [v for pt in pts for v in pt] == pytest.approx([v for pt in want for v in pt], abs=0.01)


def test_marked_spaces_are_labelled_on_their_hex(books):
    m = street()
    pbs = books.placed_books(m)
    root = etree.fromstring(render_svg(build_scene(m, RenderOptions())))
    g = root.find(f".//{SVG}g[@id='building-1']")
    labels = {t.text: (float(t.get("x")), float(t.get("y"))) for t in g.iter(f"{SVG}text")}
    ground = [f for f in pbs.buildings[0].placed.floors if f.offset == 0][0]
    up = [mk for mk in ground.marks if mk.kind == "stairway-up"][0]
    x, y = labels[f"Up{up.number}"]
    assert (x, y - PITCH * 0.28) == pytest.approx(hex_centre(up.q, up.r), abs=0.01)
    assert "Door" in labels


def test_each_floor_has_its_panel_in_the_per_level_view(books):
    m = street()
    pbs = books.placed_books(m)
    floor_levels = {pbs.buildings[0].placed.floor_level(f) for f in pbs.buildings[0].placed.floors}
    root = etree.fromstring(render_svg(build_scene(m, RenderOptions(view="levels"))))
    panels = {g.get("id") for g in root.iter(f"{SVG}g") if (g.get("id") or "").startswith("panel-")}
    assert {f"panel-{lv}" for lv in floor_levels} <= panels


def test_vehicle_is_drawn_on_its_spaces(books):
    m = street()
    pbs = books.placed_books(m)
    root = etree.fromstring(render_svg(build_scene(m, RenderOptions())))
    g = root.find(f".//{SVG}g[@id='object-1']")
    rings = [centre_of(el) for el in g.findall(f"{SVG}polygon") if el.get("fill") != "none" and
             len(el.get("points").split()) == 6]
    spaces = pbs.objects[0].spaces()
    assert len(rings) == len(spaces)
    for (q, r), c in zip(spaces, rings):
        assert c == pytest.approx(hex_centre(q, r), abs=0.01)


def test_without_c3g_support_the_picture_says_so(monkeypatch):
    monkeypatch.setitem(sys.modules, "mapkit.books.placed", None)     # import fails
    m = Map(pieces=[Piece("grass-7", 0, 0, 0)], buildings=[Placement("bungalow", 0, 0, 1)])
    root = etree.fromstring(render_svg(build_scene(m, RenderOptions())))
    legend = " ".join(t.text or "" for t in root.find(f".//{SVG}g[@id='legend']").iter(f"{SVG}text"))
    assert "C3G buildings are not drawn" in legend


def _points(el):
    return [tuple(map(float, s.split(","))) for s in el.get("points").split()]


def _facing_the_viewer(footprint):
    """Footprint edges the iso view (from due south) sees: not edge-on, and outside just south of them."""
    import shapely

    poly = shapely.Polygon(footprint)
    out = []
    for i, (a, b) in enumerate(zip(footprint, footprint[1:] + footprint[:1])):
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 + 0.5)          # y grows south
        if abs(b[0] - a[0]) > 1e-6 and not poly.contains(shapely.Point(mid)):
            out.append(i)
    return out


@pytest.mark.parametrize("rotation", [0, 1])
def test_iso_view_draws_each_building_as_a_solid(books, rotation):
    """Each building is cut along the grid into its share of each hex (so each share is painted
    with that hex's tiles); together the shares make the whole solid: the roof on the top floor is
    the footprint, the walls facing the viewer are filled floor to floor, a side the Book leaves
    open shows its floors and the dark inside, doorways and windows sit on the wall next to the
    space the Book marks, in its storey, painted over their wall."""
    import shapely
    from shapely.ops import unary_union

    from mapkit.outputs.scene.layout import Oblique
    from mapkit.outputs.scene.style import style_data
    from mapkit.geometry.placing import place_points

    m = street()
    m.buildings[0] = Placement("skyscraper", 1, 1, 1, rotation)
    pbs = books.placed_books(m)
    scene = build_scene(m, RenderOptions(view="iso", legend=False, title=False))
    root = etree.fromstring(render_svg(scene))
    proj = Oblique()

    def same(a, b):
        return a.symmetric_difference(b).area < 1e-3 * max(b.area, 1.0)

    drawn_openings = set()
    for index, pb in enumerate(pbs.buildings):
        po = pb.placed
        shares = [g for g in root.iter(f"{SVG}g") if g.get("data-building") == str(index + 1)]
        assert len(shares) > 1                                  # cut along the grid
        footprint = place_points(pb.book.footprint, po.q, po.r, po.rotation)
        levels = sorted({po.level} | {po.floor_level(f) for f in po.floors})
        if len(levels) == 1:
            levels.append(levels[0] + style_data()["c3g"]["iso_storey_levels"])
        for g in shares:                                        # each share's roof inside its hex
            hexagon = shapely.Polygon([proj.project(x, y, levels[-1]) for x, y in _hex(int(g.get("data-q")),
                                                                                        int(g.get("data-r")))])
            (top,) = [el for el in g if el.get("class") == "roof"]
            assert hexagon.buffer(0.01).contains(shapely.Polygon(_points(top)))
        els = [el for g in shares for el in g]

        def union(cls, **attrs):
            return unary_union([shapely.Polygon(_points(el)) for el in els if el.get("class") == cls
                                and all(el.get(k) == str(v) for k, v in attrs.items())])

        roof = union("roof", **{"data-level": levels[-1]})
        assert same(roof, shapely.Polygon([proj.project(x, y, levels[-1]) for x, y in footprint]))
        seen = _facing_the_viewer(footprint)
        assert len(seen) == (1 if rotation == 0 or index == 1 else 2)
        open_sides = {po.floor_level(f): set(next(bf for bf in pb.book.floors if bf.index == f.index).open_sides)
                      for f in po.floors}
        drawn_faces = {(int(el.get("data-level")), int(el.get("data-edge"))) for el in els
                       if el.get("class") in ("wall-face", "open-side")}
        assert drawn_faces == {(lv, i) for lv in levels[:-1] for i in seen}
        for low, high in zip(levels, levels[1:]):
            for i in seen:
                a, b = footprint[i], footprint[(i + 1) % len(footprint)]
                want = shapely.Polygon([proj.project(*a, low), proj.project(*b, low), proj.project(*b, high),
                                        proj.project(*a, high)])
                kind = "open-side" if i in open_sides.get(low, ()) else "wall-face"
                assert same(union(kind, **{"data-level": low, "data-edge": i}), want), (index, low, i)
        # doorways and windows: on the wall nearest the marked space, if the viewer sees that wall
        want_marks = set()
        for f in po.floors:
            lv = po.floor_level(f)
            if lv == levels[-1]:
                continue                                     # the top floor is the roof
            for mk in f.marks:
                if mk.kind in ("doorway", "window"):
                    c = shapely.Point(hex_centre(mk.q, mk.r))
                    walls = [shapely.LineString([footprint[i], footprint[(i + 1) % len(footprint)]])
                             for i in range(len(footprint))]
                    nearest = min(range(len(walls)), key=lambda i: walls[i].distance(c))
                    if nearest in seen and nearest not in open_sides.get(lv, ()):
                        want_marks.add((mk.kind, mk.q, mk.r, lv))
        got = set()
        for g in shares:
            order = list(g)
            for el in order:
                if el.get("class") not in ("doorway", "window"):
                    continue
                faces = [f for f in order if f.get("class") == "wall-face" and f.get("data-level") == el.get("data-level")
                         and shapely.Polygon(_points(f)).buffer(0.01).contains(shapely.Polygon(_points(el)))]
                assert faces and order.index(el) > order.index(faces[0])        # painted over its wall
                got.add((el.get("class"), int(el.get("data-q")), int(el.get("data-r")), int(el.get("data-level"))))
        assert got == want_marks
        drawn_openings |= got
    if rotation == 0:           # the east doorway is on a wall seen edge-on: not drawn, nor moved to another wall
        assert ("doorway", 4, 1) not in {k[:3] for k in drawn_openings}
    else:
        from mapkit.model.grid import rotate

        dq, dr = rotate(3, 0, 1)                      # the Book's east doorway, turned 60 degrees to face SE
        assert ("doorway", 1 + dq, 1 + dr) in {k[:3] for k in drawn_openings}
    # the PNG: a doorway's middle is dark, a window's pale blue, an open side dark inside
    import io

    from PIL import Image

    img = Image.open(io.BytesIO(render_png(scene, 40))).convert("RGB")
    for el in root.iter(f"{SVG}polygon"):
        if el.get("class") in ("doorway", "window"):
            x, y = centre_of(el)
            px = img.getpixel((int((x - scene.box.x0) * 40 / PITCH), int((y - scene.box.y0) * 40 / PITCH)))
            if el.get("class") == "doorway":
                assert sum(px) < 200, px
            else:
                assert px[2] > 200 and px[0] < px[2], px
    opened = [el for el in root.iter(f"{SVG}polygon") if el.get("class") == "open-side"]
    assert opened
    for el in opened:
        x, y = centre_of(el)
        px = img.getpixel((int((x - scene.box.x0) * 40 / PITCH), int((y - scene.box.y0) * 40 / PITCH)))
        assert sum(px) < 300, px


def _hex(q, r):
    from mapkit.outputs.scene.layout import hex_corners

    return hex_corners(q, r, PITCH)


@pytest.mark.parametrize("view", ["top", "levels", "iso"])
def test_ids_stay_unique_with_buildings_in_every_view(books, view):
    root = etree.fromstring(render_svg(build_scene(street(), RenderOptions(view=view))))
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert len(ids) == len(set(ids))




def _pixel(scene, img, x, y, level, scale=40):
    from mapkit.outputs.scene.layout import Oblique

    px, py = Oblique().project(x, y, level)
    return img.getpixel((int((px - scene.box.x0) * scale / PITCH), int((py - scene.box.y0) * scale / PITCH)))


def test_iso_object_inside_a_building_is_hidden_by_its_walls(books):
    """Objects were painted after every building: an elevator car in its shaft showed through the walls."""
    import io

    from PIL import Image

    from mapkit.outputs.scene import style

    m = street()
    m.objects.append(Placement("elevator-car", 3, 2, 1, 0))          # the skyscraper's shaft
    scene = build_scene(m, RenderOptions(view="iso", legend=False, title=False))
    img = Image.open(io.BytesIO(render_png(scene, 40))).convert("RGB")
    obj = tuple(style.style_data()["c3g"]["object_rgb"])
    car = {(236, 222, 244), style.darker(obj, 0.8), style.darker(obj, 0.62), style.faded(obj, 0.35)}
    for level in (1, 5, 9):
        assert _pixel(scene, img, *hex_centre(3, 2), level) not in car
    x, y = hex_centre(-2, 4)                                 # the sports car, in the open: its south side
    assert _pixel(scene, img, x, y + PITCH * 0.3, 2) in {style.darker(obj, 0.8), style.darker(obj, 0.62)}


def test_iso_buildings_are_painted_in_depth_order_with_the_tiles(books):
    """C3G buildings were painted after every tile: a hill in front of one was drawn behind it.
    Now a stack of tiles south of a building hides the building's foot, and a taller stack north
    of it shows only above the building's roof."""
    import io

    from PIL import Image

    from mapkit.outputs.scene import style
    from mapkit.model.catalog import catalog

    pieces = [Piece("grass-1", q, r, 0) for r in range(-4, 8) for q in range(-4, 10)]
    front = [Piece("rock-1", q, 4, z) for q in range(-4, 10) for z in range(1, 6)]      # 5 Levels up, south
    back = [Piece("sand-1", q, -3, z) for q in range(-4, 10) for z in range(1, 30)]     # 29 up, north
    m = Map(name="depth", pieces=pieces + front + back, buildings=[Placement("bungalow", 2, 1, 1, 0)])
    scene = build_scene(m, RenderOptions(view="iso", legend=False, title=False))
    img = Image.open(io.BytesIO(render_png(scene, 40))).convert("RGB")
    rock = style.piece_fill(catalog()["rock-1"], {})
    sand = style.piece_fill(catalog()["sand-1"], {})
    pbs = books.placed_books(m)
    from mapkit.geometry.placing import place_points

    po = pbs.buildings[0].placed
    fp = place_points(pbs.buildings[0].book.footprint, po.q, po.r, po.rotation)
    south = max(y for _, y in fp)
    mid_x = (min(x for x, _ in fp) + max(x for x, _ in fp)) / 2
    # the building's south wall, low down, is behind the rock rows' tops: rock (or its shade) shows
    from mapkit.outputs.scene.layout import Oblique

    _, lift = Oblique().scales()
    low = _pixel(scene, img, mid_x, south, 1.5)
    assert low == rock or low in {style.darker(rock, f) for f in (0.78, 0.62, 0.85)}, low
    # higher up the same wall it shows, over the sand cliff behind it
    high = _pixel(scene, img, mid_x, south, 8.5)
    assert high not in {sand, style.darker(sand, 0.78), style.darker(sand, 0.62)}, high
    assert high not in {rock, style.darker(rock, 0.78)}, high
    # the sand cliff shows above the roof
    north = min(y for _, y in fp)
    assert _pixel(scene, img, mid_x, north, 9 + 4) in {sand, style.darker(sand, 0.78), style.darker(sand, 0.62),
                                                       style.darker(sand, 0.85)}


def test_the_report_names_each_building_and_object_where_it_stands():
    """The street's report drew its three buildings and three objects, but a reader pointing at one
    learnt only the tile under it; the sheets name each on a plate ("Skyscraper (three floors) ·
    building 1"), as findings number them. The map names each as the sheets do, where it stands."""
    from pathlib import Path

    import mapkit

    root = Path(__file__).resolve().parent.parent
    page = mapkit.report(root / "samples" / "maps" / "street.mapkit.json").data.decode()
    for said in ("Skyscraper (three floors) \u00b7 building 1", "Bungalow (Exterior Play) \u00b7 building 2",
                 "Bungalow (Exterior Play) \u00b7 building 3", "Elevator Car \u00b7 object 1",
                 "Sports Car \u00b7 object 2", "Mailbox \u00b7 object 3"):
        assert f"<title>{said}</title>" in page, said
