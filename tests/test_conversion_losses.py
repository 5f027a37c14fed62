"""Every format pair: what the target can hold comes back unchanged, and everything else is
named as a loss (issue 14, item 6).

Each source (every corpus map of every readable format, each scenario of a page of several, the
samples, and a made-up map holding a bit of everything) is written to every format mapkit writes,
with the losses allowed, and read back. Every difference between the source and what comes back
must be one the writer named: a map field or attribute by its name, a piece by its kind (and an
attribute of a piece by the attribute's name too). A conversion that names no loss must give the
source back as it was.
"""

from __future__ import annotations

import functools
import json
from collections import Counter

import pytest

from conftest import ROOT, corpus_file, corpus_files
from mapkit.errors import LossError
from mapkit.formats import encode_map, get, parse_map, read_map, scenario_losses
from mapkit.formats._losses import CARRIED_IN_NOTES, notes_text
from mapkit.model.catalog import catalog
from mapkit.model.map import Map, Piece, Pieces, Placement
from mapkit.records import replace

TARGETS = ("mapkit", "hsc", "hexoscape", "hexoscape-url")
MAP_FIELDS = ("name", "author", "players", "notes")
#: The word a loss line names a field by, where it is not the field's own (the files' word for the notes).
LOSS_WORD = {"notes": "scenario"}

SOURCES = (corpus_files("hsc", "*.hsc") + corpus_files("pairs", "*.hsc") + corpus_files("pairs", "*.html") + corpus_files("hexoscape", "*.json")
           + corpus_files("glasq-xhtml", "*.html")
           + [pytest.param(p, id=p.name) for p in sorted((ROOT / "samples" / "maps").iterdir())])


def everything() -> Map:
    """A map with something each format lacks: attributes, players "0", notes, odd pieces, Books."""
    pieces = [
        Piece("grass-1", 0, 0, 0),
        Piece("grass-7", 2, 0, 0, 2),
        Piece("personal", 0, 2, 0, 0, {"size": 1, "texture_top": "Ice.bmp", "texture_side": "Ice.bmp",
                                      "label": "LW", "name": "LaurWallPillar", "colour": [160, 160, 160]}),
        Piece("personal", 1, 2, 0, 0, {"size": 3, "texture_top": "Lava.bmp", "texture_side": "Lava.bmp",
                                      "label": "<3", "name": "love", "colour": [255, 128, 255]}),
        Piece("glyph", 0, 0, 1, 0, {"letter": "a"}),
        Piece("start-zone", 3, 0, 1, 0, {"player": 1, "name": "Red"}),
        Piece("figure", 1, 0, 1, 0, {"player": 2, "label": "7"}),
        Piece("castle-flag", 4, 4, 0),
        Piece("rock-1", 5, 5, 0, 1.5),
        Piece("grass-1", 3000, 0, 0),
    ]
    return Map(name="Everything", author="a builder", players="0", notes="Notes on the map.",
               attrs={"sets_used": {"RotV": 2, "Warriors of Eberron": 1}, "description": "A made-up map.", "page": "x0001"},
               pieces=pieces, buildings=[Placement("../books/bungalow.book.json", 6, 2, 1)])


@functools.lru_cache(maxsize=None)
def variants(source) -> tuple[tuple[str, Map], ...]:
    """The map, and each of its scenarios as a map of its own when it sets up several."""
    m = everything() if source == "everything" else read_map(source)
    found = [("whole", m)]
    if m.several_scenarios():
        found += [(f"scenario {n}", m.for_scenario(n)) for n in m.scenarios()]
    return tuple(found)


def piece_key(p: Piece) -> tuple:
    return p.type, p.q, p.r, p.z, float(p.rotation)


#: Piece attributes a loss about the whole map names: the word that loss says.
BY_THE_MAP = {"rooms": "rooms", "absent_in": "scenario"}


def held_attrs(m: Map, p: Piece) -> str:
    """A piece's attributes as compared: a map of one scenario is that scenario, so the tag
    naming it is carried by the map itself."""
    attrs = {k: v for k, v in p.attrs.items() if not (k == "scenario" and len(m.scenario_setups) <= 1)}
    return json.dumps(attrs, sort_keys=True, default=str)


def named(losses: list[str], *words: str) -> bool:
    """Whether one loss line names all of the words (case and hyphens aside)."""
    def plain(text: str) -> str:
        return text.lower().replace("-", " ").replace("_", " ")

    return any(all(plain(w) in plain(line) for w in words) for line in losses)


def same_place(source: Map, back: Map) -> Map:
    """`back` moved by the whole-board shift a writer may apply (VirtualScape wants columns and
    rows from 0): the shift most pieces of one kind agree on, among the first few."""
    shifts = Counter((b.q - a.q, b.r - a.r) for a in source.pieces[:30] for b in back.pieces[:30]
                     if (a.type, a.z, a.rotation) == (b.type, b.z, b.rotation))
    if not shifts:
        return back
    (dq, dr), _ = shifts.most_common(1)[0]
    return replace(back, pieces=Pieces([replace(p, q=p.q - dq, r=p.r - dr) for p in back.pieces]))


