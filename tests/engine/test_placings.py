"""Full placings and medals (docs/rules.md, "Full placings" and "Divisions")."""

from tournaments.engine import (
    AGE_GROUP,
    FINAL,
    INTERMEDIATE,
    QUALIFYING,
    RoundRecord,
    Rules,
    TableRecord,
    TieDecision,
    division_placings,
)

from .helpers import games, table

NINE = ["A", "a2", "a3", "B", "b2", "b3", "C", "c2", "c3"]


def nine_player_division(*, b2=5, c2=8, final=None, withdraw_a3=False):
    """3×3 then a final of three. Per game in round 1: a2 10, a3 40, b2 ``b2``, b3 20,
    c2 ``c2``, c3 9 (a third place better than a second place elsewhere)."""
    if withdraw_a3:
        first = TableRecord(
            1,
            ("A", "a2", "a3"),
            games(
                {"A": 0, "a2": 10, "a3": 40},
                {"A": 0, "a2": 10},
                {"A": 0, "a2": 10},
            ),
        )
    else:
        first = table(1, *[{"A": 0, "a2": 10, "a3": 40}] * 3)
    round_one = RoundRecord(
        1,
        QUALIFYING,
        3,
        (
            first,
            table(2, *[{"B": 0, "b2": b2, "b3": 20}] * 3),
            table(3, *[{"C": 0, "c2": c2, "c3": 9}] * 3),
        ),
    )
    final_round = RoundRecord(
        2, FINAL, 1, (table(1, final or {"B": 0, "C": 3, "A": 9}, players=("A", "B", "C")),)
    )
    return [round_one, final_round]


def places(result) -> dict:
    return {p.player: p.place for p in result.placings}


def medals(result) -> dict:
    return {p.player: p.medal for p in result.placings if p.medal}


def test_full_placings_order():
    result = division_placings(nine_player_division(), Rules(), players=NINE)
    assert result.ties == ()
    assert [p.player for p in result.placings] == [
        "B",
        "C",
        "A",
        "b2",
        "c2",
        "a2",
        "c3",
        "b3",
        "a3",
    ]
    assert [p.place for p in result.placings] == list(range(1, 10))
    assert medals(result) == {"B": "gold", "C": "silver", "A": "bronze"}
    assert result.of("a2").round_reached == 1
    assert result.of("A").round_reached == 2


def test_later_rounds_rank_above_earlier_ones():
    # A scores terribly in the final but still places above every round-1 player.
    result = division_placings(
        nine_player_division(final={"B": 0, "C": 3, "A": 700}), Rules(), players=NINE
    )
    assert result.of("A").place == 3
    assert result.of("b2").place == 4


def test_all_second_places_before_all_third_places():
    result = division_placings(nine_player_division(), Rules(), players=NINE)
    # c3 (9 per game) was third at its table: below a2 (10 per game), second at its own.
    assert result.of("a2").place == 6
    assert result.of("c3").place == 7


def test_sabra_placings_order_by_the_highest_score_per_game():
    result = division_placings(nine_player_division(), Rules(scoring="sabra"), players=NINE)
    seconds = [p.player for p in result.placings if p.place in (4, 5, 6)]
    assert seconds == ["b2", "c2", "a2"]  # −5, −8, −10 per game
    assert medals(result) == {"B": "gold", "C": "silver", "A": "bronze"}


def test_equal_players_share_a_place_numbered_competition_style():
    result = division_placings(nine_player_division(b2=8, c2=8), Rules(), players=NINE)
    assert places(result)["b2"] == places(result)["c2"] == 4
    assert places(result)["a2"] == 6
    assert [p.place for p in result.placings] == [1, 2, 3, 4, 4, 6, 7, 8, 9]
    assert result.ties == ()  # a tie for 4th decides no medal


def test_places_1_2_2_4_and_a_medal_tie_blocks():
    records = nine_player_division(final={"B": 0, "C": 9, "A": 9})
    rules = Rules(tie_order=())
    result = division_placings(records, rules, players=NINE)
    assert [p.place for p in result.placings][:4] == [1, 2, 2, 4]
    assert [(t.round, set(t.players), t.blocks) for t in result.ties] == [
        (2, {"A", "C"}, "a medal")
    ]
    assert medals(result) == {"B": "gold"}
    resolved = division_placings(
        records, rules, players=NINE, decisions=[TieDecision(2, ("A", "C"))]
    )
    assert resolved.ties == ()
    assert medals(resolved) == {"B": "gold", "A": "silver", "C": "bronze"}


