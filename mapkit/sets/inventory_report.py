"""What `mapkit inventory` reports: pieces needed, the smallest set combination, what a collection lacks."""

from __future__ import annotations

from typing import Any

from mapkit import escapes
from mapkit.model.catalog import in_piece_order
from mapkit.wording import option


def inventory_report(m: Any, collection: dict[str, int] | None = None, set_ids: list[str] | None = None,
                     community: bool = False) -> dict[str, Any]:
    """Everything `inventory` prints, as plain data.

    `counts` says which sets the smallest combination may use (terrain kits are counted unless
    sets are named); when it uses a kit, `without_kits` gives the smallest combination of master
    sets and expansions alone, the number the tournament rule T203 counts. For a map that sets
    up several scenarios the pieces are the most any one scenario needs (`requirements`)."""
    from mapkit.errors import OptionError
    from mapkit.sets import CoverTooLarge, load_sets, minimum_cover, missing, requirements, terrain_requirements
    from mapkit.sets.requirements import describe, hexes_of

    need = requirements(m)
    kinds: tuple[str, ...] = ("master", "expansion", "kit", "community") if community else ("master", "expansion", "kit")
    if set_ids:  # any set may be named, announced products included
        kinds = ("master", "expansion", "kit", "community", "announced")
    sets = load_sets(kinds)
    if set_ids:
        known = {s.id.lower(): s for s in sets}
        unknown = [i for i in set_ids if i.lower() not in known]
        if unknown:
            from mapkit.errors import nearest

            meant = nearest(unknown[0], [s.id for s in sets])
            tip = f"; did you mean {meant!r}?" if meant else ""
            raise OptionError(f"unknown set id(s) {', '.join(unknown)} (known: {', '.join(s.id for s in sets)}){tip}",
                              option="sets", choices=tuple(s.id for s in sets))
        sets = [known[i.lower()] for i in set_ids]
    terrain = terrain_requirements(m)
    try:
        cover = minimum_cover(terrain, sets)
        too_large = None
    except CoverTooLarge:
        cover = minimum_cover(terrain, sets, max_total=0)
        too_large = cover.lower_bound
    without_kits = None
    if too_large is None and any(s.kind not in ("master", "expansion") for s, _ in cover.sets):
        try:
            plain = minimum_cover(terrain, [s for s in sets if s.kind in ("master", "expansion")])
        except CoverTooLarge:
            plain = None
        if plain is not None and plain.feasible:
            without_kits = {"set_count": plain.count, "sets": [{"id": t.id, "name": t.name, "kind": t.kind,
                                                                "copies": n} for t, n in plain.sets]}
    report: dict[str, Any] = {
        "scenarios": m.scenarios() if m.several_scenarios() else [],
        "pieces": [{"type": t, "name": describe(t), "hexes": hexes_of(t), "count": n}
                   for t, n in in_piece_order(need)],
        "total_pieces": sum(need.values()),
        "sets": [{"id": s.id, "name": s.name, "kind": s.kind, "copies": n} for s, n in cover.sets],
        "set_count": cover.count,
        "counts": "the sets named" if set_ids else ("master sets, expansions, terrain kits and community kits"
                                                     if community else "master sets, expansions and terrain kits"),
        "without_kits": without_kits,
        "buildable_from_sets": cover.feasible or too_large is not None,
        "search_too_large_lower_bound": too_large,
        "not_in_any_set": [{"type": t, "name": describe(t), "count": n, "announced_in": announced_in(t)}
                           for t, n in in_piece_order(cover.uncovered)],
    }
    declared = declared_sets_report(m, terrain)
    if declared is not None:
        report["declared_sets"] = declared
    if collection is not None:
        # A Hexoscape inventory has no glyph rows: say nothing about glyphs rather than "all missing".
        counts_glyphs = any(t.startswith("glyph:") for t in collection)
        short = missing({t: n for t, n in need.items() if counts_glyphs or not t.startswith("glyph:")}, collection)
        report["missing"] = [{"type": t, "name": describe(t), "count": n} for t, n in short.items()]
    return report


def announced_in(type_id: str) -> list[str]:
    """Announced products (no inventory yet) said to hold a piece type."""
    from mapkit.sets.sets import load_sets

    return [s.id for s in load_sets(("announced",)) if s.counts.get(type_id)]


def declared_sets_report(m: Any, need: dict[str, int] | None = None) -> dict[str, Any] | None:
    """The sets the map declares, with their copies, against the pieces it needs (None: it
    declares none, itself or in any scenario).

    A page of several scenarios names its sets once for the page and again in each scenario,
    where it may add a figure expansion. A builder reads the page's own list as what builds any
    of its scenarios, so it is held to the most any one scenario needs (`need`, as `requirements`
    counts it); each scenario is held to its own list (the page's, if it names none) and to what
    that scenario needs. Products that hold no terrain, and names mapkit does not know, hold
    nothing; they are listed so, never dropped."""
    from mapkit.sets import declared as sets_declared
    from mapkit.sets import terrain_requirements

    page = sets_declared.of_map(m)
    several = m.several_scenarios()
    own = {n: sets_declared.of_scenario(m, n) for n in m.scenarios()}
    if page is None and all(v is None for v in own.values()):
        return None
    out: dict[str, Any] = {}
    if page is not None:
        out.update(_held(page, terrain_requirements(m) if need is None else need))
        out["against"] = "the most any one scenario needs" if several else "the map"
    if several or any(v is not None and v != page for v in own.values()):
        rows = []
        for number in m.scenarios():
            view = m.for_scenario(number)
            declared = own.get(number)
            row = {"number": number, "name": m.scenario_setup(number).name,
                   "own_list": declared is not None}
            row.update(_held(declared if declared is not None else page or [], terrain_requirements(view)))
            rows.append(row)
        out["scenarios"] = rows
    out["holds_everything"] = all(not part["missing"] for part in [out, *out.get("scenarios", [])]
                                  if "missing" in part)
    return out


