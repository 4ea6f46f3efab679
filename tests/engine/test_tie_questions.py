"""Ties settled one question at a time (RULES.md): what ``advance`` and the desk ask
(``open_ties``), and which recorded orders ``resolve_tie`` takes (``refused_decision``)."""

import random
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.engine import (
    AGE_GROUP,
    COMBINED,
    FINAL,
    INTERMEDIATE,
    QUALIFYING,
    GameRecord,
    RoundRecord,
    Rules,
    TableRecord,
    Tie,
    TieDecision,
    blocking_ties,
    division_placings,
    evaluate_rounds,
    open_ties,
    refused_decision,
    round_shape,
)
from tournaments.engine.games import EXHAUSTED, OUT
from tournaments.engine.ties import FOR_A_MEDAL, FOR_THE_NEXT_ROUND, for_a_bye

from .helpers import table, winner_table

FIVE = ["P01", "P02", "P03", "P04", "P05"]
DEFAULT = Rules()
NO_PREVIOUS = Rules(tie_order=("wins", "worst-game"))


def five_players_round_one() -> RoundRecord:
    """A table of three and a table of two, the best two of each to a final of four. P02
    and P05 are level for second at table 1 on total, wins and worst game; P01, second at
    table 2, scores as much per game (so a placing of round 1 would put the three level)."""
    return RoundRecord(
        1,
        QUALIFYING,
        3,
        (
            table(1, *[{"P03": 0, "P02": 10, "P05": 10}] * 3),
            table(2, *[{"P04": 0, "P01": 10}] * 3),
        ),
    )


def ask(records, rules=DEFAULT, *, players, decisions=(), withdrawn=(), age_groups=None):
    return open_ties(
        records,
        rules,
        players=players,
        decisions=decisions,
        withdrawn=withdrawn,
        age_groups=age_groups,
    )


def refused(order, number, records, rules=DEFAULT, *, players, decisions=(), withdrawn=()):
    return refused_decision(
        order, number, records, rules, players=players, decisions=decisions, withdrawn=withdrawn
    )


def test_a_tie_before_the_final_is_for_the_next_round_and_holds_only_the_tied_table():
    records = [five_players_round_one()]
    tie = Tie(1, ("P02", "P05"), FOR_THE_NEXT_ROUND, 1)
    assert ask(records, players=FIVE) == (tie,)
    assert tie.describe() == (
        "round 1, table 1: P02, P05 are tied for a place in the next round; record the "
        "playoff or tile draw."
    )


def test_the_order_asked_before_the_final_is_taken_either_way():
    records = [five_players_round_one()]
    for order in (("P02", "P05"), ("P05", "P02")):
        assert refused(order, 1, records, players=FIVE) is None
        decided = [TieDecision(1, order)]
        assert ask(records, players=FIVE, decisions=decided) == ()
        outcome = evaluate_rounds(records, Rules(), decisions=decided)[0]
        assert set(outcome.advancing) == {"P03", "P04", "P01", order[0]}


def test_naming_part_of_the_tie_asked_is_refused_naming_the_group():
    records = [five_players_round_one()]
    tie = Tie(1, ("P02", "P05"), FOR_THE_NEXT_ROUND, 1)
    assert refused(("P02", "P01"), 1, records, players=FIVE) == tie
    assert refused(("P05", "P03"), 1, records, players=FIVE) == tie


def seventeen_round_one(rng, winners_total, *, level_at=None) -> tuple[RoundRecord, list[str]]:
    """Seventeen players at 4+4+3+3+3: each table's first seat goes out in games 1 and 2;
    in game 3 the second seat goes out and the first holds ``winners_total[table]``.
    ``level_at``: a table whose third seat scores exactly as its first (a table tie)."""
    players = [f"P{n:02d}" for n in range(1, 18)]
    sizes, tables, start = (4, 4, 3, 3, 3), [], 0
    for number, size in enumerate(sizes, start=1):
        seats = players[start : start + size]
        start += size
        plain = {p: 10 * (i + 1) for i, p in enumerate(seats)}
        first, second = dict(plain, **{seats[0]: 0}), dict(plain, **{seats[0]: 0})
        third = dict(plain, **{seats[0]: winners_total[number], seats[1]: 0})
        rows = [first, second, third]
        if number == level_at:
            # The third seat goes out once and holds the same as the first otherwise.
            rows = [
                dict(first, **{seats[2]: 2}),
                dict(first, **{seats[0]: 2, seats[2]: 0}),
                dict(third, **{seats[0]: 2, seats[2]: 2}),
            ]
        tables.append(table(number, *rows, players=seats))
    return RoundRecord(1, QUALIFYING, 3, tuple(tables)), players


