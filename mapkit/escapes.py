"""How text that came from a file is shown in each medium: one way per medium, used by all.

A map or Book is written by anyone who shares it, so every text in it (a name, a colour, a
scenario's notes, a letter) is hostile until shown through one of these:

- `terminal`: a line said on a terminal or in a text report. Control characters (C0 but the
  newline and tab, DEL, C1) are spelled as git spells them in the names it quotes (`\\033`,
  `\\a`, `\\r`; a C1 character by its UTF-8 bytes, `\\302\\233`), so a name can neither move
  the cursor, ring the bell, set the window title nor hide what follows it.
- `json_text`: a JSON report. `json.dumps` escapes C0 itself; DEL, C1, the two Unicode line
  separators and lone UTF-16 halves are escaped too (`\\u009b`), so the text is also safe to
  print on a terminal and to embed in a script.
- `html`: the HTML report, in text and in attribute values (quoted either way), its inline SVG
  included: `&`, `<`, `>`, `"` and `'` as character references.
- `xml_text`, `xml_attr`: SVG documents, in the form lxml (libxml2) serialises them (the SVG
  painter's output is read back by lxml byte for byte).
- `pdf`: text drawn on a PDF page or set in its metadata; reportlab escapes the PDF syntax.

Every one of them first replaces what the medium cannot hold (`_safe`: the characters XML 1.0
excludes, and C1 controls) by U+FFFD; `terminal` spells them instead.
"""

from __future__ import annotations

import re

#: Characters a document cannot hold or a reader must never act on: C0 but tab, newline and
#: carriage return; DEL and C1; lone UTF-16 halves; the two non-characters XML excludes.
_UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
#: What a terminal line must not hold raw: every C0 control but the newline (and tab), DEL, C1.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_SURROGATE = re.compile("[\ud800-\udfff]")
_NAMED = {"\a": "\\a", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\v": "\\v", "\f": "\\f", "\r": "\\r"}
#: What a JSON report escapes beyond `json.dumps` (which leaves them raw with ensure_ascii off).
_JSON_RAW = re.compile("[\x7f-\x9f\u2028\u2029\ud800-\udfff]")

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
    """`text` with every control character but those in `keep` spelled as git spells them
    (`\\033`); a line free of them is returned as it is. Lone UTF-16 halves are spelled
    `\\udXXX` (UTF-8 cannot print them)."""
    if _CONTROL.search(text):
        text = _CONTROL.sub(lambda m: m.group() if m.group() in keep else _spelled(m), text)
    if _SURROGATE.search(text):
        text = _SURROGATE.sub(lambda m: "\\u%04x" % ord(m.group()), text)
    return text


def json_text(doc: object, ascii: bool = False, indent: int | None = 1) -> str:
    """A JSON report of `doc` (a newline at its end), safe on a terminal (see the module docstring)."""
    import json

    text = json.dumps(doc, indent=indent, ensure_ascii=ascii) + "\n"
    return text if ascii or not _JSON_RAW.search(text) else _JSON_RAW.sub(lambda m: "\\u%04x" % ord(m.group()), text)


def html(value: object) -> str:
    """Text for an HTML page, in an element or an attribute value."""
    return _safe(value).translate(_HTML)


def xml_text(value: object) -> str:
    """Text for an SVG element's content, as lxml writes it."""
    return _safe(value).translate(_XML_TEXT)


def xml_attr(value: object) -> str:
    """An SVG attribute value (written between double quotes), as lxml writes it."""
    return _safe(value).translate(_XML_ATTR)


def pdf(value: object) -> str:
    """Text to draw on a PDF page or to set as its title."""
    return _safe(value)
