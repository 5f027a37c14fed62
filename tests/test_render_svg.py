"""The SVG drawing, read back with lxml: hex centres, sizes, layers and piece elements."""

from __future__ import annotations

import math

import pytest
from lxml import etree

from mapkit.model.map import Map, Piece
from mapkit.outputs.paint.svg import render_svg
from mapkit.outputs.scene.views import RenderOptions, build_scene
from mapkit.rules.framework import Finding

SVG = "{http://www.w3.org/2000/svg}"
INK = "{http://www.inkscape.org/namespaces/inkscape}"
PITCH = 44.45          # mm between neighbouring hex centres (1.75 in)
ROW = PITCH * math.sqrt(3) / 2


def expected_centre(q: int, r: int) -> tuple[float, float]:
    """Pointy-top axial layout, written out independently of the code under test."""
    return PITCH * q + PITCH * r / 2, ROW * r


def svg_of(m: Map, **opts) -> etree._Element:
    return etree.fromstring(render_svg(build_scene(m, RenderOptions(**opts))))


def points(el) -> list[tuple[float, float]]:
    return [tuple(map(float, pair.split(","))) for pair in el.get("points").split()]


def centre(el) -> tuple[float, float]:
    pts = points(el)
    return sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts)


def hexes_of(root, number: int) -> list:
    """The hexes of piece `number` (from 1, as findings number pieces)."""
    piece = root.find(f".//{SVG}g[@id='piece-{number}']")
    assert piece is not None, f"piece-{number} missing"
    return piece.findall(f"{SVG}polygon[@class='hex']")


@pytest.mark.parametrize("rotation, step", [(0, (PITCH, 0.0)), (1, (PITCH / 2, ROW)), (2, (-PITCH / 2, ROW)),
                                            (3, (-PITCH, 0.0))])
def test_two_hex_tile_draws_two_hexes_one_pitch_apart_along_its_axis(rotation, step):
    m = Map(pieces=[Piece("grass-2", 3, -2, 0, rotation)])
    hexes = hexes_of(svg_of(m), 1)
    assert len(hexes) == 2
    by_cell = {(int(h.get("data-q")), int(h.get("data-r"))): centre(h) for h in hexes}
    a = by_cell[(3, -2)]
    assert a == pytest.approx(expected_centre(3, -2), abs=0.01)
    (b,) = [c for cell, c in by_cell.items() if cell != (3, -2)]
    assert (b[0] - a[0], b[1] - a[1]) == pytest.approx(step, abs=0.01)
    assert math.dist(a, b) == pytest.approx(PITCH, abs=0.01)


def test_each_hex_is_a_full_grid_cell():
    m = Map(pieces=[Piece("rock-7", -4, 6, 0)])
    hexes = hexes_of(svg_of(m), 1)
    assert len(hexes) == 7
    for h in hexes:
        c = centre(h)
        q, r = int(h.get("data-q")), int(h.get("data-r"))
        assert c == pytest.approx(expected_centre(q, r), abs=0.01)
        pts = points(h)
        assert len(pts) == 6
        for p in pts:                                   # corner radius = pitch / sqrt(3)
            assert math.dist(p, c) == pytest.approx(PITCH / math.sqrt(3), abs=0.01)
        top = min(pts, key=lambda p: p[1])              # pointy top: a vertex straight above the centre
        assert top[0] == pytest.approx(c[0], abs=0.01)


def shoelace(pts):
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]))) / 2


@pytest.mark.parametrize("type_id, hexes, boundary_edges", [("grass-1", 1, 6), ("grass-3", 3, 12),
                                                            ("grass-7", 7, 18), ("grass-24", 24, None)])
def test_piece_outline_encloses_exactly_its_hexes(type_id, hexes, boundary_edges):
    m = Map(pieces=[Piece(type_id, 2, 1, 0, 2)])
    piece = svg_of(m).find(f".//{SVG}g[@id='piece-1']")
    (outline,) = piece.findall(f"{SVG}polygon[@class='outline']")
    pts = points(outline)
    hex_area = math.sqrt(3) / 2 * PITCH ** 2
    assert shoelace(pts) == pytest.approx(hexes * hex_area, rel=1e-3)  # coordinates kept to 0.01 mm
    if boundary_edges:
        assert len(pts) == boundary_edges
    for i, p in enumerate(pts):                         # every side is one hex edge long
        assert math.dist(p, pts[(i + 1) % len(pts)]) == pytest.approx(PITCH / math.sqrt(3), abs=0.02)


