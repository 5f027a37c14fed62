"""Every limit mapkit puts on what it is given, in one place, each with its reason.

A hostile, damaged or absurd file must be refused before memory or time is spent on it, with
one line that names the limit, the value found and where. Each limit sits far above every real
map (the largest map in the community corpus and the known archives has under 5,000 pieces)
so that a 100,000-piece map still works in every command. `docs/limits.md` lists them for
users; `tests/test_limits.py` feeds each one a file just past it.
"""

from __future__ import annotations

from functools import lru_cache

from mapkit.errors import FormatError
from mapkit.records import Record

#: The largest Move a movement analysis takes: its search keeps up to Move + 1 labels per space,
#: so Move is bounded; Army Cards stay far below.
MAX_MOVE = 50


class Limit(Record, frozen=True):
    """One documented limit: the most mapkit accepts, in `unit`, and why it is that
    (`checked`: where it is enforced, for docs/limits.md). Change one with `records.replace`."""

    name: str
    value: int
    unit: str
    why: str
    checked: str

    def exceeded(self, value: int | float | None, *, file: str | None = None, where: str | None = None,
                 what: str = "") -> "LimitError":
        return LimitError(self, value, file=file, where=where, what=what)


class LimitError(FormatError):
    """An input past a documented limit (exit 2, like any file mapkit cannot read).

    `value` is what was found, or None when reading stopped at the limit (the input is larger)."""

    def __init__(self, limit: Limit, value: int | float | None, *, file: str | None = None,
                 where: str | None = None, what: str = ""):
        self.limit = limit
        self.value = value
        subject = f"{what}: " if what else ""
        rule = f"({limit.name}; see docs/limits.md)"
        if value is None:
            message = f"{subject}more than mapkit's limit of {limit.value:,} {limit.unit} {rule}"
        else:
            shown = f"{value:,}" if isinstance(value, int) else f"{value:g}"
            message = f"{subject}{shown} {limit.unit}, past mapkit's limit of {limit.value:,} {rule}"
        super().__init__(message, file=file, where=where)

    @property
    def reason(self) -> str:
        return f"past mapkit's {self.limit.name} limit (docs/limits.md)"


def _limit(name: str, value: int, unit: str, why: str, checked: str) -> Limit:
    limit = Limit(name, value, unit, why, checked)
    LIMITS[name] = limit
    return limit


#: Every limit by name, in the order docs/limits.md lists them.
LIMITS: dict[str, Limit] = {}

INPUT_BYTES = _limit(
    "input size", 256 << 20, "bytes",
    "Real map files are a few hundred kB; a 100,000-piece map is 4 MB as .hsc, 7 MB as mapkit JSON and "
    "11 MB as Hexoscape JSON, and a 3-million-piece one 120 MB as .hsc or 66 MB as gzipped Hexoscape JSON. "
    "Those two formats are read into columns of a few bytes a piece, never as a parsed document.",
    "mapkit.io.read_input, for every file and standard input")
DECOMPRESSED_BYTES = _limit(
    "decompressed size", 64 << 20, "bytes",
    "A JSON document parsed whole takes about ten times its size in memory, so a document that is not in "
    "Hexoscape's own layout (which streams into columns) and every mapkit JSON map stop at this size, "
    "inflated or not. A gzip file (Hexoscape saves .json.gz) can inflate a thousandfold.",
    "mapkit.formats.hexoscape (gzip and parsed documents), mapkit.formats.native")
STREAMED_BYTES = _limit(
    "streamed size", 1 << 30, "bytes",
    "A Hexoscape file in Hexoscape's own layout is inflated and matched a chunk at a time into columns: "
    "a 3-million-piece map inflates to about 330 MB and is read in under 1 GB.",
    "mapkit.formats.hexoscape._stream")
BOOK_BYTES = _limit(
    "Book size", 32 << 20, "bytes",
    "A Book is one structure's rules page: a few kB of JSON. A footprint traced from a scan can reach the "
    "Book vertices limit, which written plainly (mm to 3 decimals) is about 21 MB; past this size a Book is "
    "refused before it is parsed (about 200 MB in memory at this size).",
    "mapkit.books.load (through mapkit.io.read_input)")
