"""The projector at 1280×720 (a hall's 720p projector) and
on a 390 px phone with five announcements posted and the round clock showing "Time is
up": the seating and the standings stay on the screen (bounding boxes), every
announcement is shown in turn and whole, and a table given extra minutes says plainly how
long it still has ("Table 2: 5:40 left", the digits of its clock), on the projector and on
that table's page."""

import datetime
import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Round

from .conftest import SCREENSHOTS, axe_violations, build_world, login, play_games

# The hall's address for phones: the projector's layout is measured with its link and QR code.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("hall_address")]

FIVE = [
    "Round 2 starts at 1:30 — lunch is served in the cafeteria until then.",
    "Cars parked in the fire lane will be towed: please move them now.",
    "Lost: a blue reading-glasses case near table 4. Bring it to the desk.",
    # As long as an announcement may be (200 characters).
    "Tile sets go back in their boxes after the final game — thank you, volunteers, "
    "for setting up the hall so early this morning and for staying to tidy up after. "
    "Coffee and cake for you all in the lobby.",
    "Medals for the morning divisions are given out at 3 pm by the stage.",
]


def _hall(world, *, scored: bool, ago=datetime.timedelta(minutes=64)):
    round_ = Round.objects.get(division=world.division, number=1)
    # Three games × 20 minutes, started 64 minutes ago: time is up since 4 minutes;
    # table 2 was given 10 extra minutes, so it still has 6.
    services.round_clock_start(round_=round_, now=timezone.now() - ago)
    services.table_minutes_add(table=world.tables[1], minutes=10)
    if scored:
        play_games(world.tables[0], [[0, 10, 20, 30]])
    for text in FIVE:
        services.announcement_post(event=world.event, text=text)


def _inside(box, width, height):
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= width
        and box["y"] + box["height"] <= height
    )


