"""`mapkit fit`: re-tiling a map to a collection, on every corpus map and on made maps."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from conftest import CORPUS, corpus_file, corpus_files
from mapkit.fitting import fit_checked, fit_map
from mapkit.fitting.regions import cells_by_layer
from mapkit.sets import load_sets, requirements
from mapkit.sets.cover import minimum_cover
from mapkit.sets.collection import collection_tsv, missing
from mapkit.model.map import Map, Piece


def rotv_and_expansions() -> dict[str, int]:
    """One Rise of the Valkyrie master set plus one of each terrain expansion."""
    have: dict[str, int] = {}
    for s in load_sets(("master", "expansion")):
        if s.kind == "expansion" or s.id == "RotV":
            for t, n in s.pieces:
                have[t] = have.get(t, 0) + n
    return have


#: Every corpus map against that collection: it fits as it is, fits once re-tiled, or is short.
OUTCOMES = {
    "glasq-xhtml/Aaryglynn.html": "short",
    "glasq-xhtml/AncientSanctum.html": "short",
    "glasq-xhtml/Aveniul'sThreshold.html": "short",
    "glasq-xhtml/MoonLake.html": "short",
    "glasq-xhtml/RiverOfBloodRoom2.html": "fits",
    "glasq-xhtml/RiverOfBloodRoom3.html": "fits",
    "glasq-xhtml/RiverOfBloodRoom4.html": "fits",
    "glasq-xhtml/RiverofBlood.html": "short",
    "glasq-xhtml/ShadowCavern.html": "short",
    "glasq-xhtml/ShadowCavernRoom1.html": "short",
    "glasq-xhtml/ShadowCavernRoom2.html": "short",
    "glasq-xhtml/ShadowCavernRoom3.html": "short",
    "glasq-xhtml/ShadowCavernRoom4.html": "short",
    "glasq-xhtml/TheCatacombs.html": "short",
    "glasq-xhtml/MigolsTomb_malformed.html": "fits",
    "glasq-xhtml/hsbf0001_TableOfTheGiants.html": "fits",
    "glasq-xhtml/hsbf0023_Genotech.html": "short",
    "hexoscape/AoA_1_The_Shattered_Table.json": "fits",  # its 4 Laur pillars: Ruins at Laur's Edge's stackable ones
    "hexoscape/BWBB_1_Vengalla_Gulch.json": "fits",
    "hexoscape/Everything_Bagel.json": "short",
    "hexoscape/The_Sunken_Crypt.json": "short",
    "hexoscape/Welcome.json": "fits",  # its 2 Laur pillars: Ruins at Laur's Edge's stackable ones
    "hexoscape/testpillar.json": "short",
    "hsc/Dissolutio-heroscape-map-editor/313b9afe/testMap.hsc": "short",
    "hsc/Dissolutio-heroscape-map-editor/47087889/ruins.hsc": "fits",
    "hsc/Dissolutio-heroscape-map-editor/735587ff/ruins.hsc": "short",
    "hsc/Dissolutio-heroscape-map-editor/7e8c4a4f/HexoscapeMap.hsc": "fits",
    "hsc/Dissolutio-heroscape-map-editor/7e8c4a4f/asphalt.hsc": "short",
    "hsc/Dissolutio-heroscape-map-editor/7e8c4a4f/personal.hsc": "short",
    "hsc/Dissolutio-heroscape-map-editor/7e8c4a4f/solo.hsc": "fits",
    "hsc/Dissolutio-heroscape-map-editor/7eaba6f8/ruins.hsc": "short",
    "hsc/Dissolutio-heroscape-map-editor/848ca201/testMap.hsc": "short",
    "hsc/Dissolutio-heroscape-map-editor/861e1874/ladders.hsc": "fits",
    "hsc/Dissolutio-heroscape-map-editor/882edc91/land.hsc": "retiled",
    "hsc/Dissolutio-heroscape-map-editor/8a84b7dd/buildup.hsc": "fits",
    "hsc/Dissolutio-heroscape-map-editor/9031a42f/ruins.hsc": "short",
    "hsc/Dissolutio-heroscape-map-editor/9031a42f/templates.hsc": "short",
    "hsc/Dissolutio-heroscape-map-editor/bd7f6566/ruins.hsc": "short",
    "hsc/dkniffin-virtualscape/Castle vs elements.hsc": "short",
    "hsc/dkniffin-virtualscape/Chat perche.hsc": "fits",
    "hsc/dkniffin-virtualscape/Flag test.hsc": "fits",
    "hsc/dkniffin-virtualscape/In the Middle of the Elements.hsc": "short",
    "hsc/dkniffin-virtualscape/Le plateau de Tylaan.hsc": "short",
    "hsc/dkniffin-virtualscape/Rotten Ice.hsc": "short",
    "hsc/dkniffin-virtualscape/Table des geants.hsc": "fits",
    "hsc/dkniffin-virtualscape/Table des geants2.hsc": "fits",
    "hsc/dkniffin-virtualscape/Tombe de Migol.hsc": "fits",
    "hsc/dkniffin-virtualscape/test.hsc": "fits",
    "pairs/The West Barbican of Idona Castle.hsc": "fits",
    "pairs/TheWestBarbicanOfIdonaCastle.html": "fits",
}


@pytest.fixture
def quick(monkeypatch):
    """The best-effort parts (shortfall, purchase) stop early: the outcome does not depend on them."""
    import mapkit.fitting.plan as plan

    monkeypatch.setattr(plan, "PURCHASE_TIME_S", 0.3)
    monkeypatch.setattr(plan, "SHORTFALL_TIME_S", 0.3)


def test_every_corpus_map_has_a_pinned_outcome():
    if CORPUS is None:
        pytest.skip("no corpus")
    found = {str(p.relative_to(CORPUS)) for pattern in ("*.hsc", "*.json", "*.html")
             for sub in ("hsc", "pairs", "hexoscape", "glasq-xhtml") for p in (CORPUS / sub).rglob(pattern)}
    assert found == set(OUTCOMES)


@pytest.mark.parametrize("path", corpus_files("", "*.hsc") + corpus_files("hexoscape", "*.json")
                         + corpus_files("glasq-xhtml", "*.html") + corpus_files("pairs", "*.html"))
def test_fit_on_corpus_maps(path, quick):
    from mapkit.formats import read_map

    m = read_map(str(path))
    have = rotv_and_expansions()
    result, added = fit_checked(m, have)
    outcome = OUTCOMES[str(path.relative_to(CORPUS))]
    assert ("fits" if result.already_fits else "retiled" if result.feasible else "short") == outcome
    if result.feasible:
        assert added == []
        assert cells_by_layer(result.map) == cells_by_layer(m)
        need = requirements(result.map)  # (a Laur piece may be a stackable one: mapkit.sets.laur)
        assert missing({t: n for t, n in need.items() if not t.startswith("glyph:")}, have) == {}
    else:
        assert result.short_pieces or result.short_hexes
        # no set sells VirtualScape's personal tiles; everything else can be bought (unless the
        # shortened time limit here passed before any purchase was found, which is then said)
        personal = any(t.startswith("personal:") for t in result.short_pieces)
        assert (result.purchase is None) == personal or not result.purchase_proved
        # never more sets than a purchase known from the start: the map as it is plus the
        # smallest set combination holding what the collection lacks (HiGHS once lost it)
        lack = {t: n - have.get(t, 0) for t, n in requirements(m).items()
                if n > have.get(t, 0) and not t.startswith("glyph:")}
        known = minimum_cover(lack, load_sets(("master", "expansion", "kit")))
        if known.feasible and not known.uncovered:
            assert result.purchase is not None
            assert sum(n for _, n in result.purchase) <= sum(n for _, n in known.sets)
        if result.short_hexes_bound is not None:
            assert result.short_hexes_bound <= sum(result.short_hexes.values())


#: One of the fewest-piece ways (7 pieces) to lay a grass 24-hex's hexes without another 24;
#: three 7-hex flowers never fit in its outline together.
GRASS_24_CUT = {"grass-7": 2, "grass-3": 2, "grass-2": 1, "grass-1": 2}


def test_fit_breaks_a_24_hex_grass_into_the_pieces_owned():
    m = Map(pieces=[Piece("grass-24", 0, 0, 0)])
    result = fit_map(m, {"grass-7": 3, "grass-3": 3, "grass-2": 3, "grass-1": 3})
    cut = Counter(p.type for p in result.map.pieces)
    assert result.feasible and len(result.map.pieces) == 7 and cut["grass-7"] == 2
    assert sum(n * int(t.split("-")[1]) for t, n in cut.items()) == 24
    assert cells_by_layer(result.map) == cells_by_layer(m)
    assert [c.removed for c in result.changes] == [[0]]
    assert not fit_map(m, {"grass-7": 3, "grass-1": 3}).feasible


def test_fit_changes_as_little_as_it_can():
    """Two 24s, one owned: one 24 stays as it was, only the other is re-cut."""
    m = Map(pieces=[Piece("grass-24", 0, 0, 0), Piece("grass-24", 10, 0, 0)])
    result = fit_map(m, {"grass-24": 1, **GRASS_24_CUT})
    assert result.feasible
    assert result.map.pieces[0] is m.pieces[0] or result.map.pieces[-1] is m.pieces[1]
    assert Counter(p.type for p in result.map.pieces) == {"grass-24": 1, **GRASS_24_CUT}


def test_a_tile_over_a_gap_still_bridges_it():
    """A 3-hex tile on two towers, its third hex over air: that hex's new piece must reach a tower."""
    towers = [Piece("rock-1", 0, 0, 0), Piece("rock-1", 0, 1, 0)]
    bridge = Piece("grass-3", 0, 0, 1, 0)  # hexes (0,0), (1,0), (0,1): (1,0) has nothing under it
    m = Map(pieces=towers + [bridge])
    assert not fit_map(m, {"rock-1": 2, "grass-1": 3}).feasible
    ok = fit_map(m, {"rock-1": 2, "grass-2": 1, "grass-1": 1})
    assert ok.feasible
    for piece in ok.map.pieces[2:]:
        assert any((q, r) in {(0, 0), (0, 1)} for q, r in ok.map.footprint(piece))