def unnamed_differences(source: Map, back: Map, losses: list[str], target: str) -> list[str]:
    """Every difference between `source` and `back` that no loss line names."""
    if scenario_losses(source, get(target)):
        source = source.terrain()
    back = same_place(source, back)
    cat = catalog()
    kinds = {t: (t, cat[t].name if t in cat.types else t) for t in {p.type for p in source.pieces}}
    out = []
    carried = {key: str(source.attrs[key]).strip() for key in CARRIED_IN_NOTES
               if str(source.attrs.get(key) or "").strip() and str(source.attrs[key]).strip() in back.notes
               and key not in back.attrs}
    for field in MAP_FIELDS:
        mine, theirs = getattr(source, field), getattr(back, field)
        # (a players field of "0", VirtualScape's unset field, is no count but is named when a format drops it)
        if field == "notes" and theirs == notes_text(source, sets=sets_line(source, target), carry=carry(target),
                                                     tiled=tiled(source, target)):
            continue  # the notes, with what they carry (a page's description; for hsc, its sets) ahead of them
        if mine != theirs and not named(losses, LOSS_WORD.get(field, field.rstrip("s"))):
            out.append(f"{field}: {mine!r} came back as {theirs!r}")
    for key in sorted(set(source.attrs) | set(back.attrs)):
        if key in carried:
            continue
        if source.attrs.get(key) != back.attrs.get(key) and not named(losses, key.replace("_", " ")) \
                and not named(losses, key):
            out.append(f"map attribute {key!r}: {source.attrs.get(key)!r} came back as {back.attrs.get(key)!r}")
    mine_board, back_board = board(source), board(back)
    for what, words in (("size", ("board", "size")), ("id", ("map id",))):
        if mine_board.get(what) is not None and mine_board.get(what) != back_board.get(what) \
                and not named(losses, *words):
            out.append(f"Hexoscape board {what}: {mine_board[what]!r} came back as {back_board.get(what)!r}")
    if len(source.scenario_setups) > 1 and len(back.scenario_setups) != len(source.scenario_setups) \
            and not named(losses, "scenarios"):
        out.append("scenario setups")
    for kind in ("buildings", "objects"):
        if len(getattr(source, kind)) != len(getattr(back, kind)) and not named(losses, "C3G"):
            out.append(f"C3G {kind}")
    # pieces: those that vanished or changed kind or place, then those whose attributes changed
    gone = Counter(map(piece_key, source.pieces)) - Counter(map(piece_key, back.pieces))
    new = Counter(map(piece_key, back.pieces)) - Counter(map(piece_key, source.pieces))
    for key in gone:
        if not any(named(losses, kind) for kind in kinds[key[0]]):
            out.append(f"piece {key} is not in the result")
    places = {k[1:4] for k in gone}
    out += [f"piece {key} appeared" for key in new if key[1:4] not in places]
    by_key: dict[tuple, list[str]] = {}
    for p in back.pieces:
        by_key.setdefault(piece_key(p), []).append(held_attrs(back, p))
    for p in source.pieces:
        key = piece_key(p)
        if key in gone or not by_key.get(key):
            continue
        mine = held_attrs(source, p)
        if mine in by_key[key]:
            by_key[key].remove(mine)
            continue
        theirs = json.loads(by_key[key].pop(0))
        for attr in sorted(set(json.loads(mine)) | set(theirs)):
            if attr in BY_THE_MAP and named(losses, BY_THE_MAP[attr]):
                continue  # one loss for the whole map names it (a page's rooms, what scenarios remove)
            if p.attrs.get(attr) not in (theirs.get(attr), None, "") and not any(named(losses, kind, attr.split("_")[0])
                                                                 for kind in kinds[p.type]):
                out.append(f"{p.type} at {key[1:4]}: {attr} {p.attrs.get(attr)!r} came back as {theirs.get(attr)!r}")
    return out


def sets_line(m: Map, target: str) -> bool:
    """Whether the target's notes carry the declared sets as a "Required Sets:" line: always in
    hsc, in Hexoscape where setsUsed cannot say them."""
    from mapkit.formats.hexoscape._write import sets_in_notes

    return target == "hsc" or (target == "hexoscape" and sets_in_notes(m))


def carry(target: str) -> str | None:
    """The format whose notes carry lines of their own (`_carried`): hsc and Hexoscape (a share
    link blanks its notes)."""
    return target if target in ("hsc", "hexoscape") else None


def tiled(m: Map, target: str) -> dict:
    """The players whose start-zone colours VirtualScape's tiles carry (not its notes)."""
    from mapkit.formats.hsc._tables import tables
    from mapkit.formats.hsc._write import zone_tiles

    return zone_tiles(m, tables()) if target == "hsc" else {}


