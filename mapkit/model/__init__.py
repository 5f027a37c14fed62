"""The in-memory model every format reads into and writes from."""

from mapkit.model.map import Map, Piece, Cell, Scenario  # noqa: F401
