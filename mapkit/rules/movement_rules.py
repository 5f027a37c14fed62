"""Movement rules (family "movement", codes M1xx), fed by one movement analysis per map.

Parameters (`mapkit validate --set NAME=VALUE`; defaults and sources in `rules/profiles.py`):
  movement_move (5), movement_height (5): the figure profile the checks use (ARV judges
      start zones with 5-move figures, physical-and-rules 4.4; Move is held to 0..MAX_MOVE);
  min_engage_turns (3): start zones closer than this many turns are reported
      (GameBear's guideline of 14 hexes between zones is 3 turns for Move 5);
  max_glyph_imbalance (2): a glyph this many turns nearer one zone is reported.
Each rule's page is in `mapkit/data/rules/movement.json`. A "space" is located by its hex
and the Level a figure there stands on (`mapkit.model.levels`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from mapkit.model import levels
from mapkit.rules.framework import CheckContext, Finding, rule

FAMILY = "movement"
#: The casual profile is the physical build only; movement checks are conventions of map projects.
PLAYED = ("tournament", "c3g")


def _option(ctx: CheckContext, name: str, default: int) -> int:
    value = ctx.options.get(name, default)
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def movements(ctx: CheckContext) -> list[tuple[Any, Any]]:
    """(scenario, movement analysis) for each scenario of a map that sets up several (one,
    None, for other maps and for one scenario alone, as `validate` checks them), for the
    configured figure profile; computed once per context."""

    def compute(c: CheckContext) -> list[tuple[Any, Any]]:
        from mapkit.movement.analysis import analyze, prepare
        from mapkit.movement.profile import MAX_MOVE, Figure

        move = min(MAX_MOVE, max(0, _option(c, "movement_move", 5)))
        fig = Figure(move=move, height=max(1, _option(c, "movement_height", 5)))
        views = c.map.per_scenario()
        return [(s, analyze(prepare(view), fig)) for s, view in views]

    return ctx.shared("movement.analysis", compute)


def _scenario(scenario: Any) -> str:
    return "" if scenario is None else f"scenario {scenario}: "


@rule("M101", "unreachable-space", "warning", FAMILY, PLAYED,
      "a space no figure from any start zone can end a move on")
def unreachable_space(ctx: CheckContext) -> Iterator[Finding]:
    for scenario, a in movements(ctx):
        sp = a.spaces
        for s in a.unreachable():
            yield ctx.finding("M101", f"{_scenario(scenario)}no start zone reaches this {sp.terrain[s]} space "
                                      f"on {levels.label(sp.level(s))} with Move {a.figure.move}, Height {a.figure.height}",
                              *sp.place(s))


@rule("M102", "floor-cannot-be-entered", "warning", FAMILY, ("c3g",),
      "a building floor no figure can reach")
def closed_floor(ctx: CheckContext) -> Iterator[Finding]:
    for scenario, a in movements(ctx):
        sp = a.spaces
        for fl in a.closed_floors():
            first = next(s for s in range(len(sp)) if sp.building[s] + 1 == fl["building"]
                         and sp.floor[s] + 1 == fl["floor"] and sp.role[s] != "exit")
            yield ctx.finding("M102", f"{_scenario(scenario)}floor {fl['floor']} of building {fl['building']} "
                                      f"({fl['spaces']} spaces) cannot be entered by a Height {a.figure.height} figure",
                              *sp.place(first))


@rule("M103", "start-zones-too-close", "warning", FAMILY, ("tournament",),
      "a figure from one start zone can engage the other in fewer turns than the set minimum")
def zones_too_close(ctx: CheckContext) -> Iterator[Finding]:
    least = _option(ctx, "min_engage_turns", 3)
    for scenario, a in movements(ctx):
        for e in a.engagement():
            if e["turns"] is not None and e["turns"] < least:
                q, r, h = e["space"]
                yield ctx.finding("M103", f"{_scenario(scenario)}a Move {a.figure.move} figure from player {e['from']}'s "
                                          f"start zone can engage player {e['to']}'s in {e['turns']} turn(s) "
                                          f"(minimum {least})", q, r, h)


@rule("M104", "glyph-imbalance", "warning", FAMILY, ("tournament",),
      "a glyph much nearer one start zone than another")
def glyph_imbalance(ctx: CheckContext) -> Iterator[Finding]:
    limit = _option(ctx, "max_glyph_imbalance", 2)
    for scenario, a in movements(ctx):
        for g in a.glyph_balance():
            turns = g["turns"]
            if g["imbalance"] is not None and g["imbalance"] >= limit:
                per = ", ".join(f"player {p} {t}" for p, t in turns.items())
                yield ctx.finding("M104", f"{_scenario(scenario)}glyph {g['letter']} is {g['imbalance']} turn(s) "
                                          f"nearer one army ({per})", g["q"], g["r"], g["level"])
            elif g["imbalance"] is None and any(t is not None for t in turns.values()):
                missing = ", ".join(p for p, t in turns.items() if t is None)
                yield ctx.finding("M104", f"{_scenario(scenario)}glyph {g['letter']} cannot be reached from "
                                          f"player {missing}'s start zone", g["q"], g["r"], g["level"])


@rule("M105", "transit-leads-nowhere", "warning", FAMILY, ("c3g",),
      "a transit space or stairway with no partner to be placed on")
def transit_nowhere(ctx: CheckContext) -> Iterator[Finding]:
    for scenario, a in movements(ctx):
        for t in a.transit_dead_ends():
            q, r, h = t["spaces"][0]
            yield ctx.finding("M105", f"{_scenario(scenario)}Transit Number {t['transit_number']} of building "
                                      f"{t['building']} leads nowhere: {t['why']}", q, r, h)
