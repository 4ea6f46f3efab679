"""Withdrawal, disqualification, undoing them, combining and splitting:
tournaments/services/checkin.py and scoring/services/withdrawals.py, called directly."""

import pytest
from django.core.management.base import CommandError

from scoring import selectors as scoring_selectors
from scoring import services as scoring
from scoring.selectors import division_state
from tests.factories import (
    DivisionFactory,
    EntrantFactory,
    EventFactory,
    UserFactory,
    enter,
    seated,
    seated_division,
)
from tests.helpers import run
from tournaments import services
from tournaments.engine import RuleError
from tournaments.models import Division, Entrant, EntrantStatusChange, Table

pytestmark = pytest.mark.django_db

GAMES = [(0, 10, 20, 30), (0, 12, 25, 31), (0, 14, 40, 35)]


def table_one(division) -> Table:
    return Table.objects.get(round__division=division, round__number=1, number=1)


def test_a_disqualification_needs_a_reason_and_is_kept_with_it():
    division = seated_division(8)
    who = seated(table_one(division))[2]
    organizer = UserFactory(username="olive")
    with pytest.raises(RuleError, match="needs a reason"):
        services.entrants_disqualify(event=division.event, ids=[who.external_id], reason=" ")
    services.entrants_disqualify(
        event=division.event, ids=[who.external_id], reason="unsporting conduct", user=organizer
    )
    who.refresh_from_db()
    assert who.status == Entrant.Status.DISQUALIFIED
    change = EntrantStatusChange.objects.get(entrant=who)
    assert (change.before, change.after, change.reason, change.by_label) == (
        "checked_in",
        "disqualified",
        "unsporting conduct",
        "olive",
    )
    # Treated as withdrawn: the table plays on without them and they get no place.
    table = table_one(division)
    assert who.external_id in division_state(division).withdrawn
    others = [e for e in seated(table) if e != who]
    scoring.game_record(
        table=table, number=1, racks=dict(zip(others, (0, 10, 20), strict=True)), organizer=True
    )


def test_a_withdrawal_by_mistake_is_undone_with_a_reason_until_a_game_goes_on_without_them():
    division = seated_division(8)
    table = table_one(division)
    players = seated(table)
    enter(table, 1, GAMES[0])  # played with everyone
    services.entrants_withdraw(event=division.event, ids=[players[3].external_id])
    assert scoring_selectors.undoable(division) == [players[3]]
    with pytest.raises(RuleError, match="Say why"):
        scoring.entrant_reinstate(entrant=players[3], reason="")
    scoring.entrant_reinstate(entrant=players[3], reason="wrong player ticked")
    players[3].refresh_from_db()
    assert players[3].status == Entrant.Status.CHECKED_IN
    assert list(
        EntrantStatusChange.objects.filter(entrant=players[3]).values_list("after", "reason")
    ) == [("withdrawn", ""), ("checked_in", "wrong player ticked")]

    # Withdrawn again, and game 2 is recorded without them: now it changed a result.
    services.entrants_withdraw(event=division.event, ids=[players[3].external_id])
    scoring.game_record(
        table=table,
        number=2,
        racks=dict(zip(players[:3], (0, 12, 25), strict=True)),
        organizer=True,
    )
    assert scoring_selectors.undoable(division) == []
    with pytest.raises(RuleError, match="Game 2 at table 1 was recorded without"):
        scoring.entrant_reinstate(entrant=players[3], reason="changed my mind")
    players[3].refresh_from_db()
    assert players[3].status == Entrant.Status.WITHDRAWN


def test_undo_is_refused_once_the_round_is_closed():
    division = seated_division(8)
    tables = Table.objects.filter(round__division=division, round__number=1)
    for table in tables:
        for number, values in enumerate(GAMES, start=1):
            enter(table, number, values)
    # Withdraw a player after their games, then close the round: the withdrawal decided it.
    loser = seated(tables[0])[3]
    services.entrants_withdraw(event=division.event, ids=[loser.external_id])
    scoring.division_advance(division=division)
    with pytest.raises(RuleError, match="not in round 2"):
        scoring.entrant_reinstate(entrant=loser, reason="oops")


