"""A map's page in a gallery: its report's view, what building it takes, and its downloads.

The map itself, pan, zoom, its Levels, scenarios and rooms, its findings and inventory are its
report (`report-html`, drawn beside the page and shown in a frame), so the gallery and
`mapkit report` show one view. Around it the page says what the designer's collection lacks,
whether the sets the map declares hold it, and gives the build sheets and the map in every
format it converts to without loss (those that would lose something are named, with the
losses). A C3G Book's page shows its floors and gives its 1:1 floor plans and markers.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mapkit.outputs.gallery.parts import (collection_html, declared_html, e, facts_html, findings_badges, href,
                                          name_of, not_in_sets_html, plural, sets_text, style)

#: The web editor's address a share link must start with to be offered as a link to open.
EDITOR = "https://hexoscape.com/"
#: What each download is, as the page names it.
DOWNLOADS = {"hsc": "VirtualScape map (.hsc)", "hexoscape": "web editor (Hexoscape) JSON",
             "hexoscape-url": "share link (.url)", "mapkit": "mapkit JSON (.mapkit.json)"}


def _file_link(path: str, text: str, note: str = "") -> str:
    extra = f' <span class="muted">{e(note)}</span>' if note else ""
    return f'<li><a href="{href(path, "../")}">{e(text)}</a>{extra}</li>'


def downloads_html(card: dict[str, Any]) -> str:
    """The build sheets, floor plans and conversions as links, and the formats left out with why."""
    products = card.get("products") or {}
    items = []
    if products.get("sheets"):
        items.append(_file_link(products["sheets"], "Build sheets (PDF)",
                                plural(products.get("sheets_pages", 1), "page")))
    if products.get("floor_plans"):
        plans = "1:1 floor plans (PDF)" if card.get("kind") == "book" else "1:1 floor plans of its C3G Books (PDF)"
        items.append(_file_link(products["floor_plans"], plans,
                                plural(products.get("floor_plans_pages", 1), "page")))
    if products.get("markers"):
        items.append(_file_link(products["markers"], "Doorway, window and transit markers (PDF)",
                                plural(products.get("markers_pages", 1), "page")))
    link = ""
    for row in products.get("downloads", ()):
        items.append(_file_link(row["file"], DOWNLOADS.get(row["format"], row["description"]), Path(row["file"]).name))
        if row.get("link", "").startswith(EDITOR):
            link = (f'<p><a class="editor" href="{e(row["link"])}" target="_blank" rel="noopener noreferrer">'
                    f'Open in the web editor</a> <span class="muted">(hexoscape.com, online)</span></p>')
    out = f'<ul class="downloads">{"".join(items)}</ul>{link}' if items else "<p>Nothing to download.</p>"
    omitted = products.get("omitted", ())
    if omitted:
        rows = "".join(f'<li><b>{e(DOWNLOADS.get(o["format"], o["description"]))}</b>: would lose '
                       f'{e("; ".join(o["losses"][:4]))}{e(" ...") if len(o["losses"]) > 4 else ""}</li>'
                       for o in omitted)
        out += (f'<details class="omitted"><summary>{plural(len(omitted), "format")} left out: '
                f'they would lose something</summary><ul>{rows}</ul></details>')
    for failed in products.get("failed", ()):
        out += f'<p class="note">Could not make {e(failed)}</p>'
    return out


def building_html(card: dict[str, Any], collection: str | None) -> str:
    """The fewest official sets, what the collection lacks (all of it), the declared sets."""
    if card.get("kind") != "map":
        return ""
    said = sets_text(card)
    out = [f"<p>{e(said[:1].upper() + said[1:])}{e(' (the fewest that build it)') if card.get('sets') else ''}</p>"]
    out.append(not_in_sets_html(card, 6))
    if collection is None:
        out.append('<p class="muted">No collection was given: a gallery made with one says what it lacks.</p>')
    else:
        if card.get("lacks"):
            total = sum(r["count"] for r in card["lacks"])
            out.append(f'<p class="mine mine-no"><span aria-hidden="true">✗ </span>Your collection lacks '
                       f'{plural(total, "piece")} of {plural(len(card["lacks"]), "kind")}:</p>')
            rows = "".join(f'<tr><td class="n">{r["count"]:,}</td><td>{e(r["name"])}</td></tr>' for r in card["lacks"])
            out.append(f'<table class="lacks" aria-label="What your collection lacks"><thead><tr><th>count</th>'
                       f'<th>piece</th></tr></thead><tbody>{rows}</tbody></table>')
        else:
            out.append(collection_html(card, collection))
        out.append(f'<p class="muted">Collection: {e(collection)}</p>')
    out.append(declared_html(card))
    return f'<section aria-labelledby="build-h"><h2 id="build-h">Building it</h2>{"".join(out)}</section>'


def findings_html(card: dict[str, Any], profile: str | None) -> str:
    """The findings' count (a map's report lists them on the map); a Book's, listed here."""
    rules = f" ({e(profile)} rules)" if profile and card.get("kind") == "map" else ""
    listed = ""
    if card.get("kind") == "book" and card.get("finding_list"):
        listed = '<ul class="findings">' + "".join(
            f'<li class="finding sev-{e(f["severity"])}"><b>{e(f["code"])}</b> {e(f["severity"])}: {e(f["message"])} '
            f'<span class="muted">{e(f["where"])}</span></li>' for f in card["finding_list"]) + "</ul>"
    warnings = "".join(f'<p class="note">Reader warning: {e(w)}</p>' for w in card.get("warnings", ()))
    return (f'<section aria-labelledby="findings-h"><h2 id="findings-h">Findings{rules}</h2>'
            f'<p>{findings_badges(card)}</p>{listed}{warnings}</section>')


