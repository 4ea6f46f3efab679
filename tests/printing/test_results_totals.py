"""The results sheet never shows a round-1 total under a later round, and says how players
from different tables are compared."""

import pytest

from printing.renderers.results import placing_rule
from printing.selectors import correction_notes, results_data
from scoring import services as scoring
from scoring.selectors import division_state
from tests.factories import enter, seated, seated_division
from tournaments import services
from tournaments.engine import plan_division
from tournaments.models import Bye, Division, Round

pytestmark = pytest.mark.django_db


def play(round_):
    """Every table: seat 1 wins with a total of its table number (seat 2 goes out in game 1,
    seat 1 in the others), so the table winners' totals differ; the rest hold 10, 20, …"""
    for k, table in enumerate(round_.tables.order_by("number"), start=1):
        players = [p for p in seated(table) if not p.out_of_play]
        for number in range(1, round_.games + 1):
            values = [i * 10 for i in range(len(players))]
            if number == 1 and round_.games > 1:
                values[0], values[1] = k, 0
            enter(table, number, values)


def test_a_withdrawn_bye_player_shows_no_round_one_total_under_round_two():
    division = seated_division(17)
    play(division.rounds.get(number=1))
    scoring.division_advance(division=division, seed=1)
    second = division.rounds.get(number=2)
    bye = Bye.objects.filter(round=second).select_related("entrant").first().entrant
    services.entrants_withdraw(event=division.event, ids=[bye.external_id])
    play(second)
    scoring.division_advance(division=division, seed=1)
    play(Round.objects.get(division=division, number=3))
    scoring.division_advance(division=division)
    division.refresh_from_db()
    assert division.status == Division.Status.COMPLETE
    (results,) = results_data(division.event, division).divisions
    line = next(p for p in results.placings if p.entrant_id == bye.external_id)
    # The bye took them to the final (RULES.md): no total of theirs there either.
    assert (line.round_reached, line.withdrawn) == (3, True)
    assert line.total == ""  # not their round-1 total
    finalist = next(p for p in results.placings if p.round_reached == 3)
    assert finalist.total != ""


def test_the_results_sheet_and_the_plan_say_players_of_different_tables_compare_per_game():
    assert "Players from different tables are compared by score per game" in placing_rule()
    notes = plan_division(17).comparison_notes()
    assert len(notes) == 2
    assert notes[0].startswith("Byes go to the best placed players going on")
    assert "score per game" in notes[0] and "score per game" in notes[1]
    assert plan_division(4).comparison_notes() == []  # one table: nothing to compare
    assert plan_division(9).comparison_notes() == [notes[1]]  # no byes
    by_age = plan_division(9).comparison_notes(medals_by_age_group=True)
    assert by_age[-1].startswith("Medals by age group:")


def test_the_results_sheet_says_a_correction_waits_and_that_a_started_round_stood():
    from printing.renderers.results import render_results
    from tests.printing.pdfcheck import collapse, text

    division = seated_division(8)
    play(division.rounds.get(number=1))
    scoring.division_advance(division=division, seed=1)
    table = division.rounds.get(number=1).tables.order_by("number").first()
    second = seated(table)[1]
    scoring.score_correct(
        game=table.games.get(number=3), entrant=second, rack_total=300, reason="misread"
    )
    assert correction_notes(division_state(division)) == (
        "A correction waits for the organizer's decision (1 correction changes who "
        "advanced): these results may change.",
    )
    play(division.rounds.get(number=2))  # the final is played: it has started
    scoring.corrections_accept(division=division)
    scoring.division_advance(division=division)
    division.refresh_from_db()
    (results,) = results_data(division.event, division).divisions
    assert results.notes == (
        "Round 1 was corrected after round 2 had started (misread): round 2 stands as it "
        "was played.",
    )
    pdf = render_results(results_data(division.event, division))
    assert "round 2 stands as it was played" in collapse(text(pdf))
    # The public results page says how players of different tables are compared.
    from django.test import Client
    from django.urls import reverse

    page = Client().get(reverse("public:results", args=[division.event.slug]))
    assert page.status_code == 200
    assert "Players from different tables are compared by score per game" in page.content.decode()
