"""The save's short path (scoring/services/plain.py, docs/decisions.md "The save's short
path") stores what game_record stores and answers what game_save answers.

The same saves are sent through the table page twice, from the same data: once with the
short path (PLAIN_SAVES, as deployed) and once without it (every save by game_record).
The answers (status, where they lead, the messages) and everything stored (games, racks,
the audit trail, the round's status) must be the same, for any mix of saves: new games,
the same save sent again, replacements over the version seen or an older one, confirmed
games, organizers' saves, refused numbers, a player withdrawn, another event's
scorekeeper. The short path must also be the one taking the plain saves (the last test).
Runs on SQLite and, in the PostgreSQL pass, on PostgreSQL (its locks and prepared plans).
"""

import random
import threading
import time
import uuid
from urllib.parse import urlsplit

import pytest
from django.contrib.messages import get_messages
from django.db import connection, transaction
from django.test import Client, override_settings
from django.urls import reverse
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from scoring import services
from scoring.models import Game, RackScore, ScoreChange
from tests.factories import EventFactory, UserFactory, seated, seated_division
from tests.services.test_save_path import _hold
from tournaments.models import Division, Entrant, Event, Round, Table

pytestmark = pytest.mark.django_db

RACKS = ["0", "0", "5", "10", "17", "25", "40", " 7 ", "+3", "1000", "abc", "", "1234567"]
ENDINGS = ["", "", "", "out", "exhausted", "exhausted", "sideways"]
WHO = ["sam", "sam", "sam", "sue", "sue", "olive", "stranger"]


@pytest.fixture
def hall():
    """Two tables of four in round 1, two scorekeepers (sam, sue), an organizer (olive),
    and a scorekeeper of another event (stranger)."""
    division = seated_division(8)
    event = division.event
    people = {name: UserFactory(username=name) for name in dict.fromkeys(WHO)}
    event.scorekeepers.add(people["sam"], people["sue"])
    event.organizers.add(people["olive"])
    EventFactory().scorekeepers.add(people["stranger"])
    tables = list(Table.objects.filter(round__division=division).order_by("number"))
    return event, tables, people


def save_key(seed: int, n: int) -> str:
    return str(uuid.UUID(int=random.Random(seed * 1000 + n).getrandbits(128), version=4))


step = st.fixed_dictionaries(
    {
        "who": st.sampled_from(WHO),
        "table": st.integers(0, 1),
        "game": st.sampled_from(["1", "1", "2", "3", "4"]),
        # Mostly a game the rules accept (one player out, or no 0 on an exhausted pool),
        # sometimes anything a volunteer might type.
        "racks": st.one_of(
            st.permutations(["0", "5", "12", "30"]),
            st.lists(st.sampled_from(["0", "3", "9", "21", "44"]), min_size=4, max_size=4),
            st.lists(st.sampled_from(["2", "3", "9"]), min_size=4, max_size=4),
            st.lists(st.sampled_from(RACKS), min_size=4, max_size=4),
        ),
        "ended": st.sampled_from(ENDINGS),
        "winner": st.sampled_from(["", "", "", "seat0", "seat2", "999"]),
        "version": st.sampled_from(["seen"] * 6 + ["older", "", "x"]),
        "key": st.sampled_from(["new"] * 6 + ["again", "again", "bad", "none"]),
        "then": st.sampled_from(["", "", "", "", "confirm", "withdraw"]),
    }
)


def play(hall, steps, seed) -> tuple[list, dict]:
    """Send ``steps`` through the table page; the answers and what is stored then."""
    event, tables, people = hall
    clients = {}
    for name, user in people.items():
        clients[name] = Client()
        clients[name].force_login(user)
    answers, last_key = [], None
    for n, s in enumerate(steps):
        table = tables[s["table"]]
        players = seated(table)
        game = Game.objects.filter(table=table, number=int(s["game"]) if s["game"] != "4" else 0)
        seen = game.values_list("version", flat=True).first() or 0
        version = {"seen": str(seen), "older": str(max(seen - 1, 0)), "": "", "x": "x"}
        data = {"game": s["game"], "ended": s["ended"], "version": version[s["version"]]}
        data["winner"] = {
            "": "",
            "seat0": str(players[0].pk),
            "seat2": str(players[2].pk),
            "999": "999",
        }[s["winner"]]
        key = {"new": save_key(seed, n), "again": last_key or save_key(seed, n)}.get(
            s["key"], "not-a-key" if s["key"] == "bad" else ""
        )
        if key:
            data["save_key"] = key
        if s["key"] in ("new", "again"):
            last_key = key
        for entrant, value in zip(players, s["racks"], strict=True):
            data[f"rack_{entrant.pk}"] = value
        url = reverse("scoring:table", args=[event.slug, table.pk])
        response = clients[s["who"]].post(url, data)
        said = [(m.level, str(m)) for m in get_messages(response.wsgi_request)]
        where = response.get("Location", "")
        answers.append((response.status_code, urlsplit(where).path, urlsplit(where).query, said))
        if s["then"] == "confirm":
            stored = Game.objects.filter(table=table, number=int(s["game"]) % 4 or 1).first()
            if stored is not None and not stored.confirmed:
                who = people["sue"] if stored.entered_by_id != people["sue"].pk else people["sam"]
                services.game_confirm(game=stored, user=who)
        elif s["then"] == "withdraw":
            Entrant.objects.filter(pk=players[3].pk).update(status=Entrant.Status.WITHDRAWN)
    return answers, stored_now(event)


