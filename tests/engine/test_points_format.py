"""The points format: qualifying games at changing tables, semi-finals seeded 1/3/5/7 and
2/4/6/8, a final of the best four by semi-final points, and every player's place."""

import random
from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.engine import (
    GameRecord,
    RoundRecord,
    RuleError,
    Rules,
    Seat,
    TableRecord,
    TieDecision,
    preset,
    tablemates,
)
from tournaments.engine.points_format import (
    FINAL,
    QUALIFYING,
    SEMI_FINAL,
    PointsFormat,
    Standing,
    points_placings,
    qualifying_seating,
    semi_final_tables,
    stage_standings,
)

from .format_games import FormatGames, game_outcome
from .test_properties import tie_orders


def test_the_default_is_the_federations_best_8_then_best_4():
    points = PointsFormat()
    assert (points.semi_finalists, points.semi_final_games, points.finalists) == (8, 2, 4)
    assert points.final_games == 1
    assert points.stages(1) == ()
    assert points.stages(4) == (FINAL,)
    assert points.stages(8) == (QUALIFYING, FINAL)
    assert points.stages(9) == (QUALIFYING, SEMI_FINAL, FINAL)
    assert points.going_on(QUALIFYING, 30) == 8 and points.going_on(SEMI_FINAL, 30) == 4
    assert points.going_on(QUALIFYING, 7) == 4 and points.going_on(FINAL, 30) == 0
    assert points.games(FINAL, 4) == 4 and points.games(FINAL, 30) == 1
    assert points.games(SEMI_FINAL, 30) == 2 and points.games(QUALIFYING, 30) == 1


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        ({"qualifying_games": 0}, "Qualifying is 1 to 12 games, not 0."),
        ({"semi_finalists": 10}, "The semi-finals seat 6 or 8 players and the final 3 or 4"),
        ({"finalists": 5}, "not 8 and 5"),
        ({"final_games": 5}, "1 to 4 games each"),
    ],
)
def test_bad_settings_are_refused(settings, words):
    with pytest.raises(RuleError, match=words):
        PointsFormat(**settings)


def test_semi_final_tables_are_seeded_odd_and_even():
    seeds = [f"q{n}" for n in range(1, 9)]
    assert semi_final_tables(seeds) == (("q1", "q3", "q5", "q7"), ("q2", "q4", "q6", "q8"))
    assert semi_final_tables(seeds[:6]) == (("q1", "q3", "q5"), ("q2", "q4", "q6"))


def test_qualifying_tables_change_each_game_and_keep_earlier_opponents_apart():
    seats = [Seat(f"p{n:02d}") for n in range(16)]
    met: set[frozenset[str]] = set()
    repeats = 0
    for game in range(3):
        seating = qualifying_seating(seats, seed=game, met=met)
        assert sorted(p for t in seating.tables for p in t) == sorted(s.player for s in seats)
        assert tuple(len(t) for t in seating.tables) == (4, 4, 4, 4)
        repeats += len(seating.repeats)
        met |= tablemates(seating.tables)
    assert repeats == 0  # 16 players, three games: nobody meets anyone twice


def one_game_round(number: int, tables) -> RoundRecord:
    records = tuple(
        TableRecord(i, tuple(racks), (GameRecord(1, racks),)) for i, racks in enumerate(tables, 1)
    )
    return RoundRecord(number, QUALIFYING, 1, records)


def test_qualifying_ranks_the_field_by_total_points_and_a_tie_across_the_cut_blocks():
    rules = Rules(scoring="sabra")
    first = one_game_round(1, [{"a": 0, "b": 10, "c": 20}, {"d": 0, "e": 5, "f": 5}])
    second = one_game_round(2, [{"a": 10, "d": 0, "e": 30}, {"b": 0, "c": 12, "f": 4}])
    standing = stage_standings(QUALIFYING, [first, second], rules, going_on=2)
    totals = {r.player: r.score.total for r in standing.ranked}
    assert totals == {"a": 20, "b": 6, "c": -32, "d": 50, "e": -35, "f": -9}
    assert [r.player for r in standing.ranked][:2] == ["d", "a"]
    assert standing.advancing == ("d", "a") and standing.closable
    level = stage_standings(QUALIFYING, [first], rules, going_on=2, withdrawn={"d"})
    # a 30 and e -5, f -5 ... a and ... after d leaves: a +30, e -5 f -5 b -10 c -20
    assert level.advancing == () and len(level.ties) == 1
    assert set(level.ties[0].players) == {"e", "f"}
    assert level.ties[0].blocks == "a place in the next round" and level.ties[0].round == 1
    settled = stage_standings(
        QUALIFYING,
        [first],
        rules,
        going_on=2,
        withdrawn={"d"},
        decisions=[TieDecision(1, ("f", "e"))],
    )
    assert settled.advancing == ("a", "f")


def test_a_missing_game_is_a_problem_not_a_ranking():
    rules = Rules()
    table = TableRecord(1, ("a", "b", "c"), ())
    record = RoundRecord(1, QUALIFYING, 1, (table,))
    standing = stage_standings(QUALIFYING, [record], rules, going_on=1)
    assert standing.problems == ("table 1, game 1: no scores yet",)
    assert not standing.advancing and not standing.closable


