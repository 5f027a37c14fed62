"""Shared test helpers: the community corpus (read in place, never copied) and the CLI."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from mapkit.io import corpus_dir

# CI replays the same examples on every run (a red CI is then reproducible); a developer's own
# runs explore new random examples, which is how fuzzing finds new bugs.
settings.register_profile("ci", derandomize=True, database=None, deadline=None)
if os.environ.get("CI"):
    settings.load_profile("ci")

ROOT = Path(__file__).resolve().parent.parent
CORPUS = corpus_dir()
NO_CORPUS = "community corpus not found: set MAPKIT_CORPUS or check out ../shared/corpus beside the project"


def corpus_files(subdir: str, pattern: str) -> list:
    """pytest params, one per corpus file (recursive glob); one skipped param if absent."""
    if CORPUS is None or not (CORPUS / subdir).is_dir():
        return [pytest.param(None, marks=pytest.mark.skip(reason=NO_CORPUS), id="no-corpus")]
    files = sorted((CORPUS / subdir).rglob(pattern))
    return [pytest.param(f, id=str(f.relative_to(CORPUS / subdir))) for f in files]


def corpus_file(relative: str) -> Path:
    """One corpus file, or skip the test with a clear reason."""
    if CORPUS is None:
        pytest.skip(NO_CORPUS)
    path = CORPUS / relative
    if not path.exists():
        pytest.skip(f"corpus file missing: {relative}")
    return path


@functools.lru_cache(maxsize=None)
def read_corpus_map(path: Path) -> Any:
    """A corpus map read once a session, for tests that only look at it (never change it):
    the maps the Level sheets' label tests and the castle tests walk are read once."""
    from mapkit.formats import read_map

    return read_map(path)


#: The issues' small cases with their right answers (../shared/cases/README.md): $MAPKIT_CASES, else
#: ../shared/cases beside the checkout. Read in place, never copied.
CASES = Path(os.environ.get("MAPKIT_CASES") or ROOT.parent / "shared" / "cases")


def case_file(relative: str) -> Path:
    """One case file (`peer/...`, `outside/...`), or skip the test with a clear reason."""
    path = CASES / relative
    if not path.is_file():
        pytest.skip(f"case file missing: {relative} (set MAPKIT_CASES or check out ../shared/cases beside the project)")
    return path


@pytest.fixture
def cli(capsys):
    """Run `mapkit ARGS...` in-process; returns (exit status, stdout, stderr)."""
    from mapkit.cli import main

    def run(*args: str) -> tuple[int, str, str]:
        code = main([str(a) for a in args])
        out, err = capsys.readouterr()
        return code, out, err

    return run


def run_subprocess(*args: str, **kw) -> subprocess.CompletedProcess:
    """Run `python -m mapkit ARGS...` as a real process (exit codes, no tracebacks)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "mapkit", *map(str, args)], capture_output=True,
                          text=True, env=env, **kw)
