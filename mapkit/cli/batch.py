"""Many files at once: `validate` and `convert -d` spread their files over worker processes.

Each file is independent, so N workers check or convert N files at a time. `--jobs N` (`-j N`)
chooses N; by default every core this process may use, except that inputs too small to repay
the start of a pool (about 0.2 s) are done here. Results come back in the order of the files,
whatever the order the workers finish in, so the output does not depend on N. One progress bar
(tqdm) counts the files on a terminal; piped or redirected, stderr gets no bar.
"""

from __future__ import annotations

import os
import sys
from typing import Any, Callable, Sequence

from mapkit.errors import UsageError

#: Below this many bytes in all, one process does the files (a pool costs ~0.2 s to start).
PARALLEL_MIN_BYTES = 1_000_000


def add_jobs_option(parser: Any) -> None:
    parser.add_argument("-j", "--jobs", type=int, default=0, metavar="N",
                        help="worker processes (default: every core; one for a few small files)")


def cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def jobs_for(requested: int, paths: Sequence[str]) -> int:
    """Workers to start: `requested` if given, else every core, but one for small inputs."""
    if requested < 0:
        raise UsageError(f"--jobs {requested}: the number of workers cannot be negative")
    if requested:
        return max(1, min(requested, len(paths)))
    if len(paths) < 2:
        return 1
    size = sum(os.path.getsize(p) for p in paths if os.path.isfile(p))
    return 1 if size < PARALLEL_MIN_BYTES else min(cores(), len(paths))


def run_all(work: Callable[..., Any], jobs: list[tuple], workers: int, unit: str = "map") -> list[Any]:
    """`work(*args)` for every tuple of `jobs`, in `workers` processes, results in order."""
    progress = _bar(len(jobs), unit)
    try:
        if workers <= 1 or len(jobs) < 2:
            return [_step(progress, work(*args)) for args in jobs]
        from concurrent.futures import ProcessPoolExecutor

        chunk = max(1, min(16, len(jobs) // (8 * workers)))
        with ProcessPoolExecutor(max_workers=workers) as pool:
            return [_step(progress, result) for result in pool.map(work, *zip(*jobs), chunksize=chunk)]
    finally:
        if progress is not None:
            progress.close()


def _bar(total: int, unit: str) -> Any:
    if total < 2 or not _is_terminal(sys.stderr):
        return None
    from tqdm import tqdm

    return tqdm(total=total, unit=unit, file=sys.stderr, leave=False)


def _is_terminal(stream: Any) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _step(progress: Any, result: Any) -> Any:
    if progress is not None:
        progress.update(1)
    return result

