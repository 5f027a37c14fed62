"""The fast path of `.hsc` reading and writing: runs of plain 41-byte tile records.

Most of a big map is land tiles written by VirtualScape 1.066: tile version 0.0003, two empty
UTF-16 strings, no extra fields, so every record is exactly 41 bytes. Such a run is checked a
field at a time, not a record at a time: a field of every record is one strided slice of the
bytes (`data[offset::41]`), compared or converted by the standard library in C. The first
record that does not fit (a figure, a named start zone, an ANSI string, an unknown id, ...)
goes to the general parser, and scanning resumes after it. The records become the model's
columns (`mapkit.model.columns.Columns`, held by `Pieces`); a Piece is made only for a record with attrs or
extras. Standard library only: numpy costs more to import than a 100 000-tile map takes here.
"""

from __future__ import annotations

import sys
from array import array
from collections import Counter
from itertools import repeat
from operator import add, itemgetter, mul, rshift, sub

from mapkit import registry
from mapkit.formats.hsc._binary import EMPTY_UTF16, VERSION_BYTES
from mapkit.formats.hsc._tables import Tables, colorref, glyph_letter
from mapkit.model.catalog import PieceType
from mapkit.model import lanes
from mapkit.model.columns import Kind
from mapkit.model.map import Piece

#: This format's name, from its registry row: the key of what it keeps in `extras`.
NAME = registry.declared(__name__).name
TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any, Callable, Iterable, Sequence

SIZE = 41
#: Byte offsets of the fields of a plain record.
TYPE, VERSION, ROT, X, Y, Z, BYTE, STRINGS, COLOUR = 0, 4, 12, 16, 20, 24, 28, 29, 37
#: What every plain record holds at offsets 2-3 (every plain type id is below 65536), 4-11 (tile
#: version 0.0003), 13-15 (a turn 0-5 is one byte) and 29-36 (two empty strings).
_CONSTANT = ((TYPE + 2, 0), (TYPE + 3, 0)) + tuple(zip(range(VERSION, VERSION + 8), VERSION_BYTES[3])) + \
    ((ROT + 1, 0), (ROT + 2, 0), (ROT + 3, 0)) + tuple(zip(range(STRINGS, STRINGS + 8), EMPTY_UTF16 + EMPTY_UTF16))
#: Not a plain type's code (`PlainLookup.code_of`).
_NOT_PLAIN = 0xFF
_MIN_RUN = 8
_TURNS = bytes(range(6))
_ONE = tuple(bytes((b,)) for b in range(256))
_HIGH_NIBBLE = bytes(b >> 4 for b in range(256))
_MAX_CHUNK = 1 << 16
_BIG_ENDIAN = sys.byteorder == "big"
if array("i").itemsize != 4 or array("I").itemsize != 4:  # the general parser then reads everything
    raise ImportError("the hsc fast path needs 4-byte C ints")


def _raw_id(ptype: PieceType) -> int:
    """The id VirtualScape writes for a plain piece type (every one has one: `Tables.plain`)."""
    if ptype.vs is None:  # Tables.plain holds only types found by their VirtualScape id
        raise ValueError(f"{ptype.id} has no VirtualScape id")
    return ptype.vs


