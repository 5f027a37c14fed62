"""Several boards on one page: the rooms of a dungeon, read apart and laid out as the page shows them.

A whole-dungeon page (Battle for the Underdark's Shadow Cavern, River of Blood, Ancient Sanctum)
draws each room's levels in turn, "Level 1" to "Level N" and again from "Level 1": a picture whose
Level is not above the one before it starts a new board. Each room is read on its own (its tiles
stack on its own lower levels only), then laid out as the page's overview picture lays it: that
picture draws every room as a group (`<g transform="translate(X,Y) rotate(A ...)">` around the
room's tiles), labels the groups "Room K", and marks with a key the "shared tiles between rooms"
where two rooms' boards overlap. On that layout a shared tile is one piece that belongs to both
rooms (`attrs["rooms"]`), so the page is built, and counted, with it once. A page with several
rooms and no overview lays them side by side, in page order.

The layout's frame is the first room's own: its pieces keep the coordinates of its pictures. Each
room keeps the turn and shift that take the layout back to its own pictures (`Room.attrs["frame"]`),
so it can be shown, checked and printed as its own pictures draw it.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import Any, Callable

from mapkit.formats.glasq.align import Drawn, best_shift, uses_in
from mapkit.formats.glasq.svg import apply, centre, href, local, nearest_hex, parse_transform, text_of
from mapkit.model.grid import rotate
from mapkit.model.map import Piece, Room
from mapkit.records import Record, field

_ROOM_LABEL = re.compile(r"^\s*Room\s+(\d+)\s*$", re.IGNORECASE)
_SHARED_KEY = re.compile(r"shared", re.IGNORECASE)
#: Columns left empty between rooms laid side by side (a page with no overview picture).
GAP_COLUMNS = 2



class Group(Record):
    """One room as the overview draws it: the group's transform and the tiles inside it."""

    matrix: tuple
    uses: list[tuple[str, int, float, float]]  # (code, turns, x, y) inside the group
    room: int | None = None
    shift: tuple[float, float] = (0.0, 0.0)  # room picture position + shift = position inside the group

    @property
    def turns(self) -> int:
        a, b = self.matrix[0], self.matrix[1]
        return round(math.degrees(math.atan2(b, a)) / 60) % 6

    def to_page(self, x: float, y: float) -> tuple[float, float]:
        """Where a point of the room's own pictures is drawn on the overview."""
        return apply(self.matrix, x + self.shift[0], y + self.shift[1])

    def from_page(self, x: float, y: float) -> tuple[float, float]:
        """The point of the room's own pictures drawn at an overview point."""
        a, b, c, d, e, f = self.matrix
        det = a * d - b * c
        x0, y0 = x - e, y - f
        return (d * x0 - c * y0) / det - self.shift[0], (-b * x0 + a * y0) / det - self.shift[1]


class Overview(Record):
    """A picture that lays out the rooms of the page (see the module docstring)."""

    groups: list[Group] = field(default_factory=list)
    keys: dict[str, str] = field(default_factory=dict)  # code -> what the key beside it says
    marks: list[tuple[str, float, float, int]] = field(default_factory=list)  # (code, x, y, line)
    labels: list[tuple[str, float, float]] = field(default_factory=list)  # (words, x, y)


def overview_of(svg: Any) -> Overview | None:
    """The picture's layout of rooms, if its faded copy draws the rooms as transformed groups."""
    groups = []
    for faded in svg:
        if local(faded) != "g":
            continue
        for g in faded:
            if local(g) == "g" and g.get("transform"):
                try:
                    groups.append(Group(parse_transform(g.get("transform"))[0], uses_in(g)))
                except ValueError:
                    continue
    if len(groups) < 2:
        return None
    view = Overview(groups)
    children = list(svg)
    for i, child in enumerate(children):
        if local(child) != "use":
            continue
        try:
            x, y = apply(parse_transform(child.get("transform") or "")[0], 46.0, 53.0)
        except ValueError:
            continue
        code = href(child)
        following = children[i + 1] if i + 1 < len(children) else None
        words = text_of(following) if following is not None and local(following) == "text" and \
            (following.get("transform") or "").strip() == (child.get("transform") or "").strip() else ""
        if words and _ROOM_LABEL.match(words):
            view.labels.append((words.strip(), x, y))
        elif words:
            view.keys[code] = words
        else:
            view.marks.append((code, x, y, child.sourceline or 0))
    return view


