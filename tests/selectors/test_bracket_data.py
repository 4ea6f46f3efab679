"""The printed bracket's data (tournaments/printing/selectors.py)."""

import pytest

from tests.factories import enter, seated_division
from tournaments.models import Table
from tournaments.printing.selectors import bracket_data

pytestmark = pytest.mark.django_db


def test_rounds_still_to_come_are_numbered_and_shaped_as_the_plan():
    """Issue 9, item 14: six players' final is round 2 and plays one game (not "3 g")."""
    division = seated_division(6)
    assert bracket_data(division.event, division).planned == ("Round 2: final 1×4, 1 g",)
    for table in Table.objects.filter(round__division=division):
        for number in (1, 2, 3):
            enter(table, number, (0, 10, 20))
    data = bracket_data(division.event, division)
    assert data.planned == ("Round 2: final 1×4, 1 g",)


def test_a_division_not_seated_prints_the_whole_plan():
    division = seated_division(6)
    division.rounds.all().delete()
    data = bracket_data(division.event, division)
    assert data.planned == ("Round 1: 2×3, 3 g, top 2 → 4", "Round 2: final 1×4, 1 g")
