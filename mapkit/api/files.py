"""Files in and out: read a map (or a Book, a collection) in any format, write one, convert many.

    m = mapkit.read("samples/maps/twin-rivers.hsc")
    mapkit.write(m, "twin-rivers.mapkit.json")

What `mapkit info` and `mapkit convert` are made of; `info` summarises a map as read."""

from __future__ import annotations

import os

from mapkit.errors import OptionError, RoomError, ScenarioError
from mapkit.records import Record
from mapkit.results import Answer, Document, deprecated, dumps

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any, Iterable, TypeGuard, Union

    from mapkit.batch import Outcome, Progress, Skipped
    from mapkit.books.model import Book
    from mapkit.formats import Written
    from mapkit.model.map import Map
    from mapkit.registry import FileFormat

    #: A file name, as a string or a path.
    PathLike = Union[str, "os.PathLike[str]"]
    #: What a verb reads a map or a Book from: the document itself, its file ("-": standard
    #: input; a share link) or the bytes of one.
    Source = Union[Map, Book, PathLike, bytes]

#: This topic's verbs and the answers they give, on `mapkit`'s face (and `mapkit.api`'s), by name:
#: the face (`mapkit/api/__init__.py`) finds them here.
__all__ = ["read", "write", "info", "MapInfo", "read_book", "read_books", "read_collection", "detect", "file_formats",
           "convert_files", "Conversion", "write_format"]
FACE = tuple(__all__)
#: The parts the commands are built from, on `mapkit.api`'s face only.
__all__ += ["read_document", "books_in", "pick", "reader_warnings", "pieces_said", "map_stem"]
#: Old names that still answer, each with a DeprecationWarning.
OLD_NAMES = ("info_text",)


#: How a `FormatError` for bytes no format claims ends: in the API's words, not the command line's.
BYTES_HINT = "; name the format with format= (one of mapkit.file_formats('map'))"


def read(source: Map | PathLike | bytes, format: str | None = None, scenario: Any = None, printable: bool = False,
         room: Any = None) -> Map:
    """A map from a file ("-": standard input; a Hexoscape share link), from the bytes of one, or
    a map already read (given back, its room and scenario taken).

    The content decides the format (`format`, a name of `file_formats("map")`, forces one);
    `scenario` (a number) keeps only what that scenario of a multi-scenario page sets up, on the
    terrain they share; `room` (a number) keeps one room of a page that draws several, as its own
    pictures draw it (before `scenario` is taken). `printable` turns the lone UTF-16 halves a
    JSON text may escape (UTF-8 cannot hold them) into U+FFFD, as a picture, sheet or report
    needs; without it the texts are as the file has them, so a conversion keeps them exactly.
    The Books the map places are found beside its file and kept on it (`Map.books`).

    Returns a `Map`.

    Raises FormatError (naming the file and the place) for a file that cannot be read or is damaged;
    OptionError for a `format` mapkit has not, or a file that holds a C3G Book or a piece collection
    rather than a map; RoomError and ScenarioError (OptionErrors) for a room or scenario the map has
    not."""
    from mapkit import formats
    from mapkit.model.map import Map

    if isinstance(source, Map):
        return pick(source, room, scenario)  # (used as it is: `printable` is for what is read here)
    if isinstance(source, (bytes, bytearray, memoryview)):
        m = _with_books(formats.parse_map(bytes(source), format, hint=BYTES_HINT), None)
    elif isinstance(source, (str, os.PathLike)):
        m = _with_books(formats.read_map(os.fspath(source), format), os.fspath(source))
    else:
        raise _not_a_source(source, "a map")
    if printable:
        formats.printable_text(m)
    return pick(m, room, scenario)


def _not_a_source(given: object, what: str) -> OptionError:
    """The error for a value that is neither a document nor a file name."""
    return OptionError(f"{type(given).__name__}: not {what}, a file name or the bytes of a file")


def _with_books(m: Map, path: str | None) -> Map:
    """`m` carrying the Books it places, found beside its file `path` (None: the working folder)
    or among the sample Books, so what is done with it later needs no file path."""
    if m.buildings or m.objects:  # (mapkit.books stays unloaded for a map without Books)
        from mapkit.books.placed import load_placed

        load_placed(m, path)
    return m


