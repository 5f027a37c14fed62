"""Lining a picture up with the shared terrain by what it draws, before its redrawings are matched.

Pages crop their pictures differently: a scenario's picture may be a row shorter than the level
pictures (its `viewBox` cropped at the top, so every Y in it is 78 less and the rows' parities
flip), and the overview of a dungeon page draws each room shifted again. Nothing in the page says
by how much, so the shift is found from the content: the one that lays most of the picture's
drawings onto the same codes, turned the same way, in the level pictures of a room. The faded copy
of the battlefield inside a scenario picture is the first witness; where it has none (or too few
of the shared tiles), the picture's own drawings of the shared terrain are.

On a board of one repeated tile (a field of 1-hex grass) nearly every shift lays a drawing on
some drawing: so the shifts are proposed by the rarest codes first and by the drawings at the
picture's edges, then each is counted over the whole picture, and the one that lays most wins.
"""

from __future__ import annotations

from collections import Counter
from itertools import islice
from typing import Any

from mapkit.formats.glasq.svg import href, local, parse_transform, translate_rotate

#: Where each code is drawn in a room's level pictures: (code, turns) -> the (x, y) of its transforms.
Drawn = dict[tuple[str, int], set[tuple[float, float]]]
#: A drawing as the alignment compares it: (code, turns, x, y).
Use = tuple[str, int, float, float]

#: How many pairs (drawing, drawn place) may propose shifts: bounded work on any page.
VOTE_BUDGET = 20_000
#: How many of the most proposed shifts are counted over the whole picture.
CANDIDATES = 24
#: At most this many drawings of one picture are counted for each shift (evenly spread over it).
COUNTED = 1000
#: A picture's own drawings line it up only when at least this many of them fall on shared tiles.
LEAST_OWN = 3


def place_of(use: Any, steps: list | None = None) -> Use | None:
    """(code, turns, x, y) of a `<use>`: its transform and its `x`, `y` (SVG moves the drawing by
    them inside the transform), after `steps` (its groups' transforms); None if not a plain
    translate and turn."""
    transform = use.get("transform") or ""
    if use.get("x") or use.get("y"):
        transform = f"{transform} translate({use.get('x') or 0},{use.get('y') or 0})"
    try:
        x, y, angle = translate_rotate((steps or []) + parse_transform(transform)[1])
    except ValueError:
        return None
    return href(use), int(angle // 60) % 6, x, y


def uses_in(group: Any, steps: list | None = None) -> list[Use]:
    """Every drawing inside a `<g>` (inside its nested groups too, their transforms applied)."""
    out: list[Use] = []
    for child in group:
        name = local(child)
        if name == "use":
            found = place_of(child, steps)
            if found is not None:
                out.append(found)
        elif name == "g":
            try:
                inner = (steps or []) + parse_transform(child.get("transform") or "")[1]
            except ValueError:
                continue
            out += uses_in(child, inner)
    return out


def ranked_shifts(uses: list[Use], drawn: Drawn) -> list[tuple[tuple[float, float], int]]:
    """Shifts and how many of `uses` each lays onto the drawings `drawn` (counted over at most
    COUNTED of them, evenly spread), the best first: more laid, then no shift, then more proposed."""
    known = [u for u in uses if (u[0], u[1]) in drawn]
    if not known:
        return [((0.0, 0.0), 0)]
    # proposers: the drawings at the picture's edges, then the rarest codes first
    edges = [min(known, key=lambda u: u[2]), max(known, key=lambda u: u[2]),
             min(known, key=lambda u: u[3]), max(known, key=lambda u: u[3])]
    proposers = edges + sorted(known, key=lambda u: len(drawn[(u[0], u[1])]))
    votes: Counter[tuple[float, float]] = Counter()
    spent = 0
    for code, turns, x, y in proposers:
        if spent >= VOTE_BUDGET:
            break
        places = drawn[(code, turns)]
        for x1, y1 in islice(places, VOTE_BUDGET - spent):
            votes[(x1 - x, y1 - y)] += 1
        spent += len(places)
    step = max(1, -(-len(known) // COUNTED))
    counted = known[::step]

    def lays(shift: tuple[float, float]) -> int:
        dx, dy = shift
        return step * sum((x + dx, y + dy) in drawn[(code, turns)] for code, turns, x, y in counted)

    candidates = {shift for shift, _ in votes.most_common(CANDIDATES)} | {(0.0, 0.0)}
    scored = [(shift, lays(shift)) for shift in candidates]
    return sorted(scored, key=lambda sc: (-sc[1], sc[0] != (0.0, 0.0), -votes[sc[0]], sc[0]))


def best_shift(uses: list[Use], drawn: Drawn) -> tuple[tuple[float, float], int]:
    """The shift that lays most of `uses` onto the drawings `drawn`, and how many it lays there
    (no shift, where another does no better)."""
    return ranked_shifts(uses, drawn)[0]


def own_uses(svg: Any) -> list[Use]:
    """The drawings a picture makes itself (its direct `<use>`s, as the reader reads them)."""
    return [found for use in svg if local(use) == "use" and (found := place_of(use)) is not None]


def overlay_room(faded: list[Use], own: list[Use], drawn: dict[int, Drawn]) -> tuple[int, tuple[float, float]]:
    """The room a scenario picture draws, and how far it is shifted against that room's pictures,
    from the drawings of its faded copy of the battlefield (`faded`) and its own (`own`).

    Some pages crop the scenario pictures (one row less at the top, so every Y is 78 less and row
    parities flip). The faded copy shows by how much: the shift that lays most of its drawings
    onto a room's level pictures is the one, and that room is the one the scenario is set up on.
    A picture whose faded copy does not show it is lined up by its own drawings of the shared
    terrain (the pieces it draws again), when at least LEAST_OWN of them, and most of those the
    room draws at all, fall on that room's drawings. A witness that two shifts satisfy as well
    says nothing (three new grass tiles a scenario adds fit many places of a grass board); of rooms
    that it fits as well, the first is taken. Otherwise: the first room, no shift."""
    first = min(drawn, default=1)
    for witness, least in ((faded, 1), (own, LEAST_OWN)):
        best = None
        for room, positions in sorted(drawn.items()):
            ranked = ranked_shifts(witness, positions)
            if best is None or ranked[0][1] > best[1][0][1]:
                best = (room, ranked, sum((code, turns) in positions for code, turns, _, _ in witness))
        if best is None:
            continue
        room, ranked, comparable = best
        (shift, placed), runner_up = ranked[0], (ranked[1][1] if len(ranked) > 1 else -1)
        if placed >= least and placed * 2 > comparable and (runner_up < placed or shift == (0.0, 0.0)):
            return room, shift
    return first, (0.0, 0.0)
