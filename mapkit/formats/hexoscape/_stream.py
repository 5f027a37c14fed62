"""The fast path of the Hexoscape reader: a file whose pieces are written the way Hexoscape
writes them, read in pieces of a few MB into the model's columns.

Hexoscape saves `boardPieces` compactly, every piece alike: `{"uid":"...","inventoryID":"g1",
"altitude":3,"rotation":0,"pieceCoords":{"q":4,"r":-2,"s":-2}}` in the array form, or
`"3~4~-2~0~g1":"g1"` in the object form. A run of such text is matched by one regular
expression (C-level), its fields become columns (`mapkit.model.columns.Columns`, held by `Pieces`), and no
Python dict or Piece is made per piece. A gzip file is inflated a chunk at a time, so neither
the inflated text nor a parsed document is ever held whole: memory is the columns, a few bytes
a piece. The rest of the document (hexMap and any other keys) is parsed as JSON as usual.

Anything else (spaces, another key order, escapes in a string, a piece the catalog names
differently, a castle wall Hexoscape built a base into, numbers out of bounds) makes
`read_stream` return None, and the caller reads the file the general way, which names any
problem exactly. So this path only ever gives the map the general reader gives.
"""

from __future__ import annotations

import codecs
import re
import zlib
from array import array
from itertools import repeat
from operator import add, mul

from mapkit import registry
from mapkit.errors import FormatError
from mapkit.formats._carried import read_back
from mapkit.formats._json import parse_json
from mapkit.model.columns import Columns, Kind, StringColumn
from mapkit.model.map import Map, Piece, Pieces

#: This format's name, from its registry row: the key of what it keeps in `extras`.
NAME = registry.declared(__name__).name
TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any, Iterator, Sequence

#: Bytes of compressed input inflated at a time, and text matched at a time.
CHUNK = 1 << 20
#: The head (hexMap, which may hold a base64 portrait) may be at most this long.
MAX_HEAD = 64 << 20

_STRING = r'[^"\\\x00-\x1f]*'
_WHOLE = r"(?:0|-?[1-9]\d{0,8})"
_TURN = r"[0-5](?:\.5)?"
#: One canonical piece of the array form and what follows it (`,` or the closing `]`).
_ARRAY_SHAPE = (r'\{{"uid":"({0})","inventoryID":"({0})","altitude":({1}),"rotation":({2}),'
                r'"pieceCoords":\{{"q":({1}),"r":({1}),"s":({1})\}}\}}')
ARRAY_PIECE = re.compile(_ARRAY_SHAPE.format(_STRING, _WHOLE, _TURN) + r"(,|\])")
#: A run of such pieces and nothing else, matched whole without a group (the numpy path).
ARRAY_RUN = re.compile("(?:{0},)*+(?:{0}\\])?".format(
    _ARRAY_SHAPE.replace("(", "(?:").format(_STRING, _WHOLE, _TURN)))
#: Pieces read the regular-expression way before the rest are read with numpy (`_vector`):
#: below this numpy costs more to import than it saves.
VECTOR_AFTER = 50_000
#: The same for the object form: `"altitude~q~r~rotation~id":"id"`.
OBJECT_PIECE = re.compile(rf'"({_WHOLE})~({_WHOLE})~({_WHOLE})~({_TURN})~([^"\\\x00-\x1f~,]+)":"({_STRING})"(,|\}})')
#: What a match is besides its groups, in characters.
_ARRAY_FIXED = len('{"uid":"","inventoryID":"","altitude":,"rotation":,"pieceCoords":{"q":,"r":,"s":}}')
_OBJECT_FIXED = len('"~~~~":""')
_START = re.compile(r'"boardPieces"\s*:\s*([\[{])\s*')


class NotCanonical(Exception):
    """The file is not in the form this path reads; the general reader takes it."""


def padding(rest: bytes) -> bool:
    """Whether the bytes after a gzip member are nothing or zero bytes alone, to the end of the
    file: a tape's or a block device's padding, which GNU gzip ignores ("trailing zero bytes
    ignored"); never a member or data."""
    return not rest or not rest.lstrip(b"\0")


