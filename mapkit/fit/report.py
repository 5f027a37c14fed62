"""What `fit` says: the summary piece by piece (plain data, text) and the picture of the changes.

Levels are printed as the builder counts them (`mapkit.model.levels`): Level N is the layer
whose top is at height N, so a tile lying on the table (bottom z = 0) is on Level 1.
"""

from __future__ import annotations

from typing import Any

from mapkit.fit.plan import FitResult
from mapkit.sets.requirements import describe, requirements
from mapkit.model import levels
from mapkit.model.board import Board
from mapkit.model.catalog import catalog
from mapkit.model.grid import neighbours
from mapkit.model.map import Map, Piece

#: Colour of the outline drawn round each piece fit laid (RGB).
CHANGED_RGB = (230, 20, 140)


def level_of(z: int) -> int:
    """The printed Level of a tile whose bottom is at z (`mapkit.model.levels`: Level N is the
    layer whose top is at height N; fit only moves tiles)."""
    return levels.layer(z)


def _piece(piece: Piece, board: Board | None) -> dict[str, Any]:
    """A piece fit removed or laid: its origin hex also as the build sheets name it (`place`)."""
    rotation = int(piece.rotation) if float(piece.rotation).is_integer() else piece.rotation
    return {"type": piece.type, "name": catalog()[piece.type].name, "q": piece.q, "r": piece.r,
            "place": board.name(piece.q, piece.r) if board is not None else None,
            "level": level_of(piece.z), "rotation": rotation}


def _pieces(m: Map) -> int:
    """The pieces a map is built with, as `info` and `inventory` count them (markers apart)."""
    return sum(requirements(m).values())


def summary(m: Map, result: FitResult, output: str | None = None, new_findings: list | None = None
            ) -> dict[str, Any]:
    """Everything `fit` prints, as plain data."""
    out: dict[str, Any] = {"fits": result.feasible, "pieces_before": _pieces(m)}
    board = Board.of(m)  # fit keeps every hex, so the re-tiled map's sheets letter the same board
    if result.feasible:
        assert result.map is not None
        out.update({"output": output, "already_fits": result.already_fits, "pieces_after": _pieces(result.map),
                    "changes": [{"terrain": c.family[1], "kind": c.family[0], "level": level_of(c.z),
                                 "removed": [_piece(m.pieces[i], board) for i in c.removed],
                                 "added": [_piece(p.piece(), board) for p in c.added]} for c in result.changes],
                    "new_findings": [f.as_dict() for f in (new_findings or [])]})
        return out
    out.update({
        "short_pieces": [{"type": t, "name": describe(t), "count": n} for t, n in result.short_pieces.items()],
        "short_hexes": result.short_hexes,
        "short_hexes_proved": result.short_hexes_proved,
        "short_hexes_at_least": result.short_hexes_bound,
        "purchase": None if result.purchase is None else
        [{"id": s.id, "name": s.name, "kind": s.kind, "copies": n} for s, n in result.purchase],
        "purchase_proved": result.purchase_proved,
        "purchase_at_least": result.purchase_bound,
    })
    return out


def _where(p: dict[str, Any]) -> str:
    turn = f", turned {p['rotation']}" if p["rotation"] else ""
    sheet = f"{p['place']} " if p.get("place") else ""
    return f"{p['name']} at {sheet}({p['q']}, {p['r']}){turn}"


def render_text(rep: dict[str, Any], map_name: str) -> str:
    if rep["fits"]:
        if rep["already_fits"]:
            return f"{map_name}: the collection already holds every piece; nothing to change.\n"
        removed = sum(len(c["removed"]) for c in rep["changes"])
        added = sum(len(c["added"]) for c in rep["changes"])
        lines = [f"{map_name}: builds from the collection after re-tiling: {removed} piece(s) replaced by "
                 f"{added} in {len(rep['changes'])} patch(es) ({rep['pieces_before']} -> {rep['pieces_after']} "
                 f"pieces); written to {rep['output']}"]
        for n, c in enumerate(rep["changes"], 1):
            lines.append(f"  patch {n}: {c['terrain']} {c['kind']}, Level {c['level']}")
            lines.extend(f"    - {_where(p)}" for p in c["removed"])
            lines.extend(f"    + {_where(p)}" for p in c["added"])
        if rep["new_findings"]:
            lines.append("New findings (the original had none of these):")
            lines.extend(f"  {f['code']}: {f['message']}" for f in rep["new_findings"])
        return "\n".join(lines) + "\n"
    lines = [f"{map_name}: cannot fit: the collection cannot build this map, however its tiles are grouped."]
    if rep["short_hexes"]:
        proved = "" if rep["short_hexes_proved"] else " (the best re-tiling found in the time limit; " + (
            f"at least {rep['short_hexes_at_least']} hexes short in all is proved)" if rep["short_hexes_at_least"]
            else "not proved the fewest)")
        lines.append("Hexes short, by terrain" + proved + ":")
        lines.extend(f"  {n:>5} x {terrain}" for terrain, n in rep["short_hexes"].items())
    if rep["short_pieces"]:
        lines.append("Pieces short that no re-tiling replaces:")
        lines.extend(f"  {row['count']:>5} x {row['name']}  [{row['type']}]" for row in rep["short_pieces"])
    if rep["purchase"] is None and not rep["purchase_proved"]:
        lines.append("No purchase that closes the gap was found in the time limit.")
    elif rep["purchase"] is None:
        lines.append("No combination of official sets closes the gap.")
    else:
        count = sum(s["copies"] for s in rep["purchase"])
        fewest = rep["purchase_proved"] or rep["purchase_at_least"] == count
        if fewest:  # the number of sets is proved, if not which sets of that number hold the fewest hexes
            how = "Smallest purchase that closes the gap"
        elif rep["purchase_at_least"]:
            how = f"Purchase that closes the gap (the smallest found in time; at least {rep['purchase_at_least']} sets)"
        else:
            how = "Purchase that closes the gap (the smallest found in time; not proved the smallest)"
        lines.append(f"{how} ({count} set(s)):")
        lines.extend(f"  {s['copies']} x {s['name']} ({s['id']}, {s['kind']})" for s in rep["purchase"])
    return "\n".join(lines) + "\n"


