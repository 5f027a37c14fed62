"""`check_book_file(path)`: the findings `mapkit validate BOOK.book.json` prints for one Book.

A file that cannot be read or is not JSON raises FormatError (`validate` exits 2, as for a
map). Schema and shape errors come first (code C001, the JSON path in the message); a Book that
passes them is placed alone at hex (0, 0), level 0, and the Book-level C3G rules run on it, so
their locations are the Book's own local hexes and floor levels.
"""

from __future__ import annotations

from pathlib import Path

from mapkit.books.load import read_book_json
from mapkit.books.model import book_from_dict
from mapkit.books.schema import book_errors
from mapkit.geometry.params import OverlayParams
from mapkit.model.map import Map, Placement
from mapkit.rules.framework import RULES, CheckContext, Finding

BOOK_RULES = ("C101", "C102", "C103", "C104", "C105", "C106", "C107", "C108")


def check_book_file(path: str | Path, params: OverlayParams | None = None) -> list[Finding]:
    """Every problem with one Book file (an empty list for a good Book).

    A file that cannot be read or is not JSON raises FormatError, as a map's would."""
    import mapkit.rules.c3g  # noqa: F401  (registers the rules)

    shown = str(path)
    doc = read_book_json(path)  # FormatError: the file cannot be read or is not JSON (validate exits 2)
    errors = book_errors(doc)
    if errors:
        return [Finding("C001", "error", f"{where}: {message}", file=shown) for where, message in errors]
    book = book_from_dict(doc, shown)
    m = Map(name=book.name, buildings=[Placement(book=shown, q=0, r=0, level=0)])
    ctx = CheckContext(m, shown, {"c3g_book_only": True, "books": {shown: book},
                                  "overlay_params": params or OverlayParams()})
    findings: list[Finding] = []
    for code in BOOK_RULES:
        findings.extend(RULES[code].check(ctx))
    return findings