#: The way back to the index keeps the filters the card was opened from (`#back=...`, set by the
#: index's script): the index's own fragment, passed on to the neighbours' pages too.
BACK = """(function(){var m=/^#back=([^#]*)$/.exec(location.hash);if(!m)return;var h;
try{h=decodeURIComponent(m[1]);}catch(err){return;}if(!/^[\\w=&%.+~*'()!-]*$/.test(h))return;
document.querySelectorAll('a[data-keep]').forEach(function(a){var to=a.getAttribute('href').split('#')[0];
a.setAttribute('href',to+(a.getAttribute('data-keep')==='index'?'#'+h:'#back='+encodeURIComponent(h)));});})();"""


def neighbours_html(site: Any, number: int) -> str:
    """Links to the pages of the cards before and after in the archive's order (by file)."""
    def link(n: int, rel: str, arrow: str) -> str:
        other = site.cards[n]
        name = name_of(other)
        said = f"{arrow}{e(name)}" if rel == "prev" else f"{e(name)}{arrow}"
        return f'<a rel="{rel}" data-keep="page" href="{href(Path(other["page"]).name)}">{said}</a>'

    parts = ([link(number - 1, "prev", "← ")] if number > 0 else []) + \
        ([link(number + 1, "next", " →")] if number + 1 < len(site.cards) else [])
    return f'<nav class="neighbours" aria-label="Other maps">{" · ".join(parts)}</nav>' if parts else ""


def map_page(site: Any, number: int) -> str:
    """The whole page of card number `number`."""
    card = site.cards[number]
    products = card.get("products") or {}
    name = name_of(card)
    by = f'by {e(card["author"])} · ' if card.get("author") else ""
    if card.get("kind") == "map" and products.get("report"):
        view = (f'<section class="view" aria-labelledby="view-h"><h2 id="view-h">Map, findings and inventory '
                f'<a class="aside" '
                f'href="{href(products["report"], "../")}">open its report on a page of its own</a></h2>'
                f'<iframe src="{href(products["report"], "../")}" title="Report of {e(name)}: the map (pan, zoom, '
                f'Levels, scenarios), its findings and inventory" loading="lazy"></iframe></section>')
    else:
        view = ""
    floors = ""
    if products.get("floor_picture"):
        what = "Its floors" if card.get("kind") == "book" else "The floors of its C3G Books"
        floors = (f'<section class="floors" aria-labelledby="floors-h"><h2 id="floors-h">{what}</h2>'
                  f'<a href="{href(products["floor_picture"], "../")}" title="the picture at full size">'
                  f'<img src="{href(products["floor_picture"], "../")}" alt="{e(what)}: Full, Half and Partial '
                  f'hexes of each floor"></a></section>')
    side = (f'<section aria-labelledby="facts-h"><h2 id="facts-h">At a glance</h2>{facts_html(card)}'
            f'<p class="file">{e(card["file"])}</p></section>'
            f'{building_html(card, site.collection)}'
            f'<section aria-labelledby="downloads-h"><h2 id="downloads-h">Downloads</h2>'
            f'{downloads_html(card)}</section>'
            f'{findings_html(card, site.profile)}')
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="mapkit {e(site.version)}"><meta name="referrer" content="no-referrer">
<title>{e(name)}: {e(site.title)}</title><style>{style()}</style></head>
<body><header class="top"><div class="crumbs"><a data-keep="index" href="../index.html">All maps: {e(site.title)}</a>
{neighbours_html(site, number)}</div><h1>{e(name)}</h1>
<p>{by}<span class="file light">{e(card["file"])}</span></p></header>
<div class="layout"><main>{view}{floors}</main><aside>{side}</aside></div>
<footer>Made by mapkit {e(site.version)}.</footer><script>{BACK}</script></body></html>
"""
