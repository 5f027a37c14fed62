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
