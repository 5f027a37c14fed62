"""The sets a map says it is built from, and what they hold of the pieces it needs.

One representation for every format: `Map.attrs["sets_used"]` (and, for a scenario of a page
that names its own, `Scenario.attrs["sets_used"]`) maps a product to its copies, in the map's
order: `{"BftU": 2, "Warriors of Eberron": 1}`. A product is a set id of `sets.json` when it is
a set mapkit knows; else its name: a product that holds no terrain (a figure expansion, listed
with its source in `data/set_names.json`) or a name nobody here knows, kept as the map writes it
(never dropped: it is reported). Copies may be fractional, as battlefield pages count figure
waves ("Malliddon's Prophecy (1.75)"); a set then holds its pieces times its copies, rounded down.
A list of names (mapkit's earlier form of Hexoscape's setsUsed) counts one copy per entry.
"""

from __future__ import annotations

import json
import math
import re
from functools import lru_cache

from mapkit import data
from mapkit.records import Record
from mapkit.sets.sets import DECLARED_ATTR

TYPE_CHECKING = False  # (typing is not imported at run time: `mapkit info` prints declared sets)
if TYPE_CHECKING:
    from typing import Any, Iterable

    from mapkit.model.map import Map
    from mapkit.sets.sets import TerrainSet

#: The attribute of a map, or of one of its scenarios, that holds its declared sets.
ATTR = DECLARED_ATTR
#: What a declared product holds: a set's terrain, figures only, or what nobody here knows.
TERRAIN, NO_TERRAIN, UNKNOWN = "terrain", "no terrain", "unknown"
#: Names longer than this are not matched loosely (a long run of text is no product's name).
_LOOSE_MATCH_CHARS = 80
#: The most copies of one product a declaration holds (mapkit's JSON schema has the same bound).
MAX_COPIES = 1_000_000
#: The longest name of a product kept (the schema's bound too).
MAX_NAME = 1000
#: How alike a misspelt name must be to one known name to be read as it (difflib's ratio).
_LOOSE_CUTOFF = 0.88


class Product(Record, frozen=True):
    """What a declared name is: its key in `sets_used`, its kind, the name to show, the set (for
    a set of `sets.json`) and, for a product holding no terrain, where that is known from."""

    key: str
    kind: str
    name: str
    set: TerrainSet | None = None
    source: str = ""


class Declared(Record, frozen=True):
    """One declared product and its copies."""

    product: Product
    copies: float

    @property
    def label(self) -> str:
        """"2 x Battle for the Underdark", "Warriors of Eberron (no terrain)", "Foo (unknown to mapkit)"."""
        count = f"{_number(self.copies)} x " if self.copies != 1 else ""
        tail = {NO_TERRAIN: " (no terrain)", UNKNOWN: " (unknown to mapkit)"}.get(self.product.kind, "")
        return f"{count}{self.product.name}{tail}"

    def as_dict(self) -> dict[str, Any]:
        p = self.product
        return {"id": p.set.id if p.set else None, "name": p.name, "copies": _number(self.copies), "holds": p.kind}


def _number(value: float) -> float | int:
    """A count as JSON and text show it: whole counts without a decimal point."""
    return int(value) if float(value).is_integer() else value


@lru_cache(maxsize=1)
def _table() -> dict[str, Any]:
    return json.loads(data.text("set_names.json"))


def normal(name: str) -> str:
    """A name as it is compared: letters and digits in lower case, "&" as "and", without "the",
    apostrophes or accents."""
    import unicodedata

    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().casefold()
    text = text.replace("&", " and ").replace("'", "")
    words = re.sub(r"[^a-z0-9]+", " ", text).split()
    return " ".join(w for w in words if w != "the")


@lru_cache(maxsize=1)
def _index() -> dict[str, Product]:
    """Every spelling mapkit knows (normalised) -> the product it names."""
    from mapkit.sets.sets import all_sets

    out: dict[str, Product] = {}
    sets = all_sets()
    for s in sets.values():
        product = Product(s.id, TERRAIN, _plain(s.name), s)
        out.setdefault(normal(s.id), product)
        bare = re.sub(r"\([^)]*\)", " ", s.name)
        out.setdefault(normal(bare), product)
        if ":" in bare:  # "Marvel: The Conflict Begins" is also "The Conflict Begins"
            out.setdefault(normal(bare.split(":", 1)[1]), product)
    for entry in _table()["names"]:
        s = sets[entry["set"]]
        out.setdefault(normal(entry["name"]), Product(s.id, TERRAIN, _plain(s.name), s))
    for entry in _table()["no_terrain"]:
        out.setdefault(normal(entry["name"]), Product(entry["name"], NO_TERRAIN, entry["name"],
                                                      source=entry["source"]))
    return out


