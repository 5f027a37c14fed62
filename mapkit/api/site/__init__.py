"""A gallery of a designer's maps (`mapkit gallery`): folders of maps in, an offline site out.

    done = mapkit.gallery(["my-maps"], "site", collection="mine.vsc")
    done.index                     # site/index.html: a card per map, to filter and sort
    print(done.text())

Every map and Book found under the folders (`batch.walk`: every format mapkit reads, share
links in .url and .txt files) is read once in a worker process (`work.card_of`: checked,
inventoried, drawn and converted through the front door); the index and one page per map are
the `gallery-html` output (`outputs/gallery`). The site keeps a cache of what it drew
(`CACHE`), keyed by each file's content, the Books it places, mapkit's version and the
settings, so a second run reads only what changed. Every file is written atomically, the
index last: a run stopped half-way leaves the previous site whole, and the files it no longer
needs are removed only after the new index is in place.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from mapkit.errors import OptionError, OutputError
from mapkit.records import Record, field
from mapkit.results import Answer

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any, Iterable, Mapping

    from mapkit.api.files import PathLike
    from mapkit.batch import Progress, Skipped

#: This topic's verbs and the answers they give, on `mapkit`'s face (and `mapkit.api`'s).
__all__ = ["gallery", "GalleryResult"]
FACE = tuple(__all__)
#: Old names that still answer, each with a DeprecationWarning.
OLD_NAMES: tuple[str, ...] = ()

PAPERS = ("letter", "a4")


class GalleryResult(Record, Answer):
    """What `gallery` built: the site's folder (`site`; `index` is its index page), the cards of
    the maps and Books it shows (`cards`, in the index's order, each a dict: name, file, format,
    size, Levels, players, sets, what the collection lacks, findings, its `page` and the files
    drawn for it), the files it could not read (`unreadable`: file, error, reason), the files it
    left alone in the folders (`skipped`), how many files were read and drawn this run
    (`drawn`) and kept from the last (`kept`), the cards of files gone since (`removed`), and
    the seconds it took. `.text()` says it in a few lines; `.json()` is `doc`."""

    site: str
    cards: list[dict[str, Any]] = field(default_factory=list)
    unreadable: list[dict[str, Any]] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    drawn: int = 0
    kept: int = 0
    removed: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def index(self) -> str:
        return os.path.join(self.site, "index.html")

    @property
    def doc(self) -> dict[str, Any]:
        return {"site": self.site, "index": self.index,
                "maps": sum(1 for c in self.cards if c.get("kind") == "map"),
                "books": sum(1 for c in self.cards if c.get("kind") == "book"),
                "cards": [{k: c.get(k) for k in ("file", "name", "kind", "format", "page", "players", "pieces",
                                                 "set_count", "findings")} | {"builds": builds(c)}
                          for c in self.cards],
                "unreadable": [{"file": u["file"], "error": u["error"], "reason": u.get("reason")}
                               for u in self.unreadable],
                "skipped": [{"file": str(s.path), "reason": s.reason} for s in self.skipped],
                "drawn": self.drawn, "kept": self.kept, "removed": self.removed, "seconds": round(self.seconds, 2)}

    def text(self) -> str:
        maps = sum(1 for c in self.cards if c.get("kind") == "map")
        books = len(self.cards) - maps
        shown = f"{maps} map(s)" + (f" and {books} Book(s)" if books else "")
        lines = [f"{self.index}: {shown}" + (f"; {len(self.unreadable)} file(s) could not be read, listed on "
                                              "the page" if self.unreadable else "")]
        lines.append(f"read this run: {self.drawn}; unchanged since the last run: {self.kept}"
                     + (f"; gone since: {len(self.removed)}" if self.removed else ""))
        from mapkit.escapes import lines as said

        return said(lines)  # one line each, whatever the site's name holds

    def batch_summary(self) -> list[str]:
        """The lines a command ends with: files read, shown, refused by reason, left alone."""
        from mapkit.batch import Outcome, Summary

        outcomes = [Outcome(c["file"], True) for c in self.cards]
        outcomes += [Outcome(u["file"], False, reason=u.get("reason") or "refused") for u in self.unreadable]
        return Summary.of(outcomes, self.skipped).lines("shown in the gallery")


def builds(card: dict[str, Any]) -> bool | None:
    """Whether the collection builds a card's map (None: no collection was given, or a Book)."""
    return None if "lacks" not in card else not card["lacks"]


