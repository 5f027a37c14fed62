"""The contract every registered file format keeps, checked over the registry itself.

Parametrised over `mapkit.registry.formats()` (maps, Books, piece collections, and any format
registered later), so a new format is held to it without a new test:

- it declares itself fully (name, kind, extensions, a module with `sniff` and `read`; a
  writer also names its losses) and has example files to be checked on;
- its sniffer tells its own files by content, under no name or under another format's name;
- its reader turns any bytes into a document or a `FormatError`, never another exception;
- a writer round-trips what it can hold: a map of the pieces it carries, drawn by the one
  shared strategy (`tests/strategies.py`), comes back as the same battlefield (cell for cell,
  up to one translation), and what it writes it reads back and writes again byte for byte;
  whatever it cannot hold it names (a battlefield that changed with no loss named fails);
- every corpus and sample map converts to every writable format under the same contract.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import CORPUS, ROOT
from mapkit import formats, registry
from mapkit.errors import FormatError
from mapkit.model.map import Map, Piece
from strategies import TYPES, maps

FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ROUND_TRIPS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Where the example files of each format are, as (root, glob): the corpus (read in place) and
#: the project's samples. A format registered without examples here fails `test_has_examples`
#: unless it writes (its own output is then its example).
EXAMPLES: dict[str, list[tuple[Path | None, str]]] = {
    "mapkit": [(ROOT / "samples", "maps/*.mapkit.json")],
    "hsc": [(CORPUS, "hsc/**/*.hsc"), (CORPUS, "pairs/*.hsc"), (ROOT / "samples", "maps/*.hsc")],
    "hexoscape": [(CORPUS, "hexoscape/*.json")],
    "hexoscape-url": [],
    "glasq": [(CORPUS, "glasq-xhtml/*.html"), (CORPUS, "pairs/*.html")],
    "mapkit-book": [(ROOT / "samples", "books/*.book.json")],
    "vsc": [(CORPUS, "vsc/*.vsc")],
    "hexoscape-inventory": [(CORPUS, "hexoscape/*.tsv")],
    "set-list": [(ROOT / "samples", "collections/*.txt")],
}

ALL = registry.formats()
WRITERS = [f for f in registry.formats("map") if f.can_write]


def example_files(fmt: registry.FileFormat) -> list[Path]:
    return sorted(path for root, pattern in EXAMPLES.get(fmt.name, []) if root is not None and root.is_dir()
                  for path in root.glob(pattern))


def one_piece(type_id: str) -> Map:
    """A map of one piece of `type_id`, with the attributes its type needs and nothing odd."""
    attrs: dict[str, Any] = {"glyph": {"letter": "A"}, "start-zone": {"player": 1}, "personal": {"size": 1}}.get(
        type_id, {})
    return Map(pieces=[Piece(type_id, 0, 0, 0, 0, attrs)])


def carried(fmt: registry.FileFormat) -> list[str]:
    """The piece types `fmt` writes without a loss (it names the others)."""
    return [t for t in TYPES if not fmt.module.losses(one_piece(t))]


def battlefield(m: Map) -> list[tuple[Any, ...]]:
    """Every filled (hex, Level) with its piece's type, glyph letter and player, moved so the
    lowest corner is (0, 0, 0): what a builder lays, wherever the file puts its origin."""
    cells = [(q, r, level, m.pieces[i]) for q, r, level, i in m.iter_cells()]
    if not cells:
        return []
    q0, r0, l0 = (min(c[k] for c in cells) for k in range(3))
    return sorted((q - q0, r - r0, level - l0, p.type, str(p.attrs.get("letter", "")), str(p.attrs.get("player", "")))
                  for q, r, level, p in cells)


def same_battlefield(before: Map, after: Map) -> bool:
    """`battlefield` equal, but that a personal tile may come back as the official piece it
    imitates (Hexoscape turns a VirtualScape "LaurWallPillar" tile into its Laur wall pillar)."""
    ours, theirs = battlefield(before), battlefield(after)
    return len(ours) == len(theirs) and all(
        a == b or (a[3] == "personal" and a[:3] == b[:3]) for a, b in zip(ours, theirs))


def read(fmt: registry.FileFormat, data: bytes) -> Any:
    return fmt.module.read(data, filename="")


# -- declaration -----------------------------------------------------------------------------

@pytest.mark.parametrize("fmt", ALL, ids=lambda f: f.name)
def test_declares_itself(fmt):
    assert fmt.kind in registry.KINDS
    assert fmt.extensions and all(ext.startswith(".") and ext == ext.lower() for ext in fmt.extensions)
    module = fmt.module
    assert callable(getattr(module, "sniff", None)) and fmt.can_read
    if fmt.can_write:
        assert callable(getattr(module, "losses", None)), f"{fmt.name} writes but names no losses"
    assert getattr(module, "NAME", fmt.name) == fmt.name
    assert registry.get(fmt.name, fmt.kind) is fmt


@pytest.mark.parametrize("fmt", ALL, ids=lambda f: f.name)
def test_has_examples(fmt):
    """Every format is checked on real files (or, for a writer, on its own output)."""
    assert fmt.name in EXAMPLES, f"add {fmt.name}'s example files to EXAMPLES"
    if CORPUS is None and not fmt.can_write:
        pytest.skip("community corpus not found")
    assert example_files(fmt) or fmt.can_write


# -- sniffing: content, not names -------------------------------------------------------------

def sniffing_cases() -> list[Any]:
    cases = []
    for fmt in ALL:
        files = example_files(fmt)
        cases += [pytest.param(fmt, path, id=f"{fmt.name}:{path.name}") for path in files[:4]]
    return cases


@pytest.mark.parametrize(("fmt", "path"), sniffing_cases())
def test_examples_are_told_by_content(fmt, path):
    head = path.read_bytes()[:registry.HEAD_BYTES]
    assert fmt.sniff(head) > 0
    assert registry.detect("no-name", head) == fmt
    for other in ALL:
        if other.kind == fmt.kind and other != fmt:
            misnamed = "misnamed" + other.extensions[0]
            assert registry.detect(misnamed, head) == fmt, f"{path.name} named {misnamed}"


@pytest.mark.parametrize("fmt", WRITERS, ids=lambda f: f.name)
def test_what_a_writer_writes_is_told_by_content(fmt):
    data = fmt.module.write(one_piece("grass-7"))
    assert registry.detect("no-name", data) == fmt
    assert all(other.sniff(data) < fmt.sniff(data) for other in ALL if other != fmt)


@FUZZ
@given(st.sampled_from(ALL), st.binary(max_size=200))
def test_sniffers_weigh_any_bytes(fmt, head):
    assert 0.0 <= fmt.sniff(head) <= 1.0


# -- bad input: a document or a FormatError, nothing else -------------------------------------

@FUZZ
@given(st.sampled_from(ALL), st.binary(max_size=300))
def test_any_bytes_read_or_raise_format_error(fmt, data):
    try:
        read(fmt, data)
    except FormatError as exc:
        assert_bounded(exc)


def assert_bounded(exc: FormatError) -> None:
    """An error is one line quoting at most an excerpt of the input (issue 25)."""
    from mapkit.errors import MAX_MESSAGE, MAX_WHERE

    assert "\n" not in str(exc) and len(str(exc)) <= 2 * MAX_WHERE + MAX_MESSAGE + 4, str(exc)


def damaged_cases() -> list[Any]:
    return [pytest.param(fmt, id=fmt.name) for fmt in ALL if example_files(fmt) or fmt.can_write]


@pytest.mark.parametrize("fmt", damaged_cases())
@FUZZ
@given(data=st.data())
def test_damaged_files_read_or_raise_format_error(fmt, data):
    files = example_files(fmt)
    if files:
        original = min(files, key=lambda p: p.stat().st_size).read_bytes()
    else:
        original = fmt.module.write(one_piece("grass-7"))
    damaged = bytearray(original)
    for _ in range(data.draw(st.integers(1, 4), label="changes")):
        position = data.draw(st.integers(0, len(damaged) - 1), label="position")
        damaged[position] = data.draw(st.integers(0, 255), label="byte")
    cut = data.draw(st.integers(0, len(damaged)), label="cut")
    try:
        read(fmt, bytes(damaged[:cut]))
    except FormatError as exc:
        assert_bounded(exc)


# -- round trips on generated maps -----------------------------------------------------------

@pytest.mark.parametrize("fmt", WRITERS, ids=lambda f: f.name)
def test_a_writer_carries_most_of_the_catalog(fmt):
    """A writer that silently carried nothing would pass the round trips below vacuously."""
    assert len(carried(fmt)) >= len(TYPES) // 2


@pytest.mark.parametrize("fmt", WRITERS, ids=lambda f: f.name)
def test_what_a_format_holds_comes_back(fmt):
    types = carried(fmt)

    @ROUND_TRIPS
    @given(maps(types=types, max_pieces=12, half_turns=True))
    def check(m):
        lost = fmt.module.losses(m)
        data = fmt.module.write(m)
        back = read(fmt, data)
        assert fmt.module.write(back) == data, "what it writes, it reads back unchanged"
        if lost:  # a figure's player, a share link's notes: named, so not held
            return
        assert same_battlefield(m, back)
        assert back.name == m.name

    check()


@pytest.mark.parametrize("fmt", WRITERS, ids=lambda f: f.name)
def test_what_a_format_cannot_hold_it_names(fmt):
    """Any map, odd values included: writing with the loss allowed reads back (or the writer
    refuses the map whole, naming what it cannot write); a battlefield that changed has its
    loss named."""

    @ROUND_TRIPS
    @given(maps(max_pieces=12, half_turns=True, hostile=True))
    def check(m):
        try:
            data, lost = formats.encode_map(m, fmt, allow_loss=True)
        except FormatError as exc:  # what it cannot write at all (a player 0), it refuses whole
            assert str(exc).startswith(f"cannot write")
            return
        back = read(fmt, data)
        assert fmt.module.write(back) == data
        if not lost:
            assert same_battlefield(m, back)

    check()


# -- round trips on the corpus ---------------------------------------------------------------

def corpus_maps() -> list[Any]:
    cases = [pytest.param(fmt, path, id=f"{fmt.name}:{path.name}")
             for fmt in registry.formats("map") for path in example_files(fmt)]
    return cases or [pytest.param(None, None, marks=pytest.mark.skip(reason="no example maps"))]


@pytest.mark.parametrize(("source", "path"), corpus_maps())
def test_every_example_map_converts_to_every_writer(source, path):
    m = read(source, path.read_bytes())
    for fmt in WRITERS:
        data, lost = formats.encode_map(m, fmt, allow_loss=True)
        back = read(fmt, data)
        assert fmt.module.write(back) == data, f"{fmt.name}: a second conversion differs"
        if not lost:
            assert same_battlefield(m, back), f"{fmt.name}: the battlefield changed with no loss named"