def _plain(name: str) -> str:
    """A set's name without its parenthesised note: "Rise of the Valkyrie (Master Set 1)" ->
    "Rise of the Valkyrie"."""
    return " ".join(re.sub(r"\([^)]*\)", " ", name).split())


def resolve(name: str) -> tuple[Product, bool]:
    """The product a declared name stands for, and whether it was matched loosely (a misspelling
    close to one known name and to no other); a name nobody knows is an UNKNOWN product keyed by
    the name as written."""
    return _resolve(" ".join(name.split()))


@lru_cache(maxsize=1024)
def _resolve(name: str) -> tuple[Product, bool]:
    key = normal(name)
    index = _index()
    if key in index:
        return index[key], False
    bare = normal(re.sub(r"\([^)]*\)", " ", name))  # "Battle for the Underdark (D&D Master Set)"
    if bare in index:
        return index[bare], False
    if key and len(name) <= _LOOSE_MATCH_CHARS:
        import difflib

        close = difflib.get_close_matches(key, list(index), n=2, cutoff=_LOOSE_CUTOFF)
        products = {index[c].key for c in close}
        if len(products) == 1:
            return index[close[0]], True
    return Product(name, UNKNOWN, name), False


def declaration(value: Any) -> list[Declared] | None:
    """The declared sets an attribute holds (a mapping of names to copies, or a list of names),
    None when it declares nothing; an entry that is no name with a positive count is left out."""
    if isinstance(value, dict):
        pairs: Iterable[tuple[Any, Any]] = value.items()
    elif isinstance(value, list):
        pairs = ((name, 1) for name in value)
    else:
        return None
    merged: dict[str, tuple[Product, float]] = {}
    for name, copies in pairs:
        if not isinstance(name, str) or isinstance(copies, bool) or not isinstance(copies, (int, float)) \
                or not copies > 0 or not math.isfinite(copies):
            continue
        product, _ = resolve(name)
        before = merged.get(product.key, (product, 0))[1]
        merged[product.key] = (product, before + copies)
    return [Declared(product, copies) for product, copies in merged.values()]


def read_declaration(items: Iterable[tuple[str, float]], warnings: list[str], where: str) -> dict[str, float | int]:
    """`sets_used` from names and copies as a map writes them: each name under the key of the
    product it names (copies of one product added up); a name read loosely or not known at all
    is named in `warnings`, and an unknown name is kept as written."""
    out: dict[str, float | int] = {}
    for name, copies in items:
        if not copies <= MAX_COPIES:
            warnings.append(f"{where}: {copies:g} copies of {name[:80]!r} are more than any map needs "
                            f"(kept as {MAX_COPIES})")
            copies = MAX_COPIES
        product, loose = resolve(name)
        if loose:
            warnings.append(f"{where}: {name!r} read as {product.name} ({product.key})")
        elif product.kind == UNKNOWN:
            cut = f", cut to its first {MAX_NAME} characters" if len(product.key) > MAX_NAME else ""
            shown = repr(product.name) if len(product.name) <= 80 else repr(product.name[:77] + "...")
            warnings.append(f"{where}: {shown} is no product mapkit knows "
                            f"(kept{cut}; its pieces are not counted)")
            product = Product(product.key[:MAX_NAME], UNKNOWN, product.name[:MAX_NAME])
        out[product.key] = _number(min(MAX_COPIES, out.get(product.key, 0) + copies))
    return out


#: A "Required Sets:" line, as battlefield pages write it (and as mapkit writes it into the notes
#: of a format with no field for the sets, VirtualScape's scenario text).
REQUIRED = re.compile(r"\bRequired\s+Sets?\s*:[ \t]*([^\n]*)", re.IGNORECASE)
REQUIRED_LINE = re.compile(r"[ \t]*\bRequired\s+Sets?\s*:[^\n]*\n*", re.IGNORECASE)
#: The web editor's notes name the sets on a line of their own under other words ("Sets: RotV x2,
#: SotM", "Sets used: ..."): read where a reader is told the text is such notes (`loose`).
LOOSE_REQUIRED = re.compile(r"^[ \t]*(?:Terrain[ \t]+)?Sets(?:[ \t]+(?:Used|Required|Needed))?[ \t]*:[ \t]*([^\n]*)",
                            re.IGNORECASE | re.MULTILINE)