def test_keep_shapes_leaves_the_pieces_owned_alone():
    big = Piece("grass-24", 0, 0, 0)
    east = max(q for q, _ in Map(pieces=[big]).footprint(big)) + 2
    m = Map(pieces=[big, Piece("grass-7", east, 0, 0)])
    kept = fit_map(m, {"grass-7": 3, "grass-3": 3, "grass-2": 3, "grass-1": 3}, keep_shapes=True)
    assert kept.feasible and [c.removed for c in kept.changes] == [[0]]


def test_shortfall_and_purchase():
    m = Map(pieces=[Piece("grass-24", 0, 0, 0), Piece("tree-10", 0, 0, 1)])
    result = fit_map(m, {"grass-7": 1})
    assert not result.feasible
    assert result.short_hexes == {"grass": 17} and result.short_pieces == {"tree-10": 1}
    # no set holds both 17 hexes of grass and a tree 10: two sets, one of them with the tree
    assert result.purchase and result.purchase_proved and sum(n for _, n in result.purchase) == 2
    assert {s.id for s, _ in result.purchase} & {"RttFF", "FoV"}


def test_shortfall_bound_from_capacity_when_the_solver_proves_none(monkeypatch):
    """However a terrain is cut, its hexes past what its spare pieces hold are short: that bound
    stands even when time runs out before the solver proves one (it once printed "at least 0")."""
    import mapkit.fitting.plan as plan

    monkeypatch.setattr(plan, "SHORTFALL_TIME_S", 1e-9)
    m = Map(pieces=[Piece("grass-24", 0, 0, 0), Piece("grass-24", 10, 0, 0)])
    result = fit_map(m, {"grass-7": 2, "grass-3": 1})
    assert not result.feasible and result.short_hexes_bound == 48 - 17
    assert sum(result.short_hexes.values()) >= 31


