"""A real Celery worker (in a thread, solo pool) on this machine's Redis (db 15)
makes the printing desk's documents end to end: the request, the queued row, the
task, the file, the status JSON, the download and its access rules, documents
that go out of date, and the sweeper.
"""

import datetime
import time
import unicodedata
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from printing import selectors
from printing.models import GeneratedDocument
from printing.services import (
    document_is_current,
    document_request,
    document_send,
    documents_sweep,
)
from scoring.services import game_record
from tournaments import services
from tournaments.models import Division, Event, Seat
from tournaments.registration import ParsedRegistrations, RegistrationRow

from .conftest import pdf_text

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = [
    ("Zoë", "Ångström"),
    ("José", "Núñez"),
    ("Mary", "O'Brien"),
    ("Björn", "Okafor"),
    ("Hye-jin", "Kim"),
    ("Ruth", "Cohen"),
    ("Walter", "Schröder"),
    ("Aiko", "Tanaka"),
]
READY_TIMEOUT = 60


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


@pytest.fixture
def media(settings, tmp_path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def people():
    User = get_user_model()
    return {
        "organizer": User.objects.create_user("worker-organizer", password="pw-organizer-1"),
        "stranger": User.objects.create_user("worker-stranger", password="pw-stranger-1"),
        "scorekeeper": User.objects.create_user("worker-scorekeeper", password="pw-keeper-1"),
    }


@pytest.fixture
def event(people):
    """Eight checked-in players in one division, round 1 seated (two tables of four)."""
    event = services.event_create(
        name="Worker Open", slug="worker-open", date=datetime.date(2025, 3, 1)
    )
    event.organizers.add(people["organizer"])
    event.scorekeepers.add(people["scorekeeper"])
    rows = tuple(
        RegistrationRow(
            line=n + 2,
            entrant_id=f"E{n:03d}",
            first_name=first,
            last_name=last,
            birth_date=None,
            age=72,
            gender="",
            club="",
            division="Open",
            email="",
            phone="",
        )
        for n, (first, last) in enumerate(PLAYERS, start=1)
    )
    services.entrants_import(event=event, parsed=ParsedRegistrations(rows, {}, (), "utf-8", {}))
    services.entrants_check_in(event=event)
    division = Division.objects.get(event=event, name="Open")
    result = services.division_seat_first_round(division=division, seed=3)
    assert result.round.tables.count() == 2
    # As the views and the worker see it: loaded from the database. (A freshly created
    # instance holds Event.Paper.LETTER, an enum whose repr differs from 'letter', and
    # selectors.fingerprint hashes repr(): it would never match the worker's.)
    return Event.objects.get(pk=event.pk)


def wait_until_done(turns, document: GeneratedDocument) -> GeneratedDocument:
    """Let the worker make the document (the test keeps off the database meanwhile)."""
    turns.wait("printing.render_document", (document.pk,), timeout=READY_TIMEOUT)
    document.refresh_from_db()
    return document


def login(client, user):
    client.force_login(user)
    return client


def test_a_requested_document_is_made_by_the_worker(
    client, django_capture_on_commit_callbacks, event, people, media, worker_turns
):
    started = time.monotonic()
    with django_capture_on_commit_callbacks(execute=True):
        document = document_request(event=event, kind="table-list", user=people["organizer"])
    assert time.monotonic() - started < 3

    document.refresh_from_db()
    assert document.sent_at is not None  # the task reached the broker after the commit
    assert document.filename == "worker-open-table-list.pdf"
    assert document.requested_by == people["organizer"]

    wait_until_done(worker_turns, document)
    assert (document.status, document.error) == (GeneratedDocument.Status.READY, "")
    assert document.progress == 100
    assert document.attempts == 1
    assert document.started_at <= document.heartbeat_at <= document.finished_at
    expected = selectors.fingerprint(selectors.document_data(event, "table-list"))
    assert len(document.fingerprint) == 64 and document.fingerprint == expected
    assert document_is_current(document) is True

    # The file: under MEDIA_ROOT, named by the row's uuid, a whole PDF, no partial left.
    assert document.file.name == f"documents/{document.uuid}.pdf"
    path = Path(media) / document.file.name
    content = path.read_bytes()
    assert content.startswith(b"%PDF-")
    assert content.rstrip().endswith(b"%%EOF")
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]
    text = nfc(pdf_text(content))
    seated = list(Seat.objects.filter(round__division__event=event).select_related("entrant"))
    assert len(seated) == 8
    for seat in seated:
        assert nfc(seat.entrant.name) in text, seat.entrant.name
    assert "Worker Open" in text

    # The status JSON, for the organizer.
    login(client, people["organizer"])
    status = client.get(reverse("printing:status", args=[event.slug, document.uuid]))
    assert status.status_code == 200
    download_url = reverse("printing:download", args=[event.slug, document.uuid])
    assert status.json() == {
        "status": "ready",
        "label": "Ready",
        "stopped": False,
        "ready": True,
        "percentage": 100,
        "error": "",
        "download": download_url,
    }

    # The download: the same bytes, as an attachment with the friendly name.
    response = client.get(download_url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert 'filename="worker-open-table-list.pdf"' in response["Content-Disposition"]
    assert response["Content-Disposition"].startswith("attachment")
    assert b"".join(response.streaming_content) == content

    # The printing page lists it with its download link.
    page = client.get(reverse("printing:documents", args=[event.slug]))
    assert page.status_code == 200
    assert download_url in page.content.decode()
    assert "Out of date" not in page.content.decode()

    # Nobody else gets it: other users and scorekeepers 403, anonymous to the login page.
    for who in ("stranger", "scorekeeper"):
        client.logout()
        login(client, people[who])
        assert client.get(download_url).status_code == 403
        assert (
            client.get(reverse("printing:status", args=[event.slug, document.uuid])).status_code
            == 403
        )
    client.logout()
    anonymous = client.get(download_url)
    assert anonymous.status_code == 302
    assert anonymous["Location"].startswith(reverse("login"))


def test_an_out_of_date_document_is_made_again(client, event, people, media, worker_turns):
    division = Division.objects.get(event=event, name="Open")
    login(client, people["organizer"])
    page_url = reverse("printing:documents", args=[event.slug])

    # Asked on the printing page, as the organizer does (the on_commit send runs for real).
    response = client.post(
        reverse("printing:new", args=[event.slug]),
        {"kind": "bracket", "division": str(division.pk), "round": ""},
    )
    assert response.status_code == 302 and response["Location"] == page_url
    first = GeneratedDocument.objects.get(event=event)
    assert (first.kind, first.division_id) == ("bracket", division.pk)
    wait_until_done(worker_turns, first)
    assert first.status == "ready" and first.attempts == 1
    assert document_is_current(first) is True
    first_bytes = (Path(media) / first.file.name).read_bytes()

    # A score is entered: the bracket made before it is out of date.
    round_ = division.rounds.get(number=1)
    table = round_.tables.get(number=1)
    players = [s.entrant for s in table.seats.order_by("number")]
    game_record(
        table=table,
        number=1,
        racks=dict(zip(players, (0, 12, 25, 31), strict=True)),
        winner=players[0],
        user=people["organizer"],
        organizer=True,
    )
    first.refresh_from_db()
    assert document_is_current(first) is False
    html = client.get(page_url).content.decode()
    assert html.count("Out of date") == 1
    again_url = reverse("printing:again", args=[event.slug, first.uuid])
    assert f'action="{again_url}"' in html and "Make it again" in html

    # "Make it again": a new row, made by the worker, current; the old one stays out of date.
    response = client.post(again_url)
    assert response.status_code == 302
    second = GeneratedDocument.objects.exclude(pk=first.pk).get(event=event)
    assert (second.kind, second.division_id, second.round_number) == ("bracket", division.pk, None)
    wait_until_done(worker_turns, second)
    assert second.status == "ready" and second.progress == 100
    assert document_is_current(second) is True
    assert document_is_current(first) is False
    assert second.fingerprint != first.fingerprint
    second_bytes = (Path(media) / second.file.name).read_bytes()
    assert second_bytes.startswith(b"%PDF-") and second_bytes != first_bytes
    assert client.get(page_url).content.decode().count("Out of date") == 1  # only the old one

    # A withdrawal changes the bracket too.
    withdrawn = players[3]
    services.entrants_withdraw(event=event, ids=[withdrawn.external_id])
    assert document_is_current(second) is False
    assert client.get(page_url).content.decode().count("Out of date") == 2


def test_the_sweeper_sends_a_lost_row_and_failures_are_recorded(
    client, event, people, media, worker_turns
):
    division = Division.objects.get(event=event, name="Open")
    # A row whose send never happened (the web process died between commit and send).
    lost = GeneratedDocument.objects.create(
        event=event, kind="score-sheets", division=division, filename="lost.pdf"
    )
    GeneratedDocument.objects.filter(pk=lost.pk).update(
        created_at=timezone.now() - datetime.timedelta(seconds=5)
    )
    assert documents_sweep() == 1
    lost.refresh_from_db()
    assert lost.sent_at is not None
    wait_until_done(worker_turns, lost)
    assert lost.status == "ready" and lost.attempts == 1
    text = nfc(pdf_text((Path(media) / lost.file.name).read_bytes()))
    for first, last in PLAYERS:
        assert nfc(f"{first} {last}") in text
    assert documents_sweep() == 0  # nothing left to send

    # A document that cannot be made (no medals yet) fails in words, and says so on the page.
    doomed = GeneratedDocument.objects.create(
        event=event, kind="certificates", filename="doomed.pdf"
    )
    assert document_send(doomed.pk) is True
    wait_until_done(worker_turns, doomed)
    assert doomed.status == "failed"
    assert doomed.error == "No medals have been given yet: no certificates to print."
    assert not doomed.file
    login(client, people["organizer"])
    html = client.get(reverse("printing:documents", args=[event.slug])).content.decode()
    assert "Failed: No medals have been given yet" in html and "Try again" in html
    status = client.get(reverse("printing:status", args=[event.slug, doomed.uuid])).json()
    assert (status["status"], status["ready"], status["download"]) == ("failed", False, None)
