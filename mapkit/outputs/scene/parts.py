"""What a builder counts: the parts some pieces of a map use, by name (the build sheets and the report list them)."""

from __future__ import annotations

from collections import Counter

from mapkit.model.catalog import catalog
from mapkit.model.map import Map


def parts_list(m: Map, indices: list[int]) -> list[tuple[str, int]]:
    """(piece name, count) for the given pieces, start zones counted in hexes, biggest first."""
    cat = catalog()
    counts: Counter[str] = Counter()
    for i in indices:
        piece = m.pieces[i]
        ptype = cat[piece.type]
        if ptype.id == "start-zone":
            counts[f"start zone spaces, player {piece.attrs.get('player', '?')}"] += 1
        elif ptype.id == "glyph":
            counts[f"glyph {piece.attrs.get('letter', '?')}"] += 1
        elif ptype.id == "personal":
            counts[f"personal tile {piece.attrs.get('name') or piece.attrs.get('label') or ''} "
                   f"({len(m.footprint(piece))}-hex)".replace("  ", " ")] += 1
        else:
            counts[ptype.name] += 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