def test_withdrawn_players_have_no_place():
    result = division_placings(
        nine_player_division(withdraw_a3=True), Rules(), players=NINE, withdrawn={"a3"}
    )
    a3 = result.of("a3")
    assert (a3.place, a3.withdrawn, a3.medal, a3.round_reached) == (None, True, None, 1)
    assert [p.place for p in result.placings] == [1, 2, 3, 4, 5, 6, 7, 8, None]
    assert result.placings[-1].player == "a3"
    assert all(not p.withdrawn for p in result.placings[:-1])


def test_a_withdrawn_finalist_gets_no_medal():
    records = nine_player_division()
    records[1] = RoundRecord(
        2, FINAL, 1, (TableRecord(1, ("A", "B", "C"), games({"B": 0, "C": 3})),)
    )
    result = division_placings(records, Rules(), players=NINE, withdrawn={"A"})
    assert result.of("A").place is None and result.of("A").medal is None
    assert medals(result)["B"] == "gold" and medals(result)["C"] == "silver"


def test_walkover():
    result = division_placings([], Rules(), players=["solo"])
    assert len(result.placings) == 1
    solo = result.placings[0]
    assert (solo.player, solo.place, solo.medal, solo.round_reached) == ("solo", 1, "gold", 0)
    assert result.ties == ()


def test_two_player_final_gives_gold_and_silver_only():
    record = RoundRecord(
        1, FINAL, 3, (table(1, {"X": 0, "Y": 10}, {"X": 5, "Y": 0}, {"X": 0, "Y": 7}),)
    )
    result = division_placings([record], Rules(), players=["X", "Y"])
    assert medals(result) == {"X": "gold", "Y": "silver"}
    assert [p.place for p in result.placings] == [1, 2]


def seventeen_to_the_final(final_players=("W4", "W3", "W2", "W1")):
    """Five tables (4, 4, 3, 3, 3), each won by W1..W5 (W1 the best per game); round 2:
    W3, W4, W5 play for two places, W1 and W2 have a bye; then the final."""

    def row(winner, others, total=None):
        racks = {winner: 0, **{o: 50 + i for i, o in enumerate(others)}}
        if total is not None:
            racks[winner] = total
            racks[others[0]] = 0
        return racks

    tables = []
    for number, size in enumerate((4, 4, 3, 3, 3), start=1):
        winner, others = f"W{number}", [f"L{number}{k}" for k in range(1, size)]
        tables.append(
            table(
                number,
                row(winner, others, total=3 * number),
                row(winner, others),
                row(winner, others),
                players=(winner, *others),
            )
        )
    round_one = RoundRecord(1, QUALIFYING, 3, tuple(tables))
    round_two = RoundRecord(
        2,
        INTERMEDIATE,
        2,
        (table(1, {"W3": 0, "W4": 5, "W5": 9}, {"W3": 4, "W4": 0, "W5": 9}),),
        byes=("W1", "W2"),
    )
    scores = dict(zip(final_players, (0, 5, 9, 12), strict=False))
    final = RoundRecord(3, FINAL, 1, (table(1, scores, players=final_players),))
    players = [p for t in tables for p in t.players]
    return [round_one, round_two, final], players


def test_a_bye_counts_as_reaching_the_next_round():
    (round_one, round_two, final), players = seventeen_to_the_final()
    result = division_placings([round_one, round_two, final], Rules(), players=players)
    assert result.ties == ()
    assert medals(result) == {"W4": "gold", "W3": "silver", "W2": "bronze"}
    assert result.of("W1").place == 4 and result.of("W1").round_reached == 3
    assert result.of("W5").place == 5 and result.of("W5").round_reached == 2
    assert result.of("W2").round_reached == 3
    # Before the final is played, the byes already rank above the round-2 table.
    early = division_placings([round_one, round_two], Rules(), players=players)
    assert {early.of("W1").place, early.of("W2").place} == {1}
    assert early.of("W5").place == 5


def test_a_bye_player_who_withdraws_during_the_round_they_skipped_reached_the_next():
    # W1 had a bye in round 2 and withdrew during it: the final is of three, W1's place
    # stays empty in the final's block, and W1 reached round 3, where the bye took them.
    records, players = seventeen_to_the_final(final_players=("W4", "W3", "W2"))
    result = division_placings(records, Rules(), players=players, withdrawn={"W1"})
    assert result.ties == ()
    withdrawn = result.of("W1")
    assert (withdrawn.place, withdrawn.medal, withdrawn.withdrawn) == (None, None, True)
    assert withdrawn.round_reached == 3
    assert medals(result) == {"W4": "gold", "W3": "silver", "W2": "bronze"}
    assert result.of("W5").place == 5 and result.of("W5").round_reached == 2


