"""The command line's words for the choices library texts name (`mapkit.wording`): its flags.

A command speaks in the flags it has: advice that names an option the running command lacks
(`mapkit info` has no `--to`, `mapkit print` no `--profile`) names the command that has it
(`mapkit validate --profile c3g`), and of alternatives (`either`) only those it has."""

from __future__ import annotations

from mapkit.wording import Wording

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    import argparse
    from typing import Callable, Mapping

#: The flag of each library parameter whose name is not the flag's (`--name` with `-` for `_`).
FLAG_OF = {"format": "--to", "from_format": "--from"}


class Flags(Wording):
    """A parameter as its flag (`--allow-loss`, `--scenario K`), a verb as its command (`mapkit render`).

    `options`: the option strings of the command running (`Flags.of`), None for any; `every`
    gives every command's parser by name, asked only when advice names a flag the command lacks."""

    def __init__(self, options: frozenset[str] | None = None,
                 every: Callable[[], Mapping[str, argparse.ArgumentParser]] | None = None):
        self.options = options
        self.every = every

    @classmethod
    def of(cls, command: argparse.ArgumentParser | None,
           every: Callable[[], Mapping[str, argparse.ArgumentParser]] | None = None) -> Flags:
        """The wording of the command `command` parses (None: of no one command), `every` as above."""
        if command is None:
            return FLAGS
        return cls(frozenset(s for action in command._actions for s in action.option_strings), every)

    def option(self, name: str, value: object = None) -> str:
        flag = flag_of(name)
        said = flag if value is None or value is True else f"{flag} {value}"
        if self.options is None or flag in self.options:
            return said
        other = self.command_with(flag)
        return said if other is None else f"{self.command(other)} {said}"

    def either(self, *names: str) -> str:
        had = [flag_of(name) for name in names if self.options is None or flag_of(name) in self.options]
        return "/".join(had) if had else self.option(names[0])

    def command_with(self, flag: str) -> str | None:
        """The first command (in `mapkit --help`'s order) that takes `flag`; None if none does."""
        for name, parser in (self.every() if self.every is not None else {}).items():
            if any(flag in action.option_strings for action in parser._actions):
                return name
        return None

    def command(self, name: str) -> str:
        return f"mapkit {name}"

    def data(self) -> str:
        return "--json"


def flag_of(name: str) -> str:
    """The flag of the library's parameter `name`."""
    return FLAG_OF.get(name) or "--" + name.replace("_", "-")


FLAGS = Flags()
