"""An entrant's privacy at the desk: kept off the public pages (and shown again), everything
held about them downloaded, their personal data erased after "are you sure?"; and the
event's settings for names on public pages and the days personal data are kept."""

import json

import pytest
from django.urls import reverse

from tests.factories import DivisionFactory, EntrantFactory, EventFactory
from tests.helpers import organizer_client, settings_post
from tournaments.models import Erasure

pytestmark = pytest.mark.django_db


@pytest.fixture
def mary():
    event = EventFactory()
    return EntrantFactory(division=DivisionFactory(event=event), external_id="57",
                          first_name="Mary", last_name="Smith", email="mary@example.org",
                          status="registered")  # fmt: skip


def _page(entrant, name="entrant_edit"):
    return reverse(f"desk:{name}", args=[entrant.event.slug, entrant.pk])


def test_the_desk_keeps_an_entrant_off_the_public_pages_and_shows_them_again(mary):
    client = organizer_client(mary.event)
    page = client.get(_page(mary)).content.decode()
    assert 'id="public-name">Mary Smith<' in page
    answer = client.post(_page(mary, "entrant_public_name"), {"hidden": "1"}, follow=True)
    assert "Mary Smith is kept off the public pages: shown by initials there." in (
        answer.content.decode()
    )
    assert 'id="public-name">M. S.<' in answer.content.decode()
    mary.refresh_from_db()
    assert mary.public_opt_out
    client.post(_page(mary, "entrant_public_name"), {"hidden": "0"})
    mary.refresh_from_db()
    assert not mary.public_opt_out
    # Opened by its address (a bookmark), nothing changes.
    assert client.get(_page(mary, "entrant_public_name")).status_code == 302


def test_the_desk_downloads_everything_held_about_an_entrant(mary):
    answer = organizer_client(mary.event).get(_page(mary, "entrant_export"))
    assert answer["Content-Disposition"] == (
        f'attachment; filename="{mary.event.slug}-entrant-{mary.pk}.json"'
    )
    assert json.loads(answer.content)["entrant"]["email"] == "mary@example.org"


def test_the_desk_erases_an_entrant_after_asking(mary):
    client = organizer_client(mary.event)
    refused = client.post(_page(mary, "entrant_erase"), {"reason": ""}, follow=True)
    assert "Say why their personal data are erased." in refused.content.decode()
    asked = client.post(_page(mary, "entrant_erase"), {"reason": "Asked by letter"})
    assert "Erase the personal data of Mary Smith?" in asked.content.decode()
    mary.refresh_from_db()
    assert mary.erased_at is None
    done = client.post(
        _page(mary, "entrant_erase"),
        {"reason": "Asked by letter", "confirmed": "yes"},
        follow=True,
    )
    page = done.content.decode()
    assert "The personal data of entrant 57 were erased: they are now “Withdrawn entrant #57”." in (
        page
    )
    assert 'id="erased"' in page and "Asked by letter" in page and "mary@" not in page
    erasure = Erasure.objects.get()
    assert erasure.by.username == erasure.by_label != ""


def test_the_settings_page_sets_the_public_names_and_the_days_kept():
    event = EventFactory()
    client = organizer_client(event)
    page = client.get(reverse("desk:settings", args=[event.slug])).content.decode()
    assert "Names on the projector and the public pages" in page
    data = settings_post(event, public_names="none", personal_data_days="30")
    client.post(reverse("desk:settings", args=[event.slug]), data)
    event.refresh_from_db()
    assert (event.public_names, event.personal_data_days) == ("none", 30)