def test_age_group_medals_in_a_combined_bracket():
    groups = {p: "50-54" for p in ("B", "a2", "c3", "a3")}
    groups.update({p: "55-59" for p in ("C", "A", "b2", "c2", "b3")})
    result = division_placings(
        nine_player_division(), Rules(medal_policy=AGE_GROUP), players=NINE, age_groups=groups
    )
    assert result.ties == ()
    assert medals(result) == {
        "B": "gold",
        "a2": "silver",
        "c3": "bronze",
        "C": "gold",
        "A": "silver",
        "b2": "bronze",
    }
    assert {p.player: p.group_place for p in result.placings} == {
        "B": 1,
        "a2": 2,
        "c3": 3,
        "a3": 4,
        "C": 1,
        "A": 2,
        "b2": 3,
        "c2": 4,
        "b3": 5,
    }
    # The combined place is still the bracket's.
    assert places(result)["a2"] == 6


def test_combined_medal_policy_ignores_age_groups():
    groups = {p: ("50-54" if p in ("B", "a2") else "55-59") for p in NINE}
    result = division_placings(nine_player_division(), Rules(), players=NINE, age_groups=groups)
    assert medals(result) == {"B": "gold", "C": "silver", "A": "bronze"}


def test_age_group_medal_tie_is_reported_and_resolvable():
    groups = {p: "50-54" for p in ("B", "a2", "a3")}
    groups.update({p: "55-59" for p in ("C", "A", "b2", "c2", "b3", "c3")})
    records = nine_player_division(b2=8, c2=8)
    rules = Rules(medal_policy=AGE_GROUP)
    result = division_placings(records, rules, players=NINE, age_groups=groups)
    assert [(t.round, set(t.players), t.blocks) for t in result.ties] == [
        (1, {"b2", "c2"}, "a medal in 55-59")
    ]
    assert medals(result) == {
        "B": "gold",
        "a2": "silver",
        "a3": "bronze",
        "C": "gold",
        "A": "silver",
    }
    resolved = division_placings(
        records, rules, players=NINE, age_groups=groups, decisions=[TieDecision(1, ("c2", "b2"))]
    )
    assert resolved.ties == ()
    assert medals(resolved)["c2"] == "bronze"
    assert "b2" not in medals(resolved)


def test_nobody_from_an_earlier_round_moves_into_a_withdrawn_finalists_medal():
    records = nine_player_division()
    records[1] = RoundRecord(
        2, FINAL, 1, (TableRecord(1, ("A", "B", "C"), games({"B": 0, "C": 3})),)
    )
    result = division_placings(records, Rules(), players=NINE, withdrawn={"A"})
    assert medals(result) == {"B": "gold", "C": "silver"}
    assert result.of("b2").medal is None
    assert result.ties == ()


def test_a_withdrawn_finalists_place_stays_empty():
    # RULES.md, "Places reserved for a round": a final of three in which one withdraws
    # gives gold and silver; place 3 stays empty and the best of round 1 is 4th.
    records = nine_player_division()
    records[1] = RoundRecord(
        2, FINAL, 1, (TableRecord(1, ("A", "B", "C"), games({"B": 0, "C": 3})),)
    )
    result = division_placings(records, Rules(), players=NINE, withdrawn={"A"})
    assert [(p.player, p.place) for p in result.placings] == [
        ("B", 1),
        ("C", 2),
        ("b2", 4),
        ("c2", 5),
        ("a2", 6),
        ("c3", 7),
        ("b3", 8),
        ("a3", 9),
        ("A", None),
    ]
    assert 3 not in {p.place for p in result.placings}


def test_a_withdrawal_in_round_one_leaves_the_last_place_of_round_one_empty():
    result = division_placings(
        nine_player_division(withdraw_a3=True), Rules(), players=NINE, withdrawn={"a3"}
    )
    assert result.of("b3").place == 8  # places 1-3 the final, 4-9 round 1, 9 left empty
    assert max(p.place for p in result.placings if p.place) == 8


def test_a_withdrawn_finalists_place_stays_empty_in_their_age_group():
    # Medals by age group: A (55-59) withdrew in the final; C keeps gold in 55-59, A's
    # place 2 stays empty, and b2 from round 1 is 3rd (bronze), not 2nd.
    groups = {p: "50-54" for p in ("B", "a2", "c3", "a3")}
    groups.update({p: "55-59" for p in ("C", "A", "b2", "c2", "b3")})
    records = nine_player_division()
    records[1] = RoundRecord(
        2, FINAL, 1, (TableRecord(1, ("A", "B", "C"), games({"B": 0, "C": 3})),)
    )
    result = division_placings(
        records,
        Rules(medal_policy=AGE_GROUP),
        players=NINE,
        withdrawn={"A"},
        age_groups=groups,
    )
    assert {p.player: p.group_place for p in result.placings if groups[p.player] == "55-59"} == {
        "C": 1,
        "A": None,
        "b2": 3,
        "c2": 4,
        "b3": 5,
    }
    assert (result.of("C").medal, result.of("b2").medal) == ("gold", "bronze")
    assert result.of("c2").medal is None
