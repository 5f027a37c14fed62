"""Keys drawn beside the board: a real tile with words on or around it is a key, never a piece.

A page may explain a scenario's rule with a small drawing next to the battlefield: a sand 7-hex
with the numbers 1 to 6 written around it, or in its own outer hexes, shows which way each roll
of the die points (the page's text calls it a key placed beside the board). The tile is a piece's
drawing, but no builder places it: it touches no tile of the board, and words are written in the
hexes it covers or around it. The words themselves are skipped as labels (see `reader`).
"""

from __future__ import annotations

from typing import Any, Callable

from mapkit.formats.glasq.pieces import Placed
from mapkit.model.grid import neighbours

#: A key is small: at most this many pieces drawn touching one another.
MOST_PIECES = 2
#: Labels in at least this many of the hexes around it make a drawing a key.
LEAST_LABELS = 3


def drop_keys(placed: list[Placed], labels: dict[int | None, set[tuple[int, int]]],
              skip: Callable[[Placed, str], None]) -> list[Placed]:
    """The pieces without the keys drawn beside the board (each named to `skip`).

    `labels` holds the hexes words are written in, by scenario (None: the level pictures). The
    board's pieces (the shared ones, with one scenario's own in turn) are grouped by touching
    hexes (the same hex or a neighbour, on any Level); a group of at most MOST_PIECES pieces of one
    picture kind, apart from a larger group, with words in at least LEAST_LABELS of the hexes it
    covers or those around it, is a key. (A number written in one hex of a tile counts it, a
    stack of that tile: words in three hexes of one drawing are a diagram's, not a count.)"""
    dropped: set[int] = set()
    scenarios = sorted({p.scenario for p in placed if p.scenario is not None})
    for scenario in [None, *scenarios]:
        board = [p for p in placed if p.scenario in (None, scenario)]
        words = labels.get(None, set()) | (labels.get(scenario, set()) if scenario is not None else set())
        groups = _touching(board)
        if len(groups) < 2:
            continue
        largest = max(len(g) for g in groups)
        for group in groups:
            if len(group) > MOST_PIECES or len(group) == largest or any(p.scenario != scenario for p in group):
                continue
            cells = {c for p in group for c in p.cells}
            near = cells | {n for c in cells for n in neighbours(*c)}
            if len(near & words) >= LEAST_LABELS:
                for p in group:
                    if id(p) not in dropped:
                        skip(p, "is a key drawn beside the board (labels written on or around it, touching no "
                                "tile of the board), not a piece")
                        dropped.add(id(p))
    return [p for p in placed if id(p) not in dropped] if dropped else placed


def _touching(pieces: list[Placed]) -> list[list[Placed]]:
    """Groups of pieces whose hexes are the same or neighbours (union-find over hexes)."""
    parent: dict[tuple[int, int], tuple[int, int]] = {}

    def find(c: Any) -> Any:
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    for p in pieces:
        for c in p.cells:
            parent.setdefault(c, c)
    for p in pieces:
        if not p.cells:
            continue
        root = find(p.cells[0])  # (stays the root: every other root is hung under it)
        for c in p.cells:
            parent[find(c)] = root
            for n in neighbours(*c):
                if n in parent:
                    parent[find(n)] = root
    groups: dict[Any, list[Placed]] = {}
    for p in pieces:
        if p.cells:
            groups.setdefault(find(p.cells[0]), []).append(p)
    return list(groups.values())
