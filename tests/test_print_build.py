"""Build instructions: pages per level, parts lists, size labels, coordinates, read back from the PDF."""

from __future__ import annotations

import io
import math
import re

import pytest

from conftest import ROOT
from mapkit.model.map import Map, Piece
from mapkit.outputs.sheets import BuildOptions, build_levels, render_build
from mapkit.outputs.sheets.frame import MapFrame
from mapkit.outputs.scene.page import PAPERS
from tests.test_print_probe import PT_PER_MM, hexagons, nearest_neighbour_mm, page_paths, read_pdf


def three_level_map() -> Map:
    m = Map(name="Three Steps", author="tests")
    m.pieces += [
        Piece("grass-24", 0, 0, 0), Piece("grass-24", 5, 0, 0, 1), Piece("water-1", -3, 5, 0),
        Piece("rock-7", 1, 1, 1), Piece("sand-3", 3, 2, 1, 2), Piece("tree-10", 2, 4, 1),
        Piece("grass-1", 1, 2, 2),
        Piece("start-zone", 0, 0, 1, attrs={"player": 1}), Piece("start-zone", 1, 0, 1, attrs={"player": 1}),
        Piece("start-zone", 6, 1, 1, attrs={"player": 2}),
        Piece("glyph", 1, 2, 3, attrs={"letter": "W"}),
    ]
    return m


def draw(m: Map, **kw) -> list:
    buf = io.BytesIO()
    pages = render_build(m, buf, BuildOptions(**kw))
    reader = read_pdf(buf.getvalue())
    assert len(reader.pages) == pages
    return reader.pages


def text(page) -> str:
    """The page's words, one space apart. A count and its "x" stand 1.4 mm apart on the sheet:
    pypdf 4.0 reads them as "2x", later versions as "2 x"; both read here as "2 x"."""
    return re.sub(r"(?<![\w.])(\d+) ?x ", r"\1 x ", re.sub(r"\s+", " ", page.extract_text()))


def test_levels_count_as_a_builder_does():
    """A tile with bottom z is level z + 1; what stands on a tile belongs to that tile's level."""
    m = three_level_map()
    levels = build_levels(m)
    assert list(levels) == [1, 2, 3]
    kinds = {z: sorted(m.pieces[i].type for i in idx) for z, idx in levels.items()}
    assert kinds[1].count("start-zone") == 3  # start zones at z 1 stand on the z-0 tiles
    assert "tree-10" in kinds[1]                # so does the tree at z 1
    assert kinds[2] == ["rock-7", "sand-3"]
    assert kinds[3] == ["glyph", "grass-1"]     # the glyph at z 3 stands on the z-2 tile


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_one_page_per_level_then_the_totals(paper):
    pages = draw(three_level_map(), paper=paper)
    assert len(pages) == 3 + 1
    w, h = (v * PT_PER_MM for v in PAPERS[paper])
    for page in pages:
        assert sorted((float(page.mediabox.width), float(page.mediabox.height))) == \
            pytest.approx(sorted((w, h)), abs=0.05)
    for n, page in enumerate(pages[:3], start=1):
        assert f"Level {n}" in text(page) and f"Parts for Level {n}" in text(page)
        assert "Coordinates, as VirtualScape" in text(page) and "e.g. C7" in text(page)
    assert re.search(r"2 x Grass 24-hex", text(pages[0]))
    assert re.search(r"2 x start zone spaces, player 1", text(pages[0]))
    assert re.search(r"1 x Rock 7-hex", text(pages[1])) and re.search(r"1 x Evergreen tree 10", text(pages[0]))
    assert "Grass 24-hex" not in text(pages[1]).split("Parts for Level 2")[1]
    total = text(pages[3])
    assert "parts list" in total and re.search(r"Total 2 x Grass 24-hex", total)
    assert re.search(r"1 x glyph W", total)


