"""Standings, projector and sheets tell the truth: no place before a
table has played, withdrawn and disqualified players marked, a tie settled by a draw in
its decided order, unconfirmed scores marked, the placing rule in one line."""

import random

import pytest
from django.test import Client

from desk.selectors import division_desk
from printing.renderers import (
    render_bracket,
    render_results,
    render_score_sheets,
    render_table_list,
)
from printing.selectors import (
    bracket_data,
    results_data,
    score_sheets_data,
    table_list_data,
)
from scoring import services as scoring
from scoring.selectors import division_state, round_standings, table_sheet
from scoring.simulation import SimulationReport, finish_division
from tests.factories import UserFactory, enter, seated, seated_division
from tournaments.models import Entrant, Event, Table

from ..printing import pdfcheck

pytestmark = pytest.mark.django_db


def test_a_table_that_has_not_played_shows_no_place_and_no_total():
    division = seated_division(7)  # a table of four, a table of three
    first, second = Table.objects.filter(round__division=division).order_by("number")
    rows = round_standings(division_state(division), 1)
    assert {r["position"] for r in rows} == {None}
    assert {r["total"] for r in rows} == {None}
    enter(first, 1, (0, 10, 20, 30))
    rows = round_standings(division_state(division), 1)
    played = [r for r in rows if r["table"] == first.number]
    waiting = [r for r in rows if r["table"] == second.number]
    assert [r["position"] for r in played] == [1, 2, 3, 4]
    assert [r["total"] for r in played] == [0, 10, 20, 30]
    assert [(r["position"], r["total"]) for r in waiting] == [(None, None)] * 3
    # sorting by place puts the tables that have played first, never compares None
    assert sorted(rows, key=lambda r: r["sort_position"])[0]["position"] == 1


def tied_final():
    """Four players, one table (the final): seats 2 and 3 tie exactly for silver."""
    division = seated_division(4)
    table = Table.objects.get(round__division=division)
    for number in (1, 2, 3):
        enter(table, number, (0, 10, 10, 30))
    return division, table


def test_a_tie_settled_by_a_draw_shows_the_decided_order_everywhere():
    division, table = tied_final()
    players = seated(table)
    rows = round_standings(division_state(division), 1)
    assert [r["position"] for r in rows] == [1, 2, 2, 4]
    assert not any(r["decided"] for r in rows)

    scoring.tie_resolve(
        division=division, round_number=1, order=[players[2], players[1]], note="tile draw"
    )
    rows = round_standings(division_state(division), 1)
    assert [r["position"] for r in rows] == [1, 3, 2, 4]
    assert [r["decided"] for r in rows] == [False, True, True, False]
    # the table's sheet (score entry) agrees with the standings
    assert [s.position for s in table_sheet(table).seats] == [1, 3, 2, 4]
    # the printed bracket puts them in that order and marks it
    data = bracket_data(division.event, division)
    marked = {p.name: (p.position, p.decided) for p in data.rounds[0].tables[0].players}
    assert marked[players[2].name] == (2, True) and marked[players[1].name] == (3, True)
    assert marked[players[0].name] == (1, False)
    text = pdfcheck.text(render_bracket(data))
    assert text.count("place decided by playoff or draw") == 2


def test_withdrawn_and_disqualified_players_are_marked_on_every_sheet():
    division = seated_division(8)
    tables = list(Table.objects.filter(round__division=division).order_by("number"))
    quitter, cheat = seated(tables[0])[3], seated(tables[1])[3]
    Entrant.objects.filter(pk=quitter.pk).update(status=Entrant.Status.WITHDRAWN)
    Entrant.objects.filter(pk=cheat.pk).update(status=Entrant.Status.DISQUALIFIED)
    for table in tables:
        playing = seated(table)[:3]  # three players left at each table
        for number in (1, 2, 3):
            scoring.game_record(
                table=table,
                number=number,
                racks=dict(zip(playing, (0, 10, 20), strict=True)),
                organizer=True,
            )

    rows = {r["name"]: r for r in round_standings(division_state(division), 1)}
    assert rows[quitter.name]["status"] == "withdrawn"
    assert rows[cheat.name]["status"] == "disqualified"
    # the desk's division page names each for what it is
    marks = {name: word for t in division_desk(division).tables() for _, name, word in t["players"]}
    assert marks[quitter.name] == "withdrawn" and marks[cheat.name] == "disqualified"
    assert sum(1 for word in marks.values() if word) == 2

    event = division.event
    for pdf in (
        render_table_list(table_list_data(event, division)),
        render_score_sheets(score_sheets_data(event, division)),
        render_bracket(bracket_data(event, division)),
    ):
        text = pdfcheck.squeeze(pdfcheck.text(pdf))
        assert pdfcheck.squeeze(f"{quitter.name} (withdrawn)") in text or (
            pdfcheck.squeeze(quitter.name) in text and "withdrawn" in text
        )
        assert "disqualified" in text

    finish_division(division, random.Random(3), SimulationReport(event, 8))
    results = results_data(event).divisions[0]
    status = {p.name: p.status for p in results.placings}
    assert status[quitter.name] == "withdrawn" and status[cheat.name] == "disqualified"
    desk = {row["name"]: row["status"] for row in division_desk(division).placings}
    assert desk[cheat.name] == "disqualified" and desk[quitter.name] == "withdrawn"
    assert "disqualified" in pdfcheck.text(render_results(results_data(event)))


def test_the_results_sheet_explains_the_placing_rule():
    division = seated_division(6)
    finish_division(division, random.Random(2), SimulationReport(division.event, 6))
    text = " ".join(pdfcheck.text(render_results(results_data(division.event))).split())
    assert "within a round, the finishing position at the table comes first" in text


def test_the_projector_marks_scores_still_to_confirm_and_explains_places():
    division = seated_division(4, confirmation=Event.Confirmation.SECOND_PERSON)
    table = Table.objects.get(round__division=division)
    players = seated(table)
    scorekeeper = UserFactory(username="sk1")
    scoring.game_record(
        table=table,
        number=1,
        racks=dict(zip(players, (0, 10, 20, 30), strict=True)),
        user=scorekeeper,
    )
    rows = round_standings(division_state(division), 1)
    assert all(r["to_confirm"] for r in rows)
    page = Client().get(f"/p/{division.event.slug}/").content.decode()
    assert page.count("to confirm") == 4
    assert "the finishing position at the table first" in page
    # once confirmed by an organizer, the mark goes
    game = table.games.get(number=1)
    scoring.game_confirm(game=game, user=UserFactory(username="org1"), organizer=True)
    page = Client().get(f"/p/{division.event.slug}/").content.decode()
    assert "to confirm" not in page
