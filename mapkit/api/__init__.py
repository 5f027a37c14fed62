"""mapkit's front door: one function per thing a designer asks, in small modules by topic.

    m = mapkit.read("samples/maps/twin-rivers.hsc")
    mapkit.validate(m, profile="tournament").summary
    mapkit.render(m, "twin-rivers.svg")

- `files`: read, write, convert many, a file's format, `info` (`mapkit info`, `mapkit convert`);
- `check`: validate, the rules a check runs, many files, the rule pages (`validate`, `rules`);
- `pieces`: what a map needs and re-tiling for a collection (`inventory`, `fit`);
- `analysis`: movement and balance (`analyze`);
- `draw`: pictures, sheets, pages and overlays (`render`, `print`, `report`, `overlay`);
- `site`: an offline site of a folder of maps (`gallery`), built from the verbs above.

Each topic module lists its names once, in its `__all__`: its verbs and the answers they give
(`FACE`, re-exported by `mapkit/__init__.py`), then the parts the commands are built from (given
here only), and in `OLD_NAMES` the old names that still answer with a DeprecationWarning. This
face finds a name there, loading the modules on first use, so `import mapkit` is quick. Every
verb takes a map or a Book as a document or as its file, answers with a value that says itself
(`.text()`, `.json()`, `.save(path)`: `mapkit.results`), writes no file it was not given, and
raises `MapkitError` subclasses only, worded in the library's own terms (parameters, never
command-line flags): `FormatError` for a file that cannot be read, `OptionError` for a value
it cannot use, `LossError` for a conversion that would drop something. The commands' jobs (a
whole command from a path, its exit status and its words about flags) are `mapkit.cli.jobs`.
"""

from __future__ import annotations

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:  # (what the names are, for a type checker: each module's `__all__`)
    from typing import Any

    from mapkit.api.analysis import *  # noqa: F401,F403
    from mapkit.api.check import *  # noqa: F401,F403
    from mapkit.api.draw import *  # noqa: F401,F403
    from mapkit.api.files import *  # noqa: F401,F403
    from mapkit.api.pieces import *  # noqa: F401,F403
    from mapkit.api.site import *  # noqa: F401,F403

#: The modules by topic, in the order a name is looked for in them.
TOPICS = ("files", "check", "pieces", "analysis", "draw", "site")


def find(name: str, face: str = "__all__") -> tuple[Any, bool]:
    """The value of `name` in the topic module that lists it in `face` ("__all__": the names of
    this face; "FACE": those of `mapkit`'s) or among its `OLD_NAMES` (each warns as it is used),
    and whether it is an old name; AttributeError for a name none lists."""
    import importlib

    for topic in TOPICS:
        module = importlib.import_module(f"mapkit.api.{topic}")
        if name in getattr(module, face):
            return getattr(module, name), False
        if name in module.OLD_NAMES:
            return getattr(module, name), True
    raise AttributeError(name)


def names(face: str = "__all__") -> list[str]:
    """Every name the topic modules list in `face`, in topic order."""
    import importlib

    return [name for topic in TOPICS for name in getattr(importlib.import_module(f"mapkit.api.{topic}"), face)]


def __getattr__(name: str) -> Any:
    import importlib

    if name in TOPICS:  # `mapkit.api.files`, as a submodule
        return importlib.import_module(f"mapkit.api.{name}")
    if name == "__all__":
        return names()
    try:
        value, old = find(name)
    except AttributeError:
        raise AttributeError(f"module 'mapkit.api' has no attribute {name!r}") from None
    if not old:  # (an old name is looked up each time, so that it warns each time)
        globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(names()) | set(TOPICS))
