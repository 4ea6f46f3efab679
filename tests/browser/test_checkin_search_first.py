"""Check-in at the start of the day on a phone and a tablet: with
123 entrants and nobody checked in, "Find a player" is on the first screen — above the
long list of players still to come, which a link at the top reaches — and the first
player found appears under it; the list still works (tick, check in everyone else)."""

import datetime

import pytest
from playwright.sync_api import expect

from tests.factories import EntrantFactory, EventFactory
from tournaments.models import Division

from .conftest import SCREENSHOTS, login, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def _hall():
    event = EventFactory(slug="hall-2026", name="Hall Senior Games")
    divisions = [
        Division.objects.create(event=event, name=f"Women {a}-{a + 4}", min_age=a, max_age=a + 4)
        for a in (60, 65, 70, 75)
    ]
    for n in range(123):
        EntrantFactory(
            division=divisions[n % 4],
            external_id=f"H{1000 + n}",
            first_name=f"Ann{n:03d}",
            last_name=f"Walker{n:03d}",
            birth_date=datetime.date(1950, 1, 1),
            status="registered",
        )
    organizer = make_user("olive")
    event.organizers.add(organizer)
    return event


@pytest.mark.parametrize("size", [(390, 844), (768, 1024)])
def test_find_a_player_is_on_the_first_screen_before_anyone_is_checked_in(
    browser, live_server, size
):
    event = _hall()
    w, h = size
    page = browser.new_context(viewport={"width": w, "height": h}).new_page()
    login(page, live_server.url, "olive")
    page.goto(f"{live_server.url}/e/{event.slug}/desk/checkin/")
    expect(page.locator("#tally")).to_have_text("0 of 123 checked in — 123 still to come")
    search = page.get_by_label("Find a player (type part of the name)")
    box = search.bounding_box()
    assert box["y"] + box["height"] <= h, box
    jump = page.get_by_role("link", name="Go to the 123 players still to come")
    assert jump.bounding_box()["y"] + 44 <= h
    assert page.evaluate("document.documentElement.scrollWidth") <= w
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"checkin-start-{w}.png"))

    search.fill("walker077")
    found = page.locator("#results .checkin-list > li")
    expect(found).to_have_count(1)
    expect(found.first).to_contain_text("Ann077 Walker077")
    page.wait_for_timeout(400)
    box = found.first.bounding_box()
    assert 0 <= box["y"] < h, box
    found.first.get_by_role("button", name="Check in").first.click()
    expect(page.locator("#tally")).to_have_text("1 of 123 checked in — 122 still to come")

    # The link reaches the list; ticking and checking in everyone else still works.
    page.get_by_role("link", name="Go to the 122 players still to come").click()
    list_top = page.locator("#to-come").bounding_box()["y"]
    assert -2 <= list_top < h
    page.get_by_label("Ann000 Walker000 is not here").check()
    page.get_by_role("button", name="Check in everyone who is here…").click()
    page.get_by_role("button", name="Yes").first.click()
    expect(page.locator("#tally")).to_have_text("122 of 122 checked in")
