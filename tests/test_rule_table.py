"""The rule table accounts for every heading of every seed, and docs/rules.md holds it as generated.

A heading is what the seeds use to title a passage, in any of their styles: a Markdown heading
line (000), a line in capitals (001-003), a numbered step (004, "2. Move the figures ..."), an
"EXAMPLE n" line, or a paragraph led by a short title and a colon ("**Doorways:** A figure ...",
"• Moving up: When you ...", "Falling: When a figure ..."). A lead counts when it is bold, comes
after a bullet, is one or two words, or is in title case; "Note:" leads belong to the passage
above them.
"""

from __future__ import annotations

import importlib
import json
import os
import re
from pathlib import Path

import pytest

from mapkit.rules import table

ROOT = Path(__file__).resolve().parent.parent


def seeds_dir() -> Path:
    """$MAPKIT_SEEDS, else the seeds beside the corpus ($MAPKIT_CORPUS/../seeds), else ../shared/seeds."""
    if os.environ.get("MAPKIT_SEEDS"):
        return Path(os.environ["MAPKIT_SEEDS"])
    if os.environ.get("MAPKIT_CORPUS"):
        return Path(os.environ["MAPKIT_CORPUS"]).parent / "seeds"
    return ROOT.parent / "shared" / "seeds"


SEEDS = seeds_dir()
SMALL = {"a", "an", "and", "as", "at", "by", "for", "from", "in", "of", "on", "or", "the", "to", "with", "onto"}
NOT_HEADINGS = {"note", "i.e.", "e.g."}


def headings(text: str) -> list[str]:
    """The headings of a seed, in order, each once."""
    found: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        markdown = line.startswith("#")
        body = line.lstrip("#").strip()
        bullet = bool(re.match(r"^[•·\-]\s", body))
        body = re.sub(r"^[•·\-.]\s*", "", body)
        plain = body.replace("**", "").replace("\\*", "").strip("* ").strip()
        heading = None
        if not plain:
            continue
        if markdown:
            heading = plain
        elif re.match(r"^EXAMPLE\s+\d+", plain):
            heading = re.match(r"^(EXAMPLE\s+\d+)", plain).group(1)
        elif len(re.sub(r"[^A-Za-z]", "", plain)) >= 4 and re.sub(r"[^A-Za-z]", "", plain).isupper() \
                and len(plain) <= 60:
            heading = plain.rstrip(":")
        elif re.match(r"^\d+\.\s+[A-Z].{0,60}$", plain):
            heading = re.sub(r"^\d+\.\s+", "", plain)
        elif body.startswith("**") and "**" in body[2:]:
            lead = body[2:body.index("**", 2)].strip().rstrip(":").strip()
            heading = lead if lead.lower() not in NOT_HEADINGS else None
        else:
            match = re.match(r"^([A-Z][^:]{0,80}?):\s+\S", plain)
            if match:
                lead = match.group(1).strip()
                words = lead.split()
                titled = all(w[0].isupper() or w.lower() in SMALL or len(w) < 4 for w in words)
                if lead.lower() not in NOT_HEADINGS and len(words) <= 9 and (bullet or len(words) <= 2 or titled):
                    heading = lead
        if heading and heading not in found:
            found.append(heading)
    return found


def seed_files() -> list[Path]:
    if not SEEDS.is_dir():
        pytest.skip(f"the seed documents are not at {SEEDS}")
    return sorted(SEEDS.glob("*.txt"))


def seed_key(path: Path) -> str:
    return path.name.split("_", 1)[0]


def test_the_heading_reader_on_each_style():
    text = "\n".join(["# **C3G Building Rules**", "**Doorways:** A figure outside", "Half Hex Movement: Figures",
                      "DRAFTING VEHICLES", "EXAMPLE 2: Entering a Vehicle", "• Moving up: When you move",
                      "Falling: When a figure", "Note: Glyphs and water tiles", "Stairway Hexes come in two versions: x",
                      "2. Move the figures on the Army Card", "from smallest to largest as follows: tiny"])
    assert headings(text) == ["C3G Building Rules", "Doorways", "Half Hex Movement", "DRAFTING VEHICLES",
                              "EXAMPLE 2", "Moving up", "Falling", "Move the figures on the Army Card"]


