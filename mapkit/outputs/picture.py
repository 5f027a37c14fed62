"""A map's picture (`mapkit render`): one scene, painted as PNG or as SVG.

Options are `RenderOptions` fields (`scene.views`), `source` (the map's file, as messages name
it), and `profile` (mark the findings of that rule profile) with `warn` (told why none could be);
the PNG also takes `scale`, pixels per hex.
"""

from __future__ import annotations

from typing import Any

from mapkit.errors import OptionError
from mapkit.outputs import Drawn


def scene_of(m: Any, options: dict[str, Any]) -> Any:
    """The one scene the PNG and the SVG are painted from; OptionError for a Level the map does
    not have."""
    from mapkit.outputs.scene.views import RenderOptions, build_scene

    drawn = ("view", "level", "legend", "title", "lettering", "name", "findings", "notes", "seen_from")
    unknown = sorted(set(options) - set(drawn) - {"source", "profile", "warn"})
    if unknown:
        raise OptionError(f"a map's picture takes no option {unknown[0]!r}", option=unknown[0])
    fields = {k: options[k] for k in drawn if k in options}
    opts = RenderOptions(**fields)
    source = options.get("source")  # the map's file, as messages and findings name it
    if opts.level is not None:
        from mapkit.outputs.scene.c3g import c3g_levels
        from mapkit.outputs.scene.layout import map_levels

        levels = sorted(set(map_levels(m)) | c3g_levels(m))
        if opts.level not in levels:
            shown = ", ".join(map(str, levels)) or "none"
            raise OptionError(f"{source or 'the map'}: no pieces on Level {opts.level} (Levels: {shown})")
    if options.get("profile"):
        from mapkit.rules.checks import findings_to_draw

        opts.findings, reason = findings_to_draw(m, source, options["profile"])
        if reason:
            options.get("warn", _ignore)(reason)
            opts.notes.append(reason)
    return build_scene(m, opts)


def _ignore(message: str) -> None:
    pass


def draw_png(m: Any, scale: float = 36.0, **options: Any) -> Drawn:
    """`scale`: pixels per hex; the other options as for the scene (`scene_of`)."""
    from mapkit.bulk import paused_gc
    from mapkit.outputs.paint.raster import render_png

    with paused_gc():  # (PictureTooLarge for a PNG too large for memory, from the painter)
        return Drawn(render_png(scene_of(m, options), scale))


def draw_svg(m: Any, scale: float | None = None, **options: Any) -> Drawn:
    """Always 1:1 in millimetres (`scale` is the PNG's and is ignored here)."""
    from mapkit.bulk import paused_gc
    from mapkit.outputs.paint.svg import render_svg

    with paused_gc():
        return Drawn(render_svg(scene_of(m, options)))
