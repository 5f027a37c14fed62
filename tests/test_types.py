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


def test_a_programs_use_of_every_public_name_type_checks_strictly(tmp_path):
    """A program type-checked with `mypy --strict` (no implicit re-export, as many typed projects
    run it) may name every value of `mapkit.__all__` as `mapkit.NAME`: the model's types and the
    errors were imported into the face without being re-exported, so `mapkit.Map` was "not
    defined" and `except mapkit.OptionError` "not explicitly exported" there."""
    pytest.importorskip("mypy", reason="mypy is in the test extras: pip install -e '.[test]'")
    import mapkit

    lines = ["import mapkit", ""]
    for name in mapkit.__all__:
        value = getattr(mapkit, name)
        if isinstance(value, type):
            lines.append(f"def use_{name}(value: mapkit.{name}) -> mapkit.{name}:\n    return value")
        elif callable(value):
            lines.append(f"use_{name} = mapkit.{name}")
    lines.append("version: str = mapkit.__version__")
    program = tmp_path / "program.py"
    program.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", "--no-error-summary",
                             str(program)], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
