"""division_state, table_sheet and round_standings read small data directly
(scoring/selectors/)."""

import pytest

from scoring.selectors import division_state, round_standings, table_sheet
from tests.factories import enter, seated_division
from tournaments.models import Table

pytestmark = pytest.mark.django_db


def test_division_state_holds_the_bracket_as_engine_records():
    division = seated_division(7)  # a table of four and a table of three
    state = division_state(division)
    assert [len(t.players) for t in state.records[0].tables] == [4, 3]
    assert set(state.players) == set(state.entrants) and len(state.players) == 7
    assert state.current.number == 1 and state.outcomes[0].problems  # nothing played yet
    assert state.blocking_ties() == ()


def test_table_sheet_totals_positions_and_the_next_game():
    division = seated_division(4)
    table = Table.objects.get(round__division=division)
    enter(table, 1, (0, 10, 20, 30))
    enter(table, 2, (15, 0, 20, 30))
    sheet = table_sheet(table)
    assert sheet.next_game == 3 and not sheet.complete
    assert [s.total for s in sheet.seats] == [15, 10, 40, 60]
    assert [s.position for s in sheet.seats] == [2, 1, 3, 4]
    assert [a.action for a in sheet.audit] == ["entered", "entered"]
    assert sheet.audit[0].after_text.endswith("(a player went out)")


@pytest.mark.parametrize(("scoring", "better_first"), [("low", 10), ("sabra", 55)])
def test_round_standings_sort_better_first_under_either_scoring(scoring, better_first):
    division = seated_division(4, scoring=scoring)
    table = Table.objects.get(round__division=division)
    enter(table, 1, (0, 10, 20, 30))
    enter(table, 2, (15, 0, 20, 30))
    rows = round_standings(division_state(division), 1)
    best = min(rows, key=lambda row: row["sort_total"])
    assert best["total"] == better_first
    assert [r["seat"] for r in rows] == [1, 2, 3, 4]
