"""Run the checks: on a map, on a C3G Book file, or on any file, as `mapkit validate` does.

The one runner behind `validate`, `render --findings` and the HTML report, so the three agree.
A Book is checked by the C3G Book rules whatever the profile: schema and shape errors first
(code C001, the JSON path in the message); a Book that passes them is placed alone at hex
(0, 0), level 0, and the Book-level C3G rules run on it, so their locations are the Book's own
local hexes and floor levels. A file that cannot be read raises FormatError.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from mapkit.errors import MapkitError, OptionError, Refusal, RoomError, ScenarioError, shown, summarised
from mapkit.model.map import Map, PlacedSource, Placement
from mapkit.records import replace
from mapkit.rules import framework
from mapkit.rules.framework import RULES, CheckContext, Finding, Rule, matches
from mapkit.rules.findings_report import severity_first

if TYPE_CHECKING:  # (a map's check loads nothing of the Books' modules: they come with a Book)
    from pathlib import Path

    from mapkit.geometry.params import OverlayParams

#: Rule families about a page as a whole, checked once on all its rooms together (never room by
#: room): the sets a page declares build every room it draws at once.
WHOLE_PAGE_FAMILIES = frozenset({"sets"})
BOOK_RULES = ("C101", "C102", "C103", "C104", "C105", "C106", "C107", "C108")


def check_map(m: Map, file: str | None = None, profile: str | None = "casual", select: Iterable[str] = (),
              ignore: Iterable[str] = (), options: dict[str, Any] | None = None,
              rules: Iterable[Rule] | None = None, scenario: int | None = None,
              room: int | None = None) -> list[Finding]:
    """The findings of a profile's rules (or those `select` names, less `ignore`) on one map,
    rule by rule; `options` are the convention parameters (default: `profiles.defaults()`).

    A map that sets up several scenarios is checked one scenario at a time, each as a map of its
    own (`Map.for_scenario`), so pieces of different scenarios never meet: a finding of the
    shared terrain (found on the terrain alone and in every scenario alike) is given once
    (`scenario` None); the others name their scenario, even when every scenario has it (two
    scenarios that set up the same start zone). `scenario` checks that one alone (OptionError
    if the map lacks it). A page of several rooms is checked one room at a time, in the room's
    own frame (`Map.for_room`), each finding naming its room; `room` checks that one alone. The
    rules of WHOLE_PAGE_FAMILIES run once on the whole page instead (room None), and not on a
    room checked alone."""
    if options is None:
        from mapkit.rules.profiles import defaults

        options = defaults()
    if rules is None:
        rules = framework.select_rules(profile, select, ignore, options.get("vehicle_rules"))
    rules = list(rules)
    if room is not None or m.several_rooms():
        numbers = [room] if room is not None else [r.number for r in m.rooms]
        per_room = [r for r in rules if r.family not in WHOLE_PAGE_FAMILIES]
        found = [replace(f, room=number) for number in numbers
                 for f in _check_board(m.for_room(number), file, options, per_room, scenario)]
        if room is None:
            found += _check_board(m, file, options, [r for r in rules if r.family in WHOLE_PAGE_FAMILIES], scenario)
        return found
    return _check_board(m, file, options, rules, scenario)


def _check_board(m: Map, file: str | None, options: dict[str, Any], rules: list[Rule],
                 scenario: int | None) -> list[Finding]:
    """One board's findings, scenario by scenario (see `check_map`)."""
    if scenario is not None:
        return _named(_run(m.for_scenario(scenario), file, options, rules), scenario)
    views = m.per_scenario()
    if len(views) == 1:
        return _run(m, file, options, rules)
    found = [(number, _run(view, file, options, rules, m)) for number, view in views]
    shared = set.intersection(*(set(findings) for _, findings in found))
    if shared:  # only what the terrain has without any scenario's pieces is the terrain's
        shared &= set(_run(m.terrain(), file, options, rules, m))
    out = [f for f in found[0][1] if f in shared]
    for number, findings in found:
        out.extend(_named([f for f in findings if f not in shared], number))
    return out


def _run(m: Map, file: str | None, options: dict[str, Any], rules: list[Rule], sheets: Map | None = None
         ) -> list[Finding]:
    """The findings of `rules` on `m`, their places named on the board of `sheets` (default: `m`)."""
    return list(framework.run_rules(CheckContext(m, file, options, sheets), rules))


def _named(findings: list[Finding], scenario: int | None) -> list[Finding]:
    return [replace(f, scenario=scenario) for f in findings]


def check_book_file(path: str | Path, params: OverlayParams | None = None) -> list[Finding]:
    """Every problem with one Book file (an empty list for a good Book).

    A file that cannot be read or is not JSON raises FormatError, as a map's would."""
    # FormatError: the file cannot be read or is not JSON (validate exits 2)
    from mapkit.books.load import read_book_json

    return check_book(read_book_json(path), str(path), params)


