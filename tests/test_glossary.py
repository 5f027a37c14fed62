"""The glossary of docs/architecture.md names code that exists, so it cannot drift from it.

Every entry gives a word's meaning in the game's own words, then after **code:** the names the
code gives it. Each `mapkit.` name there must resolve: a module, or an attribute of one (a
class's field counts, as `Map.rooms` is set in `__init__`).
"""

from __future__ import annotations

import dataclasses
import importlib
import re
from typing import Any

import pytest

from conftest import ROOT

GLOSSARY_HEAD = "## Glossary"
CODE_NAME = re.compile(r"`(mapkit(?:\.\w+)*)`")


def entries(text: str) -> dict[str, str]:
    """word -> the entry's text, for each `- **word**: ...` bullet of the glossary section."""
    section = text[text.index(GLOSSARY_HEAD):]
    section = section[:m.start()] if (m := re.search(r"\n## ", section[3:])) else section
    found = {}
    for bullet in re.split(r"\n- ", section)[1:]:
        word = re.match(r"\*\*([^*]+)\*\*", bullet)
        assert word, f"a glossary bullet that names no word: {bullet[:60]!r}"
        found[word.group(1)] = " ".join(bullet.split())
    return found


def _has_field(owner: Any, name: str) -> bool:
    """Whether a class declares `name` as a field its instances carry (records, dataclasses, slots)."""
    if not isinstance(owner, type):
        return False
    if dataclasses.is_dataclass(owner) and name in {f.name for f in dataclasses.fields(owner)}:
        return True
    return any(name in getattr(cls, "_fields", ()) or name in getattr(cls, "__slots__", ())
               or name in getattr(cls, "__annotations__", {}) for cls in owner.__mro__)


def resolve(dotted: str) -> None:
    """Import the longest module `dotted` starts with, then walk the rest as attributes or fields."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        break
    else:
        raise AssertionError(f"{dotted}: no such module")
    for i, name in enumerate(parts[cut:]):
        if hasattr(obj, name):
            obj = getattr(obj, name)
        elif _has_field(obj, name) and i == len(parts) - cut - 1:
            return
        else:
            raise AssertionError(f"{dotted}: {'.'.join(parts[:cut + i])} has no {name}")


GLOSSARY = entries((ROOT / "docs" / "architecture.md").read_text("utf-8"))


def test_the_glossary_has_the_words_the_code_must_agree_on():
    assert {"hex", "space", "Level", "z", "cell", "piece", "tile", "scenario", "notes", "room", "Book",
            "placement"} <= set(GLOSSARY)


@pytest.mark.parametrize("word", sorted(GLOSSARY))
def test_each_glossary_word_names_code_that_exists(word):
    entry = GLOSSARY[word]
    assert "**code:**" in entry, f"{word}: the entry does not say how the code names it"
    names = CODE_NAME.findall(entry.split("**code:**", 1)[1])
    assert names, f"{word}: no `mapkit.` name after **code:**"
    for name in names:
        resolve(name)


def test_a_name_that_is_not_there_fails():
    with pytest.raises(AssertionError, match="has no notes_text"):
        resolve("mapkit.model.map.Map.notes_text")
    with pytest.raises(AssertionError, match="no such module"):
        resolve("mapkitx.grid")
    resolve("mapkit.model.map.Map.rooms")  # a field set in __init__
    resolve("mapkit.model.map.Cell")
