"""Five announcements on a scorekeeper's phone: the newest shows in
one line that opens ("5 announcements — show", newest first inside), so at 390×844 the
table's heading, its clock and the first score box are on the first screen of the table
page, the scorekeepers' list shows its first table, and the desk overview on a phone shows
what follows. The fold opens with a tap and stays open when the list is asked for again
(every 30 s); the projector keeps turning them one at a time."""

import datetime

import pytest
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Announcement, Round

from .conftest import SCREENSHOTS, axe_violations, build_world, login

pytestmark = pytest.mark.django_db(transaction=True)

LONG = ("Round 2 starts at 1:30 in the main hall; lunch is served in the cafeteria " * 4)[:200]
TEXTS = [
    "Bring your own pencil",
    "Parking lot B is open",
    "Water at the back of the hall",
    "Results are posted by the door",
    LONG,  # the newest
]
HEIGHT = 844


def _announce(world):
    start = datetime.datetime(2026, 6, 14, 9, 0, tzinfo=datetime.UTC)
    for n, text in enumerate(TEXTS):
        a = services.announcement_post(event=world.event, text=text)
        Announcement.objects.filter(pk=a.pk).update(at=start + datetime.timedelta(minutes=n))
    assert len(LONG) == 200


def _phone(browser, base, user):
    context = browser.new_context(viewport={"width": 390, "height": HEIGHT})
    page = context.new_page()
    login(page, base, user)
    page.clock.install()
    return page


def _on_first_screen(page, locator, what):
    box = locator.first.bounding_box()
    assert box is not None, what
    assert box["y"] + box["height"] <= HEIGHT, f"{what} ends at {box['y'] + box['height']}"


def test_five_announcements_leave_the_table_on_a_phones_first_screen(browser, live_server):
    world = build_world()
    services.round_clock_start(round_=Round.objects.get(division=world.division, number=1))
    _announce(world)
    base = live_server.url
    page = _phone(browser, base, "sam")
    page.goto(world.table_url(world.tables[0], base))
    section = page.locator("#announcements")
    summary = section.locator("summary")
    expect(summary).to_have_text("5 announcements — show")
    expect(page.get_by_text("Bring your own pencil")).to_be_hidden()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "table-phone-5-announcements.png"), full_page=True)
    _on_first_screen(page, page.get_by_role("heading", level=1), "the table's heading")
    _on_first_screen(page, page.locator("[data-clock]"), "the clock")
    _on_first_screen(page, page.locator("#sheet input[inputmode=numeric]"), "the first score box")
    assert summary.bounding_box()["height"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "table-phone-5-announcements.png"))

    # A tap opens the others, newest first; the list asked for again keeps it open.
    summary.click()
    expect(section.locator("details li")).to_have_text(TEXTS[::-1])
    services.announcement_post(event=world.event, text="Tea at three")
    page.clock.fast_forward(31_000)
    expect(section.locator("summary")).to_have_text("6 announcements — show")
    expect(section.locator("details li").first).to_have_text("Tea at three")
    expect(page.get_by_text("Bring your own pencil")).to_be_visible()
    assert axe_violations(page) == []

    # The scorekeepers' list: its first table on the first screen.
    page.goto(f"{base}/e/{world.event.slug}/score/")
    expect(page.locator("#announcements summary")).to_have_text("6 announcements — show")
    _on_first_screen(
        page,
        page.get_by_role("link", name=f"Table {world.tables[0].number}", exact=False),
        "the first table",
    )
    page.screenshot(path=str(SCREENSHOTS / "score-home-phone-5-announcements.png"))


def test_the_desk_overview_on_a_phone_folds_them_too(browser, live_server):
    world = build_world()
    _announce(world)
    base = live_server.url
    page = _phone(browser, base, "olive")
    page.goto(f"{base}/e/{world.event.slug}/desk/")
    section = page.locator("section[aria-labelledby=announced-heading]")
    expect(section.locator("summary")).to_have_text("5 announcements — show")
    box = section.bounding_box()
    assert box["height"] < 250, box
    _on_first_screen(
        page, section.get_by_role("link", name="Write or remove announcements"), "the link"
    )
    page.screenshot(path=str(SCREENSHOTS / "desk-overview-phone-5-announcements.png"))


def test_the_projector_still_turns_them_one_at_a_time(browser, live_server):
    world = build_world()
    _announce(world)
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(f"{live_server.url}/p/{world.event.slug}/")
    expect(page.locator("#announcements summary")).to_have_count(0)
    expect(page.locator("#announcements li")).to_have_count(5)
    expect(page.locator("#announcements li.shown")).to_have_count(1)
