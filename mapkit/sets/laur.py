"""The web editor's reckoning of the Laur pieces that stack (Ruins at Laur's Edge).

Age of Annihilation's Laur pillars and walls stand on the ground; Ruins at Laur's Edge's stackable
ones also stand on top of a pillar. Hexoscape counts a map's Laur pieces so
(Dissolutio/heroscape-map-editor, src/inventory/laurInventoryReconcile.ts, read 2026; facts
restated, no code copied), and mapkit counts them alike:

- a square pillar standing a pillar's height over another pillar (square, stackable or triangle)
  is a stackable pillar; a short or long wall over a pillar, or over or under a wall of its own
  length at the same turn, is a stackable wall (`stacked`);
- a collection short of the Age of Annihilation pieces makes up the shortage from its stackable
  pieces left over (`stand_in`): nine pillars on the ground are built from Age of Annihilation's
  eight and one of Ruins at Laur's Edge's six.

Which piece stands in for which is the catalog's `stackable_as`.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from mapkit.model.catalog import catalog

TYPE_CHECKING = False  # (typing is not imported at run time: `mapkit info` counts pieces with this)
if TYPE_CHECKING:
    from typing import Mapping

    from mapkit.model.map import Map


@lru_cache(maxsize=1)
def pairs() -> dict[str, str]:
    """Age of Annihilation's Laur piece -> the stackable piece that may stand in for it."""
    return {t.id: t.stackable_as for t in catalog().types.values() if t.stackable_as}


def stacked(m: Map, counts: Mapping[str, int] | None = None) -> Counter[str]:
    """How the map's count of each Laur piece changes where pieces are stacked: -n of a piece, +n
    of the stackable piece it is there. Empty, at once, for a map with no Laur pieces to stack
    (`counts`: the map's piece counts, where the caller has them)."""
    cat = catalog()
    legacy = pairs()
    counts = m.piece_counts() if counts is None else counts
    if not any(counts.get(t) for t in legacy):
        return Counter()
    kin = {t: t for t in legacy} | {s: t for t, s in legacy.items()}  # a piece and its stackable kin
    pillars: set[tuple[int, int, int]] = set()
    walls: set[tuple[str, int, int, float, int]] = set()
    for type_id, ptype in cat.types.items():
        if ptype.terrain != "laur-wall":
            continue
        for p in m.of_type(type_id):
            if ptype.laur_pillar:
                pillars.add((p.q, p.r, p.z))
            elif type_id in kin:
                walls.add((kin[type_id], p.q, p.r, float(p.rotation), p.z))
    change: Counter[str] = Counter()
    for type_id, stackable in legacy.items():
        rise = cat[type_id].obstacle_height or 0  # (9: a Laur piece's height, the editor's stacking step)
        for p in m.of_type(type_id):
            on_pillar = (p.q, p.r, p.z - rise) in pillars
            on_wall = not cat[type_id].laur_pillar and any(
                (type_id, p.q, p.r, float(p.rotation), p.z + step) in walls for step in (rise, -rise))
            if on_pillar or on_wall:
                change[type_id] -= 1
                change[stackable] += 1
    return change


def stand_in(short: Mapping[str, int], need: Mapping[str, int], have: Mapping[str, int]) -> dict[str, int]:
    """`short` (type -> pieces the collection lacks) with each Age of Annihilation Laur piece's
    shortage made up, as far as they go, from the stackable pieces the collection has left over."""
    out = dict(short)
    for legacy, stackable in pairs().items():
        lacking = out.get(legacy, 0)
        spare = have.get(stackable, 0) - need.get(stackable, 0)
        if lacking > 0 and spare > 0:
            out[legacy] = lacking - min(lacking, spare)
            if not out[legacy]:
                del out[legacy]
    return out
