"""The projector uses the screen: with five announcements and the
round clock (time up, a table on extra minutes) a 1280x720 projector showed one table of
four a page, ten pages for forty players. The standings now fill what the header, the
announcements' band and the clock leave (projector.js measures it, ?rows=N): at least two
tables of four a page at 1280x720 and at 1920x1080, with no announcement or five, nothing
overlapping or below the screen's edge, no text smaller than before."""

import datetime
import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Entrant, Round, Table

from .conftest import build_event, play_games
from .helpers_sizes import sizes
from .test_projector_fit import FIVE
from .test_public_results import FORTY

# The hall's address for phones: the projector's layout is measured with its link and QR code.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("hall_address")]

# Two tables of four: a page never splits a table, so eight lines are what it takes to
# show more than one (seven would still show four rows).
AT_LEAST = 8
# Before: the standings rows in 1.5 rem (30 px), the smallest words on the projector the
# language buttons' 18 px.
ROW_TEXT, SMALLEST_TEXT = 30, 18


def _hall(announcements: int):
    event, division = build_event("state-2026", name="State Senior Games", players=FORTY)
    round_ = Round.objects.get(division=division, number=1)
    tables = list(Table.objects.filter(round__division=division).order_by("number"))
    play_games(tables[0], [(0, 10, 20, 30)])
    # Time was up 4 minutes ago; table 2 plays on its 10 extra minutes.
    services.round_clock_start(round_=round_, now=timezone.now() - datetime.timedelta(minutes=64))
    services.table_minutes_add(table=tables[1], minutes=10)
    for text in FIVE[:announcements]:
        services.announcement_post(event=event, text=text)
    return event


BLOCKS = """() => [...document.querySelectorAll(
    'main > header, main > .announcement-band, main > .slide-head, main > table, main > p.small'
  )].map(e => { const r = e.getBoundingClientRect();
                return {what: e.className || e.tagName, top: r.top, bottom: r.bottom,
                        left: r.left, right: r.right}; })"""


def _fits(page, width, height):
    assert page.evaluate("document.documentElement.scrollHeight") <= height
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    blocks = [b for b in page.evaluate(BLOCKS) if b["bottom"] > b["top"]]
    for above, below in zip(blocks, blocks[1:], strict=False):
        assert below["top"] >= above["bottom"] - 0.5, (above, below)  # nothing overlaps
    for block in blocks:
        assert 0 <= block["top"] and block["bottom"] <= height, block  # nothing cut
        assert 0 <= block["left"] and block["right"] <= width, block
    for row in page.locator("main tbody tr").all():
        box = row.bounding_box()
        assert box["y"] + box["height"] <= height, box


@pytest.mark.parametrize("announcements", [0, 5])
@pytest.mark.parametrize(("width", "height"), [(1280, 720), (1920, 1080)])
def test_the_standings_fill_the_screen(browser, live_server, width, height, announcements):
    event = _hall(announcements)
    screen = browser.new_context(viewport={"width": width, "height": height})
    page = screen.new_page()
    page.goto(f"{live_server.url}/p/{event.slug}/")
    # The first guess (for 1280x720, the clock and the announcements estimated) is measured
    # and the page asked for again with what the screen holds.
    expect(page).to_have_url(re.compile(r"rows=\d+"))
    page.wait_for_selector("#main[data-fitted]", state="attached")
    expect(page.locator("[data-clock-up]")).to_be_visible()
    expect(page.locator("#announcements li")).to_have_count(announcements)
    rows = page.locator("main tbody tr")
    assert rows.count() >= AT_LEAST, (rows.count(), page.url)
    _fits(page, width, height)
    found = sizes(page)
    assert found["text"] >= SMALLEST_TEXT, found
    row_text = (
        rows.first.locator("td").nth(1).evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    )
    assert row_text >= ROW_TEXT * height / 720 - 0.5, row_text
    if announcements:
        shown = page.locator("#announcements li.shown")
        assert shown.evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 22
    screen.close()


def test_every_player_once_over_the_pages_of_a_measured_screen(browser, live_server):
    event = _hall(5)
    everyone = {e.name for e in Entrant.objects.filter(event=event)}
    screen = browser.new_context(viewport={"width": 1280, "height": 720})
    page = screen.new_page()
    page.goto(f"{live_server.url}/p/{event.slug}/")
    expect(page).to_have_url(re.compile(r"rows=\d+"))
    page.wait_for_selector("#main[data-fitted]", state="attached")
    rows = re.search(r"rows=(\d+)", page.url)[1]
    footer = page.locator("p.small", has_text="Division 1 of").inner_text()
    pages = int(footer.split("page 1 of ")[1].split()[0])
    assert pages <= 6  # ten tables, two a page (one wrapped name may take a table's place)
    names = []
    for number in range(pages):
        page.goto(f"{live_server.url}/p/{event.slug}/?i=0&p={number}&rows={rows}")
        page.wait_for_selector("#main[data-fitted]", state="attached")
        assert f"rows={rows}" in page.url  # the same screen: not asked again
        _fits(page, 1280, 720)
        names += page.locator("main td:nth-child(2) span[dir]").all_inner_texts()
        # The next page keeps what the screen holds.
        assert f"rows={rows}" in page.locator("#main").get_attribute("data-next")
    assert sorted(names) == sorted(everyone)
    screen.close()


def test_a_screen_told_too_many_rows_asks_again(browser, live_server):
    """Announcements posted since the number was measured (or a stale address): the page
    that would run below the screen's edge is measured and asked for again."""
    event = _hall(5)
    screen = browser.new_context(viewport={"width": 1280, "height": 720})
    page = screen.new_page()
    page.goto(f"{live_server.url}/p/{event.slug}/?i=0&rows=30")
    expect(page).not_to_have_url(re.compile(r"rows=30"))
    page.wait_for_selector("#main[data-fitted]", state="attached")
    assert page.locator("main tbody tr").count() >= AT_LEAST
    _fits(page, 1280, 720)
    screen.close()
