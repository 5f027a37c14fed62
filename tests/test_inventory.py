"""Inventory: requirements, the derived set table, the exact set cover, collections."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import corpus_file
from mapkit.errors import FormatError
from mapkit.sets import inventory_tsv, vsc
from mapkit.sets import TerrainSet, load_sets, minimum_cover, missing, requirements
from mapkit.sets.sets import set_table
from mapkit.model.map import Map, Piece


def test_requirements_count_pieces_lookalikes_and_glyphs():
    m = Map(pieces=[Piece("grass-24", 0, 0, 0), Piece("grass-24", 0, 6, 0), Piece("water-tall", 0, 0, 1),
                    Piece("glyph", 1, 1, 1, attrs={"letter": "A"}), Piece("start-zone", 2, 2, 1, attrs={"player": 1}),
                    Piece("figure", 3, 3, 1)])
    assert requirements(m) == {"grass-24": 2, "water-1": 2, "glyph:A": 1}


def test_set_table_keeps_provenance_and_documents_conflicts():
    table = set_table()
    sets = {s["id"]: s for s in table["sets"]}
    rotv = sets["RotV"]
    assert rotv["kind"] == "master" and rotv["pieces"]["grass-24"] == 6 and rotv["pieces"]["water-1"] == 21
    row = next(r for r in sets["TT"]["rows"] if r["piece_key"] == "glacier1")
    assert row["counts"] == {"hexoscape": 1, "virtualscape": 3, "heroscapebuilder": None}
    assert row["status"] == "CONFLICT" and row["count"] == 3 and "RPGnet" in row["chosen"]
    assert sets["LFoV"]["pieces"]["molten-lava-3"] == 3
    assert sets["SotM"]["pieces"]["grass-1"] == 1
    decided = {(d["set"], d["piece"]) for d in table["decisions"]}
    assert {("TT", "glacier1"), ("LFoV", "lava3"), ("SotM", "grass1"), ("TT", "ice3"),
            ("SotM", "swampWater6"), ("BftU", "shadow3")} <= decided
    assert "MSTK" not in {s.id for s in load_sets()}


def test_set_table_is_what_the_script_derives_from_the_csv():
    from mapkit.data.derive_sets import derive

    csv_path = corpus_file("inventories/set_inventories.csv")
    assert derive(csv_path) == set_table()


def test_cover_one_rotv():
    cover = minimum_cover({"grass-24": 6, "rock-2": 3, "ruin-3": 1, "water-1": 20}, load_sets())
    assert [(s.id, n) for s, n in cover.sets] == [("RotV", 1)]


def test_cover_reports_pieces_no_set_holds():
    cover = minimum_cover({"grass-1": 1, "cosmos-1": 4}, load_sets())
    assert cover.uncovered == {"cosmos-1": 4} and cover.count == 1


def test_cover_respects_kind_limits():
    need = {"ruin-2": 2}
    assert minimum_cover(need, load_sets()).count == 2
    limited = minimum_cover(need, load_sets(), max_per_kind={"master": 1, "expansion": 3})
    assert not limited.feasible


def _brute(need: dict[str, int], sets: list[TerrainSet], most: int = 4) -> tuple[int, int] | None:
    best = None
    for combo in itertools.product(range(most + 1), repeat=len(sets)):
        have: dict[str, int] = {}
        for s, n in zip(sets, combo):
            for t, c in s.pieces:
                have[t] = have.get(t, 0) + c * n
        if all(have.get(t, 0) >= n for t, n in need.items()):
            key = (sum(combo), sum(s.hexes * n for s, n in zip(sets, combo)))
            best = key if best is None or key < best else best
    return best


TYPES = ["grass-1", "grass-2", "rock-1", "water-1"]
SET = st.builds(lambda i, counts: TerrainSet(f"S{i}", f"S{i}", "expansion", "", tuple(
    (t, c) for t, c in zip(TYPES, counts) if c)), st.integers(0, 99), st.lists(st.integers(0, 3), min_size=4,
                                                                              max_size=4))


@settings(max_examples=120, deadline=None)
@given(st.lists(SET, min_size=1, max_size=4, unique_by=lambda s: s.id),
       st.dictionaries(st.sampled_from(TYPES), st.integers(1, 5), min_size=1))
def test_cover_is_exact_against_brute_force(sets, need):
    supplied = {t for s in sets for t, _ in s.pieces}
    need = {t: n for t, n in need.items() if t in supplied}
    if not need:
        return
    cover = minimum_cover(need, sets)
    expected = _brute(need, sets, most=5)
    if expected is None:  # needs more than 5 copies of something: only check feasibility
        assert cover.feasible
        return
    assert (cover.count, sum(s.hexes * n for s, n in cover.sets)) == expected


def test_missing():
    assert missing({"grass-1": 4, "rock-1": 1}, {"grass-1": 1, "rock-1": 3}) == {"grass-1": 3}


# collections ----------------------------------------------------------------------------------
def test_vsc_reader_generated_and_sample():
    data = b"[Collection]\r\nGrass24=2\r\nTree15=1\r\nGlyphA=1\r\nMarvelConcrete7=3\r\n"
    assert vsc.sniff(data)
    assert vsc.read_collection(data) == {"grass-24": 2, "tree-15": 1, "glyph:A": 1, "concrete-7": 3}
    sample = corpus_file("vsc/test_collection.vsc").read_bytes()
    counts = vsc.read_collection(sample, "test_collection.vsc")
    assert counts["concrete-7"] == 1 and sum(counts.values()) == 1 and len(counts) > 60


@pytest.mark.parametrize("bad, where", [(b"Grass24=2\n", "Collection"), (b"[Collection]\nGrass24=x\n", "line 2"),
                                        (b"[Collection]\nnoequals\n", "line 2")])
def test_vsc_reader_errors(bad, where):
    with pytest.raises(FormatError, match=where):
        vsc.read_collection(bad, "c.vsc")


def test_vsc_unknown_key_is_a_warning_not_a_refusal(tmp_path):
    """One key mapkit does not know (a newer VirtualScape's piece) skips that line and says so."""
    from conftest import run_subprocess

    warnings: list[str] = []
    data = b"[Collection]\nGrass24=2\nBogus=1\nTree15=1\n"
    assert vsc.read_collection(data, "c.vsc", warnings) == {"grass-24": 2, "tree-15": 1}
    assert warnings == ["line 3: unknown piece 'Bogus' (1 of it) skipped"]
    mapfile = tmp_path / "one.mapkit.json"
    mapfile.write_text('{"format": "mapkit", "version": 1, "pieces": [{"type": "grass-24", "q": 0, "r": 0, "z": 0}]}')
    (tmp_path / "mine.vsc").write_bytes(data)
    result = run_subprocess("inventory", mapfile, "--collection", tmp_path / "mine.vsc")
    assert result.returncode == 0, result.stderr
    assert "mine.vsc: warning: line 3: unknown piece 'Bogus'" in result.stderr


def test_tsv_and_csv_inventory():
    tsv = b"ID\tType\tSize\tCount\r\ngrass24\tGrass\t24\t3\r\nld\tLadder\t#N/A\t4\r\nswampBrush10\tLaur Underbrush\t10\t2\r\n"
    assert inventory_tsv.sniff(tsv)
    assert inventory_tsv.read_collection(tsv) == {"grass-24": 3, "castle-ladder": 4, "laur-brush-10": 2}
    csv_data = b"ID,Type,Size,Count\nrock7,Rock,7,2\nflag,Flag,#N/A,1\n"
    assert inventory_tsv.read_collection(csv_data) == {"rock-7": 2, "castle-flag": 1}
    template = corpus_file("hexoscape/inventory_template.tsv").read_bytes()
    counts = inventory_tsv.read_collection(template, "inventory_template.tsv")
    assert len(counts) > 90 and set(counts.values()) == {0}


@pytest.mark.parametrize("bad", [b"", b"Name,Count\nx,1\n", b"ID,Name\ngrass1,x\n", b"ID,Count\ngrass1,-1\n",
                                 b"ID,Type,Count\ngrass1\n", b"\xff\xfe",
                                 "ID,Count\ngrass1,\u00b2\n".encode()])
def test_tsv_errors(bad):
    with pytest.raises(FormatError):
        inventory_tsv.read_collection(bad, "inv.csv")


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200))
def test_collection_readers_raise_only_format_error(data):
    for module in (vsc, inventory_tsv):
        try:
            module.read_collection(data, "fuzz")
        except FormatError:
            pass
        try:
            module.read_collection(b"[Collection]\n" + data, "fuzz")
        except FormatError:
            pass