def match_groups(view: Overview, drawn_by_room: dict[int, Drawn], warn: Callable[[str], None]) -> None:
    """Which room each group of the overview draws, and how its tiles are shifted against the
    room's own pictures (the overview crops a row, as scenario pictures do)."""
    taken: set[int] = set()
    for group in view.groups:
        best = None
        for room, drawn in drawn_by_room.items():
            if room in taken:
                continue
            shift, placed = best_shift(group.uses, drawn)
            if best is None or placed > best[2]:
                best = (room, shift, placed)
        if best is None or best[2] * 2 <= len(group.uses):
            continue
        room, shift, _ = best
        group.room, group.shift = room, (-shift[0], -shift[1])
        taken.add(room)
    unmatched = [g for g in view.groups if g.room is None]
    if unmatched:
        warn(f"the page's layout of its rooms draws {len(unmatched)} room(s) that match no room's pictures: "
             "those rooms are laid side by side instead")


class Frame(Record):
    """An axial rigid motion: turn by `turns` about the origin hex, then shift by (dq, dr)."""

    turns: int
    dq: int
    dr: int

    def hex(self, q: int, r: int) -> tuple[int, int]:
        tq, tr = rotate(q, r, self.turns)
        return tq + self.dq, tr + self.dr

    def piece(self, p: Piece) -> Piece:
        q, r = self.hex(p.q, p.r)
        return Piece(p.type, q, r, p.z, (p.rotation + self.turns) % 6 if isinstance(p.rotation, int)
                     else p.rotation + self.turns, dict(p.attrs), dict(p.extras))

    def inverse(self) -> "Frame":
        q, r = rotate(-self.dq, -self.dr, -self.turns)
        return Frame(-self.turns % 6, q, r)


def frame_between(own: Group, ref: Group, pieces: list[Piece]) -> Frame:
    """The motion taking a room's own hexes to the layout (the reference room's frame): the turn
    between the two groups, and the shift most of the room's pieces agree on."""
    turns = (own.turns - ref.turns) % 6
    votes: Counter[tuple[int, int]] = Counter()
    for p in pieces[:400]:
        x, y = own.to_page(*centre(p.q, p.r))
        q, r = nearest_hex(*ref.from_page(x, y))
        tq, tr = rotate(p.q, p.r, turns)
        votes[(q - tq, r - tr)] += 1
    (dq, dr), _ = votes.most_common(1)[0] if votes else ((0, 0), 0)
    return Frame(turns, dq, dr)


def lay_out(by_room: dict[int, list[Piece]], view: Overview | None, warn: Callable[[str], None]
            ) -> tuple[list[Piece], list[Room]]:
    """Every room's pieces on one layout, shared tiles once, and the rooms with their names and
    frames (see the module docstring)."""
    numbers = sorted(by_room)
    groups = {g.room: g for g in (view.groups if view else []) if g.room is not None}
    names = _room_names(view, groups) if view else {}
    frames: dict[int, Frame] = {}
    ref = groups.get(numbers[0])
    for room in numbers:
        if ref is not None and room in groups:
            frames[room] = frame_between(groups[room], ref, by_room[room])
    right = max((q for room in frames for p in by_room[room] for q in _columns(frames[room].piece(p))), default=None)
    for room in numbers:
        if room not in frames:
            pieces = by_room[room]
            if right is None:
                frames[room] = Frame(0, 0, 0)
            else:
                left = min((q for p in pieces for q in _columns(p)), default=0)
                frames[room] = Frame(0, right + GAP_COLUMNS + 1 - left, 0)
            right = max((q for p in pieces for q in _columns(frames[room].piece(p))), default=right)
    _from_the_corner(frames, by_room)
    out: list[Piece] = []
    seen: dict[tuple, Piece] = {}
    shared_hexes: set[tuple[int, int]] = set()
    number_of = {room: names.get(room, (room, ""))[0] for room in numbers}
    for room in numbers:
        for p in by_room[room]:
            moved = frames[room].piece(p)
            moved.attrs["rooms"] = [number_of[room]]
            key = None if p.attrs.get("scenario") is not None else _same_piece_key(moved)
            first = seen.get(key) if key is not None else None
            if first is not None and number_of[room] not in first.attrs["rooms"]:
                first.attrs["rooms"].append(number_of[room])
                shared_hexes.update(_hexes(first))
                continue
            if key is not None:
                seen[key] = moved
            out.append(moved)
    rooms = [Room(number_of[room], names.get(room, (0, ""))[1], {"frame": list(_frame_tuple(frames[room].inverse()))})
             for room in numbers]
    rooms.sort(key=lambda r: r.number)
    if view and ref is not None:
        _check_marks(view, ref, frames[numbers[0]], shared_hexes, warn)
    return out, rooms


