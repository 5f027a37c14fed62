"""What to draw, once, in millimetres on the table, for every painter.

`views.build_scene(m, RenderOptions(view="top"))` gives a `shapes.Scene`: groups per level and
piece holding polygons, circles and text. What every picture shares: `layout` (hex geometry,
levels, visible tops, the isometric projection), `style` (colours, patterns, legend entries),
`symbols` (marks inside a hex), `pieces` (each piece seen from above, told apart and placed:
outlines, facing, edge pieces on their edge), `legend`, `iso` and `iso_solids` (the stacked view),
`c3g` (C3G buildings on the map), `parts` (parts lists), `steps` (the steps between Levels, for
the views from above and the report's map), `placing` (where every word on a map goes: plates,
room names, leader lines) and `keep_off` (the marks and outlines words keep off).
"""
