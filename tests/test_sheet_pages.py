"""Sheets without waste (issue 34, item 4), read from the pages as composed (`sheets.compose`,
nothing painted): each page's legend explains every C3G mark it shows; no list is cut ("... and 9
more kinds"), nor a scenario's text ("... goes on in the map's own file"); notes that are not prose
are said in one line; figures and markers are listed apart from the parts a builder lays."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import CORPUS, NO_CORPUS
from mapkit.model.map import Map, Piece
from mapkit.outputs.scene.shapes import Group, Text

ROOT = Path(__file__).resolve().parent.parent


def pages_of(m: Map, **options):
    from mapkit.outputs.sheets import BuildOptions, compose, placed_footprints

    footprints = placed_footprints(m, warn=lambda _: None)
    return compose(m, BuildOptions(footprints=footprints, **options))


def words(group: Group, skip: str | None = None) -> list[str]:
    """The words of a group, leaving out its groups named `skip`."""
    out = []
    for item in group.items:
        if isinstance(item, Group):
            if skip is None or item.id != skip:
                out += words(item, skip)
        elif isinstance(item, Text):
            out.append(item.text)
    return out


def c3g_words(group: Group) -> list[str]:
    """The words the C3G layer writes on a page's map (its groups `c3g...`)."""
    out = []
    for item in group.items:
        if isinstance(item, Group):
            out += words(item) if (item.id or "").startswith("c3g") else c3g_words(item)
    return out


def explains(legend: str, mark: str) -> bool:
    """Whether a legend's words say what a C3G mark on the map means."""
    import re

    from mapkit.outputs.scene.c3g import MARK_LABELS

    classes = {"F": "Full hex", "H": "Half hex", "P": "Partial hex", "C": "covered by the building"}
    if mark in classes:
        return classes[mark] in legend
    if "aboard" in mark:
        return "aboard" in legend
    kind = next((k for k, said in MARK_LABELS.items() if re.fullmatch(re.escape(said) + r"\d*", mark)), None)
    if kind is not None:
        return f"({MARK_LABELS[kind]}" in legend
    return "initials" in legend                     # an object's or a vehicle's initials


def test_the_street_sheets_explain_every_c3g_mark_they_show():
    """The street's sheet listed asphalt, concrete and start zones, not the F/H/P/C rings, Door,
    Up3, Exit4 or "2 aboard" it drew."""
    from mapkit import read

    street = read(ROOT / "samples" / "maps" / "street.mapkit.json")
    shown = set()
    for page in pages_of(street):
        maps = [item for item in page.root.items if isinstance(item, Group) and item.id == "map"]
        if not maps:
            continue
        marks = set(c3g_words(maps[0]))
        legend = " ".join(words(page.root, skip="map"))
        unexplained = sorted(mark for mark in marks if not explains(legend, mark))
        assert not unexplained, f"{page.title}: {unexplained}"
        shown |= marks
    assert {"F", "H", "P", "C", "Door", "Up3", "Exit4", "2 aboard"} <= shown


def test_a_legend_lists_only_what_its_page_draws():
    """The whole map's legend was on every sheet: a Level's sheet now names its own pieces."""
    m = Map(name="Two", pieces=[Piece("grass-24", 0, 0, 0), Piece("water-1", 9, 0, 0), Piece("rock-7", 2, 2, 1),
                                Piece("tree-10", 5, 1, 1)])
    first, second = pages_of(m)[:2]
    said = [set(words(page.root, skip="map")) for page in (first, second)]    # each legend line a word
    assert {"grass", "water (fluid)", "tree"} <= said[0] and "rock" not in said[0]
    assert "rock" in said[1] and not {"grass", "water (fluid)", "tree"} & said[1]


def _corpus() -> list[Path]:
    from tests.test_print_area import corpus_maps

    return corpus_maps()


@pytest.mark.skipif(CORPUS is None, reason=NO_CORPUS)
def test_no_list_and_no_scenario_text_is_cut_on_any_corpus_map():
    from mapkit import read
    from mapkit.errors import MapkitError

    cut = []
    for path in _corpus():
        try:
            m = read(path)
        except MapkitError:
            continue
        if not m.pieces:
            continue
        for n, page in enumerate(pages_of(m), 1):
            for text in words(page.root):
                if "more kinds" in text or "goes on in the map's own file" in text or text.endswith("more"):
                    cut.append(f"{path.name} page {n}: {text}")
    assert not cut, "\n".join(cut[:20])


def test_notes_that_are_not_prose_are_said_in_one_line():
    from mapkit.outputs.scene.text import is_prose, summary

    blob = "ABC" * 10000
    assert not is_prose(blob) and is_prose("The player who moves the Glyph of Brandar off the map wins.")
    assert summary(blob) == "30,000 characters, not prose ('ABC' repeated): not printed"
    m = Map(name="Blob", notes=blob, pieces=[Piece("grass-1", 0, 0, 0)])
    texts = [t for page in pages_of(m) for t in words(page.root)]
    assert summary(blob) in " ".join(texts) and not any("ABCABC" in t for t in texts)


