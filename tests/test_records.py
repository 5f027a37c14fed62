"""mapkit's one kind of value class (`mapkit.records.Record`): what each class gets from its
annotations, and that every value class of the package is one.

A class binds its `__init__` arguments itself for its first values and compiles an `__init__` of
its own once it has made `COMPILE_AFTER` of them: each test runs with each (`kinds`)."""

from __future__ import annotations

import ast
import copy
import inspect
import pickle
from pathlib import Path
from types import SimpleNamespace
from typing import ClassVar

import pytest

from mapkit import records
from mapkit.records import Record, field, fields, replace

ROOT = Path(__file__).resolve().parent.parent


def declare() -> SimpleNamespace:
    """Three classes, made anew for each test (a class compiles its `__init__` once)."""

    class Tile(Record):
        type: str
        q: int
        r: int = 0
        attrs: dict[str, str] = field(default_factory=dict)
        spaces: list[tuple[int, int]] = field(default_factory=lambda: [(0, 0)])
        note: str = field(default="", compare=False, repr=False)

    class Disc(Record, frozen=True):
        diameter: float
        source: str = "measured"
        seen: tuple[str, ...] = field(default=(), compare=False)

        def __post_init__(self) -> None:
            if self.diameter <= 0:
                raise ValueError(f"a disc needs a positive diameter, not {self.diameter}")

    class Marked(Tile):
        mark: str = "x"

    return SimpleNamespace(Tile=Tile, Disc=Disc, Marked=Marked)


@pytest.fixture(params=["binding", "compiled"])
def kinds(request, monkeypatch) -> SimpleNamespace:
    monkeypatch.setattr(records, "COMPILE_AFTER", 10**9 if request.param == "binding" else 0)
    made = declare()
    made.compiled = request.param == "compiled"
    return made


def test_init_takes_the_fields_in_order_positionally_or_by_name_with_their_defaults(kinds):
    tile = kinds.Tile("grass", 3, attrs={"a": "b"})
    assert (tile.type, tile.q, tile.r, tile.attrs, tile.spaces, tile.note) == ("grass", 3, 0, {"a": "b"}, [(0, 0)], "")
    assert kinds.Tile("rock", 1, 2).r == 2
    assert [f.name for f in fields(kinds.Tile)] == ["type", "q", "r", "attrs", "spaces", "note"]
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'q'"):
        kinds.Tile("grass")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected keyword argument 'z'"):
        kinds.Tile("grass", 1, z=2)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        kinds.Tile("grass", 1, 2, {}, [], "", "extra")  # type: ignore[call-arg]


def test_a_factory_makes_a_new_default_for_each_value(kinds):
    a, b = kinds.Tile("grass", 0), kinds.Tile("grass", 0)
    a.attrs["k"] = "v"
    a.spaces.append((1, 0))
    assert b.attrs == {} and b.spaces == [(0, 0)]
    given: dict[str, str] = {}
    assert kinds.Tile("grass", 0, attrs=given).attrs is given


def test_equality_by_the_compared_fields_of_exactly_the_same_class(kinds):
    assert kinds.Tile("grass", 1) == kinds.Tile("grass", 1, note="other note")
    assert kinds.Tile("grass", 1) != kinds.Tile("grass", 2)
    assert kinds.Tile("grass", 1) != kinds.Marked("grass", 1)
    assert kinds.Tile("grass", 1) != ("grass", 1)


def test_repr_shows_the_fields_as_a_dataclass_does(kinds):
    assert repr(kinds.Tile("grass", 1)) == "declare.<locals>.Tile(type='grass', q=1, r=0, attrs={}, spaces=[(0, 0)])"
    assert repr(kinds.Disc(19.0)) == "declare.<locals>.Disc(diameter=19.0, source='measured', seen=())"


def test_a_mutable_value_is_unhashable_and_a_frozen_one_cannot_change_and_hashes_by_its_compared_fields(kinds):
    with pytest.raises(TypeError, match="unhashable"):
        hash(kinds.Tile("grass", 1))
    disc = kinds.Disc(19.0, seen=("a",))
    assert hash(disc) == hash(kinds.Disc(19.0)) and disc == kinds.Disc(19.0) and len({disc, kinds.Disc(19.0), kinds.Disc(20.0)}) == 2
    with pytest.raises(AttributeError, match="cannot assign to field 'diameter': declare.<locals>.Disc is frozen"):
        disc.diameter = 3.0  # type: ignore[misc]
    with pytest.raises(AttributeError, match="cannot delete"):
        del disc.source  # type: ignore[misc]
    tile = kinds.Tile("grass", 1)
    tile.q = 4
    assert tile.q == 4


