"""Every piece of the current Hexoscape editor (134 terrain pieces and 14 markers, listed from its
source in shared/docs/hexoscape-pieces.md): each round-trips through Hexoscape JSON and the native
format, draws, is counted by the inventory and validates, on a small map made here."""

from __future__ import annotations

import pytest

from mapkit.formats import hexoscape, native
from mapkit.model.catalog import catalog
from mapkit.model.map import Map, Piece
from mapkit.sets import requirements

#: The Hexoscape ids of every terrain piece (land, fluid, Laur walls, hex and edge obstacles,
#: castle, Shores of Valhalla), in the order of hexoscape-pieces.md.
TERRAIN_IDS = (
    "g1 g2 g3 g7 g24 r1 r2 r3 r7 r24 s1 s2 s3 s7 s24 d1 d2 d3 d7 d24 sw1 sw2 sw3 sw7 sw24 sn1 sn2 sn3 sn7 sn24 "
    "lf1 lf2 lf3 lf7 lf24 a1 a2 a3 a7 a24 c1 c2 c3 c6 c7 c24 rd1 rd2 rd5 x1 at1 at2 at3 at7 at24 wd2 cg1 cg7 cg9 "
    "ww1 xw1 w1 w3 l1 l3 ws1 ws3 ws6 i1 i3 i4 i6 sh1 sh3 lwp lwp2 lwt lws lws2 lwl lwl2 lwa lwr lwr2 lwr3 "
    "tr10 tr11 tr12 tr15 str10 str12 tp14 tp15 tp16 tb9 lp13 lp14 lp15 lb10 sb10 o1 o3 ol1 ol3 og1 og3 og4 og6 h "
    "m7 m10 m13 rs2 rs3 rm rmb rmn rmnb fw cbc cbs cbe cwc cws cwe ca cab bt ld rw sl sb cn rl").split()
MARKER_IDS = "z1 z2 z3 z4 z5 z6 z7 z8 y0 y1 om11 om12 om21 om22".split()
WALLS = {"cwc", "cws", "cwe"}
#: Edge add-ons and what they hang on across their east edge (a castle wall on its base, a ship wall).
HOSTS = {"bt": "castle", "ld": "castle", "rl": "ship", "rw": "row"}


def test_the_lists_are_complete():
    assert len(TERRAIN_IDS) == len(set(TERRAIN_IDS)) == 134 and len(MARKER_IDS) == 14
    assert all(hid in catalog().by_hexoscape for hid in TERRAIN_IDS)


def board(radius: int = 6) -> list[Piece]:
    """Rock 1-hex tiles on the table, every hex within `radius` of (0, 0)."""
    return [Piece("rock-1", q, r, 0) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
            if abs(q) + abs(r) + abs(q + r) <= 2 * radius]


def map_with(hid: str) -> tuple[Map, Piece]:
    """A map holding the piece `hid` where it belongs, on a field of rock."""
    piece_type, attrs, extras = hexoscape.type_for_id(hid, "$")
    pieces = board()
    piece = Piece(piece_type, 0, 0, 1, 0, dict(attrs))
    if extras:
        piece.extras["hexoscape"] = dict(extras)
    if hid in WALLS:
        pieces.append(Piece("castle-base-straight", 0, 0, 1))
        piece.z = 2
    host = HOSTS.get(hid)
    if host == "castle":
        pieces += [Piece("castle-base-straight", 1, 0, 1), Piece("castle-wall-straight", 1, 0, 2)]
    elif host == "ship":
        pieces.append(Piece("ship-wall", 1, 0, 1))
    elif host == "row":  # a stone wall hangs along the side of a row of tiles at its level
        pieces += [Piece("rock-1", q, r, 1) for q, r in catalog()[piece_type].attached_hexes(0, 0, 0)]
    pieces.append(piece)
    return Map(name=f"piece {hid}", pieces=pieces), piece


def positions(m: Map) -> list[tuple]:
    return sorted((p.type, p.q, p.r, p.z, float(p.rotation), sorted(p.attrs.items())) for p in m.pieces)


