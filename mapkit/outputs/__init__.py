"""Everything mapkit draws: pictures, printable sheets and pages, and the registry that finds them.

The package is shaped like `mapkit.formats`: the shared core below, and one module (or package)
per product, each declared once in `OUTPUTS` below as a format is declared in `mapkit.registry`.

    scene/       what to draw, once, in millimetres: shapes, layout, style, symbols, legend,
                 the top / per-level / isometric views, the steps between Levels, the
                 report's map (browse), C3G buildings, parts lists, pages (page: a sheet of
                 paper, its words measured through the painter), the board's lettering
    paint/       how, one painter per medium, scenes or pages in, bytes out: raster
                 (render_png, the only module that uses Pillow), svg (render_svg), pdf (paint,
                 reportlab)
    picture, sheets/, plan, markers, html_report/, overlay, heatmap, fit_picture, gallery/
                 the products, which compose scenes and pages and never touch a medium
                 themselves (gallery/: a gallery's index and map pages, around the others)

A product module gives `draw(subject, **options) -> Drawn` (a module that makes two kinds, as
`picture` makes PNG and SVG, gives one function per kind). Each kind declares its name, the kind
of subject it draws, its module, the extensions it is saved under and its function, imported on
first use. `mapkit.render` (and `print_sheets` and `report`, names for it) finds its product here,
never by importing it or by testing a file name's ending itself. Two kinds may share an extension for
different subjects (`.pdf` is a map's build sheets or a Book's floor plan, `.png` a map's
picture, an overlay or a movement heatmap); among the kinds a caller allows, the first
registered for the extension wins.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any, Callable, Iterable, NamedTuple

TYPE_CHECKING = False  # (pathlib is not imported at run time: a report starts faster)
if TYPE_CHECKING:
    from pathlib import Path

from mapkit.errors import OptionError
from mapkit.records import Record


class Drawn(NamedTuple):
    """What a product made: its bytes (a page's text, written as UTF-8), its page count, and the
    findings it lists (the report's)."""

    data: bytes | str
    pages: int = 1
    findings: tuple[dict[str, Any], ...] = ()

    def as_bytes(self) -> bytes:
        return self.data.encode("utf-8") if isinstance(self.data, str) else self.data

    def as_text(self) -> str:
        return self.data if isinstance(self.data, str) else self.data.decode("utf-8")


#: The kinds of subject an output draws, and the class (`module:name`) an object of that kind is.
#: Books are a Book or a list of them; overlay, heatmap and fit are analyses (of Books placed on
#: the grid, of movement, of re-tiling from a collection).
SUBJECTS: dict[str, str] = {
    "map": "mapkit.model.map:Map",
    "books": "mapkit.books.model:Book",
    "overlay": "mapkit.books.overlay_result:OverlayResult",
    "heatmap": "mapkit.movement.analysis_report:Heatmap",
    "fit": "mapkit.fitting.plan:FitResult",
    "gallery": "mapkit.outputs.gallery:Site",
}


class OutputKind(Record, frozen=True):
    """One kind of output; `function` (`module:name`) is imported on first use."""

    name: str
    subject: str
    module_name: str
    extensions: tuple[str, ...]
    description: str
    function: str = "draw"

    @property
    def module(self) -> Any:
        return importlib.import_module(self.module_name)

    def draw(self, subject: Any, **options: Any) -> Drawn:
        """The product of `subject` with its page count and findings; a map spread wider than the
        drawing extent limit is refused first, before its product is laid out (`limits.check_drawing`);
        OptionError for an option its maker does not take."""
        if self.subject == "map":
            from mapkit.limits import check_drawing
            from mapkit.errors import shown

            source = options.get("source")
            check_drawing(subject, shown(source) if source else None)
        from mapkit.bulk import paused_gc

        maker: Callable[..., Drawn] = getattr(self.module, self.function)
        try:
            with paused_gc():  # a product is tens of thousands of small shapes and no cycles (`mapkit.bulk`)
                return maker(subject, **options)
        except TypeError as exc:
            unknown = _unknown_option(exc)
            if unknown is None:
                raise
            raise OptionError(f"{self.name}: no option {unknown!r}", option=unknown) from None

    def make(self, subject: Any, **options: Any) -> bytes:
        """The bytes a file of this kind holds."""
        return self.draw(subject, **options).as_bytes()

    def named_by(self, path: str | Path) -> bool:
        return str(path).lower().endswith(self.extensions)


def _unknown_option(exc: TypeError) -> str | None:
    """The keyword a maker was called with and does not take, when that is what `exc` says: raised
    by the call itself or by a maker handing its options on (a bug deeper down is not one)."""
    import re

    found = re.fullmatch(r"[\w.<>]+\(\) got an unexpected keyword argument '(\w+)'", str(exc))
    frames, tb = 0, exc.__traceback__
    while tb is not None:
        frames, tb = frames + 1, tb.tb_next
    return found[1] if found and frames <= 2 else None


OUTPUTS: tuple[OutputKind, ...] = (
    OutputKind("png", "map", "mapkit.outputs.picture", (".png",), "a picture of a map (top, per level, isometric)",
               "draw_png"),
    OutputKind("svg", "map", "mapkit.outputs.picture", (".svg",),
               "an editable drawing at 1:1 in millimetres, a layer per level", "draw_svg"),
    OutputKind("build-pdf", "map", "mapkit.outputs.sheets", (".pdf",), "build instructions, a level per page"),
    OutputKind("report-html", "map", "mapkit.outputs.html_report", (".html", ".htm"),
               "one self-contained HTML page about a map"),
    OutputKind("plan-pdf", "books", "mapkit.outputs.plan", (".pdf",), "1:1 floor plans of C3G Books"),
    OutputKind("markers-pdf", "books", "mapkit.outputs.markers", (".pdf",),
               "cut-out doorway, window and transit markers"),
    OutputKind("overlay-png", "overlay", "mapkit.outputs.overlay", (".png",),
               "the Full / Half / Partial hexes of a Book or a map's Books"),
    OutputKind("heatmap-png", "heatmap", "mapkit.outputs.heatmap", (".png",),
               "turns to end a move on each hex, from the start zones or a start"),
    OutputKind("fit-png", "fit", "mapkit.outputs.fit_picture", (".png",),
               "a re-tiled map from above, the pieces fit laid outlined", "draw_png"),
    OutputKind("fit-svg", "fit", "mapkit.outputs.fit_picture", (".svg",),
               "the same, as an editable SVG at 1:1 in millimetres", "draw_svg"),
    OutputKind("gallery-html", "gallery", "mapkit.outputs.gallery", (".html", ".htm"),
               "a gallery's index of maps, or (card=N) one map's page"),
)


def get(name: str) -> OutputKind:
    for kind in OUTPUTS:
        if kind.name == name:
            return kind
    raise OptionError(f"unknown output {name!r} (known: {', '.join(k.name for k in OUTPUTS)})")


def suffixes(names: Iterable[str]) -> tuple[str, ...]:
    """The extensions of the given kinds, in order, each once."""
    return tuple(dict.fromkeys(ext for name in names for ext in get(name).extensions))


def subject_of(subject: Any) -> str:
    """The kind of subject `subject` is (a key of `SUBJECTS`); anything else is drawn as a map.
    Only classes already loaded are tried: an object of a class not yet imported cannot exist,
    and importing the class of a heatmap would cost numpy."""
    if isinstance(subject, (list, tuple)):
        return "books"
    for name, where in SUBJECTS.items():
        module, _, cls = where.partition(":")
        loaded = sys.modules.get(module)
        if loaded is not None and isinstance(subject, getattr(loaded, cls)):
            return name
    return "map"


def kinds_for(subject: Any) -> tuple[str, ...]:
    """The names of the kinds that draw `subject`, in registration order."""
    of = subject_of(subject)
    return tuple(kind.name for kind in OUTPUTS if kind.subject == of)


def choose(path_or_kind: str | Path, allowed: Iterable[str] | None = None) -> OutputKind:
    """The kind named, or the first allowed kind whose extension `path_or_kind` ends in; a
    stream without one ("-", /dev/stdout, /dev/null, a named pipe) gets the first allowed kind."""
    from mapkit.io import is_stream

    kinds = [get(n) for n in allowed] if allowed is not None else list(OUTPUTS)
    text = str(path_or_kind)
    for kind in kinds:
        if kind.name == text:
            return kind
    for kind in kinds:
        if kind.named_by(text):
            return kind
    if kinds and is_stream(text):
        return kinds[0]
    raise OptionError(f"{text}: the output must end in {' or '.join(suffixes(k.name for k in kinds))}")
