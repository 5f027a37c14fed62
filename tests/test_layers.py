"""Arrows point one way: every import in mapkit goes to a lower layer (docs/architecture.md).

The check reads every module with `ast`, imports inside functions included (that is where
upward arrows hid), and fails on an import of a higher layer or of a sibling in the same
layer. `test_an_upward_import_is_caught` shows it failing on the arrows the layering removed.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "mapkit"

#: Bottom to top. A unit is a top-level module or package of mapkit; "mapkit" is the package
#: face (mapkit/__init__.py). Units in one layer may not import each other.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors", "schemas", "solver", "data", "records", "bulk"),
    ("limits", "registry"),
    ("io",),
    ("model",),
    ("sets", "data.derive_sets"),
    ("formats", "geometry", "summary"),
    ("books",),
    ("drawing", "movement"),
    ("rules",),
    ("app", "fit", "batch"),
    ("api",),
    ("mapkit",),
    ("cli",),
    ("__main__",),
)
LAYER = {unit: n for n, units in enumerate(LAYERS) for unit in units}
#: Names every module may take from the package face: its own metadata, defined before any import.
METADATA = {"__version__"}


#: Modules that are a unit of their own: the script that derives the set table from research
#: data stands above the data files it writes (and the model it checks them with).
OWN_UNITS = {"mapkit.data.derive_sets": "data.derive_sets"}


def unit_of(module: str) -> str:
    """'mapkit.formats.hsc._write' -> 'formats'; 'mapkit' -> 'mapkit'."""
    if module in OWN_UNITS:
        return OWN_UNITS[module]
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "mapkit"


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT.parent).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


def imported_units(source: str) -> list[tuple[int, str]]:
    """(line, unit) of every mapkit import in a module's source, at any depth."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out += [(node.lineno, unit_of(a.name)) for a in node.names if a.name.split(".")[0] == "mapkit"]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "mapkit":  # `from mapkit import io, __version__`: submodules, or the face
                for alias in node.names:
                    if alias.name in METADATA:
                        continue
                    sub = (ROOT / alias.name).is_dir() or (ROOT / f"{alias.name}.py").is_file()
                    out.append((node.lineno, alias.name if sub else "mapkit"))
            elif node.module.split(".")[0] == "mapkit":
                out.append((node.lineno, unit_of(node.module)))
    return out


def violations(module: str, source: str) -> list[str]:
    """The imports of `module` that point up (or sideways within a layer)."""
    home = unit_of(module)
    assert home in LAYER, f"{module}: unit {home!r} is in no layer; add it to LAYERS and docs/architecture.md"
    bad = []
    for line, target in imported_units(source):
        if target == home:
            continue
        assert target in LAYER, f"{module}:{line}: imports {target!r}, which is in no layer"
        if LAYER[target] >= LAYER[home]:
            how = "sideways" if LAYER[target] == LAYER[home] else "upward"
            bad.append(f"{module}:{line}: {home} -> {target} ({how})")
    return bad


def modules() -> list[Path]:
    return sorted(ROOT.rglob("*.py"))


def test_every_import_points_down():
    found = [v for path in modules() for v in violations(module_name(path), path.read_text(encoding="utf-8"))]
    assert found == [], "\n".join(found)


def test_nothing_below_the_commands_imports_them():
    for path in modules():
        name = module_name(path)
        if unit_of(name) in ("cli", "__main__"):
            continue
        units = {unit for _, unit in imported_units(path.read_text(encoding="utf-8"))}
        assert "cli" not in units, name


@pytest.mark.parametrize("module, source", [
    # the three arrows issue 12 names, as they were
    ("mapkit.drawing.report_html", "def render_report(m):\n    from mapkit.cli.info import summarise\n"),
    ("mapkit.geometry.overlay", "from mapkit.books.model import Book, Mark\n"),
    ("mapkit.books.check", "from mapkit.rules.framework import RULES\n"),
    # a sibling: the fast graph and its reference each importing the other
    ("mapkit.drawing.views", "import mapkit.movement.graph\n"),
    ("mapkit.formats.native", "from mapkit import geometry\n"),
    ("mapkit.sets.report", "from mapkit.formats import read_map\n"),
    ("mapkit.model.map", "from mapkit import read\n"),
])
def test_an_upward_import_is_caught(module, source):
    assert len(violations(module, source)) == 1


def test_downward_imports_and_metadata_pass():
    assert violations("mapkit.drawing.views", "from mapkit.books.placed import placed_books\nimport mapkit.model") == []
    assert violations("mapkit.rules.report", "from mapkit import __version__\n") == []


