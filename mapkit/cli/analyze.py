"""`mapkit analyze MAP`: movement and balance (reach, start-zone distances, glyph balance, dead ends)."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from typing import Any

from mapkit.errors import UsageError


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("analyze", help="movement and balance: turns between start zones, glyph balance, reach")
    p.add_argument("map", help="map file in any readable format")
    p.add_argument("--format", dest="fmt", metavar="FORMAT", help="read the map as this format")
    p.add_argument("--move", type=int, default=5, help="the figure's Move (default 5)")
    p.add_argument("--height", type=int, default=5, help="the figure's Height in levels (default 5)")
    p.add_argument("--flying", action="store_true", help="the figure flies (no climbing cost, no falls, water does not stop it)")
    p.add_argument("--double", action="store_true", help="a double-space figure")
    p.add_argument("--falls", choices=("none", "minor", "major", "all"), default="minor",
                   help="which falls a route may take (default minor: at most one die)")
    p.add_argument("--broken-windows", action="store_true", help="treat every C3G window as broken (passable)")
    p.add_argument("--from", dest="start", metavar="Q,R,LEVEL",
                   help="start space: hex (Q, R) and the Level a figure there stands on (on a Level 3 tile: 3)")
    p.add_argument("--scenario", type=int, metavar="N",
                   help="analyse one scenario of a page that sets up several (default: each in turn)")
    p.add_argument("--json", action="store_true", help="print JSON: every space with cost and turns, and the analyses")
    p.add_argument("-o", "--output", metavar="HEATMAP.png", help="draw the turns as a PNG heatmap")
    return p


def parse_start(text: str | None) -> tuple[int, int, int] | None:
    if text is None:
        return None
    try:
        q, r, h = (int(part) for part in text.split(","))
    except ValueError:
        raise UsageError(f"--from wants Q,R,LEVEL (three integers), got {text!r}") from None
    return q, r, h


def run(args: argparse.Namespace) -> int:
    from mapkit.cli.render import check_output, read_map
    from mapkit.formats import report_warnings

    if args.output:
        check_output(args.output, ".png")
    m = read_map(args.map, args.fmt)
    report_warnings(m, args.map)
    reports = [(scenario, *analyze_map(view, args, scenario)) for scenario, view in scenario_views(m, args)]
    if args.json:
        if len(reports) == 1:
            data = reports[0][1]
        else:
            data = {"map": m.name, "scenarios": [d for _, d, _ in reports]}
        json.dump(data, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write("".join(text for _, _, text in reports))
    return 0


def scenario_views(m: Any, args: argparse.Namespace) -> list[tuple[Any, Any]]:
    """The map as each scenario sets it up: zones and glyphs of different scenarios never mix."""
    scenarios = m.scenarios()
    if args.scenario is not None:
        if args.scenario not in scenarios:
            have = ", ".join(map(str, scenarios)) or "none"
            raise UsageError(f"{args.map}: no scenario {args.scenario} (scenarios: {have})")
        return [(args.scenario, m.for_scenario(args.scenario))]
    if not scenarios:
        return [(None, m)]
    if args.output:
        raise UsageError(f"{args.map} sets up scenarios {', '.join(map(str, scenarios))}: "
                         "choose one with --scenario to draw its heatmap")
    return [(s, m.for_scenario(s)) for s in scenarios]


def analyze_map(m: Any, args: argparse.Namespace, scenario: Any = None) -> tuple[dict[str, Any], str]:
    """The report as data and as text; draws the heatmap when asked."""
    from mapkit.movement.analysis import analyze, prepare, report
    from mapkit.movement.profile import MAX_MOVE, Figure

    if not 0 <= args.move <= MAX_MOVE or args.height < 1:
        raise UsageError(f"--move must be 0 to {MAX_MOVE} and --height 1 or more")
    fig = Figure(move=args.move, height=args.height, double=args.double, flying=args.flying, falls=args.falls)
    start = parse_start(args.start)
    spaces = prepare(m, map_file=getattr(args, "map", None))
    if start is not None:
        found = spaces.find_level(*start)
        if found is None:
            have = sorted({spaces.level(s) for s in range(len(spaces)) if (spaces.q[s], spaces.r[s]) == start[:2]})
            hint = f"; that hex has spaces on Level {', '.join(map(str, have))}" if have else "; that hex has no space"
            raise UsageError(f"--from {args.start}: no space at q={start[0]}, r={start[1]} on Level {start[2]}{hint}")
        start = spaces.key(found)
    result = analyze(spaces, fig, start, broken_windows=args.broken_windows)
    data = report(result)
    data["map"] = m.name
    if scenario is not None:
        data["scenario"] = scenario
    if args.output:
        from mapkit.movement.heatmap import draw

        turns = result.start_turns if result.start_turns is not None else [s["turns"] for s in _by_space(data, spaces)]
        where = f" from {args.start}" if start else " from the nearest start zone"
        try:
            draw(spaces, turns, args.output, f"{m.name or 'map'}: turns{where} (Move {fig.move}, Height {fig.height})")
        except OSError as exc:
            raise UsageError(f"{args.output}: cannot write: {exc.strerror or exc}") from None
    return data, render_text(data)


def _by_space(data: dict[str, Any], spaces: Any) -> list[dict[str, Any]]:
    """The report's per-space entries in space order (closed spaces as unreachable)."""
    by_place = {(e["q"], e["r"], e["level"]): e for e in data["spaces"]}
    return [by_place.get(spaces.place(s), {"turns": None}) for s in range(len(spaces))]


