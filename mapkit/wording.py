"""How mapkit's texts name a choice their reader can make: in the library's own terms, or as the caller says.

A message, note, finding or page that tells its reader what to do about it ("would lose what hsc
cannot hold (allow_loss=True converts anyway)") names the choice through `option` and `command`.
A Python caller reads the keyword arguments and functions it calls (`allow_loss=True`,
`mapkit.render view=levels`); the `mapkit` command runs each command inside `speaking(...)` with
its own wording, so the same texts name its flags. The library itself never spells a flag; the
wording in force is a context variable, set only for the extent of a `with` (a library call
outside one says things in the library's terms).
"""

from __future__ import annotations

from contextvars import ContextVar


class Wording:
    """The library's own terms: a parameter as a keyword argument, a command as the function."""

    def option(self, name: str, value: object = None) -> str:
        """The choice `name` (a parameter of the library's verbs) set to `value` (None: any value)."""
        return f"{name}=..." if value is None else f"{name}={value}"

    def either(self, *names: str) -> str:
        """Alternative choices (`from_format`, `format`): those its reader can make, as one."""
        return "/".join(self.option(name) for name in names)

    #: The verb of each command whose function is not named as the command is.
    VERBS = {"print": "print_sheets"}

    def command(self, name: str) -> str:
        """The command `name` as the library's verb (a function of `mapkit`)."""
        return f"mapkit.{self.VERBS.get(name, name)}"

    def data(self) -> str:
        """Where an answer's whole document is (all its figures, with their reasoning)."""
        return "the result's doc"


_IN_FORCE: ContextVar[Wording] = ContextVar("mapkit_wording", default=Wording())


def option(name: str, value: object = None) -> str:
    """The choice of parameter `name` (with `value`, if one) in the wording in force."""
    return _IN_FORCE.get().option(name, value)


def either(*names: str) -> str:
    """The alternative choices `names` (parameters of the library's verbs) in the wording in force."""
    return _IN_FORCE.get().either(*names)


def command(name: str) -> str:
    """The verb `name` in the wording in force."""
    return _IN_FORCE.get().command(name)


def data() -> str:
    """Where an answer's whole document is, in the wording in force."""
    return _IN_FORCE.get().data()


class speaking:
    """`with speaking(wording):` the texts made inside name choices in `wording`'s terms."""

    def __init__(self, wording: Wording):
        self.wording = wording

    def __enter__(self) -> Wording:
        self._token = _IN_FORCE.set(self.wording)
        return self.wording

    def __exit__(self, *exc: object) -> None:
        _IN_FORCE.reset(self._token)
