"""Files in and out: read a map (or a Book, a collection) in any format, write one, convert many.

    m = mapkit.read("samples/maps/twin-rivers.hsc")
    mapkit.write(m, "twin-rivers.mapkit.json")

What `mapkit info` and `mapkit convert` are made of; `info` summarises a map as read."""

from __future__ import annotations

import os

from mapkit.errors import OptionError, RoomError, ScenarioError
from mapkit.records import Record

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any, Iterable, Union

    from mapkit.batch import Outcome, Progress, Skipped
    from mapkit.books.model import Book
    from mapkit.model.map import Map
    from mapkit.registry import FileFormat

    #: A file name, as a string or a path.
    PathLike = Union[str, "os.PathLike[str]"]


#: How a `FormatError` for bytes no format claims ends: in the API's words, not the command line's.
BYTES_HINT = "; name the format with format= (one of mapkit.file_formats('map'))"


def read(source: PathLike | bytes, format: str | None = None, scenario: Any = None, printable: bool = False,
         room: Any = None) -> Map:
    """A map from a file ("-": standard input) or from the bytes of one.

    The content decides the format (`format` forces one); `scenario` keeps only what that
    scenario of a multi-scenario page sets up, on the terrain they share. `printable` turns
    the lone UTF-16 halves a JSON text may escape (UTF-8 cannot hold them) into U+FFFD, as a
    picture, sheet or report needs; without it the texts are as the file has them, so a
    conversion keeps them exactly. `room` keeps one room of a page that draws several, as its own
    pictures draw it (before `scenario` is taken)."""
    from mapkit import formats

    if isinstance(source, (bytes, bytearray, memoryview)):
        m = _with_books(formats.parse_map(bytes(source), format, hint=BYTES_HINT), None)
    else:
        m = _with_books(formats.read_map(os.fspath(source), format), os.fspath(source))
    if printable:
        formats.printable_text(m)
    return pick(m, room, scenario)


def _with_books(m: Map, path: str | None) -> Map:
    """`m` carrying the Books it places, found beside its file `path` (None: the working folder)
    or among the sample Books, so what is done with it later needs no file path."""
    if m.buildings or m.objects:  # (mapkit.books stays unloaded for a map without Books)
        from mapkit.books.placed import load_placed

        load_placed(m, path)
    return m


def read_document(path: PathLike, format: str | None = None, printable: bool = False) -> Map | Book:
    """The map (carrying its Books, as `read` gives it) or the C3G Book in a file, as its content
    says: the file read, and its format told, once. `format` names a map's format (a Book is
    known by its content); `printable` as for `read`."""
    from mapkit import formats
    from mapkit.errors import shown

    name = os.fspath(path)
    data, found = formats.read_file(name)
    if found is not None and found.kind == "book":
        from mapkit.books.load import book_from_bytes

        return book_from_bytes(data, name)
    m = _with_books(formats.parse_map(data, format, shown(name), known=found), name)
    return formats.printable_text(m) if printable else m


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


def reader_warnings(m: Map) -> list[str]:
    """What the reader of a map recovered from, in order, repeated ones summarised past a count
    (`errors.summarised`); a mapkit JSON file converted from another format keeps its source's
    warnings, each marked as kept from that format."""
    from mapkit.errors import bounded, summarised
    from mapkit.formats.native import MIGRATED

    read_as = getattr(m, "read_as", None) or m.source_format
    kept = read_as == "mapkit" and m.source_format not in (None, "mapkit")  # its warnings are its source's
    return [bounded(f"(kept from the {m.source_format} file it was converted from) {warning}"
                    if kept and not warning.startswith(MIGRATED) else warning, None) for warning in summarised(m.warnings)]


def pieces_said(m: Map) -> str:
    """How many pieces a map is built with, as `info` counts them ("99 piece(s) to build with, 48 marker(s)")."""
    from mapkit.summary import pieces_said as said

    return said(m)


def map_stem(name: str) -> str:
    """A file name without the longest map or Book extension it ends in ("Ruins.HSC" -> "Ruins")."""
    from mapkit.batch import map_stem as stem

    return stem(name)


