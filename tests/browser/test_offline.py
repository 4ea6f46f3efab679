"""Scores through a wifi that drops: a game saved while the server
cannot be reached is kept in the browser's localStorage, said plainly, and sent by itself
when the server answers again, exactly once (the page's key, stored once by the server);
a conflicting save on return shows both values and drops nothing. On plain http at an
address that is not localhost (hall_url), as tablets on the hall's wifi reach `make
venue`: not a secure context, so no service worker (opening the page with the network off
gives the browser's error page; with a service worker, where allowed:
test_offline_copy.py)."""

import json

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from scoring import services
from scoring.models import Game, RackScore, ScoreChange

from .conftest import (
    SCREENSHOTS,
    axe_violations,
    cut_off,
    fill_game,
    login,
    network_off,
    network_on,
)

# The site's service worker is allowed here (tests/browser/conftest.py blocks it elsewhere).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.service_worker]

ONE = "1 game waiting to be sent — it will be sent when the connection is back."
TWO = "2 games waiting to be sent — they will be sent when the connection is back."


def open_table(browser, base_url, world, table, user="sam"):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    errors = []  # the page's scripts failing (the console's network errors are expected)
    page.on("pageerror", lambda e: errors.append(str(e)))
    login(page, base_url, user)
    page.goto(world.table_url(table, base_url))
    return context, page, errors


def no_service_worker(page) -> bool:
    """The hall's plain http: not a secure context, browsers allow no service worker."""
    return page.evaluate("() => !window.isSecureContext && !('serviceWorker' in navigator)")


def queued(page) -> list:
    return json.loads(page.evaluate("() => localStorage.getItem('rummikub-outbox') || '[]'"))


def racks_of(table, number) -> list[int]:
    return [
        r.rack_total
        for r in RackScore.objects.filter(game__table=table, game__number=number).order_by(
            "entrant__seats__number"
        )
    ]


def entered_lines(table) -> list:
    return list(
        ScoreChange.objects.filter(
            division=table.round.division, table_number=table.number, action="entered"
        ).values_list("game_number", "save_key")
    )


def test_two_games_saved_offline_survive_a_reload_and_arrive_exactly_once_screenshot(
    browser, hall_url, world
):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    context, page, errors = open_table(browser, hall_url, world, table)
    assert no_service_worker(page)
    outbox = page.locator("#outbox")
    expect(outbox).to_be_hidden()

    network_off(context)
    fill_game(page, {a: 0, b: 11, c: 22, d: 7})
    page.get_by_role("button", name="Save game 1").click()
    expect(outbox.get_by_role("heading")).to_have_text(ONE)
    expect(outbox).to_contain_text(f"Table 1, game 1: {a.name} 0, {b.name} 11")
    expect(page.locator(".games-nav a[data-game='1']")).to_contain_text("waiting to be sent")
    # The form goes on to game 2, empty, while the network is still off.
    expect(page.get_by_role("button", name="Save game 2")).to_be_visible()
    expect(page.locator(f"#id_rack_{a.pk}")).to_have_value("")
    fill_game(page, {a: 5, b: 0, c: 9, d: 14})
    page.get_by_role("button", name="Save game 2").click()
    expect(outbox.get_by_role("heading")).to_have_text(TWO)
    assert [(e["game"], e["table"]) for e in queued(page)] == [("1", "Table 1"), ("2", "Table 1")]
    assert not Game.objects.filter(table=table).exists()
    # docs/screenshots only with UPDATE_SCREENSHOTS=1 (conftest): a test run changes no file.
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "offline-waiting-phone.png"), full_page=False)

    # The page is opened again with the network still off: no service worker kept a copy
    # on plain http, so the browser shows its own "no connection" page. (Through
    # about:blank: the page leaving, or the error page reloading by itself when the
    # network is back, would send the waiting games in the middle of the test.)
    cut_off(page)
    page.goto("about:blank")
    with pytest.raises(PlaywrightError, match="ERR_INTERNET_DISCONNECTED"):
        page.goto(world.table_url(table, hall_url))
    page.wait_for_url("chrome-error://chromewebdata/")
    page.goto("about:blank")
    assert not Game.objects.filter(table=table).exists()

    # Then while the server still cannot be reached for saves: the waiting note shows both,
    # from localStorage.
    def unreachable(route):
        if route.request.method == "POST":
            route.abort("internetdisconnected")
        else:
            route.continue_()

    page.route("**/tables/**", unreachable)
    network_on(context)
    page.goto(world.table_url(table, hall_url))
    expect(outbox.get_by_role("heading")).to_have_text(TWO)
    expect(outbox.get_by_role("button", name="Send now")).to_be_visible()
    # The page opens on game 3: games 1 and 2 are waiting, not to be typed again.
    expect(page.get_by_role("button", name="Save game 3")).to_be_visible()
    assert axe_violations(page) == []
    assert not Game.objects.filter(table=table).exists()

    # The server answers again: "Send now" (else the timer or the online event) sends both.
    page.unroute("**/tables/**")
    outbox.get_by_role("button", name="Send now").click()
    expect(outbox.locator("[data-outbox-last]")).to_contain_text("sent.")
    expect(outbox.get_by_role("heading")).to_have_text("")
    assert queued(page) == []
    assert racks_of(table, 1) == [0, 11, 22, 7]
    assert racks_of(table, 2) == [5, 0, 9, 14]
    assert Game.objects.filter(table=table).count() == 2
    for number in (1, 2):
        assert RackScore.objects.filter(game__table=table, game__number=number).count() == 4
    lines = entered_lines(table)
    assert sorted(n for n, _ in lines) == [1, 2]  # one audit line per save
    assert all(len(k) == 36 for _, k in lines)
    # The sheet shows them (the page asked for it again: nothing was being typed).
    expect(page.locator("table.scores tbody tr").nth(1)).to_contain_text("11")

    # Sending again (another tab's copy, a lost answer) stores nothing twice.
    page.evaluate(
        "([entries]) => { localStorage.setItem('rummikub-outbox', JSON.stringify(entries)); }",
        [[dict(e, state="waiting") for e in _entries_of(lines, table, world)]],
    )
    page.reload()
    expect(outbox.locator("[data-outbox-last]")).to_contain_text("had already arrived")
    assert queued(page) == []
    assert Game.objects.filter(table=table).count() == 2
    assert len(entered_lines(table)) == 2
    assert ScoreChange.objects.filter(table_number=table.number).count() == 2
    assert errors == []
    context.close()