def picture(result: FitResult, name: str = "", svg: bool = False, scale: float = 36.0) -> bytes:
    """The re-tiled map with each piece fit laid outlined: seen from above when every such piece
    shows from above, else level by level (each outlined in its Level's panel), so that the cuts
    of stacked layers are never drawn over one another. Level by level, only the Levels where fit
    laid a piece are drawn: a tall map re-cut on one Level is one panel, not one per Level."""
    from mapkit.drawing import RenderOptions, build_scene, render_png, render_svg
    from mapkit.drawing.layout import hex_center, hex_corners
    from mapkit.drawing.scene import Group, Poly

    assert result.map is not None
    laid = [placed for change in result.changes for placed in change.added]
    view = "levels" if any(_hidden(result.map, placed.cells, placed.z) for placed in laid) else "top"
    notes = ["outlined: pieces laid by mapkit fit"] if laid else []
    changed: tuple[int, ...] | None = None
    if view == "levels":
        changed = tuple(sorted({level_of(placed.z) for placed in laid}))
        notes.append("only the Levels fit changed are drawn (mapkit render --view levels draws every Level)")
    opts = RenderOptions(view=view, name=name, notes=notes, only_levels=changed)
    scene = build_scene(result.map, opts)
    p = opts.pitch
    panels = {g.id: g for g in _groups(scene.root)} if view == "levels" else {}
    outlines: dict[int | None, Group] = {}
    for placed in laid:
        key = level_of(placed.z) if view == "levels" else None
        if key not in outlines:
            parent = panels.get(f"panel-{key}", scene.root)
            outlines[key] = parent.group("fit-changes" if key is None else f"fit-changes-{key}",
                                         label="Pieces fit laid", layer=True)
        group = outlines[key]
        cells = set(placed.cells)
        for q, r in cells:
            corners = hex_corners(q, r, p)
            cx, cy = hex_center(q, r, p)
            for nq, nr in neighbours(q, r):
                if (nq, nr) in cells:
                    continue
                mx, my = hex_center(nq, nr, p)
                mid = ((cx + mx) / 2, (cy + my) / 2)
                a, b = sorted(corners, key=lambda c: (c[0] - mid[0]) ** 2 + (c[1] - mid[1]) ** 2)[:2]
                group.add(Poly([a, b], stroke=CHANGED_RGB, width=p * 0.07, closed=False))
    return render_svg(scene) if svg else render_png(scene, scale)


def picture_png(result: FitResult, name: str = "", scale: float = 36.0) -> bytes:
    """The output registry's `fit-png` (`mapkit.app.outputs`)."""
    return picture(result, name, svg=False, scale=scale)


def picture_svg(result: FitResult, name: str = "", scale: float | None = None) -> bytes:
    """The output registry's `fit-svg`: 1:1 in millimetres (`scale` is the PNG's and is ignored)."""
    return picture(result, name, svg=True)


def _hidden(m: Map, cells, z: int) -> bool:
    """Whether a piece lying at z on these hexes has anything above it (seen from above, it hides)."""
    wanted = set(cells)
    return any(piece.z > z and wanted.intersection(m.footprint(piece)) for piece in m.pieces)


def _groups(group):
    """Every group under `group`, depth first."""
    from mapkit.drawing.scene import Group

    for item in group.items:
        if isinstance(item, Group):
            yield item
            yield from _groups(item)