def test_a_table_tie_is_asked_before_the_bye_tie_among_the_players_going_on():
    # Tables 2 and 3 both send on a player with 4 in three games: level for the second
    # bye. At table 2, P05 and P07 are level (4 each, one game won, worst game 2).
    record, players = seventeen_round_one(
        random.Random(1), {1: 2, 2: 4, 3: 4, 4: 8, 5: 10}, level_at=2
    )
    asked = ask([record], players=players)
    assert asked == (Tie(1, ("P05", "P07"), FOR_THE_NEXT_ROUND, 2),)
    for order in (("P07", "P05"), ("P05", "P07")):
        assert refused(order, 1, [record], players=players) is None
        decided = [TieDecision(1, order)]
        # Then, among the players actually going on, the bye.
        winner = order[0]
        bye_tie = Tie(1, (winner, "P09"), for_a_bye(2))
        assert ask([record], players=players, decisions=decided) == (bye_tie,)
        assert refused(bye_tie.players, 1, [record], players=players, decisions=decided) is None
        assert refused(("P09", winner), 1, [record], players=players, decisions=decided) is None
        both = [*decided, TieDecision(1, ("P09", winner))]
        assert ask([record], players=players, decisions=both) == ()
        outcome = evaluate_rounds([record], Rules(), decisions=both)[0]
        assert set(outcome.next_byes) == {"P01", "P09"}


def test_deciding_the_table_tie_again_asks_the_bye_again():
    record, players = seventeen_round_one(
        random.Random(1), {1: 2, 2: 4, 3: 4, 4: 8, 5: 10}, level_at=2
    )
    decided = [TieDecision(1, ("P05", "P07")), TieDecision(1, ("P09", "P05"))]
    assert ask([record], players=players, decisions=decided) == ()
    # The table's playoff recorded again, the other way: P07 goes on, and the bye is
    # asked again between the players going on now.
    assert refused(("P07", "P05"), 1, [record], players=players, decisions=decided) is None
    again = [*decided, TieDecision(1, ("P07", "P05"))]
    assert ask([record], players=players, decisions=again) == (
        Tie(1, ("P07", "P09"), for_a_bye(2)),
    )
    # Naming part of a question already answered is still refused.
    assert refused(("P05",), 1, [record], players=players, decisions=decided) == Tie(
        1, ("P05", "P07"), FOR_THE_NEXT_ROUND, 2
    )


def seventeen_round_two(level: bool = True) -> tuple[list[RoundRecord], list[str]]:
    """Round 2 of seventeen: the winners of tables 3 to 5 play two games for two places,
    the winners of tables 1 and 2 have a bye; P12 and P15 level for second."""
    first, players = seventeen_round_one(random.Random(2), {1: 2, 2: 4, 3: 6, 4: 8, 5: 10})
    rows = {"P09": 0, "P12": 10, "P15": 10 if level else 20}
    second = RoundRecord(
        2, INTERMEDIATE, 2, (table(1, rows, rows, players=("P09", "P12", "P15")),), ("P01", "P05")
    )
    return [first, second], players


def test_a_tie_in_the_round_with_byes_is_for_the_final_not_a_medal():
    records, players = seventeen_round_two()
    tie = Tie(2, ("P12", "P15"), FOR_THE_NEXT_ROUND, 1)
    assert ask(records, NO_PREVIOUS, players=players) == (tie,)
    assert refused(("P15", "P12"), 2, records, NO_PREVIOUS, players=players) is None
    assert refused(("P12", "P15"), 2, records, NO_PREVIOUS, players=players) is None
    assert refused(("P12", "P01"), 2, records, NO_PREVIOUS, players=players) == tie


def test_medal_ties_are_asked_once_the_final_is_played():
    records, players = seventeen_round_two(level=False)
    final = RoundRecord(3, FINAL, 1, (table(1, {"P01": 0, "P05": 7, "P09": 7, "P12": 9}),))
    records.append(final)
    tie = Tie(3, ("P05", "P09"), FOR_A_MEDAL, 1)
    assert ask(records, NO_PREVIOUS, players=players) == (tie,)
    assert refused(("P09", "P05"), 3, records, NO_PREVIOUS, players=players) is None
    assert refused(("P09", "P12"), 3, records, NO_PREVIOUS, players=players) == tie


def test_a_decision_naming_players_no_question_asks_about_is_not_refused():
    records = [five_players_round_one()]
    assert refused(("P03", "P04"), 1, records, players=FIVE) is None


# ------------------------------------------------------------------ the property


