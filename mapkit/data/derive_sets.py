"""Derive mapkit's set table (`mapkit/data/sets.json`) from the researched three-source CSV.

Run: python3 -m mapkit.data.derive_sets [path/to/set_inventories.csv]

The CSV (shared/corpus/inventories/set_inventories.csv) compares Hexoscape, VirtualScape and
HeroscapeBuilder counts per (set, piece). This script keeps every row's counts, status and note
as provenance, picks one count per row, and records each choice where the sources disagree or one
of them is doubtful (DECISIONS below). The CSV itself is never copied into the project.
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

from mapkit.model.catalog import catalog

SOURCES = ("hexoscape", "virtualscape", "heroscapebuilder")

#: What kind of product each set is: a master set, a terrain expansion (battle boxes count as one),
#: a tournament kit, or a community standard (never offered as an official product).
KINDS = {
    "RotV": "master", "MtCB": "master", "SotM": "master", "BftU": "master", "AoA": "master",
    "TOTK": "kit", "MSTK": "community",
}

#: (set, piece_key) -> (count chosen, why). Every CONFLICT row and every doubtful row is here.
DECISIONS: dict[tuple[str, str], tuple[int, str]] = {
    ("TT", "glacier1"): (3, "CONFLICT Hexoscape 1 vs VirtualScape 3: the RPGnet review counts six glaciers "
                            "(3 x 1-hex + 3-, 4- and 6-hex), which only VirtualScape's count gives"),
    ("SotM", "grass1"): (1, "Hexoscape omits the SotM grass; VirtualScape and HeroscapeBuilder agree on 1"),
    ("SotM", "grass2"): (1, "Hexoscape omits the SotM grass; VirtualScape and HeroscapeBuilder agree on 1"),
    ("LFoV", "lava3"): (3, "Hexoscape says 20 3-hex molten lava, flagged SUSPECT: the retail text says 'over 120 "
                           "hexes' (95 field + 20 + 3x3 = 124; 20x3 would give 175) and the sibling packs SFoV and "
                           "SoV have 3 three-hex fluid tiles"),
    ("TT", "ice3"): (1, "glacier base: Hexoscape counts the ice bases of the 3/4/6-hex glaciers as pieces; "
                        "VirtualScape's glaciers carry their base, so it is silent. Kept (a map from Hexoscape may "
                        "place them)"),
    ("TT", "ice4"): (1, "glacier base, as ice3"),
    ("TT", "ice6"): (1, "glacier base, as ice3"),
    ("SotM", "swampWater6"): (1, "hive base: VirtualScape adds it with the hive; Hexoscape lists it. Kept"),
    ("BftU", "shadow3"): (1, "outcrop base (3-hex shadow with holes), Hexoscape only. Kept"),
    ("BftU", "shadow1"): (11, "the sources agree on 8, the plain shadow tiles; the set's 3 one-hex rock outcrops "
                              "stand on shadow tiles of their own beside them (catalog base_tiles). The official "
                              "pages need 8 + 3 for each copy of the set they name: River of Blood Room 4 "
                              "(heroscape.glasq.com hsbf0056, one set) draws 9 shadow tiles and places 2 outcrops; "
                              "Shadow Cavern Room 4 (hsbf0065, two sets) 17 and 5; Shadow Cavern Room 1 (hsbf0062, "
                              "two sets) 14 and 6, whose scenario 2 leaves the 6 outcrops' shadow bases in place"),
    ("MtCB", "concrete6"): (1, "base of the Marvel warehouse ruin, Hexoscape only; OgreCave's 39 tiles count it. Kept"),
    ("FotA", "flag"): (1, "VirtualScape only (Hexoscape omits the flag). Kept"),
}


#: Piece keys the CSV spells differently from the catalog (same physical piece).
ALIASES = {
    "laurWallSquarePillar": ("laur-pillar", "the square Laur pillar (HeroscapeBuilder 'single wall connector') is "
                                            "the catalog's laur-pillar"),
    "laurWallRuin1": ("laur-wall-ruin", "AoA's wall ruin piece is the catalog's laur-wall-ruin"),
}

#: VirtualScape's user-defined "personal" tile: a type id, not a piece any set contains.
PERSONAL_VS = 17000


def _count(value: str) -> int | None:
    value = value.strip()
    return int(value) if value else None


def _type_for(row: dict[str, str]) -> str | None:
    cat = catalog()
    key = row["piece_key"].strip()
    if key in ALIASES:
        return ALIASES[key][0]
    for ptype in cat.types.values():
        if ptype.hexoscape_inventory == key:
            return ptype.id
    vs = row["virtualscape_type"].strip()
    if vs.isdigit() and int(vs) in cat.by_vs and int(vs) != PERSONAL_VS:
        return cat.by_vs[int(vs)].id
    return None


def choose(set_id: str, row: dict[str, str]) -> tuple[int, str]:
    """The count mapkit uses for one row, and why."""
    counts = {s: _count(row[f"count_{s}"]) for s in SOURCES}
    if (set_id, row["piece_key"]) in DECISIONS:
        return DECISIONS[(set_id, row["piece_key"])]
    given = {v for v in counts.values() if v is not None}
    if len(given) == 1:
        return given.pop(), "sources agree" if row["status"] == "agree" else "single source"
    raise ValueError(f"{set_id} {row['piece_key']}: sources disagree {counts} and no decision is recorded")


def hexoscape_sets() -> dict:
    """Set letters, heroscape.org numbers and announced products (mapkit/data/hexoscape_sets.json)."""
    return json.loads(Path(__file__).with_name("hexoscape_sets.json").read_text(encoding="utf-8"))


def _with_hexoscape_ids(sets: dict[str, dict]) -> None:
    """Give each set its Hexoscape letter and heroscape.org number, and add the announced products."""
    extra = hexoscape_sets()
    letter_of = {set_id: letter for letter, set_id in extra["letters"].items()}
    for set_id, entry in sets.items():
        entry["hexoscape_letter"] = letter_of.get(set_id)
        entry["heroscape_org"] = extra["heroscape_org"].get(set_id)
    cat = catalog()
    for product in extra["announced"]:
        unknown = [t for t in product["pieces"] if t not in cat]
        if unknown:
            raise ValueError(f"{product['id']}: pieces not in the catalog: {unknown}")
        sets[product["id"]] = {
            "id": product["id"], "name": product["name"], "publisher": product["publisher"],
            "release": product["release"], "kind": "announced", "pieces": dict(product["pieces"]),
            "rows": [], "unmapped": [], "source": product["source"],
            "hexoscape_letter": None, "heroscape_org": None}


def derive(csv_path: Path) -> dict:
    sets: dict[str, dict] = {}
    decisions = []
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            set_id = row["set_abbr"].strip()
            entry = sets.setdefault(set_id, {
                "id": set_id, "name": row["set_name"].strip(), "publisher": row["publisher"].strip(),
                "release": row["release"].strip(), "kind": KINDS.get(set_id, "expansion"),
                "pieces": {}, "rows": [], "unmapped": []})
            count, why = choose(set_id, row)
            type_id = _type_for(row)
            record = {"piece_key": row["piece_key"], "type": type_id, "count": count,
                      "counts": {s: _count(row[f"count_{s}"]) for s in SOURCES},
                      "status": row["status"], "chosen": why}
            if row["note"].strip():
                record["note"] = row["note"].strip()
            entry["rows"].append(record)
            if (set_id, row["piece_key"]) in DECISIONS:
                decisions.append({"set": set_id, "piece": row["piece_key"], "count": count, "why": why})
            if type_id is None:
                entry["unmapped"].append(row["piece_key"])
            elif count:
                entry["pieces"][type_id] = entry["pieces"].get(type_id, 0) + count
    _with_hexoscape_ids(sets)
    return {
        "about": "Official set and terrain-pack inventories (pieces per catalog type), derived by "
                 "mapkit/data/derive_sets.py from shared/corpus/inventories/set_inventories.csv "
                 "(Hexoscape inventories.ts @0a56fb6, VirtualScape MaterialEdit.cpp @7c80625, HeroscapeBuilder "
                 "DB dump @32b602b). Each row keeps the three source counts, their status and the count chosen. "
                 "'unmapped' lists pieces with no catalog type (not used by the set cover). "
                 "hexoscape_letter/heroscape_org and the sets of kind 'announced' come from "
                 "mapkit/data/hexoscape_sets.json (Hexoscape terrainSets.ts and an inventories.ts comment @0a56fb6).",
        "decisions": decisions,
        "aliases": {key: {"type": t, "why": why} for key, (t, why) in ALIASES.items()},
        "sets": list(sets.values()),
    }


def main(argv: list[str]) -> int:
    from mapkit.io import corpus_dir

    if argv:
        src = Path(argv[0])
    else:
        base = corpus_dir()
        if base is None:
            print("derive_sets: corpus not found; pass the CSV path", file=sys.stderr)
            return 2
        src = base / "inventories" / "set_inventories.csv"
    table = derive(src)
    out = Path(__file__).with_name("sets.json")
    out.write_text(json.dumps(table, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {out} ({len(table['sets'])} sets, {len(table['decisions'])} recorded decisions)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
