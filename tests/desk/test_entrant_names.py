"""The desk's add-entrant form stores a name as it is seen: a zero-width space or a bidi
override typed or pasted into it is never stored (tournaments.text.visible_text)."""

import pytest
from django.urls import reverse

from tests.factories import EventFactory
from tests.helpers import organizer_client
from tournaments.models import Entrant

pytestmark = pytest.mark.django_db


def test_the_add_entrant_form_stores_the_name_as_seen():
    event = EventFactory()
    client = organizer_client(event)
    response = client.post(
        reverse("desk:entrant_new", args=[event.slug]),
        {
            "first_name": "Mary\u200b",
            "last_name": "\u202eSmith\u202c",
            "birth_date": "1950-03-01",
            "club": "Sun\u2060rise",
            "division_name": "Open\ufeff",
        },
    )
    assert response.status_code == 302
    mary = Entrant.objects.get(event=event)
    assert (mary.first_name, mary.last_name, mary.club) == ("Mary", "Smith", "Sunrise")
    assert mary.division.name == "Open"
    listing = client.get(reverse("desk:entrants", args=[event.slug])).content.decode()
    assert "\u200b" not in listing and "\u202e" not in listing
    # Typed again without the invisible characters: the person already registered.
    again = client.post(
        reverse("desk:entrant_new", args=[event.slug]),
        {"first_name": "Mary", "last_name": "Smith", "birth_date": "1950-03-01"},
    )
    assert again.status_code == 200
    assert "Mary Smith is already registered as" in again.content.decode()
    assert Entrant.objects.filter(event=event).count() == 1
