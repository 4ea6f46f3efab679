"""Impossible games are refused with the reason in words, next to the field or at the top
of the form: in the browser with JavaScript (nothing is sent), and without JavaScript
(the server says the same)."""

import pytest
from playwright.sync_api import expect

from scoring.models import Game, RackScore
from tournaments.models import Table

from .conftest import build_event, error_of, fill_game, login

pytestmark = pytest.mark.django_db(transaction=True)

MODES = [pytest.param(True, id="js"), pytest.param(False, id="no-js")]


def open_table(browser, live_server, url, javascript, username="sam"):
    context = browser.new_context(java_script_enabled=javascript)
    page = context.new_page()
    posts = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    login(page, live_server.url, username)
    posts.clear()
    page.goto(url)
    return context, page, posts


def save(page, number=1):
    page.get_by_role("button", name=f"Save game {number}").click()
    page.wait_for_load_state()


@pytest.mark.parametrize("javascript", MODES)
def test_impossible_games_are_explained(browser, live_server, world, javascript):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    context, page, posts = open_table(
        browser, live_server, world.table_url(table, live_server.url), javascript
    )
    calculator = page.get_by_role("button", name="Count tiles")
    if javascript:
        expect(calculator).to_have_count(4)
    else:
        expect(calculator).to_have_count(0)  # the calculator needs JavaScript; typing does not

    # Two players out.
    fill_game(page, {a: 0, b: 0, c: 5, d: 9})
    save(page)
    both = f"{a.name} and {b.name} both have 0: only one player can go out."
    expect(page.locator(f"#id_rack_{a.pk}-error")).to_have_text(both)
    assert error_of(page, b) == both
    assert error_of(page, c) == ""
    expect(page.locator(f"#id_rack_{a.pk}")).to_have_attribute("aria-invalid", "true")

    # 789: more than any rack can hold.
    fill_game(page, {a: 0, b: 789, c: 5, d: 9})
    save(page)
    expect(page.locator(f"#id_rack_{b.pk}-error")).to_contain_text(
        f"{b.name}: 789 is more than any rack can hold"
    )
    assert "788" in error_of(page, b)
    assert error_of(page, a) == ""
    expect(page.locator(f"#id_rack_{b.pk}")).to_have_value("789")  # what was typed stays

    # A player missing.
    fill_game(page, {a: 0, b: "", c: 5, d: 9})
    save(page)
    expect(page.locator(f"#id_rack_{b.pk}-error")).to_have_text(
        f"Enter {b.name}'s rack total (0 if out)."
    )
    assert error_of(page, a) == error_of(page, c) == error_of(page, d) == ""

    # Nobody out and no ending chosen: said at the top of the form.
    fill_game(page, {a: 4, b: 6, c: 5, d: 9})
    save(page)
    top = page.locator("[data-game-errors]")
    expect(top).to_be_visible()
    expect(top).to_contain_text("Nobody has 0, so nobody went out")
    expect(top).to_contain_text("Pool exhausted", ignore_case=True)

    assert not Game.objects.filter(table=table).exists()
    # With JavaScript, nothing went to the server; without, every save was refused there.
    assert len(posts) == (0 if javascript else 4)

    # Put right, the game saves.
    fill_game(page, {a: 4, b: 0, c: 5, d: 9})
    save(page)
    expect(page.get_by_text("Game 1 saved for table 1.")).to_be_visible()
    assert len(posts) == (1 if javascript else 5)
    assert dict(
        RackScore.objects.filter(game__table=table).values_list("entrant_id", "rack_total")
    ) == {a.pk: 4, b.pk: 0, c.pk: 5, d.pk: 9}
    context.close()


@pytest.mark.parametrize("javascript", MODES)
def test_sabra_winner_plus_must_balance(browser, live_server, django_user_model, javascript):
    event, division = build_event(
        "sabra-2026", name="Sabra Open", scoring="sabra", confirmation="none"
    )
    sam = django_user_model.objects.create_user(username="sam", password="tiles-and-racks-42")
    event.scorekeepers.add(sam)
    table = Table.objects.filter(round__division=division).order_by("number").first()
    a, b, c, d = [s.entrant for s in table.seats.select_related("entrant").order_by("number")]
    url = f"{live_server.url}/e/{event.slug}/tables/{table.pk}/"
    context, page, posts = open_table(browser, live_server, url, javascript)

    expect(page.get_by_label("Winner's plus, as written on the sheet")).to_be_visible()
    fill_game(page, {a: 0, b: 10, c: 20, d: 5})
    page.fill("#id_winner_plus", "30")
    save(page)
    expect(page.locator("#id_winner_plus-error")).to_have_text(
        "The points add up to -5, not 0: under Sabra scoring the winner's plus must equal "
        "the losers' minus. From the racks, the winner's plus is 35."
    )
    expect(page.locator("#id_winner_plus")).to_have_attribute("aria-invalid", "true")
    assert not Game.objects.filter(table=table).exists()
    assert len(posts) == (0 if javascript else 1)

    page.fill("#id_winner_plus", "35")
    save(page)
    expect(page.get_by_text("Game 1 saved for table 1.")).to_be_visible()
    # Sabra points: the winner +35, each loser minus their rack.
    totals = page.locator("table tbody tr td.total").all_inner_texts()
    assert totals == ["35", "-10", "-20", "-5"]
    context.close()
