"""The registry of outputs: every kind of picture and sheet mapkit makes, found by name or extension.

Each kind declares its name, the extensions it is saved under, what it draws (a map, Books, an
overlay) and the function that makes its bytes (`module:function`, imported on first use), as
the readers do in `mapkit.registry`. Commands and `mapkit.render` choose a kind here, never by
testing a file name's ending themselves. Two kinds may share an extension for different
subjects (`.pdf` is a map's build sheets or a Book's floor plan, `.png` a map's picture, an
overlay or a movement heatmap); among the kinds a caller allows, the first registered for the
extension wins.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from mapkit.errors import OptionError, PictureTooLarge


@dataclass(frozen=True)
class OutputKind:
    """One kind of output: `make(subject, **options) -> bytes` is `function` imported lazily."""

    name: str
    extensions: tuple[str, ...]
    subject: str
    description: str
    function: str

    @property
    def make(self) -> Callable[..., bytes]:
        module, _, name = self.function.partition(":")
        return getattr(importlib.import_module(module), name)

    def named_by(self, path: str | Path) -> bool:
        return str(path).lower().endswith(self.extensions)


OUTPUTS: tuple[OutputKind, ...] = (
    OutputKind("png", (".png",), "map", "a picture of a map (top, per level, isometric)", "mapkit.app.outputs:png"),
    OutputKind("svg", (".svg",), "map", "an editable drawing at 1:1 in millimetres, a layer per level",
               "mapkit.app.outputs:svg"),
    OutputKind("build-pdf", (".pdf",), "map", "build instructions, a level per page", "mapkit.app.outputs:build_pdf"),
    OutputKind("report-html", (".html", ".htm"), "map", "one self-contained HTML page about a map",
               "mapkit.app.outputs:report_html"),
    OutputKind("plan-pdf", (".pdf",), "books", "1:1 floor plans of C3G Books", "mapkit.app.outputs:plan_pdf"),
    OutputKind("markers-pdf", (".pdf",), "books", "cut-out doorway, window and transit markers",
               "mapkit.app.outputs:markers_pdf"),
    OutputKind("overlay-png", (".png",), "overlay", "the Full / Half / Partial hexes of a Book or a map's Books",
               "mapkit.app.outputs:overlay_png"),
    OutputKind("heatmap-png", (".png",), "heatmap", "turns to end a move on each hex, from the start zones or a start",
               "mapkit.app.outputs:heatmap_png"),
    # `mapkit fit`'s pictures: named by string, as fit stands beside app (it is not imported here)
    OutputKind("fit-png", (".png",), "fit", "a re-tiled map from above, the pieces fit laid outlined",
               "mapkit.fit.report:picture_png"),
    OutputKind("fit-svg", (".svg",), "fit", "the same, as an editable SVG at 1:1 in millimetres",
               "mapkit.fit.report:picture_svg"),
)


def get(name: str) -> OutputKind:
    for kind in OUTPUTS:
        if kind.name == name:
            return kind
    raise OptionError(f"unknown output {name!r} (known: {', '.join(k.name for k in OUTPUTS)})")


def suffixes(names: Iterable[str]) -> tuple[str, ...]:
    """The extensions of the given kinds, in order, each once."""
    return tuple(dict.fromkeys(ext for name in names for ext in get(name).extensions))


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


# -- the makers ---------------------------------------------------------------------------------

def _scene(m: Any, options: dict[str, Any]) -> Any:
    """The one scene PNG and SVG are drawn from. Options are `drawing.RenderOptions` fields, and
    `profile` (mark the findings of that rule profile) with `warn` (told why none could be)."""
    from mapkit.drawing import RenderOptions, build_scene

    fields = {k: options[k] for k in ("view", "level", "legend", "name", "map_file", "findings", "notes")
              if k in options}
    opts = RenderOptions(**fields)
    if opts.level is not None:
        from mapkit.drawing.c3g import c3g_levels
        from mapkit.drawing.layout import map_levels

        levels = sorted(set(map_levels(m)) | c3g_levels(m, opts.map_file))
        if opts.level not in levels:
            shown = ", ".join(map(str, levels)) or "none"
            raise OptionError(f"{opts.map_file or 'the map'}: no pieces on Level {opts.level} (Levels: {shown})")
    if options.get("profile"):
        from mapkit.rules.checks import findings_to_draw

        opts.findings, reason = findings_to_draw(m, opts.map_file, options["profile"])
        if reason:
            options.get("warn", _ignore)(reason)
            opts.notes.append(reason)
    return build_scene(m, opts)


def _ignore(message: str) -> None:
    pass


def png(m: Any, scale: float = 36.0, **options: Any) -> bytes:
    """`scale`: pixels per hex; the other options as for the scene (`_scene`)."""
    from mapkit.bulk import paused_gc
    from mapkit.drawing import render_png

    with paused_gc():
        scene = _scene(m, options)
        try:
            return render_png(scene, scale)
        except ValueError as exc:
            raise PictureTooLarge(str(exc)) from None


def svg(m: Any, scale: float | None = None, **options: Any) -> bytes:
    """Always 1:1 in millimetres (`scale` is the PNG's and is ignored here)."""
    from mapkit.bulk import paused_gc
    from mapkit.drawing import render_svg

    with paused_gc():
        return render_svg(_scene(m, options))


def build_pdf(m: Any, **options: Any) -> bytes:
    from mapkit.app.sheets import build_sheets

    return build_sheets(m, **options)[0]


def report_html(m: Any, **options: Any) -> bytes:
    from mapkit.app.report import report_page

    return report_page(m, **options).encode("utf-8")


def plan_pdf(books: list[Any], **options: Any) -> bytes:
    from mapkit.app.sheets import plan_sheets

    return plan_sheets(books, **options)[0]


def markers_pdf(books: list[Any], **options: Any) -> bytes:
    from mapkit.app.sheets import marker_sheets

    return marker_sheets(books, **options)[0]


def overlay_png(result: Any, params: Any = None) -> bytes:
    from mapkit.app.overlay import overlay_png as draw

    return draw(result, params)


def heatmap_png(heat: Any, max_px: int = 1600) -> bytes:
    """`heat`: the `Heatmap` of a movement analysis; `max_px` bounds its longer side."""
    from mapkit.movement.heatmap import png as draw

    return draw(heat, max_px)
