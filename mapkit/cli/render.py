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
                   help="draw only Level N: its tiles and what stands on them (1 = the tiles on the table)")
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
    from mapkit.drawing import RenderOptions, build_scene, render_png, render_svg
    from mapkit.drawing.layout import map_levels

    out = check_output(args.output, ".png", ".svg")
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
        from mapkit.drawing.c3g import c3g_levels

        levels = sorted(set(map_levels(m)) | c3g_levels(m, str(args.map)))
        if args.level not in levels:
            shown = ", ".join(map(str, levels)) or "none"
            raise UsageError(f"{args.map}: no pieces on Level {args.level} (Levels: {shown})")
    if args.findings:
        from mapkit.drawing.findings import collect_findings

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


def check_output(path: str, *suffixes: str) -> str:
    """The output name, checked before any work: a known extension, in a folder that exists.

    Shared by render, print, report and analyze, so a typo fails at once in one line
    instead of after the drawing (or as an internal error from the temporary file).
    """
    from pathlib import Path

    from mapkit.errors import UsageError

    out = str(path)
    if not out.lower().endswith(suffixes):
        raise UsageError(f"{out}: the output must end in {' or '.join(suffixes)}")
    target = Path(out)
    if target.is_dir():
        raise UsageError(f"{out}: is a folder, not a file name")
    folder = target.parent
    if not folder.is_dir():
        raise UsageError(f"{out}: the folder {folder} does not exist")
    return out


def write_output(path: str, data: bytes | str) -> None:
    """Write atomically; a write the system refuses (permissions, full disk) is one clear error."""
    from mapkit.errors import MapkitError
    from mapkit.io import write_atomic

    try:
        write_atomic(path, data)
    except OSError as exc:
        raise MapkitError(f"{path}: cannot write: {exc.strerror or exc}") from None
