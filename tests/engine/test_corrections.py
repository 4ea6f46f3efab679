"""What a correction changes, and which ties block: pure comparisons of round outcomes
(tournaments/engine/corrections.py)."""

from tournaments import engine

from .helpers import table

RULES = engine.Rules()
CLEAR = [
    {"A": 0, "B": 10, "C": 20, "D": 30},
    {"A": 0, "B": 12, "C": 25, "D": 31},
    {"A": 0, "B": 14, "C": 40, "D": 35},
]
OTHER = [{"E": 0, "F": 10, "G": 20, "H": 30}] * 3


def round_one(first_table) -> engine.RoundOutcome:
    """Round 1 of eight players: two tables, the best two of each go on."""
    record = engine.RoundRecord(
        1, engine.QUALIFYING, 3, (table(1, *first_table), table(2, *OTHER)), (), {}
    )
    return engine.evaluate_round(record, RULES)


def next_round(players) -> engine.RoundRecord:
    return engine.RoundRecord(2, engine.FINAL, 1, (table(1, players=tuple(players)),), (), {})


def test_no_consequence_when_the_same_players_go_on():
    before = round_one(CLEAR)
    after = round_one([{**CLEAR[0], "C": 21}, *CLEAR[1:]])
    assert (
        engine.correction_effect(
            before=before,
            after=after,
            next_round=next_round("ABEF"),
            finished=False,
            results_changed=False,
        )
        is None
    )


def test_other_players_going_on_is_named():
    before = round_one(CLEAR)
    after = round_one([CLEAR[0], CLEAR[1], {**CLEAR[2], "B": 200}])
    effect = engine.correction_effect(
        before=before,
        after=after,
        next_round=next_round("ABEF"),
        finished=False,
        results_changed=False,
    )
    assert effect.kind == engine.Consequence.ADVANCED
    assert (effect.now, effect.instead_of) == (("C",), ("B",))
    text = effect.describe({"B": "Bo Kim", "C": "Cy Young"})
    assert "by the scores now, Cy Young instead of Bo Kim" in text


def test_a_finished_division_whose_results_change_is_flagged():
    final = engine.evaluate_round(
        engine.RoundRecord(1, engine.FINAL, 3, (table(1, *CLEAR),), (), {}), RULES
    )
    effect = engine.correction_effect(
        before=final, after=final, next_round=None, finished=True, results_changed=True
    )
    assert effect.kind == engine.Consequence.RESULTS
    assert (
        engine.correction_effect(
            before=final, after=final, next_round=None, finished=True, results_changed=False
        )
        is None
    )


def test_blocking_ties_are_the_rounds_own_then_the_placings_of_the_last_round():
    tie = engine.Tie(1, ("A", "B"), "gold")
    placings = engine.Placings((), (tie,))
    middle = round_one(CLEAR)
    assert not middle.last and engine.blocking_ties(middle, placings) == ()
    final = engine.evaluate_round(
        engine.RoundRecord(1, engine.FINAL, 3, (table(1, *CLEAR),), (), {}), RULES
    )
    assert final.last and engine.blocking_ties(final, placings) == (tie,)
    assert engine.blocking_ties(final) == ()
