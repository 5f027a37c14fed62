"""Every save shape and link form the Hexoscape web editor ever wrote or accepts (issue 33, item 2).

The editor's own loader (`useAutoLoadMapFile`, `loadMapFromLocalStorage`: object, array of key
strings, array of piece objects, its store's `{"state": ...}` wrapper) and link parser
(`parseMapShareUrlParams`: any scheme, no scheme, a bare query) were read; the cases of
../shared/cases show two of them, the rest are built here from what that code takes.
"""

from __future__ import annotations

import json

import pytest

from conftest import case_file, corpus_file
from mapkit.errors import FormatError, is_link
from mapkit.formats import hexoscape, parse_map, read_map
from mapkit.formats.hexoscape import url as hexoscape_url

HEX_MAP = {"id": "1", "name": "forms", "shape": "rectangle", "width": 6, "length": 6}


def placed(m) -> list[tuple]:
    return [(p.type, p.q, p.r, p.z, p.rotation) for p in m.pieces]


def test_board_pieces_as_an_array_of_key_strings():
    """peer/board_pieces_as_strings.json: "expected a piece object, found a string"; the editor's
    loader takes an array of `altitude~q~r~rotation~id` strings."""
    m = read_map(case_file("peer/board_pieces_as_strings.json"))
    assert placed(m) == [("grass-24", 0, 0, 0, 0), ("grass-7", 0, 0, 1, 0), ("tree-10", 0, 0, 2, 0)]
    assert m.source_version == "strings"


def test_dash_separated_keys_of_the_saves_of_2024_12_27():
    """outside/dash_separated_keys.json: "expected a piece key altitude~q~r~rotation~id"; the saves
    of 2024-12-27/28 separated the key's fields with `-`: one grass 7-hex."""
    m = read_map(case_file("outside/dash_separated_keys.json"))
    assert placed(m) == [("grass-7", 1, 0, 0, 0)]


@pytest.mark.parametrize("key", ["1~-2~3~0~g1", "1,-2,3,0,g1", "1--2-3-0-g1", "1.-2.3.0.g1", "1--2-3-0-grass1"])
def test_every_key_form_reads_alike(key):
    """`~`, `,`, `-` (a negative number doubles the dash) and `.`, each as an object key and as a
    string of the array form."""
    for board in ({key: key.rsplit(key[1] if key[1] != "-" else "-", 1)[-1]}, [key]):
        m = hexoscape.read(json.dumps({"hexMap": HEX_MAP, "boardPieces": board}).encode())
        assert placed(m) == [("grass-1", -2, 3, 1, 0)], (key, board)


def test_a_half_turn_in_a_dash_key():
    m = hexoscape.read(json.dumps({"hexMap": HEX_MAP, "boardPieces": ["1-2-2-1.5-lwr"]}).encode())
    assert placed(m) == [("laur-wall-ruin", 2, 2, 1, 1.5)]


def test_an_array_mixing_strings_and_objects():
    board = ["0~0~0~0~g1", {"uid": "a", "inventoryID": "g1", "altitude": 0, "rotation": 0,
                            "pieceCoords": {"q": 1, "r": 0, "s": -1}}]
    m = hexoscape.read(json.dumps({"hexMap": HEX_MAP, "boardPieces": board}).encode())
    assert placed(m) == [("grass-1", 0, 0, 0, 0), ("grass-1", 1, 0, 0, 0)]


def test_the_editors_store_wrapper_is_read_and_written_as_it_saves_a_file():
    """The editor keeps the map in the browser as `{"state": {hexMap, boardPieces}, "version": 0}`
    and its loader unwraps it; mapkit reads it so, and writes the map as the editor saves a file."""
    inner = {"hexMap": HEX_MAP, "boardPieces": {"0~1~1~0~g7": "g7"}}
    m = hexoscape.read(json.dumps({"state": inner, "version": 0}).encode())
    assert placed(m) == [("grass-7", 1, 1, 0, 0)] and m.name == "forms"
    written = json.loads(hexoscape.write(m))
    assert set(written) == {"hexMap", "boardPieces"} and written["boardPieces"][0]["inventoryID"] == "g7"
    assert any("wrapper" in line for line in hexoscape.losses(m)), hexoscape.losses(m)


def test_a_bad_key_in_a_wrapper_names_its_path():
    with pytest.raises(FormatError, match=r"\$\.state\.boardPieces\[0\]"):
        hexoscape.read(json.dumps({"state": {"hexMap": HEX_MAP, "boardPieces": ["0~x~0~0~g1"]}}).encode())


def test_a_string_that_is_no_key_is_refused_with_its_place():
    with pytest.raises(FormatError, match=r"boardPieces\[1\]"):
        hexoscape.read(json.dumps({"hexMap": HEX_MAP, "boardPieces": ["0~0~0~0~g1", "grass"]}).encode())


# -- links ------------------------------------------------------------------------------------
def link_forms(link: str) -> dict[str, str]:
    query = link.split("?", 1)[1]
    return {
        "as written": link,
        "desktop app": "tauri://localhost/?" + query,
        "desktop app on Windows": "http://tauri.localhost/?" + query,
        "no scheme": "hexoscape.com/?" + query,
        "a path": "/?" + query,
        "bare query": "?" + query,
        "bare query without ?": query + "&v=a",
        "Markdown link": f"[Welcome by a builder]({link})",
        "Markdown link, a name with brackets": f"[a ](b) [c]]({link})",
        "Markdown link in angle brackets": f"[Welcome](<{link}>)",
        "angle brackets": f"<{link}>",
    }


@pytest.fixture(scope="module")
def welcome():
    m = read_map(corpus_file("hexoscape/Welcome.json"))
    return m, hexoscape_url.link(m)


@pytest.mark.parametrize("form", list(link_forms("https://x/?m=1")))
def test_every_link_form_the_editor_accepts_reads_the_map(welcome, form):
    """The editor's link parser takes links from the desktop app, without a scheme, as a bare query;
    its "Copy as Markdown Link" writes `[name](link)`, whose closing `)` is not map data."""
    m, link = welcome
    text = link_forms(link)[form]
    assert hexoscape_url.sniff(text.encode()) == 1.0, form
    assert placed(parse_map(text.encode())) == placed(m), form
    assert is_link(text), form


@pytest.mark.parametrize("form", ["Markdown link", "desktop app", "no scheme", "bare query"])
def test_a_link_is_taken_wherever_a_map_path_is(welcome, form, cli, tmp_path):
    m, link = welcome
    text = link_forms(link)[form]
    code, out, err = cli("info", text)
    assert code == 0 and "Welcome" in out and "18 to build with" in out, (form, err)
    target = tmp_path / "w.json"
    code, out, err = cli("convert", text, target)
    assert code == 0 and placed(read_map(target)) == placed(m), (form, err)


def test_a_link_in_a_file_in_each_form(welcome, tmp_path):
    m, link = welcome
    for n, text in enumerate(link_forms(link).values()):
        path = tmp_path / f"{n}.txt"
        path.write_text(text + "\n")
        assert placed(read_map(path)) == placed(m), text[:40]


def test_file_names_are_not_links():
    for name in ("maps/x.hsc", "[draft] map.hsc", "C:/maps/y.json", "mapkit.json", "m.hsc"):
        assert not is_link(name), name
