"""A gallery's pages (`mapkit gallery`): the index of cards, and one page per map or Book.

The subject is a `Site`: the cards `mapkit.api.site` gathered (plain data: what `info`,
`inventory` and `validate` said of each file, and the files drawn for it through the output
registry: its thumbnail, report page, build sheets and conversions) and what the site is of.
The registry's `gallery-html` draws the index, or with `card=N` the page of card N. Both are
self-contained (inline CSS and script, pictures and pages by relative links), fetch nothing,
and work from `file://`; every text from a map is escaped, and the index's data is JSON in a
script element that cannot end early (`index_page.embedded_json`).
"""

from __future__ import annotations

from typing import Any

from mapkit.outputs import Drawn
from mapkit.records import Record, field


class Site(Record):
    """What a gallery shows: its `title`; `cards`, one dict per map or Book in the index's order
    (see `mapkit.api.site.work.card_of`; each has its `page`, relative to the site); the files
    that could not be read (`unreadable`: file, error); how many other files were left alone in
    the folders (`skipped`); the collection, as the pages name it (None: none given); the rule
    profile checked; mapkit's version."""

    title: str
    cards: list[dict[str, Any]] = field(default_factory=list)
    unreadable: list[dict[str, Any]] = field(default_factory=list)
    skipped: int = 0
    collection: str | None = None
    profile: str | None = None
    version: str = ""


def draw(site: Site, card: int | None = None) -> Drawn:
    """The output registry's `gallery-html`: the index page, or the page of card number `card`."""
    if card is None:
        from mapkit.outputs.gallery.index_page import index_page

        return Drawn(index_page(site))
    from mapkit.outputs.gallery.map_page import map_page

    if not 0 <= card < len(site.cards):
        from mapkit.errors import OptionError

        raise OptionError(f"card {card}: the gallery has {len(site.cards)} card(s)", option="card")
    return Drawn(map_page(site, card))