def _place(place: list[int]) -> str:
    """A space as text: its hex and the Level a figure there stands on."""
    q, r, level = place
    return f"({q}, {r}) on Level {level}"


def render_text(d: dict[str, Any]) -> str:
    f = d["figure"]
    kind = ("double-space" if f["double"] else "single-space") + (", flying" if f["flying"] else "")
    scenario = f", scenario {d['scenario']}" if d.get("scenario") is not None else ""
    lines = [f"{d.get('map') or '(unnamed map)'}{scenario}: Move {f['move']}, Height {f['height']} "
             f"({kind}; falls: {f['falls']})"]
    spaces = d["spaces"]
    lines.append(f"  spaces: {len(spaces)}")
    if d["start"] is not None:
        counts = Counter(s["turns"] for s in spaces if s["reachable"])
        lines.append(f"  from {_place(d['start'])}: " + ", ".join(
            f"{n} in {t} turn{'s' if t != 1 else ''}" for t, n in sorted(counts.items())) +
            f"; {sum(1 for s in spaces if not s['reachable'])} not reachable")
    if d["start_zones"]:
        lines.append("  start zones: " + ", ".join(f"player {p}: {n} hexes" for p, n in d["start_zones"].items()))
    for e in d["engagement"]:
        where = f" (ending at {_place(e['space'])})" if e["space"] else ""
        turns = "never" if e["turns"] is None else f"{e['turns']} turn{'s' if e['turns'] != 1 else ''}"
        lines.append(f"  engage: player {e['from']} reaches player {e['to']}'s zone in {turns}{where}")
    for g in d["glyphs"]:
        where = f"  glyph {g['letter']} at ({g['q']}, {g['r']}) on Level {g['level']}"
        if not g["turns"]:
            lines.append(f"{where}: no start zones to measure from")
            continue
        per = ", ".join(f"player {p}: {'-' if t is None else t}" for p, t in g["turns"].items())
        imb = "unreachable from some zone" if g["imbalance"] is None else f"imbalance {g['imbalance']}"
        lines.append(f"{where}: turns {per}; {imb}")
    if d["start_zones"]:
        lines.append(f"  spaces no start zone reaches: {len(d['unreachable'])}")
    for fl in d["closed_floors"]:
        lines.append(f"  building {fl['building']} floor {fl['floor']} cannot be entered ({fl['spaces']} spaces)")
    dice = Counter(x["dice"] for x in d["falls"])
    if dice:
        lines.append("  drops that make a figure fall: " + ", ".join(f"{n} x {k} {'die' if k == '1' else 'dice' if k == '3' else ''}".rstrip()
                                                                     for k, n in sorted(dice.items())))
    for t in d["transit_dead_ends"]:
        lines.append(f"  transit number {t['transit_number']} (building {t['building']}) leads nowhere: {t['why']}")
    if d["ignored_pieces"]:
        lines.append("  pieces not modelled for movement: " + ", ".join(f"{k} x{n}" for k, n in d["ignored_pieces"].items()))
    for note in d.get("notes", ()):
        lines.append(f"  note: {note}")
    return "\n".join(lines) + "\n"
