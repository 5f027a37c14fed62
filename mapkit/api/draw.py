"""Pictures, sheets and pages: one door, `render`, to every output of the registry (`mapkit.outputs`).

    mapkit.render(m, "twin-rivers.png", view="iso")
    mapkit.print_sheets(m, paper="a4").save("build.pdf")

`print_sheets` and `report` are thin names for `render` with the kind chosen for them; each
answers with a `Drawing`."""

from __future__ import annotations

import os
import sys

from mapkit.errors import HeatmapError, OptionError
from mapkit.records import Record, field
from mapkit.results import Answer, deprecated, dumps

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any, Callable, Sequence

    from mapkit.api.files import PathLike, Source
    from mapkit.books.model import Book
    from mapkit.books.overlay_result import OverlayResult
    from mapkit.model.map import Map
    from mapkit.outputs import OutputKind

#: This topic's verbs and the answers they give, on `mapkit`'s face (and `mapkit.api`'s).
__all__ = ["render", "Drawing", "print_sheets", "report", "overlay", "output_kinds"]
FACE = tuple(__all__)
#: Old names that still answer, each with a DeprecationWarning.
OLD_NAMES = ("report_page", "Sheets", "ReportPage")

#: What a drawing of each kind is, as its text says it.
WHAT = {"png": "picture", "svg": "drawing", "build-pdf": "build instructions", "report-html": "report",
        "plan-pdf": "1:1 floor plan", "markers-pdf": "markers sheet", "overlay-png": "overlay picture",
        "heatmap-png": "heatmap", "fit-png": "picture of the changes", "fit-svg": "drawing of the changes",
        "gallery-html": "gallery page"}
#: The kinds whose maker tells what it could not draw (`warn`: a Book that cannot be read, findings
#: that could not be marked), and those it names the map's file to (`source`: in titles and messages).
TELLS = ("png", "svg", "build-pdf")
NAMES_FILE = ("png", "svg", "build-pdf", "report-html", "plan-pdf")


class Drawing(Record, Answer):
    """What `render`, `print_sheets` and `report` draw: the bytes of the file (`data`: a PNG, an
    SVG or HTML text in UTF-8, a PDF), its kind of output (`kind`, a name of `output_kinds()`),
    its page count, what it is ("build instructions", ...), the findings a report lists (as dicts)
    and what could not be drawn (`warnings`). `.save(path)` writes the bytes; `.text()` is one
    line saying what it is, `.json()` the same as a document."""

    data: bytes = field(repr=False)  # (a prompt shows what it is, not 200,000 bytes of it)
    kind: str
    pages: int = 1
    what: str = ""
    findings: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def __bytes__(self) -> bytes:
        return self.data

    @property
    def size(self) -> tuple[int, int] | None:
        """A PNG's width and height in pixels (from its header); None for another kind."""
        if self.data[:8] == b"\x89PNG\r\n\x1a\n" and len(self.data) >= 24:
            return int.from_bytes(self.data[16:20], "big"), int.from_bytes(self.data[20:24], "big")
        return None

    @property
    def doc(self) -> dict[str, Any]:
        return {"kind": self.kind, "what": self.what, "pages": self.pages, "bytes": len(self.data),
                "size": list(self.size) if self.size else None, "findings": self.findings, "warnings": self.warnings}

    def text(self) -> str:
        size = f"PNG {self.size[0]} x {self.size[1]} px" if self.size else f"{len(self.data) / 1024:,.0f} kB"
        pages = f", {self.pages} page(s)" if self.kind.endswith("-pdf") else ""
        listed = f", {len(self.findings)} finding(s)" if self.kind == "report-html" else ""
        return f"{self.what or self.kind}, {size}{pages}{listed}\n"

    def save(self, path: PathLike, format: str | None = None) -> None:
        """Write the drawing's bytes to `path` atomically (`mapkit.io`), under a name its kind's
        extensions end (a PNG as ".png"), or any name when `format` is its `kind`, as Pillow's
        `save`. Raises OptionError for a name of another kind of file (a PNG as "x.pdf": `render`
        draws the kind a name says) or another `format`, OutputError when `path` cannot be written."""
        from mapkit import outputs
        from mapkit.errors import choice
        from mapkit.io import is_stream, write_output

        if format is not None:
            choice(format, (self.kind,), "format of this drawing", "format")
        else:
            kind = outputs.get(self.kind)
            if not kind.named_by(os.fspath(path)) and not is_stream(path):
                raise OptionError(f"{path}: {self.what or self.kind} is saved as {' or '.join(kind.extensions)}, or "
                                  f"as `format` says (`render` draws the kind a name says)", option="path",
                                  choices=kind.extensions)
        write_output(path, self.data)

    def json(self) -> str:
        return dumps(self.doc)

    # -- the names its older forms answered to ---------------------------------------------------
    def __getitem__(self, index: Any) -> Any:
        deprecated("mapkit.render(...)[i], bytes", "a Drawing: read its .data")
        return self.data[index]

    @property
    def pdf(self) -> bytes:
        """Deprecated: `data` (the name `print_sheets`' answer gave it)."""
        deprecated("mapkit.print_sheets(...).pdf", "mapkit.print_sheets(...).data")
        return self.data

    @property
    def html(self) -> str:
        """Deprecated: `data`, as text (the name `report_page`'s answer gave it)."""
        deprecated("mapkit.report_page(...).html", "mapkit.report(...).data.decode()")
        return self.data.decode("utf-8")


