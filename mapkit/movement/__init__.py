"""Movement over a battlefield: its spaces, the graph a figure moves on, and what follows.

`spaces.from_map` reads the surfaces, `buildings` adds C3G floors and marks and then sets what
the map stands on them (`spaces.stand`: start zones, glyphs, figures, on the floor they are drawn
on), `graph.build` joins them for a `Figure`, `search.search` finds the fewest turns, and
`analysis` asks the designer's questions (reach from a hex, start-zone distances, glyph balance,
dead spaces).
"""

from mapkit.movement.profile import Figure

__all__ = ["Figure"]
