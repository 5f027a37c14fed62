"""Every kind of picture, sheet and page is chosen in one registry (`mapkit.outputs`, issue 12 item 3).

A kind declares its name, extensions, subject and maker; commands and `mapkit.render` choose
a kind there. The structural test below fails on any module that picks an output by the end
of a file name itself or writes a file of its own below the front door, as the analyze
heatmap (`movement/heatmap.py` wrote its PNG) and `fit`'s picture (`.endswith(".svg")`) did.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import mapkit
from mapkit import outputs
from mapkit.model.map import Map, Piece

ROOT = Path(__file__).resolve().parent.parent / "mapkit"
PICTURE_ENDINGS = {kind_ext for kind in outputs.OUTPUTS for kind_ext in kind.extensions}
#: Modules that may write a file: the writer itself, the map writer, an answer's `save` (which
#: writes only where it is told), the front door, the commands.
WRITERS = ("mapkit/io.py", "mapkit/formats/__init__.py", "mapkit/results.py", "mapkit/api/", "mapkit/cli/")


@pytest.mark.parametrize("kind", outputs.OUTPUTS, ids=lambda k: k.name)
def test_every_kind_has_a_maker_and_is_chosen_by_each_of_its_extensions(kind):
    assert callable(kind.make)
    for ext in kind.extensions:
        assert outputs.choose(f"out{ext.upper()}", [kind.name]) is kind
    assert outputs.choose(kind.name) is kind
    with pytest.raises(mapkit.OptionError, match="must end in"):
        outputs.choose("out.txt", [kind.name])


def test_the_heatmap_and_fit_pictures_are_registered():
    assert {"heatmap-png", "fit-png", "fit-svg"} <= {k.name for k in mapkit.output_kinds()}


def picks_by_ending(node: ast.AST) -> bool:
    """`x.endswith(".svg")` or `x.endswith((".png", ...))` with an output's extension."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "endswith"):
        return False
    texts = [a.value for a in ast.walk(node) if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return any(t.lower() in PICTURE_ENDINGS for t in texts)


def writes_a_file(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
    return name in ("write_output", "write_atomic")


def offenders(rel: str, source: str) -> list[str]:
    """What module `rel` (a path under the project) does that the registry should do."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if picks_by_ending(node):
            found.append(f"{rel}:{node.lineno}: picks an output by its name's ending")
        if writes_a_file(node) and not rel.startswith(WRITERS):
            found.append(f"{rel}:{node.lineno}: writes a file below the front door")
    return found


def test_no_module_picks_an_output_by_the_end_of_its_name_nor_writes_one_itself():
    found = [line for path in sorted(ROOT.rglob("*.py"))
             if (rel := path.relative_to(ROOT.parent).as_posix()) != "mapkit/outputs/__init__.py"
             for line in offenders(rel, path.read_text(encoding="utf-8"))]
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("rel, source", [
    # how pictures were chosen and written before they were registered
    ("mapkit/cli/fit.py", 'def run(shot, result):\n    return picture(result, svg=shot.lower().endswith(".svg"))\n'),
    ("mapkit/drawing/__init__.py", 'def render_map(m, path):\n    if str(path).lower().endswith((".svg", ".gz")):\n'
                                   '        return 1\n'),
    ("mapkit/movement/heatmap.py", 'def draw(spaces, turns, path):\n    from mapkit.io import write_output\n'
                                   '    write_output(path, b"")\n'),
])
def test_a_choice_by_ending_or_a_write_below_the_front_door_is_caught(rel, source):
    assert len(offenders(rel, source)) == 1


def corridor() -> Map:
    return Map(name="corridor", pieces=[Piece("grass-1", q, 0, 0) for q in range(6)]
               + [Piece("start-zone", 0, 0, 1, attrs={"player": 1}), Piece("start-zone", 5, 0, 1, attrs={"player": 2})])


def test_the_heatmap_is_drawn_through_the_registry(tmp_path):
    from mapkit.movement.profile import Figure
    from mapkit.movement.analysis_report import analyze_map

    out = tmp_path / "heat.png"
    mapkit.render(mapkit.analyze(corridor(), heatmap=True).heatmap, out)
    assert out.read_bytes()[:4] == b"\x89PNG"
    heat = analyze_map(corridor(), Figure(), heatmap=True).heatmap
    assert heat is not None and analyze_map(corridor(), Figure()).heatmap is None
    assert mapkit.render(heat, tmp_path / "again.png").data == out.read_bytes()  # one maker, the same picture
    with pytest.raises(mapkit.OptionError, match=r"must end in \.png"):
        mapkit.render(heat, tmp_path / "heat.svg")
    assert not (tmp_path / "heat.svg").exists()


def test_a_heatmap_error_names_the_file(tmp_path):
    from mapkit.outputs.heatmap import HeatmapError

    far = Map(pieces=[Piece("grass-1", -5000, 0, 0), Piece("grass-1", 5000, 3000, 0)])
    out = tmp_path / "far.png"
    heat = mapkit.analyze(far, heatmap=True).heatmap
    with pytest.raises(HeatmapError, match=r"far\.png: not written"):
        mapkit.render(heat, out)
    assert not out.exists()


def test_what_fit_did_is_drawn_through_the_registry(tmp_path):
    from mapkit.fitting import fit_map

    result = fit_map(Map(pieces=[Piece("grass-3", 0, 0, 0)]), {"grass-1": 3})
    assert result.feasible and result.changes
    assert mapkit.render(result, tmp_path / "fit.png").data[:4] == b"\x89PNG"
    assert b"<svg" in mapkit.render(result, tmp_path / "fit.svg").data[:300]
    assert (tmp_path / "fit.png").exists() and (tmp_path / "fit.svg").exists()


def test_a_map_still_draws_as_a_map_picture_not_a_heatmap(tmp_path):
    import mapkit.outputs.heatmap  # noqa: F401  (loaded: the subject's type decides, not the extension)

    png = mapkit.render(corridor(), tmp_path / "map.png", scale=8)
    assert png == mapkit.render(corridor(), "png", scale=8)
