"""Losses sorted by what a builder misses (issue 33, item 6).

Content (pieces, start zones, glyphs, scenarios, rooms, players, notes) refuses a conversion
without `allow_loss` and is named; what the target derives or never shows (a board's size, which
the pieces give; a map id, even one mapkit made up) is written with a warning. The "wrote" line
counts what the written file holds, and no loss line speaks of a programming language's values.
"""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from conftest import case_file, corpus_file, corpus_files
from mapkit.errors import LossError, Unkept, refusing
from mapkit.formats import encode_map, get, hexoscape, parse_map, read_map
from mapkit.formats._losses import CARRIED_BY_THE_MAP
from mapkit.model.map import Map, Piece

#: Every Hexoscape and battlefield-page file of the corpus.
SOURCES = corpus_files("hexoscape", "*.json") + corpus_files("glasq-xhtml", "*.html") + corpus_files("pairs", "*.html")


def content(m: Map) -> tuple:
    """What a builder builds from a map, apart from where the board lies: its pieces (kind, place
    from the first piece, turn, what they say, but what the map itself says of them: a piece's
    scenario and rooms), whether it sets up several scenarios or rooms, its player count."""
    if not len(m.pieces):
        return (), max(1, len(m.scenario_setups)), max(1, len(m.rooms))
    first = m.pieces[0]
    pieces = Counter((p.type, p.q - first.q, p.r - first.r, p.z, float(p.rotation),
                      json.dumps({k: v for k, v in p.attrs.items() if k not in CARRIED_BY_THE_MAP}, sort_keys=True,
                                 default=str))
                     for p in m.pieces)
    return (sorted(pieces.items()), max(1, len(m.scenario_setups)), max(1, len(m.rooms)),
            str(m.players or "").strip() or "0")


def views(m: Map) -> list[tuple[str, Map]]:
    """The map, and each room and scenario of it as a map of its own (`--room R`, `--scenario K`)."""
    out = [("whole", m)]
    out += [(f"room {room.number}", m.for_room(room.number)) for room in m.rooms] if m.several_rooms() else []
    out += [(f"scenario {k}", m.for_scenario(k)) for k in m.scenarios()] if m.several_scenarios() else []
    return out


@pytest.mark.parametrize("source", SOURCES)
def test_every_corpus_map_converts_to_hsc_unless_content_is_lost(source):
    """Converting every Hexoscape and page file of the corpus to hsc succeeds without `allow_loss`
    where only what VirtualScape derives or never shows is lost (each named as a warning), and is
    refused where content is lost, which is named: judged by what the file read back holds."""
    for view, m in views(read_map(source)):
        data, losses = encode_map(m, get("hsc"), allow_loss=True)
        back = parse_map(data, "hsc")
        same = content(back) == content(m)
        if same:
            assert encode_map(m, get("hsc"))[0] == data, view  # written, without allow_loss
            assert not refusing(losses), (view, refusing(losses))
        else:
            with pytest.raises(LossError):
                encode_map(m, get("hsc"))
            assert refusing(losses), view


def test_some_corpus_maps_convert_with_warnings_only():
    """The Sunken Crypt (Hexoscape) loses only its board's size and its map id: both warned of."""
    m = read_map(corpus_file("hexoscape/The_Sunken_Crypt.json"))
    data, losses = encode_map(m, get("hsc"))
    assert len(losses) == 2 and all(isinstance(line, Unkept) for line in losses), losses
    assert any("board" in line for line in losses) and any("map id" in line for line in losses)


def test_a_map_id_mapkit_made_up_is_not_refused():
    m = Map(name="made up", pieces=[Piece("grass-7", 0, 0, 0)])
    first = hexoscape.read(hexoscape.write(m))  # mapkit gives it an id of its own ("mapkit-...")
    assert str(first.extras["hexoscape"]["hexMap"]["id"]).startswith("mapkit-")
    data, losses = encode_map(first, get("hsc"))
    assert losses and all(isinstance(line, Unkept) for line in losses), losses


def test_one_room_of_a_page_converts(cli, tmp_path):
    """`convert ShadowCavern.html x.hsc --room 2` was refused ("1 rooms laid out as one board")."""
    page = corpus_file("glasq-xhtml/ShadowCavern.html")
    target = tmp_path / "x.hsc"
    code, _, err = cli("convert", page, target, "--room", "2")
    assert code == 0 and target.exists(), err
    assert "rooms laid out" not in err
    code, _, err = cli("convert", page, tmp_path / "y.hsc")
    assert code == 2 and "4 rooms laid out as one board" in err  # the whole page: its rooms are content


def test_the_wrote_line_counts_what_the_file_holds(cli, tmp_path):
    """outside/lossy_convert_count.json: "wrote x.hsc: hsc, 2 piece(s)" though the file holds 1."""
    target = tmp_path / "x.hsc"
    code, _, err = cli("convert", case_file("outside/lossy_convert_count.json"), target, "--allow-loss")
    assert code == 0, err
    held = len(read_map(target).pieces)
    assert held == 1
    assert re.search(rf"wrote {re.escape(str(target))}: hsc, {held} piece\(s\) to build with", err), err
    assert "laur-pillar" in err and ": dropped: " in err and ": warning: Hexoscape board" in err


def test_a_treasure_glyph_is_kept_and_its_mark_named_in_words(cli, tmp_path):
    """outside/treasure_glyph.json: "dropped: piece 2 (glyph) ... the treasure True is not stored";
    the glyph is kept, and the line says the treasure mark is lost, in words."""
    source = case_file("outside/treasure_glyph.json")
    m = read_map(source)
    data, losses = encode_map(m, get("hsc"), allow_loss=True)
    back = parse_map(data, "hsc")
    assert [p.type for p in back.pieces] == [p.type for p in m.pieces] == ["grass-7", "glyph"]
    lines = refusing(losses)
    assert len(lines) == 1 and lines[0].startswith("the treasure mark of piece 2 (glyph)"), lines
    assert "True" not in lines[0] and "(dropped)" not in lines[0]
    code, _, err = cli("convert", source, tmp_path / "t.hsc")
    assert code == 2 and "treasure mark" in err and "True" not in err


@pytest.mark.parametrize("target", ("hsc", "hexoscape", "hexoscape-url"))
def test_no_loss_line_speaks_of_python_values(target):
    """Values are said in words: no True/False/None, no Python dict or list spelling."""
    m = Map(pieces=[Piece("grass-7", 0, 0, 0), Piece("glyph", 1, 1, 1, 0, {"letter": "?", "treasure": True}),
                    Piece("figure", 2, 0, 1, 0, {"player": 1, "label": "Hydra", "flying": True,
                                                  "shape": {"a": 1}}),
                    Piece("start-zone", 3, 0, 1, 0, {"player": 9})],
            attrs={"army_colours": {"1": "white"}, "flags": ["x", "y"], "ready": False})
    losses = encode_map(m, get(target), allow_loss=True)[1]
    assert losses
    for line in losses:
        assert not re.search(r"\b(True|False|None)\b|\{'|\['", line), line
