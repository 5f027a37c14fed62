"""Tournament conventions (family "tournament", T2xx) and C3G contest limits (family "contest", K3xx).

These are the habits of heroscapers.com map projects and contests, not rules of the game
(physical-and-rules §4.4 and §3.5). Their numbers are parameters (`mapkit.rules.profiles`).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Iterable

from mapkit.model import levels
from mapkit.model.grid import distance
from mapkit.rules.framework import CheckContext, Finding, rule
from mapkit.rules.profiles import defaults
from mapkit.wording import option

TOURNAMENT = ("tournament",)
CONTEST = ("c3g",)


def _param(ctx: CheckContext, name: str) -> int:
    return int(ctx.options.get(name, defaults()[name]))


Zones = dict[object, dict[int, set[tuple[int, int, int]]]]


def _zones(ctx: CheckContext) -> Zones:
    """scenario -> player -> the (q, r, level) start-zone spaces of that player.

    A glasq page can carry several scenarios, each with its own zones (`attrs["scenario"]`);
    maps without scenarios have one, keyed None.
    """
    def compute(c: CheckContext) -> Zones:
        out: Zones = {}
        several = c.map.several_scenarios()  # one scenario alone (as validate checks it) is keyed None
        for p in c.map.of_type("start-zone"):
            player = int(p.attrs.get("player", 0) or 0)
            scenario = p.attrs.get("scenario") if several else None
            out.setdefault(scenario, {}).setdefault(player, set()).add((p.q, p.r, p.z))
        return out
    return ctx.shared("tournament.zones", compute)


def _each_zone(ctx: CheckContext):
    for scenario, players in sorted(_zones(ctx).items(), key=lambda kv: str(kv[0])):
        for player, spaces in sorted(players.items()):
            yield scenario, player, spaces


def _whose(player: int, scenario: object) -> str:
    return f"player {player}'s" + (f" (scenario {scenario})" if scenario is not None else "")


def _notes(ctx: CheckContext) -> str:
    m = ctx.map
    extra = " ".join(str(v) for k, v in m.attrs.items() if isinstance(v, str))
    return " ".join((m.name, m.notes, extra)).lower()


@rule("T201", "start-zone-size", "error", "tournament", TOURNAMENT,
      "A player's start zone is not exactly 24 hexes")
def start_zone_size(ctx: CheckContext) -> Iterable[Finding]:
    want = _param(ctx, "start_zone_hexes")
    for scenario, player, spaces in _each_zone(ctx):
        hexes = {(q, r) for q, r, _ in spaces}
        if len(hexes) != want:
            q, r, level = min(spaces, key=lambda s: (s[1], s[0]))
            yield ctx.finding("T201", f"{_whose(player, scenario)} start zone has {len(hexes)} hexes, not {want}",
                              q, r, level)


@rule("T202", "start-zone-count", "warning", "tournament", TOURNAMENT,
      "The map has fewer than two start zones")
def start_zone_count(ctx: CheckContext) -> Iterable[Finding]:
    zones = _zones(ctx) or {None: {}}
    for scenario, players in zones.items():
        if len(players) < 2:
            where = f" in scenario {scenario}" if scenario is not None else ""
            yield ctx.finding("T202", f"the map marks {len(players)} start zone(s){where}; "
                              "a tournament map needs one per player")


@rule("T203", "terrain-limit", "error", "tournament", TOURNAMENT,
      "The map needs more than 1 master set + 3 terrain expansions")
def terrain_limit(ctx: CheckContext) -> Iterable[Finding]:
    from mapkit.sets import load_sets, minimum_cover, terrain_requirements

    need = terrain_requirements(ctx.map)
    if not need:
        return
    masters, expansions = _param(ctx, "max_master_sets"), _param(ctx, "max_expansions")
    same = _param(ctx, "max_same_expansion")
    limited = minimum_cover(need, load_sets(("master", "expansion")),
                            max_per_kind={"master": masters, "expansion": expansions},
                            max_copies={"expansion": same, "master": masters}, max_total=masters + expansions)
    if limited.uncovered:
        names = ", ".join(sorted(limited.uncovered))
        yield ctx.finding("T203", f"pieces from no official master set or expansion: {names}")
    if not limited.feasible:
        yield ctx.finding("T203", f"tournament limit (a tournament map is built from at most {masters} master "
                          f"set(s) + {expansions} expansion(s), at most {same} of one): this map cannot be built from them; counting master sets and expansions as this rule does "
                          f"(no terrain kits), the smallest build is {_smallest(need)}; `mapkit inventory` "
                          "gives the smallest build with terrain kits")


@rule("T204", "start-zone-distance", "warning", "tournament", TOURNAMENT,
      "Two players' start zones are closer than 14 hexes")
def start_zone_distance(ctx: CheckContext) -> Iterable[Finding]:
    limit = _param(ctx, "min_start_zone_distance")
    for scenario, players in sorted(_zones(ctx).items(), key=lambda kv: str(kv[0])):
        zones = sorted(players.items())
        for i, (pa, a) in enumerate(zones):
            for pb, b in zones[i + 1:]:
                d, where = min((distance((qa, ra), (qb, rb)), (qa, ra, la))
                               for qa, ra, la in a for qb, rb, _ in b)
                if d < limit:
                    tail = f" in scenario {scenario}" if scenario is not None else ""
                    hexes = "hex" if d == 1 else "hexes"
                    yield ctx.finding("T204", f"start zones of players {pa} and {pb} are {d} {hexes} apart{tail} "
                                      f"(guideline: at least {limit})", where[0], where[1], where[2])


GLYPH_WORDS = re.compile(r"glyph|glyphe|treasure|tr[eé]sor")
SNOW_WORDS = re.compile(r"heavy snow|slippery ice|neige|glace")


@rule("T205", "glyph-rules-stated", "warning", "tournament", TOURNAMENT,
      "The map places glyphs but its notes do not say how they are used")
def glyph_rules_stated(ctx: CheckContext) -> Iterable[Finding]:
    glyphs = ctx.map.glyphs()
    if glyphs and not GLYPH_WORDS.search(_notes(ctx)):
        g = glyphs[0]
        yield ctx.finding("T205", f"{len(glyphs)} glyph(s) placed, but the map's name and scenario never mention "
                          "glyphs: state which are used and mark treasure glyphs", g.q, g.r, g.z)


@rule("T206", "snow-ice-rules-stated", "warning", "tournament", TOURNAMENT,
      "The map has snow or ice but does not say whether heavy snow or slippery ice apply")
def snow_ice_stated(ctx: CheckContext) -> Iterable[Finding]:
    cat = ctx.map.catalog()
    icy = [p for p in ctx.map.pieces if p.type in cat and cat[p.type].terrain in ("snow", "ice")]
    if icy and not SNOW_WORDS.search(_notes(ctx)):
        p = icy[0]
        yield ctx.finding("T206", "snow or ice on the map, but its notes never say whether heavy snow or slippery "
                          "ice rules apply", p.q, p.r, levels.level(cat[p.type], p.z))


@rule("T207", "start-zone-hive", "warning", "tournament", TOURNAMENT,
      "A start zone in which the Marro Hive cannot be placed")
def start_zone_hive(ctx: CheckContext) -> Iterable[Finding]:
    cat = ctx.map.catalog()
    shape = cat.shapes[cat["hive"].shape]
    for scenario, player, spaces in _each_zone(ctx):
        by_level: dict[int, set[tuple[int, int]]] = {}
        for q, r, level in spaces:
            by_level.setdefault(level, set()).add((q, r))
        if not any(_fits(hexes, shape, cat) for hexes in by_level.values()):
            q, r, level = min(spaces, key=lambda s: (s[1], s[0]))
            yield ctx.finding("T207", f"the Marro Hive (6 hexes) fits nowhere in {_whose(player, scenario)} "
                              "start zone on one level", q, r, level)


def _fits(hexes: set[tuple[int, int]], shape, cat) -> bool:
    for turns in range(6):
        cells = cat.footprint(cat["hive"].shape, turns)
        for q, r in hexes:
            if all((q + dq, r + dr) in hexes for dq, dr in cells):
                return True
    return False


@rule("K301", "contest-terrain-sets", "warning", "contest", CONTEST,
      "The map needs more than 4 terrain sets (C3G contests)")
def contest_terrain_sets(ctx: CheckContext) -> Iterable[Finding]:
    from mapkit.sets import load_sets, minimum_cover, terrain_requirements

    need = terrain_requirements(ctx.map)
    if not need:
        return
    limit = _param(ctx, "max_terrain_sets")
    within = minimum_cover(need, load_sets(("master", "expansion")), max_total=limit)
    if not within.feasible:
        yield ctx.finding("K301", f"C3G contest limit (an entry to the C3G map contests may use at most {limit} "
                          f"terrain sets): this map cannot be built from {limit}; counting master sets and expansions "
                          f"as this rule does (no terrain kits), the smallest build is {_smallest(need)}. A map not "
                          f"entered in a contest may leave the limit aside ({option('ignore', 'K301')})")


def _smallest(need: dict[str, int]) -> str:
    """The exact smallest build, or a lower bound when the map is too big to search exactly."""
    from mapkit.sets import CoverTooLarge, load_sets, minimum_cover

    try:
        free = minimum_cover(need, load_sets(("master", "expansion")))
    except CoverTooLarge:
        bound = minimum_cover(need, load_sets(("master", "expansion")), max_total=0).lower_bound
        return f"at least {bound} sets (no optimum proved in time)"
    if not free.feasible:
        return "impossible: pieces no official set holds"
    kinds: Counter[str] = Counter()
    for s, n in free.sets:
        kinds[s.kind] += n
    tally = ", ".join(f"{kinds[k]} {k} set{'s' if kinds[k] != 1 else ''}".replace("expansion sets", "expansions")
                      .replace("expansion set", "expansion") for k in ("master", "expansion") if kinds[k])
    return f"{free.count} sets ({tally}): {free.describe()}"


@rule("K302", "contest-no-valhalla-glyphs", "warning", "contest", CONTEST,
      "A Valhalla glyph on a C3G contest map")
def contest_glyphs(ctx: CheckContext) -> Iterable[Finding]:
    for g in ctx.map.glyphs():
        letter = g.attrs.get("letter", "?")
        if letter != "?":
            yield ctx.finding("K302", f"glyph {letter} is a Valhalla glyph; the Big Five contest bans them",
                              g.q, g.r, g.z)
