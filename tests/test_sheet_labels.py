"""The build sheets' labels, measured by geometry on every corpus map (issue 24 items 1 and 2): no
plate overlaps another plate or a piece's symbol or marker, no leader line crosses a plate or a
symbol, and each castle piece carries its kind. The layouts are those `render_build` draws
(`sheets.label_layouts`), computed without drawing a page."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import CORPUS, NO_CORPUS, read_corpus_map
from mapkit.model.catalog import catalog
from mapkit.model.map import Map, Piece
from mapkit.outputs.sheets import BuildOptions, label_layouts, placed_footprints
from mapkit.outputs.sheets.labels import Layout, marks_of
from tests.test_label_overlaps import problems  # noqa: F401  (the one measure of a layout's overlaps)
from tests.test_print_area import corpus_maps

CASTLE = "pairs/The West Barbican of Idona Castle.hsc"


def layouts_of(path: Path, **options) -> list:
    from mapkit import read

    m = read_corpus_map(path)
    if m.buildings or m.objects:
        m = read(path)                        # the map, carrying its Books
    footprints = placed_footprints(m, str(path), warn=lambda _: None)
    rows = label_layouts(m, BuildOptions(footprints=footprints, **options), scenarios=True)
    terrain = m.terrain() if m.several_scenarios() else m        # what the Level sheets build
    # a scenario's page, (-its number,), labels its own pieces on the scenario's view of the map
    return [(m.for_scenario(-group[0]) if group[0] < 0 else terrain, group, layout) for group, layout in rows]


def corpus_layouts() -> list:
    from mapkit.errors import MapkitError

    out = []
    for path in corpus_maps():
        try:
            out += [(path, *row) for row in layouts_of(path)]
        except MapkitError:           # an unreadable corpus file is another test's business
            continue
    return out


@pytest.fixture(scope="module")
def every_corpus_layout() -> list:
    if CORPUS is None:
        pytest.skip(NO_CORPUS)
    return corpus_layouts()


def test_no_label_covers_a_symbol_or_another_label_on_any_corpus_map(every_corpus_layout):
    bad = [problem for path, _, group, layout in every_corpus_layout
           for problem in problems(layout, f"{path.name} Level {group[0]}")]
    assert not bad, "\n".join(bad[:30])
    assert sum(len(layout.placed) for *_, layout in every_corpus_layout) > 2000


def test_every_piece_that_asks_for_a_label_has_one(every_corpus_layout):
    from mapkit.outputs.sheets.labels import wanted

    for path, m, group, layout in every_corpus_layout:
        asked = sorted(w.piece for w in wanted(m, [i for i, p in enumerate(m.pieces) if _on(m, i, group)]))
        got = [p.wanted.piece for p in layout.placed] + [w.piece for w in layout.listed]
        assert sorted(got) == asked, f"{path.name} Level {group[0]}"


def _on(m: Map, i: int, group: tuple[int, ...]) -> bool:
    """Whether the panel `group` labels piece i: a Level sheet its Levels' pieces, a scenario's
    page (-its number,) the scenario's own."""
    if group[0] < 0:
        return m.pieces[i].attrs.get("scenario") == -group[0]
    from mapkit.outputs.scene.layout import build_level

    return build_level(catalog()[m.pieces[i].type], m.pieces[i]) in group


def test_each_castle_piece_is_labelled_by_its_kind(every_corpus_layout):
    """Bases and walls by corner, straight or end (C, S, E, as the legend says), the arch as
    "arch", on every corpus castle; the official castle's Level 2 asks for 6 C, 4 S, 2 E."""
    cat = catalog()
    kinds = {"corner": "C", "straight": "S", "end": "E"}
    seen = 0
    for path, m, group, layout in every_corpus_layout:
        texts = {p.wanted.piece: p.wanted.text for p in layout.placed}
        for i, piece in enumerate(m.pieces):
            if cat[piece.type].kind != "castle" or piece.type == "castle-flag" or not _on(m, i, group):
                continue
            kind = piece.type.rsplit("-", 1)[1] if piece.type.startswith(("castle-base", "castle-wall")) else "arch"
            assert texts.get(i) == kinds.get(kind, "arch"), f"{path.name}: {piece.type} at ({piece.q}, {piece.r})"
            seen += 1
        if path.name == Path(CASTLE).name and group[0] == 2:
            castle = sorted(t for i, t in texts.items() if m.pieces[i].type.startswith("castle-base"))
            assert castle == ["C"] * 6 + ["E"] * 2 + ["S"] * 4
    assert seen > 100


