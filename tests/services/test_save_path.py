"""The score save's path: a short transaction that locks one table.

Page level: a save on the table page takes a fixed, small number of queries, in round 1
as in a later round (nothing about the division is computed), and stores what was typed.
PostgreSQL only: saves at other tables never wait for each other; a save waits for a
round being closed and is then refused; many saves at once are each stored once; a save
and a correction of the same game at the same moment do not deadlock.
"""

import threading
import time
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import OperationalError, connection, transaction

from scoring import services as scoring
from scoring.models import Game, RackScore, ScoreChange
from scoring.services._common import lock_for_entry
from tests.helpers import entrants_file, run
from tournaments.engine import RuleError
from tournaments.models import Division, Entrant, Event, Round, Table

from .test_concurrency import race, score_round_one

SLUG = "race"
# A save on the table page, counted on PostgreSQL (SQLite reads the round and the table
# instead of locking them): session, user, the table with its event and the user's
# roles, seats, games; in the transaction the locks (the division, then the round and
# the table in one statement), the seats checked, the game, and the game, racks and
# audit line written, the round marked in play (its first save), the savepoint or
# transaction around them, and the test's own read of the seats.
SAVE_QUERIES = 16


def players(tmp_path: Path, count: int, *, confirm="none") -> Division:
    path = entrants_file(
        tmp_path / "p.csv",
        [
            (f"R{n:03d}", f"Player{n}", "Racer", "1950-01-01", "F", "", "Open")
            for n in range(1, count + 1)
        ],
    )
    run("import_entrants", SLUG, path, "--create-event", "--date", "2026-05-16")
    run("configure_event", SLUG, "--confirm", confirm)
    run("checkin", SLUG)
    run("seat", SLUG, "--division", "Open", "--seed", 8)
    return Division.objects.get(event__slug=SLUG, name="Open")


def keeper():
    user = get_user_model().objects.create_user("sam", password="Keeper-Pass-1")
    Event.objects.get(slug=SLUG).scorekeepers.add(user)
    return user


def seated(table) -> list[Entrant]:
    return [s.entrant for s in table.seats.select_related("entrant").order_by("number")]


def form(table, number, values, version=0) -> dict:
    data = {"game": number, "version": version, "ended": "", "winner": ""}
    data.update({f"rack_{e.pk}": v for e, v in zip(seated(table), values, strict=True)})
    return data


def url(table) -> str:
    return f"/e/{SLUG}/tables/{table.pk}/"


# ---------------------------------------------------------------- the page


@pytest.mark.django_db
def test_a_save_takes_few_queries_and_stores_what_was_typed(
    tmp_path, client, django_assert_max_num_queries
):
    division = players(tmp_path, 8)
    client.force_login(keeper())
    table = Table.objects.get(round__division=division, round__number=1, number=2)
    with django_assert_max_num_queries(SAVE_QUERIES):
        answer = client.post(url(table), form(table, 1, [0, 12, 7, 30]))
    assert answer.status_code == 302
    a, b, c, d = seated(table)
    racks = RackScore.objects.filter(game__table=table, game__number=1)
    assert dict(racks.values_list("entrant_id", "rack_total")) == {
        a.pk: 0,
        b.pk: 12,
        c.pk: 7,
        d.pk: 30,
    }
    # A replacement (a typo put right, with the version seen) costs no more, and the
    # old values are in the audit trail.
    with django_assert_max_num_queries(SAVE_QUERIES):
        answer = client.post(url(table), form(table, 1, [0, 21, 7, 30], version=1))
    assert answer.status_code == 302
    assert dict(racks.values_list("entrant_id", "rack_total"))[b.pk] == 21
    changes = ScoreChange.objects.filter(table_number=2, game_number=1).order_by("id")
    assert [c.action for c in changes] == ["entered", "replaced"]
    assert changes[1].before["racks"][b.external_id] == 12
    assert Game.objects.get(table=table, number=1).version == 2


