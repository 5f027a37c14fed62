"""The rule framework shared by every family of checks.

A rule is a function registered with `@rule(...)`; it receives a `CheckContext` and yields
`Finding`s. Its documentation (what it checks, why, an example, the rulebook or seed
passage it rests on, and whether it is only a convention) lives in a data file under
`mapkit/data/rules/`, one JSON file per family, keyed by rule code.
"""

from __future__ import annotations

import json
from functools import cached_property, lru_cache
from typing import Any, Callable, Iterable, Iterator

from mapkit import data
from mapkit.model.board import Board, hex_named
from mapkit.model.map import Map
from mapkit.records import Record, field

SEVERITIES = ("error", "warning", "info")


class Finding(Record, frozen=True):
    """One thing a rule found, placed at a hex and Level where it has one.

    `level` is the Level a builder counts (`mapkit.model.levels`: a tile's own layer, the Level
    a standing piece stands on). `scenario` names the scenario of a page that sets up several
    when the finding holds in that scenario only (None: the map has one, or all share it); `room`
    the board of a page that draws several (its q, r are then the room's own, as its pictures
    draw it). `place` is the hex as the build sheets name it ("C7", `mapkit.model.board`), set by
    the runner (`mapkit.rules.checks`) for a finding at a hex of a map's (a room's) lettered board.
    """

    code: str
    severity: str
    message: str
    q: int | None = None
    r: int | None = None
    level: int | None = None
    file: str | None = None
    scenario: int | None = None
    room: int | None = None
    place: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"file": self.file, "room": self.room, "scenario": self.scenario, "level": self.level,
                "place": self.place, "q": self.q, "r": self.r, "code": self.code, "severity": self.severity,
                "message": self.message}


class Rule(Record, frozen=True):
    code: str
    name: str
    severity: str
    family: str
    profiles: frozenset[str]
    summary: str
    check: Callable[["CheckContext"], Iterable[Finding]]
    #: The C3G vehicle rule sets the rule belongs to (most rules: both).
    vehicle_rules: frozenset[str] = frozenset({"current", "legacy"})

    @property
    def doc(self) -> dict[str, Any]:
        """what, why, example, source (and convention, where the rule rests on a habit)."""
        return rule_docs(self.family).get(self.code, {})

    def __reduce__(self) -> str | tuple[Any, ...]:
        """A registered rule pickles as its code (its check may be a function made in a loop,
        which pickle cannot name), so an answer that lists rules crosses to another process."""
        if load_rules().get(self.code) is self:
            return registered_rule, (self.code,)
        return super().__reduce__()


def registered_rule(code: str) -> Rule:
    """The rule registered under `code` (KeyError for none): how a pickled rule comes back."""
    return load_rules()[code]


class CheckContext(Record):
    """What a rule sees: the map, its file name, options, and shared derived data (cached).

    `sheets` is the map whose build sheets letter the board that findings name places on
    (default: `map`; one scenario of a page is checked on its own, its places named on the page's board)."""

    map: Map
    file: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    sheets: Map | None = None
    _memo: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def shared(self, key: str, compute: Callable[["CheckContext"], Any]) -> Any:
        """A value several rules need (a cell index, an analysis pass), computed once per map."""
        if key not in self._memo:
            self._memo[key] = compute(self)
        return self._memo[key]

    @cached_property
    def occupancy(self) -> dict[tuple[int, int, int], list[int]]:
        return self.map.occupancy()

    @cached_property
    def board(self) -> Board | None:
        """The board as the build sheets letter it (None: the map has no pieces)."""
        return Board.of(self.sheets if self.sheets is not None else self.map)

    def hex_named(self, q: int, r: int) -> str:
        """A hex as a message names one: the sheets' name first ("C7"), then axial, as a finding's
        place reads."""
        return hex_named(self.board, q, r)

    def finding(self, rule_code: str, message: str, q: int | None = None, r: int | None = None,
                level: int | None = None, severity: str | None = None) -> Finding:
        sev = severity or RULES[rule_code].severity
        board = self.board if q is not None and r is not None else None
        place = board.name(q, r) if board is not None and q is not None and r is not None else None
        return Finding(rule_code, sev, message, q, r, level, self.file, place=place)


RULES: dict[str, Rule] = {}


def rule(code: str, name: str, severity: str, family: str, profiles: Iterable[str], summary: str,
         vehicle_rules: Iterable[str] = ("current", "legacy")
         ) -> Callable[[Callable[[CheckContext], Iterable[Finding]]], Callable[[CheckContext], Iterable[Finding]]]:
    """Register a check under a stable code (`vehicle_rules`: the C3G vehicle rule sets it
    belongs to, when only one of them has the rule)."""
    if severity not in SEVERITIES:
        raise ValueError(f"rule {code}: severity {severity!r}")

    def register(fn: Callable[[CheckContext], Iterable[Finding]]) -> Callable[[CheckContext], Iterable[Finding]]:
        if code in RULES:
            raise ValueError(f"rule code {code} registered twice")
        RULES[code] = Rule(code, name, severity, family, frozenset(profiles), summary, fn, frozenset(vehicle_rules))
        return fn

    return register


