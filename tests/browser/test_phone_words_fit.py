"""French and Spanish words at 390 px in Chromium: a
game tab's status ("à confirmer", "por anotar") stays on one line, and the Spanish and
French standings are no wider than the English ("Penalización" headed "Pen.", the whole
word in the abbreviation's title)."""

import pytest
from playwright.sync_api import expect

from scoring import services as scoring

from .conftest import build_event, login, make_user

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}

# Each game tab's status: how many lines it takes (its height over its line height).
TAG_LINES = """() => [...document.querySelectorAll('.games-nav .tag')].map(t => {
    const style = getComputedStyle(t);
    return [t.innerText, Math.round(t.getBoundingClientRect().height
                                    / parseFloat(style.lineHeight))];
})"""


@pytest.mark.parametrize("language", ["fr", "es"])
def test_the_game_tabs_status_stays_on_one_line_on_a_phone(browser, live_server, language):
    event, division = build_event("tabs-2026", name="Tabs 2026")
    sam = make_user("sam")
    event.scorekeepers.add(sam)
    table = division.rounds.get(number=1).tables.order_by("number").first()
    seats = [s.entrant for s in table.seats.select_related("entrant").order_by("number")]
    scoring.game_record(
        table=table, number=1, racks=dict(zip(seats, (0, 5, 9, 12), strict=False)), user=sam
    )
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    login(page, live_server.url, "sam")
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.goto(f"{live_server.url}/e/{event.slug}/tables/{table.pk}/?game=2")
    expect(page.locator("html")).to_have_attribute("lang", language)
    tags = page.evaluate(TAG_LINES)
    assert len(tags) == 3
    assert all(lines == 1 for _text, lines in tags), tags
    # the three games still side by side, nothing wider than the phone
    tops = page.evaluate(
        "() => [...document.querySelectorAll('.games-nav li')].map(li => li.offsetTop)"
    )
    assert len(set(tops)) == 1, tops
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    context.close()


def test_the_standings_are_no_wider_in_french_and_spanish_than_in_english(browser, live_server):
    event, division = build_event("stand-2026", name="Standings 2026")
    olive = make_user("olive")
    event.organizers.add(olive)
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    login(page, live_server.url, "olive")
    widths = {}
    for language in ("en", "fr", "es"):
        context.add_cookies(
            [{"name": "django_language", "value": language, "url": live_server.url}]
        )
        page.goto(f"{live_server.url}/e/{event.slug}/standings/{division.pk}/")
        expect(page.locator("html")).to_have_attribute("lang", language)
        widths[language] = page.evaluate(
            "() => document.querySelector('table.standings').getBoundingClientRect().width"
        )
        if language != "en":
            abbr = page.locator("table.standings th abbr")
            expect(abbr).to_have_count(1)
            assert abbr.get_attribute("title") == {"fr": "Pénalité", "es": "Penalización"}[language]
    # "Penalización" alone made the Spanish table a fifth wider than the English
    assert widths["fr"] <= widths["en"] * 1.12, widths
    assert widths["es"] <= widths["en"] * 1.12, widths
    context.close()
