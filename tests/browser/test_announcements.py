"""Announcements in Chromium: the organizer writes one at the desk; it appears on the open
projector (1280×720 and a 390×844 phone) and on a scorekeeper's open table page within
half a minute, newest first, escaped; removed, it goes from them the same way. A long one
with the clock still fits the projector's screen."""

import datetime

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Round

from .conftest import SCREENSHOTS, axe_violations, build_world, login, play_games

pytestmark = pytest.mark.django_db(transaction=True)

TEXT = "Round 2 starts at 1:30 — lunch in the cafeteria"


def test_an_announcement_appears_and_goes_on_open_pages(browser, live_server):
    world = build_world()
    base = live_server.url
    hall = browser.new_context(viewport={"width": 1280, "height": 720})
    projector = hall.new_page()
    projector.clock.install()
    projector.goto(f"{base}/p/{world.event.slug}/")
    projector.get_by_role("button", name="Pause the slides").click()
    phone = browser.new_context(viewport={"width": 390, "height": 844})
    public_phone = phone.new_page()
    public_phone.clock.install()
    public_phone.goto(f"{base}/p/{world.event.slug}/")
    tablet_context = browser.new_context(viewport={"width": 390, "height": 844})
    tablet = tablet_context.new_page()
    login(tablet, base, "sam")
    tablet.clock.install()
    tablet.goto(world.table_url(world.tables[0], base))
    for page in (projector, public_phone, tablet):
        expect(page.locator("#announcements li")).to_have_count(0)
    # The scorekeeper's browser cannot open the desk's announcements or clock (403).
    desk_url = f"{base}/e/{world.event.slug}/desk"
    assert tablet.goto(f"{desk_url}/announcements/").status == 403
    assert tablet.goto(f"{desk_url}/divisions/{world.division.pk}/").status == 403
    tablet.goto(world.table_url(world.tables[0], base))

    desk_context = browser.new_context(viewport={"width": 1280, "height": 800})
    desk = desk_context.new_page()
    login(desk, base, "olive")
    desk.goto(f"{base}/e/{world.event.slug}/desk/")
    desk.get_by_role("link", name="Announcements").first.click()
    desk.fill("#announcement-text", "x" * 230)
    desk.get_by_role("button", name="Show this announcement").click()
    expect(desk.get_by_role("alert")).to_contain_text("230 characters long: at most 200")
    expect(desk.locator("#announcement-text")).to_have_value("x" * 230)  # kept to shorten
    desk.fill("#announcement-text", "<b>Bring</b> your own pencil")
    desk.get_by_role("button", name="Show this announcement").click()
    desk.fill("#announcement-text", TEXT)
    desk.get_by_role("button", name="Show this announcement").click()
    expect(desk.locator(".desk-announcements li")).to_have_count(2)
    assert axe_violations(desk) == []

    for page in (projector, public_phone, tablet):
        page.clock.run_for(31_000)
        items = page.locator("#announcements li")
        expect(items).to_have_count(2)
        expect(items.first).to_have_text(TEXT)  # newest first
        expect(items.nth(1)).to_have_text("<b>Bring</b> your own pencil")  # shown, not bold
    assert public_phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert tablet.evaluate("document.documentElement.scrollWidth") <= 390
    expect(tablet.get_by_role("button", name="Save game 1")).to_be_visible()
    public_phone.screenshot(path=str(SCREENSHOTS / "public-projector-announcement-phone.png"))

    desk.locator(".desk-announcements li", has_text="pencil").get_by_role(
        "button", name="Remove this announcement"
    ).click()
    expect(desk.locator(".desk-announcements li")).to_have_count(1)
    for page in (projector, public_phone, tablet):
        page.clock.run_for(31_000)
        expect(page.locator("#announcements li")).to_have_count(1)
        expect(page.locator("#announcements")).not_to_contain_text("pencil")
    for context in (hall, phone, tablet_context, desk_context):
        context.close()


def test_a_long_announcement_and_the_clock_fit_the_projector(browser, live_server):
    world = build_world()
    round_ = Round.objects.get(division=world.division, number=1)
    services.round_clock_start(round_=round_, now=timezone.now() - datetime.timedelta(minutes=8))
    play_games(world.tables[0], [[0, 10, 20, 30]])
    services.announcement_post(event=world.event, text="Lunch is served in the cafeteria.")
    services.announcement_post(event=world.event, text="R" * 40 + " " + "long words " * 14)
    hall = browser.new_context(viewport={"width": 1280, "height": 720}, device_scale_factor=1)
    page = hall.new_page()
    page.goto(f"{live_server.url}/p/{world.event.slug}/")
    expect(page.locator("#announcements li")).to_have_count(2)
    expect(page.locator("[data-clock-digits]")).to_be_visible()
    page.screenshot(path=str(SCREENSHOTS / "public-projector-announcements-1280.png"))
    assert page.evaluate("document.documentElement.scrollHeight") <= 720
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    assert axe_violations(page) == []
    hall.close()
