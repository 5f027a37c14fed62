"""What a map says that a format holds only as text, carried in its notes and read back from them.

VirtualScape's scenario text and Hexoscape's mapNotes are the one free-text field of their files.
What a map says beyond the fields a format has is written there, one line each, ahead of the notes
(`_losses.notes_text`), and that format's reader reads each line back into the field it came from
(the lines stay in the notes, as a page's "Required Sets:" line does), so a conversion carries it
rather than refusing it:

- a battlefield page's number ("Battlefield page: hsbf0039", `Map.attrs["page"]`);
- the colours a page gives its start zones ("Start zone colours: player 1 olive, player 2 purple",
  `Map.attrs["zone_colours"]`); VirtualScape holds a start zone's colour in its tiles, so its
  notes carry only the players none of whose tiles it writes (`hsc._write`);
- for Hexoscape, which has no field for them: how many players the map is for ("Players: 2",
  `Map.players`), the names of the start zones ('Start zone names: player 1 "Red"'), each
  player's tiles named alike (a player whose tiles differ is named as a loss), and the letters of
  the glyphs, whose pieces Hexoscape has without a letter ("Glyph letters: A at (9, 3) Level 2",
  axial q, r as the file writes them and the Level the glyph lies on).
"""

from __future__ import annotations

import json
import re

from mapkit.errors import said
from mapkit.model.map import Map

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Iterable

PAGE, ZONE_COLOURS, ZONE_NAMES, PLAYERS = "Battlefield page", "Start zone colours", "Start zone names", "Players"
GLYPHS = "Glyph letters"
#: What each target format carries in its notes (VirtualScape has fields for players, names, letters).
CARRIED_BY = {"hsc": (PAGE, ZONE_COLOURS), "hexoscape": (PAGE, ZONE_COLOURS, PLAYERS, ZONE_NAMES, GLYPHS)}
#: The map attribute (or field) each line carries, as a loss names it.
WHAT = {PAGE: "map attribute page", ZONE_COLOURS: "map attribute zone colours", PLAYERS: "players",
        ZONE_NAMES: "start zone names", GLYPHS: "glyph letters"}

_LINE = re.compile(r"^[ \t]*(Battlefield page|Start zone colours|Start zone names|Players|Glyph letters)[ \t]*:"
                   r"[ \t]*(.*?)[ \t]*$", re.MULTILINE)
_GLYPH = re.compile(r"(\S) at \((-?\d{1,12}), (-?\d{1,12})\) Level (\d{1,12})")
_COLOUR = re.compile(r"^[A-Za-z]{1,40}$")
_PLAYER_COLOUR = re.compile(r"player\s+(\d{1,3})\s+([A-Za-z]{1,40})")
_PLAYER_NAME = re.compile(r'player\s+(\d{1,3})\s+("(?:[^"\\]|\\.)*")')


def _one_line(text: object) -> str | None:
    """`text` as the value of one line (None: it says nothing, or it would not stay one line)."""
    value = str(text or "").strip()
    return value if value and "\n" not in value and "\r" not in value else None


def zone_colours(m: Map) -> dict[int, str]:
    """player -> colour name, of the colours `m` names that a line can carry (one word each)."""
    names = m.attrs.get("zone_colours")
    out: dict[int, str] = {}
    for player, name in (names.items() if isinstance(names, dict) else ()):
        if str(player).isdecimal() and isinstance(name, str) and _COLOUR.match(name):
            out[int(player)] = name
    return dict(sorted(out.items()))


def zone_names(m: Map) -> tuple[dict[int, str], dict[int, set[str]]]:
    """(player -> the name all their start-zone tiles share, player -> the names of a player whose
    tiles are named otherwise: some unnamed, or two names)."""
    seen: dict[int, set[str]] = {}
    for piece in m.pieces.of_type(("start-zone",)):
        player = piece.attrs.get("player")
        if isinstance(player, int):
            seen.setdefault(player, set()).add(str(piece.attrs.get("name") or ""))
    shared = {p: next(iter(names)) for p, names in sorted(seen.items()) if len(names) == 1 and "" not in names}
    mixed = {p: names - {""} for p, names in sorted(seen.items()) if p not in shared and names - {""}}
    return shared, mixed


def letter_carried(letter: object) -> bool:
    """Whether a glyph's letter goes into a "Glyph letters" line: one character that is neither
    the unknown glyph's "?" nor a space or comma (which the line's words would swallow)."""
    return isinstance(letter, str) and len(letter) == 1 and letter not in "?, " and letter.isprintable()


def glyph_letters(m: Map) -> list[tuple[str, int, int, int]]:
    """(letter, q, r, Level) of each glyph whose letter a line carries, in map order."""
    return [(p.attrs["letter"], p.q, p.r, p.z) for p in m.pieces.of_type(("glyph",))
            if letter_carried(p.attrs.get("letter"))]


