"""Whole divisions played in the engine, checked against the rules (hypothesis)."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.engine import (
    FINAL,
    TIE_RULES,
    Rules,
    evaluate_rounds,
    plan_division,
    round_shape,
)
from tournaments.engine.records import PREVIOUS_ROUND, WINS, WORST_GAME

from .helpers import PlayedDivision, play_division

FEW = max(4, settings().max_examples // 6)  # big fields: fewer examples


def tie_orders():
    return st.permutations(TIE_RULES).flatmap(
        lambda order: st.integers(0, len(order)).map(lambda k: tuple(order[:k]))
    )


@st.composite
def divisions(draw, *, max_players, scoring="low", withdrawals=False):
    """The settings of one division to play (kept small so a failure prints readably)."""
    n = draw(st.integers(1, max_players))
    return dict(
        n=n,
        seed=draw(st.integers(0, 2**32)),
        scoring=scoring,
        tie_order=draw(tie_orders()),
        prefer_threes=draw(st.booleans()),
        club_count=draw(st.integers(0, max(1, n // 3))),
        withdraw_chance=draw(st.sampled_from([0.02, 0.08, 0.2])) if withdrawals else 0.0,
        tie_chance=draw(st.sampled_from([0.0, 0.3, 0.8])),
        exhausted_share=draw(st.sampled_from([0.05, 0.5])),
    )


def play(settings_: dict) -> PlayedDivision:
    options = dict(settings_)
    rules = Rules(
        scoring=options.pop("scoring"),
        tie_order=options.pop("tie_order"),
        prefer_threes=options.pop("prefer_threes"),
    )
    return play_division(options.pop("n"), options.pop("seed"), rules=rules, **options)


# ------------------------------------------------------------------ the checks


def sign(rules: Rules) -> int:
    return 1 if rules.scoring == "low" else -1


def per_game_by_round(played: PlayedDivision, player: str, before_round: int) -> dict:
    """The player's score per game in each round before ``before_round`` they played at a
    table (a bye round is not one of them)."""
    result = {}
    for outcome in played.outcomes[: before_round - 1]:
        score = outcome.scores.get(player)
        if score is not None and score.games:
            result[outcome.number] = score.total / score.games
    return result


def step_values(group, step: str, rules: Rules, played: PlayedDivision, round_number: int):
    """Each tied player's value for one step, better first; None when the step does not
    apply to this group (the engine skips it)."""
    s = sign(rules)
    if step == WINS:
        return {r.player: -r.score.wins for r in group}
    if step == WORST_GAME:
        if any(r.score.worst is None for r in group):
            return None
        return {r.player: s * r.score.worst for r in group}
    if step == PREVIOUS_ROUND:
        # RULES.md: the latest earlier round every tied player played.
        history = {r.player: per_game_by_round(played, r.player, round_number) for r in group}
        common = set.intersection(*(set(h) for h in history.values()))
        if not common:
            return None
        return {p: s * h[max(common)] for p, h in history.items()}
    raise AssertionError(step)


def chain_of(played: PlayedDivision, round_number: int) -> tuple[str, ...]:
    """The tie-break steps of a round: in a one-game final the game's winner comes first."""
    record = played.records[round_number - 1]
    order = tuple(played.rules.tie_order)
    if record.kind == FINAL and record.games == 1:
        return (WINS, *(step for step in order if step != WINS))
    return order


def check_table_ranking(played: PlayedDivision, round_number: int, table) -> None:
    rules = played.rules
    ranked = table.ranked
    for index, entry in enumerate(ranked):
        if index and entry.position == ranked[index - 1].position:
            continue
        assert entry.position == index + 1  # competition numbering: 1, 2, 2, 4
    decided = [set(d.order) for d in played.decisions if d.round == round_number]
    for before, after in zip(ranked, ranked[1:], strict=False):
        a, b = sign(rules) * before.score.total, sign(rules) * after.score.total
        assert a <= b, f"round {round_number}: {before.player} ranked above a better total"
        if a < b:
            assert before.position < after.position
            continue
        # Walk the chain over the group still tied with ``before`` at each step.
        group = [r for r in ranked if r.score.total == before.score.total]
        for step in chain_of(played, round_number):
            values = step_values(group, step, rules, played, round_number)
            if values is None:
                continue  # skipped for this group
            x, y = values[before.player], values[after.player]
            if x != y:
                assert x < y, f"round {round_number}: {step} puts {after.player} first"
                assert before.position < after.position
                break
            group = [r for r in group if values[r.player] == x]
        else:
            if before.position < after.position:
                assert any({before.player, after.player} <= d for d in decided)


