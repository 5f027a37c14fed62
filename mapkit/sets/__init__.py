"""Inventories: what a map needs, which official sets build it (exact minimum), what a collection lacks."""

from mapkit.sets.requirements import requirements, terrain_requirements
from mapkit.sets.sets import TerrainSet, load_sets
from mapkit.sets.cover import Cover, CoverTooLarge, minimum_cover
from mapkit.sets.collection import missing

__all__ = ["requirements", "terrain_requirements", "TerrainSet", "load_sets", "Cover", "CoverTooLarge", "minimum_cover", "missing"]
