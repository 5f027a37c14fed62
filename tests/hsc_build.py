"""A tiny, independent `.hsc` byte builder for tests (written from docs/hsc-format.md §1,
not from mapkit's writer), so tests can make files the corpus lacks: document version
0.0001, tile versions 0.0001/0.0002, every CString prefix form, ANSI strings, hostile counts."""

from __future__ import annotations

import struct


def version(n: int) -> bytes:
    return struct.pack("<d", n / 10000)


def i32(v: int) -> bytes:
    return struct.pack("<i", v)


def cstring(text: str, enc: str = "u", width: int | None = None) -> bytes:
    """MFC CString: 'u' = UTF-16 (FF FE FF tag), 'a' = ANSI cp1252; width = prefix bytes."""
    if enc == "u":
        body = text.encode("utf-16-le", "surrogatepass")
    else:  # cp1252; its five undefined bytes stand for the same code points (as Windows reads them)
        body = b"".join(bytes([ord(ch)]) if ord(ch) in (0x81, 0x8D, 0x8F, 0x90, 0x9D) else ch.encode("cp1252")
                        for ch in text)
    n = len(body) // 2 if enc == "u" else len(body)
    if width is None:
        width = 1 if n < 0xFF else 2 if n < 0xFFFE else 4
    head = b"\xff\xfe\xff" if enc == "u" else b""
    if width == 1:
        prefix = bytes([n])
    elif width == 2:
        prefix = b"\xff" + struct.pack("<H", n)
    elif width == 4:
        prefix = b"\xff\xff\xff" + struct.pack("<I", n)
    else:
        prefix = b"\xff\xff\xff\xff\xff\xff\xff" + struct.pack("<Q", n)
    return head + prefix + body


EMPTY = cstring("")


def colour(r: int, g: int, b: int) -> bytes:
    return bytes([r, g, b, 0])


def tile(type_id: int, x: int, y: int, z: int, rot: int = 0, tv: int = 3, byte: int = 0,
         glyph_name: bytes = EMPTY, start_name: bytes = EMPTY, rgb: bytes = b"\0\0\0\0",
         extra: bytes = b"") -> bytes:
    out = i32(type_id) + version(tv) + i32(rot) + i32(x) + i32(y) + i32(z)
    if tv >= 2:
        out += bytes([byte]) + glyph_name + start_name
    if tv >= 3:
        out += rgb + extra
    return out


def document(doc_version: int, tiles: list[bytes], name: bytes = EMPTY, author: bytes = EMPTY,
             players: bytes = EMPTY, scenario: bytes | None = None, count: int | None = None) -> bytes:
    out = version(doc_version)
    if doc_version >= 2:
        out += name + author
    if doc_version >= 3:
        out += players
    if doc_version == 3:
        out += scenario if scenario is not None else EMPTY
    elif doc_version >= 4:
        raw = scenario or b""
        out += i32(len(raw)) + raw
    if doc_version >= 2:
        out += i32(6) + i32(80) + i32(1)
    if doc_version >= 5:
        out += i32(0)
    if doc_version >= 7:
        out += i32(1)
    out += i32(len(tiles) if count is None else count)
    return out + b"".join(tiles)
