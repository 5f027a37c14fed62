"""mapkit's front door: one function per thing a designer asks, in small modules by topic.

    m = mapkit.read("samples/maps/twin-rivers.hsc")
    mapkit.validate(m, profile="tournament").summary
    mapkit.render(m, "twin-rivers.svg")

- `files`: read, write, convert many, a file's format, `info` (`mapkit info`, `mapkit convert`);
- `check`: validate, the rules a check runs, many files, the rule pages (`validate`, `rules`);
- `pieces`: what a map needs and re-tiling for a collection (`inventory`, `fit`);
- `analysis`: movement and balance (`analyze`);
- `draw`: pictures, sheets, pages and overlays (`render`, `print`, `report`, `overlay`).

`mapkit/__init__.py` re-exports the verbs; this face gives them all, and the words the commands
print of their answers (`info_text`, ...), by name. They raise `MapkitError` subclasses only,
worded in the library's own terms (parameters, never command-line flags): `FormatError` for a
file that cannot be read, `OptionError` for a value they cannot use, `LossError` for a
conversion that would drop something. Each module loads on first use, so `import mapkit` is quick.
The commands' jobs (a whole command from a path, its exit status and its words about flags)
are `mapkit.cli.jobs`.
"""

from __future__ import annotations

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any

    from mapkit.api.analysis import MAX_MOVE, analysis_text, analyze, check_figure, start_space
    from mapkit.api.check import (FileValidation, Validation, check_options, computed_rule_page, list_rules,
                                  parse_setting, rule_page, rule_parameters, rule_table, validate, validate_files)
    from mapkit.api.draw import (ReportPage, Sheets, output_kinds, overlay, print_sheets, render, report,
                                 report_page)
    from mapkit.api.files import (Conversion, books_in, convert_files, detect, file_formats, info, info_text,
                                  map_stem, pick, pieces_said, read, read_book, read_books, read_collection,
                                  read_document, reader_warnings, write, write_format)
    from mapkit.api.pieces import check_collection, fit, fit_summary, fit_text, inventory, inventory_text, retile

#: Each name of the front door and the module by topic that holds it.
HOMES = {
    "files": ("read", "write", "info", "read_book", "read_collection", "detect", "file_formats", "convert_files",
              "Conversion", "read_books", "write_format", "info_text", "pick", "reader_warnings", "pieces_said",
              "map_stem", "read_document", "books_in"),
    "check": ("validate", "Validation", "check_options", "list_rules", "validate_files", "FileValidation",
              "parse_setting", "rule_parameters", "rule_table", "rule_page", "computed_rule_page"),
    "pieces": ("inventory", "fit", "inventory_text", "fit_summary", "fit_text", "check_collection"),
    "analysis": ("analyze", "analysis_text", "check_figure", "MAX_MOVE", "start_space"),
    "draw": ("render", "report", "overlay", "output_kinds", "print_sheets", "Sheets", "report_page", "ReportPage"),
}
#: Old names kept working (each warns, DeprecationWarning) but not listed in `__all__`: name -> module.
DEPRECATED = {"retile": "pieces"}
_HOME = {name: f"mapkit.api.{module}" for module, names in [*HOMES.items(), *((m, (n,)) for n, m in DEPRECATED.items())]
         for name in names}

__all__ = [name for names in HOMES.values() for name in names]


def __getattr__(name: str) -> Any:
    import importlib

    if name in _HOME:
        value = getattr(importlib.import_module(_HOME[name]), name)
        globals()[name] = value
        return value
    if name in HOMES:  # `mapkit.api.files`, as a submodule
        return importlib.import_module(f"mapkit.api.{name}")
    raise AttributeError(f"module 'mapkit.api' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__) | set(HOMES))
