"""The HTML report's page: one self-contained document (inline CSS, JS and SVG; nothing fetched).

It shows the map's summary, its map (`map_view`), the parts it uses, the set inventory where
that module is present, and the findings of the rules; choosing a finding highlights its hex on
the map. What it shows besides the map comes in `ReportParts` (gathered by the package, `report`);
a part that could not be produced is replaced by a visible note saying why, never left out silently.
"""

from __future__ import annotations

import math
from typing import Any

from mapkit import escapes
from mapkit.errors import file_name, summarised
from mapkit.model import levels
from mapkit.model.map import Map
from mapkit.outputs.html_report.map_view import legend_html, map_view_parts, room_views
from mapkit.records import Record, field
from mapkit.wording import command, option


class ReportParts(Record):
    """What goes in a report besides the map; `notes` explain what is missing and why."""

    findings: list[dict[str, Any]] = field(default_factory=list)
    inventory_html: str = ""
    notes: list[str] = field(default_factory=list)
    pictures_html: str = ""
    picture_notes: list[str] = field(default_factory=list)
    #: The rule profile the findings come from (shown with them).
    profile: str | None = None
    #: The map's summary (`mapkit.summary.summarise`) and its lettered board, where the caller
    #: worked them out before the rules ran: over a reader's columns they take a millisecond,
    #: once the rules have handed every piece out, a pass over 7,000 pieces each (25 ms).
    summary: dict[str, Any] | None = None
    board: Any = None


#: A chosen finding is ringed in white over black: no player's start zone uses either (the eight
#: are saturated colours), and the pair reads on light and dark terrain. A test keeps it so.
HIGHLIGHT_RGB = (255, 255, 255)
HIGHLIGHT_HALO_RGB = (0, 0, 0)


# -- the page ----------------------------------------------------------------------------------

CSS = """
body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#222;background:#fafaf7}
header{padding:12px 20px;background:#2d3a2e;color:#fff}header h1{margin:0;font-size:20px;overflow-wrap:anywhere}
#picture{margin:16px 20px 0}
main{display:grid;grid-template-columns:minmax(0,3fr) minmax(280px,2fr);gap:16px;padding:16px 20px}
section{background:#fff;border:1px solid #ddd;border-radius:6px;padding:10px 14px;margin-bottom:14px}
h2{font-size:16px;margin:4px 0 8px}table{border-collapse:collapse}td,th{padding:2px 8px;text-align:left}
td.n{text-align:right}
#map{display:block;width:100%;height:72vh;background:#eef;touch-action:none;cursor:grab;user-select:none}
#map.dragging{cursor:grabbing}
.controls{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:0 0 8px}
.controls button{font:inherit;min-width:2.2em;padding:2px 8px}.controls label{margin-left:10px}
.lv.below .outlines,.lv.deep .outlines,.lv.below .marks,.lv.deep .marks,.lv.below .pattern,.lv.deep .pattern{display:none}
.floors{display:none}.lv.current .floors{display:inline}
.hex.highlight{stroke:HIGHLIGHT;stroke-width:5}
#focus{stroke:HIGHLIGHT;fill:none;stroke-width:5;stroke-dasharray:10 5;pointer-events:none;filter:drop-shadow(0 0 2px HALO) drop-shadow(0 0 2px HALO)}
#map text{pointer-events:none}
ul.findings{list-style:none;padding:0;margin:0}
.finding{padding:5px 8px;border-left:4px solid #999;margin:4px 0;cursor:pointer;background:#f6f6f6}
.finding:focus,.finding:hover{outline:2px solid #89a}.finding.selected{background:#e8e8e8;outline:2px solid #000}
.sev-error{border-color:#d0021b}.sev-warning{border-color:#f5a623}.sev-info{border-color:#4a90e2}
.code{font-family:monospace;font-weight:bold}.where{color:#666;font-size:12px}
#legend{list-style:none;display:flex;flex-wrap:wrap;gap:4px 16px;padding:0;margin:6px 0 0;font-size:13px}
#legend li{display:flex;align-items:center;gap:5px}
figure.picture{margin:8px 0}figure.picture img{max-width:100%;height:auto;border:1px solid #ddd}
.note{background:#fff8d6;border:1px solid #e6cf6b;padding:6px 10px;border-radius:4px;margin:6px 0}
.off{display:none}.scenario-notes{white-space:pre-wrap;font-size:13px}#scenario-choice{font-size:14px}
"""

