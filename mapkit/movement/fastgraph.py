"""The walking edges of a single-space figure, built with numpy.

Same edges as `graph.walk_edges` (the reference, kept plain for reading and for the
equivalence test), but the step between two exterior spaces, which is nearly every edge, is
computed for all spaces at once: one array pass per direction and per rank of the space in
its hex (overhangs give a hex several spaces). Interior, doorway and transit edges, ladders
and battlements are few and go through the reference code.
"""

from __future__ import annotations

from mapkit.model.grid import DIRECTIONS
from mapkit.movement import steps as gr
from mapkit.movement.profile import Figure
from mapkit.movement.spaces import Spaces


def walk_csr(spaces: Spaces, fig: Figure, broken_windows: bool = False
             ) -> tuple[list[int], list[int], list[int], list[int], list[int]]:
    """(off, tgt, cost, dirn, flags) lists, rows in space order."""
    import numpy as np

    n = len(spaces)
    ok_list = [gr.enterable(spaces, s, fig, broken_windows) for s in range(n)]
    ok = np.array(ok_list, dtype=bool)
    flags_of = np.array([gr._arrival_flags(spaces, fig, s) for s in range(n)], dtype=np.int64)
    height = np.array(spaces.height, dtype=np.int64)
    clear = np.array(spaces.clearance, dtype=np.int64)
    _, _, soft_set, _ = gr._terrain_sets()
    soft = np.array([t in soft_set for t in spaces.terrain], dtype=bool)

    # Exterior spaces by (hex, rank in its column).
    col_ids, col_q, col_r, rank = [], [], [], []
    for (q, r), ids in spaces.columns.items():
        for k, s in enumerate(ids):
            col_ids.append(s)
            col_q.append(q)
            col_r.append(r)
            rank.append(k)
    ext = np.array(col_ids, dtype=np.int64)
    eq = np.array(col_q, dtype=np.int64)
    er = np.array(col_r, dtype=np.int64)
    ek = np.array(rank, dtype=np.int64)
    big = 1 << 20
    keys = ((eq + big) * (2 * big) + (er + big)) * 64 + ek
    order = np.argsort(keys)
    sorted_keys = keys[order]
    max_rank = int(ek.max()) + 1 if len(ek) else 0

    parts = []
    for d, (dq, dr) in enumerate(DIRECTIONS):
        base = ((eq + dq + big) * (2 * big) + (er + dr + big)) * 64
        for k in range(max_rank):
            want = base + k
            pos = np.searchsorted(sorted_keys, want)
            pos[pos >= len(sorted_keys)] = 0
            hit = sorted_keys[pos] == want
            a = ext[hit]
            b = ext[order[pos[hit]]]
            keep = ok[a] & ok[b]
            a, b = a[keep], b[keep]
            ha, hb = height[a], height[b]
            meet = (hb < ha + clear[a]) & (ha < hb + clear[b])
            a, b, ha, hb = a[meet], b[meet], ha[meet], hb[meet]
            rise = hb - ha
            if fig.flying:
                allowed = np.ones(len(a), dtype=bool)
                cost = np.ones(len(a), dtype=np.int64)
            else:
                drop = -rise
                falls = (drop >= fig.height) & ~soft[b]
                dice = np.where(~falls, 0, np.where(drop >= fig.height + 20, 3, np.where(drop >= fig.height + 10, 2, 1)))
                limit = {"none": 0, "minor": 1, "major": 2, "all": 3}[fig.falls]
                allowed = (rise < fig.height) & (dice <= limit)
                cost = 1 + np.maximum(rise, 0)
            parts.append((a[allowed], b[allowed], cost[allowed], np.full(int(allowed.sum()), d, dtype=np.int64),
                          flags_of[b[allowed]], np.full(int(allowed.sum()), k, dtype=np.int64)))

    src = np.concatenate([p[0] for p in parts]) if parts else np.zeros(0, dtype=np.int64)
    tgt = np.concatenate([p[1] for p in parts]) if parts else np.zeros(0, dtype=np.int64)
    cost = np.concatenate([p[2] for p in parts]) if parts else np.zeros(0, dtype=np.int64)
    dirn = np.concatenate([p[3] for p in parts]) if parts else np.zeros(0, dtype=np.int64)
    flg = np.concatenate([p[4] for p in parts]) if parts else np.zeros(0, dtype=np.int64)
    rk = np.concatenate([p[5] for p in parts]) if parts else np.zeros(0, dtype=np.int64)

    # Ladders and battlements change single edges: redo the edges of the hexes they touch.
    special = _special_hexes(spaces)
    index = gr._interior_index(spaces)
    extra: list[tuple[int, int, int, int, int]] = []
    redo = set()
    if special:
        touched = np.array([(spaces.q[s], spaces.r[s]) in special for s in range(n)], dtype=bool)
        drop_mask = touched[src] | touched[tgt]
        near = special | {(q + dq, r + dr) for q, r in special for dq, dr in DIRECTIONS}
        redo = {s for s in range(n) if (spaces.q[s], spaces.r[s]) in near}
        keep = ~drop_mask
        src, tgt, cost, dirn, flg, rk = src[keep], tgt[keep], cost[keep], dirn[keep], flg[keep], rk[keep]
    doors = {k for k in index if k[0] == "door"}
    touched_hex = special
    for a in range(n):
        if not ok_list[a]:
            continue
        interior = gr.is_interior(spaces, a)
        near_door = not interior and doors and any(("door", spaces.q[a] + dq, spaces.r[a] + dr) in doors
                                                   for dq, dr in DIRECTIONS)
        if not (interior or near_door or a in redo):
            continue
        for d, b in gr.neighbours(spaces, index, a, broken_windows):
            if not interior and not gr.is_interior(spaces, b) and (
                    a not in redo or ((spaces.q[a], spaces.r[a]) not in touched_hex
                                      and (spaces.q[b], spaces.r[b]) not in touched_hex)):
                continue  # exterior to exterior: already in the arrays
            if not ok_list[b] or gr._battlement(spaces, a, b, d):
                continue
            st = gr.step(spaces, fig, a, b, d)
            if st is not None:
                extra.append((a, b, st[0], d, gr._arrival_flags(spaces, fig, b)))
    if not fig.double:
        for a, b, c in gr.transit_links(spaces):
            if ok_list[a] and ok_list[b] and gr.transit_ok(spaces, a, fig) and gr.transit_ok(spaces, b, fig):
                extra.append((a, b, c, -1, gr.TRANSIT | gr._arrival_flags(spaces, fig, b)))
    if fig.elevator_car:
        extra += [(a, b, c, -1, 0) for a, b, c in gr.shaft_links(spaces)]
    if extra:
        ex = np.array(extra, dtype=np.int64)
        src = np.concatenate([src, ex[:, 0]])
        tgt = np.concatenate([tgt, ex[:, 1]])
        cost = np.concatenate([cost, ex[:, 2]])
        dirn = np.concatenate([dirn, ex[:, 3]])
        flg = np.concatenate([flg, ex[:, 4]])
        rk = np.concatenate([rk, np.full(len(ex), 1 << 30, dtype=np.int64)])
    sort = np.lexsort((rk, dirn, src))
    src, tgt, cost, dirn, flg = src[sort], tgt[sort], cost[sort], dirn[sort], flg[sort]
    off = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(src, minlength=n), out=off[1:])
    return off.tolist(), tgt.tolist(), cost.tolist(), dirn.tolist(), flg.tolist()