def _from_the_corner(frames: dict[int, Frame], by_room: dict[int, list[Piece]]) -> None:
    """Shift the whole layout so its first row and column are 0, as a board is lettered."""
    hexes = [h for room, pieces in by_room.items() for p in pieces for h in _hexes(frames[room].piece(p))]
    if not hexes:
        return
    tr = -min(r for _, r in hexes)
    tq = -min(q + ((r + tr) >> 1) for q, r in hexes)
    for room, f in frames.items():
        frames[room] = Frame(f.turns, f.dq + tq, f.dr + tr)


def _frame_tuple(f: Frame) -> tuple[int, int, int]:
    return f.turns, f.dq, f.dr


def _room_names(view: Overview, groups: dict[int, Group]) -> dict[int, tuple[int, str]]:
    """room (page order) -> (number, name) from the overview's "Room K" labels: each label names
    the group with a tile nearest to it."""
    out: dict[int, tuple[int, str]] = {}
    for words, x, y in view.labels:
        best = None
        for room, group in groups.items():
            for _, _, ux, uy in group.uses:
                gx, gy = apply(group.matrix, ux + 46, uy + 53)
                d = math.dist((gx, gy), (x, y))
                if best is None or d < best[0]:
                    best = (d, room)
        match = _ROOM_LABEL.match(words)
        if best is not None and match:
            out.setdefault(best[1], (int(match.group(1)), words))
    numbers = [n for n, _ in out.values()]
    if len(set(numbers)) != len(numbers):
        return {}
    return out


def _check_marks(view: Overview, ref: Group, ref_frame: Frame, shared: set[tuple[int, int]],
                 warn: Callable[[str], None]) -> None:
    """The hexes the page marks as shared between rooms should be those where rooms' tiles meet."""
    codes = {code for code, words in view.keys.items() if _SHARED_KEY.search(words)}
    marked: set[tuple[int, int]] = set()
    lines = []
    for code, x, y, line in view.marks:
        if code in codes:
            marked.add(ref_frame.hex(*nearest_hex(*ref.from_page(x, y))))
            lines.append(line)
    if not codes or not marked:
        return
    unshared = marked - shared
    if unshared:
        warn(f"lines {min(lines)}-{max(lines)}: the page marks {len(marked)} hexes as shared between rooms; "
             f"the rooms' tiles meet on {len(marked & shared)} of them, and on {len(unshared)} they differ "
             "(both rooms' tiles are kept there)")


def _same_piece_key(p: Piece) -> tuple:
    return p.type, frozenset(_hexes(p)), p.z


def _hexes(p: Piece) -> list[tuple[int, int]]:
    from mapkit.model.catalog import catalog

    cat = catalog()
    return [(p.q + dq, p.r + dr) for dq, dr in cat.footprint(cat[p.type].shape, p.rotation)]


def _columns(p: Piece) -> list[int]:
    """The odd-r columns a piece covers (rooms are laid side by side by columns)."""
    return [q + (r >> 1) for q, r in _hexes(p)]