def render(subject: Any, path_or_kind: PathLike = "png", kind: str | None = None, **options: Any) -> Drawing:
    """Draw something through the output registry (`output_kinds()`): a map (PNG, SVG, build
    sheets PDF, HTML report), a C3G Book or several (floor plan or markers PDF), an `overlay`, an
    `analyze(..., heatmap=True).heatmap` (PNG) or what `fit` did (PNG, SVG). A map or a Book may
    be given by its file or bytes (read with its texts made printable; the file names it in
    titles). `None` is no Books (the general markers sheet).

    `path_or_kind` is a file name, whose extension picks the kind among those the subject allows,
    or a kind's name: "png", "svg", "build-pdf", "report-html", "plan-pdf", "markers-pdf",
    "overlay-png", "heatmap-png", "fit-png", "fit-svg", "gallery-html". A file name is written,
    atomically; a kind's name writes nothing. `kind` names the kind for a file whose extension
    more than one kind shares (a Book's ".pdf": its plan, or "markers-pdf"). `options` go to the
    kind's maker: for a map's picture `view` ("top", "levels", "iso"), `level` (a Level), `scale`
    (PNG pixels per hex, more than 0), `legend`, `title` (False: no title above the map),
    `lettering` (False: no column letters and row numbers round the board), `seen_from` ("S",
    "WSW", "WNW", "N", "ENE", "ESE"), `profile` (mark its findings); for sheets `paper` ("letter",
    "a4") and those of `print_sheets`; for a report those of `report`. `warn`, if given, is told
    each warning as it happens.

    Returns a `Drawing` (`.data`, `.pages`, `.warnings`, `.save(path)`).

    Raises OptionError for a name, kind or option it cannot use (naming the choices), PictureTooLarge
    for a PNG too large for memory, HeatmapError for a heatmap with nothing to draw (naming the file),
    OutputError for a file that cannot be written or that is the map's own (the subject's file, or
    `source`), and as `read` does for a file."""
    if subject is None:
        subject = []
    elif isinstance(subject, (str, os.PathLike, bytes)):
        from mapkit.api.files import read_document

        if isinstance(subject, (str, os.PathLike)):
            options.setdefault("source", os.fspath(subject))
        subject = read_document(subject, printable=True)
    books = sys.modules.get("mapkit.books.model")      # (no Book exists before its class is loaded)
    if books is not None and isinstance(subject, books.Book):
        subject = [subject]
    chosen = _kind(subject, os.fspath(path_or_kind), kind)
    target = os.fspath(path_or_kind)
    if target != chosen.name:  # a file to write: never the map's own file (`mapkit.io`), refused before any work
        from mapkit.io import check_output

        check_output(target, inputs=[options["source"]] if options.get("source") else [])
    scale = options.get("scale")
    if scale is not None and not scale > 0:
        raise OptionError(f"scale must be more than 0 pixels per hex, not {scale!r}", option="scale")
    overlap = options.get("overlap")
    if overlap is not None and not overlap >= 0:  # (NaN too) sheets apart would leave a strip of the plan on none
        raise OptionError(f"overlap must be 0 mm or more, not {overlap!r}", option="overlap")
    told: Callable[[str], None] | None = options.pop("warn", None)
    warnings: list[str] = []
    if chosen.name in TELLS:
        def tell(warning: str) -> None:
            warnings.append(warning)
            if told is not None:
                told(warning)

        options["warn"] = tell
    if chosen.name not in NAMES_FILE:
        options.pop("source", None)
    try:
        drawn = chosen.draw(subject, **options)
    except HeatmapError as exc:  # (it leaves naming the file to its caller)
        raise exc if target == chosen.name else HeatmapError(f"{target}: {exc}") from None
    made = Drawing(drawn.as_bytes(), chosen.name, drawn.pages, WHAT.get(chosen.name, chosen.name),
                   list(drawn.findings), warnings)
    if target != chosen.name:
        made.save(path_or_kind)
    return made


