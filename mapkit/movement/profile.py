"""A figure profile: the numbers of an Army Card that movement needs."""

from __future__ import annotations


from mapkit.errors import OptionError, choice
from mapkit.limits import MAX_MOVE
from mapkit.records import Record

FALL_POLICIES = ("none", "minor", "major", "all")


class Figure(Record, frozen=True):
    """Move and Height as on the Army Card; `double` for double-space figures.

    `falls` says which falls a route may take: "none", "minor" (one die), "major" (three
    dice) or "all" (d20 included). `elevator_car` marks the C3G Elevator Car, the only
    figure allowed into elevator shafts. `stop_on_glyphs` False lets a walker pass over
    glyphs without stopping (no command sets it; glyphs stop a move by default).
    """

    move: int = 5
    height: int = 5
    double: bool = False
    flying: bool = False
    falls: str = "minor"
    elevator_car: bool = False
    stop_on_glyphs: bool = True

    def __post_init__(self) -> None:
        if not 0 <= self.move <= MAX_MOVE or self.height < 1:
            raise OptionError(f"figure needs Move 0 to {MAX_MOVE} and Height >= 1, "
                              f"got Move {self.move}, Height {self.height}")
        choice(self.falls, FALL_POLICIES, "falls")


def fall_dice(drop: int, height: int, onto_water: bool = False) -> str | None:
    """The dice a drop of `drop` levels makes a figure of `height` roll (seeds/004), or None.

    "1" at drop >= Height, "3" (a major fall) at >= Height + 10, "d20" (an extreme fall) at
    >= Height + 20; never onto water.
    """
    if onto_water or drop < height:
        return None
    if drop >= height + 20:
        return "d20"
    if drop >= height + 10:
        return "3"
    return "1"


def fall_allowed(dice: str | None, policy: str) -> bool:
    """Whether a route following `policy` may take a fall rolling `dice`."""
    if dice is None or policy == "all":
        return True
    if policy == "none":
        return False
    if policy == "minor":
        return dice == "1"
    return dice in ("1", "3")
