"""The desk's tie form says which medal or place a tie is for and what each box means,
in the reader's language, from the engine's tie (the places it settles)."""

import pytest
from django.utils import translation

from desk.selectors.tie_form import tie_form
from tournaments.engine.ties import FOR_A_MEDAL, FOR_THE_NEXT_ROUND, Tie, for_a_bye, for_a_medal_in


def test_a_tie_for_bronze_names_the_medal_and_each_place():
    form = tie_form(Tie(2, ("P1", "P2"), FOR_A_MEDAL, 1, place=3, winners=1))
    assert form.question == "Tied for bronze (3rd): who placed 3rd, who 4th?"
    assert form.boxes == ("3rd: bronze", "4th")


def test_three_tied_for_silver_have_three_boxes():
    form = tie_form(Tie(2, ("P1", "P2", "P3"), FOR_A_MEDAL, place=2, winners=2))
    assert form.question == "Tied for silver (2nd): who placed 2nd, who 3rd, who 4th?"
    assert form.boxes == ("2nd: silver", "3rd: bronze", "4th")


def test_a_medal_tie_in_an_age_group_names_the_group():
    form = tie_form(Tie(3, ("P1", "P2"), for_a_medal_in("70-74"), place=1, winners=3))
    assert form.question == "Tied for gold (1st) in 70-74: who placed 1st, who 2nd?"


def test_a_tie_before_the_final_is_for_the_place_that_goes_on():
    form = tie_form(Tie(1, ("P2", "P5", "P7"), FOR_THE_NEXT_ROUND, 2, place=2, winners=1))
    assert form.question == "Tied for the place that goes on to round 2: who goes on?"
    assert form.boxes == (
        "2nd at the table: goes on",
        "3rd at the table: out",
        "4th at the table: out",
    )
    assert "medal" not in form.question + " ".join(form.boxes)


def test_two_places_that_go_on():
    form = tie_form(Tie(1, ("P2", "P5", "P7"), FOR_THE_NEXT_ROUND, 2, place=2, winners=2))
    assert form.question == "Tied for the 2 places that go on to round 2: who goes on?"
    assert form.boxes[1] == "3rd at the table: goes on"


def test_a_bye_tie_asks_who_has_the_bye():
    form = tie_form(Tie(1, ("P12", "P13"), for_a_bye(2), place=1, winners=1))
    assert form.question == "Tied for the bye in round 2: who has it?"
    assert form.boxes == ("1st: has the bye", "2nd: plays")


@pytest.mark.parametrize(
    "language, question, box",
    [
        (
            "fr",
            "À égalité pour le bronze (3e)\u202f: qui a fini 3e, qui 4e\u202f?",
            "3e\u202f: bronze",
        ),
        ("es", "Empate por el bronce (3.º): ¿quién quedó 3.º, quién 4.º?", "3.º: bronce"),
    ],
)
def test_the_tie_form_in_french_and_spanish(language, question, box):
    with translation.override(language):
        form = tie_form(Tie(2, ("P1", "P2"), FOR_A_MEDAL, 1, place=3, winners=1))
    assert form.question == question
    assert form.boxes[0] == box
