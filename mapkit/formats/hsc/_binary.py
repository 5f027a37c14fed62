"""Low-level pieces of the VirtualScape `.hsc` format: version doubles, MFC CStrings, a cursor.

A `.hsc` file is a bare MFC CArchive stream (docs/hsc-format.md §1): little-endian ints,
doubles used as version tags (compared byte for byte), and CStrings with a variable-length
prefix that may announce UTF-16. Every read checks the bytes it needs first, so a damaged
file fails with one FormatError naming the byte offset, never an IndexError or struct.error.
"""

from __future__ import annotations

import struct

from mapkit.bulk import paused_gc  # noqa: F401  (the reader and writer take it from here)
from mapkit.errors import FormatError


#: Version code (1 for 0.0001 ... 7 for 0.0007) -> the exact double bytes VirtualScape compares.
VERSION_BYTES: dict[int, bytes] = {n: struct.pack("<d", n / 10000) for n in range(1, 8)}
VERSION_CODES: dict[bytes, int] = {raw: n for n, raw in VERSION_BYTES.items()}


def fingerprint(data: bytes) -> str:
    """What tells the writer that re-encoding a map the way it was read gives the file's own
    bytes: their length and CRC-32 ("crc32:1a2b3c4d:410072").

    It decides a style, not a content: a map whose re-encoding matched by chance would still be
    written whole, in the style its file had. So a 32-bit check does the job of the SHA-256
    this once was, faster (a 10,000-tile map's 410 kB, measured: 0.16 ms against 0.26 ms with
    OpenSSL's SHA-256, 2 ms with the interpreter's own, which saved loading OpenSSL); `same_bytes`
    still honours the SHA-256 fingerprints saved by earlier versions."""
    from zlib import crc32

    return f"crc32:{crc32(data):08x}:{len(data)}"


def same_bytes(data: bytes, kept: str) -> bool:
    """Whether `data` are the bytes `kept` (a `fingerprint`, or an earlier SHA-256 hex) fingerprints."""
    if kept.startswith("crc32:"):
        return kept == fingerprint(data)
    from hashlib import sha256

    return len(kept) == 64 and sha256(data).hexdigest() == kept


def version_name(code: int) -> str:
    return f"0.000{code}"


def version_code(name: str) -> int:
    """'0.0007' -> 7; anything else raises ValueError."""
    for code in VERSION_BYTES:
        if version_name(code) == name:
            return code
    raise ValueError(f"unknown VirtualScape version {name!r}")


#: The UTF-16 "Unicode follows" tag MFC writes before a wide CString's length.
UNICODE_TAG = b"\xff\xfe\xff"
#: An empty UTF-16 CString, as VirtualScape writes it.
EMPTY_UTF16 = b"\xff\xfe\xff\x00"

#: Below this many tiles the fast paths (hsc/_fast.py) gain nothing over a record at a time.
FAST_PATH_MIN_TILES = 64

_I32 = struct.Struct("<i")
_U16 = struct.Struct("<H")
_U32 = struct.Struct("<I")
_U64 = struct.Struct("<Q")


def minimal_width(n: int) -> int:
    """The prefix width MFC's AfxWriteStringLength uses for a length of n characters."""
    if n < 0xFF:
        return 1
    if n < 0xFFFE:
        return 2
    if n < 0xFFFFFFFF:
        return 4
    return 8


def _fits(width: int, n: int, unicode: bool) -> bool:
    """Whether a length n can be written with this prefix width and still read back as n."""
    if width == 1:
        return n < 0xFF
    if width == 2:
        # 0xFFFE right after the first 0xFF byte means "Unicode follows" for an ANSI string.
        return n < 0xFFFF and (unicode or n != 0xFFFE)
    if width == 4:
        return n < 0xFFFFFFFF
    return width == 8


def ansi_decode(raw: bytes) -> str:
    """cp1252 as Windows converts it: the five undefined bytes map to the same code points."""
    try:
        return raw.decode("cp1252")
    except UnicodeDecodeError:
        return "".join(_ansi_char(b) for b in raw)


def _ansi_char(b: int) -> str:
    try:
        return bytes((b,)).decode("cp1252")
    except UnicodeDecodeError:
        return chr(b)


def ansi_encode(text: str) -> bytes | None:
    """cp1252 bytes, or None if some character has no cp1252 byte."""
    try:
        return text.encode("cp1252")
    except UnicodeEncodeError:
        pass
    out = bytearray()
    for ch in text:
        try:
            out += ch.encode("cp1252")
        except UnicodeEncodeError:
            if ord(ch) in (0x81, 0x8D, 0x8F, 0x90, 0x9D):
                out.append(ord(ch))
            else:
                return None
    return bytes(out)