SCRIPT = """
(function(){
  var svg=document.getElementById('map'), focus=document.getElementById('focus');
  var S=parseFloat(svg.getAttribute('data-scale')), P=parseFloat(svg.getAttribute('data-pitch')), R=P/Math.sqrt(3);
  var home=svg.getAttribute('data-home').split(' ').map(Number), vb=home.slice();
  var levelPick=document.getElementById('level'), scenarioPick=document.getElementById('scenario-choice');
  function apply(){svg.setAttribute('viewBox',vb.map(function(v){return v.toFixed(3);}).join(' '));}
  function centre(q,r){return [P*(q+r/2)*S, P*Math.sqrt(3)/2*r*S];}
  function corners(q,r){var c=centre(q,r), pts=[];
    for(var i=0;i<6;i++){var a=Math.PI/180*(60*i-90);pts.push((c[0]+R*S*Math.cos(a)).toFixed(2)+','+(c[1]+R*S*Math.sin(a)).toFixed(2));}
    return pts.join(' ');}
  function zoomAt(k,x,y){var w=Math.min(Math.max(vb[2]/k,home[2]/80),home[2]*4);k=vb[2]/w;
    vb=[x-(x-vb[0])/k,y-(y-vb[1])/k,w,vb[3]/k];apply();}
  function toMap(cx,cy){var b=svg.getBoundingClientRect(),s=Math.min(b.width/vb[2],b.height/vb[3]);
    return [vb[0]+(cx-b.left-(b.width-vb[2]*s)/2)/s, vb[1]+(cy-b.top-(b.height-vb[3]*s)/2)/s, s];}
  function middle(){return [vb[0]+vb[2]/2, vb[1]+vb[3]/2];}
  function centreOn(x,y){if(vb[2]>home[2]/2.5){var m=middle();zoomAt(vb[2]/(home[2]/3),m[0],m[1]);}
    vb[0]=x-vb[2]/2;vb[1]=y-vb[3]/2;apply();}
  svg.addEventListener('wheel',function(e){e.preventDefault();var p=toMap(e.clientX,e.clientY);
    zoomAt(Math.exp(-e.deltaY*(e.deltaMode?0.05:0.0015)),p[0],p[1]);},{passive:false});
  var pointers={};
  function two(){var k=Object.keys(pointers);return k.length===2?[pointers[k[0]],pointers[k[1]]]:null;}
  svg.addEventListener('pointerdown',function(e){pointers[e.pointerId]={x:e.clientX,y:e.clientY};
    svg.setPointerCapture(e.pointerId);svg.classList.add('dragging');});
  svg.addEventListener('pointermove',function(e){var was=pointers[e.pointerId];if(!was)return;
    var pair=two();
    if(pair){var before=Math.hypot(pair[0].x-pair[1].x,pair[0].y-pair[1].y);
      pointers[e.pointerId]={x:e.clientX,y:e.clientY};pair=two();
      var after=Math.hypot(pair[0].x-pair[1].x,pair[0].y-pair[1].y);
      var p=toMap((pair[0].x+pair[1].x)/2,(pair[0].y+pair[1].y)/2);if(before>0)zoomAt(after/before,p[0],p[1]);return;}
    var s=toMap(0,0)[2];vb[0]-=(e.clientX-was.x)/s;vb[1]-=(e.clientY-was.y)/s;
    pointers[e.pointerId]={x:e.clientX,y:e.clientY};apply();});
  function lift(e){delete pointers[e.pointerId];if(!Object.keys(pointers).length)svg.classList.remove('dragging');}
  svg.addEventListener('pointerup',lift);svg.addEventListener('pointercancel',lift);
  document.getElementById('zoom-in').onclick=function(){var m=middle();zoomAt(1.5,m[0],m[1]);};
  document.getElementById('zoom-out').onclick=function(){var m=middle();zoomAt(1/1.5,m[0],m[1]);};
  document.getElementById('zoom-fit').onclick=function(){vb=home.slice();apply();};
  function showLevel(v){
    var all=v==='all', n=+v;
    document.getElementById('all').style.display=all?'':'none';
    document.querySelectorAll('#levels .lv').forEach(function(g){var l=+g.getAttribute('data-level');
      g.style.display=(all||l<=n)?'':'none';g.classList.toggle('below',!all&&l===n-1);
      g.classList.toggle('deep',!all&&l<n-1);g.classList.toggle('current',!all&&l===n);});
    document.querySelectorAll('#standing [data-level], #markers [data-level]').forEach(function(u){
      u.style.display=(all||+(u.getAttribute('data-view')||u.getAttribute('data-level'))===n)?'':'none';});
    svg.setAttribute('data-showing',v);
  }
  function showScenario(v){
    document.querySelectorAll('[data-scenario]').forEach(function(e){
      e.classList.toggle('off',v!=='all'&&e.getAttribute('data-scenario')!==v);});
  }
  levelPick.addEventListener('change',function(){showLevel(levelPick.value);});
  if(scenarioPick){scenarioPick.addEventListener('change',function(){showScenario(scenarioPick.value);});showScenario(scenarioPick.value);}
  var roomPick=document.getElementById('room-choice');
  if(roomPick){roomPick.addEventListener('change',function(){   // one room across the map, or them all
    var o=roomPick.options[roomPick.selectedIndex], v=(o.getAttribute('data-view')||'').split(' ').map(Number);
    vb=v.length===4?v:home.slice();apply();});}
  function shownWith(level){
    // the Level offered that shows `level`: itself, or the highest offered below it (its pieces
    // show with that one: a ladder up a wall, a flag on a tower), or the lowest one
    var best=null,low=null;
    levelPick.querySelectorAll('option').forEach(function(o){if(o.value==='all')return;var n=+o.value;
      if(n<=level&&(best===null||n>+best))best=o.value;if(low===null||n<+low)low=o.value;});
    return best!==null?best:low;
  }
  function choose(li){
    document.querySelectorAll('.finding.selected').forEach(function(e){e.classList.remove('selected');});
    document.querySelectorAll('.hex.highlight').forEach(function(e){e.classList.remove('highlight');});
    li.classList.add('selected');
    var q=li.getAttribute('data-q'), r=li.getAttribute('data-r'), level=li.getAttribute('data-level');
    var status=document.getElementById('status');
    if(q===null||r===null||q===''||r===''){focus.setAttribute('points','');status.textContent='This finding concerns the whole map.';return;}
    if(levelPick.value!=='all'&&level!==null&&level!==''){var view=shownWith(+level);if(view!==null){levelPick.value=view;showLevel(view);}}
    var hex=document.getElementById('hex_'+q+'_'+r);
    if(hex){hex.classList.add('highlight');hex.parentNode.appendChild(hex);}
    focus.setAttribute('points',corners(+q,+r));
    var c=centre(+q,+r);centreOn(c[0],c[1]);
    var where=li.querySelector('.where');
    status.textContent='Showing '+(where?where.textContent:'('+q+', '+r+')')+(hex?'':' (no piece there)');
  }
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
    from mapkit.outputs.scene.parts import parts_list

    parts = parts or ReportParts()
    summary = parts.summary if parts.summary is not None else summarise(m)
    from mapkit.outputs.scene.text import shortened

    title = escapes.html(shortened(m.name or (file_name(file) if file else "Untitled map")))
    e = escapes.html
    rows = [("file", file or ""), ("format", f"{summary['format'] or '?'} {summary['version'] or ''}".strip()),
            ("author", m.author), ("players", m.players), ("pieces", str(summary["pieces"]))]
    if summary["size"]:
        sz = summary["size"]
        low, high = sz["levels"]
        rows.append(("size", f"{sz['columns']} columns × {sz['rows']} rows, "
                             + (f"Level {low}" if low == high else f"Levels {low}–{high}")))
    if summary.get("scenario"):
        one = summary["scenario"]
        rows.append(("scenario", f"{one['number']} {one['name']}".strip()))
    if summary.get("rooms"):  # numbered as validate and analyze name them ("room 2: ...")
        rows.append(("rooms", ", ".join(f"{room['number']} {room['name']}".strip() for room in summary["rooms"])))
    if summary.get("scenarios"):
        rows.append(("scenarios", ", ".join(f"{sc['number']} {sc['name']}".strip() for sc in summary["scenarios"])))

    def of(item: dict[str, Any]) -> str:
        return f"scenario {item['scenario']}, " if "scenario" in item else ""

    rows += [(f"{of(z)}start zone, player {z['player']}", f"{z['hexes']} hexes") for z in summary["start_zones"]]
    # placed as info places a glyph: the sheets' name first (C7), then axial
    rows += [(f"{of(g)}glyph", f"{g['letter']} {g['name']} at {g['place'] + ' ' if g.get('place') else ''}"
                               f"({g['q']}, {g['r']}) on {levels.label(g['level'])}")
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
        pictures = (f'<p class="note">No pictures were drawn for this report (`{e(command("report"))} '
                    f'{e(option("pictures", True))}` adds the isometric view and one picture per Level).</p>')
    notes_html = "".join(f'<p class="note">{e(n)}</p>' for n in parts.notes)
    warnings_html = "".join(f'<p class="note">Reader warning: {e(w)}</p>' for w in summarised(m.warnings))
    from mapkit.outputs.scene.style import hex_colour

    map_svg, shown_levels = map_view_parts(m, parts.board if parts.summary is not None else None)
    level_options = "".join(f'<option value="{n}">{e(name)}</option>' for n, name in shown_levels.items())
    rooms = room_views(m)
    room_pick = ("" if not rooms else '<label>Room <select id="room-choice"><option value="all">all rooms</option>'
                 + "".join(f'<option value="{n}" data-view="{view}">{e(title)}</option>' for n, title, view in rooms)
                 + "</select></label>")
    css = CSS.replace("HIGHLIGHT", hex_colour(HIGHLIGHT_RGB)).replace("HALO", hex_colour(HIGHLIGHT_HALO_RGB))
    # the page joined once, round the map's parts (megabytes on a big map: each copy new memory)
    return "".join([f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="mapkit"><title>{title}: mapkit report</title><style>{css}</style></head>
<body><header><h1>{title}</h1></header>
<section id="picture"><h2>The map</h2>
<div class="controls" role="toolbar" aria-label="Map view">
<button type="button" id="zoom-in" title="Zoom in">+</button><button type="button" id="zoom-out" title="Zoom out">&minus;</button>
<button type="button" id="zoom-fit" title="Show the whole map">Whole map</button>
<label>Show <select id="level"><option value="all">all Levels (seen from above)</option>{level_options}</select></label>
{room_pick}<span class="where">Drag to pan; wheel or pinch to zoom.</span></div>
""", *map_svg, f"""
<p class="where">The map as the pictures and build sheets draw it, seen from above, its board lettered as the sheets letter it;
point at a hex for its place and Level. One Level shows its tiles over the faded colours of those below, with only the
start zones, glyphs, figures, pieces and C3G floors on that Level. A chosen finding is ringed in white and black.
<span id="status" role="status"></span></p>{legend_html(m)}</section>
<main><div>
{scenarios_html}<section id="summary"><h2>Summary</h2><table>{summary_html}</table>{warnings_html}</section>
<section id="pictures"><h2>Pictures</h2>{pictures}</section>
</div><div>
<section id="findings"><h2>Findings ({len(parts.findings)}){profile}</h2>{notes_html}{findings_html}</section>
<section id="inventory"><h2>{parts_title}</h2><table>{parts_html}</table>
<h2>Hexes by terrain</h2><table>{terrain_html}</table>{parts.inventory_html}</section>
</div></main>
<script>{SCRIPT}</script></body></html>
"""])


