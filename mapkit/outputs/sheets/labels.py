"""What the build sheets write on the map: a plate for each piece that asks for one, placed by
the drawing's one layout (`scene.placing`: never over a mark, another plate or label, or inside
another piece's outline; beside its piece with a leader line where it is full).

A piece asks for one label (`wanted`): a tile its hex count (24, 7, 3), a castle base or wall
its kind (C, S, E: corner, straight, end), an arch "arch", a flag "flag", a tree, ruin or glacier
its height (H10); the edge pieces of a kind on a hex their kind and the sides of the hex they
stand on, as the builder places them ("B NW/W": battlements on the north-west and west sides of
that wall-walk hex; the file stores a battlement in the hex beyond, `pieces.standing`), with
how many a sheet of several Levels stacks on an edge ("L NE 5×"); a road wall its letters and
the way its line runs ("RW W-E"); a placed C3G Book its name (`book_wants`), kept off its marks
(`c3g_marks`: Door, Win, the hatching of a Partial hex, the dots of a Covered one ...). What a
plate keeps off is what the scene draws over the hexes (`pieces.piece_marks`: symbols, rings,
numbers, figures), taken as shapes with their line widths, so the sheet and the tests
(`tests/test_sheet_labels.py`, `tests/test_label_overlaps.py`) measure the same geometry,
without drawing a page.

Everything here is in model millimetres (x east, y south), the scene's units; text sizes are
given in page points with `pt_per_mm`, the sheet's scale.
"""

from __future__ import annotations

import math
from typing import Any, Iterable, Sequence

from mapkit.model.catalog import PieceType, catalog
from mapkit.model.grid import DIRECTION_NAMES, HEX_PITCH_MM, hex_center_mm, mm_to_hex, neighbours
from mapkit.model.map import Map
from mapkit.outputs.scene.keep_off import areas_of, c3g_marks, marks_of, shapes_of  # noqa: F401  (the sheets' names)
from mapkit.outputs.scene.placing import (  # noqa: F401  (the sheets' names for the one layout)
    HEXES_TRIED,
    Layout,
    Placed,
    Wanted,
    label_size_pt,
    place,
    plate_size,
)


def label_text(ptype: PieceType, hexes: int) -> tuple[str, str] | None:
    """(text, kind) of a piece's label, None for a piece its symbol says all of (a ladder, a
    flag, a glyph, a figure)."""
    from mapkit.outputs.scene.style import style_data

    if ptype.kind in ("land", "fluid", "custom"):
        return str(hexes), "size"
    said = style_data()["sheet_labels"]
    named = said["pieces"].get(ptype.id)
    if named:
        return str(named), "castle"
    if ptype.id in said["flag"]:
        return str(said["flag"][ptype.id]), "flag"
    if ptype.kind in ("marker", "figure", "edge", "castle"):
        return None
    height = piece_height(ptype)
    return (f"H{height}", "height") if height is not None else None


def piece_height(ptype: PieceType) -> int | None:
    """The height a builder reads off a standing piece, in levels (None for a tile)."""
    if ptype.kind in ("land", "fluid", "custom", "marker", "figure"):
        return None
    if ptype.obstacle_height:
        return int(ptype.obstacle_height)
    return int(ptype.height) if ptype.height > 1 else None


def edge_text(ptype: PieceType, sides: dict[int, int]) -> str | None:
    """The label of the edge pieces of one kind on one hex: the kind's letters and the sides of
    the hex they stand on, with how many are stacked on each ("B NE/E", "L W 5×"); None for an
    edge piece the sheets do not name."""
    from mapkit.outputs.scene.style import style_data

    letters = style_data()["sheet_labels"]["edges"].get(ptype.id)
    if letters is None:
        return None
    return f"{letters} " + "/".join(DIRECTION_NAMES[d] + (f" {n}\u00d7" if n > 1 else "")
                                    for d, n in sorted(sides.items()))


def line_text(ptype: PieceType, cells: Sequence[tuple[int, int]]) -> tuple[str, str] | None:
    """(text, "edge") of an edge piece that spans a line of hexes (a road wall): its letters and
    the two ways its line runs, west or north first ("RW W-E", "RW NW-SE"); None for one the
    sheets do not name."""
    from mapkit.outputs.scene.style import style_data

    letters = style_data()["sheet_labels"]["edges"].get(ptype.id)
    if letters is None or len(cells) < 2:
        return None
    way = next((neighbours(*a).index(b) for a in cells for b in cells if b in neighbours(*a)), None)
    if way is None:
        return None
    a, b = sorted((way, (way + 3) % 6), key=lambda d: (d not in (3, 4, 5), d))
    return f"{letters} {DIRECTION_NAMES[a]}-{DIRECTION_NAMES[b]}", "edge"


