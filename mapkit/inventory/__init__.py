"""Inventories: what a map needs, which official sets build it (exact minimum), what a collection lacks."""

from mapkit.inventory.requirements import requirements, terrain_requirements
from mapkit.inventory.sets import TerrainSet, load_sets
from mapkit.inventory.cover import Cover, CoverTooLarge, minimum_cover
from mapkit.inventory.collection import missing

__all__ = ["requirements", "terrain_requirements", "TerrainSet", "load_sets", "Cover", "CoverTooLarge", "minimum_cover", "missing"]
