"""Players enter and confirm their own table's games, at the service:
the player who entered a game cannot confirm it, another player's confirmation counts
for the second-person rule like a scorekeeper's, and every entry and confirmation is in
the audit trail with the player's name, "at the table (code)" and the device's address."""

import pytest

from scoring import services as scoring
from scoring.backup import event_backup, event_restore
from scoring.models import Game, ScoreChange
from tests.factories import UserFactory, seated, seated_division
from tournaments.engine import RuleError
from tournaments.models import Round, Table
from tournaments.selectors import table_code_live

pytestmark = pytest.mark.django_db


def at(table, player, address="192.0.2.7"):
    return scoring.AtTable(player=player, code=table_code_live(table).code, address=address)


def two_tables(confirmation="second-person"):
    division = seated_division(8, score_entry="players", confirmation=confirmation)
    return division, list(Table.objects.filter(round__division=division).order_by("number"))


def enter(table, number, values, who, **options):
    return scoring.game_record(
        table=table,
        number=number,
        racks=dict(zip(seated(table), values, strict=True)),
        at_table=who,
        expected_version=0,
        **options,
    )


def test_a_player_enters_and_another_confirms_both_in_the_audit_trail():
    division, (table, _other) = two_tables()
    ann, bo = seated(table)[:2]
    game = enter(table, 1, [0, 5, 9, 12], at(table, ann))
    assert game.entered_by is None and game.entered_by_player == ann and not game.confirmed
    entered = ScoreChange.objects.get(action="entered")
    code = table_code_live(table).code
    assert entered.actor is None
    assert entered.actor_label == f"{ann.name} at the table (code {code})"
    assert entered.address == "192.0.2.7"
    scoring.game_confirm(game=game, user=None, at_table=at(table, bo, "2001:db8::5"))
    game.refresh_from_db()
    assert game.confirmed and game.confirmed_by is None and game.confirmed_by_player == bo
    confirmed = ScoreChange.objects.get(action="confirmed")
    assert confirmed.actor_label == f"{bo.name} at the table (code {code})"
    assert confirmed.address == "2001:db8::5"


def test_the_player_who_entered_cannot_confirm():
    _division, (table, _other) = two_tables()
    ann = seated(table)[0]
    game = enter(table, 1, [0, 5, 9, 12], at(table, ann))
    with pytest.raises(RuleError, match="Another player at the table must check these"):
        scoring.game_confirm(game=game, user=None, at_table=at(table, ann))
    game.refresh_from_db()
    assert not game.confirmed
    assert not ScoreChange.objects.filter(action="confirmed").exists()


def test_a_change_by_the_confirming_player_makes_them_the_one_who_entered():
    _division, (table, _other) = two_tables()
    ann, bo = seated(table)[:2]
    game = enter(table, 1, [0, 5, 9, 12], at(table, ann))
    # Bo sees a mistake and saves other numbers: now Ann (not Bo) must confirm.
    game = scoring.game_record(
        table=table,
        number=1,
        racks=dict(zip(seated(table), [0, 6, 9, 12], strict=True)),
        at_table=at(table, bo),
        expected_version=game.version,
    )
    assert game.entered_by_player == bo
    with pytest.raises(RuleError, match="must check these"):
        scoring.game_confirm(game=game, user=None, at_table=at(table, bo))
    scoring.game_confirm(game=game, user=None, at_table=at(table, ann))
    assert Game.objects.get(pk=game.pk).confirmed_by_player == ann


def test_a_player_of_another_table_is_refused():
    _division, (table, other) = two_tables()
    stranger = seated(other)[0]
    with pytest.raises(RuleError, match="does not play at this table"):
        enter(table, 1, [0, 5, 9, 12], at(table, stranger))
    assert not Game.objects.exists()
    game = enter(table, 1, [0, 5, 9, 12], at(table, seated(table)[0]))
    with pytest.raises(RuleError, match="does not play at this table"):
        scoring.game_confirm(game=game, user=None, at_table=at(table, stranger))


def test_a_player_cannot_change_a_confirmed_game():
    _division, (table, _other) = two_tables()
    ann, bo = seated(table)[:2]
    game = enter(table, 1, [0, 5, 9, 12], at(table, ann))
    scoring.game_confirm(game=game, user=None, at_table=at(table, bo))
    with pytest.raises(RuleError, match="only an organizer can change them"):
        scoring.game_record(
            table=table,
            number=1,
            racks=dict(zip(seated(table), [0, 7, 9, 12], strict=True)),
            at_table=at(table, ann),
            expected_version=Game.objects.get(pk=game.pk).version,
        )


def test_players_confirmations_count_for_the_second_person_rule():
    division, tables = two_tables()
    values = [[0, 5, 9, 12], [7, 0, 3, 4], [2, 8, 0, 6]]
    for table in tables:
        players = seated(table)
        for number, racks in enumerate(values, start=1):
            game = enter(table, number, racks, at(table, players[0]))
            if table == tables[0] or number < 3:
                scoring.game_confirm(game=game, user=None, at_table=at(table, players[1]))
    with pytest.raises(RuleError, match="not checked by a second person"):
        scoring.division_advance(division=division)
    game = Game.objects.get(table=tables[1], number=3)
    # A scorekeeper may confirm a player's entry too.
    scoring.game_confirm(game=game, user=UserFactory(username="sam"))
    result = scoring.division_advance(division=division)
    assert result.closed.status == Round.Status.CLOSED


def test_who_entered_and_confirmed_at_the_table_is_in_the_exact_backup():
    division, (table, _other) = two_tables()
    ann, bo = seated(table)[:2]
    game = enter(table, 1, [0, 5, 9, 12], at(table, ann))
    scoring.game_confirm(game=game, user=None, at_table=at(table, bo))
    first = event_backup(division.event)
    saved = first["rounds"][0]["tables"][0]["games"][0]
    assert saved["entered_by_player"] == ann.external_id
    assert saved["confirmed_by_player"] == bo.external_id
    assert {c["address"] for c in first["audit"]} == {"192.0.2.7"}
    copy = event_restore(first, slug="copy")
    second = event_backup(copy)
    # Only the short name and the copy's table codes (never two tables with one) differ.
    for data in (first, second):
        data["event"].pop("slug")
        for table_json in data["rounds"][0]["tables"]:
            table_json.pop("codes")
    assert second == first
    saved["entered_by_player"] = "nobody"
    with pytest.raises(RuleError, match="nobody"):
        event_restore(first, slug="tampered")


def test_a_tampered_address_in_the_backup_is_refused():
    division, (table, _other) = two_tables()
    enter(table, 1, [0, 5, 9, 12], at(table, seated(table)[0]))
    data = event_backup(division.event)
    data["audit"][0]["address"] = "999.1.1.1; drop"
    with pytest.raises(RuleError, match="audit trail entry 1: address"):
        event_restore(data, slug="tampered")
