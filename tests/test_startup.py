"""What `mapkit info` loads: only what reading and summarising a map needs.

Python's start and imports were most of `mapkit info` on a 10,000-tile map (docs/performance.md),
so the modules below are kept off that path: typing and dataclasses (the model's value classes
use `mapkit.records`), inspect, shutil (argparse's help width), threading, hashlib (OpenSSL's
SHA-256, for a file under 1 MB), numpy, pathlib and mapkit's rules and drawing.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import ROOT

KEPT_OFF = ("typing", "dataclasses", "inspect", "shutil", "threading", "hashlib", "numpy", "pathlib",
            "mapkit.rules", "mapkit.outputs", "mapkit.movement", "mapkit.books", "shapely", "PIL")


def loaded_after(code: str) -> set[str]:
    """The modules a fresh interpreter has loaded once it has run `code`."""
    code += "\nimport sys\nsys.stdout.flush()\nprint('\\n'.join(sorted(sys.modules)), file=sys.stderr)\n"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return set(result.stderr.split())


def loaded_by(*argv: str) -> set[str]:
    """The modules loaded once the console script's `main` has run `argv`."""
    return loaded_after(f"from mapkit.cli import main\nassert main({list(argv)!r}) == 0")


def heavy(loaded: set[str], kept_off: tuple[str, ...]) -> list[str]:
    return sorted(name for name in loaded if any(name == off or name.startswith(off + ".") for off in kept_off))


def test_info_on_a_virtualscape_map_loads_only_what_reading_and_summarising_need():
    loaded = loaded_by("info", "samples/maps/twin-rivers.hsc")
    assert "mapkit.summary" in loaded and "mapkit.formats.hsc" in loaded  # (it sees what was loaded)
    assert heavy(loaded, KEPT_OFF) == []


def test_info_on_a_mapkit_json_map_checks_it_without_jsonschema():
    # The pieces no column check speaks for go through the schema compiled by fastjsonschema
    # (which itself imports typing); jsonschema, 0.1 s to import, is for error messages elsewhere.
    loaded = loaded_by("info", "samples/maps/twin-rivers.mapkit.json")
    assert "mapkit.formats.native" in loaded
    kept_off = tuple(name for name in KEPT_OFF if name != "typing") + ("jsonschema", "importlib.resources")
    assert heavy(loaded, kept_off) == []


def test_info_on_a_hexoscape_map_loads_only_what_reading_and_summarising_need(tmp_path):
    from mapkit.formats import hexoscape
    from mapkit.model.map import Map, Piece

    path = tmp_path / "small.json"
    path.write_bytes(hexoscape.write(Map(name="small", pieces=[Piece("grass-1", q, 0, 0) for q in range(30)])))
    loaded = loaded_by("info", str(path))
    assert "mapkit.formats.hexoscape" in loaded
    assert heavy(loaded, KEPT_OFF) == []


def test_a_small_map_reads_and_writes_without_numpy(tmp_path):
    # numpy costs ~80 ms to import, more than a small map takes to read or write without it
    loaded = loaded_after("from mapkit.formats import read_map, write_map\n"
                          "from mapkit.model.map import Map, Piece\n"
                          f"path = {str(tmp_path / 'small.hsc')!r}\n"
                          "write_map(Map(pieces=[Piece('grass-1', q, 0, 0) for q in range(10)]), path)\n"
                          "assert len(read_map(path).pieces) == 10\n")
    assert "mapkit.formats.hsc" in loaded and "numpy" not in loaded


def test_the_api_module_is_there_after_import_mapkit_though_it_loads_on_first_use():
    loaded = loaded_after("import mapkit\nassert 'mapkit.api' not in __import__('sys').modules\n"
                          "assert mapkit.api.pick is mapkit.api.pick and callable(mapkit.read)\n")
    assert "mapkit.api" in loaded


def test_info_loads_only_the_front_doors_module_it_calls():
    """The face finds a name in the topic modules in turn: `info` is in the first, and `from
    mapkit import io` (a submodule, asked of the face before it is imported) looks in none."""
    loaded = loaded_by("info", "samples/maps/twin-rivers.hsc")
    assert {name for name in loaded if name.startswith("mapkit.api")} == {"mapkit.api", "mapkit.api.files"}


