"""game_record and game_confirm, called directly with small data (scoring/services/games.py)."""

import pytest

from scoring import services
from scoring.models import Game, ScoreChange
from tests.factories import EntrantFactory, UserFactory, seated, seated_division
from tournaments.engine import GameError, RuleError
from tournaments.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    division = seated_division(8)
    return Table.objects.filter(round__division=division).order_by("number").first()


def racks(table, values=(0, 10, 20, 30)):
    return dict(zip(seated(table), values, strict=True))


def test_an_organizers_entry_is_saved_confirmed_and_audited(table):
    organizer = UserFactory(username="olive")
    game = services.game_record(
        table=table, number=1, racks=racks(table), user=organizer, organizer=True
    )
    assert game.confirmed and game.ended == "out"
    assert sorted(game.racks.values_list("rack_total", flat=True)) == [0, 10, 20, 30]
    change = ScoreChange.objects.get()
    assert change.action == ScoreChange.Action.ENTERED and change.actor_label == "olive"
    assert table.round.__class__.objects.get(pk=table.round_id).status == "in_play"


def test_a_scorekeepers_entry_waits_for_confirmation_and_may_be_replaced(table):
    sam, sue = UserFactory(username="sam"), UserFactory(username="sue")
    services.game_record(table=table, number=1, racks=racks(table), user=sam)
    game = services.game_record(
        table=table, number=1, racks=racks(table, (0, 12, 20, 30)), user=sam, replace=True
    )
    assert not game.confirmed and game.version == 2
    assert ScoreChange.objects.filter(action=ScoreChange.Action.REPLACED).count() == 1
    with pytest.raises(RuleError, match="someone other than who entered"):
        services.game_confirm(game=game, user=sam)
    assert services.game_confirm(game=game, user=sue).confirmed


def test_replacing_a_confirmed_game_is_a_correction_with_a_reason(table):
    services.game_record(table=table, number=1, racks=racks(table), organizer=True)
    changed = racks(table, (0, 11, 20, 30))
    with pytest.raises(RuleError, match="only an organizer can change them"):
        services.game_record(table=table, number=1, racks=changed, replace=True)
    with pytest.raises(RuleError, match=r"needs a reason \(--reason\)"):
        services.game_record(table=table, number=1, racks=changed, replace=True, organizer=True)
    services.game_record(
        table=table, number=1, racks=changed, replace=True, organizer=True, reason="misread"
    )
    change = ScoreChange.objects.get(action=ScoreChange.Action.CORRECTED)
    assert change.reason == "misread"
    assert change.before["racks"] != change.after["racks"]


def test_the_same_entry_again_is_saved_once(table):
    services.game_record(table=table, number=1, racks=racks(table), organizer=True)
    services.game_record(table=table, number=1, racks=racks(table), organizer=True, replace=True)
    assert ScoreChange.objects.count() == 1 and Game.objects.get().version == 1


def test_a_player_from_another_table_is_refused_by_name(table):
    stranger = EntrantFactory(division=table.round.division, first_name="Zed", last_name="Far")
    values = {**racks(table), stranger: 5}
    with pytest.raises(RuleError, match=r"Zed Far \(P\d+\) is not at this table"):
        services.game_record(table=table, number=1, racks=values, organizer=True)


def test_the_engine_refuses_an_impossible_game_with_where_it_is(table):
    with pytest.raises(GameError) as error:
        services.game_record(table=table, number=1, racks=racks(table, (5, 10, 20, 30)))
    assert error.value.reasons[0].startswith("Open, round 1, table 1, game 1: ")
    assert not Game.objects.exists()


def test_a_confirmation_of_a_game_changed_since_is_refused_with_the_new_scores(table):
    sam, sue = UserFactory(username="sam"), UserFactory(username="sue")
    game = services.game_record(table=table, number=1, racks=racks(table), user=sam)
    seen = game.version
    # Sam puts right his own entry while Sue is checking the first one.
    services.game_record(
        table=table, number=1, racks=racks(table, (0, 13, 20, 30)), user=sam, expected_version=seen
    )
    with pytest.raises(services.ScoreConflict, match="not confirmed") as refused:
        services.game_confirm(game=game, user=sue, expected_version=seen)
    assert sorted(refused.value.theirs["racks"].values()) == [0, 13, 20, 30]
    assert not Game.objects.get(pk=game.pk).confirmed
    assert not ScoreChange.objects.filter(action=ScoreChange.Action.CONFIRMED).exists()
    # Confirming what is there now works.
    confirmed = services.game_confirm(game=game, user=sue, expected_version=seen + 1)
    assert confirmed.confirmed and confirmed.confirmed_by == sue


def test_a_change_by_the_confirmer_is_their_entry_for_someone_else_to_confirm(table):
    sam, sue = UserFactory(username="sam"), UserFactory(username="sue")
    game = services.game_record(table=table, number=1, racks=racks(table), user=sam)
    game = services.game_record(
        table=table,
        number=1,
        racks=racks(table, (0, 13, 20, 30)),
        user=sue,
        expected_version=game.version,
    )
    assert (game.entered_by, game.confirmed) == (sue, False)
    with pytest.raises(RuleError, match="someone other than who entered"):
        services.game_confirm(game=game, user=sue, expected_version=game.version)
    assert services.game_confirm(game=game, user=sam, expected_version=game.version).confirmed