def check_rounds(played: PlayedDivision) -> None:
    rules = played.rules
    records, outcomes = played.records, played.outcomes
    assert len(records) == len(outcomes) == len(played.seatings)
    everyone = set(played.players)
    rounds = zip(records, outcomes, played.seatings, strict=True)
    for index, (record, outcome, seating) in enumerate(rounds):
        number = record.number
        assert number == index + 1
        # Every player of the round seated exactly once (seats + byes).
        seats = [p for t in record.tables for p in t.players]
        in_round = seats + list(record.byes)
        assert len(in_round) == len(set(in_round))
        expected = everyone if index == 0 else set(outcomes[index - 1].advancing)
        assert set(in_round) == expected
        assert tuple(seating.tables) == tuple(t.players for t in record.tables)
        if index:
            assert record.byes == outcomes[index - 1].next_byes
            assert set(seats) == set(outcomes[index - 1].next_seated)
        # The round has the shape the rules give for its number of players.
        shape = round_shape(len(in_round), number, prefer_threes=rules.prefer_threes)
        sizes = tuple(len(t.players) for t in record.tables)
        assert sizes == shape.tables
        assert (record.kind, record.games) == (shape.kind, shape.games)
        assert len(record.byes) == shape.byes
        for size in sizes:
            assert size in (3, 4) or (size == 2 and len(in_round) in (2, 5))
        # Clubs with no more members than tables never share a table.
        clubs = Counter(played.clubs[p] for p in seats if played.clubs[p])
        for table in record.tables:
            here = Counter(played.clubs[p] for p in table.players if played.clubs[p])
            for club, count in here.items():
                if clubs[club] <= len(record.tables):
                    assert count == 1, f"round {number}: {club} twice at table {table.number}"
        # The round closed: complete, no open tie.
        assert outcome.complete and outcome.closable
        gone_here = {p for p, r in played.withdrawn_in_round.items() if r == number}
        per_table = (
            0
            if record.kind == FINAL
            else (2 if len(record.tables) + (1 if record.byes else 0) == 2 else 1)
        )
        advancers = set()
        for table, table_record in zip(outcome.tables, record.tables, strict=True):
            assert table.number == table_record.number
            active = [p for p in table_record.players if p not in gone_here]
            assert sorted(r.player for r in table.ranked) == sorted(active)
            assert set(table.withdrawn) == set(table_record.players) & gone_here
            check_table_ranking(played, number, table)
            assert table.advancing == tuple(r.player for r in table.ranked[:per_table])
            assert all(r.position <= per_table for r in table.ranked[:per_table])
            assert not set(table.advancing) & gone_here
            advancers |= set(table.advancing)
            if rules.scoring == "sabra":
                for game in range(record.games):
                    values = [v[game] for v in table.points.values() if v[game] is not None]
                    assert sum(values) == 0
        if record.kind == FINAL:
            assert outcome.advancing == () and outcome.next_shape is None
            continue
        byes_on = [p for p in record.byes if p not in gone_here]
        assert set(outcome.advancing) == advancers | set(byes_on)
        assert outcome.advancing[: len(byes_on)] == tuple(byes_on)
        # Byes in the next round go to the best placed of this round.
        if outcome.next_byes:
            assert len(outcome.next_byes) == outcome.next_shape.byes
            key = {
                p: (outcome.position(p), sign(rules) * outcome.scores[p].per_game)
                for p in outcome.advancing
            }
            for bye in outcome.next_byes:
                for other in outcome.next_seated:
                    assert key[bye] <= key[other], f"{other} placed better than bye {bye}"


def check_placings(played: PlayedDivision) -> None:
    placings = played.placings
    assert placings.ties == ()
    assert sorted(p.player for p in placings.placings) == sorted(played.players)
    for placing in placings.placings:
        if placing.player in played.withdrawn:
            assert placing.place is None and placing.withdrawn and placing.medal is None
        else:
            assert isinstance(placing.place, int) and not placing.withdrawn
    places = sorted(p.place for p in placings.placings if p.place is not None)
    assert len(places) == len(played.players) - len(played.withdrawn)
    # A bye counts as reaching the next round.
    reach = dict.fromkeys(played.players, 0)
    for record in played.records:
        for table in record.tables:
            for player in table.players:
                reach[player] = max(reach[player], record.number)
        for player in record.byes:
            reach[player] = max(reach[player], record.number + 1)
    for placing in placings.placings:
        if placing.place is None:
            continue
        # 1, 2, 2, 4 numbering, and a withdrawn player's place in a later round stays
        # empty (RULES.md, "Places reserved for a round").
        empty_above = sum(1 for w in played.withdrawn if reach[w] > reach[placing.player])
        assert placing.place == 1 + sum(1 for v in places if v < placing.place) + empty_above
    for placing in placings.placings:
        # The last round the player was in, a bye counting as the round it took them to.
        assert placing.round_reached == reach[placing.player]
    placed = [p for p in placings.placings if p.place is not None]
    for a in placed:
        for b in placed:
            if a.round_reached > b.round_reached:
                assert a.place < b.place, f"{a.player} reached a later round than {b.player}"
    medals = {p.player: p.medal for p in placings.placings if p.medal}
    counts = Counter(medals.values())
    if len(played.players) == 1:
        assert medals == {played.players[0]: "gold"}
        assert placings.placings[0].round_reached == 0
        return
    last = played.outcomes[-1]
    if last.kind != FINAL:
        assert all(count == 1 for count in counts.values())
        return
    finalists = [r for t in last.tables for r in t.ranked]
    assert set(medals) <= {r.player for r in finalists}
    expected = ("gold", "silver", "bronze")[: len(finalists)]
    assert sorted(counts.elements()) == sorted(expected)
    for entry, medal in zip(finalists, expected, strict=False):
        assert entry.position == expected.index(medal) + 1
        assert medals[entry.player] == medal
        assert placings.of(entry.player).place == entry.position


