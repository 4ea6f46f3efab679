"""Table codes: the setting "who enters scores", codes issued
with a round's seating and when the setting is switched on, revoked and reissued by an
organizer (kept in the record), dead once the round is closed; the setting on the desk
page and configure_event; the codes in the exact backup."""

import re

import pytest
from django.db import IntegrityError, transaction
from django.test import Client

from scoring.backup import BackupRefused, event_backup, event_restore
from scoring.services import event_delete
from tests.factories import UserFactory, seated_division
from tests.helpers import organizer_client, run, settings_post
from tournaments import services
from tournaments.engine import RuleError
from tournaments.models import (
    TABLE_CODE_ALPHABET,
    Event,
    Round,
    Table,
    TableCode,
)
from tournaments.selectors import (
    CODE_CLOSED,
    CODE_OFF,
    CODE_RETIRED,
    CODE_REVOKED,
    CODE_UNKNOWN,
    table_code_find,
    table_code_live,
    table_code_typed,
)
from tournaments.services.table_codes import table_code_new

pytestmark = pytest.mark.django_db


def live_codes(division) -> dict[int, str]:
    return dict(
        TableCode.objects.filter(table__round__division=division, revoked_at__isnull=True)
        .order_by("table__number")
        .values_list("table__number", "code")
    )


def test_a_code_is_six_characters_without_look_alikes():
    for ch in "0O1IL":
        assert ch not in TABLE_CODE_ALPHABET
    codes = {table_code_new() for _ in range(500)}
    assert len(codes) > 490  # random, not a sequence
    assert all(re.fullmatch(f"[{TABLE_CODE_ALPHABET}]{{6}}", c) for c in codes)


def test_new_codes_hold_one_of_each_look_alike_pair():
    """Of the look-alike pairs B/8, S/5 and Z/2 codes use one only (the digit), so a code
    read off a sheet is typed as printed."""
    codes = {table_code_new() for _ in range(500)}
    assert not any(ch in code for code in codes for ch in "BSZ")
    assert any(ch in code for code in codes for ch in "852")


def test_a_code_typed_with_look_alikes_swapped_opens_its_table():
    division = seated_division(8, score_entry="players")
    first, second = Table.objects.filter(round__division=division).order_by("number")
    # A code given before B, S, Z were dropped stays valid, and opens typed either way.
    TableCode.objects.filter(table=first).update(code="ZEZ3X6")
    TableCode.objects.filter(table=second).update(code="8S52XK")
    for typed in ("ZEZ3X6", "2EZ3X6", "2e23x6", "ZE2 3X6"):
        found = table_code_find(typed)
        assert (found.refusal, found.table, found.code) == ("", first, "ZEZ3X6"), typed
    for typed in ("8S52XK", "B55ZXK", "BSSZXK"):
        found = table_code_find(typed)
        assert (found.refusal, found.table, found.code) == ("", second, "8S52XK"), typed
    assert table_code_find("ZEZ3X7").refusal == CODE_UNKNOWN
    # The player typing it either way lands on the page of the code as given.
    response = Client().get("/t/", {"code": "2EZ3X6"})
    assert response.status_code == 302 and response["Location"] == "/t/ZEZ3X6/"


def test_two_older_codes_that_read_alike_open_only_as_typed():
    division = seated_division(8, score_entry="players")
    first, second = Table.objects.filter(round__division=division).order_by("number")
    TableCode.objects.filter(table=first).update(code="ZEZ3X6")
    TableCode.objects.filter(table=second).update(code="2EZ3X6")
    assert table_code_find("ZEZ3X6").table == first
    assert table_code_find("2EZ3X6").table == second
    assert table_code_find("2E23X6").refusal == CODE_UNKNOWN  # which one? neither


def test_a_new_code_never_reads_like_an_older_one(monkeypatch):
    division = seated_division(8, score_entry="players")
    first = Table.objects.filter(round__division=division).order_by("number").first()
    TableCode.objects.filter(table=first).update(code="ZEZ3X6")
    offered = iter(["2E23X6", "2E23X7"])
    monkeypatch.setattr("tournaments.services.table_codes.table_code_new", lambda: next(offered))
    new = services.table_code_reissue(table=first)
    assert new.code == "2E23X7"


def test_scorekeepers_only_by_default_gives_no_codes():
    division = seated_division(8)
    assert division.event.score_entry == "scorekeepers"
    assert not TableCode.objects.exists()
    with pytest.raises(RuleError, match="scorekeepers only"):
        services.table_codes_issue(round_=division.rounds.get())


@pytest.mark.parametrize("who", ["players", "both"])
def test_seating_a_round_gives_each_table_one_code(who):
    division = seated_division(12, score_entry=who)
    codes = live_codes(division)
    assert sorted(codes) == sorted(
        Table.objects.filter(round__division=division).values_list("number", flat=True)
    )
    assert len(set(codes.values())) == 3
    row = TableCode.objects.first()
    assert row.issued_by is None and row.issued_by_label == "with the round's seating"
    # Issuing again makes nothing: every table has its code.
    assert services.table_codes_issue(round_=division.rounds.get()) == []


