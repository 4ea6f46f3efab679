"""The browser and the server say the same words: every refusal of a game, typed with
JavaScript (refused in the page) and without (refused by the server), shows the same
message beside the same field and the same summary. The limits come from the engine;
the tile calculator keeps its tiles when reopened, and Escape closes it."""

import json
import re
from pathlib import Path

import pytest
from django.test import Client
from playwright.sync_api import expect

from scoring.models import Game
from tournaments import engine

from .conftest import PASSWORD, login

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]

# (rack totals in seat order, how it ended, the named winner's seat index)
REFUSED = [
    (["-5", "0", "3", "4"], "", None),
    (["abc", "0", "3", "4"], "", None),
    (["789", "0", "3", "4"], "", None),
    (["", "0", "5", "9"], "", None),
    (["+5", "0", "0", "4"], "", None),
    (["4", "6", "5", "9"], "", None),
    (["4", "6", "5", "9"], "out", None),
    (["0", "6", "5", "9"], "exhausted", None),
    (["8", "6", "6", "9"], "exhausted", None),
    (["8", "6", "7", "9"], "exhausted", 3),
    (["0", "6", "7", "9"], "", 1),
    (["0", "300", "300", "200"], "", None),
    (["0", "300", "300", "200"], "exhausted", None),
]


def what_the_page_says(page) -> dict:
    return page.evaluate("""() => ({
        fields: Object.fromEntries([...document.querySelectorAll('form.game-form .field-error')]
            .map(e => [e.id, e.textContent.trim()])),
        summary: [...document.querySelectorAll('#game-errors:not([hidden]) li')]
            .map(e => e.textContent.trim()),
    })""")


def refuse(page, url, players, racks, ended, winner, javascript) -> dict:
    page.goto(url)
    for entrant, text in zip(players, racks, strict=True):
        page.fill(f"#id_rack_{entrant.pk}", text)
    if ended:
        page.check(f"#id_ended_{0 if ended == 'out' else 1}")
    if winner is not None:
        page.select_option("#id_winner", str(players[winner].pk))
    page.get_by_role("button", name="Save game 1").click()
    if javascript:
        expect(page.locator("#game-errors")).to_be_focused()
    else:
        page.wait_for_load_state()
    return what_the_page_says(page)


def test_the_page_and_the_server_refuse_in_the_same_words(browser, live_server, world):
    table = world.tables[0]
    players = world.seated(table)
    url = world.table_url(table, live_server.url)
    said = {}
    for javascript in (True, False):
        context = browser.new_context(
            java_script_enabled=javascript, viewport={"width": 390, "height": 844}
        )
        page = context.new_page()
        login(page, live_server.url, "sam")
        said[javascript] = [
            refuse(page, url, players, racks, ended, winner, javascript)
            for racks, ended, winner in REFUSED
        ]
        context.close()
    for case, in_page, from_server in zip(REFUSED, said[True], said[False], strict=True):
        assert in_page == from_server, case
        assert from_server["summary"], case  # each case is refused, and says why
    assert not Game.objects.filter(table=table).exists()
    by_case = dict(zip((tuple(c[0]) + (c[1],) for c in REFUSED), said[False], strict=True))
    first = f"id_rack_{players[0].pk}-error"
    assert by_case[("-5", "0", "3", "4", "")]["fields"][first] == (
        f"{players[0].name}: -5 is negative: a rack total is 0 or more."
    )
    assert by_case[("789", "0", "3", "4", "")]["fields"][first] == (
        f"{players[0].name}: 789 is more than any rack can hold: the largest possible rack "
        f"total is {engine.MAX_RACK_TOTAL} (every tile and both jokers)."
    )