@pytest.mark.django_db
def test_a_save_in_a_later_round_reads_nothing_more(
    tmp_path, client, django_assert_max_num_queries
):
    """Round 2's save costs what round 1's does: no standings, no earlier rounds."""
    division = players(tmp_path, 8)
    score_round_one(tmp_path)
    run("advance", SLUG, "--division", "Open")
    client.force_login(keeper())
    table = Table.objects.get(round__division=division, round__number=2)
    with django_assert_max_num_queries(SAVE_QUERIES):
        answer = client.post(url(table), form(table, 1, [5, 0, 9, 14]))
    assert answer.status_code == 302
    assert Game.objects.filter(table=table).count() == 1


@pytest.mark.django_db
def test_a_refused_save_still_shows_the_whole_sheet_with_what_was_typed(tmp_path, client):
    division = players(tmp_path, 8)
    client.force_login(keeper())
    table = Table.objects.get(round__division=division, round__number=1, number=1)
    answer = client.post(url(table), form(table, 1, [0, 0, 7, 30]))
    assert answer.status_code == 200
    page = answer.content.decode()
    assert "only one player can go out" in page
    assert 'value="30"' in page  # nothing typed is lost
    assert not Game.objects.filter(table=table).exists()


# What the page's htmx sends with a save, and again with the page its redirect leads to.
HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "sheet"}


@pytest.mark.django_db
def test_a_save_sent_by_the_page_s_htmx_is_answered_with_the_sheet_alone(
    tmp_path, client, django_assert_max_num_queries
):
    """The page after a save (htmx follows the redirect with the same headers) is the
    sheet alone, which is all htmx swaps in: no announcements read, no page around it;
    the same sheet as inside the whole page, with the message and the next game."""
    division = players(tmp_path, 8)
    client.force_login(keeper())
    table = Table.objects.get(round__division=division, round__number=1, number=1)
    answer = client.post(url(table), form(table, 1, [0, 12, 7, 30]), **HTMX)
    assert answer.status_code == 302
    with django_assert_max_num_queries(12) as queries:  # the whole page: 13
        alone = client.get(answer["Location"], **HTMX)
    whole = client.get(url(table))  # without htmx: the whole page, as before
    assert not any("tournaments_announcement" in q["sql"] for q in queries.captured_queries)
    page = alone.content.decode()
    assert alone.status_code == 200
    assert page.lstrip().startswith('<div id="sheet" '), page[:200]
    assert "<html" not in page and 'id="announcements"' not in page
    assert "Game 1 saved for table" in page
    assert "Game 2: enter each player's rack total" in page
    assert 'id="sheet"' in whole.content.decode() and "<html" in whole.content.decode()
    assert "HX-Request" in alone["Vary"] and "HX-Request" in whole["Vary"]
    # A refusal sent by htmx is the sheet alone too, with what was typed kept.
    refused = client.post(url(table), form(table, 2, [0, 0, 7, 30]), **HTMX)
    page = refused.content.decode()
    assert refused.status_code == 200 and page.lstrip().startswith('<div id="sheet" ')
    assert "only one player can go out" in page and 'value="30"' in page
    # htmx restoring its history asks for the whole page.
    restore = client.get(url(table), HTTP_HX_HISTORY_RESTORE_REQUEST="true", **HTMX)
    assert "<html" in restore.content.decode()


@pytest.mark.django_db
def test_a_save_in_a_closed_round_is_refused_in_words(tmp_path, client):
    division = players(tmp_path, 8)
    score_round_one(tmp_path)
    run("advance", SLUG, "--division", "Open")
    client.force_login(keeper())
    table = Table.objects.get(round__division=division, round__number=1, number=1)
    before = list(RackScore.objects.order_by("id").values_list("rack_total", flat=True))
    answer = client.post(url(table), form(table, 1, [0, 1, 2, 3], version=1), follow=True)
    assert answer.status_code == 200
    page = answer.content.decode()
    assert "— closed" in page
    assert "Game 1: your numbers were not saved." in page  # the refusal, on the page it leads to
    assert list(RackScore.objects.order_by("id").values_list("rack_total", flat=True)) == before


@pytest.mark.django_db
def test_a_save_at_a_table_seated_again_meanwhile_is_refused_in_words(tmp_path):
    division = players(tmp_path, 8)
    table = Table.objects.select_related("round__division").get(
        round__division=division, round__number=1, number=1
    )
    racks = {e: 0 if i == 0 else 10 * i for i, e in enumerate(seated(table))}
    Round.objects.filter(pk=table.round_id).delete()  # the round seated again, elsewhere
    with pytest.raises(RuleError, match="no longer in play"):
        scoring.game_record(table=table, number=1, racks=racks, organizer=True)


