"""round_games_record: many made-up games recorded at once, each checked
as game_record checks it, with the same rows and audit lines; all or nothing."""

import pytest

from scoring import services
from scoring.models import Game, RackScore, ScoreChange
from tests.factories import enter, seated, seated_division
from tournaments import engine
from tournaments.engine import RuleError
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def _tables(division):
    return list(division.rounds.get(number=1).tables.order_by("number"))


def _ids(table):
    return [e.external_id for e in seated(table)]


def _game(table, number, values):
    ids = _ids(table)
    return engine.GameRecord(number, dict(zip(ids, values, strict=True)), engine.OUT, None)


def test_the_same_rows_as_one_game_at_a_time():
    one, bulk = seated_division(8), seated_division(8)
    (a1, a2), (b1, b2) = _tables(one), _tables(bulk)
    enter(a1, 1, [0, 5, 10, 3])
    enter(a2, 1, [7, 0, 4, 9])
    made = services.round_games_record(
        round_=b1.round,
        games={b1.pk: [_game(b1, 1, [0, 5, 10, 3])], b2.pk: [_game(b2, 1, [7, 0, 4, 9])]},
    )
    assert made == 2
    assert bulk.rounds.get().status == Round.Status.IN_PLAY

    def rows(division):
        games = Game.objects.filter(table__round__division=division).order_by("table__number")
        racks = RackScore.objects.filter(game__in=games).order_by(
            "game__table__number", "entrant__external_id"
        )
        changes = ScoreChange.objects.filter(division=division).order_by("table_number")
        game_rows = [
            (g.table.number, g.number, g.ended, g.winner_id, g.confirmed, g.version) for g in games
        ]
        rack_rows = [(r.game.table.number, r.rack_total) for r in racks]
        change_rows = [
            (c.action, c.round_number, c.table_number, c.game_number, c.before)
            + (sorted(c.after["racks"].values()), c.after["ended"], c.actor_label)
            for c in changes
        ]
        return game_rows, rack_rows, change_rows

    assert rows(one) == rows(bulk)


def test_a_game_against_the_rules_refuses_the_whole_lot():
    division = seated_division(8)
    t1, t2 = _tables(division)
    with pytest.raises(engine.GameError) as refused:
        services.round_games_record(
            round_=t1.round,
            games={t1.pk: [_game(t1, 1, [0, 5, 10, 3])], t2.pk: [_game(t2, 1, [0, 0, 4, 9])]},
        )
    assert "table 2, game 1" in str(refused.value)
    assert not Game.objects.exists() and not ScoreChange.objects.exists()
    assert division.rounds.get().status == Round.Status.SEATED


def test_a_stranger_a_game_too_many_or_a_game_already_entered_is_refused():
    division = seated_division(8)
    t1, t2 = _tables(division)
    stranger = engine.GameRecord(
        1, {**_game(t1, 1, [0, 5, 10, 3]).racks, _ids(t2)[0]: 4}, engine.OUT, None
    )
    with pytest.raises(RuleError, match="is not at this table"):
        services.round_games_record(round_=t1.round, games={t1.pk: [stranger]})
    with pytest.raises(RuleError, match="has 3 game"):
        services.round_games_record(round_=t1.round, games={t1.pk: [_game(t1, 4, [0, 5, 10, 3])]})
    enter(t1, 1, [0, 5, 10, 3])
    with pytest.raises(RuleError, match="already has scores"):
        services.round_games_record(round_=t1.round, games={t1.pk: [_game(t1, 1, [0, 5, 10, 3])]})
    assert Game.objects.count() == 1 and ScoreChange.objects.count() == 1