def entries(m: Map, fmt: str, tiled: Iterable[int] = ()) -> list[tuple[str, str]]:
    """(label, value) of each line format `fmt` ("hsc" or "hexoscape") carries for `m` in its
    notes; `tiled` are the players whose start-zone colour its tiles hold (left out of the colours)."""
    carried = CARRIED_BY.get(fmt, ())
    out = []
    page = _one_line(m.attrs.get("page"))
    if PAGE in carried and page:
        out.append((PAGE, page))
    players = _one_line(m.players)
    if PLAYERS in carried and players:  # "0" too: VirtualScape's unset field, kept as the file has it
        out.append((PLAYERS, players))
    held = set(tiled)
    colours = {p: name for p, name in zone_colours(m).items() if p not in held}
    if ZONE_COLOURS in carried and colours:
        out.append((ZONE_COLOURS, ", ".join(f"player {p} {name}" for p, name in colours.items())))
    names = zone_names(m)[0] if ZONE_NAMES in carried else {}
    if names:
        out.append((ZONE_NAMES, ", ".join(f"player {p} {json.dumps(name, ensure_ascii=False)}"
                                          for p, name in names.items())))
    letters = glyph_letters(m) if GLYPHS in carried else []
    if letters:
        out.append((GLYPHS, ", ".join(f"{letter} at ({q}, {r}) Level {z}" for letter, q, r, z in letters)))
    return out


def lines(m: Map, fmt: str, tiled: Iterable[int] = ()) -> list[str]:
    """The lines format `fmt` carries for `m` in its notes (`entries`), as written there."""
    return [f"{label}: {value}" for label, value in entries(m, fmt, tiled)]


def uncarried(m: Map, fmt: str) -> list[str]:
    """What `lines` leaves out that `m` says, as loss lines: a value that would not stay one line,
    a colour that is no one word, the start zones of a player whose tiles are named otherwise."""
    carried = CARRIED_BY.get(fmt, ())
    out = []
    if PAGE in carried and str(m.attrs.get("page") or "").strip() and not _one_line(m.attrs.get("page")):
        out.append(f"map attribute page ({said(m.attrs['page'])}): more than one line, which the notes "
                   "carry only as one")
    names = m.attrs.get("zone_colours")
    if ZONE_COLOURS in carried and isinstance(names, dict) and len(zone_colours(m)) != len(names):
        out.append(f"map attribute zone colours ({said(names)}): only colours named by one word are carried "
                   "in the notes")
    if PLAYERS in carried and str(m.players or "").strip() and not _one_line(m.players):
        out.append(f"players ({said(m.players)}): more than one line, which the notes carry only as one")
    if ZONE_NAMES in carried:
        for player, found in zone_names(m)[1].items():
            out.append(f"start zone names of player {player} ({', '.join(sorted(map(repr, found)))}): the notes "
                       "carry one name for all of a player's start zone")
    return out


def read_back(m: Map, fmt: str) -> None:
    """Take what format `fmt` carries in its notes back into the fields it came from (the first
    line of each kind; a field the file itself fills keeps its own)."""
    notes = str(m.notes or "")
    if ":" not in notes:
        return
    carried = CARRIED_BY.get(fmt, ())
    found: dict[str, str] = {}
    for match in _LINE.finditer(notes):
        if match.group(1) in carried and match.group(2):
            found.setdefault(match.group(1), match.group(2))
    if PAGE in found and not m.attrs.get("page"):
        m.attrs["page"] = found[PAGE]
    if PLAYERS in found and not str(m.players or "").strip():
        m.players = found[PLAYERS]
    if ZONE_COLOURS in found:
        colours = {p: name for p, name in _PLAYER_COLOUR.findall(found[ZONE_COLOURS])}
        merged = dict(colours, **(m.attrs.get("zone_colours") or {}))
        if merged:
            m.attrs["zone_colours"] = dict(sorted(merged.items(), key=lambda item: int(item[0])))
    if ZONE_NAMES in found:
        names = {}
        for player, quoted in _PLAYER_NAME.findall(found[ZONE_NAMES]):
            try:
                names[int(player)] = json.loads(quoted)
            except ValueError:
                continue
        for piece in m.pieces.of_type(("start-zone",)) if names else ():
            if piece.attrs.get("player") in names and not piece.attrs.get("name"):
                piece.attrs["name"] = names[piece.attrs["player"]]
    if GLYPHS in found:
        places: dict[tuple[int, int, int], list[str]] = {}
        for letter, q, r, z in _GLYPH.findall(found[GLYPHS]):
            places.setdefault((int(q), int(r), int(z)), []).append(letter)
        for piece in m.pieces.of_type(("glyph",)) if places else ():
            waiting = places.get((piece.q, piece.r, piece.z))
            if waiting and piece.attrs.get("letter", "?") == "?":
                piece.attrs["letter"] = waiting.pop(0)