def test_levels_per_page():
    pages = draw(three_level_map(), levels_per_page=2)
    assert len(pages) == math.ceil(3 / 2) + 1
    assert "Level 1" in text(pages[0]) and "Level 2" in text(pages[0]) and "Level 3" in text(pages[1])


def test_size_labels_markers_and_faded_lower_levels():
    m = three_level_map()
    pages = draw(m)
    words0 = text(pages[0]).split()
    assert "24" in words0 and "1" in words0 and "2" in words0      # start zones carry their player's number
    assert "7" in text(pages[1]).split() and "3" in text(pages[1]).split()
    assert "W" in text(pages[2]).split() and "W" not in text(pages[0]).split()
    levels = build_levels(m)
    for n, (level, idx) in enumerate(levels.items()):
        below = {h for lv, ids in levels.items() if lv < level for i in ids
                 if m.pieces[i].type not in ("start-zone", "glyph") for h in m.footprint(m.pieces[i])}
        own = len({h for i in idx if m.pieces[i].type not in ("start-zone", "glyph", "tree-10")
                   for h in m.footprint(m.pieces[i])})     # a hex a higher piece of the Level covers is drawn once
        zones = sum(1 for i in idx if m.pieces[i].type == "start-zone")
        one_hex = sum(1 for i in idx if m.pieces[i].type not in ("start-zone", "glyph")
                      and len(m.footprint(m.pieces[i])) == 1)
        drawn = hexagons(page_paths(pages[n]))
        size = max(max(abs(x - h.centroid()[0]) for x, _ in h.points) for h in drawn)
        drawn = [h for h in drawn if max(abs(x - h.centroid()[0]) for x, _ in h.points) > size * 0.75]  # not the legend's
        # filled hexes: what is built below, once per hex (the grey ghost), then the level's own pieces
        assert len([h for h in drawn if h.painted == "B"]) == len(below) + own
        # stroked hexagons: each start zone's ring in its player's colour and its thin black edge
        assert len([h for h in drawn if h.painted == "S"]) >= 2 * zones
    big = [h for h in hexagons(page_paths(pages[0])) if h.centroid()[1] > 100]     # above the legend band
    centres = list({(round(x, 1), round(y, 1)) for x, y in (h.centroid() for h in big)})
    pitch = min(nearest_neighbour_mm(centres))
    assert 5 < pitch <= 44.46, "build sheets are drawn to a scale no bigger than 1:1"


def test_coordinates_are_column_letter_then_row_number():
    m = Map(pieces=[Piece("grass-1", q, r, 0) for q, r in [(0, 0), (1, 0), (0, 1), (-1, 2), (27, 0)]])
    frame = MapFrame(m)
    assert frame.name(0, 0) == "A1" and frame.name(1, 0) == "B1"
    # odd-r columns: (0,0)->0, (1,0)->1, (0,1)->0, (-1,2)->0, (27,0)->27
    assert frame.col0 == 0 and frame.name(0, 1) == "A2" and frame.name(-1, 2) == "A3"
    assert frame.name(27, 0) == "AB1"


def test_hex_names_and_scenario():
    m = three_level_map()
    m.notes = "Hold the ridge.\nWhoever holds glyph W at the end of round 8 wins."
    pages = draw(m, hex_names=True)
    frame = MapFrame(m)
    words = text(pages[1]).split()
    for q, r in m.footprint(m.pieces[3]):  # the rock 7-hex on level 2
        assert frame.name(q, r) in words
    assert "Hold the ridge." in text(pages[-1]) and "table space" in text(pages[-1])
    plain = draw(m)
    assert frame.name(*m.footprint(m.pieces[3])[3]) not in text(plain[1]).split()


def test_names_beyond_latin1_print_when_the_system_has_dejavu():
    from mapkit.outputs.paint.pdf import font

    m = Map(name="Château Zoë ☃", author="Ørjan", pieces=[Piece("grass-1", 0, 0, 0)])
    pages = draw(m)
    first = text(pages[0])
    assert "Château Zoë" in first  # Latin-1: Helvetica prints these too
    if font() == "Helvetica":
        pytest.skip("no DejaVu Sans on this system: symbols outside Latin-1 print as boxes")
    assert "Château Zoë ☃" in first and "Ørjan" in text(pages[-1])


