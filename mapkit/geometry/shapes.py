"""Shrinking an area by a distance (erosion), without GEOS's negative-buffer leftovers.

GEOS (3.14, through shapely 2.2) shrinks a square turned off the axes by a little more than
half its side into a speck (a 0.04 mm square for an 8 mm square shrunk by 4.02 mm) instead of
nothing; the same square on the axes comes out empty. The overlay then said a floor filled by
its walls had room, and that a room a little narrower than a base held one, depending only on
how the Book was turned. (Growing the boundary instead leaves the same speck as a hole.)

Every point of an area shrunk by d lies at least d from the area's boundary, whatever the join.
A speck does not: it sits where the opposite walls' offsets crossed, nearer than d. So each
part of GEOS's answer is kept only if a point inside it is at least d from the boundary.
"""

from __future__ import annotations

from typing import Any, Literal

#: How shapely joins the sides of a shrunk area at its corners.
JoinStyle = Literal["round", "mitre", "bevel"]

#: Segments per quarter circle of a round join (shapely's default is 8).
DEFAULT_QUAD_SEGS = 8
#: How much nearer than the distance a kept part's inner point may be (float noise), in mm.
SLACK_MM = 1e-9


def erode(area: Any, distance: float, join_style: JoinStyle = "round", quad_segs: int = DEFAULT_QUAD_SEGS) -> Any:
    """`area` shrunk by `distance` (> 0): shapely's negative buffer less its leftover specks.

    `join_style` is shapely's: "round" leaves the points at least `distance` from the boundary
    (where a disc of that radius can be centred); "mitre" keeps sharp inner corners, as walls of
    one thickness leave them.
    """
    import shapely

    shrunk = shapely.buffer(area, -distance, quad_segs=quad_segs, join_style=join_style)
    if shrunk.is_empty:
        return shrunk
    parts = shapely.get_parts(shrunk)
    depth = shapely.distance(shapely.point_on_surface(parts), shapely.boundary(area))
    keep = parts[depth >= distance - SLACK_MM]
    if len(keep) == len(parts):
        return shrunk
    return shapely.union_all(keep) if len(keep) else shapely.Polygon()
