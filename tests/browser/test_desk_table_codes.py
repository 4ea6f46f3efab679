"""Table codes at the desk: the organizer sees each table's code, what
the players entered and confirmed with it, and gives a table a new code (asked first; the
old code opens nothing at once; sent again it says "already done"); nobody else may; on a
390 px phone and a 1280 px laptop, axe clean, tap targets and text large enough."""

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from scoring.models import ScoreChange
from tournaments import services
from tournaments.models import Round, TableCode
from tournaments.selectors import CODE_REVOKED, clock_time, table_code_find

from .conftest import SCREENSHOTS, axe_violations, login, play_games
from .helpers_sizes import assert_sizes


def _players_on(world):
    services.event_configure(event=world.event, score_entry="players")
    world.event.refresh_from_db()


def _live(table) -> str:
    return TableCode.objects.get(table=table, revoked_at__isnull=True).code


def _urls(world, table=None):
    base = f"/e/{world.event.slug}/desk/divisions/{world.division.pk}"
    return {
        "page": f"{base}/codes/",
        "division": f"{base}/",
        "new": f"{base}/codes/{(table or world.tables[0]).pk}/new/",
    }


def _organizer(world) -> Client:
    client = Client()
    client.force_login(world.users["organizer"])
    return client


def _player_line(world, table, game, who, code, *, action, minutes_ago):
    """An audit line as the players' page writes it (scoring.services AtTable): the player
    of that name seated at the table, the code, and the English label."""
    player = next(s.entrant for s in table.seats.select_related("entrant") if s.entrant.name == who)
    ScoreChange.objects.create(
        division=world.division,
        round_number=1,
        table_number=table.number,
        game_number=game,
        action=action,
        after={},
        actor=None,
        actor_label=f"{who} at the table (code {code})",
        at_table_player=player,
        at_table_code=code,
        at=timezone.now() - datetime.timedelta(minutes=minutes_ago),
    )


# ------------------------------------------------------------------ pages, no browser


@pytest.mark.django_db
@pytest.mark.parametrize("role", ["anonymous", "scorekeeper", "other_organizer"])
def test_only_the_events_organizer_sees_codes_or_gives_a_new_one(world, role):
    _players_on(world)
    client = Client()
    if role != "anonymous":
        client.force_login(world.users[role])
    urls = _urls(world)
    before = _live(world.tables[0])
    expected = 401 if role == "anonymous" else 403
    shown = client.get(urls["page"])
    if role == "anonymous":  # asked to sign in
        assert shown.status_code == 302 and shown["Location"].startswith("/login/")
    else:
        assert shown.status_code == 403
    answer = client.post(urls["new"], {"code": before, "confirmed": "yes"})
    assert answer.status_code == expected
    assert _live(world.tables[0]) == before
    assert TableCode.objects.filter(revoked_at__isnull=False).count() == 0
    # The division page offers no link to them either (the scorekeeper has no desk).
    if role == "scorekeeper":
        assert client.get(urls["division"]).status_code == 403


@pytest.mark.django_db
def test_the_page_lists_each_tables_code_and_the_setting(world):
    client, urls = _organizer(world), _urls(world)
    page = client.get(urls["division"]).content.decode()
    assert 'id="table-codes-link"' not in page  # scorekeepers only: no codes
    _players_on(world)
    page = client.get(urls["division"]).content.decode()
    assert 'id="table-codes-link"' in page and urls["page"] in page
    page = client.get(urls["page"]).content.decode()
    assert "Table codes — Open, round 1" in page
    assert "Who enters scores at this event:" in page
    assert "Players at the table (with the table" in page
    for table in world.tables:
        assert f'id="table-{table.number}"' in page
        assert _live(table) in page
    assert page.count("Give table ") == len(world.tables)
    assert "No entry by players yet." in page


@pytest.mark.django_db
def test_new_code_asks_first_then_replaces_the_code_and_the_old_one_opens_nothing(world):
    _players_on(world)
    client, urls = _organizer(world), _urls(world)
    table = world.tables[0]
    old = _live(table)
    asked = client.post(urls["new"], {"code": old, "reason": "sheet photographed"})
    page = asked.content.decode()
    assert asked.status_code == 200
    assert "A new code for table 1 (Open, round 1)?" in page
    assert f"The code {old} stops working at once" in page
    assert "Reason: sheet photographed" in page
    assert 'name="confirmed" value="yes"' in page and 'value="sheet photographed"' in page
    assert _live(table) == old  # nothing yet
    done = client.post(
        urls["new"], {"code": old, "reason": "sheet photographed", "confirmed": "yes"}, follow=True
    )
    new = _live(table)
    assert new != old
    page = done.content.decode()
    assert f"New code for table 1 (Open, round 1): {new}." in page
    assert table_code_find(old).refusal == CODE_REVOKED
    assert table_code_find(new).table == table
    revoked = TableCode.objects.get(code=old)
    assert revoked.revoked_by == world.users["organizer"]
    assert revoked.revoked_reason == "sheet photographed"
    assert "replaces a code revoked by olive: “sheet photographed”" in page
    # The other table keeps its code.
    assert TableCode.objects.filter(table=world.tables[1]).count() == 1


