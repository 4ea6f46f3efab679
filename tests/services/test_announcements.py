"""Announcements: posted in one line, refused in words when empty or too long, removed
(twice is harmless), listed newest first, in the exact backup; the command."""

import pytest
from django.core.management.base import CommandError

from scoring.backup import event_backup, event_restore
from tests.factories import EventFactory, UserFactory
from tests.helpers import run
from tournaments import services
from tournaments.engine import RuleError
from tournaments.models import Announcement
from tournaments.selectors import announcements

pytestmark = pytest.mark.django_db


def test_post_list_newest_first_and_remove():
    event = EventFactory()
    olive = UserFactory(username="olive")
    first = services.announcement_post(event=event, text="Lunch in the cafeteria", user=olive)
    second = services.announcement_post(
        event=event, text="  Round 2 starts\n at 1:30  ", user=olive
    )
    assert second.text == "Round 2 starts at 1:30"
    assert first.by_label == "olive"
    assert [a.text for a in announcements(event)] == [second.text, first.text]
    assert announcements(EventFactory()) == []
    assert services.announcement_remove(event=event, announcement_id=first.pk)
    assert not services.announcement_remove(event=event, announcement_id=first.pk)
    assert [a.pk for a in announcements(event)] == [second.pk]
    # Another event's message cannot be removed through this one.
    other = EventFactory()
    theirs = services.announcement_post(event=other, text="Theirs")
    assert not services.announcement_remove(event=event, announcement_id=theirs.pk)
    assert Announcement.objects.filter(pk=theirs.pk).exists()


def test_the_same_announcement_sent_again_within_a_minute_is_shown_once():
    """An organizer who goes Back and presses "Show this announcement" again shows it once."""
    from datetime import timedelta

    from django.test import Client
    from django.utils import timezone

    event = EventFactory()
    olive = UserFactory(username="olive", is_superuser=True)
    first = services.announcement_post(event=event, text="Tea in the lobby", user=olive)
    again = services.announcement_post(event=event, text=" Tea in the  lobby ", user=olive)
    assert again.pk == first.pk and again.repeated
    assert Announcement.objects.count() == 1
    # The desk says so and posts nothing.
    client = Client()
    client.force_login(olive)
    url = f"/e/{event.slug}/desk/announcements/"
    page = client.post(url, {"text": "Tea in the lobby"}, follow=True).content.decode()
    assert "This announcement is already shown (posted at " in page
    assert "It was not posted again." in page
    assert Announcement.objects.count() == 1
    # Another organizer, or the same one a minute later: posted (a deliberate repeat).
    other = UserFactory(username="oscar")
    assert services.announcement_post(event=event, text="Tea in the lobby", user=other).pk != (
        first.pk
    )
    Announcement.objects.filter(pk=first.pk).update(at=timezone.now() - timedelta(minutes=2))
    later = services.announcement_post(event=event, text="Tea in the lobby", user=olive)
    assert later.pk != first.pk and not getattr(later, "repeated", False)
    # The command line is not one person: it posts each time, as before.
    services.announcement_post(event=event, text="From the terminal")
    services.announcement_post(event=event, text="From the terminal")
    assert Announcement.objects.filter(text="From the terminal").count() == 2
    # A different text is a new announcement.
    assert services.announcement_post(event=event, text="Tea is over", user=olive).pk


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "it is empty"),
        ("   \n  ", "it is empty"),
        ("x" * 201, "201 characters long: at most 200 fit on the projector"),
        (None, "as text"),
    ],
)
def test_refused_in_words(text, words):
    event = EventFactory()
    with pytest.raises(RuleError, match=words):
        services.announcement_post(event=event, text=text)
    assert not Announcement.objects.exists()


def test_markup_is_kept_as_text_and_200_characters_fit():
    event = EventFactory()
    markup = "<script>alert('x')</script> & Ann's <b>table</b>"
    assert services.announcement_post(event=event, text=markup).text == markup
    assert len(services.announcement_post(event=event, text="é" * 200).text) == 200


def test_announcements_go_through_the_backup_exactly():
    event = EventFactory(slug="hall")
    olive = UserFactory(username="olive")
    services.announcement_post(event=event, text="Round 2 at 1:30", user=olive)
    services.announcement_post(event=event, text="From the command line")
    data = event_backup(event)
    assert [a["text"] for a in data["announcements"]] == [
        "Round 2 at 1:30",
        "From the command line",
    ]
    assert data["announcements"][0]["by_user"] == "olive"
    copy = event_restore(data, slug="hall-copy")
    again = event_backup(copy)
    assert again["announcements"] == data["announcements"]
    for bad, words in [
        ([{"text": "x" * 300}], "announcement 1"),
        ([{"text": 5}], "announcement 1"),
        ("nope", "announcements"),
        ([{"text": "ok", "at": "soon"}], "not a date and time"),
    ]:
        with pytest.raises(RuleError, match=words):
            event_restore({**data, "announcements": bad}, slug="hall-bad")
    # A backup from before announcements restores without them.
    del data["announcements"]
    assert announcements(event_restore(data, slug="hall-old")) == []


def test_the_announce_command():
    event = EventFactory(slug="cmd")
    assert run("announce", "cmd") == "No announcement is shown.\n"
    out = run("announce", "cmd", "Round 2 starts at 1:30")
    number = Announcement.objects.get().pk
    assert out == f"Announcement {number} shown: Round 2 starts at 1:30\n"
    assert run("announce", "cmd") == f"{number}. Round 2 starts at 1:30\n"
    with pytest.raises(CommandError, match="at most 200"):
        run("announce", "cmd", "x" * 250)
    with pytest.raises(CommandError, match="not both"):
        run("announce", "cmd", "text", "--remove", number)
    assert run("announce", "cmd", "--remove", number) == f"Announcement {number} removed.\n"
    with pytest.raises(CommandError, match=f"no announcement number {number}"):
        run("announce", "cmd", "--remove", number)
    assert not Announcement.objects.filter(event=event).exists()
