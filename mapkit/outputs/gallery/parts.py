"""What the index's cards and the maps' pages both say of a map, as escaped HTML, and their style.

Every text that comes from a file (a name, an author, a set's name, a finding, a path) passes
through `e`; a link to a file of the site through `href`, which escapes it for a URL and an
attribute alike.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from mapkit import escapes


def e(text: object) -> str:
    """Text as HTML (attribute values too): every markup character escaped, what no page may
    hold (a control character, a lone UTF-16 half) replaced (`mapkit.escapes.html`)."""
    return escapes.html(text)


def name_of(card: dict[str, Any]) -> str:
    """The name a page shows for a card's map or Book: its own (shortened where it runs past what
    a heading shows, `scene.text.shortened`), else its file's."""
    from pathlib import Path

    from mapkit.outputs.scene.text import shortened

    return shortened(card.get("name") or Path(card["file"]).name)


def href(path: str, up: str = "") -> str:
    """A link to a file of the site, relative to the page (`up`: "../" from a map's page),
    escaped for a URL and an attribute: a name may hold spaces, '#', '?' or any letter."""
    return e(up + quote(path, safe="/"))


def plural(n: int, word: str, words: str | None = None) -> str:
    return f"{n:,} {word if n == 1 else (words or word + 's')}"


def size_text(card: dict[str, Any]) -> str:
    if card.get("columns") is None:
        return ""
    return f"{card['columns']} × {card['rows']}"


def levels_text(card: dict[str, Any]) -> str:
    span = card.get("levels")
    if not span:
        return ""
    return str(span[0]) if span[0] == span[1] else f"{span[0]}–{span[1]}"


def players_text(card: dict[str, Any]) -> str:
    counts = card.get("players") or []
    if not counts:
        return ""
    runs: list[list[int]] = []
    for n in counts:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    said = ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)
    return said + (" (start zones)" if card.get("players_from") == "its start zones" else "")


def sets_text(card: dict[str, Any]) -> str:
    """The fewest official sets that build the map, as a card says it."""
    if card.get("kind") == "book":
        return ""
    if card.get("sets_at_least") is not None:
        return f"at least {card['sets_at_least']} official sets (no smallest combination found in time)"
    if card.get("set_count") is None:
        return "no combination of official sets builds it"
    if not card.get("sets"):  # no set needed, or none holds what it needs (VirtualScape's personal tiles)
        return "no official set holds its pieces" if card.get("not_in_sets") else "no official set needed"
    named = ", ".join((f"{s['copies']} × " if s["copies"] != 1 else "") + s["id"] for s in card["sets"])
    return f"{plural(card['set_count'], 'official set')}: {named}"


def not_in_sets_html(card: dict[str, Any], most: int = 3) -> str:
    """The pieces of a map that no official set holds, on a paragraph of their own (or nothing)."""
    if not card.get("not_in_sets"):
        return ""
    return f'<p class="sets">Not in any official set: {e(lacks_text(card["not_in_sets"], most))}</p>'


def lacks_text(lacks: list[dict[str, Any]], most: int = 3) -> str:
    """What a collection lacks, the kinds it lacks most of first: '12 pieces: 5 × Grass 2-hex, ...'."""
    total = sum(r["count"] for r in lacks)
    first = sorted(lacks, key=lambda r: -r["count"])[:most]
    shown = ", ".join(f"{r['count']} × {r['name']}" for r in first)
    more = f" and {len(lacks) - most} more kinds" if len(lacks) > most else ""
    return f"{plural(total, 'piece')}: {shown}{more}"


def findings_badges(card: dict[str, Any]) -> str:
    """The findings by severity as small labels (none: 'no findings')."""
    counts = card.get("findings") or {}
    words = {"error": ("error", "errors"), "warning": ("warning", "warnings"), "info": ("note", "notes")}
    out = [f'<span class="sev sev-{s}">{counts[s]:,} {words[s][counts[s] != 1]}</span>'
           for s in ("error", "warning", "info") if counts.get(s)]
    return " ".join(out) if out else '<span class="sev sev-none">no findings</span>'


def facts(card: dict[str, Any]) -> list[tuple[str, str]]:
    """(label, value) of what a map is, for a card's and a page's list of facts."""
    rows = [("Format", " ".join(x for x in (card.get("format"), card.get("version")) if x))]
    if card.get("kind") == "book":
        rows += [("Kind", card.get("book_kind") or ""), ("Floors", str(card.get("floors") or ""))]
    rows += [("Size", size_text(card)), ("Levels", levels_text(card)), ("Players", players_text(card))]
    if card.get("pieces") is not None:
        rows.append(("Pieces", f"{card['pieces']:,}"))
    if card.get("scenarios"):
        rows.append(("Scenarios", ", ".join(f"{s['number']} {s['name']}".strip() for s in card["scenarios"])))
    if card.get("rooms"):
        rows.append(("Rooms", ", ".join(f"{r['number']} {r['name']}".strip() for r in card["rooms"])))
    if card.get("c3g") and card.get("kind") == "map":
        rows.append(("C3G", plural(card["c3g"], "building or object", "buildings and objects")))
    return [(k, v) for k, v in rows if v]


def facts_html(card: dict[str, Any], compact: bool = False) -> str:
    """The facts as a description list (a card's: the short ones only)."""
    shown = facts(card)
    if compact:
        shown = [(k, v if len(v) <= 40 else str(v.count(",") + 1)) for k, v in shown]
    return '<dl class="facts">' + "".join(f"<div><dt>{e(k)}</dt><dd>{e(v)}</dd></div>" for k, v in shown) + "</dl>"


def collection_html(card: dict[str, Any], collection: str | None, most: int = 3) -> str:
    """Whether the collection builds the map, and what it lacks ('' without a collection)."""
    if collection is None or card.get("kind") != "map" or "lacks" not in card:
        return ""
    if not card["lacks"]:
        return '<p class="mine mine-yes"><span aria-hidden="true">✓ </span>Your collection builds it</p>'
    return (f'<p class="mine mine-no"><span aria-hidden="true">✗ </span>Your collection lacks '
            f'{e(lacks_text(card["lacks"], most))}</p>')


def declared_html(card: dict[str, Any]) -> str:
    """The sets the map declares and whether they hold it ('' when it declares none)."""
    declared = card.get("declared")
    if not declared:
        return ""
    named = ", ".join(declared["sets"]) or "none"
    if declared["holds"]:
        verdict = "they hold it"
    elif declared.get("lacks"):
        verdict = "they lack " + lacks_text(declared["lacks"])
    else:
        verdict = "they do not hold every scenario"
    return f'<p class="declared {"held" if declared["holds"] else "short"}">Declares {e(named)}: {e(verdict)}</p>'


def style() -> str:
    """The style both pages inline (gallery.css, beside this module)."""
    from pathlib import Path

    return Path(__file__).with_name("gallery.css").read_text(encoding="utf-8")
