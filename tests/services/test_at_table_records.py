"""A change a player makes at the table with its code stores who and which code as what they
are (ScoreChange.at_table_player, at_table_code), beside the English label kept for the
record: the desk's players' entries and the audit trail read those, never the label's words.
Changes made before (old rows, old backups) are read from the label once."""

import html

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.utils import timezone

from desk.selectors import players_entries
from scoring.backup import BackupRefused, event_backup, event_restore
from scoring.models import ScoreChange
from tests.entry.test_table_code_pages import as_player, code_of, game_post
from tests.factories import DivisionFactory, EntrantFactory, UserFactory, seated, seated_division
from tournaments.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    """Ann enters game 1 at table 1 with its code, Bo confirms it."""
    division = seated_division(8, score_entry="players", confirmation="second-person")
    table = Table.objects.filter(round__division=division).order_by("number").first()
    ann, bo = seated(table)[:2]
    code = code_of(table)
    client = Client()
    as_player(client, table, ann)
    assert client.post(f"/t/{code}/", game_post(table, ["0", "5", "9", "12"])).status_code == 302
    as_player(client, table, bo)
    game = table.games.get(number=1)
    confirmed = client.post(f"/t/{code}/games/1/confirm/", {"version": game.version})
    assert confirmed.status_code == 302
    return division, table, ann, bo, code


def test_a_player_s_save_and_confirmation_store_the_player_and_the_code(played):
    division, table, ann, bo, code = played
    rows = list(
        ScoreChange.objects.order_by("id").values_list(
            "action", "at_table_player", "at_table_code", "actor_label"
        )
    )
    assert rows == [
        ("entered", ann.pk, code, f"{ann.name} at the table (code {code})"),
        ("confirmed", bo.pk, code, f"{bo.name} at the table (code {code})"),
    ]
    (entered, confirmed) = players_entries(table.round)[table.number]
    assert (entered.name, entered.code, entered.confirmed) == (ann.name, code, False)
    assert (confirmed.name, confirmed.code, confirmed.confirmed) == (bo.name, code, True)


def test_an_organizer_s_save_stores_no_player(played):
    from tests.factories import enter

    division, table, *_ = played
    enter(table, 2, [0, 1, 2, 3])
    latest = ScoreChange.objects.latest("id")
    assert (latest.at_table_player, latest.at_table_code, latest.at_table) == (None, "", None)
    assert [e.game for e in players_entries(table.round)[table.number]] == [1, 1]


def test_the_desk_finds_a_player_s_entry_whatever_the_label_says(played):
    """The label is the record's words: worded otherwise (a later wording, a name cut at
    150 characters) the desk still lists the entry, by the stored player and code."""
    division, table, ann, _bo, code = played
    ScoreChange.objects.create(
        division=division,
        round_number=1,
        table_number=table.number,
        game_number=2,
        action=ScoreChange.Action.ENTERED,
        actor_label=f"{ann.name[:3]}… (table code {code})",
        at_table_player=ann,
        at_table_code=code,
    )
    # And a label in the old words but no player: not a player's entry.
    ScoreChange.objects.create(
        division=division,
        round_number=1,
        table_number=table.number,
        game_number=3,
        action=ScoreChange.Action.ENTERED,
        actor_label=f"Someone at the table (code {code})",
    )
    entries = players_entries(table.round)[table.number]
    assert [(e.game, e.name, e.confirmed) for e in entries] == [
        (1, ann.name, False),
        (1, seated(table)[1].name, True),
        (2, ann.name, False),
    ]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "{name} at the table (code {code})"),
        ("fr", "{name} à la table (code {code})"),
        ("es", "{name} en la mesa (código {code})"),
    ],
)
def test_the_audit_trail_and_the_desk_say_who_in_each_language(played, language, words):
    division, table, ann, bo, code = played
    olive = UserFactory(username="olive")
    division.event.organizers.add(olive)
    desk = Client()
    desk.force_login(olive)
    desk.cookies["django_language"] = language
    slug = division.event.slug
    page = html.unescape(desk.get(f"/e/{slug}/tables/{table.pk}/").content.decode())
    assert words.format(name=ann.name, code=code) in page
    assert words.format(name=bo.name, code=code) in page
    codes = html.unescape(
        desk.get(f"/e/{slug}/desk/divisions/{division.pk}/codes/").content.decode()
    )
    assert ann.name in codes and bo.name in codes


