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


# -- the map ----------------------------------------------------------------------------------

SQRT3 = math.sqrt(3.0)
#: A hex's corners about its centre, in SVG units: each hex is a `<use>` of one shape, moved.
HEX_CORNERS = [(round(44.45 / SQRT3 * math.cos(math.radians(60 * i - 90)) * SVG_SCALE, 3),
                round(44.45 / SQRT3 * math.sin(math.radians(60 * i - 90)) * SVG_SCALE, 3)) for i in range(6)]
#: The edge between corners i and i+1 faces this neighbour (axial direction).
EDGE_NEIGHBOUR = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)]


def _centre(q: int, r: int) -> tuple[float, float]:
    return 44.45 * (q + r / 2.0) * SVG_SCALE, 44.45 * SQRT3 / 2.0 * r * SVG_SCALE


class _Cells:
    """Every hex of every surface piece in one pass, as arrays: where, whose, which Level, what
    colour. A 7,000-piece map has ~15,000 of them; everything the map draws is sliced from these."""

    def __init__(self, m: Map):
        import numpy as np

        from mapkit.drawing.layout import build_level, is_surface, piece_cells, surface_top
        from mapkit.drawing.style import piece_fill

        cat = catalog()
        q: list[int] = []
        r: list[int] = []
        owner: list[int] = []
        level: list[int] = []
        z: list[int] = []
        top: list[float] = []
        fill_key: list[int] = []
        keys: dict[tuple, int] = {}
        self.bases: list[tuple[int, int, int]] = []
        self.markers: list[int] = []
        self.standing: list[int] = []
        for idx, piece in enumerate(m.pieces):
            ptype = cat[piece.type]
            if ptype.kind == "marker":
                self.markers.append(idx)
                continue
            if not is_surface(ptype):
                self.standing.append(idx)
                continue
            key = (piece.type, str(piece.attrs.get("colour")) if ptype.kind == "custom" else None)
            if key not in keys:
                keys[key] = len(self.bases)
                self.bases.append(piece_fill(ptype, piece.attrs))
            cells = piece_cells(m, piece)
            n = len(cells)
            q.extend(c[0] for c in cells)
            r.extend(c[1] for c in cells)
            owner.extend([idx] * n)
            level.extend([build_level(ptype, piece)] * n)
            z.extend([piece.z] * n)
            top.extend([surface_top(ptype, piece)] * n)
            fill_key.extend([keys[key]] * n)
        self.q, self.r = np.array(q, dtype=np.int64), np.array(r, dtype=np.int64)
        self.owner, self.level = np.array(owner, dtype=np.int64), np.array(level, dtype=np.int64)
        self.z, self.top = np.array(z, dtype=np.int64), np.array(top, dtype=np.float64)
        self.fill_key = np.array(fill_key, dtype=np.int64)
        self.x = 44.45 * (self.q + self.r / 2.0) * SVG_SCALE
        self.y = 44.45 * SQRT3 / 2.0 * self.r * SVG_SCALE

    def tops(self):
        """Indices of the cell seen from above at each hex: the one the renderer's top view paints
        last (highest bottom, then highest top, then last in file order; `layout.visible_tops`)."""
        import numpy as np

        if not len(self.q):
            return np.zeros(0, dtype=np.int64)
        order = np.lexsort((self.owner, self.top, self.z, self.r, self.q))
        qs, rs = self.q[order], self.r[order]
        last = np.ones(len(order), dtype=bool)
        last[:-1] = (qs[1:] != qs[:-1]) | (rs[1:] != rs[:-1])
        return order[last]


def _outline_path(cells: _Cells, pick, element_id: str | None) -> str:
    """One path along the borders between different pieces among the cells `pick`, so each tile
    reads as one. Neighbours are found by sorting hex keys (no per-hex Python lookups)."""
    import numpy as np

    if not len(pick):
        return ""
    q, r, owner = cells.q[pick], cells.r[pick], cells.owner[pick]
    q0, r0 = int(q.min()) - 1, int(r.min()) - 1
    span = int(r.max()) - r0 + 2
    key = (q - q0) * span + (r - r0)
    order = np.argsort(key, kind="stable")
    skey, sowner = key[order], owner[order]
    x, y = cells.x[pick], cells.y[pick]
    parts: list[str] = []
    for i, (dq, dr) in enumerate(EDGE_NEIGHBOUR):
        nkey = key + dq * span + dr
        at = np.clip(np.searchsorted(skey, nkey), 0, len(skey) - 1)
        same = (skey[at] == nkey) & (sowner[at] == owner)
        edge = np.nonzero(~same)[0]
        if not len(edge):
            continue
        (ax, ay), (bx, by) = HEX_CORNERS[i], HEX_CORNERS[(i + 1) % 6]
        # in tenths of a unit, as integers: numpy writes them as text without a Python loop
        sx = np.round((x[edge] + ax) * 10).astype(np.int64).astype(str)
        sy = np.round((y[edge] + ay) * 10).astype(np.int64).astype(str)
        tail = f"l{round((bx - ax) * 10)} {round((by - ay) * 10)}"
        parts.extend(np.char.add(np.char.add(np.char.add("M", sx), " "), np.char.add(sy, tail)).tolist())
    ident = f' id="{element_id}"' if element_id else ""
    return f'<path{ident} class="outline" transform="scale(.1)" d="{"".join(parts)}"/>'


