"""A gallery's index: a card per map or Book, and the controls that filter and sort them.

The cards are HTML made here (every text escaped), so the page reads without its script too;
the script (`index.js`, inlined) filters and sorts them by the data embedded as JSON, and keeps
the choice in the address's fragment (`#players=2&buildable=1&sort=pieces`), so a view can be
bookmarked and shared. The count of cards shown is a live region a screen reader announces.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mapkit.outputs.gallery.parts import (collection_html, declared_html, e, facts_html, findings_badges, href,
                                          name_of, not_in_sets_html, plural, sets_text, style)

#: How the cards may be sorted: the value the address keeps, and what the menu says.
SORTS = (("name", "Name (A–Z)"), ("file", "File path"), ("modified", "Recently changed"),
         ("pieces", "Most pieces"), ("size", "Largest board"), ("levels", "Most Levels"),
         ("sets", "Fewest sets needed"), ("players", "Fewest players"), ("findings", "Most errors"))


def embedded_json(value: Any) -> str:
    """JSON to put inside a <script> element: every '<', '>' and '&' escaped as \\u003c ... so no
    text of a map can end the element or open a comment, and only ASCII besides (the line
    separators JavaScript once refused included)."""
    text = json.dumps(value, ensure_ascii=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def card_data(number: int, card: dict[str, Any]) -> dict[str, Any]:
    """What the script filters and sorts a card by."""
    text = " ".join(str(x) for x in (name_of(card), card.get("author"), card.get("file"), card.get("format"),
                                     *(s["name"] + " " + s["id"] for s in card.get("sets", ())),
                                     *(s["name"] for s in card.get("scenarios", ())),
                                     *(r["name"] for r in card.get("rooms", ()))) if x)
    levels = card.get("levels")
    counts = card.get("findings") or {}
    return {"i": number, "name": name_of(card).lower(), "file": card["file"].lower(),
            "format": card.get("format") or "", "columns": card.get("columns"), "rows": card.get("rows"),
            "levels": levels[1] if levels else None, "players": card.get("players") or [],
            "sets": card.get("set_count"), "builds": None if "lacks" not in card else not card["lacks"],
            "errors": counts.get("error", 0), "warnings": counts.get("warning", 0),
            "pieces": card.get("pieces"), "modified": card.get("modified"), "text": text.lower()}


def card_html(number: int, card: dict[str, Any], collection: str | None) -> str:
    """One card: its thumbnail, name (the link to its page), author and file, facts, sets,
    what the collection says, findings."""
    products = card.get("products") or {}
    name = name_of(card)
    thumb = products.get("thumbnail")
    picture = (f'<img src="{href(thumb)}" alt="" loading="lazy" decoding="async">' if thumb
               else '<span class="no-thumb">no picture</span>')
    by = f'by {e(card["author"])} · ' if card.get("author") else ""
    kind = ' <span class="kind">C3G Book</span>' if card.get("kind") == "book" else ""
    sets = sets_text(card)
    return (f'<li class="card" id="card-{number}"><div class="thumb">{picture}</div><div class="body">'
            f'<h2><a href="{href(card["page"])}">{e(name)}</a>{kind}</h2>'
            f'<p class="by">{by}<span class="file">{e(card["file"])}</span></p>'
            f'{facts_html(card, compact=True)}'
            + (f'<p class="sets">{e(sets)}</p>' if sets else "") + not_in_sets_html(card)
            + collection_html(card, collection) + declared_html(card)
            + f'<p class="findings">{findings_badges(card)}</p></div></li>')


def _options(values: list[tuple[str, str]], label_any: str = "any") -> str:
    return f'<option value="">{e(label_any)}</option>' + "".join(
        f'<option value="{e(v)}">{e(t)}</option>' for v, t in values)


def controls_html(site: Any) -> str:
    """The filter and sort controls, each with its label; those that cannot narrow say why."""
    cards = site.cards
    players = sorted({n for c in cards for n in c.get("players") or []})
    top = max((c["levels"][1] for c in cards if c.get("levels")), default=0)
    most_sets = max((c["set_count"] for c in cards if c.get("set_count") is not None), default=0)
    formats = sorted({c.get("format") or "" for c in cards} - {""})
    mine = site.collection is not None
    buildable = ('<label class="check"><input type="checkbox" id="f-buildable" name="buildable"'
                 + ("" if mine else ' disabled aria-describedby="no-collection"') + '> buildable with my collection'
                 + ("" if mine else '<span id="no-collection" class="hint"> (no collection was given)</span>')
                 + "</label>")
    return (
        '<form id="filters" role="search" aria-label="Filter and sort the maps" onsubmit="return false">'
        '<label class="grow">Search <input type="search" id="f-q" name="q" autocomplete="off" '
        'placeholder="name, author, file, set, scenario"></label>'
        f'<label>Players <select id="f-players" name="players">'
        f'{_options([(str(n), str(n)) for n in players])}</select></label>'
        '<fieldset class="fits"><legend>Fits a table of</legend>'
        '<label><span class="visually-hidden">at most this many </span><input type="number" id="f-columns" '
        'name="columns" min="1" step="1" inputmode="numeric" placeholder="any"> columns</label> × '
        '<label><input type="number" id="f-rows" name="rows" min="1" step="1" inputmode="numeric" '
        'placeholder="any"> rows</label></fieldset>'
        f'<label>Levels up to <select id="f-levels" name="levels">'
        f'{_options([(str(n), str(n)) for n in range(1, top + 1)])}</select></label>'
        f'<label>Official sets up to <select id="f-sets" name="sets">'
        f'{_options([(str(n), str(n)) for n in range(0, most_sets + 1)])}</select></label>'
        f'{buildable}'
        '<label>Errors <select id="f-errors" name="errors">'
        f'{_options([("none", "none"), ("some", "some")])}</select></label>'
        f'<label>Format <select id="f-format" name="format">{_options([(f, f) for f in formats])}</select></label>'
        f'<label>Sort by <select id="f-sort" name="sort">'
        + "".join(f'<option value="{v}">{e(t)}</option>' for v, t in SORTS) + '</select></label>'
        '<button type="button" id="f-clear">Clear filters</button></form>')


def index_page(site: Any) -> str:
    """The index page of a gallery, whole."""
    total = len(site.cards)
    maps = sum(1 for c in site.cards if c.get("kind") == "map")
    books = total - maps
    held = f"{plural(maps, 'map')}" + (f" and {plural(books, 'C3G Book')}" if books else "")
    mine = f" · your collection: {e(site.collection)}" if site.collection else ""
    if site.unreadable:
        mine += (f' · <a href="#unreadable">{plural(len(site.unreadable), "file")} could not be read</a>')
    profile = f" · findings of the {e(site.profile)} rules" if site.profile else ""
    cards = "".join(card_html(n, c, site.collection) for n, c in enumerate(site.cards))
    data = embedded_json({"cards": [card_data(n, c) for n, c in enumerate(site.cards)]})
    unreadable = ""
    if site.unreadable:
        rows = "".join(f'<li><span class="file">{e(u["file"])}</span><br>{e(u.get("site_error") or u["error"])}</li>'
                       for u in site.unreadable)
        unreadable = (f'<section id="unreadable" aria-labelledby="unreadable-h"><h2 id="unreadable-h">'
                      f'{plural(len(site.unreadable), "file")} could not be read</h2><ul>{rows}</ul></section>')
    skipped = (f"{plural(site.skipped, 'other file')} in the folders {'is' if site.skipped == 1 else 'are'} "
               "neither a map nor a Book and left out. " if site.skipped else "")
    script = (Path(__file__).with_name("index.js")).read_text(encoding="utf-8")
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="mapkit {e(site.version)}"><meta name="referrer" content="no-referrer">
<title>{e(site.title)}</title><style>{style()}</style></head>
<body><header class="top"><h1>{e(site.title)}</h1><p>{held}{mine}{profile}</p></header>
<main>{controls_html(site)}
<p id="count" role="status" aria-live="polite" aria-atomic="true">{plural(total, "card")}</p>
<ul id="cards" class="cards" aria-label="Maps">{cards}</ul>
<p id="none" hidden>No map matches these filters. <button type="button" id="none-clear">Clear filters</button></p>
{unreadable}</main>
<footer>{skipped}Made by mapkit {e(site.version)}; every page here works offline. A map's page has its report, build
sheets and the map in every format it converts to without loss.</footer>
<script type="application/json" id="gallery-data">{data}</script>
<script>{script}</script></body></html>
"""
