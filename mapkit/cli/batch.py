"""Many files at once on the command line: the `-j N` option and the progress bar.

`validate` and `convert -d` spread their files over worker processes through the library
(`mapkit.batch.jobs_for` and `run_all`, reached through `mapkit.api`): by default every core
this process may use, except that inputs too small to repay the start of a pool (about 0.2 s)
are done here. One progress bar (tqdm) counts the files on a terminal; piped or redirected,
stderr gets no bar.
"""

from __future__ import annotations

import sys
from typing import Any


def add_jobs_option(parser: Any) -> None:
    parser.add_argument("-j", "--jobs", type=int, default=0, metavar="N",
                        help="worker processes (default: every core; one for a few small files)")


class ProgressBar:
    """A `progress(done, total)` callback drawing one bar on a terminal's stderr; `close()` it.

    A warning or a refusal said while the bar is up (`tell`, `refuse`) is written above it, the
    bar cleared first and drawn again after (tqdm's `external_write_mode`), so the bar lasts to
    the end of the batch; its last step is always drawn (100 %), whatever tqdm's interval."""

    def __init__(self, unit: str = "map") -> None:
        self.unit = unit
        self.bar: Any = None

    def __call__(self, done: int, total: int) -> None:
        if done == 0:
            from mapkit.cli import common

            if self.bar is None and total >= 2 and common.verbosity >= 0 and _is_terminal(sys.stderr):
                from tqdm import tqdm

                columns, rows = _size(sys.stderr)
                self.bar = tqdm(total=total, unit=self.unit, file=sys.stderr, leave=False, ncols=columns, nrows=rows)
        elif self.bar is not None:
            self.bar.update(done - self.bar.n)
            if done >= total:
                self.bar.refresh()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None

    def tell(self, warning: str) -> None:
        """A warning, said above the bar."""
        from mapkit.cli import common

        self._above(common.tell, warning)

    def refuse(self, error: str) -> None:
        """A file refused, said above the bar."""
        from mapkit.cli import common

        self._above(common.refuse, error)

    def _above(self, say: Any, line: str) -> None:
        if self.bar is None:
            say(line)
            return
        with self.bar.external_write_mode(file=sys.stderr):
            say(line)
            sys.stderr.flush()


def _size(stream: Any) -> tuple[int | None, int | None]:
    """The bar's width and rows on a terminal that tells none (0 x 0: `script` without a terminal
    around it, a serial console), where tqdm would draw nothing: $COLUMNS (or 80) wide, 24 rows.
    None where it tells one (tqdm follows the terminal's size)."""
    import os

    from mapkit.cli.parsing import terminal_width

    try:
        told = os.get_terminal_size(stream.fileno())
    except (AttributeError, ValueError, OSError):
        return terminal_width(), 24
    if told.columns > 0 and told.lines > 0:
        return None, None
    return told.columns or terminal_width(), told.lines or 24


def _is_terminal(stream: Any) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