def top_view_svg(m: Map) -> str:
    """An inline SVG the page pans and zooms: the surface seen from above at each hex (as the
    renderer's top view sees it), then one layer per build Level, what stands on the surface,
    and the start zones and glyphs of each scenario.

    Each top hex is a `<use>` of one hexagon with the id `hex_Q_R` and data-q / data-r /
    data-level; a Level's layer (`g.lv`) holds that Level's tiles as `use.lvhex`. The page's
    script shows all Levels or one (over a ghost of those below) and highlights a finding's hex.
    """
    import numpy as np

    from mapkit.drawing.layout import build_level
    from mapkit.drawing.style import hex_colour, shade, standing_rgb

    cat = catalog()
    own = m.scenario_pieces() if m.several_scenarios() else {}
    whole = m
    if own:
        m = m.terrain()
    cells = _Cells(m)
    tops = cells.tops()
    low = float(cells.top[tops].min()) if len(tops) else 0.0
    high = float(cells.top[tops].max()) if len(tops) else 0.0
    shaded: dict[tuple[int, float], str] = {}

    def colour(i: int) -> str:
        key = (int(cells.fill_key[i]), float(cells.top[i]))
        if key not in shaded:
            shaded[key] = hex_colour(shade(cells.bases[key[0]], key[1], low, high))
        return shaded[key]

    extra = {c for idx in cells.markers + cells.standing for c in m.footprint(m.pieces[idx])}
    extra |= {c for pieces in own.values() for p in pieces for c in whole.footprint(p)}
    xs = np.concatenate([cells.x, [44.45 * (q + r / 2.0) * SVG_SCALE for q, r in extra]]) if extra else cells.x
    ys = np.concatenate([cells.y, [44.45 * SQRT3 / 2.0 * r * SVG_SCALE for _, r in extra]]) if extra else cells.y
    if not len(xs):
        xs, ys = np.zeros(1), np.zeros(1)
    radius = 44.45 / SQRT3 * SVG_SCALE
    pad = 12
    x0, y0 = float(xs.min()) - radius - pad, float(ys.min()) - radius - pad
    w, h = float(xs.max()) - x0 + radius + pad, float(ys.max()) - y0 + radius + pad
    hexagon = " ".join(f"{x},{y}" for x, y in HEX_CORNERS)
    small = " ".join(f"{x * 0.58:.3f},{y * 0.58:.3f}" for x, y in HEX_CORNERS)     # what stands on a hex
    home = f"{x0:.1f} {y0:.1f} {w:.1f} {h:.1f}"
    out = [f'<svg id="map" viewBox="{home}" role="img" aria-label="Top view of the map" '
           f'data-scale="{SVG_SCALE}" data-home="{home}">',
           f'<defs><polygon id="hx" points="{hexagon}"/><polygon id="hs" points="{small}"/></defs>',
           '<g id="all">', '<g id="hexes">']
    top_order = tops[np.lexsort((cells.q[tops], cells.r[tops]))]
    # the Level of the tile seen on top (a castle wall's highest layer)
    span_top = {idx: levels.span(cat[m.pieces[idx].type], m.pieces[idx].z)[-1]
                for idx in set(cells.owner[top_order].tolist())}
    kind_of = {idx: cat[m.pieces[idx].type].kind for idx in span_top}
    name_of = {idx: html.escape(cat[m.pieces[idx].type].name) for idx in span_top}
    labels = []
    for i, q, r, x, y, idx in zip(top_order.tolist(), cells.q[top_order].tolist(), cells.r[top_order].tolist(),
                                  cells.x[top_order].tolist(), cells.y[top_order].tolist(),
                                  cells.owner[top_order].tolist()):
        level = span_top[idx]
        out.append(f'<use id="hex_{q}_{r}" class="hex kind-{kind_of[idx]}" data-q="{q}" data-r="{r}" '
                   f'data-level="{level}" href="#hx" x="{x:.2f}" y="{y:.2f}" fill="{colour(i)}">'
                   f'<title>({q}, {r}) Level {level}: {name_of[idx]}</title></use>')
        labels.append(f'<text x="{x:.1f}" y="{y + 1.3:.1f}">{level}</text>')
    out.append("</g>")
    out.append(_outline_path(cells, tops, "outlines"))
    out.append('<g id="heights" aria-hidden="true">')
    out.extend(labels)
    out.append("</g></g>")
    out.append('<g id="levels">')
    for level in sorted(set(cells.level.tolist())):
        pick = np.nonzero(cells.level == level)[0]
        out.append(f'<g class="lv" data-level="{level}" style="display:none">')
        out.extend(f'<use class="lvhex" href="#hx" x="{x:.1f}" y="{y:.1f}" fill="{colour(i)}"/>'
                   for i, x, y in zip(pick.tolist(), cells.x[pick].tolist(), cells.y[pick].tolist()))
        out.append(_outline_path(cells, pick, None))
        out.append("</g>")
    out.append("</g>")
    out.append('<g id="standing">')
    for idx in cells.standing:
        piece = m.pieces[idx]
        ptype = cat[piece.type]
        fill = hex_colour(standing_rgb(ptype, piece.attrs))
        level = build_level(ptype, piece)
        for q, r in m.footprint(piece):
            x, y = _centre(q, r)
            out.append(f'<use class="standing" href="#hs" x="{x:.2f}" y="{y:.2f}" fill="{fill}" '
                       f'data-level="{level}"><title>{html.escape(ptype.name)} at ({q}, {r}), '
                       f'{levels.label(level)}</title></use>')
    out.append("</g>")
    out.append('<g id="markers">')
    for idx in cells.markers:
        out.append(_marker(m.pieces[idx]))
    for number, pieces in sorted(own.items()):
        out.append(f'<g class="scenario-pieces" data-scenario="{number}">')
        out.extend(_marker(p) if cat[p.type].kind == "marker" else _standing(whole, p) for p in pieces)
        out.append("</g>")
    out.append("</g>")
    out.append('<polygon id="focus" points="" fill="none"/>')
    out.append("</svg>")
    return "\n".join(out)


