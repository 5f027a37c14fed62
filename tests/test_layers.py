"""Arrows point one way: every import in mapkit goes to a lower layer (docs/architecture.md).

The check reads every module with `ast`, imports inside functions included (that is where
upward arrows hid), and fails on an import of a higher layer or of a sibling in the same
layer. `test_an_upward_import_is_caught` shows it failing on the arrows the layering removed.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "mapkit"

#: Bottom to top. A unit is a top-level module or package of mapkit; "mapkit" is the package
#: face (mapkit/__init__.py). Units in one layer may not import each other.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("wording", "records", "escapes"),
    ("errors", "schemas", "solver", "data", "bulk"),
    ("limits", "registry"),
    ("io",),
    ("results",),
    ("model",),
    ("sets", "data.derive_sets"),
    ("formats", "geometry", "summary"),
    ("books",),
    ("movement",),
    ("rules",),
    ("outputs", "fitting", "batch"),
    ("api.files",),
    ("api.check", "api.pieces", "api.analysis", "api.draw"),
    ("api.site",),
    ("api",),
    ("mapkit",),
    ("cli.jobs",),
    ("cli",),
    ("__main__",),
)
LAYER = {unit: n for n, units in enumerate(LAYERS) for unit in units}
#: Names every module may take from the package face: its own metadata, defined before any import.
METADATA = {"__version__"}


#: Modules that are a unit of their own: the script that derives the set table from research
#: data stands above the data files it writes (and the model it checks them with).
OWN_UNITS = {"mapkit.data.derive_sets": "data.derive_sets"}


#: Packages whose modules are units of their own: the front door's modules by topic (below its face,
#: `mapkit/api/__init__.py`) and the commands' jobs (below the command modules).
SPLIT_UNITS = {"api": None, "cli": "jobs"}


def unit_of(module: str) -> str:
    """'mapkit.formats.hsc._write' -> 'formats'; 'mapkit' -> 'mapkit'; 'mapkit.api.check' ->
    'api.check'; 'mapkit.cli.jobs.info' -> 'cli.jobs'."""
    if module in OWN_UNITS:
        return OWN_UNITS[module]
    parts = module.split(".")
    if len(parts) > 2 and parts[1] in SPLIT_UNITS and SPLIT_UNITS[parts[1]] in (None, parts[2]):
        return f"{parts[1]}.{parts[2]}"
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
    ("mapkit.outputs.html_report.page", "def render_report(m):\n    from mapkit.cli.info import summarise\n"),
    ("mapkit.geometry.overlay", "from mapkit.books.model import Book, Mark\n"),
    ("mapkit.books.check", "from mapkit.rules.framework import RULES\n"),
    # siblings: the outputs and fit (whose picture takes a FitResult without importing its class)
    ("mapkit.outputs.fit_picture", "from mapkit.fitting.plan import FitResult\n"),
    ("mapkit.fitting.fit_report", "def picture(result):\n    from mapkit.outputs.scene.views import build_scene\n"),
    ("mapkit.formats.native", "from mapkit import geometry\n"),
    ("mapkit.sets.inventory_report", "from mapkit.formats import read_map\n"),
    ("mapkit.model.map", "from mapkit import read\n"),
    # the front door's modules by topic are neighbours above `files`, below the face
    ("mapkit.api.draw", "from mapkit.api.check import validate\n"),
    ("mapkit.api.files", "def info(m):\n    from mapkit.api.pieces import inventory\n"),
    ("mapkit.api.check", "from mapkit import api\n"),
    # the library never reaches the commands' jobs
    ("mapkit.api.files", "from mapkit.cli.jobs.job import Result\n"),
    ("mapkit.cli.jobs.info", "from mapkit.cli.common import tell\n"),
])
def test_an_upward_import_is_caught(module, source):
    assert len(violations(module, source)) == 1


def test_downward_imports_and_metadata_pass():
    assert violations("mapkit.outputs.scene.views", "from mapkit.books.placed import placed_books\nimport mapkit.model") == []
    assert violations("mapkit.outputs.html_report", "from mapkit.rules.checks import findings_to_draw\n") == []
    assert violations("mapkit.rules.findings_report", "from mapkit import __version__\n") == []
    assert violations("mapkit.api.pieces", "from mapkit.api.files import read_collection\n") == []
    assert violations("mapkit.cli.jobs.fit", "from mapkit import api\nfrom mapkit.cli.jobs.job import Result\n") == []
    assert violations("mapkit.cli.fit", "from mapkit.cli.jobs.fit import fit_file\n") == []


# -- one painter per medium: only the raster painter draws with Pillow ------------------------------
#: The one module that may import Pillow's drawing (`PIL.ImageDraw`): every raster picture, a scene
#: or one laid out in pixels (the overlay, the movement heatmap), is painted through it.
RASTER_PAINTER = "mapkit.outputs.paint.raster"


def draws_with_pillow(source: str) -> list[int]:
    """The lines of `source` that import `PIL.ImageDraw` (in any spelling, at any depth)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            lines += [node.lineno for a in node.names if a.name.startswith("PIL.ImageDraw")]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.startswith("PIL.ImageDraw") or (node.module == "PIL" and
                                                          any(a.name == "ImageDraw" for a in node.names)):
                lines.append(node.lineno)
    return lines