def test_placings_put_later_stages_first_and_keep_a_withdrawn_player_s_place_empty():
    def standing(stage, order, withdrawn=()):
        from tournaments.engine import Ranked, Score

        ranked = tuple(Ranked(Score(p, 0, 1, 0, 0), n) for n, p in enumerate(order, 1))
        scores = {p: Score(p, 0, 1, 0, 0) for p in (*order, *withdrawn)}
        return Standing(stage, ranked, (), scores=scores)

    qualifying = standing(QUALIFYING, ["a", "b", "c", "d", "e", "f"])
    final = standing(FINAL, ["c", "a", "e"], withdrawn=("b",))
    places = dict(points_placings([qualifying, final], withdrawn={"b"}))
    assert places == {"c": 1, "a": 2, "e": 3, "b": None, "d": 5, "f": 6}


# ------------------------------------------------------------------ whole events


@dataclass
class PointsEvent:
    players: list[str]
    standings: list[Standing] = field(default_factory=list)
    rounds: list[list[RoundRecord]] = field(default_factory=list)
    decisions: list[TieDecision] = field(default_factory=list)
    places: dict = field(default_factory=dict)
    withdrawn_then: list[set[str]] = field(default_factory=list)  # as each stage closed


def play_points_event(n, seed, points: PointsFormat, format_, tie_order, withdraw):
    rng = random.Random(seed)
    make = FormatGames(format_)
    rules = format_.rules(tie_order=tie_order)
    players = [f"p{i:02d}" for i in range(n)]
    event = PointsEvent(players)
    withdrawn: set[str] = set()
    number, seated, met = 0, list(players), set()
    earlier = []
    for stage in points.stages(n):
        records = []
        rounds = points.qualifying_games if stage == QUALIFYING else 1
        for _ in range(rounds):
            here = [p for p in seated if p not in withdrawn]
            if stage == QUALIFYING:  # seated anew each game, leavers left out
                seating = qualifying_seating([Seat(p) for p in here], seed=rng.random(), met=met)
                met |= tablemates(seating.tables)
                tables = seating.tables
            elif stage == SEMI_FINAL:
                tables = semi_final_tables(seated)
            else:
                tables = (tuple(seated),)
            number += 1
            games = points.games(stage, n)
            table_records = []
            for t, at_table in enumerate(tables, 1):
                if withdraw and rng.random() < withdraw and len(at_table) > 2:
                    withdrawn.add(rng.choice(at_table))
                present = [p for p in at_table if p not in withdrawn]
                made = tuple(make(present, g, rng) for g in range(1, games + 1))
                table_records.append(TableRecord(t, tuple(at_table), made))
            records.append(RoundRecord(number, stage, games, tuple(table_records)))
        going_on = points.going_on(stage, n)
        for _ in range(10):
            standing = stage_standings(
                stage,
                records,
                rules,
                going_on=going_on,
                earlier=earlier,
                withdrawn=withdrawn,
                decisions=event.decisions,
            )
            assert standing.complete, standing.problems
            if not standing.ties:
                break
            for tie in standing.ties:
                order = list(tie.players)
                rng.shuffle(order)
                event.decisions.append(TieDecision(tie.round, tuple(order)))
        assert standing.closable
        event.withdrawn_then.append(set(withdrawn))
        event.standings.append(standing)
        event.rounds.append(records)
        earlier.append(standing.scores)
        seated = list(standing.advancing)
    event.places = dict(points_placings(event.standings, withdrawn))
    return event, rules, withdrawn


@st.composite
def points_events(draw):
    return dict(
        n=draw(st.integers(2, 40)),
        seed=draw(st.integers(0, 2**32)),
        points=PointsFormat(
            qualifying_games=draw(st.integers(1, 5)),
            semi_finalists=draw(st.sampled_from((6, 8))),
            finalists=draw(st.sampled_from((3, 4))),
        ),
        format_=preset(draw(st.sampled_from(("gwinnett", "sabra")))),
        tie_order=draw(tie_orders()),
        withdraw=draw(st.sampled_from((0.0, 0.05))),
    )


@given(points_events())
def test_whole_points_events_follow_the_rules(case):
    event, rules, withdrawn = play_points_event(**case)
    points, n = case["points"], case["n"]
    better = 1 if rules.scoring == "low" else -1
    stages_played = zip(event.standings, event.rounds, event.withdrawn_then, strict=True)
    for standing, records, gone in stages_played:
        # Totals worked out again by hand, over every game of the stage.
        totals: dict[str, int] = {}
        for record in records:
            for table in record.tables:
                for game in table.games:
                    for player, value in game_outcome(game, case["format_"])[0].items():
                        totals[player] = totals.get(player, 0) + value
        for entry in standing.ranked:
            assert entry.score.total == totals.get(entry.player, 0)
        ranked = list(standing.ranked)
        for before, after in zip(ranked, ranked[1:], strict=False):
            assert better * before.score.total <= better * after.score.total
        assert not {r.player for r in ranked} & gone
        going_on = points.going_on(standing.stage, n)
        assert standing.advancing == tuple(r.player for r in ranked[:going_on])
    stages = [s.stage for s in event.standings]
    assert stages == list(points.stages(n))
    if SEMI_FINAL in stages:
        qualified = event.standings[0].advancing
        semis = event.rounds[stages.index(SEMI_FINAL)][0]
        assert tuple(t.players for t in semis.tables) == semi_final_tables(qualified)
    # Every player has a place, or none when withdrawn; the final's players come first.
    assert set(event.places) == set(event.players)
    assert {p for p, place in event.places.items() if place is None} == withdrawn
    final = event.standings[-1]
    for entry in final.ranked:
        assert event.places[entry.player] == entry.position
    final_players = set(final.scores)
    for player, place in event.places.items():
        if place is not None and player not in final_players:
            assert place > len(final_players)
