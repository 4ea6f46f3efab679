"""On a phone, a volunteer types in the check-in search
box and must see the first player found on the same screen, not far below the list of
players still to come (or they think nobody was found)."""

import datetime

import pytest
from playwright.sync_api import expect

from .conftest import build_desk_world, import_rows, login, people_rows

pytestmark = pytest.mark.django_db(transaction=True)

# Enough players still to come that their list fills more than a phone's screen.
LATE = [(f"Walker{n:02d}", f"Late{n:02d}") for n in range(30)]


@pytest.fixture
def desk_world(db):
    world = build_desk_world()
    people = [
        (first, last, datetime.date(1950, 1, 1) + datetime.timedelta(days=n), "", "")
        for n, (first, last) in enumerate(LATE)
    ]
    import_rows(world.event, people_rows(people, division="Walk-ins", prefix="W"))
    return world


def _in_first_screen(page, locator, height):
    box = locator.bounding_box()
    assert box is not None
    return box["y"] >= 0 and box["y"] + min(box["height"], 120) <= height


@pytest.mark.parametrize("size", [(390, 844), (820, 1180)])
def test_the_first_player_found_is_on_the_screen_after_typing(
    browser, live_server, desk_world, size
):
    w, h = size
    page = browser.new_context(viewport={"width": w, "height": h}).new_page()
    page.set_default_timeout(10_000)
    login(page, live_server.url, "olive")
    page.goto(f"{live_server.url}/e/{desk_world.event.slug}/desk/checkin/")
    search = page.get_by_label("Find a player (type part of the name)")
    search.fill("late17")
    results = page.locator("#results .checkin-list > li")
    expect(results).to_have_count(1)
    expect(results.first).to_contain_text("Walker17 Late17")
    page.wait_for_timeout(400)
    page.screenshot(path=f"/tmp/hallfix/checkin-{w}.png")
    assert _in_first_screen(page, results.first, h), results.first.bounding_box()
    # The search box stays on the screen too: the volunteer sees what was typed.
    assert _in_first_screen(page, search, h)
    # A name that is nobody's says so on the same screen.
    search.fill("zzzz")
    expect(results.first).to_contain_text("Nobody matches")
    page.wait_for_timeout(400)
    assert _in_first_screen(page, results.first, h)


def test_without_javascript_find_lands_on_the_players_found(browser, live_server, desk_world):
    """The Find button (a tablet with scripts off, or Enter before the search answers)
    reloads the page: it opens at the search box and its answer, not at the top."""
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.set_default_timeout(10_000)
    login(page, live_server.url, "olive")
    page.goto(f"{live_server.url}/e/{desk_world.event.slug}/desk/checkin/")
    page.get_by_label("Find a player (type part of the name)").fill("late17")
    page.get_by_role("button", name="Find", exact=True).click()
    page.wait_for_url("**q=late17#everyone")
    results = page.locator("#results .checkin-list > li")
    expect(results).to_have_count(1)
    page.wait_for_timeout(300)
    assert _in_first_screen(page, results.first, 844), results.first.bounding_box()