def test_only_the_raster_painter_draws_with_pillow():
    found = [f"{module_name(path)}:{line}" for path in modules() if module_name(path) != RASTER_PAINTER
             for line in draws_with_pillow(path.read_text(encoding="utf-8"))]
    assert found == [], "these modules draw with Pillow themselves; paint through outputs/paint/raster.py:\n" + \
        "\n".join(found)
    assert draws_with_pillow((ROOT / "outputs" / "paint" / "raster.py").read_text(encoding="utf-8"))


@pytest.mark.parametrize("source", [
    # how the overlay picture and the movement heatmap painted before the raster painter took them
    "def png(heat):\n    from PIL import Image, ImageDraw\n",
    "import PIL.ImageDraw\n",
    "from PIL.ImageDraw import Draw\n",
])
def test_a_picture_drawing_with_pillow_itself_is_caught(source):
    assert draws_with_pillow(source) != []


def test_other_uses_of_pillow_pass():
    assert draws_with_pillow("from PIL import Image, ImageFont\nimport PILLOW.ImageDraw\n") == []


# -- products compose scenes and pages; only the painters touch a medium (issue 34, item 1) ---------
#: The painters: the only modules of mapkit that may import a medium's library (Pillow, reportlab)
#: or write SVG's elements; everything else that draws composes scenes and pages (`outputs/scene`).
PAINTERS = {"mapkit.outputs.paint.raster", "mapkit.outputs.paint.pdf", "mapkit.outputs.paint.svg"}
#: The drawing libraries a painter wraps (Pillow's table of CSS colour names draws nothing).
MEDIA = ("PIL", "reportlab")
NOT_A_MEDIUM = {"PIL.ImageColor", "ImageColor"}
#: Calls on a reportlab canvas or a Pillow drawing: a product painting for itself.
CANVAS_CALLS = {"drawString", "drawRightString", "drawCentredString", "setFillColorRGB", "setStrokeColorRGB",
                "setFillColor", "setStrokeColor", "setLineWidth", "setFont", "drawPath", "beginPath", "showPage",
                "roundRect", "drawImage", "saveState", "restoreState", "setDash", "addLiteral", "clipPath",
                "beginText", "drawText", "setPageSize", "textbbox", "textlength", "rounded_rectangle",
                "setLineJoin", "setLineCap", "polygon_path"}
#: SVG's elements, written by hand (the report's map once was): a string that opens one.
SVG_TEXT = re.compile(r"<(?:svg|polygon|polyline|path|circle|ellipse|use|g|text|rect|defs|image|clipPath)[\s>/]")


