"""The HTML report: one self-contained page (inline CSS, JS and SVG; nothing fetched).

It shows the map's summary, a top view, the parts it uses, the set inventory where that
module is present, and the findings of the rules; choosing a finding highlights its hex on
the map. A part that cannot be produced (a module missing from this build, a rule that
fails) is replaced by a visible note saying why, never left out silently.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass, field
from typing import Any

from mapkit.model import levels
from mapkit.model.catalog import catalog
from mapkit.model.grid import hex_center_mm, hex_corners_mm
from mapkit.model.map import Map

#: Model millimetres per SVG user unit (the drawing is scaled by the browser anyway).
SVG_SCALE = 0.25


@dataclass
class ReportParts:
    """What goes in a report besides the map; `notes` explain what is missing and why."""

    findings: list[dict[str, Any]] = field(default_factory=list)
    inventory_html: str = ""
    notes: list[str] = field(default_factory=list)
    pictures_html: str = ""
    picture_notes: list[str] = field(default_factory=list)
    #: The rule profile the findings come from (shown with them).
    profile: str | None = None


def pictures_section(m: Map, name: str = "", scale: float = 20.0) -> tuple[str, list[str]]:
    """The renderer's isometric and per-level pictures as inline PNG (data URIs), when present."""
    import base64

    try:
        from mapkit.drawing import RenderOptions, build_scene, render_png
    except ImportError:
        return "", ["Isometric and per-level pictures are not available: this build of mapkit has no renderer "
                    "(mapkit.drawing.views)."]
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


# -- the top view ------------------------------------------------------------------------------