@pytest.mark.parametrize("bound, proved, words", [(None, False, "not proved the fewest"), (0, False, "not proved"),
                                                  (12, False, "at least 12 hexes"), (30, True, "by terrain:")])
def test_shortfall_text_never_claims_a_bound_it_lacks(bound, proved, words):
    from mapkit.fitting.fit_report import render_text

    rep = {"fits": False, "short_hexes": {"grass": 30}, "short_hexes_proved": proved, "short_hexes_at_least": bound,
           "short_pieces": [], "purchase": None, "purchase_proved": True, "purchase_at_least": None}
    text = render_text(rep, "m")
    assert words in text and "None" not in text and "at least 0" not in text


def test_purchase_text_says_proved_when_the_count_is():
    from mapkit.fitting.fit_report import render_text

    rep = {"fits": False, "short_hexes": {}, "short_hexes_proved": True, "short_hexes_at_least": 3,
           "short_pieces": [{"type": "tree-10", "name": "Evergreen tree 10", "count": 1}],
           "purchase": [{"id": "FoV", "name": "Forests", "kind": "expansion", "copies": 1}],
           "purchase_proved": False, "purchase_at_least": 1}
    assert "Smallest purchase that closes the gap (1 set(s))" in render_text(rep, "m")
    rep["purchase_at_least"] = 0
    assert "not proved the smallest" in render_text(rep, "m")


