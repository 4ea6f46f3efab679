"""What a backup file is, before what it holds: one reader
(``scoring.backup.backup_read``) refuses politely, from the desk and from
``restore_event``, a file nested too deeply to be a backup (a hundred thousand brackets
once gave a RecursionError: HTTP 500 and a traceback), a file larger than any event's
backup, and a part no backup has (a 60 MB unknown key was once silently ignored)."""

import json

import pytest
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management.base import CommandError
from django.test import Client

from scoring import backup
from scoring.backup import backup_read, event_backup, event_restore
from tests.browser.conftest import build_world
from tests.helpers import run, snapshot
from tournaments.engine import RuleError
from tournaments.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(db):
    return build_world()


DEEP = b"[" * 100_000 + b"]" * 100_000


def _desk(world):
    client = Client(raise_request_exception=False)
    client.force_login(world.users["organizer"])
    return client


def _upload(client, raw: bytes):
    upload = SimpleUploadedFile("backup.json", raw, "application/json")
    return client.post("/events/restore/", {"file": upload, "slug": "copy"})


def _said(response) -> list[str]:
    return [m.message for m in get_messages(response.wsgi_request)]


def test_a_deeply_nested_file_is_refused_by_the_desk_and_the_command(world, tmp_path, settings):
    settings.MEDIA_ROOT = str(tmp_path)
    before = snapshot()
    answer = _upload(_desk(world), DEEP)
    assert answer.status_code == 302
    assert _said(answer) == ["Not a backup file: nested too deeply."]
    path = tmp_path / "deep.json"
    path.write_bytes(DEEP)
    with pytest.raises(CommandError) as refused:
        run("restore_event", path, "--as", "copy")
    assert str(refused.value) == f"{path}: Not a backup file: nested too deeply."
    # Deeper than any backup, though Python reads it: refused the same way.
    with pytest.raises(RuleError, match="nested too deeply"):
        backup_read(b"[" * 40 + b"]" * 40)
    assert snapshot() == before
    assert not Event.objects.filter(slug="copy").exists()


def test_a_real_backup_nests_well_within_the_limit(world):
    raw = json.dumps(event_backup(world.event)).encode()
    assert backup_read(raw)["format"] == backup.FORMAT


def test_a_file_larger_than_any_backup_is_refused(world, tmp_path, settings, monkeypatch):
    settings.MEDIA_ROOT = str(tmp_path)
    before = snapshot()
    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.write(b'{"format": "rummikub-event-backup", "x": "')
        file.truncate(backup.MAX_BACKUP_BYTES + 10)
    with pytest.raises(CommandError) as refused:
        run("restore_event", path, "--as", "copy")
    assert "Not a backup file: it is larger than 64 MB" in str(refused.value)
    # The desk reads no more than the limit either (made small here to keep the test quick).
    raw = json.dumps({**event_backup(world.event), "event": {"slug": "copy"}}).encode()
    for module in (backup, backup.checks):
        monkeypatch.setattr(module, "MAX_BACKUP_BYTES", len(raw) - 1)
    answer = _upload(_desk(world), raw)
    assert answer.status_code == 302
    assert _said(answer) == [
        "Not a backup file: it is larger than 1 MB, more than any event's backup."
    ]
    assert snapshot() == before
    assert not (tmp_path / "restores").exists() or not list((tmp_path / "restores").iterdir())


def test_a_part_no_backup_has_is_refused(world):
    data = event_backup(world.event)
    data["event"]["slug"] = "copy"
    data["padding"] = "x" * 1000
    before = snapshot()
    with pytest.raises(RuleError) as refused:
        event_restore(data)
    assert str(refused.value) == (
        "The backup was not restored: padding: this is not a part of a backup this site can "
        "read. Nothing was changed."
    )
    assert snapshot() == before


def test_the_confirm_steps_short_name_is_checked_as_the_commands(world, tmp_path, settings):
    """The "are you sure?" step sends the short name back in a hidden field: "x y" there is
    refused as ``restore_event --as "x y"`` is, never quietly made into "x-y"."""
    from desk.views.backups import RESTORES
    from web import uploads

    settings.MEDIA_ROOT = str(tmp_path)
    raw = json.dumps(event_backup(world.event)).encode()
    desk = _desk(world)
    before = snapshot()
    token = uploads.keep(RESTORES, raw, user=world.users["organizer"])
    answer = desk.post("/events/restore/", {"token": token, "slug": "x y", "confirmed": "yes"})
    assert answer.status_code == 302
    [said] = _said(answer)
    assert said.startswith("The backup was not restored: event: slug:")
    assert not Event.objects.filter(slug__in=["x-y", "x y"]).exists()
    assert snapshot() == before
    token = uploads.keep(RESTORES, raw, user=world.users["organizer"])
    answer = desk.post("/events/restore/", {"token": token, "slug": "x-y", "confirmed": "yes"})
    assert Event.objects.filter(slug="x-y").exists()