def wanted(m: Map, indices: Iterable[int]) -> list[Wanted]:
    """The labels the pieces `indices` ask for, each with its hexes, nearest its middle first
    (a flag's, the hex of the battlement it is planted in); and one for the edge pieces of each
    kind on each hex they stand on (`pieces.standing`), naming them and the sides of that hex,
    and how many a sheet of several Levels stacks on each (the ladders of every other Level),
    on the lowest of them."""
    from mapkit.outputs.scene.pieces import piece_area, standing

    cat = catalog()
    out = []
    stacks: dict[tuple[str, int, int], dict[int, list[int]]] = {}
    for i in indices:
        piece = m.pieces[i]
        ptype = cat[piece.type]
        cells = list(m.footprint(piece))
        if ptype.kind == "edge" and len(cells) == 1:
            (q, r), side = standing(m, piece, ptype)
            sides = stacks.setdefault((piece.type, q, r), {})
            sides.setdefault(int(piece.rotation) % 6 if side is None else side, []).append(i)
            continue
        said = line_text(ptype, cells) if ptype.kind == "edge" else label_text(ptype, len(cells))
        if said is None or not cells:
            continue
        if ptype.stands_on:
            cells = [standing(m, piece, ptype)[0]]
        centres = [hex_center_mm(q, r) for q, r in cells]
        mx, my = sum(x for x, _ in centres) / len(centres), sum(y for _, y in centres) / len(centres)
        order = sorted(range(len(cells)), key=lambda n: (math.dist(centres[n], (mx, my)), n))
        ring = piece_area(m, piece, ptype, HEX_PITCH_MM)          # inside its outline, or pointing at it
        out.append(Wanted(i, said[0], said[1], tuple(cells[n] for n in order), tuple(ring[0]) if ring else ()))
    for (kind, q, r), sides in stacks.items():
        text = edge_text(cat[kind], {d: len(stack) for d, stack in sides.items()})
        if text is not None:
            lowest = min((i for stack in sides.values() for i in stack), key=lambda i: (m.pieces[i].z, i))
            out.append(Wanted(lowest, text, "edge", ((q, r),), sides=tuple(sorted(sides))))
    return out


def book_wants(footprints: Sequence[Any]) -> list[Wanted]:
    """The names of the C3G Books placed on a panel (`levels.Footprint`), each on a plate (its
    name and how findings number it: "Skyscraper · building 1") on the hexes its outline covers, nearest its middle
    first (the hex of its middle for an outline that covers no hex's centre). They go through
    the same layout as the pieces' plates, so a name never lies over a Door or Win mark, a
    piece's plate or another name. Numbered -1, -2 ... in `Wanted.piece` (they are no piece)."""
    from shapely.geometry import Point, Polygon

    out = []
    for n, fp in enumerate(footprints):
        if len(fp.points) < 3:
            continue
        outline = Polygon(fp.points)
        mx = sum(x for x, _ in fp.points) / len(fp.points)
        my = sum(y for _, y in fp.points) / len(fp.points)
        x0, y0, x1, y1 = outline.bounds
        q0, r0 = mm_to_hex(x0, y0)
        q1, r1 = mm_to_hex(x1, y1)
        cells = [(q, r) for r in range(r0 - 1, r1 + 2) for q in range(q0 - (r1 - r0) - 2, q1 + (r1 - r0) + 3)
                 if outline.contains(Point(*hex_center_mm(q, r)))]
        cells = sorted(cells, key=lambda c: (math.dist(hex_center_mm(*c), (mx, my)), c[1], c[0]))[:HEXES_TRIED]
        text = fp.name[:30] + (f" \u00b7 {fp.label}" if fp.label else "")
        out.append(Wanted(-1 - n, text, "book", tuple(cells) or (mm_to_hex(mx, my),), tuple(fp.points)))
    return out


# -- what plates keep off ---------------------------------------------------------------------

def layout_labels(m: Map, labelled: Iterable[int], drawn: Iterable[int], pt_per_mm: float,
                  area: tuple[float, float, float, float] | None = None, extra: Sequence[Any] = (),
                  books: Sequence[Any] = (), level: int | None = None) -> Layout:
    """The plates of the pieces `labelled` and of the names of the placed Books `books`, on a
    drawing of the pieces `drawn` (off what their marks cover, out of the outlines of those of
    several hexes), off `extra` shapes too (other marks and words the sheet prints on the map)
    and off the rooms' names the drawing writes (`placing.room_names`, placed as the scene of
    Level `level` places them)."""
    drawn = list(drawn)
    keep_off = shapes_of(marks_of(m, drawn), pt_per_mm) + list(extra)
    if m.several_rooms():
        from mapkit.outputs.scene import c3g
        from mapkit.outputs.scene.placing import room_names

        names, _ = room_names(m, drawn, HEX_PITCH_MM, level if c3g.has_c3g(m) else False)
        keep_off += shapes_of(names.items, pt_per_mm)
    areas, owners = areas_of(m, drawn)
    return place(wanted(m, labelled) + book_wants(books), keep_off, pt_per_mm, area, areas, owners)
