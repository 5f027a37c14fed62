"""Hexoscape share links: `https://hexoscape.com/?m=<JSONCrush of the map>`, one per `.url` file.

Hexoscape builds the link from `JSON.stringify([hexMap, "alt~q~r~rot~id", ...])`, with the
map portrait and notes blanked (they could never fit in a URL), crushes it with JSONCrush
and percent-encodes it as a query value. Reading accepts every form the editor's "Load Map from
URL" takes (`parseMapShareUrlParams`): a link of any scheme (the desktop app's are
`tauri://localhost/?m=...`), one without a scheme (`hexoscape.com/?m=...`, `/?m=...`), a bare
query (`?m=...&v=a`, `m=...`); and a link as the editor copies it for a chat ("Copy as Markdown
Link": `[name by author](https://...)`, the target taken from its last `](` to the closing `)`,
which is not map data), in angle brackets, or in a Windows Internet Shortcut (`URL=...` line).
The piece strings decode exactly like the keys of Hexoscape's object-form files, and the map's
details are kept in `extras["hexoscape"]` as for a file (formats/hexoscape), so a link converts
to a file and back.
"""

from __future__ import annotations

import re
import urllib.parse

from mapkit import limits, registry
from mapkit.errors import FormatError, Unkept, carries_map, said
from mapkit.formats._carried import read_back
from mapkit.formats._json import parse_json
from mapkit.formats import hexoscape
from mapkit.formats.hexoscape import jsoncrush
from mapkit.model.map import Map, Pieces

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any

#: The format's name, from its registry row (a link keeps what it carries under `hexoscape.NAME`).
NAME = registry.declared(__name__).name

BASE_URL = "https://hexoscape.com/"
#: encodeURIComponent leaves these (besides ASCII letters and digits) as they are.
_COMPONENT_SAFE = "-_.!~*'()"


#: How a link starts: a scheme (`https://`, the desktop app's `tauri://`), a host without one, a
#: path or a bare query.
_LINK_START = re.compile(r"[a-z][a-z0-9+.\-]{0,30}://|hexoscape\.|www\.|/|\?|m=")


def sniff(head: bytes) -> float:
    """Certain for a link (bare, in Markdown or angle brackets, or in an Internet Shortcut) that
    carries an m= map."""
    text = head.decode("utf-8", "ignore").lstrip("\ufeff \t\r\n")
    if not text.lower().startswith(("[", "<", "url=", "[internetshortcut]")) and not _LINK_START.match(text.lower()):
        return 0.0  # (most files: not decoded further)
    try:
        link = _link_line(text)
    except FormatError:
        return 0.0
    return 1.0 if _LINK_START.match(link.lower()) and carries_map(link) else 0.0


# -- reading ----------------------------------------------------------------------------------
def read(data: bytes, filename: str = "") -> Map:
    """A map from a link's bytes, refused past the share-link length before any decoding."""
    limits.check_count(limits.SHARE_LINK_BYTES, len(data), what="the link")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FormatError(f"not UTF-8 text ({exc.reason})", where=f"byte {exc.start}") from None
    link = _link_line(text)
    crushed = map_parameter(link)
    return map_from_crushed(crushed)


