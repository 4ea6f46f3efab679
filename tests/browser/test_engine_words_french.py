"""A refusal of the engine on the desk, in French in Chromium on a 390 px phone:
seating a division when the hall has no free table says so in French, the holders' tables
with real plurals, and the long message wraps inside the screen. A screenshot to look at."""

import pytest
from playwright.sync_api import expect

from tests.factories import DivisionFactory, EntrantFactory

from .conftest import SCREENSHOTS, build_world, login
from .test_score_entry_languages import too_wide

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_full_hall_refused_in_french_on_a_phone(browser, live_server):
    world = build_world()
    event = world.event
    event.hall_tables = len(world.tables)  # every table of the hall is in play
    event.save()
    beta = DivisionFactory(event=event, name="Beta")
    for n in range(8):
        EntrantFactory(division=beta, external_id=f"B{n:02d}", first_name=f"Bea{n}")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    login(page, live_server.url, "olive")
    context.add_cookies([{"name": "django_language", "value": "fr", "url": live_server.url}])
    page.goto(f"{live_server.url}/e/{event.slug}/desk/divisions/{beta.pk}/")
    page.get_by_role("button", name="Placer la manche 1").click()
    refusal = page.get_by_text("Pas assez de tables libres dans la salle")
    expect(refusal).to_be_visible()
    text = page.locator("body").inner_text()
    assert "il en faut 2 (Beta, manche 1\u202f: 2)" in text
    assert f"Open, manche 1\u202f: {len(world.tables)} tables" in text
    assert "Personne n'a été placé" in text
    # No command-line option on a page: the settings page instead, with its link.
    assert "donnez plus de tables à la salle sur la page des réglages" in text
    assert "configure_event" not in text
    expect(page.get_by_role("link", name="Ouvrir les réglages")).to_be_visible()
    assert "Not enough free tables" not in text and "Nothing was seated" not in text
    assert too_wide(page) == []
    page.screenshot(path=str(SCREENSHOTS / "desk-hall-full-fr-390.png"), full_page=True)
    context.close()