def test_switching_players_on_gives_codes_to_the_rounds_in_play_only():
    division = seated_division(8)
    services.event_configure(event=division.event, score_entry="players")
    assert len(live_codes(division)) == 2
    assert TableCode.objects.first().issued_by_label == "when players were allowed to enter scores"
    # Switching off and on again gives no second code.
    services.event_configure(event=division.event, score_entry="scorekeepers")
    services.event_configure(event=division.event, score_entry="both")
    assert TableCode.objects.count() == 2


def test_a_closed_round_gets_no_code_when_the_setting_is_switched_on():
    division = seated_division(8)
    round_ = division.rounds.get()
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.CLOSED)
    services.event_configure(event=division.event, score_entry="players")
    assert not TableCode.objects.exists()


def test_a_wrong_setting_is_refused():
    event = seated_division(4).event
    with pytest.raises(RuleError, match="'scorekeepers', 'players' or 'both'"):
        services.event_configure(event=event, score_entry="everyone")


def test_reissue_revokes_the_old_code_and_keeps_it_in_the_record():
    division = seated_division(8, score_entry="players")
    organizer = UserFactory(username="olive")
    table = Table.objects.filter(round__division=division).order_by("number").first()
    old = table_code_live(table)
    new = services.table_code_reissue(table=table, user=organizer)
    assert new.code != old.code and new.issued_by == organizer and new.issued_by_label == "olive"
    old.refresh_from_db()
    assert old.revoked_at is not None and old.revoked_by == organizer
    assert old.revoked_by_label == "olive"
    assert table_code_find(old.code).refusal == CODE_REVOKED
    found = table_code_find(new.code)
    assert found.refusal == "" and found.table == table and found.round == table.round
    # A second organizer's click from the same page (it saw the old code): the new one stands.
    again = services.table_code_reissue(table=table, user=organizer, expected_code=old.code)
    assert again == new and TableCode.objects.filter(table=table).count() == 2


def test_the_database_refuses_two_live_codes_for_a_table_and_a_code_twice():
    division = seated_division(8, score_entry="players")
    first, second = Table.objects.filter(round__division=division).order_by("number")
    with pytest.raises(IntegrityError), transaction.atomic():
        TableCode.objects.create(table=first, code=table_code_new())
    with pytest.raises(IntegrityError), transaction.atomic():
        TableCode.objects.create(table=second, code=table_code_live(first).code)
    with pytest.raises(IntegrityError), transaction.atomic():
        TableCode.objects.filter(table=second).update(code="ABC0O1")


def test_lookup_refusals_unknown_closed_and_off():
    division = seated_division(8, score_entry="players")
    code = next(iter(live_codes(division).values()))
    assert table_code_find(code.lower()).refusal == ""
    assert table_code_find(f" {code[:3]}-{code[3:]} ").refusal == ""
    assert table_code_find("ZZZZZZ").refusal == CODE_UNKNOWN
    assert table_code_find("0O1IL2").refusal == CODE_UNKNOWN
    assert table_code_find("").refusal == CODE_UNKNOWN
    assert table_code_typed("abc") == ""
    services.event_configure(event=division.event, score_entry="scorekeepers")
    assert table_code_find(code).refusal == CODE_OFF
    services.event_configure(event=division.event, score_entry="both")
    Round.objects.filter(division=division).update(status=Round.Status.CLOSED)
    found = table_code_find(code)
    assert found.refusal == CODE_CLOSED and found.round.division == division
    with pytest.raises(RuleError, match="is over"):
        services.table_code_reissue(table=found.table)


def test_a_round_seated_again_gets_new_codes():
    division = seated_division(8, score_entry="players")
    before = set(live_codes(division).values())
    services.round_reseat(division=division, reason="wrong table sizes")
    after = set(live_codes(division).values())
    assert len(after) == 2 and not before & after
    # The old sheets' codes are kept, retired: never given again, answered plainly.
    assert all(table_code_find(c).refusal == CODE_RETIRED for c in before)
    retired = TableCode.objects.filter(code__in=before)
    assert all(c.table_id is None and c.retired_at and c.event_id == division.event_id
               for c in retired)  # fmt: skip


def test_configure_event_sets_who_enters_scores():
    division = seated_division(8)
    out = run("configure_event", division.event.slug, "--score-entry", "both")
    assert "scores entered by scorekeepers and players at the table" in out
    assert Event.objects.get(pk=division.event.pk).score_entry == "both"
    assert len(live_codes(division)) == 2


def test_the_desk_settings_page_sets_who_enters_scores():
    division = seated_division(8)
    event = division.event
    client = organizer_client(event)
    page = client.get(f"/e/{event.slug}/desk/settings/")
    assert b"Who enters scores" in page.content and b"Players at the table" in page.content
    response = client.post(
        f"/e/{event.slug}/desk/settings/", settings_post(event, score_entry="players")
    )
    assert response.status_code == 302
    assert Event.objects.get(pk=event.pk).score_entry == "players"
    assert len(live_codes(division)) == 2
    # A page opened before the setting existed (no field sent) keeps it.
    data = settings_post(Event.objects.get(pk=event.pk))
    del data["score_entry"]
    assert client.post(f"/e/{event.slug}/desk/settings/", data).status_code == 302
    assert Event.objects.get(pk=event.pk).score_entry == "players"