def test_the_marks_labels_keep_off_are_those_the_sheet_draws():
    """`labels.marks_of` gives, piece by piece, the very shapes the top view draws over the hexes
    (all it draws but hexes, fill patterns and outlines: a piece's outline is an area its plate
    keeps in and others out of, `labels.areas_of`), so the geometry the tests measure is the
    sheet's."""
    from mapkit.formats import read_map
    from mapkit.outputs.scene.shapes import Group, Poly
    from mapkit.outputs.scene.views import RenderOptions, top_view
    from mapkit.outputs.sheets import build_levels

    if CORPUS is None:
        pytest.skip(NO_CORPUS)
    for name in (CASTLE, "hsc/dkniffin-virtualscape/Rotten Ice.hsc"):
        m = read_map(CORPUS / name)
        for level, indices in build_levels(m).items():
            scene, _, _ = top_view(m, RenderOptions(view="levels", level=level), level)
            drawn = []
            for item in scene.items:
                if isinstance(item, Group) and item.id == f"level-{level}":
                    for piece in item.items:
                        if isinstance(piece, Group) and piece.id and piece.id.startswith("piece-"):
                            drawn += [s for s in piece.items if not isinstance(s, Group) and not getattr(s, "detail", False)
                                      and not (isinstance(s, Poly) and (s.attrs or {}).get("class") in
                                               ("hex", "outline", "piece-outline"))]
            marks = marks_of(m, indices)
            key = lambda s: (type(s).__name__, round(getattr(s, "cx", getattr(s, "x", 0.0)) if not isinstance(s, Poly)
                                                        else s.pts[0][0], 3))
            assert sorted(map(key, drawn)) == sorted(map(key, marks)), f"{name} Level {level}"


def test_a_crowded_hex_puts_its_label_beside_with_a_leader():
    """A one-hex tile under a figure (the castle's N9) and a tile under a glyph: the figure's base
    fills the hex, so its "1" goes beside, a line pointing at the hex; nothing is covered."""
    m = Map(name="crowded")
    m.pieces += [Piece("grass-24", 0, 0, 0), Piece("grass-1", 2, 2, 1), Piece("figure", 2, 2, 2, attrs={"label": "S"}),
                 Piece("grass-1", 1, 1, 1), Piece("glyph", 1, 1, 2, attrs={"letter": "B"}),
                 Piece("tree-10", 3, 1, 1)]
    (group, layout), = [row for row in label_layouts(m) if row[0][0] == 2]
    assert not problems(layout, "crowded")
    one = [p for p in layout.placed if p.wanted.piece == 1][0]
    assert one.leader is not None
    from mapkit.model.grid import mm_to_hex

    assert mm_to_hex(*one.leader[1]) == (2, 2), "the leader ends in the tile's hex"


def test_hex_names_are_kept_off_too():
    if CORPUS is None:
        pytest.skip(NO_CORPUS)
    rows = layouts_of(CORPUS / CASTLE, hex_names=True)
    bad = [problem for _, group, layout in rows for problem in problems(layout, f"Level {group[0]}")]
    assert not bad, "\n".join(bad[:20])


def test_the_legend_explains_the_castle_letters():
    from tests.test_print_build import draw, text

    m = Map(name="Gate")
    m.pieces += [Piece("grass-24", 0, 0, 0), Piece("castle-base-end", 1, 1, 1), Piece("castle-base-straight", 2, 1, 1),
                 Piece("castle-base-corner", 3, 1, 1, 3)]
    words = text(draw(m)[1])
    assert "C, S, E: a castle base or wall, corner, straight or end" in words


def test_ladders_stacked_on_one_edge_say_how_many(every_corpus_layout):
    """The castle's Level 3 sheet places the ladders of Levels 3, 5, 7, 9 and 11: five on each of
    two edges, drawn as one mark each, so each stack carries "L <side> 5x" beside it."""
    rows = [(m, layout) for path, m, group, layout in every_corpus_layout
            if path.name == Path(CASTLE).name and group == (3, 5, 7, 9, 11)]
    assert rows, "the castle's Level 3 sheet groups Levels 3, 5, 7, 9 and 11"
    m, layout = rows[0]
    stacks = [p for p in layout.placed if p.wanted.kind == "edge"]
    assert sorted(p.wanted.text for p in stacks) == ["L SW 5\u00d7", "L W 5\u00d7"]
    assert all(m.pieces[p.wanted.piece].type == "castle-ladder" and m.pieces[p.wanted.piece].z == 3 for p in stacks)