def read_document(source: Source, format: str | None = None, printable: bool = False) -> Map | Book:
    """The map (carrying its Books, as `read` gives it) or the C3G Book in a file or in the bytes
    of one, as its content says: the file read, and its format told, once; a map or a Book given
    is given back. `format` names a map's format (a Book is known by its content); `printable` as
    for `read`. Raises as `read` does (a piece collection is no document of these)."""
    from mapkit import formats
    from mapkit.errors import shown

    if is_document(source):
        return source  # (used as it is: `printable` is for what is read here)
    if isinstance(source, (bytes, bytearray, memoryview)):
        data, name = bytes(source), None
        found = formats.told(data)
    elif isinstance(source, (str, os.PathLike)):
        name = os.fspath(source)
        data, found = formats.read_file(name)
    else:
        raise _not_a_source(source, "a map or a Book")
    if found is not None and found.kind == "book":
        from mapkit.books.load import book_from_bytes

        return book_from_bytes(data, name or "(bytes)")
    if name is None:
        m = _with_books(formats.parse_map(data, format, hint=BYTES_HINT, known=found), None)
    else:
        m = _with_books(formats.parse_map(data, format, shown(name), known=found), name)
    return formats.printable_text(m) if printable else m


def is_document(value: object) -> TypeGuard[Map | Book]:
    """Whether `value` is a map or a C3G Book (mapkit.books is not loaded to tell: no Book can
    exist before it is)."""
    import sys

    from mapkit.model.map import Map

    books = sys.modules.get("mapkit.books.model")
    return isinstance(value, Map) or (books is not None and isinstance(value, books.Book))


def map_of(source: Source, format: str | None = None, printable: bool = False) -> Map:
    """The map `source` is or holds (as `read_document` reads it); OptionError for a C3G Book,
    which a verb about maps cannot take."""
    from mapkit.model.map import Map

    found = read_document(source, format, printable)
    if not isinstance(found, Map):
        from mapkit.formats import not_a_map

        raise not_a_map(found.path or repr(found.name), "book")
    return found


def pick(m: Map, room: Any = None, scenario: Any = None) -> Map:
    """Room `room` of a map (None: all), then scenario `scenario` of it (None: all), as `read`
    takes them; one the map lacks is a RoomError or ScenarioError."""
    if room is not None:
        try:
            m = m.for_room(room)
        except OptionError as exc:
            raise RoomError(str(exc)) from None
    if scenario is not None:
        try:
            m = m.for_scenario(scenario)
        except OptionError as exc:
            raise ScenarioError(str(exc)) from None
    return m


def reader_warnings(m: Map, books: bool = True) -> list[str]:
    """What the reader of a map recovered from, in order, repeated ones summarised past a count
    (`errors.summarised`); a mapkit JSON file converted from another format keeps its source's
    warnings, each marked as kept from that format. Then, with `books`, each C3G Book it places
    that could not be read (`books.placed.unread_books`)."""
    from mapkit.errors import bounded, summarised

    read_as = m.read_as or m.source_format
    kept = read_as == "mapkit" and m.source_format not in (None, "mapkit")  # its warnings are its source's
    if kept:
        from mapkit.formats.native import MIGRATED
    said = [bounded(f"(kept from the {m.source_format} file it was converted from) {warning}"
                    if kept and not warning.startswith(MIGRATED) else warning, None) for warning in summarised(m.warnings)]
    if books and m.books:  # (mapkit.books stays unloaded for a map without Books)
        from mapkit.books.placed import unread_books

        said += [bounded(warning, None) for warning in unread_books(m)]
    return said


def pieces_said(m: Map) -> str:
    """How many pieces a map is built with, as `info` counts them ("99 piece(s) to build with, 48 marker(s)")."""
    from mapkit.summary import pieces_said as said

    return said(m)


def map_stem(name: str) -> str:
    """A file name without the longest map or Book extension it ends in ("Ruins.HSC" -> "Ruins")."""
    from mapkit.batch import map_stem as stem

    return stem(name)