def _pixels(png: bytes) -> bytes:
    from io import BytesIO

    from PIL import Image

    image = Image.open(BytesIO(png)).convert("RGB")
    return repr(image.size).encode() + image.tobytes()


_BASES: dict = {}


def _without(base: Map, view: str) -> bytes:
    """The pixels of the map around a piece (drawn once per distinct map and view)."""
    from mapkit.outputs.paint.raster import render_png
    from mapkit.outputs.scene.views import RenderOptions, build_scene

    key = (view, repr(positions(base)))
    if key not in _BASES:
        _BASES[key] = _pixels(render_png(build_scene(base, RenderOptions(view=view, title=False)), scale=6))
    return _BASES[key]


@pytest.mark.parametrize("hid", TERRAIN_IDS + MARKER_IDS)
def test_piece_round_trips_draws_counts_and_validates(hid):
    from mapkit.outputs.paint.raster import render_png
    from mapkit.outputs.scene.views import RenderOptions, build_scene
    from mapkit.rules.framework import CheckContext, run_rules, select_rules

    m, piece = map_with(hid)
    # Hexoscape JSON: the piece comes back where it was, under the same id
    back = hexoscape.read(hexoscape.write(m))
    assert positions(back) == positions(m)
    assert hid in hexoscape.write(back).decode()
    assert hexoscape.losses(m) == []
    # native JSON
    assert positions(native.read(native.write(m))) == positions(m)
    # drawn from above and stacked: the picture differs from the same map without the piece
    # (the objective markers were once left out of the stacked view)
    base = Map(name=m.name, pieces=[p for p in m.pieces if p is not piece])
    for view in ("top", "iso"):
        drawn = render_png(build_scene(m, RenderOptions(view=view, title=False)), scale=6)
        assert drawn.startswith(b"\x89PNG")
        assert _pixels(drawn) != _without(base, view), view
    # counted: every piece but a start zone is something one owns
    need = requirements(m)
    ptype = catalog()[piece.type]
    if ptype.terrain == "start-zone":
        assert piece.type not in need
    elif ptype.terrain == "glyph":
        assert need["glyph:any"] == 1
    else:
        assert sum(need.get(t, 0) for t in (ptype.inventory_as or {piece.type: 1})) >= 1
    # validates: placed as it should be, no physical error
    found = list(run_rules(CheckContext(m), select_rules("casual")))
    errors = [f for f in found if f.code.startswith("P1") and f.severity == "error"]
    assert errors == []


@pytest.mark.parametrize("hid", ["fw", "sl", "sb", "cn", "rl"])
def test_new_pieces_are_named_losses_in_virtualscape(hid):
    from mapkit.formats.hsc import losses

    m, piece = map_with(hid)
    lost = [line for line in losses(m) if piece.type in line]
    assert lost and "VirtualScape has no such piece" in lost[0]


#: The sizes and heights the editor gives its newest pieces (issue 33): hexes, height.
EDITOR_SIZES = {"fw": (8, 10), "sl": (3, 10), "sb": (5, 13), "cn": (1, 3), "rl": (1, 7)}


@pytest.mark.parametrize("hid", sorted(EDITOR_SIZES))
def test_new_pieces_take_the_editors_sizes_and_say_where_from(hid):
    ptype = catalog().by_hexoscape[hid]
    hexes, height = EDITOR_SIZES[hid]
    assert (ptype.hexes, ptype.hexoscape_height) == (hexes, height)
    assert len(catalog().shapes[ptype.shape]) == hexes
    if ptype.kind == "obstacle":  # the game height mapkit uses is the editor's, with its source
        assert ptype.obstacle_height == height and "obstacle_height" in ptype.sources
        assert "obstacle_height" not in ptype.assumed
    assert all(len(why) > 40 for why in {**ptype.sources, **ptype.assumed}.values())


def test_rope_ladder_off_a_hull_is_a_finding():
    from mapkit.rules.framework import CheckContext, run_rules, select_rules

    m = Map(pieces=board() + [Piece("rope-ladder", 0, 0, 1, 3)])  # west edge: open rock, no hull
    codes = [f.code for f in run_rules(CheckContext(m), select_rules("casual"))]
    assert "P110" in codes


