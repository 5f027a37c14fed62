"""Tournament conventions and C3G contest limits: a map that breaks each, one that keeps it."""

from __future__ import annotations

from mapkit.model.map import Map, Piece
from mapkit.rules.framework import CheckContext, load_rules, run_rules, select_rules


def zone(player: int, q0: int, r0: int, width: int, rows: int, z: int = 1) -> list[Piece]:
    return [Piece("start-zone", q, r, z, attrs={"player": player})
            for r in range(r0, r0 + rows) for q in range(q0, q0 + width)]


def ground(q0: int, q1: int, r0: int, r1: int) -> list[Piece]:
    return [Piece("grass-1", q, r, 0) for q in range(q0, q1 + 1) for r in range(r0, r1 + 1)]


def found(m: Map, code: str, profile: str = "tournament", **options) -> list:
    ctx = CheckContext(m, "t", options)
    return [f for f in run_rules(ctx, select_rules(profile)) if f.code == code]


def fair_map(**kw) -> Map:
    """Two 6x4 start zones 20 rows apart on a floor of 144 grass 1-hex tiles."""
    pieces = ground(0, 5, 0, 23) + zone(1, 0, 0, 6, 4) + zone(2, 0, 20, 6, 4)
    return Map(pieces=pieces, **kw)


def test_tournament_rules_are_documented_and_in_profile():
    rules = load_rules()
    for code in ("T201", "T202", "T203", "T204", "T205", "T206", "T207", "K301", "K302"):
        r = rules[code]
        assert r.doc.get("what") and r.doc.get("source") and r.doc.get("convention")
    # casual: how a map is built, and whether it fits the sets it names (S101), never tournament limits
    assert {r.family for r in select_rules("casual")} == {"physical", "sets"}
    assert "T201" in {r.code for r in select_rules("tournament")}
    assert "T201" not in {r.code for r in select_rules("casual")}
    assert "K301" in {r.code for r in select_rules("c3g")}


def test_t201_zone_size():
    assert found(fair_map(), "T201") == []
    m = Map(pieces=ground(0, 5, 0, 23) + zone(1, 0, 0, 6, 4) + zone(2, 0, 20, 5, 4))
    f = found(m, "T201")
    assert len(f) == 1 and "20 hexes" in f[0].message
    assert found(m, "T201", start_zone_hexes=20) != []  # player 1 now wrong
    assert len(found(m, "T201", start_zone_hexes=20)) == 1


def test_t202_zone_count():
    assert found(fair_map(), "T202") == []
    assert len(found(Map(pieces=ground(0, 5, 0, 3) + zone(1, 0, 0, 6, 4)), "T202")) == 1


def test_t203_terrain_limit():
    assert found(fair_map(), "T203") != []  # 144 grass-1 is more than 1 MS + 3 expansions hold
    small = Map(pieces=[Piece("grass-24", 0, 0, 0), Piece("ruin-2", 0, 0, 1)])
    assert found(small, "T203") == []
    two_ruins = Map(pieces=[Piece("ruin-2", 0, 0, 0), Piece("ruin-2", 4, 4, 0)])  # only RotV has ruins
    f = found(two_ruins, "T203")
    # named as the tournament limit it is, as K301 names the contest's (issue 25, item 5)
    assert f[-1].message.startswith("tournament limit (a tournament map is built from at most 1 master set(s)"), f
    assert len(f) == 1 and "2 x Rise of the Valkyrie" in f[0].message
    assert found(two_ruins, "T203", max_master_sets=2) == []


def test_t204_zone_distance():
    assert found(fair_map(), "T204") == []
    near = Map(pieces=ground(0, 5, 0, 12) + zone(1, 0, 0, 6, 4) + zone(2, 0, 9, 6, 4))
    f = found(near, "T204")
    assert len(f) == 1 and "6 hexes apart" in f[0].message


def test_t205_glyph_rules_stated():
    glyph = [Piece("glyph", 2, 10, 1, attrs={"letter": "A"})]
    m = fair_map()
    m.pieces += glyph
    assert len(found(m, "T205")) == 1
    m.notes = "Glyphs: Astrid is a permanent power glyph."
    assert found(m, "T205") == []


def test_t206_snow_rules_stated():
    m = Map(pieces=[Piece("snow-1", 0, 0, 0)])
    assert len(found(m, "T206")) == 1
    m.notes = "Heavy snow rules are not used; slippery ice is."
    assert found(m, "T206") == []


def test_t207_hive_fits():
    assert found(fair_map(), "T207") == []
    strip = Map(pieces=ground(0, 23, 0, 20) + zone(1, 0, 0, 24, 1) + zone(2, 0, 20, 24, 1))
    assert len(found(strip, "T207")) == 2


def test_k301_and_k302_contest():
    m = Map(pieces=[Piece("grass-24", 0, 0, 0), Piece("glyph", 0, 0, 1, attrs={"letter": "A"})])
    assert found(m, "K301", "c3g") == []
    assert len(found(m, "K302", "c3g")) == 1
    many = Map(pieces=[Piece(t, i * 5, 0, 0) for i, t in enumerate(
        ["ruin-2", "tree-10", "molten-lava-1", "glacier-1", "castle-flag", "palm-14"])])
    f = found(many, "K301", "c3g")
    assert len(f) == 1 and "6 sets" in f[0].message
    # named as the contest limit it is, not as a fault of any map (issue 25)
    assert f[0].message.startswith("C3G contest limit") and "(ignore=K301)" in f[0].message
    # a limit on contest entries, not a build rule: a warning, so a buildable map exits 0 (issue 25)
    assert f[0].severity == "warning"
    assert found(many, "K301", "c3g", max_terrain_sets=6) == []


def test_zones_are_counted_per_scenario():
    one = [Piece("start-zone", q, r, 1, attrs={"player": 1, "scenario": s}) for s in (1, 2)
           for r in range(4) for q in range(6)]
    two = [Piece("start-zone", q, r, 1, attrs={"player": 2, "scenario": s}) for s in (1, 2)
           for r in range(20, 24) for q in range(6)]
    m = Map(pieces=ground(0, 5, 0, 23) + one + two)
    assert found(m, "T201") == [] and found(m, "T202") == [] and found(m, "T204") == []


def test_a_small_test_map_over_the_contest_limit_validates_under_c3g(cli, tmp_path):
    """`--profile c3g` on a small test map that breaks no build rule: K301 names the contest limit
    and is a warning, so validate exits 0 (issue 25: every small test map got a K301 error)."""
    from mapkit.formats import write_map

    path = tmp_path / "test.mapkit.json"
    write_map(Map(name="test", pieces=[Piece("grass-1", q, r, 0) for q in range(10) for r in range(8)]), path)
    code, out, err = cli("validate", path, "--profile", "c3g")
    assert code == 0 and "K301 warning: C3G contest limit" in out and "0 errors, 1 warning" in out, (out, err)