def encode_cstring(text: str, form: str | None = None) -> bytes:
    """An MFC CString. `form` (e.g. 'u1', 'a2') keeps a file's original encoding and prefix
    width where they still fit the text; otherwise UTF-16 with the shortest prefix, as
    VirtualScape 1.066 writes every string."""
    unicode = True
    width = 0
    if form:
        unicode = form[0] != "a"
        width = int(form[1:]) if len(form) > 1 else 0
    if unicode:
        body = text.encode("utf-16-le", "surrogatepass")
        n = len(body) // 2
    else:
        ansi = ansi_encode(text)
        if ansi is None:
            return encode_cstring(text, None)
        body, n = ansi, len(ansi)
    if not width or not _fits(width, n, unicode):
        width = minimal_width(n)
    head = UNICODE_TAG if unicode else b""
    if width == 1:
        return head + bytes((n,)) + body
    if width == 2:
        return head + b"\xff" + _U16.pack(n) + body
    if width == 4:
        return head + b"\xff\xff\xff" + _U32.pack(n) + body
    return head + b"\xff\xff\xff\xff\xff\xff\xff" + _U64.pack(n) + body


def form_is_default(form: str, n: int) -> bool:
    """True for UTF-16 with the minimal prefix: nothing to remember for a round trip.

    A CString "form" is the encoding letter ('u' UTF-16, 'a' ANSI) + the length prefix's width
    in bytes (1, 2, 4 or 8), e.g. "u1".
    """
    return form == f"u{minimal_width(n)}"


class Cursor:
    """Reads the archive front to back; every error names the byte offset it happened at."""

    __slots__ = ("data", "pos", "end")

    def __init__(self, data: bytes, pos: int = 0):
        self.data = data
        self.pos = pos
        self.end = len(data)

    def fail(self, message: str, at: int | None = None) -> FormatError:
        return FormatError(message, where=f"byte {self.pos if at is None else at}")

    def need(self, n: int, what: str) -> None:
        if n > self.end - self.pos:
            raise self.fail(f"file ends at byte {self.end} in the middle of {what} "
                            f"({n} byte(s) needed, {self.end - self.pos} left)")

    def raw(self, n: int, what: str) -> bytes:
        self.need(n, what)
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def i32(self, what: str) -> int:
        self.need(4, what)
        (value,) = _I32.unpack_from(self.data, self.pos)
        self.pos += 4
        return value

    def u32(self, what: str) -> int:
        self.need(4, what)
        (value,) = _U32.unpack_from(self.data, self.pos)
        self.pos += 4
        return value

    def u8(self, what: str) -> int:
        self.need(1, what)
        value = self.data[self.pos]
        self.pos += 1
        return value

    def _u16(self, what: str) -> int:
        self.need(2, what)
        (value,) = _U16.unpack_from(self.data, self.pos)
        self.pos += 2
        return value

    def version(self, what: str) -> int:
        """A version double; only VirtualScape's seven exact constants are accepted."""
        at = self.pos
        raw = self.raw(8, what)
        code = VERSION_CODES.get(raw)
        if code is None:
            (value,) = struct.unpack("<d", raw)
            raise self.fail(f"unknown {what} {value!r} (bytes {raw.hex()}); "
                            "VirtualScape versions are 0.0001 to 0.0007", at)
        return code

    def cstring(self, what: str) -> tuple[str, str]:
        """An MFC CString (AfxReadStringLength): returns (text, form)."""
        at = self.pos
        unicode = False
        n = self.u8(what)
        width = 1
        if n == 0xFF:
            w = self._u16(what)
            if w == 0xFFFE:
                unicode = True
                n = self.u8(what)
                if n == 0xFF:
                    w = self._u16(what)
            if n == 0xFF:
                width = 2
                n = w
                if w == 0xFFFF:
                    width = 4
                    n = self.u32(what)
                    if n == 0xFFFFFFFF:
                        width = 8
                        self.need(8, what)
                        (n,) = _U64.unpack_from(self.data, self.pos)
                        self.pos += 8
        size = n * 2 if unicode else n
        if size > self.end - self.pos:
            raise self.fail(f"{what}: a string of {n} character(s) starting at byte {at} runs past "
                            f"the end of the file at byte {self.end}")
        body = self.data[self.pos:self.pos + size]
        self.pos += size
        text = body.decode("utf-16-le", "surrogatepass") if unicode else ansi_decode(body)
        return text, ("u" if unicode else "a") + str(width)
