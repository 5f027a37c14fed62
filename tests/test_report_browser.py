"""The HTML report in a real browser: headless Chromium opens it, we click a finding, its hex lights up.

Chromium is driven over the DevTools protocol through `--remote-debugging-pipe` (JSON messages
ending in NUL on file descriptors 3 and 4), so the test needs nothing beyond the standard
library and a Chromium binary. Without one the test is skipped, saying so.
"""

from __future__ import annotations

import fcntl
import json
import os
import select
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from mapkit.outputs.html_report.page import ReportParts, render_report
from mapkit.model.catalog import catalog
from mapkit.model.map import Piece
from tests.test_print_build import three_level_map

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-extensions",
         "--remote-debugging-pipe", "--window-size=1200,900"]


def chromium_binary() -> str | None:
    for name in (os.environ.get("MAPKIT_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


class DevTools:
    """A minimal DevTools-protocol client over Chromium's pipe."""

    def __init__(self, exe: str, profile: Path):
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()
        # lift the child's ends above 9 so dup2 onto 3 and 4 cannot clobber one another
        a, b = fcntl.fcntl(to_chrome_r, fcntl.F_DUPFD, 10), fcntl.fcntl(from_chrome_w, fcntl.F_DUPFD, 10)
        os.close(to_chrome_r)
        os.close(from_chrome_w)

        def wire() -> None:
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen([exe, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, close_fds=False, preexec_fn=wire)
        os.close(a)
        os.close(b)
        self._next = 0
        self._buffer = b""
        self.events: list[dict] = []
        self.session: str | None = None

    def _read(self, deadline: float) -> dict:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._from_chrome], [], [], left)[0]:
                raise TimeoutError("Chromium did not answer in time")
            chunk = os.read(self._from_chrome, 65536)
            if not chunk:
                raise RuntimeError("Chromium closed the DevTools pipe")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(raw)

    def call(self, method: str, timeout: float = 20.0, **params) -> dict:
        self._next += 1
        msg = {"id": self._next, "method": method, "params": params}
        if self.session and not method.startswith("Target."):
            msg["sessionId"] = self.session
        os.write(self._to_chrome, json.dumps(msg).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._read(deadline)
            if reply.get("id") == self._next:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_event(self, method: str, timeout: float = 20.0) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            for i, ev in enumerate(self.events):
                if ev.get("method") == method:
                    return self.events.pop(i)
            self.events.append(self._read(deadline))

    def evaluate(self, expression: str):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"page script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def close(self) -> None:
        try:
            self.call("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._to_chrome)
        os.close(self._from_chrome)


@pytest.fixture
def browser(tmp_path):
    exe = chromium_binary()
    if exe is None and os.environ.get("CI"):
        pytest.fail("CI must run the browser test: .ci/run installs Debian's chromium, and it is missing")
    if exe is None:
        pytest.skip("no Chromium found (install Debian's `chromium`, or set MAPKIT_CHROMIUM): browser test skipped")
    tools = DevTools(exe, tmp_path / "profile")
    try:
        target = tools.call("Target.createTarget", url="about:blank")["targetId"]
        tools.session = tools.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        tools.call("Page.enable")
        yield tools
    finally:
        tools.close()


def test_clicking_a_finding_highlights_its_hex(browser, tmp_path):
    findings = [
        {"code": "TST001", "severity": "error", "message": "first finding", "q": 1, "r": 2, "level": 2},
        {"code": "TST002", "severity": "warning", "message": "second finding", "q": 5, "r": 0, "level": 0},
        {"code": "TST003", "severity": "info", "message": "about the whole map"},
    ]
    m = three_level_map()
    hexes = {h for p in m.pieces if m.piece_type(p).kind in ("land", "fluid", "castle", "custom")
             for h in m.footprint(p)}
    page = tmp_path / "report.html"
    page.write_text(render_report(m, "three.mapkit.json", ReportParts(findings)), encoding="utf-8")
    browser.call("Page.navigate", url=page.as_uri())
    browser.wait_event("Page.loadEventFired")

    assert browser.evaluate("document.querySelectorAll('#map .hex').length") == len(hexes), "the map is shown"
    # the map fills the page's width (it was a third of it, beside the findings)
    assert browser.evaluate("document.getElementById('map').getBoundingClientRect().width / window.innerWidth") > 0.85
    assert browser.evaluate("document.querySelectorAll('.hex.highlight').length") == 0

    def click(finding_text: str) -> None:
        box = browser.evaluate(
            "(function(){var li=[...document.querySelectorAll('.finding')].find(e=>e.textContent.includes("
            + json.dumps(finding_text) + "));li.scrollIntoView({block:'center'});"
            "var b=li.getBoundingClientRect();return [b.left+b.width/2,b.top+b.height/2];})()")
        for kind in ("mousePressed", "mouseReleased"):
            browser.call("Input.dispatchMouseEvent", type=kind, x=box[0], y=box[1], button="left", clickCount=1)

    click("second finding")
    assert browser.evaluate("[...document.querySelectorAll('.hex.highlight')].map(e=>e.id)") == ["hex_5_0"]
    assert browser.evaluate("document.getElementById('focus').getAttribute('points')") != ""
    click("first finding")
    assert browser.evaluate("[...document.querySelectorAll('.hex.highlight')].map(e=>e.id)") == ["hex_1_2"]
    assert browser.evaluate("document.querySelector('.finding.selected').textContent").startswith("TST001")
    # the highlight is drawn where hex (1, 2) is: the focus ring's centre is that hex's centre
    centre = browser.evaluate(
        "(function(){var b=document.getElementById('focus').getBBox(),h=document.getElementById('hex_1_2').getBBox();"
        "return [b.x+b.width/2-(h.x+h.width/2), b.y+b.height/2-(h.y+h.height/2)];})()")
    assert abs(centre[0]) < 0.05 and abs(centre[1]) < 0.05
    # the ring is a colour no player uses, and the view is centred on the chosen hex
    ring = browser.evaluate("getComputedStyle(document.getElementById('focus')).stroke")
    players = {"rgb(%d, %d, %d)" % tuple(z["rgb"]) for z in catalog().start_zone_colours}
    assert ring == "rgb(255, 255, 255)" and ring not in players
    assert_centred(browser, "hex_1_2")
    click("about the whole map")
    assert browser.evaluate("document.querySelectorAll('.hex.highlight').length") == 0
    assert "whole map" in browser.evaluate("document.getElementById('status').textContent")


def view_box(browser) -> list[float]:
    return [float(v) for v in browser.evaluate("document.getElementById('map').getAttribute('viewBox')").split()]


def assert_centred(browser, hex_id: str) -> None:
    """The hex's centre is the middle of what the map shows."""
    x, y, w, h = view_box(browser)
    cx, cy = browser.evaluate(
        f"(function(){{var b=document.getElementById('{hex_id}').getBBox();return [b.x+b.width/2,b.y+b.height/2];}})()")
    assert abs(cx - (x + w / 2)) < w * 0.02 and abs(cy - (y + h / 2)) < h * 0.02


def test_zoom_level_and_scenario_switch(browser, tmp_path):
    """Buttons and the wheel zoom, dragging pans, one Level shows over the faded colours of those below,
    choosing a finding on another Level switches to it, and a scenario hides the others' zones."""
    m = three_level_map()
    m.pieces.append(Piece("glyph", 0, 0, 1, attrs={"letter": "A", "scenario": 1}))
    m.pieces.append(Piece("glyph", 1, 0, 1, attrs={"letter": "B", "scenario": 2}))
    findings = [{"code": "TST010", "severity": "warning", "message": "on level one", "q": 0, "r": 0, "level": 1},
                {"code": "TST011", "severity": "error", "message": "up high", "q": 1, "r": 2, "level": 3,
                 "scenario": 2},
                {"code": "TST012", "severity": "info", "message": "above the top", "q": 1, "r": 2, "level": 4}]
    page = tmp_path / "report.html"
    page.write_text(render_report(m, "three.mapkit.json", ReportParts(findings)), encoding="utf-8")
    browser.call("Page.navigate", url=page.as_uri())
    browser.wait_event("Page.loadEventFired")

    home = view_box(browser)
    browser.evaluate("document.getElementById('zoom-in').click()")
    zoomed = view_box(browser)
    assert zoomed[2] == pytest.approx(home[2] / 1.5, rel=1e-3)
    # the wheel zooms about the pointer: a wheel-up over the map narrows the view further
    box = browser.evaluate("(function(){var b=document.getElementById('map').getBoundingClientRect();"
                           "return [b.left+b.width/2,b.top+b.height/2];})()")
    browser.call("Input.dispatchMouseEvent", type="mouseWheel", x=box[0], y=box[1], deltaX=0, deltaY=-300)
    wheeled = view_box(browser)
    assert wheeled[2] < zoomed[2] * 0.9
    # dragging pans: the view moves, its size stays
    browser.call("Input.dispatchMouseEvent", type="mousePressed", x=box[0], y=box[1], button="left", clickCount=1)
    browser.call("Input.dispatchMouseEvent", type="mouseMoved", x=box[0] + 80, y=box[1] + 40, button="left")
    browser.call("Input.dispatchMouseEvent", type="mouseReleased", x=box[0] + 80, y=box[1] + 40, button="left",
                 clickCount=1)
    panned = view_box(browser)
    assert panned[2] == pytest.approx(wheeled[2]) and panned[0] < wheeled[0] and panned[1] < wheeled[1]
    browser.evaluate("document.getElementById('zoom-fit').click()")
    assert view_box(browser) == pytest.approx(home)

    # one Level: its layer shown, lower ones as a ghost, higher ones and the all-Levels view hidden
    browser.evaluate("var s=document.getElementById('level');s.value='2';s.dispatchEvent(new Event('change'))")
    shown = browser.evaluate("[...document.querySelectorAll('#levels .lv')].map(g=>[g.dataset.level,"
                             "getComputedStyle(g).display!=='none',g.classList.contains('below')])")
    assert shown == [["1", True, True], ["2", True, False], ["3", False, False]]
    # the Levels below in the faded colour of each tile (issue 24 item 3), never a grey ghost:
    # the grass-24 of Level 1 just below Level 2, then deeper under Level 3
    from mapkit.model.catalog import catalog
    from mapkit.outputs.scene.style import faded, piece_fill, style_data

    fade, grass = style_data()["below"], piece_fill(catalog()["grass-24"])
    first = ("(function(){var u=document.querySelector('#levels .lv[data-level=\"1\"] use#hex_0_0');"
             "return getComputedStyle(u).fill;})()")
    assert browser.evaluate(first) == "rgb(%d, %d, %d)" % faded(grass, fade["just_below"])
    browser.evaluate("var s=document.getElementById('level');s.value='3';s.dispatchEvent(new Event('change'))")
    assert browser.evaluate(first) == "rgb(%d, %d, %d)" % faded(grass, fade["deeper"])
    browser.evaluate("var s=document.getElementById('level');s.value='2';s.dispatchEvent(new Event('change'))")
    assert browser.evaluate("getComputedStyle(document.getElementById('all')).display") == "none"
    # choosing a finding on Level 3 while Level 2 is shown switches to Level 3 and centres on it
    scenario = "var s=document.getElementById('scenario-choice');s.value='%s';s.dispatchEvent(new Event('change'))"
    browser.evaluate(scenario % "2")
    browser.evaluate("[...document.querySelectorAll('.finding')].find(e=>e.textContent.includes('up high')).click()")
    assert browser.evaluate("document.getElementById('level').value") == "3"
    x, y, w, h = view_box(browser)
    cx, cy = browser.evaluate("(function(){var p=document.getElementById('focus').getBBox();"
                              "return [p.x+p.width/2,p.y+p.height/2];})()")
    assert abs(cx - (x + w / 2)) < w * 0.02 and abs(cy - (y + h / 2)) < h * 0.02 and w < home[2]
    # a finding at a Level with no tile of its own (a flag on a tower) switches to the Level its
    # pieces show with: the highest offered below it
    browser.evaluate("var s=document.getElementById('level');s.value='2';s.dispatchEvent(new Event('change'))")
    browser.evaluate("[...document.querySelectorAll('.finding')].find(e=>e.textContent.includes('above the top')).click()")
    assert browser.evaluate("document.getElementById('level').value") == "3"
    # scenario 1: its glyph shows, scenario 2's glyph and finding are hidden
    browser.evaluate(scenario % "1")
    visible = browser.evaluate("[...document.querySelectorAll('#markers .scenario-pieces')]"
                               ".map(g=>[g.dataset.scenario,getComputedStyle(g).display!=='none'])")
    assert sorted(visible) == [["1", True], ["2", False]]
    hidden = browser.evaluate("[...document.querySelectorAll('.finding')].filter(e=>getComputedStyle(e).display"
                              "==='none').map(e=>e.textContent)")
    assert len(hidden) == 1 and "up high" in hidden[0]


def test_one_level_shows_only_that_levels_zones_glyphs_and_figures_and_all_scenarios_at_once(browser, tmp_path):
    """Issue 24: the one-Level view showed the start zones, glyphs and figures of other Levels, and
    the docs' "all scenarios at once" choice was missing. Each kind, shared and of a scenario, on
    Levels 1 to 3; choosing Level 2 shows exactly those of Level 2; "all" scenarios shows both."""
    m = three_level_map()  # its own zones on Level 1 and glyph W on Level 3
    m.pieces += [Piece("glyph", 0, 0, 1, attrs={"letter": "A", "scenario": 1}),
                 Piece("start-zone", 1, 1, 2, attrs={"player": 2, "scenario": 1}),
                 Piece("figure", 2, 1, 2, attrs={"player": 1, "label": "3", "scenario": 1}),
                 Piece("glyph", 1, 2, 3, attrs={"letter": "B", "scenario": 2}),
                 Piece("figure", 6, 1, 1, attrs={"player": 2, "scenario": 2})]
    page = tmp_path / "report.html"
    page.write_text(render_report(m, "three.mapkit.json", ReportParts([])), encoding="utf-8")
    browser.call("Page.navigate", url=page.as_uri())
    browser.wait_event("Page.loadEventFired")
    marks = ("[...document.querySelectorAll('#markers .start-zone, #markers .glyph, #standing .standing, "
             "#markers .standing')].filter(e=>getComputedStyle(e).display!=='none'&&"
             "!e.closest('.off')).map(e=>[e.getAttribute('class'),e.dataset.level,"
             "(e.closest('[data-scenario]')||{dataset:{}}).dataset.scenario||''])")
    choose = "var s=document.getElementById('%s');s.value='%s';s.dispatchEvent(new Event('change'))"
    assert browser.evaluate("[...document.getElementById('scenario-choice').options].map(o=>o.value)") == \
        ["1", "2", "all"]
    browser.evaluate(choose % ("scenario-choice", "all"))
    everything = browser.evaluate(marks)
    assert {s for _, _, s in everything} == {"", "1", "2"}          # both scenarios' pieces at once
    assert all(level for _, level, _ in everything)                 # every mark says its Level
    browser.evaluate(choose % ("level", "2"))
    shown = browser.evaluate(marks)
    assert shown and {level for _, level, _ in shown} == {"2"}
    assert sorted(kind for kind, _, _ in shown) == ["standing", "start-zone"]   # scenario 1's figure and zone
    browser.evaluate(choose % ("level", "3"))
    assert sorted((kind, s) for kind, _, s in browser.evaluate(marks)) == [("glyph", ""), ("glyph", "2")]
    browser.evaluate(choose % ("scenario-choice", "1"))
    assert [(kind, s) for kind, _, s in browser.evaluate(marks)] == [("glyph", "")]
    browser.evaluate(choose % ("level", "all"))
    assert {level for _, level, _ in browser.evaluate(marks)} == {"1", "2", "3"}


def test_a_room_finding_rings_its_hex_where_the_page_lays_the_room_out(browser, tmp_path):
    """River of Blood draws four rooms, laid out together on the report's map; validate names a
    room's finding in the room's own frame (room 2: Level 2 L7 (8, 8)). Chosen, it rings the hex
    where the page lays room 2 out, and the status says the finding's place as validate does (the
    page once ringed (8, 8) of the whole page, a hex of another room, and said "(8, 8)")."""
    from conftest import corpus_file

    import mapkit
    from mapkit.cli import main

    source = corpus_file("glasq-xhtml/RiverofBlood.html")
    page = tmp_path / "rob.html"
    assert main(["report", str(source), "-o", str(page), "-q"]) == 0
    (p103,) = [f.as_dict() for f in mapkit.validate(mapkit.read(source)).findings if f.code == "P103"]
    q, r = mapkit.read(source).on_layout(p103["room"], p103["q"], p103["r"])
    browser.call("Page.navigate", url=page.as_uri())
    browser.wait_event("Page.loadEventFired")
    browser.evaluate("(function(){var li=[...document.querySelectorAll('.finding')].find("
                     "e=>e.textContent.includes('P103'));li.click();})()")
    assert browser.evaluate("[...document.querySelectorAll('.hex.highlight')].map(e=>e.id)") == [f"hex_{q}_{r}"]
    status = browser.evaluate("document.getElementById('status').textContent")
    assert status == f"Showing room 2: Level 2 {p103['place']} ({p103['q']}, {p103['r']})", status


def test_the_street_report_shows_its_buildings_and_objects_on_the_map(browser, tmp_path):
    """Issue 34, item 2: the report of the C3G street said "3 building(s), 3 object(s)" and drew
    none of them. Its map is now the pictures' drawing: each building and object is drawn, seen
    (a box on the screen), and one Level shows the floors on it."""
    from mapkit import api
    from tests.conftest import ROOT

    street = ROOT / "samples" / "maps" / "street.mapkit.json"
    m = api.read(street)
    assert (len(m.buildings), len(m.objects)) == (3, 3)
    page = tmp_path / "street.html"
    page.write_text(render_report(m, str(street), ReportParts([])), encoding="utf-8")
    browser.call("Page.navigate", url=page.as_uri())
    browser.wait_event("Page.loadEventFired")
    seen = ("(function(kind){return [...document.querySelectorAll('#map #all [id^=\"'+kind+'-\"]')].filter("
            "function(g){var b=g.getBoundingClientRect();return b.width>2&&b.height>2&&"
            "getComputedStyle(g).display!=='none';}).map(function(g){return g.id;});})")
    assert sorted(browser.evaluate(seen + "('building')")) == ["building-1", "building-2", "building-3"]
    assert sorted(browser.evaluate(seen + "('object')")) == ["object-1", "object-2", "object-3"]
    # each is drawn with its own marks: the Door and Exit labels, the vehicle's initials and riders
    words = browser.evaluate("[...document.querySelectorAll('#map #all text')].map(function(t){return t.textContent;})")
    assert {"Door", "Exit4", "Up3", "SC", "EC", "2 aboard"} <= set(words)
    # one Level: the skyscraper's second floor on Level 9, the whole map's drawing hidden
    browser.evaluate("var s=document.getElementById('level');s.value='9';s.dispatchEvent(new Event('change'))")
    floors = browser.evaluate("[...document.querySelectorAll('#levels .lv.current .floors [id^=\"building-\"]')]"
                              ".filter(function(g){var b=g.getBoundingClientRect();return b.width>2;}).length")
    assert floors == 1 and browser.evaluate("getComputedStyle(document.getElementById('all')).display") == "none"


def test_a_room_of_a_dungeon_is_shown_across_the_map_and_all_again(browser, tmp_path):
    """A map of several rooms (a dungeon page's) offers each room as a view of its own: choosing
    one fits the map to that room's hexes, 'all rooms' shows them all again (issue 36: the
    report's view, room included)."""
    from mapkit.model.map import Map, Room

    m = Map(name="Two Rooms", rooms=[Room(1, "Crypt"), Room(2, "Hall")])
    m.pieces += [Piece("grass-24", 0, 0, 0, attrs={"rooms": [1]}), Piece("rock-7", 1, 1, 1, attrs={"rooms": [1]}),
                 Piece("grass-24", 30, 0, 0, attrs={"rooms": [2]})]
    page = tmp_path / "report.html"
    page.write_text(render_report(m, "rooms.mapkit.json", ReportParts([])), encoding="utf-8")
    browser.call("Page.navigate", url=page.as_uri())
    browser.wait_event("Page.loadEventFired")
    assert browser.evaluate("[...document.querySelectorAll('#room-choice option')].map(o=>o.textContent)") == [
        "all rooms", "Crypt", "Hall"]
    home = view_box(browser)
    pick = "var s=document.getElementById('room-choice');s.value='%s';s.dispatchEvent(new Event('change'))"
    browser.evaluate(pick % "2")
    hall = view_box(browser)
    assert hall[2] < home[2] * 0.6 and hall[0] > home[0] + home[2] * 0.4     # the eastern room alone
    inside = browser.evaluate("(function(){var b=document.getElementById('hex_30_0').getBBox();return [b.x,b.y];})()")
    assert hall[0] <= inside[0] <= hall[0] + hall[2] and hall[1] <= inside[1] <= hall[1] + hall[3]
    browser.evaluate(pick % "1")
    assert view_box(browser)[0] < home[0] + home[2] * 0.2
    browser.evaluate(pick % "all")
    assert view_box(browser) == pytest.approx(home)
