"""The format registry: one module per format with `read`/`write`, found by name or extension.

Every format reads into the one model (`mapkit.model.Map`) and writes from it; no format
talks to another. A module is imported only when its format is used, so the CLI starts fast.

A format module provides:
    NAME, EXTENSIONS (tuple, lower case, longest first is not required), DESCRIPTION
    sniff(head: bytes) -> bool          does this content look like the format?
    read(data: bytes, filename: str) -> Map          (raises FormatError only)
    losses(m: Map) -> list[str]         what the format cannot carry, one line per thing
    write(m: Map) -> bytes              writes what it can carry
A module without `read` or `write` is write-only or read-only.
"""

from __future__ import annotations

import importlib
import os
import sys
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

from mapkit import limits
from mapkit.errors import FormatError, LossError, OptionError
from mapkit.io import STDIO, read_input, write_output
from mapkit.model.map import Map

if TYPE_CHECKING:
    from pathlib import Path


#: Formats whose readers inflate gzip (Hexoscape saves .json.gz maps); write_map gzips them under a .gz name.
GZIP_FORMATS = ("hexoscape",)


@dataclass(frozen=True)
class FormatInfo:
    name: str
    module_name: str
    extensions: tuple[str, ...]
    description: str

    @property
    def module(self) -> ModuleType:
        return importlib.import_module(self.module_name)

    @property
    def can_read(self) -> bool:
        return hasattr(self.module, "read")

    @property
    def can_write(self) -> bool:
        return hasattr(self.module, "write")


#: name, module, extensions, description. Order matters for content sniffing.
_FORMATS: tuple[FormatInfo, ...] = (
    FormatInfo("mapkit", "mapkit.formats.native", (".mapkit.json",), "mapkit native JSON"),
    FormatInfo("hsc", "mapkit.formats.hsc", (".hsc",), "VirtualScape map"),
    FormatInfo("vsc", "mapkit.sets.vsc", (".vsc",), "VirtualScape collection (piece inventory)"),
    FormatInfo("hexoscape", "mapkit.formats.hexoscape", (".json", ".json.gz", ".gz"), "Hexoscape JSON map"),
    FormatInfo("hexoscape-url", "mapkit.formats.hexoscape.url", (".url",), "Hexoscape share link (?m= JSONCrush)"),
    FormatInfo("glasq", "mapkit.formats.glasq", (".html", ".xhtml", ".htm"), "battlefield XHTML+SVG page"),
)


def formats() -> tuple[FormatInfo, ...]:
    return _FORMATS


def get(name: str) -> FormatInfo:
    for info in _FORMATS:
        if info.name == name:
            return info
    known = ", ".join(f.name for f in _FORMATS)
    raise OptionError(f"unknown format {name!r} (known: {known})")


def _by_extension(path: str | Path) -> list[FormatInfo]:
    lower = str(path).lower()
    matches = [(len(ext), info) for info in _FORMATS for ext in info.extensions if lower.endswith(ext)]
    matches.sort(key=lambda pair: -pair[0])
    return [info for _, info in matches]


def detect(path: str | Path, head: bytes | None = None) -> FormatInfo:
    """The format of a file: by content when it is recognisable, else by extension.

    Formats the extension names are sniffed first (`.json` is Hexoscape or mapkit), then the
    rest, so a map saved under the wrong extension still reads.
    """
    candidates = _by_extension(path)
    if head is not None:
        for info in candidates + [f for f in _FORMATS if f not in candidates]:
            module = info.module
            sniff = getattr(module, "sniff", None)
            if sniff is not None and hasattr(module, "read") and sniff(head):
                return info
    if candidates:
        return candidates[0]
    raise FormatError("cannot tell the format from the name or the content; use --from/--to", file=str(path))


def format_for_output(path: str | Path, name: str | None = None) -> FormatInfo:
    """The format to write: the one named, else the one the output name implies."""
    if name:
        info = get(name)
    else:
        candidates = _by_extension(path)
        if not candidates:
            raise OptionError(f"{path}: cannot tell the output format from the name; use --to")
        info = candidates[0]
    if str(path).lower().endswith(".gz") and info.name not in GZIP_FORMATS:
        raise OptionError(f"{path}: a .gz name promises gzip, and only {', '.join(GZIP_FORMATS)} maps are "
                         f"read back gzipped; choose another name")
    return info


def read_map(path: str | Path, fmt: str | None = None) -> Map:
    """Read a map file in any known format ("-" is standard input). Raises FormatError naming the file.

    Texts come as the file has them; `printable_text` makes them encodable for a picture."""
    path = os.fspath(path)
    data = read_input(path)  # bounded by the input size limit, remembered so no output replaces it
    info = get(fmt) if fmt else detect(path, data[:4096])
    if not info.can_read:
        hint = " (a piece collection: see `mapkit inventory`)" if info.name == "vsc" else ""
        raise OptionError(f"{path}: mapkit cannot read the {info.name} format as a map{hint}")
    try:
        result = info.module.read(data, filename=str(path))
    except FormatError as exc:
        raise exc.with_file(str(path)) from None
    result.source_format = result.source_format or info.name
    limits.check_map(result, str(path))
    return result


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

    for name in ("name", "author", "players", "scenario", "attrs", "warnings"):
        setattr(m, name, clean(getattr(m, name)))
    for piece in m.pieces:
        if piece.attrs:
            piece.attrs = clean(piece.attrs)
    return m


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def report_warnings(m: Map, path: str | Path) -> None:
    """Tell the user, on stderr, what a reader recovered from or ignored."""
    for warning in m.warnings:
        print(f"mapkit: {path}: warning: {warning}", file=sys.stderr)


def encode_map(m: Map, info: FormatInfo, allow_loss: bool = False) -> tuple[bytes, list[str]]:
    """Encode a map; refuse (LossError) if the format would drop something, unless allowed.

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
    if losses and not allow_loss:
        raise LossError(info.name, losses)
    return module.write(m), losses


def scenario_losses(m: Map, info: FormatInfo) -> list[str]:
    """The loss of writing a map of several scenarios to a format that holds one (else nothing)."""
    if getattr(info.module, "HOLDS_SCENARIOS", False) or not m.several_scenarios():
        return []
    own = m.scenario_pieces()
    named = ", ".join(m.scenario_setup(n).title for n in m.scenarios())
    count = sum(len(pieces) for pieces in own.values())
    return [f"scenarios: the map sets up {len(m.scenarios())} ({named}) and {info.name} holds one; only the "
            f"shared terrain is written, without the scenarios' own {count} pieces (start zones, glyphs, "
            f"figures ...): choose one with --scenario K"]


def write_map(m: Map, path: str | Path, fmt: str | None = None, allow_loss: bool = False) -> list[str]:
    """Write a map atomically (no partial file on failure), or to standard output if `path`
    is "-", never over a file this run has read (`mapkit.io`); returns the losses accepted."""
    info = format_for_output(path, fmt)
    try:
        data, losses = encode_map(m, info, allow_loss)
    except FormatError as exc:  # a writer that cannot encode this map: name the output
        raise exc.with_file(str(path)) from None
    if str(path).lower().endswith(".gz") and not data.startswith(b"\x1f\x8b"):
        import gzip  # a .gz name promises gzip (Hexoscape's .gz maps); fixed mtime keeps it deterministic

        data = gzip.compress(data, mtime=0)
    write_output(path, data)  # atomic for files; never over an input, a link's target or a device
    return losses
