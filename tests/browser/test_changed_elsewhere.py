"""A scorekeeper's page left open is told when a colleague replaced the table's numbers
(without the notice, 40 seconds later it would still show the old ones). The round
clock's answer carries the table's newest change; the notice never replaces the sheet
under someone typing, and over typed numbers it asks to save or clear them first."""

import pytest
from playwright.sync_api import expect

from scoring import services
from scoring.models import RackScore

from .conftest import fill_game, login

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
NOTICE = "Someone changed the scores at this table."


@pytest.fixture
def quick_clock(settings):
    settings.CLOCK_POLL_MS = 500


def open_table(browser, live_server, world, table, user):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    login(page, live_server.url, user)
    page.goto(world.table_url(table, live_server.url))
    return context, page


def test_a_colleagues_change_is_told_to_the_page_left_open(
    browser, live_server, world, quick_clock
):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    context_a, page_a = open_table(browser, live_server, world, table, "sam")
    fill_game(page_a, {a: 0, b: 10, c: 20, d: 30})
    page_a.get_by_role("button", name="Save game 1").click()
    expect(page_a.get_by_text("Game 1 saved for table 1.")).to_be_visible()
    notice = page_a.locator("#changed-elsewhere")
    page_a.wait_for_timeout(1200)  # its own save is not "someone else's change"
    expect(notice).to_be_hidden()

    # The colleague: "Something is wrong: change it", other numbers, Save.
    context_b, page_b = open_table(browser, live_server, world, table, "sue")
    page_b.get_by_role("link", name="Something is wrong: change it").click()
    page_b.fill(f"#id_rack_{b.pk}", "12")
    page_b.get_by_role("button", name="Save game 1").click()
    expect(page_b.get_by_text("Game 1 saved for table 1.")).to_be_visible()
    assert RackScore.objects.get(game__table=table, game__number=1, entrant=b).rack_total == 12

    # A's page says so within the poll; A has typed game 2's first number meanwhile.
    page_a.locator(f"#id_rack_{a.pk}").fill("7")
    before = page_a.evaluate(
        "document.querySelector('button.save').getBoundingClientRect().top + window.scrollY"
    )
    expect(notice).to_be_visible(timeout=5000)  # shown, not only in the page hidden
    expect(notice).to_contain_text(NOTICE)
    after = page_a.evaluate(
        "document.querySelector('button.save').getBoundingClientRect().top + window.scrollY"
    )
    assert after == before  # over the page: nothing under the fingers moved
    notice.get_by_role("button", name="Show the new numbers").click()
    expect(notice).to_contain_text("Save or clear your numbers first")
    expect(page_a.locator(f"#id_rack_{a.pk}")).to_have_value("7")  # kept, not swapped

    # Cleared: the button shows the new numbers.
    page_a.locator(f"#id_rack_{a.pk}").fill("")
    notice.get_by_role("button", name="Show the new numbers").click()
    expect(notice).to_be_hidden()
    expect(page_a.locator("table.scores")).to_contain_text("12")
    context_a.close()
    context_b.close()


def test_the_notice_goes_when_the_page_saves_its_next_game(
    browser, live_server, world, quick_clock
):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    services.game_record(
        table=table, number=1, racks={a: 0, b: 10, c: 20, d: 30}, user=world.users["scorekeeper"]
    )
    context, page = open_table(browser, live_server, world, table, "sam")
    expect(page.get_by_role("button", name="Save game 2")).to_be_visible()
    services.game_record(
        table=table,
        number=1,
        racks={a: 0, b: 11, c: 20, d: 30},
        user=world.users["scorekeeper2"],
        expected_version=1,
    )
    notice = page.locator("#changed-elsewhere")
    expect(notice).to_be_visible(timeout=5000)
    # The page saves game 2 (htmx): its new sheet shows the newest numbers, the notice goes
    # and does not come back.
    fill_game(page, {a: 5, b: 0, c: 9, d: 14})
    page.get_by_role("button", name="Save game 2").click()
    expect(page.get_by_text("Game 2 saved for table 1.")).to_be_visible()
    expect(notice).to_be_hidden()
    page.wait_for_timeout(1200)
    expect(notice).to_be_hidden()
    expect(page.locator("table.scores")).to_contain_text("11")
    context.close()


