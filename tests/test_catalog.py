import pytest

from mapkit.model.catalog import catalog
from mapkit.model.map import Map, Piece


def test_every_shape_has_its_hex_count():
    cat = catalog()
    for ptype in cat.types.values():
        if ptype.id != "personal":
            assert len(cat.shapes[ptype.shape]) == ptype.hexes, ptype.id


@pytest.mark.parametrize("shape", sorted(catalog().shapes))
def test_rotations_keep_size_and_origin(shape):
    cat = catalog()
    for k in range(6):
        cells = cat.footprint(shape, k)
        assert len(set(cells)) == len(cells)
        assert (0, 0) in cells


def test_terrain_vocabulary_covers_land_and_fluids():
    cat = catalog()
    for word in ("grass", "rock", "sand", "water", "ice", "molten-lava", "lava-field", "road", "snow", "swamp",
                 "swamp-water", "concrete", "asphalt", "dungeon", "shadow", "wellspring-water", "wall-walk", "cosmos"):
        assert word in cat.terrains
    for ptype in cat.types.values():
        if ptype.kind in ("land", "fluid"):
            assert ptype.terrain in cat.terrains, ptype.id


def test_format_ids_are_unique():
    cat = catalog()
    for attr in ("vs", "hexoscape", "vsc"):
        seen = {}
        for ptype in cat.types.values():
            value = getattr(ptype, attr)
            if value is not None:
                assert value not in seen, (attr, value, seen.get(value), ptype.id)
                seen[value] = ptype.id


def test_occupancy_counts_multi_level_pieces():
    m = Map(pieces=[Piece("grass-7", 0, 0, 0), Piece("castle-wall-corner", 0, 0, 1), Piece("tree-10", 1, 0, 1)])
    occ = m.occupancy()
    assert len([k for k in occ if k[2] == 0]) == 7
    assert all((0, 0, level) in occ for level in range(1, 10))
    assert (0, 0, 10) not in occ
    assert occ[(1, 0, 1)] == [2]
