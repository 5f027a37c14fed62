"""Every command's time and memory grow no faster than the map (the short form of
benchmarks/bench_growth.py, which times 1 000 to 100 000 pieces as separate processes).

Each command runs in this process, through the CLI, on generated maps of SMALL and 10 x SMALL
pieces: its CPU time (best of three runs, two for the big map) and its peak of traced memory must grow by at most BOUND.
A quadratic step (a loop over pairs, a list scanned per piece) grows a hundredfold and fails.
"""

from __future__ import annotations

import contextlib
import gc
import io
import sys
import time
import tracemalloc
from pathlib import Path

import pytest

from mapkit.cli import main
from mapkit.formats import hsc

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from generate import make_map  # noqa: E402
from bench_growth import BOUND, COMMANDS  # noqa: E402

SMALL = 200


@pytest.fixture(scope="module")
def maps(tmp_path_factory) -> dict[int, Path]:
    folder = tmp_path_factory.mktemp("growth")
    out = {}
    for n in (SMALL, 10 * SMALL):
        out[n] = folder / f"generated-{n}.hsc"
        out[n].write_bytes(hsc.write(make_map(n, seed=99)))
    return out


def run(name: str, path: Path) -> None:
    argv = [a.format(map=path, out=path.with_name(f"out-{name}-{path.stem}")) for a in COMMANDS[name]]
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        code = main(argv)
    assert code in (0, 1), f"mapkit {' '.join(argv)} exited {code}"


def cpu(name: str, path: Path) -> float:
    gc.collect()  # what earlier tests left is not this run's to collect
    start = time.process_time()
    run(name, path)
    return time.process_time() - start


def cpu_ratio(name: str, small: Path, big: Path, rounds: int = 4) -> float:
    """Best CPU time of the big map over the small's, the two taking turns in every round: this
    VM's speed drifts by a third within seconds, and a drift must hit both sides alike."""
    best_small = best_big = float("inf")
    for _ in range(rounds):
        best_small = min(best_small, cpu(name, small))
        best_big = min(best_big, cpu(name, big))
    return best_big / best_small


def memory(name: str, path: Path) -> int:
    tracemalloc.start()
    try:
        run(name, path)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("name", list(COMMANDS))
def test_time_and_memory_grow_linearly(name, maps):
    small, big = maps[SMALL], maps[10 * SMALL]
    run(name, small)  # caches (catalog, rules, styles) filled before anything is measured
    time_ratio = cpu_ratio(name, small, big)
    memory_ratio = memory(name, big) / memory(name, small)
    print(f"{name}: time x{time_ratio:.1f}, memory x{memory_ratio:.1f}")
    assert time_ratio <= BOUND, f"{name}: time grew x{time_ratio:.1f} for a tenfold map"
    assert memory_ratio <= BOUND, f"{name}: memory grew x{memory_ratio:.1f} for a tenfold map"
