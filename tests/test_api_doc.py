"""docs/api.md runs: every command's API twin, as a doctest from the project root."""

from __future__ import annotations

import doctest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_docs_api_examples_run(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(str(ROOT / "docs" / "api.md"), module_relative=False, globs={"tmp": tmp_path},
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False)
    assert result.attempted >= 30 and result.failed == 0, result


def test_the_issue_example_runs():
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", "import mapkit; m = mapkit.read('samples/maps/twin-rivers.hsc'); "
                          "print(mapkit.validate(m).summary)"], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout == "no findings\n"


def _doctest_lines() -> str:
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    return "\n".join(line for line in text.splitlines() if line.startswith((">>> ", "... ")))


def test_every_name_the_front_door_exports_is_shown_running():
    """docs/api.md is complete: each name in `mapkit.__all__` is used in one of its doctests."""
    import mapkit

    shown = _doctest_lines()
    missing = [name for name in mapkit.__all__ if f"mapkit.{name}" not in shown]
    assert not missing, f"docs/api.md has no running example of: {', '.join(missing)}"


def test_every_readme_command_has_its_twin_in_the_docs():
    """Each command of the README's table is named in docs/api.md beside the call that does it
    (but `completion`, which is about the command line itself)."""
    import re

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = set(re.findall(r"^\| `mapkit (\w+)", readme, flags=re.M)) - {"completion"}
    assert {"info", "convert", "validate", "fit", "render"} <= commands
    doc = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    missing = sorted(c for c in commands if f"`mapkit {c}" not in doc)
    assert not missing, f"docs/api.md names no API twin for: {', '.join(missing)}"


def test_every_name_of_the_api_module_is_shown_running():
    """The parts the commands are built from (`mapkit.api.pick`, ...) are documented like the verbs."""
    from mapkit import api

    shown = _doctest_lines()
    missing = [name for name in api.__all__ if f"mapkit.{name}" not in shown and f"mapkit.api.{name}" not in shown]
    assert not missing, f"docs/api.md has no running example of: {', '.join(missing)}"


def test_the_batch_forms_of_the_readme_have_their_twins():
    """`convert -d` and `validate FOLDER -j N` are rows of their own in the README: each has its call."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = _doctest_lines()
    for row, call in (("| `mapkit convert IN... --to FORMAT -d DIR", "mapkit.convert_files("),
                      ("| `mapkit validate MAP\\|FOLDER...", "mapkit.validate_files(")):
        assert row in readme, row
        assert call in shown, call