def legend_html(m: Map) -> str:
    """The key under the map: the same lines, names and colours as the PNG, SVG and PDF legend
    (`style.legend_entries`), each with a swatch drawn as the report draws the thing."""
    from mapkit.drawing.style import hex_colour, legend_entries, mark_rgb

    cat = catalog()
    players = [int(p.attrs.get("player", 0) or 0) for p in m.pieces if p.type == "start-zone"]
    entries = legend_entries([cat[p.type] for p in m.pieces], players)
    small = " ".join(f"{x + 8:.1f},{y + 8:.1f}" for x, y in _unit_hexagon(14.0))
    little = " ".join(f"{x + 8:.1f},{y + 8:.1f}" for x, y in _unit_hexagon(8.0))
    out = ['<ul id="legend" aria-label="Legend">']
    for entry in entries:
        if entry.swatch == "line" or entry.swatch == "ramp":
            continue                       # the report draws no piece edges or contour lines
        colour = hex_colour(entry.rgb)
        if entry.swatch == "start":
            mark = f'<polygon points="{small}" fill="none" stroke="{colour}" stroke-width="2" stroke-dasharray="3 2"/>'
        elif entry.swatch == "glyph":
            mark = f'<circle cx="8" cy="8" r="5" fill="{hex_colour(mark_rgb("glyph_fill"))}" stroke="{colour}"/>'
        elif entry.swatch == "terrain":
            mark = f'<polygon points="{small}" fill="{colour}" stroke="#000" stroke-width=".6"/>'
        else:                              # what stands on the surface: a small hexagon in its colour
            mark = f'<polygon points="{little}" fill="{colour}" stroke="#000" stroke-width=".6"/>'
        out.append(f'<li data-swatch="{entry.swatch}" data-colour="{colour}"><svg width="16" height="16" '
                   f'aria-hidden="true">{mark}</svg>{html.escape(entry.label)}</li>')
    out.append("</ul>")
    return "".join(out)


def _unit_hexagon(size: float) -> list[tuple[float, float]]:
    import math

    return [(size / 2 * math.cos(math.radians(-90 + 60 * k)), size / 2 * math.sin(math.radians(-90 + 60 * k)))
            for k in range(6)]


