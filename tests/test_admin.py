"""The admin (tournaments/admin.py) cannot bypass the services once a division is seated,
and answers an id no database column holds with a form error, never a 500."""

import pytest
from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
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


# Beyond any integer column of SQLite (64 bits) and of PostgreSQL.
TOO_LARGE = "9999999999999999999999999"


def test_an_id_too_large_for_the_database_is_a_form_error_on_the_event_form(client):
    event = EntrantFactory().event
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    url = f"/admin/tournaments/event/{event.pk}/change/"
    form = client.get(url).context["adminform"].form
    data = {name: "" if value is None else value for name, value in form.initial.items()}
    data.update({"divisions-TOTAL_FORMS": "0", "divisions-INITIAL_FORMS": "0"})
    for posted in ({"organizers": TOO_LARGE}, {"scorekeepers": ["1", f"-{TOO_LARGE}"]}):
        response = client.post(url, {**data, **posted})
        assert response.status_code == 200
        errors = response.context["adminform"].form.errors
        field = next(iter(posted))
        assert errors[field] == [
            f"Select a valid choice. {TOO_LARGE if field == 'organizers' else '-' + TOO_LARGE} "
            "is not one of the available choices."
        ]
    assert not event.organizers.exists()


def _admin_forms():
    """Every form class of the admin: each registered model's, and each of its inlines'."""
    request = RequestFactory().get("/admin/")
    request.user = UserFactory(username="root", is_staff=True, is_superuser=True)
    for model, model_admin in admin.site._registry.items():
        yield model, model_admin.get_form(request)
        if hasattr(model_admin, "add_form"):  # an account's: one form to add, one to change
            yield model, model_admin.get_form(request, obj=request.user)
        for inline in model_admin.get_inline_instances(request):
            yield inline.model, inline.get_formset(request).form


def test_every_choice_of_rows_in_the_admin_refuses_an_id_too_large():
    checked = set()
    for model, form in _admin_forms():
        for name, field in form.base_fields.items():
            if not isinstance(field, forms.ModelChoiceField):
                continue
            multiple = isinstance(field, forms.ModelMultipleChoiceField)
            for value in (TOO_LARGE, f"-{TOO_LARGE}"):
                with pytest.raises(ValidationError) as refused:
                    field.clean([value] if multiple else value)
                assert refused.value.code == "invalid_choice"
            checked.add(f"{model._meta.label}.{name}")
    # The relations people reach in the admin: the event's, an entrant's, an account's.
    assert {
        "tournaments.Event.organizers",
        "tournaments.Event.scorekeepers",
        "tournaments.Division.combined_into",
        "tournaments.Entrant.division",
        "scoring.Game.winner",
        "printing.GeneratedDocument.division",
        "auth.User.groups",
        "auth.Group.permissions",
    } <= checked
