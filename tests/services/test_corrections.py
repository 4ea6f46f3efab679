"""score_correct and penalty_add, called directly (scoring/services/corrections.py)."""

import pytest

from scoring import services
from scoring.models import ScoreChange
from tests.factories import enter, seated, seated_division
from tournaments.engine import RuleError
from tournaments.models import Table

pytestmark = pytest.mark.django_db

# Three games per table: seat 1 clearly first, seat 2 clearly second.
GAMES = [(0, 10, 20, 30), (0, 12, 25, 31), (0, 14, 40, 35)]


def play_round_one(division):
    for table in Table.objects.filter(round__division=division, round__number=1):
        for number, values in enumerate(GAMES, start=1):
            enter(table, number, values)


def test_a_correction_keeps_before_after_and_reason():
    division = seated_division(8)
    play_round_one(division)
    table = Table.objects.get(round__division=division, number=1)
    game = table.games.get(number=1)
    second = seated(table)[1]
    change = services.score_correct(game=game, entrant=second, rack_total=11, reason="typo")
    assert (change.before, change.after, change.reason) == (
        {"rack_total": 10},
        {"rack_total": 11},
        "typo",
    )
    assert change.flag == ""  # the round is still open: nothing was decided yet
    with pytest.raises(RuleError, match="needs a reason"):
        services.score_correct(game=game, entrant=second, rack_total=12, reason=" ")


def test_a_correction_that_changes_who_advanced_is_flagged_and_changes_nothing_else():
    division = seated_division(8)  # two tables: the best two of each go on
    play_round_one(division)
    services.division_advance(division=division)
    table = Table.objects.get(round__division=division, round__number=1, number=1)
    first, second, third, _ = seated(table)
    next_round = set(
        division.rounds.get(number=2).seats.values_list("entrant__external_id", flat=True)
    )
    change = services.score_correct(
        game=table.games.get(number=3), entrant=second, rack_total=200, reason="misread"
    )
    assert change.flag.startswith("This correction would change who advanced from round 1:")
    assert third.name in change.flag and second.name in change.flag
    after = set(division.rounds.get(number=2).seats.values_list("entrant__external_id", flat=True))
    assert after == next_round  # the next round stays as seated until the organizer decides
    assert ScoreChange.objects.get(action="corrected").flag == change.flag


def test_several_rack_totals_corrected_together_all_or_nothing():
    """scores_correct: the game checked as it is after every change (a 0 moved from one
    player to another passes through no two zeros), one audit line per player; a game the
    engine refuses stores nothing at all."""
    division = seated_division(8)
    play_round_one(division)
    table = Table.objects.get(round__division=division, number=1)
    game = table.games.get(number=1)
    first, second, third, _fourth = seated(table)
    with pytest.raises(RuleError):
        services.scores_correct(
            game=game, changes=[(second, 12, "typo"), (third, 0, "went out")], user=None
        )
    assert not ScoreChange.objects.filter(action="corrected").exists()
    assert game.racks.get(entrant=second).rack_total == 10
    changes = services.scores_correct(
        game=game, changes=[(first, 10, "swapped"), (second, 0, "swapped")], user=None
    )
    assert [(c.entrant_id, c.before, c.after) for c in changes] == [
        (first.pk, {"rack_total": 0}, {"rack_total": 10}),
        (second.pk, {"rack_total": 10}, {"rack_total": 0}),
    ]
    assert ScoreChange.objects.filter(action="corrected").count() == 2
    with pytest.raises(RuleError, match="already has"):
        services.scores_correct(game=game, changes=[(first, 10, "again")], user=None)


def test_penalties_need_a_reason_and_an_open_round():
    division = seated_division(4)
    round_ = division.rounds.get()
    entrant = seated(round_.tables.get())[0]
    with pytest.raises(RuleError, match="need a reason"):
        services.penalty_add(round_=round_, entrant=entrant, points=5, reason="")
    penalty = services.penalty_add(round_=round_, entrant=entrant, points=5, reason="late")
    assert penalty.points == 5
    assert ScoreChange.objects.get().action == ScoreChange.Action.PENALTY


def test_a_correction_to_the_value_already_there_is_refused_and_records_nothing():
    division = seated_division(8)
    play_round_one(division)
    table = Table.objects.get(round__division=division, number=1)
    game = table.games.get(number=1)
    second = seated(table)[1]
    changes = ScoreChange.objects.count()
    with pytest.raises(RuleError, match="already has 10; nothing to correct"):
        services.score_correct(game=game, entrant=second, rack_total=10, reason="typo")
    assert ScoreChange.objects.count() == changes
    # A different value is still a correction, and the same one again is then refused.
    services.score_correct(game=game, entrant=second, rack_total=11, reason="typo")
    with pytest.raises(RuleError, match="already has 11"):
        services.score_correct(game=game, entrant=second, rack_total=11, reason="again")