def test_wreck_may_stand_in_water_but_not_in_molten_lava():
    from mapkit.rules.framework import CheckContext, run_rules, select_rules

    def codes(fluid: str) -> list[str]:
        m = Map(pieces=board() + [Piece(fluid, 0, 0, 1), Piece("cannon", 0, 0, 2)])
        return [f.code for f in run_rules(CheckContext(m), select_rules("casual"))]

    assert "P105" not in codes("water-1")
    assert "P105" in codes("molten-lava-1")


def test_sets_used_read_shown_compared_and_written(cli, tmp_path):
    import json

    doc = {"hexMap": {"id": "1", "name": "declared", "shape": "rectangle", "width": 2, "length": 2,
                      "setsUsed": ["S", "R", "Z"]},
           "boardPieces": {"0~0~0~0~g24": "g24", "1~0~0~0~tr10": "tr10", "1~1~0~0~sb10": "sb10"}}
    path = tmp_path / "declared.json"
    path.write_text(json.dumps(doc))
    m = hexoscape.read(path.read_bytes())
    assert m.attrs["sets_used"] == {"RotV": 1, "RttFF": 1} and any("'Z'" in w for w in m.warnings)
    # written back as read (the unknown letter kept); changed sets are written as letters
    assert json.loads(hexoscape.write(m))["hexMap"]["setsUsed"] == ["S", "R", "Z"]
    m.attrs["sets_used"] = {"RotV": 1, "SoV": 1}
    assert json.loads(hexoscape.write(m))["hexMap"]["setsUsed"] == ["S", "J"]
    m.attrs["sets_used"] = ["RotV", "SoV"]  # mapkit's earlier form, one copy per entry, still reads
    assert json.loads(hexoscape.write(m))["hexMap"]["setsUsed"] == ["S", "J"]
    code, out, _ = cli("info", path)
    assert code == 0 and "sets used (declared): Rise of the Valkyrie" in out and "(RttFF)" in out
    code, out, _ = cli("inventory", path, "--json")
    declared = json.loads(out)["declared_sets"]
    assert [(d["id"], d["copies"]) for d in declared["sets"]] == [("RotV", 1), ("RttFF", 1)]
    assert declared["missing"] == [{"type": "swamp-brush-10", "name": "Swamp underbrush 10", "count": 1}]
    assert declared["holds_everything"] is False


def test_announced_products_hold_the_new_pieces():
    from mapkit.sets.sets import all_sets, load_sets, set_letters

    sets = all_sets()
    assert sets["ShoV"].counts == {"wood-2": 12, "ship-bow": 1, "ship-wall": 2, "cannon": 3, "rope-ladder": 6}
    assert sets["ULoV"].counts["fortified-wall"] == 2 and sets["RatR"].counts["fortified-wall"] == 2
    assert "ShoV" not in {s.id for s in load_sets()}  # not offered by default: no inventory yet
    assert set_letters()["S"] == "RotV" and set_letters()["W"] == "FoV" and len(set_letters()) == 23


def test_settled_differences():
    """docs/pieces.md: the shroudshroom 13 covers three hexes, the Marvel ruin's variants are the
    one ruin, and Hexoscape's newer inventory names read as the pieces they rename."""
    from mapkit.sets import inventory_tsv

    cat = catalog()
    assert cat.by_hexoscape["m13"].hexes == 3 and cat.by_hexoscape["m7"].hexes == cat.by_hexoscape["m10"].hexes == 1
    m = Map(pieces=[Piece(t, 0, 0, 0) for t in ("marvel-ruin-broken", "marvel-ruin-no-upper",
                                                 "marvel-ruin-no-upper-broken")])
    assert requirements(m) == {"marvel-ruin": 3}
    table = b"ID\tCount\nlaurWallSquarePillar\t3\nlaurWallRuin1\t2\n"
    assert inventory_tsv.read_collection(table) == {"laur-pillar": 3, "laur-wall-ruin": 2}
