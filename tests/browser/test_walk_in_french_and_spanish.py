"""A walk through the main pages in French and in Spanish, in Chromium, an organizer who is
also a scorekeeper signs in and walks the main pages — sign-in, a table's score page with
the tile calculator open and a refused rack total of 1000, the desk overview, a division
page, check-in, printing, the projector and find-my-table — and no English interface word
is left on any of them. The event speaks the language (its projector and find-my-table
for a visitor who chose nothing); the visitor chooses it with the language switch.

The English words are those the per-area tests look for, gathered here, not copied: one
list, matched as whole words."""

import datetime
import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.i18n.test_desk_live_pages import ENGLISH as DESK_ENGLISH
from tests.i18n.test_scoring_pages import PRINTING_ENGLISH
from tournaments import services
from tournaments.models import Round, Table

from . import conftest
from .conftest import PASSWORD, SCREENSHOTS, build_event, make_user, play_games
from .test_pages_in_french_and_spanish import ENGLISH as PUBLIC_ENGLISH
from .test_pages_in_french_and_spanish import PLAYERS
from .test_score_entry_languages import ENGLISH as SCORE_ENGLISH
from .test_score_entry_languages import PAGE_ENGLISH as SCORE_PAGES_ENGLISH

pytestmark = pytest.mark.django_db(transaction=True)

ENGLISH = sorted(
    set(DESK_ENGLISH)
    | set(PRINTING_ENGLISH)
    | set(PUBLIC_ENGLISH)
    | set(SCORE_ENGLISH)
    | set(SCORE_PAGES_ENGLISH)
    # the words of areas whose tests keep no list: when a table was last heard from, the
    # seating notes, a correction's summary
    | {"last score", "no score", "min ago", "just now", "share a table", "accept or undo"}
)

# Proper names the translations keep as they are ("Score le plus bas (Golden Games)").
PROPER_NAMES = ("Golden Games",)
# French on a phone, Spanish (the longest words) on the projector's and desk's screen.
VIEWPORT = {"fr": {"width": 390, "height": 844}, "es": {"width": 1280, "height": 720}}
SWITCH = {"fr": "Français", "es": "Español"}
SEARCH = re.compile("Chercher|Buscar")


def english_left(page) -> list[str]:
    """English words in what the page shows or says aloud (the switch's own names and
    hidden parts aside), as whole words: "Places" is French, "Player" is not "Player6"."""
    return conftest.english_left(page, ENGLISH, proper_names=PROPER_NAMES)


def _event(language):
    event, division = build_event(
        "quebec-2026", name="Tournoi du Québec", players=PLAYERS, language=language
    )
    services.announcement_post(event=event, text="Le dîner est servi à midi.")
    round_ = Round.objects.get(division=division, number=1)
    services.round_clock_start(round_=round_, now=timezone.now() - datetime.timedelta(minutes=5))
    tables = list(Table.objects.filter(round__division=division).order_by("number"))
    play_games(tables[-1], [[0, 10, 20, 30]])  # one table heard from, the others not yet
    olive = make_user("olive")
    flagged = _a_correction_waiting(event, olive)
    event.organizers.add(olive)
    event.scorekeepers.add(olive)
    return event, division, tables[0], flagged


def _a_correction_waiting(event, organizer):
    """A second division whose round 1 correction changes who went on to round 2: the
    overview's summary and the division page's side-by-side comparison."""
    from scoring import services as scoring
    from tests.factories import DivisionFactory, EntrantFactory, enter, seated

    division = DivisionFactory(event=event, name="75-79")
    for n in range(8):
        EntrantFactory(division=division, external_id=f"{n + 50}")
    services.division_seat_first_round(division=division, seed=3)
    for table in division.rounds.get().tables.all():
        for number, values in enumerate([(0, 10, 20, 30), (0, 12, 25, 31), (0, 14, 40, 35)], 1):
            enter(table, number, values)
    scoring.division_advance(division=division)
    table = division.rounds.get(number=1).tables.order_by("number").first()
    scoring.score_correct(
        game=table.games.get(number=3),
        entrant=seated(table)[1],
        rack_total=200,
        reason="misread",
        user=organizer,
    )
    return division


def _look(page, where, shots):
    page.wait_for_load_state()
    left = english_left(page)
    page.screenshot(path=str(SCREENSHOTS / f"walk-{shots}-{where}.png"), full_page=True)
    return [f"{where}: {word}" for word in left]


@pytest.mark.parametrize("language", ["fr", "es"])
def test_the_main_pages_in_the_language_leave_no_english(browser, live_server, language):
    event, division, table, flagged = _event(language)
    base, desk = live_server.url, f"{live_server.url}/e/{event.slug}/desk"
    context = browser.new_context(viewport=VIEWPORT[language], locale="en-US")
    page = context.new_page()
    shots = language
    left = []

    # Sign-in: English for an English browser, until the switch is used.
    page.goto(f"{base}/login/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    assert "Sign in" in english_left(page)  # the check sees English where there is some
    page.get_by_role("button", name=SWITCH[language]).click()
    expect(page.locator("html")).to_have_attribute("lang", language)
    page.locator("#id_username").fill("olive")
    page.locator("#id_password").fill("not-the-password")
    page.locator("main button[type=submit]").click()
    expect(page.locator(".form-errors")).to_be_visible()
    left += _look(page, "sign-in-refused", shots)
    page.locator("#id_username").fill("olive")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("main button[type=submit]").click()
    page.wait_for_url(re.compile(r".*/$"))
    left += _look(page, "home", shots)

    # The table's score page: the calculator open, a rack total of 1000 refused.
    page.goto(f"{base}/e/{event.slug}/tables/{table.pk}/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    seats = [s.entrant for s in table.seats.select_related("entrant").order_by("number")]
    page.locator("button.calc-open").first.click()
    expect(page.locator(f"#id_rack_{seats[0].pk}-calc")).to_be_visible()
    page.fill(f"#id_rack_{seats[1].pk}", "1000")
    page.locator(f"#id_rack_{seats[2].pk}").focus()
    expect(page.locator(f"#id_rack_{seats[1].pk}-error")).to_contain_text("1000")
    left += _look(page, "table", shots)

    for where, url in (
        ("overview", f"{desk}/"),
        ("division", f"{desk}/divisions/{division.pk}/"),
        ("correction", f"{desk}/divisions/{flagged.pk}/"),
        ("checkin", f"{desk}/checkin/"),
        ("printing", f"{base}/e/{event.slug}/print/"),
        ("projector", f"{base}/p/{event.slug}/"),
    ):
        page.goto(url)
        expect(page.locator("html")).to_have_attribute("lang", language)
        left += _look(page, where, shots)

    page.goto(f"{base}/p/{event.slug}/find/")
    page.locator("#q").fill("כהן")
    page.get_by_role("button", name=SEARCH).click()
    expect(page.locator("#results .card")).to_have_count(1)
    left += _look(page, "find", shots)
    context.close()

    # A visitor who chose nothing: the projector and find-my-table in the event's language.
    context = browser.new_context(viewport=VIEWPORT[language], locale="en-US")
    page = context.new_page()
    for where, url in (
        ("projector-event", f"/p/{event.slug}/"),
        ("find-event", f"/p/{event.slug}/find/"),
    ):
        page.goto(base + url)
        expect(page.locator("html")).to_have_attribute("lang", language)
        left += _look(page, where, shots)
    context.close()
    assert left == []
