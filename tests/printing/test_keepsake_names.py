"""A keepsake's namesake detail is worked out once per bracket, not once per pair of
players: the printing page of a finished 2,000-entrant event fingerprints its results
and certificates, and comparing every player's folded name with every other's took it
from 0.5 s to 5 s (bench/pages_bench.py). Same answers, a number of folds that grows with
the players, not with their square."""

from types import SimpleNamespace
from unittest import mock

from printing import selectors
from printing.selectors import results


def bracket(players: int) -> SimpleNamespace:
    names, shown = {}, {}
    for n in range(players):
        player = f"P{n:04d}"
        # Every fourth player shares a name with another (by case and accent too).
        names[player] = ("Mary Smith" if n % 2 else "MARY SMÍTH") if n % 4 < 2 else f"Solo {n}"
        shown[player] = f"{names[player]} (Club {n})" if n % 4 < 2 else names[player]
    return SimpleNamespace(names=names, shown_names=shown)


def test_namesakes_are_told_apart_and_others_are_not():
    state = bracket(8)
    folds = selectors.name_folds(state)
    assert selectors.keepsake_name(state, "P0000", folds) == ("MARY SMÍTH", "Club 0")
    assert selectors.keepsake_name(state, "P0001", folds) == ("Mary Smith", "Club 1")
    assert selectors.keepsake_name(state, "P0002", folds) == ("Solo 2", "")
    # Without the counts given, the same answers.
    assert selectors.keepsake_name(state, "P0001") == ("Mary Smith", "Club 1")
    # Shown with a detail but alone in the bracket (a namesake in another division).
    alone = SimpleNamespace(names={"P1": "Ann Lee"}, shown_names={"P1": "Ann Lee (Club 9)"})
    assert selectors.keepsake_name(alone, "P1") == ("Ann Lee", "")


def test_the_folds_grow_with_the_players_not_their_square():
    state = bracket(2000)
    with mock.patch.object(results, "fold", wraps=results.fold) as fold:
        folds = selectors.name_folds(state)
        for player in state.names:
            selectors.keepsake_name(state, player, folds)
    assert fold.call_count <= 2 * len(state.names)
