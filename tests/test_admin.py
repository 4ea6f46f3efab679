"""The admin cannot bypass the services once a division is seated (tournaments/admin.py)."""

import pytest
from django.contrib import admin
from django.test import RequestFactory

from tests.factories import DivisionFactory, EntrantFactory, UserFactory, seated_division
from tournaments.models import Division, Entrant, Event

pytestmark = pytest.mark.django_db


def read_only(model, obj):
    request = RequestFactory().get("/admin/")
    request.user = UserFactory(username="root", is_staff=True, is_superuser=True)
    return set(admin.site._registry[model].get_readonly_fields(request, obj))


def test_before_seating_the_settings_and_the_entrants_can_be_edited():
    entrant = EntrantFactory()
    assert read_only(Event, entrant.event) == set()
    assert read_only(Entrant, entrant) == set()
    # A division's state moves only through the services, seated or not.
    assert {"status", "results"} <= read_only(Division, entrant.division)
    assert "combined_into" not in read_only(Division, entrant.division)


def test_once_seated_the_bracket_settings_combination_and_entrants_are_read_only():
    division = seated_division(4)
    assert {"scoring", "tie_order", "medal_policy", "prefer_threes"} <= read_only(
        Event, division.event
    )
    assert {"status", "combined_into"} <= read_only(Division, division)
    assert {"division", "status"} <= read_only(Entrant, division.entrants.first())
    other = DivisionFactory(event=division.event, name="Masters")
    assert "combined_into" not in read_only(Division, other)
