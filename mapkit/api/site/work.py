"""One file of a gallery, in a worker process: read once, then checked, inventoried, drawn and
converted through the front door, its card given back as plain data (it pickles, and is cached
as JSON in the site).

What is drawn depends only on the file's content, the Books it places, mapkit's version and the
drawing settings: it goes in a folder of the site named by a hash of them (`products_key`), so
a second run finds it there and draws nothing, and the previous site keeps its own files until
the new index replaces it. What depends on the collection (what it lacks) is worked out again
whenever the collection changes, which costs a reading, not a drawing.
"""

from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path

from mapkit.errors import MapkitError
from mapkit.records import Record

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any

    from mapkit.books.model import Book
    from mapkit.model.map import Map

#: The files a map's folder holds besides its conversions (one per conversion, named after the map).
THUMBNAIL = "thumb.png"
REPORT = "report.html"
SHEETS = "build.pdf"
FLOOR_PLANS = "floor-plans.pdf"
FLOOR_PICTURE = "floor-plans.png"
MARKERS = "markers.pdf"
#: The width in pixels a thumbnail is drawn to (cards show it at about half, sharp on a dense screen).
THUMBNAIL_PX = 480
#: The most findings and reader warnings a card keeps (a map's page lists them all in its report).
KEPT = 100


class Settings(Record, frozen=True):
    """What a gallery draws and checks with: the rule `profile`, the sheets' `paper`, the
    collection (type id -> count, or None) and a fingerprint of it, mapkit's version."""

    profile: str | None
    paper: str
    collection: tuple[tuple[str, int], ...] | None
    version: str

    def drawing_key(self) -> str:
        """What a drawing depends on besides the file: the version, the profile and the paper."""
        return f"{self.version}\0{self.profile}\0{self.paper}"

    def facts_key(self) -> str:
        """What a card's facts depend on besides the drawing: the collection."""
        return digest(repr(self.collection).encode())


def digest(data: bytes) -> str:
    """A content hash as the gallery keys things by (SHA-256, hex)."""
    return hashlib.sha256(data).hexdigest()