def test_picture_outlines_a_covered_piece_in_its_own_level():
    """A grass 24 re-cut under a rock 24: seen from above its cuts would be drawn over the rock,
    so the picture goes level by level with the outlines in Level 1's panel, the only Level drawn
    (the rock's Level 2, unchanged, is left out). Alone on the table, the same re-cut is drawn
    from above."""
    import re

    from mapkit.outputs.fit_picture import picture

    cut = {"grass-7": 3, "grass-3": 3, "grass-2": 3, "grass-1": 3}
    under = fit_map(Map(pieces=[Piece("grass-24", 0, 0, 0), Piece("rock-24", 0, 0, 1)]), {**cut, "rock-24": 1})
    svg = picture(under, svg=True).decode()
    assert re.findall(r'<g id="(panel-\d|fit-changes[^"]*)"', svg) == ["panel-1", "fit-changes-1"]
    alone = fit_map(Map(pieces=[Piece("grass-24", 0, 0, 0)]), cut)
    svg = picture(alone, svg=True).decode()
    assert re.findall(r'<g id="(panel-\d|fit-changes[^"]*)"', svg) == ["fit-changes"]
    assert svg.count("stroke=\"#e6148c\"") >= 14  # every edge of the 7 new pieces facing another


def test_picture_of_a_tall_map_draws_only_the_levels_fit_changed():
    """A grass 24 re-cut on Level 1 under a tower of rock 24s up to Level 11, and a second grass 24
    re-cut on Level 3 in it: two panels (Levels 1 and 3), not eleven. (The Sunken Crypt,
    re-cut on Level 1 only, once came out as 33 panels, 4985 x 5319 pixels.)"""
    import re

    from mapkit.outputs.fit_picture import picture

    cut = {"grass-7": 6, "grass-3": 6, "grass-2": 6, "grass-1": 6, "rock-24": 9}
    tower = [Piece("grass-24", 0, 0, 0), Piece("rock-24", 0, 0, 1), Piece("grass-24", 0, 0, 2)]
    tower += [Piece("rock-24", 0, 0, z) for z in range(3, 11)]
    result = fit_map(Map(pieces=tower), cut)
    assert result.feasible and {c.z for c in result.changes} == {0, 2}
    svg = picture(result, svg=True).decode()
    assert re.findall(r'<g id="(panel-\d+|fit-changes[^"]*)"', svg) == ["panel-1", "fit-changes-1",
                                                                          "panel-3", "fit-changes-3"]
    assert "only the Levels fit changed are drawn" in svg
    # as `mapkit fit --picture` words it (it has no --view): the command named once (it said
    # "mapkit render mapkit render --view levels"), and as a program's call
    from mapkit.cli import COMMANDS  # noqa: F401  (the parsers the wording asks)
    from mapkit.cli.wording import Flags
    from mapkit.wording import speaking
    from tests.test_cli_help import _commands

    import html

    def words(svg_text: str) -> str:
        return " ".join(html.unescape(t) for t in re.findall(r">([^<>]+)</text>", svg_text))

    with speaking(Flags.of(_commands()["fit"], _commands)):
        said = words(picture(result, svg=True).decode())
    assert "(mapkit render --view levels draws every Level)" in said
    assert "mapkit.render view=levels draws every Level" in words(svg)


def test_picture_labels_each_piece_laid_with_its_size_and_sheet_place_as_the_text_does():
    """"Grass 7-hex at C7 (12, 5)" in the text is "7-hex" over "C7" on the picture's C7 hex, for
    every piece fit laid; a picture of one Level's panel says that Level, not "level by level"."""
    import re

    from mapkit.fitting.fit_report import render_text, summary
    from mapkit.outputs.fit_picture import picture

    cut = {"grass-7": 3, "grass-3": 3, "grass-2": 3, "grass-1": 3}
    m = Map(name="patch", pieces=[Piece("grass-24", 0, 0, 0)])
    alone = fit_map(m, cut)
    text = render_text(summary(m, alone, "x.hsc"), "patch")
    said = re.findall(r"\+ Grass (\d+)-hex at (\w+) ", text)
    assert len(said) == 7
    svg = picture(alone, svg=True).decode()
    labels = re.findall(r"<text[^>]*>([^<]+)</text>", svg)
    pairs = Counter(zip(labels, labels[1:]))
    for size, place in said:
        assert pairs[(f"{size}-hex", place)] >= 1, (size, place, labels)
    assert "seen from above" in svg
    under = fit_map(Map(name="under", pieces=[Piece("grass-24", 0, 0, 0), Piece("rock-24", 0, 0, 1)]),
                    {**cut, "rock-24": 1})
    svg = picture(under, svg=True).decode()
    assert "Level by Level" not in svg and "under - Level 1" in svg


