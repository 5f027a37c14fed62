"""What `mapkit analyze` reports: movement and balance (reach, start-zone distances, glyph balance, dead ends)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from mapkit.errors import MapkitError, OptionError
from mapkit.model.map import Map
from mapkit.movement.profile import Figure


class StartError(OptionError):
    """The start asked for names no space of the map."""


def analyze_map(m: Map, figure: Figure, start: tuple[int, int, int] | None = None, broken_windows: bool = False,
                heatmap: str | None = None, scenario: Any = None, map_file: str | None = None
                ) -> tuple[dict[str, Any], str]:
    """The movement report of a map as data and as text; draws the turns as a PNG heatmap when
    `heatmap` names a file. A start that names no space raises OptionError."""
    from mapkit.movement.analysis import analyze, prepare, report

    spaces = prepare(m, map_file=map_file)
    if start is not None and spaces.find(*start) is None:
        tops = sorted(spaces.height[s] for s in spaces.columns.get(start[:2], []))
        hint = f"; that hex has tops at {tops}" if tops else "; that hex has no space"
        raise StartError(f"no space at q={start[0]}, r={start[1]} with top height {start[2]}{hint}")
    result = analyze(spaces, figure, start, broken_windows=broken_windows)
    data = report(result)
    data["map"] = m.name
    if scenario is not None:
        data["scenario"] = scenario
    if heatmap:
        from mapkit.movement.heatmap import draw

        turns = result.start_turns if result.start_turns is not None else [s["turns"] for s in _by_space(data, spaces)]
        where = f" from {','.join(map(str, start))}" if start else " from the nearest start zone"
        try:
            draw(spaces, turns, heatmap, f"{m.name or 'map'}: turns{where} (Move {figure.move}, Height {figure.height})")
        except OSError as exc:
            raise MapkitError(f"{heatmap}: cannot write: {exc.strerror or exc}") from None
    return data, render_text(data)


def _by_space(data: dict[str, Any], spaces: Any) -> list[dict[str, Any]]:
    """The report's per-space entries in space order (closed spaces as unreachable)."""
    by_key = {(e["q"], e["r"], e["height"]): e for e in data["spaces"]}
    return [by_key.get(spaces.key(s), {"turns": None}) for s in range(len(spaces))]


def render_text(d: dict[str, Any]) -> str:
    """The report as `mapkit analyze` prints it."""
    f = d["figure"]
    kind = ("double-space" if f["double"] else "single-space") + (", flying" if f["flying"] else "")
    scenario = f", scenario {d['scenario']}" if d.get("scenario") is not None else ""
    lines = [f"{d.get('map') or '(unnamed map)'}{scenario}: Move {f['move']}, Height {f['height']} "
             f"({kind}; falls: {f['falls']})"]
    spaces = d["spaces"]
    lines.append(f"  spaces: {len(spaces)}")
    if d["start"] is not None:
        counts = Counter(s["turns"] for s in spaces if s["reachable"])
        lines.append(f"  from {tuple(d['start'])}: " + ", ".join(
            f"{n} in {t} turn{'s' if t != 1 else ''}" for t, n in sorted(counts.items())) +
            f"; {sum(1 for s in spaces if not s['reachable'])} not reachable")
    if d["start_zones"]:
        lines.append("  start zones: " + ", ".join(f"player {p}: {n} hexes" for p, n in d["start_zones"].items()))
    for e in d["engagement"]:
        where = f" (ending at {tuple(e['space'])})" if e["space"] else ""
        turns = "never" if e["turns"] is None else f"{e['turns']} turn{'s' if e['turns'] != 1 else ''}"
        lines.append(f"  engage: player {e['from']} reaches player {e['to']}'s zone in {turns}{where}")
    for g in d["glyphs"]:
        where = f"  glyph {g['letter']} at ({g['q']}, {g['r']}, {g['height']})"
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