@pytest.mark.django_db
def test_a_second_tap_or_back_and_resend_says_already_done(world):
    _players_on(world)
    client, urls = _organizer(world), _urls(world)
    table = world.tables[0]
    old = _live(table)
    client.post(urls["new"], {"code": old, "confirmed": "yes"})
    new = _live(table)
    issued = TableCode.objects.get(code=new).issued_at
    # As the page says it ("5:07 pm"): the one format of times (clock_time).
    at = clock_time(issued)
    for data in ({"code": old, "confirmed": "yes"}, {"code": old}):  # resent; asked again
        again = client.post(urls["new"], data, follow=True)
        page = again.content.decode()
        assert again.status_code == 200
        assert (
            f"This was already done: table 1 (Open, round 1) has had the new code {new} since"
            in page
        )
        assert f"since {at}." in page
        assert 'class="error"' not in page
    assert _live(table) == new
    assert TableCode.objects.filter(table=table).count() == 2


@pytest.mark.django_db
def test_a_closed_round_offers_no_new_code_and_refuses_one(world):
    from scoring import services as scoring

    from .conftest import CLEAR_GAMES

    _players_on(world)
    table = world.tables[0]
    old = _live(table)
    for t in world.tables:
        play_games(t, CLEAR_GAMES, user=world.users["organizer"])
    scoring.division_advance(division=world.division)
    client, urls = _organizer(world), _urls(world, table)
    page = client.get(urls["page"] + "?round=1").content.decode()
    assert "Round 1 is over: its codes open nothing any more." in page
    assert "Give table" not in page and old not in page
    refused = client.post(urls["new"], {"code": old, "confirmed": "yes"}, follow=True)
    assert "Round 1 of Open is over: its table codes open nothing any more." in (
        refused.content.decode()
    )
    assert TableCode.objects.filter(revoked_at__isnull=False).count() == 0
    # The current round (the final) has its own codes, listed by default.
    final = world.division.rounds.current()
    page = client.get(urls["page"]).content.decode()
    assert f"Table codes — Open, round {final.number}" in page
    for t in final.tables.all():
        assert _live(t) in page


@pytest.mark.django_db
def test_scorekeepers_only_says_the_codes_open_nothing(world):
    _players_on(world)
    services.event_configure(event=world.event, score_entry="scorekeepers")
    client, urls = _organizer(world), _urls(world)
    page = client.get(urls["page"]).content.decode()
    assert "Scorekeepers only" in page
    assert "Players cannot enter scores now: their table codes open nothing." in page
    assert "Give table" not in page
    for data in (
        {"code": _live(world.tables[0]), "confirmed": "yes"},
        {"code": _live(world.tables[0])},
    ):
        refused = client.post(urls["new"], data, follow=True)
        page = refused.content.decode()
        assert "A new code for" not in page  # not asked: refused at once
        assert "entered by scorekeepers only: its tables have no codes" in page
    assert TableCode.objects.filter(revoked_at__isnull=False).count() == 0


@pytest.mark.django_db
def test_which_tables_entered_what(world):
    _players_on(world)
    first, second = world.tables
    code = _live(first)
    names = [s.entrant.name for s in first.seats.select_related("entrant").order_by("number")]
    _player_line(world, first, 1, names[0], code, action="entered", minutes_ago=30)
    _player_line(world, first, 1, names[1], code, action="confirmed", minutes_ago=29)
    _player_line(world, first, 2, names[2], code, action="entered", minutes_ago=3)
    # A scorekeeper's entry is not the players'.
    ScoreChange.objects.create(
        division=world.division,
        round_number=1,
        table_number=second.number,
        game_number=1,
        action="entered",
        after={},
        actor=world.users["scorekeeper"],
        actor_label="sam",
    )
    page = _organizer(world).get(_urls(world)["page"]).content.decode()
    card = page[page.index('id="table-1"') : page.index('id="table-2"')]
    assert f"Game 1: entered by {names[0]} at" in card
    assert f"Game 1: confirmed by {names[1]} at" in card
    assert f"Game 2: entered by {names[2]} at" in card
    assert f"Last entry by a player: {names[2]}, game 2, at" in card
    other = page[page.index('id="table-2"') :]
    assert "No entry by players yet." in other and "sam" not in other


