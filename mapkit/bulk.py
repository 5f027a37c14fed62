"""Building many small objects at once: a map read or written, a picture's scene and document.

Reading, writing or drawing 100,000 tiles makes hundreds of thousands of small objects that
cannot form cycles; with the cyclic garbage collector running, its passes walk them again and
again (about 40 % of an SVG of 100,000 pieces). `paused_gc` holds it off for such a job.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Iterator


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector while a big map or picture is built or encoded.

    Afterwards one young-generation pass (counted in benchmarks/bench_hsc.py) hands the new
    objects to the older generations, as the collector would have done, without the full-heap
    pass that re-enabling it with a huge young generation can set off.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            if gc.get_count()[0] > 10_000:
                gc.collect(0)
            gc.enable()
