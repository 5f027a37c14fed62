"""A format's name and extensions are written once, in its registry row (`mapkit.registry`).

Its modules read them from there (`registry.declared(__name__)`): a module that spells its own
format's name or one of its extensions as a string again would let the two drift (a renamed row
whose files still say the old name, an extension the registry no longer lists). Docstrings may
name them; code may not.
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

from mapkit import registry
from mapkit.registry import FileFormat


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings (of the module, a class or a function)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def spelled(source: str, row: FileFormat) -> list[str]:
    """Where `source` spells `row`'s name or one of its extensions in a string of its code: a
    string (or an f-string's part) that is the name or an extension, or holds the name in quotes
    (a JSON key's value). A data file's name ending in a shared extension (".json") is no hit."""
    tree = ast.parse(source)
    docstrings = _docstrings(tree)
    quoted = f'"{row.name}"'
    hits = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or id(node) in docstrings:
            continue
        value = node.value
        if isinstance(value, bytes):
            value = value.decode("latin-1")
        if not isinstance(value, str):
            continue
        if value == row.name or quoted in value or value in row.extensions:
            hits.append(f"line {node.lineno}: {node.value!r}")
    return sorted(hits, key=lambda hit: int(hit.split()[1].rstrip(":")))


def module_files(row: FileFormat) -> list[Path]:
    """The source files of a format: its module, or every module of its package."""
    spec = importlib.util.find_spec(row.module_name)
    assert spec is not None and spec.origin, row.module_name
    origin = Path(spec.origin)
    return sorted(origin.parent.rglob("*.py")) if origin.name == "__init__.py" else [origin]


@pytest.mark.parametrize("row", registry.BUILT_IN, ids=lambda row: row.name)
def test_a_format_module_takes_its_name_and_extensions_from_its_row(row):
    hits = [f"{path.name} {hit}" for path in module_files(row) for hit in spelled(path.read_text("utf-8"), row)]
    assert not hits, f"{row.name}: spelled outside its registry row ({', '.join(row.extensions)}): {hits}"


def test_the_check_finds_a_planted_name_and_extension():
    # The ways the format modules spelled them before: constants, an extras key, a regex for the
    # file's own "format" key, an extension in a file name. A docstring naming them is left alone.
    planted = '''
"""The hsc format (.hsc files)."""
NAME = "hsc"
EXTENSIONS = (".hsc",)
KEY = re.compile(rb'"format"\\s*:\\s*"hsc"')

def f(piece, name):
    """Keeps extras["hsc"]."""
    piece.extras.setdefault("hsc", {})
    return f"{name}.hsc"
'''
    row = registry.get("hsc")
    assert [hit.split(":")[0] for hit in spelled(planted, row)] == [
        "line 3", "line 4", "line 5", "line 9", "line 10"]
    assert spelled('"""x.hsc"""\nNAME = registry.declared(__name__).name\nDATA = "hsc_ids.json"\n', row) == []


def test_each_format_module_finds_its_own_row():
    for row in registry.BUILT_IN:
        assert registry.declared(row.module_name) is row
        assert registry.declared(row.module_name + "._part") is row
    assert registry.declared("mapkit.formats.hexoscape._stream").name == "hexoscape"
    assert registry.declared("mapkit.formats.hexoscape.url").name == "hexoscape-url"
    with pytest.raises(LookupError):
        registry.declared("mapkit.formats")