def test_inventory_collection_failures_are_one_line(tmp_path, monkeypatch):
    """Malformed collections end in one stderr line and exit 2; an endless one is not read to the end."""
    from conftest import run_subprocess
    from mapkit.sets import collection as inventory_cli  # read_collection lives in the library now

    mapfile = tmp_path / "one.mapkit.json"
    mapfile.write_text('{"format": "mapkit", "version": 1, "pieces": [{"type": "grass-1", "q": 0, "r": 0, "z": 0}]}')
    cases = {"a.vsc": b"[Collection]\nGrass24=2\nFoo=x\n", "b.vsc": b"Grass24=2\n", "c.csv": b"a,b\n1,2\n",
             "d.csv": b"", "e.tsv": b"ID\tCount\ngrass24\t-3\n", "f.bin": b"\x00\xff\x00\xfe"}
    for name, data in cases.items():
        (tmp_path / name).write_bytes(data)
        result = run_subprocess("inventory", mapfile, "--collection", tmp_path / name)
        assert result.returncode == 2 and result.stdout == "", name
        assert result.stderr.count("\n") == 1 and name in result.stderr, (name, result.stderr)
    from mapkit import records

    from mapkit import limits

    monkeypatch.setattr(limits, "COLLECTION_BYTES", records.replace(limits.COLLECTION_BYTES, value=64))
    big = tmp_path / "big.vsc"
    big.write_bytes(b"[Collection]\n" + b"Grass1=1\n" * 20)
    with pytest.raises(FormatError, match="collection size"):
        inventory_cli.read_collection(str(big))


