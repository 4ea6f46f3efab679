"""Announcements on the pages (Django's test client): the desk writes and removes them, a
refused one is shown again as typed with the reason, markup is escaped everywhere, the
projector, the scorekeepers' home and table pages and the fragment show them newest
first; a scorekeeper cannot write or remove one (403)."""

import pytest
from django.test import Client

from tests.browser.conftest import build_world
from tournaments import services
from tournaments.models import Announcement

pytestmark = pytest.mark.django_db

MARKUP = "<script>alert('x')</script> Ann & Bo's <b>table</b>"
ESCAPED = (
    "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; Ann &amp; Bo&#x27;s &lt;b&gt;table&lt;/b&gt;"
)


@pytest.fixture
def world(db):
    return build_world()


def _client(world, role) -> Client:
    client = Client()
    client.force_login(world.users[role])
    return client


def _url(world) -> str:
    return f"/e/{world.event.slug}/desk/announcements/"


def test_write_show_everywhere_and_remove(world):
    olive = _client(world, "organizer")
    response = olive.post(_url(world), {"text": "Lunch in the cafeteria"}, follow=True)
    assert "Shown on the projector and the scorekeepers&#x27; pages" in response.content.decode()
    olive.post(_url(world), {"text": "Round 2 starts at 1:30"})
    sam = _client(world, "scorekeeper")
    pages = {
        "projector": Client().get(f"/p/{world.event.slug}/"),
        "fragment": Client().get(f"/p/{world.event.slug}/announcements/"),
        "score home": sam.get(f"/e/{world.event.slug}/score/"),
        "table": sam.get(world.table_url(world.tables[0])),
        "overview": olive.get(f"/e/{world.event.slug}/desk/"),
    }
    for name, response in pages.items():
        text = response.content.decode()
        assert response.status_code == 200, name
        newest, older = text.find("Round 2 starts at 1:30"), text.find("Lunch in the cafeteria")
        assert 0 <= newest < older, name
    assert "Announcements shown" in pages["overview"].content.decode()
    # The other event shows none.
    assert "Lunch" not in Client().get(f"/p/{world.other.slug}/").content.decode()
    lunch = Announcement.objects.get(text="Lunch in the cafeteria")
    response = olive.post(_url(world) + f"{lunch.pk}/remove/", follow=True)
    assert "removed from every page" in response.content.decode()
    response = olive.post(_url(world) + f"{lunch.pk}/remove/", follow=True)
    assert "already removed" in response.content.decode()
    for url in (f"/p/{world.event.slug}/", f"/p/{world.event.slug}/announcements/"):
        text = Client().get(url).content.decode()
        assert "Lunch" not in text and "Round 2 starts at 1:30" in text


def test_a_refused_announcement_keeps_what_was_typed(world):
    olive = _client(world, "organizer")
    long = "Round 2 starts at 1:30 — " + "lunch in the cafeteria, " * 10
    response = olive.post(_url(world), {"text": long})
    text = response.content.decode()
    assert response.status_code == 200
    assert "characters long: at most 200 fit on the projector. Shorten it." in text
    assert long.strip() in text  # in the text box, to shorten
    response = olive.post(_url(world), {"text": "   "})
    assert "Write the announcement first: it is empty." in response.content.decode()
    response = olive.post(_url(world), {})
    assert "it is empty" in response.content.decode()
    assert not Announcement.objects.exists()


def test_markup_is_escaped_everywhere(world):
    services.announcement_post(event=world.event, text=MARKUP)
    sam = _client(world, "scorekeeper")
    for response in (
        Client().get(f"/p/{world.event.slug}/"),
        Client().get(f"/p/{world.event.slug}/announcements/"),
        sam.get(f"/e/{world.event.slug}/score/"),
        sam.get(world.table_url(world.tables[0])),
        _client(world, "organizer").get(_url(world)),
    ):
        text = response.content.decode()
        assert ESCAPED in text and "<script>alert" not in text


def test_a_scorekeeper_cannot_write_or_remove_one(world):
    posted = services.announcement_post(event=world.event, text="Keep me")
    for role in ("scorekeeper", "other_organizer", "other_scorekeeper"):
        client = _client(world, role)
        assert client.get(_url(world)).status_code == 403
        assert client.post(_url(world), {"text": "Free drinks"}).status_code == 403
        assert client.post(_url(world) + f"{posted.pk}/remove/").status_code == 403
    assert Client().post(_url(world), {"text": "Free drinks"}).status_code == 401
    assert list(Announcement.objects.values_list("text", flat=True)) == ["Keep me"]
    # Removing through the other event's desk: not found there.
    oscar = _client(world, "other_organizer")
    response = oscar.post(f"/e/{world.other.slug}/desk/announcements/{posted.pk}/remove/")
    assert response.status_code == 302
    assert Announcement.objects.filter(pk=posted.pk).exists()