class PlainLookup:
    """Lookup tables over raw type ids and type codes for the plain piece types."""

    def __init__(self, t: Tables):
        code: dict[int, int] = dict(t.plain_code)
        assert max(code) < 1 << 16 and len(t.plain) < _NOT_PLAIN, "type ids fit two bytes, codes one"
        #: raw type id (below 65536) -> its code, or _NOT_PLAIN: indexed by a whole column of ids
        #: at once (`operator.itemgetter`), which costs half a dict lookup per record
        table = bytearray((_NOT_PLAIN,)) * (1 << 16)
        for raw, value in code.items():
            table[raw] = value
        self.code_of = bytes(table)
        self.ids: tuple[str, ...] = tuple(p.id for p in t.plain)
        self.canon = [_raw_id(p) for p in t.plain]
        self.colour = [colorref(p.vs_colour) for p in t.plain]
        self.rot_offset = [p.vs_rotation_offset for p in t.plain]
        #: anchor offsets by code * 6 + turns
        self.anchor_dq = [t.anchor(p.shape, k)[0] for p in t.plain for k in range(6)]
        self.anchor_dr = [t.anchor(p.shape, k)[1] for p in t.plain for k in range(6)]
        self.glyph = self.ids.index("glyph")
        self.start = self.ids.index("start-zone")
        #: catalog id -> code, for the pieces the writer encodes here (no attrs to write).
        self.writer_code = {name: code for code, name in enumerate(self.ids) if name not in ("glyph", "start-zone")}
        assert len(self.ids) < 256, "type codes are kept one byte per record"
        #: translate tables over a code plane (one byte per record): the bytes of code * 6, of the
        #: class colour and of the id VirtualScape writes, lowest first; 0xFF for a glyph / start zone
        self.code6_bytes = _byte_tables([6 * code for code in range(len(self.ids))], 2)
        self.colour_bytes = _byte_tables(self.colour, 4)
        self.canon_bytes = _byte_tables(self.canon, 4)
        self.is_glyph = bytes(0xFF if code == self.glyph else 0 for code in range(256))
        self.is_start = bytes(0xFF if code == self.start else 0 for code in range(256))


def _byte_tables(values: list[int], width: int) -> list[bytes]:
    """Per byte of a `width`-byte little-endian value: a translate table from a code to that byte."""
    return [bytes((v >> (8 * k)) & 0xFF for v in values).ljust(256, b"\0") for k in range(width)]


def per_code(codes: bytes, tables: list[bytes], typecode: str) -> array:
    """An array of table values, one per record, from its code (one `translate` per byte)."""
    buf = bytearray(len(tables) * len(codes))
    for k, table in enumerate(tables):
        buf[k::len(tables)] = codes.translate(table)
    out = array(typecode)
    out.frombytes(buf)
    if _BIG_ENDIAN:
        out.byteswap()
    return out


#: translate tables over the top byte of an int32: 1 where the value lies outside [-2**30, 2**30)
#: (its top two bits differ); the byte plus 0xC0, or with its top bit flipped (mod 256); over the
#: lowest byte: the byte with its lowest bit cleared.
_OUTSIDE = bytes(0x40) + b"\x01" * 0x80 + bytes(0x40)
_ADD_C0 = bytes((b + 0xC0) & 0xFF for b in range(256))
_FLIP = bytes(b ^ 0x80 for b in range(256))
_EVEN = bytes(b & 0xFE for b in range(256))


def axial_q(x: array, r: array) -> array:
    """q = x - (r >> 1) of every record (offset to axial), from int32 columns, as an int32 array.

    Whole columns at once, as 32-bit lanes of one big int: X holds x + 3 * 2**30 and R holds
    r + 2**31 with its lowest bit cleared (a translate of one byte plane each), so R >> 1 is
    (r >> 1) + 2**30 lane by lane and X - (R >> 1) = q + 2**31 needs no borrow: its bytes are
    q's with the top bit flipped. Needs x and r in [-2**30, 2**30); past that, row by row."""
    xb, rb = x.tobytes(), r.tobytes()
    x_top, r_top = xb[3::4], rb[3::4]
    if _BIG_ENDIAN or b"\x01" in x_top.translate(_OUTSIDE) or b"\x01" in r_top.translate(_OUTSIDE):
        return array("q", list(map(sub, x, map(rshift, r, repeat(1)))))
    xl, rl = bytearray(xb), bytearray(rb)
    xl[3::4] = x_top.translate(_ADD_C0)
    rl[3::4] = r_top.translate(_FLIP)
    rl[0::4] = rb[0::4].translate(_EVEN)
    lanes = int.from_bytes(xl, "little") - (int.from_bytes(rl, "little") >> 1)
    out = bytearray(lanes.to_bytes(len(xb), "little"))
    out[3::4] = out[3::4].translate(_FLIP)
    q = array("i")
    q.frombytes(out)
    return q


_LOOKUP: PlainLookup | None = None


def lookup(t: Tables) -> PlainLookup:
    global _LOOKUP
    if _LOOKUP is None:
        _LOOKUP = PlainLookup(t)
    return _LOOKUP


