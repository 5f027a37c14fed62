"""`mapkit render MAP -o OUT.png|OUT.svg`: a picture of a map (top, per level, or isometric).

Also the input and output helpers that print, report and analyze share: `read_map` (names a
Book given as a map, scrubs unencodable text), `check_output` and `write_output`.
"""

from __future__ import annotations

import argparse
import sys


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "render", help="draw a map as a PNG preview or an editable SVG",
        description="Draw a map seen from above (--view top), one panel per level (--view levels, or "
                    "--level N for one level), or as stacked tiles (--view iso). The output's extension "
                    "picks PNG or SVG; the SVG is at 1:1 scale in millimetres with one layer per level.")
    p.add_argument("map", help="map file in any readable format")
    p.add_argument("-o", "--output", required=True, metavar="OUT", help="output file: .png or .svg")
    p.add_argument("--from", dest="fmt", metavar="FORMAT", help="read the map as this format")
    p.add_argument("--view", choices=("top", "iso", "levels"), default="top", help="what to draw (default: top)")
    p.add_argument("--level", type=int, metavar="N",
                   help="draw only level N (1 = tiles on the table and what stands on them)")
    p.add_argument("--findings", action="store_true", help="mark validation findings on the picture")
    p.add_argument("--profile", choices=("casual", "tournament", "c3g"),
                   help="rule set for --findings (default: c3g for maps with C3G Books, else casual)")
    p.add_argument("--scale", type=float, default=36.0, metavar="PX",
                   help="PNG pixels per hex (default 36; the SVG is always 1:1 in mm)")
    p.add_argument("--no-legend", action="store_true", help="leave out the legend")
    return p


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from mapkit.errors import UsageError
    from mapkit.formats import report_warnings
    from mapkit.render import RenderOptions, build_scene, render_png, render_svg
    from mapkit.render.layout import map_levels

    out = check_output(args.output, ".png", ".svg", inputs=(args.map,))
    lower = out.lower()
    if not 1 <= args.scale <= 400:
        raise UsageError("--scale must be between 1 and 400 pixels per hex")
    if args.level is not None and args.view == "iso":
        raise UsageError("--level draws one level from above; it does not combine with --view iso")
    m = read_map(args.map, args.fmt)
    report_warnings(m, args.map)
    options = RenderOptions(view=args.view, level=args.level, legend=not args.no_legend, name=Path(args.map).name,
                            map_file=str(args.map))
    if args.level is not None:
        from mapkit.render.c3g import c3g_levels

        levels = sorted(set(map_levels(m)) | c3g_levels(m, str(args.map)))
        if args.level not in levels:
            shown = ", ".join(map(str, levels)) or "none"
            raise UsageError(f"{args.map}: no pieces at level {args.level} (levels: {shown})")
    if args.findings:
        from mapkit.render.findings import collect_findings

        profile = args.profile or ("c3g" if (m.buildings or m.objects) else "casual")
        findings, reason = collect_findings(m, str(args.map), profile)
        options.findings = findings
        if reason:
            print(f"mapkit: {args.map}: {reason}", file=sys.stderr)
            options.notes.append(reason)
    scene = build_scene(m, options)
    if lower.endswith(".svg"):
        data = render_svg(scene)
    else:
        try:
            data = render_png(scene, args.scale)
        except ValueError as exc:
            raise UsageError(f"{out}: {exc}") from None
    write_output(out, data)
    return 0


def read_map(path: str, fmt: str | None):
    """The map at `path`; a C3G Book given by mistake is named as such (the map readers
    would only say the JSON lacks their keys)."""
    from mapkit import formats
    from mapkit.errors import UsageError

    if fmt is None and str(path).lower().endswith(".book.json"):
        raise UsageError(f"{path}: a C3G Book, not a map (`mapkit print {path} -o PLAN.pdf` prints its floor plan)")
    m = formats.read_map(path, fmt)
    _scrub_text(m)
    return m


def _scrub_text(m) -> None:
    """Replace lone surrogates (a JSON file may escape them; UTF-8 cannot hold them) in the
    texts a picture, sheet or report prints, so they show as U+FFFD instead of failing late."""
    def clean(value):
        if isinstance(value, str):
            return value.encode("utf-8", "surrogatepass").decode("utf-8", "replace") if _has_surrogate(value) \
                else value
        if isinstance(value, dict):
            return {k: clean(v) for k, v in value.items()}
        if isinstance(value, list):
            return [clean(v) for v in value]
        return value

    for name in ("name", "author", "players", "scenario", "attrs", "warnings"):
        setattr(m, name, clean(getattr(m, name)))
    for piece in m.pieces:
        if piece.attrs:
            piece.attrs = clean(piece.attrs)


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def check_output(path: str, *suffixes: str, inputs: tuple[str, ...] = ()) -> str:
    """The output name, checked before any work (see `mapkit.io.check_output`): a known
    extension, a folder that exists and may be written, not one of the inputs."""
    from mapkit.io import check_output as check

    return check(path, *suffixes, inputs=inputs)


def write_output(path: str, data: bytes | str) -> None:
    """Write atomically, never over an input (see `mapkit.io.write_output`)."""
    from mapkit.io import write_output as write

    write(path, data)