def check_follows_plan(played: PlayedDivision) -> None:
    plan = plan_division(len(played.players), prefer_threes=played.rules.prefer_threes)
    shapes = [
        (r.kind, tuple(len(t.players) for t in r.tables), r.games, len(r.byes))
        for r in played.records
    ]
    assert shapes == [(s.kind, s.tables, s.games, s.byes) for s in plan.rounds]


def check_recomputed(played: PlayedDivision) -> None:
    """Recomputing every round from the scores at the end changes nobody's advancement."""
    again = evaluate_rounds(
        played.records, played.rules, decisions=played.decisions, withdrawn=played.withdrawn
    )
    for closed, now in zip(played.outcomes, again, strict=True):
        assert now.advancing == closed.advancing, f"round {now.number} changed who advanced"
        assert now.next_byes == closed.next_byes
        assert now.ties == ()


def check_division(played: PlayedDivision) -> None:
    check_rounds(played)
    check_recomputed(played)
    check_placings(played)
    if not played.withdrawn:
        check_follows_plan(played)
        if len(played.players) >= 2:
            assert played.records[-1].kind == FINAL


# ------------------------------------------------------------------ the properties


@given(divisions(max_players=120))
def test_divisions_follow_the_rules(division):
    played = play(division)
    assert not played.withdrawn
    check_division(played)


@given(divisions(max_players=120, withdrawals=True))
def test_divisions_with_withdrawals_follow_the_rules(division):
    played = play(division)
    check_division(played)


@given(divisions(max_players=120, scoring="sabra", withdrawals=True))
def test_sabra_divisions_follow_the_rules_and_every_game_sums_to_zero(division):
    played = play(division)
    check_division(played)
    zero_sum_games = 0
    for outcome in played.outcomes:
        for table in outcome.tables:
            for game in zip(*table.points.values(), strict=True):
                values = [v for v in game if v is not None]
                assert sum(values) == 0
                zero_sum_games += bool(values)
    assert zero_sum_games >= (1 if len(played.players) > 1 and not played.withdrawn else 0)


@settings(max_examples=FEW)
@given(divisions(max_players=2000, withdrawals=True))
def test_large_divisions_follow_the_rules(division):
    played = play(division)
    check_division(played)


@settings(max_examples=FEW)
@given(st.integers(1, 2000), st.integers(0, 2**32))
def test_large_divisions_without_withdrawals_follow_the_plan(n, seed):
    played = play_division(n, seed, club_count=n // 10, tie_chance=0.3)
    check_division(played)
    assert len(played.records) == len(plan_division(n).rounds)


def test_the_driver_meets_ties_and_withdrawals():
    """The properties above are not vacuous: the driver does produce ties and withdrawals."""
    ties = withdrawals = 0
    for seed in range(12):
        played = play_division(
            40, seed, rules=Rules(tie_order=()), withdraw_chance=0.1, tie_chance=0.8, club_count=5
        )
        check_division(played)
        ties += played.ties_seen
        withdrawals += len(played.withdrawn)
    assert ties >= 5
    assert withdrawals >= 5


def test_a_known_division_end_to_end():
    played = play_division(17, 2024, club_count=4)
    check_division(played)
    assert [len(r.byes) for r in played.records] == [0, 2, 0]
    medals = Counter(p.medal for p in played.placings.placings if p.medal)
    assert medals == {"gold": 1, "silver": 1, "bronze": 1}
    assert [p.place for p in played.placings.placings] == sorted(
        p.place for p in played.placings.placings
    )