def test_the_same_withdrawal_twice_changes_nothing_and_disqualifying_a_withdrawn_is_refused():
    division = seated_division(8)
    who = seated(table_one(division))[0]
    services.entrants_withdraw(event=division.event, ids=[who.external_id])
    services.entrants_withdraw(event=division.event, ids=[who.external_id])
    assert EntrantStatusChange.objects.filter(entrant=who).count() == 1
    with pytest.raises(RuleError, match="already withdrawn"):
        services.entrants_disqualify(event=division.event, ids=[who.external_id], reason="x")


def test_combining_needs_two_divisions_and_can_be_split_before_seating():
    event = EventFactory()
    a = DivisionFactory(event=event, name="A")
    b = DivisionFactory(event=event, name="B")
    EntrantFactory.create_batch(2, division=a)
    EntrantFactory.create_batch(2, division=b)
    with pytest.raises(RuleError, match="two or more divisions"):
        services.divisions_combine(event=event, into="AB", names=["A"])
    assert not Division.objects.filter(name="AB").exists()
    target = services.divisions_combine(event=event, into="AB", names=["A", "B"])
    members = services.division_split(division=target)
    assert [m.name for m in members] == ["A", "B"]
    assert not Division.objects.filter(event=event, combined_into__isnull=False).exists()
    assert not Division.objects.filter(event=event, name="AB").exists()  # it held nobody
    # Combined again and seated: the split is refused.
    target = services.divisions_combine(event=event, into="AB", names=["A", "B"])
    services.division_seat_first_round(division=target, seed=1)
    with pytest.raises(RuleError, match="already seated"):
        services.division_split(division=target)
    with pytest.raises(RuleError, match="not a combination"):
        services.division_split(division=a)
    # One division into another existing one with players counts as two.
    event2 = EventFactory()
    c = DivisionFactory(event=event2, name="C")
    d = DivisionFactory(event=event2, name="D")
    EntrantFactory.create_batch(2, division=c)
    EntrantFactory.create_batch(2, division=d)
    assert services.divisions_combine(event=event2, into="D", names=["C"]) == d


def test_checkin_command_disqualifies_with_a_reason_and_undoes_a_withdrawal():
    division = seated_division(8)
    slug = division.event.slug
    first, second = seated(table_one(division))[:2]
    with pytest.raises(CommandError, match="need --reason"):
        run("checkin", slug, "--disqualify", first.external_id)
    with pytest.raises(CommandError, match="--reason goes with"):
        run("checkin", slug, "--withdraw", first.external_id, "--reason", "why")
    out = run("checkin", slug, "--disqualify", first.external_id, "--reason", "cheating")
    assert out == f"Disqualified: {first.name} ({first.external_id}).\n"
    assert Entrant.objects.get(pk=first.pk).status == "disqualified"
    run("checkin", slug, "--withdraw", second.external_id)
    out = run("checkin", slug, "--undo-withdrawal", second.external_id, "--reason", "typo")
    assert out == f"Back in play: {second.name} ({second.external_id}).\n"
    assert Entrant.objects.get(pk=second.pk).status == "checked_in"
    # An unknown id refuses everything: nothing changes.
    with pytest.raises(CommandError, match="NOPE"):
        run(
            "checkin",
            slug,
            "--undo-withdrawal",
            first.external_id,
            "--reason",
            "x",
            "--withdraw",
            "NOPE",
        )
    assert Entrant.objects.get(pk=first.pk).status == "disqualified"


def test_split_division_command_splits_again_before_seating():
    event = EventFactory()
    for name in ("A", "B"):
        EntrantFactory.create_batch(2, division=DivisionFactory(event=event, name=name))
    with pytest.raises(CommandError, match="two or more divisions"):
        run("combine_divisions", event.slug, "--into", "AB", "A")
    run("combine_divisions", event.slug, "--into", "AB", "A", "B")
    assert run("split_division", event.slug, "AB") == ("AB is split: A, B play on their own.\n")
    assert not Division.objects.filter(event=event, combined_into__isnull=False).exists()
    with pytest.raises(CommandError, match="not a combination"):
        run("split_division", event.slug, "A")