def text_chunks(data: bytes, gzipped: bool, limit: int) -> Iterator[str]:
    """The file's text a chunk at a time (inflated if gzipped, UTF-8 decoded, BOM dropped)."""
    decoder = codecs.getincrementaldecoder("utf-8-sig")()
    total = 0
    if not gzipped:
        for start in range(0, len(data), CHUNK):
            yield decoder.decode(data[start:start + CHUNK])
        yield decoder.decode(b"", final=True)
        return
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    pending = data
    while pending:
        out = inflater.decompress(pending, CHUNK)
        pending = inflater.unconsumed_tail
        total += len(out)
        if total > limit:
            raise NotCanonical
        yield decoder.decode(out)
        if inflater.eof:
            pending = inflater.unused_data
            if not pending.startswith(b"\x1f\x8b"):
                break  # trailing bytes that are no gzip member: the general reader refuses them
            inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)  # the next member goes on with the text
    if not inflater.eof or not padding(inflater.unused_data):
        raise NotCanonical  # truncated or trailing data: the general reader says which
    yield decoder.decode(b"", final=True)


class _Columns:
    """The columns being filled, and the pieces that are objects."""

    def __init__(self, ids: "IdTable"):
        self.ids = ids
        self.kind = array("H")
        self.q = array("q")
        self.r = array("q")
        self.z = array("q")
        self.uid = StringColumn()
        self.objects: dict[int, Piece] = {}
        self.keys: set[str] = set()

    def add(self, hids: Sequence[str], altitudes: list[int], turns: Sequence[str], qs: list[int], rs: list[int],
            uids: tuple[str, ...] | None) -> None:
        ids = self.ids
        present = set(hids)
        for hid in present.difference(ids.codes):
            ids.code_of(hid)  # raises NotCanonical for an id it does not take
        codes = list(map(ids.codes.__getitem__, hids))
        bound = ids.max_coordinate
        if min(altitudes) < 0 or max(altitudes) > ids.max_altitude or min(qs) < -bound or max(qs) > bound \
                or min(rs) < -bound or max(rs) > bound:
            raise NotCanonical
        first = len(self.kind)
        whole = list(map(_TURNS.get, turns))
        halves = None in whole
        if halves:
            whole = [0 if w is None else w for w in whole]
        self.kind.extend(map(add, map(mul, codes, repeat(6)), whole))
        self.q.extend(qs)
        self.r.extend(rs)
        self.z.extend(altitudes)
        if uids is not None:
            self.uid.extend(uids)
        special = {ids.codes[hid] for hid in present if ids.special[ids.codes[hid]]}
        odd = [i for i, code in enumerate(codes) if code in special] if special else []
        if halves:
            odd += [i for i, turn in enumerate(turns) if turn not in _TURNS]
        for i in odd:
            self.objects[first + i] = ids.piece(hids[i], qs[i], rs[i], altitudes[i], turns[i],
                                                uids[i] if uids is not None else None)

    def add_run(self, text: str) -> None:
        """The same as `add` for a run of canonical ASCII pieces, a column at a time (numpy)."""
        import numpy as np

        from mapkit.formats.hexoscape import _vector

        run = _vector.decode(text)
        ids = self.ids
        codes = np.array([ids.code_of(hid) for hid in run.hids], dtype=np.int64)[run.hid]
        bound = ids.max_coordinate
        if run.altitude.min() < 0 or run.altitude.max() > ids.max_altitude or np.abs(run.q).max() > bound \
                or np.abs(run.r).max() > bound:
            raise NotCanonical
        if (run.q + run.r + run.s).any():
            raise NotCanonical  # s is not -q-r
        first = len(self.kind)
        self.kind.frombytes((codes * 6 + run.whole_turn).astype(np.uint16).tobytes())
        for column, values in ((self.q, run.q), (self.r, run.r), (self.z, run.altitude)):
            column.frombytes(values.astype(np.int64).tobytes())
        self.uid.extend_joined(run.uids, run.uid_length.tolist())
        special = np.array([ids.special[ids.codes[hid]] for hid in run.hids], dtype=bool)[run.hid]
        uid_ends = None
        for i in np.flatnonzero(special | run.half_turn).tolist():
            if uid_ends is None:
                uid_ends = np.cumsum(run.uid_length).tolist()
            hid = run.hids[run.hid[i]]
            turn = f"{run.whole_turn[i]}.5" if run.half_turn[i] else str(run.whole_turn[i])
            uid = run.uids[uid_ends[i] - run.uid_length[i]:uid_ends[i]]
            self.objects[first + i] = ids.piece(hid, int(run.q[i]), int(run.r[i]), int(run.altitude[i]), turn, uid)

    def table(self, tagged: bool) -> Pieces:
        return Pieces.of_columns(Columns(self.ids.kinds, self.kind, self.q, self.r, self.z, self.objects,
                                         (NAME, "uid", self.uid) if tagged else None))