def _held(declared: list[Any], need: dict[str, int]) -> dict[str, Any]:
    """One declaration against one need: the products, what they lack and what holds nothing."""
    from mapkit.sets import declared as sets_declared
    from mapkit.sets import missing
    from mapkit.sets.requirements import describe

    short = missing(need, sets_declared.holdings(declared))
    return {"sets": [d.as_dict() for d in declared],
            "missing": [{"type": t, "name": describe(t), "count": n} for t, n in short.items()],
            "unknown": [d.product.name for d in declared if d.product.kind == sets_declared.UNKNOWN]}


def _declared_text(rep: dict[str, Any]) -> list[str]:
    """The lines `inventory` prints about the declared sets."""
    dec = rep["declared_sets"]
    lines = [""]

    def one(part: dict[str, Any], whose: str, needs: str, indent: str) -> None:
        if part["missing"]:
            lines.append(f"{indent}{whose}, {_named(part['sets'])}, do not hold every piece {needs}; they lack:")
            for row in part["missing"]:
                lines.append(f"{indent}  {row['count']:>4} x {row['name']}  [{row['type']}]")
            if part["unknown"]:
                lines.append(f"{indent}  (mapkit does not know what {', '.join(map(repr, part['unknown']))} "
                             "holds, so counts it as holding nothing)")
        else:
            lines.append(f"{indent}{whose}, {_named(part['sets'])}, hold every piece {needs}.")

    if "sets" in dec:
        several = dec.get("against", "") != "the map"
        one(dec, "The sets the map declares", "any one of its scenarios needs" if several else "it needs", "")
    for row in dec.get("scenarios", []):
        title = f"Scenario {row['number']}" + (f" ({row['name']})" if row["name"] else "")
        one(row, f"{title}: its own sets" if row["own_list"] else f"{title}: the map's sets", "it needs", "  ")
    return lines


def _named(sets: list[dict[str, Any]]) -> str:
    def one(d: dict[str, Any]) -> str:
        count = f"{d['copies']} x " if d["copies"] != 1 else ""
        tail = {"no terrain": ", no terrain", "unknown": ", unknown to mapkit"}.get(d["holds"], "")
        return f"{count}{d['name']}" + (f" ({d['id']}{tail})" if d["id"] else f" ({tail[2:]})")

    return ", ".join(one(d) for d in sets) or "none"


def render_text(rep: dict[str, Any]) -> str:
    """The report as `mapkit inventory` prints it."""
    if rep.get("scenarios"):
        lines = [f"Pieces needed ({rep['total_pieces']}) to build any one of its {len(rep['scenarios'])} scenarios "
                 f"(piece by piece, the most one scenario needs; one alone: {option('scenario', 'K')}):"]
    else:
        lines = [f"Pieces needed ({rep['total_pieces']}):"]
    for row in rep["pieces"]:
        lines.append(f"  {row['count']:>4} x {row['name']}  [{row['type']}]")
    lines.append("")
    if rep["search_too_large_lower_bound"] is not None:
        lines.append(f"The solver proved no smallest combination in time: it takes at least "
                     f"{rep['search_too_large_lower_bound']} sets.")
    elif not rep["buildable_from_sets"]:
        lines.append("No combination of the sets considered holds these pieces.")
    elif rep["sets"]:
        lines.append(f"Smallest combination of {rep['counts']} ({_sets(rep['set_count'])}):")
        for s in rep["sets"]:
            lines.append(f"  {s['copies']} x {s['name']} ({s['id']}, {s['kind']})")
        if rep.get("without_kits"):
            plain = rep["without_kits"]
            lines.append(f"Without terrain kits, as the tournament rule T203 counts: {_sets(plain['set_count'])} "
                         "(master sets and expansions).")
    if rep["not_in_any_set"]:
        lines.append("Not in any official set:")
        for row in rep["not_in_any_set"]:
            where = f" (announced in {', '.join(row['announced_in'])})" if row.get("announced_in") else ""
            lines.append(f"  {row['count']:>4} x {row['name']}{where}")
    if "declared_sets" in rep:
        lines.extend(_declared_text(rep))
    if "missing" in rep:
        lines.append("")
        if rep["missing"]:
            lines.append("Missing from the collection:")
            for row in rep["missing"]:
                lines.append(f"  {row['count']:>4} x {row['name']}  [{row['type']}]")
        else:
            lines.append("The collection holds every piece this map needs.")
    return escapes.lines(lines)  # one line each, whatever a set's or a piece's name holds


def _sets(count: int) -> str:
    return f"{count} set" if count == 1 else f"{count} sets"
