"""Re-tile a map so that it builds from a collection: an exact cover, solved as an integer program.

One 0-1 variable per placement (a piece type laid on region hexes in one turn, `regions.py`):

    every region hex is covered exactly once               sum of placements on a hex = 1
    no type is used more often than the collection allows  sum of placements of t <= have[t] - kept[t]
    minimise the pieces that change (a placement repeating a map piece costs 0), then the pieces.

Which pieces may change: by default every tile in a connected area (one terrain, one level) that
holds a piece the collection is short of, so neighbours may be re-cut too; with `keep_shapes`
only the pieces of short types. If that leaves no answer, every tile of a short terrain may
change. Pieces that are no interchangeable tile (trees, castle, markers, ...) and pieces with a
finding of their own are never touched, so no finding can move or multiply.

When nothing works, two more programs of the same kind say what to do: the most hexes the
collection can cover (the rest, by terrain, is the shortfall) and the fewest sets whose pieces,
added to the collection, make the exact cover possible (the smallest purchase).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any, Mapping

from mapkit import escapes
from mapkit.fitting.regions import Placement, Region, family_of, family_types, placements, regions, supported_cells
from mapkit.records import Record, field
from mapkit.results import Answer
from mapkit.sets.collection import missing
from mapkit.sets.requirements import requirements
from mapkit.sets.sets import TerrainSet, load_sets
from mapkit.model.catalog import catalog
from mapkit.model.map import Map, Pieces
from mapkit.solver import IntProgram, SolveTimeout, TIME_LIMIT_S, solve

#: Seconds the smallest purchase may take to prove; past it the best found is shown as such.
PURCHASE_TIME_S = 1.2
#: Seconds the shortfall (the most hexes the collection covers) may take to prove, likewise.
SHORTFALL_TIME_S = 1.2


class Change(Record):
    """One connected patch re-tiled: the pieces taken out (map indices) and those laid instead."""

    family: tuple[str, str]
    z: int
    removed: list[int]
    added: list[Placement]


class FitResult(Record, Answer):
    """The answer. `map` is the re-tiled map when `feasible`; otherwise the shortfall and purchase.
    `.text()` and `.json()` say it as `mapkit fit` does, against the map it was asked of (`before`,
    its file `source`); `.save(path)` writes that report (the new map is written with `mapkit.write`)."""

    feasible: bool
    map: Map | None = None
    changes: list[Change] = field(default_factory=list)
    #: pieces fit cannot re-tile that the collection lacks: type -> how many
    short_pieces: dict[str, int] = field(default_factory=dict)
    #: terrain -> hexes the collection cannot cover even re-tiled
    short_hexes: dict[str, int] = field(default_factory=dict)
    #: whether no re-tiling covers more; if not proved, the fewest hexes short that is proved
    short_hexes_proved: bool = True
    short_hexes_bound: int | None = None
    #: the smallest purchase that closes the gap: (set, copies), or None if no set can
    purchase: list[tuple[TerrainSet, int]] | None = None
    #: whether that purchase is proved the smallest; if not, the fewest sets it could take
    purchase_proved: bool = True
    purchase_bound: int | None = None
    #: pieces the map needs that are in the collection already (nothing to do)
    already_fits: bool = False
    #: findings (`mapkit.Finding`) the re-tiled map has that the map had not (`fit_checked`; none expected)
    new_findings: list = field(default_factory=list)
    #: the map fit was asked of, and the name of its file (or "share link"; "": none)
    before: Map | None = field(default=None, compare=False, repr=False)
    source: str = field(default="", compare=False, repr=False)
    #: where the re-tiled map and the picture of the changes were written, when they were (by
    #: `mapkit fit`: this answer writes nothing of its own)
    output: str | None = field(default=None, compare=False, repr=False)
    picture: str | None = field(default=None, compare=False, repr=False)

    @property
    def doc(self) -> dict[str, Any]:
        """Everything `mapkit fit --json` prints: piece by piece what was re-cut, or what is short
        and the smallest purchase."""
        from mapkit.fitting.fit_report import summary

        found = summary(self.before if self.before is not None else Map(), self, self.output, self.new_findings)
        if self.picture:
            found["picture"] = self.picture
        return found

    def text(self) -> str:
        from mapkit.fitting.fit_report import render_text

        name = self.source or (self.before.name if self.before is not None else "") or "the map"
        return render_text(self.doc, name) + (escapes.lines([f"picture: {self.picture}"]) if self.picture else "")


def fit_map(m: Map, have: Mapping[str, int], keep_shapes: bool = False, locked: set[int] | None = None,
            carries: set[str] | None = None, time_limit: float = TIME_LIMIT_S) -> FitResult:
    """Re-tile `m` to the collection `have` (type -> count; see the module docstring).

    `locked`: indices of pieces that must not change (fit adds pieces with findings of their own).
    `carries`: the piece types the output format can hold; fit lays no other (None: any).
    """
    if carries is not None:
        have = {t: n for t, n in have.items() if t in carries or t not in catalog()}
    counts_glyphs = any(t.startswith("glyph:") for t in have)
    need = {t: n for t, n in requirements(m).items() if counts_glyphs or not t.startswith("glyph:")}
    short = set(missing(need, have))
    if not short:
        return FitResult(True, m, already_fits=True)
    cat = catalog()
    locked = locked or set()
    locked = locked | own_bases(m)
    tiles = [i for i, p in enumerate(m.pieces) if i not in locked and family_of(cat[p.type]) is not None]
    short_families = {family_of(cat[t]) for t in short if t in cat and family_of(cat[t]) is not None}
    attempts = []
    if keep_shapes:
        attempts.append([i for i in tiles if m.pieces[i].type in short])
    else:
        touched = regions(m, [i for i in tiles if family_of(cat[m.pieces[i].type]) in short_families])
        attempts.append(sorted({i for reg in touched if any(m.pieces[j].type in short for j in reg.pieces)
                                for i in reg.pieces}))
        attempts.append([i for i in tiles if family_of(cat[m.pieces[i].type]) in short_families])
    for chosen in attempts:
        try:
            result = _exact_cover(m, have, chosen, time_limit)
        except SolveTimeout:  # no answer proved in time: the shortfall below says what is known
            continue
        if result is not None:
            return result
    return _shortfall(m, have, attempts[-1], need, time_limit)


def own_bases(m: Map) -> set[int]:
    """Fluid tiles an obstacle stands on as its own base (ice under a glacier, ...): never re-tiled."""
    from mapkit.rules.physical import OWN_BASES

    cat = catalog()
    wants: dict[tuple[int, int, int], frozenset[str]] = {}
    for other in m.pieces:
        bases = OWN_BASES.get(cat[other.type].terrain)
        if bases:
            for q, r in m.footprint(other):
                wants[(q, r, other.z)] = bases
    out = set()
    for i, piece in enumerate(m.pieces):
        terrain = cat[piece.type].terrain
        if any(terrain in wants.get((q, r, piece.z + 1), ()) for q, r in m.footprint(piece)):
            out.add(i)
    return out


def _kept_needs(m: Map, chosen: list[int], counts_glyphs: bool) -> Counter[str]:
    keep = set(range(len(m.pieces))) - set(chosen)
    need = requirements(Map(pieces=Pieces([m.pieces[i] for i in sorted(keep)])))
    return Counter({t: n for t, n in need.items() if counts_glyphs or not t.startswith("glyph:")})


def _model(m: Map, chosen: list[int], types_of) -> tuple[list[Region], list[Placement]]:
    """The regions of the chosen pieces and every placement of the types `types_of(region)` allows.

    The placements of every type of each family are made once per map and choice of pieces
    (the shortfall and the purchase ask for the same regions) and filtered per question."""
    key = (id(m), tuple(chosen))
    if _MODEL_CACHE.get("key") != key:
        parts = regions(m, chosen)
        held = supported_cells(m, parts)
        _MODEL_CACHE.clear()
        _MODEL_CACHE.update(key=key, map=m, parts=parts,
                            places=[placements(m, region, list(family_types(region.family)), held)
                                    for region in parts])
    parts = _MODEL_CACHE["parts"]
    places: list[Placement] = []
    for region, every in zip(parts, _MODEL_CACHE["places"]):
        allowed = set(types_of(region))
        places.extend(p for p in every if p.type in allowed)
    return parts, places


#: The last map's regions and placements (see `_model`); holds the map so its id stays its own.
_MODEL_CACHE: dict = {}


def _cover_rows(program: IntProgram, parts: list[Region], places: list[Placement], xs: list[int],
                slack: dict | None = None) -> None:
    on_cell: dict[tuple[int, int, int], list[int]] = defaultdict(list)
    for x, p in zip(xs, places):
        for q, r in p.hexes:
            on_cell[(q, r, p.z)].append(x)
    for region in parts:
        for q, r in region.hexes:
            terms = [(x, 1) for x in on_cell.get((q, r, region.z), [])]
            if slack is not None:
                terms.append((slack[(q, r, region.z)], 1))
            program.add(terms, lo=1, hi=1)


def _exact_cover(m: Map, have: Mapping[str, int], chosen: list[int], time_limit: float) -> FitResult | None:
    counts_glyphs = any(t.startswith("glyph:") for t in have)
    kept = _kept_needs(m, chosen, counts_glyphs)
    if missing(kept, have):
        return None
    cat = catalog()
    for family in {family_of(cat[m.pieces[i].type]) for i in chosen}:
        cells = sum(len(m.footprint(m.pieces[i])) for i in chosen if family_of(cat[m.pieces[i].type]) == family)
        if cells > sum(max(0, have.get(t, 0) - kept[t]) * cat[t].hexes for t in family_types(family)):
            return None  # too few hexes of this terrain, however they are grouped
    parts, places = _model(m, chosen, lambda reg: [t for t in family_types(reg.family) if have.get(t, 0) > kept[t]])
    program = IntProgram()
    xs = [program.var(0, 1, f"{p.type}@{p.q},{p.r},{p.z}/{p.rotation}") for p in places]
    _cover_rows(program, parts, places, xs)
    by_type: dict[str, list[int]] = defaultdict(list)
    for x, p in zip(xs, places):
        by_type[p.type].append(x)
    for t, group in by_type.items():
        program.add([(x, 1) for x in group], hi=have.get(t, 0) - kept[t])
    program.objectives = [[(x, 1) for x, p in zip(xs, places) if p.same_as is None], [(x, 1) for x in xs]]
    answer = solve(program, time_limit)
    if not answer.feasible:
        return None
    laid = [p for p, v in zip(places, answer.values) if v]
    return FitResult(True, _rebuilt(m, parts, laid), _changes(m, parts, laid))


def _rebuilt(m: Map, parts: list[Region], laid: list[Placement]) -> Map:
    """The map with each region's pieces replaced by those laid (kept pieces keep their extras)."""
    from mapkit.records import replace

    kept = {p.same_as for p in laid if p.same_as is not None}
    removed = {i for region in parts for i in region.pieces} - kept
    new_at: dict[int, list] = defaultdict(list)
    for region in parts:
        fresh = [p.piece() for p in laid if p.same_as is None and (p.hexes[0] in region.hexes) and p.z == region.z]
        gone = [i for i in region.pieces if i in removed]
        if fresh:
            new_at[min(gone)].extend(fresh)
    pieces = []
    for i, piece in enumerate(m.pieces):
        pieces.extend(new_at.get(i, []))
        if i not in removed:
            pieces.append(piece)
    return replace(m, pieces=Pieces(pieces), warnings=[])