_TURNS = {str(k): k for k in range(6)}


class IdTable:
    """Hexoscape piece ids seen so far -> a type code; kinds are code * 6 + turn."""

    def __init__(self, reader: Any):
        self.reader = reader  # mapkit.formats.hexoscape (its tables and make_piece)
        self.max_altitude = reader.MAX_ALTITUDE
        self.max_coordinate = reader.MAX_COORDINATE
        self.codes: dict[str, int] = {}
        self.kinds: list[Kind] = []
        self.special: list[bool] = []

    def code_of(self, hid: str) -> int:
        code = self.codes.get(hid)
        if code is not None:
            return code
        reader = self.reader
        try:
            probe = reader.make_piece(hid, 0, 0, 0, 0, "$")
        except Exception:  # an unknown id: the general reader names it
            raise NotCanonical from None
        if probe.type in reader.WALL_BASES or probe.type in reader.CASTLE_UNDER:
            raise NotCanonical  # castle pieces: the general reader settles the built-in bases
        code = self.codes[hid] = len(self.special)
        self.special.append(bool(probe.attrs or probe.extras))
        ptype = reader.catalog()[probe.type]
        for turn in range(6):
            dq, dr = reader.origin_shift(ptype, turn)
            self.kinds.append(Kind(probe.type, turn, dq, dr))
        return code

    def piece(self, hid: str, q: int, r: int, altitude: int, turn: str, uid: str | None) -> Piece:
        """A piece that cannot be a plain row: attrs or extras of its own, or a half-step turn."""
        rotation = float(turn)
        try:
            piece = self.reader.make_piece(hid, q, r, altitude, int(rotation) if rotation.is_integer() else rotation,
                                           "$")
        except Exception:
            raise NotCanonical from None
        if uid is not None:
            piece.extras.setdefault(NAME, {})["uid"] = uid
        return piece


def read_stream(data: bytes, gzipped: bool, reader: Any, limit: int) -> Map | None:
    """The map, read the fast way; None if the file is not in the form it reads."""
    try:
        return _read(data, gzipped, reader, limit)
    except (NotCanonical, UnicodeDecodeError, zlib.error, ValueError, RecursionError):
        return None


def _read(data: bytes, gzipped: bool, reader: Any, limit: int) -> Map | None:
    chunks = text_chunks(data, gzipped, limit)
    head = ""
    for chunk in chunks:
        head += chunk
        found = _START.search(head)
        if found is not None:
            break
        if len(head) > MAX_HEAD:
            return None
    else:
        return None
    form = "array" if found.group(1) == "[" else "object"
    columns = _Columns(IdTable(reader))
    buffer, head = head[found.end():], head[:found.start()]
    buffer, closed = _take(buffer, form, columns)
    for chunk in chunks:
        if closed:
            buffer += chunk
            continue
        buffer, closed = _take(buffer + chunk, form, columns)
    if not closed:
        return None
    return _finish(head + '"boardPieces":' + ("[]" if form == "array" else "{}") + buffer, form, columns, reader,
                   gzipped)