# the exact solver -----------------------------------------------------------------------------
from conftest import corpus_files  # noqa: E402


@pytest.mark.parametrize("path", corpus_files("", "*.hsc") + corpus_files("hexoscape", "*.json")
                         + corpus_files("glasq-xhtml", "*.html"))
def test_cover_on_corpus_maps_is_proved_minimal(path):
    """Every corpus map: the answer holds every piece, and one set fewer holds them not."""
    from mapkit.formats import read_map
    from mapkit.sets import terrain_requirements

    need = terrain_requirements(read_map(str(path)))
    sets = load_sets()
    cover = minimum_cover(need, sets)
    held: dict[str, int] = {}
    for s, n in cover.sets:
        for t, c in s.pieces:
            held[t] = held.get(t, 0) + c * n
    assert all(held.get(t, 0) >= n for t, n in need.items() if t not in cover.uncovered)
    if cover.count:
        assert not minimum_cover(need, sets, max_total=cover.count - 1).feasible


def test_cover_of_a_100000_piece_map_is_fast():
    """Counts of a generated 100 000-piece map (benchmarks/generate.py): under 2 s, exact."""
    import time

    from mapkit.sets.cover import count_bound

    need = {"sand-1": 31_000, "sand-2": 4_000, "grass-1": 38_000, "grass-2": 5_000, "rock-1": 12_000,
            "rock-2": 1_500, "water-1": 3_000, "tree-10": 300, "tree-12": 250}
    sets = load_sets()
    start = time.perf_counter()
    cover = minimum_cover(need, sets)
    assert time.perf_counter() - start < 2.0
    assert cover.feasible and cover.count >= count_bound(need, sorted(need), sets)
    assert not minimum_cover(need, sets, max_total=cover.count - 1).feasible


def test_cover_ties_break_on_fewest_hexes():
    """Two sets hold the piece equally well: the one with fewer hexes in the box wins."""
    big = TerrainSet("Big", "Big", "expansion", "", (("grass-1", 2), ("grass-24", 3)))
    small = TerrainSet("Small", "Small", "expansion", "", (("grass-1", 2),))
    cover = minimum_cover({"grass-1": 2}, [big, small])
    assert [(s.id, n) for s, n in cover.sets] == [("Small", 1)]


