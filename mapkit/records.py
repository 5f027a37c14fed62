"""mapkit's one kind of value class: a `Record` subclass declares each field once, as an annotation.

From the annotations (and their defaults, or `field(default_factory=...)`) the class gets what
`@dataclass` would give it: `__init__` (then `__post_init__` if it has one), equality and repr
by its fields, and with `frozen=True` no assignment and a hash. `replace` makes a changed copy
through `__init__`, so a copy is checked as a new value is.

Why not `dataclasses`: importing it (with `inspect`, and through that `ast`, `dis` and
`tokenize`) and `typing`, and building the classes, was the largest part of `mapkit info` on a
10,000-tile map, more than reading the map (tests/test_startup.py keeps both off that path). Here
equality, hash and repr are shared methods that read per-class tuples of names, and a class's
`__init__` binds its arguments itself until the class proves hot, then compiles (`_make_init`).
mypy reads the classes as dataclasses (`dataclass_transform`, PEP 681, seen only by mypy).
No `__slots__`: a class cannot gain them after it is made, and the instances keep `__dict__`
(caches such as `functools.cached_property` live there).
"""

from __future__ import annotations

from itertools import repeat
from operator import attrgetter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable, ClassVar, TypeVar

    from typing_extensions import dataclass_transform

    R = TypeVar("R", bound="Record")
else:
    def dataclass_transform(**_: object):
        return lambda cls: cls


class _Marker:
    __slots__ = ("shown",)

    def __init__(self, shown: str):
        self.shown = shown

    def __repr__(self) -> str:
        return self.shown


#: No default: the field must be given.
MISSING: Any = _Marker("MISSING")
#: The default `__init__` shows for a field its factory makes.
FACTORY: Any = _Marker("<factory>")


class Field:
    """One field of a Record class: its name, its default or the factory that makes one, and
    whether it counts in equality and hash (`compare`) and shows in the repr (`repr`)."""

    __slots__ = ("name", "default", "default_factory", "compare", "repr")

    def __init__(self, default: Any = MISSING, default_factory: Callable[[], Any] | None = None,
                 compare: bool = True, repr: bool = True, name: str = ""):
        self.name = name
        self.default = default
        self.default_factory = default_factory
        self.compare = compare
        self.repr = repr

    def __repr__(self) -> str:
        return (f"Field(name={self.name!r}, default={self.default!r}, default_factory={self.default_factory!r}, "
                f"compare={self.compare!r}, repr={self.repr!r})")


def field(*, default: Any = MISSING, default_factory: Callable[[], Any] | None = None, compare: bool = True,
          repr: bool = True) -> Any:
    """A field with a factory for its default (a new list for each value, as `dataclasses.field`
    makes one), or left out of equality and hash (`compare=False`) or of the repr (`repr=False`)."""
    if default is not MISSING and default_factory is not None:
        raise ValueError("a field takes a default or a default_factory, not both")
    return Field(default, default_factory, compare, repr)


def fields(record: Record | type[Record]) -> tuple[Field, ...]:
    """The fields of a Record class (or of the class of a value), in `__init__` order."""
    return tuple(Field(default, factory, compare, shown, name)
                 for name, (default, factory, compare, shown) in record._record_fields.items())


#: Values a class makes through the `__init__` that reads its arguments generically before it
#: compiles one of its own: compiling costs about 50,000 instructions a field (`mapkit info` on a
#: small map made six classes' worth, 5 million), the generic one about 300 more a field per value.
COMPILE_AFTER = 256


