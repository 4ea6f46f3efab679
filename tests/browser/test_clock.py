"""The round clock in Chromium: the projector and a table page count down from the
server's end time (at 1280×720 and on a 390×844 phone), "Time is up — finish the current
game" without waiting an hour (a clock started in the past), five minutes given to one
table from the desk reach that table's open page, and the desk lists the late table."""

import datetime
import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Round

from .conftest import SCREENSHOTS, axe_violations, build_world, login, play_games

pytestmark = pytest.mark.django_db(transaction=True)

DIGITS = re.compile(r"^\d+:\d\d$")


def _seconds(text: str) -> int:
    minutes, seconds = text.split(":")
    return int(minutes) * 60 + int(seconds)


def _start(world, *, ago: datetime.timedelta) -> Round:
    round_ = Round.objects.get(division=world.division, number=1)
    return services.round_clock_start(round_=round_, now=timezone.now() - ago).round


def test_the_projector_counts_down_to_time_up_and_fits_the_screen(browser, live_server):
    world = build_world()
    # Three games × 20 minutes: started 59 min 52 s ago, 8 seconds are left.
    _start(world, ago=datetime.timedelta(minutes=59, seconds=52))
    hall = browser.new_context(viewport={"width": 1280, "height": 720}, device_scale_factor=1)
    page = hall.new_page()
    page.clock.install()
    page.goto(f"{live_server.url}/p/{world.event.slug}/")
    digits = page.locator("[data-clock-digits]")
    expect(digits).to_be_visible()
    assert DIGITS.match(digits.inner_text()) and _seconds(digits.inner_text()) <= 8
    assert page.locator("[data-clock-up]").is_hidden()
    page.get_by_role("button", name="Pause the slides").click()  # stay on this slide
    page.clock.run_for(12_000)
    expect(page.locator("[data-clock-up]")).to_have_text("Time is up — finish the current game")
    expect(digits).to_be_hidden()
    expect(page.locator(".clock")).to_have_class(re.compile(r"\bup\b"))
    # Not an alarm: the notice is in the projector's calm yellow, not red.
    colour = page.locator("[data-clock-up]").evaluate("e => getComputedStyle(e).color")
    assert colour == "rgb(255, 209, 102)"
    assert page.evaluate("document.documentElement.scrollHeight") <= 720
    hall.close()


def test_the_projector_clock_screenshot_and_phone(browser, live_server):
    world = build_world()
    _start(world, ago=datetime.timedelta(minutes=16, seconds=15))
    play_games(world.tables[0], [[0, 10, 20, 30]])  # standings on the projector
    services.table_minutes_add(table=world.tables[1], minutes=5)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    hall = browser.new_context(viewport={"width": 1280, "height": 720}, device_scale_factor=1)
    page = hall.new_page()
    page.goto(f"{live_server.url}/p/{world.event.slug}/")
    digits = page.locator("[data-clock-digits]")
    expect(digits).to_have_text(re.compile(r"^4[34]:\d\d$"))
    # Huge: the digits are far larger than the standings' text.
    size = float(digits.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
    assert size >= 70
    expect(page.locator("[data-clock-tables]")).to_have_text("Extra minutes: Table 2: +5 min")
    page.screenshot(path=str(SCREENSHOTS / "public-projector-clock-1280.png"))
    assert page.evaluate("document.documentElement.scrollHeight") <= 720
    assert axe_violations(page) == []
    hall.close()

    phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    page = phone.new_page()
    page.clock.install()
    page.goto(f"{live_server.url}/p/{world.event.slug}/")
    digits = page.locator("[data-clock-digits]")
    expect(digits).to_be_visible()
    first = _seconds(digits.inner_text())
    # It counts down by itself between two questions to the server (every 30 seconds; each
    # answer sets the count to the server's time again).
    page.clock.run_for(25_000)
    assert first - 27 <= _seconds(digits.inner_text()) <= first - 24
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(SCREENSHOTS / "public-projector-clock-phone.png"))
    phone.close()


def test_five_minutes_from_the_desk_reach_the_open_table_page(browser, live_server):
    world = build_world()
    table = world.tables[0]
    phone = browser.new_context(viewport={"width": 390, "height": 844})
    tablet = phone.new_page()
    login(tablet, live_server.url, "sam")
    tablet.clock.install()
    tablet.goto(world.table_url(table, live_server.url))
    clock = tablet.locator(".clock")
    expect(clock).to_be_hidden()  # the organizer has not started play

    desk = browser.new_context(viewport={"width": 1280, "height": 800})
    organizer = desk.new_page()
    login(organizer, live_server.url, "olive")
    organizer.goto(f"{live_server.url}/e/{world.event.slug}/desk/divisions/{world.division.pk}/")
    organizer.get_by_role("button", name="Start play: start the clock").click()
    expect(organizer.locator(".messages, [role=status]").first).to_contain_text(
        "the clock runs 60 minutes"
    )
    expect(organizer.locator("#clock [data-clock-digits]")).to_have_text(DIGITS)
    assert axe_violations(organizer) == []

    # The table page asks the server every 30 seconds: the clock appears by itself.
    tablet.clock.run_for(31_000)
    expect(clock).to_be_visible()
    digits = tablet.locator("[data-clock-digits]")
    expect(digits).to_have_text(re.compile(r"^(59:\d\d|1:00:00)$"))
    end_before = tablet.locator("[data-clock-end]").inner_text()
    assert end_before.startswith("Ends at ")
    # Score entry is right below and untouched.
    expect(tablet.get_by_role("button", name="Save game 1")).to_be_visible()
    box = clock.bounding_box()
    assert box["height"] < 200 and box["width"] <= 390
    assert axe_violations(tablet) == []

    organizer.get_by_text("Give one table extra minutes").click()
    organizer.select_option("#minutes-table", label=f"Table {table.number}")
    organizer.fill("#minutes-count", "5")
    organizer.get_by_role("button", name="Add the minutes").click()
    expect(organizer.get_by_text(f"Table {table.number} has 5 extra minutes")).to_be_visible()

    tablet.clock.run_for(31_000)
    expect(tablet.locator("[data-clock-end]")).to_contain_text("(5 extra minutes for this table)")
    expect(digits).to_have_text(re.compile(r"^1:0[45]:\d\d$"))
    assert tablet.locator("[data-clock-end]").inner_text() != end_before
    assert tablet.evaluate("document.documentElement.scrollWidth") <= 390
    tablet.screenshot(path=str(SCREENSHOTS / "score-entry-clock-phone.png"), full_page=True)
    phone.close()
    desk.close()


def test_a_late_table_on_the_desk_and_on_its_page(browser, live_server):
    world = build_world()
    _start(world, ago=datetime.timedelta(minutes=75))
    late, done = world.tables
    play_games(done, [[0, 10, 20, 30]] * 3)
    play_games(late, [[0, 10, 20, 30]])
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    login(page, live_server.url, "olive")
    page.goto(f"{live_server.url}/e/{world.event.slug}/desk/")
    section = page.locator("#late")
    expect(section).to_contain_text("Tables running late")
    expect(section).to_contain_text(f"Table {late.number}")
    expect(section).not_to_contain_text(f"Table {done.number} ")
    section.get_by_role("link", name=f"Table {late.number}").click()
    expect(page.locator("h1")).to_contain_text(f"Table {late.number}")
    expect(page.locator("[data-clock-up]")).to_have_text("Time is up — finish the current game")
    # Time is up, and the game is still entered as ever.
    expect(page.get_by_role("button", name="Save game 2")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()