@pytest.mark.parametrize("kind", ["seating", "standings"])
def test_five_announcements_and_time_up_fit_a_720p_projector(browser, live_server, kind):
    world = build_world()
    _hall(world, scored=kind == "standings")
    hall = browser.new_context(viewport={"width": 1280, "height": 720}, device_scale_factor=1)
    page = hall.new_page()
    page.clock.install()
    page.goto(f"{live_server.url}/p/{world.event.slug}/")
    region = page.locator(".seating" if kind == "seating" else "main table")
    expect(region).to_be_visible()
    expect(page.locator("[data-clock-up]")).to_have_text("Time is up — finish the current game")
    # The table with extra minutes says how long it still has, large.
    extra = page.locator("[data-clock-tables]")
    expect(extra).to_contain_text(re.compile(r"Still playing: Table 2: [45]:\d\d left"))
    assert float(extra.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 24
    assert _inside(region.bounding_box(), 1280, 720), region.bounding_box()
    assert _inside(extra.bounding_box(), 1280, 720)
    assert page.evaluate("document.documentElement.scrollHeight") <= 720
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    # The announcements share one place (each shown in turn there): every one fits it
    # whole, the longest allowed included, in large type, within the screen.
    items = page.locator("#announcements li")
    expect(items).to_have_count(5)
    boxes = [items.nth(i).bounding_box() for i in range(5)]
    for i, box in enumerate(boxes):
        assert _inside(box, 1280, 720), box
        assert box["y"] == boxes[0]["y"]
        assert items.nth(i).evaluate("e => e.scrollHeight <= e.clientHeight + 1")
        size = items.nth(i).evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
        assert float(size) >= 20
    shown = page.locator("#announcements li.shown")
    expect(shown).to_have_count(1)
    first = shown.inner_text()
    assert "of 5)" in shown.evaluate("e => getComputedStyle(e, '::after').content")
    page.clock.run_for(6_500)
    expect(shown).not_to_have_text(first)
    # "Pause the slides" stops the announcements too (WCAG 2.2.2).
    page.get_by_role("button", name="Pause the slides").click()
    held = shown.inner_text()
    page.clock.run_for(20_000)
    expect(shown).to_have_text(held)
    page.screenshot(path=str(SCREENSHOTS / f"public-projector-five-announcements-{kind}.png"))
    assert axe_violations(page) == []
    hall.close()


@pytest.mark.parametrize("kind", ["seating", "standings"])
def test_five_announcements_leave_the_seating_on_a_phones_first_screen(browser, live_server, kind):
    world = build_world()
    _hall(world, scored=kind == "standings")
    phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    page = phone.new_page()
    page.clock.install()
    page.goto(f"{live_server.url}/p/{world.event.slug}/")
    region = page.locator(".seating" if kind == "seating" else "main table")
    expect(region).to_be_visible()
    box = region.bounding_box()
    # It starts on the first screen, no wider than it; its first table is on it whole.
    assert box["y"] + 150 <= 844 and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    first = page.locator(".seating section, main table tbody tr").first
    assert _inside(first.bounding_box(), 390, 844), first.bounding_box()
    expect(page.locator("[data-clock-tables]")).to_contain_text(
        re.compile(r"Table 2: [45]:\d\d left")
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # A family reading on a phone turns the announcements themselves; they stop turning.
    next_one = page.get_by_role("button", name=re.compile(r"^\d of 5 — next$"))
    expect(next_one).to_be_visible()
    assert next_one.bounding_box()["height"] >= 44
    newest_first = FIVE[::-1]
    at = newest_first.index(page.locator("#announcements li.shown").inner_text())
    following = newest_first[(at + 1) % 5]
    next_one.click()
    expect(page.locator("#announcements li.shown")).to_have_text(following)
    seen = {newest_first[at], following}
    for _ in range(3):
        next_one.click()
        seen.add(page.locator("#announcements li.shown").inner_text())
    assert seen == set(FIVE)
    for _ in range(2):  # back to the one after the first
        next_one.click()
    expect(page.locator("#announcements li.shown")).to_have_text(following)
    # Nothing turns by itself under a reader's thumb.
    page.clock.run_for(20_000)
    expect(page.locator("#announcements li.shown")).to_have_text(following)
    region_after = region.bounding_box()
    assert region_after["y"] + 150 <= 844, region_after
    page.screenshot(path=str(SCREENSHOTS / f"public-projector-five-announcements-phone-{kind}.png"))
    assert axe_violations(page) == []
    phone.close()


def test_the_table_with_extra_minutes_says_so_on_its_page(browser, live_server):
    world = build_world()
    # Time was up 9 min 45 s ago: table 2's 10 extra minutes end in 15 seconds.
    _hall(world, scored=False, ago=datetime.timedelta(minutes=69, seconds=45))
    phone = browser.new_context(viewport={"width": 390, "height": 844})
    page = phone.new_page()
    login(page, live_server.url, "sam")
    page.clock.install()
    page.goto(world.table_url(world.tables[1], live_server.url))
    end = page.locator("[data-clock-end]")
    expect(end).to_contain_text(
        re.compile(
            r"Table 2: 0:\d\d left\. The round's time is up at the other tables; this "
            r"table was given 10 extra minutes\."
        )
    )
    expect(page.locator("[data-clock-digits]")).to_be_visible()
    # One time, not two roundings ("4:20" beside "5 min left").
    digits, sentence = page.evaluate(
        "[document.querySelector('[data-clock-digits]').textContent.trim(),"
        " document.querySelector('[data-clock-end]').textContent]"
    )
    assert f"Table 2: {digits} left." in sentence, (digits, sentence)
    # Within one question to the server (every 30 seconds), the table's time runs out.
    page.clock.run_for(20_000)
    expect(page.locator("[data-clock-up]")).to_be_visible()
    expect(end).to_contain_text("Time was up at")
    # The other table's page: plain time up, nothing about extra minutes.
    page.goto(world.table_url(world.tables[0], live_server.url))
    expect(page.locator("[data-clock-up]")).to_be_visible()
    expect(page.locator("[data-clock-end]")).not_to_contain_text("extra")
    phone.close()


def test_a_medals_page_holds_fewer_lines_under_announcements():
    """Six medals (an age-group bracket) fill a 720 px page alone; under the announcements'
    band the page holds fewer and the rest turn over to the next page."""
    from types import SimpleNamespace

    from public.views import MEDAL_PX, _pages, announcement_rows

    medals = [{"medal": "gold", "name": f"P{n}", "detail": ""} for n in range(6)]
    assert [len(p) for p in _pages({"kind": "medals", "items": medals})] == [6]
    five = [SimpleNamespace(text=text) for text in FIVE]
    slide = {
        "kind": "medals",
        "items": medals,
        "announcement_medal_rows": announcement_rows(five, MEDAL_PX),
    }
    assert [len(p) for p in _pages(slide)] == [4, 2]
