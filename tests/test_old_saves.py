"""Every save the Hexoscape editor wrote is read (issue 25, item 3): the long piece ids and
comma-separated keys of saves made before 2025-01-12, its older per-hex form named in its
refusal, and a share link given where a map path goes. And an error quotes a bounded excerpt
of its input (item 6)."""

from __future__ import annotations

import json

import pytest
from conftest import corpus_files

from mapkit.errors import FormatError
from mapkit.formats import read_map
from mapkit.formats import hexoscape

MODERN = [p for p in corpus_files("hexoscape", "*.json")]


def old_form(doc: dict) -> dict:
    """A file as the editor saved it before 2025-01-12: `alt,q,r,rot,longName` keys naming the
    piece by its enum name (the old id), the value the same name."""
    table = json.loads((hexoscape.data.text("hexoscape_old_ids.json")))
    long_name = {t.hexoscape: t.hexoscape_inventory for t in hexoscape.catalog().types.values()
                 if t.hexoscape and t.hexoscape_inventory}
    long_name.update({new: old for old, new in table["names"].items()})
    board = {}
    for key, value in doc["boardPieces"].items():
        alt, q, r, rot, hid = key.split("~")
        old = long_name[hid]
        board[f"{alt},{q},{r},{rot},{old}"] = old
    return dict(doc, boardPieces=board)


@pytest.mark.parametrize("path", MODERN, ids=lambda p: p.name)
def test_an_old_save_reads_as_the_same_map_with_a_warning(path, tmp_path):
    doc = json.loads(path.read_bytes())
    if not isinstance(doc.get("boardPieces"), dict):
        pytest.skip("not in the object form")
    old = tmp_path / "old.json"
    old.write_text(json.dumps(old_form(doc)))
    today, then = read_map(path), read_map(old)
    key = lambda p: (p.type, p.q, p.r, p.z, p.rotation, sorted(p.attrs.items()))  # noqa: E731
    assert sorted(map(key, then.pieces)) == sorted(map(key, today.pieces))
    warning = next(w for w in then.warnings if "before 2025-01-12" in w)
    assert "as g" in warning or "as " in warning
    assert not [w for w in today.warnings if "before 2025-01-12" in w]


def test_long_ids_named_in_the_issue(tmp_path):
    doc = {"hexMap": {"id": "1", "name": "old", "shape": "rectangle", "width": 3, "length": 3},
           "boardPieces": {"0,0,0,0,grass24": "grass24", "1,0,0,0,laurWallPillar": "laurWallPillar",
                           "1,1,0,0,startZone2": "startZone2"}}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(doc))
    m = read_map(path)
    assert sorted(p.type for p in m.pieces) == ["grass-24", "laur-pillar", "start-zone"]
    assert "grass24 as g24" in m.warnings[0] and "laurWallPillar as lwp" in m.warnings[0]


def test_the_per_hex_form_is_named_in_its_refusal(tmp_path, cli):
    doc = {"hexMap": {"id": "1", "name": "older", "shape": "rectangle", "width": 3, "length": 3},
           "boardHexes": {"0,0,0": {"id": "0,0,0", "q": 0, "r": 0, "s": 0, "altitude": 0, "terrain": "grass"}}}
    path = tmp_path / "older.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(FormatError, match="per-hex form"):
        read_map(path)
    code, out, err = cli("info", path)
    assert code == 2 and "per-hex form (boardHexes" in err and "no boardPieces\n" not in err


def share_link() -> str:
    from mapkit.formats.hexoscape import url
    from mapkit.movement.synthetic import column_map, line

    m = column_map(line([1, 2, 1]), zones={(0, 0): 1})
    m.name = "linked"
    return url.write(m).decode().strip()


def test_a_share_link_goes_where_a_map_path_goes(cli, tmp_path):
    link = share_link()
    code, out, err = cli("info", link)
    assert code == 0 and "linked" in out and "hexoscape-url" in out, err
    code, out, err = cli("validate", link)
    assert code == 0 and "in 1 map" in out, err
    code, out, err = cli("convert", link, tmp_path / "linked.mapkit.json")
    assert code == 0 and read_map(tmp_path / "linked.mapkit.json").name == "linked", err
    code, out, err = cli("analyze", link, "--json")
    assert code == 0 and json.loads(out)["map"] == "linked", err
    code, out, err = cli("convert", link, "--to", "mapkit", "-d", tmp_path / "out")
    assert code == 0 and (tmp_path / "out" / "link-1.mapkit.json").exists(), err