def _points(q: float, r: float, size: float | None = None) -> str:
    return " ".join(f"{x * SVG_SCALE:.2f},{y * SVG_SCALE:.2f}" for x, y in hex_corners_mm(q, r, size=size))


def _standing(m: Map, piece: Any) -> str:
    """A piece standing on the surface (a tree, a ruin, a figure), small, on each of its hexes."""
    from mapkit.drawing.style import hex_colour, standing_rgb

    ptype = catalog()[piece.type]
    colour = hex_colour(standing_rgb(ptype, piece.attrs))
    out = []
    for q, r in m.footprint(piece):
        x, y = _centre(q, r)
        out.append(f'<use class="standing" href="#hs" x="{x:.2f}" y="{y:.2f}" fill="{colour}">'
                   f'<title>{html.escape(ptype.name)} at ({q}, {r})</title></use>')
    return "".join(out)


def _marker(piece: Any) -> str:
    x, y = (v * SVG_SCALE for v in hex_center_mm(piece.q, piece.r))
    scenario = piece.attrs.get("scenario")
    sc = f' data-scenario="{html.escape(str(scenario))}"' if scenario is not None else ""
    if piece.type == "start-zone":
        player = int(piece.attrs.get("player", 0) or 0)
        from mapkit.drawing.style import hex_colour, player_rgb

        return (f'<polygon class="start-zone" data-player="{player}"{sc} points="{_points(piece.q, piece.r, 34.0)}" '
                f'stroke="{hex_colour(player_rgb(player))}"><title>start zone, player {player}</title></polygon>')
    letter = html.escape(str(piece.attrs.get("letter", "?")))
    return (f'<g class="glyph"{sc}><circle cx="{x:.2f}" cy="{y:.2f}" r="3.6"/>'
            f'<text x="{x:.2f}" y="{y + 1.6:.2f}">{letter}</text><title>glyph {letter}</title></g>')


#: A chosen finding is ringed in white over black: no player's start zone uses either (the eight
#: are saturated colours), and the pair reads on light and dark terrain. A test keeps it so.
HIGHLIGHT_RGB = (255, 255, 255)
HIGHLIGHT_HALO_RGB = (0, 0, 0)


# -- the page ----------------------------------------------------------------------------------

