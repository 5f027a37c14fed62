"""Battlefield pages in XHTML + inline SVG (Gary's Heroscape site, `hsbfNNNN.html`).

A page draws one `<svg>` picture per level ("Level N", class `hsbfNNNNlLL`) and one per
scenario (class `hsbfNNNNsSSlLL`, after `<hr class="scenario" id="sSS">`). The tiles of a picture
are its direct `<use xlink:href="#CODE" transform="translate(X,Y) rotate(A 46 53)">` children.

- `svg`: transforms, the page's hex grid, and what a code draws (from the page's own `<defs>`);
- `pieces`: which catalog piece a code is and where its drawing puts it (edge pieces included);
- `stacking`: the level of every piece, as a builder stacks it (castles, ladders, the flag);
- `reader`: the walk over the pictures, and the warnings naming what was skipped;
- `text`: the page's title, required sets, description and scenario texts.

Scenario overlays hold glyphs, start zones, figures (and any other piece) for scenario SS:
each is kept with `attrs["scenario"] = SS`. A figure's drawn number goes to `attrs["label"]` (it
points into the scenario's setup list).
"""

from __future__ import annotations

from mapkit.formats.glasq.pieces import BASE_OF, FACING_TURNS, fit_shape
from mapkit.formats.glasq.reader import NAME, read
from mapkit.formats.glasq.svg import parse_transform

__all__ = ["NAME", "sniff", "read", "BASE_OF", "FACING_TURNS", "fit_shape",
           "parse_transform"]


def sniff(head: bytes) -> float:
    """Certain for an XHTML page with inline SVG that uses battlefield tile drawings."""
    return 1.0 if b"http://www.w3.org/2000/svg" in head and (b"hsbf" in head or b'id="tile01"' in head) else 0.0