# the proof before the solver (mapkit/sets/proof.py) -------------------------------------------
def _by_solver(need, sets, **limits):
    """The cover as HiGHS alone gives it (the proof settles nothing)."""
    from mapkit.sets import cover, proof

    def unsettled(*args, **kwargs):
        raise proof.Unsettled("left to the solver")

    kept = cover._proved
    cover._proved = unsettled
    try:
        return minimum_cover(need, sets, **limits)
    finally:
        cover._proved = kept


def _same(a, b) -> bool:
    return ([(s.id, n) for s, n in a.sets], a.uncovered, a.feasible, a.lower_bound) == \
           ([(s.id, n) for s, n in b.sets], b.uncovered, b.feasible, b.lower_bound)


REAL_TYPES = sorted({t for s in load_sets() for t, _ in s.pieces})


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(REAL_TYPES), st.integers(1, 60) | st.integers(60, 3000), min_size=1,
                       max_size=12),
       st.sampled_from([{}, {"max_copies": {"expansion": 2, "master": 1}}, {"max_total": 4},
                        {"max_per_kind": {"master": 1, "expansion": 3}, "max_copies": {"expansion": 2}}]),
       st.booleans())
def test_the_proof_answers_as_the_solver_does_on_the_official_sets(need, limits, kits):
    """Whatever the proof settles is HiGHS's answer too, set for set and copy for copy, with the
    limits the tournament rules set as well."""
    sets = load_sets(("master", "expansion", "kit") if kits else ("master", "expansion"))
    assert _same(minimum_cover(need, sets, **limits), _by_solver(need, sets, **limits))


TIE_SET = st.builds(lambda i, counts, extra: TerrainSet(f"S{i}", f"S{i}", "expansion", "", tuple(
    (t, c) for t, c in zip(TYPES + ["grass-24"], counts + [extra]) if c)),
    st.integers(0, 99), st.lists(st.integers(0, 3), min_size=4, max_size=4), st.sampled_from([0, 0, 1]))


@settings(max_examples=150, deadline=None)
@given(st.lists(TIE_SET, min_size=1, max_size=6, unique_by=lambda s: s.id),
       st.dictionaries(st.sampled_from(TYPES), st.integers(1, 12), min_size=1))
def test_the_proof_leaves_ties_to_the_solver(sets, need):
    """Small sets of few hexes tie often (equal count and hexes): the answer is still HiGHS's."""
    assert _same(minimum_cover(need, sets), _by_solver(need, sets))


def test_a_tie_is_not_settled_by_the_proof():
    from mapkit.sets.proof import Unsettled, proved_cover

    one = TerrainSet("One", "One", "expansion", "", (("grass-1", 2),))
    other = TerrainSet("Other", "Other", "expansion", "", (("grass-1", 2),))
    with pytest.raises(Unsettled):
        proved_cover({"grass-1": 2}, ["grass-1"], [one, other])
    assert proved_cover({"grass-1": 3}, ["grass-1"], [one, TerrainSet("Big", "Big", "expansion", "",
                                                                      (("grass-1", 3), ("grass-3", 1)))]) == [0, 1]


@pytest.mark.parametrize("path", corpus_files("", "*.hsc") + corpus_files("hexoscape", "*.json")
                         + corpus_files("glasq-xhtml", "*.html"))
def test_the_proof_settles_every_corpus_map_as_the_solver_does(monkeypatch, path):
    """Every corpus map's fewest sets (with and without kits, as the report and `inventory` ask)
    are proved without HiGHS, and are HiGHS's answer."""
    from mapkit.formats import read_map

    need = requirements(read_map(str(path)))
    for sets in (load_sets(), load_sets(("master", "expansion"))):
        with monkeypatch.context() as patch:
            patch.setattr("mapkit.solver.solve", lambda *a, **k: pytest.fail("the proof left it to the solver"))
            proved = minimum_cover(need, sets)
        assert _same(proved, _by_solver(need, sets))