# ------------------------------------------------------------------ Chromium


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("width", [390, 1280])
def test_the_codes_page_and_new_code_in_chromium_screenshot(page, live_server, world, width):
    page.set_viewport_size({"width": width, "height": 844 if width == 390 else 720})
    _players_on(world)
    Round.objects.filter(division=world.division).update(status=Round.Status.IN_PLAY)
    first = world.tables[0]
    old = _live(first)
    names = [s.entrant.name for s in first.seats.select_related("entrant").order_by("number")]
    _player_line(world, first, 1, names[0], old, action="entered", minutes_ago=12)
    _player_line(world, first, 1, names[1], old, action="confirmed", minutes_ago=11)
    login(page, live_server.url, "olive")
    page.goto(f"{live_server.url}{_urls(world)['division']}")
    page.get_by_role("link", name="Table codes and what players entered").click()
    page.wait_for_url("**/codes/")
    card = page.locator("#table-1")
    expect(card.locator("[data-code]")).to_have_text(old)
    expect(card.locator("[data-last-entry]")).to_contain_text(
        f"Last entry by a player: {names[1]}, game 1"
    )
    assert axe_violations(page) == []
    assert_sizes(page, f"codes page {width}")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"desk-table-codes-{width}.png"), full_page=True)

    card.get_by_text("New code for table 1…").click()
    card.get_by_label("Why (optional, kept in the record)").fill("sheet lost")
    assert_sizes(page, f"codes page, new code open {width}")
    card.get_by_role("button", name="Give table 1 a new code…").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "A new code for table 1 (Open, round 1)?"
    )
    assert axe_violations(page) == []
    page.get_by_role("button", name="Yes, give table 1 a new code").click()
    page.wait_for_url("**/codes/?round=1")
    new = _live(first)
    assert new != old
    expect(page.locator(".messages .success")).to_contain_text("New code for table 1")
    expect(page.locator("#table-1 [data-code]")).to_have_text(new)
    expect(page.locator("#table-2 [data-code]")).to_have_text(_live(world.tables[1]))
    # Back to the confirm page and its button again: already done, the newer code stands.
    page.go_back()
    page.get_by_role("button", name="Yes, give table 1 a new code").click()
    expect(page.locator(".messages .success")).to_contain_text("This was already done")
    assert _live(first) == new
    assert axe_violations(page) == []


@pytest.mark.django_db
def test_entries_made_through_the_players_page_service_show_at_the_desk(world):
    """The audit lines the players' page writes (scoring.services.AtTable) are read back:
    who entered, who confirmed, which game, when; a scorekeeper's save is not listed."""
    from scoring import services as scoring
    from scoring.models import Game

    world.event.confirmation = "second-person"
    _players_on(world)
    first, second = world.tables
    code = _live(first)
    seated = [s.entrant for s in first.seats.select_related("entrant").order_by("number")]
    scoring.game_record(
        table=first,
        number=1,
        user=None,
        racks=dict(zip(seated, [0, 10, 20, 30], strict=True)),
        at_table=scoring.AtTable(seated[0], code, "192.168.1.41"),
    )
    game = Game.objects.get(table=first, number=1)
    scoring.game_confirm(
        game=game, user=None, at_table=scoring.AtTable(seated[1], code, "192.168.1.42")
    )
    others = [s.entrant for s in second.seats.select_related("entrant").order_by("number")]
    scoring.game_record(
        table=second,
        number=1,
        user=world.users["scorekeeper"],
        racks=dict(zip(others, [0, 10, 20, 30], strict=True)),
    )
    page = _organizer(world).get(_urls(world)["page"]).content.decode()
    card = page[page.index('id="table-1"') : page.index('id="table-2"')]
    assert f"Game 1: entered by {seated[0].name} at" in card
    assert f"Game 1: confirmed by {seated[1].name} at" in card
    assert f"Last entry by a player: {seated[1].name}, game 1, at" in card
    assert "No entry by players yet." in page[page.index('id="table-2"') :]


@pytest.mark.django_db
def test_the_sheets_qr_code_opens_the_players_page_of_its_table(world, settings):
    from printing.selectors import score_sheets_data

    settings.BASE_URL = "http://testserver"
    _players_on(world)
    data = score_sheets_data(world.event, world.division)
    for lines, table in zip(data.tables, world.tables, strict=True):
        path = lines.score_url.removeprefix("http://testserver")
        assert path == reverse("players:table", args=[_live(table)])
        answer = Client().get(path, follow=True)
        assert answer.status_code == 200
        page = answer.content.decode()
        for seat in table.seats.select_related("entrant"):
            assert seat.entrant.name in page
    assert data.tables[0].code_address == "testserver" + reverse("players:enter")


@pytest.mark.django_db(transaction=True)
def test_the_codes_page_shows_new_entries_by_itself_keeping_what_is_typed(page, live_server, world):
    """Every 10 s the list is read again (htmx): a game players entered meanwhile shows;
    a "New code" opened with its reason typed stays open, the reason kept."""
    page.set_viewport_size({"width": 390, "height": 844})
    _players_on(world)
    first = world.tables[0]
    code = _live(first)
    login(page, live_server.url, "olive")
    page.goto(f"{live_server.url}{_urls(world)['page']}")
    card = page.locator("#table-1")
    expect(card.locator("[data-last-entry]")).to_have_text("No entry by players yet.")
    card.get_by_text("New code for table 1…").click()
    card.get_by_label("Why (optional, kept in the record)").fill("sheet lost")
    name = first.seats.select_related("entrant").order_by("number")[0].entrant.name
    _player_line(world, first, 1, name, code, action="entered", minutes_ago=0)
    expect(card.locator("[data-last-entry]")).to_contain_text(
        f"Last entry by a player: {name}, game 1", timeout=20_000
    )
    expect(card.get_by_label("Why (optional, kept in the record)")).to_have_value("sheet lost")
    expect(card.get_by_role("button", name="Give table 1 a new code…")).to_be_visible()
