"""Errors that reach the user as one line: the file, the place in it, and what is wrong."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Iterable


#: The most characters of an input one message quotes (a key, a value, a link), and of the whole
#: place and message a FormatError prints: an error is one line, whatever the input holds.
EXCERPT = 80
MAX_WHERE = 160
MAX_MESSAGE = 600
#: The longest line an error says: its file, place and message, and any list it gives.
MAX_LINE = 1000


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """`text` if it is at most `limit` characters, else its start and end around an ellipsis and
    its length, in `limit` characters at most."""
    if len(text) <= limit:
        return text
    suffix = f" ({len(text):,} characters)"
    room = max(12, limit - len(suffix) - 1)
    head = room * 2 // 3
    return f"{text[:head]}…{text[len(text) - (room - head):]}{suffix}"


def quoted(value: object) -> str:
    """A value as a loss or refusal quotes it: its repr, cut to 60 characters."""
    shown = repr(value)
    return shown if len(shown) <= 60 else shown[:57] + "..."


def said(value: object) -> str:
    """A value as a loss line says it, in the game's words rather than a programming language's:
    a text quoted, a number as it is, a yes/no mark as "yes" or "no", a list or a table as JSON;
    cut to 60 characters as `quoted` cuts."""
    if isinstance(value, str):
        return quoted(value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, (int, float)):
        shown = repr(value)
    else:
        import json

        shown = json.dumps(value, ensure_ascii=False, default=str)
    return shown if len(shown) <= 60 else shown[:57] + "..."


def attribute_said(key: str, value: object) -> str:
    """A piece's or map's attribute as a loss line names it: "the treasure mark" (a mark set),
    "the label 'Hydra'", "the size 5"."""
    word = key.replace("_", " ")
    return f"the {word} mark" if value is True else f"the {word} {said(value)}"


def bounded(text: str, limit: int | None = MAX_LINE) -> str:
    """`text` as one line that quotes at most an excerpt of any input: each run of more than
    MAX_WHERE characters without a space (a value, a key, a path, a list written without spaces)
    cut to an `excerpt`, its control characters spelled as git spells them (`mapkit.escapes.terminal`), and the whole to `limit` characters (None: any length, for a warning
    `--verbose` shows whole). Every message mapkit says passes through it, so a 5,000-digit
    coordinate or a 5,000-letter set name reaches the user as a few dozen characters."""
    import re

    line = _one_line(text)
    if len(line) > MAX_WHERE:
        line = re.sub(r"(\S{%d,}?)([:;,]?)(?=\s|$)" % (MAX_WHERE + 1), lambda m: excerpt(m[1]) + m[2], line)
    return line if limit is None else excerpt(line, limit)


def _one_line(text: str) -> str:
    """`text` on one line: its lines joined by spaces, its control and format characters spelled
    (`mapkit.escapes.terminal`: a name's ESC, BEL or right-to-left override is never sent raw)."""
    from mapkit.escapes import terminal

    line = " ".join(text.splitlines()) if "\n" in text or "\r" in text else text
    return terminal(line, keep="\t")


#: How many warnings of one kind are said one by one; past it one line says how many more there
#: are (a damaged or hostile file can hold millions: a terminal gets a few dozen lines).
WARNINGS_OF_A_KIND = 10
#: How many kinds of warning are said at all; past it, one line counts the rest.
WARNING_KINDS = 50


def summarised(warnings: list[str], each: int = WARNINGS_OF_A_KIND) -> list[str]:
    """`warnings` in order, but past `each` of one kind (the same words at their start and end once
    the numbers and hex names in them are set aside: "piece 7 (tree-10) at C7: ..." and "piece 9
    (tree-10) at AB12: ..." are one kind) a
    line says how many more of that kind there were, after the rest; past `WARNING_KINDS`
    kinds, one line counts the others. Linear in the warnings; a short list is returned as is."""
    if len(warnings) <= each:
        return list(warnings)
    repeats = Repeats(each)
    return [warning for warning in warnings if repeats.says(warning)] + repeats.rest()


def _masked():
    """The `sub` of the pattern of what a warning's kind sets aside (compiled once, on first use)."""
    global _MASKED
    if _MASKED is None:
        import re

        _MASKED = re.compile(r"[A-Z]*\d+").sub
    return _MASKED


_MASKED = None


class Repeats:
    """Warnings counted by kind as they come (`summarised`, and a command telling them one by one
    as they happen): `says` whether one is said, `rest` the lines that count those that were not."""

    def __init__(self, each: int = WARNINGS_OF_A_KIND) -> None:
        self.each = each
        self.seen: dict[str, list] = {}   # kind -> [count, first warning]
        self.hidden = 0

    def says(self, warning: str) -> bool:
        # its start and its end (a file's long name may fill the start), the numbers and a hex's
        # name as the sheets letter it ("AC58") set aside; a longer one pushes no words out
        masked = _masked()
        kind = masked("#", warning[:80])[:60] + "\0" + masked("#", warning[-50:])[-30:]
        entry = self.seen.get(kind)
        if entry is None:
            if len(self.seen) >= WARNING_KINDS:
                self.hidden += 1
                return False
            entry = self.seen[kind] = [0, warning]
        entry[0] += 1
        return entry[0] <= self.each

    def rest(self) -> list[str]:
        """How many more of each kind there were than were said, and of other kinds; then forget them."""
        out = [f"... and {count - self.each:,} more warning(s) like the one that begins "
               f"{excerpt(first, 60)!r} ({count:,} in all)" for count, first in self.seen.values() if count > self.each]
        if self.hidden:
            out.append(f"... and {self.hidden:,} more warning(s) of other kinds")
        self.seen, self.hidden = {}, 0
        return out


def shown(path: object) -> str:
    """An input as a message names it: a file by its path, a share link (which carries the whole
    map in itself) by an excerpt."""
    text = str(path)
    return excerpt(text) if is_link(text) else text


def names(message: str, path: object) -> bool:
    """Whether `message` names the input `path` already, whole or by the excerpt an error gives
    of a long name, its control characters spelled or not (so a batch does not name it twice)."""
    from mapkit.escapes import line

    text = str(path)
    forms = (text, shown(text), excerpt(text, MAX_WHERE), excerpt(text))
    return any(form in message or _one_line(form) in message or line(form) in message for form in forms)


def is_link(text: str) -> bool:
    """Whether a map argument is a link rather than a file name: a web link (`https://...`), or a
    Hexoscape share link in any form its editor accepts where a link is pasted (mapShareUrl.ts):
    from the desktop app (`tauri://localhost/?m=...`), without a scheme (`hexoscape.com/?m=...`),
    a bare query (`?m=...`, `m=...`), or a Markdown link to one ("Copy as Markdown Link":
    `[name](https://...)`). An argument naming a file that exists is read as that file."""
    import re

    head = text[:512].lstrip()
    return bool(re.match(r"[A-Za-z][A-Za-z0-9+.\-]{0,30}://", head)) or head[:8].lower().startswith(
        ("http://", "https://")) or (head.startswith(("[", "<", "?", "m=", "/"))
                                     or head.lower().startswith(("hexoscape.", "www."))) and carries_map(text)


def carries_map(text: str) -> bool:
    """Whether a link's text carries a map: a query with an `m=` parameter (a Hexoscape share link)."""
    return "?m=" in text or "&m=" in text or text.lstrip().startswith("m=")


def input_name(path: object) -> str:
    """An input's name as a title or a fit summary gives it: a file's name, or "share link"."""
    return "share link" if is_link(str(path)) else file_name(str(path))


def file_name(path: str) -> str:
    """The last part of a path, as `pathlib.PurePath(path).name` gives it, without loading pathlib
    (a few milliseconds of a report's start) where paths are written with "/"."""
    import os

    if os.sep != "/" or os.altsep:
        from pathlib import PurePath

        return PurePath(path).name
    parts = [part for part in path.split("/") if part and part != "."]
    return parts[-1] if parts else ""


class MapkitError(Exception):
    """Any failure mapkit reports to the user without a traceback (exit status 2); said as one
    `bounded` line, whatever input it quotes."""

    def __str__(self) -> str:
        return bounded(super().__str__())

    @property
    def reason(self) -> str:
        """Why such an error refuses an input, in the words a batch summary groups inputs under
        (the message itself names the file and the place; this is the kind of problem)."""
        return "refused"


class FormatError(MapkitError):
    """A file that cannot be read: names the file, where (byte offset, JSON path, line) and what.

    Readers raise only this (never IndexError, struct.error, UnicodeDecodeError, ...), so
    callers and fuzz tests can rely on one exception type.
    """

    def __init__(self, message: str, *, file: str | None = None, where: str | None = None):
        self.message = message
        self.file = file
        self.where = where
        super().__init__(str(self))

    def with_file(self, file: str) -> "FormatError":
        """The same error, naming the file (readers often do not know it)."""
        if self.file is None:
            self.file = file
        self.args = (str(self),)
        return self

    def at(self, where: str) -> "FormatError":
        """The same error, placed (a reader may know where only after it is raised)."""
        if not self.where:
            self.where = where
        self.args = (str(self),)
        return self

    @property
    def reason(self) -> str:
        if self.message.startswith("cannot read"):
            return "cannot be opened"
        if self.message.startswith("cannot tell the format"):
            return "not a format mapkit knows"
        return "damaged or malformed"

    def __str__(self) -> str:
        from mapkit.escapes import line

        # the file's name spelled as git quotes it (a newline as \n), never joined as a message's lines are
        parts = [line(excerpt(self.file, MAX_WHERE)) if self.file else None,
                 excerpt(self.where, MAX_WHERE) if self.where else None, excerpt(self.message, MAX_MESSAGE)]
        return bounded(": ".join(p for p in parts if p))  # one line, whatever a parser said


class Unkept(str):
    """A loss line for what the target format derives or never shows a builder (a board's size,
    which the pieces give; a map id; a file's own bookkeeping): written with a warning, never
    refused. Any other loss line (a plain `str`) names content (pieces, start zones, glyphs,
    scenarios, rooms, players, notes) and refuses the conversion unless losses are allowed."""

    __slots__ = ()
    refuses = False


def refusing(losses: list[str]) -> list[str]:
    """The loss lines that refuse a conversion: every one but the `Unkept`."""
    return [line for line in losses if not isinstance(line, Unkept)]


class LossError(MapkitError):
    """A conversion would drop things the target format cannot carry."""

    def __init__(self, target: str, losses: list[str], file: str | None = None):
        self.target = target
        self.losses = losses
        #: The file that was not written, when the refusal names one.
        self.file = file
        said = f"{target} cannot carry {len(losses)} thing(s): " + "; ".join(losses)
        super().__init__(said if file is None else f"{file}: {said}; nothing written")

    @property
    def reason(self) -> str:
        from mapkit.wording import option

        return f"would lose what {self.target} cannot hold ({option('allow_loss', True)} converts anyway)"


class OutputError(MapkitError):
    """An output mapkit must not or could not write; the message names it (`mapkit.io`)."""

    @property
    def reason(self) -> str:
        return "the output cannot be written"


class OptionError(MapkitError, ValueError):
    """A value given to mapkit that it cannot use: an unknown format, set, paper or level.

    The library raises this (never the command line's UsageError); `mapkit` exits 2 on it. One
    for a value outside a fixed set (`choice`) names the parameter (`option`) and the values it
    takes (`choices`), so a caller can offer them. A ValueError, as Python's own errors for a value.
    """

    def __init__(self, message: str, *, option: str | None = None, choices: tuple[str, ...] = ()):
        super().__init__(message)
        #: The parameter whose value was refused, and the values it takes (a fixed set), where known.
        self.option = option
        self.choices = choices

    @property
    def reason(self) -> str:
        return "not a map mapkit reads"


def nearest(word: str, known: Iterable[str]) -> str | None:
    """The one of `known` that `word` most likely meant: the same but for case, else the one it
    begins or that begins it (`vali`, `isometric`), if only one, else the closest spelling
    (difflib's ratio of at least 0.6, as git's and Python's own suggestions); None when nothing
    is close."""
    known = [k for k in known if k]
    typed = word.casefold()
    same = [k for k in known if k.casefold() == typed]
    if same:
        return same[0]
    for starting in ([k for k in known if k.casefold().startswith(typed)] if len(typed) >= 2 else [],
                     [k for k in known if len(k.lstrip("-")) >= 3 and typed.startswith(k.casefold())]):
        if len(starting) == 1:
            return starting[0]
    import difflib  # (only when something was mistyped)

    close = difflib.get_close_matches(word.casefold(), [k.casefold() for k in known], n=1, cutoff=0.6)
    return next((k for k in known if close and k.casefold() == close[0]), None)


def choice(value: object, choices: Iterable[str], what: str, option: str | None = None) -> str:
    """`value` when it is one of `choices`; else an OptionError "unknown WHAT 'VALUE' (known: A, B,
    C)", adding the choice it was likely meant to be (`nearest`: "did you mean 'iso'?"), as the
    command line does a mistyped choice. `option` is the parameter, if `what` is not it."""
    known = tuple(choices)
    if value in known:
        return value
    near = nearest(str(value), known)
    meant = f"; did you mean {near!r}?" if near else ""
    raise OptionError(f"unknown {what} {quoted(value)} (known: {', '.join(known)}){meant}", option=option or what,
                      choices=known)


class ScenarioError(OptionError):
    """A scenario the map does not set up, or one needed and not chosen."""


class RoomError(OptionError):
    """A room the map does not have."""


class StartError(OptionError):
    """A start for a movement analysis that names no space of the map (`mapkit.analyze`)."""


class PictureTooLarge(OptionError):
    """A PNG that would not fit in memory at the scale asked (`mapkit.render`)."""


class HeatmapError(MapkitError):
    """A heatmap that cannot be drawn (no spaces, or too many pixels); the caller names the file."""


class UsageError(OptionError):
    """Bad command-line usage that argparse itself cannot catch (raised by `mapkit.cli` only)."""


def reason_of(exc: MapkitError) -> str:
    """Why an input was refused, in words a batch summary groups inputs under (the message
    itself names the file and the place; this is the kind of problem)."""
    return exc.reason


class Refusal(str):
    """The one-line message of an input refused in a batch (a plain string to every caller),
    carrying the reason its summary groups it under; it pickles to worker processes."""

    reason: str

    def __new__(cls, message: str, reason: str = "refused") -> "Refusal":
        self = super().__new__(cls, message)
        self.reason = reason
        return self

    @classmethod
    def of(cls, exc: MapkitError) -> "Refusal":
        return cls(str(exc), reason_of(exc))
