"""The Books a map places: found beside its file when it is read, overlaid once per check.

`load_placed(m, path)` finds them when a map is read (`mapkit.read`) and keeps them on the
map (`Map.books`), so nothing after reading takes a file path. `placed_books(m, params)` is what
the C3G rules, the movement graph and the renderers share: for every `Map.buildings` /
`Map.objects` placement, its Book, its overlay moved onto the map, and the map-level classes of
every (q, r, level) the Books touch, with buildings that share hexes overlaid together.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterable

from mapkit.books.load import load_book
from mapkit.books.model import Book
from mapkit.errors import MapkitError, OptionError, quoted
from mapkit.geometry.classify import rank
from mapkit.books.overlay import Overlay, PlacedOverlay, classify, ground_overlay, place
from mapkit.geometry.placing import move_hex
from mapkit.geometry.params import OverlayParams
from mapkit.model import resting
from mapkit.model.map import Map, PlacedSource, Placement
from mapkit.records import Record, field
from mapkit.wording import option

#: The sample Books a bare name falls back to: shipped in the package (the wheel's
#: `mapkit/sample_books`, pyproject.toml), else the checkout's `samples/books`.
_PACKAGED = Path(__file__).resolve().parent.parent / "sample_books"
SAMPLES_DIR = _PACKAGED if _PACKAGED.is_dir() else Path(__file__).resolve().parent.parent.parent / "samples" / "books"


class PlacedBook(Record):
    """One placement with its Book and overlay (None when the Book could not be loaded)."""

    role: str  # "building" or "object"
    index: int
    placement: Placement
    book: Book | None
    overlay: Overlay | None = None
    #: The overlay on the map, at the placement's Level (its floors on their Levels).
    placed: PlacedOverlay | None = None
    error: str | None = None
    #: The height its base rests at as movement counts heights (`resting.rest_height`): its
    #: Level, or one less on tiles that add no height (a vehicle on Cosmos).
    height: int = 0

    @property
    def sink(self) -> int:
        """How much lower than its Levels the Book's heights are (0, or 1 on Cosmos or water)."""
        return self.placement.level - self.height

    def entrance(self) -> str | None:
        """A vehicle's entrance direction on the map (E, SE, SW, W, NW, NE), turned with it."""
        from mapkit.model.grid import DIRECTION_NAMES

        name = self.book.card.get("entrance") if self.book else None
        if name not in DIRECTION_NAMES:
            return None
        return DIRECTION_NAMES[(DIRECTION_NAMES.index(name) + self.placement.rotation) % 6]

    def spaces(self) -> list[tuple[int, int]]:
        """Map hexes a destructible object or vehicle occupies."""
        if self.book is None:
            return [(self.placement.q, self.placement.r)]
        p = self.placement
        return [move_hex(q, r, (p.q, p.r), p.rotation) for q, r in self.book.spaces]


class PlacedBooks(Record):
    buildings: list[PlacedBook] = field(default_factory=list)
    objects: list[PlacedBook] = field(default_factory=list)
    #: (q, r, level) -> class: outside at each building's base level (all buildings together) and
    #: each floor of interior-access structures; where a hex is both (a wall line), the better
    #: class counts, since a figure may use whichever side of the wall has room.
    cells: dict[tuple[int, int, int], str] = field(default_factory=dict)
    params: OverlayParams = field(default_factory=OverlayParams)


def _layers(m: Map) -> Callable[[Iterable[tuple[int, int]]], set[tuple[int, bool]]]:
    """`resting.layers_under` on the map, its tiles indexed once, on first use."""
    index: dict[tuple[int, int], set[tuple[int, bool]]] | None = None

    def under(hexes: Iterable[tuple[int, int]]) -> set[tuple[int, bool]]:
        nonlocal index
        if index is None:
            index = resting.layer_index(m)
        return resting.layers_under(index, hexes)

    return under


def resolve_book(name: str, path: str | None) -> Path:
    """A placement's Book: a path relative to the map's file `path` (None: the working folder),
    else a sample Book's bare name ("bungalow").

    Only a bare name falls back to the samples: a missing `books/bungalow.book.json` must be
    reported as missing, not quietly replaced by mapkit's illustrative Bungalow.
    """
    base = Path(path).resolve().parent if path else Path.cwd()
    own = base / name
    if _is_file(own) or "/" in name or "\\" in name or name.endswith(".json"):
        return own
    sample = SAMPLES_DIR / f"{name}.book.json"
    return sample if _is_file(sample) else own


def _is_file(path: Path) -> bool:
    """Whether `path` is a file; a name the system refuses (too long: ENAMETOOLONG, which
    `Path.is_file` raises) is none, and reading it says why."""
    try:
        return path.is_file()
    except (OSError, ValueError):  # (ValueError: a NUL in the name, which no file name holds)
        return False


def find_book(name: str, path: str | None) -> PlacedSource:
    """The Book a placement names, found as `resolve_book` says, or why it could not be read."""
    book_file = resolve_book(name, path)
    try:
        return PlacedSource(load_book(book_file), str(book_file))
    except MapkitError as exc:
        return PlacedSource(None, str(book_file), exc.with_traceback(None))


