"""What Hexoscape's reader and writer share: its ids, its piece keys, its numbers and set letters."""

from __future__ import annotations

from mapkit import limits, registry
from mapkit.errors import FormatError
from mapkit.model.catalog import PieceType
from mapkit.model.grid import rotate

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any, Iterable

#: The format's name, from its registry row (also the key of what it keeps in `extras`).
NAME = registry.declared(__name__).name
#: Bounds on numbers read from a file: mapkit's coordinate and level limits (mapkit.limits).
#: The writer leaves pieces beyond them out, as losses, so what it writes always reads back.
MAX_COORDINATE = limits.COORDINATES.value
MAX_ALTITUDE = limits.LEVELS.value
#: Offset, in the unturned catalog shape, of the hex Hexoscape uses as a piece's origin.
TEMPLATE_ORIGIN = {"M6": (1, 0)}
#: Hexoscape ids handled outside the catalog's one-id-per-type lookup (its glyphs have a table of
#: their own, `Catalog.glyph_by_hexoscape`).
START_ZONE_IDS = {f"z{n}": n for n in range(1, 9)}
#: Castle wall -> the castle base Hexoscape builds into it when it stands on land or the table.
WALL_BASES = {"castle-wall-corner": "castle-base-corner", "castle-wall-straight": "castle-base-straight",
              "castle-wall-end": "castle-base-end"}
CASTLE_UNDER = frozenset(("castle-base-corner", "castle-base-straight", "castle-base-end", "castle-wall-corner",
                          "castle-wall-straight", "castle-wall-end", "castle-arch", "castle-arch-no-door"))


def sets_from_letters(letters: Any, path: str, warnings: list[str]) -> dict[str, int]:
    """hexMap.setsUsed (Hexoscape's one-letter set ids) as the map's declared sets (set id ->
    copies: a letter listed twice is two copies of the set, as the editor counts them when it adds
    up the sets' inventories; `mapkit.sets.declared`); a letter no set has is named in a warning
    and left out (the hexMap read is kept, so the file writes back as it was)."""
    from mapkit.sets.sets import set_letters

    if not isinstance(letters, list) or not all(isinstance(x, str) for x in letters):
        raise FormatError(f"expected an array of set letters, found {kind_of(letters)}", where=path)
    from collections import Counter

    known = set_letters()
    out: dict[str, int] = {}
    for letter, times in Counter(letters).items():  # (each letter said once, however often it is listed)
        if letter in known:
            out[known[letter]] = out.get(known[letter], 0) + times
        else:
            warnings.append(f"{path}: unknown set letter {letter[:8]!r} (left out)" +
                            (f", listed {times:,} times" if times > 1 else ""))
    return out


def letters_for_sets(declared: Iterable[tuple[str, float]]) -> list[str]:
    """(mapkit set id, copies) as Hexoscape's letters, a set's letter once per whole copy (at least
    once); sets without a letter are left out, and copies that are no whole number are named in
    `losses`."""
    from mapkit.sets.sets import set_letters

    letter_of = {set_id: letter for letter, set_id in set_letters().items()}
    return [letter_of[s] for s, copies in declared if s in letter_of for _ in range(max(1, int(copies)))]


def js_value(value: float | int) -> float | int:
    """JavaScript's view of a number: 1.0 and 1 are the same and print as 1."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return int(value)
    return value


def origin_shift(ptype: PieceType, rotation: float) -> tuple[int, int]:
    """Hexoscape origin minus model origin for this piece type and rotation."""
    offset = TEMPLATE_ORIGIN.get(ptype.shape)
    if offset is None:
        return 0, 0
    return rotate(offset[0], offset[1], int(rotation))


def kind_of(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


def encode_key(hid: str, q: int, r: int, altitude: int, rotation: float) -> str:
    return f"{altitude}~{q}~{r}~{js_number(rotation)}~{hid}"


def js_number(value: float | int) -> str:
    """A number as JavaScript's String() / JSON.stringify prints it (for the bounded values here)."""
    value = js_value(value)
    return str(value) if isinstance(value, int) else repr(value)
