"""Two organizers at once, and what the database itself refuses.

The race tests need real concurrent transactions and row locks: PostgreSQL only
(they run in the PostgreSQL pass). The constraint tests run on both databases.
"""

import threading
from pathlib import Path

import pytest
from django.db import IntegrityError, connection, transaction

from scoring import services as scoring
from scoring.models import Game, RackScore
from tests.helpers import entrants_file, import_scores, run, score_rows, tables_of
from tournaments import services as bracket
from tournaments.engine import RuleError
from tournaments.models import Bye, Division, Entrant, Round, Seat, Table

SLUG = "race"


def eight_players(tmp_path: Path, *, seat=True) -> Division:
    path = entrants_file(
        tmp_path / "p.csv",
        [(f"R{n}", f"Player{n}", "Racer", "1950-01-01", "F", "", "Open") for n in range(1, 9)],
    )
    run("import_entrants", SLUG, path, "--create-event", "--date", "2026-05-16")
    run("checkin", SLUG)
    if seat:
        run("seat", SLUG, "--division", "Open", "--seed", 8)
    return Division.objects.get(event__slug=SLUG, name="Open")


def score_round_one(tmp_path: Path):
    rows = []
    for number, seats in tables_of(SLUG, "Open", 1).items():
        racks = {p: 0 if i == 0 else 10 * i + number for i, p in enumerate(seats)}
        for game in (1, 2, 3):
            rows += score_rows("Open", 1, number, game, racks)
    import_scores(SLUG, tmp_path / "r1.csv", rows)


def race(call, threads=2):
    """Run ``call`` in several threads released at the same moment; return each outcome."""
    barrier = threading.Barrier(threads)
    outcomes: list = [None] * threads

    def worker(index):
        try:
            barrier.wait(timeout=30)
            outcomes[index] = ("ok", call())
        except Exception as error:  # noqa: BLE001 - the test looks at what was raised
            outcomes[index] = ("error", error)
        finally:
            connection.close()

    workers = [threading.Thread(target=worker, args=(i,)) for i in range(threads)]
    for thread in workers:
        thread.start()
    for thread in workers:
        thread.join(timeout=120)
        assert not thread.is_alive(), "a racing call did not finish"
    return outcomes


@pytest.mark.postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_seatings_at_once_make_one_round(tmp_path):
    division = eight_players(tmp_path, seat=False)

    def seat():
        return bracket.division_seat_first_round(division=Division.objects.get(pk=division.pk))

    outcomes = race(seat)
    for kind, value in outcomes:
        assert kind == "ok" or isinstance(value, RuleError), value
    created = [v for kind, v in outcomes if kind == "ok" and v.created]
    assert len(created) == 1
    others = [v for kind, v in outcomes if not (kind == "ok" and v.created)]
    for other in others:
        assert isinstance(other, RuleError) or other.already_seated
    assert list(Round.objects.filter(division=division).values_list("number", flat=True)) == [1]
    seats = Seat.objects.filter(round__division=division)
    assert seats.count() == 8
    assert len(set(seats.values_list("entrant_id", flat=True))) == 8
    assert Table.objects.filter(round__division=division).count() == 2
    assert Division.objects.get(pk=division.pk).status == "in_play"


@pytest.mark.postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_advances_at_once_make_one_next_round(tmp_path):
    division = eight_players(tmp_path)
    score_round_one(tmp_path)

    def advance():
        return scoring.division_advance(division=Division.objects.get(pk=division.pk))

    outcomes = race(advance)
    for kind, value in outcomes:
        assert kind == "ok" or isinstance(value, RuleError), value
    advanced = [
        v for kind, v in outcomes if kind == "ok" and v.outcome == scoring.Advanced.ADVANCED
    ]
    assert len(advanced) == 1
    other = next(
        v for v in outcomes if not (v[0] == "ok" and v[1].outcome == scoring.Advanced.ADVANCED)
    )
    if other[0] == "error":
        # The second call saw round 2 seated and nothing played in it yet.
        assert str(other[1]).startswith("Open, round 2 is not complete:")
    assert list(
        Round.objects.filter(division=division).order_by("number").values_list("number", "status")
    ) == [(1, "closed"), (2, "seated")]
    final = Seat.objects.filter(round__division=division, round__number=2)
    assert final.count() == 4
    assert len(set(final.values_list("entrant_id", flat=True))) == 4
    assert Table.objects.filter(round__division=division, round__number=2).count() == 1
    assert not Bye.objects.filter(round__division=division).exists()


