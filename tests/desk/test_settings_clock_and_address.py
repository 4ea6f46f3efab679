"""The desk's settings and new-event pages: the event's time zone (a list of zones, the
common ones first) and its short name (changed before play, refused after with the
reason)."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.factories import EventFactory, seated_division
from tests.helpers import organizer_client, settings_post
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_the_zone_is_chosen_from_a_list_with_the_common_ones_first():
    event = EventFactory(slug="meet", time_zone="America/Denver")
    page = organizer_client(event).get("/e/meet/desk/settings/").content.decode()
    start = page.index('name="time_zone"')
    options = page[start : page.index("</select>", start)]
    assert options.index("America/New_York") < options.index("Africa/Abidjan")
    assert '<option value="America/Denver" selected>' in options
    assert 'name="short_name" value="meet"' in page


def test_saving_a_zone_and_a_short_name_moves_the_desk_to_the_new_address():
    event = EventFactory(slug="meet", time_zone="America/Denver")
    client = organizer_client(event)
    answer = client.post(
        "/e/meet/desk/settings/",
        settings_post(event, time_zone="America/Chicago", short_name="meet-26"),
    )
    assert answer.status_code == 302 and answer["Location"] == "/e/meet-26/desk/"
    event.refresh_from_db()
    assert (event.slug, event.time_zone) == ("meet-26", "America/Chicago")
    page = client.get(answer["Location"]).content.decode()
    assert "The event&#x27;s address is now meet-26: the old one leads here." in page


def test_a_zone_sent_with_a_typo_is_refused_naming_the_nearest():
    event = EventFactory(slug="meet", time_zone="America/Denver")
    page = (
        organizer_client(event, language="fr")
        .post("/e/meet/desk/settings/", settings_post(event, time_zone="Europe/Pariss"))
        .content.decode()
    )
    assert "n&#x27;est pas un fuseau horaire" in page
    assert "Europe/Paris" in page
    event.refresh_from_db()
    assert event.time_zone == "America/Denver"


def test_the_short_name_is_refused_once_a_round_is_seated_saying_why():
    division = seated_division(4)
    event = division.event
    client = organizer_client(event)
    page = client.post(
        f"/e/{event.slug}/desk/settings/", settings_post(event, short_name="renamed")
    ).content.decode()
    assert "The short name cannot change now: a round is seated" in page
    assert not Event.objects.filter(slug="renamed").exists()


def test_a_short_name_that_is_not_one_says_what_is_allowed():
    event = EventFactory(slug="meet")
    page = (
        organizer_client(event)
        .post("/e/meet/desk/settings/", settings_post(event, short_name="our meet!"))
        .content.decode()
    )
    assert "letters (a to z), digits and hyphens" in page
    assert Event.objects.filter(slug="meet").exists()


def test_the_new_event_page_takes_a_short_name_and_a_zone():
    User = get_user_model()
    director = User.objects.create_user("director", password="x", is_staff=True)
    client = Client()
    client.force_login(director)
    answer = client.post(
        "/events/new/",
        {
            "name": "County Meet",
            "date": "2026-07-14",
            "scoring": "low",
            "slug": "county-26",
            "time_zone": "America/Chicago",
        },
    )
    event = Event.objects.get(name="County Meet")
    assert (event.slug, event.time_zone) == ("county-26", "America/Chicago")
    assert answer["Location"] == "/e/county-26/desk/settings/"
    refused = client.post(
        "/events/new/",
        {
            "name": "Other",
            "date": "2026-07-14",
            "scoring": "low",
            "slug": "county-26",
            "time_zone": "America/Chicgo",
        },
    ).content.decode()
    assert "taken by another event" in refused
    assert "Did you mean America/Chicago?" in refused
    assert not Event.objects.filter(name="Other").exists()
