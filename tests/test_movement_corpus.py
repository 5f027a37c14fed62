"""Every corpus map through the movement analysis: it runs, and its numbers agree with themselves."""

from __future__ import annotations

import pytest
from conftest import corpus_files

from mapkit.movement import graph as gr
from mapkit.movement.analysis import analyze, prepare, report
from mapkit.movement.profile import Figure

MAPS = (corpus_files("hsc", "*.hsc") + corpus_files("hexoscape", "*.json") + corpus_files("glasq-xhtml", "*.html"))


@pytest.mark.parametrize("path", MAPS)
def test_corpus_map_analysis_is_consistent(path):
    from mapkit.formats import read_map

    m = read_map(path)
    spaces = prepare(m)
    fig = Figure()
    res = analyze(spaces, fig)
    data = report(res)
    assert not spaces.ignored or all(n > 0 for n in spaces.ignored.values())
    for player, turns in res.zone_turns.items():
        for s in spaces.zones()[player]:
            assert turns[s] == 0   # every start-zone space is where its army starts
        for s, t in enumerate(turns):
            if t is not None:
                assert gr.can_end_on(spaces, s, fig) and res.zone_cost[player][s] <= t * fig.move
    for e in res.engagement():
        if e["turns"] is not None:
            q, r, level = e["space"]
            s = spaces.find_level(q, r, level)
            assert res.zone_turns[e["from"]][s] == e["turns"]
    for g in data["glyphs"]:
        values = [t for t in g["turns"].values() if t is not None]
        if g["imbalance"] is not None:
            assert g["imbalance"] == max(values) - min(values)
    for drop in data["falls"]:
        assert drop["drop"] >= fig.height and drop["dice"] in ("1", "3", "d20")