def _kind(subject: Any, target: str, kind: str | None) -> OutputKind:
    """The kind of output to draw `subject` as: the one named by `kind` or `target`, or the one
    `target`'s extension picks among those the subject allows."""
    from mapkit import outputs

    allowed = outputs.kinds_for(subject)
    if kind is None:
        return outputs.choose(target, allowed)
    if kind not in allowed:
        raise OptionError(f"{kind}: not an output of this subject (it makes {', '.join(allowed)})", option="kind",
                          choices=allowed)
    chosen = outputs.get(kind)
    if target != kind and not chosen.named_by(target):
        raise OptionError(f"{target}: a {kind} output must end in {' or '.join(chosen.extensions)}")
    return chosen


def print_sheets(subject: Source | Sequence[Book] | None = None, markers: bool = False, paper: str = "letter",
                 levels_per_page: int = 1, hex_names: bool = False, cover: bool = False, overlap: float = 12.0,
                 params: Any = None, map_file: PathLike | None = None, path: PathLike | None = None) -> Drawing:
    """`mapkit print`: `render` of printable sheets, the kind chosen for the subject. A map's
    build instructions ("build-pdf": a Level, or `levels_per_page`, per page; `hex_names` writes
    each hex's name, `cover` adds a cover page); Books' 1:1 floor plan ("plan-pdf") tiled across
    pages that overlap by `overlap` mm (0 or more, less than the printable area); or with
    `markers` their cut-out doorway, window and transit markers ("markers-pdf"; without Books, a
    general sheet). The subject is a map, a Book,
    a list of Books (`read_books`), or the file of a map or a Book. `paper` is "letter" or "a4";
    `params` the `OverlayParams` of plans and markers (or a mapping of its `from_options`
    keywords); `map_file`, the map's file, titles the sheets and names it in warnings. Written
    to `path` when given.

    Returns a `Drawing` (its `warnings` name the Books a map places that could not be drawn).

    Raises OptionError for markers of a map (give its Books), no Books for a plan, or a value it cannot
    use; as `render` does."""
    from mapkit.books.model import Book
    from mapkit.geometry.params import OverlayParams
    from mapkit.model.map import Map

    if isinstance(subject, (str, os.PathLike, bytes)):
        from mapkit.api.files import read_document

        if isinstance(subject, (str, os.PathLike)) and map_file is None:
            map_file = subject
        subject = read_document(subject, printable=True)
    target = os.fspath(path) if path is not None else None
    shown = os.fspath(map_file) if map_file is not None else None
    if isinstance(subject, Map):
        if markers:
            raise OptionError("markers are drawn from Books: give the Books the map places (`read_books`)")
        return render(subject, target or "build-pdf", "build-pdf", source=shown, paper=paper,
                      levels_per_page=levels_per_page, hex_names=hex_names, cover=cover)
    books = [subject] if isinstance(subject, Book) else list(subject or [])
    measures = OverlayParams.of(params) if params is not None else None
    if markers:
        return render(books, target or "markers-pdf", "markers-pdf", paper=paper, params=measures)
    if not books:
        raise OptionError("no Books to print a floor plan of")
    return render(books, target or "plan-pdf", "plan-pdf", paper=paper, overlap=overlap, params=measures,
                  source=shown)


