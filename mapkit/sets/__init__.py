"""Inventories: what a map needs, which official sets build it (exact minimum), what a collection lacks.

The set table, the cover and the collections load on first use: `mapkit info` counts a map's
pieces with `requirements` (as `inventory` does) without the set cover and its solver.
"""

from __future__ import annotations

# (imported here, not lazily: the submodule `requirements` would otherwise shadow its function)
from mapkit.sets.requirements import requirements, terrain_requirements

TYPE_CHECKING = False  # (typing is not imported at run time: `mapkit info` starts faster)
if TYPE_CHECKING:
    from typing import Any

    from mapkit.sets.collection import missing
    from mapkit.sets.cover import Cover, CoverTooLarge, minimum_cover
    from mapkit.sets.sets import TerrainSet, load_sets

_LAZY = {"TerrainSet": "sets",
         "load_sets": "sets", "Cover": "cover", "CoverTooLarge": "cover", "minimum_cover": "cover",
         "missing": "collection"}

__all__ = ["requirements", "terrain_requirements", "TerrainSet", "load_sets", "Cover", "CoverTooLarge", "minimum_cover", "missing"]


def __getattr__(name: str) -> Any:
    import importlib

    if name in _LAZY:
        value = getattr(importlib.import_module(f"mapkit.sets.{_LAZY[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'mapkit.sets' has no attribute {name!r}")