@dataclass
class Played:
    """A division played through the engine, every tie answered as it was asked."""

    rules: Rules
    players: list[str]
    age_groups: dict[str, str]
    records: list[RoundRecord] = field(default_factory=list)
    decisions: list[TieDecision] = field(default_factory=list)
    withdrawn: set[str] = field(default_factory=set)
    asked: list[Tie] = field(default_factory=list)

    def outcomes(self, decisions=None):
        return evaluate_rounds(
            self.records,
            self.rules,
            decisions=self.decisions if decisions is None else decisions,
            withdrawn=self.withdrawn,
        )

    def placings(self, decisions=None, outcomes=None):
        return division_placings(
            self.records,
            self.rules,
            players=self.players,
            decisions=self.decisions if decisions is None else decisions,
            withdrawn=self.withdrawn,
            age_groups=self.age_groups,
            outcomes=outcomes,
        )


def tie_prone_game(players, number, rng, values, exhausted_share):
    """A finished game whose racks come from a few ``values``: totals, wins and worst
    games are often level, at one table and across tables."""
    if rng.random() < exhausted_share:
        racks = {p: rng.choice(values) for p in players}
        lowest = min(racks.values())
        tied = sorted(p for p, v in racks.items() if v == lowest)
        return GameRecord(number, racks, EXHAUSTED, rng.choice(tied) if len(tied) > 1 else None)
    out = rng.choice(list(players))
    return GameRecord(number, {p: 0 if p == out else rng.choice(values) for p in players}, OUT)


def play_round(played: Played, shape, seated, byes, rng, options) -> None:
    """Seat ``seated`` at the shape's tables and play every game; players leave now and
    then before a game, and a player with a bye may leave during the round they skip."""
    order = list(seated)
    rng.shuffle(order)
    tables = []
    for number, size in enumerate(shape.tables, start=1):
        at_table, order = order[:size], order[size:]
        present, games = list(at_table), []
        for game in range(1, shape.games + 1):
            if present and rng.random() < options["withdraw"]:
                leaving = rng.choice(present)
                present.remove(leaving)
                played.withdrawn.add(leaving)
            if len(present) > 1:
                games.append(
                    tie_prone_game(present, game, rng, options["values"], options["exhausted"])
                )
        tables.append(TableRecord(number, tuple(at_table), tuple(games)))
    for player in byes:
        if rng.random() < options["withdraw"]:
            played.withdrawn.add(player)
    played.records.append(
        RoundRecord(shape.number, shape.kind, shape.games, tuple(tables), tuple(byes))
    )


def what_it_decides(played: Played, tie: Tie, player: str, decisions) -> object:
    """What ``player`` gets from the tie's question, with ``decisions`` recorded."""
    outcomes = played.outcomes(decisions)
    outcome = outcomes[tie.round - 1]
    if tie.blocks == FOR_THE_NEXT_ROUND:
        return player in outcome.advancing
    if tie.blocks.startswith("a bye"):
        return player in outcome.next_byes
    return played.placings(decisions, outcomes).of(player).medal


def answer(played: Played, rng, *, shuffle: bool) -> int:
    """Ask what ``advance`` asks and answer each question as asked (or in another order of
    the same players), each in turn, until nothing is left; the number of questions."""
    count = 0
    for _ in range(50):
        outcomes = played.outcomes()
        last = outcomes[-1]
        placings = played.placings(outcomes=outcomes) if last.complete and last.last else None
        asked = list(blocking_ties(last, placings))
        if not asked:
            return count
        rng.shuffle(asked)
        for tie in asked:
            count += 1
            played.asked.append(tie)
            # A tie before the final is never a medal tie.
            assert ("medal" in tie.blocks) == last.last, tie
            order = list(tie.players)
            if shuffle:
                rng.shuffle(order)
            refusal = refused_decision(
                order,
                tie.round,
                played.records,
                played.rules,
                players=played.players,
                decisions=played.decisions,
                withdrawn=played.withdrawn,
                age_groups=played.age_groups,
            )
            assert refusal is None, (tie, order, refusal)
            # Naming part of it is refused, naming this group.
            part = refused_decision(
                order[:-1],
                tie.round,
                played.records,
                played.rules,
                players=played.players,
                decisions=played.decisions,
                withdrawn=played.withdrawn,
                age_groups=played.age_groups,
            )
            assert part == tie, (tie, part)
            if played.rules.medal_policy == COMBINED and len(order) < 5:
                # Every player of the group is one whose outcome the tie decides.
                for player in order:
                    others = [p for p in order if p != player]
                    first = [*played.decisions, TieDecision(tie.round, (player, *others))]
                    after = [*played.decisions, TieDecision(tie.round, (*others, player))]
                    assert what_it_decides(played, tie, player, first) != what_it_decides(
                        played, tie, player, after
                    ), (tie, player)
            played.decisions.append(TieDecision(tie.round, tuple(order)))
    raise AssertionError(f"the questions never ended: {played.asked[-5:]}")


