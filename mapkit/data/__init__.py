"""mapkit's data files (catalog, rules, styles, sets), read by name.

`text(name)` reads a file of this folder: straight from the file next to this module when the
package is installed as files (as pip installs it), which needs no import; only a package
inside a zip archive falls back to `importlib.resources`, whose import loads tempfile, zipfile
and more (about 10 ms, a tenth of what `mapkit info` needs for a 10 000-tile map).
"""

from __future__ import annotations

import os


def text(*parts: str) -> str:
    """The UTF-8 text of a data file, e.g. `text("catalog.json")`, `text("rules", "physical.json")`."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), *parts)
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except FileNotFoundError:
        if os.path.isdir(os.path.dirname(path)):
            raise
    from importlib import resources

    return resources.files(__name__).joinpath(*parts).read_text(encoding="utf-8")
