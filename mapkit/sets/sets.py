"""The official sets and terrain packs, from `mapkit/data/sets.json` (derived by derive_sets.py)."""

from __future__ import annotations

import json
from functools import lru_cache

from mapkit import data
from mapkit.records import Record
from mapkit.sets.requirements import hexes_of


#: The attribute of a map, or of one of its scenarios, that holds the sets it declares
#: (`mapkit.sets.declared`), named here so that a check can see a map declares none without it.
DECLARED_ATTR = "sets_used"


class TerrainSet(Record, frozen=True):
    id: str
    name: str
    kind: str  # master, expansion, kit, community
    release: str
    pieces: tuple[tuple[str, int], ...]

    @property
    def counts(self) -> dict[str, int]:
        return dict(self.pieces)

    @property
    def hexes(self) -> int:
        return sum(hexes_of(t) * n for t, n in self.pieces)


@lru_cache(maxsize=1)
def _table() -> dict:
    return json.loads(data.text("sets.json"))


def load_sets(kinds: tuple[str, ...] = ("master", "expansion", "kit")) -> list[TerrainSet]:
    """Sets of the given kinds (default: every official product; the community MSTK is left out)."""
    return [TerrainSet(s["id"], s["name"], s["kind"], s["release"], tuple(sorted(s["pieces"].items())))
            for s in _table()["sets"] if s["kind"] in kinds]


def set_table() -> dict:
    """The whole table with provenance (rows, decisions, aliases)."""
    return _table()


def set_letters() -> dict[str, str]:
    """Hexoscape's one-letter set id (a map's hexMap.setsUsed) -> mapkit set id."""
    return {s["hexoscape_letter"]: s["id"] for s in _table()["sets"] if s.get("hexoscape_letter")}


def all_sets() -> dict[str, TerrainSet]:
    """Every set of the table by id, whatever its kind (announced products included)."""
    return {s.id: s for s in load_sets(("master", "expansion", "kit", "community", "announced"))}
