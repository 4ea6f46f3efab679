"""An 80-84 final of one game where two players are level on 14, with no games won and
the same worst game: the table page, the standings and the medals agree on how that tie
ends."""

import pytest
from django.test import Client

from scoring import services
from scoring.selectors import table_sheet
from scoring.selectors.state import division_state
from tests.factories import UserFactory, enter, seated, seated_division
from tournaments.models import Division, Table

pytestmark = pytest.mark.django_db

# Round 1, three tables of three, rack totals in seat order: seat 1 wins each table,
# table 1's with 15 (5 per game), table 2's with 7 (2.3), table 3's with 30 (10).
ROUND_ONE = {
    1: [(0, 21, 27), (5, 0, 40), (10, 0, 33)],
    2: [(0, 9, 25), (0, 9, 25), (7, 0, 15)],
    3: [(0, 25, 50), (30, 41, 0), (0, 25, 9)],
}


def to_the_final(**event_settings):
    """Nine players through round 1 to a one-game final of Lu (went out), Li and E on 14."""
    division = seated_division(9, **event_settings)
    winners = []
    for table in Table.objects.filter(round__division=division, round__number=1).order_by("number"):
        for number, values in enumerate(ROUND_ONE[table.number], start=1):
            enter(table, number, values)
        winners.append(seated(table)[0])
    services.division_advance(division=division)
    gold, linda, earl = winners
    final = Table.objects.get(round__division=division, round__number=2)
    services.game_record(
        table=final, number=1, racks={gold: 0, linda: 14, earl: 14}, organizer=True
    )
    return division, final, gold, linda, earl


def division_page(division) -> str:
    organizer = UserFactory(username="olive")
    division.event.organizers.add(organizer)
    client = Client()
    client.force_login(organizer)
    page = client.get(f"/e/{division.event.slug}/desk/divisions/{division.pk}/")
    assert page.status_code == 200
    return page.content.decode()


def places_at(final) -> dict:
    return {seat.entrant.pk: seat.position for seat in table_sheet(final).seats}


def test_with_the_round_before_step_the_table_page_agrees_with_the_medals():
    # The event's default order ends with "score per game in the round before":
    # Linda (7 in round 1) is ahead of Earl (30). The table page said "Place 2" for both.
    division, final, gold, linda, earl = to_the_final()
    assert places_at(final) == {gold.pk: 1, linda.pk: 2, earl.pk: 3}
    result = services.division_advance(division=division)
    assert result.finished
    medals = {p.player: p.medal for p in division_state(result.division).placings.placings}
    assert (medals[linda.external_id], medals[earl.external_id]) == ("silver", "bronze")
    # The desk says how the tie was settled before the medals are confirmed.
    note = (
        f"{linda.name} and {earl.name} were level on 14 in the final. The tie-break "
        f"“the better score per game in round 1” placed them: {linda.name} (2.3), "
        f"{earl.name} (10.0)."
    )
    assert division_state(result.division).final_tie_notes == [note]
    page = division_page(result.division)
    assert note in page and "Confirm the medals" in page


def test_without_the_round_before_step_the_tie_is_asked_for_before_any_medal():
    division, final, gold, linda, earl = to_the_final(tie_order="wins,worst-game")
    assert places_at(final) == {gold.pk: 1, linda.pk: 2, earl.pk: 2}
    with pytest.raises(services.TieBlocked) as refused:
        services.division_advance(division=division)
    assert [set(t.players) for t in refused.value.ties] == [{linda.external_id, earl.external_id}]
    division.refresh_from_db()
    assert division.status != Division.Status.COMPLETE and division.results is None
    page = division_page(division)
    assert "Confirm the medals" not in page
    assert "Record the playoff or tile draw" in page and "Record the result" in page
    # The tile draw is recorded (Earl first): then silver goes to Earl.
    services.tie_resolve(division=division, round_number=2, order=[earl, linda])
    assert places_at(final) == {gold.pk: 1, earl.pk: 2, linda.pk: 3}
    result = services.division_advance(division=division)
    assert result.finished
    medals = {p.player: p.medal for p in division_state(result.division).placings.placings}
    assert (medals[earl.external_id], medals[linda.external_id]) == ("silver", "bronze")
    assert division_state(result.division).final_tie_notes == [
        f"{earl.name} and {linda.name} were level on 14 in the final. The playoff or tile "
        f"draw you recorded placed them: {earl.name}, {linda.name}."
    ]
