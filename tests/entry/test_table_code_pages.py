"""The players' table page opened with a table's code: choose
your name, enter, another player confirms; and every refusal — another table, another
round, the desk, corrections and penalties, a closed round, a revoked code, the setting
off, a name not at the table, and guessing (throttled per address, in the database)."""

import datetime
import json
import logging
import uuid

import pytest
from django.test import Client
from django.utils import timezone

from scoring.models import Game, Penalty, ScoreChange
from tests.factories import seated, seated_division
from tests.helpers import organizer_client
from tournaments import services
from tournaments.models import Round, Table, TableCodeAttempt
from tournaments.selectors import table_code_live

pytestmark = pytest.mark.django_db


@pytest.fixture
def hall():
    division = seated_division(8, score_entry="players", confirmation="second-person")
    tables = list(Table.objects.filter(round__division=division).order_by("number"))
    return division, tables


def code_of(table) -> str:
    return table_code_live(table).code


def as_player(client, table, entrant):
    response = client.post(f"/t/{code_of(table)}/me/", {"player": entrant.pk})
    assert response.status_code == 302
    return response


def game_post(table, values, number=1, **more):
    data = {"game": number, "version": 0, **more}
    for entrant, value in zip(seated(table), values, strict=True):
        data[f"rack_{entrant.pk}"] = value
    return data


def test_typing_a_code_opens_that_table_and_asks_who_you_are(hall):
    _division, (table, _other) = hall
    code = code_of(table)
    client = Client()
    typed = f" {code[:3].lower()}-{code[3:].lower()} "
    response = client.get("/t/", {"code": typed})
    assert response.status_code == 302 and response["Location"] == f"/t/{code}/"
    page = client.get(f"/t/{code}/")
    text = page.content.decode()
    assert "Who are you? Tap your name." in text
    # The title is the words alone: no stray markup such as "</div>" for a screen reader to read.
    assert f"<title>Table {table.number}: who are you?</title>" in text
    for entrant in seated(table):
        assert entrant.name in text
    assert client.get("/t/").status_code == 200


def test_players_enter_and_another_player_confirms(hall):
    _division, (table, _other) = hall
    ann, bo = seated(table)[:2]
    code = code_of(table)
    client = Client(REMOTE_ADDR="192.0.2.44")
    as_player(client, table, ann)
    page = client.get(f"/t/{code}/").content.decode()
    assert f'You are <strong dir="auto">{ann.name}</strong>' in page
    assert "Game 1: enter each player's rack total" in page
    saved = client.post(f"/t/{code}/", game_post(table, ["0", "5", "9", "12"]))
    assert saved.status_code == 302
    game = Game.objects.get(table=table, number=1)
    assert game.entered_by_player == ann and not game.confirmed
    # Ann sees her own entry waiting for another player; no "These are right" for her.
    page = client.get(f"/t/{code}/").content.decode()
    assert "Another player at the table must check these." in page
    assert 'class="confirm"' not in page  # no "These are right" button for her
    # A confirmation sent by Ann anyway (another tab, a crafted request) is refused.
    refused = client.post(f"/t/{code}/games/1/confirm/", {"version": game.version}, follow=True)
    assert "Another player at the table must check these" in refused.content.decode()
    assert not Game.objects.get(pk=game.pk).confirmed
    # Bo taps his name on the same tablet and confirms.
    as_player(client, table, bo)
    page = client.get(f"/t/{code}/").content.decode()
    assert (
        'class="confirm">These are right' in page
        and f'Entered by <span dir="auto">{ann.name}</span>.' in page
    )
    done = client.post(f"/t/{code}/games/1/confirm/", {"version": game.version})
    assert done.status_code == 302
    game.refresh_from_db()
    assert game.confirmed_by_player == bo
    lines = list(ScoreChange.objects.order_by("id").values_list("action", "actor_label", "address"))
    assert lines == [
        ("entered", f"{ann.name} at the table (code {code})", "192.0.2.44"),
        ("confirmed", f"{bo.name} at the table (code {code})", "192.0.2.44"),
    ]
    # The scorekeepers' page names the players too.
    assert "Game 2: enter" in client.get(f"/t/{code}/").content.decode()