def _take(buffer: str, form: str, columns: _Columns) -> tuple[str, bool]:
    """Read the whole pieces at the start of `buffer`; (what is left, whether the pieces ended).

    The matches must cover the text they were taken from exactly: their lengths add up to it."""
    if not buffer:
        return buffer, False
    if buffer[0] == ("]" if form == "array" else "}"):
        if len(columns.kind) or columns.objects:
            raise NotCanonical  # `,` then the closing bracket: not JSON
        return buffer[1:], True
    end = _last_end(buffer, form)
    if end <= 0:
        if len(buffer) > MAX_HEAD:
            raise NotCanonical
        return buffer, False
    text = buffer[:end]
    if form == "array" and len(columns.kind) >= VECTOR_AFTER and text.isascii():
        if ARRAY_RUN.fullmatch(text) is None:
            raise NotCanonical
        columns.add_run(text)
        return buffer[end:], text[-1] == "]"
    if form == "array":
        found = ARRAY_PIECE.findall(text)
        if not found:
            raise NotCanonical
        uids, hids, alts, turns, qs, rs, ss, seps = zip(*found)
        size = _ARRAY_FIXED * len(found) + sum(len("".join(column)) for column in (uids, hids, alts, turns, qs, rs, ss)) \
            + len(seps)
        q, r = list(map(int, qs)), list(map(int, rs))
        if any(map(add, map(add, q, r), map(int, ss))):
            raise NotCanonical  # s is not -q-r
        tail_uids: tuple[str, ...] | None = uids
    else:
        found = OBJECT_PIECE.findall(text)
        if not found:
            raise NotCanonical
        alts, qs, rs, turns, hids, values, seps = zip(*found)
        if hids != values:
            raise NotCanonical  # the key and the value name different pieces
        size = _OBJECT_FIXED * len(found) + sum(len("".join(column)) for column in (alts, qs, rs, turns)) \
            + 2 * len("".join(hids)) + len(seps)
        q, r = list(map(int, qs)), list(map(int, rs))
        keys = columns.keys
        before = len(keys)
        keys.update(f"{a}~{b}~{c}~{d}~{e}" for a, b, c, d, e in zip(alts, qs, rs, turns, hids))
        if len(keys) != before + len(found):
            raise NotCanonical  # a key twice: JSON keeps the last, the general reader knows how
        tail_uids = None
    if size != end:
        raise NotCanonical  # something between the pieces the pattern does not allow
    commas = seps.count(",")
    if commas == len(seps):
        closing = False
    elif commas == len(seps) - 1 and seps[-1] != ",":
        closing = True  # the closing bracket, after the last piece only
    else:
        raise NotCanonical
    columns.add(hids, list(map(int, alts)), turns, q, r, tail_uids)
    return buffer[end:], closing


def _last_end(buffer: str, form: str) -> int:
    """Where the last whole piece of `buffer` and its separator end; 0 if there is none yet (a
    piece cut by the chunk's end waits for the next chunk)."""
    close = "}}" if form == "array" else '"'
    ends = [buffer.rfind(close + sep) for sep in (",", "]" if form == "array" else "}")]
    return max((at + len(close) + 1 for at in ends if at >= 0), default=0)


def _finish(text: str, form: str, columns: _Columns, reader: Any, gzipped: bool) -> Map | None:
    """The map: the document around the pieces parsed as JSON, the pieces from the columns."""
    if '"boardPieces"' in text[text.index('"boardPieces":') + 14:]:
        return None  # another boardPieces key: JSON would keep the last
    try:
        doc = parse_json(text.encode("utf-8"))
    except FormatError:
        return None
    empty: Any = [] if form == "array" else {}
    if not isinstance(doc, dict) or doc.get("boardPieces") != empty or "hexMap" not in doc:
        return None
    m = reader.map_with_hex_map(doc["hexMap"], "$.hexMap")
    m.pieces = columns.table(tagged=form == "array")
    extra = {k: v for k, v in doc.items() if k not in ("hexMap", "boardPieces")}
    m.extras[reader.NAME]["form"] = form
    if extra:
        m.extras[reader.NAME]["extra"] = extra
    m.source_version = form
    m.extras[reader.NAME]["gzip"] = gzipped
    read_back(m, reader.NAME)
    return m