#: "Battle for the Underdark (2)", "Malliddon's Prophecy (1.75)", "RotV (x2)", "2 x Rise of the
#: Valkyrie", "2x RotV" and the web editor's "RotV x2".
_COPIES_AFTER = re.compile(r"^(?P<name>.*?)\s*\(\s*[x×]?\s*(?P<n>\d+(?:\.\d+)?)\s*\)$", re.IGNORECASE)
_COPIES_BEFORE = re.compile(r"^(?P<n>\d+(?:\.\d+)?)\s*[x×]\s+(?P<name>.+)$", re.IGNORECASE)
_COPIES_TRAILING = re.compile(r"^(?P<name>.*?\S)\s+[x×]\s*(?P<n>\d+(?:\.\d+)?)$", re.IGNORECASE)
#: The most names one "Required Sets" line is read for (a real page names a handful; mapkit JSON's
#: schema bounds a declaration the same: each unknown name is matched loosely against every known one).
MOST_SETS = 200


def read_required(text: str, warnings: list[str], where: str, loose: bool = False) -> dict[str, float | int] | None:
    """The sets the first "Required Sets: A (2) , B" line of `text` names, as `sets_used` (None:
    it names none); with `loose` (the web editor's notes) a "Sets: A x2, B" line too. A name
    mapkit does not know is kept and named in `warnings`."""
    found = REQUIRED.search(text) or (LOOSE_REQUIRED.search(text) if loose else None)
    if found is None:
        return None
    items: list[tuple[str, float]] = []
    parts = found.group(1).split(",")
    if len(parts) > MOST_SETS:
        warnings.append(f"{where}: {len(parts)} names, more than any page needs; the first {MOST_SETS} are read")
    for part in parts[:MOST_SETS]:
        part = " ".join(part.split()).strip(" .;")
        if not part:
            continue
        match = _COPIES_AFTER.match(part) or _COPIES_BEFORE.match(part) or _COPIES_TRAILING.match(part)
        name, copies = (match.group("name").strip(), float(match.group("n"))) if match else (part, 1.0)
        if not copies > 0 or not name:
            warnings.append(f"{where}: {part[:80]!r} names no product or asks for no copies (left out)")
            continue
        items.append((name, copies))
    return read_declaration(items, warnings, where)


def required_line(declared: Iterable[Declared]) -> str:
    """The declaration as a page writes it, which `read_required` reads back:
    "Required Sets: Rise of the Valkyrie (2), Road to the Forgotten Forest"."""
    return "Required Sets: " + ", ".join(
        d.product.name + (f" ({_number(d.copies)})" if d.copies != 1 else "") for d in declared)


def of_map(m: "Map") -> list[Declared] | None:
    """The sets the map itself declares (a page's own "Required Sets", Hexoscape's setsUsed)."""
    return declaration(m.attrs.get(ATTR))


def of_view(m: "Map") -> list[Declared] | None:
    """The sets that apply to `m` as it is checked: a scenario taken alone (`Map.for_scenario`)
    that names its own sets is held to them, anything else to the map's own."""
    if len(m.scenario_setups) == 1:
        own = declaration(m.scenario_setups[0].attrs.get(ATTR))
        if own is not None:
            return own
    return of_map(m)


def of_scenario(m: "Map", number: int) -> list[Declared] | None:
    """The sets scenario `number` names itself (None: it names none, the map's own apply)."""
    for setup in m.scenario_setups:
        if setup.number == number:
            return declaration(setup.attrs.get(ATTR))
    return None


def holdings(declared: Iterable[Declared]) -> dict[str, int]:
    """type id -> pieces the declared sets hold together (products that hold no terrain, and
    unknown ones, add nothing)."""
    have: dict[str, int] = {}
    for d in declared:
        if d.product.set is None:
            continue
        for type_id, n in d.product.set.pieces:
            have[type_id] = have.get(type_id, 0) + math.floor(n * d.copies + 1e-9)
    return have


def describe(declared: Iterable[Declared]) -> str:
    """The declaration in words: "2 x Battle for the Underdark, Warriors of Eberron (no terrain)"."""
    return ", ".join(d.label for d in declared) or "none"
