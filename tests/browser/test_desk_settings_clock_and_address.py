"""In Chromium at a phone's width (390x844): the settings page's time zone list and short
name; saving both moves the desk to the new address, the old one still leads there, and the
times shown follow the zone."""

import datetime

import pytest
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Event

from .conftest import axe_violations, login, make_user
from .helpers_sizes import assert_sizes

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def event(db):
    olive = make_user("olive", staff=True)
    return services.event_create_by(
        user=olive,
        name="Gwinnett County Senior Games Rummikub",
        date=datetime.date(2026, 5, 14),
        time_zone="America/New_York",
    )


def test_the_zone_and_short_name_are_chosen_on_a_phone(browser, live_server, event):
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.set_default_timeout(10_000)
    base = live_server.url
    login(page, base, "olive")
    old = event.slug
    page.goto(f"{base}/e/{old}/desk/settings/")
    zone = page.get_by_label("Time zone (every time shown and printed is in it)")
    expect(zone).to_have_value("America/New_York")
    zone.select_option("America/Chicago")
    short = page.get_by_label("Short name in the event's addresses (letters, digits and hyphens)")
    short.fill("gwinnett 26")
    page.get_by_role("button", name="Save the settings").click()
    expect(page.locator(".field-error")).to_contain_text(["letters (a to z), digits and hyphens"])
    assert_sizes(page, "settings, refused")
    assert axe_violations(page) == []

    page.get_by_label("Short name in the event's addresses (letters, digits and hyphens)").fill(
        "gwinnett-26"
    )
    page.get_by_role("button", name="Save the settings").click()
    expect(page.get_by_text("The event's address is now gwinnett-26")).to_be_visible()
    assert page.url == f"{base}/e/gwinnett-26/desk/"
    saved = Event.objects.get(pk=event.pk)
    assert (saved.slug, saved.time_zone) == ("gwinnett-26", "America/Chicago")

    page.goto(f"{base}/e/{old}/desk/settings/")  # a bookmark of the old address
    expect(page).to_have_url(f"{base}/e/gwinnett-26/desk/settings/")
    expect(page.get_by_label("Time zone (every time shown and printed is in it)")).to_have_value(
        "America/Chicago"
    )
    # Narrow as it is, the page does not scroll sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
