"""The hex grid: pointy-top hexes in axial coordinates (q, r), rows growing south.

Vocabulary and formulas follow Red Blob Games' hexagon guide. VirtualScape stores odd-r
offsets (odd rows shifted half a hex east); `offset_to_axial` / `axial_to_offset` convert,
with floor division so negative rows work too.
"""

from __future__ import annotations

import math

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Iterable

#: Distance between neighbouring hex centres, in millimetres (1.75 in; physical-and-rules §1.1).
HEX_PITCH_MM = 44.45
#: Height gained per stacked land tile, in millimetres (best estimate; physical-and-rules §1.3).
LEVEL_HEIGHT_MM = 9.6
SQRT3 = math.sqrt(3.0)

#: The six neighbour directions, clockwise from east as seen with north up.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
DIRECTION_NAMES = ("E", "SE", "SW", "W", "NW", "NE")


def offset_to_axial(col: int, row: int) -> tuple[int, int]:
    """Odd-r offset (VirtualScape column, row) to axial (q, r)."""
    return col - (row >> 1), row


def axial_to_offset(q: int, r: int) -> tuple[int, int]:
    """Axial (q, r) to odd-r offset (column, row)."""
    return q + (r >> 1), r


def neighbours(q: int, r: int) -> list[tuple[int, int]]:
    """The six hexes around (q, r), clockwise from east."""
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Number of steps between two hexes on a flat grid."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate(dq: int, dr: int, turns: int) -> tuple[int, int]:
    """Turn an axial offset by `turns` × 60° clockwise (north up) about the origin hex."""
    turns %= 6
    for _ in range(turns):
        dq, dr = -dr, dq + dr
    return dq, dr


def rotate_cells(cells: Iterable[tuple[int, int]], turns: int) -> list[tuple[int, int]]:
    """Turn every offset in `cells` by `turns` × 60° clockwise."""
    return [rotate(dq, dr, turns) for dq, dr in cells]


def hex_center_mm(q: float, r: float, pitch: float = HEX_PITCH_MM) -> tuple[float, float]:
    """Centre of hex (q, r) in millimetres (or the units of `pitch`): x east, y south, hex (0, 0)
    at the origin. The one hex-centre formula of mapkit: `q` and `r` may be numpy arrays too."""
    return pitch * (q + r / 2.0), pitch * (SQRT3 / 2.0) * r


def mm_to_hex(x: float, y: float, pitch: float = HEX_PITCH_MM) -> tuple[int, int]:
    """The hex whose cell contains the point (x, y) in millimetres."""
    r = y / (pitch * SQRT3 / 2.0)
    q = x / pitch - r / 2.0
    return cube_round(q, r)


def cube_round(q: float, r: float) -> tuple[int, int]:
    """Round fractional axial coordinates to the nearest hex."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


#: Unit corners of a pointy-top hex of pitch 1, clockwise from the top vertex: corner i is at
#: angle -90 + 60 i degrees; edge i joins corner i and corner i + 1.
UNIT_CORNERS: tuple[tuple[float, float], ...] = tuple(
    (math.cos(math.radians(-90 + 60 * i)) / SQRT3, math.sin(math.radians(-90 + 60 * i)) / SQRT3) for i in range(6))
#: The edge facing grid direction d (0 = east, clockwise): edge (d + 1) mod 6.
EDGE_OF_DIRECTION = tuple((d + 1) % 6 for d in range(6))

_OFFSETS: dict[tuple[float, float], tuple[tuple[float, float], ...]] = {}


def corner_offsets(pitch: float = HEX_PITCH_MM, size: float = 1.0) -> tuple[tuple[float, float], ...]:
    """The corners of a hex relative to its centre, for this pitch and `size` (a fraction of the
    cell: 0.5 is a hexagon half as wide), clockwise from the top."""
    key = (pitch, size)
    found = _OFFSETS.get(key)
    if found is None:
        k = pitch * size
        found = _OFFSETS[key] = tuple((k * ux, k * uy) for ux, uy in UNIT_CORNERS)
    return found


def hex_corners(q: float, r: float, pitch: float = HEX_PITCH_MM, size: float = 1.0) -> list[tuple[float, float]]:
    """The six corners of hex (q, r), clockwise from the top; `size` shrinks it about its centre
    (a fraction of the cell)."""
    cx, cy = hex_center_mm(q, r, pitch)
    return [(cx + dx, cy + dy) for dx, dy in corner_offsets(pitch, size)]


def hex_corners_mm(q: float, r: float, pitch: float = HEX_PITCH_MM, size: float | None = None
                   ) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hex, clockwise from the top vertex.

    `size` is the flat-to-flat width of the drawn hexagon (default: the full grid cell).
    """
    return hex_corners(q, r, pitch, 1.0 if size is None else size / pitch)