def test_validate_and_the_report_of_a_map_without_books_load_neither_numpy_nor_the_books(tmp_path):
    """The physical rules index cells in dictionaries (numpy's import, 0.06-0.1 s, cost more
    than the rules of a 7,000-piece map); the C3G rules, the runner and the report load the
    Books' modules only for a map that places Books; the report's map needs neither the views
    nor the label layout for a map of one room (issue 34, speed). (Shapely comes for a map with
    an obstacle of several hexes, whose outline it insets: Twin Rivers has some.)"""
    books = ("mapkit.books", "mapkit.geometry.placing", "mapkit.geometry.classify")
    loaded = loaded_by("validate", "samples/maps/twin-rivers.hsc", "-q")
    assert "mapkit.rules.physical" in loaded
    assert heavy(loaded, ("numpy", "shapely") + books) == []
    loaded = loaded_by("report", "samples/maps/twin-rivers.hsc", "-o", str(tmp_path / "tr.html"), "-q")
    assert "mapkit.outputs.scene.browse" in loaded
    assert heavy(loaded, books + ("mapkit.outputs.scene.views", "mapkit.outputs.scene.placing",
                                  "mapkit.outputs.scene.c3g")) == []


def test_the_report_proves_its_fewest_sets_without_loading_the_solver(tmp_path):
    """The set inventory's fewest sets are proved by a short search before HiGHS is asked
    (`mapkit.sets.proof`): highspy's module imports numpy, whose import alone took longer than
    `mapkit info` (issue 34, speed). A map of tiles, water and trees loads neither, nor inspect
    (the rule modules are listed without pkgutil); no report loads pathlib (the page's title and
    the atomic write take a file's name without it)."""
    from mapkit.formats import write_map
    from mapkit.model.map import Map, Piece

    pieces = [Piece(kind, q, r, 0) for q in range(12) for r in range(8)
              for kind in [("grass-1", "sand-1", "rock-1", "water-1")[(q + r) % 4]]]
    pieces += [Piece("tree-10", q, 0, 1) for q in range(0, 12, 3)]
    path = tmp_path / "plain.hsc"
    write_map(Map(name="plain", pieces=pieces), path)
    loaded = loaded_by("report", str(path), "-o", str(tmp_path / "plain.html"), "-q")
    assert "mapkit.sets.proof" in loaded
    assert heavy(loaded, ("highspy", "numpy", "shapely", "pathlib", "inspect")) == []
    loaded = loaded_by("report", "samples/maps/twin-rivers.hsc", "-o", str(tmp_path / "tr.html"), "-q")
    assert "mapkit.sets.proof" in loaded and heavy(loaded, ("highspy", "pathlib")) == []  # (shapely: numpy)


def test_a_profile_loads_only_the_rule_modules_that_hold_its_rules():
    """`RULE_MODULES` says which profiles each module's rules belong to, as their own `profiles`
    say; a casual check (the report's) loads neither the C3G, the tournament nor the movement
    rules, and chooses the same rules as the whole registry does."""
    from mapkit.rules.framework import RULE_MODULES, load_rules, rule_module_names, select_rules

    rules = load_rules()
    held: dict[str, set[str]] = {}
    for r in rules.values():
        held.setdefault(r.check.__module__.rpartition(".")[2], set()).update(r.profiles)
    assert sorted(RULE_MODULES) == rule_module_names() == sorted(held)
    assert {name: set(profiles) for name, profiles in RULE_MODULES.items()} == held
    for profile in ("casual", "tournament", "c3g"):
        chosen = [r.code for r in select_rules(profile)]
        loaded = loaded_after(f"from mapkit.rules.framework import select_rules\n"
                              f"assert [r.code for r in select_rules({profile!r})] == {chosen!r}\n")
        assert {name for name in loaded if name.startswith("mapkit.rules.")} >= {
            f"mapkit.rules.{name}" for name, profiles in RULE_MODULES.items() if profile in profiles}
        if profile == "casual":
            assert heavy(loaded, ("mapkit.rules.c3g", "mapkit.rules.tournament", "mapkit.rules.movement_rules",
                                  "inspect", "pkgutil")) == []


def test_info_and_the_report_of_pages_and_obstacles_load_neither_shapely_nor_numpy(tmp_path):
    """A battlefield page is read without shapely where it draws no marks beside its hexes (its
    geometry errors are told apart without importing it), and the outline of a piece of several
    hexes comes from the table of what shapely gave (`data/inset_outlines.json`): River of Blood's
    info, the report of its third room and Twin Rivers' (ruins and outcrops) loaded shapely and
    numpy, a tenth of a second. (A page of several rooms still loads them to lay out the rooms'
    names, a castle to draw its walls' bands.)"""
    from conftest import corpus_file

    page, room = corpus_file("glasq-xhtml/RiverofBlood.html"), corpus_file("glasq-xhtml/RiverOfBloodRoom3.html")
    for args in (("info", str(page)), ("report", str(room), "-o", str(tmp_path / "rob.html"), "-q"),
                 ("report", "samples/maps/twin-rivers.hsc", "-o", str(tmp_path / "tr.html"), "-q")):
        assert heavy(loaded_by(*args), ("shapely", "numpy")) == [], args
