"""The desk's division page before round 1: its warning of a table of two comes from the
engine's plan for the players checked in, never from a count written in the template."""

import pytest
from django.urls import reverse

from tests.factories import DivisionFactory, EntrantFactory, EventFactory
from tests.helpers import organizer_client
from tournaments import engine

pytestmark = pytest.mark.django_db

WARNING = "a table of two cannot be avoided"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 9])
def test_a_table_of_two_is_told_exactly_when_the_plan_has_one(players):
    event = EventFactory()
    division = DivisionFactory(event=event)
    EntrantFactory.create_batch(players, division=division)
    page = organizer_client(event).get(reverse("desk:division", args=[event.slug, division.pk]))
    plan = engine.plan_division(players, prefer_threes=event.prefer_threes)
    assert page.status_code == 200
    assert (WARNING in page.content.decode()) == plan.table_of_two
