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
            "mapkit.rules", "mapkit.drawing", "mapkit.movement", "mapkit.books", "shapely", "PIL")


def loaded_by(*argv: str) -> set[str]:
    """The modules loaded once the console script's `main` has run `argv`."""
    code = ("import sys\n"
            "from mapkit.cli import main\n"
            f"code = main({list(argv)!r})\n"
            "sys.stdout.flush()\n"
            "print('\\n'.join(sorted(sys.modules)), file=sys.stderr)\n"
            "sys.exit(code)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return set(result.stderr.split())


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
