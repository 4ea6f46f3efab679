"""Printing never hangs on a fault: a document whose worker died or
froze is shown as "stopped — make it again" once its heartbeat is older than
PRINTING_STALE_SECONDS, and the printing page and its poll never call the broker."""

from datetime import timedelta

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from printing import services
from printing.models import GeneratedDocument
from tests.factories import UserFactory, seated_division

pytestmark = pytest.mark.django_db

STOPPED = "Stopped — make it again."
POLL = 'hx-trigger="every 2s"'


@pytest.fixture
def desk(settings, tmp_path, monkeypatch):
    """An organizer's client on a seated event; every broker call fails the test."""
    settings.MEDIA_ROOT = str(tmp_path)
    settings.PRINTING_STALE_SECONDS = 60

    def no_broker(*args, **kwargs):
        raise AssertionError("a page called the broker")

    monkeypatch.setattr("printing.tasks.render_document.apply_async", no_broker)
    division = seated_division(8)
    organizer = UserFactory()
    division.event.organizers.add(organizer)
    client = Client()
    client.force_login(organizer)
    return client, division.event


def _running(event, *, beat_seconds_ago, started_seconds_ago=None, progress=37):
    now = timezone.now()
    started = now - timedelta(seconds=started_seconds_ago or beat_seconds_ago)
    return GeneratedDocument.objects.create(
        event=event,
        kind=GeneratedDocument.Kind.TABLE_LIST,
        status=GeneratedDocument.Status.RUNNING,
        progress=progress,
        sent_at=started,
        started_at=started,
        heartbeat_at=None
        if beat_seconds_ago is None
        else now - timedelta(seconds=beat_seconds_ago),
        attempts=1,
    )


def _page(client, event) -> str:
    response = client.get(reverse("printing:documents", args=[event.slug]))
    assert response.status_code == 200
    return response.content.decode()


def _status(client, event, document) -> dict:
    response = client.get(reverse("printing:status", args=[event.slug, document.uuid]))
    assert response.status_code == 200
    return response.json()


def test_a_document_whose_worker_went_silent_shows_stopped_with_make_it_again(desk):
    client, event = desk
    dead = _running(event, beat_seconds_ago=61, started_seconds_ago=200)
    assert dead.is_stopped
    html = _page(client, event)
    assert STOPPED in html and "(37% done)" in html
    assert reverse("printing:again", args=[event.slug, dead.uuid]) in html
    assert "Being made…" not in html
    assert POLL not in html  # nothing left to wait for: the page stops polling
    assert _status(client, event, dead) == {
        "status": "running",
        "label": "Stopped — make it again",
        "stopped": True,
        "ready": False,
        "percentage": 37,
        "error": "",
        "download": None,
    }


def test_a_document_with_a_recent_heartbeat_is_still_being_made(desk):
    client, event = desk
    alive = _running(event, beat_seconds_ago=5, started_seconds_ago=600)  # long, but alive
    assert not alive.is_stopped
    html = _page(client, event)
    assert STOPPED not in html and "Being made…" in html and POLL in html
    status = _status(client, event, alive)
    assert (status["stopped"], status["label"]) == (False, "Being made")


def test_a_row_started_without_any_heartbeat_falls_back_on_its_start(desk):
    client, event = desk
    assert _running(event, beat_seconds_ago=None, started_seconds_ago=120).is_stopped
    assert not _running(event, beat_seconds_ago=None, started_seconds_ago=10).is_stopped


def test_queued_ready_and_failed_rows_are_never_stopped(desk):
    _, event = desk
    old = timezone.now() - timedelta(hours=2)
    for status in ("queued", "ready", "failed"):
        row = GeneratedDocument.objects.create(
            event=event, kind="table-list", status=status, started_at=old, heartbeat_at=old
        )
        assert not row.is_stopped, status


def test_make_it_again_on_a_stopped_document_asks_for_a_new_one(
    desk, monkeypatch, django_capture_on_commit_callbacks
):
    client, event = desk
    dead = _running(event, beat_seconds_ago=300)
    sent: list[int] = []
    # Sending after a POST's commit is allowed (only GETs may not call the broker).
    monkeypatch.setattr(services, "document_send", lambda pk: sent.append(pk) or False)
    url = reverse("printing:again", args=[event.slug, dead.uuid])
    # The same tap twice (an impatient organizer): two rows asked, each sent once.
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(url, follow=True)
        assert response.status_code == 200
        assert "Table list (whole event) is being made again." in response.content.decode()
    new = GeneratedDocument.objects.exclude(pk=dead.pk)
    assert new.count() == 2 and all(d.status == "queued" for d in new)
    assert sorted(sent) == sorted(new.values_list("pk", flat=True))
    dead.refresh_from_db()
    assert (dead.status, dead.progress) == ("running", 37)  # kept: its task may come back


def test_the_page_and_the_poll_never_call_the_broker(desk, monkeypatch):
    """A row the broker never got stays "waiting" on the page; only the sweeper sends it."""
    client, event = desk
    calls: list[int] = []
    monkeypatch.setattr(services, "document_send", lambda pk: calls.append(pk) or True)
    unsent = GeneratedDocument.objects.create(event=event, kind="table-list")
    GeneratedDocument.objects.filter(pk=unsent.pk).update(
        created_at=timezone.now() - timedelta(minutes=1)  # older than the sweeper's second
    )
    html = _page(client, event)
    assert "Waiting: the document service is not reachable yet" in html and POLL in html
    assert _status(client, event, unsent)["status"] == "queued"
    assert calls == []
    assert services.documents_sweep() == 1 and calls == [unsent.pk]


def test_the_worker_writes_its_heartbeat_while_making_a_document(desk):
    _, event = desk
    document = GeneratedDocument.objects.create(
        event=event, kind="table-list", sent_at=timezone.now()
    )
    before = timezone.now()
    made = services.document_render(document.pk)
    assert made.status == "ready" and made.heartbeat_at is not None
    assert before <= made.started_at <= made.heartbeat_at <= made.finished_at
    assert not made.is_stopped


def test_a_dead_workers_task_comes_back_within_minutes_not_an_hour():
    """Celery's default visibility timeout is an hour; ours is a few minutes, and a
    document shows as stopped well before its task is handed out again."""
    timeout = django_settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"]
    assert 60 <= timeout <= 600
    assert django_settings.PRINTING_STALE_SECONDS < timeout
    assert (
        django_settings.CELERY_TASK_ACKS_LATE and django_settings.CELERY_TASK_REJECT_ON_WORKER_LOST
    )