def paints_itself(source: str) -> list[str]:
    """Where `source` touches a medium: an import of Pillow or reportlab, a call of a canvas's
    method, a string holding an SVG element (docstrings aside)."""
    tree = ast.parse(source)
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)) and node.body
            and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [f"{node.lineno}: imports {a.name}" for a in node.names
                      if a.name.split(".")[0] in MEDIA and a.name not in NOT_A_MEDIUM]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = {f"{node.module}.{a.name}" if node.module == "PIL" else node.module for a in node.names}
            if node.module.split(".")[0] in MEDIA and not names <= NOT_A_MEDIUM:
                found.append(f"{node.lineno}: imports {node.module}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in CANVAS_CALLS:
            found.append(f"{node.lineno}: calls .{node.func.attr}()")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            if SVG_TEXT.search(node.value):
                found.append(f"{node.lineno}: writes SVG {SVG_TEXT.search(node.value).group(0)!r}")
    return found


def test_only_the_painters_touch_a_medium():
    """Every picture, sheet and page is composed (`outputs/scene`) and painted by a painter of
    `outputs/paint`: no other module imports Pillow or reportlab, calls a canvas or writes SVG."""
    found = [f"{module_name(path)}:{where}" for path in modules()
             if unit_of(module_name(path)) == "outputs" and module_name(path) not in PAINTERS
             for where in paints_itself(path.read_text(encoding="utf-8"))]
    assert found == [], "these modules paint for themselves; compose a scene and paint it through " \
        "outputs/paint:\n" + "\n".join(found)


@pytest.mark.parametrize("source", [
    # how the build sheets, the floor plans and the report's map drew before issue 34
    "def page(c):\n    c.setFont('Helvetica', 8)\n    c.drawString(10, 10, 'Level 1')\n",
    "from mapkit.outputs.paint.pdf import Sheet\ndef f(c, path):\n    c.drawPath(path, stroke=1)\n",
    "def png():\n    from reportlab.pdfgen import canvas\n",
    "import PIL.Image\n",
    "def hexes(x, y):\n    return f'<use href=\"#hx\" x=\"{x}\" y=\"{y}\"/>'\n",
    "SVG = '<svg id=\"map\" viewBox=\"0 0 1 1\">'\n",
])
def test_a_product_painting_for_itself_is_caught(source):
    assert paints_itself(source) != []


def test_composing_pages_passes():
    assert paints_itself("def colour(name):\n    from PIL import ImageColor\n") == []
    assert paints_itself('"""Draws <svg> pictures through the painter."""\nfrom mapkit.outputs.paint.svg import '
                         'render_svg\ndef f(w):\n    w.text(1, 2, "<b>")\n    return "<section id=map>"\n') == []


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


# -- the commands and their jobs reach the library through its front door ---------------------------
#: What a module of `mapkit/cli/` (a command, a job of `cli/jobs/`, a helper) may import from the
#: library: its public face (`mapkit` and `mapkit.api`, not the modules by topic behind it), the
#: errors it raises and catches, `mapkit.io`, which checks an output name before any work, writes
#: outputs atomically and guards standard output (the command owns its outputs; the library never
#: prints), and `mapkit.records`, the value-class base a job's `Result` is declared with as the
#: library's answers are, and `mapkit.wording`, in whose `speaking` a command runs so that the
#: library's texts name its flags, and `mapkit.escapes`, through which a command shows on a terminal
#: whatever text a file gave (control characters spelled out). Anything else a job needs is a front-door function, so a
#: program gets what the command line does.
CLI_MAY_IMPORT = {"mapkit", "mapkit.api", "mapkit.errors", "mapkit.io", "mapkit.records", "mapkit.wording",
                  "mapkit.escapes"}


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


def test_every_command_and_job_reaches_the_library_through_its_face():
    assert sorted((ROOT / "cli" / "jobs").glob("*.py")), "the jobs are looked at too"
    found = [v for path in sorted((ROOT / "cli").rglob("*.py"))
             for v in reaches_past_the_api(module_name(path), path.read_text(encoding="utf-8"))]
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("source", [
    # what the commands did before they went through mapkit.api
    "def run(args):\n    from mapkit.rules.checks import check_file\n",
    "def run(args):\n    from mapkit.app import sheets\n",
    "def run(args):\n    from mapkit.books.overlay_result import classify_file, overlay_png, overlay_text\n",
    "def run(args):\n    from mapkit.outputs.html_report.page import render_report\n",
    "from mapkit.batch import walk\n",
    "from mapkit import formats\n",
    "import mapkit.registry\n",
    "from ..rules import report\n",
    # a job reaching behind the face to a module by topic, or to the registry
    "from mapkit.api.files import read\n",
    "def overlay_file(path):\n    from mapkit.registry import kind_of\n",
])
def test_a_command_reaching_past_the_api_is_caught(source):
    assert len(reaches_past_the_api("mapkit.cli.validate", source)) == 1
    deeper = source.replace("from ..", "from ...")  # the same module, seen from a job a package deeper
    assert len(reaches_past_the_api("mapkit.cli.jobs.validate", deeper)) == 1


def test_the_front_door_errors_io_and_the_command_helpers_pass():
    source = ("from mapkit import OverlayParams, api\nfrom mapkit.errors import UsageError\nimport mapkit.api\n"
              "from mapkit.io import write_output\nfrom mapkit.cli.common import read_map\nfrom . import batch\n"
              "from mapkit import __version__\n")
    assert reaches_past_the_api("mapkit.cli.validate", source) == []


# -- each command is argument parsing plus one job; a job is the library's calls ----------------------
#: The library modules a command module's `run` must not call into itself: a call of one of their
#: functions (or of a name imported from them, or of an attribute of such a name) is a call into the
#: library. The errors a command raises are not: `mapkit.errors` is left out.
LIBRARY = {"mapkit", "mapkit.api", "mapkit.io"}
#: Where the jobs live: a call of a function imported from a module here is a call of a job.
JOBS = "mapkit.cli.jobs"


class _Module:
    """What the call count needs to know of one command module: which names are the library, which
    are jobs, which are the command helpers (functions defined here, at any depth, or imported from
    `mapkit.cli` outside the jobs)."""

    def __init__(self, name: str, source: str):
        self.name = name
        self.tree = ast.parse(source)
        self.library: set[str] = set()           # names bound to library modules or imported from them
        self.jobs: set[str] = set()              # names bound to job modules or imported from them
        self.helpers: dict[str, tuple[str, str]] = {}   # name -> (cli module, function) imported
        self.cli_modules: dict[str, str] = {}    # alias -> cli module
        self.defs: dict[str, ast.FunctionDef] = {}
        for node in ast.walk(self.tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.defs.setdefault(node.name, node)  # type: ignore[arg-type]
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if (alias.name + ".").startswith(JOBS + "."):
                        self.jobs.add(alias.asname or alias.name.split(".")[0])
                    elif alias.name in LIBRARY or alias.name.split(".")[0] == "mapkit" and alias.asname is None:
                        if not alias.name.startswith("mapkit.cli") and alias.name != "mapkit.errors":
                            self.library.add(alias.asname or alias.name.split(".")[0])
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                for alias in node.names:
                    local = alias.asname or alias.name
                    full = f"{node.module}.{alias.name}"
                    if (node.module + ".").startswith(JOBS + ".") or full == JOBS:
                        self.jobs.add(local)
                    elif node.module == "mapkit.cli" or full.startswith("mapkit.cli.") and node.module == "mapkit":
                        self.cli_modules[local] = f"mapkit.cli.{alias.name}"
                    elif node.module.startswith("mapkit.cli."):
                        self.helpers[local] = (node.module, alias.name)
                    elif node.module in LIBRARY:
                        self.library.add(local)


def _root(func: ast.expr) -> str | None:
    while isinstance(func, ast.Attribute):
        func = func.value
    return func.id if isinstance(func, ast.Name) else None


class CallCount:
    """The most calls into the library (`of="library"`) or of jobs (`of="jobs"`) that one run of a
    command's function can make, following the command helpers it calls (in its module or in
    `mapkit/cli/`, not into the jobs). Paths are counted apart (an `if` and its `else`, an early
    return); a call in a loop or a comprehension counts as many."""

    def __init__(self, sources: dict[str, str] | None = None, of: str = "library"):
        self.of = of
        self.sources = sources or {}
        self.modules: dict[str, _Module] = {}
        self.done: dict[tuple[str, str], int] = {}

    def module(self, name: str) -> _Module:
        if name not in self.modules:
            source = self.sources.get(name)
            if source is None:
                source = (ROOT / "cli" / f"{name.rsplit('.', 1)[1]}.py").read_text(encoding="utf-8")
            self.modules[name] = _Module(name, source)
        return self.modules[name]

    def function(self, module: str, name: str) -> int:
        key = (module, name)
        if key not in self.done:
            self.done[key] = 0  # a helper calling itself adds nothing more
            node = self.module(module).defs.get(name)
            if node is not None:
                ended, through = self.block(self.module(module), node.body)
                self.done[key] = max(v for v in (ended, through, 0) if v is not None)
        return self.done[key]

    def call(self, mod: _Module, func: ast.expr) -> int:
        root = _root(func)
        if root in (mod.library if self.of == "library" else mod.jobs):
            return 1
        if isinstance(func, ast.Name):
            if func.id in mod.defs:
                return self.function(mod.name, func.id)
            if func.id in mod.helpers:
                return self.function(*mod.helpers[func.id])
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in mod.cli_modules:
            return self.function(mod.cli_modules[func.value.id], func.attr)
        return 0

    def expr(self, mod: _Module, node: ast.AST) -> int:
        if isinstance(node, (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef)):
            return 0  # a callback: the library calls it, not the command
        if isinstance(node, ast.IfExp):
            return self.expr(mod, node.test) + max(self.expr(mod, node.body), self.expr(mod, node.orelse))
        inner = sum(self.expr(mod, child) for child in ast.iter_child_nodes(node))
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            return 2 * inner
        return inner + (self.call(mod, node.func) if isinstance(node, ast.Call) else 0)

    def block(self, mod: _Module, body: list[ast.stmt]) -> tuple[int | None, int | None]:
        """(most calls on a path that returns or raises in `body`, most on one that runs through it)."""
        ended: int | None = None
        through: int | None = 0

        def most(*values: int | None) -> int | None:
            known = [v for v in values if v is not None]
            return max(known) if known else None

        def plus(a: int | None, b: int | None) -> int | None:
            return None if a is None or b is None else a + b

        for stmt in body:
            if through is None:
                break
            if isinstance(stmt, (ast.Return, ast.Raise)):
                ended, through = most(ended, through + self.expr(mod, stmt)), None
            elif isinstance(stmt, (ast.If, ast.With, ast.AsyncWith)):
                head = through + sum(self.expr(mod, part) for part in
                                     ([stmt.test] if isinstance(stmt, ast.If) else stmt.items))
                e1, t1 = self.block(mod, stmt.body)
                e2, t2 = self.block(mod, stmt.orelse) if isinstance(stmt, ast.If) else (None, None)
                ended = most(ended, plus(head, e1), plus(head, e2))
                through = most(plus(head, t1), plus(head, t2)) if isinstance(stmt, ast.If) else plus(head, t1)
            elif isinstance(stmt, (ast.For, ast.AsyncFor, ast.While)):
                head = through + self.expr(mod, stmt.iter if not isinstance(stmt, ast.While) else stmt.test)
                e, t = self.block(mod, stmt.body)
                loop = 2 * (most(e, t, 0) or 0)
                ended = most(ended, head + loop if e is not None else None)
                through = head + loop
            elif isinstance(stmt, ast.Try):
                eb, tb = self.block(mod, stmt.body)
                eo, to = self.block(mod, stmt.orelse)
                _, tf = self.block(mod, stmt.finalbody)
                partial = most(eb, tb, 0) or 0  # a handler runs after some of the body
                handled = [self.block(mod, h.body) for h in stmt.handlers]
                ends = [eb, plus(tb, eo)] + [plus(partial, eh) for eh, _ in handled]
                runs = [plus(tb, to)] + [plus(partial, th) for _, th in handled]
                ended = most(ended, *(plus(through + (tf or 0), v) for v in ends))
                through = plus(most(*runs), through + (tf or 0))
            elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            else:
                through += self.expr(mod, stmt)
        return ended, through


def calls_of_run(module: str, source: str | None = None, of: str = "library") -> int:
    """The most library calls (or job calls, `of="jobs"`) one run of `module`'s `run` makes (its
    source read from mapkit/cli/ unless given)."""
    count = CallCount({module: source} if source is not None else None, of)
    return count.function(module, "run")


def command_modules() -> list[str]:
    from mapkit.cli import COMMANDS

    return [f"mapkit.cli.{name}" for name in COMMANDS]


@pytest.mark.parametrize("module", command_modules())
def test_every_command_is_parsing_plus_one_job(module):
    """A command parses its arguments and calls one job of `mapkit/cli/jobs/` on each path, and
    never the library itself: what it does beyond parsing, a program can do by calling the job."""
    assert calls_of_run(module, of="jobs") == 1
    assert calls_of_run(module, of="library") == 0


@pytest.mark.parametrize("source", [
    # a command calling the library beside its job, as convert -d did before its job
    "from mapkit.cli.jobs.convert import convert_file\n"
    "def run(args):\n    from mapkit import api\n    api.convert_files(args.paths, args.out_dir, args.to_fmt)\n"
    "    return show(convert_file(args.paths[0], args.paths[1]))\n",
    "def run(args):\n    from mapkit.api import read\n    from mapkit.cli.jobs import info\n"
    "    read(args.map)\n    return show(info.info_file(args.map))\n",
])
def test_a_command_calling_the_library_itself_is_caught(source):
    assert calls_of_run("mapkit.cli.example", source, of="library") >= 1


@pytest.mark.parametrize("source", [
    # two jobs on one path, or a job in a loop
    "def run(args):\n    from mapkit.cli.jobs.info import info_file\n    info_file(args.map)\n"
    "    return show(info_file(args.map, as_json=True))\n",
    "from mapkit.cli.jobs import convert\n"
    "def run(args):\n    for path in args.paths:\n        convert.convert_file(path, path + '.hsc')\n",
    # a helper of the module that calls a job, then the job again
    "from mapkit.cli.jobs.validate import validate_report\n"
    "def check(args):\n    return validate_report(args.maps)\n"
    "def run(args):\n    check(args)\n    return show(validate_report(args.maps))\n",
])
def test_a_command_calling_more_than_one_job_is_caught(source):
    assert calls_of_run("mapkit.cli.example", source, of="jobs") >= 2


def test_one_job_on_each_path_passes():
    source = ("from mapkit.cli.common import show, tell\nfrom mapkit.errors import UsageError\n"
              "def many(args):\n    from mapkit.cli.jobs.convert import convert_folder\n"
              "    return show(convert_folder(args.paths, args.out_dir))\n"
              "def run(args):\n    from mapkit.cli.jobs.convert import convert_file\n    if args.out_dir:\n"
              "        return many(args)\n"
              "    return show(convert_file(*args.paths, warn=tell))\n")
    assert calls_of_run("mapkit.cli.example", source, of="jobs") == 1
    assert calls_of_run("mapkit.cli.example", source, of="library") == 0


@pytest.mark.parametrize("source", [
    # what the commands did before each became one call: read, summarise, then word the summary
    "from mapkit.cli.common import read_map\n"
    "def run(args):\n    from mapkit import api\n    m = read_map(args.map, args.fmt)\n"
    "    sys.stdout.write(api.info_text(api.info(m)))\n",
    # a helper of the module that reads the map through the API
    "def read_map(path):\n    from mapkit import api\n    return api.read(path)\n"
    "def run(args):\n    import mapkit\n    return mapkit.info(read_map(args.map))\n",
    # an early check of the options, then the work
    "def run(args):\n    from mapkit import api\n    api.check_options(args.profile)\n"
    "    if args.jobs < 0:\n        raise UsageError('no')\n    return api.validate_files(args.maps).ok\n",
    # a call per setting, in a comprehension
    "def run(args):\n    from mapkit import api\n    settings = dict(api.parse_setting(t) for t in args.settings)\n",
    # one call in a loop
    "def run(args):\n    from mapkit.api import read\n    for path in args.maps:\n        read(path)\n",
    # a model type's constructor and a write of mapkit.io beside the call
    "def run(args):\n    from mapkit import OverlayParams, api\n"
    "    params = OverlayParams.from_options(args.hex_region)\n    return api.overlay(args.book, params)\n",
    "def run(args):\n    from mapkit import api\n    from mapkit.io import write_output\n"
    "    write_output(args.output, api.report(args.map))\n",
    # both branches of an if, then a call after them
    "def run(args):\n    from mapkit import api\n    if args.json:\n        x = api.info(1)\n    else:\n"
    "        x = api.info(2)\n    return api.info_text(x)\n",
    # a call in a handler after one in the body
    "def run(args):\n    import mapkit.api\n    try:\n        mapkit.api.read(args.map)\n    except OSError:\n"
    "        mapkit.api.read(args.map, format='hsc')\n",
])
def test_a_command_making_more_than_one_call_is_caught(source):
    assert calls_of_run("mapkit.cli.example", source) >= 2


def test_one_call_on_each_path_passes():
    source = ("from mapkit.cli.common import show, tell\nfrom mapkit.errors import UsageError\n"
              "def run(args):\n    from mapkit import api\n    if args.out_dir:\n"
              "        if not args.to:\n            raise UsageError('-d needs --to')\n"
              "        return show(api.convert_files(args.paths, args.out_dir, args.to))\n"
              "    try:\n        return show(api.convert_file(*args.paths, warn=tell))\n"
              "    except LossError as exc:\n        print(exc.losses)\n        return 2\n")
    assert calls_of_run("mapkit.cli.example", source) == 1
    callback = ("def run(args):\n    from mapkit import api\n    bar = ProgressBar()\n"
                "    def told(w):\n        api.read(w)\n    result = api.validate_report(args.maps, warn=told)\n"
                "    return show(result, lambda: api.read(1))\n")
    assert calls_of_run("mapkit.cli.example", callback) == 1


def test_every_error_a_user_sees_lives_in_errors_and_says_its_own_reason():
    """Issue 23: public errors lived in io.py, limits.py, api.py and movement/heatmap.py, and a
    batch grouped refusals by class-name strings. Each MapkitError subclass is defined in
    mapkit/errors.py (LimitError, which carries a Limit, beside it in limits.py) and gives its
    own `reason`."""
    import ast

    from mapkit import errors
    from mapkit.limits import INPUT_BYTES

    classes = [(node.name, {b.id for b in node.bases if isinstance(b, ast.Name)},
                path.relative_to(ROOT.parent).as_posix())
               for path in ROOT.rglob("*.py") for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
               if isinstance(node, ast.ClassDef)]
    mapkit_errors, homes = {"MapkitError"}, {"MapkitError": "mapkit/errors.py"}
    while True:  # the subclasses of MapkitError, however deep
        found = {(name, home) for name, bases, home in classes if bases & mapkit_errors and name not in homes}
        if not found:
            break
        homes.update(found)
        mapkit_errors |= {name for name, _ in found}
    assert len(homes) >= 12
    assert {name: home for name, home in homes.items() if home != "mapkit/errors.py"} == \
        {"LimitError": "mapkit/limits.py"}
    said = {errors.OutputError("x").reason, errors.LossError("hsc", ["a"]).reason, errors.OptionError("x").reason,
            errors.FormatError("cannot read: gone").reason, errors.FormatError("bad byte").reason,
            INPUT_BYTES.exceeded(None).reason, errors.MapkitError("x").reason}
    assert len(said) == 7
    assert errors.reason_of(errors.OutputError("x")) == "the output cannot be written"


# -- every word about command-line flags is the command line's ---------------------------------------
#: A flag word: two dashes and a lower-case letter, not inside a longer word or dash run ("a--b", "---x").
FLAG_WORD = re.compile(r"(?<![\w-])--[a-z]")
#: An f-string piece that ends in a flag's dashes, its name to come from the value after (`f"--{name}"`).
FLAG_DASHES = re.compile(r"(?:^|[\s(\[`'\"/:=,])--$")


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstrings in `tree`: documentation, where a docstring may say what a command prints."""
    return {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}


def flag_strings(source: str) -> list[tuple[int, str]]:
    """(line, text) of each string literal of `source` that names a flag anywhere in it (`--name`): a
    plain or bytes string, or a piece of an f-string, including one whose flag name is a value
    (`f"--{option}"`). Docstrings are documentation and pass."""
    found = []
    tree = ast.parse(source)
    skip = docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            for i, part in enumerate(node.values):
                if not (isinstance(part, ast.Constant) and isinstance(part.value, str)):
                    continue
                then_value = i + 1 < len(node.values) and isinstance(node.values[i + 1], ast.FormattedValue)
                dashes = FLAG_DASHES.search(part.value)
                if FLAG_WORD.search(part.value) or (then_value and dashes and (dashes.group() != "--" or i == 0)):
                    found.append((node.lineno, part.value))
        elif isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)) and id(node) not in skip:
            text = node.value if isinstance(node.value, str) else node.value.decode("latin-1")
            if FLAG_WORD.search(text):
                found.append((node.lineno, text))
    return sorted(set(found))


def test_no_flag_is_named_outside_the_command_line():
    """Issue 23: the library says things in its own terms (its parameters, through `mapkit.wording`);
    the command line words them with its flags (`mapkit/cli/`: the jobs' `FLAGS` passed as the
    library's `names`, and `cli.wording.FLAGS` in force while a command runs)."""
    found = [f"{module_name(path)}:{line}: {text[:60]!r}" for path in modules()
             if unit_of(module_name(path)) not in ("cli", "cli.jobs", "__main__")
             for line, text in flag_strings(path.read_text(encoding="utf-8"))]
    assert found == [], "strings naming a command-line flag outside mapkit/cli/:\n" + "\n".join(found)


@pytest.mark.parametrize("source", [
    # what the front door and the batch said before the commands took their words
    'raise OptionError("--levels-per-page must be 1 or more")\n',
    'raise OptionError(f"--jobs {requested}: the number of workers cannot be negative")\n',
    'for option, patterns in (("--select", select), ("--ignore", ignore)):\n    pass\n',
    'given = [flag for flag, on in (("--double", double),) if on]\n',
    "where = f'--collection item {index}'\n",
    # what the library said mid-sentence before `mapkit.wording` (issue 23)
    'reason = f"would lose what {self.target} cannot hold (--allow-loss converts anyway)"\n',
    'raise OptionError(f"{path}: cannot tell the output format from the name; use --to")\n',
    'def detect(path, hint: str = "; use --from/--to"): pass\n',
    'lines.append("assumed: " + ", ".join(params) + " (see --json for the reasoning)")\n',
    'raise OptionError(f"object {index + 1} ({v.name}) is {what}: drive it as --mover {other}")\n',
    'note = ("vehicles are climbed like terrain; "\n        "a vehicle is driven as a mover of its own (analyze --mover vehicle)")\n',
    'NOTE = "only the Levels fit changed are drawn (mapkit render --view levels draws every Level)"\n',
    "html = ('<p>No pictures (`mapkit report --pictures` adds them).</p>')\n",
    'x = b"pass --marker-diameter"\n',
    'flag = f"--{name}"\n',
    'said = f"see {what} --{name} for more"\n',
    'def f():\n    """Doc."""\n    return "one alone: --scenario K"\n',
])
def test_a_flag_named_in_the_library_is_caught(source):
    assert len(flag_strings(source)) >= 1


def test_other_dashes_pass():
    assert flag_strings('x = "a -- b"\ny = f"{n}--{m}"\nz = "-o"\n# "--comment"\nw = "---x"\nv = "a--b"\n'
                        'u = "--"\nt = f"{a} -- {b}"\n') == []


def test_a_docstring_may_say_what_a_command_prints():
    assert flag_strings('def f():\n    """The document `mapkit info --json` prints."""\n') == []


# -- small modules --------------------------------------------------------------------------------------
#: The most lines a module of mapkit may have (the brief's style rule).
MAX_LINES = 700


def test_no_module_is_over_700_lines():
    long = {module_name(p): n for p in modules() if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}, f"modules over {MAX_LINES} lines (split them by topic): {long}"
