"""The projector, find-my-table and sign-in in French and in Spanish in Chromium:
chosen with the switch, given by the browser (Accept-Language) or by the
event; no English interface word left; names in Hebrew and Arabic shown right to left."""

import datetime
import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Round, Table

from .conftest import SCREENSHOTS, build_event, click_and_wait, make_user, play_games

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = [
    ("Ann", "Lee"),
    ("Bo", "Kim"),
    ("דוד", "כהן"),
    ("محمد", "علي"),
    ("Eve", "Stone"),
    ("Flo", "Rossi"),
    ("Gus", "Moreno"),
    ("Hal", "Novak"),
]
# English interface words that must not be left on a French or Spanish page (words both
# languages share with English, such as "Table", "Total" or "Division", are not listed).
ENGLISH = [
    "Sign in", "Sign out", "Password", "User name", "Players and families", "Find your",
    "Type part", "Type at least", "round", "Round", "seat", "Seat", "Player", "Games",
    "Time left", "Ends at", "Time is up", "Next", "Pause", "seconds", "Results",
    "Play has not", "Waiting", "Bye", "to confirm", "Skip", "tournaments", "That user name",
    "Places:", "lowest", "finishing", "page 1 of", "1 of", "Nobody", "Not seated", "Extra minutes",
    "Announcements", "checked", "wrong",
]  # fmt: skip


def english_left(page) -> list[str]:
    """English words in what the page shows or says aloud (the switch's own names aside)."""
    page.wait_for_load_state()
    text = page.evaluate(
        """() => {
        const copy = document.body.cloneNode(true);
        copy.querySelectorAll('form.languages, script').forEach(e => e.remove());
        const said = [...copy.querySelectorAll('[aria-label],[title],[placeholder]')]
            .map(e => [e.getAttribute('aria-label'), e.getAttribute('title'),
                       e.getAttribute('placeholder')].join(' '));
        return copy.innerText + ' ' + said.join(' ') + ' ' + document.title;
    }"""
    )
    return [w for w in ENGLISH if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text)]


def _event():
    event, division = build_event("quebec-2026", name="Tournoi du Québec", players=PLAYERS)
    services.event_configure(event=event, language="fr")
    services.announcement_post(event=event, text="Le dîner est servi à midi.")
    round_ = Round.objects.get(division=division, number=1)
    services.round_clock_start(round_=round_, now=timezone.now() - datetime.timedelta(minutes=5))
    make_user("olive")
    return event, division


def _names_right_to_left(page):
    for name in ("דוד כהן", "محمد علي"):
        element = page.locator("[dir=auto]", has_text=name).first
        expect(element).to_be_visible()
        assert element.evaluate("e => getComputedStyle(e).direction") == "rtl", name
    # A name in Latin letters beside them stays left to right.
    latin = page.locator("[dir=auto]", has_text=re.compile(r"^(Gus Moreno|Bo Kim|Ann Lee)$"))
    assert latin.first.evaluate("e => getComputedStyle(e).direction") == "ltr"


def _walk(page, base, language, shots):
    """Projector (seating, then standings), find-my-table and a refused sign-in."""
    expect(page.locator("html")).to_have_attribute("lang", language)
    page.goto(f"{base}/p/quebec-2026/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("[data-clock-end]")).to_be_visible()
    _names_right_to_left(page)
    assert english_left(page) == [], "projector (seating)"
    page.screenshot(path=str(SCREENSHOTS / f"language-projector-seating-{shots}.png"))
    play_games(
        Table.objects.filter(round__division__event__slug="quebec-2026").first(), [[0, 10, 20, 30]]
    )
    page.reload()
    expect(page.locator("main table")).to_be_visible()
    _names_right_to_left(page)
    assert english_left(page) == [], "projector (standings)"
    page.screenshot(path=str(SCREENSHOTS / f"language-projector-standings-{shots}.png"))

    page.goto(f"{base}/p/quebec-2026/find/")
    page.locator("#q").fill("a")
    page.get_by_role("button", name=re.compile("Chercher|Buscar")).click()
    assert english_left(page) == [], "find: one letter"
    page.locator("#q").fill("Ann")
    page.get_by_role("button", name=re.compile("Chercher|Buscar")).click()
    expect(page.locator("#results .card")).to_have_count(1)
    assert english_left(page) == [], "find: Ann"
    page.locator("#q").fill("כהן")
    page.get_by_role("button", name=re.compile("Chercher|Buscar")).click()
    expect(page.locator("#results .card")).to_have_count(1)
    _card = page.locator("#results .card strong[dir=auto]")
    assert _card.evaluate("e => getComputedStyle(e).direction") == "rtl"
    page.locator("#q").fill("Zz")
    page.get_by_role("button", name=re.compile("Chercher|Buscar")).click()
    assert english_left(page) == [], "find: nobody"
    page.screenshot(path=str(SCREENSHOTS / f"language-find-{shots}.png"))

    page.goto(f"{base}/login/")
    page.locator("#id_username").fill("olive")
    page.locator("#id_password").fill("not-the-password")
    page.locator("main button[type=submit]").click()
    expect(page.locator(".form-errors")).to_be_visible()
    assert english_left(page) == [], "sign-in refused"
    page.screenshot(path=str(SCREENSHOTS / f"language-login-{shots}.png"))


@pytest.mark.parametrize("language", ["fr", "es"])
def test_chosen_with_the_switch(browser, live_server, language):
    _event()
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    page = context.new_page()
    page.goto(f"{live_server.url}/login/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    assert "Sign in" in english_left(page)  # the check sees English where there is some
    click_and_wait(
        page, page.get_by_role("button", name={"fr": "Français", "es": "Español"}[language])
    )
    _walk(page, live_server.url, language, f"{language}-switch-390")
    context.close()


@pytest.mark.parametrize("language", ["fr", "es"])
def test_given_by_the_browser(browser, live_server, language):
    """The browser's language on sign-in; the projector and find-my-table in the event's
    (French) until the visitor uses the switch there."""
    _event()
    locale = {"fr": "fr-CA", "es": "es-MX"}[language]
    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale=locale)
    page = context.new_page()
    page.goto(f"{live_server.url}/login/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    assert english_left(page) == []
    if language == "es":
        # A French event: its projector speaks French to a Spanish browser...
        page.goto(f"{live_server.url}/p/quebec-2026/")
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        # ...until the visitor chooses Spanish there.
        click_and_wait(page, page.get_by_role("button", name="Español"))
    _walk(page, live_server.url, language, f"{language}-browser-1280")
    context.close()