def _scenarios_html(m: Map) -> str:
    """The scenario switcher of a map that sets up several: choosing one shows its own pieces on
    the top view, its findings (those of the shared terrain stay) and its text."""
    from mapkit.outputs.scene.parts import parts_list

    e = escapes.html
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
            f'<select id="scenario-choice">{"".join(options)}<option value="all">all scenarios at once</option>'
            f'</select></label> on the terrain they share; the findings listed are those of the shared terrain and '
            f'of the scenario shown (of every one, all at once).</p>{"".join(blocks)}</section>')


def _findings_html(findings: list[dict[str, Any]]) -> str:
    if not findings:
        return "<p>No findings.</p>"
    e = escapes.html
    items = []
    order = {"error": 0, "warning": 1, "info": 2}
    ranked = sorted(findings, key=lambda f: (order.get(str(f.get("severity")), 3), f.get("code") or "",
                                              f.get("level") if f.get("level") is not None else -1,
                                              f.get("r") if f.get("r") is not None else math.inf,
                                              f.get("q") if f.get("q") is not None else math.inf))
    for n, f in enumerate(ranked):
        q, r, level, place, room = f.get("q"), f.get("r"), f.get("level"), f.get("place"), f.get("room")
        # placed as validate's text places it: 'room R: Level L C7 (q, r)', the sheets' name where it
        # has one (a room's place in its own frame); the map rings the hex where it lays that out
        parts = ([f"Level {level}"] if level is not None else []) + ([str(place)] if place else []) + \
            ([f"({q}, {r})"] if q is not None and r is not None else [])
        where = (f"room {room}: " if room is not None else "") + (" ".join(parts) if parts else "whole map")
        mq, mr = f.get("on_map") or (q, r)
        attrs = "".join(f' data-{k}="{e(str(v))}"' for k, v in (("q", mq), ("r", mr), ("level", level), ("place", place),
                                                                 ("room", room), ("scenario", f.get("scenario")))
                        if v is not None)
        items.append(f'<li class="finding sev-{e(str(f.get("severity")))}" id="finding-{n}" tabindex="0"{attrs}>'
                     f'<span class="code">{e(str(f.get("code")))}</span> {e(str(f.get("severity")))}: '
                     f'{e(str(f.get("message")))} <span class="where">{e(where)}</span></li>')
    return '<ul class="findings">' + "".join(items) + "</ul>"
