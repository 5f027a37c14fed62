"""Losses every writer shares: the map attributes a format has no place for.

A reader keeps what its format says about the map beyond the pieces in `Map.attrs` (a page's
description and required sets, Hexoscape's declared sets); a writer whose format holds only some
of them (or none) names each one it leaves out, so a conversion never drops one silently.
"""

from __future__ import annotations


from mapkit.errors import Unkept, quoted, said
from mapkit.model.map import Map, Piece

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Iterable

#: Attributes no writer needs to keep: a piece's scenario tag is carried by the map itself (a
#: map of several scenarios is written as its shared terrain, one scenario as that scenario, which
#: leaves out what the scenario removes), and its rooms are named by one loss for the whole map.
CARRIED_BY_THE_MAP = frozenset({"scenario", "absent_in", "rooms"})

#: Map attributes a format with a field for notes (VirtualScape's scenario text, Hexoscape's
#: mapNotes) carries there, ahead of the notes, rather than dropping them: a page's description.
CARRIED_IN_NOTES = ("description",)

class Places:
    """A hex as a loss names it: first as the build sheets letter and number it ("C7"), then
    axial (q, r), so a builder finds it on the sheets; the board is measured on first use only
    (most conversions lose nothing)."""

    def __init__(self, m: Map):
        self.m = m
        self.board: object = None
        self.measured = False

    def __call__(self, q: int, r: int) -> str:
        if not self.measured:
            from mapkit.model.board import Board

            self.measured = True
            try:
                self.board = Board.of(self.m)
            except (ValueError, TypeError, OverflowError, KeyError):  # pieces no board holds (the loss says why)
                self.board = None
        from mapkit.model.board import hex_named

        try:
            return hex_named(self.board, q, r)  # type: ignore[arg-type]
        except (ValueError, TypeError, OverflowError):
            return f"({q}, {r})"


def notes_text(m: Map, sets: bool = False, carry: str | None = None, tiled: Iterable[int] = ()) -> str:
    """The map's notes as a format's one notes field holds them: what `CARRIED_IN_NOTES` names
    (a page's description), then the notes themselves, a blank line apart, each once. With
    `sets` (a format with no field for the declared sets) the sets too, as a page's "Required
    Sets:" line, which the format's reader reads back, unless the notes hold such a line. With
    `carry` (a format's name) the lines `_carried.lines` gives it (a page's number, its zone
    colours but those of the players in `tiled` ...), first, each unless the notes hold it."""
    notes = str(m.notes or "")
    parts = [str(m.attrs[key]).strip() for key in CARRIED_IN_NOTES if str(m.attrs.get(key) or "").strip()]
    parts = [part for part in parts if part not in notes]
    if carry:
        from mapkit.formats._carried import lines

        held = {line.strip() for line in notes.splitlines()}
        block = [line for line in lines(m, carry, tiled) if line not in held]
        if block:
            parts.insert(0, "\n".join(block))
    if sets:
        from mapkit.sets.declared import of_map, read_required, required_line

        declared = of_map(m)  # the map's own (a scenario's own list is in its text)
        said = read_required("\n".join(parts + [notes]), [], "")  # what a reader would take (the first line)
        if declared and said != {d.product.key: d.copies for d in declared}:
            parts.insert(0, required_line(declared))
    return "\n\n".join(parts + ([notes] if notes else []))


def unheld_attrs(m: Map, held: Iterable[str], fmt: str, notes: bool = False) -> list[str]:
    """One loss line per map attribute outside `held`, in the map's order, quoting its start, and
    one for the rooms of a page that draws several (written as the one board they are laid out on;
    one room taken from such a page is a board, and only its name is not kept: `Unkept`).
    With `notes` the format has a notes field, which carries `CARRIED_IN_NOTES`."""
    own = set(held)  # a scenario's own attributes: the notes carry only the map's
    held = own | (set(CARRIED_IN_NOTES) if notes else set())
    out: list[str] = []
    if m.several_rooms():
        out.append(f"rooms: {len(m.rooms)} rooms laid out as one board; {fmt} has no place for the rooms "
                   "(which piece is in which, their names, their own frames)")
    elif m.rooms and m.rooms[0].name:  # one room taken from a page of several: the board is the room
        out.append(Unkept(f"the room's name {quoted(m.rooms[0].name)}: {fmt} keeps the board, not what the page "
                          "calls it"))
    for key, value in m.attrs.items():
        if key in held or value in (None, "", [], {}):
            continue
        out.append(f"map attribute {key.replace('_', ' ')} ({said(value)}): {fmt} has no place for it")
    if len(m.scenario_setups) == 1:  # one scenario written (several are one loss, `formats.scenario_losses`)
        setup = m.scenario_setups[0]
        for key, value in setup.attrs.items():
            if key not in own and value not in (None, "", [], {}):
                out.append(f"scenario {setup.number} attribute {key.replace('_', ' ')} ({said(value)}): "
                           f"{fmt} has no place for it")
    return out