def _changes(m: Map, parts: list[Region], laid: list[Placement]) -> list[Change]:
    kept = {p.same_as for p in laid if p.same_as is not None}
    out = []
    for region in parts:
        removed = [i for i in region.pieces if i not in kept]
        added = [p for p in laid if p.same_as is None and p.z == region.z and p.hexes[0] in region.hexes]
        if removed or added:
            out.append(Change(region.family, region.z, removed, added))
    return out


def _shortfall(m: Map, have: Mapping[str, int], chosen: list[int], need: Mapping[str, int],
               time_limit: float) -> FitResult:
    """Why it cannot fit: hexes short by terrain, pieces short that no re-tiling replaces, and
    the fewest sets that close the gap."""
    counts_glyphs = any(t.startswith("glyph:") for t in have)
    kept = _kept_needs(m, chosen, counts_glyphs)
    short_pieces = missing(kept, have)
    spare = {t: max(0, have.get(t, 0) - kept[t]) for t in set(have) | set(kept)}
    parts, places = _model(m, chosen, lambda reg: [t for t in family_types(reg.family) if spare.get(t, 0) > 0])
    # the most hexes the collection covers: one slack variable per hex left bare
    program = IntProgram()
    xs = [program.var(0, 1) for _ in places]
    slack = {(q, r, reg.z): program.var(0, 1) for reg in parts for q, r in reg.hexes}
    _cover_rows(program, parts, places, xs, slack)
    by_type: dict[str, list[int]] = defaultdict(list)
    for x, p in zip(xs, places):
        by_type[p.type].append(x)
    for t, group in by_type.items():
        program.add([(x, 1) for x in group], hi=spare.get(t, 0))
    # implied, stated for the solver's bound: a family covers at most its spare pieces' hexes
    cat = catalog()
    for family in {reg.family for reg in parts}:
        terms = [(x, cat[p.type].hexes) for x, p in zip(xs, places) if family_of(cat[p.type]) == family]
        program.add(terms, hi=sum(spare.get(t, 0) * cat[t].hexes for t in family_types(family)))
    program.objectives = [[(s, 1) for s in slack.values()]]
    program.hint = _coverage_hint(program.size[0], places, xs, slack, spare)
    answer = solve(program, min(time_limit, SHORTFALL_TIME_S), best_effort=True)
    short_hexes: Counter[str] = Counter()
    terrain_of = {(q, r, reg.z): reg.family[1] for reg in parts for q, r in reg.hexes}
    for cell, s in slack.items():
        if answer.values[s]:
            short_hexes[terrain_of[cell]] += 1
    # however the pieces are cut, a terrain with more hexes than its spare pieces hold is short
    # by the difference at least: a bound that holds even when the solver proved none
    deficit = sum(max(0, sum(len(reg.hexes) for reg in parts if reg.family == family)
                      - sum(spare.get(t, 0) * cat[t].hexes for t in family_types(family)))
                  for family in {reg.family for reg in parts})
    bound = answer.bound if answer.proved else max(answer.bound or 0, deficit)
    result = FitResult(False, short_pieces=short_pieces, short_hexes=dict(sorted(short_hexes.items())),
                       short_hexes_proved=answer.proved or bound == sum(short_hexes.values()),
                       short_hexes_bound=bound)
    _purchase(result, m, have, chosen, kept, min(time_limit, PURCHASE_TIME_S))
    return result