@lru_cache(maxsize=None)
def rule_docs(family: str) -> dict[str, dict[str, Any]]:
    """The documentation of a family's rules, from `mapkit/data/rules/<family>.json`."""
    try:
        text = data.text("rules", f"{family}.json")
    except FileNotFoundError:
        return {}
    return json.loads(text)


def run_rules(ctx: CheckContext, rules: Iterable[Rule]) -> Iterator[Finding]:
    """Every finding of the given rules, rule by rule."""
    for r in rules:
        yield from r.check(ctx)


#: Modules of `mapkit.rules` that hold no rules.
_NOT_RULE_MODULES = frozenset({"framework", "findings_report", "profiles", "build_index", "table", "checks"})
#: The modules of rules with the profiles their rules belong to: a run of one profile loads only
#: those that name it (a casual check needs neither the C3G nor the tournament rules), and every
#: module not named here, so a family added by another module is still picked up without an
#: edit. tests/test_rule_table.py holds it to the rules' own `profiles`.
RULE_MODULES: dict[str, frozenset[str]] = {
    "physical": frozenset({"casual", "tournament", "c3g"}),
    "declared_sets": frozenset({"casual", "tournament", "c3g"}),
    "movement_rules": frozenset({"tournament", "c3g"}),
    "tournament": frozenset({"tournament", "c3g"}),
    "c3g": frozenset({"c3g"}),
}


def load_rules(profile: str | None = None) -> dict[str, Rule]:
    """Import the rule modules of `mapkit.rules` (each registers its rules) and return the registry:
    every module, or (given a `profile`) those that may hold rules of that profile (`RULE_MODULES`),
    when the registry may hold others loaded before but holds every rule of that profile.

    Modules are found by listing the package, so a family added by another module (the C3G
    rules, say) is picked up without an edit here.
    """
    import importlib

    for name in rule_module_names():
        if profile is None or profile in RULE_MODULES.get(name, (profile,)):
            importlib.import_module(f"mapkit.rules.{name}")
    return RULES


def rule_module_names() -> list[str]:
    """The modules of `mapkit.rules` that hold rules, found by listing its folder (pkgutil's
    listing would load `inspect`, which costs a report more than its rules' modules)."""
    import os
    from importlib.machinery import all_suffixes

    import mapkit.rules as package

    suffixes = all_suffixes()
    names: set[str] = set()
    for folder in package.__path__:
        try:
            entries = os.listdir(folder)
        except OSError:  # not a folder (an archive): as the import system lists it
            import pkgutil

            names.update(info.name for info in pkgutil.iter_modules([folder]))
            continue
        for entry in entries:
            if os.path.isfile(os.path.join(folder, entry, "__init__.py")):
                names.add(entry)
            else:
                names.update(entry[:-len(suffix)] for suffix in suffixes if entry.endswith(suffix))
    return sorted(name for name in names if name.isidentifier() and name not in _NOT_RULE_MODULES
                  and not name.startswith("_"))


def matches(code: str, patterns: Iterable[str]) -> bool:
    """Whether a rule code is named by a pattern: the code itself or a prefix ("P1", "T", "ALL")."""
    for pattern in patterns:
        pattern = pattern.strip().upper()
        if pattern == "ALL" or (pattern and code.upper().startswith(pattern)):
            return True
    return False


def unknown_patterns(patterns: Iterable[str]) -> list[str]:
    """The patterns (codes or prefixes) that name no rule: a typo in --select or --ignore."""
    codes = list(load_rules())
    return [p for p in patterns if not any(matches(code, [p]) for code in codes)]


def check_profile(profile: str | None = None, vehicle_rules: str | None = None) -> None:
    """OptionError, naming the choices, for a profile or a C3G vehicle rule set mapkit has not
    (None is any: every profile, both rule sets)."""
    from mapkit.errors import choice
    from mapkit.rules.profiles import CHOICES, PROFILES

    if profile is not None:
        choice(profile, PROFILES, "profile")
    if vehicle_rules is not None:
        choice(vehicle_rules, CHOICES["vehicle_rules"], "vehicle rules", "vehicle_rules")


def select_rules(profile: str | None = None, select: Iterable[str] = (), ignore: Iterable[str] = (),
                 vehicle_rules: str | None = None) -> list[Rule]:
    """The rules a run uses, in code order: those of the profile (or every rule if `select`
    names them explicitly), minus those `ignore` names, and (given `vehicle_rules`) only those
    of that C3G vehicle rule set. OptionError for a profile or vehicle rule set there is not."""
    check_profile(profile, vehicle_rules)
    select, ignore = list(select), list(ignore)
    rules = load_rules(None if select else profile)
    chosen = []
    for code in sorted(rules):
        r = rules[code]
        if select:
            if not matches(code, select):
                continue
        elif profile is not None and profile not in r.profiles:
            continue
        if ignore and matches(code, ignore):
            continue
        if vehicle_rules is not None and vehicle_rules not in r.vehicle_rules:
            continue
        chosen.append(r)
    return chosen
