"""`mapkit convert`: one map to another format, or a whole archive into a folder."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from mapkit.cli.batch import add_jobs_option, jobs_for, run_all
from mapkit.cli.common import add_scenario_option, scenario_map
from mapkit.errors import LossError, MapkitError, UsageError

#: The extension each writable format gives its output files in batch mode.
OUTPUT_EXTENSIONS = {"mapkit": ".mapkit.json", "hsc": ".hsc", "hexoscape": ".json", "hexoscape-url": ".url"}


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "convert", help="convert maps between formats",
        description="mapkit convert IN OUT [--to FORMAT], or mapkit convert IN... --to FORMAT -d DIR. "
                    "A conversion that would drop something is refused (exit 2) unless --allow-loss.")
    p.add_argument("paths", nargs="+", metavar="PATH", help="input map(s), then the output file unless -d is given (- is standard input or output)")
    p.add_argument("--to", dest="to_fmt", metavar="FORMAT",
                   help="output format: " + ", ".join(OUTPUT_EXTENSIONS))
    p.add_argument("--from", dest="from_fmt", metavar="FORMAT", help="read inputs as this format")
    p.add_argument("-d", "--dir", dest="out_dir", metavar="DIR", help="write each input into DIR (batch mode)")
    p.add_argument("--allow-loss", action="store_true", help="convert anyway and list what was dropped on stderr")
    add_scenario_option(p, "a format that holds one scenario (all but mapkit JSON) is refused, naming the loss, "
                           "unless --allow-loss, which writes the shared terrain alone")
    add_jobs_option(p)
    return p


def run(args: argparse.Namespace) -> int:
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
        losses = convert_one(source, target, args.from_fmt, args.to_fmt, args.allow_loss, args.scenario)
    except LossError as exc:
        print(f"mapkit: {source}: {exc.target} cannot carry {len(exc.losses)} thing(s); "
              f"nothing written (use --allow-loss to convert anyway):", file=sys.stderr)
        for loss in exc.losses:
            print(f"  - {loss}", file=sys.stderr)
        return 2
    for loss in losses:
        print(f"mapkit: {source}: dropped: {loss}", file=sys.stderr)
    return 0


def convert_one(source: str, target: str, from_fmt: str | None, to_fmt: str | None, allow_loss: bool,
                scenario: int | None = None) -> list[str]:
    """Read, encode, then write atomically; returns the losses that were allowed. `scenario`
    converts that scenario of the map as a map of its own."""
    from mapkit import api
    from mapkit.formats import format_for_output, report_warnings
    from mapkit.io import check_output

    format_for_output(target, to_fmt)  # fail on a bad target before reading anything
    check_output(target, inputs=(source,))
    m = api.read(source, from_fmt)
    report_warnings(m, source)
    m = scenario_map(m, scenario, source)
    return api.write(m, target, to_fmt, allow_loss)


def output_name(source: Path, out_dir: Path, to_fmt: str) -> Path:
    """out_dir / the source's name with its map extension (the longest known) replaced."""
    from mapkit.formats import formats

    name = source.name
    lower = name.lower()
    for ext in sorted({e for info in formats() for e in info.extensions}, key=len, reverse=True):
        if lower.endswith(ext):
            name = name[: -len(ext)]
            break
    return out_dir / (name + OUTPUT_EXTENSIONS.get(to_fmt, "." + to_fmt))


def _convert_many(args: argparse.Namespace) -> int:
    """Every map named or found in the folders named (recursively) into DIR, keeping their
    relative paths; a summary of what was read, converted and refused, grouped by reason."""
    from mapkit.batch import Summary, convert_source, plan_outputs, walk
    from mapkit.formats import get

    info = get(args.to_fmt)
    if not info.can_write:
        raise UsageError(f"mapkit cannot write the {info.name} format")
    out_dir = Path(args.out_dir)
    sources, skipped = walk(args.paths, skip=[out_dir], books=False)
    if not sources:
        raise UsageError(f"no map files in {', '.join(args.paths)}")
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise MapkitError(f"{out_dir}: cannot make the output folder: {exc.strerror or exc}") from None
    plan = plan_outputs(sources, out_dir, OUTPUT_EXTENSIONS.get(info.name, "." + info.name))
    everything = [str(s.path) for s in sources]
    work = [(source, str(target), args.from_fmt, info.name, args.allow_loss, everything, args.scenario)
            for source, target in plan]
    outcomes = run_all(convert_source, work, jobs_for(args.jobs, everything))
    for outcome in outcomes:
        for warning in outcome.warnings:
            print(f"mapkit: {outcome.source}: warning: {warning}", file=sys.stderr)
        for loss in outcome.losses:
            print(f"mapkit: {outcome.source}: dropped: {loss}", file=sys.stderr)
        if not outcome.done:
            print(f"mapkit: {outcome.message}", file=sys.stderr)
    summary = Summary.of(outcomes, skipped)
    summary.print(f"converted to {info.name} in {out_dir}")
    return 2 if summary.refused else 0