CSS = """
body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#222;background:#fafaf7}
header{padding:12px 20px;background:#2d3a2e;color:#fff}header h1{margin:0;font-size:20px}
#picture{margin:16px 20px 0}
main{display:grid;grid-template-columns:minmax(0,3fr) minmax(280px,2fr);gap:16px;padding:16px 20px}
section{background:#fff;border:1px solid #ddd;border-radius:6px;padding:10px 14px;margin-bottom:14px}
h2{font-size:16px;margin:4px 0 8px}table{border-collapse:collapse}td,th{padding:2px 8px;text-align:left}
td.n{text-align:right}
#map{display:block;width:100%;height:72vh;background:#eef;touch-action:none;cursor:grab;user-select:none}
#map.dragging{cursor:grabbing}
.controls{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:0 0 8px}
.controls button{font:inherit;min-width:2.2em;padding:2px 8px}.controls label{margin-left:10px}
.hex{stroke:#555;stroke-width:.25}.lvhex{stroke:#555;stroke-width:.25}
.lv.below{opacity:.35;filter:grayscale(1)}.lv.below .outline{display:none}
.outline{fill:none;stroke:#111;stroke-width:7;pointer-events:none}
#heights text{font-size:3.2px;text-anchor:middle;fill:#fff;stroke:#000;stroke-width:.35;paint-order:stroke;pointer-events:none}
.standing{stroke:#000;stroke-width:.3;opacity:.9;pointer-events:none}
.start-zone{fill:none;stroke-width:1.2;stroke-dasharray:2 1}
.glyph circle{fill:#f5d142;stroke:#000;stroke-width:.4}.glyph text{font-size:4.5px;font-weight:bold;text-anchor:middle}
.hex.highlight{stroke:HIGHLIGHT;stroke-width:1.6}
#focus{stroke:HIGHLIGHT;stroke-width:1.4;stroke-dasharray:2.5 1.2;pointer-events:none;filter:drop-shadow(0 0 .6px HALO) drop-shadow(0 0 .6px HALO)}
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
  var S=parseFloat(svg.getAttribute('data-scale')), P=44.45, R=P/Math.sqrt(3);
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
      g.style.display=(!all&&l<=n)?'':'none';g.classList.toggle('below',!all&&l<n);});
    document.querySelectorAll('#standing .standing').forEach(function(u){
      u.style.display=(all||+u.getAttribute('data-level')===n)?'':'none';});
    svg.setAttribute('data-showing',v);
  }
  function showScenario(v){
    document.querySelectorAll('[data-scenario]').forEach(function(e){
      e.classList.toggle('off',v!=='all'&&e.getAttribute('data-scenario')!==v);});
  }
  levelPick.addEventListener('change',function(){showLevel(levelPick.value);});
  if(scenarioPick){scenarioPick.addEventListener('change',function(){showScenario(scenarioPick.value);});showScenario(scenarioPick.value);}
  function choose(li){
    document.querySelectorAll('.finding.selected').forEach(function(e){e.classList.remove('selected');});
    document.querySelectorAll('.hex.highlight').forEach(function(e){e.classList.remove('highlight');});
    li.classList.add('selected');
    var q=li.getAttribute('data-q'), r=li.getAttribute('data-r'), level=li.getAttribute('data-level');
    var status=document.getElementById('status');
    if(q===null||r===null||q===''||r===''){focus.setAttribute('points','');status.textContent='This finding concerns the whole map.';return;}
    if(levelPick.value!=='all'&&level!==null&&levelPick.querySelector('option[value="'+level+'"]')){levelPick.value=level;showLevel(level);}
    var hex=document.getElementById('hex_'+q+'_'+r);
    if(hex){hex.classList.add('highlight');hex.parentNode.appendChild(hex);}
    focus.setAttribute('points',corners(+q,+r));
    var c=centre(+q,+r);centreOn(c[0],c[1]);
    status.textContent='Showing ('+q+', '+r+')'+(level?' Level '+level:'')+(hex?'':' (no piece there)');
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
        pictures = ('<p class="note">No pictures were drawn for this report (`mapkit report --pictures` adds the '
                    'isometric view and one picture per Level).</p>')
    notes_html = "".join(f'<p class="note">{e(n)}</p>' for n in parts.notes)
    warnings_html = "".join(f'<p class="note">Reader warning: {e(w)}</p>' for w in m.warnings)
    from mapkit.drawing.layout import map_levels
    from mapkit.drawing.style import hex_colour

    level_options = "".join(f'<option value="{n}">{e(levels.label(n))}</option>' for n in map_levels(m))
    scenario_pick = ""
    css = CSS.replace("HIGHLIGHT", hex_colour(HIGHLIGHT_RGB)).replace("HALO", hex_colour(HIGHLIGHT_HALO_RGB))
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="mapkit"><title>{title}: mapkit report</title><style>{css}</style></head>
<body><header><h1>{title}</h1></header>
<section id="picture"><h2>The map</h2>
<div class="controls" role="toolbar" aria-label="Map view">
<button type="button" id="zoom-in" title="Zoom in">+</button><button type="button" id="zoom-out" title="Zoom out">&minus;</button>
<button type="button" id="zoom-fit" title="Show the whole map">Whole map</button>
<label>Show <select id="level"><option value="all">all Levels (seen from above)</option>{level_options}</select></label>
{scenario_pick}<span class="where">Drag to pan; wheel or pinch to zoom.</span></div>
{top_view_svg(m)}
<p class="where">Each hex shows the surface seen from above; the number is the Level of its top tile (darker = lower);
small hexagons: trees, ruins and other pieces standing on it. One Level shows its tiles over a grey ghost of those below.
Dashed hexagons: start zones. Yellow discs: glyphs. A chosen finding is ringed in white and black.
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
        q, r, level, place = f.get("q"), f.get("r"), f.get("level"), f.get("place")
        # placed as validate's text places it: 'Level L C7 (q, r)', the sheets' name where it has one
        parts = ([f"Level {level}"] if level is not None else []) + ([str(place)] if place else []) + \
            ([f"({q}, {r})"] if q is not None and r is not None else [])
        where = " ".join(parts) if parts else "whole map"
        attrs = "".join(f' data-{k}="{e(str(v))}"' for k, v in (("q", q), ("r", r), ("level", level), ("place", place),
                                                                 ("scenario", f.get("scenario"))) if v is not None)
        items.append(f'<li class="finding sev-{e(str(f.get("severity")))}" id="finding-{n}" tabindex="0"{attrs}>'
                     f'<span class="code">{e(str(f.get("code")))}</span> {e(str(f.get("severity")))}: '
                     f'{e(str(f.get("message")))} <span class="where">{e(where)}</span></li>')
    return '<ul class="findings">' + "".join(items) + "</ul>"