def kinds(t: Tables) -> tuple[Kind, ...]:
    """The kinds of the kind column `plain_columns` makes: code * 6 + the turn as stored, each
    with its model turn and the shift from the stored anchor hex to the model's origin."""
    global _KINDS
    if _KINDS is None:
        lk = lookup(t)
        out = []
        for code, type_id in enumerate(lk.ids):
            for stored in range(6):
                turn = (stored + lk.rot_offset[code]) % 6
                out.append(Kind(type_id, turn, lk.anchor_dq[code * 6 + turn], lk.anchor_dr[code * 6 + turn]))
        _KINDS = tuple(out)
    return _KINDS


_KINDS: tuple[Kind, ...] | None = None


# -- columns of records ----------------------------------------------------------------------------
def int_field(rec: bytes, offset: int, typecode: str = "i") -> array:
    """A 4-byte little-endian field of every record of `rec`, as an array."""
    n = len(rec) // SIZE
    buf = bytearray(4 * n)
    for k in range(4):
        buf[k::4] = rec[offset + k::SIZE]
    out = array(typecode)
    out.frombytes(buf)
    if _BIG_ENDIAN:
        out.byteswap()
    return out


def _plain_prefix(rec: bytes, n: int, lk: PlainLookup) -> tuple[int, bytes, bytes, array]:
    """How many records from the start of `rec` (n whole records) are plain, their type codes
    and turns as stored, one byte each, and their raw type ids: the type lookup that makes a
    code is also the check that the type is plain."""
    good = n
    filled: dict[int, bytes] = {}  # a column of n times one byte: compared, not counted (memcmp, not a loop)
    for offset, value in _CONSTANT:
        column = rec[offset::SIZE]
        expected = filled.get(value)
        if expected is None:
            expected = filled[value] = _ONE[value] * n
        if column != expected:
            good = min(good, n - len(column.lstrip(bytes((value,)))))
            if good == 0:
                return 0, b"", b"", array("i")
    turns = rec[ROT:SIZE * good:SIZE]
    if turns.translate(None, _TURNS):  # a byte other than a turn 0-5 is left
        good = next(i for i, turn in enumerate(turns) if turn > 5)
        turns = turns[:good]
        if good == 0:
            return 0, b"", b"", array("i")
    types = int_field(rec[:SIZE * good], TYPE)  # each below 65536: its top two bytes are 0 (`_CONSTANT`)
    codes = bytes(itemgetter(*types)(lk.code_of)) if good > 1 else bytes((lk.code_of[types[0]],))
    unknown = codes.find(_NOT_PLAIN)
    if unknown >= 0:
        good = unknown
        codes, turns, types = codes[:good], turns[:good], types[:good]
    return good, codes, turns, types