def load_placed(m: Map, path: str | None) -> Map:
    """Find every Book `m` places beside its file `path` (None: the working folder), each name
    once, and keep it in `m.books` with its file, or why it could not be read: the map then
    carries its Books, and nothing done with it later needs its file (`mapkit.read` does this)."""
    for p in list(m.buildings) + list(m.objects):
        if p.book not in m.books:
            m.books[p.book] = find_book(p.book, path)
    return m


def unread_books(m: Map) -> list[str]:
    """A warning for each Book the map places that could not be read when the map was (a file
    missing or damaged: `Map.books`), naming the buildings and objects that place it, which every
    check, count and picture then leaves out. Every command says it; the c3g profile finds it as
    an error besides (rule C001, `mapkit.rules.c3g`)."""
    users: dict[str, list[str]] = {}
    for role, placements in (("building", m.buildings), ("object", m.objects)):
        for number, p in enumerate(placements, 1):
            found = m.books.get(p.book)
            if found is not None and found.book is None:
                users.setdefault(p.book, []).append(f"{role} {number}")
    return [f"{', '.join(who)} left out: C3G Book {quoted(name)} cannot be read ({option('profile', 'c3g')} "
            f"makes this an error): {m.books[name].error}" for name, who in users.items()]


def source_of(m: Map, name: str) -> PlacedSource:
    """The Book `m` places under `name`: the one it carries, else (a map made in code) the one
    `resolve_book` finds from the working folder."""
    found = m.books.get(name)
    return found if found is not None else find_book(name, None)


def placed_books(m: Map, params: OverlayParams | None = None) -> PlacedBooks:
    """Overlay and place every Book the map uses (those it carries, `Map.books`).

    Raises LimitError for a map past the placed Books limit (a map made in code: one read was
    refused when read)."""
    from mapkit import limits

    limits.check_count(limits.PLACEMENTS, len(m.buildings) + len(m.objects), what="the map")
    params = params or OverlayParams()
    out = PlacedBooks(params=params)
    overlays: dict[int, Overlay] = {}
    layers_at = _layers(m)
    sources: dict[str, PlacedSource] = {}
    for role, placements, target in (("building", m.buildings, out.buildings), ("object", m.objects, out.objects)):
        for i, p in enumerate(placements):
            pb = PlacedBook(role, i, p, None, height=resting.rest_height(layers_at([(p.q, p.r)]), p.level))
            found = sources.get(p.book) or sources.setdefault(p.book, source_of(m, p.book))
            book = found.book
            if book is None:
                pb.error = str(found.error)
                target.append(pb)
                continue
            if book.is_structure != (role == "building"):
                want = "structures (enclosed or interior-access)" if role == "building" else \
                    "destructible objects and vehicles"
                pb.error = f"{book.name} is a {book.kind} Book, but a map's {role}s are {want}"
                target.append(pb)
                continue
            pb.book = book
            key = id(pb.book)
            if key not in overlays:
                overlays[key] = classify(pb.book, params)
            pb.overlay = overlays[key]
            pb.placed = place(pb.overlay, p.q, p.r, p.level, p.rotation)
            under = pb.spaces() if role == "object" else list(pb.placed.exterior)
            pb.height = resting.rest_height(layers_at(under), p.level)
            target.append(pb)
    _map_cells(out)
    return out


def _map_cells(out: PlacedBooks) -> None:
    ready = [pb for pb in out.buildings if pb.book is not None]
    ground = ground_overlay([(pb.book, pb.placement.q, pb.placement.r, pb.placement.level, pb.placement.rotation)
                             for pb in out.buildings if pb.book is not None], out.params)
    cells = out.cells
    for level, classes in ground.items():
        for (q, r), cls in classes.items():
            cells[(q, r, level)] = cls
    for pb in ready:
        assert pb.placed is not None
        for floor in pb.placed.floors:
            level = pb.placed.floor_level(floor)
            for (q, r), cls in floor.classes.items():
                cells[(q, r, level)] = better(cells.get((q, r, level)), cls)


def better(a: str | None, b: str) -> str:
    """The better of two classes (a None = not classified yet)."""
    return b if a is None or rank(b) < rank(a) else a


def describe(pb: PlacedBook) -> str:
    """How findings name a placement: the Book's name and its place in the map's list."""
    name = pb.book.name if pb.book else pb.placement.book
    return f"{name} ({pb.role} {pb.index + 1})"


def books_of(m: Map, shown: str | None = None) -> list[Book]:
    """The Books of the buildings and objects `m` places, each once, in the order first placed;
    the error of the first that could not be read is raised, and OptionError for a map that
    places none (`shown` names the map in it)."""
    placements = list(m.buildings) + list(m.objects)
    if not placements:
        raise OptionError(f"{shown or m.name or 'the map'}: the map places no C3G buildings or objects")
    seen: dict[str, Book] = {}
    for placement in placements:
        if placement.book not in seen:
            found = source_of(m, placement.book)
            if found.book is None:
                raise found.error if found.error is not None else MapkitError(f"{placement.book}: cannot read")
            seen[placement.book] = found.book
    return list(seen.values())
