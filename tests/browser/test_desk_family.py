"""The desk's entrant form and list carry the family (no browser needed)."""

from django.test import Client
from django.urls import reverse

from tournaments.models import Entrant


def _organizer(world) -> Client:
    client = Client()
    client.force_login(world.users["organizer"])
    return client


def test_the_entrant_form_edits_the_family_and_the_list_shows_it(world):
    client = _organizer(world)
    entrant = Entrant.objects.get(event=world.event, external_id="P001")
    url = reverse("desk:entrant_edit", args=[world.event.slug, entrant.pk])
    page = client.get(url).content.decode()
    assert 'name="family"' in page and "Family (household or couple" in page
    response = client.post(
        url,
        {
            "first_name": entrant.first_name,
            "last_name": entrant.last_name,
            "birth_date": entrant.birth_date.isoformat(),
            "gender": "",
            "club": entrant.club,
            "family": " Lee household ",
            "email": "",
            "phone": "",
            "division_name": "Open",
        },
    )
    assert response.status_code == 302
    entrant.refresh_from_db()
    assert entrant.family == "Lee household" and entrant.club == "Club 1"
    listing = client.get(reverse("desk:entrants", args=[world.event.slug])).content.decode()
    assert '<td dir="auto">Lee household</td>' in listing


def test_a_family_too_long_is_refused_on_the_form_and_nothing_is_lost(world):
    client = _organizer(world)
    response = client.post(
        reverse("desk:entrant_new", args=[world.event.slug]),
        {"first_name": "Nia", "last_name": "Lee", "family": "L" * 121, "division_name": "Open"},
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "at most 120 characters" in page and 'value="Nia"' in page
    assert not Entrant.objects.filter(first_name="Nia").exists()
