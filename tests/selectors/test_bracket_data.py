"""The printed bracket's data (printing/selectors.py)."""

import pytest

from printing.selectors import bracket_data
from tests.factories import enter, seated_division
from tournaments.models import Table

pytestmark = pytest.mark.django_db

FINAL_OF_FOUR = "Round 2, the final: 1 table of four plays 1 game, for gold, silver and bronze."


def test_rounds_still_to_come_are_numbered_and_shaped_as_the_plan():
    """Six players' final is round 2 and plays one game (not "3 g")."""
    division = seated_division(6)
    assert bracket_data(division.event, division).planned == (FINAL_OF_FOUR,)
    for table in Table.objects.filter(round__division=division):
        for number in (1, 2, 3):
            enter(table, number, (0, 10, 20))
    data = bracket_data(division.event, division)
    assert data.planned == (FINAL_OF_FOUR,)


def test_a_division_not_seated_prints_the_whole_plan():
    division = seated_division(6)
    division.rounds.all().delete()
    data = bracket_data(division.event, division)
    assert data.planned == (
        "Round 1: 2 tables of three play 3 games; the best two of each table go on "
        "(4 players in round 2).",
        FINAL_OF_FOUR,
    )
