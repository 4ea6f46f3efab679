"""A game in the table's history says its ending as the game's: "Ann 0, Bo 12, Otto 40 (went
out)" read as if Otto, the last named, went out."""

from scoring.selectors import describe_change
from tournaments.engine import EXHAUSTED, OUT

NAMES = {"P1": "Ann Lee", "P2": "Bo Kim", "P3": "Otto Müller"}


def test_a_game_a_player_went_out_of_says_so_of_the_game_not_of_the_last_player():
    said = describe_change({"racks": {"P1": 0, "P2": 12, "P3": 40}, "ended": OUT}, NAMES)
    assert said == "Ann Lee 0, Bo Kim 12, Otto Müller 40 (a player went out)"


def test_an_exhausted_pool_is_said_as_before():
    said = describe_change({"racks": {"P1": 3, "P2": 12}, "ended": EXHAUSTED}, NAMES)
    assert said == "Ann Lee 3, Bo Kim 12 (pool exhausted)"
