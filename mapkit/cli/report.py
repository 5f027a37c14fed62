"""`mapkit report MAP -o REPORT.html`: one self-contained HTML page about a map."""

from __future__ import annotations

import argparse
import sys
import time


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("report", help="one self-contained HTML page: summary, picture, parts, findings")
    p.add_argument("map", help="map file in any readable format")
    p.add_argument("-o", "--output", required=True, help="HTML file to write")
    p.add_argument("--from", dest="fmt", metavar="FORMAT", help="read as this format")
    p.add_argument("--profile", choices=("casual", "tournament", "c3g"), default="casual",
                   help="the rules to run, as `mapkit validate --profile` (default casual)")
    p.add_argument("--pictures", action="store_true",
                   help="add the isometric view and one PNG per Level (seconds on a big map; the page's map "
                        "already shows each Level)")
    p.add_argument("--no-pictures", action="store_true", help=argparse.SUPPRESS)  # the default since 0.2
    return p


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from mapkit.cli.common import check_output, read_map, write_output
    from mapkit.formats import report_warnings
    from mapkit.app.report import collect_findings, inventory_section
    from mapkit.drawing.report_html import ReportParts, pictures_section, render_report

    check_output(args.output, ".html", ".htm", inputs=(args.map,))
    started = time.perf_counter()
    m = read_map(args.map, args.fmt)
    report_warnings(m, args.map)
    findings, notes = collect_findings(m, args.map, args.profile)
    inventory_html, inventory_notes = inventory_section(m)
    pictures, picture_notes = ([], []) if not args.pictures else pictures_section(m, m.name or Path(args.map).name)
    parts = ReportParts(findings, inventory_html, notes + inventory_notes, "".join(pictures), picture_notes,
                        profile=args.profile)
    page = render_report(m, args.map, parts)
    write_output(args.output, page)
    sys.stderr.write(f"{args.output}: report, {len(findings)} finding(s), {time.perf_counter() - started:.2f} s\n")
    return 0
