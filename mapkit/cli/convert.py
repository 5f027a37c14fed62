"""`mapkit convert`: one map to another format, or a whole archive into a folder."""

from __future__ import annotations

import argparse
import sys

from mapkit.api import file_formats
from mapkit.cli.batch import ProgressBar, add_jobs_option
from mapkit.cli.common import add_scenario_option, refuse_loss, show, tell
from mapkit.errors import LossError, UsageError, shown

#: The extension each writable format gives its output files in batch mode: its first, as the
#: registry declares it (a format's name and extensions are written once, in its registry row).
OUTPUT_EXTENSIONS = {f.name: f.extensions[0] for f in file_formats("map") if f.can_write and f.extensions}


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "convert", help="convert maps between formats",
        description="mapkit convert IN OUT [--to FORMAT], or mapkit convert IN... --to FORMAT -d DIR. "
                    "A conversion that would drop content (pieces, start zones, glyphs, scenarios, rooms, players, "
                    "notes) is refused (exit 2) unless --allow-loss; what the target derives or never shows (a "
                    "board's size, a map id) is written with a warning.")
    p.add_argument("paths", nargs="+", metavar="PATH", help="input map(s), then the output file unless -d is given (- is standard input or output)")
    p.add_argument("-o", "--output", metavar="OUT", help="the output file (the same as giving OUT after IN)")
    p.add_argument("--to", dest="to_fmt", metavar="FORMAT", choices=tuple(OUTPUT_EXTENSIONS),
                   help="output format: " + ", ".join(OUTPUT_EXTENSIONS))
    p.add_argument("--from", dest="from_fmt", metavar="FORMAT", help="read inputs as this format")
    p.add_argument("-d", "--dir", dest="out_dir", metavar="DIR", help="write each input into DIR (batch mode)")
    p.add_argument("--allow-loss", action="store_true", help="convert anyway and list what was dropped on stderr")
    add_scenario_option(p, "a format that holds one scenario (all but mapkit JSON) is refused, naming the loss, "
                           "unless --allow-loss, which writes the shared terrain alone",
                        "every room is written, laid out as the page lays them")
    add_jobs_option(p)
    return p


def run(args: argparse.Namespace) -> int:
    from mapkit.cli.jobs.convert import convert_file

    if args.output is not None:
        if args.out_dir:
            raise UsageError("-o names one output file; -d DIR writes each input into DIR: give one of them")
        if len(args.paths) != 1:
            raise UsageError(f"-o {args.output} names the output: give one input before it (no OUT after IN)")
        args.paths.append(args.output)
    if args.out_dir:
        if not args.to_fmt:
            raise UsageError("batch conversion (-d) needs --to FORMAT")
        if "-" in args.paths:
            raise UsageError("batch conversion (-d) names its outputs after its inputs: give files, not -")
        return _convert_many(args)
    if len(args.paths) != 2:
        raise UsageError("convert takes IN OUT, or many inputs with -d DIR --to FORMAT")
    source, target = args.paths
    try:
        return show(convert_file(source, target, args.from_fmt, args.to_fmt, args.allow_loss, args.scenario,
                                 warn=tell, room=args.room))
    except LossError as exc:
        return refuse_loss(shown(source), exc)


def _convert_many(args: argparse.Namespace) -> int:
    """Every map named or found in the folders named (recursively) into DIR, keeping their
    relative paths; a summary of what was read, converted and refused, grouped by reason."""
    from mapkit.cli.jobs.convert import convert_folder

    bar = ProgressBar()

    try:
        result = convert_folder(args.paths, args.out_dir, args.to_fmt, args.from_fmt, args.allow_loss, args.scenario,
                                args.jobs, OUTPUT_EXTENSIONS[args.to_fmt], bar, warn=bar.tell, room=args.room,
                                refused=bar.refuse)
    finally:
        bar.close()
    return show(result)
