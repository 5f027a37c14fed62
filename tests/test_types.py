"""The front door type-checks: mypy over the public API, the registries and the app layer.

mypy is pinned in the test extras; the check runs on the modules a library caller meets
(`mapkit/__init__.py`, `api.py`, `registry.py`, `errors.py`, `app/`), following the imports
they make silently, so a wrong type in a signature there fails the suite.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ["mapkit/__init__.py", "mapkit/api.py", "mapkit/registry.py", "mapkit/errors.py", "mapkit/app"]


def test_the_public_api_type_checks():
    pytest.importorskip("mypy", reason="mypy is in the test extras: pip install -e '.[test]'")
    result = subprocess.run([sys.executable, "-m", "mypy", "--follow-imports=silent", "--ignore-missing-imports",
                             "--no-error-summary", *CHECKED], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_package_says_it_is_typed():
    assert (ROOT / "mapkit" / "py.typed").is_file()
