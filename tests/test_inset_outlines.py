"""The outlines of pieces of several hexes come from a table of what shapely gave for every
footprint of the catalog (`data/inset_outlines.json`), so that drawing a map loads neither shapely
nor numpy; the table must say exactly what shapely says, for the footprints the catalog has now."""

from __future__ import annotations

import json

from conftest import ROOT

TABLE = ROOT / "mapkit" / "data" / "inset_outlines.json"


def table_text() -> str:
    """The table as the file holds it: one footprint a line."""
    from mapkit.outputs.scene.pieces import inset_table

    table = inset_table()
    rows = ",\n".join("  " + json.dumps(row, separators=(",", ":")) for row in table["outlines"])
    return f'{{"inset": {json.dumps(table["inset"])},\n "outlines": [\n{rows}\n ]}}\n'


def test_the_table_is_what_shapely_gives_for_every_footprint_of_the_catalog():
    assert TABLE.read_text(encoding="utf-8") == table_text(), \
        "the table is stale: write it again with `python tests/test_inset_outlines.py`"


def test_an_outline_is_the_same_from_the_table_as_from_shapely():
    from mapkit.model.catalog import catalog
    from mapkit.outputs.scene import layout
    from mapkit.outputs.scene.pieces import inset_by_shapely, inset_outline

    for shape in catalog().shapes:
        for turns in range(6):
            cells = layout.shape_cells(shape, turns)
            if len(cells) > 1:
                assert inset_outline(shape, turns) == inset_by_shapely(cells), (shape, turns)


def test_a_footprint_the_table_lacks_is_inset_by_shapely(monkeypatch):
    """A shape the catalog gains (or a changed inset) is never answered from a stale table."""
    from mapkit.outputs.scene import layout, pieces

    monkeypatch.setattr(layout, "shape_cells", lambda shape, turns: ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)))
    pieces.inset_outline.cache_clear()
    try:
        assert pieces.inset_outline("a new shape", 0) == pieces.inset_by_shapely(((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)))
        monkeypatch.setattr(pieces, "OUTLINE_INSET", 0.1)
        pieces.inset_outline.cache_clear()
        monkeypatch.setattr(layout, "shape_cells", lambda shape, turns: ((0, 0), (-1, 0)))
        assert pieces.inset_outline("S2", 0) == pieces.inset_by_shapely(((0, 0), (-1, 0)))
        assert pieces.inset_outline("S2", 0) != pieces._inset_data()["outlines"][((0, 0), (-1, 0))]
    finally:
        pieces.inset_outline.cache_clear()


if __name__ == "__main__":  # write the table again (after a change of the catalog's shapes or the inset)
    TABLE.write_text(table_text(), encoding="utf-8")
