"""`mapkit fit MAP --collection FILE`: re-tile a map so that it builds from the pieces one owns."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from mapkit.cli.common import add_scenario_option, read_map


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("fit", help="re-tile a map so that it builds from a collection (same hexes, terrain "
                                   "and levels), or say what is short and the smallest purchase")
    p.add_argument("map", help="map file in any readable format")
    p.add_argument("--collection", metavar="FILE", required=True,
                   help="a VirtualScape .vsc collection or a Hexoscape inventory TSV/CSV (ID, Type, Size, Count)")
    p.add_argument("-o", "--output", metavar="NEW_MAP",
                   help="where to write the re-tiled map (default: MAP's name with -fit, in MAP's format, "
                        "or mapkit JSON for a format mapkit does not write, such as glasq pages)")
    p.add_argument("--to", dest="to_fmt", metavar="FORMAT", help="write this format (default: from the name)")
    p.add_argument("--from", dest="fmt", metavar="FORMAT", help="read the map as this format")
    p.add_argument("--keep-shapes", action="store_true",
                   help="re-cut only the pieces the collection is short of; their neighbours keep their shape")
    p.add_argument("--picture", metavar="FILE",
                   help="the re-tiled map with the new pieces outlined, from above (or the Levels "
                        "changed, one panel each, when a new piece lies under another), .png or .svg "
                        "(default: the new map's name with .png)")
    p.add_argument("--no-picture", action="store_true", help="write no picture")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    add_scenario_option(p, "the shared terrain is re-tiled and every scenario's pieces are kept")
    return p


def default_output(source: str, fmt: str) -> Path:
    """MAP's name with `-fit` and the extension of `fmt`, beside it."""
    from mapkit.cli.convert import OUTPUT_EXTENSIONS, output_name

    src = Path(source)
    plain = output_name(src, src.parent, fmt)
    ext = OUTPUT_EXTENSIONS.get(fmt, "")
    stem = plain.name[: -len(ext)] if ext and plain.name.endswith(ext) else plain.stem
    return src.parent / f"{stem}-fit{ext}"


def output_format(m, args: argparse.Namespace) -> str:
    """The format to write: --to, else the output name's, else the input's if it can be written."""
    from mapkit import api

    if args.to_fmt or args.output:
        return api.write_format(args.output or "x", args.to_fmt).name
    source = m.source_format or "mapkit"
    return source if any(f.name == source and f.can_write for f in api.file_formats("map")) else "mapkit"


def run(args: argparse.Namespace) -> int:
    from mapkit import api
    from mapkit.cli.common import check_output
    from mapkit.errors import UsageError
    from mapkit.io import is_standard_output, is_stream

    if args.map == "-":
        raise UsageError("fit reads MAP from a file (its name names the output)")
    m = read_map(args.map, args.fmt, args.scenario)
    have = api.read_collection(args.collection)
    if not any(n > 0 for n in have.values()):
        raise UsageError(f"{args.collection}: the collection holds no pieces; it cannot cover anything")
    fmt = output_format(m, args)
    output = args.output or str(default_output(args.map, fmt))
    if is_standard_output(output):
        raise UsageError(f"-o {output}: standard output carries fit's report; write the new map to a file")
    check_output(output, inputs=(args.map, args.collection))  # before the solver's work, not after it
    # the picture beside the new map; a map written to a stream (/dev/null, a pipe) has no "beside"
    beside = None if is_stream(output) else str(Path(output).with_suffix(".png"))
    shot = None if args.no_picture else (args.picture or beside)
    if shot is not None and is_standard_output(shot):
        raise UsageError(f"--picture {shot}: standard output carries fit's report; draw the picture to a file")
    if shot is not None:
        check_output(shot, "fit-png", "fit-svg", inputs=(args.map, args.collection))
    result = api.retile(m, have, args.keep_shapes, fmt)
    changed = result.feasible and not result.already_fits
    rep = api.fit_summary(m, result, output if changed else None)
    if changed:
        assert result.map is not None
        api.write(result.map, output, fmt)
        if shot is not None:
            api.render(result, shot, name=Path(args.map).name)
            rep["picture"] = shot
    if args.json:
        json.dump(rep, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(api.fit_text(rep, Path(args.map).name))
        if rep.get("picture"):
            sys.stdout.write(f"picture: {rep['picture']}\n")
    return 0 if result.feasible else 1