def _entries_of(lines, table, world):
    """The queue as a second tab would still hold it: game 1 with the key it was saved with."""
    a, b, c, d = world.seated(table)
    key = next(k for n, k in lines if n == 1)
    fields = [
        ["game", "1"],
        ["version", "0"],
        [f"rack_{a.pk}", "0"],
        [f"rack_{b.pk}", "11"],
        [f"rack_{c.pk}", "22"],
        [f"rack_{d.pk}", "7"],
        ["winner", ""],
    ]
    url = world.table_url(table)
    return [
        {
            "key": key,
            "url": url,
            "page": url,
            "game": "1",
            "table": "Table 1",
            "fields": fields,
            "values": [],
        }
    ]


def test_a_save_whose_answer_was_lost_is_sent_again_and_stored_once(browser, live_server, world):
    """The save reached the server but its answer never came back: the page keeps it and
    sends it again when the browser is online again; the server answers 'already'. (On
    localhost, where the service worker runs: Playwright's route.fetch cannot reach the
    hall's made-up address, and the worker leaves POSTs alone.)"""
    table = world.tables[1]
    a, b, c, d = world.seated(table)
    context, page, errors = open_table(browser, live_server, world, table)

    def lost_answer(route):
        if route.request.method == "POST":
            route.fetch()  # the server gets it and saves it ...
            route.abort("internetdisconnected")  # ... the answer is lost on the way
        else:
            route.continue_()

    page.route("**/tables/**", lost_answer)
    fill_game(page, {a: 3, b: 0, c: 8, d: 12})
    page.get_by_role("button", name="Save game 1").click()
    expect(page.locator("#outbox").get_by_role("heading")).to_have_text(ONE)
    assert Game.objects.filter(table=table).count() == 1
    page.unroute("**/tables/**")
    # The browser says it is online again: sent by itself, no button pressed.
    context.set_offline(True)
    context.set_offline(False)
    expect(page.locator("#outbox [data-outbox-last]")).to_contain_text("had already arrived")
    assert queued(page) == []
    assert racks_of(table, 1) == [3, 0, 8, 12]
    assert len(entered_lines(table)) == 1
    assert errors == []
    context.close()