def test_the_limits_come_from_the_engine(world):
    script = (ROOT / "static" / "js" / "scoring.js").read_text()
    assert str(engine.MAX_RACK_TOTAL) not in script
    assert not re.search(r"\b(30|13|106)\b", script)  # joker, tile numbers, tiles
    assert "is negative" not in script and "whole number" not in script  # the words too
    client = Client()
    assert client.login(username="sam", password=PASSWORD)
    page = client.get(world.table_url(world.tables[0])).content.decode()
    found = re.search(r'<script id="entry-rules" type="application/json">(.*?)</script>', page)
    rules = json.loads(found.group(1))
    assert rules["max_rack"] == engine.MAX_RACK_TOTAL == 788
    assert rules["joker"] == 30 and rules["copies"] == 2 and rules["jokers"] == 2
    assert rules["messages"]["negative"] == "{value} is negative: a rack total is 0 or more."


VIEWPORTS = [
    pytest.param({"width": 390, "height": 844}, id="phone"),
    pytest.param({"width": 820, "height": 1180}, id="tablet"),
    pytest.param({"width": 1366, "height": 768}, id="laptop"),
]


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_calculator_keeps_its_tiles_and_escape_closes_it(browser, live_server, world, viewport):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    login(page, live_server.url, "sam")
    page.goto(world.table_url(table, live_server.url))
    row = page.locator(".rack-row", has=page.locator(f"#id_rack_{b.pk}"))
    opener = row.get_by_role("button", name="Count tiles")
    calculator = page.locator(f"#id_rack_{b.pk}-calc")
    opener.click()
    red7 = calculator.locator("button[data-label='red 7']")
    red7.click()
    red7.click()
    calculator.locator("button[data-label='joker (30 points)']").click()
    expect(calculator.locator(".calc-total")).to_have_text("Total: 44")
    expect(red7).to_have_attribute("aria-disabled", "true")  # only two red 7s exist
    red7.click(force=True)  # a third tap counts nothing
    expect(calculator.locator(".calc-total")).to_have_text("Total: 44")
    red7.focus()
    page.keyboard.press("Escape")
    expect(calculator).to_be_hidden()
    expect(opener).to_be_focused()
    expect(opener).to_have_attribute("aria-expanded", "false")

    # Reopened: the same tiles, and the total can be used.
    opener.click()
    expect(calculator.locator(".calc-total")).to_have_text("Total: 44")
    expect(calculator.locator(".picked li")).to_have_count(3)
    calculator.get_by_role("button", name="Take off a joker").click()
    expect(calculator.locator(".calc-total")).to_have_text("Total: 14")
    page.keyboard.press("Escape")  # focus was on the removed tile: Escape still closes
    expect(calculator).to_be_hidden()
    expect(opener).to_be_focused()
    opener.click()
    calculator.get_by_role("button", name="Use this total").click()
    expect(page.locator(f"#id_rack_{b.pk}")).to_have_value("14")
    expect(page.locator(f"#id_rack_{b.pk}")).to_be_focused()
    context.close()


def test_withdrawn_and_disqualified_players_are_marked_on_the_entry_form(
    browser, live_server, world
):
    from tournaments import services
    from tournaments.models import Entrant

    table = world.tables[0]
    a, b, c, d = world.seated(table)
    services.entrants_withdraw(event=world.event, ids=[c.external_id])
    # Disqualification is set by the desk (another part); the status value exists.
    Entrant.objects.filter(pk=d.pk).update(status=Entrant.Status.DISQUALIFIED)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    login(page, live_server.url, "sam")
    page.goto(world.table_url(table, live_server.url))
    # Out of play: their name marked, and no box or tile counter for them.
    expect(page.get_by_text(f"Seat 3: {c.name} (withdrawn: no rack total needed)")).to_be_visible()
    expect(
        page.get_by_text(f"Seat 4: {d.name} (disqualified: no rack total needed)")
    ).to_be_visible()
    expect(page.locator(f"#id_rack_{c.pk}, #id_rack_{d.pk}")).to_have_count(0)
    expect(page.locator("table.scores tbody tr", has_text=d.name)).to_contain_text("(disqualified)")
    page.fill(f"#id_rack_{a.pk}", "0")
    page.fill(f"#id_rack_{b.pk}", "12")
    page.get_by_role("button", name="Save game 1").click()
    expect(page.get_by_text("Game 1 saved for table 1.")).to_be_visible()
    context.close()