def top_view_svg(m: Map) -> str:
    """An inline SVG: the surface seen from above at each hex (as the renderer's top view sees
    it), what stands on it, start zones and glyphs; one polygon per hex.

    Each hex polygon has the id `hex_Q_R` and data-q / data-r / data-level, which the page's
    script uses to highlight a finding's hex. A map that sets up several scenarios shows the
    terrain they share, and each scenario's own pieces in a group `data-scenario="K"` that the
    page's scenario switcher shows one at a time.
    """
    from mapkit.drawing.layout import is_surface, visible_tops
    from mapkit.drawing.style import hex_colour, piece_fill, shade

    cat = catalog()
    own = m.scenario_pieces() if m.several_scenarios() else {}
    whole = m
    if own:
        m = m.terrain()
    tops = {cell: (top.level, top.piece) for cell, top in visible_tops(m).items()}
    markers, standing = [], []
    for idx, piece in enumerate(m.pieces):
        ptype = cat[piece.type]
        if ptype.kind == "marker":
            markers.append(idx)
        elif not is_surface(ptype):
            standing.append(idx)
    cells = set(tops) | {h for i in markers + standing for h in m.footprint(m.pieces[i])}
    cells |= {h for pieces in own.values() for p in pieces for h in whole.footprint(p)}
    cells = cells or {(0, 0)}
    xs, ys = [], []
    for q, r in cells:
        for x, y in hex_corners_mm(q, r):
            xs.append(x * SVG_SCALE)
            ys.append(y * SVG_SCALE)
    pad = 12
    x0, y0 = min(xs) - pad, min(ys) - pad
    w, h = max(xs) - x0 + pad, max(ys) - y0 + pad
    low = min((lv for lv, _ in tops.values()), default=0.0)
    high = max((lv for lv, _ in tops.values()), default=0.0)
    out = [f'<svg id="map" viewBox="{x0:.1f} {y0:.1f} {w:.1f} {h:.1f}" role="img" '
           f'aria-label="Top view of the map" data-scale="{SVG_SCALE}">', '<g id="hexes">']
    top_levels = {}
    for (q, r), (height, idx) in sorted(tops.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        piece = m.pieces[idx]
        ptype = cat[piece.type]
        fill = hex_colour(shade(piece_fill(ptype, piece.attrs), height, low, high))
        level = top_levels[(q, r)] = levels.span(ptype, piece.z)[-1]  # the Level of the tile seen on top
        out.append(f'<polygon id="hex_{q}_{r}" class="hex kind-{ptype.kind}" data-q="{q}" data-r="{r}" '
                   f'data-level="{level}" points="{_points(q, r)}" fill="{fill}">'
                   f'<title>({q}, {r}) Level {level}: {html.escape(ptype.name)}</title></polygon>')
    out.append("</g>")
    out.append(_outlines(tops))
    out.append(_labels(top_levels))
    out.append('<g id="standing">')
    out.extend(_standing(m, m.pieces[idx]) for idx in standing)
    out.append("</g>")
    out.append('<g id="markers">')
    out.extend(_marker(m.pieces[idx]) for idx in markers)
    out.append("</g>")
    for number, pieces in sorted(own.items()):
        out.append(f'<g class="scenario-pieces" data-scenario="{number}">')
        out.extend(_marker(p) if cat[p.type].kind == "marker" else _standing(whole, p) for p in pieces)
        out.append("</g>")
    out.append('<polygon id="focus" points="" fill="none"/>')
    out.append("</svg>")
    return "\n".join(out)


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _points(q: float, r: float, size: float | None = None) -> str:
    return " ".join(f"{x * SVG_SCALE:.2f},{y * SVG_SCALE:.2f}" for x, y in hex_corners_mm(q, r, size=size))


def _outlines(top: dict[tuple[int, int], tuple[float, int]]) -> str:
    """One path along the borders between different top pieces, so each tile reads as one."""
    from mapkit.model.grid import DIRECTIONS

    parts = []
    for (q, r), (_, idx) in top.items():
        corners = hex_corners_mm(q, r)
        for i in range(6):
            dq, dr = DIRECTIONS[(i + 5) % 6]  # edge i (corner i to i+1) faces this neighbour
            other = top.get((q + dq, r + dr))
            if other is None or other[1] != idx:
                (x1, y1), (x2, y2) = corners[i], corners[(i + 1) % 6]
                parts.append(f"M{x1 * SVG_SCALE:.2f} {y1 * SVG_SCALE:.2f}L{x2 * SVG_SCALE:.2f} {y2 * SVG_SCALE:.2f}")
    return f'<path id="outlines" d="{"".join(parts)}"/>' if parts else ""


def _labels(top_levels: dict[tuple[int, int], int]) -> str:
    """The Level of each hex's top tile, small, so a designer can read levels off the picture."""
    out = ['<g id="heights" aria-hidden="true">']
    for (q, r), level in top_levels.items():
        x, y = hex_center_mm(q, r)
        out.append(f'<text x="{x * SVG_SCALE:.2f}" y="{y * SVG_SCALE + 1.3:.2f}">{level}</text>')
    out.append("</g>")
    return "\n".join(out)


def _standing(m: Map, piece: Any) -> str:
    """A piece standing on the surface (a tree, a ruin, a figure), small, on each of its hexes."""
    from mapkit.drawing.style import hex_colour, piece_fill

    ptype = catalog()[piece.type]
    colour = hex_colour(piece_fill(ptype, piece.attrs))
    return "".join(f'<polygon class="standing" points="{_points(q, r, 26.0)}" fill="{colour}">'
                   f'<title>{html.escape(ptype.name)} at ({q}, {r})</title></polygon>' for q, r in m.footprint(piece))


def _marker(piece: Any) -> str:
    x, y = (v * SVG_SCALE for v in hex_center_mm(piece.q, piece.r))
    if piece.type == "start-zone":
        player = int(piece.attrs.get("player", 0) or 0)
        from mapkit.drawing.style import hex_colour, player_rgb

        return (f'<polygon class="start-zone" data-player="{player}" points="{_points(piece.q, piece.r, 34.0)}" '
                f'stroke="{hex_colour(player_rgb(player))}"><title>start zone, player {player}</title></polygon>')
    letter = html.escape(str(piece.attrs.get("letter", "?")))
    return (f'<g class="glyph"><circle cx="{x:.2f}" cy="{y:.2f}" r="3.6"/>'
            f'<text x="{x:.2f}" y="{y + 1.6:.2f}">{letter}</text><title>glyph {letter}</title></g>')


# -- the page ----------------------------------------------------------------------------------

CSS = """
body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#222;background:#fafaf7}
header{padding:12px 20px;background:#2d3a2e;color:#fff}header h1{margin:0;font-size:20px}
main{display:grid;grid-template-columns:minmax(0,3fr) minmax(280px,2fr);gap:16px;padding:16px 20px}
section{background:#fff;border:1px solid #ddd;border-radius:6px;padding:10px 14px;margin-bottom:14px}
h2{font-size:16px;margin:4px 0 8px}table{border-collapse:collapse}td,th{padding:2px 8px;text-align:left}
td.n{text-align:right}#map{width:100%;height:auto;max-height:80vh;background:#eef}
.hex{stroke:#555;stroke-width:.25}#outlines{fill:none;stroke:#111;stroke-width:.7;pointer-events:none}#heights text{font-size:3.2px;text-anchor:middle;fill:#fff;stroke:#000;stroke-width:.35;paint-order:stroke;pointer-events:none}
.standing{stroke:#000;stroke-width:.3;opacity:.9;pointer-events:none}
.start-zone{fill:none;stroke-width:1.2;stroke-dasharray:2 1}
.glyph circle{fill:#f5d142;stroke:#000;stroke-width:.4}.glyph text{font-size:4.5px;font-weight:bold;text-anchor:middle}
.hex.highlight{stroke:#d0021b;stroke-width:1.6;filter:brightness(1.25)}
#focus{stroke:#d0021b;stroke-width:1.4;stroke-dasharray:2.5 1.2;pointer-events:none}
ul.findings{list-style:none;padding:0;margin:0}
.finding{padding:5px 8px;border-left:4px solid #999;margin:4px 0;cursor:pointer;background:#f6f6f6}
.finding:focus,.finding:hover{outline:2px solid #89a}.finding.selected{background:#ffe7e7}
.sev-error{border-color:#d0021b}.sev-warning{border-color:#f5a623}.sev-info{border-color:#4a90e2}
.code{font-family:monospace;font-weight:bold}.where{color:#666;font-size:12px}
figure.picture{margin:8px 0}figure.picture img{max-width:100%;height:auto;border:1px solid #ddd}
.note{background:#fff8d6;border:1px solid #e6cf6b;padding:6px 10px;border-radius:4px;margin:6px 0}
.off{display:none}.scenario-notes{white-space:pre-wrap;font-size:13px}#scenario-choice{font-size:14px}
"""

SCRIPT = """
(function(){
  var svg=document.getElementById('map'), focus=document.getElementById('focus');
  var S=parseFloat(svg.getAttribute('data-scale')), P=44.45, R=P/Math.sqrt(3);
  function corners(q,r){var cx=P*(q+r/2)*S, cy=P*Math.sqrt(3)/2*r*S, pts=[];
    for(var i=0;i<6;i++){var a=Math.PI/180*(60*i-90);pts.push((cx+R*S*Math.cos(a)).toFixed(2)+','+(cy+R*S*Math.sin(a)).toFixed(2));}
    return pts.join(' ');}
  function choose(li){
    document.querySelectorAll('.finding.selected').forEach(function(e){e.classList.remove('selected');});
    document.querySelectorAll('.hex.highlight').forEach(function(e){e.classList.remove('highlight');});
    li.classList.add('selected');
    var q=li.getAttribute('data-q'), r=li.getAttribute('data-r');
    var status=document.getElementById('status');
    if(q===null||r===null||q===''||r===''){focus.setAttribute('points','');status.textContent='This finding concerns the whole map.';return;}
    var hex=document.getElementById('hex_'+q+'_'+r);
    if(hex){hex.classList.add('highlight');hex.parentNode.appendChild(hex);}
    focus.setAttribute('points',corners(+q,+r));
    status.textContent='Showing ('+q+', '+r+')'+(li.getAttribute('data-level')?' Level '+li.getAttribute('data-level'):'')+(hex?'':' (no piece there)');
  }
  var pick=document.getElementById('scenario-choice');
  function show(k){document.querySelectorAll('[data-scenario]').forEach(function(e){
    e.classList.toggle('off',e.getAttribute('data-scenario')!==k);});}
  if(pick){pick.addEventListener('change',function(){show(pick.value);});show(pick.value);}
  document.querySelectorAll('.finding').forEach(function(li){
    li.addEventListener('click',function(){choose(li);});
    li.addEventListener('keydown',function(e){if(e.key==='Enter'||e.key===' '){e.preventDefault();choose(li);}});
  });
  var m=/^#finding-(\\d+)$/.exec(location.hash); if(m){var li=document.getElementById('finding-'+m[1]); if(li) choose(li);}
})();
"""


def render_report(m: Map, file: str | None = None, parts: ReportParts | None = None) -> str:
    """The whole report page as a string."""
    from mapkit.summary import summarise
    from mapkit.drawing.pdf_build import parts_list

    parts = parts or ReportParts()
    summary = summarise(m)
    from pathlib import Path

    title = html.escape(m.name or (Path(file).name if file else "Untitled map"))
    e = html.escape
    rows = [("file", file or ""), ("format", f"{summary['format'] or '?'} {summary['version'] or ''}".strip()),
            ("author", m.author), ("players", m.players), ("pieces", str(summary["pieces"]))]
    if summary["size"]:
        sz = summary["size"]
        rows.append(("size", f"{sz['columns']} columns × {sz['rows']} rows, Levels {sz['levels'][0]}–{sz['levels'][1]}"))
    if summary.get("scenario"):
        one = summary["scenario"]
        rows.append(("scenario", f"{one['number']} {one['name']}".strip()))
    if summary.get("scenarios"):
        rows.append(("scenarios", ", ".join(f"{sc['number']} {sc['name']}".strip() for sc in summary["scenarios"])))

    def of(item: dict[str, Any]) -> str:
        return f"scenario {item['scenario']}, " if "scenario" in item else ""

    rows += [(f"{of(z)}start zone, player {z['player']}", f"{z['hexes']} hexes") for z in summary["start_zones"]]
    rows += [(f"{of(g)}glyph", f"{g['letter']} {g['name']} at ({g['q']}, {g['r']}) on {levels.label(g['level'])}")
             for g in summary["glyphs"]]
    if summary["buildings"] or summary["objects"]:
        rows.append(("C3G", f"{summary['buildings']} building(s), {summary['objects']} object(s)"))
    summary_html = "".join(f"<tr><th>{e(k)}</th><td>{e(str(v))}</td></tr>" for k, v in rows if v)
    terrain_html = "".join(f"<tr><td class=n>{n}</td><td>{e(t)}</td></tr>"
                           for t, n in summary["hexes_by_terrain"].items())
    built = m.terrain()  # a map of several scenarios: each scenario's own parts are in its block
    parts_html = "".join(f"<tr><td class=n>{n}</td><td>{e(name)}</td></tr>"
                         for name, n in parts_list(built, list(range(len(built.pieces)))))
    parts_title = "Parts of the shared terrain" if built is not m else "Parts used"
    findings_html = _findings_html(parts.findings)
    scenarios_html = _scenarios_html(m) if m.several_scenarios() else ""
    profile = f", profile {e(parts.profile)}" if parts.profile else ""
    pictures = parts.pictures_html + "".join(f'<p class="note">{e(n)}</p>' for n in parts.picture_notes)
    if not pictures:
        pictures = '<p class="note">No pictures were drawn for this report.</p>'
    notes_html = "".join(f'<p class="note">{e(n)}</p>' for n in parts.notes)
    warnings_html = "".join(f'<p class="note">Reader warning: {e(w)}</p>' for w in m.warnings)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="mapkit"><title>{title}: mapkit report</title><style>{CSS}</style></head>
<body><header><h1>{title}</h1></header>
<main><div>
<section id="picture"><h2>Top view</h2>{top_view_svg(m)}
<p class="where">Each hex shows the surface seen from above; the number is the Level of its top tile (darker = lower);
small hexagons: trees, ruins and other pieces standing on it.
Dashed hexagons: start zones. Yellow discs: glyphs. <span id="status" role="status"></span></p></section>
{scenarios_html}<section id="summary"><h2>Summary</h2><table>{summary_html}</table>{warnings_html}</section>
<section id="pictures"><h2>Pictures</h2>{pictures}</section>
</div><div>
<section id="findings"><h2>Findings ({len(parts.findings)}){profile}</h2>{notes_html}{findings_html}</section>
<section id="inventory"><h2>{parts_title}</h2><table>{parts_html}</table>
<h2>Hexes by terrain</h2><table>{terrain_html}</table>{parts.inventory_html}</section>
</div></main>
<script>{SCRIPT}</script></body></html>
"""


def _scenarios_html(m: Map) -> str:
    """The scenario switcher of a map that sets up several: choosing one shows its own pieces on
    the top view, its findings (those of the shared terrain stay) and its text."""
    from mapkit.drawing.pdf_build import parts_list

    e = html.escape
    own = m.scenario_pieces()
    options, blocks = [], []
    for number in m.scenarios():
        setup = m.scenario_setup(number)
        options.append(f'<option value="{number}">{e(setup.title)}</option>')
        view = m.for_scenario(number)
        mine = [i for i, p in enumerate(view.pieces) if p.attrs.get("scenario") == number]
        rows = "".join(f"<tr><td class=n>{n}</td><td>{e(name)}</td></tr>" for name, n in parts_list(view, mine))
        players = f"for {e(setup.players)} players · " if setup.players else ""
        blocks.append(f'<div class="scenario-text" data-scenario="{number}"><p>{players}'
                      f'{len(own.get(number, ()))} pieces of its own on the shared terrain</p>'
                      f'<table>{rows}</table><p class="scenario-notes">{e(setup.notes)}</p></div>')
    return (f'<section id="scenarios"><h2>Scenarios ({len(options)})</h2><p><label>Show '
            f'<select id="scenario-choice">{"".join(options)}</select></label> on the terrain they share; the '
            f'findings listed are those of the shared terrain and of the scenario shown.</p>{"".join(blocks)}</section>')


def _findings_html(findings: list[dict[str, Any]]) -> str:
    if not findings:
        return "<p>No findings.</p>"
    e = html.escape
    items = []
    order = {"error": 0, "warning": 1, "info": 2}
    ranked = sorted(findings, key=lambda f: (order.get(str(f.get("severity")), 3), f.get("code") or "",
                                              f.get("level") if f.get("level") is not None else -1,
                                              f.get("r") if f.get("r") is not None else math.inf,
                                              f.get("q") if f.get("q") is not None else math.inf))
    for n, f in enumerate(ranked):
        q, r, level, scenario = f.get("q"), f.get("r"), f.get("level"), f.get("scenario")
        where = f"({q}, {r})" if q is not None and r is not None else "whole map"
        if level is not None:
            where += f" Level {level}"
        if scenario is not None:
            where = f"scenario {scenario}: {where}"
        attrs = "".join(f' data-{k}="{v}"' for k, v in (("q", q), ("r", r), ("level", level), ("scenario", scenario))
                        if v is not None)
        items.append(f'<li class="finding sev-{e(str(f.get("severity")))}" id="finding-{n}" tabindex="0"{attrs}>'
                     f'<span class="code">{e(str(f.get("code")))}</span> {e(str(f.get("severity")))}: '
                     f'{e(str(f.get("message")))} <span class="where">{e(where)}</span></li>')
    return '<ul class="findings">' + "".join(items) + "</ul>"
