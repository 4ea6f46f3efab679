"""A Hebrew or Arabic name inside one of our sentences keeps its place in Chromium: the
number after it in the text is drawn after it, not pulled in front of it by the name's
direction. Messages built in Python and in the page's
script set the name apart (FSI … PDI, tournaments.text.isolate); measured here by where
the browser draws the name and the number."""

import pytest
from playwright.sync_api import expect

from scoring import services as scoring
from tournaments.models import Table

from .conftest import build_event, login, make_user

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = [
    ("שרה", "לוי"),
    ("فاطمة", "الزهراء"),
    ("Ann", "Lee"),
    ("Bo", "Kim"),
]

# Where the browser draws ``name`` and the first ``after`` that follows it in the text
# of ``element`` (offsets over its text nodes, so across inline elements too).
PLACES = """(element, [name, after]) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const nodes = []; let text = '';
    while (walker.nextNode()) { nodes.push([walker.currentNode, text.length]);
                                text += walker.currentNode.data; }
    const at = (offset) => {
        for (const [node, start] of nodes)
            if (offset <= start + node.data.length) return [node, offset - start];
    };
    const rect = (start, length) => {
        const range = document.createRange();
        range.setStart(...at(start)); range.setEnd(...at(start + length));
        const r = range.getBoundingClientRect();
        return {left: r.left, right: r.right, top: r.top, bottom: r.bottom};
    };
    const i = text.indexOf(name);
    const j = text.indexOf(after, i + name.length);
    if (i < 0 || j < 0) return {text};
    return {text, name: rect(i, name.length), after: rect(j, after.length)};
}"""


def drawn_after(element, name: str, after: str) -> bool:
    """``after`` is drawn after ``name``, reading left to right: further right on the same
    line, or on a line below."""
    places = element.evaluate(PLACES, [name, after])
    assert "name" in places, places["text"]
    n, a = places["name"], places["after"]
    same_line = a["top"] < n["bottom"] - 2 and a["bottom"] > n["top"] + 2
    if same_line:
        return a["left"] >= n["right"] - 1
    return a["top"] >= n["bottom"] - 2


def _table_with_players():
    event, division = build_event("rtl-2026", name="RTL 2026", players=PLAYERS)
    sam = make_user("sam")
    event.scorekeepers.add(sam)
    table = Table.objects.get(round__division=division)
    seats = [s.entrant for s in table.seats.select_related("entrant").order_by("number")]
    return event, table, seats, sam


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
@pytest.mark.parametrize("language", ["fr", "es"])
def test_a_refused_rack_total_stays_after_a_right_to_left_name(
    browser, live_server, language, javascript
):
    event, table, seats, _ = _table_with_players()
    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, java_script_enabled=javascript
    )
    page = context.new_page()
    login(page, live_server.url, "sam")
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.goto(f"{live_server.url}/e/{event.slug}/tables/{table.pk}/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    for entrant in seats:
        page.fill(
            f"#id_rack_{entrant.pk}",
            "999"
            if entrant.first_name in ("שרה", "فاطمة")
            else "0"
            if entrant.first_name == "Ann"
            else "5",
        )
    page.locator("form.game-form button.save").click()
    page.wait_for_load_state()
    for entrant in seats:
        if entrant.first_name not in ("שרה", "فاطمة"):
            continue
        error = page.locator(f"#id_rack_{entrant.pk}-error")
        expect(error).to_contain_text("999")
        assert f"\u2068{entrant.shown_name}\u2069" in error.inner_text()
        assert drawn_after(error, entrant.shown_name, "999"), error.inner_text()
        # the summary at the top of the form says it too (after a refused save)
        summary = page.locator("[data-game-errors] li", has_text=entrant.first_name).first
        assert drawn_after(summary, entrant.shown_name, "999"), summary.inner_text()
    context.close()


@pytest.mark.parametrize("language", ["fr", "es"])
def test_the_audit_trail_keeps_each_rack_total_after_its_name(browser, live_server, language):
    event, table, seats, sam = _table_with_players()
    totals = dict(zip(seats, (10, 12, 0, 7), strict=True))
    scoring.game_record(table=table, number=1, racks=totals, user=sam)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    login(page, live_server.url, "sam")
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.goto(f"{live_server.url}/e/{event.slug}/tables/{table.pk}/")
    line = page.locator("ol.audit li").first
    expect(line).to_be_visible()
    for entrant, total in totals.items():
        if entrant.first_name in ("שרה", "فاطمة"):
            assert drawn_after(line, entrant.shown_name, f" {total}"), line.inner_text()
    context.close()
