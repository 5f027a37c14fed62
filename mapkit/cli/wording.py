"""The command line's words for the choices library texts name (`mapkit.wording`): its flags."""

from __future__ import annotations

from mapkit.wording import Wording

#: The flag of each library parameter whose name is not the flag's (`--name` with `-` for `_`).
FLAG_OF = {"format": "--to", "from_format": "--from"}


class Flags(Wording):
    """A parameter as its flag (`--allow-loss`, `--scenario K`), a verb as its command (`mapkit render`)."""

    def option(self, name: str, value: object = None) -> str:
        flag = FLAG_OF.get(name) or "--" + name.replace("_", "-")
        return flag if value is None or value is True else f"{flag} {value}"

    def command(self, name: str) -> str:
        return f"mapkit {name}"

    def data(self) -> str:
        return "--json"


FLAGS = Flags()
