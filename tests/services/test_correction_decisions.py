"""After a flagged correction the organizer accepts or undoes it (RULES.md, "After a flagged
correction"); late penalties are corrections (scoring/services/corrections.py)."""

import pytest

from scoring import services
from scoring.models import CorrectionDecision, Penalty, RackScore, ScoreChange
from scoring.selectors import division_pending_correction
from tests.factories import enter, seated, seated_division
from tournaments.engine import RuleError
from tournaments.models import Division, Table

pytestmark = pytest.mark.django_db

# Three games per table: seat 1 clearly first (0), seat 2 second (36), seat 3 third (85).
GAMES = [(0, 10, 20, 30), (0, 12, 25, 31), (0, 14, 40, 35)]


def round_one_closed(**event_settings):
    """Two tables of four: the best two of each go on to a final, seated, not started."""
    division = seated_division(8, **event_settings)
    for table in Table.objects.filter(round__division=division, round__number=1):
        for number, values in enumerate(GAMES, start=1):
            enter(table, number, values)
    services.division_advance(division=division)
    table = Table.objects.get(round__division=division, round__number=1, number=1)
    return division, table


def final_players(division) -> set[str]:
    final = division.rounds.get(number=2)
    return set(final.seats.values_list("entrant__external_id", flat=True))


def test_accept_seats_the_next_round_again_with_the_players_the_scores_give():
    division, table = round_one_closed()
    _, second, third, _ = seated(table)
    services.score_correct(
        game=table.games.get(number=3), entrant=second, rack_total=200, reason="misread"
    )
    assert second.external_id in final_players(division)
    result = services.corrections_accept(division=division)
    assert [r.number for r in result.seated] == [2] and result.standing == []
    players = final_players(division)
    assert third.external_id in players and second.external_id not in players
    assert len(players) == 4
    assert "Seated again after a correction" in division.rounds.get(number=2).warnings[-1]
    decision = CorrectionDecision.objects.get()
    assert decision.choice == "accepted" and "seated again" in decision.note
    assert division_pending_correction(division) is None
    # The same decision again (a double click): nothing left to decide, nothing changes.
    again = services.corrections_accept(division=division)
    assert again.nothing_pending and final_players(division) == players


def test_a_next_round_that_has_started_stands_and_keeps_the_flag():
    division, table = round_one_closed()
    _, second, third, _ = seated(table)
    change = services.score_correct(
        game=table.games.get(number=3), entrant=second, rack_total=200, reason="misread"
    )
    final_table = division.rounds.get(number=2).tables.get()
    enter(final_table, 1, (0, 5, 9, 12))
    result = services.corrections_accept(division=division)
    assert result.seated == [] and result.standing == [2]
    assert second.external_id in final_players(division)  # it stands
    change.refresh_from_db()
    assert change.flag and change.decision.choice == "accepted"
    assert "Round 2 had started: it stands." in change.decision.note
    assert division_pending_correction(division) is None


def test_undo_puts_the_value_back_and_both_steps_stay_in_the_audit_trail():
    division, table = round_one_closed()
    second = seated(table)[1]
    game = table.games.get(number=3)
    change = services.score_correct(game=game, entrant=second, rack_total=200, reason="misread")
    before_final = final_players(division)
    undo = services.correction_undo(change=change)
    assert RackScore.objects.get(game=game, entrant=second).rack_total == 14
    assert (undo.before, undo.after) == ({"rack_total": 200}, {"rack_total": 14})
    assert "misread" in undo.reason and undo.flag == ""
    assert final_players(division) == before_final
    assert CorrectionDecision.objects.get(change=change).choice == "undone"
    assert division_pending_correction(division) is None
    with pytest.raises(RuleError, match="already decided on: undone"):
        services.correction_undo(change=change)


def test_undo_is_refused_when_the_value_was_changed_again_since():
    division, table = round_one_closed()
    second = seated(table)[1]
    game = table.games.get(number=3)
    first = services.score_correct(game=game, entrant=second, rack_total=200, reason="misread")
    services.score_correct(game=game, entrant=second, rack_total=150, reason="misread again")
    with pytest.raises(RuleError, match="changed again since \\(now 150\\)"):
        services.correction_undo(change=first)
    assert RackScore.objects.get(game=game, entrant=second).rack_total == 150