def check_book(doc: Any, shown: str, params: OverlayParams | None = None) -> list[Finding]:
    """Every problem with the parsed JSON of a Book (`shown` names its file in the findings):
    its schema errors (C001), else the Book-level rules on it placed alone."""
    import mapkit.rules.c3g  # noqa: F401  (registers the rules)

    from mapkit.books.model import book_from_dict
    from mapkit.books.schema import book_errors

    errors = book_errors(doc, shown)
    if errors:
        return [Finding("C001", "error", f"{where}: {message}", file=shown) for where, message in errors]
    return check_book_model(book_from_dict(doc, shown), shown, params)


def check_book_model(book: Any, shown: str, params: OverlayParams | None = None) -> list[Finding]:
    """The Book-level C3G rules on a Book (`mapkit.Book`, read or made in code) placed alone;
    `shown` names it in the findings."""
    import mapkit.rules.c3g  # noqa: F401  (registers the rules)

    from mapkit.geometry.params import OverlayParams

    m = Map(name=book.name, buildings=[Placement(book=shown, q=0, r=0, level=0)],
            books={shown: PlacedSource(book, shown)})
    ctx = CheckContext(m, shown, {"c3g_book_only": True, "overlay_params": params or OverlayParams()})
    findings: list[Finding] = []
    for code in BOOK_RULES:
        findings.extend(RULES[code].check(ctx))
    return findings


def check_path(path: str, fmt: str | None, profile: str | None, select: list[str], ignore: list[str],
               options: dict[str, Any], scenario: int | None = None, room: int | None = None
               ) -> tuple[list[Finding], list[str], str]:
    """The findings, reader warnings and what was read (`summary.read_said`) of one file, a map
    or a C3G Book. `scenario` (`room`) checks that scenario (room) of the map alone. The file is
    read, and its format told, once; a map's Books are found beside it (`books.placed.load_placed`).
    Raises FormatError for a file that cannot be read, OptionError (naming the file) for a
    scenario or room the map has not."""
    from mapkit.formats import parse_map, read_file

    import time

    from mapkit.summary import read_said

    started = time.perf_counter()
    data, found = read_file(path)
    if found is not None and found.kind == "book":
        # A Book is checked by the C3G Book rules whatever the profile; --select and --ignore still apply.
        from mapkit.books.load import book_json

        checked = check_book(book_json(data, str(path)), str(path), options.get("overlay_params"))
        return [f for f in checked if (not select or matches(f.code, select)) and not matches(f.code, ignore)], [], \
            f"read as a C3G Book in {time.perf_counter() - started:.3f} s"
    m = parse_map(data, fmt, shown(path), known=found)
    placed = bool(m.buildings or m.objects)
    if placed:                                   # (mapkit.books stays unloaded for a map without Books)
        from mapkit.books.placed import load_placed, unread_books

        load_placed(m, path)
    read = read_said(m, time.perf_counter() - started)
    try:
        found_now = check_map(m, shown(path), profile, select, ignore, options, scenario=scenario, room=room)
    except OptionError as exc:  # no such scenario (room) in this map
        raise (RoomError if str(exc).startswith("no room") else ScenarioError)(f"{shown(path)}: {exc}") from None
    # a Book that cannot be read is a warning, or under the c3g profile an error finding (C001)
    return found_now, summarised(m.warnings) + (unread_books(m) if placed and profile != "c3g" else []), read


def check_file(path: str, fmt: str | None, profile: str, select: list[str], ignore: list[str],
               options: dict[str, Any], scenario: int | None = None, room: int | None = None
               ) -> tuple[list[dict[str, Any]], str | None, list[str], str]:
    """`check_path` in a worker process of `mapkit validate`: findings (as dicts), a read error
    (a `Refusal`: its message, and the reason a batch summary groups it under), reader warnings
    and what was read, all of which pickle; a file that cannot be read is never raised."""
    try:
        found, warnings, read = check_path(path, fmt, profile, select, ignore, options, scenario, room)
    except (RoomError, ScenarioError) as exc:
        return [], Refusal(str(exc), "no such room" if isinstance(exc, RoomError) else "no such scenario"), [], ""
    except MapkitError as exc:
        return [], Refusal.of(exc), [], ""
    return [f.as_dict() for f in found], None, warnings, read


def findings_to_draw(m: Map, file: str | None = None, profile: str | None = "casual"
                     ) -> tuple[list[Finding], str | None]:
    """(findings, None) or ([], a one-line reason there are none), errors first.

    A picture or a report must never fail because a rule does: a rule module that cannot be
    loaded, or a profile with no rules, leaves it unmarked with the reason instead."""
    framework.check_profile(profile)  # a profile mapkit has not is the caller's mistake, not a broken rule
    try:
        rules = list(framework.select_rules(profile))
    except Exception as exc:  # noqa: BLE001 - a broken rule module must not stop the picture
        return [], f"validation rules could not be loaded ({type(exc).__name__}: {exc})"
    if not rules:
        return [], "no validation rules are installed, so no findings are marked"
    return sorted(check_map(m, file, profile, rules=rules), key=severity_first), None
