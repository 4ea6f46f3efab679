"""The places a tie settles and how many of its players get what it decides (``Tie.place``,
``Tie.winners``): what the desk's tie form asks by ("Tied for silver (2nd)", "the place
that goes on")."""

import random

from tests.engine.test_tie_questions import (
    FIVE,
    NO_PREVIOUS,
    ask,
    five_players_round_one,
    seventeen_round_one,
    seventeen_round_two,
)
from tournaments.engine import FINAL, RoundRecord, TieDecision

from .helpers import table


def test_a_tie_at_a_table_is_for_its_last_place_going_on():
    (tie,) = ask([five_players_round_one()], players=FIVE)
    assert (tie.place, tie.winners, tie.places) == (2, 1, (2, 3))
    assert tie.next_round == 2 and not tie.for_a_medal and not tie.for_a_bye


def test_a_bye_tie_is_for_the_last_bye():
    record, players = seventeen_round_one(
        random.Random(1), {1: 2, 2: 4, 3: 4, 4: 8, 5: 10}, level_at=2
    )
    (bye,) = ask([record], players=players, decisions=[TieDecision(1, ("P05", "P07"))])
    assert bye.for_a_bye and bye.next_round == 2
    assert (bye.place, bye.winners) == (2, 1)


def test_a_medal_tie_at_the_final_table_names_its_places():
    records, players = seventeen_round_two(level=False)
    records.append(RoundRecord(3, FINAL, 1, (table(1, {"P01": 0, "P05": 7, "P09": 7, "P12": 9}),)))
    (tie,) = ask(records, NO_PREVIOUS, players=players)
    assert tie.for_a_medal and tie.medal_group == ""
    assert (tie.place, tie.places) == (2, (2, 3))