def test_every_edge_piece_is_labelled_by_kind_and_side(every_corpus_layout):
    """Ladders and battlements were labelled only where stacked: a builder could not tell which
    side of which hex a lone battlement stands on without reading the tiny mark. Every one on
    every corpus sheet now has a plate, its kind's letters and the side of its hex the map
    stands it on (the mark's side; one plate for those of a kind on a hex, "B NW/W"), and the
    castle's flag one saying "flag". A battlement is named from the wall-walk it stands on, as the
    builder places it: the file stores it in the hex beyond, turned to face the walk ("B E/NE"
    there meant the walk's W/SW edges)."""
    from mapkit.model.grid import DIRECTION_NAMES, DIRECTIONS
    from mapkit.outputs.scene.style import style_data

    cat = catalog()
    letters = style_data()["sheet_labels"]["edges"]
    seen = flags = 0
    listed = 0
    for path, m, group, layout in every_corpus_layout:
        texts = {p.wanted.piece: p.wanted.text for p in layout.placed} | {w.piece: w.text for w in layout.listed}
        listed += len(layout.listed)
        if path.name == Path(CASTLE).name:
            assert not layout.listed, "the official castle's edge pieces all find room on its sheets"
        stacks: dict[tuple, dict[int, list[int]]] = {}
        for i, piece in enumerate(m.pieces):
            if not _on(m, i, group):
                continue
            if piece.type == "castle-flag":
                assert texts.get(i) == "flag", f"{path.name}: the flag at ({piece.q}, {piece.r})"
                flags += 1
            if piece.type in letters and cat[piece.type].kind == "edge" and len(m.footprint(piece)) == 1:
                d = int(piece.rotation) % 6
                q, r, side = piece.q, piece.r, d
                if cat[piece.type].hangs_beside_tile:       # stored beyond the walk it hangs on, facing it
                    q, r, side = q + DIRECTIONS[d][0], r + DIRECTIONS[d][1], (d + 3) % 6
                stacks.setdefault((piece.type, q, r), {}).setdefault(side, []).append(i)
        for (kind, q, r), sides in stacks.items():
            every = [i for stack in sides.values() for i in stack]
            lowest = min(every, key=lambda i: (m.pieces[i].z, i))
            want = f"{letters[kind]} " + "/".join(DIRECTION_NAMES[d] + (f" {len(sides[d])}\u00d7" if len(sides[d]) > 1
                                                                          else "") for d in sorted(sides))
            assert texts.get(lowest) == want, f"{path.name} Level {group[0]}: {kind} at ({q}, {r})"
            assert all(i == lowest or i not in texts for i in every)          # one plate per hex and kind
            seen += len(every)
    assert seen > 150 and flags >= 1
    assert listed < seen / 20                      # the list beside the map is the exception


def test_the_legend_explains_edge_letters_and_a_ruins_wall():
    from tests.test_print_build import draw, text

    m = Map(name="Walk")
    m.pieces += [Piece("grass-24", 0, 0, 0), Piece("wall-walk-1", 1, 1, 1), Piece("castle-battlement", 1, 2, 1, 4),
                 Piece("ruin-2", 3, 1, 1, 1)]
    pages = draw(m)                  # each page's legend explains what that page draws (issue 34, item 4)
    assert "B, L, RL: a battlement, ladder or rope ladder, standing on the side of its hex" in text(pages[1])
    assert "Ruins: the thick line along a ruin's hexes is its wall, on the side of its hexes it stands on" in \
        text(pages[0])
    assert "B, L, RL" not in text(pages[0]) and "Ruins:" not in text(pages[1])
    bare = text(draw(Map(name="Bare", pieces=[Piece("grass-24", 0, 0, 0)]))[1])
    assert "B, L, RL" not in bare and "Ruins:" not in bare


