"""The desk while the tournament runs, in French and Spanish in Chromium: the
overview and a division's page at a 1280x720 projector and a 390 px phone. No English
interface word is left, the page is no wider than the screen, and no button's longer
words spill out of it (they wrap). Screenshots for a person to look at."""

import pytest
from playwright.sync_api import expect

from tests.i18n.test_desk_live_pages import ENGLISH

from . import conftest
from .conftest import SCREENSHOTS, build_world_with_a_game_to_confirm, login
from .test_score_entry_languages import too_wide

pytestmark = pytest.mark.django_db(transaction=True)


def english_left(page) -> list[str]:
    return conftest.english_left(page, ENGLISH, aloud=False)


SAID = {
    "fr": {
        "enter": "5 parties à saisir",
        "round": "Manche 1 (qualificative",
        "withdraw": "Retirer ce joueur…",
    },
    "es": {
        "enter": "5 partidas por anotar",
        "round": "Ronda 1 (clasificatoria",
        "withdraw": "Retirar a este jugador…",
    },
}


@pytest.mark.parametrize("language", ["fr", "es"])
@pytest.mark.parametrize(("width", "height"), [(1280, 720), (390, 844)])
def test_the_desk_in_french_and_spanish_fits_the_projector_and_a_phone(
    browser, live_server, width, height, language
):
    world = build_world_with_a_game_to_confirm()
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    login(page, live_server.url, "olive")
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    said = SAID[language]
    desk = f"{live_server.url}/e/{world.event.slug}/desk/"
    page.goto(desk)
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.get_by_role("link", name=said["enter"]).first).to_be_visible()
    assert english_left(page) == []
    assert too_wide(page) == []
    page.screenshot(path=str(SCREENSHOTS / f"desk-overview-{language}-{width}.png"), full_page=True)

    page.goto(f"{desk}divisions/{world.division.pk}/")
    expect(page.get_by_role("heading", level=2).first).to_contain_text(said["round"])
    # The closed parts open, so their buttons are measured too.
    for summary in page.locator("details > summary").all():
        summary.click()
    expect(page.get_by_role("button", name=said["withdraw"])).to_be_visible()
    assert english_left(page) == []
    assert too_wide(page) == []
    page.screenshot(path=str(SCREENSHOTS / f"desk-division-{language}-{width}.png"), full_page=True)
    context.close()
