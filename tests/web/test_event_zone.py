"""An event's pages at an address it had before its short name changed: sent to the same
page at the new address (web/event_zone.py)."""

import pytest
from django.test import Client

from tests.factories import EventFactory, UserFactory
from tournaments import services

pytestmark = pytest.mark.django_db


def _organizer_client(event) -> Client:
    user = UserFactory(is_staff=True)
    event.organizers.add(user)
    client = Client()
    client.force_login(user)
    return client


def test_a_page_at_the_old_address_is_sent_to_the_new_one():
    event = EventFactory(slug="old-name")
    client = _organizer_client(event)
    services.event_address_change(event=event, slug="new-name")
    public = Client().get("/p/old-name/find/?q=ann")
    assert public.status_code == 302
    assert public["Location"] == "/p/new-name/find/?q=ann"
    desk = client.get("/e/old-name/desk/settings/")
    assert desk["Location"] == "/e/new-name/desk/settings/"
    assert client.get(desk["Location"]).status_code == 200
    # A form sent to the old address is sent on with what it holds.
    sent = client.post("/e/old-name/desk/announcements/", {"text": "Lunch at noon"})
    assert sent.status_code == 307
    assert sent["Location"] == "/e/new-name/desk/announcements/"
    # An address no event ever had is still "no such event".
    assert Client().get("/p/never-was/find/").status_code == 404