def test_edge_pieces_crowded_against_the_rim_are_listed_by_hex_not_forced():
    """A wall-walk along a wide map's second row with battlements on its north sides, every hex
    round it on its Level under a figure: the battlements' plates find no room on the map (the
    rim above, the walk's own plates, the figures' bases filling every hex a leader line would
    cross), so the sheet lists them under the parts by hex name, and covers nothing."""
    from tests.test_print_build import draw, text

    m = Map(name="Rim")
    m.pieces += [Piece("rock-1", q, r, 0) for r in range(0, 14) for q in range(-r // 2, 40 - r // 2)]
    walk = {(q, 1) for q in range(10, 17)}
    m.pieces += [Piece("figure", q, r, 2, attrs={"label": "X"}) for r in range(0, 7) for q in range(2 - r // 2, 26 - r // 2)
                 if (q, r) not in walk]
    for q in range(10, 17):
        m.pieces += [Piece("wall-walk-1", q, 1, 1), Piece("castle-battlement", q, 0, 1, 1),
                     Piece("castle-battlement", q + 1, 0, 1, 2)]
    (group, layout), = [row for row in label_layouts(m) if row[0][0] == 2]
    assert layout.listed and not layout.forced and not problems(layout, "rim")
    words = " ".join(text(page) for page in draw(m))
    assert "Pieces on crowded hexes" in words
    from mapkit.model.board import Board

    board = Board.of(m)
    assert board is not None
    for want in layout.listed:
        assert f"{board.name(*want.cells[0])}: {want.text}" in words


STREET = Path(__file__).resolve().parent.parent / "samples" / "maps" / "street.mapkit.json"


def c3g_maps() -> list[Path]:
    """The street sample and every corpus map that places a C3G Book."""
    from tests.test_print_area import corpus_maps

    out = [STREET]
    for path in corpus_maps():
        try:
            m = read_corpus_map(path)
        except Exception:  # noqa: BLE001 - an unreadable corpus file is another test's business
            continue
        if m.buildings or m.objects:
            out.append(path)
    return out


def test_book_names_and_c3g_marks_go_through_the_plate_layout():
    """On the street sample's sheet the purple names of the Books were printed at the middle of
    their outlines, over the Door, Win, Up and Lift marks and the objects in them (the Elevator
    Car's name over the Skyscraper's Doors, the Sports Car's over its own hexes). Each placed
    Book's name is now a plate of the layout: on no C3G mark (measured here from the C3G layer
    the sheet draws, not from the layout's own list), on no other plate, in no other Book's
    outline, and beside its Book with a line to its outline where the marks leave no room; or
    listed under the parts."""
    from shapely import STRtree
    from shapely.geometry import Polygon, box

    from mapkit import read
    from mapkit.model.grid import HEX_PITCH_MM
    from mapkit.outputs.scene import c3g
    from mapkit.outputs.scene.shapes import Text
    from mapkit.outputs.sheets.levels import footprint_page
    from mapkit.outputs.sheets.labels import c3g_marks, shapes_of

    books = 0
    for path in c3g_maps():
        m = read(path)
        footprints = placed_footprints(m, str(path), warn=lambda _: None)
        for _, group, layout in layouts_of(path):
            where = f"{path.name} Level {group[0]}"
            assert not problems(layout, where)
            here = [f for f in footprints if footprint_page(f.level) == group[0]]
            named = {p.wanted.piece: p for p in layout.placed if p.wanted.kind == "book"}
            listed = {w.piece for w in layout.listed if w.kind == "book"}
            assert sorted(named) + sorted(listed) and sorted([*named, *listed]) == sorted(-1 - n for n in range(len(here)))
            for n, fp in enumerate(here):
                if -1 - n in named:
                    words = named[-1 - n].wanted.text
                    assert words.startswith(fp.name) and words.endswith(fp.label), where
            books += len(named)
            layer = c3g.c3g_layer(m, HEX_PITCH_MM, group[0])
            drawn = [item for g in layer.groups for item, _, _ in g.walk()]
            marks = c3g_marks(layer.groups)
            assert {t.text[:3] for t in drawn if isinstance(t, Text)} <= {t.text[:3] for t in marks
                                                                         if isinstance(t, Text)}
            tree = STRtree(shapes_of(marks, _pt_per_mm(layout)))
            plates = [(p, box(*p.box)) for p in layout.placed]
            for plate, shape in plates:
                assert not len(tree.query(shape, predicate="intersects")), f"{where}: {plate.wanted.text!r}"
            outlines = [(-1 - n, Polygon(fp.points)) for n, fp in enumerate(here)]
            for piece, plate in named.items():
                for other, outline in outlines:
                    assert other == piece or not outline.intersects(box(*plate.box)), where
                if plate.leader is not None:
                    own = dict(outlines)[piece]
                    assert own.exterior.distance(Polygon(_square(plate.leader[1])).centroid) < 1e-6, where
    assert books >= 5


def _pt_per_mm(layout: Layout) -> float:
    """The sheet's scale, from its plates' text size (`labels.label_size_pt`)."""
    from mapkit.model.grid import HEX_PITCH_MM

    return layout.size_pt / (HEX_PITCH_MM * 0.34)


def _square(pt: tuple[float, float]) -> list[tuple[float, float]]:
    x, y = pt
    return [(x - 1e-9, y - 1e-9), (x + 1e-9, y - 1e-9), (x + 1e-9, y + 1e-9), (x - 1e-9, y + 1e-9)]


def test_the_names_of_placed_books_keep_off_each_other():
    """The street sample's Elevator Car stands in the Skyscraper's shaft: both names were printed
    at the same middle, one over the other. Each name is a plate of the layout now: no two meet,
    and the Elevator Car's lies outside the Skyscraper, a line pointing at its own outline."""
    rows = layouts_of(STREET)
    names = [p for _, group, layout in rows if group[0] == 1 for p in layout.placed if p.wanted.kind == "book"]
    assert len(names) >= 4
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not (a.box[0] < b.box[2] and b.box[0] < a.box[2] and a.box[1] < b.box[3] and b.box[1] < a.box[3])
    car = [p for p in names if p.wanted.text.startswith("Elevator Car")]
    assert car and car[0].leader is not None
    assert not [p for _, group, layout in rows for p in problems(layout, f"Level {group[0]}")]


def test_a_road_wall_is_labelled_by_kind_and_the_way_its_line_runs():
    """Road walls (a 4-hex edge piece along a road) had no plate on the build sheets; each now
    has one, "RW" and the two ways its line of hexes runs (west-east, north-west to south-east,
    north-east to south-west), placed by the same layout, covering nothing."""
    from mapkit.outputs.sheets.labels import wanted

    m = Map(name="Walls")
    m.pieces += [Piece("grass-24", q, r, 0) for q, r in ((0, 0), (4, 0), (0, 4), (4, 4), (-2, 4), (-2, 8), (2, 8))]
    walls = [Piece("road-wall", 1, 1, 1, 0), Piece("road-wall", 1, 5, 1, 1), Piece("road-wall", 5, 3, 1, 2)]
    m.pieces += walls
    ways = {}
    for i, piece in enumerate(m.pieces):
        if piece.type == "road-wall":
            cells = m.footprint(piece)
            (dq, dr) = (cells[1][0] - cells[0][0], cells[1][1] - cells[0][1])
            ways[i] = {(1, 0): "W-E", (-1, 0): "W-E", (0, 1): "NW-SE", (0, -1): "NW-SE",
                       (-1, 1): "NE-SW", (1, -1): "NE-SW"}[(dq, dr)]
    asked = {w.piece: w.text for w in wanted(m, range(len(m.pieces)))}
    assert {i: asked.get(i) for i in ways} == {i: f"RW {way}" for i, way in ways.items()}
    assert len(set(ways.values())) == 3, "the three ways a line of hexes runs"
    (group, layout), = label_layouts(m)
    assert not problems(layout, "walls")
    got = {p.wanted.piece: p.wanted.text for p in layout.placed} | {w.piece: w.text for w in layout.listed}
    assert {i: got.get(i) for i in ways} == {i: f"RW {way}" for i, way in ways.items()}


def test_every_corpus_road_wall_has_its_plate(every_corpus_layout):
    cat = catalog()
    seen = 0
    for path, m, group, layout in every_corpus_layout:
        texts = {p.wanted.piece: p.wanted.text for p in layout.placed} | {w.piece: w.text for w in layout.listed}
        for i, piece in enumerate(m.pieces):
            if piece.type == "road-wall" and _on(m, i, group):
                assert texts.get(i, "").startswith("RW "), f"{path.name}: road wall at ({piece.q}, {piece.r})"
                seen += 1
    assert seen >= 1