def gallery(paths: Iterable[PathLike], site: PathLike, collection: Mapping[str, int] | PathLike | None = None,
            jobs: int = 0, profile: str | None = "casual", paper: str = "letter", title: str | None = None,
            progress: Progress | None = None) -> GalleryResult:
    """`mapkit gallery`: an offline site of every map and Book under the folders (and files)
    `paths`, in the folder `site`: `site/index.html`, a card per map to filter and sort (by
    players, size, Levels, sets needed, whether `collection` builds it, errors, format, words),
    and a page per map (its report's view, findings, inventory, what the collection lacks,
    build sheets, and the map in every format it converts to without loss), each drawn in
    `jobs` worker processes (0: every core). `collection` is what the designer owns (type id
    -> count, a .vsc or inventory file, or sets such as "2xRotV,RttFF"); `profile` the rules
    checked, `paper` ("letter", "a4") the sheets'; `title` the index's (default: the folders'
    names); `progress(done, total)` is told of each file read.

    A second run into the same `site` reads only files whose content (or the Books they place)
    changed, and removes the cards of files gone. `site` must be a new or empty folder or a
    gallery made before: no other file is ever replaced or removed.

    Returns a `GalleryResult` (`.index`, `.cards`, `.unreadable`, `.text()`, `.json()`, `.save(path)`).

    Raises OptionError for a profile, paper or collection it cannot use, or no file to show;
    OutputError for a `site` that is not a gallery or cannot be written; FormatError for a
    collection file that cannot be read. A map that cannot be read raises nothing: it is in
    `.unreadable`."""
    from mapkit import __version__
    from mapkit.api.check import check_options
    from mapkit.api.site.work import Settings
    from mapkit.batch import run_all, walk
    from mapkit.errors import choice

    started = time.perf_counter()
    check_options(profile)
    choice(paper, PAPERS, "paper", "paper")
    if jobs < 0:
        raise OptionError(f"jobs={jobs}: the number of workers cannot be negative", option="jobs")
    owned = _collection(collection)
    roots = [os.fspath(p) for p in paths]
    if not roots:
        raise OptionError("no folder or file to make a gallery of", option="paths")
    folder = Path(os.fspath(site))
    previous = site_cache(folder)   # a folder that is not a gallery is refused before anything is read
    sources, skipped = walk(roots, skip=[folder])
    if not sources and not skipped:
        raise OptionError(f"no file in {', '.join(roots)}: nothing to show")
    if not previous:
        mark_site(folder)
    settings = Settings(profile, paper, tuple(sorted(owned.items())) if owned is not None else None, __version__)
    names = shown_paths(roots, sources)
    cards, work = _plan(sources, names, previous, settings, folder)
    results = run_all(_card, work, _workers(jobs, len(work)), progress)
    for card in results:
        card["fresh"] = True
        cards[card["file"]] = card
    ordered = [cards[name] for name in names]
    readable = [c for c in ordered if not c.get("error")]
    unreadable = [c for c in ordered if c.get("error")]
    removed = sorted(set(previous.get("cards", {})) - set(cards))
    from mapkit.api.site.publish import publish

    publish(folder, readable, unreadable, len(skipped), settings, title or _title(roots), _said(collection, owned))
    return GalleryResult(str(folder), readable, unreadable, skipped, len(work), len(sources) - len(work), removed,
                         time.perf_counter() - started)


def _workers(jobs: int, files: int) -> int:
    """Worker processes for `files` files: `jobs` if given, else every core. Unlike a check or a
    conversion, each file costs a drawing (a tenth of a second or more), so two small files are
    worth a pool (it starts in about 0.2 s)."""
    from mapkit.batch import cores

    return max(1, min(jobs or cores(), files))


def _card(path: str, relative: str, content: str | None, site: str, settings: Any,
          previous: dict[str, Any] | None) -> dict[str, Any]:
    """`work.card_of` (a function of this module, so the pool imports no more than it needs)."""
    from mapkit.api.site.work import card_of

    return card_of(path, relative, content, site, settings, previous)


