"""The docs name only options the commands take, as the commands spell them (issue 25, item 2).

Every `--option` the README and docs/*.md write in code (`--start Q,R,LEVEL`, `mapkit analyze
MAP --mover vehicle`) is read against the parser: an option of the command the span names (any
command's when it names none, or a benchmark script's), its placeholder the parser's metavar,
its words among the parser's choices. The docs once said `--from Q,R,LEVEL` where the option is
`--start` (`--from` takes a format)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md", ROOT / "CHANGELOG.md"]

#: A code span that holds an option.
SPAN = re.compile(r"`([^`\n]*(?<![\w-])--[a-z][^`\n]*)`")
#: An option, and what the span writes after it: a PLACEHOLDER (Q,R,LEVEL; NAME=VALUE) or words
#: of a choice (single|double; "\|" inside a table).
OPTION = re.compile(r"(?<![\w-])(--[a-z][a-z0-9-]*)(?:[ =]((?:[A-Z][A-Z0-9_,.=]*)(?![\w|])|[a-z][\w-]*(?:\\?\|[a-z][\w-]*)+))?")
#: A span that gives `-o` a picture, a sheet or a page.
PICTURE_O = re.compile(r"`([^`\n]*(?<![\w-])-o [^`\s]+\.(?:png|svg|pdf|html)\b[^`\n]*)`", re.IGNORECASE)
#: A span that runs a command of mapkit (its options are that command's).
COMMAND = re.compile(r"^(?:python -m )?mapkit (\w+)")
#: A fenced block (```), whose lines are code too.
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.DOTALL | re.MULTILINE)


def fenced_commands(text: str) -> list[str]:
    """The mapkit command lines of the document's fenced blocks (a usage synopsis, a shell session),
    each with the lines that carry on its options ("    [--select CODES]"), written as code spans
    so `problems` reads them as it reads the spans of the prose."""
    out = []
    for block in FENCE.finditer(text):
        command = None
        for line in block.group(1).splitlines() + [""]:
            said = re.sub(r"^(?:\$ |.*&& )", "", line.strip())
            if COMMAND.match(said):
                if command:
                    out.append(command)
                command = said
            elif command and line[:1].isspace() and said.startswith("["):
                command += " " + said
            elif command:
                out.append(command)
                command = None
    return ["`" + c.replace("`", "") + "`" for c in out]


def parsers() -> dict[str, dict[str, argparse.Action]]:
    """Command name -> option string -> its action, from `mapkit`'s own parser."""
    from mapkit.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {name: {s: a for a in p._actions for s in a.option_strings} for name, p in sub.choices.items()}


def reports() -> set[str]:
    """The commands whose `-o` is the report they would print (`mapkit.cli.common.add_report_options`)."""
    from mapkit.cli import build_parser

    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return {name for name, p in sub.choices.items() if p.get_default("_report") is not None}


def script_options() -> set[str]:
    """The options the benchmark scripts take (the docs on performance run them)."""
    found: set[str] = set()
    for path in (ROOT / "benchmarks").glob("*.py"):
        found |= set(re.findall(r"add_argument\(\s*[\"'](--[a-z][a-z0-9-]*)", path.read_text(encoding="utf-8")))
    return found


def problems(text: str, commands: dict[str, dict[str, argparse.Action]], scripts: set[str]) -> list[str]:
    """What the code spans of one document say that the parser does not take."""
    out = []
    every: dict[str, list[argparse.Action]] = {}
    for options in commands.values():
        for name, action in options.items():
            every.setdefault(name, []).append(action)
    for span in PICTURE_O.finditer(text):  # `-o` is the report of a command that prints one
        named = COMMAND.match(span.group(1))
        if named and named.group(1) in reports():
            out.append(f"`{span.group(1)}`: -o of mapkit {named.group(1)} is its report, not a picture")
    for span in SPAN.finditer(text):
        code = span.group(1)
        named = COMMAND.match(code)
        command = named.group(1) if named and named.group(1) in commands else None
        for found in OPTION.finditer(code):
            option, value = found.group(1), found.group(2)
            actions = [commands[command][option]] if command and option in commands[command] else \
                [] if command else every.get(option, [])
            if not actions:
                if command is None and option in scripts:
                    continue
                out.append(f"`{code}`: {f'mapkit {command}' if command else 'no command'} takes no {option}")
                continue
            if value is None:
                continue
            if value[0].isupper():
                metavars = {a.metavar for a in actions if a.metavar}
                if metavars and value not in metavars:
                    out.append(f"`{code}`: {option} takes {' or '.join(sorted(metavars))}, not {value}")
            else:
                choices = set().union(*(set(map(str, a.choices)) for a in actions if a.choices))
                words = set(re.split(r"\\?\|", value))
                if choices and not words <= choices:
                    out.append(f"`{code}`: {option} has no {', '.join(sorted(words - choices))} "
                               f"(it takes {', '.join(sorted(choices))})")
    return out