def board(m: Map) -> dict:
    """What a map says of its Hexoscape board: its shape and size, and its id."""
    kept = m.extras.get("hexoscape")
    hex_map = kept.get("hexMap") if isinstance(kept, dict) else None
    if not isinstance(hex_map, dict):
        return {}
    return {"size": (hex_map.get("shape"), hex_map.get("width"), hex_map.get("length")), "id": hex_map.get("id")}


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("source", SOURCES + [pytest.param("everything", id="everything")])
def test_what_the_target_holds_comes_back_and_the_rest_is_named(source, target):
    for variant, m in variants(source):
        data, losses = encode_map(m, get(target), allow_loss=True)
        back = parse_map(data, target)
        problems = unnamed_differences(m, back, losses, target)
        assert not problems, (variant, problems[:5], losses[:8])


def test_the_made_up_map_loses_something_in_every_format_but_mapkit_json():
    m = everything()
    for target in TARGETS:
        losses = encode_map(m, get(target), allow_loss=True)[1]
        assert bool(losses) == (target != "mapkit"), (target, losses)


def test_a_player_count_is_named_where_a_link_blanks_the_notes_and_0_is_no_count():
    """VirtualScape's players field is free text, "" or "0" where a map gives no count. Hexoscape
    carries it in its notes, "0" too (tests/test_carried_notes.py), so nothing is lost there (issue
    25: players "0" forced --allow-loss); a share link blanks them, so there it is named, "0" too
    (issue 32: it was dropped without a word)."""
    for players, lost in (("2", True), ("0", True), ("", False)):
        losses = encode_map(Map(players=players, pieces=[Piece("grass-1", 0, 0, 0)]), get("hexoscape-url"),
                            allow_loss=True)[1]
        assert named(losses, f"players ({players!r})") == lost, (players, losses)
        assert encode_map(Map(players=players, pieces=[Piece("grass-1", 0, 0, 0)]), get("hexoscape"))[1] == []


@pytest.mark.parametrize("target", ("hsc",))
def test_a_hexoscape_board_and_id_are_named_where_the_target_keeps_none(target):
    """Hexoscape -> hsc dropped the board's size and the map's id with exit 0 (issue 25)."""
    m = read_map(corpus_file("hexoscape/Welcome.json"))
    losses = encode_map(m, get(target), allow_loss=True)[1]
    assert named(losses, "board", "4 x 4") and named(losses, "map id", "1736660557418"), losses
    with pytest.raises(LossError):
        encode_map(m, get(target))


def test_the_board_and_id_are_kept_by_hexoscape_and_mapkit_json():
    m = read_map(corpus_file("hexoscape/Welcome.json"))
    for target in ("mapkit", "hexoscape", "hexoscape-url"):
        data, losses = encode_map(m, get(target), allow_loss=True)
        assert board(parse_map(data, target)) == board(m) and not named(losses, "board"), (target, losses)


@pytest.mark.parametrize("target", ("hsc", "hexoscape"))
def test_a_page_description_is_carried_in_the_notes_not_refused(target):
    """A page's description goes where the target keeps notes (VirtualScape's scenario text,
    Hexoscape's mapNotes), ahead of them; it was refused as having no place (issue 25)."""
    m = Map(name="page", notes="Scenario: hold the ridge.", attrs={"description": "A ridge above a lake."},
            pieces=[Piece("grass-1", 0, 0, 0)])
    data, losses = encode_map(m, get(target))  # nothing lost, so nothing refused
    assert losses == []
    back = parse_map(data, target)
    assert back.notes == "A ridge above a lake.\n\nScenario: hold the ridge.", back.notes
    url_losses = encode_map(m, get("hexoscape-url"), allow_loss=True)[1]
    assert named(url_losses, "description", "blank"), url_losses


@pytest.mark.parametrize("page", corpus_files("glasq-xhtml", "*.html"))
def test_corpus_page_descriptions_reach_the_notes(page):
    m = read_map(page)
    m = m.for_scenario(m.scenarios()[0]) if m.several_scenarios() else m
    description = str(m.attrs.get("description") or "").strip()
    for target in ("hsc", "hexoscape"):
        data, losses = encode_map(m, get(target), allow_loss=True)
        assert not named(losses, "description"), losses
        notes = parse_map(data, target).notes
        if description:
            assert description in notes
        else:  # a page without one: the notes are the scenario's text (and, for hsc, the sets) alone
            assert notes.endswith(str(m.notes or "")), notes


def test_a_personal_tile_hexoscape_knows_by_name_names_what_it_leaves_behind():
    m = Map(pieces=[Piece("personal", 0, 0, 0, 0, everything().pieces[2].attrs)])
    losses = encode_map(m, get("hexoscape"), allow_loss=True)[1]
    assert len(losses) == 1 and all(w in losses[0] for w in ("'LaurWallPillar'", "label", "texture", "colour")), losses