def _link_line(text: str) -> str:
    """The link in the file: the URL= line of a shortcut file, else its one non-blank line (a
    file of several lines is refused: all but one would be left unread without a word), as
    `link_target` finds the link there."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        raise FormatError("empty: no link", where="line 1")
    for line in lines:
        if line.upper().startswith("URL="):
            return link_target(line[4:])
    if len(lines) > 1:
        raise FormatError(f"{len(lines):,} lines: a link file holds one link (or is an Internet Shortcut with "
                          "a URL= line)", where="line 2")
    return link_target(lines[0])


def link_target(text: str) -> str:
    """The link itself in a line of text: the target of a Markdown link (`[name](link)`, as the
    editor's "Copy as Markdown Link" writes it: from the last `](` whose rest carries a map, the
    name being free text, to the closing `)`), the inside of angle brackets, else the text."""
    text = text.strip()
    if text.startswith("[") and text.endswith(")"):
        at = len(text)
        while True:
            at = text.rfind("](", 0, at)
            if at < 0:
                break
            target = text[at + 2:-1].strip()
            if carries_map(target):
                return link_target(target) if target.startswith("<") else target
    if text.startswith("<") and text.endswith(">"):
        return text[1:-1].strip()
    return text


def map_parameter(link: str) -> str:
    """The value of `m` in a link or query string, decoded as URLSearchParams decodes it."""
    query = link
    if "?" in link:
        query = link.split("?", 1)[1]
    query = query.split("#", 1)[0]
    for part in query.split("&"):
        name, _, value = part.partition("=")
        if urllib.parse.unquote_plus(name) == "m":
            try:  # (a byte that is no UTF-8 would be replaced by U+FFFD, changing the map without a word)
                return urllib.parse.unquote_plus(value, errors="strict")
            except UnicodeDecodeError as exc:
                raise FormatError(f"the m= value percent-encodes bytes that are not UTF-8 ({exc.reason})",
                                  where="m=") from None
    raise FormatError("no m= parameter in the link", where="line 1")


def map_from_crushed(crushed: str) -> Map:
    """Uncrush and decode the `m` value (tried as given, then once more percent-decoded)."""
    candidates = [crushed]
    decoded = urllib.parse.unquote(crushed)
    if decoded != crushed:
        candidates.append(decoded)
    data: Any = None
    problem = "could not uncrush the m= value"
    for candidate in candidates:
        try:
            text = jsoncrush.uncrush(candidate, max_length=limits.SHARE_LINK_EXPANSION.value)
        except jsoncrush.UncrushTooLong:
            raise limits.SHARE_LINK_EXPANSION.exceeded(None, where="m=", what="the uncrushed link") from None
        except jsoncrush.UncrushError as exc:
            problem = str(exc)
            continue
        try:
            data = parse_json(text.encode("utf-8", "surrogatepass"), document="uncrushed link")
            break
        except limits.LimitError as exc:
            exc.where = f"m= ({exc.where})" if exc.where else "m="
            raise
        except FormatError as exc:
            problem = f"the uncrushed text is not JSON ({exc.message}{', ' + exc.where if exc.where else ''})"
    if data is None:
        raise FormatError(problem, where="m=")
    return map_from_payload(data)


def map_from_payload(data: Any) -> Map:
    """`[hexMap, "alt~q~r~rot~id", ...]` to a Map."""
    if not isinstance(data, list):
        raise FormatError(f"expected an array, found {hexoscape.kind_of(data)}", where="m=$")
    hex_map_index = next((i for i, item in enumerate(data) if _is_hex_map(item)), None)
    if hex_map_index is None:
        raise FormatError("no hexMap object in the link", where="m=$")
    limits.check_count(limits.PIECES, len(data) - 1, where="m=$", what="the link")
    m = hexoscape.map_with_hex_map(data[hex_map_index], f"m=$[{hex_map_index}]")
    m.source_format = NAME
    ignored = 0
    old: dict[str, str] = {}
    for index, item in enumerate(data):
        if index == hex_map_index:
            continue
        if isinstance(item, str) and ("~" in item or hexoscape.key_fields(item) is not None):  # (as the editor, any
            # string with a `~` is a piece; the older key forms too)
            piece, hid = hexoscape.piece_from_encoded(item, f"m=$[{index}]")
            if hexoscape.today_id(hid) != hid:
                old[hid] = hexoscape.today_id(hid)
            m.pieces.append(piece)
        else:
            ignored += 1
    if old:
        m.warnings.append(hexoscape.old_ids_warning(old, "m="))
    m.pieces = Pieces(hexoscape.with_built_in_bases(m.pieces))
    if ignored:
        m.warnings.append(f"ignored {ignored} item(s) of the link that are neither the hexMap nor pieces")
    m.extras[hexoscape.NAME]["form"] = "url"
    read_back(m, hexoscape.NAME)
    return m


def _is_hex_map(item: Any) -> bool:
    return isinstance(item, dict) and "id" in item and "width" in item and ("length" in item or "height" in item)


# -- writing ----------------------------------------------------------------------------------
def payload(m: Map) -> str:
    """The JSON text Hexoscape crushes for this map."""
    pieces = hexoscape.written_pieces(m)
    hex_map = hexoscape.hex_map_for(m, pieces)
    hex_map["mapPortraitBase64"] = ""
    hex_map["mapNotes"] = ""
    keys = [hexoscape.encode_key(hid, q, r, altitude, piece.rotation) for piece, hid, q, r, altitude in pieces]
    return hexoscape.js_stringify([hex_map, *keys])


def link(m: Map) -> str:
    crushed = jsoncrush.crush(payload(m))
    return BASE_URL + "?m=" + urllib.parse.quote(crushed, safe=_COMPONENT_SAFE)


def losses(m: Map) -> list[str]:
    """Hexoscape's losses, and the fields a link blanks: the notes (and what the notes would
    carry: a page's description, number and zone colours, the players, the zones' names) and the
    map's portrait."""
    from mapkit.formats._carried import WHAT, entries
    from mapkit.formats._losses import CARRIED_IN_NOTES

    out = [line for line in hexoscape.losses(m)]
    if m.notes:
        out.append("scenario: Hexoscape share links blank the map notes")
    for key in CARRIED_IN_NOTES:
        if str(m.attrs.get(key) or "").strip():
            out.append(f"map attribute {key} ({said(m.attrs[key])}): Hexoscape share links blank the map notes "
                       "that would carry it")
    from mapkit.formats.hexoscape._write import _declared_losses, sets_in_notes

    if sets_in_notes(m):  # the notes would say them, copies and all: the link keeps setsUsed's letters only
        out.extend(_declared_losses(m))
    for label, value in entries(m, hexoscape.NAME):
        out.append(f"{WHAT[label]} ({said(value)}): Hexoscape share links blank the map notes that would "
                   "carry it")
    kept = m.extras.get(hexoscape.NAME, {}).get("hexMap")
    if isinstance(kept, dict) and kept.get("mapPortraitBase64"):
        out.append(Unkept("hexMap field mapPortraitBase64 (the map's picture, drawn from its pieces): Hexoscape "
                          "share links blank it"))
    return out


def write(m: Map) -> bytes:
    return (link(m) + "\n").encode("utf-8")