@pytest.fixture(scope="module")
def commands():
    return parsers()


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_the_docs_name_the_options_the_parser_takes(doc, commands):
    text = doc.read_text(encoding="utf-8")
    assert problems(text + "\n" + "\n".join(fenced_commands(text)), commands, script_options()) == []


def test_every_doc_is_read():
    """Every Markdown file the project ships or keeps beside its code is among those read."""
    shipped = {p for p in ROOT.rglob("*.md") if not {".venv", ".git", "node_modules"} & set(p.parts)
               and ".pytest_cache" not in p.parts}
    assert shipped <= set(DOCS), sorted(map(str, shipped - set(DOCS)))


def test_usage_blocks_are_read_too(commands):
    """A synopsis in a fenced block is checked as a code span is, its carried-on lines with it
    (docs/validate.md once gave `--collection FILE.vsc|...` where the parser says COLLECTION)."""
    block = "```\nmapkit validate MAP [--profile casual]\n               [--jobs N] [--nope]\nmapkit rules [--json]\n```\n"
    spans = fenced_commands(block)
    assert spans == ["`mapkit validate MAP [--profile casual] [--jobs N] [--nope]`", "`mapkit rules [--json]`"]
    assert problems("\n".join(spans), commands, set()) == [
        "`mapkit validate MAP [--profile casual] [--jobs N] [--nope]`: mapkit validate takes no --nope"]
    assert problems("\n".join(fenced_commands("```\nmapkit inventory MAP [--collection FILE.vsc]\n```\n")),
                    commands, set()) == ["`mapkit inventory MAP [--collection FILE.vsc]`: --collection takes COLLECTION, not FILE"]


def test_the_check_catches_a_wrong_option(commands):
    assert problems("`mapkit analyze MAP --from Q,R,LEVEL`", commands, set()) == [
        "`mapkit analyze MAP --from Q,R,LEVEL`: --from takes FORMAT, not Q,R,LEVEL"]
    assert problems("from `--from Q,R,LEVEL`", commands, set()) == [
        "`--from Q,R,LEVEL`: --from takes FORMAT, not Q,R,LEVEL"]
    assert problems("`mapkit info MAP --start 1,2,3`", commands, set()) == [
        "`mapkit info MAP --start 1,2,3`: mapkit info takes no --start"]
    assert problems("`--mover single\\|walker`", commands, set()) == [
        "`--mover single\\|walker`: --mover has no walker (it takes double, elevator-car, flyer, single, vehicle)"]
    assert problems("`--start HEX,LEVEL`, `--rounds 5`", commands, {"--rounds"}) == []
    assert problems("`mapkit analyze MAP -o HEAT.png`", commands, set()) == [
        "`mapkit analyze MAP -o HEAT.png`: -o of mapkit analyze is its report, not a picture"]
    assert problems("`mapkit render MAP -o OUT.png`", commands, set()) == []


def test_levels_and_start_are_said_one_way():
    """docs/levels.md and the movers table name the one option that picks a space: `--start`."""
    for name in ("levels.md", "rules.md"):
        text = (ROOT / "docs" / name).read_text(encoding="utf-8")
        assert "--start HEX,LEVEL" in text and "--from Q,R" not in text, name


#: Where a doc may write "level N" in lower case: another program's own word, said as such.
OTHER_LEVELS = (re.compile(r"zlib level \d|as level \d in under"),  # PNG compression
                re.compile(r"VirtualScape's level is the height of a tile's bottom: its level 0 is the table"))


def test_levels_are_written_one_way():
    """A Level is written "Level N", the layer of tiles whose top is at height N (docs/levels.md);
    docs/c3g.md once listed C401 as "Cosmos spaces at level 0", where a Cosmos tile on the table is
    a Level 1 tile whose spaces are at height 0."""
    for doc in DOCS:
        text = re.sub(r"\s+", " ", doc.read_text(encoding="utf-8"))
        for found in re.finditer(r"(?<![\w.])level \d", text):  # (not an attribute, `.level`)
            around = text[max(0, found.start() - 100):found.end() + 200]
            assert any(p.search(around) for p in OTHER_LEVELS), (doc.name, around)
