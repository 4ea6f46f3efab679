"""In the browser, on a phone: choosing the NVSO preset on the settings page fills the
format's fields at once (each still changeable), and saving keeps them."""

import datetime

import pytest
from playwright.sync_api import expect

from tournaments import services
from tournaments.engine import PRESETS
from tournaments.models import Event
from tournaments.selectors import event_format

from .conftest import login, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def test_choosing_nvso_fills_the_format_fields(browser, live_server):
    olive = make_user("olive", staff=True)
    event = services.event_create_by(
        user=olive, name="Fairfax Senior Games", date=datetime.date(2026, 6, 1)
    )
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.set_default_timeout(10_000)
    login(page, live_server.url, "olive")
    page.goto(f"{live_server.url}/e/{event.slug}/desk/settings/")

    page.get_by_label("Start from a preset").select_option("nvso")
    expect(page.get_by_label("Turn limit")).to_have_value("60")
    expect(page.get_by_label("Hands per game (at least)")).to_have_value("3")
    expect(page.get_by_label("A game's time limit in minutes (empty: none)")).to_have_value("60")
    expect(page.get_by_label("Age groups by the field's size", exact=False)).to_have_value(
        "16:50,75;32:50,65,80"
    )
    expect(page.get_by_label("Scoring", exact=True)).to_have_value("sabra")
    expect(
        page.get_by_label("After the initial meld, wait until the next turn", exact=False)
    ).to_be_checked()
    # each still changeable before saving
    page.get_by_label("A joker left on a rack counts").select_option("50")
    page.get_by_role("button", name="Save the settings").click()
    expect(page.get_by_text("Settings saved.")).to_be_visible()

    saved = event_format(Event.objects.get(pk=event.pk))
    nvso = PRESETS["nvso"]
    assert saved.table.joker_value == 50
    assert (saved.scoring, saved.game, saved.divisions_by_size) == (
        nvso.scoring,
        nvso.game,
        nvso.divisions_by_size,
    )
    assert saved.table.turn_seconds == 60 and saved.table.wait_after_initial_meld