def test_every_command_that_reads_a_map_takes_a_share_link(cli, tmp_path):
    link = share_link()
    for args in (("inventory",), ("overlay",), ("render", "-o", tmp_path / "r.png"),
                 ("report", "-o", tmp_path / "r.html"), ("print", "-o", tmp_path / "p.pdf")):
        code, out, err = cli(args[0], link, *args[1:])
        assert code == 0, (args, err)
    assert (tmp_path / "r.png").stat().st_size and (tmp_path / "p.pdf").stat().st_size
    page = (tmp_path / "r.html").read_text()
    assert link not in page.replace("&#x27;", "'").replace("&amp;", "&")  # the page names it by an excerpt
    collection = tmp_path / "all.tsv"
    collection.write_text("ID\tType\tSize\tCount\ng1\tGrass\t1\t9\nr1\tRock\t1\t9\n")
    code, out, err = cli("fit", link, "--collection", collection)
    assert code == 2 and "name it with -o" in err and err.count("\n") == 1, err
    code, out, err = cli("fit", link, "--collection", collection, "-o", tmp_path / "f.mapkit.json", "--no-picture")
    assert code in (0, 1) and link not in out and out.startswith("share link"), (out, err)


def test_a_broken_link_is_named_by_an_excerpt(cli):
    link = "https://hexoscape.com/?m=" + "x" * 5000
    code, out, err = cli("info", link)
    assert code == 2 and len(err) < 400 and "5,025 characters" in err, err


def test_an_error_quotes_a_bounded_excerpt_of_the_input(tmp_path, cli):
    """A 5,000-digit coordinate in a piece key: one line of a few hundred characters (it was
    5,147, the key quoted whole)."""
    doc = {"hexMap": {"id": "1", "name": "n", "shape": "rectangle", "width": 2, "length": 2},
           "boardPieces": {"0~" + "9" * 5000 + "~0~0~g1": "g1"}}
    path = tmp_path / "big.json"
    path.write_text(json.dumps(doc))
    code, out, err = cli("info", path)
    assert code == 2 and err.count("\n") == 1 and len(err) < 400, len(err)
    long = {"hexMap": doc["hexMap"], "boardPieces": {"0~0~0~0~" + "q" * 5000: "g1"}}
    path.write_text(json.dumps(long))
    code, out, err = cli("info", path)
    assert code == 2 and len(err) < 400, err


def test_format_errors_are_bounded_whatever_they_quote():
    from mapkit.errors import MAX_MESSAGE, MAX_WHERE

    exc = FormatError("bad value " + "z" * 10_000, file="f" * 10_000, where="$." + "k" * 10_000)
    assert len(str(exc)) <= 2 * MAX_WHERE + MAX_MESSAGE + 4


def test_a_finding_on_a_share_link_names_it_by_an_excerpt(cli):
    from mapkit.formats.hexoscape import url
    from mapkit.model.map import Map, Piece

    pieces = [Piece("grass-1", q, r, 0) for q in range(20) for r in range(10)] + [Piece("rock-1", 30, 0, 2)]
    link = url.write(Map(name="long", pieces=pieces)).decode().strip()
    assert len(link) > 600  # JSONCrush packs a regular map well
    code, out, err = cli("validate", link)
    finding = next(line for line in out.splitlines() if "P101" in line)
    assert code == 1 and len(finding) < 300 and "characters)" in finding, finding


def old_link(doc: dict) -> str:
    """A share link of an old save: its hexMap and its comma-separated keys naming pieces by
    their old ids, crushed as Hexoscape crushes a link."""
    import urllib.parse

    from mapkit.formats.hexoscape import jsoncrush, url

    old = old_form(doc)
    payload = json.dumps([old["hexMap"], *old["boardPieces"]], separators=(",", ":"))
    return url.BASE_URL + "?m=" + urllib.parse.quote(jsoncrush.crush(payload), safe="")


def test_a_share_link_of_an_old_save_is_read_with_a_warning():
    """Its comma-separated keys were "neither the hexMap nor pieces": an empty map came back."""
    from conftest import corpus_file
    from mapkit.formats import parse_map

    path = corpus_file("hexoscape/Welcome.json")
    today = read_map(path)
    then = parse_map(old_link(json.loads(path.read_bytes())).encode(), "hexoscape-url")
    key = lambda p: (p.type, p.q, p.r, p.z, p.rotation, sorted(p.attrs.items()))  # noqa: E731
    assert sorted(map(key, then.pieces)) == sorted(map(key, today.pieces)) and then.pieces
    assert any("before 2025-01-12" in w for w in then.warnings) and not any("ignored" in w for w in then.warnings)