def _plan(sources: list[Any], names: list[str], previous: dict[str, Any], settings: Any, folder: Path
          ) -> tuple[dict[str, dict[str, Any]], list[tuple[Any, ...]]]:
    """The cards kept from the last run (same content, same Books, same settings, every file
    drawn still there) by file, and the work for the others: (path, relative, content hash,
    site, settings, last card)."""
    from mapkit.api.site.work import book_path, drawings_kept, file_digest

    old = previous.get("cards", {}) if previous.get("drawing") == settings.drawing_key() else {}
    kept: dict[str, dict[str, Any]] = {}
    work = []
    for source, relative in zip(sources, names):
        path = str(source.path)
        content = file_digest(path)
        card = old.get(relative)
        if (card is not None and content is not None and card.get("content") == content
                and card.get("facts_key") == settings.facts_key() and not card.get("redraw")
                and all(file_digest(book_path(p, path, relative)) == h for p, h in (card.get("deps") or {}).items())
                and (card.get("error") or drawings_kept(card, card.get("key", ""), str(folder)))):
            kept[relative] = dict(card, source=path)
            if card.get("error"):  # the terminal names the file as given; the cache, as the site does
                kept[relative].update(error=_given(card["error"], path, relative), site_error=card["error"])
        else:
            work.append((path, relative, content, str(folder), settings, card))
    return kept, work


def _given(error: str, path: str, relative: str) -> str:
    """A cached refusal, which names its file as the site does, naming it as it was given."""
    from mapkit.errors import shown

    named = shown(relative)
    return shown(path) + error[len(named):] if error.startswith(named) else error


def shown_paths(roots: list[str], sources: list[Any]) -> list[str]:
    """Each file as the gallery names it: its path under the one folder given, or under the
    folder named among several (`corpus/hsc/x.hsc`, `mine/x.hsc`); the whole path `batch.walk`
    gives it where two such names would be one."""
    folders = [Path(os.path.abspath(r)) for r in roots if os.path.isdir(r)]
    if len(folders) == len(roots) and len(roots) > 1:
        names = []
        for source in sources:
            where = Path(os.path.abspath(source.path))
            root = next((f for f in folders if where.is_relative_to(f)), None)
            names.append(f"{root.name}/{where.relative_to(root).as_posix()}" if root else source.relative.as_posix())
        if len(set(names)) == len(names):
            return names
    return [s.relative.as_posix() for s in sources]


def site_cache(folder: Path) -> dict[str, Any]:
    """The cache of the gallery in `folder`: empty for a new or empty folder (or a cache mapkit
    cannot use: everything is drawn again). OutputError for a file, or a folder holding files
    that are not a gallery's: nothing of a designer's is ever replaced. Writes nothing."""
    import json

    from mapkit.api.site.publish import CACHE, CACHE_LAYOUT

    cache = folder / CACHE
    if folder.exists() and not folder.is_dir():
        raise OutputError(f"{folder}: not a folder; name a new or empty folder for the gallery")
    if cache.is_file():
        try:
            found = json.loads(cache.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            found = None
        return found if isinstance(found, dict) and found.get("layout") == CACHE_LAYOUT else {}
    if folder.is_dir() and any(folder.iterdir()):
        raise OutputError(f"{folder}: holds files that are not a mapkit gallery; name a new or empty folder "
                          "(nothing was written)")
    return {}


def mark_site(folder: Path) -> None:
    """Make the gallery's folder and mark it as one (an empty cache) before anything is drawn in
    it, so a run stopped before its index leaves a folder the next run takes as its own."""
    import json

    from mapkit.api.site.publish import CACHE, CACHE_LAYOUT
    from mapkit.io import write_output

    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"{folder}: cannot make the gallery's folder: {exc.strerror or exc}") from None
    if not (folder / CACHE).is_file():
        write_output(folder / CACHE, json.dumps({"layout": CACHE_LAYOUT, "cards": {}}))


def _collection(collection: Mapping[str, int] | PathLike | None) -> dict[str, int] | None:
    if collection is None:
        return None
    if isinstance(collection, (str, os.PathLike)):
        from mapkit.api.files import read_collection

        return read_collection(collection)
    if not hasattr(collection, "items"):
        raise OptionError(f"{type(collection).__name__}: not a collection (type id -> count, or its file)",
                          option="collection")
    return {str(k): int(v) for k, v in collection.items()}


def _said(given: Any, owned: dict[str, int] | None) -> str | None:
    """The collection as the pages name it: its file's name (not the folders above it), and how
    many pieces it holds."""
    if owned is None:
        return None
    from mapkit.errors import shown

    # its file's name alone: a site is made to be shared, and the folders above it are the designer's own
    name = shown(os.path.basename(os.fspath(given))) if isinstance(given, (str, os.PathLike)) else "the collection given"
    pieces = sum(owned.values())
    return f"{name} ({pieces:,} {'piece' if pieces == 1 else 'pieces'})"


def _title(roots: list[str]) -> str:
    names = [Path(os.path.abspath(r)).name or r for r in roots]
    return "Maps in " + ", ".join(dict.fromkeys(names))