def test_post_init_checks_a_new_value_and_a_replaced_one(kinds):
    with pytest.raises(ValueError, match="positive diameter"):
        kinds.Disc(0.0)
    disc = kinds.Disc(19.0)
    assert replace(disc, diameter=20.0) == kinds.Disc(20.0)
    with pytest.raises(ValueError, match="positive diameter"):
        replace(disc, diameter=-1.0)
    with pytest.raises(TypeError, match="Disc has no field size"):
        replace(disc, size=1)


def test_replace_makes_a_copy_through_init_sharing_what_it_does_not_change(kinds):
    tile = kinds.Tile("grass", 1, attrs={"a": "b"})
    moved = replace(tile, q=5)
    assert moved == kinds.Tile("grass", 5, attrs={"a": "b"}) and moved.attrs is tile.attrs and tile.q == 1
    assert type(replace(kinds.Marked("rock", 0), mark="y")) is kinds.Marked


def test_a_subclass_adds_its_fields_after_its_bases(kinds):
    marked = kinds.Marked("grass", 1, mark="o")
    assert [f.name for f in fields(marked)] == ["type", "q", "r", "attrs", "spaces", "note", "mark"]
    assert marked.mark == "o" and kinds.Marked("grass", 1).mark == "x"


def test_methods_a_class_writes_itself_are_kept(kinds):
    class Named(Record, frozen=True):
        name: str

        def __repr__(self) -> str:
            return f"<{self.name}>"

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Named) and self.name.lower() == other.name.lower()

        def __hash__(self) -> int:
            return hash(self.name.lower())

    assert repr(Named("A")) == "<A>" and Named("A") == Named("a") and hash(Named("A")) == hash(Named("a"))


def test_mistakes_in_a_declaration_are_refused_when_the_class_is_made(kinds):
    with pytest.raises(ValueError, match="mutable default"):
        class Shared(Record):
            items: list[int] = []  # noqa: RUF012
    with pytest.raises(TypeError, match="'b' has no default but follows one that has"):
        class Order(Record):
            a: int = 0
            b: int
    with pytest.raises(TypeError, match="frozen Record and a mutable one"):
        class Thawed(kinds.Disc, frozen=False):
            pass
    with pytest.raises(ValueError, match="not both"):
        field(default=1, default_factory=int)


def test_class_variables_are_not_fields(kinds):
    class Counted(Record):
        KINDS: ClassVar[tuple[str, ...]] = ("a", "b")
        kind: str = "a"

    assert [f.name for f in fields(Counted)] == ["kind"] and Counted.KINDS == ("a", "b")


class Kept(Record, frozen=True):  # (a class pickle finds by its name)
    name: str
    parts: dict[str, int] = field(default_factory=dict)


def test_values_copy_and_pickle(kinds):
    tile, disc = kinds.Tile("grass", 1, attrs={"a": "b"}), kinds.Disc(19.0)
    for value in (tile, disc):
        assert copy.copy(value) == value and copy.deepcopy(value) == value
    for value in (Kept("a", {"b": 1}), Kept("c")):
        assert copy.copy(value) == value and copy.deepcopy(value) == value
        assert pickle.loads(pickle.dumps(value)) == value


def test_init_names_its_class_in_errors_as_python_does(kinds):
    with pytest.raises(TypeError, match=r"Disc.__init__\(\) missing 1 required positional argument: 'diameter'"):
        kinds.Disc()
    with pytest.raises(TypeError, match=r"Disc.__init__\(\) takes from 2 to 4 positional arguments but 5 were given"):
        kinds.Disc(1.0, "a", (), "extra")
    with pytest.raises(TypeError, match=r"Disc.__init__\(\) got multiple values for argument 'diameter'"):
        kinds.Disc(1.0, diameter=2.0)
    with pytest.raises(TypeError, match=r"missing 2 required positional arguments: 'type' and 'q'|"
                                        r"missing 2 required positional arguments: 'type', 'q'"):
        kinds.Tile()