#: Every command that reads a map, with what it needs besides (FILE: a file in the test's folder).
COMMANDS = (("info",), ("info", "--json"), ("validate",), ("inventory",), ("analyze", "--json"), ("overlay",),
            ("convert", "-o", "FILE.hsc", "--allow-loss"), ("render", "-o", "FILE.png"), ("report", "-o", "FILE.html"),
            ("print", "-o", "FILE.pdf"), ("fit", "--collection", "COLLECTION", "-o", "FILE.json", "--no-picture"))


def _args(args: tuple, tmp_path, n: int) -> list:
    collection = tmp_path / "all.tsv"
    collection.write_text("ID\tType\tSize\tCount\ng1\tGrass\t1\t99\ng7\tGrass\t7\t9\nr1\tRock\t1\t99\n"
                          "r2\tRock\t2\t9\nlwp\tLaur\t1\t9\nw1\tWater\t1\t99\n")
    return [str(tmp_path / f"out{n}{a[4:]}") if a.startswith("FILE") else collection if a == "COLLECTION" else a
            for a in args]


@pytest.mark.parametrize("form", ("old save", "old link"))
def test_every_command_reads_an_old_save_and_an_old_link(form, cli, tmp_path):
    from conftest import corpus_file

    path = corpus_file("hexoscape/Welcome.json")
    doc = json.loads(path.read_bytes())
    if form == "old save":
        given = tmp_path / "old.json"
        given.write_text(json.dumps(old_form(doc)))
        source = str(given)
    else:
        source = old_link(doc)
    for n, args in enumerate(COMMANDS):
        code, out, err = cli(args[0], source, *_args(args[1:], tmp_path, n))
        assert code in (0, 1) and "before 2025-01-12" in err, (args, code, err[-400:])
        assert "Traceback" not in err and "ignored" not in err, (args, err)


def test_an_error_about_a_share_link_names_it_by_an_excerpt_in_every_command(cli, tmp_path):
    """`print LINK --plan` on a map placing no Book named the link whole in its error (2,000
    characters and more): every command's error about a link quotes a bounded excerpt."""
    from mapkit.formats.hexoscape import url
    from mapkit.model.map import Map, Piece

    pieces = [Piece("grass-1", q, r, 0) for q in range(12) for r in range(12)] + [Piece("rock-1", q, 3 * q % 7, 1)
                                                                                  for q in range(12)]
    link = url.write(Map(name="long", pieces=pieces)).decode().strip()
    assert len(link) > 500
    for n, args in enumerate(COMMANDS + (("print", "-o", "FILE.pdf", "--plan"),)):
        extra = ["--scenario", "5"] if "--plan" not in args else []
        code, out, err = cli(args[0], link, *_args(args[1:], tmp_path, n), *extra)
        assert code == 2, (args, err)
        assert link not in err and max(map(len, err.splitlines())) < 400, (args, err[:500])


def test_an_old_save_naming_its_board_length_height_is_named_as_one_board():
    """Older saves write the board's rows as `height` (not `length`): hsc's loss said "5 x None"
    and named the height apart as an unknown field."""
    from mapkit.formats import encode_map, get, parse_map

    doc = {"hexMap": {"id": "1", "name": "old", "shape": "rectangle", "width": 5, "height": 4},
           "boardPieces": {"0,0,0,0,grass24": "grass24"}}
    m = parse_map(json.dumps(doc).encode(), "hexoscape")
    losses = encode_map(m, get("hsc"), allow_loss=True)[1]
    assert any("rectangle of 5 x 4 hexes" in line for line in losses) and not any("None" in line for line in losses)
    assert not any("field height" in line for line in losses), losses
    back = parse_map(encode_map(m, get("hexoscape"))[0], "hexoscape")  # Hexoscape keeps it as it was
    assert back.extras["hexoscape"]["hexMap"]["height"] == 4


def test_a_web_link_that_carries_no_map_says_so(cli):
    """`mapkit info https://example.com/x.hsc` read the link's own text as a VirtualScape file
    ("unknown document version 2.05e-81"): a link without m= is named as carrying no map."""
    for command in ("info", "validate", "render"):
        code, out, err = cli(command, "https://example.com/x.hsc", *(["-o", "x.png"] if command == "render" else []))
        assert code == 2 and "carries no map" in err and "fetches nothing" in err, err
        assert "document version" not in err
