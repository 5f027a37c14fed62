"""docs/images: each view of a castle map, a C3G street and a multi-level map, drawn by one
script (docs/make_images.py) with `mapkit render`, and every picture the docs show exists."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _script():
    spec = importlib.util.spec_from_file_location("make_images", ROOT / "docs" / "make_images.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_one_script_draws_each_view_of_the_three_maps():
    views = {name: options for name, _, options in _script().VIEWS}
    for stem in ("west-barbican", "c3g-street", "table-des-geants"):
        assert "--view" not in views[f"{stem}-top.png"]
        assert views[f"{stem}-levels.png"][views[f"{stem}-levels.png"].index("--view") + 1] == "levels"
        assert views[f"{stem}-iso.png"][views[f"{stem}-iso.png"].index("--view") + 1] == "iso"
    shown = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs").glob("*.md"))
    drawn = [*views, *(name for name, *_ in _script().SHEETS)]
    assert [name for name in drawn if f"images/{name}" not in shown] == []   # each one the script draws, shown


def test_every_picture_the_docs_show_exists():
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for name in re.findall(r"\(images/([\w.-]+\.png)\)", page.read_text(encoding="utf-8")):
            assert (ROOT / "docs" / "images" / name).is_file(), f"{page.name} shows images/{name}"


def test_every_picture_in_docs_images_is_drawn_by_the_script():
    """All images scripted (issue 24): no picture in docs/images that make_images.py does not draw
    (the scenario pictures are named by the page's scenarios, `scenario_pictures`)."""
    script = _script()
    drawn = {"levels.png", *(row[0] for row in script.VIEWS), *(row[0] for row in script.SHEETS), *script.OTHERS}
    kept = {p.name for p in (ROOT / "docs" / "images").glob("*.png")}
    assert sorted(n for n in kept - drawn if not re.fullmatch(r"scenarios-(\d+|shared-terrain)\.png", n)) == []