#: hexMap fields every format mapkit writes carries in fields of its own (or names otherwise:
#: setsUsed as the declared sets); the board and id are named by `board_losses`.
_HEX_MAP_CARRIED = frozenset({"name", "author", "mapNotes", "setsUsed"})


#: Fields of a Hexoscape file that say nothing a builder builds: the editor's picture of the map
#: (drawn from its pieces) and the version of its file. A target without them warns, never refuses.
_HEX_MAP_DERIVED = {"mapPortraitBase64": "the map's picture, drawn from its pieces", "version": "the file's version"}


def board_losses(m: Map, fmt: str) -> list[str]:
    """What a map read from Hexoscape says of its board that a format without a Hexoscape board
    loses: the board's shape and size (read back, the board is as large as its pieces), the map's
    id (even one mapkit made up), the editor's picture of the map: each `Unkept` (the target
    derives it or a builder never sees it); and any other field of the hexMap or the file that
    says something, which refuses (what it says is not known)."""
    kept = m.extras.get("hexoscape")
    hex_map = kept.get("hexMap") if isinstance(kept, dict) else None
    if not isinstance(hex_map, dict):
        return []
    out: list[str] = []
    # (older saves name the length "height": hsc-format §5, `length|height`)
    length_key = "length" if "length" in hex_map or "height" not in hex_map else "height"
    shape, width, length = hex_map.get("shape"), hex_map.get("width"), hex_map.get(length_key)
    if width is not None or length is not None or shape is not None:
        out.append(Unkept(f"Hexoscape board: {shape or 'a board'} of {width} x {length} hexes: {fmt} keeps no "
                          "board size (read back, the board is as large as its pieces)"))
    if hex_map.get("id") not in (None, ""):
        out.append(Unkept(f"Hexoscape map id {said(hex_map['id'])}: {fmt} keeps no map id"))
    extra = kept.get("extra") if isinstance(kept, dict) else None
    others = [(f"hexMap field {key}", key, value) for key, value in hex_map.items()
              if key not in _HEX_MAP_CARRIED | {"id", "shape", "width", length_key}]
    others += [(f"file field {key}", key, value) for key, value in (extra.items() if isinstance(extra, dict) else ())
               if not (key == "mapNotes" and value == hex_map.get("mapNotes"))]  # (the notes again: carried)
    for what, key, value in others:
        if value in (None, "", [], {}):
            continue
        if key in _HEX_MAP_DERIVED:
            out.append(Unkept(f"Hexoscape {what} ({_HEX_MAP_DERIVED[key]}): {fmt} has no place for it"))
        else:
            out.append(f"Hexoscape {what} ({said(value)}): {fmt} has no place for it")
    return out


#: VirtualScape 1.066's print settings for a new document, in the file's order (levels per page,
#: transparency, grid, print tile numbers, print start areas as levels: hsc-format §1.3 and §8).
VS_DEFAULT_PRINT = (6, 80, 1, 0, 1)
_VS_PRINT = ("levels per page", "printing transparency", "printing grid", "print tile numbers",
             "print start areas as levels")


def print_setting_losses(m: Map, fmt: str) -> list[str]:
    """What a map read from VirtualScape says of its printing that a format without VirtualScape's
    print settings loses: the settings its author changed from VirtualScape's defaults."""
    kept = m.extras.get("hsc")
    settings = kept.get("print") if isinstance(kept, dict) else None
    if not isinstance(settings, list):
        return []
    changed = [f"{name} {value!r}" for name, value, default in zip(_VS_PRINT, settings, VS_DEFAULT_PRINT)
               if value != default]  # (how VirtualScape prints its sheets, not what is built: Unkept)
    return [Unkept(f"VirtualScape print settings ({', '.join(changed)}): {fmt} has no place for them")] \
        if changed else []



def unheld_piece_attrs(piece: Piece, held: Iterable[str]) -> list[tuple[str, object]]:
    """(name, value) of each attribute of a piece outside `held` that says something."""
    held = set(held) | CARRIED_BY_THE_MAP
    return [(key, value) for key, value in piece.attrs.items()
            if key not in held and value not in (None, "", [], {}, False)]
