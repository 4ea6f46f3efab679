"""Corrections pending a decision (scoring/selectors/corrections.py)."""

import pytest

from scoring import services
from scoring.selectors import corrections_pending, division_pending_correction
from tests.factories import enter, seated, seated_division
from tournaments.models import Table

pytestmark = pytest.mark.django_db

# Three games per table: seat 1 clearly first, seat 2 clearly second.
GAMES = [(0, 10, 20, 30), (0, 12, 25, 31), (0, 14, 40, 35)]


def round_one_closed(players=8):
    """Two tables of four: the best two of each go on to a final seated, not started."""
    division = seated_division(players)
    for table in Table.objects.filter(round__division=division, round__number=1):
        for number, values in enumerate(GAMES, start=1):
            enter(table, number, values)
    services.division_advance(division=division)
    return division


def test_nothing_is_pending_without_a_flagged_correction():
    division = round_one_closed()
    assert division_pending_correction(division) is None
    assert corrections_pending(division.event) == {}


def test_a_correction_that_changes_who_advanced_is_pending_with_both_sides():
    division = round_one_closed()
    table = Table.objects.get(round__division=division, round__number=1, number=1)
    _, second, third, _ = seated(table)
    services.score_correct(
        game=table.games.get(number=3), entrant=second, rack_total=200, reason="misread"
    )
    pending = division_pending_correction(division)
    assert pending is not None
    assert [c.reason for c in pending.changes] == ["misread"]
    assert pending.summary == "1 correction changes who advanced: accept or undo."
    (comparison,) = pending.comparisons
    assert comparison.heading == "Who goes on from round 1 to round 2"
    assert f"{second.name} — not if you accept" in comparison.now.lines
    assert not any(third.name in line for line in comparison.now.lines)
    assert f"{third.name} — instead" in comparison.if_accepted.lines
    assert not any(second.name in line for line in comparison.if_accepted.lines)
    assert "seats round 2 again" in comparison.note
    assert set(corrections_pending(division.event)) == {division.pk}


def test_a_correction_put_right_by_hand_is_no_longer_pending():
    division = round_one_closed()
    table = Table.objects.get(round__division=division, round__number=1, number=1)
    second = seated(table)[1]
    game = table.games.get(number=3)
    services.score_correct(game=game, entrant=second, rack_total=200, reason="misread")
    services.score_correct(game=game, entrant=second, rack_total=14, reason="sheet was right")
    assert division_pending_correction(division) is None
    assert corrections_pending(division.event) == {}
