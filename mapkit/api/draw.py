"""Pictures, sheets and pages: every output through the output registry (`mapkit.outputs`).

    mapkit.render(m, "twin-rivers.png", view="iso")
    mapkit.print_sheets(m, paper="a4").pdf"""

from __future__ import annotations

import os

from mapkit.errors import OptionError
from mapkit.records import Record

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any, Sequence

    from mapkit.api.files import PathLike
    from mapkit.books.model import Book
    from mapkit.books.overlay_result import OverlayResult
    from mapkit.model.map import Map


def render(subject: Any, path_or_kind: PathLike = "png", kind: str | None = None, **options: Any) -> bytes:
    """Draw a map (PNG, SVG, build sheets PDF, HTML report), Books (floor plan or markers PDF), an
    overlay or a movement `Heatmap` (PNG), or what `fit` did (PNG, SVG); returns the bytes, and
    writes them atomically when given a file name.

    `path_or_kind` is an output name (its extension picks the kind among those the subject
    allows; see `mapkit.outputs`) or a kind: "png", "svg", "build-pdf", "report-html",
    "plan-pdf", "markers-pdf", "overlay-png", "heatmap-png", "fit-png", "fit-svg". `kind` names
    the kind for a file whose extension more than one kind shares (a Book's ".pdf": its plan, or
    "markers-pdf"). `options` go to the kind's maker, e.g. `view="iso"`, `level=2`, `scale=20`,
    `paper="a4"`."""
    from mapkit import outputs
    from mapkit.books.model import Book

    if isinstance(subject, Book):
        subject = [subject]
    allowed = outputs.kinds_for(subject)
    target = os.fspath(path_or_kind)
    if kind is None:
        chosen = outputs.choose(target, allowed)
    elif kind not in allowed:
        raise OptionError(f"{kind}: not an output of this subject (it makes {', '.join(allowed)})")
    else:
        chosen = outputs.get(kind)
        if target != kind and not chosen.named_by(target):
            raise OptionError(f"{target}: a {kind} output must end in {' or '.join(chosen.extensions)}")
    data = chosen.make(subject, **options)
    if target != chosen.name:
        from mapkit.io import write_output

        write_output(path_or_kind, data)
    return data


class Sheets(Record):
    """A printable PDF, its page count, and what it is ("build instructions", "1:1 floor plan",
    "markers sheet"); `warnings` name the Books a map places that could not be drawn."""

    _fields = ("pdf", "pages", "what", "warnings")

    def __init__(self, pdf: bytes, pages: int, what: str, warnings: list[str] | None = None):
        self.pdf = pdf
        self.pages = pages
        self.what = what
        self.warnings: list[str] = [] if warnings is None else warnings


def print_sheets(subject: Map | Book | Sequence[Book] | None = None, markers: bool = False, paper: str = "letter",
                 levels_per_page: int = 1, hex_names: bool = False, cover: bool = False, overlap: float = 12.0,
                 params: Any = None, map_file: PathLike | None = None) -> Sheets:
    """`mapkit print`: a map's build instructions (a Level, or `levels_per_page`, per page;
    `hex_names` writes each hex's name, `cover` adds a cover page), Books' 1:1 floor plan tiled
    across pages that overlap by `overlap` mm, or with `markers` their cut-out doorway, window and
    transit markers (a general sheet without Books). `params` is the `OverlayParams` of plans and
    markers; `map_file`, the map's file, titles the sheets and names it in warnings (the Books are
    those the map carries: `read` found them beside its file)."""
    from mapkit import outputs
    from mapkit.books.model import Book
    from mapkit.model.map import Map

    shown = os.fspath(map_file) if map_file is not None else None
    if isinstance(subject, Map):
        if markers:
            raise OptionError("markers are drawn from Books: give the Books the map places (`read_books`)")
        warnings: list[str] = []
        drawn = outputs.get("build-pdf").draw(subject, source=shown, paper=paper, levels_per_page=levels_per_page,
                                              hex_names=hex_names, cover=cover, warn=warnings.append)
        return Sheets(drawn.as_bytes(), drawn.pages, "build instructions", warnings)
    books = [subject] if isinstance(subject, Book) else list(subject or [])
    if markers:
        drawn = outputs.get("markers-pdf").draw(books, paper=paper, params=params)
        return Sheets(drawn.as_bytes(), drawn.pages, "markers sheet")
    if not books:
        raise OptionError("no Books to print a floor plan of")
    drawn = outputs.get("plan-pdf").draw(books, paper=paper, overlap=overlap, params=params, source=shown)
    return Sheets(drawn.as_bytes(), drawn.pages, "1:1 floor plan")


class ReportPage(Record):
    """The HTML page `mapkit report` writes, and the findings it lists (as dicts)."""

    _fields = ("html", "findings")

    def __init__(self, html: str, findings: list[dict[str, Any]]):
        self.html = html
        self.findings = findings


def report_page(m: Map, profile: str | None = "casual", pictures: bool = True, map_file: PathLike | None = None
                ) -> ReportPage:
    """The page `report` returns, with the findings it lists; `map_file`, the map's file, names it."""
    from mapkit import outputs

    shown = str(map_file) if map_file else None
    drawn = outputs.get("report-html").draw(m, source=shown, profile=profile, pictures=pictures)
    return ReportPage(drawn.as_text(), list(drawn.findings))


def report(m: Map, path: PathLike | None = None, profile: str | None = "casual", pictures: bool = True,
           map_file: PathLike | None = None) -> str:
    """One self-contained HTML page: summary, top view, pictures, parts, inventory, findings.
    Written atomically to `path` when given."""
    page = report_page(m, profile, pictures, map_file).html
    if path is not None:
        from mapkit.io import write_output

        write_output(path, page)
    return page


def overlay(subject: Book | Map | PathLike, params: Any = None, map_file: PathLike | None = None) -> OverlayResult:
    """The Full / Half / Partial / covered class of each hex a Book covers (in its own frame), or
    of the Books a map places (level by level); `.doc` is `mapkit overlay --json`'s document and
    `render(result, "overlay.png")` draws it. `params` is an `OverlayParams`; `map_file`, the
    map's file, names it (a file given as `subject` is read once, as `read_document` reads it)."""
    from mapkit.api.files import read_document
    from mapkit.books.overlay_result import classify_book, classify_map
    from mapkit.books.model import Book
    from mapkit.geometry.params import OverlayParams

    params = params or OverlayParams()
    if isinstance(subject, (str, os.PathLike)):
        map_file = subject
        subject = read_document(subject)
    if isinstance(subject, Book):
        return classify_book(subject, params)
    return classify_map(subject, os.fspath(map_file) if map_file else None, params)


def output_kinds() -> tuple[Any, ...]:
    """The registered kinds of output (name, extensions, subject, description)."""
    from mapkit.outputs import OUTPUTS

    return OUTPUTS