def test_a_class_compiles_its_init_after_its_first_values_and_makes_the_same_values(monkeypatch):
    monkeypatch.setattr(records, "COMPILE_AFTER", 3)
    made = declare()
    binding = made.Tile.__dict__["__init__"]
    before = inspect.signature(made.Tile)
    tiles = [made.Tile("grass", q, attrs={"q": str(q)}) for q in range(6)]
    compiled = made.Tile.__dict__["__init__"]
    assert compiled is not binding and inspect.signature(made.Tile) == before
    assert [vars(t) for t in tiles] == [{"type": "grass", "q": q, "r": 0, "attrs": {"q": str(q)}, "spaces": [(0, 0)],
                                         "note": ""} for q in range(6)]
    assert [t.spaces for t in tiles[2:]] == [[(0, 0)]] * 4 and tiles[4].spaces is not tiles[5].spaces
    discs = [made.Disc(float(d)) for d in range(1, 6)]
    assert made.Disc.__dict__["__init__"].__name__ == "__init__" and discs[-1] == made.Disc(5.0)
    with pytest.raises(ValueError, match="positive diameter"):
        made.Disc(0.0)


def test_the_signature_of_a_class_names_its_fields_with_their_annotations_and_defaults(kinds):
    """`inspect.signature` (and so `help`) of a Record class shows its fields as `__init__` takes
    them, not `(*args, **kwargs)`; a subclass adds its own after its bases', and a class that
    writes its own `__init__` shows that one."""
    assert str(inspect.signature(kinds.Tile)) == (
        "(type: 'str', q: 'int', r: 'int' = 0, attrs: 'dict[str, str]' = <factory>, "
        "spaces: 'list[tuple[int, int]]' = <factory>, note: 'str' = '')")
    assert list(inspect.signature(kinds.Marked).parameters) == ["type", "q", "r", "attrs", "spaces", "note", "mark"]
    assert str(inspect.signature(kinds.Disc)) == "(diameter: 'float', source: 'str' = 'measured', seen: 'tuple[str, ...]' = ())"
    assert inspect.signature(kinds.Tile).bind("grass", 1, r=2).arguments == {"type": "grass", "q": 1, "r": 2}
    assert kinds.Tile("grass", 1).__signature__ is None  # a value is not called

    def own_init(self, text: str) -> None:
        self.a = int(text)

    Hand = type("Hand", (Record,), {"__annotations__": {"a": "int"}, "__init__": own_init})

    class Child(Hand):  # type: ignore[valid-type, misc]
        b: int = 0

    assert str(inspect.signature(Hand)) == "(text: 'str') -> 'None'"
    assert list(inspect.signature(Child).parameters) == ["a", "b"]  # Record makes the subclass's __init__


def test_inspect_is_not_imported_to_make_a_record_class():
    import subprocess
    import sys

    code = ("import sys\nfrom mapkit.records import Record\nclass T(Record):\n    a: int = 0\n"
            "T(); T.__init__\nprint('inspect' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout == "False\n"


# -- the package has one kind of value class ------------------------------------------------------

def _modules() -> list[Path]:
    return sorted((ROOT / "mapkit").rglob("*.py")) + sorted((ROOT / "tests").glob("*.py"))


def _second_dialect(text: str, where: str) -> list[str]:
    """What in a module's text is a value class not made by `Record`, or fields listed by hand."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            if "dataclasses" in names:
                found.append(f"{where}:{node.lineno}: imports dataclasses")
        if isinstance(node, ast.ClassDef) and any(isinstance(b, ast.Name) and b.id == "Record" for b in node.bases):
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                    found.append(f"{where}:{item.lineno}: {node.name} writes its own __init__")
                targets = item.targets if isinstance(item, ast.Assign) else \
                    [item.target] if isinstance(item, ast.AnnAssign) else []
                if {"_fields", "_compared", "__slots__"} & {t.id for t in targets if isinstance(t, ast.Name)}:
                    found.append(f"{where}:{item.lineno}: {node.name} lists its fields by hand")
    return found


def test_no_dataclass_remains_and_no_record_lists_its_fields_by_hand():
    found = []
    for path in sorted((ROOT / "mapkit").rglob("*.py")) + sorted((ROOT / "tests").glob("*.py")):
        found += _second_dialect(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert found == []


def test_the_check_above_sees_a_dataclass_and_fields_listed_by_hand():
    text = ("from dataclasses import dataclass\n"
            "class A(Record):\n    _fields = ('a',)\n    def __init__(self, a):\n        self.a = a\n")
    assert _second_dialect(text, "a.py") == ["a.py:1: imports dataclasses", "a.py:3: A lists its fields by hand",
                                               "a.py:4: A writes its own __init__"]