def _make_init(cls: type, names: tuple[str, ...], defaults: tuple[Any, ...],
               factories: tuple[tuple[str, Callable[[], Any]], ...]) -> Callable[..., None]:
    """`cls.__init__`: for the first `COMPILE_AFTER` values it binds the arguments itself, then it
    compiles the class's own `__init__` (as `dataclasses` does), which takes over.

    A command builds dozens of classes and makes a handful of values of most of them; the few it
    makes thousands of (pieces) get the compiled one, as fast as one written by hand."""
    qualname = f"{cls.__qualname__}.__init__"
    count = len(names)
    required = names[:count - len(defaults)]
    blank = dict.fromkeys(required, MISSING)
    blank.update(zip(names[len(required):], defaults))
    known = frozenset(names)
    post_init = hasattr(cls, "__post_init__")
    frozen = getattr(cls, "_record_frozen", False)
    made = 0

    def bind(args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
        """The fields' values, checked as Python checks a call."""
        if len(args) > count:
            takes = f"from {len(required) + 1} to {count + 1}" if defaults else count + 1
            raise TypeError(f"{qualname}() takes {takes} positional arguments but {len(args) + 1} were given")
        values = dict(blank)
        values.update(zip(names, args))
        if not known.issuperset(kwargs):
            raise TypeError(f"{qualname}() got an unexpected keyword argument {min(set(kwargs) - known)!r}")
        if args and not kwargs.keys().isdisjoint(names[:len(args)]):
            raise TypeError(f"{qualname}() got multiple values for argument "
                            f"{min(kwargs.keys() & set(names[:len(args)]))!r}")
        values.update(kwargs)
        missing = [name for name in required if values[name] is MISSING]
        if missing:
            raise TypeError(f"{qualname}() missing {len(missing)} required positional argument"
                            f"{'s' if len(missing) > 1 else ''}: {', '.join(map(repr, missing))}")
        return values

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        nonlocal made
        made += 1
        if made > COMPILE_AFTER:
            compiled = _compile_init(cls, names, defaults, factories)
            setattr(cls, "__init__", compiled)
            return compiled(self, *args, **kwargs)
        if len(args) == count and not kwargs:  # (every field given, in order)
            values = dict(zip(names, args))
        else:
            if kwargs or not len(required) <= len(args) < count:
                values = bind(args, kwargs)
            else:
                values = dict(blank)
                values.update(zip(names, args))
            for name, make in factories:
                if values[name] is FACTORY:
                    values[name] = make()
        if frozen:
            self.__dict__.update(values)
        else:  # (attribute by attribute: the instance keeps them inline, faster to read than a dict)
            any(map(setattr, repeat(self), values, values.values()))
        if post_init:
            self.__post_init__()

    __init__.__qualname__ = qualname
    # (made here: its signature is the fields', `_Signature`)
    __init__._record_made = True  # type: ignore[attr-defined]
    return __init__


def _compile_init(cls: type, names: tuple[str, ...], defaults: tuple[Any, ...],
                  factories: tuple[tuple[str, Callable[[], Any]], ...]) -> Callable[..., None]:
    """The class's own `__init__`, compiled from its fields (its defaults set after)."""
    made = dict(factories)
    frozen = getattr(cls, "_record_frozen", False)
    body = ["_d = self.__dict__"] if frozen else []
    for name in names:
        value = f"_factory_{name}() if {name} is FACTORY else {name}" if name in made else name
        body.append(f"_d[{name!r}] = {value}" if frozen else f"self.{name} = {value}")
    if hasattr(cls, "__post_init__"):
        body.append("self.__post_init__()")
    text = f"def __init__({', '.join(('self', *names))}):\n" + "".join(f"    {line}\n" for line in body or ["pass"])
    scope: dict[str, Any] = {"FACTORY": FACTORY, **{f"_factory_{name}": make for name, make in factories}}
    space: dict[str, Any] = {}
    # (exec of the text, not of `compile(...)`: the builtin `compile` first makes every `ast` node
    # type, 9 million instructions)
    exec(text, scope, space)
    init: Callable[..., None] = space["__init__"]
    init.__defaults__ = defaults or None
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init._record_made = True  # type: ignore[attr-defined]
    return init


def _no_key(record: object) -> tuple[()]:
    return ()


def _hash(self: Any) -> int:
    return hash(self.__class__._record_key(self))


def _frozen_setattr(self: Any, name: str, value: object) -> None:
    raise AttributeError(f"cannot assign to field {name!r}: {type(self).__qualname__} is frozen")


def _frozen_delattr(self: Any, name: str) -> None:
    raise AttributeError(f"cannot delete field {name!r}: {type(self).__qualname__} is frozen")


class _Signature:
    """A Record class's `__signature__`: its fields, as its `__init__` takes them, with their
    annotations and defaults (a factory's shown as `<factory>`), so `inspect.signature(Piece)` and
    `help(Piece)` name them rather than `(*args, **kwargs)`. Built on first use and kept on the
    class: `inspect` is imported then, never when mapkit is (tests/test_startup.py). None for a
    class that writes its own `__init__` (inspect then reads that) and for a value."""

    def __get__(self, value: object, cls: type[Record]) -> Any:
        if value is not None or not getattr(cls.__init__, "_record_made", False):
            return None
        made = cls.__dict__.get("_record_signature")
        if made is None:
            import inspect

            annotations: dict[str, Any] = {}
            for base in reversed(cls.__mro__):
                annotations.update(base.__dict__.get("__annotations__", {}))
            empty = inspect.Parameter.empty
            either = inspect.Parameter.POSITIONAL_OR_KEYWORD
            made = inspect.Signature([
                inspect.Parameter(name, either, annotation=annotations.get(name, empty),
                                  default=FACTORY if factory is not None else empty if default is MISSING else default)
                for name, (default, factory, _, _) in cls._record_fields.items()])
            type.__setattr__(cls, "_record_signature", made)
        return made


#: Defaults one value would share with every other: refused, as `dataclasses` refuses them.
_MUTABLE = frozenset((list, dict, set))


@dataclass_transform(field_specifiers=(field,))
class Record:
    """A value class: subclass it and annotate the fields (`class Limit(Record, frozen=True)` for
    one that never changes and can be hashed).

    Equal to another of exactly its class whose compared fields are equal; shown as a dataclass
    shows itself; unhashable unless frozen. Methods a class writes itself (`__init__`, `__eq__`,
    `__repr__`, `__hash__`) are kept, as a dataclass keeps them (and so are they in its subclasses).
    Class creation is on the path of every command, so it is kept to one pass over the fields and
    one attribute set on the class (`__init__`; three more for a frozen class)."""

    #: name -> (default, default factory, compared, shown); the class's and its bases', in order.
    _record_fields: ClassVar[dict[str, tuple[Any, Callable[[], Any] | None, bool, bool]]] = {}
    _record_frozen: ClassVar[bool] = False
    #: The compared fields of a value, as one value (an `operator.attrgetter`).
    _record_key: ClassVar[Callable[[Any], Any]] = staticmethod(_no_key)
    _record_shown: ClassVar[tuple[str, ...]] = ()
    #: What `inspect.signature` of the class gives: its fields (`_Signature`).
    __signature__: ClassVar[Any] = _Signature()

    def __init_subclass__(cls, frozen: bool | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if frozen is None:
            frozen = cls._record_frozen
        elif frozen != cls._record_frozen and cls._record_fields:
            raise TypeError(f"{cls.__qualname__}: a frozen Record and a mutable one cannot inherit from each other")
        own = cls.__dict__
        found = dict(cls._record_fields)
        for name, annotation in own.get("__annotations__", {}).items():
            if "ClassVar" in (annotation if annotation.__class__ is str else repr(annotation)):
                continue
            value = own.get(name, MISSING)
            if value.__class__ is Field:
                default = value.default
                found[name] = (default, value.default_factory, value.compare, value.repr)
                if default is MISSING:  # the class attribute becomes the default, as in a dataclass
                    delattr(cls, name)
                else:
                    setattr(cls, name, default)
            else:
                default = value
                found[name] = (value, None, True, True)
            if default.__class__ in _MUTABLE:
                raise ValueError(f"{cls.__qualname__}.{name}: a mutable default ({type(default).__name__}) "
                                 f"would be shared by every value; use field(default_factory=...)")
        defaults: list[Any] = []
        factories, compared, shown = [], [], []
        for name, (default, factory, compare, show) in found.items():
            if factory is not None:
                factories.append((name, factory))
                defaults.append(FACTORY)
            elif default is not MISSING:
                defaults.append(default)
            elif defaults:
                raise TypeError(f"{cls.__qualname__}: field {name!r} has no default but follows one that has")
            if compare:
                compared.append(name)
            if show:
                shown.append(name)
        cls._record_fields = found
        cls._record_frozen = frozen
        cls._record_key = staticmethod(attrgetter(*compared)) if compared else staticmethod(_no_key)
        cls._record_shown = tuple(shown)
        if "__init__" not in own:
            setattr(cls, "__init__", _make_init(cls, tuple(found), tuple(defaults), tuple(factories)))
        if frozen:
            if "__hash__" not in own or (own["__hash__"] is None and "__eq__" in own):
                setattr(cls, "__hash__", _hash)
            setattr(cls, "__setattr__", _frozen_setattr)
            setattr(cls, "__delattr__", _frozen_delattr)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        key = self.__class__._record_key
        return bool(key(self) == key(other))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._record_shown)
        return f"{type(self).__qualname__}({shown})"


def replace(record: R, **changes: Any) -> R:
    """A copy of `record` with some fields changed, made by the class's `__init__` (its checks
    run; lists and dicts not changed are shared with the original, as in `dataclasses.replace`)."""
    given = record._record_fields
    unknown = set(changes).difference(given)
    if unknown:
        raise TypeError(f"{type(record).__qualname__} has no field {', '.join(sorted(unknown))}")
    values = {name: getattr(record, name) for name in given}
    values.update(changes)
    return record.__class__(**values)
