"""Equality, repr and copies for the plain value classes that every command loads.

The model, the limits, the registry, the output targets and the API's results were
dataclasses. Importing `dataclasses` (which imports `inspect`, and with it `ast`, `dis` and
`tokenize`) and `typing`, and building the classes, was the largest part of `mapkit info` on a
10,000-tile map, more than reading the map (with the other imports trimmed at the same time,
90 ms became 58). So those classes write their own `__init__` (typed, with their
defaults) and take from here what a dataclass would have given them: equality and repr by
the fields they list, a hash for the frozen ones, and `replace`. Classes off that path stay
dataclasses.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeVar

    R = TypeVar("R", bound="Record")


class Record:
    """A value class: equal to another of its class whose `_compared` fields are equal, shown
    by its `_fields` (as a dataclass shows itself), unhashable (it is mutable)."""

    #: Every field, in order (repr); the fields equality looks at (default: all of them).
    _fields: tuple[str, ...] = ()
    _compared: tuple[str, ...] | None = None

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in (self._compared or self._fields))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({shown})"


class FrozenRecord(Record):
    """A Record whose fields are set once, in `__init__` (with `object.__setattr__`); hashable."""

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: {type(self).__qualname__} is frozen")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: {type(self).__qualname__} is frozen")

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(self._key())


def replace(record: R, **changes: Any) -> R:
    """A copy of `record` with some fields changed (as `dataclasses.replace`; lists and dicts
    are shared with the original, as there). A dataclass is handed to `dataclasses.replace`."""
    if hasattr(record, "__dataclass_fields__"):
        import dataclasses

        return dataclasses.replace(record, **changes)  # type: ignore[type-var]
    unknown = set(changes) - set(record._fields)
    if unknown:
        raise TypeError(f"{type(record).__qualname__} has no field {', '.join(sorted(unknown))}")
    new = object.__new__(type(record))
    new.__dict__.update(record.__dict__, **changes)
    return new