def write(m: Map, path: PathLike, format: str | None = None, allow_loss: bool = False) -> list[str]:
    """Write a map atomically (the name gives the format unless `format` does); returns what
    the format could not carry. Without `allow_loss` such a loss raises LossError, writing nothing."""
    from mapkit import formats

    return formats.write_map(m, os.fspath(path), format, allow_loss)


class Conversion(Record):
    """What `convert_files` did: one `mapkit.batch.Outcome` per map (done or refused, why, what
    was dropped, what its reader recovered from) and the files a folder held that are not maps."""

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


def convert_files(paths: Iterable[PathLike], folder: PathLike, format: str, from_format: str | None = None,
                  allow_loss: bool = False, scenario: int | None = None, jobs: int = 0,
                  extension: str | None = None, progress: Progress | None = None, room: int | None = None
                  ) -> Conversion:
    """`mapkit convert IN... --to FORMAT -d FOLDER`: every map named, or found in the folders
    named (recursively), written in `format` under `folder` with its relative path kept; each
    output ends in `extension` (default: the format's first). A map that cannot be read or
    written, or would lose something without `allow_loss`, is refused in its outcome, never
    raised; no output replaces an input. `jobs` and `progress` as for `validate_files`."""
    from pathlib import Path

    from mapkit.batch import convert_files as convert
    from mapkit.registry import get

    fmt = get(format, "map")
    ext = extension or (fmt.extensions[0] if fmt.extensions else "." + fmt.name)
    outcomes, skipped = convert(paths, folder, format, ext, from_format, allow_loss, scenario, jobs, progress, room)
    return Conversion(outcomes, skipped, fmt.name, str(Path(folder)))


def write_format(path: PathLike, format: str | None = None) -> FileFormat:
    """The map format a file of that name is written in (`format` names one instead); OptionError
    for a name no writable format claims, before anything is read or drawn."""
    from mapkit.formats import format_for_output

    return format_for_output(os.fspath(path), format)


def read_book(path: PathLike) -> Book:
    """A C3G Book, checked against its schema (FormatError names the JSON path)."""
    from mapkit.books import load_book

    return load_book(os.fspath(path))


def read_books(path: PathLike, format: str | None = None) -> list[Book]:
    """The Book in a Book file, or the Books of the buildings and objects a map file places
    (found beside the map, each once); OptionError for a map that places none."""
    return books_in(read_document(path, format), path)


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
    and pieces ("2xRotV,RttFF") when no file has that name: type id -> count. What the reader
    skipped (a piece it does not know) is added to `warnings`; an error in a list names its
    items as the list is `called` ("collection item 2")."""
    from mapkit.sets.collection import read_collection as read_file

    return read_file(str(path), warnings, called)


def detect(path: PathLike) -> FileFormat | None:
    """The format of a file (its `kind` is "map", "book" or "collection"), by content first."""
    from mapkit.registry import detect_file

    return detect_file(os.fspath(path))


def file_formats(kind: str | None = None) -> tuple[FileFormat, ...]:
    """The registered file formats, of one kind or all."""
    from mapkit import registry

    return registry.formats(kind)


# -- what a map is -----------------------------------------------------------------------------

def info(m: Map, cells: bool = False) -> dict[str, Any]:
    """The summary `mapkit info --json` prints: name, size, levels, pieces, terrain, zones, glyphs
    (and, with `cells`, one entry per occupied cell)."""
    from mapkit.summary import cells_json, summarise

    summary = summarise(m)
    if cells:
        summary["cells"] = cells_json(m)
    return summary


def info_text(summary: dict[str, Any], as_json: bool = False) -> str:
    """What `mapkit info` prints of an `info` summary: text, or JSON (`--json`). A name's control
    characters are spelled out (`\\033`), and the lone UTF-16 halves a VirtualScape name may hold,
    which UTF-8 cannot print, as \\udXXX (`mapkit.escapes`)."""
    from mapkit import escapes

    if as_json:
        return escapes.json_text(summary)
    from mapkit.summary import render_text

    return escapes.terminal(render_text(summary))
