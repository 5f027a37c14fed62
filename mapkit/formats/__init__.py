"""Maps in and out: read a map file in any registered format, write one, by name or by content.

Every format reads into the one model (`mapkit.model.Map`) and writes from it; no format
talks to another. The formats of every kind of document are declared in `mapkit.registry`
(the contract a format module meets is written there); a module is imported only when its
format is used, so the CLI starts fast. A file's format is decided by its content, its name
breaking ties (`mapkit.registry.detect`); a C3G Book or a piece collection given as a map is
named as such.
"""

from __future__ import annotations


from mapkit import limits, registry
from mapkit.errors import FormatError, LossError, OptionError, is_link, refusing, shown
from mapkit.io import STDIO, read_input, write_output
from mapkit.model.map import Map
from mapkit.registry import FileFormat
from mapkit.wording import command, option

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from pathlib import Path


def _read_back_gzipped(info: FileFormat) -> bool:
    """Whether a gzipped file of this format is read back: its row names a .gz extension (Hexoscape
    saves .json.gz maps, which its reader inflates; a `.mapkit.json.gz` is inflated before its
    content is told). write_map gzips such a map under a .gz name."""
    return any(ext.endswith(".gz") for ext in info.extensions)


def formats() -> tuple[FileFormat, ...]:
    """The map formats, in registration order."""
    return registry.formats("map")


def get(name: str) -> FileFormat:
    """A map format by name; OptionError naming the known ones otherwise."""
    return registry.get(name, "map")


def _by_extension(path: str | Path) -> list[FileFormat]:
    return registry.by_extension(path, ("map",))


def detect(path: str | Path, head: bytes | None = None) -> FileFormat:
    """The format of a file of any kind (map, Book, collection): by content, the name breaking ties."""
    return registry.detect(path, head)


def format_for_output(path: str | Path, name: str | None = None) -> FileFormat:
    """The format to write: the one named, else the one the output name implies."""
    if name:
        info = get(name)
    else:
        candidates = _by_extension(path)
        if not candidates:
            raise OptionError(f"{path}: cannot tell the output format from the name; use {option('format')}")
        info = candidates[0]
    if str(path).lower().endswith(".gz") and not _read_back_gzipped(info):
        gzipped = ", ".join(sorted(f.name for f in formats() if _read_back_gzipped(f)))
        raise OptionError(f"{path}: a .gz name promises gzip, and only {gzipped} maps are "
                         f"read back gzipped; choose another name")
    return info


def read_map(path: str | Path, fmt: str | None = None) -> Map:
    """Read a map file in any known format ("-" is standard input). Raises FormatError naming the file.

    Without `fmt` the content decides the format; a C3G Book or a piece collection is refused
    by name (OptionError). Texts come as the file has them; `printable_text` makes them
    encodable for a picture."""
    # bounded by the input size limit, remembered so no output replaces it
    return parse_map(read_input(path), fmt, shown(path))


def read_file(path: str | Path) -> tuple[bytes, FileFormat | None]:
    """A file's bytes, read once (within the input size limit, remembered as an input), and its
    format told once, by content with the name breaking ties: what a command that takes a map or
    a C3G Book reads, then hands to `parse_map` (`known`) or to the Book reader. None where the
    map readers decide: standard input, a share link, gzip, or a content and name that tell nothing."""
    data = read_input(path)
    text = str(path)
    if text == STDIO or is_link(text) or data.startswith(b"\x1f\x8b"):
        return data, None
    try:
        return data, registry.detect(text, data)
    except FormatError:
        return data, None


def told(data: bytes) -> FileFormat | None:
    """The format of the bytes of a file, by content alone (None where the map readers decide,
    as for `read_file`: gzip, or a content that tells nothing)."""
    if data.startswith(b"\x1f\x8b"):
        return None
    try:
        return registry.detect("", data)
    except FormatError:
        return None


def not_a_map(shown: str, kind: str, name: str = "") -> OptionError:
    """The error for a document of another `kind` ("book", "collection"), in format `name`, or of
    a map format mapkit cannot read, given as a map."""
    if kind == "book":
        return OptionError(f"{shown}: a C3G Book, not a map (`{command('print')}` draws its floor plan, "
                           f"`{command('overlay')}` its Full, Half and Partial hexes)")
    hint = f" (a piece collection: see `{command('inventory')}`)" if kind == "collection" else ""
    return OptionError(f"{shown}: mapkit cannot read the {name} format as a map{hint}")


def parse_map(data: bytes, fmt: str | None = None, filename: str = "", hint: str | None = None,
              known: FileFormat | None = None) -> Map:
    """A map from the bytes of a file (`filename` names it in errors and breaks format ties).
    `hint` ends the error of a content no format claims, in the caller's words (by default, the
    input and output format parameters, as `mapkit.wording` names them); `known` is the format
    `read_file` told, not told again."""
    shown = filename or "(bytes)"
    if not fmt and known is None and data.startswith(b"\x1f\x8b"):
        data = _gunzipped_unless_hexoscape(data, filename)
    info = get(fmt) if fmt else known if known is not None else \
        registry.detect(filename, data, hint=hint) if hint else detect(filename, data)
    if info.kind != "map" or not info.can_read:
        raise not_a_map(shown, info.kind, info.name)
    try:
        result = info.module.read(data, filename=filename)
    except FormatError as exc:
        raise (exc.with_file(filename) if filename else exc) from None
    result.source_format = result.source_format or info.name
    result.read_as = info.name
    limits.check_map(result, shown)
    return result


