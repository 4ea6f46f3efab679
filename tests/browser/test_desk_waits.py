"""The desk overview's "waiting for" lines in Chromium: each is a link
of at least 44 px that goes straight to the place where it is done, at phone, tablet and
laptop widths; axe-core finds nothing serious."""

import pytest
from playwright.sync_api import expect

from .conftest import SCREENSHOTS, axe_violations, login

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(("width", "height"), [(390, 844), (820, 1180), (1366, 768)])
def test_the_overview_links_to_the_game_to_confirm(browser, live_server, width, height):
    from .conftest import build_world_with_a_game_to_confirm

    world = build_world_with_a_game_to_confirm()  # 8 players, two tables
    table = world.tables[0]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    login(page, live_server.url, "olive")
    page.goto(f"{live_server.url}/e/{world.event.slug}/desk/")
    confirm = page.get_by_role("link", name=f"1 game to confirm (table {table.number})")
    enter = page.get_by_role("link", name="5 games to enter")
    expect(confirm).to_be_visible()
    expect(enter).to_be_visible()
    for link in (confirm, enter):
        assert link.bounding_box()["height"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert axe_violations(page) == []
    page.screenshot(path=str(SCREENSHOTS / f"desk-overview-waits-{width}.png"), full_page=True)
    confirm.click()
    expect(page).to_have_url(f"{live_server.url}/e/{world.event.slug}/tables/{table.pk}/")
    context.close()