def test_document_is_one_to_one_in_millimetres():
    m = Map(pieces=[Piece("grass-24", 0, 0, 0)])
    root = svg_of(m)
    x0, y0, w, h = map(float, root.get("viewBox").split())
    assert float(root.get("width")[:-2]) == pytest.approx(w)
    assert float(root.get("height")[:-2]) == pytest.approx(h)
    assert float(root.get("data-hex-pitch-mm")) == PITCH


def test_one_layer_per_level_in_build_order_with_pieces_inside():
    m = Map(pieces=[Piece("grass-7", 0, 0, 0), Piece("rock-3", 0, 1, 1), Piece("sand-1", 0, 1, 2),
                    Piece("glyph", 1, 0, 1, attrs={"letter": "A"})])
    root = svg_of(m)
    layers = [g for g in root.iter(f"{SVG}g") if g.get(f"{INK}groupmode") == "layer" and
              (g.get("id") or "").startswith("level-")]
    assert [g.get("id") for g in layers] == ["level-1", "level-2", "level-3"]
    assert [g.get(f"{INK}label") for g in layers] == ["Level 1", "Level 2", "Level 3"]
    ids = {lay.get("id"): {g.get("id") for g in lay.iter(f"{SVG}g") if (g.get("id") or "").startswith("piece-")}
           for lay in layers}
    assert ids == {"level-1": {"piece-1", "piece-4"}, "level-2": {"piece-2"}, "level-3": {"piece-3"}}
    rock = root.find(f".//{SVG}g[@id='piece-2']")
    assert (rock.get("data-type"), rock.get("data-q"), rock.get("data-r"), rock.get("data-level")) == \
        ("rock-3", "0", "1", "2")  # the rock's bottom is at height 1: a Level 2 tile, in the Level 2 layer
    glyph = root.find(f".//{SVG}g[@id='piece-4']")
    assert glyph.get("data-level") == "1"  # stands on the Level 1 grass


def test_glyph_letter_and_start_zone_number_sit_on_their_hex():
    m = Map(pieces=[Piece("grass-7", 0, 0, 0), Piece("glyph", 1, 1, 1, attrs={"letter": "V"}),
                    Piece("start-zone", 0, 2, 1, attrs={"player": 3})])
    root = svg_of(m)
    (letter,) = root.find(f".//{SVG}g[@id='piece-2']").iter(f"{SVG}text")
    assert letter.text == "V"
    assert (float(letter.get("x")), float(letter.get("y"))) == pytest.approx(expected_centre(1, 1), abs=0.01)
    (number,) = root.find(f".//{SVG}g[@id='piece-3']").iter(f"{SVG}text")
    assert number.text == "3"
    assert float(number.get("x")) == pytest.approx(expected_centre(0, 2)[0], abs=0.01)


def test_findings_are_marked_at_their_hex_and_listed_in_the_legend():
    m = Map(pieces=[Piece("grass-7", 0, 0, 0)])
    finding = Finding("P101", "error", "nothing under this tile", 1, 1, 1, place="B2")
    root = svg_of(m, findings=[finding])
    mark = root.find(f".//{SVG}g[@id='finding-1']")
    assert (mark.get("data-code"), mark.get("data-q"), mark.get("data-r")) == ("P101", "1", "1")
    (ring, *_) = mark.findall(f"{SVG}polygon")
    assert centre(ring) == pytest.approx(expected_centre(1, 1), abs=0.01)
    legend = "".join(t.text or "" for t in root.find(f".//{SVG}g[@id='legend']").iter(f"{SVG}text"))
    assert "P101" in legend and "nothing under this tile" in legend
    assert "1. Level 1 B2 (1, 1): P101 error: nothing under this tile" in legend  # placed as validate places it


