"""Fuzzing the `.hsc` reader: whatever the bytes, it returns a Map or raises FormatError.

And when it does return a Map, writing that map gives the same bytes back (the reader keeps
everything it read), and the numpy fast path agrees with the general parser.
"""

from __future__ import annotations

import struct

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import hsc_build as hb
from strategies import pieces
from mapkit.errors import FormatError
from mapkit.formats import hsc

FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def seed_file(tiles: int = 80) -> bytes:
    """A valid v0.0007 file with every record kind, long enough for the fast path."""
    body = []
    for i in range(tiles):
        body.append(hb.tile(1001 + (i % 3) * 1000, i % 9, i // 9, i % 4, byte=0xCD, rgb=hb.colour(0, 160, 0)))
        if i % 17 == 0:
            body.append(hb.tile(14065 + i % 5, i % 9, i // 9, 5, byte=65 + i % 5))
        if i % 23 == 0:
            body.append(hb.tile(15001, i % 9, i // 9, 5, start_name=hb.cstring("Red"), rgb=hb.colour(255, 0, 0)))
    body.append(hb.tile(18002, 3, 3, 6, rot=4, extra=hb.cstring("GRIMNAK") + hb.cstring("GRIMNAK")))
    body.append(hb.tile(17000, 1, 1, 6, extra=hb.i32(3) + hb.cstring("a") + hb.cstring("b") + hb.cstring("c")
                        + hb.cstring("d")))
    return hb.document(7, body, name=hb.cstring("Fuzz"), scenario=b"{\\rtf1 Fuzz \\u8364? \\'e9\\par}\x00")


SEED = seed_file()


def check(data: bytes) -> None:
    try:
        m = hsc.read(data)
    except FormatError as exc:
        assert exc.where and exc.where.startswith("byte "), exc
        return
    assert hsc.write(m) == data
    hsc.losses(m)


def test_seed_file_is_valid():
    m = hsc.read(SEED)
    assert len(m.pieces) > 80 and hsc.write(m) == SEED


@FUZZ
@given(st.binary(max_size=400))
def test_random_bytes(data):
    check(data)


@FUZZ
@given(st.sampled_from(sorted(hb.version(n) for n in range(1, 8))), st.binary(max_size=400))
def test_random_bytes_after_a_valid_version(version, rest):
    check(version + rest)


@FUZZ
@given(st.lists(st.tuples(st.integers(0, len(SEED) - 1), st.integers(0, 255)), min_size=1, max_size=8))
def test_mutated_bytes(changes):
    data = bytearray(SEED)
    for pos, value in changes:
        data[pos] = value
    check(bytes(data))


@FUZZ
@given(st.integers(0, len(SEED)), st.integers(0, 64), st.binary(max_size=64))
def test_spliced_bytes(pos, cut, insert):
    check(SEED[:pos] + insert + SEED[pos + cut:])


@FUZZ
@given(st.integers(0, len(SEED) - 4), st.sampled_from([0, 1, 5, 0x7FFFFFFF, -1, -0x80000000, 0xFFFF, 17000, 18001]))
def test_hostile_ints(pos, value):
    data = bytearray(SEED)
    data[pos:pos + 4] = struct.pack("<i", value)
    check(bytes(data))


@FUZZ
@given(st.lists(st.tuples(st.integers(0, len(SEED) - 1), st.integers(0, 255)), min_size=1, max_size=4))
def test_fast_path_agrees_with_general_parser(changes):
    data = bytearray(SEED)
    for pos, value in changes:
        data[pos] = value
    data = bytes(data)
    try:
        fast = hsc.read(data)
    except FormatError:
        fast = None
    saved = hsc.FAST_PATH_MIN_TILES
    hsc.FAST_PATH_MIN_TILES = 10 ** 9
    try:
        slow = hsc.read(data)
    except FormatError:
        slow = None
    finally:
        hsc.FAST_PATH_MIN_TILES = saved
    if fast is None or slow is None:
        assert fast is None and slow is None
        return
    assert [(p.type, p.q, p.r, p.z, p.rotation, p.attrs, p.extras) for p in fast.pieces] == \
           [(p.type, p.q, p.r, p.z, p.rotation, p.attrs, p.extras) for p in slow.pieces]
    assert fast.extras == slow.extras


@pytest.mark.parametrize("cut", [0, 1, 8, 40, 48, 100, len(SEED) // 2, len(SEED) - 1])
def test_truncations_of_the_seed(cut):
    with pytest.raises(FormatError):
        hsc.read(SEED[:cut])


# -- the writer: any map of catalog pieces writes, and reads back as the same battlefield ----------

@FUZZ
@given(st.lists(pieces(span=40, levels=(-3, 12), half_turns=True), max_size=30), st.text(max_size=20),
       st.text(max_size=40))
def test_any_map_writes_and_reads_back(pieces, name, scenario):
    from mapkit.formats.hsc._marvel import ruin_tiles
    from mapkit.formats.hsc._tables import tables
    from mapkit.model.catalog import catalog
    from mapkit.model.map import Map, Piece

    m = Map(name=name, notes=scenario, pieces=pieces)
    cat = catalog()
    # a warehouse ruin is one tile holding its concrete base: read back, the base and the ruin a level up
    plan = ruin_tiles(m, tables())
    kept: list = []
    for i, p in enumerate(pieces):
        if i in plan.tiles:
            written, z = plan.tiles[i]
            kept += [Piece("concrete-6", p.q, p.r, z, p.rotation), Piece(written.id, p.q, p.r, z + 1, p.rotation)]
        elif cat[p.type].vs is not None:
            kept.append(p)
    dropped = [p for i, p in enumerate(pieces) if cat[p.type].vs is None and i not in plan.tiles and i not in plan.bases]
    lost = hsc.losses(m)
    assert len([line for line in lost if "VirtualScape has no such piece" in line]) == len(dropped)
    data = hsc.write(m)
    back = hsc.read(data)
    assert back.name == name and back.notes == scenario.rstrip().replace("\r", "")
    assert [p.type for p in back.pieces] == [p.type for p in kept]
    assert hsc.write(back) == data  # what mapkit writes, it reads back unchanged
    if not kept:
        return
    # One translation moves every kept piece onto its read-back twin, and nothing is negative.
    shift = (back.pieces[0].q - kept[0].q, back.pieces[0].r - kept[0].r, back.pieces[0].z - kept[0].z)
    for before, after in zip(kept, back.pieces):
        assert (after.q - before.q, after.r - before.r, after.z - before.z) == shift
        assert after.rotation == int(before.rotation) % 6
        assert set(back.footprint(after)) == {(q + shift[0], r + shift[1]) for q, r in m.footprint(before)}
        assert after.z >= 0
        for q, r in back.footprint(after):
            col, row = (q + (r >> 1), r)
            assert col >= 0 and row >= 0


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-2 ** 40, 2 ** 40), st.floats(), st.text(max_size=4),
                 st.lists(st.integers(-300, 300), max_size=4))


@FUZZ
@given(st.lists(st.tuples(st.sampled_from(["grass-1", "glyph", "start-zone", "personal", "figure", "road-5",
                                           "castle-ladder", "laur-pillar"]),
                          st.dictionaries(st.sampled_from(["letter", "player", "name", "size", "colour", "file"]),
                                          JUNK, max_size=4),
                          st.dictionaries(st.sampled_from(["type", "tv", "byte", "colour", "forms", "rot",
                                                           "glyph_name"]), JUNK, max_size=3),
                          st.one_of(st.integers(-5, 5), st.floats(allow_nan=True)), JUNK),
                max_size=12),
       st.dictionaries(st.sampled_from(["version", "fingerprint", "print", "forms", "scenario_rtf", "trailing",
                                        "tile_version", "glyph_byte"]), JUNK, max_size=5))
def test_writer_survives_junk_attrs_and_extras(rows, map_extras):
    """Hand-edited JSON can put anything in attrs and extras: the writer still writes a file
    VirtualScape can load (it reads back), or drops what it cannot store and says so."""
    from mapkit.model.map import Map, Piece

    pieces = [Piece(kind, 1, 2, 0, rotation, attrs, {"hsc": extras}) for kind, attrs, extras, rotation, _ in rows]
    m = Map(name="junk", pieces=pieces, extras={"hsc": map_extras})
    hsc.losses(m)
    back = hsc.read(hsc.write(m))
    assert back.name == "junk"
