"""Re-tile a map so that it builds from a collection (`mapkit fit`): same cells, terrain and levels."""

from mapkit.fitting.plan import Change, FitResult, fit_checked, fit_map

__all__ = ["Change", "FitResult", "fit_checked", "fit_map"]
