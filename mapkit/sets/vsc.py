"""VirtualScape collection (`.vsc`): the pieces someone owns, as INI text.

    [Collection]
    Grass24=2
    Tree15=1
    GlyphA=1

Keys are the catalog's `vsc` names (glyphs are `Glyph<letter>`); values are counts. This is an
inventory, not a map, so the module offers `read_collection` instead of `read`.
"""

from __future__ import annotations

from mapkit.errors import FormatError, excerpt
from mapkit.model.catalog import catalog
from mapkit.sets.counts import read_count



def sniff(head: bytes) -> float:
    """Certain for INI text that opens with the [Collection] section."""
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    return 1.0 if text[:12].lower() == b"[collection]" else 0.0


def read_collection(data: bytes, filename: str = "", warnings: list[str] | None = None) -> dict[str, int]:
    """type id (or 'glyph:<letter>') -> count.

    A key mapkit does not know (a piece from a newer VirtualScape, a typo) is skipped and named,
    with its line, in `warnings`: one unknown piece should not refuse the whole collection.
    """
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    cat = catalog()
    counts: dict[str, int] = {}
    section = None
    seen_section = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line[0] in ";#":
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip().lower()
            seen_section = seen_section or section == "collection"
            continue
        if section != "collection":
            continue
        key, sep, value = line.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key:
            raise FormatError(f"expected Key=count, got {line[:40]!r}", file=filename or None, where=f"line {number}")
        count = read_count(key, value, filename or None, f"line {number}")
        if key.startswith("Glyph") and len(key) == 6:
            type_id = f"glyph:{key[5]}"
        elif key in cat.by_vsc:
            type_id = cat.by_vsc[key].id
        else:
            if warnings is not None:
                warnings.append(f"line {number}: unknown piece {excerpt(key)!r} ({excerpt(value)} of it) skipped")
            continue
        counts[type_id] = counts.get(type_id, 0) + count
    if not seen_section:
        raise FormatError("no [Collection] section", file=filename or None)
    return counts


#: The registry's name for the reader.
read = read_collection