def test_per_level_view_has_one_panel_per_level_each_holding_only_its_pieces():
    m = Map(pieces=[Piece("grass-7", 0, 0, 0), Piece("rock-1", 0, 1, 1), Piece("tree-10", 0, 1, 2)])
    root = svg_of(m, view="levels")
    panels = [g for g in root.iter(f"{SVG}g") if (g.get("id") or "").startswith("panel-")]
    assert [g.get("id") for g in panels] == ["panel-1", "panel-2"]
    pieces = [{g.get("id") for g in p.iter(f"{SVG}g") if (g.get("id") or "").startswith("piece-")} for p in panels]
    assert pieces == [{"piece-1"}, {"piece-2", "piece-3"}]
    # level 2 shows what is below it as a ghost
    assert panels[1].find(f".//{SVG}g[@id='below-2']") is not None


def test_per_level_view_puts_a_level_of_edge_pieces_or_one_flag_in_the_panel_below():
    """The castle's `--view levels` spent eight panels on one ladder each and one on its flag (issue
    34, 'waste'); the build sheets put those on the sheet of the Level below ("Level 3 (with 5, 7,
    9, 12)"). The picture groups its panels as the sheets group their pages, and a finding on a
    Level of the group goes to the group's panel."""
    m = Map(name="Tower", pieces=[Piece("grass-24", 0, 0, 0), Piece("castle-base-corner", 1, 1, 1),
                                  Piece("castle-wall-corner", 1, 1, 2)]
            + [Piece("castle-ladder", 1, 1, z, 3) for z in (3, 5, 7, 9)]
            + [Piece("castle-flag", 1, 1, 11), Piece("grass-1", 3, 3, 1), Piece("castle-ladder", 3, 3, 2, 0)])
    root = svg_of(m, view="levels", findings=[Finding("X1", "warning", "on the ladder", 1, 1, 7)])
    panels = [g for g in root.iter(f"{SVG}g") if (g.get("id") or "").startswith("panel-")]
    assert [g.get("id") for g in panels] == ["panel-1", "panel-2", "panel-3"]
    titles = [" ".join(t.text or "" for t in g.iter(f"{SVG}text") if (t.text or "").startswith("Level")) for g in panels]
    assert titles[2] == "Level 3 (with 5, 7, 9, 12)"
    pieces = {g.get("id") for g in panels[2].iter(f"{SVG}g") if (g.get("id") or "").startswith("piece-")}
    from mapkit.model.catalog import catalog
    from mapkit.outputs.scene.layout import build_level

    assert pieces == {f"piece-{n + 1}" for n, pc in enumerate(m.pieces)
                      if build_level(catalog()[pc.type], pc) in (3, 5, 7, 9, 12)}
    dx, dy = map(float, panels[2].get("transform")[len("translate("):-1].split(","))
    ring = root.find(f".//{SVG}g[@id='finding-1']").find(f"{SVG}polygon")
    x, y = centre(ring)
    assert (x - dx, y - dy) == pytest.approx(expected_centre(1, 1), abs=0.02)


def test_single_level_view():
    m = Map(pieces=[Piece("grass-7", 0, 0, 0), Piece("rock-1", 0, 1, 1)])
    root = svg_of(m, level=2)
    ids = {g.get("id") for g in root.iter(f"{SVG}g") if (g.get("id") or "").startswith("piece-")}
    assert ids == {"piece-2"}


def test_iso_view_paints_back_rows_first_and_lower_levels_first():
    m = Map(pieces=[Piece("grass-7", 0, 0, 0), Piece("rock-1", 0, 1, 1), Piece("rock-1", 0, 1, 2),
                    Piece("sand-1", 0, 2, 1)])
    root = svg_of(m, view="iso")
    tops = [(int(h.get("data-r")), int(h.get("data-level"))) for h in root.iter(f"{SVG}polygon")
            if h.get("class") == "hex"]
    assert len(tops) == 7                 # tops with a tile on them are hidden: 5 grass, the upper rock, sand
    assert tops == sorted(tops)
    # two levels up moves the top face up the picture by twice the projected level height
    faces = {(int(h.get("data-q")), int(h.get("data-r"))): centre(h) for h in root.iter(f"{SVG}polygon")
             if h.get("class") == "hex"}
    dy = faces[(-1, 1)][1] - faces[(0, 1)][1]
    assert dy == pytest.approx(2 * 9.6 * math.cos(math.radians(40)), abs=0.02)
    assert faces[(0, 1)][0] - faces[(-1, 1)][0] == pytest.approx(PITCH, abs=0.01)