def refresh_announcements(page):
    """The announcements' own refresh, as htmx does it every 30 seconds on the page (an
    htmx swap that is not the sheet's): whether the notice is shown right after it is
    swapped in (before any clock answer could show it again)."""
    return page.evaluate(
        """() => new Promise((done) => {
          const box = document.getElementById("announcements");
          document.addEventListener("htmx:afterSwap", () => {
            done(!document.getElementById("changed-elsewhere").hidden);
          }, { once: true });
          htmx.ajax("GET", box.getAttribute("hx-get"),
                    { target: "#announcements", swap: "outerHTML" });
        })"""
    )


def test_the_notice_stays_when_the_announcements_are_asked_again(
    browser, live_server, world, quick_clock
):
    """The notice shows while A has game 3's boxes half typed and B changes game 1 through
    'change it'. The announcements, asked again every 30 seconds like the clock, are an
    htmx swap too: they used to take the notice away when they came just after the clock's
    answer, so it never showed."""
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    for number, racks in ((1, (0, 10, 20, 30)), (2, (5, 0, 9, 14))):
        services.game_record(
            table=table,
            number=number,
            racks=dict(zip((a, b, c, d), racks, strict=True)),
            user=world.users["scorekeeper"],
        )
    context_a, page_a = open_table(browser, live_server, world, table, "sam")
    page_a.goto(world.table_url(table, live_server.url) + "?game=3")
    expect(page_a.get_by_role("button", name="Save game 3")).to_be_visible()
    fill_game(page_a, {a: 0, b: 33})
    notice = page_a.locator("#changed-elsewhere")

    # B, on another browser: game 1, "Something is wrong: change it", one number, Save.
    context_b, page_b = open_table(browser, live_server, world, table, "sue")
    page_b.goto(world.table_url(table, live_server.url) + "?game=1")
    page_b.get_by_role("link", name="Something is wrong: change it").click()
    page_b.fill(f"#id_rack_{c.pk}", "21")
    page_b.get_by_role("button", name="Save game 1").click()
    expect(page_b.get_by_text("Game 1 saved for table 1.")).to_be_visible()
    assert RackScore.objects.get(game__table=table, game__number=1, entrant=c).rack_total == 21

    expect(notice).to_be_visible(timeout=5000)
    expect(notice).to_contain_text(NOTICE)
    assert refresh_announcements(page_a), "the announcements' refresh took the notice away"
    expect(notice).to_be_visible()
    page_a.wait_for_timeout(1200)  # and the clock's next answers keep it
    expect(notice).to_be_visible()
    expect(page_a.locator(f"#id_rack_{b.pk}")).to_have_value("33")  # typed, kept
    context_a.close()
    context_b.close()


def test_the_notice_stays_over_a_round_clock_not_running(browser, live_server, world, quick_clock):
    """The round's clock not started: the box is hidden, its answers still carry the
    table's changes, and the announcements' refresh does not take the notice away."""
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    services.game_record(
        table=table, number=1, racks={a: 0, b: 10, c: 20, d: 30}, user=world.users["scorekeeper"]
    )
    context, page = open_table(browser, live_server, world, table, "sam")
    expect(page.locator("[data-clock]")).to_be_hidden()
    fill_game(page, {a: 0, b: 33})
    services.game_record(
        table=table,
        number=1,
        racks={a: 0, b: 11, c: 20, d: 30},
        user=world.users["scorekeeper2"],
        expected_version=1,
    )
    notice = page.locator("#changed-elsewhere")
    expect(notice).to_be_visible(timeout=5000)
    assert refresh_announcements(page), "the announcements' refresh took the notice away"
    page.wait_for_timeout(1200)
    expect(notice).to_be_visible()
    context.close()