def test_figures_and_markers_are_listed_apart_from_the_parts():
    m = Map(name="Cast", pieces=[Piece("grass-24", 0, 0, 0), Piece("start-zone", 0, 0, 1, attrs={"player": 1}),
                                 Piece("figure", 1, 0, 1, attrs={"player": 1, "label": "3", "name": "Raelin"}),
                                 Piece("glyph", 2, 0, 1, attrs={"letter": "A"})])
    said = words(pages_of(m)[0].root)
    heads = [t for t in said if t.startswith(("Parts for", "Start zones", "Figures"))]
    assert heads == ["Parts for Level 1", "Start zones and glyphs on Level 1", "Figures on Level 1"]
    rows = said[said.index("Parts for Level 1"):said.index("Start zones and glyphs on Level 1")]
    assert "x Grass 24-hex" in rows and not any("Raelin" in t or "glyph" in t for t in rows)
    assert "x 3: Raelin, player 1" in said and "x glyph A (Astrid)" in said


@pytest.mark.skipif(CORPUS is None, reason=NO_CORPUS)
def test_every_word_of_a_scenario_s_text_is_printed():
    """Genotech's scenarios ended "... (the scenario's text goes on in the map's own file)" with
    half the page empty; their texts run on, in columns, word for word."""
    from conftest import corpus_file

    from mapkit import read

    m = read(corpus_file("glasq-xhtml/hsbf0023_Genotech.html"))
    printed = set(" ".join(t for page in pages_of(m) for t in words(page.root)).split())
    for number in m.scenarios():
        said = set(m.scenario_setup(number).notes.split())
        assert said and said <= printed, (number, sorted(said - printed)[:5])


def test_the_boards_letters_stay_off_the_maps_rim_at_any_scale():
    """A small map is drawn at true size (the Laur reproducer: three hexes across), its rim a
    line 3.8 mm wide: the column letters sat on the hexes' top corners and the row numbers on the
    rim, 0.7 mm from the hexes' corners. Every letter and number keeps clear of the rim's line."""
    from shapely.geometry import LineString, box

    from mapkit.outputs.sheets.levels import coordinate_size

    def shapes(group: Group, x: float = 0.0, y: float = 0.0, k: float = 1.0, inside: str = ""):
        x, y = x + k * group.offset[0], y + k * group.offset[1]
        k *= group.scale
        for item in group.items:
            if isinstance(item, Group):
                yield from shapes(item, x, y, k, item.id or (item.attrs or {}).get("class") or inside)
            else:
                yield inside, item, x, y, k

    for m in (Map(name="Laur", pieces=[Piece("grass-7", 1, 1, 0), Piece("laur-pillar", 1, 1, 1)]),
              Map(name="Cliff", pieces=[Piece("grass-7", 1, 1, 0), Piece("rock-7", 1, 1, 1), Piece("rock-7", 1, 1, 2)])):
        found = list(shapes(pages_of(m)[0].root))
        letters, rim = [], []
        for where, item, x, y, k in found:
            if where == "board-edges" and isinstance(item, Text):
                size = item.size * k
                w = size * 0.62 * len(item.text)
                left = {"start": 0.0, "end": w}.get(item.anchor, w / 2)
                cx, cy = x + k * item.x, y + k * item.y
                letters.append(box(cx - left, cy - size * 0.45, cx - left + w, cy + size * 0.45))
            elif where == "contour" and hasattr(item, "pts") and not item.closed:
                line = LineString([(x + k * px, y + k * py) for px, py in item.pts]).buffer(item.width * k / 2)
                rim.append(line)
        assert letters and rim and coordinate_size(1.0) > 6
        touching = [b.bounds for b in letters if any(b.intersects(r) for r in rim)]
        assert not touching, f"{m.name}: {len(touching)} of {len(letters)} letters on the rim"


def test_a_glyph_is_listed_by_its_letter_and_name_and_face_down_ones_say_so():
    """Glyphs that share a letter (F: Felaron and another) are told apart by their names; a
    face-down glyph, a treasure one too, says so (the lists said 'glyph F' twice and 'glyph ?')."""
    from mapkit.outputs.scene.parts import glyph_words, parts_list

    m = Map(name="Glyphs", pieces=[Piece("grass-24", 0, 0, 0),
                                   Piece("glyph", 0, 0, 1, attrs={"letter": "A"}),
                                   Piece("glyph", 1, 0, 1, attrs={"letter": "F", "name": "Felaron"}),
                                   Piece("glyph", 2, 0, 1, attrs={"letter": "?", "treasure": True}),
                                   Piece("glyph", 3, 0, 1, attrs={"letter": "?"})])
    listed = dict(parts_list(m, list(range(len(m.pieces)))))
    for words in ("glyph A (Astrid)", "glyph F (Felaron)", "glyph ? (treasure, face down)", "glyph ? (face down)"):
        assert listed.get(words) == 1, (words, listed)
    assert glyph_words({"letter": "F", "name": "Frosa"}).startswith("glyph F (") and \
        glyph_words({"letter": "F", "name": "Frosa"}) != glyph_words({"letter": "F", "name": "Felaron"})