def test_every_seed_is_in_the_table():
    known = table.table_data()["seeds"]
    assert {seed_key(p) for p in seed_files()} == set(known)
    for path in seed_files():
        assert known[seed_key(path)]["file"] == path.name


def test_every_heading_is_traced_or_listed_as_not_checked():
    traced = {(s["seed"], s["heading"]) for row in table.rows() for s in row["seeds"]}
    unchecked = {(u["seed"], u["heading"]) for u in table.unchecked() if not u["part"]}
    examples = {(e["seed"], e["heading"]) for e in table.examples()}
    missing = []
    for path in seed_files():
        for heading in headings(path.read_text(encoding="utf-8")):
            key = (seed_key(path), heading)
            if key not in traced | unchecked | examples:
                missing.append(key)
    assert missing == [], "seed headings neither traced to a rule nor listed as not checked"


def test_every_reference_names_a_real_heading():
    real = {(seed_key(p), h) for p in seed_files() for h in headings(p.read_text(encoding="utf-8"))}
    refs = [(s["seed"], s["heading"]) for row in table.rows() for s in row["seeds"]]
    refs += [(u["seed"], u["heading"]) for u in table.unchecked()]
    refs += [(e["seed"], e["heading"]) for e in table.examples()]
    assert sorted(set(refs) - real) == []


def test_every_rule_has_a_seed_heading_or_an_outside_source():
    for row in table.rows():
        assert row["seeds"] or row["outside"], row["id"]


def test_every_example_is_built_by_a_test_or_says_why_not():
    for e in table.examples():
        if e["test"] is None:
            assert e["why"], e
            continue
        module, _, name = e["test"].partition("::")
        tests = importlib.import_module(module.removesuffix(".py"))
        assert callable(getattr(tests, name, None)), e["test"]


def test_docs_rules_md_holds_the_generated_table():
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    start = text.index("-->\n", text.index("<!-- generated by")) + 4
    end = text.index("<!-- end of generated table -->")
    assert text[start:end] == table.render_markdown(), "regenerate: mapkit rules --table --markdown"


def test_rules_table_command(cli):
    code, out, err = cli("rules", "--table")
    assert code == 0 and "transit" in out and "000 Transit Spaces" in out
    code, out, err = cli("rules", "transit")
    assert "000 (C3G Building Rules): Transit Spaces" in out
    code, out, err = cli("rules", "C303")
    assert "Vehicle rules: legacy only" in out and "003 (C3G Vehicle rules (legacy text)): ENTERING VEHICLES" in out


def _squash(text: str) -> str:
    text = text.replace("’", "'").replace("“", '"').replace("”", '"').replace("\\*", "").replace("**", "")
    text = text.replace("D0", "DO")  # the seed's own typo ("A D0 is not considered")
    text = re.sub(r"(?m)^\s*[-•·]\s+", "", text)  # list bullets
    text = re.sub(r"</?u>", "", text)  # underlined link text in 000
    return re.sub(r"\s+", " ", text).strip().lower()


@pytest.mark.parametrize("module", ["test_seed_divergences", "test_worked_examples"])
def test_docstrings_quote_the_seeds_word_for_word(module):
    """Each test docstring names its seeds (seeds/NNN) and quotes them in double quotes; every
    quoted passage (pieces joined by '...') is found in one of the seeds it names."""
    seeds = {seed_key(p): _squash(p.read_text(encoding="utf-8")) for p in seed_files()}
    tests = importlib.import_module(module)
    checked = 0
    for name in dir(tests):
        fn = getattr(tests, name)
        if not name.startswith("test_") or not callable(fn) or not fn.__doc__:
            continue
        doc = fn.__doc__
        named = sorted(set(re.findall(r"seeds/(\d{3})", doc)))
        assert named, f"{name}: its docstring names no seed"
        for quote in re.findall(r'"([^"]{12,})"', " ".join(doc.split())):
            for piece in re.split(r"\s*(?:\.\.\.|…)\s*", quote):
                piece = _squash(piece).strip(" .,;:")
                if len(piece) < 8:
                    continue
                assert any(piece in seeds[k] for k in named), f"{name}: not in seeds {named}: {piece!r}"
                checked += 1
    assert checked