def test_a_wrong_game_is_refused_with_the_same_checks_and_words(hall):
    _division, (table, _other) = hall
    code = code_of(table)
    client = Client()
    as_player(client, table, seated(table)[0])
    page = client.post(f"/t/{code}/", game_post(table, ["0", "0", "9", "12"]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Game 1 is not saved yet" in text
    assert 'value="9"' in text  # what was typed is kept
    assert not Game.objects.exists()


def test_nothing_is_saved_before_a_name_is_chosen(hall):
    _division, (table, _other) = hall
    code = code_of(table)
    client = Client()
    client.get(f"/t/{code}/")
    response = client.post(f"/t/{code}/", game_post(table, ["0", "5", "9", "12"]))
    assert response.status_code == 302 and "who=1" in response["Location"]
    queued = client.post(
        f"/t/{code}/",
        game_post(table, ["0", "5", "9", "12"], save_key=str(uuid.uuid4())),
        headers={"X-Queued-Save": "1"},
    )
    assert queued.status_code == 422 and "Choose your name first" in queued.json()["message"]
    assert not Game.objects.exists()


def test_the_code_opens_no_other_table_round_or_page(hall):
    division, (table, other) = hall
    code = code_of(table)
    client = Client()
    as_player(client, table, seated(table)[0])
    # A name from another table is refused.
    refused = client.post(f"/t/{code}/me/", {"player": seated(other)[0].pk})
    assert refused.status_code == 400
    assert "Choose one of the names at this table." in refused.content.decode()
    # A game naming another table's players is refused (the table's racks are missing).
    data = {"game": 1, "version": 0}
    for entrant, value in zip(seated(other), ["0", "5", "9", "12"], strict=True):
        data[f"rack_{entrant.pk}"] = value
    assert client.post(f"/t/{code}/", data).status_code == 200
    assert not Game.objects.exists()
    # A game the round does not have.
    assert client.post(f"/t/{code}/", game_post(table, ["0", "5", "9", "12"], 4)).status_code == 404
    assert client.post(f"/t/{code}/games/4/confirm/", {"version": 1}).status_code == 404
    # Nothing else of the site: another table's pages, the desk, corrections, penalties.
    slug = division.event.slug
    for url in (
        f"/e/{slug}/tables/{other.pk}/",
        f"/e/{slug}/tables/{table.pk}/",
        f"/e/{slug}/score/",
        f"/e/{slug}/desk/",
        f"/e/{slug}/print/",
    ):
        assert client.get(url).status_code == 302, url  # to the sign-in page
    for url, data in (
        (f"/e/{slug}/tables/{other.pk}/", game_post(other, ["0", "5", "9", "12"])),
        (f"/e/{slug}/tables/{table.pk}/games/1/confirm/", {"version": 1}),
        (
            f"/e/{slug}/tables/{table.pk}/games/1/correct/",
            {"entrant": seated(table)[0].pk, "rack_total": 3, "reason": "x"},
        ),
        (
            f"/e/{slug}/tables/{table.pk}/penalty/",
            {"entrant": seated(table)[0].pk, "points": 5, "reason": "late"},
        ),
    ):
        assert client.post(url, data).status_code == 401, url
    assert not Game.objects.exists() and not Penalty.objects.exists()
    # The other table's code is not this one's: that table asks its own players' names.
    other_page = client.get(f"/t/{code_of(other)}/").content.decode()
    assert seated(other)[0].name in other_page and seated(table)[0].name not in other_page


def test_a_closed_round_a_revoked_code_and_the_setting_off_open_nothing(hall):
    division, (table, other) = hall
    code, other_code = code_of(table), code_of(other)
    client = Client()
    as_player(client, table, seated(table)[0])
    new = services.table_code_reissue(table=table)
    revoked = client.get(f"/t/{code}/")
    assert revoked.status_code == 410 and "gave table" in revoked.content.decode()
    assert client.get(f"/t/{new.code}/").status_code == 200
    services.event_configure(event=division.event, score_entry="scorekeepers")
    off = client.get(f"/t/{new.code}/")
    assert off.status_code == 403 and "scorekeepers enter the scores" in off.content.decode()
    services.event_configure(event=division.event, score_entry="players")
    Round.objects.filter(division=division).update(status=Round.Status.CLOSED)
    over = client.get(f"/t/{other_code}/")
    assert over.status_code == 410
    assert "Round 1 of Open is over" in over.content.decode()
    closed_post = client.post(f"/t/{new.code}/", game_post(table, ["0", "5", "9", "12"]))
    assert closed_post.status_code == 410
    assert not Game.objects.exists()
    # None of these is a guess.
    assert not TableCodeAttempt.objects.exists()


def test_guessing_is_throttled_per_address_and_logged(hall, settings, caplog):
    settings.TABLE_CODE_WRONG_ALLOWED = 3
    settings.TABLE_CODE_WINDOW = datetime.timedelta(minutes=5)
    _division, (table, other) = hall
    player = Client(REMOTE_ADDR="198.51.100.9")
    as_player(player, table, seated(table)[0])  # this device opened its table before
    guesser = Client(REMOTE_ADDR="198.51.100.9")
    caplog.set_level(logging.WARNING)
    for guess in ("AAAAAA", "BBBBBB", "CCCCCC"):
        assert guesser.get("/t/", {"code": guess}).status_code == 404
    assert "Wrong table code 'AAAAAA' from 198.51.100.9" in caplog.text
    # The next wrong code waits; the page says how long, plainly, and that a right code
    # opens at once.
    waiting = guesser.get("/t/", {"code": "DDDDDD"})
    assert waiting.status_code == 429 and int(waiting["Retry-After"]) <= 300
    assert "checked again in 5 minutes" in waiting.content.decode()
    assert "a right code opens at once" in waiting.content.decode()
    assert "too many wrong codes" in caplog.text
    # A right code opens from the held address: a new phone of the same hall gets in.
    newcomer = Client(REMOTE_ADDR="198.51.100.9")
    assert newcomer.get(f"/t/{code_of(other)}/").status_code == 200
    # Another address is not held; the device that opened its table goes on.
    assert Client(REMOTE_ADDR="203.0.113.5").get("/t/", {"code": "EEEEEE"}).status_code == 404
    page = player.post(f"/t/{code_of(table)}/", game_post(table, ["0", "5", "9", "12"]))
    assert page.status_code == 302 and Game.objects.count() == 1
    # Stored in the database: five minutes later the address is answered plainly again.
    earlier = timezone.now() - datetime.timedelta(minutes=6)
    TableCodeAttempt.objects.update(at=earlier)
    assert guesser.get("/t/", {"code": "FFFFFF"}).status_code == 404


def test_the_offline_queue_sends_a_players_game_once(hall):
    _division, (table, _other) = hall
    code = code_of(table)
    client = Client()
    as_player(client, table, seated(table)[0])
    key = str(uuid.uuid4())
    data = game_post(table, ["0", "5", "9", "12"], save_key=key)
    first = client.post(f"/t/{code}/", data, headers={"X-Queued-Save": "1"})
    again = client.post(f"/t/{code}/", data, headers={"X-Queued-Save": "1"})
    assert json.loads(first.content)["status"] == "saved"
    assert json.loads(again.content)["status"] == "already"
    assert Game.objects.count() == 1 and ScoreChange.objects.count() == 1
    assert ScoreChange.objects.get().save_key == key


def test_find_my_table_offers_the_code_box_only_when_players_enter_scores(hall):
    division, (table, _other) = hall
    page = Client().get(f"/p/{division.event.slug}/find/").content.decode()
    assert 'action="/t/"' in page and "Table code (6 letters and numbers)" in page
    services.event_configure(event=division.event, score_entry="scorekeepers")
    assert 'action="/t/"' not in Client().get(f"/p/{division.event.slug}/find/").content.decode()


def test_a_queued_save_for_a_round_now_over_is_answered_in_words(hall):
    division, (table, _other) = hall
    code = code_of(table)
    client = Client()
    as_player(client, table, seated(table)[0])
    Round.objects.filter(division=division).update(status=Round.Status.CLOSED)
    answer = client.post(
        f"/t/{code}/",
        game_post(table, ["0", "5", "9", "12"], save_key=str(uuid.uuid4())),
        headers={"X-Queued-Save": "1"},
    )
    assert answer.status_code == 422 and "This round is over" in answer.json()["message"]


def test_the_players_page_speaks_the_events_language_unless_the_visitor_chose(hall):
    division, (table, _other) = hall
    division.event.language = "fr"
    division.event.save(update_fields=["language"])
    client = Client(headers={"accept-language": "en-US,en;q=0.9"})
    page = client.get(f"/t/{code_of(table)}/").content.decode()
    assert '<html lang="fr">' in page and "Qui êtes-vous\u202f? Touchez votre nom." in page
    client.cookies["django_language"] = "es"
    page = client.get(f"/t/{code_of(table)}/").content.decode()
    assert "¿Quién es usted? Toque su nombre." in page


def test_a_refused_code_of_a_known_table_speaks_the_events_language(hall):
    """A known table's refusals ("This round is over", "This code is no longer used") are
    in the event's language; an unknown code names no event: the visitor's language."""
    division, (table, other) = hall
    division.event.language = "fr"
    division.event.save(update_fields=["language"])
    old = code_of(table)
    services.table_code_reissue(table=table)
    client = Client(headers={"accept-language": "en-US,en;q=0.9"})
    revoked = client.get(f"/t/{old}/").content.decode()
    assert '<html lang="fr">' in revoked and "n&#x27;est plus utilisé" in revoked
    typed = client.get("/t/", {"code": old}).content.decode()
    assert "n&#x27;est plus utilisé" in typed
    unknown = client.get("/t/", {"code": "XXXXXX"}).content.decode()
    assert '<html lang="en">' in unknown and "No table has this code" in unknown
    other_code = code_of(other)
    Round.objects.filter(division=division).update(status=Round.Status.CLOSED)
    over = client.get(f"/t/{other_code}/").content.decode()
    assert "Cette manche est terminée" in over
    client.cookies["django_language"] = "es"  # the visitor chose: their language
    assert "This round is over" not in client.get(f"/t/{other_code}/").content.decode()
    assert "Ce code" not in client.get(f"/t/{old}/").content.decode()


def test_with_players_only_a_scorekeeper_may_not_enter_but_an_organizer_may(hall):
    division, (table, _other) = hall
    event = division.event
    from tests.factories import UserFactory

    sam, olive = UserFactory(username="sam"), UserFactory(username="olive")
    event.scorekeepers.add(sam)
    event.organizers.add(olive)
    keeper = Client()
    keeper.force_login(sam)
    url = f"/e/{event.slug}/tables/{table.pk}/"
    page = keeper.get(url).content.decode()
    assert "the players enter and check the scores at their table" in page
    assert "Save game 1" not in page
    refused = keeper.post(url, game_post(table, ["0", "5", "9", "12"]), follow=True)
    assert "the players enter and check the scores" in refused.content.decode()
    queued = keeper.post(
        url,
        game_post(table, ["0", "5", "9", "12"], save_key=str(uuid.uuid4())),
        headers={"X-Queued-Save": "1"},
    )
    assert queued.status_code == 422
    assert not Game.objects.exists()
    # A player's entry: the scorekeeper cannot confirm it here either.
    players = Client()
    as_player(players, table, seated(table)[0])
    players.post(f"/t/{code_of(table)}/", game_post(table, ["0", "5", "9", "12"]))
    game = Game.objects.get()
    keeper.post(f"{url}games/1/confirm/", {"version": game.version})
    assert not Game.objects.get().confirmed
    # "Both": the scorekeeper may; an organizer always may.
    services.event_configure(event=event, score_entry="both")
    keeper.post(f"{url}games/1/confirm/", {"version": game.version})
    assert Game.objects.get().confirmed_by == sam
    services.event_configure(event=event, score_entry="players")
    boss = Client()
    boss.force_login(olive)
    assert "Save game 2" in boss.get(url).content.decode()
    assert boss.post(url, game_post(table, ["5", "0", "9", "12"], 2)).status_code == 302
    assert Game.objects.filter(number=2, entered_by=olive).exists()


def test_without_a_second_person_the_next_game_follows_at_once():
    division = seated_division(8, score_entry="players")
    table = Table.objects.filter(round__division=division).order_by("number").first()
    client = Client()
    as_player(client, table, seated(table)[0])
    client.post(f"/t/{code_of(table)}/", game_post(table, ["0", "5", "9", "12"]))
    page = client.get(f"/t/{code_of(table)}/").content.decode()
    assert "Game 2: enter each player's rack total" in page
    assert 'class="confirm"' not in page


def test_the_organizer_sees_the_devices_address_in_the_tables_audit_trail(hall):
    division, (table, _other) = hall
    from tests.factories import UserFactory

    olive, sam = UserFactory(username="olive"), UserFactory(username="sam")
    division.event.organizers.add(olive)
    division.event.scorekeepers.add(sam)
    player = Client(REMOTE_ADDR="192.0.2.81")
    as_player(player, table, seated(table)[0])
    player.post(f"/t/{code_of(table)}/", game_post(table, ["0", "5", "9", "12"]))
    url = f"/e/{division.event.slug}/tables/{table.pk}/"
    line = f"{seated(table)[0].name} at the table (code {code_of(table)})"
    boss = Client()
    boss.force_login(olive)
    page = boss.get(url).content.decode()
    assert f'<span dir="auto">{line}</span> (from 192.0.2.81):' in page
    assert f'Entered by <span dir="auto">{seated(table)[0].name}</span> at the table' in page
    keeper = Client()
    keeper.force_login(sam)
    page = keeper.get(url).content.decode()
    assert f'<span dir="auto">{line}</span>:' in page and "192.0.2.81" not in page


def test_a_save_and_a_confirmation_at_the_table_build_no_sheet(hall, django_assert_max_num_queries):
    """The players' save reads what the scorekeepers' save reads (the form's seats and
    games, the locks, the write), plus the code, the session and the player: no totals,
    no audit trail, nothing about the division."""
    _division, (table, _other) = hall
    code = code_of(table)
    client = Client()
    as_player(client, table, seated(table)[0])
    client.get(f"/t/{code}/")
    data = game_post(table, ["0", "5", "9", "12"])
    with django_assert_max_num_queries(17) as save:
        assert client.post(f"/t/{code}/", data).status_code == 302
    as_player(client, table, seated(table)[1])
    version = Game.objects.get().version
    with django_assert_max_num_queries(17) as confirm:
        done = client.post(f"/t/{code}/games/1/confirm/", {"version": version})
        assert done.status_code == 302
    for queries in (save, confirm):
        text = " ".join(q["sql"] for q in queries.captured_queries)
        assert "scoring_penalty" not in text and "scoring_tiebreakdecision" not in text


def test_the_next_round_has_new_codes_and_the_old_one_says_the_round_is_over(hall):
    from scoring import services as scoring
    from tests.factories import enter

    division, tables = hall
    for table in tables:
        for number, racks in enumerate([[0, 10, 20, 30], [12, 0, 25, 31], [9, 14, 0, 40]], 1):
            enter(table, number, racks)
    old = code_of(tables[0])
    result = scoring.division_advance(division=division)
    final = Table.objects.get(round=result.seated)
    new = code_of(final)
    assert new not in {code_of(t) for t in tables}
    client = Client()
    over = client.get(f"/t/{old}/")
    assert over.status_code == 410 and "Round 1 of Open is over" in over.content.decode()
    page = client.get(f"/t/{new}/").content.decode()
    assert "Open, round 2" in page
    assert not TableCodeAttempt.objects.exists()


def test_a_save_sent_by_the_pages_script_to_a_round_now_over_opens_the_page_that_says_so(hall):
    division, (table, _other) = hall
    code = code_of(table)
    client = Client()
    as_player(client, table, seated(table)[0])
    Round.objects.filter(division=division).update(status=Round.Status.CLOSED)
    answer = client.post(
        f"/t/{code}/", game_post(table, ["0", "5", "9", "12"]), headers={"HX-Request": "true"}
    )
    assert answer.status_code == 410 and answer["HX-Redirect"] == f"/t/{code}/"
    assert "This round is over" in client.get(answer["HX-Redirect"]).content.decode()


def test_the_desk_says_per_table_done_waiting_for_a_check_and_last_score(hall):
    """The Table codes page says which tables are done and how long since their last score,
    and the division page never calls a table "done" while its games still wait for a
    player's check."""
    from tests.factories import UserFactory

    division, (table, other) = hall
    olive = UserFactory(username="olive")
    division.event.organizers.add(olive)
    desk = Client()
    desk.force_login(olive)
    code = code_of(table)
    ann, bo = seated(table)[:2]
    client = Client()
    as_player(client, table, ann)
    games = [["0", "5", "9", "12"], ["7", "0", "3", "20"], ["4", "8", "0", "15"]]
    for number, values in enumerate(games, start=1):
        saved = client.post(f"/t/{code}/", game_post(table, values, number=number))
        assert saved.status_code == 302

    codes_url = f"/e/{division.event.slug}/desk/divisions/{division.pk}/codes/"
    page = desk.get(codes_url).content.decode()
    mine = page[page.index('id="table-1"') : page.index('id="table-2"')]
    assert "3 of 3 games in — 3 games waiting for a check" in mine
    assert "last score just now" in mine and "done" not in mine
    theirs = page[page.index('id="table-2"') :]
    assert "0 of 3 games in" in theirs and "waiting for a check" not in theirs
    division_page = desk.get(f"/e/{division.event.slug}/desk/divisions/{division.pk}/")
    text = division_page.content.decode()
    assert "3 of 3 games in — <span data-to-check>3 games waiting for a check</span>" in text
    assert (
        "done"
        not in text[text.index('id="tables"') : text.index("</ul>", text.index('id="tables"'))]
    )

    # Bo checks them: now the table is done on both pages.
    as_player(client, table, bo)
    for number in (1, 2, 3):
        game = Game.objects.get(table=table, number=number)
        confirmed = client.post(f"/t/{code}/games/{number}/confirm/", {"version": game.version})
        assert confirmed.status_code == 302
    page = desk.get(codes_url).content.decode()
    mine = page[page.index('id="table-1"') : page.index('id="table-2"')]
    assert "3 of 3 games in — <strong>done</strong>" in mine
    assert "waiting for a check" not in mine
    text = desk.get(f"/e/{division.event.slug}/desk/divisions/{division.pk}/").content.decode()
    assert "3 of 3 games in — done" in text and "waiting for a check" not in text


def test_an_old_sheet_after_the_round_was_seated_again_says_the_code_changed(hall):
    """A round seated again used to delete its codes, so a player typing the code from the
    old sheet got "No table has this code" and a count toward the guessing throttle. The
    old code is kept, retired: a plain message, no access, no count; a real guess still
    counts."""
    division, (table, _other) = hall
    old = code_of(table)
    players = seated(table)
    services.round_reseat(division=division, reason="wrong table sizes")
    client = Client(headers={"accept-language": "en-US,en;q=0.9"})
    for response in (client.get(f"/t/{old}/"), client.get("/t/", {"code": old}, follow=True)):
        page = response.content.decode()
        assert response.status_code == 410
        assert "This table&#x27;s code was changed" in page
        assert "Ask the desk for the new score sheet." in page
        # Nothing about the round or who sat there.
        assert not any(p.name in page for p in players)
        assert "round 1" not in page.lower()  # the division is "Open", as the button says
    # No access: no name to choose, nothing saved, the session opened nothing.
    assert client.post(f"/t/{old}/me/", {"player": players[0].pk}).status_code == 410
    racks = {f"rack_{p.pk}": 5 * n for n, p in enumerate(players)}
    assert client.post(f"/t/{old}/", {"game": 1, "version": 0, **racks}).status_code == 410
    assert not Game.objects.exists()
    assert not client.session.get("table_codes")
    assert not TableCodeAttempt.objects.exists()
    # A real wrong guess still counts.
    assert client.get("/t/", {"code": "XXXXXX"}, follow=True).status_code == 404
    assert TableCodeAttempt.objects.count() == 1
    # In the visitor's language.
    french = Client(headers={"accept-language": "fr"}).get(f"/t/{old}/").content.decode()
    assert "This table" not in french and "Demandez" in french
    spanish = Client(headers={"accept-language": "es"}).get(f"/t/{old}/").content.decode()
    assert "This table" not in spanish and "Pida" in spanish


def test_the_desk_lists_only_the_codes_in_force_after_a_reseat(hall):
    division, (table, _other) = hall
    old = code_of(table)
    services.round_reseat(division=division, reason="wrong table sizes")
    new = [code_of(t) for t in Table.objects.filter(round__division=division)]
    from tests.helpers import organizer_client

    client = organizer_client(division.event)
    page = client.get(f"/e/{division.event.slug}/desk/divisions/{division.pk}/codes/")
    text = page.content.decode()
    assert page.status_code == 200 and all(code in text for code in new)
    assert old not in text


def test_the_desk_sees_guessing_on_the_table_codes_page(hall, settings):
    settings.TABLE_CODE_WRONG_ALLOWED = 3
    division, _tables = hall
    desk = organizer_client(division.event)
    url = f"/e/{division.event.slug}/desk/divisions/{division.pk}/codes/"
    assert "No wrong table code typed in the last hour." in desk.get(url).content.decode()
    Client(REMOTE_ADDR="203.0.113.5").get("/t/", {"code": "AAAAAA"})
    for guess in ("BBBBBB", "CCCCCC", "DDDDDD", "EEEEEE"):
        Client(REMOTE_ADDR="198.51.100.9").get("/t/", {"code": guess})
    page = desk.get(url).content.decode()
    assert "Wrong table codes typed in the last hour (on this server): 5, from 2 network" in page
    assert "1 address typed too many just now" in page and "a right code still opens" in page
