"""`mapkit printing`: the whole job from a path."""

from __future__ import annotations

import os

from mapkit import api
from mapkit.cli.jobs.job import Result, Told, check_output, overlay_params, read_job
from mapkit.errors import OptionError

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Any

    from mapkit.cli.jobs.job import PathLike, Warn


def print_file(path: PathLike | None, output: PathLike, markers: bool = False, plan: bool = False,
               paper: str = "letter", levels_per_page: int = 1, hex_names: bool = False, cover: bool = False,
               overlap: float = 12.0, params: Any = None, format: str | None = None, scenario: int | None = None,
               warn: Warn | None = None, room: int | None = None) -> Result:
    """`mapkit print`: the `print_sheets` of a file (`.value`, a `Drawing`) written atomically to
    `output`: a map's build instructions; a Book's floor plan, or with `plan` those of the Books a
    map places; with `markers` their markers sheet (without `path`, the general one). `params`
    as for `overlay_file`; `.note` says what was written, in how many pages and seconds."""
    import time

    from mapkit import Map

    check_output(output, "build-pdf", inputs=(path,) if path else ())
    if levels_per_page < 1:
        raise OptionError("--levels-per-page must be 1 or more")
    started = time.perf_counter()
    tell = Told(warn)
    # a Book, or a map (texts printable, as sheets print them), read once
    document = api.read_document(path, format, printable=True) if path else None
    is_map = isinstance(document, Map)
    if markers:
        books = api.books_in(document, path) if document is not None else []
        sheets = api.print_sheets(books, markers=True, paper=paper, params=overlay_params(params) if path else None)
    elif plan or (document is not None and not is_map):
        if document is None:
            raise OptionError("print --plan: give a Book or a map with buildings")
        books = api.books_in(document, path)
        sheets = api.print_sheets(books, paper=paper, overlap=overlap, params=overlay_params(params), map_file=path)
    else:
        if path is None or not isinstance(document, Map):
            raise OptionError("print: give a map (or --markers for a general markers sheet)")
        m = read_job(path, format, scenario, tell, room=room, read_from=(document, started))
        sheets = api.print_sheets(m, paper=paper, levels_per_page=levels_per_page, hex_names=hex_names,
                                  cover=cover, map_file=path)
        for warning in sheets.warnings:
            tell(warning)
    sheets.save(output)
    note = f"{os.fspath(output)}: {sheets.what}, {sheets.pages} page(s), {paper}, {time.perf_counter() - started:.2f} s"
    return Result(sheets, warnings=tell, note=note)
