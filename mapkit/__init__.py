"""mapkit: read, convert, check and draw Heroscape battlefields, C3G buildings included.

    import mapkit
    m = mapkit.read("samples/maps/twin-rivers.hsc")       # any format, told by content
    result = mapkit.validate(m, profile="tournament")       # the rules of a profile
    print(result.text())                                    # what `mapkit validate` prints
    mapkit.render(m, "twin-rivers.png", view="iso")         # pictures, sheets, reports

The verbs live in `mapkit.api`, one module by topic (see `docs/api.md`), each listing its names
once; the model and error types are here too. Everything loads on first use, so `import mapkit`
costs almost nothing.
"""

from __future__ import annotations

# (`X as X`: a name re-exported, for a program type-checked with `mypy --strict` too)
from mapkit.errors import FormatError as FormatError, LossError as LossError, MapkitError as MapkitError
from mapkit.errors import OptionError as OptionError

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:  # (what the names are, for a type checker)
    from typing import Any

    from mapkit.api.analysis import *  # noqa: F401,F403
    from mapkit.api.check import *  # noqa: F401,F403
    from mapkit.api.draw import *  # noqa: F401,F403
    from mapkit.api.files import *  # noqa: F401,F403
    from mapkit.api.pieces import *  # noqa: F401,F403
    from mapkit.api.site import *  # noqa: F401,F403
    from mapkit.books.model import Book as Book
    from mapkit.books.overlay_result import OverlayResult as OverlayResult
    from mapkit.fitting.plan import FitResult as FitResult
    from mapkit.geometry.params import OverlayParams as OverlayParams
    from mapkit.model.map import Map as Map, Piece as Piece, Placement as Placement
    from mapkit.registry import FileFormat as FileFormat
    from mapkit.rules.framework import Finding as Finding

__version__ = "0.1.0"

#: The model's types, and the answers of `fit` and `overlay` (made below the front door), loaded
#: on first use: name -> module.
TYPES = {"Map": "mapkit.model.map", "Piece": "mapkit.model.map", "Placement": "mapkit.model.map",
         "Book": "mapkit.books.model", "Finding": "mapkit.rules.framework", "OverlayParams": "mapkit.geometry.params",
         "FileFormat": "mapkit.registry", "FitResult": "mapkit.fitting.plan",
         "OverlayResult": "mapkit.books.overlay_result"}
ERRORS = ("MapkitError", "FormatError", "LossError", "OptionError")


def __getattr__(name: str) -> Any:
    import importlib

    if name in TYPES:
        value = getattr(importlib.import_module(TYPES[name]), name)
    elif name == "api":  # `import mapkit` then `mapkit.api.pick(...)`, as when it loaded eagerly
        return importlib.import_module("mapkit.api")
    elif name == "__all__":  # the verbs and their answers (each topic module's `FACE`), the types, the errors
        return [*importlib.import_module("mapkit.api").names("FACE"), *TYPES, *ERRORS, "__version__"]
    elif _is_submodule(name):  # `from mapkit import io` asks first, before it imports mapkit/io.py
        raise AttributeError(f"module 'mapkit' has no attribute {name!r}")
    else:
        try:
            value, old = importlib.import_module("mapkit.api").find(name, "FACE")
        except AttributeError:
            raise AttributeError(f"module 'mapkit' has no attribute {name!r}") from None
        if old:  # (looked up each time, so that it warns each time)
            return value
    globals()[name] = value
    return value


def _is_submodule(name: str) -> bool:
    """Whether `name` is a module or package of mapkit's (not a name of its face)."""
    import os

    here = os.path.dirname(__file__)
    return os.path.isfile(os.path.join(here, f"{name}.py")) or os.path.isdir(os.path.join(here, name))


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__getattr__("__all__")) | {"api"})
