"""What a map needs and how to build it from what one owns: the inventory and the re-tiling (`fit`).

    mapkit.inventory(m).doc["sets"]
    mapkit.fit(m, {"grass-3": 1, "grass-1": 3})"""

from __future__ import annotations

import os

from mapkit.api.files import map_of, read_collection
from mapkit.errors import OptionError
from mapkit.records import Record
from mapkit.results import Document, deprecated

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any, Mapping, Sequence

    from mapkit.api.files import PathLike, Source
    from mapkit.fitting.plan import FitResult
    from mapkit.model.map import Map

#: This topic's verbs and the answers they give, on `mapkit`'s face (and `mapkit.api`'s).
__all__ = ["inventory", "Inventory", "fit"]
FACE = tuple(__all__)
#: The parts the commands are built from, on `mapkit.api`'s face only.
__all__ += ["check_collection"]
#: Old names that still answer, each with a DeprecationWarning.
OLD_NAMES = ("retile", "inventory_text", "fit_summary", "fit_text")


class Inventory(Record, Document):
    """What a map needs (`inventory`): `doc`, the report `mapkit inventory --json` prints (pieces
    needed, the fewest official sets that build the map, what a collection lacks); `.text()` is
    what `mapkit inventory` prints."""

    VERB = "inventory"
    doc: dict[str, Any]

    @property
    def short(self) -> bool:
        """Whether the collection given lacks a piece the map needs (`mapkit inventory` exits 1)."""
        return bool(self.doc.get("missing"))

    def text(self) -> str:
        from mapkit.sets.inventory_report import render_text

        return render_text(self.doc)


def inventory(subject: Map | PathLike | bytes, collection: Mapping[str, int] | PathLike | None = None,
              sets: Sequence[str] | None = None, community: bool = False, format: str | None = None) -> Inventory:
    """What a map needs (`mapkit inventory`): a map, or the map in a file or bytes (`format` as
    for `read`). The pieces it needs (for a page of several scenarios, the most any one needs),
    the fewest official sets that build it (of those `sets` names, by id, if given; `community`
    adds the community-made sets), and, given a `collection` (type id -> count, or a .vsc or
    inventory file, or a list of sets such as "2xRotV,RttFF"), what the collection lacks.

    Returns an `Inventory` (`.doc`, `.short`, `.text()`, `.json()`, `.save(path)`).

    Raises OptionError for a set id mapkit does not know, FormatError for a collection file that cannot
    be read, and as `read` does for a map's file."""
    from mapkit.sets.inventory_report import inventory_report

    m = map_of(subject, format)
    if isinstance(collection, (str, os.PathLike)):
        collection = read_collection(collection)
    return Inventory(inventory_report(m, dict(collection) if collection is not None else None,
                                      list(sets) if sets else None, community))


def fit(subject: Map | PathLike | bytes, collection: Mapping[str, int] | PathLike, keep_shapes: bool = False,
        format: str | None = None) -> FitResult:
    """`mapkit fit`: a map (or the map in a file or bytes) re-tiled so that the collection (type
    id -> count, or its .vsc or inventory file) builds it, with the same hexes, terrain and
    Levels. When `feasible`, `.map` is the new map (`already_fits`: nothing to change) and
    `.changes` what was re-cut; otherwise `.short_hexes` by terrain and `.purchase`, the smallest
    purchase that closes the gap. `keep_shapes` re-cuts only the pieces the collection is short
    of; `format` (a name of `file_formats("map")`) is the format the new map will be written in
    (a VirtualScape map gets only pieces VirtualScape has). Nothing is written:
    `mapkit.write(result.map, path)` writes the new map, `render(result, "fit.png")` draws it.

    Returns a `FitResult` (`.text()`, `.json()`, `.save(path)`: what `mapkit fit` prints).

    Raises OptionError for a collection that holds no pieces or a `format` mapkit has not, FormatError
    for a file that cannot be read."""
    from mapkit.errors import input_name
    from mapkit.fitting import fit_checked
    from mapkit.registry import get

    if format is not None:
        get(format, "map")
    m = map_of(subject)  # (its content says its format: `format` is the new map's)
    have = read_collection(collection) if isinstance(collection, (str, os.PathLike)) else dict(collection)
    check_collection(have)
    carries = None
    if format == "hsc":  # VirtualScape holds only pieces with a VirtualScape id: lay no other
        from mapkit.model.catalog import catalog

        carries = {t.id for t in catalog().types.values() if t.vs is not None}
    result, _ = fit_checked(m, have, keep_shapes, carries)
    if isinstance(subject, (str, os.PathLike)):
        result.source = input_name(subject)
    return result


def retile(m: Map, collection: Mapping[str, int] | PathLike, keep_shapes: bool = False, format: str | None = None
           ) -> FitResult:
    """Deprecated: the old name of `fit`, the command's word (docs/architecture.md, glossary)."""
    deprecated("mapkit.retile", "mapkit.fit")
    return fit(m, collection, keep_shapes, format)


def check_collection(have: Mapping[str, int]) -> None:
    """OptionError for a collection that holds no pieces: nothing can be re-tiled from it."""
    if not any(n > 0 for n in have.values()):
        raise OptionError("the collection holds no pieces; it cannot cover anything")


def inventory_text(report: Inventory | dict[str, Any]) -> str:
    """Deprecated: `inventory(m).text()`."""
    deprecated("mapkit.api.inventory_text(report)", "mapkit.inventory(m).text()")
    return (report if isinstance(report, Inventory) else Inventory(dict(report))).text()


def fit_summary(m: Map, result: FitResult, output: PathLike | None = None) -> dict[str, Any]:
    """Deprecated: `fit(m, collection).doc` (the document `mapkit fit --json` prints)."""
    from mapkit.records import replace

    deprecated("mapkit.api.fit_summary(m, result)", "mapkit.fit(m, collection).doc")
    return replace(result, before=m, output=os.fspath(output) if output is not None else None).doc


def fit_text(summary: dict[str, Any], map_name: str) -> str:
    """Deprecated: `fit(m, collection).text()`."""
    from mapkit.fitting.fit_report import render_text

    deprecated("mapkit.api.fit_text(summary, name)", "mapkit.fit(m, collection).text()")
    return render_text(summary, map_name)