def stored_now(event: Event) -> dict:
    def name(user):
        return user.username if user else None

    games = {
        (g.table.number, g.number): (
            g.version,
            g.ended,
            g.winner.external_id if g.winner else None,
            name(g.entered_by),
            name(g.confirmed_by),
            g.confirmed_at is not None,
        )
        for g in Game.objects.filter(table__round__division__event=event).select_related(
            "table", "winner", "entered_by", "confirmed_by"
        )
    }
    racks = {
        (r.game.table.number, r.game.number, r.entrant.external_id): (
            r.rack_total,
            name(r.entered_by),
            r.version,
        )
        for r in RackScore.objects.filter(game__table__round__division__event=event).select_related(
            "game__table", "entrant", "entered_by"
        )
    }
    audit = [
        (
            c.action,
            c.round_number,
            c.table_number,
            c.game_number,
            c.entrant_id,
            c.before,
            c.after,
            c.reason,
            c.undo,
            name(c.actor),
            c.actor_label,
            c.at_table_player_id,
            c.at_table_code,
            c.address,
            c.consequence,
            c.save_key,
        )
        for c in ScoreChange.objects.filter(division__event=event).order_by("id")
    ]
    rounds = list(Round.objects.filter(division__event=event).values_list("number", "status"))
    return {"games": games, "racks": racks, "audit": audit, "rounds": rounds}


def both_ways(hall, steps, seed):
    results = []
    for plain in (True, False):
        with override_settings(PLAIN_SAVES=plain), transaction.atomic():
            results.append(play(hall, steps, seed))
            transaction.set_rollback(True)
    return results


@given(steps=st.lists(step, min_size=3, max_size=12), seed=st.integers(0, 10**6))
@hypothesis_settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_mix_of_saves_is_answered_and_stored_the_same_both_ways(hall, steps, seed):
    (plain_answers, plain_stored), (full_answers, full_stored) = both_ways(hall, steps, seed)
    assert plain_answers == full_answers
    assert plain_stored == full_stored


def test_a_day_of_plain_saves_is_the_same_both_ways(hall):
    """The common day, spelled out: entered, sent again (stored once), replaced, replaced
    by an organizer (confirmed), a withdrawn player's empty rack, a tie on an exhausted
    pool with the winner named, then replaced."""
    base = {"table": 0, "ended": "", "winner": "", "version": "seen", "then": ""}
    steps = [
        {**base, "who": "sam", "game": "1", "racks": ["0", "10", "20", "30"], "key": "new"},
        {**base, "who": "sam", "game": "1", "racks": ["0", "10", "20", "30"], "key": "again"},
        {**base, "who": "sam", "game": "1", "racks": ["0", "11", "20", "30"], "key": "new"},
        {**base, "who": "sue", "game": "2", "racks": ["5", "0", "7", "9"], "key": "new"},
        {
            **base,
            "who": "olive",
            "game": "2",
            "racks": ["5", "0", "8", "9"],
            "key": "new",
            "then": "withdraw",
        },
        {
            **base,
            "who": "sam",
            "game": "3",
            "racks": ["4", "4", "9", ""],
            "ended": "exhausted",
            "winner": "seat0",
            "key": "new",
        },
        {
            **base,
            "who": "sam",
            "game": "3",
            "racks": ["4", "3", "9", ""],
            "ended": "exhausted",
            "key": "new",
        },
        {
            **base,
            "table": 1,
            "who": "sue",
            "game": "1",
            "racks": ["0", "1", "2", "3"],
            "key": "new",
        },
    ]
    (plain_answers, plain_stored), (full_answers, full_stored) = both_ways(hall, steps, 7)
    assert plain_answers == full_answers
    assert plain_stored == full_stored
    statuses = [status for status, *_ in plain_answers]
    assert statuses == [302] * len(steps)
    assert len(plain_stored["audit"]) == 7  # the double tap stored nothing
    assert plain_stored["rounds"] == [(1, Round.Status.IN_PLAY)]


