"""The division page's tie form: it asks which medal the tie is for and what each box
means, chooses nobody in advance, and records nothing until every box is chosen."""

import re

import pytest
from django.urls import reverse

from desk.selectors.division import division_desk
from scoring.models import TieBreakDecision
from tests.factories import enter, seated_division
from tests.helpers import organizer_client

pytestmark = pytest.mark.django_db


def _bronze_tie():
    """Four players in a final: the last two level on total, wins and worst game."""
    division = seated_division(4)
    table = division.rounds.get().tables.get()
    for number, racks in enumerate([(0, 3, 12, 5), (0, 4, 5, 12), (0, 2, 1, 1)], start=1):
        enter(table, number, racks)
    return division


def _tie_form(html: str) -> str:
    return html.split('id="ties"')[1].split("</form>")[0]


def test_the_engine_says_the_tie_is_for_third_place():
    (tie,) = [item["tie"] for item in division_desk(_bronze_tie()).ties]
    assert (tie.place, tie.winners, tie.places) == (3, 1, (3, 4))


def test_the_form_names_the_medal_and_chooses_nobody():
    division = _bronze_tie()
    client = organizer_client(division.event)
    html = client.get(reverse("desk:division", args=[division.event.slug, division.pk]))
    form = _tie_form(html.content.decode())
    assert "Tied for bronze (3rd): who placed 3rd, who 4th?" in form
    assert ">3rd: bronze</label>" in form and ">4th</label>" in form
    assert "Place 1" not in form
    selected = re.findall(r'<option value="([^"]*)" selected>', form)
    assert selected == ["", ""]  # each box starts at "choose"


@pytest.mark.parametrize("order", [["", ""], ["P?", ""], [""]])
def test_recording_refuses_a_box_not_chosen(order):
    division = _bronze_tie()
    tie = division_desk(division).ties[0]["tie"]
    order = [tie.players[0] if o == "P?" else o for o in order]
    client = organizer_client(division.event)
    url = reverse("desk:tie", args=[division.event.slug, division.pk])
    response = client.post(url, {"round": 1, "order": order, "note": "tile draw"}, follow=True)
    assert "Nothing recorded: choose a player in every box" in response.content.decode()
    assert not TieBreakDecision.objects.exists()


def test_recording_keeps_the_order_chosen():
    division = _bronze_tie()
    tie = division_desk(division).ties[0]["tie"]
    chosen = list(reversed(tie.players))
    client = organizer_client(division.event)
    url = reverse("desk:tie", args=[division.event.slug, division.pk])
    client.post(url, {"round": 1, "order": chosen, "note": "tile draw"})
    assert TieBreakDecision.objects.get().order == chosen
    assert not division_desk(division).ties


def test_a_refused_form_comes_back_as_chosen_with_its_note_and_problem():
    division = _bronze_tie()
    tie = division_desk(division).ties[0]["tie"]
    same = [tie.players[1], tie.players[1]]
    client = organizer_client(division.event)
    url = reverse("desk:tie", args=[division.event.slug, division.pk])
    form = _tie_form(
        client.get(
            reverse("desk:division", args=[division.event.slug, division.pk])
        ).content.decode()
    )
    key = re.search(r'name="tie" value="([^"]*)"', form).group(1)
    note = "playoff game, Ana 42 to 30"
    response = client.post(url, {"round": 1, "tie": key, "order": same, "note": note}, follow=True)
    assert not TieBreakDecision.objects.exists()
    form = _tie_form(response.content.decode())
    selected = re.findall(r'<option value="([^"]*)" selected>', form)
    assert selected == same
    assert f'value="{note}"' in form and 'value="tile draw"' not in form
    assert "data-tie-problem" in form  # said at the form
    again = _tie_form(
        client.get(
            reverse("desk:division", args=[division.event.slug, division.pk])
        ).content.decode()
    )
    assert re.findall(r'<option value="([^"]*)" selected>', again) == ["", ""]  # once