def report(subject: Map | PathLike | bytes, path: PathLike | None = None, profile: str | None = "casual",
           pictures: bool = True, map_file: PathLike | None = None) -> Drawing:
    """`mapkit report`: `render` of one self-contained HTML page ("report-html") about a map, or
    the map in a file: summary, top view, pictures (with `pictures`: the isometric view and one
    per Level), parts, inventory, the findings of `profile`. `map_file`, the map's file, names it.
    Written atomically to `path` (.html or .htm) when given.

    Returns a `Drawing` (`.data` the page in UTF-8, `.findings` those it lists).

    Raises OptionError for a profile mapkit has not; as `render` does."""
    from mapkit.api.files import map_of
    from mapkit.rules.framework import check_profile

    check_profile(profile)  # (the page lists no findings for a rule that fails: a profile there is not is refused)
    if map_file is None and isinstance(subject, (str, os.PathLike)):
        map_file = subject
    source = os.fspath(map_file) if map_file is not None else None
    target = os.fspath(path) if path is not None else "report-html"
    return render(map_of(subject, printable=True), target, "report-html", profile=profile, pictures=pictures,
                  **({"source": source} if source else {}))


def overlay(subject: Source, params: Any = None, map_file: PathLike | None = None) -> OverlayResult:
    """The Full / Half / Partial / covered class of each hex a C3G Book covers (in its own
    frame), or of the Books a map places (level by level): a Book, a map, or the file or bytes of
    one (read once, as `read_document` reads it). `params` is an `OverlayParams` (or a mapping
    of its `from_options` keywords: hex_region "cell" or "cap", base_diameter and
    marker_diameter in mm); `map_file`, the map's file, names it.

    Returns an `OverlayResult`: `.doc` is `mapkit overlay --json`'s document, `.text()` what `mapkit
    overlay` prints, and `render(result, "overlay.png")` draws it.

    Raises OptionError for measures it cannot use, FormatError for a Book the map places that cannot be
    placed, and as `read` does for a file."""
    from mapkit.api.files import read_document
    from mapkit.books.model import Book
    from mapkit.books.overlay_result import classify_book, classify_map
    from mapkit.geometry.params import OverlayParams

    measures = OverlayParams.of(params)
    if isinstance(subject, (str, os.PathLike)):
        map_file = subject
    subject = read_document(subject)
    if isinstance(subject, Book):
        return classify_book(subject, measures)
    return classify_map(subject, os.fspath(map_file) if map_file else None, measures)


def output_kinds() -> tuple[Any, ...]:
    """The registered kinds of output, what `render` draws.

    Returns a tuple of `OutputKind`s (name, subject, extensions, description), in registration order.

    Raises nothing."""
    from mapkit.outputs import OUTPUTS

    return OUTPUTS


# -- old names -------------------------------------------------------------------------------------

def report_page(m: Map | PathLike, profile: str | None = "casual", pictures: bool = True,
                map_file: PathLike | None = None) -> Drawing:
    """Deprecated: `report`, whose `Drawing` lists the findings too."""
    deprecated("mapkit.report_page", "mapkit.report")
    return report(m, None, profile, pictures, map_file)


def __getattr__(name: str) -> Any:
    if name in ("Sheets", "ReportPage"):  # what print_sheets and report_page answered with
        deprecated(f"mapkit.{name}", "mapkit.Drawing")
        return Drawing
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
