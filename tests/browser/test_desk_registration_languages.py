"""The desk before play in Chromium: check-in on a 390 px phone in French and
Spanish, and the settings page at 1280x720 in French. No English interface word of these
pages is left, the page is no wider than the screen, no button's longer words spill out of
it (they wrap), and a Hebrew name reads right to left. Screenshots for a person to look at."""

import pytest
from playwright.sync_api import expect

from tests.i18n.test_desk_registration_pages import ENGLISH, build_meet

from . import conftest
from .conftest import SCREENSHOTS, login
from .test_score_entry_languages import too_wide

pytestmark = pytest.mark.django_db(transaction=True)


def english_left(page) -> list[str]:
    return conftest.english_left(page, ENGLISH, aloud=False)


def french_desk(browser, live_server, width, height, language="fr"):
    meet = build_meet()
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    login(page, live_server.url, "olive")
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    return context, page, f"{live_server.url}/e/{meet.slug}/desk/"


CHECKIN = {
    "fr": {
        "tally": "1 arrivé sur 3 — encore 2 à venir",
        "check in": "Noter l'arrivée\u202f: Bo",
        "find": "Trouver un joueur (tapez une partie du nom)",
        "found": "1–1 sur 1 pour « Lee », par nom de famille.",
        "everyone": "Noter l'arrivée de tous ceux qui sont là…",
        "asked": "Noter l'arrivée de 2 joueurs\u202f?",
    },
    "es": {
        "tally": "1 presente de 3 — faltan 2 por llegar",
        "check in": "Registrar la llegada de Bo",
        "find": "Buscar un jugador (escriba parte del nombre)",
        "found": "1–1 de 1 que coinciden con «Lee», por apellido.",
        "everyone": "Registrar la llegada de todos los presentes…",
        "asked": "¿Registrar la llegada de 2 jugadores?",
    },
}


@pytest.mark.parametrize("language", ["fr", "es"])
def test_checkin_in_french_and_spanish_on_a_phone(browser, live_server, language):
    said = CHECKIN[language]
    context, page, desk = french_desk(browser, live_server, 390, 844, language)
    page.goto(f"{desk}checkin/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.get_by_role("heading", name=said["tally"])).to_be_visible()
    expect(page.get_by_role("button", name=said["check in"])).to_be_visible()
    hebrew = page.locator("li .who strong", has_text="שרה כהן")
    expect(hebrew).to_have_attribute("dir", "auto")
    assert hebrew.evaluate("e => getComputedStyle(e).direction") == "rtl"
    assert english_left(page) == []
    assert too_wide(page) == []
    page.screenshot(path=str(SCREENSHOTS / f"desk-checkin-{language}-390.png"), full_page=True)

    # Typing part of a name narrows the list (htmx), still in the chosen language.
    page.get_by_label(said["find"]).fill("Lee")
    expect(page.get_by_text(said["found"])).to_be_visible()
    assert english_left(page) == [] and too_wide(page) == []

    # Checking everyone in asks first.
    page.get_by_role("button", name=said["everyone"]).click()
    expect(page.get_by_role("heading", name=said["asked"])).to_be_visible()
    assert english_left(page) == [] and too_wide(page) == []
    page.screenshot(
        path=str(SCREENSHOTS / f"desk-checkin-confirm-{language}-390.png"), full_page=True
    )
    context.close()


def test_settings_in_french_at_1280(browser, live_server):
    context, page, desk = french_desk(browser, live_server, 1280, 720)
    page.goto(f"{desk}settings/")
    expect(page.get_by_role("heading", name="Réglages\u202f: Meet")).to_be_visible()
    expect(page.get_by_label("Premier critère de départage")).to_be_visible()
    assert english_left(page) == []
    assert too_wide(page) == []
    page.screenshot(path=str(SCREENSHOTS / "desk-settings-fr-1280.png"), full_page=True)

    # A refused save: the summary and the field's error in French.
    page.get_by_label("Minutes par partie (pour la durée prévue)").fill("0")
    page.get_by_role("button", name="Enregistrer les réglages").click()
    expect(
        page.get_by_role("heading", name="Pas enregistré\u202f: 1 problème — voir plus bas")
    ).to_be_visible()
    expect(page.get_by_text("Une partie dure au moins 1 minute.").first).to_be_visible()
    assert english_left(page) == [] and too_wide(page) == []
    page.screenshot(path=str(SCREENSHOTS / "desk-settings-refused-fr-1280.png"))
    context.close()
