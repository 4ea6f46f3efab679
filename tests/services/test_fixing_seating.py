"""Fixing a seating at the services: who did it, the desk's guard against a stale page, a
flagged correction settled by taking the next round back, the record kept exactly by
backup and restore, and two organizers at once (PostgreSQL)."""

import pytest

from scoring import services as scoring
from scoring.backup import BackupRefused, event_backup, event_restore
from scoring.models import CorrectionDecision, Game
from scoring.selectors import division_pending_correction
from tests.factories import UserFactory, enter, seated, seated_division
from tests.services.test_concurrency import eight_players, race, score_round_one
from tournaments import services
from tournaments.engine import RuleError
from tournaments.models import Division, Round, RoundChange, Table


def _play_round_one(division: Division) -> None:
    """Round 1, three games a table: seat 1 goes out each game, the others 10, 20, 30 (and
    the table's number, so table winners never tie)."""
    for table in Table.objects.filter(round__division=division, round__number=1):
        for number in (1, 2, 3):
            enter(table, number, [0, 10 + table.number, 20, 30][: table.seats.count()])


@pytest.mark.django_db
def test_reseat_and_reopen_by_an_organizer_record_who(tmp_path):
    division = seated_division(8)
    olive = UserFactory(username="olive")
    services.round_reseat(division=division, reason="two sisters together", user=olive)
    scoring.round_reopen(division=division, reason="wrong division seated", user=olive)
    reseat, reopen = RoundChange.objects.order_by("pk")
    assert (reseat.by, reseat.by_label, reseat.action) == (olive, "olive", "reseated")
    assert (reopen.by, reopen.by_label, reopen.action) == (olive, "olive", "reopened")
    assert reopen.before == reseat.after
    assert reseat.at <= reopen.at
    division.refresh_from_db()
    assert division.status == "registered"


@pytest.mark.django_db
def test_a_stale_desk_page_is_refused_in_words():
    division = seated_division(8)
    shown = division.rounds.current().pk
    services.round_reseat(division=division, expected_round=shown)
    with pytest.raises(RuleError, match="changed by someone else just now"):
        services.round_reseat(division=division, expected_round=shown)
    with pytest.raises(RuleError, match="changed by someone else just now"):
        scoring.round_reopen(division=division, reason="x", expected_round=shown)
    assert RoundChange.objects.count() == 1


@pytest.mark.django_db
def test_a_reseated_final_still_knows_who_met_in_round_one():
    # Eight players, two tables: the best two of each meet again in the final, and the
    # final seated again says so, as the one seated by advance did.
    division = seated_division(8, seed=3)
    _play_round_one(division)
    final = scoring.division_advance(division=division, seed=4).seated
    repeats = [w for w in final.warnings if "met in an earlier round" in w]
    assert len(repeats) == 2
    again = services.round_reseat(division=division, seed=11, reason="lights out at table 1")
    assert len([w for w in again.warnings if "met in an earlier round" in w]) == 2
    assert again.warnings[-1] == "Seated again by the organizer: lights out at table 1."
    assert again.kind == "final" and again.games == 1


@pytest.mark.django_db
def test_taking_back_the_next_round_settles_a_correction_flagged_for_it():
    division = seated_division(12, seed=3)
    _play_round_one(division)
    scoring.division_advance(division=division, seed=4)
    table = Table.objects.get(round__division=division, round__number=1, number=1)
    winner, runner_up = seated(table)[:2]
    # Seat 1 did not go out after all: the pool ran out with 80 on their rack, three
    # games running. Table 1's winner changes: flagged, round 2 stays as seated.
    for number in (1, 2, 3):
        change = scoring.score_correct(
            game=Game.objects.get(table=table, number=number),
            entrant=winner,
            rack_total=80,
            ended="exhausted",
            reason="misread",
        )
    assert change.flag and division_pending_correction(division) is not None
    result = scoring.round_reopen(division=division, reason="round 2 seated from wrong scores")
    assert result.removed == 2 and result.reopened.number == 1
    assert division_pending_correction(division) is None
    decisions = CorrectionDecision.objects.filter(change__division=division)
    assert decisions.count() == 3  # one per flagged correction
    for decision in decisions:
        assert decision.choice == "settled"
        assert decision.note.startswith(
            "Round 2 was taken back and round 1 reopened (round 2 seated from wrong scores)"
        )
    advanced = scoring.division_advance(division=division, seed=4)
    finalists = {s.entrant for s in advanced.seated.seats.select_related("entrant")}
    assert runner_up in finalists and winner not in finalists


