"""A gallery of the community corpus in a real browser (issue 36): Debian's Chromium driven by
Playwright opens the site from file://, filters, sorts, follows a card, and reads back every
download, while every request the pages make is watched: none may leave the machine.

The site is made once for the module (the corpus's ~50 maps, their sheets included: about 30 s
on 2 busy cores), with a folder beside the corpus holding a file that cannot be read and a map
whose name and author are markup. Without Chromium or Playwright the tests skip, saying so,
except under CI, where they fail (as the report's browser test does).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

import mapkit
from conftest import CORPUS, NO_CORPUS
from tests.test_format_contract import same_battlefield
from tests.test_report_browser import FLAGS, chromium_binary

#: A name and an author that would run or break out of the page if they were written as markup.
HOSTILE_NAME = '</script><script>window.pwned=1</script><img src=x onerror="window.pwned=2">'
HOSTILE_AUTHOR = "<!-- \u2028 & </textarea> ${'`'}"
#: The small collection: one Rise of the Valkyrie.
COLLECTION = "RotV\n"


def _needed(what: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the gallery's browser test: {what} is missing")
    pytest.skip(f"{what} is missing: the gallery's browser test is skipped")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The gallery of the corpus and of a folder with an unreadable file and a hostile map."""
    if CORPUS is None:
        pytest.skip(NO_CORPUS)
    extra = tmp_path_factory.mktemp("extra")
    (extra / "broken.hsc").write_bytes(b"garbage, not a map")
    hostile = mapkit.read(ROOT_SAMPLE)
    hostile.name, hostile.author = HOSTILE_NAME, HOSTILE_AUTHOR
    mapkit.write(hostile, extra / 'odd "name" <b>.mapkit.json')
    owned = extra.parent / "mine.sets.txt"
    owned.write_text(COLLECTION)
    out = tmp_path_factory.mktemp("gallery") / "site"
    done = mapkit.gallery([CORPUS, extra], out, collection=owned, jobs=2)
    return done, owned, extra


ROOT_SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "maps" / "twin-rivers.hsc"