def _gunzipped_unless_hexoscape(data: bytes, filename: str) -> bytes:
    """A gzipped file: Hexoscape's own .json.gz is read (and written back) by its reader as it is;
    any other map gzipped (a `.mapkit.json.gz`) is inflated, within the decompressed size limit,
    and read as what its content says (it was taken for Hexoscape and refused)."""
    import zlib

    try:
        head = zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(data, registry.HEAD_BYTES)
    except zlib.error:
        return data  # damaged: the Hexoscape reader, which claims gzip, says where
    claims = [f for f in registry.formats("map") if f.can_read and f.name != "hexoscape" and f.sniff(head) > 0]
    if not claims or registry.get("hexoscape", "map").sniff(head) > 0:
        return data
    from mapkit.formats.hexoscape import inflate

    try:
        return inflate(data)
    except FormatError as exc:
        raise (exc.with_file(filename) if filename else exc) from None


def printable_text(m: Map) -> Map:
    """Replace lone surrogates (a JSON file may escape them; UTF-8 cannot hold them) in the
    texts a picture, sheet or report prints, so they show as U+FFFD instead of failing late.

    Changes `m` in place and returns it. Not done by default: `info` spells such characters
    out and a conversion keeps them, so a round trip stays exact."""
    def clean(value):
        if isinstance(value, str):
            return value.encode("utf-8", "surrogatepass").decode("utf-8", "replace") if _has_surrogate(value) \
                else value
        if isinstance(value, dict):
            return {k: clean(v) for k, v in value.items()}
        if isinstance(value, list):
            return [clean(v) for v in value]
        return value

    for name in ("name", "author", "players", "notes", "attrs", "warnings"):
        setattr(m, name, clean(getattr(m, name)))
    for _, piece in m.pieces.objects():      # (the rows a reader's columns hold carry no text)
        if piece.attrs:
            piece.attrs = clean(piece.attrs)
    return m


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def encode_map(m: Map, info: FileFormat, allow_loss: bool = False) -> tuple[bytes, list[str]]:
    """Encode a map; refuse (LossError) if the format would drop content, unless allowed. Returns
    the bytes and every loss line: those naming content, and the `Unkept` ones (what the target
    derives or never shows, which never refuse: the caller warns of them).

    A map that sets up several scenarios goes whole only into a format that holds them (its
    module says `HOLDS_SCENARIOS = True`); any other holds one scenario, so the loss is named and,
    when allowed, only the shared terrain is written (choose a scenario with `Map.for_scenario`)."""
    module = info.module
    if not hasattr(module, "write"):
        raise OptionError(f"mapkit cannot write the {info.name} format")
    losses = scenario_losses(m, info)
    if losses:
        m = m.terrain()
    losses += list(module.losses(m)) if hasattr(module, "losses") else []
    refused = refusing(losses)
    if refused and not allow_loss:
        raise LossError(info.name, refused)
    return module.write(m), losses


def scenario_losses(m: Map, info: FileFormat) -> list[str]:
    """The loss of writing a map of several scenarios to a format that holds one (else nothing)."""
    if getattr(info.module, "HOLDS_SCENARIOS", False) or not m.several_scenarios():
        return []
    own = m.scenario_pieces()
    named = ", ".join(m.scenario_setup(n).title for n in m.scenarios())
    count = sum(len(pieces) for pieces in own.values())
    return [f"scenarios: the map sets up {len(m.scenarios())} ({named}) and {info.name} holds one; only the "
            f"shared terrain is written, without the scenarios' own {count} pieces (start zones, glyphs, "
            f"figures ...): choose one with {option('scenario', 'K')}"]


class Written(list):
    """What `write_map` gives back: the loss lines (a list of them, `encode_map`'s), and `held`,
    the map as the written file holds it."""

    def __init__(self, losses: list[str], m: Map, data: bytes, fmt: str):
        super().__init__(losses)
        self._map: Map | None = m if not refusing(losses) else None  # nothing dropped: the map itself
        self._data, self._fmt = (b"", fmt) if self._map is not None else (data, fmt)

    @property
    def held(self) -> Map:
        """The map the file holds: the map written when nothing was dropped (a writer that names no
        loss gives it back), else the bytes written read back (so a count of what was written is
        what the file holds, not what the map held)."""
        if self._map is None:
            self._map = parse_map(self._data, self._fmt)
            self._data = b""
        return self._map


def write_map(m: Map, path: str | Path, fmt: str | None = None, allow_loss: bool = False) -> Written:
    """Write a map atomically (no partial file on failure), or to standard output if `path`
    is "-", never over a file this run has read (`mapkit.io`); returns the losses accepted and the
    `Unkept` lines (`encode_map`), as a `Written` (whose `held` is the map the file holds)."""
    info = format_for_output(path, fmt)
    try:
        data, losses = encode_map(m, info, allow_loss)
    except FormatError as exc:  # a writer that cannot encode this map: name the output
        raise exc.with_file(str(path)) from None
    written = Written(losses, m, data, info.name)
    if str(path).lower().endswith(".gz") and not data.startswith(b"\x1f\x8b"):
        import gzip  # a .gz name promises gzip (Hexoscape's .gz maps); fixed mtime keeps it deterministic

        data = gzip.compress(data, mtime=0)
    write_output(path, data)  # atomic for files; never over an input, a link's target or a device
    return written