def _special_hexes(spaces: Spaces) -> set[tuple[int, int]]:
    """Hexes on either side of a ladder or battlement edge."""
    out = set()
    for item in list(spaces.ladders) + list(spaces.blocked_edges):
        q, r, d = item[0], item[1], item[2]
        dq, dr = DIRECTIONS[d]
        out.add((q, r))
        out.add((q + dq, r + dr))
    return out


def pairs_graph(spaces: Spaces, fig: Figure, broken_windows: bool = False) -> gr.Graph:
    """The double-space graph of `graph._pairs`, built with numpy from the walking edges.

    A pair {x, y} moves when one end (the lead) steps along a walking edge to n, not onto
    the other end; the new pair is {lead, n}. Every (pair, lead) is joined with every edge
    leaving the lead at once.
    """
    import numpy as np

    off_l, tgt_l, cost_l, dirn_l, _ = walk_csr(spaces, fig, broken_windows)
    n = len(spaces)
    off = np.array(off_l, dtype=np.int64)
    tgt = np.array(tgt_l, dtype=np.int64)
    cost = np.array(cost_l, dtype=np.int64)
    dirn = np.array(dirn_l, dtype=np.int64)
    src = np.repeat(np.arange(n, dtype=np.int64), np.diff(off))
    step = dirn >= 0
    lo, hi = np.minimum(src[step], tgt[step]), np.maximum(src[step], tgt[step])
    keys = np.unique(lo * n + hi)
    px, py = keys // n, keys % n
    n_pairs = len(keys)
    # (pair, lead, other) for both ends of every pair.
    pair = np.concatenate([np.arange(n_pairs), np.arange(n_pairs)])
    lead = np.concatenate([px, py])
    other = np.concatenate([py, px])
    counts = off[lead + 1] - off[lead]
    rep_pair = np.repeat(pair, counts)
    rep_lead = np.repeat(lead, counts)
    rep_other = np.repeat(other, counts)
    starts = np.repeat(off[lead], counts)
    within = np.arange(len(rep_pair)) - np.repeat(np.cumsum(counts) - counts, counts)
    edge = starts + within
    nxt = tgt[edge]
    keep = (dirn[edge] >= 0) & (nxt != rep_other)
    rep_pair, rep_lead, edge, nxt = rep_pair[keep], rep_lead[keep], edge[keep], nxt[keep]
    ends_set, deadly_set, _, _ = gr._terrain_sets()
    wet = np.array([t in ends_set for t in spaces.terrain], dtype=bool)
    deadly = np.array([t in deadly_set for t in spaces.terrain], dtype=bool)
    glyph = np.array([g is not None for g in spaces.glyph], dtype=bool)
    both_wet = wet[rep_lead] & wet[nxt]
    flags = np.where(both_wet, gr.STOP, 0)
    flags |= np.where(both_wet & (deadly[rep_lead] | deadly[nxt]), gr.TERMINAL, 0)
    if fig.stop_on_glyphs:
        flags |= np.where(glyph[nxt], gr.STOP, 0)
    new_pair = np.searchsorted(keys, np.minimum(rep_lead, nxt) * n + np.maximum(rep_lead, nxt))
    order = np.argsort(rep_pair, kind="stable")
    out_off = np.zeros(n_pairs + 1, dtype=np.int64)
    np.cumsum(np.bincount(rep_pair, minlength=n_pairs), out=out_off[1:])
    members = list(zip(px.tolist(), py.tolist()))
    end_ok = [gr.can_end_on(spaces, s, fig, broken_windows) for s in range(n)]
    height = spaces.height
    can_end = [height[x] == height[y] and end_ok[x] and end_ok[y] for x, y in members]
    return gr.Graph(spaces, fig, n_pairs, out_off.tolist(), new_pair[order].tolist(), cost[edge][order].tolist(),
                    dirn[edge][order].tolist(), flags[order].tolist(), can_end, members=members)