# -- no module imports itself round a loop --------------------------------------------------
def module_edges(name: str, source: str, known: set[str]) -> set[str]:
    """The mapkit modules `name` imports (a `from package import submodule` counts the submodule)."""
    out = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name in known}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").split(".")[0] == "mapkit":
            for alias in node.names:
                if node.module == "mapkit" and alias.name in METADATA:
                    continue
                full = f"{node.module}.{alias.name}"
                out.add(full if full in known else node.module)
    return (out & known) - {name}


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[frozenset[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(frozenset(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_module_imports_itself_round_a_loop():
    paths = {module_name(p): p for p in modules()}
    graph = {n: module_edges(n, p.read_text(encoding="utf-8"), set(paths)) for n, p in paths.items()}
    assert [sorted(c) for c in cycles(graph)] == []


def test_a_loop_is_caught():
    """The fast movement graph and its reference importing each other, as they did."""
    known = {"mapkit.movement.graph", "mapkit.movement.fastgraph", "mapkit.movement.steps"}
    graph = {"mapkit.movement.graph": module_edges("mapkit.movement.graph",
                                                   "def build():\n    from mapkit.movement.fastgraph import walk_csr\n",
                                                   known),
             "mapkit.movement.fastgraph": module_edges("mapkit.movement.fastgraph",
                                                       "from mapkit.movement import graph as gr\n", known),
             "mapkit.movement.steps": set()}
    assert cycles(graph) == [frozenset({"mapkit.movement.graph", "mapkit.movement.fastgraph"})]
    graph["mapkit.movement.fastgraph"] = {"mapkit.movement.steps"}
    assert cycles(graph) == []


# -- the commands reach the library through its front door -----------------------------------
#: What a command module (and its helpers in `mapkit/cli/`) may import from the library: the
#: front door (`mapkit` and `mapkit.api`), the errors it raises and catches, and `mapkit.io`,
#: which checks an output name before any work, writes outputs atomically and guards standard
#: output (the command owns its outputs; the library never prints). Anything else a command
#: needs is a `mapkit.api` function, so a program gets what the command line does.
CLI_MAY_IMPORT = {"mapkit", "mapkit.api", "mapkit.errors", "mapkit.io"}


def reaches_past_the_api(module: str, source: str) -> list[str]:
    """The imports of a command module that go into the library other than by the front door."""
    bad = []

    def check(line: int, target: str) -> None:
        if target not in CLI_MAY_IMPORT and not (target + ".").startswith("mapkit.cli."):
            bad.append(f"{module}:{line}: imports {target}")

    package = module.rsplit(".", 1)[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "mapkit":
                    check(node.lineno, alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # `from ..rules import checks`: resolve it against the module's package
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "mapkit":
                continue
            if target == "mapkit":  # `from mapkit import api, Map`: names of the face, or submodules
                for alias in node.names:
                    sub = (ROOT / alias.name).is_dir() or (ROOT / f"{alias.name}.py").is_file()
                    check(node.lineno, f"mapkit.{alias.name}" if sub else "mapkit")
            else:
                check(node.lineno, target)
    return bad


def test_every_command_reaches_the_library_through_the_api():
    found = [v for path in sorted((ROOT / "cli").glob("*.py"))
             for v in reaches_past_the_api(module_name(path), path.read_text(encoding="utf-8"))]
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("source", [
    # what the commands did before they went through mapkit.api
    "def run(args):\n    from mapkit.rules.checks import check_file\n",
    "def run(args):\n    from mapkit.app import sheets\n",
    "def run(args):\n    from mapkit.app.overlay import classify_file, overlay_png, overlay_text\n",
    "def run(args):\n    from mapkit.drawing.report_html import render_report\n",
    "from mapkit.batch import walk\n",
    "from mapkit import formats\n",
    "import mapkit.registry\n",
    "from ..rules import report\n",
])
def test_a_command_reaching_past_the_api_is_caught(source):
    assert len(reaches_past_the_api("mapkit.cli.validate", source)) == 1


def test_the_front_door_errors_io_and_the_command_helpers_pass():
    source = ("from mapkit import OverlayParams, api\nfrom mapkit.errors import UsageError\nimport mapkit.api\n"
              "from mapkit.io import write_output\nfrom mapkit.cli.common import read_map\nfrom . import batch\n"
              "from mapkit import __version__\n")
    assert reaches_past_the_api("mapkit.cli.validate", source) == []