def test_plain_saves_take_the_short_path(hall, monkeypatch):
    """With PLAIN_SAVES, a scorekeeper's new game and their replacement of it never reach
    game_record; the same key sent again does (it answers "already saved")."""
    event, tables, people = hall
    client = Client()
    client.force_login(people["sam"])
    players = seated(tables[0])
    url = reverse("scoring:table", args=[event.slug, tables[0].pk])
    calls = []
    monkeypatch.setattr(
        services, "game_record", lambda **kw: calls.append(kw) or pytest.fail("not short")
    )

    def post(values, version, key):
        data = {"game": "1", "version": version, "save_key": key}
        data.update({f"rack_{e.pk}": v for e, v in zip(players, values, strict=True)})
        return client.post(url, data, HTTP_HX_REQUEST="true")

    first = post(["0", "10", "20", "30"], "0", save_key(1, 1))
    assert first.status_code == 302 and first["Location"].endswith(f"?saved={save_key(1, 1)}")
    second = post(["0", "12", "20", "30"], "1", save_key(1, 2))
    assert second.status_code == 302
    assert calls == []
    game = Game.objects.get(table=tables[0], number=1)
    assert game.version == 2 and game.entered_by == people["sam"] and not game.confirmed
    assert sorted(game.racks.values_list("rack_total", flat=True)) == [0, 12, 20, 30]
    assert list(ScoreChange.objects.values_list("action", flat=True)) == ["entered", "replaced"]
    with pytest.raises(pytest.fail.Exception, match="not short"):
        post(["0", "12", "20", "30"], "2", save_key(1, 2))  # sent again: game_record says so


def _plain_game(table, values=(0, 10, 20, 30), *, version=0):
    return lambda entry: services.PlainGame(
        racks={s.entrant_id: v for s, v in zip(entry.seats, values, strict=True)},
        ended=None,
        winner_id=None,
        expected_version=version,
        organizer=False,
    )


@pytest.mark.postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_plain_save_waits_for_a_round_being_closed_and_then_stores_nothing():
    """The short path's first lock is the division's, as lock_for_entry's: a round being
    closed (the division locked FOR UPDATE) holds the save until it commits, and the save
    then sees the round closed and leaves the game to game_record (which refuses it)."""
    division = seated_division(8)
    sam = UserFactory(username="sam")
    division.event.scorekeepers.add(sam)
    table = Table.objects.filter(round__division=division).order_by("number").first()

    def close():
        Division.objects.select_for_update().get(pk=division.pk)
        Round.objects.filter(pk=table.round_id).update(status=Round.Status.CLOSED)

    ready, release, log = threading.Event(), threading.Event(), []
    holder = threading.Thread(target=_hold, args=(close, ready, release, log))
    holder.start()
    assert ready.wait(30)
    threading.Timer(1.0, release.set).start()
    stored = services.game_record_plain(
        slug=division.event.slug,
        table_id=table.pk,
        user=sam,
        number=1,
        save_key=save_key(99, 1),
        typed=_plain_game(table),
    )
    answered = time.monotonic()
    holder.join(30)
    assert stored is None
    assert log and log[0][1] <= answered  # it waited for the closing to commit
    assert not Game.objects.exists() and not ScoreChange.objects.exists()


@pytest.mark.postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_plain_saves_of_one_game_at_once_store_one_and_leave_the_other():
    """Two tablets save game 1 of one table at the same moment, each over version 0: the
    table's lock puts them one after the other; the second sees the first's game (another
    version) and stores nothing (game_record then shows both entries)."""
    division = seated_division(8)
    sam = UserFactory(username="sam")
    division.event.scorekeepers.add(sam)
    table = Table.objects.filter(round__division=division).order_by("number").first()
    results, start = [], threading.Barrier(2)

    def save(values, key):
        try:
            start.wait(10)
            results.append(
                services.game_record_plain(
                    slug=division.event.slug,
                    table_id=table.pk,
                    user=sam,
                    number=1,
                    save_key=save_key(99, key),
                    typed=_plain_game(table, values),
                )
            )
        finally:
            connection.close()

    threads = [
        threading.Thread(target=save, args=((0, 10, 20, 30), 1)),
        threading.Thread(target=save, args=((0, 11, 21, 31), 2)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(r is not None for r in results) == [False, True]
    assert Game.objects.get().version == 1
    assert ScoreChange.objects.count() == 1 and RackScore.objects.count() == 4