def scan(data: bytes, pos: int, count: int, t: Tables,
         parse_one: Callable[[int], tuple[Any, int]]) -> tuple[list, list, int, tuple[bytes, bytes, array]]:
    """Split `count` tile records starting at `pos` into plain runs and general records.

    Returns (runs, general, end, (codes, turns, raw)): runs = [(first tile index, byte offset,
    record count)], general = [(tile index, record from parse_one)], end = offset after the last
    tile, codes, turns and raw = the type code, stored turn and type id of every plain record,
    in order.
    """
    lk = lookup(t)
    codes: list[bytes] = []
    turns: list[bytes] = []
    raw = array("i")
    runs: list[tuple[int, int, int]] = []
    general: list[tuple[int, Any]] = []
    end = len(data)
    index = 0
    chunk = 16
    while index < count:
        avail = min(count - index, (end - pos) // SIZE, chunk)
        taken = 0
        if avail >= _MIN_RUN:
            taken, window_codes, window_turns, window_raw = _plain_prefix(data[pos:pos + SIZE * avail], avail, lk)
            if taken:
                codes.append(window_codes)
                turns.append(window_turns)
                raw.extend(window_raw)
                if runs and runs[-1][0] + runs[-1][2] == index:  # the same run, read in another window
                    first, at, n = runs[-1]
                    runs[-1] = (first, at, n + taken)
                else:
                    runs.append((index, pos, taken))
                index += taken
                pos += SIZE * taken
            # A long run is likely followed by another: keep the window near its length.
            chunk = min(chunk * 2, _MAX_CHUNK) if taken == avail else max(16, min(2 * taken, _MAX_CHUNK))
        if taken < avail or avail < _MIN_RUN:
            if index >= count:
                break
            record, pos = parse_one(pos)
            general.append((index, record))
            index += 1
    return runs, general, pos, (b"".join(codes), b"".join(turns), raw)


def records(data: bytes, runs: list) -> bytes:
    """All plain records of the runs, back to back."""
    if len(runs) == 1:
        _, pos, n = runs[0]
        return data[pos:pos + SIZE * n]
    view = memoryview(data)
    return b"".join([view[pos:pos + SIZE * n] for _, pos, n in runs])


def mismatches(a: Sequence[int], b: Sequence[int], lo: int = 0, hi: int | None = None) -> list[int]:
    """The indices where two equal-length sequences differ, found by comparing halves (C-level
    slice comparisons), so a few differences in a long column cost little."""
    hi = len(a) if hi is None else hi
    if a[lo:hi] == b[lo:hi]:
        return []
    if hi - lo <= 64:
        return [i for i in range(lo, hi) if a[i] != b[i]]
    mid = (lo + hi) // 2
    return mismatches(a, b, lo, mid) + mismatches(a, b, mid, hi)


class Plain:
    """The plain records of a map, decoded field by field: the model's columns (kind, q, r, z:
    see `kinds`) and what finding the records that differ from VirtualScape's defaults needs."""

    def __init__(self, rec: bytes, t: Tables, codes: bytes, turns: bytes, raw: array | None = None):
        lk = lookup(t)
        self.raw = int_field(rec, TYPE) if raw is None else raw  # (the scan read them: `scan`)
        self.code = codes
        # kind = code * 6 + the stored turn, added as 16-bit lanes of one big int
        kind = lanes.of_planes([codes.translate(b) for b in lk.code6_bytes]) + lanes.of_planes([turns])
        self.kind = array("H")
        self.kind.frombytes(kind.to_bytes(2 * len(codes), "little"))
        if _BIG_ENDIAN:
            self.kind.byteswap()
        self.r = int_field(rec, Y)
        self.q = axial_q(int_field(rec, X), self.r)
        self.z = int_field(rec, Z)
        self.byte = rec[BYTE::SIZE]
        self.colour = int_field(rec, COLOUR, "I")
        self.glyphs = lanes.rows_in(codes.translate(lk.is_glyph))
        self.starts = lanes.rows_in(codes.translate(lk.is_start))

    def __len__(self) -> int:
        return len(self.kind)

    def byte_histogram(self) -> list[int]:
        """How often each glyph-letter byte value occurs outside glyphs (the file's usual garbage)."""
        byte = self.byte
        highs = byte.translate(_HIGH_NIBBLE)  # the values present: 16 memchr for the high nibbles,
        present = [b for h in range(16) if _ONE[h] in highs  # then 16 for each high nibble present
                   for b in range(16 * h, 16 * h + 16) if _ONE[b] in byte]
        hist = Counter({b: byte.count(b) for b in present}) if len(present) <= 32 else Counter(byte)
        for i in self.glyphs:
            hist[self.byte[i]] -= 1
        return [hist.get(b, 0) for b in range(256)]

    def columns(self) -> dict[str, array]:
        return {"kind": self.kind, "q": self.q, "r": self.r, "z": self.z}

    def special(self, t: Tables, glyph_byte: int) -> tuple[dict[int, Piece], list[tuple[int, int]]]:
        """A Piece for each record that needs attrs or extras (glyph letters, start zones, and
        extras["hsc"] where a record differs from VirtualScape's defaults: colour, glyph byte,
        legacy id), and (row, colour) of the start zones, whose players the caller assigns
        over the whole map."""
        lk = lookup(t)
        table = kinds(t)
        byte, colour, raw = self.byte, self.colour, self.raw
        special: dict[int, Piece] = {}

        def piece(i: int) -> Piece:
            made = special.get(i)
            if made is None:
                k = table[self.kind[i]]
                made = special[i] = Piece(k.type, self.q[i] - k.dq, self.r[i] - k.dr, self.z[i], k.turn)
            return made

        usual_byte = bytearray((glyph_byte,)) * len(byte)
        canon = per_code(self.code, lk.canon_bytes, "i")
        letters = {}
        for i in self.glyphs:  # the type names the glyph, the byte only where it names none (`glyph_letter`)
            letter = letters[i] = glyph_letter(raw[i], byte[i], t.cat.glyphs)
            usual_byte[i] = ord(letter)
            canon[i] = 14000 + ord(letter)
        odd_type = mismatches(raw, canon)  # legacy ids, and glyphs whose id is not their letter's
        usual_colour = per_code(self.code, lk.colour_bytes, "I")
        for i in self.starts:
            usual_colour[i] = colour[i]  # a start zone's colour is its player's
        odd: dict[int, dict[str, Any]] = {}
        for i in mismatches(byte, usual_byte):
            odd.setdefault(i, {})["byte"] = byte[i]
        for i in mismatches(colour, usual_colour):
            odd.setdefault(i, {})["colour"] = colour[i]
        for i in odd_type:
            odd.setdefault(i, {})["type"] = raw[i]
        for i in sorted(odd):
            extras = odd[i]
            piece(i).extras = {NAME: {k: extras[k] for k in ("byte", "colour", "type") if k in extras}}
        for i in self.glyphs:
            piece(i).attrs["letter"] = letters[i]
            if letters[i] == "?" and byte[i] == glyph_byte == t.editor_byte and raw[i] == t.editor_glyph:
                piece(i).attrs["treasure"] = True  # the Hexoscape editor's export: its treasure glyph
        for i in self.starts:
            piece(i)
        return special, [(i, colour[i]) for i in self.starts]


def positions(runs: list) -> list[int]:
    """The tile index of every record of the runs."""
    out: list[int] = []
    for index, _, n in runs:
        out.extend(range(index, index + n))
    return out


# -- writing ---------------------------------------------------------------------------------------
def _put(buf: bytearray, offset: int, values: array) -> None:
    """Write a 4-byte field of every record from an array of 4-byte ints."""
    if _BIG_ENDIAN:
        values = array(values.typecode, values)
        values.byteswap()
    raw = values.tobytes()
    for k in range(4):
        buf[offset + k::SIZE] = raw[k::4]


def encode_plain(codes, qs, rs, zs, rotations,
                 t: Tables, glyph_byte: int, shift: tuple[int, int, int]) -> tuple[bytes, list[bool] | None]:
    """41-byte records (tile version 0.0003, empty strings, class colour) for plain pieces, and
    which of them have coordinates that fit VirtualScape's 32-bit integers (None: all do).
    A piece that does not fit is written at 0, 0, 0; the caller leaves its record out."""
    lk = lookup(t)
    n = len(codes)
    turns = [int(k) % 6 for k in rotations]
    key = list(map(add, map(mul, codes, repeat(6)), turns))
    r = [row + dr + shift[1] for row, dr in zip(rs, map(lk.anchor_dr.__getitem__, key))]
    x = [q + dq + shift[0] + (row >> 1) for q, dq, row in zip(qs, map(lk.anchor_dq.__getitem__, key), r)]
    z = [level + shift[2] for level in zs] if shift[2] else list(zs)
    low, high = -2 ** 31, 2 ** 31 - 1
    fits = None
    if not all(low <= min(v) and max(v) <= high for v in (x, r, z) if v):
        fits = [low <= a <= high and low <= b <= high and low <= c <= high for a, b, c in zip(x, r, z)]
        x, r, z = ([v if ok else 0 for v, ok in zip(column, fits)] for column in (x, r, z))
    buf = bytearray(SIZE * n)
    _put(buf, TYPE, array("i", map(lk.canon.__getitem__, codes)))
    for offset, value in _CONSTANT:
        buf[offset::SIZE] = bytes((value,)) * n
    _put(buf, ROT, array("i", [(k - lk.rot_offset[c]) % 6 for k, c in zip(turns, codes)]))
    _put(buf, X, array("i", x))
    _put(buf, Y, array("i", r))
    _put(buf, Z, array("i", z))
    buf[BYTE::SIZE] = bytes((glyph_byte,)) * n
    _put(buf, COLOUR, array("I", map(lk.colour.__getitem__, codes)))
    return bytes(buf), fits