# ---------------------------------------------------------------- PostgreSQL: locks


def _hold(call, ready: threading.Event, release: threading.Event, log: list):
    """In its own connection: run ``call`` in a transaction and keep it open until
    ``release`` (a save in flight, a round being closed)."""
    try:
        with transaction.atomic():
            call()
            ready.set()
            release.wait(30)
            log.append(("committed", time.monotonic()))
    finally:
        ready.set()
        connection.close()


def _table_racks(division, number):
    table = Table.objects.select_related("round__division").get(
        round__division=division, round__number=1, number=number
    )
    return table, {e: 0 if i == 0 else 10 * i + number for i, e in enumerate(seated(table))}


@pytest.mark.postgres_only
@pytest.mark.django_db(transaction=True)
def test_saves_at_other_tables_do_not_wait_and_the_same_table_does(tmp_path):
    division = players(tmp_path, 12)
    first, _ = _table_racks(division, 1)
    ready, release, log = threading.Event(), threading.Event(), []
    holder = threading.Thread(
        target=_hold,
        args=(lambda: lock_for_entry(Table.objects.get(pk=first.pk)), ready, release, log),
    )
    holder.start()
    try:
        assert ready.wait(30)
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '3s'")
        # Another table of the same round: no wait (a lock per round would time out).
        table, racks = _table_racks(division, 2)
        scoring.game_record(table=table, number=1, racks=racks, organizer=True)
        table, racks = _table_racks(division, 3)
        scoring.game_record(table=table, number=1, racks=racks, organizer=True)
        # The table being saved: the second save waits for the first.
        table, racks = _table_racks(division, 1)
        with pytest.raises(OperationalError, match="lock timeout"):
            scoring.game_record(table=table, number=1, racks=racks, organizer=True)
    finally:
        release.set()
        holder.join(30)
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = 0")
    assert sorted(Game.objects.values_list("table__number", flat=True)) == [2, 3]


@pytest.mark.postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_save_waits_for_a_round_being_closed_and_is_then_refused(tmp_path):
    division = players(tmp_path, 8)
    score_round_one(tmp_path)
    table, racks = _table_racks(division, 1)
    round_ = table.round

    def close():  # what division_advance does first: the division's lock, then close
        Division.objects.select_for_update().get(pk=division.pk)
        Round.objects.filter(pk=round_.pk).update(status=Round.Status.CLOSED)

    ready, release, log = threading.Event(), threading.Event(), []
    holder = threading.Thread(target=_hold, args=(close, ready, release, log))
    holder.start()
    assert ready.wait(30)
    threading.Timer(1.0, release.set).start()
    with pytest.raises(RuleError, match="the round is closed"):
        scoring.game_record(
            table=table,
            number=1,
            racks={e: v + 1 if v else 0 for e, v in racks.items()},
            organizer=True,
            replace=True,
            reason="late sheet",
        )
    refused = time.monotonic()
    holder.join(30)
    assert log and log[0][1] <= refused  # it waited for the closing to commit
    assert ScoreChange.objects.filter(action="corrected").count() == 0


@pytest.mark.postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_round_is_closed_only_after_the_saves_in_flight(tmp_path):
    division = players(tmp_path, 8)
    score_round_one(tmp_path)
    table, _ = _table_racks(division, 1)
    ready, release, log = threading.Event(), threading.Event(), []
    holder = threading.Thread(
        target=_hold,
        args=(lambda: lock_for_entry(Table.objects.get(pk=table.pk)), ready, release, log),
    )
    holder.start()
    assert ready.wait(30)
    threading.Timer(1.0, release.set).start()
    result = scoring.division_advance(division=Division.objects.get(pk=division.pk))
    closed = time.monotonic()
    holder.join(30)
    assert result.outcome == scoring.Advanced.ADVANCED
    assert log and log[0][1] <= closed


