"""The one dialect of every verb's answer: `.text()`, `.json()` and `.save(path)`.

What `mapkit.info`, `validate`, `inventory`, `analyze`, `fit`, `overlay`, `render`, ... return is
a value of its own kind (a `Record`) that also says itself as the command line does: `.text()`
is what the command prints, `.json()` the JSON document it prints with `--json`, and
`.save(path)` writes one of them, atomically, as the name's extension says (a drawing saves its
bytes). Nothing is written unless `save` is asked, so a verb never writes a file of its own
accord (docs/api.md).

Answers that were dicts before (`info`, `inventory`, `analyze`) still answer `result["key"]`,
with a DeprecationWarning: the document is `result.doc`.
"""

from __future__ import annotations

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    import os
    from typing import Any, Callable, Iterator, Union

    #: A file name, as a string or a path.
    PathLike = Union[str, "os.PathLike[str]"]


def dumps(doc: Any, ascii: bool = False) -> str:
    """A JSON document as the commands print it: indented by one, ending with a newline, safe on
    a terminal (`mapkit.escapes.json_text`: control characters and lone UTF-16 halves escaped)."""
    from mapkit.escapes import json_text

    return json_text(doc, ascii)


def deprecated(old: str, new: str) -> None:
    """Warn (DeprecationWarning) that `old` is now `new`, naming the caller's line."""
    import warnings

    warnings.warn(f"{old} is now {new}", DeprecationWarning, stacklevel=3)


class Answer:
    """A verb's answer (mixed into a `Record`): its text, its JSON, either saved on request.

    A subclass gives `text()` and `json()` (or `doc`, the JSON document, for the default `json`);
    `reports()` adds another report (a validation's SARIF) and the extensions that choose it."""

    def text(self) -> str:
        """What the command prints of this answer."""
        raise NotImplementedError

    def json(self) -> str:
        """The JSON document the command prints with `--json`."""
        return dumps(getattr(self, "doc"))

    def reports(self) -> dict[str, tuple[Callable[[], str], tuple[str, ...]]]:
        """Each report this answer gives, by name: the method that makes it and the extensions
        that choose it (the first name is taken for any other)."""
        return {"text": (self.text, ()), "json": (self.json, (".json",))}

    def save(self, path: PathLike, format: str | None = None) -> None:
        """Write a report to `path` atomically (`mapkit.io`): the one its extension chooses
        (".json": `json()`; anything else: `text()`), or the one `format` names. Raises
        OptionError for a `format` this answer has not, OutputError when `path` cannot be written."""
        from mapkit.errors import choice
        from mapkit.io import write_output

        made = self.reports()
        if format is None:
            name = str(path).lower()
            format = next((key for key, (_, ends) in made.items() if name.endswith(ends) and ends), next(iter(made)))
        write_output(path, made[choice(format, made, "report format", "format")][0]())


class Document(Answer):
    """An answer that is a JSON document (`doc`), as `info`, `inventory` and `analyze` give.

    It used to be the dict itself: reading it as one still works, with a DeprecationWarning
    (`VERB` names the function in it)."""

    VERB = "the verb"
    if TYPE_CHECKING:
        doc: dict[str, Any]

    def _as_dict(self) -> dict[str, Any]:
        deprecated(f"mapkit.{self.VERB}(...)[key], a dict",
                   f"a {type(self).__name__}: read mapkit.{self.VERB}(...).doc")
        return self.doc

    def __getitem__(self, key: str) -> Any:
        return self._as_dict()[key]

    def __contains__(self, key: object) -> bool:
        return key in self._as_dict()

    def __iter__(self) -> Iterator[str]:
        return iter(self._as_dict())

    def get(self, key: str, default: Any = None) -> Any:
        return self._as_dict().get(key, default)

    def keys(self) -> Any:
        return self._as_dict().keys()

    def items(self) -> Any:
        return self._as_dict().items()