def test_backup_restore_backup_keeps_the_setting_and_every_code(tmp_path):
    division = seated_division(8, score_entry="players")
    event = division.event
    organizer = UserFactory(username="olive")
    table = Table.objects.filter(round__division=division).order_by("number").first()
    services.table_code_reissue(table=table, user=organizer)
    first = event_backup(event)
    assert first["event"]["score_entry"] == "players"
    codes = first["rounds"][0]["tables"][0]["codes"]
    assert [bool(c["revoked_at"]) for c in codes] == [True, False]
    assert codes[0]["revoked_by"] == "olive" and codes[1]["issued_by"] == "olive"
    # Restored where the original is gone: the same document, codes and times included.
    event_delete(event=event, typed_name=event.name)
    copy = event_restore(first)
    assert event_backup(copy) == first
    assert table_code_find(codes[1]["code"]).table.round.division.event == copy


def test_restored_beside_the_original_the_copy_gets_new_codes():
    division = seated_division(8, score_entry="players")
    first = event_backup(division.event)
    copy = event_restore(first, slug="copy")
    mine = set(live_codes(division).values())
    theirs = set(
        TableCode.objects.filter(table__round__division__event=copy).values_list("code", flat=True)
    )
    assert len(theirs) == 2 and not mine & theirs
    for code in mine:
        assert table_code_find(code).table.round.division == division


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda t: t.update(codes="ABC"), "codes should be a list"),
        (lambda t: t["codes"].append("ABCDEF"), "a table code should be a group"),
        (lambda t: t["codes"][0].update(code="ABC0O1"), "A table code is 6 characters"),
        (lambda t: t["codes"][0].update(code=7), "the code should be text"),
        (lambda t: t["codes"][0].update(issued_at="soon"), "is not a date and time"),
        (lambda t: t["codes"].append(dict(t["codes"][0], code="ZZZZZZ")), "more than one"),
    ],
)
def test_a_tampered_code_is_refused_and_nothing_is_written(change, words):
    division = seated_division(8, score_entry="players")
    data = event_backup(division.event)
    change(data["rounds"][0]["tables"][0])
    with pytest.raises((BackupRefused, RuleError), match=words):
        event_restore(data, slug="tampered")
    assert not Event.objects.filter(slug="tampered").exists()


def test_wrong_codes_are_counted_per_address_and_old_ones_swept(monkeypatch, settings):
    import datetime

    from django.utils import timezone

    from tournaments.models import TableCodeAttempt
    from tournaments.selectors import table_code_wait
    from tournaments.services import table_codes

    settings.TABLE_CODE_WRONG_ALLOWED = 2
    settings.TABLE_CODE_WINDOW = datetime.timedelta(minutes=5)
    old = TableCodeAttempt.objects.create(
        address="192.0.2.1", typed="OLDONE", at=timezone.now() - datetime.timedelta(days=2)
    )
    monkeypatch.setattr(table_codes.secrets, "randbelow", lambda n: 1)
    services.table_code_wrong(address="192.0.2.9", typed="AAAAAA")
    assert table_code_wait("192.0.2.9") == 0
    monkeypatch.setattr(table_codes.secrets, "randbelow", lambda n: 0)  # the sweep's turn
    services.table_code_wrong(address="192.0.2.9", typed="BBBBBB")
    assert not TableCodeAttempt.objects.filter(pk=old.pk).exists()
    assert 295 <= table_code_wait("192.0.2.9") <= 300
    assert table_code_wait("192.0.2.10") == 0
    later = timezone.now() + datetime.timedelta(minutes=5, seconds=1)
    assert table_code_wait("192.0.2.9", now=later) == 0


def test_retired_codes_round_trip_and_go_with_their_event():
    """A round seated again: its old codes are in the backup (no table), restored where the
    original is gone, answered as retired there; deleting the event removes them."""
    division = seated_division(8, score_entry="players")
    event = division.event
    old = set(live_codes(division).values())
    services.round_reseat(division=division, reason="wrong table sizes")
    first = event_backup(event)
    assert {c["code"] for c in first["retired_codes"]} == old
    assert all(c["retired_at"] for c in first["retired_codes"])
    event_delete(event=event, typed_name=event.name)
    assert not TableCode.objects.filter(code__in=old).exists()
    copy = event_restore(first)
    assert event_backup(copy) == first
    assert all(table_code_find(c).refusal == CODE_RETIRED for c in old)
    # Restored beside the original: the codes answer there already, none is doubled.
    again = event_restore(first, slug="copy")
    assert TableCode.objects.filter(code__in=old).count() == len(old)
    assert event_backup(again)["retired_codes"] == []


def test_a_round_taken_back_retires_its_codes():
    division = seated_division(8, score_entry="players")
    old = set(live_codes(division).values())
    services.round_reopen(division=division, reason="late arrivals")
    assert all(table_code_find(c).refusal == CODE_RETIRED for c in old)