@pytest.mark.postgres_only
@pytest.mark.django_db(transaction=True)
def test_many_saves_at_once_are_each_stored_once(tmp_path):
    division = players(tmp_path, 64)
    tables = list(
        Table.objects.select_related("round__division")
        .filter(round__division=division)
        .order_by("number")
    )
    work = [(t, n) for t in tables for n in (1, 2, 3)]  # 48 games
    lock = threading.Lock()

    def save():
        outcomes = []
        while True:
            with lock:
                if not work:
                    return outcomes
                table, number = work.pop()
            racks = {e: 0 if i == 0 else 5 * i + number for i, e in enumerate(seated(table))}
            outcomes.append(
                scoring.game_record(table=table, number=number, racks=racks, organizer=True).pk
            )

    outcomes = race(save, threads=8)
    assert all(kind == "ok" for kind, _ in outcomes), outcomes
    saved = [pk for _, pks in outcomes for pk in pks]
    assert len(saved) == len(set(saved)) == 48
    assert Game.objects.count() == 48
    assert RackScore.objects.count() == 48 * 4
    assert ScoreChange.objects.filter(action="entered").count() == 48
    assert Round.objects.get(division=division).status == Round.Status.IN_PLAY


@pytest.mark.postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_save_and_a_correction_of_one_game_at_once_both_finish(tmp_path):
    division = players(tmp_path, 8)
    table, racks = _table_racks(division, 1)
    scoring.game_record(table=table, number=1, racks=racks, organizer=True)
    game = Game.objects.get(table=table, number=1)
    a, b = seated(table)[:2]
    calls = iter(["save", "correct"])
    pick = threading.Lock()

    def act():
        with pick:
            which = next(calls)
        if which == "save":
            return scoring.game_record(
                table=Table.objects.select_related("round__division").get(pk=table.pk),
                number=1,
                racks={**racks, b: 44},
                organizer=True,
                replace=True,
                reason="sheet re-read",
            )
        return scoring.score_correct(game=game, entrant=b, rack_total=33, reason="typo")

    outcomes = race(act)
    for kind, value in outcomes:  # a deadlock would be an OperationalError here
        assert kind == "ok" or isinstance(value, RuleError), value
    assert RackScore.objects.get(game=game, entrant=b).rack_total in (33, 44)
    assert RackScore.objects.get(game=game, entrant=a).rack_total == 0


@pytest.mark.django_db
def test_seats_read_before_a_withdrawal_are_read_again(tmp_path):
    """The page read the seats; a player was withdrawn before the save: the save checks
    with the table as it is now (no rack total needed from the withdrawn player)."""
    division = players(tmp_path, 8)
    table = Table.objects.select_related("round__division").get(
        round__division=division, round__number=1, number=1
    )
    seats = list(table.seats.select_related("entrant").order_by("number"))
    a, b, c, d = (s.entrant for s in seats)
    run("checkin", SLUG, "--withdraw", d.external_id)
    game = scoring.game_record(
        table=table, number=1, racks={a: 0, b: 5, c: 9}, organizer=True, seats=seats
    )
    assert game.racks.count() == 3
    with pytest.raises(RuleError, match="not at this table"):
        scoring.game_record(
            table=table,
            number=2,
            racks={a: 0, b: 5, c: 9, Entrant.objects.exclude(seats__table=table).first(): 4},
            organizer=True,
            seats=seats,
        )


@pytest.mark.postgres_only
@pytest.mark.django_db
def test_a_connection_s_saves_run_as_prepared_statements(tmp_path):
    """PostgreSQL parses and plans a statement a connection runs often once
    (config/settings.py): after a few saves, the save's lock and writes are prepared."""
    division = players(tmp_path, 24)
    tables = list(
        Table.objects.select_related("round__division")
        .filter(round__division=division)
        .order_by("number")
    )
    for table in tables:
        racks = {e: 0 if i == 0 else 10 * i for i, e in enumerate(seated(table))}
        scoring.game_record(table=table, number=1, racks=racks, organizer=True)
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [row[0] for row in cursor.fetchall()]
    assert any("FOR NO KEY UPDATE" in s for s in prepared), prepared
    assert any(s.startswith('INSERT INTO "scoring_scorechange"') for s in prepared), prepared
