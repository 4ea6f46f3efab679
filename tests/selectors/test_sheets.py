"""What waits for whose confirmation: a table's sheet and the list of tables in play
(scoring/selectors/sheets.py)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import services
from scoring.selectors import table_sheet, tables_in_play
from tests.factories import UserFactory, enter, seated, seated_division
from tournaments.models import Table

pytestmark = pytest.mark.django_db


def keep(table, number, values, user):
    """A scorekeeper's entry: waits for someone else's confirmation."""
    racks = dict(zip(seated(table), values, strict=True))
    services.game_record(table=table, number=number, racks=racks, user=user)


@pytest.fixture
def setup():
    division = seated_division(8, confirmation="second-person")
    table = Table.objects.filter(round__division=division).order_by("number").first()
    sam, sue = UserFactory(username="sam"), UserFactory(username="sue")
    return division, table, sam, sue


def test_the_game_to_confirm_is_one_someone_else_entered(setup):
    _, table, sam, sue = setup
    keep(table, 1, (0, 10, 20, 30), sam)
    keep(table, 2, (5, 0, 20, 30), sam)
    sheet = table_sheet(table)
    assert sheet.next_game == 3
    assert sheet.game_to_confirm(sam) is None
    assert sheet.game_to_confirm(sue) == 1
    assert sheet.game_to_confirm(sam, organizer=True) == 1


def test_the_game_to_confirm_is_none_without_second_person_confirmation():
    division = seated_division(4, confirmation="none")
    table = Table.objects.get(round__division=division)
    keep(table, 1, (0, 10, 20, 30), UserFactory())
    assert table_sheet(table).game_to_confirm(UserFactory()) is None


def test_tables_in_play_count_games_to_confirm_and_whose_they_are(setup):
    division, table, sam, sue = setup
    keep(table, 1, (0, 10, 20, 30), sam)
    keep(table, 2, (5, 0, 20, 30), sue)
    enter(table, 3, (5, 9, 0, 30))  # the organizer's: confirmed
    rows = {t.table.number: t for t in tables_in_play(division.event, sam)}
    first = rows[table.number]
    assert (first.entered, first.unconfirmed, first.unconfirmed_own) == (3, 2, 1)
    other = next(t for n, t in rows.items() if n != table.number)
    assert (other.entered, other.unconfirmed, other.unconfirmed_own) == (0, 0, 0)


def test_a_sheet_reads_its_table_s_rows_without_joining_up_to_the_event(setup):
    """The page after every save: its games, rack totals and penalties are read by the
    table and the round alone, never joined through table, round and division to the
    event (the models' default orderings did that, for an order nobody needed)."""
    division, table, sam, sue = setup
    keep(table, 1, (0, 10, 20, 30), sam)
    keep(table, 2, (5, 0, 20, 30), sam)
    first, second = seated(table)[:2]
    services.penalty_add(round_=table.round, entrant=second, points=5, reason="Slow play")
    services.penalty_add(round_=table.round, entrant=first, points=2, reason="Tile shown")
    table = Table.objects.select_related("round__division__event").get(pk=table.pk)
    with CaptureQueriesContext(connection) as captured:
        sheet = table_sheet(table)
    joined = [
        q["sql"]
        for q in captured.captured_queries
        if '"tournaments_event"' in q["sql"] or ('"tournaments_round"' in q["sql"])
    ]
    assert not joined, joined
    # A penalty's and a change's player is the seat's entrant, and nobody shows who gave a
    # penalty or the account behind a change (its label is on the row): no joins for them.
    penalty = next(
        q["sql"] for q in captured.captured_queries if '"scoring_penalty"."id"' in q["sql"]
    )
    audit = next(
        q["sql"] for q in captured.captured_queries if '"scoring_scorechange"."id"' in q["sql"]
    )
    assert "JOIN" not in penalty, penalty
    assert '"auth_user"' not in audit, audit
    assert sheet.penalties[0].entrant is next(s.entrant for s in sheet.seats if s.entrant == second)
    # What the page shows is unchanged: penalties in the order given, every game's racks.
    assert [(p.entrant, p.points) for p in sheet.penalties] == [(second, 5), (first, 2)]
    assert [sorted(g.racks.values()) for g in sheet.games[:2]] == [[0, 10, 20, 30], [0, 5, 20, 30]]


def test_a_sheet_reads_penalties_and_namesakes_names_only_when_its_seats_have_some(setup):
    """The page after every save reads the seats (each saying whether its player has a
    namesake or penalty points, and whether a tie of the round was decided), the games
    with their racks, and the audit trail: three queries. A penalty or a namesake at the
    table adds the query for them, and the sheet shows them as before."""
    division, table, sam, sue = setup
    keep(table, 1, (0, 10, 20, 30), sam)
    table = Table.objects.select_related("round__division__event").get(pk=table.pk)
    with CaptureQueriesContext(connection) as captured:
        sheet = table_sheet(table)
    assert len(captured.captured_queries) == 3, [q["sql"] for q in captured.captured_queries]
    assert sheet.penalties == [] and not any(s.entrant.has_namesake for s in sheet.seats)

    first, second = seated(table)[:2]
    services.penalty_add(round_=table.round, entrant=second, points=5, reason="Slow play")
    elsewhere = Table.objects.filter(round=table.round).exclude(pk=table.pk).first()
    other = seated(elsewhere)[0]
    other.first_name, other.last_name = first.first_name, first.last_name.upper()
    other.club = "Far Club"
    other.save()
    with CaptureQueriesContext(connection) as captured:
        sheet = table_sheet(table)
    assert len(captured.captured_queries) == 5, [q["sql"] for q in captured.captured_queries]
    assert [(p.entrant, p.points) for p in sheet.penalties] == [(second, 5)]
    assert [s.penalty for s in sheet.seats][:2] == [0, 5]
    named = {s.entrant.pk: s.entrant.shown_name for s in sheet.seats}
    assert named[first.pk] == f"{first.name} ({first.club})", named
    assert named[second.pk] == second.name
