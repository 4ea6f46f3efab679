"""The event's ages on the desk's settings page: set, cleared by an empty box, and a
minimum above the maximum refused in words."""

import pytest
from django.urls import reverse

from tests.factories import EventFactory
from tests.helpers import organizer_client, settings_post

pytestmark = pytest.mark.django_db


def test_the_settings_page_sets_clears_and_refuses_the_ages():
    event = EventFactory()
    client = organizer_client(event)
    url = reverse("desk:settings", args=[event.slug])
    page = client.get(url).content.decode()
    assert "Youngest age allowed on the cut-off date (empty: no minimum)" in page
    client.post(url, settings_post(event, min_age="50", max_age="64"))
    event.refresh_from_db()
    assert (event.min_age, event.max_age) == (50, 64)
    client.post(url, settings_post(event, max_age=""))
    event.refresh_from_db()
    assert (event.min_age, event.max_age) == (50, None)
    refused = client.post(url, settings_post(event, min_age="70", max_age="60"))
    assert "The oldest age allowed (60) is below the youngest (70)." in refused.content.decode()
    event.refresh_from_db()
    assert (event.min_age, event.max_age) == (50, None)