COLLECTION_BYTES = _limit(
    "collection size", 4 << 20, "bytes",
    "A piece collection (.vsc, inventory TSV/CSV) lists a few hundred kinds of piece: a few kB.",
    "mapkit.sets.collection.read_collection (through mapkit.io.read_input)")
SHARE_LINK_BYTES = _limit(
    "share-link length", 8 << 20, "bytes",
    "Hexoscape puts a whole map in its link, crushed and percent-encoded: a 100,000-piece map's link is a few "
    "MB at most, and browsers stop at about 2 MB. A link is percent-decoded (twice, as Hexoscape may) and "
    "uncrushed, each a copy of it or more: a 30 MB link took 2.5 GB. Checked on the link's bytes, before any of it.",
    "mapkit.io.read_input (a link given as an argument); mapkit.formats.hexoscape.url.read (a .url file)")
SHARE_LINK_EXPANSION = _limit(
    "share-link expansion", 16 << 20, "characters",
    "JSONCrush replaces repeated text by one character per round, so a link of a few hundred characters can "
    "name millions of pieces. A 100,000-piece map uncrushes to 1.6 MB; expansion stops at this size (and "
    "uncrushing stops after scanning 40 times this many characters in all).",
    "mapkit.formats.hexoscape.jsoncrush.uncrush, for every share link")
NESTING = _limit(
    "nesting depth", 100, "levels of nesting",
    "Maps and Books nest a handful of levels deep (a Book's floors, marks, coordinates: under 10). "
    "Deeper documents only exhaust the stack of the parsers and checkers that walk them.",
    "mapkit.formats._json.parse_json, for every JSON map, Book and share link (battlefield pages: markup "
    "nesting)")
MARKUP_NESTING = _limit(
    "markup nesting", 256, "levels",
    "libxml2's own bound, which lxml's safe parser keeps (huge_tree off): a battlefield page nests a few dozen "
    "levels. Past it the parser stops, and what a lenient reading recovers is only what came before, so the "
    "page is refused rather than read in part.",
    "mapkit.formats.glasq.reader (from the parser's error log)")
MARKUP_TEXT = _limit(
    "markup text", 10_000_000, "bytes",
    "libxml2's bound on one text, attribute value or name (huge_tree off): a page's longest, a Level "
    "picture's path or an embedded image, is well under 1 MB. Past it the parser stops, as for the nesting.",
    "mapkit.formats.glasq.reader (from the parser's error log)")
DIGITS = _limit(
    "digits in a number", 40, "digits",
    "Coordinates, levels and counts fit in 7 digits, and a double needs at most 17 significant digits. "
    "Converting a number of thousands of digits costs time quadratic in its length.",
    "mapkit.formats._json.parse_json; the Hexoscape piece keys; the .vsc and inventory readers")
PIECES = _limit(
    "pieces per map", 5_000_000, "pieces",
    "The largest known real map has under 5,000 pieces; 100,000-piece maps are benchmarked in every command "
    "and a 2.9-million-piece map in `info` (benchmarks/bench_big.py). A map read into columns costs about 30 "
    "bytes a piece; commands that make every piece (validate, render) about 1 kB.",
    "each map reader, before it builds the pieces; mapkit.limits.check_map for every map read")
SCENARIOS = _limit(
    "scenarios per map", 100, "scenarios",
    "A battlefield page sets up a handful of scenarios on its terrain (the corpus: at most 4). Every command "
    "that asks about a map of several asks about each scenario apart, a copy of the map's work per scenario, "
    "so their number is bounded; the scenarios a map names and those its pieces are tagged with both count.",
    "mapkit.limits.check_map, for every map read")
ROOMS = _limit(
    "rooms per map", 100, "rooms",
    "A dungeon page draws a few boards (Shadow Cavern: 4 rooms). Each room is summed up, checked and drawn as "
    "a board of its own: a mapkit JSON map of 300,000 rooms (13 MB) took `info` over five minutes.",
    "mapkit.limits.check_map, for every map read")
