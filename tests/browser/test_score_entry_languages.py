"""The scorekeeper's table page in French and in Spanish on a 390 px phone in Chromium:
the page, the tile calculator (Django's JavaScript catalog) and a refused rack
total of 1000 in the chosen language, nothing wider than the screen, names in Hebrew and
Arabic right to left. Makes the README's score-entry-fr-phone.png / -es-phone.png."""

import re

import pytest
from playwright.sync_api import expect

from tournaments.models import Table

from . import conftest
from .conftest import SCREENSHOTS, build_event, login, make_user

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
# The page's and the calculator's English words (not those the languages share, as
# "Total", "Table" or "Joker"; the engine's own messages are another area's).
ENGLISH = [
    "All tables", "round", "Round", "Game", "Games", "to enter", "Count tiles", "Save game",
    "Seat", "Player", "Scores so far", "Rack total", "How did the game end",
    "A player went out", "Pool exhausted", "Winner named", "Left empty", "Changes to this",
    "No scores yet", "Tiles left", "tap each one", "Use this total", "Close without using",
    "Take off", "Tiles counted", "counted", "Black", "Red", "Blue", "black", "red",
    "blue", "is not saved yet", "Put right", "Time left", "Send now",
]  # fmt: skip

SAID = {
    "fr": {
        "open": "Compter les tuiles",
        "use": "Utiliser ce total",
        "heading": "tuiles restées sur le chevalet",
        "tile": "rouge 7",
        "total": "Total\u202f: 37",
        "colour": "Rouge",
    },
    "es": {
        "open": "Contar fichas",
        "use": "Usar este total",
        "heading": "Fichas que quedan en el atril",
        "tile": "roja 7",
        "total": "Total: 37",
        "colour": "Roja",
    },
}


def english_left(page) -> list[str]:
    return conftest.english_left(page, ENGLISH)


def too_wide(page) -> list[str]:
    """Buttons and the page wider than they are shown (a longer word must wrap, not spill)."""
    return page.evaluate(
        """() => {
        const out = [];
        if (document.documentElement.scrollWidth > window.innerWidth) out.push('page');
        document.querySelectorAll('button, a.button').forEach(b => {
            if (b.offsetParent && b.scrollWidth > b.clientWidth + 1) out.push(b.innerText);
        });
        return out;
    }"""
    )


@pytest.mark.parametrize("language", ["fr", "es"])
def test_the_table_page_with_the_calculator_and_an_error_on_a_phone(browser, live_server, language):
    event, division = build_event("quebec-2026", name="Tournoi du Québec", players=PLAYERS)
    sam = make_user("sam")
    event.scorekeepers.add(sam)
    table = next(
        t
        for t in Table.objects.filter(round__division=division).order_by("number")
        if any(s.entrant.first_name == "דוד" for s in t.seats.select_related("entrant"))
    )
    seats = [s.entrant for s in table.seats.select_related("entrant").order_by("number")]
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    page = context.new_page()
    login(page, live_server.url, "sam")
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.goto(f"{live_server.url}/e/{event.slug}/tables/{table.pk}/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    words = SAID[language]
    assert english_left(page) == []

    # The calculator of the first seat, in words of the page's language (the JS catalog).
    page.get_by_role("button", name=words["open"]).first.click()
    calculator = page.locator(f"#id_rack_{seats[0].pk}-calc")
    expect(calculator).to_be_visible()
    expect(calculator).to_contain_text(words["heading"])
    expect(calculator).to_contain_text(words["colour"])
    for label in ("red 7", "joker (30 points)"):  # data-label: the tiles' keys
        calculator.locator(f"button[data-label='{label}']").click()
    expect(calculator.locator(".calc-total")).to_have_text(words["total"])
    red_seven = calculator.locator("button[data-label='red 7']")
    assert words["tile"] in red_seven.get_attribute("aria-label")
    expect(calculator.get_by_role("button", name=words["use"])).to_be_visible()

    # A rack total of 1000 at the second seat: refused at once, beside the field.
    page.fill(f"#id_rack_{seats[1].pk}", "1000")
    page.locator(f"#id_rack_{seats[2].pk}").focus()
    error = page.locator(f"#id_rack_{seats[1].pk}-error")
    expect(error).to_contain_text("1000")
    expect(error).to_contain_text(seats[1].shown_name)
    assert english_left(page) == []
    assert too_wide(page) == []
    # the names in Hebrew and Arabic read right to left on the sheet
    for seat in seats:
        if seat.first_name in ("דוד", "محمد"):
            name = page.locator("table.scores [dir=auto]", has_text=seat.first_name)
            assert name.evaluate("e => getComputedStyle(e).direction") == "rtl"
    page.locator("#entry-heading").scroll_into_view_if_needed()
    page.locator("section[aria-labelledby=entry-heading]").screenshot(
        path=str(SCREENSHOTS / f"score-entry-{language}-phone.png")
    )
    context.close()


PAGE_ENGLISH = [
    "Enter scores", "Go to table number", "Standings", "games entered", "to confirm", "qualifying",
    "Updated by itself", "Download as CSV", "Seat", "Player", "Goes on", "Printing",
    "Make the document", "Whole event", "No documents yet", "Round (empty",
]  # fmt: skip


@pytest.mark.parametrize("language", ["fr", "es"])
def test_the_score_home_standings_and_printing_pages_fit_a_phone(browser, live_server, language):
    """The scorekeepers' list of tables, the standings and the organizer's printing page in
    French and Spanish at 390 px: no English word of theirs left, nothing wider than the
    screen (French and Spanish words are longer)."""
    event, division = build_event("quebec-2026", name="Tournoi du Québec", players=PLAYERS)
    olive = make_user("olive")
    event.organizers.add(olive)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    page = context.new_page()
    login(page, live_server.url, "olive")
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    for path in ("score/", f"standings/{division.pk}/", "print/"):
        page.goto(f"{live_server.url}/e/{event.slug}/{path}")
        expect(page.locator("html")).to_have_attribute("lang", language)
        text = page.evaluate(
            """() => { const c = document.body.cloneNode(true);
            c.querySelectorAll('form.languages, script').forEach(e => e.remove());
            return c.innerText + ' ' + document.title; }"""
        )
        left = [w for w in PAGE_ENGLISH if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]
        assert left == [], path
        assert too_wide(page) == [], path
        page.screenshot(path=str(SCREENSHOTS / f"i18n-{language}-{path.split('/')[0]}.png"))
    context.close()