#: A citation of a file that is not in the package: the project's research notes (`*.md`), the
#: seed files (`seeds/`, `NNN_<hash>.txt`), anything beside the checkout (`../`).
OUTSIDE = re.compile(r"\b[\w-]+\.md\b|\bseeds/|\.\./|\b\d{3}_[0-9a-f]{16}\.txt\b")


def test_rule_documentation_cites_nothing_outside_the_package(cli):
    """`mapkit rules` is read where only the package is installed: it cites the seeds by number,
    title and section and the other sources by their own names, never a file of the checkout
    (issue 25: it cited physical-and-rules.md, hsc-format.md, DESIGN.md and seeds/*.txt)."""
    from mapkit.rules.framework import load_rules

    shown = []
    for args in (("rules",), ("rules", "--table"), ("rules", "--table", "--markdown"), ("rules", "--table", "--json"),
                 ("rules", "--parameters"), ("rules", "--parameters", "--json"), ("rules", "--json")):
        code, out, err = cli(*args)
        assert code == 0, err
        shown.append(out)
    for name in [*load_rules(), *(row["id"] for row in table.rows() if row["kind"] == "computed")]:
        code, out, err = cli("rules", name)
        assert code == 0, (name, err)
        shown.append(out)
    found = sorted({m.group(0) for text in shown for m in OUTSIDE.finditer(text)})
    assert found == [], found


#: A rule source named by a file of the checkout rather than by its title: the seed files and the
#: research notes beside the project (the project's own docs/ are named elsewhere).
#: (a relative link of mapkit's own, `../index.html` between a gallery's pages, is not research: only
#: the folders beside the project are)
RESEARCH = re.compile(r"\bseeds/|\bseeds?\s+\d{3}\b|\b\d{3}_[0-9a-f]{16}\.txt\b|\.\./(?:shared|corpus|cases|peer|docs)\b|"
                      r"physical-and-rules|hsc-format|"
                      r"hexoscape-pieces|landscape\.md|DESIGN\.md|architecture-review")


def _shown_strings(path) -> list[str]:
    """The string constants of a module a user can meet (messages, help, data), docstrings aside."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs]


def test_what_the_package_shows_cites_rules_by_title_not_by_file():
    """Help texts (--vehicle-rules: "current (seeds/001)"), messages (an assumed entry limit
    "(seeds/000)", a vehicle of three spaces "(seeds/004)"), the rule data and the sample Books the
    wheel ships named seed files and research notes no installed package has (issue 25, item 11)."""
    found = []
    for path in sorted((ROOT / "mapkit").rglob("*.py")):
        found += [f"{path.relative_to(ROOT)}: {m.group(0)}" for text in _shown_strings(path)
                  for m in RESEARCH.finditer(text)]
    shipped = [*(ROOT / "mapkit" / "data" / "rules").glob("*.json"), ROOT / "mapkit" / "data" / "rule_table.json",
               *(ROOT / "samples" / "books").glob("*.json")]
    for path in shipped:
        doc = json.loads(path.read_text(encoding="utf-8"))
        for seed in (doc.get("seeds") or {}).values() if isinstance(doc, dict) else ():
            seed.pop("file", None)  # the seed's file name, which the tests above trace it by; never shown
        found += [f"{path.relative_to(ROOT)}: {m.group(0)}" for m in RESEARCH.finditer(json.dumps(doc))]
    assert found == [], found