def test_findings_go_to_the_panel_of_their_level():
    m = Map(pieces=[Piece("grass-7", 0, 0, 0), Piece("rock-1", 0, 1, 1)])
    finding = Finding("P101", "error", "floats", 0, 1, 2)
    root = svg_of(m, view="levels", findings=[finding])
    panel = root.find(f".//{SVG}g[@id='panel-2']")
    dx, dy = map(float, panel.get("transform")[len("translate("):-1].split(","))
    ring = root.find(f".//{SVG}g[@id='finding-1']").find(f"{SVG}polygon")
    x, y = centre(ring)
    assert (x - dx, y - dy) == pytest.approx(expected_centre(0, 1), abs=0.02)


def test_names_with_characters_xml_cannot_hold_still_write():
    m = Map(name="bad\x00name\x1b", pieces=[Piece("personal", 0, 0, 0, attrs={"size": 1, "label": "a\x01b"}),
                                            Piece("figure", 1, 0, 1, attrs={"name": "\x02Zed"})])
    root = svg_of(m)
    texts = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "bad\ufffdname" in texts and "a\ufffdb" in texts


@pytest.mark.parametrize("view", ["top", "levels", "iso"])
def test_layers_sit_where_inkscape_finds_them_and_ids_are_unique(view):
    m = Map(pieces=[Piece("grass-24", 0, 0, 0), Piece("rock-7", 0, 1, 1), Piece("tree-10", 0, 1, 2),
                    Piece("glyph", 1, 3, 1, attrs={"letter": "A"})])
    root = svg_of(m, view=view, findings=[Finding("X1", "info", "here", 0, 0, 1)])
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert len(ids) == len(set(ids))
    layers = [g for g in root.iter(f"{SVG}g") if g.get(f"{INK}groupmode") == "layer"]
    assert layers
    for g in layers:
        parent = g.getparent()
        assert parent is root or parent.get(f"{INK}groupmode") == "layer", g.get("id")


@pytest.mark.parametrize("view", ["top", "iso", "levels"])
def test_the_document_is_written_as_lxml_writes_it(view):
    # The SVG is written as text; read back with lxml and written out by it, it must come out
    # byte for byte the same: well formed, every name and text escaped as XML wants.
    odd = 'A <b> & "c" \n\t\r \ud800 \x01 é \'q\' >'
    m = Map(name=odd, pieces=[Piece("grass-7", 0, 0, 0), Piece("rock-3", 3, 1, 1, 2), Piece("tree-10", 5, 0, 1),
                              Piece("glyph", 1, 0, 1, 0, {"letter": "A"}),
                              Piece("start-zone", 2, 0, 1, 0, {"player": 1, "name": odd})])
    findings = [Finding("T1", "error", odd, 0, 0, 1)]
    data = render_svg(build_scene(m, RenderOptions(view=view, findings=findings)))
    assert etree.tostring(etree.fromstring(data), xml_declaration=True, encoding="UTF-8") == data
    title = etree.fromstring(data).findtext(f"{SVG}title")
    assert title.startswith(odd.replace("\ud800", "\ufffd").replace("\x01", "\ufffd"))