def test_a_backup_keeps_the_player_and_the_code_and_an_old_backup_s_labels_are_read(played):
    division, table, ann, bo, code = played
    data = event_backup(division.event)
    assert [c["at_table"] for c in data["audit"]] == [
        {"player": ann.external_id, "code": code},
        {"player": bo.external_id, "code": code},
    ]
    copy = event_restore(data, slug="copy")
    restored = ScoreChange.objects.filter(division__event=copy).order_by("id")
    assert [(c.at_table_player.external_id, c.at_table_code) for c in restored] == [
        (ann.external_id, code),
        (bo.external_id, code),
    ]
    # A backup made before: the labels alone, read once.
    for change in data["audit"]:
        del change["at_table"]
    older = event_restore(data, slug="older")
    restored = ScoreChange.objects.filter(division__event=older).order_by("id")
    assert [(c.at_table_player.external_id, c.at_table_code) for c in restored] == [
        (ann.external_id, code),
        (bo.external_id, code),
    ]
    older_table = Table.objects.get(round__division__event=older, number=table.number)
    assert [e.name for e in players_entries(older_table.round)[table.number]] == [
        ann.name,
        bo.name,
    ]


@pytest.mark.parametrize(
    "at_table",
    [
        {"player": "nobody", "code": "K7M4QX"},
        {"player": "E1", "code": "lower1"},
        {"player": "E1"},
        "K7M4QX",
    ],
)
def test_a_backup_with_a_player_at_the_table_it_cannot_read_is_refused(played, at_table):
    division, *_ = played
    data = event_backup(division.event)
    first = data["audit"][0]
    if isinstance(at_table, dict) and at_table.get("player") == "E1":
        at_table = {**at_table, "player": first["at_table"]["player"]}
    first["at_table"] = at_table
    with pytest.raises(BackupRefused):
        event_restore(data, slug="bad")


@pytest.mark.django_db(transaction=True)
def test_the_migration_reads_old_labels_once():
    executor = MigrationExecutor(connection)
    old, new = (
        [("scoring", "0008_score_change_undo")],
        [("scoring", "0009_at_table")],
    )
    executor.migrate(old)
    apps = executor.loader.project_state(old).apps
    division = seated_division(8)  # tournaments' tables are as they are now
    table = Table.objects.filter(round__division=division).order_by("number").first()
    ann = seated(table)[0]
    # A namesake of Ann's elsewhere in the event: the one seated at the table is meant.
    EntrantFactory(
        division=division, first_name=ann.first_name, last_name=ann.last_name, external_id="X9"
    )
    other = DivisionFactory(event=division.event, name="Other")
    lone = EntrantFactory(division=other, first_name="Lone", last_name="Player")
    Change = apps.get_model("scoring", "ScoreChange")
    values = {"division_id": division.pk, "round_number": 1, "at": timezone.now()}
    Change.objects.create(
        **values,
        table_number=table.number,
        game_number=1,
        action="entered",
        actor_label=f"{ann.name} at the table (code K7M4QX)",
    )
    Change.objects.create(
        **values,
        table_number=99,
        game_number=1,
        action="confirmed",
        actor_label="Lone Player at the table (code ABC234)",
    )
    Change.objects.create(
        **values,
        table_number=table.number,
        game_number=2,
        action="entered",
        actor_label="Nobody Here at the table (code ABC234)",
    )
    Change.objects.create(**values, action="entered", actor_label="olive")

    executor = MigrationExecutor(connection)
    executor.migrate(new)
    Change = executor.loader.project_state(new).apps.get_model("scoring", "ScoreChange")
    assert list(Change.objects.order_by("id").values_list("at_table_player", "at_table_code")) == [
        (ann.pk, "K7M4QX"),
        (lone.pk, "ABC234"),
        (None, ""),
        (None, ""),
    ]
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