def test_a_conflicting_save_on_return_shows_both_values_and_drops_nothing_screenshot(
    browser, hall_url, world
):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    context, page, errors = open_table(browser, hall_url, world, table)
    outbox = page.locator("#outbox")

    context.set_offline(True)
    fill_game(page, {a: 0, b: 11, c: 22, d: 7})
    page.get_by_role("button", name="Save game 1").click()
    expect(outbox.get_by_role("heading")).to_have_text(ONE)

    # Meanwhile another scorekeeper, whose network works, saves other numbers.
    services.game_record(
        table=table,
        number=1,
        racks=dict(zip([a, b, c, d], [0, 13, 22, 7], strict=True)),
        user=world.users["scorekeeper2"],
        expected_version=0,
    )
    context.set_offline(False)
    expect(outbox.get_by_role("heading")).to_have_text("1 game not sent: it needs you (below).")
    expect(outbox).to_contain_text("Another person saved this game meanwhile")
    expect(outbox).to_contain_text(f"{b.name} 11")  # what was typed is still shown
    assert racks_of(table, 1) == [0, 13, 22, 7]  # nothing overwritten
    assert len(queued(page)) == 1
    assert axe_violations(page) == []

    # Opening it shows the existing conflict display: both values side by side.
    outbox.get_by_role("link", name="Open game 1 of Table 1").click()
    conflict = page.locator(".conflict")
    expect(conflict).to_contain_text("Someone else saved game 1 just now")
    row = conflict.locator("tr", has_text=b.name)
    expect(row.locator("td").nth(0)).to_have_text("13")
    expect(row.locator("td").nth(1)).to_have_text("11")
    expect(page.locator(f"#id_rack_{b.pk}")).to_have_value("11")
    assert len(queued(page)) == 1  # kept until the person chooses
    assert racks_of(table, 1) == [0, 13, 22, 7]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "offline-conflict-phone.png"), full_page=True)

    # They check with the table and save theirs over it: saved once, the queue is empty.
    page.get_by_role("button", name="Save game 1").click()
    expect(page.get_by_text("Game 1 saved for table 1.")).to_be_visible()
    assert racks_of(table, 1) == [0, 11, 22, 7]
    assert queued(page) == []
    actions = list(
        ScoreChange.objects.filter(table_number=table.number, game_number=1)
        .order_by("id")
        .values_list("action", flat=True)
    )
    assert actions == ["entered", "replaced"]
    assert errors == []
    context.close()


def test_keep_theirs_drops_the_queued_game_only_then(browser, hall_url, world):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    context, page, _ = open_table(browser, hall_url, world, table)
    context.set_offline(True)
    fill_game(page, {a: 0, b: 11, c: 22, d: 7})
    page.get_by_role("button", name="Save game 1").click()
    services.game_record(
        table=table,
        number=1,
        racks=dict(zip([a, b, c, d], [0, 13, 22, 7], strict=True)),
        user=world.users["scorekeeper2"],
        expected_version=0,
    )
    context.set_offline(False)
    page.locator("#outbox").get_by_role("link", name="Open game 1 of Table 1").click()
    expect(page.locator(".conflict")).to_be_visible()
    assert len(queued(page)) == 1
    page.get_by_role("link", name="Keep theirs").click()
    expect(page.locator(".conflict")).to_have_count(0)
    assert queued(page) == []
    expect(page.locator("#outbox")).to_be_hidden()
    assert racks_of(table, 1) == [0, 13, 22, 7]
    context.close()


def test_queued_games_are_kept_per_table_and_event(browser, hall_url, world):
    """Two tables on one tablet: each game is queued with its own table, and each arrives
    at its own table."""
    first, second = world.tables[0], world.tables[1]
    context, page, errors = open_table(browser, hall_url, world, first)
    other = context.new_page()
    other.goto(world.table_url(second, hall_url))
    context.set_offline(True)
    a, b, c, d = world.seated(first)
    fill_game(page, {a: 0, b: 1, c: 2, d: 3})
    page.get_by_role("button", name="Save game 1").click()
    e, f, g, h = world.seated(second)
    fill_game(other, {e: 4, f: 0, g: 6, h: 7})
    other.get_by_role("button", name="Save game 1").click()
    expect(other.locator("#outbox").get_by_role("heading")).to_have_text(TWO)
    expect(page.locator("#outbox").get_by_role("heading")).to_have_text(TWO)  # the other tab
    context.set_offline(False)
    expect(page.locator("#outbox").get_by_role("heading")).to_have_text("")
    expect(other.locator("#outbox").get_by_role("heading")).to_have_text("")
    assert racks_of(first, 1) == [0, 1, 2, 3]
    assert racks_of(second, 1) == [4, 0, 6, 7]
    assert len(entered_lines(first)) == 1 and len(entered_lines(second)) == 1
    assert errors == []
    context.close()


