"""The scenario text of a `.hsc`: VirtualScape stores RichEdit RTF (v0.0004 on); mapkit keeps text.

`rtf_to_text` is deliberately crude (groups, control words, escapes, \\par): enough to show a
scenario to a designer. The raw bytes stay in the map's extras for faithful round trips.
`text_to_rtf` writes the smallest RTF VirtualScape's RichEdit control loads.
"""

from __future__ import annotations

import re

from mapkit.formats.hsc._binary import ansi_decode

#: Destination groups whose text is not part of the document body.
_SKIP_DESTINATIONS = {"fonttbl", "colortbl", "stylesheet", "info", "pict", "header", "footer",
                      "listtable", "listoverridetable", "rsidtbl", "generator", "themedata",
                      "latentstyles", "datastore", "xmlnstbl", "mmathPr"}
_TOKEN = re.compile(rb"\\([a-zA-Z]+)(-?\d+)? ?|\\'([0-9a-fA-F]{2})|\\(.)|([{}])|([\r\n]+)|([^\\{}\r\n]+)",
                    re.S)


def rtf_to_text(raw: bytes) -> str:
    """Plain text of an RTF blob (or the blob itself if it is not RTF), without the final NUL."""
    raw = raw.rstrip(b"\x00")
    if not raw.lstrip().startswith(b"{\\rtf"):
        return ansi_decode(raw).rstrip()
    out: list[str] = []
    stack: list[bool] = []
    skip = False
    pending_skip = 0  # characters to drop after \uN (\uc1: one fallback character)
    group_start = False
    for match in _TOKEN.finditer(raw):
        word, param, hexbyte, escaped, brace, _newline, text = match.groups()
        if brace == b"{":
            stack.append(skip)
            group_start = True
            continue
        if brace == b"}":
            skip = stack.pop() if stack else skip
            group_start = False
            continue
        first_in_group, group_start = group_start, False
        if word is not None:
            name = word.decode("ascii")
            if first_in_group and name in _SKIP_DESTINATIONS:
                skip = True
            elif skip:
                pass
            elif name in ("par", "line"):
                out.append("\n")
            elif name == "tab":
                out.append("\t")
            elif name == "u" and param is not None:
                code = int(param)
                code = code + 65536 if code < 0 else code
                if code <= 0x10FFFF:
                    out.append(chr(code))
                pending_skip = 1
            continue
        if escaped is not None:
            if escaped == b"*" and first_in_group:
                skip = True
            elif not skip and escaped in (b"\\", b"{", b"}"):
                out.append(escaped.decode("ascii"))
            continue
        if skip:
            continue
        if hexbyte is not None:
            if pending_skip:
                pending_skip -= 1
            else:
                out.append(ansi_decode(bytes.fromhex(hexbyte.decode("ascii"))))
            continue
        if text is not None:
            chunk = ansi_decode(text)
            if pending_skip:
                chunk = chunk[pending_skip:]
                pending_skip = 0
            out.append(chunk)
    return _join_surrogates("".join(out)).rstrip()


def _join_surrogates(text: str) -> str:
    """RTF writes characters beyond U+FFFF as two \\u surrogates; join them."""
    if not any("\ud800" <= ch <= "\udfff" for ch in text):
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def text_to_rtf(text: str) -> bytes:
    """Minimal RichEdit RTF for a scenario, NUL-terminated as VirtualScape writes it."""
    body: list[str] = []
    for ch in text:
        code = ord(ch)
        if ch in "\\{}":
            body.append("\\" + ch)
        elif ch == "\n":
            body.append("\\par\r\n")
        elif ch == "\t":
            body.append("\\tab ")
        elif ch == "\r":
            continue
        elif 32 <= code < 127:
            body.append(ch)
        else:
            try:
                encoded = ch.encode("cp1252")
                body.append("".join(f"\\'{b:02x}" for b in encoded))
            except UnicodeEncodeError:
                for unit in range(0, len(ch.encode("utf-16-le", "surrogatepass")), 2):
                    value = int.from_bytes(ch.encode("utf-16-le", "surrogatepass")[unit:unit + 2], "little")
                    body.append(f"\\u{value - 65536 if value > 32767 else value}?")
    rtf = ("{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\fnil\\fcharset0 Arial;}}\r\n"
           "\\viewkind4\\uc1\\pard\\f0\\fs20 " + "".join(body) + "\\par\r\n}\r\n")
    return rtf.encode("ascii") + b"\x00"