def write(m: Map | PathLike | bytes, path: PathLike, format: str | None = None, allow_loss: bool = False
          ) -> Written:
    """Write a map (or the map in a file, or in the bytes of one: a conversion) to `path`
    atomically; the name gives the format unless `format` (a name of `file_formats("map")`)
    does. Replaces the file, the one a map given was read from too, but never the file given
    to read (OutputError: a conversion's output is not its input).

    Returns what the format could not carry, one line each (empty: nothing); the list's `held` is
    the map as the file holds it (read back from the bytes written when something was dropped).

    Raises LossError, writing nothing, for a loss of content without `allow_loss`; what the format
    derives or never shows (a board's size, a map id: `mapkit.errors.Unkept` lines) is written all
    the same. OptionError for a name or `format` no writable format claims; OutputError when `path`
    cannot be written; as `read` for a file."""
    from mapkit import formats

    if isinstance(m, (str, os.PathLike)):  # a conversion: its output is never its input (`mapkit.io`)
        from mapkit.io import check_output

        check_output(path, inputs=(m,))
    return formats.write_map(read(m), os.fspath(path), format, allow_loss)


class Conversion(Record, Answer):
    """What `convert_files` did: one `mapkit.batch.Outcome` per map (done or refused, why, what
    was dropped, what its reader recovered from) and the files a folder held that are not maps.
    `.text()` is the summary `mapkit convert -d` ends with; `.json()` says it file by file."""

    outcomes: list[Outcome]
    skipped: list[Skipped]
    format: str
    folder: str

    @property
    def refused(self) -> int:
        return sum(1 for o in self.outcomes if not o.done)

    def batch_summary(self) -> list[str]:
        """How many maps were read, converted and refused, by reason: the lines `convert -d` ends with."""
        from mapkit.batch import Summary

        return Summary.of(self.outcomes, self.skipped).lines(f"converted to {self.format} in {self.folder}")

    def text(self) -> str:
        return "".join(line + "\n" for line in self.batch_summary())

    @property
    def doc(self) -> dict[str, Any]:
        return {"format": self.format, "folder": self.folder,
                "maps": [{"source": o.source, "target": o.target or None, "done": o.done,
                          "refused": None if o.done else o.message, "losses": o.losses, "warnings": o.warnings}
                         for o in self.outcomes],
                "left_alone": [{"path": str(s.path), "reason": s.reason} for s in self.skipped]}


def convert_files(paths: Iterable[PathLike], folder: PathLike, format: str, from_format: str | None = None,
                  allow_loss: bool = False, scenario: int | None = None, jobs: int = 0,
                  extension: str | None = None, progress: Progress | None = None, room: int | None = None
                  ) -> Conversion:
    """`mapkit convert IN... --to FORMAT -d FOLDER`: every map named, or found in the folders
    named (recursively), written in `format` under `folder` with its relative path kept; each
    output ends in `extension` (default: the format's first). `from_format` forces the format
    maps are read in, `scenario` (`room`) writes that scenario (room) of each. A map that cannot
    be read or written, or would lose something without `allow_loss`, is refused in its outcome,
    never raised; no output replaces an input. `jobs` and `progress` as for `validate_files`.

    Returns a `Conversion` (`.outcomes`, one per map; `.text()` the summary).

    Raises OptionError for a `format` mapkit cannot write."""
    from pathlib import Path

    from mapkit.batch import convert_files as convert
    from mapkit.registry import get

    fmt = get(format, "map")
    ext = extension or (fmt.extensions[0] if fmt.extensions else "." + fmt.name)
    outcomes, skipped = convert(paths, folder, format, ext, from_format, allow_loss, scenario, jobs, progress, room)
    return Conversion(outcomes, skipped, fmt.name, str(Path(folder)))


def write_format(path: PathLike, format: str | None = None) -> FileFormat:
    """The map format a file of that name is written in (`format` names one instead), told
    before anything is read or drawn.

    Returns a `FileFormat`.

    Raises OptionError for a name (or `format`) no writable format claims."""
    from mapkit.formats import format_for_output

    return format_for_output(os.fspath(path), format)


def read_book(source: Book | PathLike) -> Book:
    """A C3G Book from its file (a Book given is given back), checked against its schema.

    Returns a `Book`.

    Raises FormatError naming the file and the JSON path of what is wrong, or for a file that
    cannot be read."""
    from mapkit.books import load_book
    from mapkit.books.model import Book

    if isinstance(source, Book):
        return source
    if not isinstance(source, (str, os.PathLike)):
        raise _not_a_source(source, "a Book")
    return load_book(os.fspath(source))


