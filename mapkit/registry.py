"""Registries of file formats, one per kind of document: maps, C3G Books, piece collections.

A format declares itself once, in a `FileFormat` entry of its kind's table: its name, the
extensions it is saved under, what it is, and the module that holds its code. The module is
imported only when the format is used, so `mapkit --help` and quick commands start fast.
Its modules take the name (also the key of what it keeps in `extras`) and the extensions from
that row (`declared(__name__)`) rather than spell them again (tests/test_registry.py checks).
A format module provides:

    sniff(head: bytes) -> float      how sure it is (0 to 1) that a file starting so is its own
    read(data: bytes, filename) -> …  raises FormatError only
    losses(m) -> list[str]           what it cannot carry (writable map formats)
    write(m) -> bytes

A file's format is decided by what is in it (`detect`): every format of the kinds asked for
sniffs the head of the file, and the most confident wins; the name only breaks a tie, and
decides alone when no format recognises the content (so a damaged `.hsc` still gets the
VirtualScape reader's own error). A format the name gives that is certain (1.0) ends the
search at once, so a well-named file imports no other format's module.

Formats shipped outside mapkit register through the `mapkit.formats` entry-point group (each
entry point names a `FileFormat`), or by calling `register`. Listing entry points costs a few
hundred milliseconds, so they are loaded only when the built-in formats do not answer (an
unknown name, a file nothing recognises) or when every format is listed.
"""

from __future__ import annotations

import importlib

from mapkit.errors import FormatError, OptionError, choice
from mapkit.records import Record

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from pathlib import Path
    from types import ModuleType
    from typing import Iterable

#: Kinds of document, in the order `detect` reports them when confidences tie with no name to help.
KINDS = ("map", "book", "collection")
#: Confidence that ends a search: nothing can be surer.
CERTAIN = 1.0
#: Bytes of a file its format's sniffer sees: enough for a page's <svg> past a long <head>.
HEAD_BYTES = 64 * 1024
#: The entry-point group of formats shipped outside mapkit.
ENTRY_POINT_GROUP = "mapkit.formats"


class FileFormat(Record, frozen=True):
    """One format of one kind of document; `module_name` is imported on first use."""

    name: str
    kind: str
    module_name: str
    extensions: tuple[str, ...]
    description: str

    @property
    def module(self) -> ModuleType:
        return importlib.import_module(self.module_name)

    @property
    def can_read(self) -> bool:
        return hasattr(self.module, "read")

    @property
    def can_write(self) -> bool:
        return hasattr(self.module, "write")

    def sniff(self, head: bytes) -> float:
        """The module's confidence that `head` starts a file of this format (0 when it has no sniffer)."""
        sniff = getattr(self.module, "sniff", None)
        if sniff is None:
            return 0.0
        return max(0.0, min(1.0, float(sniff(head))))

    def named_by(self, path: str | Path) -> int:
        """The length of the longest of this format's extensions `path` ends in (0: none)."""
        lower = str(path).lower()
        return max((len(ext) for ext in self.extensions if lower.endswith(ext)), default=0)


#: The formats mapkit ships, by kind. Data, not imports: each module loads on first use.
BUILT_IN: tuple[FileFormat, ...] = (
    FileFormat("mapkit", "map", "mapkit.formats.native", (".mapkit.json", ".mapkit.json.gz"), "mapkit native JSON"),
    FileFormat("hsc", "map", "mapkit.formats.hsc", (".hsc",), "VirtualScape map"),
    FileFormat("hexoscape", "map", "mapkit.formats.hexoscape", (".json", ".json.gz", ".gz"), "Hexoscape JSON map"),
    FileFormat("hexoscape-url", "map", "mapkit.formats.hexoscape.url", (".url",),
               "Hexoscape share link (?m= JSONCrush)"),
    FileFormat("glasq", "map", "mapkit.formats.glasq", (".html", ".xhtml", ".htm"), "battlefield XHTML+SVG page"),
    FileFormat("mapkit-book", "book", "mapkit.books.load", (".book.json",), "C3G Book (mapkit JSON)"),
    FileFormat("vsc", "collection", "mapkit.sets.vsc", (".vsc",), "VirtualScape collection (piece inventory)"),
    FileFormat("hexoscape-inventory", "collection", "mapkit.sets.inventory_tsv", (".tsv", ".csv"),
               "Hexoscape inventory table (ID, Type, Size, Count)"),
    # (a set list is told by its content under any text file's name: `mapkit.sets.owned.sniff`)
    FileFormat("set-list", "collection", "mapkit.sets.owned", (".sets.txt",),
               "list of sets and pieces, one a line or comma-separated (2 x RotV, RttFF, 3 x rock-1)"),
)

def declared(module_name: str) -> FileFormat:
    """The row declaring the format whose code `module_name` is, or is part of (the longest
    `module_name` that is it or a package holding it): where a format's modules read its name
    and extensions. LookupError for a module no registered row names."""
    rows = [f for f in BUILT_IN + tuple(_known(KINDS))
            if module_name == f.module_name or module_name.startswith(f.module_name + ".")]
    if not rows:
        raise LookupError(f"no registered format has its code in {module_name}")
    return max(rows, key=lambda f: len(f.module_name))


_TABLES: dict[str, list[FileFormat]] = {kind: [f for f in BUILT_IN if f.kind == kind] for kind in KINDS}
_plugins_loaded = False


def register(fmt: FileFormat) -> FileFormat:
    """Add a format (or replace the one of the same kind and name); returns it."""
    if fmt.kind not in _TABLES:
        choice(fmt.kind, KINDS, "kind of document", "kind")
    table = _TABLES[fmt.kind]
    table[:] = [f for f in table if f.name != fmt.name] + [fmt]
    return fmt