def test_c3g_footprints_drawn_on_the_level_they_stand_on():
    from mapkit.model.grid import hex_center_mm
    from mapkit.outputs.sheets import Footprint

    m = three_level_map()
    x, y = hex_center_mm(6, 2)
    square = ((x - 30, y - 25), (x + 30, y - 25), (x + 30, y + 25), (x - 30, y + 25))
    fp = Footprint("Corner Shop", 1, square)  # stands on level 0's tiles
    pages = draw(m, footprints=(fp,))
    assert "Corner Shop" in text(pages[0]) and "Corner Shop" not in text(pages[1])
    assert re.search(r"1 x Corner Shop", text(pages[-1]))
    # the outline is drawn where the footprint is: a closed 4-corner path 60 x 50 mm at the page's scale
    quads = [sp for sp in page_paths(pages[0]) if sp.closed and len(sp.points) == 4 and sp.painted == "S"]
    sizes = {(round(max(p[0] for p in q.points) - min(p[0] for p in q.points), 1),
              round(max(p[1] for p in q.points) - min(p[1] for p in q.points), 1)) for q in quads}
    assert any(w > 0 and abs(w / h - 60 / 50) < 0.01 for w, h in sizes)


def test_cover_page_has_the_title_and_a_picture():
    m = three_level_map()
    pages = draw(m, cover=True)
    assert len(pages) == 1 + 3 + 1
    assert "Three Steps" in text(pages[0]) and "by tests" in text(pages[0])
    images = list(pages[0].images)
    assert images, "the isometric picture is embedded"
    assert images[0].image.size[0] > 100
    assert "Level 1" in text(pages[1])


def test_the_cover_counts_pieces_as_the_parts_list_and_info_do():
    """The cover said '147 pieces on 6 levels' for Twin Rivers, its parts list (and info) 99,
    its 48 start-zone spaces apart (issue 25)."""
    import mapkit

    m = mapkit.read(ROOT / "samples" / "maps" / "twin-rivers.hsc")
    pages = draw(m, cover=True)
    said = " ".join(text(p) for p in pages).replace("\n", " ")
    cover = text(pages[0]).replace("\n", " ")
    assert "99 pieces on" in cover and "(48 start-zone spaces apart)" in cover, cover
    assert "147" not in cover and said.count("99 pieces on") == 2


def many_kinds_map(levels: int = 5) -> Map:
    """A map whose parts list takes more than one page: many kinds of piece on several Levels."""
    from mapkit.model.catalog import catalog

    kinds = [t.id for t in catalog().types.values() if t.kind in ("land", "fluid") and t.hexes == 1][:40]
    m = Map(name="Many kinds")
    for z in range(levels):
        m.pieces += [Piece(kind, 2 * n, 0, z) for n, kind in enumerate(kinds)]
    return m


@pytest.mark.parametrize("options", [{}, {"cover": True}, {"levels_per_page": 2}, {"cover": True, "levels_per_page": 3}])
def test_every_level_sheet_names_its_page_and_the_right_page_count(options):
    """The header said 'sheet 1 of 15' on a 17-page PDF (the parts list took three pages, counted as
    one), and with several Levels a page numbered its last sheet by the size of its last chunk."""
    pages = draw(many_kinds_map(), **options)
    headers = [re.search(r"sheet (\d+) of (\d+)", text(page)) for page in pages]
    numbered = [(n, h) for n, h in enumerate(pages, start=1) if headers[n - 1]]
    assert numbered and len(pages) > len(numbered)              # and the parts list after them
    for n, _ in numbered:
        found = headers[n - 1]
        assert (int(found.group(1)), int(found.group(2))) == (n, len(pages))