def play(n: int, seed: int, options: dict) -> Played:
    rng = random.Random(seed)
    players = [f"P{i:02d}" for i in range(1, n + 1)]
    rules = Rules(
        tie_order=options["tie_order"],
        medal_policy=AGE_GROUP if options["age_groups"] else COMBINED,
    )
    groups = {p: rng.choice(["60-64", "65-69"]) for p in players} if options["age_groups"] else {}
    played = Played(rules, players, groups)
    shape = round_shape(n, 1)
    seated, byes = tuple(players), ()
    while shape is not None:
        play_round(played, shape, seated, byes, rng, options)
        outcome = played.outcomes()[-1]
        assert outcome.complete, outcome.problems
        if not outcome.last and outcome.advancing and rng.random() < options["withdraw"]:
            played.withdrawn.add(rng.choice(outcome.advancing))  # leaves before the next round
        answer(played, rng, shuffle=options["shuffle"])
        outcome = played.outcomes()[-1]
        assert outcome.closable
        if outcome.last:
            break
        shape, seated, byes = outcome.next_shape, outcome.next_seated, outcome.next_byes
    return played


@st.composite
def fields(draw, max_players=24):
    return dict(
        n=draw(st.integers(2, max_players)),
        seed=draw(st.integers(0, 2**32)),
        options=dict(
            tie_order=draw(
                st.sampled_from([(), ("wins",), ("wins", "worst-game", "previous-round")])
            ),
            values=draw(st.sampled_from([(5,), (5, 10), (3, 6, 9)])),
            exhausted=draw(st.sampled_from([0.0, 0.3])),
            withdraw=draw(st.sampled_from([0.0, 0.05, 0.15])),
            age_groups=draw(st.booleans()),
            shuffle=draw(st.booleans()),
        ),
    )


@given(fields())
@settings(max_examples=max(30, settings().max_examples))
def test_answering_every_question_as_asked_finishes_the_division(field_):
    played = play(field_["n"], field_["seed"], field_["options"])
    placings = played.placings()
    # A question answered may be answered again, the other way round.
    for decision in played.decisions[-3:]:
        again = refused_decision(
            decision.order[::-1],
            decision.round,
            played.records,
            played.rules,
            players=played.players,
            decisions=played.decisions,
            withdrawn=played.withdrawn,
            age_groups=played.age_groups,
        )
        assert again is None, (decision, again)
    assert placings.ties == ()
    placed = [p for p in placings.placings if p.place is not None]
    assert {p.player for p in placed} == set(played.players) - played.withdrawn
    if played.rules.medal_policy == COMBINED and placed:
        assert any(p.medal == "gold" for p in placed)


def test_big_fields_with_byes_finish_answering_as_asked():
    # 65 players: round 3 is a table of three and two byes before the final; a tie at
    # that table is for a place in the final, never a medal.
    asked = []
    for seed in (0, 2, 8):
        options = dict(
            tie_order=(),
            values=(5, 10),
            exhausted=0.2,
            withdraw=0.05,
            age_groups=False,
            shuffle=bool(seed % 2),
        )
        played = play(65, seed, options)
        assert played.placings().ties == ()
        assert [r.kind for r in played.records][-1] == FINAL
        asked += played.asked
    assert {t.blocks for t in asked if t.round == 3} == {FOR_THE_NEXT_ROUND}
    assert {t.blocks for t in asked if t.round == 2} == {FOR_THE_NEXT_ROUND, for_a_bye(3)}


def test_a_tie_group_answered_as_printed_in_the_final_with_a_withdrawn_finalist():
    rng = random.Random(3)
    first = RoundRecord(
        1,
        QUALIFYING,
        3,
        tuple(winner_table(n, [f"T{n}a", f"T{n}b", f"T{n}c"], 3, rng) for n in (1, 2, 3, 4)),
    )
    final = RoundRecord(
        2,
        FINAL,
        1,
        (table(1, {"T1a": 0, "T2a": 5, "T3a": 5}, players=("T1a", "T2a", "T3a", "T4a")),),
    )
    players = list(first.players)
    tie = Tie(2, ("T2a", "T3a"), FOR_A_MEDAL, 1)
    assert ask([first, final], players=players, withdrawn={"T4a"}) == (tie,)
    assert refused(("T3a", "T2a"), 2, [first, final], players=players, withdrawn={"T4a"}) is None