@pytest.mark.postgres_only
@pytest.mark.django_db(transaction=True)
def test_the_same_game_entered_twice_at_once_is_saved_once(tmp_path):
    division = eight_players(tmp_path)
    table = Table.objects.get(round__division=division, round__number=1, number=1)
    seats = list(table.seats.select_related("entrant").order_by("number"))
    racks = {s.entrant: 0 if i == 0 else 10 * i for i, s in enumerate(seats)}

    def enter():
        return scoring.game_record(
            table=Table.objects.get(pk=table.pk), number=1, racks=racks, organizer=True
        )

    outcomes = race(enter)
    for kind, value in outcomes:
        assert kind == "ok" or isinstance(value, RuleError), value
    assert Game.objects.filter(table=table).count() == 1
    assert RackScore.objects.filter(game__table=table).count() == 4


# ---------------------------------------------------------------- what must never happen


@pytest.fixture
def seated(tmp_path, db):
    division = eight_players(tmp_path)
    round_ = Round.objects.get(division=division, number=1)
    table1, table2 = round_.tables.order_by("number")
    return division, round_, table1, table2


def refused_by_database(make):
    with pytest.raises(IntegrityError):
        with transaction.atomic():
            make()


def test_the_database_refuses_a_second_round_one(seated):
    division, round_, _, _ = seated
    refused_by_database(
        lambda: Round.objects.create(
            division=division, number=1, kind="qualifying", games=3, seed=1
        )
    )
    refused_by_database(
        lambda: Round.objects.create(
            division=division, number=0, kind="qualifying", games=3, seed=1
        )
    )
    refused_by_database(
        lambda: Round.objects.create(division=division, number=2, kind="final", games=4, seed=1)
    )
    assert Round.objects.filter(division=division).count() == 1


def test_the_database_refuses_a_player_seated_twice_in_a_round(seated):
    division, round_, table1, table2 = seated
    seat = table1.seats.order_by("number").first()
    extra = Table.objects.create(round=round_, number=3)
    refused_by_database(
        lambda: Seat.objects.create(round=round_, table=extra, entrant=seat.entrant, number=1)
    )
    other = table2.seats.order_by("number").first().entrant
    refused_by_database(
        lambda: Seat.objects.create(  # seat 1 of table 1 is taken
            round=round_,
            table=table1,
            entrant=Entrant.objects.create(
                event=division.event,
                division=division,
                external_id="NEW",
                first_name="N",
                last_name="N",
            ),
            number=seat.number,
        )
    )
    refused_by_database(
        lambda: Seat.objects.create(round=round_, table=extra, entrant=other, number=5)
    )
    refused_by_database(
        lambda: Bye.objects.bulk_create(
            [Bye(round=round_, entrant=other), Bye(round=round_, entrant=other)]
        )
    )
    refused_by_database(lambda: Table.objects.create(round=round_, number=1))
    assert Seat.objects.filter(round=round_).count() == 8


def test_the_database_refuses_impossible_rack_scores(seated):
    _, _, table1, _ = seated
    entrants = [s.entrant for s in table1.seats.order_by("number")]
    game = Game.objects.create(table=table1, number=1, ended="out")
    RackScore.objects.create(game=game, entrant=entrants[0], rack_total=0)
    refused_by_database(
        lambda: RackScore.objects.create(game=game, entrant=entrants[0], rack_total=12)
    )
    refused_by_database(
        lambda: RackScore.objects.create(game=game, entrant=entrants[1], rack_total=-1)
    )
    # The database's bound is the largest rack of any event (a joker at 50: 828); each
    # event's own, smaller with its joker, is the engine's check.
    refused_by_database(
        lambda: RackScore.objects.create(game=game, entrant=entrants[1], rack_total=829)
    )
    RackScore.objects.create(game=game, entrant=entrants[1], rack_total=828)
    refused_by_database(lambda: Game.objects.create(table=table1, number=1, ended="out"))
    refused_by_database(lambda: Game.objects.create(table=table1, number=4, ended="out"))
    refused_by_database(lambda: Game.objects.create(table=table1, number=2, ended="resigned"))
    assert sorted(RackScore.objects.values_list("rack_total", flat=True)) == [0, 828]
