"""Profiles: which rule families a run uses, and the parameters of each convention.

casual     the physical build rules only;
tournament adds the heroscapers.com map-project conventions (physical-and-rules §4.4);
c3g        adds the C3G contest limits (§3.5) and the C3G building rules registered under "c3g".
A rule lists the profiles it belongs to; the parameters below are defaults a user may override
(`mapkit validate --set NAME=VALUE`), each with where it comes from.
"""

from __future__ import annotations

from typing import Any

PROFILES: dict[str, str] = {
    "casual": "physical build rules only",
    "tournament": "physical rules + tournament map conventions (24-hex start zones, 1 master set + 3 expansions, ...)",
    "c3g": "physical rules + C3G contest limits + C3G building rules",
}

#: name -> (default, source). Numbers here are conventions, not rules of the game.
PARAMETERS: dict[str, tuple[Any, str]] = {
    "clearance_slack": (0, "levels taken off obstacle heights for P104; 1 = Hexoscape's clearances"),
    "start_zone_hexes": (24, "BoV and ARV by-laws: exactly 24 start-zone hexes per player"),
    "max_master_sets": (1, "BoV by-laws: at most 1 Master Set"),
    "max_expansions": (3, "BoV by-laws: at most 3 terrain expansions; ARV allows 2"),
    "max_same_expansion": (2, "BoV by-laws: no more than 2 of the same expansion"),
    "min_start_zone_distance": (14, "GameBear's rule of thumb, a guideline"),
    "max_terrain_sets": (4, "C3G Con Map Contest and Big Five: at most 4 terrain sets"),
    "movement_move": (5, "Move of the figure the movement rules use: ARV judges start zones with 5-move figures"),
    "movement_height": (5, "Height of that figure, in levels (assumed: a common medium figure)"),
    "min_engage_turns": (3, "M103: GameBear's 14 hexes between start zones is 3 turns for Move 5"),
    "max_glyph_imbalance": (2, "M104: turns by which a glyph may be nearer one start zone (assumed)"),
    "vehicle_rules": ("current", "C3G vehicle rules: current (the C3G Vehicle rules) or legacy (their legacy text); C303 is legacy only, "
                                 "C306 current only, C304 differs (mapkit rules C304)"),
}

#: Parameters that take one of a few words instead of a whole number.
CHOICES: dict[str, tuple[str, ...]] = {"vehicle_rules": ("current", "legacy")}


def defaults() -> dict[str, Any]:
    return {name: value for name, (value, _source) in PARAMETERS.items()}


def parse_setting(text: str) -> tuple[str, Any]:
    """'NAME=VALUE' -> (name, value: a whole number, or one of a choice's words); raises
    ValueError naming what is wrong."""
    name, sep, value = text.partition("=")
    name = name.strip()
    if not sep or name not in PARAMETERS:
        raise ValueError(f"unknown setting {text!r} (known: {', '.join(PARAMETERS)})")
    if name in CHOICES:
        word = value.strip()
        if word not in CHOICES[name]:
            raise ValueError(f"setting {name}: {word!r} is not one of {', '.join(CHOICES[name])}")
        return name, word
    try:
        return name, int(value)
    except ValueError:
        raise ValueError(f"setting {name}: {value.strip()!r} is not a whole number") from None