def test_a_level_alone_is_in_true_colours_over_the_faded_colours_of_what_is_below():
    """Issue 24 item 3: the Levels already built were one flat grey, and a Level's own tiles were
    darkened by their height (Level 1 grass 56,91,38 against the legend's 96,156,64)."""
    from mapkit.model.catalog import catalog
    from mapkit.outputs.scene import style

    cat = catalog()
    m = Map(pieces=[Piece("grass-7", 0, 0, 0), Piece("sand-1", 0, 2, 0), Piece("rock-1", 0, 1, 1),
                    Piece("grass-1", 1, 1, 2), Piece("water-1", 2, 1, 2)])
    legend = {e.label: style.hex_colour(e.rgb) for e in style.legend_entries(cat[p.type] for p in m.pieces)}
    for level, own in ((1, ["grass", "sand"]), (2, ["rock"]), (3, ["grass", "water (fluid)"])):
        root = svg_of(m, level=level, legend=False, title=False)
        tiles = {g.get("data-type"): g for g in root.iter(f"{SVG}g") if (g.get("id") or "").startswith("piece-")}
        fills = {p.get("fill") for g in tiles.values() for p in g.iter(f"{SVG}polygon") if p.get("fill") != "none"}
        assert {legend[name] for name in own} <= fills, level        # true colours, as the legend shows them
    root = svg_of(m, level=3, legend=False, title=False)
    below = {centre(p): p.get("fill") for p in root.find(f".//{SVG}g[@id='below-3']").iter(f"{SVG}polygon")}
    fade = style.style_data()["below"]
    rock, grass = style.piece_fill(cat["rock-1"]), style.piece_fill(cat["grass-7"])
    from mapkit.outputs.scene.layout import hex_center

    def at(q, r):
        x, y = hex_center(q, r)
        return next(fill for (cx, cy), fill in below.items() if abs(cx - x) < 1 and abs(cy - y) < 1)

    assert at(0, 1) == style.hex_colour(style.faded(rock, fade["just_below"]))    # Level 2, just below
    assert at(0, 0) == style.hex_colour(style.faded(grass, fade["deeper"]))      # Level 1, deeper
    assert at(0, 0) != at(0, 1) and len(set(below.values())) > 1


@pytest.mark.parametrize("view", ["top", "iso"])
def test_legend_names_no_level_shading(view):
    """The legend said "surface: Level 0 (dark) to ..." on maps with no Level 0, for a darkening
    the pictures no longer draw (issue 24 items 3 and 7): every tile is in its swatch's colour."""
    m = Map(pieces=[Piece("water-1", 0, 0, 0), Piece("grass-7", 3, 0, 0), Piece("rock-1", 3, 0, 1),
                    Piece("rock-1", 3, 0, 2)])
    legend = [t.text or "" for t in svg_of(m, view=view).find(f".//{SVG}g[@id='legend']").iter(f"{SVG}text")]
    assert legend and not any("dark" in line or "Level 0" in line for line in legend)


def test_tiles_are_written_and_painted_as_the_uses_they_stand_for():
    """A Level's tiles in the report's map are one `Tiles` (each kind of use said once, each hex a
    placing of it, issue 34's speed): the SVG painter writes them, and the PNG painter paints them,
    exactly as the same uses one by one, a placing's own attributes and title (escaped) included,
    and a -0.0 kept apart from 0.0."""
    from mapkit.outputs.paint.raster import render_png
    from mapkit.outputs.scene.layout import Box
    from mapkit.outputs.scene.shapes import Group, Poly, Scene, Tiles, Use

    tiles = Tiles()
    plain = {"class": "lvhex f0"}
    hexagon = tiles.kind("hx", (200, 180, 90), (40, 40, 40), 0.4, plain)
    pattern = tiles.kind("dots", attrs={"class": "pattern"})
    tiles.placed += [(hexagon, 0.0, 0.0), (pattern, 0.0, 0.0),
                     (hexagon, -0.0, 38.49, {"id": "hex_0_1", "data-q": 0, "class": 'a"b'}, "A1 <top> & more"),
                     (hexagon, 44.45, 0.0), (pattern, 44.45, 0.0)]
    one_by_one = tiles.uses()
    assert [type(u) for u in one_by_one] == [Use] * 5 and one_by_one[2].title == "A1 <top> & more"

    def scene(items: list) -> Scene:
        defs = {"hx": [Poly([(0, -25.0), (22.0, -12.5), (22.0, 12.5), (0, 25.0), (-22.0, 12.5), (-22.0, -12.5)])],
                "dots": [Poly([(-3.0, -3.0), (3.0, -3.0), (3.0, 3.0)], fill=(90, 70, 20))]}
        return Scene(Box(-30, -30, 80, 70), Group(items=[Group(attrs={"class": "tiles"}, items=items)]),
                     (255, 255, 255), "tiles", PITCH, defs=defs)

    written = render_svg(scene([tiles]))
    assert written == render_svg(scene(one_by_one))
    assert b'x="-0.00"' in written and b"&lt;top&gt; &amp; more" in written and b'class="a&quot;b"' in written
    assert render_png(scene([tiles]), scale=10) == render_png(scene(one_by_one), scale=10)
