"""One painter per medium: `raster` (PNG, through Pillow; the only module that draws with it),
`svg` (1:1 in millimetres, a layer per level) and `pdf` (reportlab: paper, fonts, a scene on a page).
"""
