"""Uploads that wait on the server: a registration list being previewed
and a backup waiting for "restore it?" hold birth dates and phones. Each is bound to the
organizer who sent it (and a list to its event): another organizer's token is a 404; a
refused file is deleted at once, a used one when used, an abandoned one after a while
(on the next upload, and by Celery beat's ``tournaments.forget_uploads``)."""

import json
import os
import re
import time

import pytest
from django.conf import settings as django_settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from scoring.backup import event_backup
from tournaments.models import Entrant, Event
from web import uploads
from web.tasks import forget_uploads

from .conftest import make_user

pytestmark = pytest.mark.django_db

GOOD = (
    b"entrant_id,first_name,last_name,birth_date,phone,division\n"
    b"Q001,Quinn,Late,1950-03-04,555-0100,Walk-ins\n"
)
BAD = b"\x00\x01 not a list of entrants at all"


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    return tmp_path


def kept_files(media):
    return sorted(p.name for p in media.rglob("*") if p.is_file())


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def send_list(client, event, raw=GOOD) -> str:
    answer = client.post(
        f"/e/{event.slug}/desk/import/", {"file": SimpleUploadedFile("list.csv", raw)}
    )
    assert answer.status_code == 302, answer.content.decode()[:500]
    return re.search(r"token=([0-9a-f]{32})", answer["Location"]).group(1)


def test_a_registration_list_is_its_organizers_and_its_events_only(world, media):
    olive, event = world.users["organizer"], world.event
    # A second organizer of the same event, and Olive's other event.
    oscar = world.users["other_organizer"]
    event.organizers.add(oscar)
    world.other.organizers.add(olive)
    token = send_list(client_for(olive), event)
    preview = f"/e/{event.slug}/desk/import/preview/?token={token}"
    assert client_for(olive).get(preview).status_code == 200
    # Oscar organizes the event too, but the file is Olive's: no preview, no import.
    assert client_for(oscar).get(preview).status_code == 404
    assert client_for(oscar).post(preview, {"token": token}).status_code == 404
    # Olive's token on her other event's desk: 404 too.
    other = f"/e/{world.other.slug}/desk/import/preview/?token={token}"
    assert client_for(olive).get(other).status_code == 404
    assert not Entrant.objects.filter(external_id="Q001").exists()
    assert kept_files(media) == [f"{token}.csv"]
    # Olive registers it: the file goes.
    done = client_for(olive).post(preview, {"token": token, "day_first": "0"})
    assert done.status_code == 302
    assert Entrant.objects.filter(event=event, external_id="Q001").exists()
    assert kept_files(media) == []
    # Registered already: the token now says the upload is gone (not a 404, not a 500).
    again = client_for(olive).get(preview, follow=True)
    assert "That upload is gone: upload the file again." in again.content.decode()


def test_a_refused_list_is_deleted_at_once(world, media):
    olive, event = world.users["organizer"], world.event
    token = send_list(client_for(olive), event, raw=BAD)
    page = client_for(olive).get(f"/e/{event.slug}/desk/import/preview/?token={token}")
    assert page.status_code == 200
    assert "This file cannot be imported as it is. Nothing was saved." in page.content.decode()
    assert kept_files(media) == []


def test_an_abandoned_list_is_deleted_on_the_next_upload_and_by_beat(world, media):
    olive, event = world.users["organizer"], world.event
    old = send_list(client_for(olive), event)
    fresh = send_list(client_for(olive), event)
    assert kept_files(media) == sorted([f"{old}.csv", f"{fresh}.csv"])  # both recent
    long_ago = time.time() - uploads.KEEP.total_seconds() - 60
    (old_path,) = media.rglob(f"{old}.csv")
    os.utime(old_path, (long_ago, long_ago))
    newest = send_list(client_for(olive), event)
    assert kept_files(media) == sorted([f"{fresh}.csv", f"{newest}.csv"])
    # Nobody uploads again: beat's task deletes what is left once it is old.
    for path in media.rglob("*.csv"):
        os.utime(path, (long_ago, long_ago))
    assert forget_uploads() == 2
    assert kept_files(media) == []
    assert not any(p.is_dir() for p in (media / "imports").iterdir())
    schedule = django_settings.CELERY_BEAT_SCHEDULE["forget-uploads"]
    assert schedule["task"] == "tournaments.forget_uploads" and schedule["schedule"] <= 600


def send_backup(client, data) -> str:
    upload = SimpleUploadedFile("b.json", json.dumps(data).encode(), "application/json")
    answer = client.post("/events/restore/", {"file": upload, "slug": ""})
    text = answer.content.decode()
    return re.search(r'name="token" value="([0-9a-f]{32})"', text).group(1)


def test_a_waiting_backup_is_its_organizers_only_and_goes_when_refused_or_abandoned(world, media):
    olive, oscar = world.users["organizer"], world.users["other_organizer"]
    oscar.is_staff = True  # an organizer: organizers restore events
    oscar.save()
    data = event_backup(world.event)
    data["event"]["slug"] = "county-copy"
    token = send_backup(client_for(olive), data)
    assert kept_files(media) == [f"{token}.json"]
    # Oscar (an organizer too) cannot restore Olive's file.
    stolen = client_for(oscar).post(
        "/events/restore/", {"token": token, "slug": "mine", "confirmed": "yes"}
    )
    assert stolen.status_code == 404
    assert not Event.objects.filter(slug__in=["mine", "county-copy"]).exists()
    # Olive says yes: restored, and the file goes.
    client_for(olive).post(
        "/events/restore/", {"token": token, "slug": "county-copy", "confirmed": "yes"}
    )
    assert Event.objects.filter(slug="county-copy").exists()
    assert kept_files(media) == []
    # A refused backup is never kept; one whose question was never answered goes later.
    data["event"]["slug"] = "bad slug"
    refused = client_for(olive).post(
        "/events/restore/",
        {"file": SimpleUploadedFile("b.json", json.dumps(data).encode()), "slug": ""},
        follow=True,
    )
    assert "The backup was not restored: event: slug:" in refused.content.decode()
    assert kept_files(media) == []
    data["event"]["slug"] = "county-third"
    send_backup(client_for(olive), data)
    assert len(kept_files(media)) == 1
    assert uploads.sweep(now=time.time() + uploads.KEEP.total_seconds() + 1) == 1
    assert kept_files(media) == []


def test_a_token_that_is_not_one_is_a_404_and_an_unknown_one_says_so(world, media):
    olive = world.users["organizer"]
    for bad in ("../../etc/passwd", "A" * 32, "0" * 3000):
        answer = client_for(olive).post("/events/restore/", {"token": bad, "slug": "x"})
        assert answer.status_code == 404
    gone = client_for(olive).post("/events/restore/", {"token": "0" * 32, "slug": "x"}, follow=True)
    assert "That file is no longer here: choose the backup again." in gone.content.decode()
    nobody = make_user("nina", staff=True)
    assert client_for(nobody).post("/events/restore/", {"token": "0" * 32}).status_code == 302
