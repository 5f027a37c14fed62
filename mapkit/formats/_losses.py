"""Losses every writer shares: the map attributes a format has no place for.

A reader keeps what its format says about the map beyond the pieces in `Map.attrs` (a page's
description and required sets, Hexoscape's declared sets); a writer whose format holds only some
of them (or none) names each one it leaves out, so a conversion never drops one silently.
"""

from __future__ import annotations


from mapkit.model.map import Map, Piece

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Iterable

#: Attributes no writer needs to keep: a piece's scenario tag is carried by the map itself (a
#: map of several scenarios is written as its shared terrain, one scenario as that scenario).
CARRIED_BY_THE_MAP = frozenset({"scenario"})


def unheld_attrs(m: Map, held: Iterable[str], fmt: str) -> list[str]:
    """One loss line per map attribute outside `held`, in the map's order, quoting its start."""
    held = set(held)
    out = []
    for key, value in m.attrs.items():
        if key in held or value in (None, "", [], {}):
            continue
        shown = repr(value) if len(repr(value)) <= 60 else repr(value)[:57] + "..."
        out.append(f"map attribute {key.replace('_', ' ')} ({shown}): {fmt} has no place for it")
    return out


def unheld_piece_attrs(piece: Piece, held: Iterable[str]) -> list[tuple[str, object]]:
    """(name, value) of each attribute of a piece outside `held` that says something."""
    held = set(held) | CARRIED_BY_THE_MAP
    return [(key, value) for key, value in piece.attrs.items()
            if key not in held and value not in (None, "", [], {}, False)]