def test_when_the_last_games_saved_offline_arrive_the_sheet_shows_them(browser, hall_url, world):
    """Games 2 and 3 saved offline, then sent: the sheet shows their totals and both "sent"
    lines. It used to go on saying "to enter" with the old totals, the form still holding
    game 3's numbers (the last game: no next game to go to), with only the last "sent"
    line."""
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    context, page, errors = open_table(browser, hall_url, world, table)
    outbox = page.locator("#outbox")
    fill_game(page, {a: 0, b: 11, c: 22, d: 7})
    page.get_by_role("button", name="Save game 1").click()
    expect(page.locator(".games-nav a[data-game='1']")).to_contain_text("to confirm")

    network_off(context)
    fill_game(page, {a: 5, b: 0, c: 9, d: 14})
    page.get_by_role("button", name="Save game 2").click()
    expect(outbox.get_by_role("heading")).to_have_text(ONE)
    fill_game(page, {a: 3, b: 8, c: 0, d: 12})
    page.get_by_role("button", name="Save game 3").click()
    expect(outbox.get_by_role("heading")).to_have_text(TWO)
    expect(page.locator(f"#id_rack_{c.pk}")).to_have_value("0")  # the form stays on game 3

    network_on(context)
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    expect(outbox.get_by_role("heading")).to_have_text("")
    expect(outbox.locator("[data-outbox-last]")).to_have_text(
        "Table 1, game 2 sent. Table 1, game 3 sent."
    )
    for number in (2, 3):
        expect(page.locator(f".games-nav a[data-game='{number}']")).to_contain_text("to confirm")
        expect(page.locator(f".games-nav a[data-game='{number}']")).not_to_contain_text("to enter")
    expect(page.get_by_role("button", name="Save game 3")).to_have_count(0)
    assert racks_of(table, 3) == [3, 8, 0, 12]
    assert len(entered_lines(table)) == 3
    assert errors == []
    context.close()


def test_numbers_typed_over_a_game_that_arrives_are_not_wiped(browser, hall_url, world):
    """The sheet is shown again only when the form holds nothing but the numbers that were
    sent: a person changing them meanwhile keeps what they typed."""
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    context, page, errors = open_table(browser, hall_url, world, table)
    outbox = page.locator("#outbox")
    fill_game(page, {a: 0, b: 11, c: 22, d: 7})
    page.get_by_role("button", name="Save game 1").click()
    expect(page.locator(".games-nav a[data-game='1']")).to_contain_text("to confirm")
    # Game 2's form in place and htmx done with the swap before typing: under a loaded
    # CI the boxes were typed into while the sheet was still settling (failed once).
    expect(page.get_by_role("button", name="Save game 2")).to_be_visible()
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
    )
    fill_game(page, {a: 5, b: 0, c: 9, d: 14})
    expect(page.locator(f"#id_rack_{d.pk}")).to_have_value("14")
    page.get_by_role("button", name="Save game 2").click()
    expect(page.locator(".games-nav a[data-game='2']")).to_contain_text("to confirm")
    network_off(context)
    fill_game(page, {a: 3, b: 8, c: 0, d: 12})
    page.get_by_role("button", name="Save game 3").click()
    expect(outbox.get_by_role("heading")).to_have_text(ONE)
    page.locator(f"#id_rack_{d.pk}").fill("13")  # a second thought, not saved yet
    network_on(context)
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    expect(outbox.get_by_role("heading")).to_have_text("")
    page.wait_for_timeout(500)
    expect(page.locator(f"#id_rack_{d.pk}")).to_have_value("13")
    assert racks_of(table, 3) == [3, 8, 0, 12]
    assert errors == []
    context.close()
