"""The small things a volunteer taps are 44 px or more — the "How did
the game end?" radio buttons, the check-in "… is not here" boxes, and the links that stand
alone ("All tables", "Results of the finished divisions", "Skip to the content"), at phone
and tablet widths."""

import datetime

import pytest

from .conftest import build_desk_world, import_rows, login, people_rows

pytestmark = pytest.mark.django_db(transaction=True)

WIDTHS = {"phone": (390, 844), "tablet": (820, 1180)}


def box(locator) -> dict:
    return locator.evaluate(
        "el => { const r = el.getBoundingClientRect(); return {w: r.width, h: r.height}; }"
    )


def assert_tappable(locator, what):
    n = locator.count()
    assert n > 0, what
    for i in range(n):
        size = box(locator.nth(i))
        assert size["w"] >= 44 and size["h"] >= 44, (what, i, size)


@pytest.fixture
def desk_world(db):
    world = build_desk_world()
    people = [(f, "Walker", datetime.date(1950, 1, 1 + n), "", "") for n, f in enumerate("AB")]
    import_rows(world.event, people_rows(people, division="Walk-ins", prefix="W"))
    return world


@pytest.mark.parametrize("width", WIDTHS)
def test_small_targets_are_44_px(browser, live_server, desk_world, width):
    world, base = desk_world, live_server.url
    w, h = WIDTHS[width]
    page = browser.new_context(viewport={"width": w, "height": h}).new_page()
    page.set_default_timeout(10_000)
    login(page, base, "sam")
    page.goto(world.table_url(world.tables[1], base))
    assert_tappable(page.locator("input[type=radio]"), "How did the game end?")
    assert_tappable(page.get_by_role("link", name="All tables"), "All tables")
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to the content")
    assert skip.evaluate("el => el === document.activeElement")
    assert_tappable(skip, "Skip to the content")

    page = browser.new_context(viewport={"width": w, "height": h}).new_page()
    page.set_default_timeout(10_000)
    login(page, base, "olive")
    page.goto(f"{base}/e/{world.event.slug}/desk/checkin/")
    assert_tappable(page.locator(".checkin-tally input[type=checkbox]"), "is not here")

    page.goto(f"{base}/p/{world.event.slug}/find/?q=lee")
    assert_tappable(
        page.get_by_role("link", name="Results of the finished divisions"), "results link"
    )
