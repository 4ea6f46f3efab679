"""Who may confirm a game's scores (engine.may_confirm): a second person, or an organizer."""

from tournaments.engine import may_confirm


def test_nobody_confirms_their_own_entry():
    assert not may_confirm(("account", 1), ("account", 1))
    assert not may_confirm(("player", 7), ("player", 7))


def test_someone_else_confirms_whoever_entered():
    assert may_confirm(("account", 1), ("account", 2))
    assert may_confirm(("account", 1), ("player", 1))  # a player, not account 1
    assert may_confirm(("player", 7), ("account", 7))
    assert may_confirm(None, ("account", 2))  # entered on the command line


def test_an_organizer_confirms_any_game_and_nobody_known_none():
    assert may_confirm(("account", 1), ("account", 1), organizer=True)
    assert not may_confirm(("account", 1), None)
    assert not may_confirm(None, None)
