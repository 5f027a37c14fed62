"""Who plays on a map, as its pictures show them: each player's colours and the figures a scenario
places, numbered and named as the map says.

A map may name its own colours: a battlefield page's start zones are olive, purple, teal and navy
(`Map.attrs["zone_colours"]`), and a scenario's armies are the colours its set-up names ("Good
Player: White", `Scenario.attrs["army_colours"]`). Every picture and sheet draws those, and says
them in its legend; a map that names none is drawn in VirtualScape's player colours (the catalog's
table). A figure shows what the map writes on it (a page's "1", "E" or "Hydra") or the initials of
its name, and the legend lists the names behind the numbers.
"""

from __future__ import annotations

from typing import Iterable

from mapkit.model.catalog import catalog
from mapkit.model.map import Map, Piece
from mapkit.outputs.scene.style import RGB, LegendEntry, mark_rgb
from mapkit.records import Record

#: A colour the map names that is no colour name known: drawn in the player's usual colour,
#: and the legend says so.
UNKNOWN = " (a colour mapkit does not know: drawn in VirtualScape's)"


class Colour(Record, frozen=True):
    name: str
    rgb: RGB


class Figure(Record, frozen=True):
    """One figure as the legend lists it: its player, what is written on it, its name."""

    player: int | None
    label: str
    name: str
    colour: Colour


def default_colour(player: int) -> Colour:
    """VirtualScape's colour for a player's start zone (the catalog's table)."""
    for entry in catalog().start_zone_colours:
        if int(entry["player"]) == int(player):
            r, g, b = entry["rgb"]
            return Colour(str(entry["name"]).lower(), (int(r), int(g), int(b)))
    return Colour(f"player {player}", (128, 128, 128))


def named_colour(name: str, player: int) -> Colour:
    """A colour a map names ("olive", "White"), as CSS names it (Pillow's table of CSS colour
    names); a name it does not know is the player's usual colour, marked as such."""
    from PIL import ImageColor

    try:
        rgb = ImageColor.getrgb(name.strip().lower())
    except ValueError:
        return Colour(name + UNKNOWN, default_colour(player).rgb)
    return Colour(name.strip().lower(), (int(rgb[0]), int(rgb[1]), int(rgb[2])))


def _player(piece: Piece) -> int | None:
    try:
        player = int(piece.attrs.get("player") or 0)
    except (TypeError, ValueError):
        return None
    return player or None


def colour_of(names: dict | None, player: int) -> Colour:
    """Player `player`'s colour from a table of the names a map gives (player as text -> colour
    name: `Map.attrs["zone_colours"]`, a scenario's "army_colours"), else VirtualScape's."""
    name = (names or {}).get(str(player))
    return named_colour(name, player) if isinstance(name, str) and name else default_colour(player)


def zone_colour(m: Map, player: int) -> Colour:
    """The colour of player `player`'s start zone on map `m`."""
    return colour_of(m.attrs.get("zone_colours"), player)


def army_colour(m: Map, player: int | None, scenario: int | None = None) -> Colour:
    """The colour of player `player`'s figures: their army's as the scenario names it, else the
    player's start-zone colour; a figure of no player is drawn in the neutral figure colour."""
    if not player:
        return Colour("", mark_rgb("figure"))
    for setup in m.scenario_setups:
        armies = setup.attrs.get("army_colours") or {}
        if (scenario is None or setup.number == scenario) and armies.get(str(player)):
            return colour_of(armies, player)
    return zone_colour(m, player)


def figure_label(piece: Piece) -> str:
    """What a figure shows: what the map writes on it, else the initials of its name, else "F"."""
    label = str(piece.attrs.get("label") or "").strip()
    if label:
        return label
    return "".join(w[0] for w in str(piece.attrs.get("name") or "").split()[:2]).upper() or "F"


def figure_colour(m: Map, piece: Piece) -> Colour:
    scenario = piece.attrs.get("scenario")
    return army_colour(m, _player(piece), scenario if isinstance(scenario, int) else None)


class Cast:
    """The players and figures one picture shows, in the map's colours: the legend's lines for
    them (one per start zone, one per figure the map numbers or names)."""

    def __init__(self, m: Map, pieces: Iterable[Piece] | None = None):
        self.zones: dict[int, Colour] = {}
        figures: dict[tuple, Figure] = {}
        if pieces is None:                       # the start zones and figures, in map order
            cat = catalog()
            pieces = m.of_type(*[t for t in m.pieces.type_counts() if t == "start-zone" or cat[t].kind == "figure"])
        for piece in pieces:
            if piece.type == "start-zone":
                player = _player(piece)
                if player:
                    self.zones.setdefault(player, zone_colour(m, player))
            elif catalog()[piece.type].kind == "figure":
                figure = Figure(_player(piece), figure_label(piece), str(piece.attrs.get("name") or ""),
                                figure_colour(m, piece))
                figures.setdefault((figure.player or 0, figure.label, figure.name), figure)
        self.figures = [figures[k] for k in sorted(figures, key=lambda k: (k[0], _number_first(k[1]), k[2]))]

    def legend(self) -> list[LegendEntry]:
        entries = [LegendEntry("start", (player, colour.rgb), f"start zone, player {player} ({colour.name})",
                               colour.rgb) for player, colour in sorted(self.zones.items())]
        if self.figures and all(f.label == "F" and not f.name for f in self.figures):
            entries.append(LegendEntry("figure", ("F", mark_rgb("figure")), "figure (in its player's colour)",
                                       mark_rgb("figure")))
            return entries
        for f in self.figures:
            whose = f"player {f.player}, {f.colour.name}" if f.player else "no player"
            words = f"{f.label}: {f.name} ({whose})" if f.name and f.label != "F" else f"figure {f.label} ({whose})"
            entries.append(LegendEntry("figure", (f.label, f.colour.rgb), words, f.colour.rgb))
        return entries


def _number_first(label: str) -> tuple[int, int | str]:
    return (0, int(label)) if label.isdecimal() else (1, label)  # (isdigit takes "²", which int refuses)
