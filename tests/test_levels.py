"""The one level convention: Level N is the layer of tiles whose top is at height N."""

from mapkit.model import levels
from mapkit.model.catalog import catalog


def test_tiles_are_the_level_of_their_layer_and_standing_pieces_the_level_under_them():
    cat = catalog()
    # a tile on the table (bottom at height 0) is Level 1; one stacked on it is Level 2
    assert levels.level(cat["grass-1"], 0) == 1 and levels.level(cat["grass-24"], 1) == 2
    # a glyph, figure, start zone or tree stored at z stands on the Level z tile under it
    for standing in ("glyph", "figure", "start-zone", "tree-10", "ruin-2", "castle-ladder"):
        assert levels.level(cat[standing], 3) == 3
    # on the table: Level 0
    assert levels.level(cat["figure"], 0) == 0 and levels.label(0) == "the table"
    assert levels.label(3) == "Level 3"


def test_span_counts_every_layer_a_tall_piece_fills():
    cat = catalog()
    assert list(levels.span(cat["castle-wall-straight"], 1)) == list(range(2, 11))  # 9 levels on a base
    assert list(levels.span(cat["tree-10"], 2)) == [2]
    assert levels.layer(0) == 1