@pytest.mark.django_db
def test_backup_restore_backup_keeps_the_round_changes():
    division = seated_division(8)
    olive = UserFactory(username="olive")
    division.event.organizers.add(olive)
    services.round_reseat(division=division, reason="cousins together", user=olive)
    scoring.round_reopen(division=division, reason="late bus")
    services.division_seat_first_round(division=division, seed=5)
    first = event_backup(division.event)
    assert [c["action"] for c in first["round_changes"]] == ["reseated", "reopened"]
    assert first["round_changes"][0]["by_user"] == "olive"
    copy = event_restore(first, slug="copy")
    second = event_backup(copy)
    assert second["event"].pop("slug") == "copy"
    first["event"].pop("slug")
    assert second == first
    assert RoundChange.objects.filter(division__event=copy).count() == 2


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("key", "value", "reason"),
    [
        ("action", "moved", "action: Value 'moved' is not a valid choice."),
        ("round", 0, "value: The round number must be 1 or more."),
        ("round", "2", "round number: '2' is the wrong kind of value."),
        ("division", "Nowhere", "its division is not in the backup."),
        ("before", [1], "its before should be a group of fields."),
        ("notes", [3], "each of its notes should be text."),
        ("reason", 5, "reason: '5' is the wrong kind of value."),
    ],
)
def test_a_restore_refuses_a_tampered_round_change_and_writes_nothing(key, value, reason):
    division = seated_division(8)
    services.round_reseat(division=division, reason="x")
    data = event_backup(division.event)
    data["round_changes"][0][key] = value
    rounds = Round.objects.count()
    with pytest.raises(BackupRefused) as refused:
        event_restore(data, slug="copy")
    assert f"round change 1: {reason}" in str(refused.value)
    assert Round.objects.count() == rounds and RoundChange.objects.count() == 1


# ------------------------------------------------------------------ two organizers at once


@pytest.mark.postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_reseats_at_once_seat_the_round_twice_one_after_the_other(tmp_path):
    division = eight_players(tmp_path)
    outcomes = race(lambda: services.round_reseat(division=Division.objects.get(pk=division.pk)))
    assert [kind for kind, _ in outcomes] == ["ok", "ok"]
    assert Round.objects.filter(division=division).count() == 1
    assert Table.objects.filter(round__division=division).count() == 2
    first, second = RoundChange.objects.order_by("pk")
    assert second.before == first.after


@pytest.mark.postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_reopens_at_once_take_back_one_round(tmp_path):
    division = eight_players(tmp_path)
    score_round_one(tmp_path)
    scoring.division_advance(division=division)
    outcomes = race(
        lambda: scoring.round_reopen(division=Division.objects.get(pk=division.pk), reason="r")
    )
    kinds = sorted(kind for kind, _ in outcomes)
    assert kinds == ["error", "ok"]
    error = next(value for kind, value in outcomes if kind == "error")
    assert isinstance(error, RuleError) and "of Open, round 1 has scores" in str(error)
    assert list(Round.objects.filter(division=division).values_list("number", "status")) == [
        (1, "in_play")
    ]
    assert RoundChange.objects.count() == 1


@pytest.mark.postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_score_and_a_reseat_at_once_never_lose_the_score(tmp_path):
    division = eight_players(tmp_path)
    table = Table.objects.get(round__division=division, round__number=1, number=1)
    racks = dict(zip(seated(table), [0, 10, 20, 30], strict=True))
    calls = [
        lambda: scoring.game_record(table=table, number=1, racks=racks, organizer=True),
        lambda: services.round_reseat(division=Division.objects.get(pk=division.pk)),
    ]
    outcomes = race(lambda: calls.pop()(), threads=2)
    oks = [value for kind, value in outcomes if kind == "ok"]
    errors = [value for kind, value in outcomes if kind == "error"]
    assert len(oks) + len(errors) == 2
    if Game.objects.filter(table__round__division=division).exists():
        # The score came first: the seating stands, refused in words.
        assert RoundChange.objects.count() == 0
        assert errors and "has scores: the round stands" in str(errors[0])
    else:
        # The reseat came first: the score for a table no longer in play is refused.
        assert RoundChange.objects.count() == 1
        assert errors and isinstance(errors[0], RuleError)
        assert "Table 1 is no longer in play (its round was seated again" in str(errors[0])


@pytest.mark.django_db
def test_a_score_for_a_table_seated_again_is_refused_in_words():
    division = seated_division(8)
    table = Table.objects.get(round__division=division, number=1)
    racks = dict(zip(seated(table), [0, 10, 20, 30], strict=True))
    services.round_reseat(division=division)
    with pytest.raises(RuleError) as refused:
        scoring.game_record(table=table, number=1, racks=racks, organizer=True)
    assert str(refused.value) == (
        "Table 1 is no longer in play (its round was seated again or removed): open the list "
        "of tables again."
    )
    assert not Game.objects.exists()


@pytest.mark.django_db
def test_a_round_that_cannot_get_free_hall_tables_is_not_taken_back(tmp_path):
    from tests.commands.test_fixing_seating import SLUG, _two_divisions
    from tests.helpers import run

    _two_divisions(tmp_path)
    # A hall of three tables: Late holds 2 and 3, Open's final 1; taken back, Open's round
    # 1 would need 1 and another free table.
    run("configure_event", SLUG, "--hall-tables", 3)
    division = Division.objects.get(event__slug=SLUG, name="Open")
    before = list(Table.objects.order_by("pk").values_list("pk", "round_id", "number"))
    with pytest.raises(RuleError) as refused:
        scoring.round_reopen(division=division, reason="too soon")
    text = str(refused.value)
    assert text.startswith(
        "Round 1 of Open cannot play again now: its table 2 is in use and the hall has too "
        "few free tables.\nNot enough free tables in the hall: 1 needed (Open, round 1: 1), 0 "
        "free"
    )
    assert "Late, round 1: 2 tables (2, 3)" in text
    assert list(Table.objects.order_by("pk").values_list("pk", "round_id", "number")) == before
    assert not RoundChange.objects.exists()
