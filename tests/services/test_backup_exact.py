"""Backup → restore → backup gives the same document, every timestamp and every person
included (games' entry and confirmation times and who did them, each rack total's entry,
penalties, tie decisions, the audit trail, the rows' creation times), in the same database
under another short name and in a brand-new database under the same one."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management.base import CommandError

from scoring import services as scoring
from scoring.backup import event_backup
from scoring.models import (
    CorrectionDecision,
    Game,
    Penalty,
    RackScore,
    ScoreChange,
    TieBreakDecision,
)
from tests.factories import DivisionFactory, EntrantFactory, UserFactory, seated
from tests.helpers import cli, run
from tests.services.test_backup import _event_in_progress
from tournaments import services
from tournaments.models import (
    Announcement,
    Bye,
    Division,
    DivisionResults,
    Entrant,
    EntrantRemoval,
    EntrantStatusChange,
    Erasure,
    Event,
    Round,
    RoundChange,
    Seat,
    Table,
    TableCode,
)

pytestmark = pytest.mark.django_db


def _played_by_people(tmp_path) -> Event:
    """The event in progress of test_backup, and a division "Late" whose first game was
    entered by one scorekeeper and confirmed by another, with a penalty by the organizer."""
    _event_in_progress(tmp_path)
    event = Event.objects.get(slug="mid")
    olive = UserFactory(username="olive", is_staff=True)
    sam, sue = UserFactory(username="sam"), UserFactory(username="sue")
    event.organizers.add(olive)
    event.scorekeepers.add(sam, sue)
    late = DivisionFactory(event=event, name="Late")
    EntrantFactory.create_batch(4, division=late)
    services.division_seat_first_round(division=late, seed=3)
    table = Table.objects.get(round__division=late)
    game = scoring.game_record(
        table=table,
        number=1,
        racks=dict(zip(seated(table), [0, 6, 9, 12], strict=True)),
        user=sam,
        save_key="0b5c2a8e-1f3d-4a6b-9c7d-2e8f4a6b1c3d",  # a score page's key
    )
    scoring.game_confirm(game=game, user=sue, expected_version=game.version)
    scoring.penalty_add(
        round_=table.round, entrant=seated(table)[2], points=2, reason="phone rang", user=olive
    )
    # A withdrawal marked by mistake and undone, then a disqualification: kept with reasons.
    services.entrants_withdraw(event=event, ids=[seated(table)[3].external_id], user=olive)
    scoring.entrant_reinstate(entrant=seated(table)[3], reason="wrong player", user=olive)
    services.entrants_disqualify(
        event=event, ids=[seated(table)[3].external_id], reason="marked tiles", user=olive
    )
    return event


def backup_file(path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_backup_holds_every_time_and_person(tmp_path):
    event = _played_by_people(tmp_path)
    data = event_backup(event)
    (late,) = [r for r in data["rounds"] if r["division"] == "Late"]
    game = late["tables"][0]["games"][0]
    assert game["entered_by"] == "sam" and game["confirmed_by"] == "sue"
    assert {e["entered_by"] for e in game["rack_entries"].values()} == {"sam"}
    assert all(e["entered_at"] for e in game["rack_entries"].values())
    assert late["penalties"][0]["given_by"] == "olive"
    assert data["event"]["created_at"] and data["entrants"][0]["created_at"]
    assert all(r["created_at"] for r in data["rounds"])
    assert {c["actor_user"] for c in data["audit"]} == {None, "sam", "sue", "olive"}
    assert data["organizers"] == ["olive"] and data["scorekeepers"] == ["sam", "sue"]
    assert [(c["after"], c["reason"], c["by_user"]) for c in data["status_changes"][-3:]] == [
        ("withdrawn", "", "olive"),
        ("checked_in", "wrong player", "olive"),
        ("disqualified", "marked tiles", "olive"),
    ]
    assert all(c["at"] for c in data["status_changes"])


def test_backup_restore_backup_in_the_same_database_differs_only_in_the_short_name(tmp_path):
    _played_by_people(tmp_path)
    first, second = tmp_path / "mid.json", tmp_path / "mid-2.json"
    run("backup_event", "mid", "--out", first)
    run("restore_event", first, "--as", "mid-2")
    run("backup_event", "mid-2", "--out", second)
    before, after = backup_file(first), backup_file(second)
    assert after["event"].pop("slug") == "mid-2"
    assert before["event"].pop("slug") == "mid"
    assert after == before
    # The times are the original ones, not the restore's.
    copy = Event.objects.get(slug="mid-2")
    original = Event.objects.get(slug="mid")
    assert copy.created_at == original.created_at
    assert sorted(
        Game.objects.filter(table__round__division__event=copy).values_list("entered_at", flat=True)
    ) == sorted(
        Game.objects.filter(table__round__division__event=original).values_list(
            "entered_at", flat=True
        )
    )
    assert TieBreakDecision.objects.get(division__event=copy).decided_at == (
        TieBreakDecision.objects.get(division__event=original).decided_at
    )


@pytest.mark.slow
def test_backup_restore_backup_in_a_brand_new_database_is_identical(tmp_path, fresh_sqlite):
    _played_by_people(tmp_path)
    first, second = tmp_path / "mid.json", tmp_path / "there.json"
    run("backup_event", "mid", "--out", first)
    restored = cli(fresh_sqlite, "restore_event", first)
    assert restored.returncode == 0, restored.stderr
    again = cli(fresh_sqlite, "backup_event", "mid", "--out", second)
    assert again.returncode == 0, again.stderr
    assert backup_file(second) == backup_file(first)
    # The people it names have accounts there now, without a password.
    assert sorted(backup_file(second)["scorekeepers"]) == ["sam", "sue"]


def test_people_missing_here_get_accounts_without_a_password(tmp_path):
    event = _played_by_people(tmp_path)
    data = event_backup(event)
    data["scorekeepers"].append("walt")
    (late,) = [r for r in data["rounds"] if r["division"] == "Late"]
    late["penalties"][0]["given_by"] = "pat"
    from scoring.backup import event_restore

    copy = event_restore(data, slug="mid-3")
    User = get_user_model()
    for name in ("walt", "pat"):
        user = User.objects.get(username=name)
        assert not user.has_usable_password() and not user.is_staff
    assert (
        Penalty.objects.get(round__division__event=copy, reason="phone rang").given_by.username
        == "pat"
    )


def test_a_version_1_backup_still_restores(tmp_path):
    event = _played_by_people(tmp_path)
    data = event_backup(event)
    data["version"] = 1
    del data["event"]["created_at"]
    for entrant in data["entrants"]:
        del entrant["created_at"]
    for round_ in data["rounds"]:
        del round_["created_at"]
        for table in round_["tables"]:
            for game in table["games"]:
                del game["rack_entries"]
    for decision in data["decisions"]:
        del decision["decided_by"]
    for change in data["audit"]:
        del change["actor_user"]
    from scoring.backup import event_restore

    copy = event_restore(data, slug="old")
    assert RackScore.objects.filter(game__table__round__division__event=copy).count() == (
        RackScore.objects.filter(game__table__round__division__event=event).count()
    )
    assert copy.organizers.get().username == "olive"


# Every stored field of every model a backup covers, and how: a field added to a model
# must be added to the backup too (or here, saying why it is not), or restores lose it.
COVERED = {
    Event: {
        "name", "slug", "date", "venue", "scoring", "prefer_threes", "minutes_per_game",
        "initial_meld", "cutoff_date", "age_bands", "by_gender", "medal_policy", "tie_order",
        "confirmation", "score_entry", "paper", "language", "combine_below", "ribbons_to",
        "lone_entrant",
        "qualify", "home_state", "created_at", "archived_at", "hall_tables", "unusable_tables",
        "accessible_tables",
        # Privacy (docs/privacy.md).
        "public_names", "personal_data_days", "personal_purged_at", "ended_forgotten_at",
        # The players' own pages (scoring/backup/player_pages.py).
        "checkin_opens_at", "checkin_closes_at",
        # The format (tournaments.engine.formats).
        "scoring_name", "turn_seconds", "joker_value", "never_opened", "wait_after_initial_meld",
        "direction", "over_time_tiles", "hands_per_game", "game_minutes", "divisions_by_size",
        # The event's clock.
        "time_zone",
        # Who may enter.
        "min_age", "max_age",
    },
    Division: {
        "event", "name", "min_age", "max_age", "gender", "combined_into", "status", "walkover",
        "medals_confirmed_at", "medals_by_age_group",
        "starts_at", "place",
        # What made the name (shown in the reader's language).
        "made_as",
    },
    # The division's "results" in the file.
    DivisionResults: {"division", "placings"},
    # search_name is not in the file: it is made from the names on every save.
    Entrant: {
        "event", "division", "external_id", "first_name", "last_name", "birth_date",
        "stated_age", "gender", "club", "family", "state", "email", "phone", "status",
        "created_at", "search_name", "accessible",
        # Privacy (docs/privacy.md).
        "emergency_contact", "address", "public_opt_out", "erased_at",
        "page_code", "family_code", "self_checked_in_at", "self_checked_in_at_kiosk",
    },
    Round: {
        "division", "number", "kind", "games", "status", "seed", "seating_notes", "created_at",
        "closed_at", "clock_started_at", "clock_paused_at", "clock_paused_seconds",
        "clock_minutes_per_game",
    },
    Table: {"round", "number", "extra_minutes"},
    # A table's "codes" in the file.
    TableCode: {
        "table", "event", "code", "issued_at", "issued_by", "issued_by_label", "revoked_at",
        "revoked_by", "revoked_by_label", "revoked_reason", "retired_at",
    },
    Seat: {"round", "table", "entrant", "number"},
    Bye: {"round", "entrant"},
    Game: {
        "table", "number", "ended", "winner", "entered_by", "entered_at", "confirmed_by",
        "confirmed_at", "version", "entered_by_player", "confirmed_by_player",
    },
    RackScore: {"game", "entrant", "rack_total", "entered_by", "entered_at", "version"},
    Penalty: {"round", "entrant", "points", "reason", "given_by", "given_at"},
    TieBreakDecision: {"division", "round_number", "order", "note", "decided_by", "decided_at"},
    CorrectionDecision: {
        "change", "choice", "steps", "decided_by", "decided_by_label", "decided_at",
    },
    EntrantStatusChange: {"entrant", "before", "after", "reason", "by", "by_label", "at"},
    Announcement: {"event", "text", "by", "by_label", "at"},
    # The file's "erasures"; the event and its creation time and short name are the
    # restored event's (a copy is known by its creation time, which the backup keeps).
    Erasure: {
        "event", "event_created_at", "event_slug", "external_id", "reason", "by", "by_label",
        "at",
    },
    # The file's "removals"; the event is the restored one.
    EntrantRemoval: {
        "event", "external_id", "name", "division", "reason", "by", "by_label", "at",
        "first_name", "last_name", "birth_date",
    },
    RoundChange: {
        "division", "round_number", "action", "reason", "before", "after", "notes", "by",
        "by_label", "at",
    },
    ScoreChange: {
        "division", "round_number", "table_number", "game_number", "entrant", "action",
        "before", "after", "reason", "undo", "actor", "actor_label", "at", "consequence",
        "save_key", "at_table_player", "at_table_code", "address",
    },
}  # fmt: skip


@pytest.mark.parametrize("model", list(COVERED), ids=lambda m: m.__name__)
def test_the_backup_covers_every_stored_field(model):
    stored = {f.name for f in model._meta.concrete_fields} - {"id"}
    assert stored == COVERED[model], (
        f"{model.__name__}: back up (scoring/backup.py) and restore "
        f"{sorted(stored - COVERED[model])}"
    )


def test_a_save_key_is_kept_and_one_used_twice_is_refused(tmp_path):
    """The score page's save keys go into the backup; a backup holding one key twice in a
    division (it could not be stored) is refused by name, before anything is written."""
    _played_by_people(tmp_path)
    path = tmp_path / "mid.json"
    run("backup_event", "mid", "--out", path)
    data = backup_file(path)
    keyed = [c for c in data["audit"] if c.get("save_key")]
    assert [c["save_key"] for c in keyed] == ["0b5c2a8e-1f3d-4a6b-9c7d-2e8f4a6b1c3d"]
    twice = dict(keyed[0], action="replaced")
    data["audit"].append(twice)
    path.write_text(json.dumps(data), encoding="utf-8")
    events = Event.objects.count()
    with pytest.raises(CommandError, match="save key is entry"):
        run("restore_event", path, "--as", "mid-twice")
    assert Event.objects.count() == events
