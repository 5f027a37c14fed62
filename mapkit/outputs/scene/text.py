"""Words laid out on a page: fitted to a width, wrapped into lines, summed up when they are not prose.

Text is measured through the painter that will paint it (`Measure`: the PDF painter's
`paint.pdf.measure` for sheets), so a line that fits here fits on paper. Sizes and widths are in
millimetres; `POINT` turns the typographer's points into them.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable

#: Millimetres per typographic point (1/72 inch).
POINT = 25.4 / 72.0

#: How wide `text` is (mm) set `size` mm high, bold or not: given by a painter.
Measure = Callable[[str, float, bool], float]


def fit(text: str, size: float, width: float, measure: Measure, bold: bool = False) -> str:
    """`text` cut to `width`, ending in an ellipsis when it was cut."""
    if measure(text, size, bold) <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:                                  # the longest prefix that fits with its ellipsis
        mid = (lo + hi + 1) // 2
        if measure(text[:mid].rstrip() + "\u2026", size, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "\u2026"


def fitted(text: str, size: float, width: float, measure: Measure, bold: bool = False,
           smallest: float = 7.0 * POINT) -> tuple[str, float]:
    """`text` and a size at which it fits in `width`: smaller down to `smallest`, then cut with an
    ellipsis."""
    step = 0.5 * POINT
    while size > smallest and measure(text, size, bold) > width:
        size -= step
    return fit(text, size, width, measure, bold), size


#: Texts already wrapped (the same notes on every page of a print), by what they were wrapped to.
_WRAPPED: dict[tuple, list[str]] = {}


def wrap(text: str, size: float, width: float, measure: Measure, bold: bool = False) -> list[str]:
    """Lines of `text` no wider than `width` (paragraphs kept apart; a word longer than a line is
    broken where it reaches the edge). A line's width is the sum of its words' and spaces' (no
    kerning between words), so each word is measured once. A text wrapped again the same way is
    not measured again."""
    key = (text, size, width, measure, bold)
    found = _WRAPPED.get(key)
    if found is None:
        if len(_WRAPPED) > 4096:
            _WRAPPED.clear()
        found = _WRAPPED[key] = _wrap(text, size, width, measure, bold)
    return list(found)


def _wrap(text: str, size: float, width: float, measure: Measure, bold: bool) -> list[str]:
    space = measure(" ", size, bold)
    lines: list[str] = []
    for para in text.replace("\r", "").split("\n"):
        line, line_w = "", 0.0
        for word in para.split():
            word_w = measure(word, size, bold)
            while word_w > width and len(word) > 1:
                cut = max(1, int(len(word) * width / word_w))
                while cut > 1 and measure(word[:cut], size, bold) > width:
                    cut -= 1
                if line:
                    lines.append(line)
                    line, line_w = "", 0.0
                lines.append(word[:cut])
                word = word[cut:]
                word_w = measure(word, size, bold)
            trial_w = line_w + space + word_w if line else word_w
            if trial_w > width and line:
                lines.append(line)
                line, line_w = word, word_w
            else:
                line, line_w = (f"{line} {word}" if line else word), trial_w
        lines.append(line)
    return lines


#: The most characters of a name a page shows (a title, a card's heading): a file may name its map
#: with thousands (a test file's 30,000 repeated letters), which no heading can show.
NAME_CHARACTERS = 120


def shortened(text: str, limit: int = NAME_CHARACTERS) -> str:
    """`text` as a heading shows it: whole up to `limit` characters, else cut at the last space
    before the limit (or at the limit, for a run without spaces) and ended with an ellipsis."""
    if len(text) <= limit:
        return text
    head = text[:limit - 1]
    space = head.rfind(" ")
    return (head[:space] if space > limit // 2 else head).rstrip() + "\u2026"


#: A "word" longer than this is no word of prose (a run of one character, an encoded blob).
LONGEST_WORD = 40
#: Text whose long "words" make up more than this share of it is not prose.
NOT_PROSE_SHARE = 0.5


def is_prose(text: str) -> bool:
    """Whether `text` reads as words: not mostly runs without spaces (a test file's 30,000
    repeated letters, an encoded blob), which a printed page cannot make readable."""
    words = text.split()
    if not words:
        return True
    long = sum(len(w) for w in words if len(w) > LONGEST_WORD)
    return long <= NOT_PROSE_SHARE * sum(len(w) for w in words)


def summary(text: str) -> str:
    """One line saying what `text` is when it is not prose: its length and what it repeats
    ("32,789 characters, not prose: 'ABC' repeated")."""
    body = "".join(text.split())
    unit = _repeated_unit(body)
    if unit:
        what = f"{unit[:20]!r} repeated"
    else:
        common = ", ".join(repr(ch) for ch, _ in Counter(body).most_common(3))
        what = f"mostly {common}"
    return f"{len(text):,} characters, not prose ({what}): not printed"


def _repeated_unit(body: str) -> str:
    """The shortest piece that `body` (or its first 4,000 characters) is made of, repeated; ''."""
    head = body[:4000]
    for n in range(1, min(64, len(head) // 3) + 1):
        unit = head[:n]
        if (unit * (len(head) // n + 1))[:len(head)] == head:
            return unit
    return ""
