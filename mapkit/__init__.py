"""mapkit: read, convert, check and draw Heroscape battlefields, C3G buildings included.

    import mapkit
    m = mapkit.read("samples/maps/twin-rivers.hsc")     # any format, told by content
    print(mapkit.validate(m).summary)                     # the rules of a profile
    mapkit.render(m, "twin-rivers.png", view="iso")       # pictures, sheets, reports

The verbs live in `mapkit.api`, one module by topic (see `docs/api.md`); the model and error
types are here too.
Everything loads on first use, so `import mapkit` costs almost nothing.
"""

from __future__ import annotations

from mapkit.errors import FormatError, LossError, MapkitError, OptionError

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any
    from mapkit.api.analysis import analyze
    from mapkit.api.check import (FileValidation, Validation, check_options, list_rules, parse_setting, validate,
                                  validate_files)
    from mapkit.api.draw import ReportPage, Sheets, output_kinds, overlay, print_sheets, render, report, report_page
    from mapkit.api.files import (Conversion, convert_files, detect, file_formats, info, read, read_book, read_books,
                                  read_collection, write, write_format)
    from mapkit.api.pieces import fit, inventory, retile
    from mapkit.books.model import Book
    from mapkit.geometry.params import OverlayParams
    from mapkit.model.map import Map, Piece, Placement
    from mapkit.registry import FileFormat
    from mapkit.rules.framework import Finding

__version__ = "0.1.0"

#: The verbs (`mapkit.api`, each loaded from its module by topic) and the types, loaded on first
#: use: name -> module.
_VERBS = ("read", "write", "info", "validate", "Validation", "check_options", "list_rules", "inventory", "analyze",
          "fit", "render", "report", "overlay", "read_book", "read_collection", "detect", "file_formats",
          "output_kinds", "validate_files", "FileValidation", "convert_files", "Conversion", "read_books",
          "print_sheets", "Sheets", "report_page", "ReportPage", "write_format", "parse_setting")
_LAZY = {**{name: f"mapkit.api.{module}" for module, names in {
             "files": ("read", "write", "info", "read_book", "read_collection", "detect", "file_formats",
                       "convert_files", "Conversion", "read_books", "write_format"),
             "check": ("validate", "Validation", "check_options", "list_rules", "validate_files", "FileValidation",
                       "parse_setting"),
             "pieces": ("inventory", "fit", "retile"), "analysis": ("analyze",),  # (retile: fit's old name)
             "draw": ("render", "report", "overlay", "output_kinds", "print_sheets", "Sheets", "report_page",
                      "ReportPage")}.items() for name in names},
         "Map": "mapkit.model.map", "Piece": "mapkit.model.map", "Placement": "mapkit.model.map",
         "Book": "mapkit.books.model", "Finding": "mapkit.rules.framework", "OverlayParams": "mapkit.geometry.params",
         "FileFormat": "mapkit.registry"}

__all__ = [*_VERBS, "Map", "Piece", "Placement", "Book", "Finding", "OverlayParams", "FileFormat",
           "MapkitError", "FormatError", "LossError", "OptionError", "__version__"]


def __getattr__(name: str) -> Any:
    import importlib

    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    if name == "api":  # `import mapkit` then `mapkit.api.info_text(...)`, as when it loaded eagerly
        return importlib.import_module("mapkit.api")
    raise AttributeError(f"module 'mapkit' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__) | {"api"})
