"""What a builder counts: the parts some pieces of a map use, by name (the build sheets and the report list them)."""

from __future__ import annotations

from collections import Counter

from mapkit.model.catalog import catalog
from mapkit.model.map import Map

#: Kinds that are no part a builder lays: they are set out on the built terrain, and listed apart.
MARKERS, FIGURES = ("marker",), ("figure",)


#: Types a list names by what their pieces say of themselves (whose start zone, which glyph).
_OWN_WORDS = frozenset({"start-zone", "glyph", "personal"})


def glyph_words(attrs: dict) -> str:
    """A glyph piece as a builder is told which to set out: its letter and its name ("glyph A
    (Astrid)"; a letter two glyphs share tells them apart only so), or face down ("glyph ? (face
    down)", "glyph ? (treasure, face down)")."""
    letter = str(attrs.get("letter") or "?")
    if letter == "?":
        return "glyph ? (treasure, face down)" if attrs.get("treasure") else "glyph ? (face down)"
    glyph = catalog().glyph_of(attrs)
    name = glyph["name"] if glyph is not None else attrs.get("name")
    return f"glyph {letter} ({name})" if name else f"glyph {letter}"


def parts_list(m: Map, indices: list[int]) -> list[tuple[str, int]]:
    """(piece name, count) for the given pieces, start zones counted in hexes, biggest first.
    Of every piece of a map, the pieces of the types named by their type alone are counted by
    type (`Pieces.type_counts`), without a look at each."""
    cat = catalog()
    counts: Counter[str] = Counter()
    if len(indices) == len(m.pieces) and list(indices) == list(range(len(m.pieces))):
        by_type = m.pieces.type_counts()
        said = [t for t in by_type if t in _OWN_WORDS or cat[t].kind == "figure"]
        for t, n in by_type.items():
            if t not in said:
                counts[cat[t].name] += n
        pieces = m.pieces.of_type(said) if said else []
    else:
        pieces = [m.pieces[i] for i in indices]
    for piece in pieces:
        ptype = cat[piece.type]
        if ptype.id == "start-zone":
            counts[f"start zone spaces, player {piece.attrs.get('player', '?')}"] += 1
        elif ptype.id == "glyph":
            counts[glyph_words(piece.attrs)] += 1
        elif ptype.id == "personal":
            counts[f"personal tile {piece.attrs.get('name') or piece.attrs.get('label') or ''} "
                   f"({len(m.footprint(piece))}-hex)".replace("  ", " ")] += 1
        elif ptype.kind == "figure":
            counts[_figure(piece, ptype.name)] += 1
        else:
            counts[ptype.name] += 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))


def sections(m: Map, indices: list[int]) -> tuple[list[tuple[str, int]], list[tuple[str, int]],
                                                  list[tuple[str, int]]]:
    """The parts of these pieces a builder lays, apart from the start zones, glyphs and other
    markers set out on the built terrain and the figures placed on it: three `parts_list`s."""
    cat = catalog()
    kinds: dict[str, list[int]] = {"parts": [], "markers": [], "figures": []}
    for i in indices:
        kind = cat[m.pieces[i].type].kind
        kinds["markers" if kind in MARKERS else "figures" if kind in FIGURES else "parts"].append(i)
    return parts_list(m, kinds["parts"]), parts_list(m, kinds["markers"]), parts_list(m, kinds["figures"])


def _figure(piece, base: str) -> str:
    """A figure as a list names it: its label and name, whose it is, and its base where it is
    double ("G: GRIMNAK, player 2, double base"); the base's name alone for a figure the map
    neither numbers nor names."""
    from mapkit.outputs.scene.players import figure_label

    label, name = figure_label(piece), str(piece.attrs.get("name") or "")
    player = piece.attrs.get("player")
    what = f"{label}: {name}" if name and label != "F" else f"figure {label}" if label != "F" else name
    if not what:
        return base + (f", player {player}" if player else "")
    double = "double base" if piece.type == "figure-double" else ""
    return ", ".join(w for w in (what, f"player {player}" if player else "", double) if w)