PLACEMENTS = _limit(
    "placed Books per map", 1_000, "buildings and objects",
    "A C3G map places a few Books (the samples: 6; the corpus: none), a city of them a few dozen. Each is "
    "overlaid, placed and checked against the others, its floors and spaces added to the movement graph and "
    "drawn: 2,000 small Books took 3 s to validate and 1,000 spread over the board 5 s and 680 MB to render, "
    "so their number is bounded before any is placed.",
    "mapkit.formats.native, before the placements are built; mapkit.limits.check_map for every map read; "
    "mapkit.books.placed.placed_books for a map made in code")
PLAYERS = _limit(
    "players per map", 32, "players",
    "Every format names at most 8 players (VirtualScape's start colours, Hexoscape's z1-z8, a page's P1-P8, "
    "mapkit JSON's schema), but a VirtualScape file gives each start-zone colour outside its palette a player of "
    "its own. A movement analysis measures from every player's zone and between every two of them: 800 "
    "players on 800 hexes took 12 s and 520 MB.",
    "mapkit.formats.hsc, before players are given to colours; mapkit.limits.check_map for every map read")
HEXES_PER_PIECE = _limit(
    "hexes per piece", 100, "hexes",
    "Every piece's shape is catalog data (a personal tile takes a grass shape by its size); the largest, "
    "a 24-hex swamp, is far under it. Every hex of every piece is indexed and drawn.",
    "mapkit.model.catalog, when the catalog loads (no file can name a shape the catalog lacks)")
LEVELS = _limit(
    "level range", 10_000, "levels",
    "Real maps stand under 40 levels high. Rules, pictures and movement work per level, so the range "
    "between the lowest and the highest piece is bounded.",
    "mapkit.limits.check_map; the Hexoscape reader (altitude 0 up to the limit)")
COORDINATES = _limit(
    "coordinate range", 1_000_000, "hexes from the origin",
    "A real battlefield spans a few dozen hexes; VirtualScape stores 32-bit columns and rows, and damaged "
    "files hold values near 2**31 that no grid, picture or index should be sized by.",
    "mapkit.limits.check_map; schemas/map.schema.json for mapkit JSON; the Hexoscape reader")
BOOK_VERTICES = _limit(
    "Book vertices", 1_000_000, "vertices",
    "A Book's footprint and floors are polygons of a few dozen corners, but a footprint traced from a scan or "
    "a CAD drawing can have hundreds of thousands: a 200,000-vertex Book overlays in about 1 s "
    "(benchmarks/bench_big.py). The overlay buffers each polygon a few times, in time a little over linear in "
    "its corners, so the limit keeps that under about 10 s and 1 GB.",
    "mapkit.books.load, before the schema and the geometry")
DRAWING_EXTENT = _limit(
    "drawing extent", 10_000, "hexes across",
    "A real battlefield spans a few dozen hexes, a 100,000-piece benchmark map a few hundred. Pictures, build "
    "sheets and the report are laid out over the span of what they draw (pixels, pages, hex labels and their "
    "leader lines), not over its pieces alone: two tiles a million hexes apart, within the coordinate range, "
    "took 1.6 GB to print. Checked before any drawing of a map is laid out.",
    "mapkit.limits.check_drawing, for every drawing of a map (mapkit.outputs.OutputKind.draw: PNG, SVG, build "
    "sheets, the report)")
COLLECTION_COUNT = _limit(
    "copies in a collection", 1_000_000, "copies of one piece",
    "A collector owns a few hundred copies of a tile at most; the set solver's work grows with the counts.",
    "mapkit.sets.vsc and mapkit.sets.inventory_tsv, per row")


def check_count(limit: Limit, count: int, *, file: str | None = None, where: str | None = None,
                what: str = "") -> None:
    """Refuse a count past a limit."""
    if count > limit.value:
        raise limit.exceeded(count, file=file, where=where, what=what)


