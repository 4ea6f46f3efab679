"""The installation's first page, in Chromium at a phone's and a laptop's size: a fresh
installation (the demo's accounts only) asks for the director's own user name and
password; once made, the director is signed in, may create events, and the page is gone."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from playwright.sync_api import expect

from tests.factories import EventFactory, UserFactory
from tournaments import access

from .conftest import SCREENSHOTS, axe_violations
from .test_login import check_page

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "the-directors-own-42"


def fresh_installation():
    """What `make run` leaves on its first start: the demo event and its accounts only."""
    group, _ = Group.objects.get_or_create(name=access.DEMO_GROUP)
    event = EventFactory(slug="gwinnett-2026", name="Gwinnett Senior Golden Games")
    organizer = UserFactory(username="organizer")
    organizer.groups.add(group)
    event.organizers.add(organizer)


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1366, 768)])
def test_the_first_page_makes_the_directors_account_then_is_gone(
    browser, live_server, width, height
):
    fresh_installation()
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(live_server.url + "/")
    form = page.locator("section.first-run")
    expect(form.get_by_role("heading", name="Your organizer account")).to_be_visible()
    check_page(page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"first-run-{width}.png"), full_page=True)

    # Two different passwords: said beside the box, what was typed kept.
    page.get_by_label("Your user name").fill("dana")
    page.get_by_label("Your password").fill(PASSWORD)
    page.get_by_label("The same password again").fill("something-else-42")
    page.get_by_role("button", name="Make my account").click()
    expect(page.get_by_text("The two passwords differ: type the same twice.")).to_be_visible()
    expect(page.get_by_label("Your user name")).to_have_value("dana")
    check_page(page)

    page.get_by_label("Your password").fill(PASSWORD)
    page.get_by_label("The same password again").fill(PASSWORD)
    page.get_by_role("button", name="Make my account").click()
    expect(page.get_by_role("status")).to_contain_text(
        "Welcome, dana: this is your organizer account."
    )
    expect(page.get_by_text("Signed in as dana")).to_be_visible()
    expect(page.get_by_role("link", name="New event")).to_be_visible()
    expect(page.locator("section.first-run")).to_have_count(0)
    assert axe_violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert get_user_model().objects.get(username="dana").check_password(PASSWORD)

    # Gone, for the director and for anyone else on this computer.
    assert page.goto(live_server.url + "/setup/").status == 404
    other = browser.new_context(viewport={"width": width, "height": height}).new_page()
    other.goto(live_server.url + "/")
    expect(other.get_by_role("heading", name="Your organizer account")).to_have_count(0)
    expect(other.get_by_text("no organizer account yet")).to_have_count(0)
    other.context.close()
    context.close()


def test_a_tablet_on_the_halls_wifi_is_told_where_to_make_it(browser, hall_url):
    """From any other device (here, the hall's address), the page is never offered: the
    home page says where the director makes the account."""
    fresh_installation()
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(hall_url + "/")
    expect(page.get_by_text("This installation has no organizer account yet.")).to_be_visible()
    expect(page.locator("section.first-run")).to_have_count(0)
    assert page.goto(hall_url + "/setup/").status == 404
    page.context.close()
