"""The desk before play, in French in Chromium (issue 12): check-in on a 390 px phone and
the settings page at 1280x720. No English interface word of these pages is left, the page
is no wider than the screen, no button's longer French words spill out of it (they wrap),
and a Hebrew name reads right to left. Screenshots for a person to look at."""

import re

import pytest
from playwright.sync_api import expect

from tests.i18n.test_desk_registration_pages import ENGLISH, build_meet

from .conftest import SCREENSHOTS, login
from .test_score_entry_languages import too_wide

pytestmark = pytest.mark.django_db(transaction=True)


def english_left(page) -> list[str]:
    text = page.evaluate(
        """() => {
        const copy = document.body.cloneNode(true);
        copy.querySelectorAll('form.languages, script, [hidden]').forEach(e => e.remove());
        return copy.innerText + ' ' + document.title;
    }"""
    )
    return [w for w in ENGLISH if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


def french_desk(browser, live_server, width, height):
    meet = build_meet()
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    login(page, live_server.url, "olive")
    context.add_cookies([{"name": "django_language", "value": "fr", "url": live_server.url}])
    return context, page, f"{live_server.url}/e/{meet.slug}/desk/"


def test_checkin_in_french_on_a_phone(browser, live_server):
    context, page, desk = french_desk(browser, live_server, 390, 844)
    page.goto(f"{desk}checkin/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("heading", name="1 arrivé sur 3 — encore 2 à venir")).to_be_visible()
    expect(page.get_by_role("button", name="Accueillir Bo")).to_be_visible()
    hebrew = page.locator("li .who strong", has_text="שרה כהן")
    expect(hebrew).to_have_attribute("dir", "auto")
    assert hebrew.evaluate("e => getComputedStyle(e).direction") == "rtl"
    assert english_left(page) == []
    assert too_wide(page) == []
    page.screenshot(path=str(SCREENSHOTS / "desk-checkin-fr-390.png"), full_page=True)

    # Typing part of a name narrows the list (htmx), still in French.
    page.get_by_label("Trouver un joueur (tapez une partie du nom)").fill("Lee")
    expect(page.get_by_text("1–1 sur 1 pour « Lee », par nom de famille.")).to_be_visible()
    assert english_left(page) == [] and too_wide(page) == []

    # Checking everyone in asks first, in French.
    page.get_by_role("button", name="Accueillir tous ceux qui sont là…").click()
    expect(page.get_by_role("heading", name="Accueillir 2 joueurs ?")).to_be_visible()
    assert english_left(page) == [] and too_wide(page) == []
    page.screenshot(path=str(SCREENSHOTS / "desk-checkin-confirm-fr-390.png"), full_page=True)
    context.close()


def test_settings_in_french_at_1280(browser, live_server):
    context, page, desk = french_desk(browser, live_server, 1280, 720)
    page.goto(f"{desk}settings/")
    expect(page.get_by_role("heading", name="Réglages : Meet")).to_be_visible()
    expect(page.get_by_label("Premier critère de départage")).to_be_visible()
    assert english_left(page) == []
    assert too_wide(page) == []
    page.screenshot(path=str(SCREENSHOTS / "desk-settings-fr-1280.png"), full_page=True)

    # A refused save: the summary and the field's error in French.
    page.get_by_label("Minutes par partie (pour la durée prévue)").fill("0")
    page.get_by_role("button", name="Enregistrer les réglages").click()
    expect(
        page.get_by_role("heading", name="Pas enregistré : 1 problème — voir plus bas")
    ).to_be_visible()
    expect(page.get_by_text("Une partie dure au moins 1 minute.").first).to_be_visible()
    assert english_left(page) == [] and too_wide(page) == []
    page.screenshot(path=str(SCREENSHOTS / "desk-settings-refused-fr-1280.png"))
    context.close()