def test_a_correction_put_right_by_hand_settles_the_flag():
    division, table = round_one_closed()
    second = seated(table)[1]
    game = table.games.get(number=3)
    first = services.score_correct(game=game, entrant=second, rack_total=200, reason="misread")
    services.score_correct(game=game, entrant=second, rack_total=14, reason="sheet was right")
    assert CorrectionDecision.objects.get(change=first).choice == "settled"
    with pytest.raises(RuleError, match="already decided on"):
        services.correction_undo(change=first)


def test_a_late_penalty_is_a_correction_flagged_when_it_changes_who_advanced():
    division, table = round_one_closed()
    round_one = division.rounds.get(number=1)
    first, second, third, _ = seated(table)
    small = services.penalty_add(round_=round_one, entrant=first, points=5, reason="late back")
    assert small.change.flag == "" and small.change.after == {"points": 5, "late": True}
    big = services.penalty_add(round_=round_one, entrant=second, points=60, reason="conduct")
    assert big.change.flag.startswith("This correction would change who advanced from round 1")
    assert second.external_id in final_players(division)  # nothing changes until decided
    services.correction_undo(change=big.change)
    assert not Penalty.objects.filter(pk=big.pk).exists()
    assert Penalty.objects.filter(pk=small.pk).exists()
    lines = ScoreChange.objects.filter(action="penalty").order_by("id")
    assert [(c.before, c.after) for c in lines] == [
        (None, {"points": 5, "late": True}),
        (None, {"points": 60, "late": True}),
        ({"points": 60}, None),
    ]


def test_a_late_penalty_accepted_reseats_the_next_round():
    division, table = round_one_closed()
    _, second, third, _ = seated(table)
    services.penalty_add(
        round_=division.rounds.get(number=1), entrant=second, points=60, reason="conduct"
    )
    services.corrections_accept(division=division)
    assert third.external_id in final_players(division)
    assert second.external_id not in final_players(division)


def test_accept_is_refused_while_the_correction_leaves_a_tie_open():
    division, table = round_one_closed(tie_order="")
    _, second, third, _ = seated(table)
    # second: 10 + 12 + 63 = 85, level with third.
    services.score_correct(
        game=table.games.get(number=3), entrant=second, rack_total=63, reason="misread"
    )
    pending = division_pending_correction(division)
    assert pending is not None and pending.blocked_by_tie
    with pytest.raises(services.TieBlocked):
        services.corrections_accept(division=division)
    services.tie_resolve(division=division, round_number=1, order=[third, second])
    services.corrections_accept(division=division)
    assert third.external_id in final_players(division)


def test_accepting_a_finished_divisions_new_medals_asks_to_confirm_them_again():
    division = seated_division(4)
    table = division.rounds.get().tables.get()
    for number, values in enumerate(GAMES, start=1):
        enter(table, number, values)
    services.division_advance(division=division)
    division.refresh_from_db()
    assert division.status == Division.Status.COMPLETE
    from tournaments import services as bracket

    bracket.medals_confirm(division=division)
    second = seated(table)[1]
    change = services.score_correct(
        game=table.games.get(number=3), entrant=second, rack_total=200, reason="misread"
    )
    assert change.flag.startswith("This correction would change the placings or medals")
    pending = division_pending_correction(division)
    (comparison,) = pending.comparisons
    assert any("(silver)" in line and second.name in line for line in comparison.now.lines)
    assert not any(
        second.name in line and "silver" in line for line in comparison.if_accepted.lines
    )
    result = services.corrections_accept(division=division)
    assert result.results_updated
    division.refresh_from_db()
    assert division.medals_confirmed_at is None
    medals = {r["player"]: r["medal"] for r in division.results}
    assert medals[second.external_id] is None
    assert division_pending_correction(division) is None


def test_decisions_survive_backup_and_restore():
    from scoring.backup import event_backup, event_restore

    division, table = round_one_closed()
    second = seated(table)[1]
    game = table.games.get(number=3)
    first = services.score_correct(game=game, entrant=second, rack_total=200, reason="misread")
    services.correction_undo(change=first)
    services.score_correct(game=game, entrant=second, rack_total=201, reason="misread again")
    data = event_backup(division.event)
    decisions = [c["decision"] for c in data["audit"] if c["decision"]]
    assert [d["choice"] for d in decisions] == ["undone"]
    copy = event_restore(data, slug="copy-of-it")
    again = event_backup(copy)
    assert [c["decision"] for c in again["audit"]] == [c["decision"] for c in data["audit"]]
    restored = Division.objects.get(event=copy, name=division.name)
    pending = division_pending_correction(restored)
    assert pending is not None and [c.reason for c in pending.changes] == ["misread again"]