# the command ---------------------------------------------------------------------------------
def test_cli_fits_writes_map_and_picture_checked_by_inventory(tmp_path, cli):
    src = corpus_file("hsc/Dissolutio-heroscape-map-editor/882edc91/land.hsc")
    coll = tmp_path / "mine.tsv"
    coll.write_text(collection_tsv(rotv_and_expansions()))
    out = tmp_path / "land-fit.hsc"
    code, text, err = cli("fit", src, "--collection", coll, "-o", out, "--json")
    assert code == 0, err
    rep = json.loads(text)
    assert rep["fits"] and rep["changes"] and rep["new_findings"] == []
    assert all(c["removed"] and c["added"] for c in rep["changes"])
    assert out.exists() and (tmp_path / "land-fit.png").read_bytes()[:4] == b"\x89PNG"
    code, text, _ = cli("inventory", out, "--collection", coll, "--json")
    assert code == 0 and json.loads(text)["missing"] == []


def test_cli_cannot_fit_writes_nothing(tmp_path, cli, quick):
    src = corpus_file("hexoscape/Welcome.json")
    coll = tmp_path / "few.tsv"
    coll.write_text(collection_tsv({"grass-7": 1, "rock-1": 2}))
    code, text, _ = cli("fit", src, "--collection", coll, "-o", tmp_path / "out.json")
    assert code == 1 and "cannot fit" in text and "Hexes short" in text and "purchase" in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["few.tsv"]


@pytest.mark.parametrize("content, message", [
    ("ID\tCount\ngrass24\tmany\n", "line 2"),
    ("ID\tCount\ngrass24\t0\n", "holds no pieces"),
])
def test_cli_bad_collection_one_line_exit_2(tmp_path, cli, content, message):
    src = corpus_file("hexoscape/Welcome.json")
    coll = tmp_path / "bad.tsv"
    coll.write_text(content)
    code, out, err = cli("fit", src, "--collection", coll, "-o", tmp_path / "out.json")
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.tsv"]


def test_cli_map_with_unknown_piece_exit_2(tmp_path, cli):
    bad = tmp_path / "bad.json"
    bad.write_text('{"hexMap":{"id":"1","name":"x","shape":"rectangle","width":1,"length":1},'
                   '"boardPieces":{"0~0~0~0~zz9":"zz9"}}')
    coll = tmp_path / "c.tsv"
    coll.write_text(collection_tsv({"grass-1": 1}))
    code, _, err = cli("fit", bad, "--collection", coll)
    assert code == 2 and "zz9" in err and len(err.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json", "c.tsv"]


def test_cli_refuses_to_replace_the_map(tmp_path, cli):
    src = tmp_path / "m.json"
    src.write_bytes(corpus_file("hexoscape/Welcome.json").read_bytes())
    coll = tmp_path / "c.tsv"
    coll.write_text(collection_tsv({"grass-1": 1}))
    code, _, err = cli("fit", src, "--collection", coll, "-o", src)
    assert code == 2 and "replace" in err


def test_retile_is_the_deprecated_name_of_fit():
    import mapkit

    field = Map(name="field", pieces=[Piece("grass-3", 0, 0, 0), Piece("grass-3", 3, 0, 0)])
    with pytest.warns(DeprecationWarning, match="is now mapkit.fit"):
        old = mapkit.retile(field, {"grass-2": 2, "grass-1": 2})
    new = mapkit.fit(field, {"grass-2": 2, "grass-1": 2})
    assert (old.feasible, old.map, old.changes) == (new.feasible, new.map, new.changes)
    assert "retile" not in mapkit.__all__ and "fit" in mapkit.__all__


def test_cli_a_picture_too_large_is_refused_before_the_map_is_written(tmp_path, cli):
    """Two grass 2-hex tiles 5,000 hexes apart along a diagonal (within the drawing extent):
    `fit --picture` wrote the new map, then stopped with exit 3, "internal error: ValueError:
    image would be 270952 x 155981 pixels". `render` refuses the same picture cleanly: so must fit,
    before it writes anything."""
    src = tmp_path / "far.mapkit.json"
    src.write_text(json.dumps({"format": "mapkit", "version": 2, "name": "far", "pieces": [
        {"type": "grass-2", "q": 0, "r": 0, "z": 0, "rotation": 0},
        {"type": "grass-2", "q": 5000, "r": 5000, "z": 0, "rotation": 0}]}))
    code, _, err = cli("fit", src, "--collection", "60 x grass-1", "--picture", tmp_path / "fit.png",
                       "-o", tmp_path / "fit.mapkit.json")
    assert code == 2 and "image would be" in err and "internal error" not in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["far.mapkit.json"]
