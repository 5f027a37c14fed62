"""How text that came from a file is shown in each medium: one way per medium, used by all.

A map or Book is written by anyone who shares it, so every text in it (a name, a colour, a
scenario's notes, a letter) is hostile until shown through one of these:

- `line`: a one-line value on a terminal or in a text report (a name, an author, a colour, a
  file name): every control character, the newline, carriage return and tab included, is spelled
  as git spells them in the names it quotes (`\\n`, `\\033`, `\\a`; a C1 character by its
  UTF-8 bytes, `\\302\\233`), and so are the bidirectional controls and the other invisible
  format characters (`FORMAT`: a right-to-left override as `\\342\\200\\256`), so a value can
  neither add a line to a report, move the cursor, ring the bell, set the window title, hide
  what follows it nor show it in another order ("Trojan source", CVE-2021-42574). `lines` says a
  report's lines each so: whatever a value holds, a report has the lines its renderer made.
- `terminal`: multi-line text (a scenario's notes, a whole report): the same, but the newline
  and tab are kept.
- `json_text`: a JSON report. `json.dumps` escapes C0 itself; DEL, C1, the format characters,
  the two Unicode line separators and lone UTF-16 halves are escaped too (`\\u009b`, `\\u202e`),
  so the text is also safe to print on a terminal and to embed in a script.
- `html`: the HTML report, in text and in attribute values (quoted either way), its inline SVG
  included: `&`, `<`, `>`, `"` and `'` as character references.
- `xml_text`, `xml_attr`: SVG documents, in the form lxml (libxml2) serialises them (the SVG
  painter's output is read back by lxml byte for byte).
- `pdf`: text drawn on a PDF page or set in its metadata; reportlab escapes the PDF syntax.

Every one of them first replaces what the medium cannot hold (`_safe`: the characters XML 1.0
excludes, C1 controls, and the bidirectional embeddings, overrides and isolates, which would
reorder the page around a name) by U+FFFD; `terminal` and `line` spell them instead.
"""

from __future__ import annotations

import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Iterable

#: Characters a document cannot hold or a reader must never act on: C0 but tab, newline and
#: carriage return; DEL and C1; lone UTF-16 halves; the two non-characters XML excludes; the
#: bidirectional embeddings, overrides and isolates, with which a name would show the page's
#: text after it in another order.
_UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff\u202a-\u202e\u2066-\u2069]")
#: The invisible format characters (Unicode's category Cf, as of Unicode 15.1) but the two joiners
#: (U+200C, U+200D), which join the letters of many scripts and the parts of an emoji: the
#: bidirectional embeddings, overrides and isolates (U+202A-202E, U+2066-2069) and marks
#: (U+200E, U+200F, U+061C), which show a text in another order than it is read, the zero-width
#: space, word joiner, soft hyphen and byte order mark, and the tag characters (U+E0000-E007F),
#: invisible letters. tests/test_hostile_text.py holds the list to this Python's `unicodedata`.
FORMAT = ("\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b\u200e\u200f"
          "\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd"
          "\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f")
#: What a terminal must not be given raw: every C0 control, DEL, C1, the format characters and
#: the two Unicode line separators (the newline and tab where `terminal` keeps them).
_SPELLED = "\x00-\x1f\x7f-\x9f\u2028\u2029" + FORMAT
_SURROGATE = re.compile("[\ud800-\udfff]")
_NAMED = {"\a": "\\a", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\v": "\\v", "\f": "\\f", "\r": "\\r"}
#: What a JSON report escapes beyond `json.dumps` (which leaves them raw with ensure_ascii off).
_JSON_RAW = re.compile(f"[\x7f-\x9f\u2028\u2029\ud800-\udfff{FORMAT}]")

_XML_ATTR = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\n": "&#10;",
                           "\r": "&#13;", "\t": "&#9;"})
_XML_TEXT = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"})
_HTML = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def _safe(value: object) -> str:
    """`value` as text with what no document may hold replaced by U+FFFD."""
    text = str(value)
    return _UNSAFE.sub("\ufffd", text) if _UNSAFE.search(text) else text


