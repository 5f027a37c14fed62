"""Writing a gallery's site: the pages of the maps, the cache, the index last, then what is gone.

The order is what keeps a stopped run harmless: the drawings of a changed map went in a new
folder (`work.products_key`), so until the new index replaces the old one, the old one still
finds every file it names; only then are the files no card names any more removed.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import unicodedata
from pathlib import Path

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any

    from mapkit.api.site.work import Settings

#: The site's cache: what each file's card was and the files drawn for it (JSON).
CACHE = ".mapkit-gallery.json"
#: The version of the cache's layout; a cache of another is read as none (everything is drawn again).
CACHE_LAYOUT = 1
#: The site's folders of mapkit's own making: the pages of the maps, and what was drawn for each.
PAGES, FILES = "maps", "files"
#: The name of a folder of drawings (`work.products_key`): only such folders are ever removed.
KEY = re.compile(r"[0-9a-f]{20}")


def publish(folder: Path, cards: list[dict[str, Any]], unreadable: list[dict[str, Any]], skipped: int,
            settings: Settings, title: str, collection: str | None) -> None:
    """Write the site in `folder`: each map's page (where it changed), the cache, the index,
    then remove the pages and drawings no card names."""
    from mapkit.api.draw import render
    from mapkit.io import write_output
    from mapkit.outputs.gallery import Site

    pages = folder / PAGES
    pages.mkdir(exist_ok=True)
    for card, name in zip(cards, page_names([c["file"] for c in cards])):
        card["page"] = f"{PAGES}/{name}.html"
        card["modified"] = modified(card["source"])
    site = Site(title, cards, unreadable, skipped, collection, settings.profile, settings.version)
    for number in range(len(cards)):
        page = render(site, "gallery-html", card=number).data
        _write_changed(folder / cards[number]["page"], page)
    everything = {c["file"]: _cached(c) for c in [*cards, *unreadable]}
    write_output(folder / CACHE, json.dumps({"layout": CACHE_LAYOUT, "drawing": settings.drawing_key(),
                                             "cards": everything}, ensure_ascii=False))
    write_output(folder / "index.html", render(site, "gallery-html").data)
    _remove_unnamed(folder / PAGES, {Path(c["page"]).name for c in cards}, files=False)
    _remove_unnamed(folder / FILES, {c["key"] for c in cards if c.get("key")}, files=True)


def _cached(card: dict[str, Any]) -> dict[str, Any]:
    """A card as the cache keeps it: the file's modification time and its whole path are looked
    at afresh each run (the cache lies in the site, and a site is made to be shared)."""
    kept = {k: v for k, v in card.items() if k not in ("modified", "fresh", "source", "site_error")}
    if card.get("site_error"):
        kept["error"] = card["site_error"]
    return kept


def _write_changed(path: Path, data: bytes) -> None:
    """Write `data` to `path` atomically unless the file already holds exactly it."""
    from mapkit.io import write_output

    try:
        if path.stat().st_size == len(data) and path.read_bytes() == data:
            return
    except OSError:
        pass
    write_output(path, data)


def _remove_unnamed(folder: Path, named: set[str], files: bool) -> None:
    """Remove what `folder` (of mapkit's own making in the site) holds that no card names: the
    pages (`files` False) or the folders of drawings (`files` True) of files gone or changed."""
    if not folder.is_dir():
        return
    for entry in folder.iterdir():
        if entry.name in named or entry.name.startswith("."):
            continue
        if files and KEY.fullmatch(entry.name) and entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)
        elif not files and entry.is_file() and entry.suffix == ".html":
            entry.unlink(missing_ok=True)


#: The longest name a map's page is given (before ".html" and a distinguishing suffix).
PAGE_NAME = 60


def page_names(relatives: list[str]) -> list[str]:
    """Each map's page name from its path in the archive: ASCII letters, digits and dashes
    ("hsc/Rotten Ice.hsc" -> "hsc-rotten-ice"), the same every run for the same path, so a
    bookmark of a map's page lasts; paths that come to one name are each told apart by a short
    hash of the path (whatever order they come in)."""
    from collections import Counter

    from mapkit.api.files import map_stem
    from mapkit.api.site.work import digest

    def slug(relative: str) -> str:
        ascii_ = unicodedata.normalize("NFKD", map_stem(relative)).encode("ascii", "ignore").decode("ascii")
        return re.sub(r"[^A-Za-z0-9]+", "-", ascii_).strip("-").lower()[:PAGE_NAME].strip("-") or "map"

    slugs = [slug(r) for r in relatives]
    shared = Counter(slugs)
    return [s if shared[s] == 1 else f"{s}-{digest(r.encode('utf-8', 'surrogatepass'))[:6]}"
            for s, r in zip(slugs, relatives)]


def modified(path: str) -> float | None:
    """A file's modification time (seconds since the epoch), or None."""
    try:
        return os.stat(path).st_mtime
    except OSError:
        return None
