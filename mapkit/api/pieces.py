"""What a map needs and how to build it from what one owns: the inventory and the re-tiling (`fit`).

    mapkit.inventory(m)["sets"]
    mapkit.fit(m, {"grass-3": 1, "grass-1": 3})"""

from __future__ import annotations

import os

from mapkit.api.files import read_collection
from mapkit.errors import OptionError

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any, Mapping, Sequence

    from mapkit.api.files import PathLike
    from mapkit.fitting.plan import FitResult
    from mapkit.model.map import Map


def inventory(m: Map, collection: Mapping[str, int] | PathLike | None = None, sets: Sequence[str] | None = None,
              community: bool = False) -> dict[str, Any]:
    """The report `mapkit inventory --json` prints: pieces needed, the fewest official sets that
    build the map, and (given a collection, or its file) what the collection lacks."""
    from mapkit.sets.inventory_report import inventory_report

    if isinstance(collection, (str, os.PathLike)):
        collection = read_collection(collection)
    return inventory_report(m, dict(collection) if collection is not None else None,
                            list(sets) if sets else None, community)


def fit(m: Map, collection: Mapping[str, int] | PathLike, keep_shapes: bool = False, format: str | None = None
        ) -> FitResult:
    """`mapkit fit`: the map re-tiled so that the collection (type id -> count, or its .vsc or
    inventory file) builds it, with the same hexes, terrain and Levels. When `feasible`,
    `.map` is the new map (`already_fits`: nothing to change) and `.changes` what was re-cut;
    otherwise `.short_hexes` by terrain and `.purchase`, the smallest purchase that closes the
    gap. `keep_shapes` re-cuts only the pieces the collection is short of; `format` is the
    format the new map will be written in (a VirtualScape map gets only pieces VirtualScape
    has). `render(result, "fit.png")` draws it; `mapkit.fitting.fit_report.summary` is `--json`'s document."""
    from mapkit.fitting import fit_checked

    have = read_collection(collection) if isinstance(collection, (str, os.PathLike)) else dict(collection)
    check_collection(have)
    carries = None
    if format == "hsc":  # VirtualScape holds only pieces with a VirtualScape id: lay no other
        from mapkit.model.catalog import catalog

        carries = {t.id for t in catalog().types.values() if t.vs is not None}
    result, _ = fit_checked(m, have, keep_shapes, carries)
    return result


def retile(m: Map, collection: Mapping[str, int] | PathLike, keep_shapes: bool = False, format: str | None = None
           ) -> FitResult:
    """Deprecated: the old name of `fit`, the command's word (docs/architecture.md, glossary)."""
    import warnings

    warnings.warn("mapkit.retile is now mapkit.fit", DeprecationWarning, stacklevel=2)
    return fit(m, collection, keep_shapes, format)


def check_collection(have: Mapping[str, int]) -> None:
    """OptionError for a collection that holds no pieces: nothing can be re-tiled from it."""
    if not any(n > 0 for n in have.values()):
        raise OptionError("the collection holds no pieces; it cannot cover anything")


def inventory_text(report: dict[str, Any]) -> str:
    """What `mapkit inventory` prints of an `inventory` report."""
    from mapkit.sets.inventory_report import render_text

    return render_text(report)


def fit_summary(m: Map, result: FitResult, output: PathLike | None = None) -> dict[str, Any]:
    """The document `mapkit fit --json` prints of a `fit` of `m`: piece by piece what was
    re-cut, or what is short and the purchase; `output` names where the new map was written."""
    from mapkit.fitting.fit_report import summary

    return summary(m, result, os.fspath(output) if output is not None else None, result.new_findings)


def fit_text(summary: dict[str, Any], map_name: str) -> str:
    """What `mapkit fit` prints of a `fit_summary`."""
    from mapkit.fitting.fit_report import render_text

    return render_text(summary, map_name)
