"""The HTML report (`mapkit report`): one self-contained page about a map, and the parts it shows.

This module gathers what the page shows besides the map, running other layers: the findings of
a rule profile, the set inventory, the isometric and per-Level pictures. `page` lays the page
out and `map_view` draws its map. A part that cannot be produced (a module missing from this
build, a rule that fails) becomes a visible note saying why, never a silent gap.
"""

from __future__ import annotations

from typing import Any

from mapkit import escapes
from mapkit.model.map import Map
from mapkit.outputs import Drawn
from mapkit.outputs.html_report.page import ReportParts, render_report


def draw(m: Map, source: str | None = None, profile: str | None = "casual", pictures: bool = True) -> Drawn:
    """The output registry's `report-html`: the page, and the findings it lists; `source` is the
    map's file, as the page names it."""
    from mapkit.errors import shown
    from mapkit.model.board import Board
    from mapkit.records import replace
    from mapkit.summary import summarise

    # what reduces the pieces (the summary, the board's letters) first, while a fast reader's
    # columns still answer it: the rules hand every piece out
    summary, board = summarise(m), Board.of(m)
    parts = replace(report_parts(m, source, profile, pictures), summary=summary, board=board)
    return Drawn(render_report(m, shown(source) if source else None, parts),  # a share link: named by an excerpt
                 findings=tuple(parts.findings))


def collect_findings(m: Map, file: str | None, profile: str | None = "casual"
                     ) -> tuple[list[dict[str, Any]], list[str]]:
    """The findings `mapkit validate --profile` lists (through the one runner, `mapkit.rules.checks`), as
    plain dicts, and a note when there are none to show because the rules could not run."""
    try:
        from mapkit.rules.checks import findings_to_draw

        findings, reason = findings_to_draw(m, file, profile)
    except Exception as exc:  # a failing rule must not sink the report
        return [], [f"Findings could not be computed: {type(exc).__name__}: {exc}"]
    notes = [f"No findings are listed: {reason}."] if reason else []
    return [_on_page(m, f.as_dict()) for f in findings], notes


def _on_page(m: Map, finding: dict[str, Any]) -> dict[str, Any]:
    """A finding as the page lists it: named as validate names it (a room's finding in the room's
    own frame), with `on_map`, the hex where the page's map, which lays the rooms out together,
    shows it."""
    if finding.get("room") is not None and finding.get("q") is not None and m.several_rooms():
        finding["on_map"] = list(m.on_layout(finding["room"], finding["q"], finding["r"]))
    return finding


def inventory_section(m: Map) -> tuple[str, list[str]]:
    """Which official products build the map (the exact minimum), when `mapkit.sets` exists."""
    try:
        from mapkit.sets import load_sets, minimum_cover, requirements
        from mapkit.sets.requirements import describe
    except ImportError:
        return "", ["Set inventory is not available: this build of mapkit has no mapkit.sets module."]
    e = escapes.html
    try:
        need = requirements(m)
        cover = minimum_cover(need, load_sets())
    except Exception as exc:  # includes the solver running out of time
        return "", [f"Set inventory could not be computed: {type(exc).__name__}: {exc}"]
    rows = "".join(f"<tr><td class=n>{n}</td><td>{e(describe(t))}</td></tr>"
                   for t, n in sorted(need.items(), key=lambda kv: (-kv[1], kv[0])))
    several = (f" (to build any one of its {len(m.scenarios())} scenarios: piece by piece, the most one needs)"
               if m.several_scenarios() else "")
    out = [f"<h2>Pieces needed{e(several)}</h2><table>{rows}</table>"]
    if cover.sets:
        out.append(f"<p><b>Fewest official products that build it</b> (master sets, expansions and terrain kits; "
                   f"`mapkit inventory` says the same, and how many without kits): {e(cover.describe())} "
                   f"({cover.count} in all)</p>")
    if cover.uncovered:
        missing = ", ".join(f"{n} x {describe(t)}" for t, n in sorted(cover.uncovered.items()))
        out.append(f"<p>No official product supplies: {e(missing)}</p>")
    return "".join(out), []


def report_parts(m: Map, source: str | None = None, profile: str | None = "casual", pictures: bool = True
                 ) -> ReportParts:
    """Everything the page shows besides the map itself: findings, inventory, pictures and notes."""
    from mapkit.errors import input_name

    findings, notes = collect_findings(m, source, profile)
    inventory_html, inventory_notes = inventory_section(m)
    name = m.name or (input_name(source) if source else "")
    figures, picture_notes = pictures_section(m, name) if pictures else ("", [])
    return ReportParts(findings, inventory_html, notes + inventory_notes, "".join(figures), picture_notes,
                       profile=profile)


def pictures_section(m: Map, name: str = "", scale: float = 20.0) -> tuple[str, list[str]]:
    """The renderer's isometric and per-level pictures as inline PNG (data URIs), when present."""
    import base64

    try:
        from mapkit.outputs.paint.raster import render_png
        from mapkit.outputs.scene.views import RenderOptions, build_scene
    except ImportError:
        return "", ["Isometric and per-level pictures are not available: this build of mapkit has no renderer "
                    "(mapkit.outputs.scene.views)."]
    figures, notes = [], []
    for view, caption in (("iso", "Isometric view"), ("levels", "Each build level")):
        try:
            png = render_png(build_scene(m, RenderOptions(view=view, name=name)), scale=scale)
        except Exception as exc:  # one failed picture must not sink the report
            notes.append(f"The {caption.lower()} could not be drawn: {type(exc).__name__}: {exc}")
            continue
        data = base64.b64encode(png).decode("ascii")
        figures.append(f'<figure class="picture"><img alt="{caption}" src="data:image/png;base64,{data}">'
                       f"<figcaption>{caption}</figcaption></figure>")
    return "".join(figures), notes
