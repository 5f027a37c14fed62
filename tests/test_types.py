"""The package type-checks: mypy over all of mapkit, as `[tool.mypy]` in pyproject.toml says.

mypy and the stubs of the libraries mapkit uses (shapely, reportlab, jsonschema, tqdm, lxml)
are in the test extras, so CI runs this with the rest of the suite. No module is excluded and
no error code is switched off: a wrong type anywhere in the package fails the suite.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_package_type_checks():
    pytest.importorskip("mypy", reason="mypy is in the test extras: pip install -e '.[test]'")
    result = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary"], cwd=ROOT, capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_check_covers_the_whole_package():
    """The configuration names the package itself, not a hand-picked list of its modules."""
    tomllib = pytest.importorskip("tomllib", reason="tomllib is in Python 3.11 and later")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["files"] == ["mapkit"]
    assert not any(key in config for key in ("exclude", "ignore_errors", "disable_error_code"))
    assert not config.get("overrides")


def test_the_package_says_it_is_typed():
    assert (ROOT / "mapkit" / "py.typed").is_file()
