"""`mapkit overlay`: JSON with labelled parameters, the picture, and errors in one line."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import run_subprocess

ROOT = Path(__file__).resolve().parent.parent
SKY = ROOT / "samples" / "books" / "skyscraper.book.json"
STREET = ROOT / "samples" / "maps" / "street.mapkit.json"


def test_json_names_the_assumed_marker(cli):
    code, out, _ = cli("overlay", SKY, "--json")
    assert code == 0
    doc = json.loads(out)
    params = doc["parameters"]
    assert params["assumed"] == ["marker_diameter"]
    assert params["marker_diameter"]["source"] == "assumed" and "no published" in params["marker_diameter"]["note"]
    assert params["base_diameter"] == {**params["base_diameter"], "value": 33.0, "source": "measured"}
    assert {c["class"] for c in doc["exterior"]} <= {"full", "half", "partial", "covered"}
    assert len(doc["floors"]) == 3
    windows = [m for m in doc["floors"][1]["marks"] if m["kind"] == "window"]
    cells = {(c["q"], c["r"]): c["class"] for c in doc["floors"][1]["hexes"]}
    assert windows and all(cells[(w["q"], w["r"])] == "half" for w in windows)


def test_parameters_change_the_answer(cli):
    _, out, _ = cli("overlay", SKY, "--json", "--marker-diameter", "25", "--hex-region", "cap")
    doc = json.loads(out)
    assert doc["parameters"]["assumed"] == []
    assert doc["parameters"]["marker_diameter"]["source"] == "given"
    assert doc["parameters"]["hex_region"]["value"] == "cap"
    default = json.loads(cli("overlay", SKY, "--json")[1])
    assert doc["floors"][0]["hexes"] != default["floors"][0]["hexes"]


def test_text_summary_says_what_is_assumed(cli):
    code, out, _ = cli("overlay", SKY)
    assert code == 0 and "assumed: marker_diameter" in out and "floor 3 (level +16)" in out


def test_picture_of_book_and_map(cli, tmp_path):
    from PIL import Image

    for src in (SKY, STREET):
        png = tmp_path / (src.name + ".png")
        code, _, err = cli("overlay", src, "--picture", png)
        assert code == 0, err
        img = Image.open(png)
        assert img.size[0] > 600 and img.size[1] > 400
        colours = {c for _, c in img.convert("RGB").getcolors(1 << 20)}
        # every class's fill colour shows up (the letters and patterns are checked by eye)
        from mapkit.outputs.overlay import STYLE

        assert all(style["fill"] in colours for style in STYLE.values())


def test_map_json_lists_levels(cli):
    code, out, _ = cli("overlay", STREET, "--json")
    doc = json.loads(out)
    assert code == 0 and [lv["level"] for lv in doc["levels"]] == [1, 9, 17]
    assert len(doc["buildings"]) == 3 and len(doc["objects"]) == 3


def test_errors_are_one_line(tmp_path):
    bad = tmp_path / "bad.book.json"
    bad.write_text('{"name": "x", "kind": "enclosed", "footprint": {"polygon": [[0, 0]]}}')
    proc = run_subprocess("overlay", bad)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "$.footprint.polygon" in proc.stderr
    proc = run_subprocess("overlay", tmp_path / "missing.book.json")
    assert proc.returncode == 2 and "cannot read" in proc.stderr
    proc = run_subprocess("overlay", SKY, "--marker-diameter", "-3")
    assert proc.returncode == 2


def test_marker_not_smaller_than_base_is_a_usage_error():
    result = run_subprocess("overlay", SKY, "--base-diameter", "10")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "smaller than the base diameter" in result.stderr


def test_unwritable_picture_and_a_map_without_books(tmp_path):
    # An unwritable -o used to end in an internal error (exit 3).
    result = run_subprocess("overlay", SKY, "--picture", tmp_path / "no" / "dir" / "x.png")
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and "cannot write" in result.stderr
    plain = tmp_path / "plain.mapkit.json"
    plain.write_text('{"format": "mapkit", "version": 1, "pieces": [{"type": "grass-1", "q": 0, "r": 0, "z": 0}]}')
    result = run_subprocess("overlay", plain)
    assert result.returncode == 0 and "places no C3G buildings" in result.stdout


def test_a_panel_is_as_wide_as_its_title_and_the_panels_can_stand_alone():
    """A one-hex object's panel title ("outside, on the ground") is wider than its drawing: the
    panel takes the title's width, so the title stays in the picture and off the next panel;
    without legend and title the picture is the panels alone (a gallery card's thumbnail)."""
    import mapkit
    from mapkit.outputs.overlay import MARGIN, PANEL_TITLE, book_panels, scene
    from mapkit.outputs.paint.raster import measure
    from mapkit.geometry.params import OverlayParams

    result = mapkit.overlay(Path(__file__).resolve().parent.parent / "samples" / "books" / "mailbox.book.json")
    panels = book_panels(result.overlay)
    alone = scene(panels, OverlayParams(), result.title, legend=False, titled=False)
    title = max(measure(p.title, PANEL_TITLE) for p in panels)
    assert alone.box.x1 - alone.box.x0 >= title + 2 * MARGIN - 0.01
    whole = scene(panels, OverlayParams(), result.title, result.note)
    assert alone.box.y1 - alone.box.y0 < 0.6 * (whole.box.y1 - whole.box.y0)   # no legend, no parameter lines
    texts = [t.text for t in _texts(alone.root)]
    assert result.title not in texts and not any("Parameters" in t for t in texts)


def _texts(group):
    from mapkit.outputs.scene.shapes import Group, Text

    for item in group.items:
        if isinstance(item, Group):
            yield from _texts(item)
        elif isinstance(item, Text):
            yield item


def test_object_names_on_a_maps_overlay_lie_on_no_mark_and_none_is_lost():
    """A vehicle's or object's name on a map's overlay picture goes through the plates' layout:
    no plate over a Lift, Door or class letter; a name with no room is said in the legend (the
    Elevator Car's name was printed across its Lift)."""
    import mapkit
    from mapkit.geometry.params import OverlayParams
    from mapkit.outputs.overlay import map_panels, scene
    from mapkit.outputs.scene.shapes import Group, Rect, Text

    result = mapkit.overlay(Path(__file__).resolve().parent.parent / "samples" / "maps" / "street.mapkit.json")
    panels = map_panels(result.map, result.placed)
    picture = scene(panels, OverlayParams(), result.title, result.note)

    def walk(group, dx=0.0, dy=0.0):
        ox, oy = group.offset or (0.0, 0.0)
        for item in group.items:
            if isinstance(item, Group):
                yield from walk(item, dx + ox, dy + oy)
            else:
                yield item, dx + ox, dy + oy

    items = list(walk(picture.root))
    plates = [(i.x0 + dx, i.y0 + dy, i.x1 + dx, i.y1 + dy) for i, dx, dy in items
              if isinstance(i, Rect) and i.fill == (255, 255, 255)]
    words = [(i.text, i.x + dx, i.y + dy) for i, dx, dy in items if isinstance(i, Text)]
    marks = [(t, x, y) for t, x, y in words if t in ("Lift", "Door", "Up3", "Exit4", "F", "H", "P", "C")]
    assert plates, "the names are on plates"
    for x0, y0, x1, y1 in plates:
        assert not [t for t, x, y in marks if x0 <= x <= x1 and y0 <= y <= y1], (x0, y0, x1, y1)
    legend = " ".join(t for t, _, _ in words)
    named = {t for t, _, _ in words}
    for name in ("Elevator Car", "Sports Car", "Mailbox"):
        assert name in named or f"{name} (Level" in legend, name