def check_map(m, file: str | None = None) -> None:
    """Refuse a map past the limits on pieces, rooms, scenarios, placed Books, players,
    coordinates and levels.

    Run on every map a reader returns (`mapkit.formats.read_map`), before any command works on
    it; readers that can count pieces earlier do so too, before building them.
    """
    pieces = m.pieces
    check_count(PIECES, len(pieces), file=file, what="the map")
    check_count(ROOMS, len(m.rooms), file=file, what="the map")
    check_count(SCENARIOS, len(m.scenarios()), file=file, what="the map")
    check_count(PLACEMENTS, len(m.buildings) + len(m.objects), file=file, what="the map")
    check_count(PLAYERS, len(players(m)), file=file, what="the map's start zones and figures")
    if not pieces and not m.buildings and not m.objects:
        return
    bound = COORDINATES.value
    ranges = m.origin_ranges()  # min/max over the columns of a read map: no piece is built
    if ranges is not None and (min(ranges) < -bound or max(ranges) > bound):
        _refuse_coordinate("piece", pieces, ("q", "r", "z"), file)
    for kind, items, axes in (("building", m.buildings, ("q", "r", "level")),
                              ("object", m.objects, ("q", "r", "level"))):
        _refuse_coordinate(kind, items, axes, file)
    if ranges is not None:
        low, high = ranges[4], ranges[5]
        if high - low + 1 > LEVELS.value:
            raise LEVELS.exceeded(high - low + 1, file=file, what=f"pieces from Level {low + 1} to Level {high + 1}")


#: The kinds of piece that stand for a player (their `player` attrs).
PLAYER_PIECES = ("start-zone", "figure", "figure-double")


def players(m) -> set:
    """The players a map's start zones and figures name (only those pieces are looked at: no
    other piece of a read map's columns is built)."""
    return {str(p.attrs["player"]) for p in m.of_type(*PLAYER_PIECES) if "player" in p.attrs}


def check_drawing(m, file: str | None = None) -> None:
    """Refuse to draw a map whose pieces, buildings and objects spread over more hexes, along q or
    r, than the drawing extent limit, before anything is laid out (a reduction over the columns:
    no piece is built)."""
    qs: list[int] = []
    rs: list[int] = []
    ranges = m.origin_ranges()
    if ranges is not None:
        qs += ranges[0:2]
        rs += ranges[2:4]
    for placement in list(m.buildings) + list(m.objects):
        qs.append(placement.q)
        rs.append(placement.r)
    for axis, values in (("q", qs), ("r", rs)):
        if values and max(values) - min(values) + 1 > DRAWING_EXTENT.value:
            raise DRAWING_EXTENT.exceeded(max(values) - min(values) + 1, file=file,
                                          what=f"the map spreads from {axis} {min(values)} to {axis} {max(values)}")


def _refuse_coordinate(kind: str, items, axes: tuple[str, ...], file: str | None) -> None:
    """Raise for the first coordinate of the items past the coordinate range, if any."""
    bound = COORDINATES.value
    for axis in axes:
        values = [getattr(item, axis) for item in items]
        if values and (min(values) < -bound or max(values) > bound):
            index, value = next((i, v) for i, v in enumerate(values) if not -bound <= v <= bound)
            name = "level" if axis in ("z", "level") else axis
            raise COORDINATES.exceeded(abs(value), file=file, where=f"{kind} {index + 1}", what=f"{name} {value}")


#: The documents whose schemas bound the length of their lists, and what each is called.
SCHEMA_DOCUMENTS = {"map.schema.json": "mapkit JSON map", "book.schema.json": "Book"}


def schema_bounds(name: str) -> list[tuple[str, Limit]]:
    """(JSON path, with `[]` for any item, and its Limit) of every list and object length the
    schema `name` bounds (maxItems, maxProperties): what `check_lists` checks before the schema."""
    from mapkit.schemas import load

    schema = load(name)
    found: list[tuple[str, Limit]] = []

    def walk(node: object, path: str, prop: str, seen: frozenset[str]) -> None:
        if not isinstance(node, dict):
            return
        node, seen = _resolved(node, schema, seen)
        if node is None:
            return
        for keyword, unit in (("maxItems", "items"), ("maxProperties", "properties")):
            if keyword in node:
                found.append((path, Limit(f"{prop} in a {SCHEMA_DOCUMENTS[name]}", node[keyword], unit,
                                          f"{name}'s {keyword} at {path}", "mapkit.limits.check_lists, before the schema")))
        for key, sub in node.get("properties", {}).items():
            walk(sub, f"{path}.{key}", key, seen)
        for sub in node.get("prefixItems", []):
            walk(sub, f"{path}[]", prop, seen)
        for key in ("items", "additionalProperties"):
            walk(node.get(key), f"{path}[]", prop, seen)
        for key in ("oneOf", "anyOf", "allOf"):
            for sub in node.get(key, []):
                walk(sub, path, prop, seen)

    walk(schema, "$", "the document", frozenset())
    return found