def file_digest(path: str) -> str | None:
    """The hash of a file's bytes (a share link given as text: of the link), read in blocks; None
    when it cannot be read (its reading will say why)."""
    from mapkit.errors import is_link

    if is_link(path) and not os.path.lexists(path):
        return digest(path.encode("utf-8", "surrogatepass"))
    h = hashlib.sha256()
    try:
        with open(path, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                h.update(block)
    except OSError:
        return None
    return h.hexdigest()


def folder_given(path: str, relative: str) -> str:
    """The folder `path` was found under, as the gallery names files from it (`path` less its
    name `relative`, with its separator; the working folder's where `path` is `relative`; ""
    where `relative` is no tail of `path`)."""
    tail = relative.replace("/", os.sep)
    if path == tail:
        return os.curdir + os.sep
    return path[:len(path) - len(tail)] if path.endswith(os.sep + tail) else ""


class Unrooted:
    """What a site says of a path under the folder given: the path under it, as the cards name
    files. A site is made to be shared, and the folders above the ones given are the designer's
    own (/home/name/...): every text a card, a page or the cache keeps loses them, as given and
    as resolved (a Book's path is resolved from its map's folder)."""

    def __init__(self, folder: str):
        # (a folder given as a relative path names nothing above it, and is left as written: taken
        # out of every text, "./" would cut "../books" short)
        forms = {os.path.join(os.path.realpath(folder), "")} if folder else set()
        if os.path.isabs(folder):
            forms.add(folder)
        self.forms = sorted((f for f in forms if len(f) > 1), key=len, reverse=True)

    def text(self, text: str) -> str:
        for form in self.forms:
            text = text.replace(form, "")
        return text

    def page(self, text: str) -> str:
        """`text` of an HTML page: the folder as written in its markup and its embedded JSON too."""
        from mapkit import escapes

        for form in self.forms:
            for written in dict.fromkeys((form, escapes.html(form), escapes.json_text(form, indent=None)[1:-2])):
                text = text.replace(written, "")
        return text

    def card(self, value: Any) -> Any:
        """Every text of a card (its data: dicts, lists, texts), the file's own path apart."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, list):
            return [self.card(v) for v in value]
        if isinstance(value, dict):
            return {self.text(k): (v if k == "source" else self.card(v)) for k, v in value.items()}
        return value


def products_key(relative: str, content: str, deps: dict[str, str | None], settings: Settings) -> str:
    """The name of the folder a file's drawings and conversions go in: a hash of its place in the
    archive (its page names it), its content, the Books it places and the drawing settings."""
    parts = [settings.drawing_key(), relative, content, *(f"{k}={v}" for k, v in sorted(deps.items()))]
    return digest("\0".join(parts).encode("utf-8", "surrogatepass"))[:20]


def card_of(path: str, relative: str, content: str | None, site: str, settings: Settings,
            previous: dict[str, Any] | None = None) -> dict[str, Any]:
    """The card of one file: what the index and its page show, and the files drawn for it in
    `site`. `previous` is the card of the last run for the same file: its drawings are kept when
    their key is the same. A file that cannot be read is a card with `error` (one line naming
    the file and what is wrong) and `reason` (what a summary groups it under); never raises for
    the file's sake."""
    from mapkit.api.files import read_document
    from mapkit.errors import bounded, names, shown
    from mapkit.model.map import Map

    started = time.perf_counter()
    unrooted = Unrooted(folder_given(path, relative))
    card: dict[str, Any] = {"file": relative, "source": path, "content": content, "facts_key": settings.facts_key()}
    try:
        document = read_document(path)
        seconds = time.perf_counter() - started
        if isinstance(document, Map):
            from mapkit.summary import read_said

            card["read"] = read_said(document, seconds)  # (what --verbose says of a file read this run)
        else:
            card["read"] = f"read as a C3G Book in {seconds:.3f} s"
        if isinstance(document, Map):
            _map_card(card, document, site, settings, previous, unrooted)
        else:
            _book_card(card, document, site, settings, previous)
    except MapkitError as exc:
        card["error"] = str(exc) if names(str(exc), path) else f"{shown(path)}: {exc}"
        card["reason"] = getattr(exc, "reason", "refused")
    except Exception as exc:  # noqa: BLE001 - one file must not stop the gallery: said as a bug
        card["error"] = bounded(f"{shown(path)}: mapkit failed on it ({type(exc).__name__}: {exc}); "
                                "this is a bug in mapkit")
        card["reason"] = "a bug in mapkit"
    error = card.get("error")
    card = unrooted.card(card)
    if error:  # (the terminal names the file as it was given; the site, under the folder given)
        card["error"], card["site_error"] = error, card["error"]
    card["seconds"] = round(time.perf_counter() - started, 3)
    return card


# -- a map ---------------------------------------------------------------------------------------

def _map_card(card: dict[str, Any], m: Map, site: str, settings: Settings, previous: dict[str, Any] | None,
              unrooted: Unrooted) -> None:
    from mapkit.api.files import info, reader_warnings

    card["kind"] = "map"
    summary = info(m).doc
    deps, complete = _book_files(m, unrooted)
    card["deps"] = deps
    key = products_key(card["file"], card["content"] or "", deps, settings)
    card["key"] = key
    card["warnings"] = reader_warnings(m)[:KEPT]
    if drawings_kept(previous, key, site):  # (a Book found since would have changed the key)
        card["products"] = previous["products"]  # type: ignore[index]
    else:
        card["products"] = _draw_map(m, card, Path(site) / "files" / key, settings,
                                     (summary.get("size") or {}).get("columns") or 1, unrooted)
    if not complete:
        card["redraw"] = "a C3G Book it places could not be read"
    card.update(_map_facts(m, summary, settings))


def drawings_kept(previous: dict[str, Any] | None, key: str, site: str) -> bool:
    """Whether the drawings of the last run stand for this one: the same key, every file there."""
    if not previous or previous.get("key") != key or "products" not in previous:
        return False
    return all((Path(site) / name).is_file() for name in product_files(previous))


def product_files(card: dict[str, Any]) -> list[str]:
    """Every file of the site a card's drawings and conversions are (paths relative to the site)."""
    products = card.get("products") or {}
    found = [products[k] for k in ("thumbnail", "report", "sheets", "floor_plans", "floor_picture", "markers")
             if products.get(k)]
    return found + [d["file"] for d in products.get("downloads", ())]


def _draw_map(m: Map, card: dict[str, Any], folder: Path, settings: Settings, columns: int,
              unrooted: Unrooted) -> dict[str, Any]:
    """Every drawing and lossless conversion of a map, written in `folder`; where one fails, why."""
    from mapkit.api.draw import overlay, print_sheets, render, report
    from mapkit.api.files import books_in, file_formats, map_stem, write
    from mapkit.errors import LossError
    from mapkit.formats import printable_text

    folder.mkdir(parents=True, exist_ok=True)
    here = f"files/{folder.name}/"
    stem = safe_name(map_stem(Path(card["file"]).name)) or "map"
    products: dict[str, Any] = {"downloads": [], "omitted": [], "failed": []}
    # the conversions first, from the texts as read (a picture needs them printable, a copy exact)
    for fmt in file_formats("map"):
        if not fmt.can_write:
            continue
        name = stem + fmt.extensions[0]
        try:
            write(m, folder / name, format=fmt.name)
        except LossError as exc:
            products["omitted"].append({"format": fmt.name, "description": fmt.description,
                                        "losses": [str(loss) for loss in exc.losses][:KEPT]})
            continue
        except MapkitError as exc:
            products["failed"].append(f"{fmt.description}: {exc}")
            continue
        row = {"format": fmt.name, "description": fmt.description, "file": here + name}
        if fmt.name == "hexoscape-url":
            row["link"] = (folder / name).read_text(encoding="utf-8").strip()
        products["downloads"].append(row)
    printable_text(m)
    _drawn(products, "thumbnail", "the thumbnail", lambda: render(
        m, folder / THUMBNAIL, view="top", legend=False, title=False, lettering=False,
        scale=thumbnail_scale(columns)), here + THUMBNAIL)
    _drawn(products, "report", "the report", lambda: _written(folder / REPORT, unrooted, report(
        m, profile=settings.profile, pictures=False, map_file=card["file"])), here + REPORT)
    _drawn(products, "sheets", "the build sheets", lambda: print_sheets(
        m, paper=settings.paper, map_file=card["file"], path=folder / SHEETS), here + SHEETS)
    if m.buildings or m.objects:  # (where a Book cannot be read, the card says why there are no plans)
        _drawn(products, "floor_plans", "the floor plans", lambda: print_sheets(
            books_in(m), paper=settings.paper, path=folder / FLOOR_PLANS), here + FLOOR_PLANS)
        _drawn(products, "floor_picture", "the picture of the floors", lambda: render(
            overlay(m), folder / FLOOR_PICTURE), here + FLOOR_PICTURE)
    return products


def _drawn(products: dict[str, Any], key: str, what: str, draw: Any, file: str) -> None:
    """Draw one product; where it fails, the card says why and the rest is still drawn."""
    from mapkit.errors import bounded

    try:
        drawing = draw()
    except MapkitError as exc:
        products["failed"].append(f"{what}: {exc}")
        return
    except Exception as exc:  # noqa: BLE001 - one drawing must not sink the card: said as a bug
        products["failed"].append(bounded(f"{what}: mapkit failed ({type(exc).__name__}: {exc}); this is a bug"))
        return
    products[key] = file
    pages = getattr(drawing, "pages", 1)
    if key in ("sheets", "floor_plans", "markers"):
        products[key + "_pages"] = pages


def _written(path: Path, unrooted: Unrooted, drawing: Any) -> Any:
    """A page drawn in memory, written to `path` without the folders above the one given."""
    from mapkit.io import write_output

    write_output(path, unrooted.page(drawing.data.decode("utf-8")))
    return drawing


def thumbnail_scale(columns: int) -> float:
    """Pixels per hex for a thumbnail about THUMBNAIL_PX wide (a hex column is about one hex
    wide), kept between 3 and 48 so a huge map is not dust nor a one-hex map a poster."""
    return max(3.0, min(48.0, THUMBNAIL_PX / max(1, columns + 1)))


def _map_facts(m: Map, summary: dict[str, Any], settings: Settings) -> dict[str, Any]:
    """What a card says of a map: its `info` `summary`, `inventory` (with the collection) and
    `validate`."""
    from mapkit.api.check import validate
    from mapkit.api.pieces import inventory

    need = inventory(m, collection=dict(settings.collection) if settings.collection is not None else None).doc
    checked = validate(m, profile=settings.profile)
    size = summary.get("size") or {}
    facts: dict[str, Any] = {
        "name": m.name, "author": m.author, "format": m.read_as or m.source_format or "",
        "version": summary.get("version") or "", "columns": size.get("columns"), "rows": size.get("rows"),
        "levels": size.get("levels"), "pieces": summary["pieces"], "markers": sum(summary["markers"].values()),
        "scenarios": [{"number": s["number"], "name": s["name"], "players": s["players"]}
                      for s in summary["scenarios"]],
        "rooms": [{"number": r["number"], "name": r["name"]} for r in summary["rooms"]],
        "c3g": summary["buildings"] + summary["objects"],
    }
    facts.update(players_of(m.players, [s["players"] for s in summary["scenarios"]],
                            {z["player"] for z in summary["start_zones"]}))
    facts["sets"] = [{"id": s["id"], "name": s["name"], "copies": s["copies"]} for s in need["sets"]]
    facts["set_count"] = need["set_count"] if need["buildable_from_sets"] else None
    facts["sets_at_least"] = need["search_too_large_lower_bound"]
    facts["not_in_sets"] = [{"name": r["name"], "count": r["count"]} for r in need["not_in_any_set"]]
    if "missing" in need:
        facts["lacks"] = [{"type": r["type"], "name": r["name"], "count": r["count"]} for r in need["missing"]]
    declared = need.get("declared_sets")
    if declared is not None:
        facts["declared"] = {"sets": [_declared_name(d) for d in declared.get("sets", [])],
                             "holds": declared["holds_everything"],
                             "lacks": [{"name": r["name"], "count": r["count"]} for r in declared.get("missing", [])],
                             "scenarios": [{"number": row["number"], "name": row["name"], "holds": not row["missing"]}
                                           for row in declared.get("scenarios", [])]}
    facts.update(findings_of(checked.findings))
    return facts


def _declared_name(d: dict[str, Any]) -> str:
    copies = f"{d['copies']} x " if d.get("copies", 1) != 1 else ""
    return f"{copies}{d.get('name') or d.get('id') or '?'}"


def findings_of(findings: list[Any]) -> dict[str, Any]:
    """A check's findings as a card keeps them: counts by severity, and the first KEPT, each
    placed as `validate` places it (scenario, room, Level, the hex as the sheets name it)."""
    counts = {"error": 0, "warning": 0, "info": 0}
    for f in findings:
        counts[f.severity] = counts.get(f.severity, 0) + 1
    kept = []
    for f in findings[:KEPT]:
        hex_ = f.place or (f"({f.q}, {f.r})" if f.q is not None and f.r is not None else "")
        where = [f"scenario {f.scenario}" if f.scenario is not None else "",
                 f"room {f.room}" if f.room is not None else "",
                 f"Level {f.level}" if f.level is not None else "", hex_]
        kept.append({"code": f.code, "severity": f.severity, "message": f.message,
                     "where": " ".join(w for w in where if w) or "whole map"})
    return {"findings": counts, "finding_list": kept}


def players_of(said: str, scenarios: list[str], zones: set[int]) -> dict[str, Any]:
    """The player counts a map is for: as its text says them ("2", "2-4", "2 or 3", "4+"), its
    scenarios' texts, else as many as it has start zones (`players_from` says which)."""
    counts: set[int] = set()
    for text in [said, *scenarios]:
        counts |= player_counts(text or "")
    if counts:
        return {"players": sorted(counts), "players_from": "the map"}
    if zones:
        return {"players": [len(zones)], "players_from": "its start zones"}
    return {"players": [], "players_from": ""}


#: The most players a text's "N+" or an open range is read up to (a Heroscape battle rarely has more).
MOST_PLAYERS = 8


def player_counts(text: str) -> set[int]:
    """Numbers of players in a free text: "2" {2}, "2-4" or "2 to 4" {2, 3, 4}, "2 or 3" {2, 3},
    "4+" {4 ... MOST_PLAYERS}; numbers above MOST_PLAYERS, and 0, say nothing."""
    import re

    found: set[int] = set()
    for lo, hi, plus in re.findall(r"(\d+)\s*(?:(?:-|–|to)\s*(\d+)|(\+))?", text):
        a = int(lo)
        b = int(hi) if hi else (MOST_PLAYERS if plus else a)
        if 1 <= a <= MOST_PLAYERS and a <= b:
            found.update(range(a, min(b, MOST_PLAYERS) + 1))
    return found


def _book_files(m: Map, unrooted: Unrooted) -> tuple[dict[str, str | None], bool]:
    """The files of the Books a map places (under the folder given, where they lie in it:
    `book_path` finds them again), each with the hash of its bytes (a second run reads the map
    again when one changed), and whether every Book could be read (where one could not, the map
    is read again each run: the Book may have come since)."""
    deps: dict[str, str | None] = {}
    complete = True
    for name, found in sorted(m.books.items()):
        source = getattr(found, "source", None)
        if getattr(found, "book", None) is None or not source:
            complete = complete and getattr(found, "book", None) is not None
            continue
        deps[unrooted.text(str(source))] = file_digest(str(source))
    return deps, complete


def book_path(dep: str, path: str, relative: str) -> str:
    """A Book's file as `_book_files` keeps it, found again beside the map at `path` (named
    `relative` by the gallery)."""
    return dep if os.path.isabs(dep) else folder_given(path, relative) + dep


# -- a Book --------------------------------------------------------------------------------------

def _book_card(card: dict[str, Any], book: Book, site: str, settings: Settings,
               previous: dict[str, Any] | None) -> None:
    from mapkit.api.check import validate
    from mapkit.api.draw import overlay, print_sheets, render

    card["kind"] = "book"
    card["deps"] = {}
    key = products_key(card["file"], card["content"] or "", {}, settings)
    card["key"] = key
    card["warnings"] = []
    if drawings_kept(previous, key, site):
        card["products"] = previous["products"]  # type: ignore[index]
    else:
        folder = Path(site) / "files" / key
        folder.mkdir(parents=True, exist_ok=True)
        here = f"files/{key}/"
        products: dict[str, Any] = {"downloads": [], "omitted": [], "failed": []}
        _drawn(products, "floor_picture", "the picture of the floors",
               lambda: render(overlay(book), folder / FLOOR_PICTURE), here + FLOOR_PICTURE)
        _drawn(products, "thumbnail", "the thumbnail", lambda: render(   # (the panels: the card says its name)
            overlay(book), folder / THUMBNAIL, legend=False, title=False), here + THUMBNAIL)
        _drawn(products, "floor_plans", "the floor plans", lambda: print_sheets(
            book, paper=settings.paper, path=folder / FLOOR_PLANS), here + FLOOR_PLANS)
        _drawn(products, "markers", "the markers", lambda: print_sheets(
            book, markers=True, paper=settings.paper, path=folder / MARKERS), here + MARKERS)
        card["products"] = products
    floors = getattr(book, "floors", None) or []
    card.update({"name": book.name, "author": "", "format": "mapkit-book", "version": "",
                 "book_kind": book.kind, "floors": len(floors), "columns": None, "rows": None, "levels": None,
                 "pieces": None, "markers": 0, "scenarios": [], "rooms": [], "c3g": 1, "players": [],
                 "players_from": "", "sets": [], "set_count": None, "sets_at_least": None, "not_in_sets": []})
    card.update(findings_of(validate(book).findings))


def safe_name(name: str, limit: int = 80) -> str:
    """A file name any system takes, from a map's own: no folder separators, control characters
    or characters Windows refuses, at most `limit` characters, never hidden."""
    import re

    cleaned = re.sub(r'[\x00-\x1f\x7f<>:"/\\|?*]+', "-", name).strip(" .-")
    return cleaned[:limit].rstrip(" .")
