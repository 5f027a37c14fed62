"""`mapkit gallery`: the whole job from the folders named."""

from __future__ import annotations

from mapkit import api
from mapkit.cli.jobs.job import Result, Told, read_collection_job, said_read
from mapkit.errors import OptionError
from mapkit.errors import shown as shown_input

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Iterable

    from mapkit.cli.jobs.job import PathLike, Progress, Warn


def gallery_site(paths: Iterable[PathLike], site: PathLike, collection: PathLike | None = None, jobs: int = 0,
                 profile: str | None = "casual", paper: str = "letter", title: str | None = None,
                 progress: Progress | None = None, warn: Warn | None = None, refused: Warn | None = None) -> Result:
    """`mapkit gallery DIR... -o SITE`: `mapkit.gallery` (`.value`, a `GalleryResult`), the
    reader warnings of each file read this run warned of and each file that could not be read
    told to `refused` (else warned of), ending with the batch's `.summary` and a `.note` naming
    the index; `.status` 2 when a file could not be read (the site is made all the same)."""
    if jobs < 0:
        raise OptionError(f"--jobs {jobs}: the number of workers cannot be negative")
    tell = Told(warn)
    if collection:  # what its reader skipped told, and what was read said; the pages name it as given
        read_collection_job(collection, tell)
    done = api.gallery(paths, site, collection, jobs, profile, paper, title, progress)
    for card in done.cards:
        if card.get("fresh"):  # read this run (the others' warnings were told when they were)
            if card.get("read"):
                said_read(tell, f"{shown_input(card['source'])}: {card['read']}")
            for warning in card.get("warnings", ()):
                tell(f"{shown_input(card['source'])}: warning: {warning}")
    for bad in done.unreadable:
        (tell if refused is None else refused)(bad["error"])
    maps = sum(1 for c in done.cards if c.get("kind") == "map")
    books = len(done.cards) - maps
    note = (f"{done.index}: gallery, {maps} map(s)" + (f", {books} Book(s)" if books else "")
            + f", {done.drawn} read this run, {done.kept} unchanged since the last, {done.seconds:.1f} s")
    return Result(done, warnings=tell, status=2 if done.unreadable else 0, summary=done.batch_summary(), note=note,
                  details=[f"{s.path}: left alone: {s.reason}" for s in done.skipped])
