"""The words of a battlefield page: its title, required sets, description and scenarios.

Page title -> Map.name; the page's "Required Sets" -> attrs["sets_used"] and a scenario's own
-> that scenario's attrs["sets_used"] (`mapkit.sets.declared`: set ids, or the names of products
holding no terrain or unknown, with their copies); the page's description -> attrs["description"],
each scenario's number, title, players and text -> Map.scenario_setups, and all scenario texts
together -> Map.notes.
"""

from __future__ import annotations

import re
from typing import Any

from mapkit.formats.glasq.svg import elements, local
from mapkit.model.map import Map, Scenario
from mapkit.sets.declared import REQUIRED as _REQUIRED
from mapkit.sets.declared import REQUIRED_LINE as _REQUIRED_LINE

_SKIP_TEXT = ("svg", "button", "script", "style", "p", "h1", "h2", "div", "hr")


def _own_text(element: Any) -> str:
    """Text of an element without nested paragraphs or drawings; <br/> as a line break."""
    parts = [_spaces(element.text)]
    for child in element:
        name = local(child)
        if name == "br":
            parts.append("\n")
        elif name not in _SKIP_TEXT:
            parts.append(_own_text(child))
        parts.append(_spaces(child.tail))
    return "".join(parts)


def _spaces(text: str | None) -> str:
    """Source line breaks are layout, not text: only <br/> breaks a line."""
    return re.sub(r"\s+", " ", text or "")


def _clean(text: str) -> str:
    lines = [" ".join(line.split()) for line in text.split("\n")]
    out = "\n".join(lines)
    return re.sub(r"\n{3,}", "\n\n", out).strip()


def metadata(root: Any, m: Map) -> None:
    """Title, required sets, the page's description and each scenario's title and text."""
    title = next((_clean("".join(t.itertext())) for t in elements(root, "title")), "")
    if not title:
        title = next((_clean("".join(h.itertext())) for h in elements(root, "h1")), "")
    m.name = title
    for svg in elements(root, "svg"):
        for g in svg:
            match = re.search(r"(hsbf\d+)", g.get("class") or "") if local(g) == "g" else None
            if match:
                m.attrs["page"] = match.group(1)
                break
        if "page" in m.attrs:
            break
    scenarios: list[dict[str, Any]] = []
    description: list[str] = []
    page_sets: dict[str, float | int] | None = None
    current: dict[str, Any] | None = None
    for element in root.iter():
        name = local(element)
        if name == "hr" and "scenario" in (element.get("class") or ""):
            number = re.search(r"(\d+)", element.get("id") or "")
            current = {"number": int(number.group(1)) if number else len(scenarios) + 1, "title": "", "text": ""}
            scenarios.append(current)
        elif name == "h2" and current is not None and not current["title"]:
            current["title"] = _clean(_own_text(element))
        elif name == "p":
            text = _clean(_own_text(element))
            if not text:
                continue
            if "sets" in (element.get("class") or "").split() and current is None \
                    and not _REQUIRED.search(text):  # the class alone: the whole paragraph is the list
                text = "Required Sets: " + text
            declared = _required_sets(text, m.warnings, element.sourceline,
                                      "the page" if current is None else f"scenario {current['number']}")
            if current is None:
                if declared is not None and page_sets is None:
                    page_sets = declared
                rest = _REQUIRED_LINE.sub("", text).strip() if declared is not None else text
                if rest:
                    description.append(rest)
            else:
                if declared is not None and "sets" not in current:
                    current["sets"] = declared
                current["text"] = (current["text"] + "\n\n" + text).strip()
    if page_sets is not None:
        m.attrs["sets_used"] = page_sets
    if description:
        m.attrs["description"] = "\n\n".join(description)
    if scenarios:
        m.scenario_setups = [Scenario(s["number"], s["title"], _players(s["text"]), s["text"],
                                      {"sets_used": s["sets"]} if "sets" in s else None) for s in scenarios]
        m.notes = "\n\n".join(f"{s['title']}\n{s['text']}".strip() for s in scenarios)


def _required_sets(text: str, warnings: list[str], line: int | None, whose: str) -> dict[str, float | int] | None:
    """The sets a "Required Sets: A (2) , B" line of a paragraph names, as `sets_used` (None:
    the paragraph names none)."""
    from mapkit.sets.declared import read_required

    return read_required(text, warnings, f"line {line}: required sets of {whose}" if line else f"required sets of {whose}")


_PLAYERS = re.compile(r"\bfor\s+(\d[^\n]*?Players?(?:[^\n]*?\bTeams?\b)?)", re.IGNORECASE)


def _players(text: str) -> str:
    """How many players a scenario is for, as its text says it: "Master Game for 2 or 3 Players"
    gives "2 or 3", "for 2 Players, or 4 Players in 2 Teams" gives "2, or 4 in 2 Teams"."""
    found = _PLAYERS.search(text)
    if not found:
        return ""
    return " ".join(re.sub(r"\s*\bPlayers?\b", "", found.group(1), flags=re.IGNORECASE).split())
