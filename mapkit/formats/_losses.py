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
#: map of several scenarios is written as its shared terrain, one scenario as that scenario, which
#: leaves out what the scenario removes), and its rooms are named by one loss for the whole map.
CARRIED_BY_THE_MAP = frozenset({"scenario", "absent_in", "rooms"})


def unheld_attrs(m: Map, held: Iterable[str], fmt: str) -> list[str]:
    """One loss line per map attribute outside `held`, in the map's order, quoting its start, and
    one for the rooms of a page that draws several (written as the one board they are laid out on)."""
    held = set(held)
    out = []
    if m.rooms:
        out.append(f"rooms: {len(m.rooms)} rooms laid out as one board; {fmt} has no place for the rooms "
                   "(which piece is in which, their names, their own frames)")
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
