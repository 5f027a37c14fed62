"""No word over what it names (issue 34, item 3): every map of samples/ and of the corpus, drawn
with every product (the pictures from above, by Level and stacked; the build sheets, Level and
scenario pages; the report's map), and measured from the boxes the layout placed (`placing.Layout`), without
painting: no plate or label meets another plate or label, a mark (a symbol, a figure, a C3G
hex's hatching or dots), or the outline of a piece it does not name; no leader line crosses a
mark, a plate or another leader; nothing was forced onto its piece for want of room.

Before this issue, River of Blood's room names lay over tile plates and outcrops, tile plates
sat inside glacier and ruin outlines, the street's plates on Partial hatching and Covered dots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from conftest import CORPUS, NO_CORPUS

SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "maps"


def problems(layout: Any, where: str) -> list[str]:
    """Every overlap of one layout's words, by what they meet."""
    from shapely import STRtree
    from shapely.geometry import LineString, box

    bad = [f"{where}: no free place for {p.wanted.text!r}" for p in layout.forced]
    words = [box(*p.box) for p in layout.placed]
    marks = STRtree(layout.keep_off)
    areas = STRtree(layout.areas)
    others = STRtree(words)
    leaders = [(n, LineString(p.leader)) for n, p in enumerate(layout.placed) if p.leader is not None]
    for n, (placed, shape) in enumerate(zip(layout.placed, words)):
        name = f"{where}: {placed.wanted.text!r} ({placed.wanted.kind} of {placed.wanted.piece})"
        if len(marks.query(shape, predicate="intersects")):
            bad.append(f"{name} lies on a mark")
        if [k for k in others.query(shape, predicate="intersects") if k != n]:
            bad.append(f"{name} meets another plate or label")
        if [k for k in areas.query(shape, predicate="intersects") if layout.area_owners[k] != placed.wanted.piece]:
            bad.append(f"{name} lies in the outline of another piece")
    for n, line in leaders:
        name = f"{where}: the leader of {layout.placed[n].wanted.text!r}"
        if len(marks.query(line, predicate="intersects")):
            bad.append(f"{name} crosses a mark")
        if [k for k in others.query(line, predicate="intersects") if k != n and line.crosses(words[k])]:
            bad.append(f"{name} crosses another plate")
        if [k for k, other in leaders if k != n and line.crosses(other)]:
            bad.append(f"{name} crosses another leader")
    return bad


def the_maps() -> list[Path]:
    from tests.test_print_area import corpus_maps

    return sorted(SAMPLES.glob("*.mapkit.json")) + sorted(SAMPLES.glob("*.hsc")) + corpus_maps()


def layouts(path: Path) -> list[tuple[str, Any]]:
    """(product, layout) of every word-placing drawing of the map: the three pictures, each Level
    sheet (with the map's placed Books) and scenario page, the report's map (`scene.browse`)."""
    from mapkit import read
    from mapkit.outputs.scene.browse import browse_scene
    from mapkit.outputs.scene.views import RenderOptions, build_scene
    from mapkit.outputs.sheets import BuildOptions, label_layouts, placed_footprints

    m = read(path)
    out: list[tuple[str, Any]] = []
    for view in ("top", "levels", "iso"):
        scene = build_scene(m, RenderOptions(view=view))
        out += [(f"render {view}", layout) for _, layout in scene.labels]
    footprints = placed_footprints(m, str(path), warn=lambda _: None)
    out += [(f"sheet of Level {group[0]}" if group[0] >= 0 else f"sheet of scenario {-group[0]}", layout)
            for group, layout in label_layouts(m, BuildOptions(footprints=footprints), scenarios=True)]
    out += [("report map", layout) for _, layout in browse_scene(m).scene.labels]
    return out


@pytest.fixture(scope="module")
def every_layout() -> list[tuple[str, str, Any]]:
    from mapkit.errors import MapkitError

    rows = []
    for path in the_maps():
        try:
            rows += [(path.name, product, layout) for product, layout in layouts(path)]
        except MapkitError:            # an unreadable corpus file is another test's business
            continue
    return rows


def test_no_word_overlaps_a_word_a_mark_or_another_pieces_outline(every_layout):
    if CORPUS is None:
        pytest.skip(NO_CORPUS)
    bad = [problem for name, product, layout in every_layout for problem in problems(layout, f"{name} {product}")]
    assert not bad, f"{len(bad)} overlaps:\n" + "\n".join(bad[:40])
    assert sum(len(layout.placed) for *_, layout in every_layout) > 3000
    assert sum(1 for _, product, layout in every_layout if product.startswith("render") and layout.placed) >= 4
    assert sum(1 for _, product, layout in every_layout if product.startswith("report") and layout.placed) >= 3


def test_the_check_finds_an_overlap():
    """The measure itself: a plate put on a figure, two plates on one spot, a plate in another
    piece's outline and two crossing leaders are each found."""
    from shapely.geometry import Point, box

    from mapkit.outputs.scene.placing import Layout, Placed, Wanted

    def plate(piece: int, x: float, leader=None) -> Placed:
        return Placed(Wanted(piece, "7", "size", ((0, 0),)), x, 0.0, 4.0, 2.0, leader)

    base = Layout([plate(1, 100.0)], [Point(0, 0).buffer(3)], 5.0)
    assert not problems(base, "clear")
    assert problems(Layout([plate(1, 0.0)], [Point(0, 0).buffer(3)], 5.0), "on a mark")
    assert problems(Layout([plate(1, 50.0), plate(2, 51.0)], [], 5.0), "on each other")
    assert problems(Layout([plate(1, 50.0)], [], 5.0, areas=[box(40, -5, 60, 5)], area_owners=[2]), "in an outline")
    assert not problems(Layout([plate(2, 50.0)], [], 5.0, areas=[box(40, -5, 60, 5)], area_owners=[2]), "its own")
    crossing = Layout([plate(1, 0.0, ((0.0, -10.0), (10.0, 10.0))), plate(2, 30.0, ((0.0, 10.0), (10.0, -10.0)))],
                      [], 5.0)
    assert any("crosses another leader" in p for p in problems(crossing, "leaders"))
