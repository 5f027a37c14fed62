"""The armies a scenario's set-up lists: "Place figures where shown by the following numbers",
then, for each player, a colour and the figures behind the numbers drawn on the board:

    Good Player: White
    1: Raelin the Kyrie Warrior
    2: Finn the Viking Champion
    Evil Player: Black
    1: Ne-Gok-Sa

The n-th army listed is player n's (P1F1, P2F1 ... in the drawing). The pages show it: on both
official pages of the corpus that list armies (hsbf0001 Table of the Giants, hsbf0023 Genotech)
player 1's numbers are written in black, on the light discs of the first-listed "White" army, and
player 2's in white on the "Black" one. Each army's colour goes to `Scenario.attrs["army_colours"]`
(player as text -> colour as the page writes it, lower case) and each name to the figures of that
player and number (`attrs["name"]`), where the board has not already named them.
"""

from __future__ import annotations

import re

from mapkit.model.map import Map

#: "Good Player: White", "Player 1: Red": a side and one word of colour, on a line of its own.
_ARMY = re.compile(r"^(?P<side>[^\n:]{0,40}\bPlayer\b[^\n:]{0,20}):[ \t]*(?P<colour>[A-Za-z]{2,20})[ \t]*$",
                   re.MULTILINE | re.IGNORECASE)
#: "1: Raelin the Kyrie Warrior": what is written on the figures, then its name.
_FIGURE = re.compile(r"^(?P<label>[0-9A-Za-z]{1,3}):[ \t]*(?P<name>\S[^\n]{0,200})$")


def armies(text: str) -> list[tuple[str, dict[str, str]]]:
    """(colour, {label: name}) for each army the text lists, in its order; an army line that no
    numbered figure follows is no army (a "Player 1: Goal" line)."""
    out = []
    for found in _ARMY.finditer(text):
        figures: dict[str, str] = {}
        for line in text[found.end():].lstrip("\n").split("\n"):
            entry = _FIGURE.match(line.strip())
            if not entry:
                break
            figures.setdefault(entry["label"], entry["name"].strip())
        if figures:
            out.append((found["colour"].lower(), figures))
    return out


def name_armies(m: Map) -> None:
    """Each scenario's army colours, and the names of its figures, from its set-up text."""
    for setup in m.scenario_setups:
        listed = armies(setup.notes)
        if not listed:
            continue
        setup.attrs["army_colours"] = {str(n): colour for n, (colour, _) in enumerate(listed, 1)}
        names = {(n, label): name for n, (_, figures) in enumerate(listed, 1) for label, name in figures.items()}
        alone = len(m.scenario_setups) == 1  # an untagged figure is this scenario's only on a page of one
        for piece in m.pieces:
            scenario = piece.attrs.get("scenario")
            if not (scenario == setup.number or (scenario is None and alone)) or piece.attrs.get("name"):
                continue
            player = piece.attrs.get("player")
            name = names.get((player, str(piece.attrs.get("label", "")))) if isinstance(player, int) else None
            if name and piece.type.startswith("figure"):
                piece.attrs["name"] = name
