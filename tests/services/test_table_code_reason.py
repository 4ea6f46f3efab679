"""A table code replaced at the desk keeps the organizer's reason (optional) with the
revoked code, in the exact backup too."""

import pytest

from scoring.backup import BackupRefused, event_backup, event_restore
from scoring.services import event_delete
from tests.factories import UserFactory, seated_division
from tournaments import services
from tournaments.models import Event, Table, TableCode

pytestmark = pytest.mark.django_db


def _first_table(division) -> Table:
    return Table.objects.filter(round__division=division).order_by("number").first()


def test_the_reason_is_kept_on_the_revoked_code_and_is_optional():
    division = seated_division(8, score_entry="players")
    table = _first_table(division)
    organizer = UserFactory(username="olive")
    services.table_code_reissue(table=table, user=organizer, reason="  sheet photographed ")
    services.table_code_reissue(table=table, user=organizer)
    codes = list(TableCode.objects.filter(table=table).order_by("issued_at", "pk"))
    assert [c.revoked_reason for c in codes] == ["sheet photographed", "", ""]
    assert [c.revoked_at is None for c in codes] == [False, False, True]


def test_backup_restore_backup_keeps_the_reason():
    division = seated_division(8, score_entry="players")
    event = division.event
    services.table_code_reissue(
        table=_first_table(division), user=UserFactory(username="olive"), reason="lost sheet"
    )
    first = event_backup(event)
    codes = first["rounds"][0]["tables"][0]["codes"]
    assert [c["revoked_reason"] for c in codes] == ["lost sheet", ""]
    event_delete(event=event, typed_name=event.name)
    assert event_backup(event_restore(first)) == first


def test_a_reason_that_is_not_text_is_refused_and_nothing_is_written():
    division = seated_division(8, score_entry="players")
    services.table_code_reissue(table=_first_table(division), user=UserFactory(), reason="x")
    data = event_backup(division.event)
    data["rounds"][0]["tables"][0]["codes"][0]["revoked_reason"] = ["x"]
    with pytest.raises(BackupRefused, match="reason for revoking"):
        event_restore(data, slug="tampered")
    assert not Event.objects.filter(slug="tampered").exists()