def _resolved(node: dict, schema: dict, seen: frozenset[str]) -> tuple[dict | None, frozenset[str]]:
    """A schema node with its local $ref followed (None where the $ref loops back)."""
    while "$ref" in node:
        ref = node["$ref"]
        if ref in seen:
            return None, seen
        seen = seen | {ref}
        target = schema  # (fastjsonschema, compiling the cached schema, writes its $refs as absolute URIs)
        for part in ref.partition("#")[2].strip("/").split("/"):
            target = target[part]
        node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
    return node, seen


def check_lists(document: object, name: str, file: str | None = None) -> None:
    """Refuse a document with a list (or an object) longer than its schema allows, before the
    schema runs: jsonschema walks every item before it reports a maxItems, so a Book of 1,000,000
    floors (25 MB, under the Book size) took 90 s to be refused. Linear, in the parts of the
    document whose schema bounds a length somewhere below them."""
    if _bounds_by_path(name):
        _check_node(document, "$", "$", name, file)


@lru_cache(maxsize=None)
def _bounds_by_path(name: str) -> dict[tuple[str, str], Limit]:
    """(path, "items" or "properties") -> the bound there (a path may bound a list and an object
    apart: a value the schema takes in either form)."""
    return {(path, limit.unit): limit for path, limit in schema_bounds(name)}


@lru_cache(maxsize=None)
def _leading_to(name: str) -> frozenset[str]:
    """Every path pattern on the way to a bound of the schema `name` (the bound's own included)."""
    import re

    return frozenset(path[:end] for path, _ in _bounds_by_path(name)
                     for end in [m.start() for m in re.finditer(r"[.\[]", path)] + [len(path)])


def _check_node(value: object, pattern: str, where: str, name: str, file: str | None) -> None:
    limit = _bounds_by_path(name).get((pattern, "properties" if isinstance(value, dict) else "items"))
    if limit is not None and isinstance(value, (list, dict)) and len(value) > limit.value:
        raise limit.exceeded(len(value), file=file, where=where)
    leading = _leading_to(name)
    if isinstance(value, dict):
        for key, sub in value.items():
            below = f"{pattern}.{key}"
            if below in leading and isinstance(sub, (list, dict)):
                _check_node(sub, below, f"{where}.{key}", name, file)
    elif isinstance(value, list) and pattern + "[]" in leading:
        below = pattern + "[]"
        for index, sub in enumerate(value):
            if isinstance(sub, (list, dict)):
                _check_node(sub, below, f"{where}[{index}]", name, file)


def markdown_table() -> str:
    """The table of docs/limits.md (a test keeps the page and this module the same)."""
    rows = ["| limit | value | why | checked in |", "| --- | ---: | --- | --- |"]
    for limit in LIMITS.values():
        rows.append(f"| {limit.name} | {limit.value:,} {limit.unit} | {limit.why} | {limit.checked} |")
    return "\n".join(rows) + "\n"


def schema_table() -> str:
    """The table of the lengths the schemas bound, in docs/limits.md (a test keeps them the same)."""
    rows = ["| document | where | most | checked in |", "| --- | --- | ---: | --- |"]
    for name, title in SCHEMA_DOCUMENTS.items():
        for path, limit in schema_bounds(name):
            rows.append(f"| {title} (`schemas/{name}`) | `{path}` | {limit.value:,} {limit.unit} | {limit.checked} |")
    return "\n".join(rows) + "\n"
