"""`mapkit inventory MAP`: pieces needed, the smallest set combination, and what a collection lacks."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


#: Branch-and-bound nodes before `inventory` gives up proving a minimum (a few seconds). Real maps
#: need a few hundred nodes; only maps of tens of thousands of pieces reach it.
NODE_BUDGET = 300_000


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("inventory", help="pieces a map needs, the fewest official sets that build it, "
                                         "and what a collection is missing")
    p.add_argument("map", help="map file in any readable format")
    p.add_argument("--from", dest="fmt", metavar="FORMAT", help="read the map as this format")
    p.add_argument("--collection", metavar="FILE",
                   help="a VirtualScape .vsc collection or a Hexoscape inventory TSV/CSV (ID, Type, Size, Count)")
    p.add_argument("--sets", metavar="IDS", help="only consider these sets (comma-separated ids, e.g. RotV,RttFF)")
    p.add_argument("--community", action="store_true", help="also consider community kits (MSTK)")
    p.add_argument("--json", action="store_true", help="print JSON")
    return p


#: A collection lists a few hundred kinds of piece: anything far larger is not one (and /dev/zero never ends).
MAX_COLLECTION_BYTES = 4 * 1024 * 1024


def read_collection(path: str) -> dict[str, int]:
    from mapkit.errors import FormatError
    from mapkit.formats import inventory_tsv, vsc

    try:
        with open(path, "rb") as f:
            data = f.read(MAX_COLLECTION_BYTES + 1)
    except OSError as exc:
        raise FormatError(f"cannot read: {exc.strerror or exc}", file=path) from None
    if len(data) > MAX_COLLECTION_BYTES:
        raise FormatError(f"larger than {MAX_COLLECTION_BYTES} bytes; not a piece collection", file=path)
    module = vsc if path.lower().endswith(".vsc") or vsc.sniff(data[:64]) else inventory_tsv
    try:
        return module.read_collection(data, path)
    except FormatError as exc:
        raise exc.with_file(path) from None


def inventory_report(m: Any, collection: dict[str, int] | None = None, set_ids: list[str] | None = None,
                     community: bool = False) -> dict[str, Any]:
    """Everything `inventory` prints, as plain data."""
    from mapkit.errors import UsageError
    from mapkit.sets import CoverTooLarge, load_sets, minimum_cover, missing, requirements, terrain_requirements
    from mapkit.sets.requirements import describe, hexes_of

    need = requirements(m)
    kinds = ("master", "expansion", "kit", "community") if community or set_ids else ("master", "expansion", "kit")
    sets = load_sets(kinds)
    if set_ids:
        known = {s.id.lower(): s for s in sets}
        unknown = [i for i in set_ids if i.lower() not in known]
        if unknown:
            raise UsageError(f"unknown set id(s) {', '.join(unknown)} (known: {', '.join(s.id for s in sets)})")
        sets = [known[i.lower()] for i in set_ids]
    terrain = terrain_requirements(m)
    try:
        cover = minimum_cover(terrain, sets, node_budget=NODE_BUDGET)
        too_large = None
    except CoverTooLarge:
        cover = minimum_cover(terrain, sets, max_total=0)
        too_large = cover.lower_bound
    report: dict[str, Any] = {
        "pieces": [{"type": t, "name": describe(t), "hexes": hexes_of(t), "count": n}
                   for t, n in sorted(need.items())],
        "total_pieces": sum(need.values()),
        "sets": [{"id": s.id, "name": s.name, "kind": s.kind, "copies": n} for s, n in cover.sets],
        "set_count": cover.count,
        "buildable_from_sets": cover.feasible or too_large is not None,
        "search_too_large_lower_bound": too_large,
        "not_in_any_set": [{"type": t, "name": describe(t), "count": n} for t, n in sorted(cover.uncovered.items())],
    }
    if collection is not None:
        # A Hexoscape inventory has no glyph rows: say nothing about glyphs rather than "all missing".
        counts_glyphs = any(t.startswith("glyph:") for t in collection)
        short = missing({t: n for t, n in need.items() if counts_glyphs or not t.startswith("glyph:")}, collection)
        report["missing"] = [{"type": t, "name": describe(t), "count": n} for t, n in short.items()]
    return report


def render_text(rep: dict[str, Any]) -> str:
    lines = [f"Pieces needed ({rep['total_pieces']}):"]
    for row in rep["pieces"]:
        lines.append(f"  {row['count']:>4} x {row['name']}  [{row['type']}]")
    lines.append("")
    if rep["search_too_large_lower_bound"] is not None:
        lines.append(f"Too many pieces to find the smallest combination exactly: it takes at least "
                     f"{rep['search_too_large_lower_bound']} sets.")
    elif not rep["buildable_from_sets"]:
        lines.append("No combination of the sets considered holds these pieces.")
    elif rep["sets"]:
        lines.append(f"Smallest combination of official sets ({rep['set_count']}):")
        for s in rep["sets"]:
            lines.append(f"  {s['copies']} x {s['name']} ({s['id']}, {s['kind']})")
    if rep["not_in_any_set"]:
        lines.append("Not in any official set:")
        for row in rep["not_in_any_set"]:
            lines.append(f"  {row['count']:>4} x {row['name']}")
    if "missing" in rep:
        lines.append("")
        if rep["missing"]:
            lines.append("Missing from the collection:")
            for row in rep["missing"]:
                lines.append(f"  {row['count']:>4} x {row['name']}  [{row['type']}]")
        else:
            lines.append("The collection holds every piece this map needs.")
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    from mapkit.formats import read_map, report_warnings

    m = read_map(args.map, args.fmt)
    report_warnings(m, args.map)
    collection = read_collection(args.collection) if args.collection else None
    set_ids = [s.strip() for s in args.sets.split(",") if s.strip()] if args.sets else None
    rep = inventory_report(m, collection, set_ids, args.community)
    if args.json:
        json.dump(rep, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(render_text(rep))
    return 0