def read_books(source: Source, format: str | None = None) -> list[Book]:
    """The Book in a Book file, or the Books of the buildings and objects a map places (found
    beside the map's file, each once); `source` as for `read_document`.

    Returns a list of `Book`s.

    Raises OptionError for a map that places none, and as `read` does."""
    return books_in(read_document(source, format), source if isinstance(source, (str, os.PathLike)) else None)


def books_in(document: Map | Book, path: PathLike | None = None) -> list[Book]:
    """A Book itself, or the Books a map places, each once (as `read` found them); OptionError
    naming the map (its file `path`) when it places none."""
    from mapkit.books.placed import books_of
    from mapkit.model.map import Map

    if isinstance(document, Map):
        from mapkit.errors import shown

        return books_of(document, shown(os.fspath(path)) if path is not None else None)  # a link by an excerpt
    return [document]


def read_collection(path: PathLike, warnings: list[str] | None = None, called: str = "collection") -> dict[str, int]:
    """A piece collection (VirtualScape .vsc or a Hexoscape inventory table), or a list of sets
    and pieces ("2xRotV,RttFF") when no file has that name. What the reader skipped (a piece it
    does not know) is added to `warnings`; an error in a list names its items as the list is
    `called` ("collection item 2").

    Returns a dict: piece type id -> count.

    Raises FormatError naming the file and the place, or the item of a list, it cannot read."""
    from mapkit.sets.collection import read_collection as read_file

    return read_file(str(path), warnings, called)


def detect(path: PathLike) -> FileFormat | None:
    """The format of a file (its `kind` is "map", "book" or "collection"), by content first, the
    name breaking ties.

    Returns a `FileFormat`, or None when neither tells (or the file cannot be read).

    Raises nothing of its own: a file it cannot read is None."""
    from mapkit.registry import detect_file

    return detect_file(os.fspath(path))


def file_formats(kind: str | None = None) -> tuple[FileFormat, ...]:
    """The registered file formats of one kind ("map", "book" or "collection"), or of all.

    Returns a tuple of `FileFormat`s, in registration order.

    Raises OptionError for another kind."""
    from mapkit import registry

    return registry.formats(kind)


# -- what a map is -----------------------------------------------------------------------------

class MapInfo(Record, Document):
    """What `info` says of a map: `doc`, the summary `mapkit info --json` prints (name, format,
    size in columns, rows and Levels, pieces, terrain, start zones, glyphs, scenarios, ...);
    `.text()` is what `mapkit info` prints. A name's control characters are spelled out (`\\033`),
    and the lone UTF-16 halves a VirtualScape name may hold, which UTF-8 cannot print, as \\udXXX
    (`mapkit.escapes`), in both."""

    VERB = "info"
    doc: dict[str, Any]

    def text(self) -> str:
        from mapkit.escapes import terminal
        from mapkit.summary import render_text

        return terminal(render_text(self.doc))

    def json(self) -> str:
        return dumps(self.doc)


def info(subject: Map | PathLike | bytes, cells: bool = False, format: str | None = None) -> MapInfo:
    """What a map is (`mapkit info`): a map, or the map in a file or bytes (`format` as for
    `read`). With `cells`, the summary also lists every occupied cell (q, r, z, piece).

    Returns a `MapInfo` (`.doc`, `.text()`, `.json()`, `.save(path)`).

    Raises as `read` does for a file, and OptionError for a C3G Book."""
    from mapkit.summary import cells_json, summarise

    m = map_of(subject, format)
    summary = summarise(m)
    if cells:
        summary["cells"] = cells_json(m)
    if m.read_as and m.read_as != summary.get("format"):
        summary["file_format"] = m.read_as  # a mapkit JSON file of a map converted from another format
    return MapInfo(summary)


def info_text(summary: MapInfo | dict[str, Any], as_json: bool = False) -> str:
    """Deprecated: `info(m).text()`, or `.json()` (`as_json`)."""
    deprecated("mapkit.api.info_text(summary)", "mapkit.info(m).text() (or .json())")
    found = summary if isinstance(summary, MapInfo) else MapInfo(dict(summary))
    return found.json() if as_json else found.text()