def _spelled(match: re.Match[str]) -> str:
    char = match.group()
    named = _NAMED.get(char)
    if named is not None:
        return named
    return "".join(f"\\{byte:03o}" for byte in char.encode("utf-8"))


def terminal(text: str, keep: str = "\n\t") -> str:
    """`text` with every control and format character (see the module docstring) but those in
    `keep` spelled as git spells them (`\\033`, `\\342\\200\\256`); a text free of them is
    returned as it is. Lone UTF-16 halves are spelled `\\udXXX` (UTF-8 cannot print them)."""
    if text.isprintable():  # (no control, format character, separator or UTF-16 half: the usual line)
        return text
    pattern = _pattern(keep, text.isascii())
    if pattern.search(text):
        text = pattern.sub(_spelled, text)
    if _SURROGATE.search(text):
        text = _SURROGATE.sub(lambda m: "\\u%04x" % ord(m.group()), text)
    return text


def line(value: object) -> str:
    """`value` as one line on a terminal: its newlines, carriage returns and tabs spelled too
    (`\\n`), so a name, a colour or a file name can add no line to what is said."""
    return terminal(str(value), keep="")


def lines(rows: "Iterable[str]") -> str:
    """A text report of `rows`, one line each (see `line`), each ended by a newline."""
    return "".join(line(row) + "\n" for row in rows)


_PATTERNS: dict[tuple[str, bool], "re.Pattern[str]"] = {}


def _pattern(keep: str, ascii: bool) -> "re.Pattern[str]":
    """The pattern of what `terminal` spells but the characters of `keep`, in any text or (much
    faster to search: no range past the first plane) in an ASCII one."""
    pattern = _PATTERNS.get((keep, ascii))
    if pattern is None:
        kept = "".join(f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}" for c in keep)
        spelled = "\x00-\x1f\x7f" if ascii else _SPELLED
        pattern = _PATTERNS[(keep, ascii)] = re.compile(f"[{spelled}](?<![{kept}])" if kept else f"[{spelled}]")
    return pattern


def json_text(doc: object, ascii: bool = False, indent: int | None = 1) -> str:
    """A JSON report of `doc` (a newline at its end), safe on a terminal (see the module docstring)."""
    import json

    text = json.dumps(doc, indent=indent, ensure_ascii=ascii) + "\n"
    return text if ascii or not _JSON_RAW.search(text) else _JSON_RAW.sub(_json_escape, text)


def _json_escape(match: re.Match[str]) -> str:
    """A character as JSON escapes it: `\\u202e`, or a pair of UTF-16 halves past the first plane."""
    code = ord(match.group())
    if code < 0x10000:
        return "\\u%04x" % code
    code -= 0x10000
    return "\\u%04x\\u%04x" % (0xD800 + (code >> 10), 0xDC00 + (code & 0x3FF))


# Each of the three below first takes the common case, a text that needs nothing done: printable
# ASCII (so nothing `_safe` replaces) holding none of the medium's special characters, checked in
# C. A map's report escapes tens of thousands of short texts (titles, ids, classes), and
# `str.translate` with a table took 1.2 us on each, most of the time the report spent writing.

def html(value: object) -> str:
    """Text for an HTML page, in an element or an attribute value."""
    t = value if type(value) is str else str(value)
    if t.isascii() and t.isprintable() and not ("&" in t or "<" in t or ">" in t or '"' in t or "'" in t):
        return t
    return _safe(t).translate(_HTML)


def xml_text(value: object) -> str:
    """Text for an SVG element's content, as lxml writes it."""
    t = value if type(value) is str else str(value)
    if t.isascii() and t.isprintable() and not ("&" in t or "<" in t or ">" in t):
        return t
    return _safe(t).translate(_XML_TEXT)


def xml_attr(value: object) -> str:
    """An SVG attribute value (written between double quotes), as lxml writes it."""
    t = value if type(value) is str else str(value)
    if t.isascii() and t.isprintable() and not ("&" in t or "<" in t or ">" in t or '"' in t):
        return t
    return _safe(t).translate(_XML_ATTR)


def pdf(value: object) -> str:
    """Text to draw on a PDF page or to set as its title."""
    return _safe(value)
