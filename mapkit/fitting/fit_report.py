"""What `fit` says: the summary piece by piece (plain data, text). Its picture is the output
registry's `fit-png` / `fit-svg` (`mapkit.outputs.fit_picture`).

Levels are printed as the builder counts them (`mapkit.model.levels`): Level N is the layer
whose top is at height N, so a tile lying on the table (bottom z = 0) is on Level 1.
"""

from __future__ import annotations

from typing import Any

from mapkit import escapes
from mapkit.sets.requirements import describe, requirements
from mapkit.model import levels
from mapkit.model.board import Board
from mapkit.model.catalog import catalog
from mapkit.model.map import Map, Piece

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


def summary(m: Map, result: Any, output: str | None = None, new_findings: list | None = None
            ) -> dict[str, Any]:
    """Everything `fit` prints of its answer `result` (a `FitResult`, whose `doc` this is), as plain data."""
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
            return escapes.lines([f"{map_name}: the collection already holds every piece; nothing to change."])
        removed = sum(len(c["removed"]) for c in rep["changes"])
        added = sum(len(c["added"]) for c in rep["changes"])
        lines = [f"{map_name}: builds from the collection after re-tiling: {removed} piece(s) replaced by "
                 f"{added} in {len(rep['changes'])} patch(es) ({rep['pieces_before']} -> {rep['pieces_after']} "
                 f"pieces)" + (f"; written to {rep['output']}" if rep["output"] else "")]
        for n, c in enumerate(rep["changes"], 1):
            lines.append(f"  patch {n}: {c['terrain']} {c['kind']}, Level {c['level']}")
            lines.extend(f"    - {_where(p)}" for p in c["removed"])
            lines.extend(f"    + {_where(p)}" for p in c["added"])
        if rep["new_findings"]:
            lines.append("New findings (the original had none of these):")
            lines.extend(f"  {f['code']}: {f['message']}" for f in rep["new_findings"])
        return escapes.lines(lines)
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
    return escapes.lines(lines)
