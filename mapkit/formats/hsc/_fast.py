"""The fast path of the `.hsc` reader: runs of plain 41-byte tile records, parsed with numpy.

Most of a big map is land tiles written by VirtualScape 1.066: tile version 0.0003, two empty
UTF-16 strings, no extra fields, so every record is exactly 41 bytes. Such a run is viewed
as a numpy structured array and checked in one vectorised pass; the first record that does
not fit (a glyph, a start zone, a figure, an ANSI string, an unknown id, ...) goes to the
general parser, and scanning resumes after it. Piece objects are then built in one loop.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from mapkit.formats.hsc._binary import EMPTY_UTF16, VERSION_BYTES
from mapkit.formats.hsc._tables import Tables, colorref
from mapkit.model.map import Piece

RECORD = np.dtype({
    "names": ["type", "version", "rot", "x", "y", "z", "byte", "s1", "s2", "colour"],
    "formats": ["<i4", "<u8", "<i4", "<i4", "<i4", "<i4", "u1", "<u4", "<u4", "<u4"],
    "offsets": [0, 4, 12, 16, 20, 24, 28, 29, 33, 37],
    "itemsize": 41,
})
_V3 = int.from_bytes(VERSION_BYTES[3], "little")
_EMPTY = int.from_bytes(EMPTY_UTF16, "little")
_MIN_RUN = 8
_MAX_CHUNK = 1 << 16


class PlainLookup:
    """numpy lookup tables over raw type ids for the plain piece types."""

    def __init__(self, t: Tables):
        size = max(t.plain_code) + 1
        self.size = size
        self.code = np.full(size, -1, dtype=np.int32)
        for raw, code in t.plain_code.items():
            self.code[raw] = code
        self.ids = np.array([p.id for p in t.plain], dtype=object)
        self.canon = np.array([p.vs for p in t.plain], dtype=np.int64)
        self.colour = np.array([colorref(p.vs_colour) for p in t.plain], dtype=np.int64)
        self.rot_offset = np.array([p.vs_rotation_offset for p in t.plain], dtype=np.int64)
        self.anchor_dq = np.array([[t.anchor(p.shape, k)[0] for k in range(6)] for p in t.plain], dtype=np.int64)
        self.anchor_dr = np.array([[t.anchor(p.shape, k)[1] for k in range(6)] for p in t.plain], dtype=np.int64)
        names = [p.id for p in t.plain]
        self.glyph = names.index("glyph")
        self.start = names.index("start-zone")
        #: catalog id -> code, for the pieces the writer encodes here (no attrs to write).
        self.writer_code = {name: code for code, name in enumerate(names) if name not in ("glyph", "start-zone")}


_LOOKUP: PlainLookup | None = None


def lookup(t: Tables) -> PlainLookup:
    global _LOOKUP
    if _LOOKUP is None:
        _LOOKUP = PlainLookup(t)
    return _LOOKUP


def scan(data: bytes, pos: int, count: int, t: Tables,
         parse_one: Callable[[int], tuple[Any, int]]) -> tuple[list, list, int]:
    """Split `count` tile records starting at `pos` into plain runs and general records.

    Returns (runs, general, end): runs = [(first tile index, byte offset, record count)],
    general = [(tile index, record from parse_one)], end = offset after the last tile.
    """
    lk = lookup(t)
    runs: list[tuple[int, int, int]] = []
    general: list[tuple[int, Any]] = []
    end = len(data)
    index = 0
    chunk = 16
    while index < count:
        avail = min(count - index, (end - pos) // 41, chunk)
        taken = 0
        if avail >= _MIN_RUN:
            rec = np.frombuffer(data, dtype=RECORD, count=avail, offset=pos)
            types = rec["type"]
            inside = (types >= 0) & (types < lk.size)
            rot = rec["rot"]
            ok = (inside & (rec["version"] == _V3) & (rec["s1"] == _EMPTY) & (rec["s2"] == _EMPTY)
                  & (rot >= 0) & (rot < 6))
            ok &= lk.code[np.where(inside, types, 0)] >= 0
            taken = avail if ok.all() else int(np.argmin(ok))
            if taken:
                runs.append((index, pos, taken))
                index += taken
                pos += 41 * taken
            # A long run is likely followed by another: keep the window near its length.
            chunk = min(chunk * 2, _MAX_CHUNK) if taken == avail else max(16, min(2 * taken, _MAX_CHUNK))
        if taken < avail or avail < _MIN_RUN:
            if index >= count:
                break
            record, pos = parse_one(pos)
            general.append((index, record))
            index += 1
    return runs, general, pos


def records(data: bytes, runs: list) -> np.ndarray:
    """All plain records of the runs as one structured array (one copy at most)."""
    if len(runs) == 1:
        _, pos, n = runs[0]
        return np.frombuffer(data, dtype=RECORD, count=n, offset=pos)
    view = memoryview(data)
    joined = b"".join([view[pos:pos + 41 * n] for _, pos, n in runs])
    return np.frombuffer(joined, dtype=RECORD)


def plain_pieces(rec: np.ndarray, t: Tables, glyph_byte: int) -> tuple[list[Piece], list]:
    """Pieces for every record, with extras["hsc"] where a record differs from VirtualScape's
    defaults (colour, glyph byte, legacy id), and (position, colour) of the start zones,
    whose players the caller assigns over the whole map."""
    lk = lookup(t)
    if not len(rec):
        return [], []
    raw = rec["type"].astype(np.int64)
    code = lk.code[raw]
    rot = (rec["rot"].astype(np.int64) + lk.rot_offset[code]) % 6
    y = rec["y"].astype(np.int64)
    q = rec["x"].astype(np.int64) - (y >> 1) - lk.anchor_dq[code, rot]
    r = y - lk.anchor_dr[code, rot]
    types = lk.ids[code].tolist()
    qs, rs, zs, rots = q.tolist(), r.tolist(), rec["z"].tolist(), rot.tolist()
    new = object.__new__
    pieces = [new(Piece) for _ in range(len(qs))]
    for p, ty, q_, r_, z_, k in zip(pieces, types, qs, rs, zs, rots):
        p.type = ty
        p.q = q_
        p.r = r_
        p.z = z_
        p.rotation = k
        p.attrs = {}
        p.extras = {}
    colour = rec["colour"].astype(np.int64)
    byte = rec["byte"].astype(np.int64)
    glyph = code == lk.glyph
    start = code == lk.start
    canon = np.where(glyph, 14000 + byte, lk.canon[code])
    byte_odd = (byte != glyph_byte) & ~glyph
    colour_odd = (colour != lk.colour[code]) & ~start
    type_odd = raw != canon
    where = np.flatnonzero(byte_odd | colour_odd | type_odd)
    if len(where):
        rows = zip(where.tolist(), byte_odd[where].tolist(), colour_odd[where].tolist(), type_odd[where].tolist(),
                   byte[where].tolist(), colour[where].tolist(), raw[where].tolist())
        for i, b_odd, c_odd, t_odd, b, c, ty in rows:
            extras: dict[str, Any] = {}
            if b_odd:
                extras["byte"] = b
            if c_odd:
                extras["colour"] = c
            if t_odd:
                extras["type"] = ty
            pieces[i].extras = {"hsc": extras}
    for i in np.flatnonzero(glyph).tolist():
        pieces[i].attrs["letter"] = chr(int(byte[i]))
    starts = [(i, int(colour[i])) for i in np.flatnonzero(start).tolist()]
    return pieces, starts


def byte_histogram(rec: np.ndarray, t: Tables) -> np.ndarray:
    """How often each glyph-letter byte value occurs outside glyphs (the file's usual garbage)."""
    lk = lookup(t)
    return np.bincount(rec["byte"][lk.code[rec["type"]] != lk.glyph], minlength=256)


def positions(runs: list) -> np.ndarray:
    """The tile index of every record of the runs."""
    return np.concatenate([np.arange(index, index + n) for index, _, n in runs])


def encode_plain(codes, qs, rs, zs, rotations,
                 t: Tables, glyph_byte: int, shift: tuple[int, int, int]) -> tuple[bytes, np.ndarray]:
    """41-byte records (tile version 0.0003, empty strings, class colour) for plain pieces,
    and a mask of those whose coordinates fit VirtualScape's 32-bit integers."""
    lk = lookup(t)
    code = np.array(codes, dtype=np.int64)
    turns = np.trunc(np.array(rotations, dtype=np.float64)).astype(np.int64) % 6
    r = np.array(rs, dtype=np.int64) + lk.anchor_dr[code, turns] + shift[1]
    x = np.array(qs, dtype=np.int64) + lk.anchor_dq[code, turns] + shift[0] + (r >> 1)
    z = np.array(zs, dtype=np.int64) + shift[2]
    low, high = -2 ** 31, 2 ** 31 - 1
    fits = (x >= low) & (x <= high) & (r >= low) & (r <= high) & (z >= low) & (z <= high)
    rec = np.zeros(len(code), dtype=RECORD)
    rec["type"] = lk.canon[code]
    rec["version"] = _V3
    rec["rot"] = (turns - lk.rot_offset[code]) % 6
    rec["x"] = np.where(fits, x, 0)
    rec["y"] = np.where(fits, r, 0)
    rec["z"] = np.where(fits, z, 0)
    rec["byte"] = glyph_byte
    rec["s1"] = _EMPTY
    rec["s2"] = _EMPTY
    rec["colour"] = lk.colour[code]
    return rec.tobytes(), fits
