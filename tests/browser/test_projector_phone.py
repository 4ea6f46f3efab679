"""The live results page on a 390 px phone wraps between words (no
"Nguye/n"), fits the screen, and stays put: no turning by itself, a "Next" link instead.
At 1280×720 the projector still turns by itself."""

import pytest
from playwright.sync_api import expect

from scoring import services as scoring
from tournaments.models import Table

from .conftest import build_event, make_user, play_games

pytestmark = pytest.mark.django_db(transaction=True)

LONG = [
    ("Nguyễn Thị", "Yamamoto-Papadopoulos"),
    ("Siobhán", "O'Brien"),
    ("Bartholomew", "Nguyen"),
    ("Margarethe", "Kowalczykowska"),
]

# Each word of each cell on one line (a line may end after a hyphen, as in a double name):
# a word split mid-word has two line boxes.
BROKEN_WORDS_JS = """() => {
    const broken = [];
    for (const cell of document.querySelectorAll('main td, main li, main .tag')) {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        let node;
        while ((node = walker.nextNode())) {
            const re = /[^\\s-]+-?/g; let m;  // a hyphen may end a line
            while ((m = re.exec(node.textContent))) {
                const range = document.createRange();
                range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
                const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
                if (tops.size > 1) broken.push(m[0]);
            }
        }
    }
    return broken;
}"""


def test_live_results_on_a_phone_wrap_whole_words_and_stay_put(browser, live_server):
    event, division = build_event("phone-2026", name="Phone Senior Games", players=LONG)
    build_event("other-2026", players=LONG)  # another event: not shown
    table = Table.objects.get(round__division=division)
    play_games(table, [(0, 10, 20, 30)])
    # Game 2 entered by a scorekeeper, not yet confirmed: every total shows "to confirm".
    seated = [s.entrant for s in table.seats.select_related("entrant").order_by("number")]
    scoring.game_record(
        table=table,
        number=2,
        user=make_user("sam"),
        organizer=False,
        racks=dict(zip(seated, (11, 0, 22, 33), strict=True)),
    )
    url = f"{live_server.url}/p/{event.slug}/?i=0&p=0"

    phone = browser.new_context(viewport={"width": 390, "height": 844})
    page = phone.new_page()
    page.clock.install()
    page.goto(url)
    expect(page.locator("main td").first).to_be_visible()
    expect(page.locator("main .tag", has_text="to confirm").first).to_be_visible()
    assert page.evaluate(BROKEN_WORDS_JS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # It stays put while a family reads it; they turn the page themselves.
    expect(page.get_by_text("the next one in")).to_be_hidden()
    page.clock.run_for(60_000)
    assert page.url == url
    expect(page.get_by_role("link", name="Show the latest")).to_be_visible()
    box = page.get_by_role("link", name="Show the latest").bounding_box()
    assert box["height"] >= 44
    # Below the slide, the pages the projector does not show: every division, one's table.
    for name in ("Find your table", "Results"):
        link = page.locator("nav.phone-links").get_by_role("link", name=name, exact=True)
        expect(link).to_be_visible()
        assert link.bounding_box()["height"] >= 44
    phone.close()

    hall = browser.new_context(viewport={"width": 1280, "height": 720})
    page = hall.new_page()
    page.clock.install()
    page.goto(url)
    expect(page.get_by_role("link", name="Show the latest")).to_be_hidden()
    expect(page.locator("nav.phone-links")).to_be_hidden()  # the slide keeps its 720 px
    expect(page.get_by_role("button", name="Pause the slides")).to_be_visible()
    page.clock.run_for(16_000)
    expect(page).not_to_have_url(url)
    hall.close()
