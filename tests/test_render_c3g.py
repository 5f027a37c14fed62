"""C3G buildings on the picture: the drawn classes, walls and marks are the overlay's, in place."""

from __future__ import annotations

import math
import sys

import pytest
from lxml import etree

from mapkit.model.map import Map, Piece, Placement
from mapkit.drawing import RenderOptions, build_scene, render_svg

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
    pbs = books.placed_books(m, None)
    root = etree.fromstring(render_svg(build_scene(m, RenderOptions())))
    for index, pb in enumerate(pbs.buildings):
        g = root.find(f".//{SVG}g[@id='building-{index}']")
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
    pbs = books.placed_books(m, None)
    root = etree.fromstring(render_svg(build_scene(m, RenderOptions())))
    for index, pb in enumerate(pbs.buildings):
        (wall,) = root.find(f".//{SVG}g[@id='building-{index}']").findall(f"{SVG}polygon[@class='wall']")
        pts = [tuple(map(float, s.split(","))) for s in wall.get("points").split()]
        want = place_points(pb.book.footprint, pb.placement.q, pb.placement.r, pb.placement.rotation)
        assert len(pts) == len(want)
        assert [v for pt in pts for v in pt] == pytest.approx([v for pt in want for v in pt], abs=0.01)


def test_marked_spaces_are_labelled_on_their_hex(books):
    m = street()
    pbs = books.placed_books(m, None)
    root = etree.fromstring(render_svg(build_scene(m, RenderOptions())))
    g = root.find(f".//{SVG}g[@id='building-0']")
    labels = {t.text: (float(t.get("x")), float(t.get("y"))) for t in g.iter(f"{SVG}text")}
    ground = [f for f in pbs.buildings[0].placed.floors if f.offset == 0][0]
    up = [mk for mk in ground.marks if mk.kind == "stairway-up"][0]
    x, y = labels[f"Up{up.number}"]
    assert (x, y - PITCH * 0.28) == pytest.approx(hex_centre(up.q, up.r), abs=0.01)
    assert "Door" in labels


def test_each_floor_has_its_panel_in_the_per_level_view(books):
    m = street()
    pbs = books.placed_books(m, None)
    floor_levels = {pbs.buildings[0].placed.floor_level(f) for f in pbs.buildings[0].placed.floors}
    root = etree.fromstring(render_svg(build_scene(m, RenderOptions(view="levels"))))
    panels = {g.get("id") for g in root.iter(f"{SVG}g") if (g.get("id") or "").startswith("panel-")}
    assert {f"panel-{lv}" for lv in floor_levels} <= panels


def test_vehicle_is_drawn_on_its_spaces(books):
    m = street()
    pbs = books.placed_books(m, None)
    root = etree.fromstring(render_svg(build_scene(m, RenderOptions())))
    g = root.find(f".//{SVG}g[@id='object-0']")
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


def test_iso_view_outlines_each_floor(books):
    m = street()
    pbs = books.placed_books(m, None)
    root = etree.fromstring(render_svg(build_scene(m, RenderOptions(view="iso"))))
    g = root.find(f".//{SVG}g[@id='building-0']")
    rings = [el for el in g.findall(f"{SVG}polygon")]
    floors = {pbs.buildings[0].placed.level} | {pbs.buildings[0].placed.floor_level(f)
                                                 for f in pbs.buildings[0].placed.floors}
    assert len(rings) == len(floors)
    # floors stack straight up the picture, one level = 9.6 mm x cos(40 deg)
    ys = sorted(centre_of(el)[1] for el in rings)
    gaps = sorted(floors)
    step = 9.6 * math.cos(math.radians(40))
    assert ys[-1] - ys[0] == pytest.approx((gaps[-1] - gaps[0]) * step, abs=0.02)


@pytest.mark.parametrize("view", ["top", "levels", "iso"])
def test_ids_stay_unique_with_buildings_in_every_view(books, view):
    root = etree.fromstring(render_svg(build_scene(street(), RenderOptions(view=view))))
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert len(ids) == len(set(ids))