def _load_plugins() -> None:
    """Register the formats other packages declare (once; a broken plug-in is skipped)."""
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    from importlib.metadata import entry_points

    for entry in entry_points(group=ENTRY_POINT_GROUP):
        try:
            fmt = entry.load()
        except Exception:  # noqa: BLE001 - one broken plug-in must not stop mapkit
            continue
        if isinstance(fmt, FileFormat):
            register(fmt)


def formats(kind: str | None = None) -> tuple[FileFormat, ...]:
    """The registered formats of one kind (or of every kind), in registration order."""
    _load_plugins()
    kinds = KINDS if kind is None else (choice(kind, KINDS, "kind of document", "kind"),)
    return tuple(f for k in kinds for f in _TABLES[k])


def get(name: str, kind: str = "map") -> FileFormat:
    """A format of `kind` by name; OptionError naming the known ones otherwise."""
    choice(kind, KINDS, "kind of document", "kind")
    for fmt in _TABLES[kind]:
        if fmt.name == name:
            return fmt
    _load_plugins()
    for fmt in _TABLES[kind]:
        if fmt.name == name:
            return fmt
    choice(name, [f.name for f in _TABLES[kind]], "format")
    raise AssertionError(name)  # (choice raises for a name no format has)


def _known(kinds: Iterable[str]) -> list[FileFormat]:
    """The formats registered so far (plug-ins only once loaded)."""
    return [f for k in kinds for f in _TABLES[k]]


def by_extension(path: str | Path, kinds: Iterable[str] = KINDS) -> list[FileFormat]:
    """The formats whose extensions `path` ends in, the longest extension first."""
    scored = [(fmt.named_by(path), fmt) for fmt in _known(tuple(kinds))]
    return [fmt for length, fmt in sorted(scored, key=lambda pair: -pair[0]) if length]


def detect(path: str | Path, head: bytes | None, kinds: Iterable[str] = KINDS,
           hint: str | None = None) -> FileFormat:
    """The format of a file: the one most sure of its content, the name breaking ties.

    With no content (`head` None) or none recognised, the name decides; FormatError when
    neither the content nor the name tells, ending in `hint` (by default: name the formats)."""
    kinds = tuple(kinds)
    found = _detect(path, head, kinds)
    if found is None and not _plugins_loaded:
        _load_plugins()
        found = _detect(path, head, kinds)
    if found is None:
        if hint is None:
            from mapkit.wording import either

            hint = f"; use {either('from_format', 'format')}"
        raise FormatError(f"cannot tell the format from the name or the content{hint}", file=str(path))
    return found


def _detect(path: str | Path, head: bytes | None, kinds: tuple[str, ...]) -> FileFormat | None:
    named = by_extension(path, kinds)
    if head is not None:
        head = head[:HEAD_BYTES]
        best: tuple[float, int, int] | None = None
        choice: FileFormat | None = None
        rest = [f for f in _known(kinds) if f not in named]
        for order, fmt in enumerate(named + rest):
            confidence = fmt.sniff(head) if fmt.can_read else 0.0
            if confidence <= 0:
                continue
            if fmt in named and confidence >= CERTAIN:
                return fmt
            # more confident first; then the name's format; then the earlier registered
            key = (confidence, fmt.named_by(path), -order)
            if best is None or key > best:
                best, choice = key, fmt
        if choice is not None:
            return choice
    return named[0] if named else None


def _head(path: str | Path) -> bytes | None:
    """The first `HEAD_BYTES` of a regular file; None for one that cannot be read and for what is
    not a regular file, which is never read here: a named pipe's open waits for a writer for ever
    and a device may never end (opened without blocking, and looked at before any byte is read;
    the reader then refuses it by name, `mapkit.io.read_input`)."""
    import os
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
                     | getattr(os, "O_BINARY", 0))
    except (OSError, ValueError):  # (ValueError: a NUL in the name)
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.read(fd, HEAD_BYTES)
    except OSError:
        return None
    finally:
        os.close(fd)


def detect_file(path: str | Path, kinds: Iterable[str] = KINDS) -> FileFormat | None:
    """The format of the file at `path` from its head and name, or None when neither tells
    (or it is standard input, which cannot be looked at twice): the caller's reader then says why."""
    if str(path) == "-":
        return None
    head = _head(path)
    try:
        return detect(path, head, kinds)
    except FormatError:
        return None


#: Extensions other files share (any JSON document, web page, text or table): a file found in a
#: folder under one of them is taken for a map only when its content says so.
SHARED_EXTENSIONS = (".json", ".html", ".htm", ".xhtml", ".txt", ".csv", ".tsv")


def detect_found_file(path: str | Path, kinds: Iterable[str] = KINDS) -> FileFormat | None:
    """`detect_file` for a file found in a folder rather than named: under a name other files
    share (`SHARED_EXTENSIONS`) the content must claim it (a folder's metadata .json is no map);
    a file that cannot be read is left to its reader to refuse by name."""
    head = _head(path)
    if head is None:
        return detect_file(path, kinds)
    try:
        found = detect(path, head, kinds)
    except FormatError:
        return None
    if str(path).lower().endswith(SHARED_EXTENSIONS) and not any(
            f.can_read and f.sniff(head) > 0 for f in _known(tuple(kinds))):
        return None
    return found


def kind_of(path: str | Path) -> str:
    """"map", "book" or "collection": what the file at `path` holds (a map when nothing tells)."""
    fmt = detect_file(path)
    return fmt.kind if fmt is not None else "map"