@pytest.fixture(scope="module")
def browser():
    exe = os.environ.get("MAPKIT_CHROMIUM") or chromium_binary()
    if exe is None:
        _needed("Chromium (Debian's `chromium`, or MAPKIT_CHROMIUM)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _needed("Playwright (the test extras: pip install -e '.[test]')")
    flags = [f for f in FLAGS if f not in ("--headless", "--remote-debugging-pipe") and not f.startswith("--window")]
    with sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=exe, args=flags)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser):
    """A page whose every request is recorded; any that is not a file of the machine is refused."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    tab.requests = []
    tab.dialogs = []
    tab.on("request", lambda request: tab.requests.append(request.url))
    tab.on("dialog", lambda dialog: (tab.dialogs.append(dialog.message), dialog.dismiss()))
    context.route(re.compile(r"^(?!file:|data:|about:).*"), lambda route: route.abort())
    yield tab
    context.close()


def offline(tab) -> None:
    """Every request the page made was for a file of the machine (or inline data)."""
    assert tab.requests and all(u.startswith(("file://", "data:", "about:")) for u in tab.requests), \
        [u for u in tab.requests if not u.startswith(("file://", "data:", "about:"))]


def shown_names(tab) -> list[str]:
    return tab.eval_on_selector_all("#cards li.card:not([hidden]) h2 a", "els => els.map(e => e.textContent)")


def readable(done) -> list[tuple[str, object]]:
    """Every file the gallery found, read here on its own: (file, map or Book) for those that read."""
    out = []
    for card in [*done.cards, *done.unreadable]:
        try:
            out.append((card["file"], mapkit.api.read_document(card["source"])))
        except mapkit.MapkitError:
            pass
    return out


def test_a_card_for_each_readable_map_and_the_others_listed(site, page):
    done, _, _ = site
    page.goto(Path(done.index).as_uri())
    cards = page.locator("#cards li.card")
    found = readable(done)
    assert cards.count() == len(found) == len(done.cards) >= 45
    assert page.locator("#count").get_attribute("role") == "status"
    assert page.locator("#count").text_content() == f"Showing all {len(found)} cards"
    listed = page.locator("#unreadable li").all_text_contents()
    assert len(listed) == 1 and "broken.hsc" in listed[0] and "byte" in listed[0]
    offline(page)


def test_a_hostile_name_is_text_never_markup(site, page):
    done, _, _ = site
    page.goto(Path(done.index).as_uri())
    assert HOSTILE_NAME in shown_names(page)
    assert page.evaluate("window.pwned") is None and page.dialogs == []
    card = page.locator("#cards li.card", has_text="odd \"name\"")
    assert HOSTILE_AUTHOR.replace("\u2028", " ").split()[0] in card.locator(".by").text_content()
    with page.expect_navigation():
        card.locator("h2 a").click()
    assert page.locator("h1").text_content() == HOSTILE_NAME and page.evaluate("window.pwned") is None
    offline(page)


def test_players_and_my_collection_narrow_the_cards_and_the_address_keeps_them(site, page):
    done, owned, _ = site
    page.goto(Path(done.index).as_uri())
    by_file = {c["file"].split("/", 1)[1]: c for c in done.cards}
    page.select_option("#f-players", "2")
    twos = sorted(c["name"] or Path(c["file"]).name for c in done.cards if 2 in c["players"])
    assert sorted(shown_names(page)) == twos
    # as the maps say it: a "2" in the text, a scenario for 2 to 4, two start zones; not three zones alone
    assert {"Rotten Ice", "Le plateau de Tylaan"} <= set(twos)
    assert by_file["hsc/dkniffin-virtualscape/Tombe de Migol.hsc"]["players"] == [3]
    assert "Tombe de Migol" not in set(shown_names(page))
    assert "players=2" in page.url
    # buildable with one Rise of the Valkyrie, as `inventory` says it map by map
    have = mapkit.read_collection(owned)
    builds = sorted((m.name or Path(f).name) for f, m in readable(done)
                    if isinstance(m, mapkit.Map) and not mapkit.inventory(m, collection=have).short)
    page.select_option("#f-players", "")
    page.check("#f-buildable")
    assert sorted(shown_names(page)) == builds and 0 < len(builds) < len(done.cards)
    assert page.locator("#count").text_content() == f"Showing {len(builds)} of {len(done.cards)} cards"
    page.select_option("#f-players", "2")
    both = sorted(c["name"] or Path(c["file"]).name for c in done.cards if 2 in c["players"] and not c["lacks"])
    assert sorted(shown_names(page)) == both and set(both) == set(builds) & set(twos)
    kept = page.url
    assert "buildable=1" in kept and "players=2" in kept
    # the address is a bookmark: opened afresh, it shows the same cards
    page.goto("about:blank")
    page.goto(kept)
    assert sorted(shown_names(page)) == both and page.locator("#f-buildable").is_checked()
    assert page.locator("#f-players").input_value() == "2"
    offline(page)


def test_sorting_and_the_keyboard(site, page):
    done, _, _ = site
    page.goto(Path(done.index).as_uri() + "#sort=pieces")
    pieces = [c["pieces"] for c in sorted(done.cards, key=lambda c: -(c["pieces"] or -1))]
    first = page.locator("#cards li.card:not([hidden]) h2 a").first.text_content()
    most = max(done.cards, key=lambda c: c["pieces"] or -1)
    assert first == (most["name"] or Path(most["file"]).name) and pieces[0] == most["pieces"]
    # typed words narrow the cards; Tab reaches a card's link, Enter opens its page
    page.focus("#f-q")
    page.keyboard.type("tylaan")
    assert shown_names(page) == ["Le plateau de Tylaan"]
    assert "q=tylaan" in page.url
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('li.card') !== null"):
            break
    assert page.evaluate("document.activeElement.textContent") == "Le plateau de Tylaan"
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert "/maps/" in page.url and page.locator("h1").text_content() == "Le plateau de Tylaan"
    # its way back to the index keeps the view it came from
    with page.expect_navigation():
        page.click("a[data-keep=index]")
    assert page.url.endswith("index.html#q=tylaan&sort=pieces") and shown_names(page) == ["Le plateau de Tylaan"]
    offline(page)


def test_a_card_opens_its_page_and_every_download_reads_back_the_same_map(site, page):
    done, _, _ = site
    page.goto(Path(done.index).as_uri())
    with page.expect_navigation():
        page.locator("#cards li.card h2 a", has_text="Rotten Ice").click()
    assert page.locator("h1").text_content() == "Rotten Ice"
    frame = page.frame_locator("iframe")
    assert frame.locator("#map").count() == 1  # the report's own view: pan, zoom, Levels
    checked = 0
    for card in done.cards:
        page.goto((Path(done.site) / card["page"]).as_uri())
        links = page.eval_on_selector_all("ul.downloads a", "els => els.map(e => e.href)")
        original = mapkit.api.read_document(card["source"])
        for link in links:
            path = Path(unquote(urlparse(link).path))
            assert path.is_file(), (card["file"], link)
            if path.suffix == ".pdf":
                assert path.read_bytes()[:5] == b"%PDF-"
                continue
            again = mapkit.read(path)
            assert same_battlefield(original, again) and again.name == original.name, (card["file"], path.name)
            checked += 1
        left_out = {o["format"] for o in card["products"]["omitted"]}
        offered = {d["format"] for d in card["products"]["downloads"]}
        assert left_out | offered == {"mapkit", "hsc", "hexoscape", "hexoscape-url"} or card["kind"] == "book"
        assert page.locator("details.omitted li").count() == len(left_out)
    assert checked > 2 * len(done.cards)
    offline(page)