def test_a_level_of_edge_pieces_or_one_flag_goes_on_the_sheet_below():
    """Issue 24 item 4: the castle's PDF spent 8 sheets on '2 x Castle ladder' (a ladder piece per
    two Levels up each wall) and one on its flag."""
    from mapkit.outputs.sheets import sheet_groups

    m = Map(name="Tower", pieces=[Piece("grass-24", 0, 0, 0), Piece("castle-base-corner", 1, 1, 1),
                                  Piece("castle-wall-corner", 1, 1, 2)]
            + [Piece("castle-ladder", 1, 1, z, 3) for z in (3, 5, 7, 9)]
            + [Piece("castle-flag", 1, 1, 11), Piece("grass-1", 3, 3, 1), Piece("castle-ladder", 3, 3, 2, 0)])
    levels = build_levels(m)
    groups = sheet_groups(m, levels)
    assert set(levels) == {1, 2, 3, 5, 7, 9, 12}
    assert groups == {1: (1,), 2: (2,), 3: (3, 5, 7, 9, 12)}
    pages = draw(m)
    assert len(pages) >= 3
    sheet3 = text(pages[2])
    assert "Level 3 (with 5, 7, 9, 12)" in sheet3 and "sheet 3 of" in sheet3
    for lv in (5, 7, 9, 12):
        assert f"Then on Level {lv}" in sheet3
    totals = " ".join(text(p) for p in pages[3:])
    assert "Level 9 (drawn on page 3)" in totals and "Level 12 (drawn on page 3)" in totals


def test_the_castle_build_pdf_has_no_sheet_of_edge_pieces_alone():
    from conftest import corpus_file
    from mapkit.formats import read_map
    from mapkit.model.catalog import catalog

    m = read_map(corpus_file("pairs/The West Barbican of Idona Castle.hsc"))
    pages = draw(m)
    groups = __import__("mapkit.outputs.sheets", fromlist=["sheet_groups"]).sheet_groups(m, build_levels(m))
    levels = build_levels(m)
    for first in groups:
        assert any(catalog()[m.pieces[i].type].kind != "edge" for i in levels[first]), first
    headers = [re.search(r"sheet (\d+) of (\d+)", text(p)) for p in pages]
    assert [(int(h.group(1)), int(h.group(2))) for h in headers if h] == \
        [(n, len(pages)) for n in range(1, len(groups) + 1)]
    assert len(groups) == 5 and len(pages) < 12          # was 17 pages, 14 of them Level sheets


def test_reportlab_formats_numbers_with_its_accelerator():
    """rl-accel (declared in pyproject.toml) is installed and reportlab uses it: without it every
    number of a PDF is formatted in Python, a third of a big map's drawing time."""
    from reportlab.lib.rl_accel import fp_str

    assert getattr(fp_str, "__module__", "") == "_rl_accel", \
        "rl-accel is declared in pyproject.toml but not installed here: pip install -e '.[test]'"
    assert fp_str(12.5, 0.333333, 7) == "12.5 .333333 7"


def test_the_legend_says_which_rows_sit_half_a_hex_east_as_the_sheet_draws_them():
    """The column letters stand over the grid's even rows, so which sheet rows sit half a hex
    east depends on whether row 1 is an even or an odd grid row: the legend says the one the
    sheet draws (it said 'odd rows' of every sheet, wrong for half of them)."""
    from mapkit.model.board import Board
    from mapkit.outputs.scene.board import coordinate_note

    m = three_level_map()
    assert Board.of(m).row0 % 2 == 0 and "even rows sit half a hex east" in text(draw(m)[0])
    for p in m.pieces:                       # one grid row further south: row 1 is an odd row
        p.r += 1
    assert Board.of(m).row0 % 2 == 1 and "odd rows sit half a hex east" in text(draw(m)[0])
    assert "even rows" in coordinate_note(Board(0, -2)) and "odd rows" in coordinate_note(Board(0, -3))