def _coverage_hint(size: int, places: list[Placement], xs: list[int], slack: dict, spare: Mapping[str, int]
                   ) -> list[int]:
    """A known answer to start from: the map's own pieces, as many as the collection has, then
    the collection's other spare pieces where they fit on hexes still bare, largest first."""
    hint = [0] * size
    left = dict(spare)
    covered: set[tuple[int, int, int]] = set()
    mine = [(x, p) for x, p in zip(xs, places) if p.same_as is not None]
    rest = sorted(((x, p) for x, p in zip(xs, places) if p.same_as is None), key=lambda xp: -len(xp[1].hexes))
    for x, p in mine + rest:
        cells = [(q, r, p.z) for q, r in p.hexes]
        if left.get(p.type, 0) > 0 and not covered.intersection(cells):
            left[p.type] -= 1
            hint[x] = 1
            covered.update(cells)
    for cell, s in slack.items():
        hint[s] = int(cell not in covered)
    return hint


def _purchase(result: FitResult, m: Map, have: Mapping[str, int], chosen: list[int], kept: Mapping[str, int],
              time_limit: float) -> None:
    """The fewest sets (then fewest hexes) whose pieces, added to the collection, let the map fit.

    The solver starts from a known answer: the map as it is plus the smallest set combination
    that holds the pieces the collection lacks. Where it cannot prove a better one optimal in
    `time_limit` seconds, the best found is given with the proved lower bound."""
    from mapkit.sets.cover import KIND_ORDER

    sets = load_sets(("master", "expansion", "kit"))
    supplied = {t for s in sets for t, n in s.pieces if n}
    owned = {t for t, n in have.items() if n > 0}
    parts, places = _model(m, chosen, lambda reg: [t for t in family_types(reg.family) if t in supplied | owned])
    program = IntProgram()
    xs = [program.var(0, 1) for _ in places]
    cat = catalog()
    # the most pieces of each type the map could want: its short pieces, or a family's hexes in 1s
    family_cells: Counter = Counter()
    for reg in parts:
        family_cells[reg.family] += len(reg.hexes)
    most: dict[str, int] = {t: n - have.get(t, 0) for t, n in kept.items() if n > have.get(t, 0)}
    for family, n in family_cells.items():
        for t in family_types(family):
            most[t] = most.get(t, 0) + n // cat[t].hexes
    ys = []
    for s in sets:
        top = max((-(-most[t] // c) for t, c in s.pieces if c and most.get(t)), default=0)
        ys.append(program.var(0, top, s.id))
    _cover_rows(program, parts, places, xs)
    by_type: dict[str, list[int]] = defaultdict(list)
    for x, p in zip(xs, places):
        by_type[p.type].append(x)
    for t in set(by_type) | {t for t, n in kept.items() if n > have.get(t, 0)}:
        terms = [(x, 1) for x in by_type.get(t, [])]
        terms += [(y, -s.counts[t]) for y, s in zip(ys, sets) if s.counts.get(t, 0)]
        program.add(terms, hi=have.get(t, 0) - kept.get(t, 0))
    # implied by the rows above, stated for the solver's bound: a family's hexes must come from
    # the collection's spare pieces or from sets
    for family, n in family_cells.items():
        spare = sum(max(0, have.get(t, 0) - kept.get(t, 0)) * cat[t].hexes for t in family_types(family))
        terms = [(y, sum(c * cat[t].hexes for t, c in s.pieces if t in family_types(family)))
                 for y, s in zip(ys, sets)]
        program.add([(y, c) for y, c in terms if c], lo=n - spare)
    program.objectives = [[(y, 1) for y in ys], [(y, s.hexes) for y, s in zip(ys, sets)]]
    program.hint = _purchase_hint(m, have, places, sets, program.size[0], xs, ys)
    try:
        answer = solve(program, time_limit, best_effort=True)
    except SolveTimeout:  # not even one answer in time: say so rather than guess
        result.purchase_proved = False
        return
    if not answer.feasible:
        return
    chosen_sets = [(s, answer.values[y]) for s, y in zip(sets, ys) if answer.values[y]]
    chosen_sets.sort(key=lambda sm: (KIND_ORDER.get(sm[0].kind, 9), sm[0].release, sm[0].id))
    result.purchase, result.purchase_proved, result.purchase_bound = chosen_sets, answer.proved, answer.bound


def _purchase_hint(m: Map, have: Mapping[str, int], places: list[Placement], sets: list[TerrainSet],
                   size: int, xs: list[int], ys: list[int]) -> list[int] | None:
    """The map unchanged, plus the smallest set combination that holds what the collection lacks."""
    from mapkit.sets.cover import minimum_cover

    need = requirements(m)
    lack = {t: n - have.get(t, 0) for t, n in need.items() if n > have.get(t, 0) and not t.startswith("glyph:")}
    cover = minimum_cover(lack, sets)
    if cover.uncovered or not cover.feasible:
        return None
    hint = [0] * size
    for x, p in zip(xs, places):
        hint[x] = int(p.same_as is not None)
    copies = {s.id: n for s, n in cover.sets}
    for y, s in zip(ys, sets):
        hint[y] = copies.get(s.id, 0)
    return hint


def findings(m: Map, profile: str = "casual") -> list:
    """Every finding of a profile's rules on a map (what `validate` reports by default)."""
    from mapkit.rules.framework import CheckContext, run_rules, select_rules

    return list(run_rules(CheckContext(m), select_rules(profile)))


def pieces_with_findings(m: Map, found: list) -> set[int]:
    """Pieces a finding points at (a cell they fill, or the level just above one): fit keeps them,
    so each finding stays with the piece it is about."""
    spots = {(f.q, f.r, f.level) for f in found if f.q is not None and f.r is not None and f.level is not None}
    out = set()
    for i, piece in enumerate(m.pieces):
        levels = set(m.layers(piece)) | {piece.z + 1}
        if any((q, r, level) in spots for q, r in m.footprint(piece) for level in levels):
            out.add(i)
    return out


def new_findings(before: list, after: list) -> list:
    """Findings of the re-tiled map that the original did not have (by rule, per rule's count)."""
    seen = Counter(f.code for f in before)
    out = []
    for f in after:
        if seen[f.code] > 0:
            seen[f.code] -= 1
        else:
            out.append(f)
    return out


def fit_checked(m: Map, have: Mapping[str, int], keep_shapes: bool = False, carries: set[str] | None = None,
                time_limit: float = TIME_LIMIT_S) -> tuple[FitResult, list]:
    """`fit_map`, keeping every piece a finding is about, and the findings the result adds (none
    expected: every new piece fills cells of the old and rests on what they rested on)."""
    before = findings(m)
    result = fit_map(m, have, keep_shapes, pieces_with_findings(m, before), carries, time_limit)
    result.before = m
    if not result.feasible or result.already_fits or result.map is None:
        return result, []
    result.new_findings = new_findings(before, findings(result.map))
    return result, result.new_findings
